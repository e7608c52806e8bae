"""The toy expansion's rules: counts the houses each player places (``ext["toy_watch"]``, one count per seat), and
a rule of its own: at the game's end, every 5 houses a player placed score him a point (``watch_bonus``)."""
from __future__ import annotations

from thurn.scoring import popcount
from thurn.variants import Variant

NAME = "toy_watch"


class Watch(Variant):
    """Counts the houses each player places (``ext["toy_watch"]``, one count per seat, seen by everyone); every 5 of
    them score a point at the end."""

    name = NAME
    fields = {NAME: "public"}
    #: Houses placed for a point at the end.
    PER_POINT = 5

    def setup(self, state):
        state.set_ext(NAME, (0,) * state.num_players)

    def houses_placed(self, state, seat, mask):
        state.set_ext(NAME, tuple(v + popcount(mask) * (i == seat) for i, v in enumerate(state.ext[NAME])))

    def score(self, state, seat):
        """The toy's rule: a point at the end for every :attr:`PER_POINT` houses placed."""
        return {"watch_bonus": state.ext[NAME][seat] // self.PER_POINT}


def watched(state, seat: int) -> int:
    """The houses ``seat`` has placed."""
    return state.ext[NAME][seat]
