"""Scoring a route and the game: every bonus stack, houses running out, carriages and the Cartwright, the hand
limit, the end of the game and the final score, and the rule options.

Citations: base rules 000/001/004 sections "3a" (placing houses), "3b" (bonus tiles), "3c" (carriages),
"3d" (discarding, hand limit), "Game End" (game end and scoring); rules notes R1–R6 and "Silences".
"""
from itertools import combinations

import pytest

import thurn
from thurn import EndTurn, Keep, Score
from thurn.option_words import OPTION_TITLES

from tests.support.helpers import (BAIERN, CITIES, PROVINCES, at_score, card_count, cities_except, finished,
                     placements, position, record, route_of, score_with, scorings, stacks_held, take_turn, tiles)


def length_tiles(state, who="Ann"):
    return [t for t in tiles(state, who) if t[0].startswith("route_")]


# -- 3b: route-length tiles (R2, R3) -----------------------------------------------------------------------------

@pytest.mark.parametrize("n, stack, value", [
    (5, "route_5", 2), (6, "route_6", 3), (7, "route_7", 4),
    (8, "route_7", 4), (9, "route_7", 4), (10, "route_7", 4), (11, "route_7", 4),
])
def test_a_long_route_takes_the_top_tile_of_its_length(n, stack, value):
    """000, 3b: routes of 5, 6, 7 or more take the top tile of the matching stack; 001, 3b / rules notes R2: a
    route longer than 7 takes a length-7 tile."""
    s = at_score(route_of(n))
    after = s.apply(score_with(s))
    assert length_tiles(after) == [(stack, value)]
    assert after.stacks_left()[stack] == list(s.stacks_left()[stack][1:])


@pytest.mark.parametrize("n", [3, 4])
def test_routes_of_3_or_4_take_no_length_tile(n):
    """000, 3b: length tiles are for routes of 5, 6, 7 or more cards."""
    s = at_score(route_of(n))
    after = s.apply(score_with(s))
    assert length_tiles(after) == []


def test_length_tiles_can_be_won_again_and_the_next_tile_is_lower():
    """001, 3b Note / 004, 3b Uwaga: a player may collect several tiles of the same route length; the stacks lie
    highest on top, so the second tile is the next lower one."""
    s = at_score(route_of(5), tiles=[["route_5", 2]])
    after = s.apply(score_with(s))
    assert length_tiles(after) == [("route_5", 2), ("route_5", 1)]
    assert after.stacks_left()["route_5"] == []


def test_another_player_takes_the_next_length_tile():
    """000, 3b: each player takes the top tile of the stack as it stands."""
    s = at_score(route_of(6), others=[{"name": "Ben", "tiles": [["route_6", 3]]}])
    after = s.apply(score_with(s))
    assert length_tiles(after) == [("route_6", 2)]


@pytest.mark.parametrize("n, empty, expected", [
    (7, ["route_7"], ("route_6", 3)),
    (7, ["route_7", "route_6"], ("route_5", 2)),
    (9, ["route_7"], ("route_6", 3)),
    (6, ["route_6"], ("route_5", 2)),
    (7, ["route_6"], ("route_7", 4)),                 # an empty shorter stack does not matter
    (6, ["route_6", "route_5"], None),                # never a longer route's tile
    (5, ["route_5"], None),
    (8, ["route_7", "route_6", "route_5"], None),     # R3: none left at all, no tile
])
def test_an_empty_length_stack_falls_back_to_the_next_shorter(n, empty, expected):
    """000, 3b / 001, 3b / 004, 3b / rules notes R3: if no tile of the route's length is left, the player takes
    the top tile of the next shorter length that still has tiles; with none left, no tile."""
    s = at_score(route_of(n), stacks={sid: [] for sid in empty})
    after = s.apply(score_with(s))
    assert length_tiles(after) == ([] if expected is None else [expected])


def test_a_partly_used_length_stack_gives_its_top_tile():
    """000, 3b: the top tile of the stack, whatever is left of it."""
    s = at_score(route_of(7), stacks={"route_7": [1]})
    after = s.apply(score_with(s))
    assert length_tiles(after) == [("route_7", 1)]
    assert after.stacks_left()["route_7"] == []


# -- 3b: province tiles --------------------------------------------------------------------------------------------

