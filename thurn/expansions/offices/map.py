"""Offices of Honor on the map (:class:`thurn.viz.parts.MapParts`): the office tiles and the victory point chips in
the table under the map (Offices of Honor, components)."""
from __future__ import annotations

from ...viz.board import plotly_text
from ...viz.parts import MapParts
from . import rules as offices


class OfficesMap(MapParts):
    def map_columns(self, state) -> list:
        o = offices.summary(state)
        out = [(plotly_text(state.board.official(oid).name).replace(" ", "<br>"),
                [str(o["tiles"][name][oid]) for name in state.names],
                "<b>empty</b>" if o["stacks"][oid] == 0 else f"{o['stacks'][oid]} left") for oid in offices.order()]
        out.append(("chips", [str(o["chips"][name]) for name in state.names], f"{o['chips_left']} left"))
        return out


PARTS = OfficesMap()
