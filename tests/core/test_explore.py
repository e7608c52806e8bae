"""What-if answers (thurn.explore): routes from cards (base rules, 2) and what scoring them brings (3a–3c).

The scoring of a route option is checked against the engine itself: the same route put in a position at the
score step, every legal Score action applied, the best change of the final score taken.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import thurn
from thurn.explore import route_options, route_outcome, score_outcomes
from thurn.routes import buildable_routes

from tests.support.helpers import BOARD, CITIES, at_play, at_score, cities_except

BAVARIA_WEST = ["Ulm", "Augsburg", "München", "Ingolstadt", "Regensburg", "Nürnberg"]


def norm(route):
    return min(tuple(route), tuple(reversed(route)))


NEIGHBOURS = {BOARD.graph.nodes[n]["name"]: {BOARD.graph.nodes[m]["name"] for m in BOARD.graph[n]}
              for n in BOARD.graph.nodes}


def is_route(cities) -> bool:
    """No city twice, and a road between each two neighbours (base rules, 2)."""
    return len(set(cities)) == len(cities) and all(b in NEIGHBOURS[a] for a, b in zip(cities, cities[1:]))


def best_engine_points(route, **player):
    """The best change of the final score the engine gives for scoring ``route`` now (base rules, 3)."""
    outcomes = score_outcomes(at_score(route, **player))
    return max(o.outcome.points for o in outcomes if not o.action.cartwright)


# -- which routes ---------------------------------------------------------------------------------------------

def test_new_routes_are_the_buildable_routes():
    """Base rules, 2: every route of 2+ cards the six cards can build, each once (a route and its reverse)."""
    options = route_options("base", BAVARIA_WEST)
    assert sorted(norm(o.route) for o in options) == sorted(
        norm(r) for r in buildable_routes("base", BAVARIA_WEST, min_length=2))
    assert len({norm(o.route) for o in options}) == len(options)
    assert all(o.kind == "new" and tuple(o.cards) == tuple(o.route) for o in options)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(CITIES), min_size=1, max_size=8))
def test_new_routes_match_buildable_routes_for_any_cards(cards):
    options = route_options("base", cards, min_length=1)
    assert sorted(norm(o.route) for o in options) == sorted(norm(r) for r in buildable_routes("base", cards))
    for o in options:
        assert is_route(o.route) and set(o.route) <= set(cards)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 5), st.lists(st.sampled_from(CITIES), min_size=1, max_size=7), st.integers(0, 10**6))
def test_extensions_keep_the_route_in_the_middle(length, cards, seed):
    """Base rules, 2: cards go at either end of the route; the route itself stays as it is, in order."""
    start = random.Random(seed).randrange(0, 11 - length + 1)
    route = ["Mannheim", "Carlsruhe", "Stuttgart", "Ulm", "Augsburg", "München", "Salzburg", "Linz", "Budweis",
             "Pilsen", "Lodz"][start:start + length]
    options = [o for o in route_options("base", cards, route=route, min_length=99)]
    assert all(o.kind == "extension" for o in options)
    seen = set()
    for o in options:
        r = list(o.route)
        assert is_route(r)
        i = r.index(route[0]) if r[r.index(route[0]):r.index(route[0]) + length] == route else None
        if i is None:                                   # the route reads the other way round
            r = r[::-1]
            i = r.index(route[0])
        assert r[i:i + length] == route
        assert sorted(o.cards) == sorted(set(r) - set(route)) and set(o.cards) <= set(cards)
        assert o.cards and norm(o.route) not in seen
        seen.add(norm(o.route))
    # every single card that fits an end is one of the extensions (base rules, 2: "fits")
    singles = {c for c in cards if thurn.fitting_ends("base", route, c)}
    assert singles == {o.cards[0] for o in options if len(o.cards) == 1}


def test_options_come_from_the_hand_and_the_display():
    state = at_play(route=["Stuttgart", "Ulm"], hand=["Augsburg", "Lodz"],
                    display=["München", "Basel", "Passau", "Pilsen", "Linz", "Zürich"])
    options = route_options(state)
    used = {c for o in options for c in o.cards}
    assert "München" in used and "Augsburg" in used              # Augsburg then München extends Ulm
    assert any(list(o.route) == ["Stuttgart", "Ulm", "Augsburg", "München"] for o in options)
    hand_only = route_options(state, include_display=False)
    assert {c for o in hand_only for c in o.cards} <= {"Augsburg", "Lodz"}


# -- what scoring brings --------------------------------------------------------------------------------------

def test_the_best_option_of_six_bavarian_cards():
    """3a option B (every city of Baiern: 5 houses), 3b the route-of-6 tile (3), 3c carriage 3 (2 points)."""
    best = route_options("base", BAVARIA_WEST)[0]
    assert len(best.route) == 6 and best.kind == "new"
    assert set(best.outcome.houses) == set(BAVARIA_WEST) - {"Ulm"}
    assert best.outcome.tiles == (("route of 6", 3),)
    assert best.outcome.carriage == 3 and best.points == 5 + 3 + 2


@pytest.mark.parametrize("seed", range(12))
def test_route_points_equal_the_engine_applying_the_score(seed):
    """For random routes and earlier houses, the ranked points equal the engine's best Score action."""
    rng = random.Random(seed)
    options = [o for o in route_options("base", rng.sample(CITIES, 9), min_length=3)]
    if not options:
        return
    owned = rng.sample(CITIES, rng.randrange(0, 8))
    for o in rng.sample(options, min(5, len(options))):
        state = at_score(list(o.route), houses=owned, houses_left=20 - len(owned))
        mine = route_outcome(state, list(o.route))
        assert mine.points == best_engine_points(list(o.route), houses=owned, houses_left=20 - len(owned))


