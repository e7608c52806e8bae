"""Bounds and clear errors for boards, names and seeds (issue 11, item 9: the engine and file parts).

A board file with wrong types or impossible numbers is refused at load with a BoardDataError naming the file and
the field; city names are read without regard to case or accents but not with stray punctuation; player names
are short visible texts that differ by more than case, spaces or Unicode form; seeds are whole numbers.
"""
import copy
import json

import pytest

import thurn
from thurn import BoardDataError, GameState, PositionError
from thurn.board_file import data_dir

BASE_JSON = data_dir() / "base.json"
BOARD = thurn.load_board("base")


def base_data():
    return json.loads(BASE_JSON.read_text(encoding="utf-8"))


def comp(key, value):
    def change(d):
        d["components"][key] = value
    change.__name__ = f"components_{key}_{value!r}"
    return change


def first(section, key, value):
    def change(d):
        d[section][0][key] = value
    change.__name__ = f"{section}_{key}_{value!r}"
    return change


def no_cities(d):
    d["cities"], d["roads"] = [], []
    for p in d["provinces"]:
        p.pop("cities", None)


def too_few_cards(d):
    """Three cities, one card each, routes of 3 to score: 4 players could hold every card in 2-card routes."""
    d["cities"] = d["cities"][:3]
    keep = {c["id"] for c in d["cities"]}
    d["roads"] = [r for r in d["roads"] if set(r) <= keep]
    d["provinces"] = [dict(p, bonus_group=None) for p in d["provinces"] if p["id"] == "baden"]
    d["bonus_stacks"] = [s for s in d["bonus_stacks"] if s["kind"] in ("route_length", "game_end")]
    d["components"]["city_card_copies"] = 1


def province_not_an_object(d):
    d["provinces"][0] = "baden"


def note_too_long(d):
    d["note"] = "x" * 6000


def city_name_with_a_control_character(d):
    d["cities"][0]["name"] = "Mann\x1bheim"


def stack_value_true(d):
    d["bonus_stacks"][0]["values"] = [True, 1]


def aliases_text(d):
    d["officials"][0]["aliases"] = "Postmeister"


BAD = [
    (no_cities, ["no cities"]),
    (comp("hand_limit_after_scoring", -1), ["hand_limit_after_scoring", "from 0 to 6", "-1"]),
    (comp("face_up_cards", 0), ["face_up_cards", "from 1 to 12", "0"]),
    (comp("city_card_copies", "3"), ["city_card_copies", "whole number", "'3'"]),
    (comp("city_card_copies", 3.0), ["city_card_copies", "whole number"]),
    (comp("city_card_copies", 10 ** 9), ["city_card_copies", "from 1 to 10"]),
    (comp("houses_per_player", True), ["houses_per_player", "whole number"]),
    (comp("players", [2, "4"]), ["components.players"]),
    (comp("players", [4, 2]), ["components.players"]),
    (comp("min_route_to_score", 30), ["min_route_to_score", "only 22 cities"]),
    (too_few_cards, ["only 3 city cards", "nobody could act"]),
    (first("cities", "name", 5), ["city 'mannheim'", "'name'", "text"]),
    (first("cities", "pos", [1, float("inf")]), ["'pos'"]),
    (first("cities", "pos", [1, True]), ["'pos'"]),
    (first("provinces", "color", ["red"]), ["province 'baden'", "'color'"]),
    (first("provinces", "bonus_group", 3), ["province 'baden'", "'bonus_group'"]),
    (first("bonus_stacks", "provinces", "baden"), ["route_5", "'provinces'"]),
    (first("bonus_stacks", "length", "5"), ["route_5", "'length'"]),
    (first("carriages", "level", "3"), ["carriage #1", "whole-number"]),
    (first("carriages", "copies", 10 ** 6), ["carriage #1", "'copies'", "from 0 to 20"]),
    (province_not_an_object, ["province #1", "JSON object"]),
    (note_too_long, ["'note'", "at most 5000"]),
    (city_name_with_a_control_character, ["'name'", "control character"]),
    (stack_value_true, ["route_5", "values"]),
    (aliases_text, ["postmaster", "'aliases'"]),
]


@pytest.mark.parametrize("change, words", BAD, ids=[f.__name__ for f, _ in BAD])
def test_a_bad_board_file_is_refused_naming_the_file_and_field(tmp_path, change, words):
    data = copy.deepcopy(base_data())
    change(data)
    path = tmp_path / "bad_board.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(BoardDataError) as info:
        thurn.load_board(str(path))
    message = str(info.value)
    assert message.startswith(str(path) + ":")
    for word in words:
        assert word in message


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000 + "]" * 100_000, ["nested too deeply"]),
    ("[1, 2]", ["one JSON object"]),
    (b"\xff\xfe{}", ["not UTF-8"]),
])
def test_a_board_file_that_is_no_board_is_refused(tmp_path, text, words):
    path = tmp_path / "odd.json"
    (path.write_bytes if isinstance(text, bytes) else path.write_text)(text)
    with pytest.raises(BoardDataError) as info:
        thurn.load_board(str(path))
    assert "odd.json" in str(info.value) and all(w in str(info.value) for w in words)


