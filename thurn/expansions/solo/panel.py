"""SoloPlay's panel in the Play app (:meth:`thurn.widgets.parts.PanelParts.panel`): the completion as a row of buttons per colour
of the Route Planner with the coach card the route takes ("a route of 4 cards: coach 4 (exact)", SoloPlay 4.4a,
4.4d, 4.5), the colour declared when a route is started (option ``colour_declared=start``), the 1-point tile put on a
province stack (4.4c) and the hand-management bonus (4.6): up to 3 face-up cards chosen in order, or none. The buttons
are the engine's legal actions, or an action the engine checks (the cards under the deck); nothing is decided here."""
from __future__ import annotations

import html

import ipywidgets as widgets

from ...actions import Score
from ...effects import colour_houses
from ...scoring import placement_options
from ...viz.board import house_color
from ...step_text import round_text
from ...widgets.common import card_chip, province_color, text_color
from ...widgets.parts import PanelParts
from ... import words
from . import rules as so
from .parts import coach_choice, coach_words, houses_words, html_text, piles_words, rating_words, series_words

DECLARE, BONUS, BOTTOM, SCORE = so.DeclareColour.kind, so.PlaceBonusTile.kind, so.BottomCards.kind, "score"
BORDER = "2px solid #1f5fbf"


def _chip(colour: str) -> str:
    """A colour's name beside a square of its colour."""
    return (f"<span style='display:inline-block;width:12px;height:12px;background:{html.escape(house_color(colour, '#999'))};"
            f"border:1px solid #333;margin-right:4px;vertical-align:middle'></span>{html.escape(colour)}")


def _colour_button(b, colour: str) -> None:
    b.style.button_color = house_color(colour, "#999999")
    b.style.text_color = text_color(b.style.button_color)


def _tiles(n: int) -> str:
    return f"{n} tile" if n == 1 else f"{n} tiles"


