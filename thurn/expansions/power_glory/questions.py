"""Power and Glory's lesson questions (:attr:`thurn.parts.Parts.questions`, asked by
:func:`thurn.lessons.outcome_question`): how many ``horses`` pull the player's carriage after the action (Power and
Glory, Closing and scoring a route: "the carriage itself comes with 2 horses"; Play a city card from the hand)."""
from __future__ import annotations

from ...errors import IllegalAction
from ...lessons import said
from . import rules as pg


def _horses(before, after, seat, board):
    """The horses pulling the player's carriage after the action: the carriage card's 2 and the horseshoes of the
    horse cards beside it (:func:`thurn.expansions.power_glory.rules.horses`)."""
    if pg.PILE not in after.ruleset.piles:
        raise IllegalAction("no_horses", "Only with Power and Glory do horses pull the carriages; this game is "
                            "played without it.", None, pg.R_SCORE)
    have, cards = pg.horses(after, seat), len(pg.horse_cards(after, seat))
    count = (f"{after.names[seat]}'s carriage has {have} horses: 2 of the carriage card and "
             + (f"the horseshoes of {cards} horse card{'s' if cards != 1 else ''}." if cards else "no horse card."))
    done = said(before, after)
    return {str(have)}, f"{done} {count}" if done else count


QUESTIONS = {"horses": _horses}


def question_label(about: str, value: str) -> str | None:
    """A choice in words: "7 horses"."""
    if about == "horses":
        return f"{value} horse{'s' if value != '1' else ''}"
    return None
