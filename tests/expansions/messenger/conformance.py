"""The Princess' Messenger's checks in the conformance suite (tests/conformance/invariants.py: ``plugins``), after
every action of every ruleset it is in: nobility letters conserved (on the cities, held, spent: as many as at the
start), no letter on a city with a house (The Nobility Letters: the first house in a city takes its letter), letters
spent only from those held at the start of the turn, one official free and each further one paid for
(The Princess' Messenger: more officials in a turn); at the end the Messenger's point is the holder's."""
from __future__ import annotations

from thurn.scoring import popcount

NAME = "messenger"


def letters(L) -> int:
    return popcount(L.cities) + sum(L.held) + L.spent


def check(s, before, where) -> None:
    L = s.ext[NAME]
    houses = 0
    for p in s.players:
        houses |= p.houses
    assert letters(L) == letters(s.root.ext[NAME]), f"{where}: letters {L}"
    assert not L.cities & houses, f"{where}: a letter lies on a city with a house"
    assert min(L.held) >= 0 and 0 <= L.budget <= L.held[s.turn_owner], f"{where}: budget {L}"
    assert len(L.paid) == max(0, len(s.officials) - 1), f"{where}: paid {L.paid} for {s.officials}"
    if before is not None and before.turns == s.turns and NAME in before.ext:
        spent = L.spent - before.ext[NAME].spent
        assert spent <= before.ext[NAME].budget, f"{where}: spent letters not held at the turn's start"


def check_end(s, where) -> None:
    L = s.ext[NAME]
    for i, rec in enumerate(s.score_records()):
        assert rec[NAME] == (1 if L.holder == i else 0), f"{where}: the Messenger's point {rec}"