def test_the_cartwright_option_appears_when_he_adds_a_carriage():
    """3c: the Cartwright counts the route as two cards longer for the carriage (a 3-route takes carriage 5)."""
    state = at_score(["Stuttgart", "Ulm", "Augsburg"], carriages=[3, 4])
    o = route_outcome(state, ["Stuttgart", "Ulm", "Augsburg"], cartwright=True)
    assert o.carriage == 5
    engine = max(x.outcome.points for x in score_outcomes(state) if x.action.cartwright)
    assert o.points == engine
    assert route_outcome(state, ["Stuttgart", "Ulm", "Augsburg"]).carriage is None


def test_score_outcomes_are_the_engine_applying_each_score():
    state = at_score(["Mannheim", "Carlsruhe", "Freiburg"])
    outcomes = score_outcomes(state)
    assert {frozenset(o.action.houses) for o in outcomes} == {frozenset(a.houses) for a in state.legal_actions()
                                                               if a.kind == "score"}
    best = outcomes[0]
    # 3a option B: all three of Baden; 3b the Baden tile (3); 3c carriage 3 (2 points)
    assert set(best.outcome.houses) == {"Mannheim", "Carlsruhe", "Freiburg"}
    assert best.outcome.tiles == (("Baden", 3),) and best.outcome.carriage == 3
    assert best.outcome.points == 3 + 3 + 2
    assert best.state.same_position(state.apply(best.action))
    assert [o.outcome.points for o in outcomes] == sorted((o.outcome.points for o in outcomes), reverse=True)


def test_placing_the_last_house_ends_the_game():
    route = ["Stuttgart", "Ulm", "Augsburg"]
    state = at_score(route, houses=cities_except(19, avoid=route), houses_left=1)
    assert any(o.outcome.ends_game and ("game end", 1) in o.outcome.tiles for o in score_outcomes(state))
    assert route_outcome(state, ["Stuttgart", "Ulm", "Augsburg"]).ends_game


def test_score_outcomes_are_empty_outside_the_score_step():
    assert score_outcomes(at_play(route=["Stuttgart"], hand=["Ulm"])) == []


# -- limits and errors ----------------------------------------------------------------------------------------

def test_limit_lists_the_best_and_counts_them_all():
    everything = route_options("base", BAVARIA_WEST)
    top = route_options("base", BAVARIA_WEST, limit=5)
    assert top.total == everything.total == len(everything) and len(top) == 5
    assert [o.points for o in top] == [o.points for o in everything[:5]]


def test_an_unknown_city_suggests_the_close_match():
    with pytest.raises(thurn.UnknownCity, match="Munchen|München"):
        route_options("base", ["Ulm", "Munchn"])


def test_a_route_that_is_not_a_route_is_explained():
    with pytest.raises(thurn.ThurnError, match="no road"):
        route_options("base", ["Ulm"], route=["Mannheim", "Lodz"])
    with pytest.raises(thurn.ThurnError, match="list of city names"):
        route_options("base", "Ulm")
