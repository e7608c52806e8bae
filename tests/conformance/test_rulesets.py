"""The conformance suite reaches every ruleset: each expansion the package ships is in a ruleset of
tests/support/rulesets.py (so a newly registered expansion is checked by every test of tests/conformance/ without
a line changed there), each installed board plays under one, and the smallest set (``ALONE``) meets each
expansion alone."""
from __future__ import annotations

import thurn
from thurn.variants import REGISTRY

from tests.support.rulesets import ALONE, RULESETS, SHIPPED, player_counts


def test_every_shipped_expansion_and_every_board_is_in_a_ruleset():
    shipped = {name for name, v in REGISTRY.items() if v.__module__.startswith("thurn.expansions")}
    assert shipped and set(SHIPPED) == shipped
    assert {name for _, ex in RULESETS for name in ex} == shipped
    assert {board for board, _ in RULESETS} == set(thurn.available_boards())
    assert [ex for _, ex in ALONE] == [()] + [(name,) for name in SHIPPED]
    assert len(set(RULESETS)) == len(RULESETS)


def test_every_ruleset_deals_a_game_for_each_number_of_players_it_allows():
    for board, expansions in RULESETS:
        for n in player_counts(board, expansions):
            s = thurn.new_game(["Ann", "Ben", "Cat", "Dan"][:n], seed=1,
                               rules={"board": board, "expansions": list(expansions)})
            assert s.num_players == n and s.rules.expansions == tuple(expansions) and s.legal_actions()
