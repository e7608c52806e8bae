"""The Princess' Messenger's parts the core reads (:class:`thurn.parts.Parts`): its score's words, the lesson
questions on letters and the figure, and the letters a placement takes in the route explorer and the scoring what-if
(Messenger, The Nobility Letters; The Princess' Messenger). Its map, Play-app, ``simulate`` and bots' parts are the
modules beside it (:mod:`.map`, :mod:`.panel`, :mod:`.columns`, :mod:`.valuation`)."""
from __future__ import annotations

from ...errors import ThurnError
from ...lessons import said
from ...parts import Parts, register_parts
from . import rules as messenger



def plural(n, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class MessengerParts(Parts):
    name = messenger.NAME

    def score_part_words(self, before, after, seat, item):
        """The Princess' Messenger figure taken or lost by a scoring (Messenger: its holder scores at the end)."""
        return "the Princess' Messenger figure" if item == "messenger" else None

    @property
    def score_words(self) -> str:
        from ..data import component

        return f"{component('messenger')['messenger_points']} for the Princess' Messenger figure"
    summary = "nobility letters buy more officials"

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
        lead = [plural(e["letters"], "letter")] if e.get("letters") is not None else []
        return lead, ["takes the Messenger"] if e.get("messenger") else []

    def outcome_html(self, extras) -> str:
        e = dict(extras)
        if e.get("letters") is None:
            return ""
        return f"nobility letters: {e['letters']}" + (" · <b>takes the Messenger</b>" if e.get("messenger") else "")


# -- the lesson questions (thurn.lessons.outcome_question) ----------------------------------------------------------

def _need(after, about: str) -> None:
    if not messenger.active(after):
        raise ThurnError(f"a '{about}' question needs The Princess' Messenger switched on.", reason="bad_lesson")


def _letters(before, after, seat, board):
    """The nobility letters the player holds after the action (The Princess' Messenger)."""
    _need(after, "letters")
    return {str(messenger.letters(after).held[seat])}, said(before, after) or (
        f"{after.names[seat]} holds {messenger.letters(after).held[seat]} nobility letters.")


def _messenger(before, after, seat, board):
    """Who holds the Princess' Messenger figure after the action (a name, or "none")."""
    _need(after, "messenger")
    holder = messenger.letters(after).holder
    who = after.names[holder] if holder >= 0 else "none"
    return {who}, said(before, after) or (f"{who} holds the Princess' Messenger." if holder >= 0
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
