"""route_options' search (thurn.explore): the best routes first, within a budget of work.

With ``limit`` the search lists the best routes first and only counts the rest, so the first ``k`` must be the
first ``k`` of the whole ranking; a hand of every city (millions of routes) is answered within the budget and says
that its list is cut. Work is counted in partial routes looked at (``.looked``), never timed.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from thurn.errors import ThurnError
from thurn.explore import ROUTE_BUDGET, _Bound, _Scorer, route_options
from thurn.bench import sample_positions
from thurn.widgets import RouteExplorer

from tests.support.helpers import BOARD, CITIES, at_play

ROAD = {i: [j for j in range(len(CITIES)) if BOARD.adj[i] >> j & 1] for i in range(len(CITIES))}


def a_route(rng, most: int) -> list[str]:
    """A random route of 0 to ``most`` cities along the roads."""
    route = [rng.randrange(len(CITIES))]
    for _ in range(rng.randint(0, most - 1)):
        nxt = [c for c in ROAD[route[-1]] if c not in route]
        if not nxt:
            break
        route.append(rng.choice(nxt))
    return [CITIES[c] for c in route] if rng.random() < 0.7 else []


def listed(options):
    """What the ranking is made of: the route, the cards played, the kind and the points (with the Cartwright)."""
    return [(tuple(o.route), o.cards, o.kind, o.points, o.outcome is None) for o in options]


def is_route(cities, cards, current=()) -> bool:
    idx = [BOARD.index(c) for c in cities]
    new = set(cities) - set(current)
    return (len(set(idx)) == len(idx) and all(BOARD.adj[a] >> b & 1 for a, b in zip(idx, idx[1:]))
            and new <= set(cards))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 9), st.integers(1, 3), st.sampled_from([1, 2, 5, 20]))
def test_the_best_k_are_the_first_k_of_the_whole_list(seed, size, min_length, k):
    rng = random.Random(seed)
    cards = rng.sample(CITIES, size)
    route = a_route(rng, 3)
    full = route_options("base", cards, route=route, min_length=min_length, budget=None)
    best = route_options("base", cards, route=route, min_length=min_length, limit=k, budget=None)
    assert listed(best) == listed(full)[:k]
    assert best.total == full.total == len(full)
    assert best.complete and best.exact and full.complete and full.exact


def test_positions_of_games_the_best_k_are_the_first_k():
    """Hands and displays of real positions (with their houses, tiles and carriages), the limit the explorer uses."""
    for state in sample_positions(12, 4, 7, "play"):
        full = route_options(state, budget=None)
        for k in (1, 10, 50):
            best = route_options(state, limit=k)
            assert listed(best) == listed(full)[:k] and best.total == full.total and best.exact


def test_the_bound_is_never_below_the_scoring():
    """The search leaves a route out only when its cities cannot bring more: the bound is at least the points."""
    rng = random.Random(3)
    for state in sample_positions(20, 4, 11, "play"):
        p = state.players[state.to_move]
        position = (state.board, state.rules, p, state.stacks, state.carriages_left, state.end_by is None)
        scorer, bound = _Scorer(*position), _Bound(*position)
        for _ in range(20):
            route = [BOARD.index(c) for c in a_route(rng, 9) or ["Ulm", "Augsburg", "München"]]
            best, cw = scorer.best(tuple(route))
            if best is None:
                continue
            points = max(best.points, cw.points if cw else best.points)
            assert bound.points(sum(1 << c for c in route), len(route)) >= points, route


def test_every_city_in_hand_is_answered_within_the_budget():
    """22 cities build millions of routes: the answer comes within the budget, best found first, and says it is cut."""
    options = route_options("base", CITIES, limit=10)
    assert len(options) == 10
    assert options.looked <= ROUTE_BUDGET
    assert not options.complete and options.total >= 10
    assert all(is_route(o.route, CITIES) for o in options)
    ranks = [(-o.points, -len(o.route)) for o in options]
    assert ranks == sorted(ranks)
    assert options[0].points >= 15 and len(options[0].route) >= 15


@pytest.mark.parametrize("size", [17, 22])
def test_a_large_hand_with_a_route_is_bounded(size):
    rng = random.Random(size)
    cards = rng.sample(CITIES, size)
    route = ["Ingolstadt", "Regensburg", "Passau"]
    options = route_options("base", cards, route=route, limit=50, budget=1000)
    assert options.looked <= 1000 and 0 < len(options) <= 50 and options.total >= len(options)
    assert all(is_route(o.route, cards, route) for o in options)
    assert all(tuple(route) in (tuple(o.route[i:i + 3]) for i in range(len(o.route)))
               or tuple(route[::-1]) in (tuple(o.route[i:i + 3]) for i in range(len(o.route)))
               for o in options if o.kind == "extension")


def test_limit_zero_counts_only():
    options = route_options("base", ["Ulm", "Augsburg", "München"], limit=0)
    assert list(options) == [] and options.total == len(route_options("base", ["Ulm", "Augsburg", "München"]))


@pytest.mark.parametrize("kwargs, reason", [({"limit": -1}, "bad_limit"), ({"limit": 2.5}, "bad_limit"),
                                            ({"budget": 0}, "bad_budget"), ({"budget": True}, "bad_budget"),
                                            ({"min_length": "2"}, "bad_min_length")])
def test_bad_limits_are_refused(kwargs, reason):
    with pytest.raises(ThurnError) as e:
        route_options("base", ["Ulm", "Augsburg"], **kwargs)
    assert e.value.reason == reason and str(e.value).split()[0] in ("limit", "budget", "min_length")


def test_the_explorer_with_every_city_stays_bounded_and_says_the_list_is_cut():
    state = at_play(hand=CITIES[:15], display=CITIES[15:21])
    e = RouteExplorer(state)
    for city in CITIES:
        if city not in e.played_from:
            e.toggle(city)
    assert len(e.options) == 50 and not e.options.complete
    assert e.options.looked <= ROUTE_BUDGET + 10 * 50
    assert "at least" in e.status.value and "budget" in e.status.value
