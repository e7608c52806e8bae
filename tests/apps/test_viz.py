"""The plotly layer (thurn.viz): the board figure, its overlays and title, refresh, and the score charts.

Figures are checked as data (no browser): positions, trace names, colours, numbers — against the board data and
the engine's own answers (score_records, stacks_left, apply).
"""
import copy
import html
import json
import math
import random
import re

import plotly.graph_objects as go
import pytest
import shapely

import thurn
from thurn.board_file import board_from_dict, data_dir
from thurn.sim import play_game
from thurn.viz import (PLAYER_COLORS, board_figure, player_colors, refresh, score_chart, score_history,
                       score_timeline, stacks_chart)
from thurn.viz import regions
from thurn.viz.colors import CITY_OUTLINE, INK, NAME_SHADE, contrast, darker, lighter
from thurn.viz.regions import TOUCH, label_box, map_layout, overlap, text_size

BOARD = thurn.load_board("base")
NAMES = ["Ann", "Ben", "Cid", "Dora"]


def mid_game() -> thurn.GameState:
    """Four players with houses (all four in Stuttgart, two in Ulm); Ann has a route and must play a card."""
    return thurn.GameState.from_position({"players": [
        {"name": "Ann", "hand": ["Ulm", "Innsbruck"], "route": ["Carlsruhe", "Stuttgart", "Nürnberg"],
         "houses": ["Stuttgart", "Ulm", "Mannheim", "München"], "carriages": [3], "tiles": [["route_5", 2]]},
        {"name": "Ben", "houses": ["Stuttgart", "Basel", "Zürich", "Innsbruck"], "route": ["Linz", "Salzburg"]},
        {"name": "Cid", "houses": ["Stuttgart", "Pilsen", "Lodz"]},
        {"name": "Dora", "houses": ["Stuttgart", "Ulm", "Kempten", "Passau"]}],
        "turn": {"step": "play", "draws": 1}, "seed": 7})


@pytest.fixture(scope="module")
def finished_game() -> thurn.GameState:
    return play_game(NAMES, None, seed=5)


def trace(fig, name):
    found = [t for t in fig.data if t.name == name]
    assert len(found) == 1, f"{len(found)} traces named {name!r} among {[t.name for t in fig.data]}"
    return found[0]


def names(fig) -> list[str]:
    return [t.name for t in fig.data]


def pos(city) -> tuple[float, float]:
    return BOARD.city(city).pos


# -- the board ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("obj", ["base", BOARD])
def test_a_city_marker_per_city_at_its_board_position_in_its_province_colour(obj):
    fig = board_figure(obj)
    cities = trace(fig, "cities")
    colour = {p.id: p.color for p in BOARD.provinces}
    assert list(cities.text) == [c.name for c in BOARD.cities]
    assert list(zip(cities.x, cities.y)) == [c.pos for c in BOARD.cities]
    assert list(cities.marker.color) == [colour[c.province] for c in BOARD.cities]


def test_one_grey_segment_per_road_in_one_trace():
    roads = trace(board_figure("base"), "roads")
    points = list(zip(roads.x, roads.y))
    segments = [points[i:i + 2] for i in range(0, len(points), 3)]
    assert all(p == (None, None) for p in points[2::3])
    assert len(segments) == len(BOARD.roads)
    assert {frozenset(s) for s in segments} == {frozenset((pos(a), pos(b))) for a, b in BOARD.roads}
    assert roads.mode == "lines"


def test_province_names_sit_inside_their_regions_near_their_cities():
    fig = board_figure("base")
    labels = trace(fig, "provinces")
    assert list(labels.text) == [p.name for p in BOARD.provinces]
    shapes = region_shapes(fig)
    for p, x, y in zip(BOARD.provinces, labels.x, labels.y):
        assert shapes[p.name].contains(shapely.Point(x, y)), p.name
        assert min(math.dist((x, y), pos(c)) for c in p.cities) <= 60, p.name      # by one of its cities
        assert min(math.dist((x, y), c.pos) for c in BOARD.cities) >= 20, p.name


# -- the provinces as regions ---------------------------------------------------------------------------------

def polygon_of(path: str):
    """The (multi)polygon an SVG path of straight segments (M ... L ... Z, per ring) draws."""
    rings = [[tuple(float(v) for v in pt.split(",")) for pt in ring.split("L")]
             for ring in re.findall(r"M([^MZ]+)Z", path)]
    assert rings, path
    return shapely.union_all([shapely.Polygon(r) for r in rings])


def region_shapes(fig) -> dict:
    """Each legend name's region as drawn (the layout's path shapes, parts merged)."""
    out: dict = {}
    for sh in fig.layout.shapes:
        if sh.type == "path":
            out[sh.name] = shapely.union_all([out.get(sh.name, shapely.Polygon()), polygon_of(sh.path)])
    return out


def mirrored_base() -> thurn.Board:
    """The base board mirrored left to right: the same cities, another layout."""
    d = json.loads((data_dir() / "base.json").read_text(encoding="utf-8"))
    for c in d["cities"]:
        c["pos"] = [600 - c["pos"][0], c["pos"][1]]
    d["id"], d["name"] = "mirrored", "The base board, mirrored"
    return board_from_dict(d, "mirrored.json")


