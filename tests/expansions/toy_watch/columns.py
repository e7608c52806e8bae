"""The toy expansion's ``simulate`` columns: the houses watched per player, their total and the actions seen."""
from __future__ import annotations

from thurn.sim import ColumnParts

from .rules import watched


class _Tally:
    def __init__(self, state):
        self.seen = 0

    def see(self, before, action, after):
        self.seen += 1

    def row(self, state, seat):
        return {"houses_watched": watched(state, seat)}

    def game(self, state):
        return {"watch_total": sum(watched(state, i) for i in range(state.num_players)), "watch_actions": self.seen}


class WatchColumns(ColumnParts):
    player_columns_sim = ("houses_watched",)
    game_columns_sim = ("watch_total", "watch_actions")

    def tally(self, state):
        return _Tally(state)


PARTS = WatchColumns()