# (stack, top value, houses placed earlier, route scored now, the city that completes the province(s))
PROVINCE_CASES = [
    ("baden", 3, ["Mannheim", "Carlsruhe"], ["Basel", "Freiburg", "Carlsruhe"], "Freiburg"),
    ("wurttemberg_hohenzollern", 3, ["Stuttgart", "Ulm"], ["Freiburg", "Sigmaringen", "Zürich"], "Sigmaringen"),
    ("schweiz_tyrol", 3, ["Basel", "Zürich"], ["Salzburg", "Innsbruck", "Kempten"], "Innsbruck"),
    ("baiern", 5, BAIERN[:-1], ["Zürich", "Kempten", "Innsbruck"], "Kempten"),
    ("bohmen_salzburg", 4, ["Pilsen", "Budweis", "Salzburg"], ["Passau", "Linz", "Salzburg"], "Linz"),
]
PROVINCE_IDS = [c[0] for c in PROVINCE_CASES]


@pytest.mark.parametrize("stack, value, earlier, route, last", PROVINCE_CASES, ids=PROVINCE_IDS)
def test_houses_from_earlier_routes_count_for_a_province_tile(stack, value, earlier, route, last):
    """000, 3b / 001, 3b / 004, 3b: houses in every city of a province (Baden, Baiern) or of a pair of provinces
    (Württemberg/Hohenzollern, Schweiz/Tyrol, Böhmen/Salzburg) win the top tile of its stack; the houses need not
    all be placed with the same route."""
    s = at_score(route, houses=earlier)
    after = s.apply(score_with(s, [last]))
    assert (stack, value) in tiles(after)
    assert after.stacks_left()[stack] == list(s.stacks_left()[stack][1:])


@pytest.mark.parametrize("stack, value, earlier, route, last", PROVINCE_CASES, ids=PROVINCE_IDS)
def test_one_city_missing_means_no_province_tile(stack, value, earlier, route, last):
    """000, 3b: the tile needs a house in each city of the province (pair)."""
    s = at_score(route, houses=earlier[1:])
    after = s.apply(score_with(s, [last]))
    assert stack not in stacks_held(after)


def test_baden_in_a_single_scoring():
    """000, 3b: option B on Mannheim–Carlsruhe–Freiburg places all three houses of Baden at once."""
    s = at_score(["Mannheim", "Carlsruhe", "Freiburg"])
    after = s.apply(Score(["Mannheim", "Carlsruhe", "Freiburg"]))
    assert tiles(after) == [("baden", 3)]


def test_baiern_eight_cities_in_a_single_route_of_eight():
    """000, 3b: Baiern has 8 cities; a route through all of them (option B) takes the Baiern tile (5) and, being
    8 cards long, a length-7 tile (R2) and carriage 3."""
    route = ["Würzburg", "Nürnberg", "Ingolstadt", "Regensburg", "Passau", "München", "Augsburg", "Kempten"]
    assert sorted(route) == sorted(BAIERN)
    s = at_score(route)
    after = s.apply(Score(route))
    assert sorted(tiles(after)) == [("baiern", 5), ("route_7", 4)]
    assert after.player("Ann").carriages == (3,) and after.player("Ann").houses_left == 12


def test_seven_of_the_eight_bavarian_cities_are_not_enough():
    """000, 3b: all eight Bavarian cities are needed (Kempten missing here)."""
    s = at_score(["Würzburg", "Nürnberg", "Ingolstadt", "Regensburg", "Passau", "München", "Augsburg"])
    after = s.apply(Score(BAIERN[:-1]))
    assert "baiern" not in stacks_held(after)


@pytest.mark.parametrize("earlier, route, place, stack", [
    (["Stuttgart"], ["Stuttgart", "Ulm", "Kempten"], ["Ulm"], "wurttemberg_hohenzollern"),         # no Sigmaringen
    (["Basel"], ["Basel", "Zürich", "Kempten"], ["Zürich"], "schweiz_tyrol"),                      # no Innsbruck
    (["Pilsen"], ["Lodz", "Pilsen", "Budweis"], ["Budweis"], "bohmen_salzburg"),                   # no Salzburg
    (["Linz"], ["Passau", "Salzburg", "Linz"], ["Salzburg"], "bohmen_salzburg"),                   # no Böhmen
])
def test_a_pair_tile_needs_both_provinces(earlier, route, place, stack):
    """000, 3b: the pair tiles need every city of both related provinces; one whole province is not enough."""
    s = at_score(route, houses=earlier)
    after = s.apply(score_with(s, place))
    assert stack not in stacks_held(after)


@pytest.mark.parametrize("stack, value, earlier, route, last", PROVINCE_CASES, ids=PROVINCE_IDS)
def test_a_province_tile_is_taken_only_once_per_player(stack, value, earlier, route, last):
    """000, 3b Note / 001, 3b Note / 004, 3b Uwaga: a player takes a tile for a province (pair) only once, though
    he still has houses in all its cities at every later scoring."""
    s = at_score(["Lodz", "Pilsen", "Regensburg"], houses=earlier + [last], tiles=[[stack, value]])
    after = s.apply(score_with(s))
    assert [t for t in tiles(after) if t[0] == stack] == [(stack, value)]
    assert after.stacks_left()[stack] == list(s.stacks_left()[stack])


