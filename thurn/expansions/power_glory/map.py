"""Power and Glory on the map (:class:`thurn.viz.parts.MapParts`): the horseshoes on the backs of each hand's cards
in the table under the map (Power and Glory, components)."""
from __future__ import annotations

from ...viz.parts import MapParts
from .parts import backs_words


class PowerGloryMap(MapParts):
    def map_columns(self, state) -> list:
        seen = backs_words(state)
        if seen is None:
            return []
        hands, top = seen
        return [("hand's<br>backs", hands, top)]


PARTS = PowerGloryMap()
