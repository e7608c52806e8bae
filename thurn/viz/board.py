"""The board as a plotly figure: the provinces as regions, roads, cities, the players' houses and routes, and the
overlays.

Positions are the data's ``pos`` in millimetres on the printed board; y grows downward there, so the y axis is
reversed and the map reads as printed. Only cartesian ``go.Scatter`` traces and layout shapes (no geographic base
map: works offline). No rules here: what is drawn comes from the state (``player``, ``route``, ``houses``) or the
caller.

The provinces are filled regions, as on the printed board: each city's Voronoi cell of the land, merged per
province (layout ``path`` shapes below the roads, a light tint of the province's colour with a darker outline),
with a legend entry per province (the shape's ``name``; a free city: "free city"). The geometry, where each
city's name goes (clear of the other names and cities) and where each province's name goes (inside its region,
clear of the cities and their names) come from :mod:`.regions`, computed once per board.

Every player with a route has it drawn in his colour: the route of ``player`` (default: whose turn it is) thick
and numbered, the others' thinner, unnumbered, under it and shifted a little off the roads.

Trace names are stable, so apps and tests can find them: ``roads``, ``provinces`` (the province names), ``cities``
(the markers; their names are the trace ``city names``, drawn last, on top of everything),
``route · <player>`` (one per player with a route; ``route`` without a game), ``suggestion``, ``houses · <player>``,
``candidates``, ``placement``, ``city tiles`` (a ``first_house`` tile still on its city: Power and Glory, "Place the
round bonus tiles for the free cities on their respective cities"); and the layers of the variants switched on
(:meth:`thurn.viz.parts.MapParts.map_traces`), with a table below the map named ``expansions`` when a variant has columns
for it (:meth:`thurn.viz.parts.MapParts.map_columns`: a row per player and one for the supply). The ruleset's per-player
public piles (Power and Glory's horse cards beside the carriage) are columns of that table too, counted
(:func:`thurn.parts.pile_columns`). A board whose ``provenance`` is ``reconstructed`` says so in the title; a free
city is a diamond, with the legend entry "free city".
"""
from __future__ import annotations

import asyncio
import copy
import html
import math
import re
import weakref
from collections.abc import Iterable

import plotly.graph_objects as go

from .._html import FALLBACK_COLOR, css_color, esc
from ..board import FREE_CITY_COLOR, Board
from ..board_file import load_board
from ..errors import UnknownName
from ..parts import pile_columns
from .parts import map_parts
from ..state import GameState
from ..step_text import round_text
from ..words import step_words
from .colors import (CITY_OUTLINE, INK, NAME_SHADE, OUTLINE_SHADE, ROAD_COLOR, SEA, darker, lighter,
                     player_colors)
from .regions import CITY_FONT, CITY_MARKER, HOUSE_OFFSET, PROVINCE_FONT, ROUTE_MARKER, MapLayout, map_layout

ROUTE_SHIFT = 4.0       # mm another player's route is drawn beside the roads, so that routes on one road all show
DEFAULT_HEIGHT = 560
MARGIN_TOP, MARGIN_BOTTOM = 64, 8
PANEL_ROW = 26          # px per row of the expansions' table under the map
PANEL_HEAD = 36         # px of its header (two lines: "Postal Carrier")
LEGEND_ROW = 30         # px per row of the legend between the map and the expansions' table (as drawn in Chromium: 29)
LEGEND_WIDTH = 600      # px: the narrowest map the legend's rows are counted for (the Play app's)
PANEL_HEAD_FILL, PANEL_SUPPLY, PANEL_LINE = "#e4dcc8", "#f1ede2", "#c9bfa6"


