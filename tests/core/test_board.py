"""The base board and its data file (base rules 000, Playing Materials and Preparation; rules notes).

Facts: 22 cities, 9 provinces (Lodz alone in Polen), 45 roads, Freiburg–Stuttgart is not a road; bonus stacks
highest on top; carriages 3 to 7 worth 2, 3, 5, 7, 10 points. A malformed data file is refused with a message
naming the file and the problem.
"""
import copy
import json

import networkx as nx
import pytest

import thurn
from thurn.board_file import data_dir

BOARD = thurn.load_board("base")
BASE_JSON = data_dir() / "base.json"


def test_counts():
    assert len(BOARD.cities) == 22
    assert len(BOARD.provinces) == 9
    assert len(BOARD.roads) == 45
    assert BOARD.graph.number_of_nodes() == 22 and BOARD.graph.number_of_edges() == 45
    assert isinstance(BOARD.graph, nx.Graph) and nx.is_connected(BOARD.graph)


def test_components():
    """Base rules 000, Playing Materials: 66 city cards (3 of 22), 20 houses each, 6 face up, 2 to 4 players."""
    assert BOARD.card_copies == 3 and BOARD.deck_size == 66
    assert BOARD.face_up == 6 and BOARD.houses == 20 and BOARD.hand_limit == 3 and BOARD.min_route == 3
    assert BOARD.players == (2, 4)


def test_freiburg_stuttgart_is_not_a_road():
    assert not BOARD.has_road("Freiburg", "Stuttgart")
    assert not BOARD.graph.has_edge("freiburg", "stuttgart")


def test_lodz_has_one_road_to_pilsen():
    assert BOARD.neighbours("Lodz") == ["Pilsen"]
    assert BOARD.city("Lodz").province == "polen"
    assert BOARD.province("Polen").cities == ("lodz",)


def test_roads_of_the_rules_example():
    """Base rules 000, 2: Innsbruck has no road to Carlsruhe or Regensburg; Würzburg joins Stuttgart, Nürnberg."""
    assert not BOARD.has_road("Innsbruck", "Carlsruhe") and not BOARD.has_road("Innsbruck", "Regensburg")
    assert BOARD.has_road("Würzburg", "Stuttgart") and BOARD.has_road("Würzburg", "Nürnberg")
    assert BOARD.has_road("Nürnberg", "Stuttgart") == BOARD.has_road("Stuttgart", "Nürnberg") is True


def test_graph_node_attributes():
    node = BOARD.graph.nodes["munchen"]
    assert node["name"] == "München"
    assert node["province"] == "baiern"
    x, y = node["pos"]
    assert 0 <= x <= 600 and 0 <= y <= 420
    assert all({"name", "province", "pos"} <= set(d) for _, d in BOARD.graph.nodes(data=True))


def test_provinces_and_their_cities():
    sizes = {p.name: len(p.cities) for p in BOARD.provinces}
    assert sizes == {"Baden": 3, "Württemberg": 2, "Hohenzollern": 1, "Schweiz": 2, "Tyrol": 1, "Baiern": 8,
                     "Böhmen": 2, "Salzburg": 2, "Polen": 1}
    assert sum(sizes.values()) == 22


def test_province_pairs():
    """Rules notes: pairs Württemberg + Hohenzollern, Schweiz + Tyrol, Böhmen + Salzburg; single Baden, Baiern."""
    groups = {s.id: set(s.provinces) for s in BOARD.stacks if s.kind == "all_cities"}
    assert groups == {
        "baden": {"baden"}, "baiern": {"baiern"}, "wurttemberg_hohenzollern": {"wurttemberg", "hohenzollern"},
        "schweiz_tyrol": {"schweiz", "tyrol"}, "bohmen_salzburg": {"bohmen", "salzburg"},
    }
    assert BOARD.province("Polen").bonus_group is None


def test_stack_values_highest_on_top():
    """Base rules 000, Playing Materials and Preparation: 30 bonus tiles, lowest at the bottom."""
    values = {s.id: list(s.values) for s in BOARD.stacks}
    assert values == {
        "route_5": [2, 1], "route_6": [3, 2, 1], "route_7": [4, 3, 2, 1], "all_provinces": [6, 5, 4, 3],
        "baden": [3, 2, 1], "wurttemberg_hohenzollern": [3, 2, 1], "schweiz_tyrol": [3, 2, 1],
        "baiern": [5, 4, 3, 2], "bohmen_salzburg": [4, 3, 2], "game_end": [1],
    }
    assert sum(len(v) for v in values.values()) == 30
    assert {s.id: s.length for s in BOARD.stacks if s.kind == "route_length"} == {"route_5": 5, "route_6": 6,
                                                                                   "route_7": 7}


