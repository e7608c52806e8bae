"""A variant's valuation for the bots (the module ``valuation`` of its package, its ``PARTS``:
:func:`thurn.parts.layer_parts`): GreedyBot's points and the search bot's terms of the steps and score items of its
own. Used only when the variant is on: the base game's values are those of :mod:`thurn.bots.greedy.policy`."""
from __future__ import annotations

from ..parts import layer_parts


def _zero(*args) -> float:
    return 0.0


def _nothing(*args) -> None:
    return None


class Valuation:
    """A variant's valuation; override what it values (as staticmethods). Optional further attributes the bots
    read: ``secret(s)`` (the tolerance in points within which a step's secret choice is drawn, else None:
    :func:`thurn.bots.greedy.policy.secret_tolerance`), ``evaluation`` (an :class:`~thurn.bots.greedy.evaluation.Eval`
    subclass), ``own_score``, ``rules`` (the rules the hint's reasons cite) and ``turn_cost`` (:func:`turn_cost`)."""

    steps: tuple = ()                                               # the steps of its own it values
    weights: dict = {}                                              # its numbers (points), read as w.<name>
    values = staticmethod(lambda ev, s, actions: [])                # their actions' values
    adjust = staticmethod(lambda ev, s, values: values)             # the base values, adjusted
    points = staticmethod(_zero)                                    # (s, seat) its score items now
    credits = staticmethod(_zero)                                   # (s, seat, w) what it holds is worth
    as_mover = staticmethod(_nothing)                               # (n, seat) a search node seen by its mover
    quick = staticmethod(lambda s, actions, rng: actions[0])        # a rollout's choice of its steps
    reason = staticmethod(lambda s, a: None)                        # why GreedyBot plays an action of its own


def expansion_weights() -> dict:
    """The numbers of every registered variant's valuation (:attr:`Valuation.weights`), by name: what
    :class:`thurn.bots.greedy.weights.Weights` reads beyond the base game's."""
    out = {}
    for valuation in layer_parts(None, "valuation"):
        out.update(valuation.weights)
    return out


def turn_cost(state) -> float:
    """What a player-turn of ``state``'s ruleset costs the bots' valuation against the base game's (1.0): the product
    of its valuations' ``turn_cost`` (each variant measured alone: ``tests/bench/turn_cost.py``, BENCHMARKS.md), since
    each variant's valuation adds its work to every decision; a valuation that two variants share gives a cost for
    each, by name (a dict), and each of them switched on counts. The search bot's budget in player-turns
    (``SearchBot(turns=...)``) is counted in these units, so that a level costs about the same in every ruleset."""
    cost = 1.0
    on = None
    for valuation in valuations(state):
        c = getattr(valuation, "turn_cost", 1.0)
        if isinstance(c, dict):
            if on is None:
                on = {v.name for v in getattr(getattr(state, "ruleset", state), "variants", ())}
            for name, x in c.items():
                if name in on:
                    cost *= float(x)
        else:
            cost *= float(c)
    return cost


def valuations(state) -> tuple:
    """The bots' valuations of the variants switched on in the game of ``state``, each once (two variants may share
    one: their values interact)."""
    return layer_parts(state, "valuation")
