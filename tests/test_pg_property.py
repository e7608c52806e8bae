"""Power and Glory, random games to the end (a small property test): on the northern board with ``power_glory``
(alone and with each other expansion), cards are conserved across deck, display, hands, routes, horses and discard;
houses are conserved; nobody has more than 6 horse cards; no route is scored with too few horses; a save
round-trips.
"""
from __future__ import annotations

import random

import pytest

import thurn
from thurn.expansions.power_glory import MAX_HORSE_CARDS, horses
from thurn.scoring import popcount
from thurn.sim import sized

B = thurn.load_board("northern")
GAMES = sized(20, 3)


def all_cards(s) -> list[int]:
    cards = [c for c in s.display if c >= 0] + list(s.deck) + list(s.discard)
    for p in s.players:
        cards += list(p.hand) + list(p.route) + list(p.piles.get("horses", ()))
    return sorted(cards)


def choose(s, rng):
    """A random policy that plays towards the end: extend while the horses allow, else add horses; score."""
    acts = s.legal_actions()
    if s.step == "play":
        p = s.players[s.to_move]
        ext = [a for a in acts if a.kind == "play" and a.end != "new"]
        horse = [a for a in acts if a.kind == "horse"]
        if ext and horses(s) > len(p.route) and rng.random() < 0.85:
            return rng.choice(ext)
        if horse and rng.random() < 0.9:
            return rng.choice(horse)
    if s.step == "score":
        sc = [a for a in acts if a.kind == "score"]
        if sc and rng.random() < 0.8:
            return rng.choice(sc)
    return rng.choice(acts)


def play(seed, expansions, n=3):
    rules = thurn.Rules(board="northern", expansions=("power_glory",) + expansions)
    s = thurn.new_game(["Ann", "Ben", "Cid", "Dan"][:n], seed=seed, rules=rules)
    rng = random.Random(seed)
    every = list(range(len(B.cards)))
    houses = s.board.houses
    scored = 0
    for _ in range(5000):
        if s.is_over:
            break
        assert all_cards(s) == every
        for p in s.players:
            assert len(p.piles.get("horses", ())) <= MAX_HORSE_CARDS
            assert popcount(p.houses) + p.houses_left == houses
        a = choose(s, rng)
        if a.kind == "score":
            assert horses(s) >= len(s.players[s.to_move].route)
            scored += 1
        s = s.apply(a)
    assert s.is_over, "a random game should reach its end"
    assert all_cards(s) == every
    assert thurn.GameState.from_json(s.to_json()) == s
    return s, scored


@pytest.mark.parametrize("expansions", [(), ("messenger",), ("offices",)])
def test_random_games_to_the_end(expansions):
    for seed in range(GAMES):
        s, scored = play(seed, expansions, n=2 + seed % 3)
        assert scored > 0 and s.players[s.end_by].houses_left == 0


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
    from thurn.expansions import offices

    s, _ = play(1, ("offices",), n=3)
    O = s.ext["offices"]
    i = offices.conf().order.index("cartwright")
    assert O.stacks[i] == offices.conf().tiles[3][i] and all(t[i] == 0 for t in O.tiles)