def board_figure(obj="base", *, player=None, route=None, candidates=(), suggestion=None, placement=None,
                 title=None, height=None, widget=False, show_houses=True, viewer=-1, options=(), extras=(),
                 table=True):
    """The board, or a game on it, as a plotly figure.

    ``obj`` is a :class:`~thurn.GameState`, a :class:`~thurn.Board` or a board name. The provinces are filled
    regions with a legend entry each. With a state: every player's houses and route in his colour, the route of
    ``player`` (name or seat; default whose turn it is) on top, thick and numbered in order, the others'
    thinner. ``route`` (city names) replaces the route drawn for ``player``; ``candidates`` are cities ringed (for
    instance the cards that can extend the route); ``suggestion`` is a route drawn dashed; ``placement`` the
    cities a placement option would take, as hollow houses. ``title`` replaces the title that says what is
    shown. ``widget=True`` gives a ``go.FigureWidget`` (for :func:`refresh`), else a ``go.Figure``. ``viewer`` is
    whose secrets the figure may show (a variant's maps beside the board, the last action in the title: a seat, None
    for everyone's, -1, the default, for nobody's); ``options`` the app options switched on
    (:attr:`thurn.parts.Parts.app_options`); ``extras`` those of the scoring drawn (an outcome's, as (name, value)
    pairs: a variant's map beside the board may show them). ``table=False`` leaves out the expansions' table
    under the map: an app that shows every player's row beside the map already (the Play app's players table)
    does not show the players twice.
    """
    state, board = _state_and_board(obj)
    geo = map_layout(board)
    seat = _seat(state, player)
    colors = player_colors(state.num_players) if state is not None else []
    color = colors[seat] if seat is not None else INK
    owner = state.names[seat] if seat is not None else None
    if route is None and state is not None:
        route = _route_cities(state, seat)
    route = _cities(board, route or (), "route")

    static = _static(board)
    traces = [static["roads"], static["provinces"], _cities_trace(board, state, geo)]
    tiles = _city_tiles(board, state)         # on their cities, under the routes and the houses
    if tiles is not None:
        traces.append(tiles)
    if state is not None:       # every other player's route, thinner, under the one shown
        for i, name in enumerate(state.names):
            if i != seat and state.players[i].route:
                traces.append(_other_route(board, _route_cities(state, i), i, state.num_players, colors[i], name))
    if suggestion:
        traces.append(_suggestion(board, _cities(board, suggestion, "suggestion"), color))
    if route:
        traces.append(_route(board, route, color, owner))
    if state is not None and show_houses:
        n = state.num_players
        for i, name in enumerate(state.names):
            view = state.player(i)
            if not view.colours:
                traces.append(_houses(board, view.houses, i, n, colors[i], name))
            k = len(view.colours)                   # a player with several house colours (SoloPlay): each its
            for j, (c, houses, _) in enumerate(view.colours):      # own place on the arc, so one city's all show
                traces.append(_houses(board, houses, i * k + j, n * k, house_color(c, colors[i]), f"{name} ({c})"))
    if candidates:
        traces.append(_candidates(board, _cities(board, candidates, "candidates"), color))
    if placement:
        n = state.num_players if state is not None else 1
        traces.append(_placement(board, _cities(board, placement, "placement"), seat or 0, n, color))
    parts = map_parts(state) if state is not None else ()
    for part in parts:
        traces.extend(part.map_traces(board, state))
    traces.append(_city_names(board, geo))      # on top: no route, house or ring is drawn over a name

    sides = [m for m in (part.side_map(board, state, viewer, tuple(options), tuple(extras)) for part in parts) if m]
    layout = _layout(geo, static["shapes"], title if title is not None else _title(board, state, owner, route,
                                                                                   viewer), height)
    extra = [column for part in parts for column in part.map_columns(state)] if table else []
    if state is not None and table:
        extra += [(plotly_text(head), [plotly_text(c) for c in cells], "") for head, cells in pile_columns(state)]
    if extra:
        entries = [t["name"] for t in traces if t.get("showlegend", True)] + \
            [sh["name"] for sh in layout["shapes"] if sh.get("showlegend")]
        _panel(layout, *_panel_cells(state, colors, extra), height, _legend_rows(entries))
    for k, side in enumerate(sides[:MAX_SIDE_MAPS]):
        traces.extend(_side_map(layout, side, k + 2))
    fig = _figure(traces, layout)
    return go.FigureWidget(fig) if widget else fig


def _figure(traces: list, layout: dict) -> go.Figure:
    """The figure of ``traces`` and ``layout``, built without plotly checking each of their values again (the
    most of a map's time: 12 ms of 14): they are this module's and its map parts', checked by the tests against a
    checked build (tests/apps/test_viz.py). What is changed afterwards (a user's ``update_layout``) is checked."""
    fig = go.Figure(data=traces, layout=layout, _validate=False)
    for part in (fig, fig.layout, *fig.data):
        part._validate = True
    return fig


def refresh(fig_widget, new_figure) -> None:
    """Replace the data and layout of ``fig_widget`` (a ``go.FigureWidget``) by those of ``new_figure``, in place
    and in one batch, so the widget keeps its place in the page while the map changes.

    plotly sends a change as a delta that the page applies to its own copy of the figure, and nothing sends the
    figure again: a delta that reaches the page while plotly's widget is still starting there (its 5 MB module
    loading, its first drawing not done: seconds on a busy machine) was lost, and the map stayed one change or more
    behind for good. So the page is never left to deltas alone: the widget's whole figure (the state a view draws
    when it starts) is sent with every change, and a view that says it has drawn an older change than the last one
    sent (plotly's views answer each change, and their first drawing, with its number) is sent the whole figure
    again (:func:`_follow`); a change no view answers within seconds, on a page that has shown the map, is sent
    whole again too, and then the figure's :func:`on_unanswered` callback is called (:func:`_watch_answer`)."""
    if not isinstance(fig_widget, go.FigureWidget):
        raise TypeError(f"refresh needs a plotly FigureWidget (board_figure(..., widget=True)), "
                        f"not {type(fig_widget).__name__}.")
    if not isinstance(new_figure, go.Figure | go.FigureWidget):
        raise TypeError(f"refresh needs a plotly figure to show, not {type(new_figure).__name__}.")
    _follow(fig_widget)
    old, new = fig_widget.data, new_figure.data
    with fig_widget.batch_update():             # one update message, so the browser redraws the map once
        if [(t.type, t.name) for t in old] == [(t.type, t.name) for t in new]:
            for o, n in zip(old, new):          # the same traces: each changed in place
                o.update(_without_uid(n.to_plotly_json()), overwrite=True)
        else:
            fig_widget.data = ()
            fig_widget.add_traces(new)
        _set_layout(fig_widget, new_figure.layout)
    _send_state(fig_widget)
    _watch_answer(fig_widget)