def test_a_player_holding_a_province_tile_cannot_be_given_a_second():
    """000, 3b Note: one tile per province (pair) per player; a position saying otherwise is refused."""
    with pytest.raises(thurn.PositionError):
        at_score(["Basel", "Zürich", "Kempten"], houses=PROVINCES["baden"], tiles=[["baden", 3], ["baden", 2]])


def test_the_next_player_takes_the_next_province_tile():
    """000, 3b: the top tile of the stack: Ben took the Baden 3 before, so Ann takes the Baden 2."""
    ben = {"name": "Ben", "houses": PROVINCES["baden"], "tiles": [["baden", 3]]}
    s = at_score(["Basel", "Freiburg", "Carlsruhe"], houses=["Mannheim", "Carlsruhe"], others=[ben])
    after = s.apply(score_with(s, ["Freiburg"]))
    assert ("baden", 2) in tiles(after) and after.stacks_left()["baden"] == [1]


@pytest.mark.parametrize("stack, value, earlier, route, last", PROVINCE_CASES, ids=PROVINCE_IDS)
def test_no_province_tile_when_its_stack_is_empty(stack, value, earlier, route, last):
    """000, 3b Note / 001 / 004: eligible for a province tile but none left: no tile (and no other tile instead)."""
    s = at_score(route, houses=earlier, stacks={stack: []})
    after = s.apply(score_with(s, [last]))
    assert stack not in stacks_held(after)
    assert tiles(after) == []


# -- 3b: the "outside Baiern" tile (R4) -----------------------------------------------------------------------------

NON_BAIERN = [p for p in PROVINCES if p != "baiern"]                        # 8 provinces, Polen included
ONE_EACH = {"baden": "Mannheim", "wurttemberg": "Stuttgart", "hohenzollern": "Sigmaringen", "schweiz": "Basel",
            "tyrol": "Innsbruck", "bohmen": "Pilsen", "salzburg": "Salzburg", "polen": "Lodz"}
BAIERN_ONLY_ROUTE = ["Nürnberg", "Regensburg", "Passau"]


def test_outside_baiern_is_taken_when_lodz_completes_the_eight_provinces():
    """000, 3b / 004, 3b / rules notes R4 (default): a house in every province outside Baiern, Polen (Lodz)
    included, wins the top "outside Baiern" tile (6); Baiern is not needed."""
    earlier = [ONE_EACH[p] for p in NON_BAIERN if p != "polen"]
    s = at_score(["Lodz", "Pilsen", "Budweis"], houses=earlier)
    after = s.apply(Score(["Lodz", "Budweis"]))
    assert ("all_provinces", 6) in tiles(after)
    assert not set(after.houses("Ann")) & set(BAIERN)


def test_outside_baiern_may_also_have_houses_in_baiern():
    """000, 3b: the player may still take the tile if he also has houses in Baiern."""
    earlier = [ONE_EACH[p] for p in NON_BAIERN if p != "polen"] + ["München"]
    s = at_score(["Lodz", "Pilsen", "Nürnberg"], houses=earlier)
    after = s.apply(Score(["Lodz", "Nürnberg"]))
    assert ("all_provinces", 6) in tiles(after)


@pytest.mark.parametrize("missing", NON_BAIERN)
def test_outside_baiern_needs_each_of_the_eight_provinces(missing):
    """000, 3b / rules notes R4: without a house in one of the 8 provinces other than Baiern, no tile, however many
    houses the player has in Baiern."""
    earlier = [ONE_EACH[p] for p in NON_BAIERN if p != missing] + ["Würzburg"]
    s = at_score(BAIERN_ONLY_ROUTE, houses=earlier)
    after = s.apply(score_with(s))
    assert "all_provinces" not in stacks_held(after)


def test_outside_baiern_with_all_eight_is_taken_at_the_next_scoring():
    """README / 000, 3b: houses in the 8 provinces (given in the position) earn the tile at the next scoring."""
    s = at_score(BAIERN_ONLY_ROUTE, houses=list(ONE_EACH.values()))
    after = s.apply(score_with(s))
    assert ("all_provinces", 6) in tiles(after)


def test_outside_baiern_only_once_and_not_from_an_empty_stack():
    """000, 3b Notes: only once per player; none when the stack is empty."""
    s = at_score(BAIERN_ONLY_ROUTE, houses=list(ONE_EACH.values()), tiles=[["all_provinces", 6]])
    assert [t for t in tiles(s.apply(score_with(s))) if t[0] == "all_provinces"] == [("all_provinces", 6)]
    s = at_score(BAIERN_ONLY_ROUTE, houses=list(ONE_EACH.values()), stacks={"all_provinces": []})
    assert "all_provinces" not in stacks_held(s.apply(score_with(s)))