def north_board() -> thurn.Board:
    """The small northern board of the board-format tests (a province in two parts, free cities), its cities
    spread as far apart as on a printed board (there they stand 40 mm apart, closer than their names are long)."""
    from tests.core.test_board_format2 import north
    d = north()
    for c in d["cities"]:
        c["pos"] = [2.5 * v for v in c["pos"]]
    return board_from_dict(d, "north.json")


BOARDS = {"base": BOARD, "mirrored": mirrored_base(), "north": north_board()}


@pytest.mark.parametrize("which", BOARDS)
def test_each_region_covers_the_cities_of_its_province_and_no_other(which):
    board = BOARDS[which]
    shapes = region_shapes(board_figure(board))
    for p in board.provinces:
        for c in board.cities:
            inside = shapes[p.name].contains(shapely.Point(c.pos))
            assert inside == (c.province == p.id), (p.name, c.name)
    free = [c for c in board.cities if c.free]
    assert ("free city" in shapes) == bool(free)
    for c in free:
        assert shapes["free city"].contains(shapely.Point(c.pos))


@pytest.mark.parametrize("which", BOARDS)
def test_the_regions_tile_the_land_without_overlapping(which):
    board = BOARDS[which]
    geo = map_layout(board)
    shapes = [polygon_of(p) for p in geo.paths]
    assert sum(s.area for s in shapes) == pytest.approx(geo.land.area, rel=1e-3)
    assert shapely.union_all(shapes).area == pytest.approx(geo.land.area, rel=1e-3)
    x0, y0, x1, y1 = geo.frame
    assert geo.land.within(shapely.box(x0 - 0.1, y0 - 0.1, x1 + 0.1, y1 + 0.1))
    assert not geo.land.equals(shapely.box(x0, y0, x1, y1))        # the land's outline is no rectangle


def test_a_province_in_two_parts_has_two_regions_and_one_legend_entry():
    board = BOARDS["north"]
    fig = board_figure(board)
    preussen = [sh for sh in fig.layout.shapes if sh.name == "Preußen"]
    assert len(preussen) == 2 and [sh.showlegend for sh in preussen] == [True, False]
    assert len({sh.legendgroup for sh in preussen}) == 1           # one click hides both
    assert list(trace(fig, "provinces").text).count("Preußen") == 2


@pytest.mark.parametrize("which", BOARDS)
def test_each_province_has_one_legend_entry_in_its_colour(which):
    board = BOARDS[which]
    fig = board_figure(board)
    entries = [sh for sh in fig.layout.shapes if sh.showlegend]
    expected = [p.name for p in board.provinces] + (["free city"] if board.free_cities else [])
    assert [sh.name for sh in entries] == expected
    for p in board.provinces:
        for sh in fig.layout.shapes:
            if sh.name == p.name:
                assert sh.fillcolor == lighter(p.color) and sh.line.color == darker(p.color, 0.72)
                assert sh.layer == "below"
    assert fig.layout.showlegend is True


def test_names_are_readable_on_the_regions_and_pale_cities_stand_out():
    """Every province's name on its own fill and every city's name on any fill reach the contrast of normal text
    (WCAG 4.5); a city's dark rim stands out on every fill, Baiern's beige included."""
    for p in BOARD.provinces:
        fill = lighter(p.color)
        assert contrast(darker(p.color, NAME_SHADE), fill) >= 4.5, p.name
        assert contrast(INK, fill) >= 4.5, p.name
        assert contrast(CITY_OUTLINE, fill) >= 7, p.name
    cities = trace(board_figure("base"), "cities")
    assert cities.marker.line.color == CITY_OUTLINE and cities.marker.line.width >= 2
    assert contrast(CITY_OUTLINE, BOARD.province("Baiern").color) >= 7


# -- labels -------------------------------------------------------------------------------------------------------

def province_box(name, x, y):
    """A province name's box: centred on its point (plotly's ``middle center``)."""
    w, h = text_size(name, regions.PROVINCE_FONT)
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def drawn_boxes(board):
    """The city names' boxes as the figure places them (its textposition) and the cities' marker boxes."""
    cities = trace(board_figure(board), "city names")
    labels = [label_box(x, y, where, *text_size(name, regions.CITY_FONT))
              for name, x, y, where in zip(cities.text, cities.x, cities.y, cities.textposition)]
    return labels, list(map_layout(board).marker_boxes)


@pytest.mark.parametrize("which", BOARDS)
def test_no_city_name_overlaps_another_name_or_a_city(which):
    labels, markers = drawn_boxes(BOARDS[which])
    for i, a in enumerate(labels):
        for j, b in enumerate(labels[:i]):
            assert overlap(a, b) <= TOUCH, (which, i, j)
        for j, m in enumerate(markers):
            assert j == i or overlap(a, m) <= TOUCH, (which, i, j)


@pytest.mark.parametrize("which", BOARDS)
def test_no_province_name_overlaps_a_city_name_a_city_or_another_province_name(which):
    board = BOARDS[which]
    fig = board_figure(board)
    labels, markers = drawn_boxes(board)
    names = trace(fig, "provinces")
    boxes = [province_box(n, x, y) for n, x, y in zip(names.text, names.x, names.y)]
    for i, b in enumerate(boxes):
        assert all(overlap(b, o) <= TOUCH for o in labels + markers), names.text[i]
        assert all(overlap(b, o) <= TOUCH for o in boxes[:i]), names.text[i]


