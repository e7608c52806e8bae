"""SoloPlay's checks in the conformance suite (tests/conformance/invariants.py: ``plugins``), after every action
(the SoloPlay reference manual): the discard piles keep their cards (pile 1, the penalty pile, only grows), pile 2
is shuffled into a new deck at most twice, and the completed pile is empty after the first new deck.
tests/expansions/solo/test_property.py checks them with the colours, the officials and the series in its own games."""
from __future__ import annotations


def check(s, before, where) -> None:
    if before is None:
        return
    pen, pen0 = s.piles.get("penalty", ()), before.piles.get("penalty", ())
    assert pen[:len(pen0)] == pen0, f"{where}: pile 1 lost cards"
    assert s.shuffles <= 2, f"{where}: pile 2 shuffled twice"
    if s.shuffles == 1:
        assert not s.piles.get("completed"), f"{where}: the completed pile before the new deck"