def test_the_all_provinces_option_needs_baiern_too():
    """Rules notes R4 option all_provinces_includes_baiern (001, 3b: "at least one city in every province"):
    the 8 other provinces are not enough; a house in Baiern completes the nine."""
    rules = {"all_provinces_includes_baiern": True}
    eight = list(ONE_EACH.values())
    s = at_score(["Freiburg", "Zürich", "Basel"], houses=eight, rules=rules)
    assert "all_provinces" not in stacks_held(s.apply(score_with(s)))
    s = at_score(["Zürich", "Kempten", "Innsbruck"], houses=eight, rules=rules)
    assert ("all_provinces", 6) in tiles(s.apply(score_with(s, ["Kempten"])))
    # the same first scoring under the default rules does take it
    s = at_score(["Freiburg", "Zürich", "Basel"], houses=eight)
    assert ("all_provinces", 6) in tiles(s.apply(score_with(s)))


def test_the_all_provinces_option_still_needs_polen():
    """Rules notes R4 option: every province, so Polen (Lodz) too."""
    rules = {"all_provinces_includes_baiern": True}
    nine_but_polen = [ONE_EACH[p] for p in NON_BAIERN if p != "polen"] + ["Würzburg"]
    s = at_score(BAIERN_ONLY_ROUTE, houses=nine_but_polen, rules=rules)
    assert "all_provinces" not in stacks_held(s.apply(score_with(s)))


# -- running out of houses (000, 3b Note; 001, 3b Note; rules notes "Houses run out") ------------------------------

BS_ROUTE = ["Pilsen", "Budweis", "Linz", "Salzburg"]


def test_placements_are_limited_to_the_houses_left():
    """Rules notes: a player with fewer houses than an option allows places what he has (here 2 of up to 2+2)."""
    s = at_score(BS_ROUTE, houses=cities_except(18, avoid=BS_ROUTE))
    assert s.player("Ann").houses_left == 2
    got = placements(s)
    assert got and all(len(p) == 2 for p in got)
    assert got == {frozenset(p.cities) for p in thurn.placement_options("base", BS_ROUTE, houses_left=2)}
    assert frozenset({"Pilsen", "Budweis"}) in got and frozenset({"Pilsen", "Linz"}) in got
    err = s.why_illegal(Score(["Pilsen", "Budweis", "Linz"]))
    assert err.reason == "not_enough_houses"
    after = s.apply(Score(["Linz", "Salzburg"]))
    assert after.player("Ann").houses_left == 0


def test_no_houses_left_places_none_but_still_scores():
    """Rules notes: with no house left a player places none; the route still counts for tiles and carriages."""
    s = at_score(route_of(5), houses=CITIES[:20], others=[{"name": "Ben", "houses": CITIES[:10]}],
                 end_triggered_by=0)
    assert [a.houses for a in scorings(s, cartwright=False)] == [()]
    after = s.apply(Score([]))
    assert length_tiles(after) == [("route_5", 2)] and after.player("Ann").carriages == (3,)


def test_no_province_tile_when_the_houses_cannot_be_placed():
    """000, 3b Note / 001, 3b Note: if he cannot place houses on the necessary cities because he ran out of houses,
    he does not collect the tile (Linz and Salzburg needed, one house left)."""
    avoid = ["Pilsen", "Budweis", "Linz", "Salzburg", "Passau"]
    earlier = ["Pilsen", "Budweis"] + cities_except(17, avoid=avoid)
    s = at_score(["Passau", "Linz", "Salzburg"], houses=earlier)
    assert s.player("Ann").houses_left == 1
    assert frozenset({"Linz", "Salzburg"}) not in placements(s)
    after = s.apply(Score(["Linz"]))
    assert "bohmen_salzburg" not in stacks_held(after)
    # with two houses left the same route completes Böhmen/Salzburg
    s = at_score(["Passau", "Linz", "Salzburg"], houses=earlier[:-1])
    assert ("bohmen_salzburg", 4) in tiles(s.apply(Score(["Linz", "Salzburg"])))


def test_placing_the_last_house_ends_the_game_and_takes_the_game_end_tile():
    """000, Game End: placing the last of his houses ends the game (after the round) and the player takes the
    game-end tile."""
    route = ["Basel", "Zürich", "Kempten"]
    s = at_score(route, houses=cities_except(19, avoid=route))
    assert placements(s) == {frozenset({c}) for c in route}
    after = s.apply(Score(["Kempten"]))
    assert after.player("Ann").houses_left == 0
    assert after.end_triggered_by == "Ann" and ("game_end", 1) in tiles(after)
    assert record(after)["unplaced_houses"] == 0
    assert not after.is_over and after.to_move_name == "Ben"
    assert take_turn(after).is_over


