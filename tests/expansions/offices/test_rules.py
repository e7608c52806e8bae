"""Offices of Honor (rule book with the expansions, "Offices of Honor" = 001; "All Roads Lead to Rome", "Offices of
Honor" = 002; rules notes R7). Both examples of 001 are played through.
"""
from __future__ import annotations

import random

import pytest

import thurn
from thurn.expansions.offices import rules as offices
from thurn.expansions.offices.rules import ReturnTiles

from tests.support.helpers import CITIES, table

RULES = {"expansions": ["offices"]}
ORDER = ("administrator", "postmaster", "postal_carrier", "cartwright")
NAMES = ["Anna", "Ben", "Carl", "Dave"]


def O(state):
    return state.ext["offices"]


def mine(state, seat):
    return dict(zip(ORDER, O(state).tiles[seat]))


def ext(stacks, tiles, chips=None, chips_left=12, **more):
    n = len(tiles)
    e = {"offices": {"stacks": dict(zip(ORDER, stacks)), "tiles": [dict(zip(ORDER, t)) for t in tiles],
                     "chips": list(chips or [0] * n), "chips_left": chips_left}}
    e.update(more)
    return e


# Four players, one Postmaster tile left; Carl holds one tile of each office and has one house left.
TILES_4 = [(1, 2, 1, 0), (1, 2, 1, 1), (1, 1, 1, 1), (1, 2, 2, 0)]
STACKS_4 = (2, 1, 3, 2)
CARL_HOUSES = CITIES[:19]
HANDS = ["Lodz", "Zürich", "Lodz", "Innsbruck"]


def four(turn_owner, expansions=("offices",), **rest):
    players = {n: {"hand": [c]} for n, c in zip(NAMES, HANDS)}
    players["Carl"].update(houses=CARL_HOUSES, houses_left=1)
    return table(NAMES, expansions, players=players,
                 display=["Basel", "Linz", "Passau", "Ulm", "Pilsen", "Kempten"],
                 ext=ext(STACKS_4, TILES_4), turn_owner=turn_owner, to_move=turn_owner, turn={"step": "draw"}, **rest)


def finish_turn(s):
    """The player whose turn it is draws from the deck, plays a card and ends the turn (no official)."""
    owner, turns = s.turn_owner, s.turns
    while not s.is_over and s.turns == turns and s.to_move == owner and not s.interruptions:
        acts = s.legal_actions()
        pick = next((a for a in acts if a.kind == "end"), None) or next(
            (a for a in acts if a.kind in ("draw", "play", "keep")), acts[0])
        s = s.apply(pick)
    return s


# -- Preparation and taking tiles -----------------------------------------------------------------------------------

@pytest.mark.parametrize("n, stacks", [(2, (3, 4, 4, 2)), (3, (5, 6, 6, 3)), (4, (6, 8, 8, 4))])
def test_office_stacks_by_the_number_of_players(n, stacks):
    """Offices (001, 002), Preparation: 2 players 3/4/4/2, 3 players 5/6/6/3, 4 players all 26 tiles."""
    s = thurn.new_game(NAMES[:n], seed=1, rules=RULES)
    assert offices.order() == ORDER
    assert tuple(a + b for a, b in zip(O(s).stacks, O(s).tiles[0])) == stacks   # (the first Postmaster taken)
    assert O(s).chips_left == 12 and O(s).chips == (0,) * n


def test_every_player_takes_a_postmaster_tile_in_the_first_round():
    """Offices (001), example: "In the first round each player must use the Postmaster ... each player will take a
    Postmaster tile" (the compulsory Postmaster of an empty hand)."""
    s = thurn.new_game(NAMES, seed=2, rules=RULES)
    for _ in range(4):
        s = finish_turn(s)
    assert [mine(s, i)["postmaster"] for i in range(4)] == [1, 1, 1, 1]
    assert O(s).stacks[1] == 4