def _set_layout(fig_widget, layout) -> None:
    """Give ``fig_widget`` the layout ``layout``: each of its parts replaced, but the regions and the look
    (plotly's template) when they are the same, so they are not checked again (the most of a change's time); the
    layout is replaced whole when a part came or went (a map beside the board)."""
    new, old = layout.to_plotly_json(), fig_widget.layout._props
    if set(new) != set(old):
        fig_widget.layout = layout
        return
    if new.get("shapes", []) == [sh.to_plotly_json() for sh in fig_widget.layout.shapes]:
        new.pop("shapes", None)
    if new.get("template") == old.get("template"):
        new.pop("template", None)
    fig_widget.layout.update(new, overwrite=True)


def _send_state(fig_widget) -> None:
    """Send the widget's whole figure as its state (``_widget_data``, ``_widget_layout``): what a view that starts
    later draws, whatever deltas its page missed."""
    fig_widget._widget_data = copy.deepcopy(fig_widget._data)
    fig_widget._widget_layout = copy.deepcopy(fig_widget._layout_obj._props)


#: After a change is sent to a page whose map has answered before, how long the map may take to answer it (seconds)
#: before the whole figure is sent again, and as long again before the figure is given up as deaf
#: (:func:`on_unanswered`).
RESEND_AFTER_S = 3.0


def _follow(fig_widget) -> None:
    """Watch the views' answers (plotly's ``_js2py_traceDeltas``: the number of the change a view has just drawn,
    after each change and after its first drawing). A view that answers a change older than the last one sent,
    and not older than the last whole figure sent to it, missed one: it is sent the whole figure, as one update."""
    if getattr(fig_widget, "_thurn_follows", False):
        return
    fig_widget._thurn_follows = True
    fig_widget._thurn_resent = 0
    fig_widget._thurn_answered = None       # the newest change a view said it has drawn; None: no view has said

    def answered(change) -> None:
        said = change["new"]
        if not said or "trace_edit_id" not in said:
            return
        drawn, last = said["trace_edit_id"], fig_widget._last_trace_edit_id
        fig_widget._thurn_answered = max(drawn, fig_widget._thurn_answered or 0)
        if drawn < last and drawn >= fig_widget._thurn_resent:
            resend_whole(fig_widget)
            fig_widget._thurn_resent = fig_widget._last_trace_edit_id

    fig_widget.observe(answered, names="_js2py_traceDeltas")


def sent(fig_widget) -> None:
    """Say that ``fig_widget`` was changed in place (not by :func:`refresh`): its whole figure goes as its state,
    and the change is watched as :func:`refresh` watches its own."""
    _follow(fig_widget)
    _send_state(fig_widget)
    _watch_answer(fig_widget)


def on_unanswered(fig_widget, callback) -> None:
    """Call ``callback(fig_widget)`` when a page that has drawn ``fig_widget`` stops answering its changes: the
    whole figure was sent again and still no view said it drew it (:func:`_watch_answer`).

    This happens: anywidget (which carries plotly's FigureWidget to the page) gives a model two seconds to load
    plotly's 5 MB module, and a model that took longer (a busy machine, a page drawing many widgets at once)
    drops every message sent to it afterwards, its view drawn but frozen. Only a new widget helps: the callback
    puts one in its place (:class:`thurn.widgets.figurebox.FigureBox`)."""
    _follow(fig_widget)
    fig_widget._thurn_unanswered = callback


def _watch_answer(fig_widget, resend: bool = True) -> None:
    """A change that no view answers is a change a page lost: when a view has answered before (a page shows the
    figure) and the kernel runs an event loop, the last change is checked after :data:`RESEND_AFTER_S` seconds;
    unanswered, the whole figure is sent again, and checked as long again; still unanswered, the figure's
    :func:`on_unanswered` callback is called. Without a page, or outside a kernel's loop, nothing is scheduled."""
    if getattr(fig_widget, "_thurn_answered", None) is None:
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    sent = fig_widget._last_trace_edit_id

    def check() -> None:
        if fig_widget._last_trace_edit_id != sent or fig_widget._thurn_answered >= sent:
            return                          # a newer change is watched by its own check, or this one was drawn
        if resend:
            resend_whole(fig_widget)
            fig_widget._thurn_resent = fig_widget._last_trace_edit_id
            _watch_answer(fig_widget, resend=False)
        elif callable(callback := getattr(fig_widget, "_thurn_unanswered", None)):
            callback(fig_widget)

    loop.call_later(RESEND_AFTER_S, check)


def resend_whole(fig_widget) -> None:
    """Send the whole figure to every view as one update (plotly's ``Plotly.update``): every attribute of every
    trace (one a trace lacks reset to its default) and every attribute of the layout."""
    traces = [_without_uid(t.to_plotly_json()) for t in fig_widget.data]
    keys = sorted({k for t in traces for k in t})
    style = {k: [t.get(k) for t in traces] for k in keys}
    fig_widget._send_update_msg(style, fig_widget.layout.to_plotly_json(), list(range(len(traces))))
    _send_state(fig_widget)