def test_hohenzollern_is_no_longer_written_over_freiburg():
    """The issue's example: the name Hohenzollern was printed over Freiburg."""
    names = trace(board_figure("base"), "provinces")
    x, y = next((x, y) for n, x, y in zip(names.text, names.x, names.y) if n == "Hohenzollern")
    box = province_box("Hohenzollern", x, y)
    labels, markers = drawn_boxes(BOARD)
    i = BOARD.index("Freiburg")
    assert overlap(box, labels[i]) <= TOUCH and overlap(box, markers[i]) <= TOUCH


def test_a_crowded_city_name_moves_aside():
    """Two cities side by side, closer than their names are long: the names take different places."""
    d = json.loads((data_dir() / "base.json").read_text(encoding="utf-8"))
    d["cities"][BOARD.index("Ulm")]["pos"] = [BOARD.city("Sigmaringen").pos[0] + 40, BOARD.city("Sigmaringen").pos[1]]
    d["id"] = "crowded"
    board = board_from_dict(d, "crowded.json")
    positions = map_layout(board).text_positions
    assert positions[board.index("Ulm")] != positions[board.index("Sigmaringen")] or \
        "center" not in positions[board.index("Ulm")]
    labels, markers = drawn_boxes(board)
    assert all(overlap(a, b) <= TOUCH for i, a in enumerate(labels) for b in labels[:i])


def test_the_layout_is_computed_once_per_board(monkeypatch):
    board = mirrored_base()
    calls = []
    compute = regions.compute_layout
    monkeypatch.setattr(regions, "compute_layout", lambda b: calls.append(b) or compute(b))
    first = map_layout(board)
    for _ in range(3):
        board_figure(board)
    assert map_layout(board) is first and calls == [board]
    assert map_layout(BOARD) is map_layout(thurn.load_board("base"))


def test_the_map_is_flat_equal_scale_not_upside_down_and_without_axes():
    fig = board_figure("base")
    assert {t.type for t in fig.data} == {"scatter"}
    assert fig.layout.yaxis.scaleanchor == "x" and fig.layout.yaxis.scaleratio == 1
    assert fig.layout.yaxis.range[0] > fig.layout.yaxis.range[1]      # y grows downward, as printed
    assert fig.layout.xaxis.visible is False and fig.layout.yaxis.visible is False
    assert fig.layout.geo.to_plotly_json() == {}


def test_the_board_alone_is_titled_with_its_name_and_has_no_houses_or_route():
    fig = board_figure("base")
    assert fig.layout.title.text == BOARD.name
    assert names(fig) == ["roads", "provinces", "cities", "city names"]


def test_a_figure_has_stable_trace_names_for_a_game():
    fig = board_figure(mid_game())
    assert names(fig) == ["roads", "provinces", "cities", "route · Ben", "route · Ann",
                          "houses · Ann", "houses · Ben", "houses · Cid", "houses · Dora", "city names"]


@pytest.mark.parametrize("overlays", [{}, {"candidates": ["Ulm"], "suggestion": ["Ulm", "Augsburg"],
                                       "placement": ["Ulm"]}])
def test_the_city_names_are_drawn_last_over_every_route_house_and_ring(overlays):
    """A route runs along the roads, and a name may lie on a road (issue 33: the route over "Hannover" and
    "Göttingen" on the northern board): the names are the last trace, so nothing is drawn over them; the markers
    carry no text of their own (each name is drawn once)."""
    fig = board_figure(mid_game(), **overlays)
    assert names(fig)[-1] == "city names"
    labels, markers = trace(fig, "city names"), trace(fig, "cities")
    assert labels.mode == "markers+text" and "text" not in markers.mode
    # set off their cities by an unseen marker as wide as a numbered route stop, the widest a city carries
    assert labels.marker.size >= regions.ROUTE_MARKER and labels.marker.color == "rgba(0,0,0,0)"
    assert list(labels.text) == list(markers.text) == [c.name for c in BOARD.cities]
    assert list(labels.textposition) == list(map_layout(BOARD).text_positions)
    assert labels.hoverinfo == "skip"        # the hover stays the city marker's


def test_the_figure_is_plain_json_and_offline():
    fig = board_figure(mid_game(), candidates=["Ulm"], suggestion=["Ulm", "Augsburg"], placement=["Ulm"])
    data = json.loads(fig.to_json())
    assert {t["type"] for t in data["data"]} == {"scatter"}
    assert not {"geo", "mapbox", "map", "images"} & set(data["layout"])
    html = fig.to_html(include_plotlyjs=True, full_html=True)
    assert "<script src=" not in html          # plotly.js is embedded, nothing is fetched


# -- houses and the route -------------------------------------------------------------------------------------

def test_houses_are_drawn_in_the_players_colours_at_their_cities():
    state = mid_game()
    fig = board_figure(state)
    colours = player_colors(4)
    for seat, name in enumerate(NAMES):
        houses = trace(fig, f"houses · {name}")
        assert houses.marker.color == colours[seat]
        assert list(houses.text) == list(state.player(name).houses)
        for city, x, y in zip(houses.text, houses.x, houses.y):
            assert 5 < math.dist((x, y), pos(city)) < 20            # beside the city, not on it
            nearest = min(BOARD.cities, key=lambda c: math.dist((x, y), c.pos))
            assert nearest.name == city


def test_houses_of_several_players_in_one_city_do_not_hide_each_other():
    fig = board_figure(mid_game())
    at_stuttgart = [(x, y) for name in NAMES for t in [trace(fig, f"houses · {name}")]
                    for c, x, y in zip(t.text, t.x, t.y) if c == "Stuttgart"]
    assert len(at_stuttgart) == 4
    assert min(math.dist(a, b) for i, a in enumerate(at_stuttgart) for b in at_stuttgart[i + 1:]) >= 10