def test_placing_the_last_house_after_someone_else_ended_the_game_takes_no_tile():
    """000, Game End: only the player who causes the end takes the game-end tile."""
    route = ["Basel", "Zürich", "Kempten"]
    ben = {"name": "Ben", "carriages": [3, 4, 5, 6, 7], "tiles": [["game_end", 1]]}
    s = at_score(route, houses=cities_except(19, avoid=route), others=[ben, "Cat"], end_triggered_by=1,
                 start_player=1, turns_taken=5)
    after = s.apply(Score(["Basel"]))
    assert after.player("Ann").houses_left == 0
    assert "game_end" not in stacks_held(after) and after.end_triggered_by == "Ben"


# -- 3c: carriages and the Cartwright ----------------------------------------------------------------------------------

@pytest.mark.parametrize("owned, n, new", [
    ([], 3, 3), ([3], 4, 4), ([3, 4], 5, 5), ([3, 4, 5], 6, 6), ([3, 4, 5, 6], 7, 7),
    ([3], 9, 4), ([3, 4, 5], 11, 6),
])
def test_the_next_carriage_in_order(owned, n, new):
    """000, 3c / 001, 3c: a route with at least as many cards as the next carriage's number takes that carriage,
    and only that one: a longer route never skips a carriage."""
    s = at_score(route_of(n), carriages=owned)
    after = s.apply(score_with(s))
    assert after.player("Ann").carriages == tuple(owned) + (new,)


def test_a_first_route_of_seven_takes_carriage_3_only():
    """000, 3c: a player may not skip over a coach size to take a higher one."""
    s = at_score(route_of(7))
    after = s.apply(score_with(s))
    assert after.player("Ann").carriages == (3,)
    assert after.carriages_available() == {3: 3, 4: 4, 5: 4, 6: 4, 7: 4}


@pytest.mark.parametrize("owned, n", [([3], 3), ([3, 4], 4), ([3, 4, 5], 5), ([3, 4, 5, 6], 6), ([3, 4, 5], 3)])
def test_no_carriage_for_a_short_route(owned, n):
    """000, 3c Example: a route shorter than the next carriage's number takes no carriage."""
    s = at_score(route_of(n), carriages=owned)
    after = s.apply(score_with(s))
    assert after.player("Ann").carriages == tuple(owned)


def test_no_carriage_after_carriage_7():
    """000, 3c: carriage 7 is the last."""
    s = at_score(route_of(7), carriages=[3, 4, 5, 6, 7], end_triggered_by=0, tiles=[["game_end", 1]])
    after = s.apply(score_with(s))
    assert after.player("Ann").carriages == (3, 4, 5, 6, 7)


@pytest.mark.parametrize("owned, n, new", [
    ([3], 3, 4),                      # one card short
    ([3, 4], 3, 5),                   # two short
    ([3, 4, 5], 4, 6), ([3, 4, 5], 5, 6),
    ([3, 4, 5, 6], 5, 7), ([3, 4, 5, 6], 6, 7),
])
def test_the_cartwright_makes_up_one_or_two_cards(owned, n, new):
    """000, 3c Wainwright / 001, 3c Cartwright: the next carriage with a route short by up to two cards."""
    s = at_score(route_of(n), carriages=owned)
    plain = score_with(s)
    helped = Score(plain.houses, cartwright=True)
    assert helped in s.legal_actions()
    assert s.apply(helped).player("Ann").carriages == tuple(owned) + (new,)
    assert s.apply(plain).player("Ann").carriages == tuple(owned)


@pytest.mark.parametrize("owned, n, reason", [
    ([3, 4, 5], 3, "cartwright_too_short"),          # three short
    ([3, 4, 5, 6], 4, "cartwright_too_short"),
    ([], 3, "cartwright_not_needed"),
    ([3, 4], 5, "cartwright_not_needed"),
    ([3, 4], 7, "cartwright_not_needed"),
    ([3, 4, 5, 6, 7], 6, "no_carriage_left"),
])
def test_the_cartwright_cannot_help(owned, n, reason):
    """000, 3c: not three cards short; not when the route earns the carriage anyway; not past carriage 7."""
    extra = {"end_triggered_by": 0, "tiles": [["game_end", 1]]} if 7 in owned else {}
    s = at_score(route_of(n), carriages=owned, **extra)
    assert scorings(s, cartwright=True) == []
    err = s.why_illegal(Score(score_with(s).houses, cartwright=True))
    assert err is not None and err.reason == reason