def test_a_tile_for_each_official_used_the_cartwright_too():
    """Offices: "Every time a player uses the support of an official he takes a corresponding tile"."""
    s = thurn.new_game(["Ann", "Ben"], seed=5, rules=RULES)
    rng = random.Random(5)
    while not s.is_over:
        before = s
        s = s.apply(rng.choice(s.legal_actions()))
        a = s.history[-1]
        if a.kind == "official" or (a.kind == "score" and a.cartwright):
            oid = "cartwright" if a.kind == "score" else s.board.official(a.official).id
            i = ORDER.index(oid)
            got = O(s).tiles[before.to_move][i] - O(before).tiles[before.to_move][i]
            returned = s.step in ("return",) or O(s).series > O(before).series
            assert got == 1 or returned          # (a return round may have begun and taken it back at once)


# -- return rounds ----------------------------------------------------------------------------------------------

def test_the_last_tile_starts_a_return_round_at_once_with_the_player_whose_turn_it_is():
    """Offices (001): "When a player takes the last tile from any stack, all players must return tiles ... Begin
    with the player whose turn it is and continue clockwise"."""
    s = four(1).apply("call postmaster")
    assert O(s).stacks[1] == 0 and s.turn_owner == 1
    assert (s.to_move, s.step) == (1, "return")
    assert [f[0] for f in s.interruptions[:3]] == [2, 3, 0]
    assert any("it was the last one" in line for line in s.log())


def test_returns_must_be_different_tiles_one_to_four_and_earn_their_reward():
    """Offices: "Each player must return one to four different tiles"; 2: a card, 3: a chip, 4: a house."""
    s = four(1).apply("call postmaster")
    assert s.why_illegal(ReturnTiles(["postmaster", "postmaster"])).reason == "tiles_not_different"
    assert s.why_illegal(ReturnTiles([])).reason == "return_size"
    assert s.why_illegal(ReturnTiles(["postmaster"], card="deck")).reason == "no_card_reward"
    s = s.apply("return postmaster+administrator take basel")          # Ben: 2 tiles, the Basel card
    assert "Basel" in s.player("Ben").hand and mine(s, 1)["postmaster"] == 2
    assert s.to_move == 2
    err = s.why_illegal(ReturnTiles(ORDER, house="Mannheim"))
    assert err.reason == "house_there"                                 # Carl has a house in Mannheim
    s = s.apply(ReturnTiles(ORDER, house="Lodz"))                       # Carl: 4 tiles, his last house
    assert "Lodz" in s.player("Carl").houses and s.players[2].houses_left == 0
    assert s.end_by == 2 and any("last house" in line for line in s.log())
    s = s.apply("return administrator+postmaster+postal_carrier")       # Dave: 3 tiles, a chip
    assert O(s).chips[3] == 1 and O(s).chips_left == 11
    s = s.apply("return postal_carrier")                                # Anna: 1 tile, nothing
    assert (s.to_move, s.step) == (1, "draw") and s.turn_owner == 1    # the round is over; Ben's turn goes on
    assert all(O(s).stacks)


def test_a_player_without_tiles_returns_none():
    """Offices: "if a player has no tiles, he returns none and earns nothing"."""
    tiles = [(0, 0, 0, 0), (1, 5, 1, 1), (0, 0, 0, 0)]
    s = table(NAMES[:3], RULES["expansions"], players={n: {"hand": [c]} for n, c in zip(NAMES, HANDS)},
              display=["Basel", "Linz", "Passau", "Ulm", "Pilsen", "Kempten"],
              ext=ext((4, 1, 5, 2), tiles), turn_owner=1, to_move=1, turn={"step": "draw"})
    s = s.apply("call postmaster").apply("return postmaster")
    assert ("returns_nothing", 2) in s.events and ("returns_nothing", 0) in s.events
    assert (s.to_move, s.step) == (1, "draw")


