"""The Audience in the Play app (:class:`thurn.widgets.parts.PanelParts`): the clergymen in the players table, the
status lines of the seal and carriage steps, and its panel: the seal step as a clear step — a
clergyman chosen for each carriage, sealed with one button that the engine checks (The Audience, Preparation) —
and the carriage step after a scoring: a button for each legal move ("Baiern → Trient", the engine's legal actions)
with the cards of the route that owe the steps named (Moving the carriages). Nothing is decided here.

The app option ``audience_memory`` (:data:`.parts.MEMORY`) hides the player's own tiles once sealed:
"During the game, players may not check to see what tile they placed in which carriage" (Preparation)."""
from __future__ import annotations

import html

import ipywidgets as widgets

from ...step_text import round_text
from ...widgets.parts import PanelParts
from ...words import typed
from . import rules as au
from .parts import MEMORY, clergy_words, owed_words, plural, sealed_done

SEAL, MOVE = au.Seal.kind, au.MoveCarriage.kind
UNCHOSEN = 0                    # a carriage without a clergyman chosen yet


def _chip(S, c: int) -> str:
    """A carriage's name beside a square of its colour."""
    return (f"<span style='display:inline-block;width:12px;height:12px;background:{html.escape(S.colours[c])};"
            f"border:1px solid #333;margin-right:4px;vertical-align:middle'></span>{html.escape(S.names[c])}")