@pytest.mark.parametrize("official", ["postmaster", "postal_carrier", "administrator"])
def test_no_cartwright_after_another_official(official):
    """000, Game Play: a player may call upon the services of one postal official per turn."""
    s = at_score(route_of(5), carriages=[3, 4, 5, 6], official=official)
    assert scorings(s, cartwright=True) == []
    err = s.why_illegal(Score(score_with(s).houses, cartwright=True))
    assert err.reason == "one_official_per_turn"
    assert s.apply(score_with(s)).player("Ann").carriages == (3, 4, 5, 6)


# -- 3d: the hand limit after scoring ---------------------------------------------------------------------------------

FIVE = ["Basel", "Basel", "Lodz", "Linz", "Passau"]


def test_after_scoring_the_player_keeps_exactly_three_cards():
    """000, 3d / 001, 3d / 004, 3d: after scoring the player reduces his hand to three cards of his choice; the
    route and the excess cards go to the discard pile."""
    s = at_score(route_of(5), hand=FIVE)
    assert card_count(s) == 66
    scored = s.apply(score_with(s))
    assert scored.step == "keep" and scored.to_move_name == "Ann"
    keeps = scored.legal_actions()
    assert all(a.kind == "keep" and len(a.cards) == 3 for a in keeps)
    assert {tuple(sorted(a.cards)) for a in keeps} == {tuple(sorted(c)) for c in combinations(FIVE, 3)}
    for bad in (["Basel", "Lodz"], ["Basel", "Lodz", "Linz", "Passau"], []):
        assert scored.why_illegal(Keep(bad)).reason == "keep_count"
    assert scored.why_illegal(Keep(["Lodz", "Lodz", "Linz"])).reason == "card_not_in_hand"
    assert scored.why_illegal(EndTurn()) is not None
    discard = scored.position()["discard"]
    after = scored.apply(Keep(["Basel", "Basel", "Lodz"]))
    assert sorted(after.hand("Ann")) == ["Basel", "Basel", "Lodz"]
    assert after.position()["discard"][:len(discard)] == discard
    assert sorted(after.position()["discard"][len(discard):]) == ["Linz", "Passau"]
    assert sorted(discard[-5:]) == sorted(route_of(5))
    assert card_count(after) == 66
    assert after.to_move_name == "Ben"


def test_four_cards_after_scoring_also_go_down_to_three():
    """000, 3d: at most three cards."""
    s = at_score(route_of(3), hand=FIVE[:4])
    scored = s.apply(score_with(s))
    assert scored.step == "keep"
    assert len(scored.legal_actions()) == len({tuple(sorted(c)) for c in combinations(FIVE[:4], 3)})


@pytest.mark.parametrize("n", [0, 1, 3])
def test_three_or_fewer_cards_after_scoring_are_kept(n):
    """000, 3d: a hand of three or fewer is not reduced: the turn passes at once."""
    s = at_score(route_of(3), hand=FIVE[:n])
    after = s.apply(score_with(s))
    assert after.to_move_name == "Ben" and sorted(after.hand("Ann")) == sorted(FIVE[:n])


def test_no_hand_limit_without_scoring():
    """Rules notes (Silences): the hand limit applies only when a route is scored."""
    six = FIVE + ["Ulm"]
    s = at_score(route_of(5), hand=six)
    assert s.why_illegal(Keep(["Basel", "Basel", "Lodz"])).reason == "no_hand_limit"
    after = s.apply(EndTurn())
    assert sorted(after.hand("Ann")) == sorted(six) and after.to_move_name == "Ben"
    # and drawing at the start of a turn with a big hand is allowed too
    s = position([{"name": "Ann", "hand": six}, "Ben"])
    assert s.step == "draw"
    assert len(s.apply(thurn.Draw()).hand("Ann")) == 7


# -- Game End: the trigger and the last round --------------------------------------------------------------------------

def triggering(n_players, start, trigger, rounds_done=2):
    """``n_players`` players, ``start`` the start player; seat ``trigger`` is at the score step with a route of 7 and
    carriage 6, so scoring takes carriage 7 and triggers the end in the middle of a round."""
    names = ["Ann", "Ben", "Cat", "Dan"][:n_players]
    players = [{"name": n, "hand": ["Lodz"]} for n in names]
    players[trigger].update(route=route_of(7), carriages=[3, 4, 5, 6], hand=["Basel"])
    turns = rounds_done * n_players + (trigger - start) % n_players
    return position(players, start_player=start, current=trigger, turns_taken=turns,
                    turn={"step": "score", "draws": 1, "plays": 1})