def plotly_text(value) -> str:
    """A name for a plotly label, title or hover text: plotly reads a subset of HTML there, so it is escaped."""
    return esc(value, quote=False)


def plotly_texts(values) -> list[str]:
    """Names for plotly labels, each escaped (:func:`plotly_text`)."""
    return [plotly_text(v) for v in values]


def _template(text: str) -> str:
    """Escaped text put into a hover template: a ``%`` is written as its HTML entity, so a name cannot start a
    ``%{...}`` placeholder."""
    return text.replace("%", "&#37;")


def _without_uid(props: dict) -> dict:
    props.pop("uid", None)
    props.pop("type", None)
    return props


# -- what to draw ----------------------------------------------------------------------------------------------

_STATIC: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _static(board: Board) -> dict:
    """What a board's map draws the same in every position (the roads, the province names, the regions), built
    once per board. The figure copies them: they are never changed."""
    found = _STATIC.get(board)
    if found is None:
        geo = map_layout(board)
        found = _STATIC[board] = {"roads": _roads(board), "provinces": _provinces(board, geo),
                                  "shapes": _regions(board, geo)}
    return found


def _state_and_board(obj) -> tuple[GameState | None, Board]:
    if isinstance(obj, GameState):
        return obj, obj.board
    if isinstance(obj, Board | str):
        return None, load_board(obj)
    raise TypeError(f"board_figure draws a GameState, a Board or a board name, not {type(obj).__name__}.")


def _seat(state: GameState | None, player) -> int | None:
    """The seat whose route is drawn: ``player`` (name or seat), by default whose turn it is."""
    if state is None:
        if player is None:
            return None
        raise UnknownName("player", player, [], "A board has no players: draw a game state to show a player.")
    return state.seat(player)


def _cities(board: Board, names, what: str) -> list[str]:
    """City names as the board spells them (a card named by its copy, "Hamburg (3 horseshoes)", is its city); an
    unknown one raises :class:`~thurn.UnknownCity`."""
    if isinstance(names, str):
        raise TypeError(f"{what} should be a list of city names, not the single string {names!r}.")
    return [board.city_name(board.card_key(c)[0]) for c in names]


def city_xy(board: Board, cities: Iterable[str]) -> tuple[list[float], list[float]]:
    """The map coordinates of ``cities`` (names): their x's and their y's."""
    pos = [board.city(c).pos for c in cities]
    return [p[0] for p in pos], [p[1] for p in pos]


def _roads(board: Board) -> dict:
    x, y = [], []
    for a, b in board.roads:
        (ax, ay), (bx, by) = board.city(a).pos, board.city(b).pos
        x += [ax, bx, None]
        y += [ay, by, None]
    return dict(type="scatter", name="roads", x=x, y=y, mode="lines", hoverinfo="skip", showlegend=False,
                line=dict(color=ROAD_COLOR, width=2.5))


def _provinces(board: Board, geo: MapLayout) -> dict:
    """Province names inside their regions, clear of the cities and their names (:mod:`.regions`), in a darker
    shade of the province's colour; a province drawn in parts (Power and Glory's Preußen) is named in each part."""
    x, y, text, colors = [], [], [], []
    for part in geo.parts:
        if part.label is None:
            continue
        x.append(part.label[0])
        y.append(part.label[1])
        text.append(plotly_text(part.name))
        colors.append(darker(css_color(board.province(part.province).color), NAME_SHADE))
    return dict(type="scatter", name="provinces", x=x, y=y, mode="text", text=text, hoverinfo="skip",
                showlegend=False, textposition="middle center",
                textfont=dict(size=PROVINCE_FONT, color=colors, family="Georgia, serif"))


def _regions(board: Board, geo: MapLayout) -> list[dict]:
    """The provinces as filled regions (layout shapes, below the roads): a light tint of the province's colour
    with a darker outline, and a legend entry per province (a free city: one entry for them all)."""
    shapes, named = [], set()
    for part, path in zip(geo.parts, geo.paths):
        if not path:
            continue
        if part.province is None:
            color, name, group = css_color(FREE_CITY_COLOR), "free city", "province · free city"
        else:
            color, name, group = (css_color(board.province(part.province).color), plotly_text(part.name),
                                  f"province · {part.province}")
        first = name not in named
        named.add(name)
        shape = dict(type="path", path=path, layer="below", fillcolor=lighter(color),
                     line=dict(color=darker(color, OUTLINE_SHADE), width=1.3),
                     name=name, legendgroup=group, showlegend=first, legendrank=2000)
        shapes.append(shape)
    return shapes


