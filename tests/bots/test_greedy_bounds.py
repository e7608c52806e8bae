"""Issue 35, the greedy valuation's second pass: the draw's values with the new routes that cannot beat a card's
value left out (:meth:`Eval.new_bound`) are the values with every new route valued, on the draw steps of greedy games
of every ruleset of the registry; and the plans' rows shared by route length (:meth:`Plans.of`) are the rows of
their definition."""
from __future__ import annotations

import pytest

import thurn
from thurn.bots.greedy import GreedyBot
from thurn.bots.greedy.policy import evaluation
from thurn.bots.greedy.evaluation import Eval
from thurn.bots.greedy.tables import MAX_PLAN_LENGTH
from thurn.information import view_for

from tests.support.rulesets import RULESETS, player_counts, ruleset_id


def draw_views(ruleset, seed: int = 3, most: int = 40) -> list:
    """The views of the draw steps (the greedy bot's, at most ``most``) of a greedy game of ``ruleset``."""
    board, expansions = ruleset
    players = min(player_counts(board, expansions))
    s = thurn.new_game(["Ann", "Ben", "Cat", "Dan"][:players], seed=seed,
                       rules={"board": board, "expansions": list(expansions)})
    bots = [GreedyBot(seed=i) for i in range(players)]
    out = []
    while not s.is_over and len(out) < most:
        view = view_for(bots[s.to_move], s)
        if s.step == "draw" and len(s.legal_actions()) > 1:
            out.append(view)
        s = s.apply(bots[s.to_move].choose(view))
    return out


def gains(view, counter: list):
    """The draw's values of ``view`` (both ways of the Cartwright), counting the valuations of routes."""
    cls = evaluation(view)
    w = GreedyBot(seed=0).weights
    out = []
    for cartwright in (False, True):
        ev = cls(view, w)
        out.append(ev.draw_gains(cartwright))
        counter[0] += len(ev.acache)
    return out


@pytest.mark.parametrize("ruleset", RULESETS, ids=ruleset_id)
def test_the_new_routes_left_out_change_no_value_of_the_draw(ruleset, monkeypatch):
    """The same base value, display values and deck value as when every new route is valued (no bound), and the
    bound at least the value of every one-card route it stands for."""
    views = draw_views(ruleset)
    assert views
    pruned, full = [0], [0]
    with_bound = [gains(v, pruned) for v in views]
    for view in views[::4]:                             # the bound holds for every card as a new route
        ev = evaluation(view)(view, GreedyBot(seed=0).weights)
        bound = ev.new_bound(ev.hm.bit_count())
        if bound is None:
            continue
        gain, floor = bound
        for c in range(len(ev.adj)):
            hm = ev.hm | 1 << c
            for cartwright in (False, True):
                x = ev.after_play(1 << c, c, c, hm, cartwright)
                assert x <= max(ev.houses(1 << c)[0] + gain, floor) + 1e-9, (view.step, c)
    monkeypatch.setattr(evaluation(views[0]), "new_bound", lambda self, run: None)
    without = [gains(v, full) for v in views]
    assert with_bound == without
    assert pruned[0] <= full[0]


def test_some_new_routes_are_left_out_in_the_base_game(monkeypatch):
    """The bound leaves routes out (fewer routes valued), so that the test above compares two ways of valuing."""
    views = draw_views(("base", ()), seed=1, most=60)
    pruned, full = [0], [0]
    for v in views:
        gains(v, pruned)
    monkeypatch.setattr(Eval, "new_bound", lambda self, run: None)
    for v in views:
        gains(v, full)
    assert pruned[0] < full[0]


@pytest.mark.parametrize("ruleset", [r for r in RULESETS if r[1] == ()], ids=ruleset_id)
def test_the_plans_rows_are_those_of_their_definition(ruleset):
    """Plans.of: for a route of ``n`` cards and a run of ``k``, the rows ``(j, house_ext * j, F[n + j], rate * j)``
    of the turns ``first .. last`` (see there), split into safe (j <= k) and risky rows."""
    for view in draw_views(ruleset, most=6):
        ev = evaluation(view)(view, GreedyBot(seed=0).weights)
        plans = ev.plans
        for n in range(len(ev.adj) + 1):
            for k in range(8):
                plan = plans.of(n, k)
                shortest = plans.min_route
                first = shortest - n if n < shortest - 1 else 1
                last = max(1, min(MAX_PLAN_LENGTH - n, plans.cap, k + plans.plan))
                if first > last or plans.final:
                    assert plan == ()
                    continue
                rows = tuple((j, plans.ext * j, plans.F[min(n + j, 15)], plans.rate * j)
                             for j in range(first, last + 1))
                cut = max(0, k - first + 1)
                assert plan == (rows[:cut], rows[cut:], first - k - 1 if first > k else -1)