def test_the_route_of_the_current_player_is_numbered_in_order_in_his_colour():
    fig = board_figure(mid_game())
    route = trace(fig, "route · Ann")
    assert list(route.text) == ["1", "2", "3"]
    assert list(zip(route.x, route.y)) == [pos(c) for c in ["Carlsruhe", "Stuttgart", "Nürnberg"]]
    assert list(route.customdata) == ["Carlsruhe", "Stuttgart", "Nürnberg"]
    assert route.line.color == PLAYER_COLORS[0]
    assert "lines" in route.mode and "text" in route.mode


@pytest.mark.parametrize("player", ["Ben", "ben", 1])
def test_the_route_of_another_player_by_name_or_seat(player):
    fig = board_figure(mid_game(), player=player)
    route = trace(fig, "route · Ben")
    assert list(route.customdata) == ["Linz", "Salzburg"]
    assert list(route.text) == ["1", "2"]
    assert route.line.color == PLAYER_COLORS[1]
    assert "text" in route.mode and route.line.width == 7
    ann = trace(fig, "route · Ann")                 # drawn too, but thinner and not numbered
    assert "text" not in ann.mode and ann.line.width < route.line.width
    assert names(fig).index("route · Ann") < names(fig).index("route · Ben")      # under the one shown


def test_every_players_route_is_drawn_in_his_colour():
    state = thurn.GameState.from_position({"players": [
        {"name": "Ann", "route": ["Carlsruhe", "Stuttgart", "Nürnberg"]},
        {"name": "Ben", "route": ["Linz", "Salzburg"]},
        {"name": "Cid"},
        {"name": "Dora", "route": ["Stuttgart", "Nürnberg", "Regensburg"]}],
        "turn": {"step": "play", "draws": 1}})
    fig = board_figure(state)
    for seat, name in enumerate(NAMES):
        found = [t for t in fig.data if t.name == f"route · {name}"]
        if not state.player(name).route:
            assert not found
            continue
        route = found[0]
        assert route.line.color == PLAYER_COLORS[seat] and list(route.customdata) == list(state.player(name).route)
        if seat != state.to_move:
            # beside its cities, each seat shifted its own way: Ann's and Dora's Stuttgart–Nürnberg both show
            for city, x, y in zip(route.customdata, route.x, route.y):
                assert 2 < math.dist((x, y), pos(city)) < 6
    ann, dora = trace(fig, "route · Ann"), trace(fig, "route · Dora")
    assert min(math.dist((ann.x[i], ann.y[i]), (dora.x[j], dora.y[j])) for i in (1, 2) for j in (0, 1)) > 2
    assert all(t.showlegend is not False for t in fig.data if t.name.startswith("route · "))


def test_a_route_given_replaces_the_players_route_and_the_others_stay():
    fig = board_figure(mid_game(), route=["ulm", "Augsburg", "munchen"])
    assert list(trace(fig, "route · Ann").customdata) == ["Ulm", "Augsburg", "München"]
    assert list(trace(fig, "route · Ben").customdata) == ["Linz", "Salzburg"]
    cid = board_figure(mid_game(), player="Cid")          # Cid has no route: only the others' are drawn
    assert [n for n in names(cid) if n.startswith("route")] == ["route · Ann", "route · Ben"]
    assert "text" not in trace(cid, "route · Ann").mode
    assert not any(n.startswith("route") for n in names(board_figure("base")))


# -- overlays -------------------------------------------------------------------------------------------------

OVERLAYS = ("candidates", "suggestion", "placement")


def test_overlays_appear_only_when_asked():
    state = mid_game()
    assert not set(OVERLAYS) & set(names(board_figure(state)))
    fig = board_figure(state, candidates=["Ulm", "Regensburg"], suggestion=["Nürnberg", "Regensburg", "Passau"],
                       placement=["Ingolstadt", "Augsburg"])
    assert set(OVERLAYS) <= set(names(fig))
    for kind in OVERLAYS:
        only = board_figure(state, **{kind: ["Ulm", "Augsburg"]})
        assert [n for n in names(only) if n in OVERLAYS] == [kind]


def test_candidates_are_rings_at_the_cities():
    ring = trace(board_figure(mid_game(), candidates=["Ulm", "Regensburg"]), "candidates")
    assert list(zip(ring.x, ring.y)) == [pos("Ulm"), pos("Regensburg")]
    assert ring.marker.symbol == "circle-open"


def test_a_suggestion_is_a_dashed_route_through_its_cities_in_order():
    line = trace(board_figure(mid_game(), suggestion=["Nürnberg", "Regensburg", "Passau"]), "suggestion")
    assert list(zip(line.x, line.y)) == [pos(c) for c in ["Nürnberg", "Regensburg", "Passau"]]
    assert line.line.dash == "dash"


def test_a_placement_is_hollow_houses_of_the_player_where_his_houses_would_stand():
    fig = board_figure(mid_game(), player="Dora", placement=["Ingolstadt", "Augsburg"])
    hollow = trace(fig, "placement")
    assert list(hollow.text) == ["Ingolstadt", "Augsburg"]
    assert hollow.marker.symbol == "square-open" and hollow.marker.color == PLAYER_COLORS[3]
    dora = trace(fig, "houses · Dora")
    house_offset = (dora.x[0] - pos(dora.text[0])[0], dora.y[0] - pos(dora.text[0])[1])
    for city, x, y in zip(hollow.text, hollow.x, hollow.y):
        assert (x - pos(city)[0], y - pos(city)[1]) == pytest.approx(house_offset)


