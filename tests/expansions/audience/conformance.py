"""The Audience's checks in the conformance suite (tests/conformance/invariants.py: ``plugins``), after every
action of every ruleset it is in ("All Roads Lead to Rome", 1. The Audience): the clergymen conserved (each
player's 5 ranks exactly once across his sealed tiles, the audience spaces and the box: Preparation; A carriage
arrives in Rome); a sealed tile in each carriage on the road, none in a carriage in Rome; nobody on a space twice;
the carriages arrived are those in Rome; no step owed outside the carriage step; nothing moved while sealing.
tests/expansions/audience/test_property.py checks these and the moves, the views and the end in its own games."""
from __future__ import annotations

import thurn
from thurn.expansions.audience.rules import audience, clergy, strip

B = thurn.load_board("base")
S = strip(B)
C = clergy()
RANKS = sorted(C.ranks)


def carriage_pending(s) -> bool:
    return s.step == "carriage" or any(step == "carriage" for _, step in s.interruptions)


def check_audience(s, where):
    """The invariants of a position (see the module's docstring)."""
    A = audience(s)
    T = s.ext["audience_tiles"]
    n = s.num_players
    in_rome = [c for c in range(5) if A.at[c] == S.rome]
    assert sorted(A.arrived) == in_rome and len(set(A.arrived)) == len(A.arrived), f"{where}: arrived {A}"
    if not carriage_pending(s):
        assert not A.owed, f"{where}: steps owed outside the carriage step: {A.owed}"
    for k, seats in enumerate(A.spaces):
        assert len(set(seats)) == len(seats) and all(0 <= x < n for x in seats), f"{where}: space {k}: {seats}"
    sealing = s.step == "seal"
    for seat, mine in enumerate(T):
        if mine is None:
            assert sealing, f"{where}: seat {seat} has no tiles after the seal step"
            continue
        shown = [C.ranks[k] for k, seats in enumerate(A.spaces) if seat in seats] + [r for x, r in A.box if x == seat]
        assert sorted([r for r in mine if r] + shown) == RANKS, f"{where}: seat {seat}'s clergymen: {mine} {A}"
        assert all(bool(mine[c]) == (c not in in_rome) for c in range(5)), f"{where}: seat {seat}: {mine} {A.at}"
    if sealing:
        assert A.at == S.starts[2 if n == 2 else 3] and not A.arrived and not A.box, f"{where}: moved while sealing"


def check(s, before, where) -> None:
    check_audience(s, where)