def _cities_trace(board: Board, state: GameState | None, geo: MapLayout) -> dict:
    owners: dict[str, list[str]] = {}
    if state is not None:
        for i, name in enumerate(state.names):
            view = state.player(i)
            if view.colours:                # a player with several house colours: his colours in each city
                here: dict[str, list[str]] = {}
                for colour, houses, _ in view.colours:
                    for c in houses:
                        here.setdefault(c, []).append(colour)
                for c, colours in here.items():
                    owners.setdefault(c, []).append(f"{name} ({' '.join(colours)})")
                continue
            for c in view.houses:
                owners.setdefault(c, []).append(name)
    x, y = city_xy(board, (c.name for c in board.cities))
    color = {p.id: css_color(p.color) for p in board.provinces}
    pname = {p.id: p.name for p in board.provinces}
    color[None], pname[None] = css_color(FREE_CITY_COLOR), "free city"      # cities in no province
    hover = [f"<b>{plotly_text(c.name)}</b><br>{plotly_text(pname[c.province])}"
             + (f"<br>houses: {plotly_text(', '.join(owners[c.name]))}" if c.name in owners else "") for c in board.cities]
    marker = dict(size=CITY_MARKER, color=[color[c.province] for c in board.cities],
                  line=dict(width=2, color=CITY_OUTLINE))
    if board.free_cities:       # a free city (Power and Glory, Placing houses) drawn as a diamond
        marker["symbol"] = [FREE_CITY_SYMBOL if c.province is None else "circle" for c in board.cities]
    return dict(type="scatter", name="cities", x=x, y=y, mode="markers",
                text=[plotly_text(c.name) for c in board.cities], hovertext=hover, hoverinfo="text", showlegend=False,
                marker=marker)


def _city_names(board: Board, geo: MapLayout) -> dict:
    """The cities' names, each where :mod:`.regions` placed it (clear of the other names, the markers and the
    houses), drawn last: a route along a road under a name, or a numbered stop beside it, never hides it."""
    x, y = city_xy(board, (c.name for c in board.cities))
    # plotly sets a text off its point by the trace's own marker: an unseen marker as wide as a numbered route
    # stop (the widest a city carries, :data:`.regions.ROUTE_MARKER`, for which the names were placed) keeps
    # every name clear of the marker on its city
    return dict(type="scatter", name="city names", x=x, y=y, mode="markers+text",
                text=[plotly_text(c.name) for c in board.cities], textposition=list(geo.text_positions),
                textfont=dict(size=CITY_FONT, color=INK), hoverinfo="skip", showlegend=False,
                marker=dict(size=ROUTE_MARKER + 2, color="rgba(0,0,0,0)", line=dict(width=0)))


FREE_CITY_SYMBOL = "diamond"
TILE_COLOR = "#d4a017"      # a city's bonus tile: a gold disc with its value, lying on the city's marker
TILE_MARKER = 12            # px: smaller than the city's marker, whose rim shows around it


def _city_tiles(board: Board, state: GameState | None) -> dict | None:
    """The bonus tiles lying on their cities (a stack of kind ``first_house``: Power and Glory, "Place
    the round bonus tiles for the free cities on their respective cities"), each drawn on its city with its value
    while it is there, gone once a player took it (Collect bonus tiles: "The player who places the first house on
    one of the free cities immediately takes the bonus tile for that city"). None when no tile lies on a city."""
    x, y, text, hover = [], [], [], []
    for st in board.stacks:
        if st.kind != "first_house" or st.city is None:
            continue
        left = state.stacks[st.index] if state is not None else st.values
        if not left:
            continue
        cx, cy = board.city(st.city).pos
        x.append(cx)
        y.append(cy)
        text.append(str(left[0]))
        hover.append(f"{plotly_text(st.name)} tile: {left[0]} point{'s' if left[0] != 1 else ''} for the first house "
                     f"in {plotly_text(board.city(st.city).name)}")
    if not x:
        return None
    return dict(type="scatter", name="city tiles", x=x, y=y, mode="markers+text", text=text,
                textposition="middle center", textfont=dict(size=9, color=INK, family="Arial Black, sans-serif"),
                hovertext=hover, hoverinfo="text", legendrank=2100,
                marker=dict(symbol="circle", size=TILE_MARKER, color=TILE_COLOR, line=dict(width=1, color=INK)))


def _offset(seat: int, n: int) -> tuple[float, float]:
    """Where seat ``seat`` of ``n`` puts its house around a city: on an arc below it (the name is above), so
    that the houses of several players in one city all stay visible."""
    angle = math.radians(90 if n == 1 else 180 - 180 * seat / (n - 1))     # y grows downward
    return HOUSE_OFFSET * math.cos(angle), HOUSE_OFFSET * math.sin(angle)


def _house_markers(board, cities, seat, n):
    dx, dy = _offset(seat, n)
    x, y = city_xy(board, cities)
    return [v + dx for v in x], [v + dy for v in y]


#: The houses' colours named by rulesets with several colours per player (SoloPlay: blue, green, red, yellow).
HOUSE_COLORS = {"blue": "#1f5fbf", "green": "#2e8b3e", "red": "#c8322d", "yellow": "#e8c21a", "black": "#222222",
                "white": "#f4f4f4", "orange": "#e07b1a", "purple": "#7a3fa0"}


