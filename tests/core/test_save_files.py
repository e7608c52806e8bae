"""What a save file can and cannot do (README, "What a save file guarantees"; issue 11, items 2, 3 and 5).

A save file or position may only name an installed board, never read a path; whatever its fields hold, loading
it raises a PositionError naming the field, or loads; a file that lies about the game is refused.
"""
import copy
import json
import os
import shutil
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import thurn
import thurn.io as tio
from thurn import GameState, PositionError, ThurnError
from thurn.board_file import data_dir
from thurn.rules import parse_rules
from thurn.sim import simulate

BASE_JSON = data_dir() / "base.json"


def play(state, actions):
    """``state`` after the first legal action ``actions`` times (a game that always goes the same way)."""
    for _ in range(actions):
        state = state.apply(state.legal_actions()[-1])
    return state


GAME = play(thurn.new_game(["Ann", "Ben"], seed=5), 12)
SCORING = {"players": [{"name": "Ann", "hand": ["Basel", "Lodz"], "route": ["Carlsruhe", "Stuttgart", "Nürnberg"],
                        "houses": ["Mannheim", "Carlsruhe", "Freiburg"], "tiles": [["baden", 3]], "carriages": [3]},
                       {"name": "Ben", "houses": ["Ulm"]}],
           "turn": {"step": "score", "draws": 1, "plays": 1}, "seed": 7}


def in_time(fn, seconds=10):
    """Run ``fn`` in a thread; fail (rather than hang the run) if it has not returned after ``seconds``."""
    out = {}

    def run():
        try:
            out["value"] = fn()
        except BaseException as e:      # noqa: BLE001 - handed back to the test
            out["error"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), f"{fn} blocked for more than {seconds} s"
    if "error" in out:
        raise out["error"]
    return out["value"]


# -- 1. a save file may only name a board ------------------------------------------------------------------------

@pytest.mark.parametrize("board", ["/dev/zero", "../data/base.json", "C:\\boards\\x.json", "base.json", "bsae"])
def test_a_position_may_name_only_an_installed_board(board):
    with pytest.raises(PositionError) as info:
        GameState.from_position({"rules": {"board": board}, "players": ["Ann", "Ben"]})
    assert "rules.board" in str(info.value)
    assert ("installed board" in str(info.value)) == (board not in ("bsae",))
    if board == "bsae":
        assert "'base'" in str(info.value)


def test_a_save_file_naming_dev_zero_or_a_fifo_is_refused_without_reading_it(tmp_path):
    fifo = tmp_path / "board.json"
    os.mkfifo(fifo)
    for board in ("/dev/zero", str(fifo)):
        data = json.loads(GAME.to_json())
        data["setup"]["rules"]["board"] = data["position"]["rules"]["board"] = board
        with pytest.raises(PositionError, match="may name only an installed board"):
            in_time(lambda: GameState.from_json(json.dumps(data)))
        with pytest.raises(PositionError, match="installed board"):
            in_time(lambda: thurn.replay(data["setup"], data["actions"]))


def test_load_board_reads_only_regular_files_and_never_blocks(tmp_path):
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.json"
    folder.mkdir()
    for path in ("/dev/zero", str(fifo), str(folder)):
        with pytest.raises(thurn.BoardDataError, match="not a regular file"):
            in_time(lambda: thurn.load_board(path))


def test_a_board_file_is_read_with_a_size_limit(tmp_path, monkeypatch):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (thurn.board_file.MAX_BOARD_BYTES + 1))
    with pytest.raises(thurn.BoardDataError, match="big.json.*at most 1048576"):
        thurn.load_board(str(big))


def test_a_board_file_with_a_byte_order_mark_loads(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + BASE_JSON.read_bytes())
    assert len(thurn.load_board(str(path)).cities) == 22