def test_board_names_are_names_not_paths():
    with pytest.raises(thurn.UnknownName, match="no board called '..'"):
        thurn.load_board("..")
    with pytest.raises(thurn.UnknownName, match="'base'"):
        thurn.load_board("bsae")
    with pytest.raises(BoardDataError, match="NUL"):
        thurn.load_board("base\0")
    with pytest.raises(thurn.ThurnError):
        thurn.load_board("base_lessons")         # a file in data/, but no board


# -- city names -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["Ulm", "ulm", "ULM", " Ulm ", "Ulm.", "(Ulm)"])
def test_city_names_in_any_case(name):
    assert BOARD.index(name) == BOARD.index("Ulm")


@pytest.mark.parametrize("name, close", [("!!Ulm???", "Ulm"), ("Ulm!", "Ulm"), ("Nürnberg?", "Nürnberg"),
                                         ("#munchen", "München"), ("Zurich;", "Zürich")])
def test_city_names_with_stray_punctuation_are_refused_with_the_close_match(name, close):
    with pytest.raises(thurn.UnknownCity) as info:
        BOARD.index(name)
    assert info.value.suggestions[0] == close and repr(close) in str(info.value)


def test_a_city_with_stray_punctuation_in_an_action_is_unknown():
    s = thurn.GameState.from_position({"players": [{"name": "Ann", "hand": ["Ulm"]}, "Ben"],
                                       "display": ["Ulm", "Basel"], "turn": {"step": "play", "draws": 1}})
    why = s.why_illegal(thurn.Play("!!Ulm???", "new"))
    assert why.reason == "unknown_city" and "'Ulm'" in str(why)
    assert s.why_illegal("play ulm new") is None


def test_a_very_long_city_name_is_cut_in_the_message():
    with pytest.raises(thurn.UnknownCity) as info:
        BOARD.index("Ulm" * 100_000)
    assert len(str(info.value)) < 300


# -- player names -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("names", [["Ann", "ann"], ["Ann", " Ann "], ["Ann Lee", "AnnLee"], ["Ann", "Ａｎｎ"],
                                   ["Ann", "ANN", "Ben"]])
def test_names_that_differ_only_by_case_spaces_or_unicode_form_are_refused(names):
    with pytest.raises(PositionError, match="differ by more than case"):
        thurn.new_game(names, seed=1)
    with pytest.raises(PositionError, match="differ by more than case"):
        GameState.from_position({"players": names})


@pytest.mark.parametrize("name, words", [("A" * 41, "at most 40"), ("Ann\nLee", "control"), ("Ann\u202e", "control"),
                                         ("Ann\x00", "control"), ("   ", "non-empty"), (5, "non-empty text")])
def test_names_are_short_visible_texts(name, words):
    with pytest.raises(PositionError, match=words):
        thurn.new_game([name, "Ben"], seed=1)


def test_forty_characters_and_any_script_are_fine():
    s = thurn.new_game(["A" * 40, "Zoë", "李雷"], seed=1)
    assert s.names == ("A" * 40, "Zoë", "李雷")


def test_seat_by_exact_name_first_then_by_any_case():
    s = thurn.new_game(["ann", "Ben"], seed=1)
    assert s.seat("ann") == 0 and s.seat("ANN") == 0 and s.seat(" Ann ") == 0 and s.seat("ben") == 1
    clone = s._clone()
    clone.names = ("Ann", "ann")                 # (new games refuse this; the look-up still takes the exact name)
    assert clone.seat("ann") == 1 and clone.seat("Ann") == 0
    with pytest.raises(thurn.UnknownName, match="exact name"):
        clone.seat("ANN")
    with pytest.raises(thurn.UnknownName):
        s.seat("Cid")


# -- seeds ----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", ["abc", "7", True, 1.0, 2 ** 64, [1]])
def test_seeds_are_whole_numbers(seed):
    with pytest.raises(PositionError, match="seed should be a whole number"):
        thurn.new_game(["Ann", "Ben"], seed=seed)
    with pytest.raises(PositionError, match="seed"):
        thurn.replay({"players": ["Ann", "Ben"], "seed": seed}, [])


@pytest.mark.parametrize("seed", [0, -5, 2 ** 64 - 1])
def test_any_whole_number_in_range_is_a_seed(seed):
    assert thurn.new_game(["Ann", "Ben"], seed=seed).seed == seed
