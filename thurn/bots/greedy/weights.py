"""The greedy bot's weights: the heuristic's numbers, in points of the final score (``GreedyBot(seed, rate=1.2)``
overrides one). The base game's are here; each expansion's valuation brings its own
(:attr:`thurn.bots.valuation.Valuation.weights`), read the same way (``w.letter``)."""
from __future__ import annotations

from dataclasses import dataclass

from ..valuation import expansion_weights


@dataclass(frozen=True)
class Weights:
    """The heuristic's numbers (points of the final score). ``GreedyBot(seed, rate=1.2)`` overrides one."""

    rate: float = 1.0             # points a turn (one card played) is worth elsewhere: the tempo cost
    house_ext: float = 0.7        # houses each further card of a route adds when it is scored, on average
    progress: float = 0.8         # share of a province tile credited for each house towards it
    carriage_step: float = 1.5    # a carriage's worth beyond its points: the step up the track (3c)
    cartwright_cost: float = 0.3  # planning to need the Cartwright (no other official that turn)
    official_cost: float = 0.3    # calling the Postmaster or Administrator (no other official that turn)
    second_draw: float = 0.7      # share of the second-best draw's gain the Postmaster is credited
    end_bonus: float = 1.0        # ending the game while ahead, beyond the game-end tile
    end_penalty: float = 4.0      # ending the game while not ahead (plus the deficit)
    max_plan: int = 4             # cards planned beyond the safe run of hand cards
    horizon: bool = True          # plans end when the game is likely to end (see Eval.read_scores)
    net_tiles: bool = False       # a province tile completed counts its value less the progress already credited
    #: numbers of the expansions' valuations given other values than their own, as (name, value) pairs
    #: (:attr:`thurn.bots.valuation.Valuation.weights`; ``GreedyBot(seed, letter=0.5)``)
    more: tuple = ()

    def __getattr__(self, name: str) -> float:
        """An expansion's number (:attr:`thurn.bots.valuation.Valuation.weights`, those of :attr:`more` first): the
        numbers the expansions' valuations read are theirs, not the base game's. Kept in the instance once read."""
        if name.startswith("__"):
            raise AttributeError(name)
        numbers = self.__dict__.get("_numbers")
        if numbers is None:
            numbers = {**expansion_weights(), **dict(self.more)}
            object.__setattr__(self, "_numbers", numbers)
        try:
            value = numbers[name]
        except KeyError:
            raise AttributeError(f"Weights has no number {name!r}") from None
        object.__setattr__(self, name, value)       # kept: the next reading finds it without this call
        return value
