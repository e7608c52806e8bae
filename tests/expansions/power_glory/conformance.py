"""Power and Glory's checks in the conformance suite (tests/conformance/invariants.py: ``plugins``), after every
action of every ruleset it is in (rule book with the expansions, "Power and Glory"): nobody has more than 6 horse
cards (Play a city card from the hand), no carriage is taken (Preparation: no carriage cards), a route is scored
only with as many horses as cards (Closing and scoring a route); the game ends by the last house (Game end).
tests/expansions/power_glory/test_property.py checks them in its own games, which play towards long routes."""
from __future__ import annotations

from thurn.expansions.power_glory.rules import MAX_HORSE_CARDS, horses


def check(s, before, where) -> None:
    for i, p in enumerate(s.players):
        assert len(p.piles.get("horses", ())) <= MAX_HORSE_CARDS, f"{where}: seat {i} has too many horse cards"
        assert not p.carriages, f"{where}: seat {i} took a carriage under Power and Glory"
    node = s.history_node                                  # (the previous node, the last action) or None
    if before is not None and node is not None and node[1].kind == "score":
        assert horses(before) >= len(before.players[before.to_move].route), f"{where}: scored with too few horses"


def check_end(s, where) -> None:
    assert s.players[s.end_by].houses_left == 0, f"{where}: the game ended otherwise than by the last house"
