"""Power and Glory's parts above the rules (:class:`thurn.parts.Parts`): for now the bots' valuation, so that the
greedy bot plays cards horse side up when its route needs horses (Power and Glory, Play a city card from the hand;
Closing and scoring a route). The map's horses, the Play app's panel, ``simulate``'s columns and the route
explorer's horses are the next steps (docs/design.md, "Power and Glory")."""
from __future__ import annotations

from ..parts import Parts, register_parts
from . import power_glory as pg

#: How much a horse card is worth beyond the best route play when the route needs horses, and below it when not
#: (the bots' values are points; a horseshoe breaks ties between horse cards).
NEED, SPARE, PER_SHOE = 1.0, -1.0, 0.1


def adjust(ev, s, values: list) -> list:
    """The base values of the play step with the horse actions valued: above the best route play while the
    carriage has no more horses than the route has cards (the route cannot grow and still be scored), below it
    otherwise."""
    if s.step != "play" or not any(a.kind == "horse" for _, a in values):
        return values
    p = s.players[s.to_move]
    plays = [v for v, a in values if a.kind == "play"]
    best = max(plays) if plays else 0.0
    if best < -1e6:
        best = 0.0
    need = pg.horses(s) <= len(p.route)
    value = s.board.card_value
    out = []
    for v, a in values:
        if a.kind == "horse":
            card = s.board.card_key(a.city)[1]
            shoes = value(card, pg.ATTRIBUTE, 1) if card is not None else 1
            v = best + (NEED if need else SPARE) + PER_SHOE * shoes
        out.append((v, a))
    return out


def _zero(*args) -> float:
    return 0.0


def _nothing(*args) -> None:
    return None


class Valuation:
    """Power and Glory's valuation as :meth:`thurn.parts.Parts.valuation` gives it to the bots."""

    steps = ()
    values = staticmethod(lambda ev, s, actions: [])
    adjust = staticmethod(adjust)
    points = staticmethod(_zero)
    credits = staticmethod(_zero)
    as_mover = staticmethod(_nothing)
    quick = staticmethod(lambda s, actions, rng: actions[0])

    @staticmethod
    def reason(s, a) -> str | None:
        """Why GreedyBot plays a card horse side up, or None."""
        if a.kind != "horse":
            return None
        return (f"plays {a.city} horse side up: the carriage has {pg.horses(s)} horses for a route of "
                f"{len(s.players[s.to_move].route)} cards")


VALUATION = Valuation()


class PowerGloryParts(Parts):
    name = pg.NAME
    summary = "the northern board: cards played horse side up pull the carriage"

    def valuation(self):
        return VALUATION


PARTS = register_parts(PowerGloryParts())

# the lesson questions (thurn.lessons.outcome_question): how many horses pull the carriage
from .power_glory_questions import QUESTIONS as _QUESTIONS, question_label as _question_label  # noqa: E402

PowerGloryParts.questions = _QUESTIONS
PowerGloryParts.question_label = staticmethod(_question_label)
