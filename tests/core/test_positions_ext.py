"""Issue 23, part "positions": the expansions' parts of a position take names, derive what follows from the rest,
give defaults and refuse the impossible; one field name means one thing (end_triggered_by, turn_number)."""
from __future__ import annotations

import random

import pytest

import thurn
from thurn.sim import sized
from thurn import GameState, PositionError
from thurn.errors import UnknownName

MESSENGER = {"expansions": ["messenger"]}
OFFICES = {"expansions": ["offices"]}
BOTH = {"expansions": ["messenger", "offices"]}


def position(ext, rules, players=("Ann", "Ben"), **rest) -> GameState:
    return GameState.from_position({"rules": rules, "players": list(players), "ext": ext, "seed": 4, **rest})


# -- The Princess' Messenger -------------------------------------------------------------------------------------

def test_an_empty_letters_part_gets_the_setup_of_the_rules():
    """Messenger, Preparation: a letter on every city, 0 and 1 letters to the first and second player."""
    s = position({"messenger": {}}, MESSENGER, start_player=1, turn_owner=1)
    L = s.ext["messenger"]
    assert L.cities == s.board.all_mask and L.held == (1, 0) and L.holder == -1
    assert L.budget == 0 and L.paid == () and L.spent == 0


def test_letters_are_derived_from_the_houses():
    """The first house placed in a city takes its letter (Messenger, The Nobility Letters)."""
    s = position({"messenger": {"holder": "Ben"}}, MESSENGER,
                 players=[{"name": "Ann", "houses": ["Ulm", "Basel"]}, {"name": "Ben", "houses": ["Lodz"]}])
    L = s.ext["messenger"]
    assert L.held == (0 + 2, 1 + 1) and L.holder == 1 and L.budget == 2
    assert sorted(s.board.names_of(s.board.all_mask & ~L.cities)) == ["Basel", "Lodz", "Ulm"]


def test_letters_cannot_be_derived_where_two_players_built():
    with pytest.raises(PositionError) as e:
        position({"messenger": {}}, MESSENGER,
                 players=[{"name": "Ann", "houses": ["Ulm"]}, {"name": "Ben", "houses": ["Ulm"]}])
    assert e.value.reason == "letters_unknown" and "Ulm" in str(e.value) and "held" in str(e.value)


def test_the_budget_is_the_letters_held_by_the_turns_owner():
    s = position({"messenger": {"held": [3, 2]}}, MESSENGER, turn_owner=1)
    assert s.ext["messenger"].budget == 2
    assert "budget" not in s.position()["ext"]["messenger"]


def test_the_letters_spent_are_those_dealt_out_and_gone():
    """Letters only move from a city to a player and from a player out of the game: 22 on the cities and 0 + 1
    dealt; 20 on the board and 2 held means 1 paid."""
    s = position({"messenger": {"cities": ["Ulm", "Basel", "Lodz", "Pilsen", "Linz", "Passau", "Kempten", "Augsburg",
                                           "Ingolstadt", "Regensburg", "Nürnberg", "Würzburg", "Freiburg", "Zürich",
                                           "Innsbruck", "Salzburg", "München", "Sigmaringen", "Stuttgart",
                                           "Carlsruhe"],
                                "held": [1, 1]}}, MESSENGER,
                 players=[{"name": "Ann", "houses": ["Mannheim"]}, {"name": "Ben", "houses": ["Budweis"]}])
    assert s.ext["messenger"].spent == 1


def test_cities_are_written_and_read_by_name_and_the_old_mask_still_loads():
    s = thurn.new_game(["Ann", "Ben"], seed=2, rules=MESSENGER)
    for _ in range(40):
        s = s.apply(random.Random(len(s.history)).choice(s.legal_actions()))
    part = s.position()["ext"]["messenger"]
    assert isinstance(part["cities"], list) and all(isinstance(c, str) for c in part["cities"])
    assert part["holder"] is None or part["holder"] in s.names
    L = s.ext["messenger"]
    old = s.position()                               # as files before issue 23 wrote it
    old["ext"]["messenger"] = {"cities": L.cities, "held": list(L.held), "holder": None if L.holder < 0 else L.holder,
                               "budget": L.budget, "paid": [list(p) for p in L.paid], "spent": L.spent}
    assert GameState.from_position(old).ext == s.ext == GameState.from_position(s.position()).ext


