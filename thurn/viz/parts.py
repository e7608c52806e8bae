"""A variant's map layers (the module ``map`` of its package, its ``PARTS``: :func:`thurn.parts.layer_parts`),
drawn by :func:`thurn.viz.board_figure`."""
from __future__ import annotations

from ..parts import layer_parts


class MapParts:
    """A variant's parts on the map (every one optional). Override what the variant has; the defaults add nothing."""

    def map_traces(self, board, state) -> list:
        """Plotly traces (dicts) drawn on the map of ``state``, after the houses and the route."""
        return []

    def side_map(self, board, state, viewer=-1, options=(), extras=()) -> dict | None:
        """A map of the variant's own drawn beside the board in the same figure, on axes of its own (The Audience's
        Rome strip): ``{"traces": [...], "x": [x0, x1], "y": [y0, y1], "title": text (escaped), "height": px}``, or
        None. ``viewer`` is whose secrets it may show (as :func:`thurn.log.seen_line`: a seat, None for
        everyone's, -1 for nobody's); ``options`` the app options switched on (:attr:`thurn.parts.Parts.app_options`);
        ``extras`` those of a scoring shown on the map (the route explorer's, the what-if's: (name, value) pairs)."""
        return None

    def map_columns(self, state) -> list:
        """Columns of the table under the map: ``(head, [a cell per player], supply cell)``, texts already escaped."""
        return []


def map_parts(state) -> tuple:
    """The map parts of the variants switched on in the game of ``state``."""
    return layer_parts(state, "map")