def test_rounds_repeat_until_the_emptied_stack_has_a_tile_again():
    """Offices (001): "players execute additional complete tile return rounds until the emptied stack is no longer
    empty"; (002): "until each office holder has at least one tile"."""
    s = four(1).apply("call postmaster")
    for who in range(4):                                   # nobody returns a Postmaster tile in the first round
        s = s.apply(next(a for a in s.legal_actions() if a.offices == ("administrator",)
                         or (a.offices and "postmaster" not in a.offices and not a.card and not a.house)))
    assert O(s).stacks[1] == 0 and s.step == "return" and O(s).rounds == 2
    assert any("still empty: another round" in line for line in s.log())
    s = s.apply("return postmaster")
    while s.step == "return":
        s = s.apply(next(a for a in s.legal_actions() if len(a.offices) == 1 and not a.card and not a.house))
    assert (s.to_move, s.step) == (1, "draw") and O(s).stacks[1] >= 1


def test_example_1_a_return_round_in_the_middle_of_the_last_round():
    """Offices (001), example 1: Anna starts; Ben starts a return round; Carl returns four tiles and places his last
    house. After the round, Carl and Dave get their final normal turns and the game ends."""
    s = four(1).apply("call postmaster")
    s = s.apply("return postmaster").apply(ReturnTiles(ORDER, house="Lodz"))
    s = s.apply("return postmaster").apply("return postmaster")
    assert s.end_by == 2 and s.turn_owner == 1 and not s.is_over
    s = finish_turn(s)
    assert s.turn_owner == 2 and not s.is_over              # Carl's final normal turn
    s = finish_turn(s)
    assert s.turn_owner == 3 and not s.is_over              # Dave's
    s = finish_turn(s)
    assert s.step in ("final_return", "over")               # then the final return round, then the end
    while not s.is_over:
        s = s.apply(next(a for a in s.legal_actions() if not a.offices))
    assert s.is_over and s.end_by == 2


def test_example_2_a_return_round_started_by_the_last_player():
    """Offices (001), example 2: the last player, Dave, starts the return round and Carl places his last house in
    it: after the round the game ends (Dave's turn is the round's last)."""
    s = four(3).apply("call postmaster")
    assert [s.to_move] + [f[0] for f in s.interruptions[:3]] == [3, 0, 1, 2]
    s = s.apply("return postmaster").apply("return postmaster").apply("return postmaster")
    s = s.apply(ReturnTiles(ORDER, house="Lodz"))
    assert s.end_by == 2 and (s.to_move, s.step) == (3, "draw")
    s = finish_turn(s)
    assert s.step in ("final_return", "over")
    while not s.is_over:
        s = s.apply(next(a for a in s.legal_actions() if not a.offices))
    assert s.is_over


# -- the final return round ----------------------------------------------------------------------------------------

def test_the_final_return_takes_3_or_4_tiles_or_none_clockwise_from_the_start_player():
    """Offices (001): "In this round players may return only 3 or 4 tiles"; rules notes R7: from the starting
    player clockwise."""
    s = four(3, end_triggered_by=0)
    s = s.apply("draw deck")
    s = finish_turn(s)
    assert s.step == "final_return" and s.to_move == 0       # Anna, the starting player, first
    order = [s.to_move] + [f[0] for f in s.interruptions if f[1] == "final_return"]
    assert order == [0, 1, 2, 3]
    assert s.why_illegal(ReturnTiles(["postmaster"])).reason == "return_size"
    assert {len(a.offices) for a in s.legal_actions()} <= {0, 3, 4}
    s = s.apply("return administrator+postmaster+postal_carrier")
    assert O(s).chips[0] == 1 and s.to_move == 1


def test_the_final_return_order_reversed_by_the_rule_option():
    """Rules notes R7, option final_return_reverse_order: from the last player backwards (001's note)."""
    s = four(3, end_triggered_by=0, rules={"expansions": ["offices"], "final_return_reverse_order": True})
    s = finish_turn(s.apply("draw deck"))
    order = [s.to_move] + [f[0] for f in s.interruptions if f[1] == "final_return"]
    assert order == [3, 2, 1, 0]


