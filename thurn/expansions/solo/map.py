"""SoloPlay on the map (:class:`thurn.viz.parts.MapParts`): the route house on the starting city (option
``colour_declared=start``), the 1-point tile on its province stack, and the colour series, coach cards and discard
piles in the table under the map (the four colours' houses are drawn by the core, each colour in its own place around
a city). Every rule is asked of :mod:`.rules`."""
from __future__ import annotations

from ...piles import pile
from ...viz.board import house_color
from ...viz.parts import MapParts
from ...viz.regions import map_layout
from . import rules as so
from .parts import html_text, plural, series_words

INK = "#333333"
MARKER_COLOR = "#c9a227"          # the 1-point tile's marker on its stack's province


def route_house_trace(board, s) -> dict | None:
    """The route house on the starting city of the route being built (option ``colour_declared=start``), beside
    the city, up and left (clear of its houses below and of the route's numbered stop on it)."""
    S = so.solo(s)
    if not S.declared or S.start < 0 or s.is_over:
        return None
    x, y = board.cities[S.start].pos
    city = html_text(board.cities[S.start].name)
    return dict(type="scatter", name=f"route house · {S.declared}", x=[x - 10.0], y=[y - 9.0], mode="markers",
                hovertext=[f"the {S.declared} route house on {city}: this route is {S.declared} (SoloPlay, 4.4a)"],
                hoverinfo="text", showlegend=True, legendrank=900,
                marker=dict(symbol="pentagon", size=17, color=house_color(S.declared, INK),
                            line=dict(width=2, color=INK)))


def bonus_marker_trace(board, s) -> dict | None:
    """The 1-point tile on its province stack (SoloPlay, 4.4c), drawn on the province's name."""
    S = so.solo(s)
    if S.marker < 0:
        return None
    st = board.stacks[S.marker]
    labels = [part.label for part in map_layout(board).parts if part.province in st.provinces and part.label]
    if not labels:
        return None
    x, y = labels[0]
    more = " each completion of its region takes one more tile" if s.rules.option("bonus_tile") == "repeat" else ""
    left = plural(len(s.stacks[S.marker]), "tile")
    return dict(type="scatter", name=f"1-point tile · {html_text(st.name)}", x=[x], y=[y + 9.0], mode="markers+text",
                text=["1"], textposition="middle center", textfont=dict(size=10, color=INK, family="Arial Black"),
                hovertext=[f"the 1-point tile lies on the {html_text(st.name)} stack ({left} left)"
                           f"{':' + more if more else ''} (SoloPlay, 4.4c)"], hoverinfo="text",
                showlegend=True, legendrank=900, marker=dict(symbol="circle", size=18, color=MARKER_COLOR,
                                                             line=dict(width=1.5, color=INK)))


class SoloMap(MapParts):
    def map_traces(self, board, state) -> list:
        if state is None or so.NAME not in state.ext:
            return []
        return [t for t in (route_house_trace(board, state), bonus_marker_trace(board, state)) if t is not None]

    def map_columns(self, state) -> list:
        """The colour series (4.5), the coach cards (5; the supply's left of each) and the two discard piles (3)."""
        if so.NAME not in state.ext:
            return []
        left, done = series_words(state)
        one = len(pile(state, so.PENALTY))
        two = len(state.discard) + len(pile(state, so.COMPLETED))
        n = state.num_players
        supply = " ".join(f"{k}×{c}" for k, c in zip(state.board.carriage_levels, state.carriages_left)) + " left"
        return [("Route Planner", [html_text(left)] * n, ""),
                ("Completion<br>card", [html_text(done)] * n, ""),
                ("coach cards", [html_text(" ".join(map(str, sorted(state.players[i].carriages))) or "none")
                                 for i in range(n)], html_text(supply)),
                ("discard piles<br>1 · 2", [html_text(f"{one} (−{-so.penalty(one)}) · {two}" if one else f"0 · {two}")] * n,
                 html_text(f"deck {len(state.deck)}"))]


PARTS = SoloMap()
