"""The Princess' Messenger's parts above the rules (:class:`thurn.parts.Parts`): the seals of the nobility letters on
the map and the letters in the table under it and in the Play app, the letters' price beside the officials,
``simulate``'s letter columns, the lesson questions on letters and the figure, the letters a placement takes in the
route explorer and the scoring what-if, and the bots' valuation (Messenger, The Nobility Letters; The Princess'
Messenger). Plotly and ipywidgets are imported only where a map or an app asks."""
from __future__ import annotations

import html

from ..errors import ThurnError
from ..parts import Parts, register_parts
from . import messenger

LETTER_FILL, LETTER_INK = "#fff3c4", "#8b1a1a"     # a nobility letter on the map: a cream seal with a dark red rim

#: The per-player columns of ``simulate`` (only when the expansion is on): letters that came to the player (at the
#: start and from the cities), of them from the cities, letters spent, officials bought with them, letters held at the
#: end, and whether the player holds the Messenger figure at the end.
PLAYER_COLUMNS = ("letters_taken", "letters_from_cities", "letters_spent", "officials_bought", "letters_held",
                  "messenger_holder")
#: The per-game columns: letters spent in the game and the seat holding the figure at the end (missing if nobody).
GAME_COLUMNS = ("letters_spent", "messenger_seat")