def test_chips_score_one_point_each_and_tiles_nothing():
    """Offices: a victory point chip is worth one point; tiles are worth nothing at the end."""
    s = thurn.new_game(NAMES[:3], seed=8, rules=RULES)
    rng = random.Random(8)
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
    for i, rec in enumerate(s.score_records()):
        assert rec["chips"] == O(s).chips[i]
        assert rec["total"] == rec["carriage"] + rec["tiles"] + rec["unplaced_houses"] + rec["chips"]


def test_a_reward_house_takes_the_city_letter_with_the_messenger():
    """The Princess' Messenger with Offices of Honor: a house placed through a return takes the city's letter."""
    e = ext(STACKS_4, TILES_4)
    e["messenger"] = {"cities": (1 << 22) - 1 - sum(1 << CITIES.index(c) for c in CARL_HOUSES), "held": [0, 1, 2, 3],
                      "holder": None, "budget": 1, "paid": [], "spent": 0}
    players = {n: {"hand": [c]} for n, c in zip(NAMES, HANDS)}
    players["Carl"].update(houses=CARL_HOUSES, houses_left=1)
    s = table(NAMES, ("messenger", "offices"), players=players,
              display=["Basel", "Linz", "Passau", "Ulm", "Pilsen", "Kempten"], ext=e, turn_owner=1, to_move=1,
              turn={"step": "draw"})
    s = s.apply("call postmaster").apply("return postmaster").apply(ReturnTiles(ORDER, house="Lodz"))
    assert s.ext["messenger"].held[2] == 3 and not s.ext["messenger"].cities >> CITIES.index("Lodz") & 1


# -- saved games and bad files -------------------------------------------------------------------------------------

def test_a_game_saved_in_the_middle_of_a_return_round_loads_back_identical():
    s = four(1).apply("call postmaster").apply("return postmaster")
    back = thurn.GameState.from_json(s.to_json())
    assert back == s and back.to_move == 2 and back.step == "return"
    assert back.legal_actions() == s.legal_actions()
    assert thurn.GameState.from_position(s.position()).ext == s.ext


@pytest.mark.parametrize("bad, words", [
    ({"stacks": {"administrator": 2}}, "stacks"),
    ({"chips": [1, 0, 0, 0]}, "add up to 12"),
    ({"tiles": "many"}, "tiles"),
])
def test_a_bad_offices_part_of_a_position_is_named(bad, words):
    pos = four(1).position()
    pos["ext"]["offices"].update(bad)
    with pytest.raises(thurn.PositionError, match=words):
        thurn.GameState.from_position(pos)


def test_tiles_held_and_stacked_must_add_up():
    pos = four(1).position()
    pos["ext"]["offices"]["stacks"]["cartwright"] = 4
    with pytest.raises(thurn.PositionError, match="cartwright tiles"):
        thurn.GameState.from_position(pos)


def test_return_notation_reads_back():
    for a in [ReturnTiles(["postmaster", "cartwright"], card="deck"), ReturnTiles(ORDER, house="München"),
              ReturnTiles(()), ReturnTiles(["administrator"], card="Ulm")]:
        s = thurn.Rules(expansions=("offices",)).ruleset.parse(a.notation)
        assert s == a and str(a)


def test_a_reward_card_taken_face_up_is_known_to_the_others_and_one_from_the_deck_is_not():
    """What a player has seen (thurn.information): a card taken from the display stays known in that hand."""
    from thurn.information import Seen

    s = four(1).apply("call postmaster").apply("return postmaster+administrator take basel")
    basel = s.board.index("Basel")                 # (known cards are card ids: count Basel's)
    assert sum(s.board.city_of[c] == basel for c in Seen(s, 0).known[1]) == 1
    t = four(1).apply("call postmaster").apply("return postmaster+administrator take deck")
    assert len(Seen(t, 0).known[1]) == 0
    rng = random.Random(1)
    for _ in range(5):                         # samples keep Ben's hand size and never show Anna a hidden card
        sample = Seen(t, 0).sample(rng)
        assert len(sample.players[1].hand) == len(t.players[1].hand)
        assert sample.players[0].hand == t.players[0].hand