def test_an_unknown_city_in_an_overlay_is_named():
    with pytest.raises(thurn.UnknownCity, match="Nurnburg"):
        board_figure("base", suggestion=["Ulm", "Nurnburg"])
    with pytest.raises(TypeError, match="list of city names"):
        board_figure("base", candidates="Ulm")


# -- title -------------------------------------------------------------------------------------------------------

def test_the_title_says_whose_turn_which_step_and_the_route():
    title = board_figure(mid_game()).layout.title.text
    assert "Round 1" in title and "Ann to play" in title
    assert "Carlsruhe–Stuttgart–Nürnberg" in title and "no action played yet" in title


def test_the_title_words_the_step_and_marks_the_last_round():
    """Issue 33: the step in the game's words, never its internal name ("solo_official step"); the last round
    marked once the end is triggered (base rules, Game End). Every ruleset alone (tests/support/rulesets.py), played
    eagerly (random, scoring whenever it can: games that end)."""
    from thurn.step_text import round_text

    from tests.conformance.invariants import eager
    from tests.support.rulesets import ALONE, NAMES, player_counts

    ended = 0
    for board, expansions in ALONE:
        players = NAMES[:player_counts(board, expansions)[0]]          # (two, or SoloPlay's one)
        state = thurn.new_game(players, seed=2, rules={"expansions": list(expansions), "board": board})
        rng, marked, last_round = random.Random(2), False, False
        for k in range(5000):
            if state.is_over:
                break
            last_round |= state.end_by is not None
            if k % 25 == 0 or (state.end_by is not None and not marked):   # (each title costs a figure)
                title = board_figure(state).layout.title.text
                assert f"({state.step} step)" not in title and "_" not in title.split("<br>")[0]
                assert title.startswith(round_text(state))
                marked |= "· the last " in title
            state = state.apply(eager(state, rng))
        assert marked == last_round, expansions     # (marked whenever a state of the last round was shown)
        ended += marked
    assert ended


def test_the_title_changes_after_every_action():
    state = thurn.new_game(NAMES, seed=3)
    titles = [board_figure(state).layout.title.text]
    for _ in range(6):
        action = state.legal_actions()[0]
        state = state.apply(action)
        titles.append(board_figure(state).layout.title.text)
        assert str(action) in titles[-1]
        assert f"{len(state.history)} action" in titles[-1]
    assert len(set(titles)) == len(titles)


def test_a_finished_game_is_titled_with_its_winner(finished_game):
    title = board_figure(finished_game).layout.title.text
    assert "Game over" in title and finished_game.winner() in title


def test_a_title_given_replaces_the_title():
    assert board_figure(mid_game(), title="Where Ann can go").layout.title.text == "Where Ann can go"


# -- errors -------------------------------------------------------------------------------------------------------

def test_an_unknown_player_is_named_with_a_suggestion():
    with pytest.raises(thurn.UnknownName, match="Bem.*Ben"):
        board_figure(mid_game(), player="Bem")


def test_a_seat_that_does_not_exist_is_refused():
    with pytest.raises(ValueError, match="seat 7"):
        board_figure(mid_game(), player=7)


def test_a_board_alone_has_no_players():
    with pytest.raises(thurn.UnknownName, match="no players"):
        board_figure("base", player="Ann")


def test_something_that_is_no_board_is_refused():
    with pytest.raises(TypeError, match="GameState, a Board or a board name"):
        board_figure(42)
    with pytest.raises(thurn.UnknownName, match="board"):
        board_figure("atlantis")


# -- widgets and speed ----------------------------------------------------------------------------------------

def test_refresh_keeps_the_figure_widget_and_replaces_its_data_and_layout():
    state = mid_game()
    widget = board_figure("base", widget=True)
    assert isinstance(widget, go.FigureWidget)
    same = widget
    new = board_figure(state, candidates=["Ulm"])
    refresh(widget, new)
    assert widget is same
    assert names(widget) == names(new)
    assert widget.layout.title.text == new.layout.title.text
    assert list(trace(widget, "houses · Dora").text) == list(state.player("Dora").houses)
    refresh(widget, board_figure("base"))
    assert names(widget) == ["roads", "provinces", "cities", "city names"]


def test_after_a_refresh_the_widget_shows_the_new_figure_exactly():
    """Whatever changes (the traces, the title, a map beside the board coming or going: the Audience's Rome
    strip), the widget's figure is the new one: its regions and look kept when the same, never a part left over."""
    def figure_json(fig):
        out = fig.to_plotly_json()
        for t in out["data"]:
            t.pop("uid", None)
        return out

    base, audience = mid_game(), thurn.new_game(["Ann", "Ben"], seed=3, rules={"expansions": ["audience"]})
    widget = board_figure("base", widget=True)
    for new in (board_figure(base), board_figure(base, candidates=["Ulm"]), board_figure(audience),
                board_figure(audience, title="another"), board_figure(base, route=["Ulm", "Augsburg"]),
                board_figure("base")):
        refresh(widget, new)
        assert figure_json(widget) == figure_json(new)


