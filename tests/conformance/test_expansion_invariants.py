"""Random legal games with The Princess' Messenger, Offices of Honor, and both, played to the end with the invariants
checked after every action: the base game's (cards, houses, tiles, carriages, routes; tests/conformance/test_invariants.py)
and the expansions' — nobility letters conserved (on the cities, held, spent), no letter on a city with a house,
letters spent only from those held at the start of the turn, no official twice in a turn and one paid for each
beyond the first; office tiles conserved (stacks and held), chips counted, no decision waits while a stack is
empty; at the end equal turns and the score the rule's formula (base items + the Messenger's point + chips).

``make test`` plays 36 games per combination; ``make test-all`` 2,100 per combination (6,300 in all).
"""
from __future__ import annotations

import random

import pytest

import thurn
from thurn import CallOfficial, Draw, EndTurn, Play, Score
from thurn.expansions.offices import ReturnTiles
from thurn.scoring import popcount
from thurn.sim import sized

from tests.conformance.test_invariants import CARRIAGE_POINTS, check_invariants, eager

NAMES = ["Ann", "Ben", "Cat", "Dan"]
COMBOS = [("messenger",), ("offices",), ("messenger", "offices")]
START_LETTERS = (0, 1, 2, 3)
OFFICE_TILES = {2: (3, 4, 4, 2), 3: (5, 6, 6, 3), 4: (6, 8, 8, 4)}


def policy(s, rng):
    """Eager random play (scores when it can) that also calls officials now and then and returns tiles at random."""
    acts = s.legal_actions()
    if s.step in ("return", "final_return"):
        return rng.choice(acts)
    calls = [a for a in acts if a.kind == "official"]
    if calls and rng.random() < 0.3:
        return rng.choice(calls)
    return eager(s, rng)


def check_expansions(s, before, where):
    n = s.num_players
    houses = 0
    for p in s.players:
        houses |= p.houses
    assert len(set(s.officials)) == len(s.officials), f"{where}: an official twice in a turn: {s.officials}"
    if "messenger" in s.ext:
        L = s.ext["messenger"]
        assert popcount(L.cities) + sum(L.held) + L.spent == 22 + sum(START_LETTERS[:n]), f"{where}: letters {L}"
        assert not L.cities & houses, f"{where}: a letter lies on a city with a house"
        assert min(L.held) >= 0 and 0 <= L.budget <= L.held[s.turn_owner], f"{where}: budget {L}"
        assert len(L.paid) == max(0, len(s.officials) - 1), f"{where}: paid {L.paid} for {s.officials}"
        if before is not None and before.turns == s.turns and "messenger" in before.ext:
            spent = L.spent - before.ext["messenger"].spent
            assert spent <= before.ext["messenger"].budget, f"{where}: spent letters not held at the turn's start"
    else:
        assert len(s.officials) <= 1, f"{where}: {s.officials}"
    if "offices" in s.ext:
        O = s.ext["offices"]
        totals = tuple(a + sum(t[i] for t in O.tiles) for i, a in enumerate(O.stacks))
        assert totals == OFFICE_TILES[n], f"{where}: office tiles {O}"
        assert min(O.stacks) >= 0 and all(min(t) >= 0 for t in O.tiles)
        assert sum(O.chips) + O.chips_left == 12, f"{where}: chips {O}"
        if s.step not in ("return", "return_check", "final_return", "over"):
            assert all(O.stacks) and not O.pending, f"{where}: a decision waits while a stack is empty: {O}"


def check_end(s, where):
    assert s.is_over
    assert len({s.turns_taken(i) for i in range(s.num_players)}) == 1, f"{where}: unequal turns"
    L = s.ext.get("messenger")
    O = s.ext.get("offices")
    totals = []
    for i, (rec, p) in enumerate(zip(s.score_records(), s.players)):
        expected = (CARRIAGE_POINTS[p.carriages[-1]] if p.carriages else 0) + sum(v for _, v in p.tiles) \
            - p.houses_left + (1 if L is not None and L.holder == i else 0) + (O.chips[i] if O is not None else 0)
        assert rec["total"] == expected, f"{where}: {rec} vs {expected}"
        totals.append(expected)
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    expect = min(tied, key=lambda i: (i - s.end_by) % s.num_players)
    assert s.winner() == s.player_names[expect], where


