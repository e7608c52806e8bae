"""Power and Glory, random games to the end (property tests), on the northern board: ``power_glory`` alone, with The
Princess' Messenger, with Offices of Honor, and the base rules on the northern board ("The game using the base game
rules"). After every action: the 69 cards are conserved across deck, display, hands, routes, horses and discard;
houses are conserved; nobody has more than 6 horse cards (Power and Glory, Play a city card from the hand); no
route is scored with fewer horses than cards (Closing and scoring a route); the game ends by the last house
(Game end). A save round-trips, in the middle of a game and at its end.

Sized by ``THURN_SIZE``: a few games per combination in ``make test`` (small), 800 per combination in the full run
(3,200 games; 2,000 each took 143 s to 297 s each on one core of CI's machine, more than CI's 45 minutes allow; the
conformance suite plays 400 more games of each Power and Glory ruleset: tests/conformance/test_games.py).
"""
from __future__ import annotations

import random

import pytest

import thurn
from thurn.expansions.power_glory.rules import MAX_HORSE_CARDS, horses
from thurn.scoring import popcount
from thurn.sim import sized

B = thurn.load_board("northern")
GAMES = sized(800, 3)
EVERY = list(range(len(B.cards)))
#: The combinations on the northern board: Power and Glory alone and with each other expansion, and the base rules.
COMBINATIONS = [("power_glory",), ("power_glory", "messenger"), ("power_glory", "offices"), ()]


def all_cards(s) -> list[int]:
    cards = [c for c in s.display if c >= 0] + list(s.deck) + list(s.discard)
    for p in s.players:
        cards += list(p.hand) + list(p.route) + list(p.piles.get("horses", ()))
    return sorted(cards)


def with_horses(s) -> bool:
    return "horse" in s.ruleset.kinds


def choose(s, rng):
    """A random policy that plays towards the end: extend while the horses allow, else add horses; score, more
    often a long route than a short one (so that routes of 5 to 8 are scored too)."""
    acts = s.legal_actions()
    if s.step == "play":
        p = s.players[s.to_move]
        ext = [a for a in acts if a.kind == "play" and a.end != "new"]
        horse = [a for a in acts if a.kind == "horse"]
        if ext and (not with_horses(s) or horses(s) > len(p.route)) and rng.random() < 0.85:
            return rng.choice(ext)
        if horse and rng.random() < 0.9:
            return rng.choice(horse)
    if s.step == "score":
        sc = [a for a in acts if a.kind == "score"]
        if sc and rng.random() < (0.8 if len(s.players[s.to_move].route) >= 5 else 0.3):
            return rng.choice(sc)
    return rng.choice(acts)


def check(s, where) -> None:
    """The invariants of a position (see the module's docstring)."""
    cards = all_cards(s)
    assert cards == EVERY, f"{where}: cards not conserved"
    for i, p in enumerate(s.players):
        assert len(p.piles.get("horses", ())) <= MAX_HORSE_CARDS, f"{where}: seat {i} has too many horse cards"
        assert popcount(p.houses) + p.houses_left == B.houses and p.houses_left >= 0, f"{where}: houses of seat {i}"
        if with_horses(s):
            assert not p.carriages, f"{where}: seat {i} took a carriage under Power and Glory"


def play(seed, expansions, n=3, save_at=None):
    rules = thurn.Rules(board="northern", expansions=expansions)
    s = thurn.new_game(["Ann", "Ben", "Cid", "Dan"][:n], seed=seed, rules=rules)
    rng = random.Random(seed)
    scored = 0
    for k in range(20000):
        if s.is_over:
            break
        check(s, f"seed {seed}, action {k}")
        if k == save_at:
            assert thurn.GameState.from_json(s.to_json()) == s
        a = choose(s, rng)
        if a.kind == "score":
            if with_horses(s):
                assert horses(s) >= len(s.players[s.to_move].route), f"seed {seed}: scored with too few horses"
            scored += 1
        s = s.apply(a)
    assert s.is_over, "a random game should reach its end"
    check(s, f"seed {seed}, the end")
    assert thurn.GameState.from_json(s.to_json()) == s
    return s, scored


@pytest.mark.parametrize("expansions", COMBINATIONS, ids=lambda e: "+".join(e) or "base_rules")
def test_random_games_to_the_end(expansions):
    for seed in range(GAMES):
        s, scored = play(seed, expansions, n=2 + seed % 3, save_at=seed % 97)
        assert scored > 0
        if with_horses(s):          # the end only by the last house (Power and Glory, Game end)
            assert s.players[s.end_by].houses_left == 0


def test_the_policy_scores_long_routes_with_horses():
    """The random games reach what the tests are about: horse cards played and routes of 5 or more scored."""
    long_routes = horse_cards = 0
    rules = thurn.Rules(board="northern", expansions=("power_glory",))
    for seed in range(12):
        s = thurn.new_game(["Ann", "Ben", "Cid"], seed=seed, rules=rules)
        rng = random.Random(seed)
        while not s.is_over:
            a = choose(s, rng)
            horse_cards += a.kind == "horse"
            long_routes += a.kind == "score" and len(s.players[s.to_move].route) >= 5
            s = s.apply(a)
    assert horse_cards > 0 and long_routes > 0


def test_a_save_round_trips_in_the_middle_of_a_game():
    rules = thurn.Rules(board="northern", expansions=("power_glory",))
    s = thurn.new_game(["Ann", "Ben"], seed=5, rules=rules)
    rng = random.Random(5)
    while not any(p.piles.get("horses") for p in s.players):
        s = s.apply(choose(s, rng))
    back = thurn.GameState.from_json(s.to_json())
    assert back == s and back.position() == s.position()
    assert thurn.GameState.from_position(s.position()).same_position(s)


def test_with_offices_of_honor_the_cartwright_tiles_are_never_taken():
    """Power and Glory, Preparation: "the cartwright from the base game [is] not used": under Offices of Honor his
    tiles stay beside the board (docs/design.md, "Power and Glory", reading 7)."""
    from thurn.expansions.offices import rules as offices

    s, _ = play(1, ("power_glory", "offices"), n=3)
    O = s.ext["offices"]
    i = offices.conf().order.index("cartwright")
    assert O.stacks[i] == offices.conf().tiles[3][i] and all(t[i] == 0 for t in O.tiles)
