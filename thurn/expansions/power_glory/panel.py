"""Power and Glory's panel in the Play app (:meth:`thurn.widgets.parts.PanelParts.panel`): each card of the hand on a row of its
own with its two uses side by side, to the route (an end, or a new route) or horse side up beside the carriage
("as horses +3") — the buttons are the engine's legal actions, nothing is decided here (Power and Glory, Play a city
card from the hand) — and, at the score step, the horses counted against the route ("route of 5 cards, 7 horses ✓"),
or why the route cannot be scored, in the engine's words (Closing and scoring a route)."""
from __future__ import annotations

import html

import ipywidgets as widgets

from ...actions import Score
from ...scoring import placement_options
from ...widgets.common import card_chip
from ...widgets.parts import PanelParts
from ...words import typed
from . import rules as pg
from .parts import backs_words, horses_words

#: The button rows the panel takes over in the play step (thurn.words.group's keys).
PLAY_GROUPS = ("play left", "play right", "play new", pg.PlayHorse.kind)
HORSE_COLOR = "#7a5230"          # the horse side of a card: its buttons stand apart from the route's
SCORE_STEP = "score"


def _card(board, action) -> int | None:
    """The kind of card (its lowest copy's id) an action plays."""
    return board.card_key(action.city)[1]


class CardPanel:
    """The card panel of one Play app; its public attributes read as the app's own (``app.card_rows``: the card's
    name -> its row, ``app.horse_buttons``: the card's name -> its "as horses" button, ``app.horses_note``: the
    line that counts the horses against the route)."""

    def __init__(self, app):
        self.app = app
        self.reset()

    def reset(self) -> None:
        self.card_rows: dict = {}
        self.horse_buttons: dict = {}
        self.horses_note = None

    def widget(self, s, groups: dict):
        if s.step == SCORE_STEP:
            return self._score_note(s, groups)
        if not any(key in groups for key in PLAY_GROUPS):
            return None
        return self._cards(s, [a for key in PLAY_GROUPS for a in groups.pop(key, ())])

    # -- the play step: a card's two uses side by side ------------------------------------------------------------
    def _cards(self, s, actions) -> widgets.VBox:
        app, board = self.app, s.board
        p = s.players[s.to_move]
        uses: dict = {}
        for a in actions:
            uses.setdefault(_card(board, a), []).append(a)
        route = p.route
        labels = {}
        for a in actions:
            if a.kind == pg.PlayHorse.kind:
                k = _card(board, a)
                labels[a] = f"as horses +{board.card_value(k, pg.ATTRIBUTE, 0) if k is not None else 0}"
            elif a.end == "left":
                labels[a] = "◀ left end"
            elif a.end == "right":
                labels[a] = "add to the route ▶" if len(route) == 1 else "right end ▶"
            else:
                labels[a] = "new route (yours is discarded)" if route else "start a route"
        order = {"left": 0, "right": 1, "new": 2}
        rows = []
        seen = set()
        for x in p.hand:
            k = board.kind_of[x]
            if k in seen:
                continue
            seen.add(k)
            name = board.card_names[k]
            acts = sorted(uses.get(k, ()), key=lambda a: 3 if a.kind == pg.PlayHorse.kind else order[a.end])
            head = widgets.HTML(card_chip(board, name), layout=widgets.Layout(width="230px"))
            buttons = []
            for a in acts:
                b = app._button(s, a, labels)
                if a.kind == pg.PlayHorse.kind:
                    b.style.button_color, b.style.text_color = HORSE_COLOR, "white"
                    b.tooltip = (f"play {name} horse side up beside your carriage: +{labels[a].split('+')[-1]} "
                                 f"horses — type: {typed(s, a)}")
                    b.add_class("thurn-horse")
                    self.horse_buttons[name] = b
                buttons.append(b)
            if not buttons:
                buttons = [widgets.HTML("<span style='color:#777'>no use now</span>")]
            row = widgets.HBox([head] + buttons, layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
            row.add_class("thurn-card-row")
            self.card_rows[name] = row
            rows.append(row)
        full = len(pg.horse_cards(s)) >= pg.MAX_HORSE_CARDS
        more = (f" — {pg.MAX_HORSE_CARDS} horse cards already, the most a player may have" if full else "")
        head = widgets.HTML(
            f"<b>Play a card</b>: to your route, or horse side up beside your carriage "
            f"<i>({html.escape(pg.R_PLAY)})</i><br><small>Your carriage: "
            f"{html.escape(horses_words(s, s.to_move))}{html.escape(more)}. A route is scored only with at least "
            f"as many horses as cards.</small>")
        self.horses_note = head
        box = widgets.VBox([head] + rows, layout=widgets.Layout(border="2px solid #7a5230", padding="4px",
                                                                margin="2px 0"))
        box.add_class("thurn-card-uses")
        return box

    # -- the score step: the horses counted against the route ---------------------------------------------------
    def _score_note(self, s, groups: dict):
        p = s.players[s.to_move]
        n, have = len(p.route), pg.horses(s)
        if n < s.board.min_route:
            return None
        if SCORE_STEP in groups:
            text = (f"<b>Score</b>: a route of {n} cards, {have} horses ✓ "
                    f"<i>({html.escape(pg.R_SCORE)}: at least as many horses as cards)</i>")
        else:
            why = self._refusal(s)
            text = (f"<b style='color:#b00020'>No score</b>: a route of {n} cards, {have} horses. "
                    f"{html.escape(why)}")
        note = widgets.HTML(f"<div style='white-space:normal;margin:2px 0'>{text}</div>")
        note.add_class("thurn-horses-note")
        self.horses_note = note
        return note

    @staticmethod
    def _refusal(s) -> str:
        """Why the route cannot be scored now, as the engine says it (a Score with the first placement asked)."""
        p = s.player()
        options = placement_options(s.board, p.route, p.houses, p.houses_left, s.rules.optional_houses)
        houses = tuple(options[0].cities) if options else ()
        why = s.why_illegal(Score(houses))
        return str(why) if why is not None else "The engine lists no Score action now."


class PowerGloryPanel(PanelParts):
    def player_columns(self, state) -> list:
        """Each hand's card backs (their horseshoes, public), the deck's top card's in the head."""
        seen = backs_words(state)
        if seen is None:
            return []
        hands, top = seen
        head = (f"<th title='the horseshoes on the backs of the cards in each hand: everyone sees them'>hand's backs"
                f"<br><small>{html.escape(top, quote=False)}</small></th>")
        return [(head, [f"<td>{html.escape(h)}</td>" for h in hands])]

    def panel(self, app):
        return CardPanel(app)


PARTS = PowerGloryPanel()
