"""Power and Glory's parts the core reads (:class:`thurn.parts.Parts`): the horses beside each player in words (the
map's table, the Play app's players table), the card backs in words, the horses a route needs against those the
player has in the route explorer and the scoring what-if, and the lesson questions. Its map, Play-app (the card
panel: a card's two uses side by side), ``simulate`` and bots' parts are the modules beside it (:mod:`.map`,
:mod:`.panel`, :mod:`.columns`, :mod:`.valuation`; docs/design.md, "Power and Glory", "The bots")."""
from __future__ import annotations

from ...parts import Parts, register_parts
from . import rules as pg
from .questions import QUESTIONS, question_label


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class HorseCount(int):
    """The horses a route needs (its cards) against those pulling the carriage (Power and Glory, Closing and scoring
    a route: "at least as many horses as cities in the route"). As a number: the horses to spare (negative: too
    few), so that a table sorts by it; shown as "5 of 7 ✓" (needed of had)."""

    def __new__(cls, have: int, need: int):
        self = super().__new__(cls, have - need)
        self.have, self.need = have, need
        return self

    def __bool__(self) -> bool:           # a count, never "none" (0 horses to spare is enough)
        return True

    @property
    def enough(self) -> bool:
        return self.have >= self.need

    def __str__(self) -> str:
        if self.enough:
            return f"{self.need} of {self.have} ✓"
        return f"{self.need} of {self.have}: {self.need - self.have} short"

    __repr__ = __str__

    def __reduce__(self):
        return (HorseCount, (self.have, self.need))

    def words(self) -> str:
        """In a sentence: "7 horses for 5 cards" / "too few horses: 4 for 5 cards"."""
        what = f"{_plural(self.have, 'horse')} for {_plural(self.need, 'card')}"
        return what if self.enough else f"too few horses: {what}"


def horses_words(state, seat: int) -> str:
    """The horse cards beside a player's carriage and the horses they pull, against his route: "3 cards, 7 horses
    (route needs 5 ✓)" (Power and Glory, Closing and scoring a route)."""
    n = len(pg.horse_cards(state, seat))
    have = pg.horses(state, seat)
    need = len(state.players[seat].route)
    cards = _plural(n, "card") if n else "no card"
    if not need:
        return f"{cards}, {_plural(have, 'horse')}"
    mark = " ✓" if have >= need else f": {need - have} short"
    return f"{cards}, {_plural(have, 'horse')} (route needs {need}{mark})"


def backs_words(state) -> tuple[list, str] | None:
    """What the card backs show everyone (Power and Glory, components: "The backs of the city cards have 1, 2 or 3
    horses"; :func:`power_glory.card_backs`): each hand's horseshoes ("1·2·3") and the deck's top card's, in words;
    None where the backs show nothing."""
    backs = pg.card_backs(state)
    if backs is None:
        return None
    hands = ["·".join(str(n) for n in hand) or "—" for hand in backs["hands"]]
    top = backs["deck_top"]
    return hands, ("deck empty" if top is None else f"deck's top card: {_plural(top, 'horseshoe')}")


class PowerGloryParts(Parts):
    name = pg.NAME
    # the lesson questions (thurn.lessons.outcome_question): how many horses pull the carriage
    questions = QUESTIONS
    question_label = staticmethod(question_label)
    summary = "the northern board: cards played horse side up pull the carriage"

    # -- the map's table and the Play app's players table -------------------------------------------------------
    def pile_words(self, state, pile: str, seat: int) -> str | None:
        return horses_words(state, seat) if pile == pg.PILE else None

    # -- the route explorer and the what-if -------------------------------------------------------------------
    outcome_extras = {"horses": None}
    route_columns = ("horses",)
    score_columns = ("horses",)

    def route_extras(self, state, seat: int, cards: int) -> dict:
        """The horses a route of ``cards`` cards needs against the player's (Closing and scoring a route)."""
        return {"horses": HorseCount(pg.horses(state, seat), cards)}

    def outcome_words(self, extras) -> tuple[list, list]:
        h = dict(extras).get("horses")
        return ([], [h.words()]) if isinstance(h, HorseCount) else ([], [])

    def outcome_html(self, extras) -> str:
        h = dict(extras).get("horses")
        if not isinstance(h, HorseCount):
            return ""
        text = h.words()
        return text if h.enough else f"<b style='color:#b00020'>{text}</b>"


PARTS = register_parts(PowerGloryParts())
