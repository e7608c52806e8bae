"""thurn.bots.costs: a measured cost of a player-turn for every ruleset and player count, the cost of each level's
decision, and the strongest level within a budget (issue 35: the hint and the review use the strongest level that
meets their time budget)."""
from __future__ import annotations

import math

import pytest

import thurn
from thurn.bots import costs
from thurn.bots.costs import REVIEW_COSTS, decision_ms, ruleset_key, strongest_level, turn_ms
from thurn.bots.greedy import GreedyBot
from thurn.bots.search import SearchBot
from thurn.bots.levels import LEVELS

from tests.support.rulesets import NAMES, RULESETS, player_counts, ruleset_id


def test_every_ruleset_and_player_count_has_a_measured_cost():
    for board, expansions in RULESETS:
        key = ruleset_id((board, tuple(sorted(expansions))))
        assert key in REVIEW_COSTS, key
        for n in player_counts(board, expansions):
            roll, play = REVIEW_COSTS[key][n]
            assert 0 < roll < 10 and 0 < play < 10, (key, n)
            s = thurn.new_game(NAMES[:n], seed=1, rules={"board": board, "expansions": list(expansions)})
            assert ruleset_key(s) == key
            assert turn_ms(s) == (roll, play)


def test_a_ruleset_the_table_does_not_know_is_costed_as_the_dearest(monkeypatch):
    s = thurn.new_game(NAMES[:3], seed=1)
    monkeypatch.setattr(costs, "ruleset_key", lambda state: "nowhere:new")
    dearest = (max(r[3][0] for r in REVIEW_COSTS.values() if 3 in r),
               max(r[3][1] for r in REVIEW_COSTS.values() if 3 in r))
    assert turn_ms(s) == dearest


def _position(expansions=(), players=4, board="base"):
    s = thurn.new_game(NAMES[:players], seed=2, rules={"board": board, "expansions": list(expansions)})
    bots = [GreedyBot(i) for i in range(players)]
    for _ in range(10):
        s = s.apply(bots[s.to_move].choose(s))
    while len(s.legal_actions()) < 2:
        s = s.apply(bots[s.to_move].choose(s))
    return s


def test_the_levels_cost_more_as_they_get_stronger_and_the_dearer_ruleset_more():
    base, dear = _position(), _position(("audience", "messenger", "offices"))
    for s in (base, dear):
        ms = [decision_ms(lv, s) for lv in LEVELS]
        assert ms[0] == 0 and ms == sorted(ms), ms
        roll, play = turn_ms(s)
        for lv in (lv for lv in LEVELS if lv.bot == "search"):
            horizon = SearchBot(0, **dict(lv.options)).horizon
            horizon = 8 if horizon is None else horizon
            per = (1 + horizon * len(s.players)) * roll         # a rollout: to the end of the bot's horizon
            assert decision_ms(lv, s, every=True) >= play + len(s.legal_actions()) * per   # each action once
    search = [lv for lv in LEVELS if lv.bot == "search"]
    assert all(decision_ms(lv, dear) > decision_ms(lv, base) for lv in search)


def test_the_strongest_level_within_a_budget():
    s = _position()
    assert strongest_level(s, 0) is LEVELS[0]                 # nothing fits: the weakest, which costs nothing
    assert strongest_level(s, math.inf) is LEVELS[-1]
    cost = [decision_ms(lv, s) for lv in LEVELS]
    for i, lv in enumerate(LEVELS):
        picked = strongest_level(s, cost[i])
        assert LEVELS.index(picked) >= i and decision_ms(picked, s) <= cost[i]
    # a budget between two levels' costs picks the cheaper one
    expert, master = (lv for lv in LEVELS if lv.name in ("Expert", "Master"))
    if decision_ms(expert, s) < decision_ms(master, s):
        assert strongest_level(s, (decision_ms(expert, s) + decision_ms(master, s)) / 2) is expert


def test_a_level_without_a_measured_bot_is_refused():
    from thurn.bots.levels import Level

    with pytest.raises(ValueError, match="no cost measured"):
        decision_ms(Level("Odd", "oracle"), _position())


def test_the_costs_file_is_checked(tmp_path, monkeypatch):
    """The measured costs are data (``data/review_costs.json``): a file of another format, or a cost no engine
    could take, is refused with the reason, never read as a budget."""
    import json

    import thurn.board_file as bf
    from thurn.bots import costs

    monkeypatch.setattr(bf, "data_dir", lambda: tmp_path)
    (tmp_path / costs.COSTS_FILE).write_text(json.dumps({"format": "other", "costs": {}}))
    with pytest.raises(ValueError, match="not a thurn-review-costs/1 file"):
        costs._read_costs()
    (tmp_path / costs.COSTS_FILE).write_text(json.dumps({"format": "thurn-review-costs/1",
                                                         "costs": {"base:base": {"2": [1e9, 0.3]}}}))
    with pytest.raises(ValueError, match="costs must be"):
        costs._read_costs()