class SoloPanel:
    """SoloPlay's panel of one Play app; its public attributes read as the app's own: ``score_rows`` (colour -> its
    row of completion buttons), ``coach_note`` (the coach card the route takes, or why it cannot be completed),
    ``declare_buttons`` (colour -> button), ``bonus_buttons`` (stack name -> button), ``bottom_toggles`` (a toggle
    per face-up card), ``bottom_order`` (the cards chosen, in order), ``bottom_button``, ``bottom_none``,
    ``bottom_note``."""

    def __init__(self, app):
        self.app = app
        self.reset()

    def reset(self) -> None:
        self.score_rows: dict = {}
        self.coach_note = None
        self.declare_buttons: dict = {}
        self.bonus_buttons: dict = {}
        self.bottom_toggles: list = []
        self.bottom_order: list = []
        self.bottom_button = self.bottom_none = self.bottom_note = None

    def widget(self, s, groups: dict):
        if so.NAME not in s.ext or s.is_over:
            return None
        if DECLARE in groups:
            return self._declare(s, groups.pop(DECLARE))
        if BONUS in groups:
            return self._bonus(s, groups.pop(BONUS))
        if BOTTOM in groups:
            groups.pop(BOTTOM)
            return self._bottom(s)
        if s.step == SCORE:
            return self._score(s, groups.pop(SCORE, []))
        return None

    def _box(self, parts, css: str) -> widgets.VBox:
        box = widgets.VBox(parts, layout=widgets.Layout(border=BORDER, padding="4px", margin="2px 0"))
        box.add_class(css)
        return box

    # -- the completion: a row per colour, the coach card ------------------------------------------------------
    def _score(self, s, scores) -> widgets.VBox | None:
        app = self.app
        p = s.players[s.to_move]
        n = len(p.route)
        if n < s.board.min_route:
            return None
        choice = coach_choice(s, n, now=True)
        open_ = so._colours_open(s)
        labels = words.labels(s, scores)
        by: dict = {}
        for a in scores:
            by.setdefault(a.colour, []).append(a)
        rows = []
        for colour in so.components().colours:
            acts = by.get(colour, [])
            if not acts:
                continue
            buttons = []
            for a in acts:
                text = labels.get(a) or words.label(s, a)
                prefix = f"{colour}: "
                b = app._button(s, a, {a: text[len(prefix):] if text.startswith(prefix) else text})
                _colour_button(b, colour)
                b.add_class("thurn-solo-score")
                buttons.append(b)
            head = widgets.HTML(f"{_chip(colour)} <small>({so.colour_left(p, colour)} left)</small>",
                                layout=widgets.Layout(width="130px"))
            row = widgets.HBox([head] + buttons, layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
            row.add_class("thurn-solo-colour-row")
            self.score_rows[colour] = row
            rows.append(row)
        declared = so.solo(s).declared
        if declared:
            colours = (f"this route is <b>{html.escape(declared)}</b> <small>(declared when it was started: "
                       f"{html.escape(so.R_COLOUR)})</small>")
        else:
            closed = [c for c in so.components().colours if c not in open_]
            colours = (f"colours open: <b>{html.escape(', '.join(open_) or 'none')}</b>"
                       + (f" <small>(done in this series, or out of houses: {html.escape(', '.join(closed))})</small>"
                          if closed else ""))
        lines = [f"<b>Complete the route</b> ({n} cards): {html.escape(str(choice))} "
                 f"<i>({html.escape(so.R_COACH)})</i>", colours]
        if not scores:
            lines.append(f"<span style='color:#b00020'>{html.escape(self._refusal(s, open_))}</span>")
        must = s.ruleset.officials.end_problem(s)
        if must is not None and not s.officials:
            lines.append(f"<small>{html.escape(str(must))}</small>")
        note = widgets.HTML(f"<div style='white-space:normal;margin:2px 0;line-height:1.4'>{'<br>'.join(lines)}</div>")
        note.add_class("thurn-solo-coach-note")
        self.coach_note = note
        from ...widgets.panels import parts_note

        parts = parts_note(s, scores, labels)           # what each completion's points are made of
        return self._box([note] + rows + [parts], "thurn-solo-score-panel")

    @staticmethod
    def _refusal(s, open_) -> str:
        """Why the route cannot be completed now, as the engine says it (a Score in the first colour open with that
        colour's first placement: each colour builds on its own, 4.4b, so its own houses and houses left)."""
        p = s.player()
        colour = open_[0] if open_ else so.components().colours[0]
        owned = colour_houses(p, colour) if s.ruleset.house_per_colour else p.houses
        options = placement_options(s.board, p.route, owned, so.colour_left(p, colour), s.rules.optional_houses)
        houses = tuple(options[0].cities) if options else ()
        why = s.why_illegal(Score(houses, colour=colour))
        return str(why) if why is not None else "The engine lists no completion now."

    # -- declaring the colour (option colour_declared=start) ---------------------------------------------------
    def _declare(self, s, actions) -> widgets.VBox:
        app = self.app
        p = s.players[s.to_move]
        start = s.board.city_name(s.board.city_of[p.route[0]]) if p.route else "?"
        buttons = []
        for a in actions:
            b = app._button(s, a, {a: f"{a.colour} ({so.colour_left(p, a.colour)} left)"})
            _colour_button(b, a.colour)
            b.add_class("thurn-solo-declare")
            self.declare_buttons[a.colour] = b
            buttons.append(b)
        head = widgets.HTML(f"<b>Declare the route's colour</b>: its route house goes on {html.escape(start)}, where "
                            f"the route starts <i>({html.escape(so.R_COLOUR)})</i>")
        return self._box([head, widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap"))],
                         "thurn-solo-declare-panel")

    # -- the 1-point tile (4.4c) -------------------------------------------------------------------------------
    def _bonus(self, s, actions) -> widgets.VBox:
        app = self.app
        buttons = []
        for a in actions:
            st = next(st for st in s.board.stacks if st.name == a.stack)
            left = s.stacks[st.index]
            b = app._button(s, a, {a: f"{st.name}: top tile {left[0]} · {_tiles(len(left))} on the stack"})
            b.add_class("thurn-solo-bonus")
            self.bonus_buttons[st.name] = b
            buttons.append(b)
        repeat = s.rules.option("bonus_tile") == "repeat"
        head = widgets.HTML(
            f"<b>The 1-point tile</b>: you hold a tile of each province. Put it on a province stack and take that "
            f"stack's top tile now <i>({html.escape(so.R_BONUS)})</i>"
            + ("<br><small>Each later completion of that stack's region takes one more of its tiles.</small>"
               if repeat else ""))
        return self._box([head, widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap"))],
                         "thurn-solo-bonus-panel")

    # -- the hand-management bonus (4.6) -----------------------------------------------------------------------
    def _bottom(self, s) -> widgets.VBox:
        most = so.components().hand_bonus
        toggles = []
        for c in s.display:
            if c < 0:
                continue
            name = s.board.card_names[c]
            t = widgets.ToggleButton(description=name, layout=widgets.Layout(width="auto", margin="1px 2px"))
            t.style.button_color = province_color(s.board, name)
            t.style.text_color = text_color(t.style.button_color)
            t.card = name
            t.add_class("thurn-solo-bottom-card")
            t.observe(lambda change, t=t: self.app._guard(lambda: self._toggled(t, change["new"])), names="value")
            toggles.append(t)
        self.bottom_toggles, self.bottom_order = toggles, []
        go = widgets.Button(description="Put them under the deck", button_style="primary",
                            layout=widgets.Layout(width="auto"))
        go.add_class("thurn-solo-bottom")
        go.on_click(lambda _: self.app._guard(self.bottom))
        none = widgets.Button(description="No card", layout=widgets.Layout(width="auto"))
        none.add_class("thurn-solo-bottom-none")
        none.on_click(lambda _: self.app._guard(lambda: self.bottom(())))
        note = widgets.HTML()
        note.add_class("thurn-solo-bottom-note")
        self.bottom_button, self.bottom_none, self.bottom_note = go, none, note
        head = widgets.HTML(
            f"<b>Hand-management bonus</b>: your hand is empty after the completion. Choose up to {most} face-up cards "
            f"in the order they go under the deck (the last chosen lowest), or none <i>({html.escape(so.R_HAND)})</i>")
        self._said()
        return self._box([head, widgets.HBox(toggles, layout=widgets.Layout(flex_flow="row wrap")),
                          widgets.HBox([go, none]), note], "thurn-solo-bottom-panel")

    def _toggled(self, toggle, on: bool) -> None:
        if on and toggle not in self.bottom_order:
            self.bottom_order.append(toggle)
        elif not on and toggle in self.bottom_order:
            self.bottom_order.remove(toggle)
        self._said()

    def _said(self) -> None:
        if self.bottom_note is None:
            return
        names = [t.card for t in self.bottom_order]
        most = so.components().hand_bonus
        if not names:
            text = "No card chosen: <b>No card</b> keeps the display as it is."
        elif len(names) > most:
            text = f"<span style='color:#b00020'>At most {most} cards go under the deck: untick one.</span>"
        else:
            text = ("Under the deck, in this order: " + " → ".join(card_chip(self.app.state.board, n) for n in names)
                    + " <small>(the last lowest)</small>")
        self.bottom_note.value = f"<div style='white-space:normal;margin:2px 0'>{text}</div>"

    def bottom(self, cards=None) -> bool:
        """Put the cards chosen (default: the toggles', in the order clicked) under the deck; the engine checks
        them and says why not in its words."""
        app = self.app
        if app.state.step != so.BOTTOM or app.bots_pending:
            app.messages.error("No hand-management bonus is asked now (SoloPlay, 4.6).")
            return False
        names = tuple(t.card for t in self.bottom_order) if cards is None else tuple(cards)
        action = so.BottomCards(names)
        why = app.state.why_illegal(action)
        if why is not None:
            app.messages.error(f"Not allowed: {why}")
            return False
        return app.do(action)


class SoloPanels(PanelParts):
    def player_columns(self, state) -> list:
        n = state.num_players
        left, done = series_words(state)
        one, two = piles_words(state)
        S = so.solo(state)
        declared = f" · this route: {S.declared}" if S.declared and not state.is_over else ""
        cols = [
            ("<th title='SoloPlay, 4.5: one route of each colour before a colour is used again; the route houses on "
             "the Route Planner are the colours left'>colour series</th>",
             [f"<td>left: <b>{html_text(left)}</b><br><small>done: {html_text(done)}{html_text(declared)}</small></td>"] * n),
            ("<th title='the houses left of each colour (19 each at most; the game ends when a colour runs out)'>"
             "houses left</th>", [f"<td>{html_text(houses_words(state, i))}</td>" for i in range(n)]),
            ("<th title='SoloPlay, 5: coach cards score in sets 3, 3–4, 3–5, 3–6, 3–7 (2, 3, 5, 7, 10 points)'>"
             "coach cards</th>", [f"<td>{html_text(coach_words(state.players[i].carriages))}</td>" for i in range(n)]),
            ("<th title='SoloPlay, 3 and 6: pile 1 costs 1 point for every 2 cards; pile 2 (completed routes) "
             "becomes the new deck once'>discard piles</th>",
             [f"<td>pile 1: {html_text(one)}<br><small>pile 2: {html_text(two)}</small></td>"] * n),
            ("<th title='SoloPlay, 1: 48 minor, 54 major, 60 complete victory'>rating</th>",
             [f"<td class='thurn-solo-rating'>{html_text(rating_words(state, i))}</td>" for i in range(n)]),
        ]
        return cols

    def status_html(self, state, who: str) -> str | None:
        if state.is_over:
            return None
        info = state.step_info
        rule = f" <i>({html.escape(info.rule)})</i>"
        if state.step == so.COLOUR:
            left = ", ".join(d.colour for d in state.legal_actions() if d.kind == "declare")
            return (f"<b>{round_text(state)}</b> · <b>{who}</b> declares the colour of the route just started "
                    f"(one of {html_text(left)}): its route house goes on the starting city{rule}")
        if state.step == so.BONUS:
            return (f"<b>{round_text(state)}</b> · <b>{who}</b> holds a tile of each province: the 1-point tile "
                    f"goes on a province stack, whose top tile is taken now{rule}")
        if state.step == so.BOTTOM:
            return (f"<b>{round_text(state)}</b> · <b>{who}</b>'s hand is empty after the completion: up to "
                    f"3 face-up cards may go under the deck, in the order chosen (or none){rule}")
        return None

    def panel(self, app):
        return SoloPanel(app)


PARTS = SoloPanels()