class AudiencePanel:
    """The Audience's panel of one Play app; its public attributes read as the app's own (``app.seal_picks``: a
    dropdown per carriage, west to east; ``app.seal_button``; ``app.seal_note``; ``app.carriage_buttons``: the
    move's words ("Baiern → Trient") -> its button; ``app.carriage_note``; ``app.memory_box``)."""

    def __init__(self, app):
        self.app = app
        self._routes: dict = {}
        self.reset()

    def reset(self) -> None:
        self.seal_picks: list = []
        self.seal_button = self.seal_note = None
        self.carriage_buttons: dict = {}
        self.carriage_note = None
        self.memory_box = None

    def widget(self, s, groups: dict):
        if SEAL in groups:
            groups.pop(SEAL)
            return self._sealer(s)
        if MOVE in groups:
            return self._mover(s, groups.pop(MOVE))
        return None

    def _memory(self) -> widgets.Checkbox:
        box = widgets.Checkbox(value=MEMORY in self.app.app_options, indent=False,
                               description="hide my clergymen once sealed: I remember them (as the rules ask)",
                               layout=widgets.Layout(width="auto"))
        box.add_class("thurn-audience-memory")
        box.observe(lambda change: self.app._guard(lambda: self.app.set_option(MEMORY, change["new"])),
                    names="value")
        self.memory_box = box
        return box

    # -- the seal step -------------------------------------------------------------------------------------------
    def _sealer(self, s) -> widgets.VBox:
        S = au.strip(s.board)
        C = au.clergy()
        options = [("choose…", UNCHOSEN)] + [(f"{name} ({C.value(r)} point{'s' if C.value(r) != 1 else ''})", r)
                                             for r, name in sorted(zip(C.ranks, C.names), reverse=True)]
        rows, picks = [], []
        for c in range(len(S.carriages)):
            pick = widgets.Dropdown(options=options, value=UNCHOSEN, layout=widgets.Layout(width="210px"))
            pick.add_class("thurn-seal-pick")
            pick.carriage = S.carriages[c]
            pick.observe(lambda _: self.app._guard(self._picked), names="value")
            picks.append(pick)
            where = S.city_name(S.starts[2 if s.num_players == 2 else 3][c])
            rows.append(widgets.HBox([widgets.HTML(f"{_chip(S, c)} <small>(at {html.escape(where)})</small>",
                                                   layout=widgets.Layout(width="300px")), pick]))
        button = widgets.Button(description="Seal the clergymen", button_style="primary", icon="lock",
                                layout=widgets.Layout(width="auto"))
        button.add_class("thurn-seal")
        button.on_click(lambda _: self.app._guard(self.seal))
        note = widgets.HTML()
        note.add_class("thurn-seal-note")
        self.seal_picks, self.seal_button, self.seal_note = picks, button, note
        who = html.escape(s.to_move_name)
        head = widgets.HTML(
            f"<b>{who}: seal one clergyman in each carriage</b>, face down <i>({html.escape(au.R_PREP)})</i><br>"
            f"<small>Each of your 5 clergymen goes into one carriage. The other players never see which; when a "
            f"carriage reaches Rom its clergymen go to the audience, the higher the rank the more points — but a "
            f"rank already there is sent back to the box.</small>")
        self._picked()
        box = widgets.VBox([head, *rows, widgets.HBox([button, self._memory()]), note],
                           layout=widgets.Layout(border="2px solid #6b4f2a", padding="4px", margin="2px 0"))
        box.add_class("thurn-audience-seal")
        return box

    @property
    def seal_ranks(self) -> tuple:
        """The rank chosen for each carriage, west to east (0: none yet)."""
        return tuple(p.value for p in self.seal_picks)

    def _picked(self) -> None:
        """A clergyman chosen: say what is missing or doubled, in the engine's words."""
        if self.seal_note is None:
            return
        ranks = self.seal_ranks
        why = self.app.state.why_illegal(au.Seal(ranks))
        if why is None:
            text = "Ready: click <b>Seal the clergymen</b>."
        elif UNCHOSEN in ranks and len(set(r for r in ranks if r)) == len([r for r in ranks if r]):
            left = ranks.count(UNCHOSEN)
            text = f"Choose a clergyman for {left} more carriage{'s' if left != 1 else ''}."
        else:
            text = f"<span style='color:#b00020'>{html.escape(str(why))}</span>"
        self.seal_note.value = f"<div style='white-space:normal;margin:2px 0'>{text}</div>"

    def seal(self) -> bool:
        """Seal the clergymen chosen (the Seal button): the engine checks them; a rank twice or a carriage left
        empty is refused in its words."""
        app = self.app
        if app.pass_pending or app.bots_pending or app.state.step != SEAL or not self.seal_picks:
            app.messages.error("No seal is asked of the player at the screen now.")
            return False
        action = au.Seal(self.seal_ranks)
        why = app.state.why_illegal(action)
        if why is not None:
            app.messages.error(f"Not allowed: {why}")
            if self.seal_note is not None:
                self.seal_note.value = f"<div style='color:#b00020;white-space:normal'>{html.escape(str(why))}</div>"
            return False
        return app.do(action)

    # -- the carriage step ---------------------------------------------------------------------------------------
    def _mover(self, s, moves) -> widgets.VBox:
        app = self.app
        S = au.strip(s.board)
        by: dict = {}
        for a in moves:
            by.setdefault(S.carriage(a.carriage), []).append(a)
        rows = []
        for c, acts in sorted(by.items()):
            buttons = []
            for a in acts:
                words = au.move_words(s, a)
                b = app._button(s, a, {a: words})
                b.style.button_color = S.colours[c]
                b.tooltip = f"{words}: one city south — type: {typed(s, a)}"    # names, never ids ("schweiz_tyrol")
                b.add_class("thurn-carriage-move")
                self.carriage_buttons[words] = b
                buttons.append(b)
            here = S.city_name(au.audience(s).at[c])
            rows.append(widgets.HBox([widgets.HTML(f"{_chip(S, c)} <small>at {html.escape(here)}</small>",
                                                   layout=widgets.Layout(width="300px"))] + buttons,
                                     layout=widgets.Layout(flex_flow="row wrap", align_items="center")))
        cards = self.owing_cards(s)
        why = (f"Scored without a house: {html.escape(cards)}. " if cards else "")
        note = widgets.HTML(
            f"<b>Move the carriages</b> — {html.escape(owed_words(s))} <i>({html.escape(au.R_MOVE)})</i><br>"
            f"<small>{why}Each card of the route without a new house moves its carriage one city south; a card of "
            f"Lodz, or of a carriage already in Rom, moves any other carriage. You choose the order and the road."
            f"</small>")
        note.add_class("thurn-carriage-note")
        self.carriage_note = note
        box = widgets.VBox([note, *rows, self._memory()],
                           layout=widgets.Layout(border="2px solid #6b4f2a", padding="4px", margin="2px 0"))
        box.add_class("thurn-audience-carriages")
        return box

    def owing_cards(self, s) -> str:
        """The cards of the route just scored on which no house was placed, each with its carriage ("München
        (Baiern), Lodz (any carriage)"), read by :func:`.rules.moves_for`; "" when the scoring is not found."""
        history = s.history
        k = next((i for i in range(len(history) - 1, -1, -1) if history[i].kind == "score"), None)
        if k is None:
            return ""
        key = (id(s.root), k, history[k].notation)
        hit = self._routes.get(key)
        if hit is None:
            before = self.app._replay(k)
            b = s.board
            route = before.players[before.to_move].route
            mask = 0
            for city in history[k].houses:
                mask |= 1 << b.index(city)
            owed = au.moves_for(b, route, mask)
            free = [c for c in route if not mask >> b.city_of[c] & 1]
            S = au.strip(b)
            hit = ", ".join(f"{b.card_names[c]} ({'any carriage' if m == au.JOKER else S.names[m]})"
                            for c, m in zip(free, owed))
            self._routes = {key: hit}
        return hit


class AudiencePanels(PanelParts):
    def player_columns(self, state) -> list:
        head = ("<th title='The Audience: clergymen sealed face down in the carriages, and those at the audience in "
                "Rom (their points count at the end)'>clergymen</th>")
        return [(head, [f"<td>{html.escape(clergy_words(state, seat))}</td>"
                        for seat in range(state.num_players)])]

    def status_html(self, state, who: str) -> str | None:
        info = state.step_info
        if state.step == au.SEAL:
            left = sum(1 for seat in range(state.num_players) if not sealed_done(state, seat)) - 1
            more = f" — then {plural(left, 'more player')} seal{'s' if left == 1 else ''}" if left > 0 else \
                " — the last to seal; then the first turn"
            return (f"<b>The Audience · before the first turn</b> · <b>{who}</b> seals one clergyman in each "
                    f"carriage, face down <i>({html.escape(info.rule)})</i>{more}")
        if state.step == au.MOVE:
            return (f"<b>{round_text(state)} · {html.escape(state.turn_owner_name)}'s scoring</b> · "
                    f"<b>{who}</b> moves the carriages: {html.escape(owed_words(state))} "
                    f"<i>({html.escape(info.rule)})</i>")
        return None

    def panel(self, app):
        return AudiencePanel(app)


PARTS = AudiencePanels()
