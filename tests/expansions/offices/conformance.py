"""Offices of Honor's checks in the conformance suite (tests/conformance/invariants.py: ``plugins``), after every
action of every ruleset it is in: office tiles conserved (the stacks and those held: as many as at the start), the
chips counted (12 in all), no decision waits while a stack is empty (Offices of Honor; rules notes R7); no
official twice in a turn, and without the Messenger's letters one a turn (base rules, 1-3); at the end the chips
are in the score."""
from __future__ import annotations

NAME = "offices"


def tiles(O) -> tuple:
    return tuple(a + sum(t[i] for t in O.tiles) for i, a in enumerate(O.stacks))


def check(s, before, where) -> None:
    O = s.ext[NAME]
    assert tiles(O) == tiles(s.root.ext[NAME]), f"{where}: office tiles {O}"
    assert min(O.stacks) >= 0 and all(min(t) >= 0 for t in O.tiles)
    assert sum(O.chips) + O.chips_left == 12, f"{where}: chips {O}"
    if s.step not in ("return", "return_check", "final_return", "over"):
        assert all(O.stacks) and not O.pending, f"{where}: a decision waits while a stack is empty: {O}"
    assert len(set(s.officials)) == len(s.officials), f"{where}: an official twice in a turn: {s.officials}"
    if "messenger" not in s.ext:
        assert len(s.officials) <= 1, f"{where}: {s.officials}"


def check_end(s, where) -> None:
    O = s.ext[NAME]
    for i, rec in enumerate(s.score_records()):
        assert rec["chips"] == O.chips[i], f"{where}: chips {rec}"