def test_all_provinces_tile_leaves_out_baiern():
    """Rules notes R4: the default "outside Baiern" tile needs every province but Baiern."""
    st = BOARD.stack("all_provinces")
    assert st.kind == "one_house_per_province" and st.except_provinces == ("baiern",)


def test_carriages():
    """Base rules 001, carriage victory points: 3 → 2, 4 → 3, 5 → 5, 6 → 7, 7 → 10; four of each (000: 20 cards)."""
    assert BOARD.carriage_points == {3: 2, 4: 3, 5: 5, 6: 7, 7: 10}
    assert BOARD.carriage_levels == (3, 4, 5, 6, 7)
    assert all(c.copies == 4 for c in BOARD.carriages)


def test_officials():
    assert {o.id for o in BOARD.officials} == {"postmaster", "administrator", "postal_carrier", "cartwright"}


# -- loading ----------------------------------------------------------------------------------------------------

def test_load_by_path(tmp_path):
    board = thurn.load_board(str(BASE_JSON))
    assert [c.name for c in board.cities] == [c.name for c in BOARD.cities]
    copy_path = tmp_path / "my_board.json"
    copy_path.write_text(BASE_JSON.read_text(encoding="utf-8"), encoding="utf-8")
    mine = thurn.load_board(str(copy_path))
    assert len(mine.roads) == 45 and set(mine.graph.edges) == set(BOARD.graph.edges)


def test_load_board_is_cached_and_takes_a_board():
    assert thurn.load_board("base") is BOARD
    assert thurn.load_board(BOARD) is BOARD
    assert "base" in thurn.available_boards()


def test_unknown_board_name_suggests_the_available_boards():
    with pytest.raises(thurn.ThurnError) as info:
        thurn.load_board("bsae")
    assert isinstance(info.value, ValueError)
    assert "'base'" in str(info.value)


def test_missing_board_file(tmp_path):
    with pytest.raises(thurn.BoardDataError, match="no_such.json"):
        thurn.load_board(str(tmp_path / "no_such.json"))


def base_data():
    return json.loads(BASE_JSON.read_text(encoding="utf-8"))


def _unknown_format(d):
    d["format"] = "thurn-board/9"


def _road_to_unknown_city(d):
    d["roads"][0] = ["augsburg", "ingolstat"]


def _road_twice(d):
    d["roads"].append(["ingolstadt", "augsburg"])


def _city_in_unknown_province(d):
    d["cities"][0]["province"] = "badden"


def _province_without_city(d):
    d["provinces"].append({"id": "hessen", "name": "Hessen", "bonus_group": None})


def _stack_lowest_first(d):
    next(s for s in d["bonus_stacks"] if s["id"] == "route_7")["values"] = [1, 2, 3, 4]


def _missing_roads(d):
    del d["roads"]


def _carriage_gap(d):
    d["carriages"] = [c for c in d["carriages"] if c["level"] != 5]


MALFORMED = [
    (_unknown_format, ["unknown format", "thurn-board/9"]),
    (_road_to_unknown_city, ["ingolstat", "did you mean 'ingolstadt'"]),
    (_road_twice, ["listed twice", "ingolstadt"]),
    (_city_in_unknown_province, ["badden", "mannheim"]),
    (_province_without_city, ["hessen", "no city"]),
    (_stack_lowest_first, ["route_7", "highest on top"]),
    (_missing_roads, ["'roads'"]),
    (_carriage_gap, ["carriage", "[3, 4, 6, 7]"]),
]


@pytest.mark.parametrize("change, words", MALFORMED, ids=[f.__name__.strip("_") for f, _ in MALFORMED])
def test_malformed_board_file(tmp_path, change, words):
    data = copy.deepcopy(base_data())
    change(data)
    path = tmp_path / f"bad{change.__name__}.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(thurn.BoardDataError) as info:
        thurn.load_board(str(path))
    message = str(info.value)
    assert path.name in message
    for word in words:
        assert word in message
    assert info.value.reason == "bad_board_data"


def test_invalid_json_board_file(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text(BASE_JSON.read_text(encoding="utf-8")[:-20], encoding="utf-8")
    with pytest.raises(thurn.BoardDataError) as info:
        thurn.load_board(str(path))
    assert "broken.json" in str(info.value) and "JSON" in str(info.value)


# -- looking up cities ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["München", "munchen", "MÜNCHEN", "Munchen", "MUNCHEN"])
def test_city_lookup_ignores_accents_and_case(name):
    assert BOARD.city(name).name == "München"


def test_unknown_city_suggests_the_close_match():
    with pytest.raises(thurn.UnknownCity) as info:
        BOARD.city("Nurnburg")
    assert isinstance(info.value, ValueError)
    assert info.value.reason == "unknown_city"
    assert "Nürnberg" in str(info.value)
