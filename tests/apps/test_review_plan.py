"""The default review's budget follows what a ruleset's decision costs (issue 35: "Review this game" within 10 s of
CPU in every ruleset): :func:`thurn.game_review.plan_review` picks its level from thurn.bots.levels, counts its work
in the ruleset's measured cost of a player-turn (thurn.bots.costs, never the clock), leaves a cheap ruleset's
budget as it was and cuts a dear one's rollouts and expected-score positions alike."""
from __future__ import annotations

import time

import pytest

import thurn
from thurn import game_review as gr
from thurn.bots import costs
from thurn.bots.greedy import GreedyBot
from thurn.bots.levels import LEVELS
from thurn.bots.search import SearchBot
from thurn.game_review import REVIEW_MS, drain, plan_review, positions, review_steps
from thurn.sim import sized


def _game(turns, players=2, expansions=(), seed=3):
    s = thurn.new_game(["Ann", "Ben", "Cy", "Di"][:players], seed=seed, rules={"expansions": list(expansions)})
    bots = [GreedyBot(seed + i) for i in range(players)]
    while not s.is_over and s.turns < turns:
        s = s.apply(bots[s.to_move].choose(s))
    return s


def _plan(s, looks, decisions=None):
    return plan_review(s, positions(s), looks, looks if decisions is None else decisions, 8, 0)


def test_the_strongest_search_level_its_rollouts_where_they_fit_else_cut_to_the_budget():
    s = _game(sized(30, 20))
    search = [lv for lv in LEVELS if lv.bot == "search"]
    bot, plan = _plan(s, 1)                   # one look: the strongest level's rollouts fit
    assert plan.level == search[-1].name and bot.iterations == dict(search[-1].options)["iterations"]
    bot, plan = _plan(s, 500)                 # a long game's looks: the same level, its rollouts cut (issue 33)
    assert plan.level == search[-1].name
    assert gr.MIN_DEAR <= bot.iterations < dict(search[-1].options)["iterations"]
    assert bot.horizon == gr.HORIZON and bot.top == 3


def test_a_cheap_rulesets_budget_is_as_before_and_a_dear_ones_is_cut(monkeypatch):
    s = _game(sized(40, 24))
    states = positions(s)
    starts = gr._starts(states)
    bot, plan = _plan(s, 40)
    assert not plan.cut and plan.ms <= REVIEW_MS
    assert bot.iterations == gr._budgeted(SearchBot(0, horizon=gr.HORIZON, iterations=96), 40, 2).iterations
    assert plan.every == gr._every(states, starts, 8)
    # the same game costed as a ruleset ten times dearer: fewer rollouts, fewer positions played out
    roll, play = costs.turn_ms(s)
    monkeypatch.setattr(costs, "turn_ms", lambda state: (10 * roll, 10 * play))
    dear_bot, dear = _plan(s, 40)
    assert dear.cut and dear.iterations < plan.iterations and dear.every > plan.every
    assert dear.iterations >= gr.MIN_DEAR
    assert dear.ms <= REVIEW_MS or dear.iterations == gr.MIN_DEAR
    # so dear that the rollouts' floor is not enough: the greedy top 2, the 3 biggest losses looked at again, and
    # the chart at MIN_CHART positions at least
    monkeypatch.setattr(costs, "turn_ms", lambda state: (60 * roll, 60 * play))
    _, dearest = _plan(s, 40)
    assert dearest.iterations == gr.MIN_DEAR and dearest.top == 2 and dearest.checked == 3
    assert dear.every <= dearest.every <= max(plan.every, s.turns // gr.MIN_CHART)


def test_the_plan_is_counted_not_timed(monkeypatch):
    s = _game(sized(24, 8), players=3, expansions=("messenger", "offices"))
    first = drain(review_steps(s, 0, seed=2, samples=1))
    for name in ("process_time", "perf_counter", "monotonic", "time"):      # a machine ten times as loaded
        real = getattr(time, name)
        monkeypatch.setattr(time, name, lambda real=real: real() * 10)
    again = drain(review_steps(s, 0, seed=2, samples=1))
    assert again.plan == first.plan and again.table.equals(first.table) and again.expected.equals(first.expected)
    assert first.plan.level in [lv.name for lv in LEVELS] and first.plan.every >= 1


def test_the_table_uses_the_plans_rollouts(monkeypatch):
    s = _game(sized(24, 16))
    rollouts = []
    real = SearchBot._rollout

    def counted(self, state, me, horizon, rng):
        rollouts.append(self.iterations)
        return real(self, state, me, horizon, rng)
    monkeypatch.setattr(SearchBot, "_rollout", counted)
    r = drain(review_steps(s, 0, seed=1, samples=1))
    assert r.plan is not None and set(rollouts) == {r.plan.iterations}
    looked = (r.table["look"] == "searched").sum()
    assert len(rollouts) <= (looked + 4 * gr.CHECKED) * r.plan.iterations + 2 * looked * 4
    with pytest.raises(AttributeError):
        r.plan.iterations = 1                  # a plan is what was done: frozen
    assert drain(review_steps(s, 0, bot={"iterations": 8}, seed=1, samples=1)).plan is None   # a bot given: no plan
