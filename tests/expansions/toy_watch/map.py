"""The toy expansion on the map: a column of the table under it."""
from __future__ import annotations

from thurn.viz.parts import MapParts

from .rules import watched


class WatchMap(MapParts):
    def map_columns(self, state):
        return [("watched", [str(watched(state, i)) for i in range(state.num_players)], "–")]


PARTS = WatchMap()