def house_color(colour: str, fallback: str) -> str:
    """The colour a house colour is drawn in: a known name, a ``#rrggbb`` value, else the player's colour."""
    if colour in HOUSE_COLORS:
        return HOUSE_COLORS[colour]
    color = css_color(colour)
    return fallback if color == FALLBACK_COLOR else color


def _houses(board: Board, cities, seat: int, n: int, color: str, name: str) -> dict:
    x, y = _house_markers(board, cities, seat, n)
    name = plotly_text(name)
    return dict(type="scatter", name=f"houses · {name}", x=x, y=y, mode="markers",
                text=plotly_texts(cities), hovertemplate=f"{_template(name)}: house in %{{text}}<extra></extra>",
                marker=dict(symbol="square", size=11, color=color, line=dict(width=1.2, color=INK)))


def _route(board: Board, route: list[str], color: str, owner: str | None) -> dict:
    x, y = city_xy(board, route)
    who = f"route · {plotly_text(owner)}" if owner is not None else "route"
    return dict(type="scatter", name=who, x=x, y=y, mode="lines+markers+text",
                text=[str(i) for i in range(1, len(route) + 1)], textposition="middle center",
                textfont=dict(size=11, color="white", family="Arial Black, sans-serif"),
                customdata=plotly_texts(route),
                hovertemplate=f"{_template(who)}<br>%{{text}}. %{{customdata}}<extra></extra>",
                line=dict(color=color, width=7), opacity=0.9,
                marker=dict(size=ROUTE_MARKER, color=color, line=dict(width=1.5, color=INK)))


def _route_cities(state, seat) -> list[str]:
    """A player's route as its cities' names (a card named by its copy, "Hamburg (3 horseshoes)", is its city)."""
    board = state.board
    return [board.city_name(c) for c in board.cities_of(state.players[seat].route)]


def _other_route(board: Board, route: list[str], seat: int, n: int, color: str, owner: str) -> dict:
    """The route of a player other than the one shown: thinner, unnumbered, and shifted a little off the roads
    (each seat its own way) so that routes sharing a road all stay visible."""
    angle = math.pi / 4 + 2 * math.pi * seat / max(n, 1)
    dx, dy = ROUTE_SHIFT * math.cos(angle), ROUTE_SHIFT * math.sin(angle)
    x, y = city_xy(board, route)
    who = f"route · {plotly_text(owner)}"
    return dict(type="scatter", name=who, x=[v + dx for v in x], y=[v + dy for v in y], mode="lines+markers",
                text=[str(i) for i in range(1, len(route) + 1)], customdata=plotly_texts(route),
                hovertemplate=f"{_template(who)}<br>%{{text}}. %{{customdata}}<extra></extra>",
                line=dict(color=color, width=3.5), opacity=0.85,
                marker=dict(size=10, color=color, line=dict(width=1, color=INK)))


def _suggestion(board: Board, cities: list[str], color: str) -> dict:
    x, y = city_xy(board, cities)
    return dict(type="scatter", name="suggestion", x=x, y=y, mode="lines+markers", text=plotly_texts(cities),
                hovertemplate="suggested: %{text}<extra></extra>",
                line=dict(color=color, width=4, dash="dash"), marker=dict(size=8, color=color))


def _candidates(board: Board, cities: list[str], color: str) -> dict:
    x, y = city_xy(board, cities)
    return dict(type="scatter", name="candidates", x=x, y=y, mode="markers", text=plotly_texts(cities),
                hovertemplate="candidate: %{text}<extra></extra>",
                marker=dict(symbol="circle-open", size=30, color=color, line=dict(width=3.5, color=color)))


def _placement(board: Board, cities: list[str], seat: int, n: int, color: str) -> dict:
    x, y = _house_markers(board, cities, seat, n)
    return dict(type="scatter", name="placement", x=x, y=y, mode="markers", text=plotly_texts(cities),
                hovertemplate="a house in %{text}<extra></extra>",
                marker=dict(symbol="square-open", size=13, color=color, line=dict(width=2.5, color=color)))


# -- the variants' table under the map ------------------------------------------------------------------------

def _panel_cells(state: GameState, colors: list[str], extra: list) -> tuple[list, list, list]:
    """The variants' table: a row per player and a row for what lies on the board or in the supply, a column for
    each of the variants' ``(head, [a cell per player], supply cell)`` (:meth:`thurn.viz.parts.MapParts.map_columns`).
    Returns the header, the columns (escaped texts, a row each) and each column's cell colours."""
    n = state.num_players
    header = ["player"] + [head for head, _, _ in extra]
    columns: list[list] = [[f"<b>{plotly_text(name)}</b>" for name in state.names] + ["<i>supply</i>"]]
    columns += [list(cells) + [supply] for _, cells, supply in extra]
    fills = [[_tint(c) for c in colors] + [PANEL_SUPPLY]]
    fills += [["white"] * n + [PANEL_SUPPLY]] * (len(header) - 1)
    return header, columns, fills


def _legend_rows(entries: list[str], width: int = LEGEND_WIDTH) -> int:
    """How many rows the horizontal legend takes with these entries on a map ``width`` px wide (an entry: its
    symbol, its text at about 7 px a character, the gap)."""
    rows, used = 1, 0
    for name in entries:
        w = 46 + 7 * len(html.unescape(name))
        if used and used + w > width:
            rows, used = rows + 1, 0
        used += w
    return rows