def test_a_game_on_a_board_file_loads_only_with_the_board_given_by_code(tmp_path):
    path = str(tmp_path / "my_board.json")
    shutil.copy(BASE_JSON, path)
    state = play(thurn.new_game(["Ann", "Ben"], seed=2, rules={"board": path}), 10)
    text = state.to_json()
    with pytest.raises(PositionError) as info:
        GameState.from_json(text)
    assert "may name only an installed board" in str(info.value) and "boards=" in str(info.value)
    assert GameState.from_json(text, boards={path: path}) == state
    assert GameState.from_json(text, boards={path: thurn.load_board(path)}) == state
    assert thurn.state_from_position(state.position(), boards={path: path}).same_position(state)
    assert thurn.replay(json.loads(text)["setup"], state.history, boards={path: path}) == state
    with pytest.raises(PositionError, match="boards should map"):
        GameState.from_json(text, boards=[path])


def test_a_board_path_from_code_and_the_command_line_is_fine(tmp_path):
    path = str(tmp_path / "cli_board.json")
    shutil.copy(BASE_JSON, path)
    assert thurn.Rules(board=path).board == path
    assert thurn.new_game(["Ann", "Ben"], seed=1, rules=thurn.Rules(board=path)).board.source == path
    sim = simulate(1, players=2, rules=parse_rules([f"board={path}"]), workers=1)     # python -m thurn simulate
    assert len(sim.games) == 1


# -- 2. malformed files: a PositionError naming the field -------------------------------------------------------

def position(**fields):
    d = copy.deepcopy(SCORING)
    d.update(fields)
    return d


def ann(**fields):
    p = copy.deepcopy(SCORING["players"][0])
    p.update(fields)
    return position(players=[p, "Ben"])


MALFORMED = {
    "tiles null": (ann(tiles=None), "tiles"),
    "carriages text": (ann(carriages="x"), "carriages"),
    "carriages of text": (ann(carriages=["3"]), "carriages"),
    "carriages true": (ann(carriages=True), "carriages"),
    "hand a number": (ann(hand=5), "hand"),
    "hand of numbers": (ann(hand=[3]), "hand"),
    "route of lists": (ann(route=[["Ulm"]]), "route"),
    "houses_left text": (ann(houses_left="17"), "houses_left"),
    "tile value true": (ann(tiles=[["baden", True]]), "tiles"),
    "tile of a list": (ann(tiles=[[["baden"], 3]]), "tiles"),
    "carriages_left text": (position(carriages_left="x"), "carriages_left"),
    "carriages_left wrong value": (position(carriages_left={"3": "x"}), "carriages_left.3"),
    "carriages_left unknown level": (position(carriages_left={"9": 1}), "carriage level"),
    "player a number": (position(players=[1, "Ben"]), "name"),
    "player name a list": (position(players=[{"name": ["Ann"]}, "Ben"]), "name"),
    "players a dict": (position(players={"Ann": 1}), "players"),
    "turn a list": (position(turn=[]), "turn"),
    "turn step a list": (position(turn={"step": []}), "step"),
    "turn plays text": (position(turn={"step": "score", "plays": "1"}), "turn.plays"),
    "turn official a number": (position(turn={"step": "score", "plays": 1, "official": 3}), "turn.official"),
    "ext a list": (position(ext=[]), "ext"),
    "ext zero": (position(ext=0), "ext"),
    "stacks values text": (position(stacks={"route_5": "x"}), "stacks.route_5"),
    "stacks values of lists": (position(stacks={"route_5": [[1]]}), "stacks.route_5"),
    "stacks unknown id": (position(stacks={"route_9": [1]}), "stacks"),
    "display of numbers": (position(display=[5]), "display"),
    "display too long": (position(display=["Ulm"] * 7), "display"),
    "deck a dict": (position(deck={}), "deck"),
    "seed text": (position(seed="abc"), "seed"),
    "seed true": (position(seed=True), "seed"),
    "seed a float": (position(seed=1.5), "seed"),
    "seed huge": (position(seed=10 ** 30), "seed"),
    "rules expansions a number": (position(rules={"expansions": 5}), "rules.expansions"),
    "rules board a number": (position(rules={"board": 5}), "rules.board"),
    "rules a list": (position(rules=[]), "rules"),
    "turns_taken huge": (position(turns_taken=10 ** 12), "turns_taken"),
    "end_triggered_by unknown name": (position(end_triggered_by="Zed"), "end_triggered_by"),
}