def _plural(n, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class MessengerParts(Parts):
    name = messenger.NAME

    def score_part_words(self, before, after, seat, item):
        """The Princess' Messenger figure taken or lost by a scoring (Messenger: its holder scores at the end)."""
        return "the Princess' Messenger figure" if item == "messenger" else None

    @property
    def score_words(self) -> str:
        from . import component

        return f"{component('messenger')['messenger_points']} for the Princess' Messenger figure"
    summary = "nobility letters buy more officials"

    # -- the map ----------------------------------------------------------------------------------------------
    def map_traces(self, board, state) -> list:
        """A small seal on each city whose nobility letter still lies there (drawn on the city marker, so it never
        hides a house or a name), with the rule in its hover text; trace ``letters``."""
        from ..viz.board import _text, _texts, _xy

        cities = messenger.summary(state)["cities"]
        x, y = _xy(board, cities)
        hover = [f"<b>{_text(c)}</b>: its nobility letter still lies here<br>the first house placed here takes it"
                 for c in cities]
        return [dict(type="scatter", name="letters", x=x, y=y, mode="markers", text=_texts(cities), hovertext=hover,
                     hoverinfo="text", showlegend=True,
                     marker=dict(symbol="diamond", size=8, color=LETTER_FILL, line=dict(width=1.5, color=LETTER_INK)))]

    def map_columns(self, state) -> list:
        m = messenger.summary(state)
        return [("letters", [str(v) for v in m["held"].values()], f"{len(m['cities'])} on cities"),
                ("Messenger", ["<b>holds it</b>" if name == m["holder"] else "–" for name in state.names],
                 "by the board" if m["holder"] is None else "–")]

    # -- the Play app -----------------------------------------------------------------------------------------
    def player_columns(self, state) -> list:
        m = messenger.summary(state)
        return [("<th title='nobility letters (The Princess&#x27; Messenger)'>letters</th>",
                 [f"<td>{m['held'][name]}</td>" for name in state.names]),
                ("<th>Messenger</th>",
                 [f"<td>{'<b>holds it</b>' if m['holder'] == name else '—'}</td>" for name in state.names])]

    def official_price(self, state, action) -> str:
        """The nobility letters ``action`` costs the player to move: the engine's answer (applied on a copy)."""
        name = state.names[state.to_move]
        cost = messenger.summary(state)["held"][name] - messenger.summary(state.apply(action))["held"][name]
        return f" for {_plural(cost, 'letter')}" if cost else ""

    def officials_note(self, state) -> str:
        if state.is_over:
            return ""
        m = messenger.summary(state)
        owner = state.turn_owner_name        # letters are spent in one's own turn (also during a return round)
        held = m["held"][owner]
        return (f"<div>{html.escape(owner)} holds {_plural(held, 'letter')}; "
                f"{m['spendable_now']} of them may be spent this turn (those held at its start).</div>")

    # -- simulate ---------------------------------------------------------------------------------------------
    player_columns_sim = PLAYER_COLUMNS
    game_columns_sim = GAME_COLUMNS
    int_game_columns = ("messenger_seat",)

    def tally(self, state):
        return _Tally(state)

    # -- lessons ----------------------------------------------------------------------------------------------
    def question_label(self, about: str, value: str) -> str | None:
        if about in ("letters", "letters_in_game"):
            return f"{value} letter{'s' if value != '1' else ''}"
        if about == "messenger" and value == "none":
            return "Nobody"
        return None

    def question_value(self, about: str, value: str, state) -> str | None:
        if about == "messenger":
            return state.names[state.seat(value)]
        return None

    # -- the route explorer and the what-if -------------------------------------------------------------------
    outcome_extras = {"letters": None, "messenger": False}
    route_columns = ("letters",)
    score_columns = ("letters", "messenger")

    def placement_extras(self, state, seat: int, mask: int, after=None) -> dict:
        """The letters houses in ``mask`` take (the first house in a city takes its letter: Messenger, The Nobility
        Letters); with the position ``after`` the scoring, whether it takes the figure (no carriage: Messenger,
        The Princess' Messenger; rules notes R9)."""
        out = {"letters": messenger.letters_for(state, mask)}
        if after is not None:
            out["messenger"] = messenger.letters(after).holder == seat != messenger.letters(state).holder
        return out

    def outcome_words(self, extras) -> tuple[list, list]:
        e = dict(extras)
        lead = [_plural(e["letters"], "letter")] if e.get("letters") is not None else []
        return lead, ["takes the Messenger"] if e.get("messenger") else []

    def outcome_html(self, extras) -> str:
        e = dict(extras)
        if e.get("letters") is None:
            return ""
        return f"nobility letters: {e['letters']}" + (" · <b>takes the Messenger</b>" if e.get("messenger") else "")

    # -- the ladder -------------------------------------------------------------------------------------------
    def ladder_figures(self, upper, lower, games) -> dict:
        if "letters_spent" not in upper:
            return {}
        return dict(upper_letters_spent=upper["letters_spent"].mean(),
                    lower_letters_spent=lower["letters_spent"].mean(), upper_bought=upper["officials_bought"].mean(), lower_bought=lower["officials_bought"].mean())

    def ladder_text(self, r) -> str:
        if not (hasattr(r, "upper_letters_spent") and r.upper_letters_spent == r.upper_letters_spent):
            return ""
        return (f"letters spent {r.upper_letters_spent:.1f}/{r.lower_letters_spent:.1f}, officials bought "
                f"{r.upper_bought:.1f}/{r.lower_bought:.1f}")

    # -- the bots ---------------------------------------------------------------------------------------------
    def valuation(self):
        from .valuation import VALUATION
        return VALUATION


class _Tally:
    """The letters that came and went in one game, action by action (see :data:`PLAYER_COLUMNS`)."""

    __slots__ = ("rows",)

    def __init__(self, s):
        self.rows = [dict.fromkeys(PLAYER_COLUMNS[:4], 0) for _ in s.players]
        for i, h in enumerate(messenger.letters(s).held):
            self.rows[i]["letters_taken"] += h

    def see(self, before, action, after) -> None:
        seat = before.to_move
        rows = self.rows
        L, L2 = messenger.letters(before), messenger.letters(after)
        spent = L2.spent - L.spent
        if spent > 0:
            rows[seat]["letters_spent"] += spent
            rows[seat]["officials_bought"] += 1     # one official an action (the Cartwright inside a Score)
        for i, (h, h2) in enumerate(zip(L.held, L2.held)):
            got = h2 - h + (spent if i == seat else 0)
            if got > 0:
                rows[i]["letters_taken"] += got
                rows[i]["letters_from_cities"] += got

    def row(self, state, seat: int) -> dict:
        L = messenger.letters(state)
        return dict(self.rows[seat], letters_held=L.held[seat], messenger_holder=L.holder == seat)

    def game(self, state) -> dict:
        L = messenger.letters(state)
        return {"letters_spent": L.spent, "messenger_seat": L.holder if L.holder >= 0 else None}


# -- the lesson questions (thurn.lessons.outcome_question) ----------------------------------------------------------

def _said(before, after) -> str:
    from ..lessons import _said as said
    return said(before, after)


def _need(after, about: str) -> None:
    if not messenger.active(after):
        raise ThurnError(f"a '{about}' question needs The Princess' Messenger switched on.", reason="bad_lesson")


def _letters(before, after, seat, board):
    """The nobility letters the player holds after the action (The Princess' Messenger)."""
    _need(after, "letters")
    return {str(messenger.letters(after).held[seat])}, _said(before, after) or (
        f"{after.names[seat]} holds {messenger.letters(after).held[seat]} nobility letters.")


def _messenger(before, after, seat, board):
    """Who holds the Princess' Messenger figure after the action (a name, or "none")."""
    _need(after, "messenger")
    holder = messenger.letters(after).holder
    who = after.names[holder] if holder >= 0 else "none"
    return {who}, _said(before, after) or (f"{who} holds the Princess' Messenger." if holder >= 0
                                           else "The Princess' Messenger stands beside the board.")


def _letters_in_game(before, after, seat, board):
    """How many nobility letters are in the game: on the cities and in the players' hands (Messenger, Preparation)."""
    _need(after, "letters_in_game")
    m = messenger.summary(after)
    held = list(m["held"].values())
    total = len(m["cities"]) + sum(held)
    return {str(total)}, (f"{len(m['cities'])} letters lie on the cities and the players hold "
                          f"{', '.join(map(str, held))}: {total} in all.")


MessengerParts.questions = {"letters": _letters, "messenger": _messenger, "letters_in_game": _letters_in_game}

PARTS = register_parts(MessengerParts())
