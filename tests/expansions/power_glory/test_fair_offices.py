"""Offices of Honor with Power and Glory: the two readings of the Cartwright's office tiles.

Power and Glory, Preparation: "The carriage cards and the cartwright from the base game are not used with this
expansion." Offices of Honor: "Each player must return one to four different tiles ... 2 tiles returned: the player
may draw one card. 3 tiles returned: the player takes a victory point chip. 4 tiles returned: the player may place
one of his houses"; the final round: "only 3 or 4 tiles". The default reading (docs/design.md, "Power and Glory",
reading 7): his tiles stay beside the board, never taken, the rewards as printed. The rule option
``top_reward_for_tiles_in_play``: his tiles leave the game with him and the rewards are counted from the top over
the three offices in play (1 a card, 2 a chip, 3 a house; the final round 2 or 3).
"""
from __future__ import annotations

import random

import pytest

import thurn
from thurn.expansions.offices import rules as offices
from thurn.rules import parse_rules, rules_text
from thurn.sim import sized

from tests.expansions.power_glory.test_property import EVERY, all_cards, check, choose, play

R_OFFICES = "Offices of Honor, returning tiles"
OPTION = "top_reward_for_tiles_in_play"
PRINTED = {1: "nothing", 2: "card", 3: "chip", 4: "house"}


def rules(option: bool, expansions=("power_glory", "offices")):
    return thurn.Rules(board="northern", expansions=expansions, **{OPTION: option})


def reach(option: bool, step: str, kinds: int, seed0=0):
    """A position of a random game (Power and Glory with Offices of Honor) at a return of ``step`` where the player
    to move holds ``kinds`` different office tiles."""
    for seed in range(seed0, seed0 + 200):
        s = thurn.new_game(["Ann", "Ben", "Cid"], seed=seed, rules=rules(option))
        rng = random.Random(seed)
        while not s.is_over:
            if s.step == step and sum(1 for k in s.ext["offices"].tiles[s.to_move] if k) == kinds:
                return s
            s = s.apply(choose(s, rng))
    raise AssertionError(f"no {step} with {kinds} kinds of tiles reached")


def sizes(s) -> dict:
    """{tiles returned: the rewards listed with them} ("plain": no card or house named, a reward declined)."""
    out: dict = {}
    for a in s.legal_actions():
        if a.kind == "return_tiles":
            reward = "card" if a.card else "house" if a.house else "plain"
            out.setdefault(len(a.offices), set()).add(reward)
    return out


def test_the_reward_tables_of_the_two_readings():
    """Offices of Honor, returning tiles, as printed; with the option and the Cartwright out (Power and Glory,
    Preparation), counted from the top over the three offices in play."""
    s = thurn.new_game(["Ann", "Ben", "Cid"], seed=1, rules=rules(False))
    assert offices.reward_table(s, False) == PRINTED and offices.reward_table(s, True) == {3: "chip", 4: "house"}
    t = thurn.new_game(["Ann", "Ben", "Cid"], seed=1, rules=rules(True))
    assert offices.reward_table(t, False) == {1: "card", 2: "chip", 3: "house"}
    assert offices.reward_table(t, True) == {2: "chip", 3: "house"}


@pytest.mark.parametrize("board", ["base", "northern"])
def test_the_option_changes_nothing_where_every_official_can_be_called(board):
    """Offices of Honor alone (the base game's officials, the Cartwright among them): the printed rewards, the option
    on or off (on the northern board too: "The game using the base game rules" keeps the Cartwright)."""
    for option in (False, True):
        s = thurn.new_game(["Ann", "Ben", "Cid"], seed=1,
                           rules=thurn.Rules(board=board, expansions=("offices",), **{OPTION: option}))
        assert offices.reward_table(s, False) == PRINTED and offices.rewards(s) == PRINTED


def test_by_default_three_different_tiles_earn_a_chip_and_no_house():
    """Reading 7 (default): a return has at most 3 different tiles; 3 earn a victory point chip (Offices of Honor:
    "3 tiles returned: the player takes a victory point chip"), 2 a card, 1 nothing; no house."""
    s = reach(False, offices.RETURN, 3)
    got = sizes(s)
    assert max(got) == 3 and got[3] == {"plain"} and "card" in got[2] and got[1] == {"plain"}
    three = next(a for a in s.legal_actions() if a.kind == "return_tiles" and len(a.offices) == 3)
    t = s.apply(three)
    assert t.ext["offices"].chips[s.to_move] == s.ext["offices"].chips[s.to_move] + 1


