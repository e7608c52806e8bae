"""Positions, save files and replays (README, Positions; base rules 000, Playing Materials and Preparation).

A position must add up to the game's components (3 cards of each of 22 cities, 20 houses per player, the
bonus tiles of each stack); a save file loads back equal and continues exactly as the original would.
"""
import json
import random
from collections import Counter

import pytest

import thurn
from thurn import GameState, PositionError

BOARD = thurn.load_board("base")


def position(*players, **fields):
    return GameState.from_position({"players": list(players) or ["Ann", "Ben"], "seed": 7, **fields})


def all_cards(p):
    """Every card of a position dict, wherever it lies."""
    cards = Counter(p["deck"]) + Counter(p["discard"]) + Counter(c for c in p["display"] if c)
    for pl in p["players"]:
        cards += Counter(pl["hand"]) + Counter(pl["route"])
    return cards


def play_randomly(state, moves, seed=0):
    rng = random.Random(seed)
    states = [state]
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


# -- positions ----------------------------------------------------------------------------------------------------

def test_position_defaults():
    """Left out: the deck is the remaining cards; the stacks are full less the tiles the players hold."""
    ann = {"name": "Ann", "hand": ["Ulm", "Ulm"], "route": ["Stuttgart", "Ulm"], "houses": ["Basel"],
           "tiles": [["route_5", 2]], "carriages": [3]}
    s = position(ann, "Ben")
    p = s.position()
    assert all_cards(p) == Counter({name: 3 for name in BOARD.city_names})
    assert "Ulm" not in p["deck"] and p["deck"].count("Stuttgart") + p["display"].count("Stuttgart") == 2
    assert len(p["display"]) == 6 and None not in p["display"]
    assert p["discard"] == []
    assert s.stacks_left()["route_5"] == [1]
    assert s.stacks_left()["route_7"] == [4, 3, 2, 1] and s.stacks_left()["game_end"] == [1]
    assert s.player("Ann").houses_left == 19
    assert s.carriages_available()[3] == 3
    assert s.to_move_name == "Ann" and s.step == "draw"
    assert s.player("Ben").hand == () and s.player("Ben").houses_left == 20


def test_position_round_trip():
    s = position({"name": "Ann", "hand": ["Ulm"], "route": ["Basel", "Zürich"]}, "Ben", turn={"step": "play",
                                                                                             "draws": 1})
    again = GameState.from_position(s.position())
    assert again.same_position(s)
    assert again.position() == s.position()


def test_cards_that_do_not_add_up_name_the_city():
    with pytest.raises(PositionError, match="4 Ulm cards"):
        position({"name": "Ann", "hand": ["Ulm", "Ulm", "Ulm"]}, {"name": "Ben", "route": ["Ulm"]})


def test_a_given_deck_must_account_for_every_card():
    with pytest.raises(PositionError, match="do not add up"):
        position(deck=["Ulm"], display=["Basel"])


def test_route_must_follow_roads():
    """Base rules 000, 2: neighbouring cards of a route are joined by a road (Freiburg–Stuttgart is not)."""
    with pytest.raises(PositionError) as info:
        position({"name": "Ann", "route": ["Freiburg", "Stuttgart"]}, "Ben")
    assert "Freiburg" in str(info.value) and "Stuttgart" in str(info.value) and "road" in str(info.value)


def test_route_names_a_city_once():
    with pytest.raises(PositionError, match="twice"):
        position({"name": "Ann", "route": ["Ulm", "Stuttgart", "Ulm"]}, "Ben")


def test_houses_left_must_add_up_to_twenty():
    with pytest.raises(PositionError, match="20"):
        position({"name": "Ann", "houses": ["Ulm"], "houses_left": 20}, "Ben")


@pytest.mark.parametrize("tiles, words", [
    ([["route_5", 9]], "no tile worth 9"),
    ([["route_9", 1]], "route_7"),
    ([["baden", 3], ["baden", 2]], "one Baden tile at most"),
])
def test_bad_tiles(tiles, words):
    with pytest.raises(PositionError, match=words):
        position({"name": "Ann", "tiles": tiles}, "Ben")


def test_more_tiles_than_the_game_has():
    with pytest.raises(PositionError, match="more"):
        position({"name": "Ann", "tiles": [["game_end", 1]]}, {"name": "Ben", "tiles": [["game_end", 1]]})


@pytest.mark.parametrize("data, close", [
    ({"players": ["Ann", "Ben"], "dispaly": []}, "'display'"),
    ({"players": [{"name": "Ann", "hnad": []}, "Ben"]}, "'hand'"),
    ({"players": ["Ann", "Ben"], "turn": {"stpe": "draw"}}, "'step'"),
])
def test_unknown_field_suggests_the_close_match(data, close):
    with pytest.raises(thurn.ThurnError) as info:
        GameState.from_position(data)
    assert isinstance(info.value, ValueError)
    assert close in str(info.value)


def test_unknown_city_in_a_position_suggests_the_close_match():
    with pytest.raises(PositionError, match="Nürnberg"):
        position({"name": "Ann", "hand": ["Nurnburg"]}, "Ben")


# -- save files --------------------------------------------------------------------------------------------------

def random_game(seed=3, moves=200, players=("Ann", "Ben", "Cid")):
    return play_randomly(thurn.new_game(list(players), seed=seed), moves, seed)


