"""Plotly figures of the board and the scores, for notebooks and the widgets. No rules here: everything drawn
comes from the state (houses, routes, scores, stacks) or from the caller.

- ``board_figure(obj="base", *, player=None, route=None, candidates=(), suggestion=None, placement=None,
  title=None, height=None, widget=False)`` — the board (a state, a board or a board name): the provinces as
  filled regions (each city's Voronoi cell, merged per province; layout shapes) with a legend entry each, cities
  coloured by province with their names placed clear of each other, roads, province names inside their regions;
  with a state, every player's houses and route in his colour, the route of ``player`` (default: whose turn it
  is) thick and numbered, the others' thinner; overlays: ``candidates`` ringed, a dashed ``suggestion``, hollow
  houses of a ``placement``. Trace names: ``roads``, ``provinces``, ``cities``, ``route · <player>``,
  ``suggestion``, ``houses · <player>``, ``candidates``, ``placement``; and the layers of the variants switched on
  (``thurn.viz.parts.MapParts.map_traces``: The Princess' Messenger's seals, trace ``letters``); last, on top,
  ``city names``. A table under the map named ``expansions`` (layout boxes and texts) when a variant has columns
  for it (``map_columns``: a row per player and one for the supply: letters, the Messenger figure, office tiles,
  chips), unless ``table=False`` (the Play app: its players table shows them). A title's small lines wrap at
  the Play app's width, and a longer title gets a taller top margin.
- ``refresh(fig_widget, new_figure)`` — show ``new_figure`` in an existing ``go.FigureWidget``, in place.
- ``player_colors(n)``, ``PLAYER_COLORS`` — the house colours of the seats.
- ``score_chart(state)`` — stacked bar per player: carriage, bonus tiles, minus unplaced houses; total above.
- ``stacks_chart(state)`` — the bonus tiles left on each stack, top tile on top.
- ``score_timeline(state)`` — each player's score after each of his turns (``score_history(state)``: the rows).

Figures use cartesian ``go.Scatter``/``go.Bar`` and layout shapes only, and the default renderer: they work
offline. The map's geometry needs shapely (the notebook extra).
"""
from .._extras import require

require("thurn.viz (the plotly map and charts)", ("plotly", "shapely"))

from .board import board_figure, refresh  # noqa: E402
from .charts import score_chart, score_history, score_timeline, stacks_chart  # noqa: E402
from .colors import PLAYER_COLORS, player_colors  # noqa: E402

__all__ = ["PLAYER_COLORS", "board_figure", "player_colors", "refresh", "score_chart", "score_history",
           "score_timeline", "stacks_chart"]