@pytest.mark.parametrize("data, field", MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_position_names_the_field(data, field):
    """A PositionError, or an UnknownName suggesting the close match (both ThurnErrors, both ValueErrors)."""
    with pytest.raises(ThurnError) as info:
        GameState.from_position(data)
    assert field in str(info.value)
    assert len(str(info.value)) < 600
    with pytest.raises(ThurnError):                     # the same inside a game file
        GameState.from_json(json.dumps({"format": "thurn-game/1", "position": data}))


def test_the_scoring_example_itself_loads():
    assert GameState.from_position(SCORING).player("Ann").tiles == (("baden", 3),)


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000,
                                  '{"players": ' + "[" * 100_000 + "]" * 100_000 + "}",
                                  '{"format": "thurn-game/1", "setup": ' + '{"a": ' * 50_000 + "1" + "}" * 50_001])
def test_deep_nesting_is_a_position_error(text):
    with pytest.raises(PositionError, match="nested too deeply|should|no "):
        GameState.from_json(text)
    with pytest.raises(PositionError):
        GameState.from_json(text.encode())


def test_a_number_too_long_to_read_is_a_position_error():
    with pytest.raises(PositionError):
        GameState.from_json('{"players": ["Ann", "Ben"], "seed": ' + "9" * 5000 + "}")


def test_save_files_are_bounded_in_size_and_actions(monkeypatch):
    monkeypatch.setattr(tio, "MAX_SAVE_BYTES", 1000)
    with pytest.raises(PositionError, match="at most 1000"):
        GameState.from_json(" " * 1001)
    with pytest.raises(PositionError, match="at most 1000"):
        GameState.from_json(b" " * 1001)
    monkeypatch.setattr(tio, "MAX_SAVE_BYTES", 16 << 20)
    monkeypatch.setattr(tio, "MAX_ACTIONS", 5)
    with pytest.raises(PositionError, match="at most 5"):
        GameState.from_json(GAME.to_json())


def test_read_save_file_refuses_fifos_and_big_files(tmp_path, monkeypatch):
    fifo = tmp_path / "autosave.json"
    os.mkfifo(fifo)
    with pytest.raises(PositionError, match="autosave.json: not a regular file"):
        in_time(lambda: tio.read_save_file(fifo))
    good = tmp_path / "game.json"
    good.write_text(GAME.to_json(), encoding="utf-8")
    assert GameState.from_json(tio.read_save_file(good)) == GAME
    monkeypatch.setattr(tio, "MAX_SAVE_BYTES", 100)
    with pytest.raises(PositionError, match="game.json.*at most 100"):
        tio.read_save_file(good)


def test_a_byte_order_mark_is_read():
    text = GAME.to_json()
    assert GameState.from_json("\ufeff" + text) == GAME
    assert GameState.from_json(b"\xef\xbb\xbf" + text.encode()) == GAME


def test_meta_is_kept_out_of_the_game():
    d = GAME.to_dict()
    d["meta"] = {"game_id": "3f2a", "started": 1732380000.5, "app": "Play", "round": 3, "seen": True, "note": None}
    assert GameState.from_json(json.dumps(d)) == GAME


@pytest.mark.parametrize("meta, words", [
    ([1], "'meta' should be a JSON object"),
    ({"x": {"nested": 1}}, "meta.x"),
    ({"x": [1]}, "meta.x"),
    ({"x": "y" * 1001}, "at most 1000"),
    ({f"k{i}": i for i in range(33)}, "at most 32"),
])
def test_bad_meta_is_refused(meta, words):
    d = GAME.to_dict()
    d["meta"] = meta
    with pytest.raises(PositionError, match=words):
        GameState.from_json(json.dumps(d))


def test_actions_must_be_notations():
    d = GAME.to_dict()
    d["actions"][2] = {"draw": "deck"}
    with pytest.raises(PositionError, match=r"actions\[2\]"):
        GameState.from_json(json.dumps(d))


# -- fuzzing: any field, at any depth, replaced by a value of another type ------------------------------------------

OTHER_VALUES = st.sampled_from([None, True, False, 0, -1, 7, 2 ** 70, 1.5, float("nan"), "", "x", "Ulm", "score",
                                [], [None], ["Ulm"], [1, 2], [[]], {}, {"x": 1}, {"name": "Ann"}])