def test_refresh_with_the_same_traces_sends_one_update(monkeypatch):
    """The same trace names: properties are updated in place, in one message (one redraw in the browser)."""
    state = mid_game()
    widget = board_figure(state, widget=True)
    sent = []
    for name in ("_send_update_msg", "_send_addTraces_msg", "_send_deleteTraces_msg", "_send_relayout_msg",
                 "_send_restyle_msg"):
        monkeypatch.setattr(widget, name, lambda *a, _n=name, **k: sent.append(_n))
    new = board_figure(state, title="another title", route=["Ulm", "Augsburg", "München"])
    assert names(new) == names(widget)
    refresh(widget, new)
    assert sent == ["_send_update_msg"]
    assert widget.layout.title.text == "another title"
    for old, fresh in zip(widget.data, new.data):
        a, b = old.to_plotly_json(), fresh.to_plotly_json()
        a.pop("uid", None), b.pop("uid", None)
        assert a == b


def _figure_of(widget) -> tuple[list, dict]:
    return copy.deepcopy(widget._data), copy.deepcopy(widget._layout_obj._props)


def test_after_a_refresh_the_widget_s_state_is_its_whole_figure():
    """Issue 33, the map not redrawn under load: plotly sends a change as a delta to the page's copy of the figure,
    and a view that starts later draws the widget's state (``_widget_data``, ``_widget_layout``). That state was
    never sent again after the widget was made, so a delta the page missed while plotly's widget was starting
    left the map stale for good: now every refresh sends the whole figure as the state."""
    state = mid_game()
    widget = board_figure("base", widget=True)
    for fig in (board_figure(state), board_figure(state, candidates=["Ulm"]), board_figure("base")):
        refresh(widget, fig)
        data, layout = _figure_of(widget)
        assert widget._widget_data == data and widget._widget_layout == layout
        assert widget._widget_layout["title"]["text"] == fig.layout.title.text


def test_a_view_that_drew_an_older_change_is_sent_the_whole_figure_once(monkeypatch):
    """plotly's views answer each change, and their first drawing, with the number of the change drawn
    (``_js2py_traceDeltas``). A view that answers an older change than the last sent missed one: the whole
    figure goes again, in one update; answers older than that re-sending, or of the last change, send nothing."""
    state = mid_game()
    widget = board_figure("base", widget=True)
    refresh(widget, board_figure(state))
    refresh(widget, board_figure(state, candidates=["Ulm"]))
    sent = []
    real = widget._send_update_msg
    monkeypatch.setattr(widget, "_send_update_msg", lambda *a, **k: (sent.append(a), real(*a, **k)))
    last = widget._last_trace_edit_id
    widget._js2py_traceDeltas = {"trace_deltas": [], "trace_edit_id": last}         # up to date: nothing
    assert sent == []
    widget._js2py_traceDeltas = {"trace_deltas": [], "trace_edit_id": last - 1}     # one behind: all again
    assert len(sent) == 1
    style, layout, traces = sent[0]
    assert traces == list(range(len(widget.data)))
    seq = lambda v: None if v is None else list(v)                                 # noqa: E731
    assert style["text"] == [seq(t.text) for t in widget.data] and style["x"] == [seq(t.x) for t in widget.data]
    assert layout == widget.layout.to_plotly_json() and layout["title"]["text"] == widget.layout.title.text
    widget._js2py_traceDeltas = {"trace_deltas": [], "trace_edit_id": last}         # sent before the resend
    widget._js2py_traceDeltas = {"trace_deltas": [], "trace_edit_id": widget._last_trace_edit_id}
    assert len(sent) == 1


def test_a_change_no_view_answers_is_sent_whole_again_then_given_up_in_a_kernel_loop(monkeypatch):
    """Issue 33, CI at b73b5bb: the review's map kept its old title after a click, no view having said it drew the
    change. When a view has answered before (a page shows the map) and a kernel's event loop runs, a change left
    unanswered is sent whole again after :data:`RESEND_AFTER_S`, and still unanswered the figure's
    ``on_unanswered`` callback is called; an answered change, or a widget no page has shown, calls nothing."""
    import asyncio

    import thurn.viz.board as vb
    monkeypatch.setattr(vb, "RESEND_AFTER_S", 0.02)
    state = mid_game()

    async def play(answer_first: bool, answer_after: bool) -> tuple[int, list]:
        widget = board_figure("base", widget=True)
        given_up = []
        vb.on_unanswered(widget, given_up.append)
        refresh(widget, board_figure(state))
        if answer_first:        # a page drew the figure once
            widget._js2py_traceDeltas = {"trace_deltas": [], "trace_edit_id": widget._last_trace_edit_id}
        refresh(widget, board_figure(state, candidates=["Ulm"]))
        before = widget._last_trace_edit_id
        if answer_after:
            widget._js2py_traceDeltas = {"trace_deltas": [], "trace_edit_id": widget._last_trace_edit_id}
        await asyncio.sleep(0.3)
        return widget._last_trace_edit_id - before, [w is widget for w in given_up]

    assert asyncio.run(play(answer_first=True, answer_after=False)) == (1, [True])   # sent again, then given up
    assert asyncio.run(play(answer_first=True, answer_after=True)) == (0, [])
    assert asyncio.run(play(answer_first=False, answer_after=False)) == (0, [])
    widget = board_figure("base", widget=True)          # outside an event loop (a script, a test): nothing waits
    widget._js2py_traceDeltas = {"trace_deltas": [], "trace_edit_id": widget._last_trace_edit_id}
    refresh(widget, board_figure(state, candidates=["Ulm"]))
    before = widget._last_trace_edit_id
    asyncio.run(asyncio.sleep(0.1))
    assert widget._last_trace_edit_id == before


