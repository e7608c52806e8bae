"""A board declares which rulesets it plays under (issue 23): the board file's ``rulesets`` field; a ruleset the
board refuses is a typed error, with a sentence, at a new game and at a position (docs/board-format.md)."""
from __future__ import annotations

import json

import pytest

import thurn
from thurn import BoardDataError, RulesetRefused
from thurn.board_file import board_from_dict, data_dir
from thurn.errors import ThurnError
from thurn.io import position_dict
from thurn.variants import REGISTRY, Variant, register, unregister


def board_file(tmp_path, file="toy.json", **fields):
    data = json.loads((data_dir() / "base.json").read_text(encoding="utf-8"))
    data.pop("maps")        # (a toy board without the Rome strip)
    data.update(format="thurn-board/2", id="toy", name="Toy board", **fields)
    path = tmp_path / file
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_a_board_that_refuses_a_ruleset(tmp_path):
    only_base = board_file(tmp_path, rulesets=["base"])
    assert thurn.load_board(only_base).rulesets == ("base",)
    state = thurn.new_game(["Ann", "Ben"], seed=1, rules={"board": only_base})
    assert state.board.rulesets == ("base",)
    with pytest.raises(RulesetRefused, match="not played under the rules of The Princess' Messenger: it plays under the base game only") as e:
        thurn.new_game(["Ann", "Ben"], seed=1, rules={"board": only_base, "expansions": ["messenger"]})
    assert isinstance(e.value, ThurnError) and isinstance(e.value, ValueError)
    assert e.value.reason == "ruleset_refused"


def test_a_board_for_an_expansion_alone_refuses_the_base_game_and_positions_too(tmp_path):
    path = board_file(tmp_path, rulesets=["offices"])
    with pytest.raises(RulesetRefused, match="not played under the base game alone"):
        thurn.new_game(["Ann", "Ben"], seed=1, rules={"board": path})
    state = thurn.new_game(["Ann", "Ben"], seed=1, rules={"board": path, "expansions": ["offices"]})
    assert state.legal_actions()
    position = position_dict(state)
    position["rules"]["expansions"] = []
    with pytest.raises(RulesetRefused):
        thurn.state_from_position(position, boards={position["rules"]["board"]: path})


def test_without_rulesets_a_board_plays_every_ruleset_that_needs_nothing_it_lacks(tmp_path):
    path = board_file(tmp_path)
    assert thurn.load_board(path).rulesets is None and thurn.load_board("base").rulesets is None
    thurn.new_game(["Ann", "Ben"], seed=1, rules={"board": path, "expansions": ["messenger", "offices"]})

    @register
    class NeedsRome(Variant):
        name = "toy_needs_rome"

        def board_refusal(self, board):
            return None if "rome" in board.maps else "it needs the Rome strip (a map 'rome' beside the board)."

    try:
        with pytest.raises(RulesetRefused, match="cannot be played with the toy_needs_rome rules: it needs the Rome"):
            thurn.new_game(["Ann", "Ben"], seed=1, rules={"board": path, "expansions": ["toy_needs_rome"]})
        listed = board_file(tmp_path, "listed.json", rulesets=["base", "toy_needs_rome"])      # its word is believed
        thurn.new_game(["Ann", "Ben"], seed=1, rules={"board": listed, "expansions": ["toy_needs_rome"]})
    finally:
        unregister("toy_needs_rome")
    assert "toy_needs_rome" not in REGISTRY


@pytest.mark.parametrize("value, words", [
    ([], "a list of 1 to 20"), ("base", "a list of 1 to 20"), (["base"] * 21, "a list of 1 to 20"),
    (["Base!"], "lower-case letters"), ([3], "lower-case letters"), (["base", "base"], "names 'base' twice")])
def test_a_bad_rulesets_field_is_a_board_data_error(value, words):
    data = json.loads((data_dir() / "base.json").read_text(encoding="utf-8"))
    data.update(format="thurn-board/2", rulesets=value)
    with pytest.raises(BoardDataError, match=words):
        board_from_dict(data, "toy.json")


def test_rulesets_came_with_format_2():
    data = json.loads((data_dir() / "base.json").read_text(encoding="utf-8"))
    data.pop("maps")
    data.update(format="thurn-board/1", rulesets=["base"])
    with pytest.raises(BoardDataError, match="'rulesets' came with format"):
        board_from_dict(data, "old.json")
