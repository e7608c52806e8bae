"""The plotly layer (thurn.viz): the board figure, its overlays and title, refresh, and the score charts.

Figures are checked as data (no browser): positions, trace names, colours, numbers — against the board data and
the engine's own answers (score_records, stacks_left, apply).
"""
import math

import plotly.graph_objects as go
import pytest

import thurn
from thurn.sim import play_game
from thurn.viz import (PLAYER_COLORS, board_figure, player_colors, refresh, score_chart, score_history,
                       score_timeline, stacks_chart)

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


def test_province_names_sit_by_the_centroid_of_their_cities_off_the_cities():
    labels = trace(board_figure("base"), "provinces")
    assert list(labels.text) == [p.name for p in BOARD.provinces]
    for p, x, y in zip(BOARD.provinces, labels.x, labels.y):
        cx = sum(pos(c)[0] for c in p.cities) / len(p.cities)
        cy = sum(pos(c)[1] for c in p.cities) / len(p.cities)
        assert math.dist((x, y), (cx, cy)) <= 40, p.name
        assert min(math.dist((x, y), c.pos) for c in BOARD.cities) >= 20, p.name


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
    assert names(fig) == ["roads", "provinces", "cities"]


def test_a_figure_has_stable_trace_names_for_a_game():
    fig = board_figure(mid_game())
    assert names(fig) == ["roads", "provinces", "cities", "route · Ann",
                          "houses · Ann", "houses · Ben", "houses · Cid", "houses · Dora"]


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
    assert "route · Ann" not in names(fig)


def test_a_route_given_replaces_the_players_route_and_no_route_draws_none():
    fig = board_figure(mid_game(), route=["ulm", "Augsburg", "munchen"])
    assert list(trace(fig, "route · Ann").customdata) == ["Ulm", "Augsburg", "München"]
    assert not any(n.startswith("route") for n in names(board_figure(mid_game(), player="Cid")))


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
    assert "Turn 1" in title and "Ann" in title and "play step" in title
    assert "Carlsruhe–Stuttgart–Nürnberg" in title and "no action played yet" in title


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
    assert names(widget) == ["roads", "provinces", "cities"]


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