def play_to_the_end(s):
    """Turns until the game is over; the names of the players who took them."""
    who = []
    for _ in range(10):
        if s.is_over:
            return s, who
        who.append(s.to_move_name)
        s = take_turn(s)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("n_players, start, trigger, rest", [
    (4, 0, 1, ["Cat", "Dan"]),            # mid-round: Dan, before the start player Ann, takes the last turn
    (4, 2, 0, ["Ben"]),                   # start player Cat: the round is Cat, Dan, Ann, Ben
    (4, 0, 0, ["Ben", "Cat", "Dan"]),     # the start player triggers: everyone else plays once more
    (3, 1, 2, ["Ann"]),                   # start player Ben: Ann is last
    (3, 0, 1, ["Cat"]),
    (3, 0, 2, []),                        # the last player triggers: the game is over at once
    (2, 1, 0, []),
])
def test_the_game_ends_when_the_round_is_complete(n_players, start, trigger, rest):
    """000, Game End / 001 / 004: when a player takes carriage 7, the current round is played to its end (until the
    player to the right of the starting player has finished his turn), so that every player has had the same
    number of turns."""
    s = triggering(n_players, start, trigger)
    s = s.apply(score_with(s))
    assert s.end_triggered_by == s.player_names[trigger]
    assert ("game_end", 1) in tiles(s, s.player_names[trigger])
    s, who = play_to_the_end(s)
    assert who == rest
    assert s.is_over and s.step == "over"
    assert len({s.turns_taken(n) for n in s.player_names}) == 1
    assert s.turns_taken(0) == 3
    assert s.legal_actions() == []
    assert s.why_illegal(thurn.Draw()).reason == "game_over"


def test_the_game_is_not_over_before_the_last_turn_ends():
    """000, Game End: the game is over only after the player before the start player has finished his turn
    (including his keep step)."""
    s = triggering(4, 0, 1)
    s = s.apply(score_with(s))
    s = take_turn(s)
    assert s.to_move_name == "Dan" and not s.is_over
    assert s.legal_actions()
    # Dan scores a route and must discard down to three before the game is over
    pos = s.position()
    pos["players"][3].update(hand=FIVE, route=["Mannheim", "Carlsruhe", "Freiburg"])
    for k in ("deck", "discard", "display"):
        pos.pop(k)
    pos["turn"] = {"step": "score", "draws": 1, "plays": 1}
    s = thurn.GameState.from_position(pos)
    s = s.apply(score_with(s))
    assert s.step == "keep" and not s.is_over
    s = s.apply(s.legal_actions()[0])
    assert s.is_over


def test_the_game_end_tile_goes_only_to_the_first_trigger():
    """000, Game End: the player who first takes carriage 7 (or places his last house) takes the game-end tile; a
    second player taking carriage 7 in the last round takes none and does not move the end."""
    ben = {"name": "Ben", "carriages": [3, 4, 5, 6, 7], "tiles": [["game_end", 1]]}
    s = at_score(route_of(7), carriages=[3, 4, 5, 6], others=[ben, "Cat"], end_triggered_by=1, start_player=1,
                 turns_taken=5)
    after = s.apply(score_with(s))
    assert after.player("Ann").carriage == 7
    assert "game_end" not in stacks_held(after)
    assert after.end_triggered_by == "Ben"
    assert after.is_over                     # Ann sits before the start player Ben: her turn was the last


# -- Game End: the final score -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("carriages, points", [
    ([], 0), ([3], 2), ([3, 4], 3), ([3, 4, 5], 5), ([3, 4, 5, 6], 7), ([3, 4, 5, 6, 7], 10),
])
def test_carriage_points(carriages, points):
    """001, Game end and scoring: carriage 3, 4, 5, 6, 7 are worth 2, 3, 5, 7, 10 points (the highest counts)."""
    s = finished([{"name": "Ann", "carriages": carriages, "houses": CITIES[:20]}, "Ben"])
    assert record(s)["carriage"] == points and record(s)["total"] == points


OUTSIDE_BAIERN = CITIES[:12] + ["Salzburg", "Lodz", "Pilsen"]      # Baden whole, a house in every other province


@pytest.mark.parametrize("carriages, tile_list, houses, total", [
    ([3, 4, 5], [["route_5", 2], ["baden", 3], ["all_provinces", 6]], OUTSIDE_BAIERN, 5 + 11 - 5),
    ([], [], [], -20),
    ([3, 4, 5, 6, 7], [["game_end", 1], ["baiern", 5], ["route_7", 4], ["route_7", 3]], CITIES[:20], 10 + 13),
    ([3], [["route_6", 3]], CITIES[:3], 2 + 3 - 17),
])
def test_final_score_is_highest_carriage_plus_tiles_minus_unplaced_houses(carriages, tile_list, houses, total):
    """000, Game End / 001 / 004: value of the highest carriage + value of the bonus tiles − houses not placed.
    (Each tile is held with the houses it needs, base rules 3b; the game-end tile by the player who ended it.)"""
    placed = len(houses)
    ender = {"end_triggered_by": 0} if any(t[0] == "game_end" for t in tile_list) else {}
    s = finished([{"name": "Ann", "carriages": carriages, "tiles": tile_list, "houses": houses}, "Ben"], **ender)
    rec = record(s)
    assert rec["tiles"] == sum(v for _, v in tile_list)
    assert rec["unplaced_houses"] == placed - 20
    assert rec["carriage"] + rec["tiles"] + rec["unplaced_houses"] == rec["total"] == total
    assert s.scores().loc["Ann", "total"] == total
    assert s.returns() == [total, -20]