def test_with_the_option_three_different_tiles_earn_a_house():
    """The option: one tile of each of the three offices in play earns the top reward, a house in any city; 2 a
    chip, 1 a card (Offices of Honor, returning tiles, counted from the top)."""
    s = reach(True, offices.RETURN, 3)
    got = sizes(s)
    assert "house" in got[3] and "card" not in got[3] and got[2] == {"plain"} and "card" in got[1]
    seat = s.to_move
    house = next(a for a in s.legal_actions() if a.kind == "return_tiles" and len(a.offices) == 3 and a.house)
    t = s.apply(house)
    assert t.players[seat].houses_left == s.players[seat].houses_left - 1
    two = next(a for a in s.legal_actions() if a.kind == "return_tiles" and len(a.offices) == 2)
    assert s.apply(two).ext["offices"].chips[seat] == s.ext["offices"].chips[seat] + 1
    assert "4" not in str(offices.rewards(s))


def test_with_the_option_the_final_round_takes_two_or_three_tiles():
    """Offices of Honor, the final return round: "only 3 or 4 tiles to earn a victory chip or place a house" —
    with the option, 2 or 3 of the three offices in play."""
    s = reach(True, offices.FINAL, 2)
    got = sizes(s)
    assert set(got) == {0, 2} and got[2] == {"plain"}
    u = reach(False, offices.FINAL, 3)
    assert set(sizes(u)) == {0, 3}


def test_a_return_of_one_tile_for_a_card_is_refused_by_default():
    """Offices of Honor: "1 tile returned: the player earns nothing" (default reading): taking a card with one tile
    is refused with a reason; with the option it is the reward of one tile."""
    s = reach(False, offices.RETURN, 1)
    held = [o for o, k in zip(offices.order(), s.ext["offices"].tiles[s.to_move]) if k]
    with pytest.raises(thurn.ThurnError) as e:
        s.apply(offices.ReturnTiles((held[0],), card="deck"))
    assert e.value.reason == "no_card_reward"
    t = reach(True, offices.RETURN, 1)
    held = [o for o, k in zip(offices.order(), t.ext["offices"].tiles[t.to_move]) if k]
    n = len(t.players[t.to_move].hand)
    assert len(t.apply(offices.ReturnTiles((held[0],), card="deck")).players[t.to_move].hand) == n + 1


def test_the_option_in_words_and_in_a_save():
    r = parse_rules(f"board=northern {OPTION} expansions=power_glory+offices")
    assert getattr(r, OPTION) and OPTION in rules_text(r)
    s = thurn.new_game(["Ann", "Ben"], seed=3, rules=r)
    back = thurn.GameState.from_json(s.to_json())
    assert getattr(back.rules, OPTION) and back == s
    with pytest.raises(thurn.PositionError):
        thurn.Rules.from_dict({OPTION: "yes"})


def test_random_games_with_the_option_keep_the_invariants():
    """The property tests' invariants (cards, houses, horses; tests/expansions/power_glory/test_property.py) with the option on."""
    for seed in range(sized(100, 3)):
        rng = random.Random(seed)
        s = thurn.new_game(["Ann", "Ben", "Cid", "Dan"][:2 + seed % 3], seed=seed, rules=rules(True))
        for k in range(20000):
            if s.is_over:
                break
            check(s, f"seed {seed}, action {k}")
            s = s.apply(choose(s, rng))
        assert s.is_over and all_cards(s) == EVERY
        assert thurn.GameState.from_json(s.to_json()) == s
    assert play                     # (the same policy as the property tests)


def test_the_bots_read_the_same_table():
    """The bots' valuation and their reasons read offices.reward_table: with the option a return of 2 tiles earns
    a chip, a plain return of 3 declines the house (Offices of Honor, returning tiles)."""
    from thurn.expansions.shared.valuation import quick_return, return_reason

    s = reach(True, offices.RETURN, 3)
    acts = [a for a in s.legal_actions() if a.kind == "return_tiles"]
    two = next(a for a in acts if len(a.offices) == 2)
    assert "victory point chip" in return_reason(s, two)
    three = next(a for a in acts if len(a.offices) == 3 and a.house)
    assert "house" in return_reason(s, three)
    assert quick_return(s, acts, random.Random(1)).house is not None       # the most tiles, the house taken


def test_a_reward_table_is_never_that_of_a_ruleset_gone_before(monkeypatch):
    """reward_table keeps its tables by the ruleset's id; a ruleset collected and another made at the same address
    once got the old one's table (make test at 23b5c5a: {1: 'nothing', ...} under the option). The table is kept
    with its ruleset and used only for that very ruleset."""
    t = thurn.new_game(["Ann", "Ben", "Cid"], seed=1, rules=rules(True))
    stale = (object(), {1: "nothing", 2: "card", 3: "chip", 4: "house"})       # a ruleset gone, its id reused
    monkeypatch.setitem(offices._TABLES, (id(t.ruleset), True, False), stale)
    assert offices.reward_table(t, False) == {1: "card", 2: "chip", 3: "house"}