def _panel(layout: dict, header: list, columns: list, fills: list, height: int | None, legend_rows: int = 1) -> None:
    """Put the expansions' table under the map, as rectangles and texts of the layout (named ``expansions``):
    they need no measuring by the browser, so they draw alike in a page and in a FigureWidget. The figure grows
    by the table's height: ``height`` stays the map's."""
    rows = len(columns[0])
    panel_px = PANEL_HEAD + rows * PANEL_ROW
    gap = 6 + LEGEND_ROW * legend_rows       # px between the map and the table, where the legend goes
    total = layout["height"] + panel_px + gap
    plot = total - layout["margin"]["t"] - layout["margin"]["b"]
    split = panel_px / plot
    layout["height"] = total
    layout["yaxis"]["domain"] = [split + gap / plot, 1]
    layout["legend"].update(y=split + (gap - 4) / plot, yanchor="top")

    widths = [_width([h] + col) for h, col in zip(header, columns)]
    edges = [0.0]
    for w in widths:
        edges.append(edges[-1] + w / sum(widths))
    # rows from the top: the header, then the players, then the supply
    tops = [split] + [split - (PANEL_HEAD + k * PANEL_ROW) / plot for k in range(rows)]
    bottoms = tops[1:] + [0.0]
    shapes, notes = [], []
    for c, (head, column, fill) in enumerate(zip(header, columns, fills)):
        x0, x1 = edges[c], edges[c + 1]
        left = c == 0
        for r, (value, color) in enumerate([(f"<b>{head}</b>", PANEL_HEAD_FILL)] + list(zip(column, fill))):
            y0, y1 = bottoms[r], tops[r]
            shapes.append(dict(type="rect", name="expansions", xref="paper", yref="paper", x0=x0, x1=x1, y0=y0,
                               y1=y1, fillcolor=color, line=dict(color=PANEL_LINE, width=1), layer="below"))
            notes.append(dict(name="expansions", xref="paper", yref="paper", showarrow=False, text=value,
                              x=x0 + 0.008 if left and r else (x0 + x1) / 2, xanchor="left" if left and r else "center",
                              y=(y0 + y1) / 2, yanchor="middle", font=dict(size=12 if r else 11, color=INK)))
    layout["shapes"] = list(layout.get("shapes", ())) + shapes
    layout["annotations"] = notes


def _width(texts) -> int:
    """A column's relative width: its longest line (tags aside), in characters."""
    lines = [line for t in texts for line in re.sub(r"<(?!br)[^>]*>", "", t).split("<br>")]
    return max(6, max(len(html.unescape(line)) for line in lines) + 2)


def _tint(color: str) -> str:
    """A player's colour, light enough to write on."""
    return lighter(color, 0.78)


# -- title and layout ------------------------------------------------------------------------------------------

def _title(board: Board, state: GameState | None, owner: str | None, route: list[str], viewer=-1) -> str:
    """What is shown: the board's name; for a game, the turn, who is to do what, the actions so far, the route."""
    route_text = plotly_text("–".join(route)) if route else "none"
    if state is None:
        return (plotly_text(board.name) + reconstructed_words(board)
                + (f"<br><sup>route {route_text}</sup>" if route else ""))
    if state.is_over:
        head = f"Game over after {state.round_number} rounds · {plotly_text(state.result_text())}"
    else:
        head = f"{round_text(state)} · {plotly_text(state.to_move_name)} to {plotly_text(step_words(state))}"
    history = state.history
    done = (f"{len(history)} action{'s' if len(history) != 1 else ''} played, last: {plotly_text(_last(history, viewer))}"
            if history else "no action played yet")
    where = [f"{plotly_text(board.name)}{reconstructed_words(board)}"] if board.provenance == RECONSTRUCTED else []
    lines = where + _wrap([done, f"{plotly_text(owner)}'s route: {route_text}"])
    return f"{head}<br><sup>{'<br>'.join(lines)}</sup>"


#: Characters of the title's small lines that fit across the narrowest map the apps draw (600 px: the Play app's;
#: plotly's sans-serif at about 10 px, some 6 px a character).
TITLE_CHARS = 92
TITLE_LINES = 3         # lines of the title (its head and two small lines) that fit in the top margin
TITLE_LINE = 15         # px of each small line more