def play(expansions, n, seed, limit=100_000, probe=False):
    rng = random.Random(seed)
    s = thurn.new_game(NAMES[:n], seed=seed, rules={"expansions": list(expansions)})
    before = None
    for k in range(limit):
        where = f"{'+'.join(expansions)}, {n} players, seed {seed}, action #{k}"
        check_invariants(s, where)
        check_expansions(s, before, where)
        if probe:
            probe_state(s, rng, where)
        if s.is_over:
            check_end(s, where)
            return s
        before = s
        s = s.apply(policy(s, rng))
    raise AssertionError(f"{expansions}, {n} players, seed {seed}: no end after {limit} actions")


@pytest.mark.parametrize("expansions", COMBOS, ids=["+".join(c) for c in COMBOS])
def test_random_games_with_the_expansions_keep_every_invariant(expansions):
    """2,100 games per combination (700 per player count; 36 in the fast lane)."""
    series = paid = 0
    for n in (2, 3, 4):
        for seed in range(sized(700, 12)):
            s = play(expansions, n, 7000 + seed)
            if "offices" in s.ext:
                series += s.ext["offices"].series
            if "messenger" in s.ext:
                paid += s.ext["messenger"].spent
    assert ("offices" not in expansions or series > 0) and ("messenger" not in expansions or paid > 0)


POOL = ([Draw("Ulm"), Draw(), EndTurn(), Play("Ulm", "new"), Play("Basel", "left"), Score([]),
         Score(["Basel"], cartwright=True)]
        + [CallOfficial(o) for o in ("postmaster", "administrator", "postal_carrier", "cartwright")]
        + [ReturnTiles(()), ReturnTiles(["postmaster"]), ReturnTiles(["postmaster", "postmaster"]),
           ReturnTiles(["postmaster", "cartwright"], card="deck"), ReturnTiles(["administrator"], card="Ulm"),
           ReturnTiles(["postmaster", "cartwright", "administrator", "postal_carrier"], house="Ulm"),
           ReturnTiles(["postmaster", "cartwright", "administrator"]), ReturnTiles(["nobody"])])


def probe_state(s, rng, where):
    """Every listed action is legal; an illegal one raises a typed error with a reason and changes nothing."""
    legal = s.legal_actions()
    for a in rng.sample(legal, min(5, len(legal))):
        assert s.why_illegal(a) is None, f"{where}: listed {a} but {s.why_illegal(a)}"
    before = s.position()
    for a in rng.sample(POOL, 6):
        err = s.why_illegal(a)
        assert (err is None) == (a in legal), f"{where}: {a}: why_illegal {err!r} but listed={a in legal}"
        if err is not None:
            assert isinstance(err, ValueError) and err.reason and str(err)
            with pytest.raises(thurn.IllegalAction):
                s.apply(a)
            assert s.position() == before, f"{where}: {a} changed the state"


@pytest.mark.parametrize("expansions", COMBOS, ids=["+".join(c) for c in COMBOS])
def test_listed_actions_are_legal_and_refusals_change_nothing(expansions):
    for k in range(sized(9, 3)):
        play(expansions, 2 + k % 3, 9100 + k, probe=True)


@pytest.mark.parametrize("expansions", COMBOS, ids=["+".join(c) for c in COMBOS])
def test_the_same_seed_and_actions_give_the_same_game_and_saves_load_back(expansions):
    s = play(expansions, 3, 4242)
    assert thurn.GameState.from_json(s.to_json()) == s
    again = thurn.replay(s.setup, [a.notation for a in s.history])   # the log is the replay
    assert again == s and again.score_records() == s.score_records()
    t = play(expansions, 3, 4242)
    assert t == s and t.history == s.history