# -- R1: placing every house the option allows, or any part (optional_houses) ----------------------------------------

THREE = ["Sigmaringen", "Stuttgart", "Nürnberg"]


def test_by_default_every_house_the_option_allows_must_be_placed():
    """Rules notes R1 (default): the chosen option places every house it allows; fewer is refused with
    must_place_all, the empty placement too."""
    s = at_score(THREE)
    assert placements(s) == {frozenset(THREE), frozenset({"Sigmaringen"}), frozenset({"Stuttgart"}),
                             frozenset({"Nürnberg"})}
    for houses in (["Sigmaringen", "Stuttgart"], ["Stuttgart", "Nürnberg"], []):
        err = s.why_illegal(Score(houses))
        assert err.reason == "must_place_all", houses
        assert OPTION_TITLES["optional_houses"] in str(err) and "optional_houses" not in str(err)


def test_by_default_the_empty_placement_is_legal_only_with_nothing_to_place():
    """Rules notes R1: cities where the player already has a house are skipped; if every city of the route has
    his house, he places none."""
    s = at_score(THREE, houses=THREE)
    assert placements(s) == {frozenset()}
    assert s.apply(Score([])).player("Ann").carriages == (3,)


def test_optional_houses_allow_any_part_of_an_option_and_none():
    """Rules notes R1 option optional_houses (001, 3a: "Placing houses is optional. A player may place as few or
    as many of the houses that the above rules allow")."""
    rules = {"optional_houses": True}
    s = at_score(THREE, rules=rules)
    expected = {frozenset(c) for k in range(4) for c in combinations(THREE, k)}
    assert placements(s) == expected
    assert expected == {frozenset(p.cities) for p in thurn.placement_options("base", THREE, optional=True)}
    for houses in (["Sigmaringen", "Stuttgart"], ["Nürnberg"], []):
        assert s.why_illegal(Score(houses)) is None
    after = s.apply(Score([]))
    assert after.player("Ann").houses_left == 20 and after.player("Ann").carriages == (3,)


def test_optional_houses_still_follow_the_two_options():
    """001, 3a: optional means fewer, never a mix the two options do not allow, nor a city off the route."""
    s = at_score(["Sigmaringen", "Stuttgart", "Nürnberg", "Regensburg"], rules={"optional_houses": True})
    assert s.why_illegal(Score(["Sigmaringen", "Nürnberg", "Regensburg"])).reason == "not_a_placement"
    assert s.why_illegal(Score(["Ulm"])).reason == "house_not_on_route"
    assert s.why_illegal(Score(["Nürnberg", "Regensburg"])) is None
    assert s.why_illegal(Score(["Regensburg"])) is None


def test_optional_houses_with_few_houses_left():
    """R1 option with houses running out: any part of an option, at most the houses left."""
    s = at_score(THREE, houses=cities_except(19, avoid=THREE), rules={"optional_houses": True})
    assert placements(s) == {frozenset(), frozenset({"Sigmaringen"}), frozenset({"Stuttgart"}),
                             frozenset({"Nürnberg"})}
    after = s.apply(Score([]))
    assert after.end_triggered_by is None and after.player("Ann").houses_left == 1


def test_placement_order_does_not_depend_on_what_was_asked_before():
    # the same route asked in another order first must not change the order of this one's placements (the legal
    # Score actions, and so every seeded game between bots, depend on it)
    from thurn.scoring import placement_masks

    board = thurn.load_board("base")
    route = [board.index(c) for c in ["Augsburg", "Ingolstadt", "Regensburg", "Nürnberg", "Stuttgart",
                                      "Sigmaringen"]]
    assert route != sorted(route)
    board._placement_cache.clear()
    fresh = placement_masks(board, route, 0, 20)
    board._placement_cache.clear()
    placement_masks(board, sorted(route), 0, 20)
    placement_masks(board, route[::-1], 0, 20)
    assert placement_masks(board, route, 0, 20) == fresh
    order = {c: i for i, c in enumerate(route)}
    ties = [m for m in fresh if bin(m).count("1") == bin(fresh[0]).count("1")]
    keys = [sorted(order[c] for c in range(64) if m >> c & 1) for m in ties]
    assert keys == sorted(keys)                         # ties in the order of the route's cities