def test_to_json_round_trip_at_many_points():
    for s in random_game()[::10]:
        loaded = GameState.from_json(s.to_json())
        assert loaded == s
        assert loaded.position() == s.position()
        assert [a.notation for a in loaded.history] == [a.notation for a in s.history]


def test_to_json_round_trip_from_a_position():
    start = position({"name": "Ann", "hand": ["Ulm", "Stuttgart"], "route": ["Augsburg"]}, "Ben")
    for s in play_randomly(start, 40, seed=1)[::5]:
        assert GameState.from_json(s.to_json()) == s


SCORING = {"players": [{"name": "Ann", "hand": ["Basel", "Zürich", "Lodz", "Linz"],
                        "route": ["Carlsruhe", "Stuttgart", "Nürnberg"]}, "Ben"],
           "turn": {"step": "score"}, "seed": 7}


@pytest.mark.parametrize("actions", [
    [thurn.Score(["Nürnberg", "Stuttgart", "Carlsruhe"]), thurn.Keep(["Linz", "Basel", "Lodz"])],
    [thurn.Score(["carlsruhe", "STUTTGART", "nurnberg"]), thurn.Keep(["basel", "linz", "lodz"])],
], ids=["other order", "other spelling"])
def test_round_trip_of_actions_as_the_player_wrote_them(actions):
    """README: GameState.from_json(state.to_json()) == state, however the actions were written."""
    s = GameState.from_position(SCORING)
    for a in actions:
        s = s.apply(a)
    assert GameState.from_json(s.to_json()) == s


def test_round_trip_of_an_official_called_by_another_name():
    s = position({"name": "Ann", "hand": ["Ulm"]}, "Ben").apply(thurn.CallOfficial("Bailiff"))
    assert GameState.from_json(s.to_json()) == s


def test_replay_gives_the_same_state():
    s = random_game()[-1]
    setup = json.loads(s.to_json())["setup"]
    assert setup == {"players": ["Ann", "Ben", "Cid"], "seed": 3, "rules": thurn.Rules().to_dict(),
                     "start_player": 0}
    assert thurn.replay(setup, [a.notation for a in s.history]) == s
    assert thurn.replay(setup, s.history) == s


def test_a_save_file_with_an_edited_position_is_refused():
    s = random_game(moves=60)[-1]
    data = json.loads(s.to_json())
    data["position"]["deck"] = list(reversed(data["position"]["deck"]))
    with pytest.raises(PositionError, match="inconsistent"):
        GameState.from_json(json.dumps(data))
    data = json.loads(s.to_json())
    data["actions"] = data["actions"][:-1]
    with pytest.raises(PositionError, match="inconsistent"):
        GameState.from_json(json.dumps(data))


def test_a_save_file_with_an_impossible_action_is_refused():
    data = json.loads(thurn.new_game(["Ann", "Ben"], seed=1).to_json())
    data["actions"] = ["play ulm right"]
    with pytest.raises(PositionError, match="cannot be replayed"):
        GameState.from_json(json.dumps(data))


@pytest.mark.parametrize("text", ["{not json", "", '{"format": "thurn-game/1", "setup": ', b"{not json"])
def test_invalid_json_save_file(text):
    with pytest.raises(PositionError, match="not valid JSON"):
        GameState.from_json(text)


def test_save_file_bytes_that_are_not_utf8():
    """from_json takes bytes too; bytes that are no UTF-8 text are an unreadable save file, not a crash."""
    with pytest.raises(PositionError):
        GameState.from_json("{}".encode("utf-16"))


def test_save_file_of_another_format():
    with pytest.raises(PositionError, match="format"):
        GameState.from_json('{"format": "chess-pgn/1"}')


def test_a_loaded_game_continues_identically():
    original = random_game(moves=80)[-1]
    loaded = GameState.from_json(original.to_json())
    rng = random.Random(9)
    for _ in range(100):
        if original.is_over:
            break
        assert loaded.legal_actions() == original.legal_actions()
        action = rng.choice(original.legal_actions())
        original, loaded = original.apply(action), loaded.apply(action)
        assert loaded == original
    assert loaded.log() == original.log()


# -- seeds --------------------------------------------------------------------------------------------------------

def test_same_seed_and_actions_same_game():
    a = random_game(seed=21, moves=150)[-1]
    b = random_game(seed=21, moves=150)[-1]
    assert a == b and a.position() == b.position() and a.log() == b.log()


def test_different_seeds_different_decks():
    decks = {tuple(thurn.new_game(["Ann", "Ben"], seed=seed).position()["deck"]) for seed in range(5)}
    assert len(decks) == 5


def test_a_drawn_seed_is_kept_for_replay():
    s = thurn.new_game(["Ann", "Ben"])
    assert s.seed is not None
    s = play_randomly(s, 30)[-1]
    assert GameState.from_json(s.to_json()) == s
    assert thurn.replay({"players": ["Ann", "Ben"], "seed": s.seed}, s.history) == s


def test_the_seed_decides_the_reshuffles_too():
    """Base rules 000, 1: the discard pile is shuffled when the deck runs out; same seed, same new deck."""
    long_a = random_game(seed=5, moves=400, players=("Ann", "Ben"))
    long_b = random_game(seed=5, moves=400, players=("Ann", "Ben"))
    assert any(s.position()["shuffles"] > 1 for s in long_a), "the game never reshuffled: play longer"
    assert long_a[-1] == long_b[-1]