def paths(value, prefix=()):
    """Every place in a JSON value: the path of keys and indices leading to it."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, prefix + (i,))


def replaced(value, path, new):
    if not path:
        return new
    out = copy.copy(value)
    out[path[0]] = replaced(value[path[0]], path[1:], new)
    return out


def mutations(data):
    places = list(paths(data))
    return st.lists(st.tuples(st.sampled_from(places), OTHER_VALUES), min_size=1, max_size=3)


def apply_mutations(data, changes):
    for path, new in changes:
        try:
            data = replaced(data, path, new)
        except (KeyError, IndexError, TypeError):      # an earlier change removed the place
            pass
    return data


POSITION = GameState.from_position(SCORING).position()
GAME_FILE = play(GameState.from_position(SCORING), 3).to_dict()
SEED_GAME_FILE = play(thurn.new_game(["Ann", "Ben", "Cid"], seed=3), 8).to_dict()
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def loads_or_refuses(data):
    try:
        GameState.from_json(json.dumps(data))
    except ThurnError:
        pass


@FUZZ
@given(mutations(POSITION))
def test_fuzzed_positions_load_or_raise_a_thurn_error(changes):
    loads_or_refuses(apply_mutations(POSITION, changes))


@FUZZ
@given(mutations(GAME_FILE))
def test_fuzzed_game_files_from_a_position_load_or_raise_a_thurn_error(changes):
    loads_or_refuses(apply_mutations(GAME_FILE, changes))


@FUZZ
@given(mutations(SEED_GAME_FILE))
def test_fuzzed_game_files_from_a_seed_load_or_raise_a_thurn_error(changes):
    loads_or_refuses(apply_mutations(SEED_GAME_FILE, changes))


# -- 3. a save file that lies is refused ----------------------------------------------------------------------------

def test_a_game_file_without_its_position_is_refused():
    d = GAME.to_dict()
    del d["position"]
    with pytest.raises(PositionError, match="no 'position'"):
        GameState.from_json(json.dumps(d))
    assert thurn.replay(d["setup"], d["actions"]) == GAME           # code may still replay a setup


def test_a_game_file_from_an_edited_position_is_refused():
    """The setup position gives Ben the Baden tile he never earned; the position is edited to agree."""
    d = GAME_FILE
    forged = copy.deepcopy(d)
    for where in (forged["setup"], forged["position"]):
        ben = where["players"][1]
        ben["tiles"] = [["baden", 2]]
        where["stacks"]["baden"] = [1]
    with pytest.raises(PositionError, match="setup.*Baden tile.*Ben has none in Mannheim, Carlsruhe, Freiburg"):
        GameState.from_json(json.dumps(forged))


def test_the_origin_is_recorded_and_exposed():
    assert GAME.origin == "seed" and GAME.to_dict()["origin"] == "seed"
    from_position = play(GameState.from_position(SCORING), 3)
    assert from_position.origin == "position" and from_position.to_dict()["origin"] == "position"
    assert GameState.from_json(GAME.to_json()).origin == "seed"
    assert GameState.from_json(from_position.to_json()).origin == "position"
    d = GAME.to_dict()
    d["origin"] = "position"
    with pytest.raises(PositionError, match="origin"):
        GameState.from_json(json.dumps(d))
    del d["origin"]                                      # files written before the origin was recorded
    assert GameState.from_json(json.dumps(d)) == GAME


HOUSES_EXCEPT_BAIERN = ["Mannheim", "Basel", "Innsbruck", "Sigmaringen", "Ulm", "Salzburg", "Lodz", "Pilsen"]


@pytest.mark.parametrize("tiles, houses, extra, words", [
    ([["baden", 3]], ["Mannheim", "Carlsruhe"], {}, "Baden tile.*none in Freiburg"),
    ([["wurttemberg_hohenzollern", 3]], ["Stuttgart", "Ulm"], {}, "none in Sigmaringen"),
    ([["all_provinces", 6]], HOUSES_EXCEPT_BAIERN[:-1], {}, "none in Böhmen"),
    ([["all_provinces", 6]], HOUSES_EXCEPT_BAIERN, {"rules": {"all_provinces_includes_baiern": True}},
     "none in Baiern"),
    ([["game_end", 1]], [], {}, "ends the game.*nobody has"),
    ([["game_end", 1]], [], {"end_triggered_by": 1}, "ends the game.*Ben has"),
])
def test_a_tile_without_what_earns_it_is_refused(tiles, houses, extra, words):
    """Base rules 3b: province tiles need a house in every city of the province(s); the all-provinces tile a
    house in each province it counts (R4); Game End: the game-end tile goes to the player who ends the game."""
    with pytest.raises(PositionError, match=words):
        GameState.from_position({"players": [{"name": "Ann", "tiles": tiles, "houses": houses}, "Ben"], **extra})


@pytest.mark.parametrize("tiles, houses, extra", [
    ([["all_provinces", 6]], HOUSES_EXCEPT_BAIERN, {}),
    ([["game_end", 1]], [], {"end_triggered_by": 0}),
    ([["baiern", 5]], ["Würzburg", "Nürnberg", "Regensburg", "Ingolstadt", "Augsburg", "Passau", "München",
                       "Kempten"], {}),
    ([["route_7", 4], ["route_7", 3]], [], {}),         # a route tile needs no house
    ([], ["Mannheim", "Carlsruhe", "Freiburg"], {}),     # houses without their tile: taken at the next scoring
])
def test_a_tile_with_what_earns_it_loads(tiles, houses, extra):
    s = GameState.from_position({"players": [{"name": "Ann", "tiles": tiles, "houses": houses}, "Ben"], **extra})
    assert [list(t) for t in s.player("Ann").tiles] == tiles


def test_the_end_triggered_without_the_tile_is_allowed():
    """Like houses without their tile, a position may leave the game-end tile on its stack."""
    assert GameState.from_position({"players": ["Ann", "Ben"], "end_triggered_by": 1}).stacks_left()["game_end"] == [1]


@pytest.mark.parametrize("fields, words", [
    ({"carriages_left": {"3": 2}}, "carriages_left.3 should be 3"),
    ({"turn": {"step": "score", "plays": 2}}, "turn.plays should be a whole number from 0 to 1"),
    ({"turn": {"step": "play", "draws": 2}}, "turn.draws should be a whole number from 0 to 1"),
    ({"turn": {"step": "play", "draws": 2, "draws_allowed": 2}}, "only the Postmaster"),
    ({"turn": {"step": "score", "plays": 2, "plays_allowed": 2, "official": "postmaster"}}, "only the Postal Carrier"),
    ({"turn": {"step": "score", "plays": 1, "plays_allowed": 1, "official": "postal_carrier"}},
     "only the Postal Carrier"),
    ({"turn": {"step": "draw", "plays": 1}}, "the draw comes first"),
    ({"turn": {"step": "play", "draws": 1, "plays": 1}}, "turn.step is 'play'"),
])
def test_inconsistent_carriages_and_turn_fields_are_refused(fields, words):
    d = {"players": [{"name": "Ann", "carriages": [3], "hand": ["Ulm", "Basel"],
                      "route": ["Carlsruhe", "Stuttgart", "Nürnberg"]}, "Ben"], **fields}
    with pytest.raises(PositionError, match=words):
        GameState.from_position(d)


def test_turn_fields_default_from_the_official():
    s = GameState.from_position({"players": [{"name": "Ann", "hand": ["Ulm"]}, "Ben"],
                                 "turn": {"step": "draw", "draws": 1, "official": "postmaster"}})
    assert (s.step, s.draws, s.draws_allowed) == ("draw", 1, 2)


def test_a_score_step_with_nothing_played_and_an_empty_hand_loads():
    """Reachable in play: nothing left to draw and an empty hand skip the draw and the play (rules notes)."""
    s = GameState.from_position({"players": [{"name": "Ann", "route": ["Carlsruhe", "Stuttgart", "Nürnberg"]},
                                             "Ben"], "turn": {"step": "score", "plays": 0}})
    assert s.step == "score" and s.plays == 0
    assert GameState.from_json(s.to_json()) == s
