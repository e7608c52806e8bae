"""The toy expansion's rules: counts the houses each player places (``ext["toy_watch"]``, one count per seat)."""
from __future__ import annotations

from thurn.scoring import popcount
from thurn.variants import Variant

NAME = "toy_watch"


class Watch(Variant):
    """Counts the houses each player places: ``ext["toy_watch"]``, one count per seat."""

    name = NAME

    def setup(self, state):
        state.set_ext(NAME, (0,) * state.num_players)

    def houses_placed(self, state, seat, mask):
        state.set_ext(NAME, tuple(v + popcount(mask) * (i == seat) for i, v in enumerate(state.ext[NAME])))


def watched(state, seat: int) -> int:
    """The houses ``seat`` has placed."""
    return state.ext[NAME][seat]