@pytest.mark.parametrize("bad, reason, words", [
    ({"cities": ["Ulm", "Atlantis"]}, "bad_position", "Atlantis"),
    ({"cities": ["Ulm", "Ulm"]}, "bad_position", "twice"),
    ({"holder": "Zed"}, "bad_position", "holder"),
    ({"letters": 3}, "unknown_name", "letters"),
])
def test_a_wrong_letters_field_is_named(bad, reason, words):
    with pytest.raises((PositionError, UnknownName)) as e:
        position({"messenger": bad}, MESSENGER)
    assert e.value.reason == reason and words in str(e.value)


# -- Offices of Honor ----------------------------------------------------------------------------------------------

def test_an_empty_offices_part_gets_full_stacks():
    """Offices, Preparation: stacks by the number of players; no tiles, no chips held."""
    s = position({"offices": {}}, OFFICES, players=[{"name": n, "hand": [c]} for n, c in
                                                    (("Ann", "Ulm"), ("Ben", "Lodz"), ("Cid", "Basel"))])
    O = s.ext["offices"]
    assert O.stacks == (5, 6, 6, 3) and O.tiles == ((0, 0, 0, 0),) * 3
    assert O.chips == (0, 0, 0) and O.chips_left == 12 and not O.pending and O.rounds == O.series == 0


def test_the_stacks_are_derived_from_the_tiles_held():
    s = position({"offices": {"tiles": [{"postmaster": 2}, {"cartwright": 1, "postmaster": 1}], "chips": [2, 0]}},
                 OFFICES, players=[{"name": "Ann", "hand": ["Ulm"]}, {"name": "Ben", "hand": ["Lodz"]}])
    O = s.ext["offices"]
    assert dict(zip(thurn.expansions.offices.rules.order(), O.stacks)) == {"administrator": 3, "postmaster": 1,
                                                                       "postal_carrier": 4, "cartwright": 1}
    assert O.chips_left == 10


def test_an_emptied_stack_starts_its_return_round():
    """Offices: when a stack runs out, every player returns tiles at once: the round is derived; a position that
    says no round is due is refused."""
    tiles = [{"cartwright": 2}, {}]
    s = position({"offices": {"tiles": tiles}}, OFFICES, turn={"step": "draw"})
    assert s.step == "return" and s.interruptions and s.to_move == 0
    assert s.ext["offices"].rounds == 1 and s.ext["offices"].series == 1
    with pytest.raises(PositionError) as e:
        position({"offices": {"tiles": tiles, "pending": False}}, OFFICES, turn={"step": "draw"})
    assert e.value.reason == "return_round_inconsistent"


def test_an_unknown_offices_field_is_named():
    with pytest.raises(UnknownName) as e:
        position({"offices": {"stack": {}}}, OFFICES)
    assert "stacks" in str(e.value)


@pytest.mark.parametrize("rules", [MESSENGER, OFFICES, BOTH])
def test_positions_of_random_games_load_back_identical(rules):
    for seed in range(sized(2, 1)):         # the conformance suite reads positions back in every ruleset too
        s = thurn.new_game(["Ann", "Ben", "Cid"][:2 + seed], seed=seed, rules=rules)
        rng = random.Random(seed)
        while not s.is_over:
            if rng.random() < 0.25 or s.interrupted:
                back = GameState.from_position(s.position())
                assert back.ext == s.ext and back.same_position(s)
            s = s.apply(rng.choice(s.legal_actions()))


# -- one field name, one meaning -----------------------------------------------------------------------------------

def test_end_triggered_by_is_a_name_in_positions_as_on_the_state():
    """The state's end_triggered_by is a name; a position writes the name, and reads a seat from older files."""
    base = {"players": [{"name": "Ann"}, {"name": "Ben", "tiles": [["game_end", 1]]}]}
    by_name = GameState.from_position({**base, "end_triggered_by": "Ben"})
    by_seat = GameState.from_position({**base, "end_triggered_by": 1})
    assert by_name.end_triggered_by == by_seat.end_triggered_by == "Ben"
    assert by_name.position()["end_triggered_by"] == "Ben"
    assert GameState.from_position(by_name.position()).end_by == 1
    with pytest.raises(PositionError, match="end_triggered_by"):
        GameState.from_position({**base, "end_triggered_by": "Zed"})


def test_turn_number_is_the_states_turn_number_and_turns_taken_still_reads():
    s = GameState.from_position({"players": ["Ann", "Ben"], "turn_number": 7})
    assert s.turn_number == 7 and s.position()["turn_number"] == 7 and "turns_taken" not in s.position()
    assert s.turns_taken("Ann") == 4 and s.turns_taken("Ben") == 3
    assert GameState.from_position({"players": ["Ann", "Ben"], "turns_taken": 7}).turn_number == 7
    with pytest.raises(PositionError, match="once"):
        GameState.from_position({"players": ["Ann", "Ben"], "turns_taken": 7, "turn_number": 7})