def test_a_figure_box_puts_a_fresh_figure_in_place_of_a_deaf_one(monkeypatch):
    """anywidget drops every change sent to a FigureWidget whose module took over two seconds to load in the page:
    the map is drawn, then frozen. Given up (:func:`thurn.viz.board.on_unanswered`), the figure is replaced in its
    box by a new widget showing the same figure, the deaf one closed; at most MAX_RENEWALS times per box."""
    import asyncio

    import thurn.viz.board as vb
    from thurn.widgets.figurebox import MAX_RENEWALS, FigureBox
    monkeypatch.setattr(vb, "RESEND_AFTER_S", 0.01)
    state = mid_game()
    box = FigureBox(board_figure("base", widget=True))
    first = box.figure
    shown = []

    async def click(k: int) -> None:
        figure = box.figure
        figure._js2py_traceDeltas = {"trace_deltas": [], "trace_edit_id": figure._last_trace_edit_id}
        refresh(box.figure, board_figure(state, title=f"click {k}"))
        await asyncio.sleep(0.15)       # no answer: sent whole again, then renewed
        shown.append(box.figure)

    for k in range(MAX_RENEWALS + 1):
        asyncio.run(click(k))
    assert box.renewals == MAX_RENEWALS
    assert len({id(f) for f in [first, *shown]}) == MAX_RENEWALS + 1
    assert first.comm is None, "the deaf figure is closed"
    assert box.figure.layout.title.text == f"click {MAX_RENEWALS}"
    assert [t.name for t in box.figure.data] == [t.name for t in board_figure(state).data]
    with pytest.raises(TypeError, match="FigureWidget"):
        FigureBox(board_figure("base"))


def test_a_long_title_wraps_and_the_map_keeps_its_height():
    """Issue 33: the title's small line was cut at the map's edge ("…Bremen–Münst"). Each small line fits the Play
    app's 600 px (:data:`thurn.viz.board.TITLE_CHARS`), the route broken after a "–", and a title of more lines
    gets a taller top margin, the figure as much taller: the map's own height is kept."""
    from thurn.viz.board import TITLE_CHARS
    route = ["Würzburg", "Nürnberg", "Regensburg", "Passau", "Linz", "Salzburg", "Innsbruck", "Kempten", "Ulm",
             "Stuttgart", "Carlsruhe", "Mannheim"]
    short = board_figure(mid_game())
    fig = board_figure(mid_game(), route=route)
    small = re.search(r"<sup>(.*)</sup>", fig.layout.title.text).group(1).split("<br>")
    assert len(small) >= 2 and all(len(html.unescape(line)) <= TITLE_CHARS for line in small)
    assert "–".join(route) in "".join(small)
    plot = lambda f: f.layout.height - f.layout.margin.t - f.layout.margin.b      # noqa: E731
    assert fig.layout.margin.t > short.layout.margin.t and plot(fig) == plot(short)


def test_refresh_needs_a_figure_widget():
    with pytest.raises(TypeError, match="FigureWidget"):
        refresh(board_figure("base"), board_figure("base"))


# -- colours --------------------------------------------------------------------------------------------------

def test_player_colours_are_distinct_and_not_province_colours():
    colours = player_colors(4)
    assert colours == list(PLAYER_COLORS[:4]) and len(set(colours)) == 4
    assert not set(c.lower() for c in PLAYER_COLORS) & {p.color.lower() for p in BOARD.provinces}
    with pytest.raises(ValueError, match="number of players"):
        player_colors(len(PLAYER_COLORS) + 1)


# -- charts ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("which", ["mid", "finished"])
def test_the_score_chart_adds_up_to_the_engines_scores(which, finished_game):
    state = mid_game() if which == "mid" else finished_game
    fig = score_chart(state)
    records = state.score_records()
    assert [t.name for t in fig.data] == ["carriage", "bonus tiles", "unplaced houses"]
    assert fig.layout.barmode == "relative"
    for i, r in enumerate(records):
        assert [t.y[i] for t in fig.data] == [r["carriage"], r["tiles"], r["unplaced_houses"]]
        assert sum(t.y[i] for t in fig.data) == r["total"]
        assert fig.layout.annotations[i].text == f"<b>total {r['total']}</b>"
    assert list(fig.data[0].x) == [r["player"] for r in records]
    assert fig.layout.yaxis.title.text and fig.layout.xaxis.title.text


def stacks_in_chart(fig) -> list[list[int]]:
    """The tiles of each stack as drawn, top first (the traces are levels, bottom first)."""
    stacks = [[] for _ in fig.data[0].x]
    for level in fig.data:
        for i, (y, text) in enumerate(zip(level.y, level.text)):
            if y is not None:
                stacks[i].insert(0, int(text))
    return stacks


def test_the_stacks_chart_shows_the_tiles_left_on_each_stack():
    state = mid_game()
    fig = stacks_chart(state)
    left = state.stacks_left()
    assert list(fig.data[0].x) == [BOARD.stack(s).name for s in left]
    assert stacks_in_chart(fig) == list(left.values())
    assert left["route_5"] == [1]                # Ann holds the 2, so the chart shows what is really left