def _plain(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", "", text))


def _wrap(parts: list[str], width: int = TITLE_CHARS) -> list[str]:
    """The title's small lines: ``parts`` joined by " · " while a line fits ``width`` characters, so that nothing
    is cut at the map's right edge; a part longer than a line (a long route) is broken after a "–"."""
    pieces = []
    for part in parts:
        while len(_plain(part)) > width and "–" in part:
            cut = max((i for i, ch in enumerate(part) if ch == "–" and len(_plain(part[:i + 1])) <= width),
                      default=part.index("–"))
            pieces.append(part[:cut + 1])
            part = part[cut + 1:]
        pieces.append(part)
    lines: list[str] = []
    for piece in pieces:
        if lines and len(_plain(lines[-1] + " · " + piece)) <= width and not lines[-1].endswith("–"):
            lines[-1] += " · " + piece
        else:
            lines.append(piece)
    return lines


RECONSTRUCTED = "reconstructed"


def _last(history, viewer) -> str:
    """The last action as the title may name it: an action with a secret (a variant's own, e.g. tiles sealed face
    down) in the words every other player reads, unless ``viewer`` is None (everyone's secrets shown)."""
    last = history[-1]
    hidden = getattr(last, "seen_by_others", None)
    return hidden() if viewer is not None and hidden is not None else str(last)


# -- a variant's map beside the board (thurn.viz.parts.MapParts.side_map) ---------------------------------------------

MAX_SIDE_MAPS = 2
SIDE_HEIGHT = 380       # px a map beside the board takes under it, unless it says
SIDE_TITLE = 40         # px of its title above it


def _side_map(layout: dict, side: dict, k: int) -> list:
    """Put a variant's map (:meth:`thurn.viz.parts.MapParts.side_map`) under the board, on axes of its own (``x{k}``,
    ``y{k}``), with its title above it: the figure grows by its height, whatever lay under the board (the legend,
    the expansions' table) keeps its place below it. Returns its traces, moved onto those axes."""
    px = int(side.get("height") or SIDE_HEIGHT) + SIDE_TITLE
    plot_old = layout["height"] - layout["margin"]["t"] - layout["margin"]["b"]
    plot_new = plot_old + px
    scale = plot_old / plot_new
    for sh in layout.get("shapes", ()):
        if sh.get("yref") == "paper":
            sh["y0"], sh["y1"] = sh["y0"] * scale, sh["y1"] * scale
    for note in layout.get("annotations", ()) or ():
        if note.get("yref") == "paper":
            note["y"] = note["y"] * scale
    if "y" in layout.get("legend", {}):
        layout["legend"]["y"] = layout["legend"]["y"] * scale
    lo = layout["yaxis"].get("domain", [0, 1])[0] * scale     # the board's bottom, now
    top = lo + (px - SIDE_TITLE) / plot_new                    # the side map's top; its title above it
    layout["yaxis"]["domain"] = [top + SIDE_TITLE / plot_new, 1]
    layout["height"] += px
    axis = dict(visible=False, showgrid=False, zeroline=False, fixedrange=False)
    layout[f"xaxis{k}"] = dict(axis, range=list(side["x"]), domain=[0, 1], anchor=f"y{k}")
    layout[f"yaxis{k}"] = dict(axis, range=list(side["y"]), domain=[lo + 2 / plot_new, top], anchor=f"x{k}")
    layout.setdefault("annotations", [])
    layout["annotations"] = list(layout["annotations"]) + [dict(
        name="side map", xref="paper", yref="paper", x=0.0, xanchor="left", y=top + 2 / plot_new, yanchor="bottom",
        showarrow=False, align="left", text=side.get("title", ""), font=dict(size=13, color=INK))]
    if side.get("background"):
        layout["shapes"] = list(layout.get("shapes", ())) + [dict(
            type="rect", name="side map", xref="paper", yref="paper", x0=0, x1=1, y0=lo + 2 / plot_new, y1=top,
            fillcolor=side["background"], line=dict(color=PANEL_LINE, width=1), layer="below")]
    return [dict(t, xaxis=f"x{k}", yaxis=f"y{k}") for t in side["traces"]]


def reconstructed_words(board: Board, words: str = " (reconstructed board)") -> str:
    """Said after the board's name when its file is a reconstruction (``provenance``: not the printed board); not
    said twice where the name says it already ("northern board (reconstructed)")."""
    if board.provenance != RECONSTRUCTED or RECONSTRUCTED in board.name.casefold():
        return ""
    return words


def _layout(geo: MapLayout, shapes: list, title: str, height: int | None) -> dict:
    """The map's layout. A title of more lines than :data:`TITLE_LINES` gets a taller top margin, and the figure
    grows by as much: the title never lies over the map, and the map keeps its height."""
    x0, y0, x1, y1 = geo.frame
    axis = dict(visible=False, showgrid=False, zeroline=False, fixedrange=False)
    more = TITLE_LINE * max(0, title.count("<br>") + 1 - TITLE_LINES)
    return dict(
        title=dict(text=title, x=0.01, xanchor="left", font=dict(size=15)),
        height=(height or DEFAULT_HEIGHT) + more,
        margin=dict(l=8, r=8, t=MARGIN_TOP + more, b=MARGIN_BOTTOM),
        xaxis=dict(axis, range=[x0, x1], constrain="domain"),
        yaxis=dict(axis, range=[y1, y0], scaleanchor="x", scaleratio=1, constrain="domain"),
        plot_bgcolor=SEA, paper_bgcolor="white", shapes=shapes, showlegend=True,
        legend=dict(orientation="h", x=0, y=0, yanchor="top", bgcolor="rgba(255,255,255,0.7)", font=dict(size=11)),
        hovermode="closest", dragmode="pan",
    )