def test_the_stacks_chart_marks_an_empty_stack(finished_game):
    left = finished_game.stacks_left()
    fig = stacks_chart(finished_game)
    assert stacks_in_chart(fig) == list(left.values())
    empty = [BOARD.stack(s).name for s, v in left.items() if not v]
    assert empty, "the seeded game should have emptied a stack"
    assert [a.x for a in fig.layout.annotations] == empty


def test_the_score_timeline_ends_at_the_final_scores(finished_game):
    fig = score_timeline(finished_game)
    assert [t.name for t in fig.data] == NAMES
    assert [t.y[-1] for t in fig.data] == finished_game.returns()
    root = finished_game.root
    assert [t.y[0] for t in fig.data] == root.returns()
    for seat, t in enumerate(fig.data):
        assert list(t.x) == list(range(len(t.x)))
        assert t.x[-1] == finished_game.turns_taken(seat)
        assert t.line.color == PLAYER_COLORS[seat]
    assert finished_game.winner() in fig.layout.title.text


def test_the_score_timeline_of_a_game_in_progress_follows_the_replay():
    state = thurn.new_game(NAMES, seed=5)
    for action in play_game(NAMES, None, seed=5).history[:900]:
        state = state.apply(action)
    rows = score_history(state)
    for seat in range(4):
        mine = [r for r in rows if r["seat"] == seat]
        assert [r["turn"] for r in mine] == list(range(state.turns_taken(seat) + 1))
        if seat != state.to_move:                 # only the player to move may have scored since his last turn
            assert mine[-1]["score"] == state.returns()[seat]
    # a score after a turn is the score of the position where that turn ended
    replayed = state.root
    ends = {}
    for action in state.history:
        before = [replayed.turns_taken(i) for i in range(4)]
        replayed = replayed.apply(action)
        for i in range(4):
            if replayed.turns_taken(i) != before[i]:
                ends[(i, replayed.turns_taken(i))] = replayed.returns()[i]
    assert {(r["seat"], r["turn"]): r["score"] for r in rows if r["turn"] > 0} == ends


def test_charts_need_a_game_state():
    for chart in (score_chart, stacks_chart, score_timeline):
        with pytest.raises(TypeError, match="GameState"):
            chart("base")


def test_with_the_expansions_table_the_legend_keeps_its_rows_clear_of_the_table():
    """The provinces lengthen the legend: between the map and the expansions' table there is room for each of its
    rows on a map as narrow as the Play app's (about 7 px a character and 46 px for an entry's symbol)."""
    state = thurn.new_game(NAMES, seed=1, rules={"expansions": ["messenger", "offices"]})
    fig = board_figure(state)
    entries = [t.name for t in fig.data if t.showlegend is not False] + \
        [sh.name for sh in fig.layout.shapes if sh.showlegend]
    assert len(entries) >= 4 + len(BOARD.provinces)
    rows = math.ceil(sum(46 + 7 * len(e) for e in entries) / 600)
    assert rows >= 2
    plot = fig.layout.height - fig.layout.margin.t - fig.layout.margin.b
    table_top = max(sh.y1 for sh in fig.layout.shapes if sh.name == "expansions")
    assert (fig.layout.legend.y - table_top) * plot >= 29 * rows     # a legend row as Chromium draws it: 29 px
    assert fig.layout.yaxis.domain[0] >= fig.layout.legend.y


def test_refresh_keeps_the_regions_of_the_same_board_and_redraws_those_of_another():
    widget = board_figure("base", widget=True)
    sent = []
    original = widget._send_update_msg
    widget._send_update_msg = lambda **k: sent.append(k["relayout_data"]) or original(**k)
    refresh(widget, board_figure("base", title="again"))
    assert widget.layout.title.text == "again"
    assert [sh.path for sh in widget.layout.shapes] == [sh.path for sh in board_figure("base").layout.shapes]
    assert not any(k.startswith("shapes") for k in sent[-1])          # the same regions are not sent again
    other = BOARDS["mirrored"]
    refresh(widget, board_figure(other))
    assert [sh.path for sh in widget.layout.shapes] == list(map_layout(other).paths)


def jittered_base(seed: int) -> thurn.Board:
    """The base board shrunk to 80 % and each city moved up to 15 mm at random: a crowded layout."""
    import random
    rng = random.Random(seed)
    d = json.loads((data_dir() / "base.json").read_text(encoding="utf-8"))
    for c in d["cities"]:
        c["pos"] = [c["pos"][0] * 0.8 + rng.uniform(-15, 15), c["pos"][1] * 0.8 + rng.uniform(-15, 15)]
    d["id"] = f"jittered{seed}"
    return board_from_dict(d, f"jittered{seed}.json")


def label_clashes(geo) -> int:
    boxes, markers = geo.city_label_boxes, geo.marker_boxes
    return sum(overlap(a, b) > TOUCH for i, a in enumerate(boxes) for b in boxes[:i]) + \
        sum(overlap(a, m) > TOUCH for i, a in enumerate(boxes) for j, m in enumerate(markers) if i != j)


def test_where_the_first_choice_of_names_clashes_moving_them_again_clears_it(monkeypatch):
    """On a crowded board the greedy first pass leaves a name over another; the rounds that move each name to
    its best place given all the others clear it."""
    board = jittered_base(5)
    monkeypatch.setattr(regions, "LABEL_ROUNDS", 0)
    assert label_clashes(regions.compute_layout(board)) > 0
    monkeypatch.undo()
    assert label_clashes(regions.compute_layout(board)) == 0
