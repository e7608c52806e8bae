"""Bonus stacks, carriages, running out of houses, the hand limit and the rule options (base rules 3a–3d;
rules notes R1–R4)."""
import pytest

import thurn
from thurn import EndTurn, Keep, Score

BOARD = thurn.load_board("base")


def scoring(route, hand=("Basel",), rules=None, stacks=None, others=(), **player):
    """Ann has just played the last card of ``route``; she may score it now."""
    d = {"players": [{"name": "Ann", "hand": list(hand), "route": list(route), **player}, "Ben", *others],
         "turn": {"step": "score", "draws": 1, "plays": 1}, "seed": 3}
    if rules:
        d["rules"] = rules
    if stacks:
        d["stacks"] = stacks
    return thurn.GameState.from_position(d)


def score(state, must=(), cartwright=False):
    """The legal scoring with the fewest houses that places houses in ``must``."""
    options = [a for a in state.legal_actions()
               if a.kind == "score" and a.cartwright == cartwright and set(must) <= set(a.houses)]
    assert options, f"no legal scoring with houses in {must} (cartwright={cartwright})"
    return min(options, key=lambda a: len(a.houses))


def stacks_of(state, who="Ann"):
    return {t for t, _ in state.player(who).tiles}


R5 = ["Mannheim", "Carlsruhe", "Stuttgart", "Ulm", "Augsburg"]
R6 = R5 + ["München"]
R7 = R6 + ["Salzburg"]
R8 = R7 + ["Linz"]
R9 = R8 + ["Budweis"]


@pytest.mark.parametrize("route, stack, value", [(R5, "route_5", 2), (R6, "route_6", 3), (R7, "route_7", 4),
                                                 (R8, "route_7", 4), (R9, "route_7", 4)])
def test_length_tiles(route, stack, value):
    """3b: routes of 5, 6, 7 take the top tile of their stack; 8 or more take the 7 tile (R2)."""
    s = scoring(route)
    s = s.apply(score(s))
    assert (stack, value) in s.player("Ann").tiles


def test_four_cards_take_no_length_tile():
    s = scoring(R5[:4])
    s = s.apply(score(s))
    assert not [t for t in s.player("Ann").tiles if t[0].startswith("route")]


def test_an_empty_length_stack_falls_back_to_the_next_shorter():
    """3b / R3: if none remain, take a tile of the next shorter route that still has tiles."""
    s = scoring(R7, stacks={"route_7": []})
    s = s.apply(score(s))
    assert ("route_6", 3) in s.player("Ann").tiles
    s = scoring(R7, stacks={"route_7": [], "route_6": []})
    s = s.apply(score(s))
    assert ("route_5", 2) in s.player("Ann").tiles
    s = scoring(R7, stacks={"route_7": [], "route_6": [], "route_5": []})
    s = s.apply(score(s))
    assert not s.player("Ann").tiles


def test_length_tiles_can_be_won_many_times():
    """001, 3b note: a player may collect several tiles for the same route length."""
    s = scoring(R5, tiles=[["route_5", 2]])
    s = s.apply(score(s))
    assert s.player("Ann").tiles == (("route_5", 2), ("route_5", 1))


@pytest.mark.parametrize("stack, cities, value", [
    ("baden", ["Mannheim", "Carlsruhe", "Freiburg"], 3),
    ("schweiz_tyrol", ["Basel", "Zürich", "Innsbruck"], 3),
    ("bohmen_salzburg", ["Pilsen", "Budweis", "Salzburg", "Linz"], 4),
    ("baiern", ["Würzburg", "Nürnberg", "Regensburg", "Ingolstadt", "Augsburg", "Passau", "München", "Kempten"], 5),
    ("wurttemberg_hohenzollern", ["Stuttgart", "Ulm", "Sigmaringen"], 3),
])
def test_each_province_tile_needs_every_city_of_its_provinces(stack, cities, value):
    """3b: houses in every city of a province (or pair), placed in this or earlier routes, win its top tile."""
    last = cities[-1]
    route = {"Freiburg": ["Basel", "Freiburg", "Carlsruhe"], "Innsbruck": ["Salzburg", "Innsbruck", "Kempten"],
             "Linz": ["Passau", "Linz", "Salzburg"], "Kempten": ["Zürich", "Kempten", "Innsbruck"],
             "Sigmaringen": ["Freiburg", "Sigmaringen", "Zürich"]}[last]
    s = scoring(route, houses=cities[:-1])
    s = s.apply(score(s, [last]))
    assert (stack, value) in s.player("Ann").tiles
    missing = scoring(route, houses=cities[:-2])
    missing = missing.apply(score(missing, [last]))
    assert stack not in stacks_of(missing)


def test_a_province_tile_only_once_and_none_when_the_stack_is_empty():
    """3b notes: one tile per province per player; an empty stack gives nothing."""
    route = ["Basel", "Freiburg", "Carlsruhe"]
    s = scoring(route, houses=["Mannheim", "Carlsruhe"], stacks={"baden": []}).apply(Score(["Freiburg"]))
    assert "baden" not in {t for t, _ in s.player("Ann").tiles}
    with pytest.raises(thurn.PositionError):
        scoring(route, houses=["Mannheim", "Carlsruhe"], tiles=[["baden", 3], ["baden", 2]])


def test_the_next_player_takes_the_next_tile_of_a_stack():
    route = ["Basel", "Freiburg", "Carlsruhe"]
    s = scoring(route, houses=["Mannheim", "Carlsruhe"], stacks={"baden": [2, 1]},
                others=()).apply(Score(["Freiburg"]))
    assert ("baden", 2) in s.player("Ann").tiles and s.stacks_left()["baden"] == [1]


OUTSIDE = ["Mannheim", "Stuttgart", "Sigmaringen", "Basel", "Innsbruck", "Pilsen", "Salzburg"]   # all but Polen


def test_outside_baiern_needs_the_eight_other_provinces_polen_included():
    """3b "Outside of Baiern" (000, 004; rules notes R4): a house in every province but Baiern, Lodz included."""
    route = ["Lodz", "Pilsen", "Nürnberg"]
    s = scoring(route, houses=OUTSIDE).apply(Score(["Lodz"]))
    assert ("all_provinces", 6) in s.player("Ann").tiles
    no_polen = scoring(["Linz", "Passau", "München"], houses=OUTSIDE)
    no_polen = no_polen.apply(score(no_polen))
    assert "all_provinces" not in stacks_of(no_polen)


def test_all_provinces_option_needs_baiern_too():
    """R4 option all_provinces_includes_baiern (001: "every province")."""
    rules = {"all_provinces_includes_baiern": True}
    s = scoring(["Lodz", "Pilsen", "Budweis"], houses=OUTSIDE, rules=rules).apply(Score(["Lodz"]))
    assert "all_provinces" not in {t for t, _ in s.player("Ann").tiles}
    s = scoring(["Lodz", "Pilsen", "Nürnberg"], houses=OUTSIDE, rules=rules).apply(Score(["Lodz", "Nürnberg"]))
    assert ("all_provinces", 6) in s.player("Ann").tiles


def test_houses_are_limited_by_the_supply_and_a_tile_needing_more_is_not_taken():
    """3b note / rules notes: a player with too few houses places what he has; a tile needing more is lost."""
    route = ["Pilsen", "Budweis", "Linz", "Salzburg"]
    placed = [c.name for c in BOARD.cities if c.province not in ("bohmen", "salzburg")][:18]
    s = scoring(route, houses=placed)
    options = {frozenset(a.houses) for a in s.legal_actions() if a.kind == "score"}
    assert all(len(o) <= 2 for o in options) and frozenset({"Pilsen", "Budweis"}) in options
    assert s.why_illegal(Score(route)).reason == "not_enough_houses"
    after = s.apply(Score(["Pilsen", "Budweis"]))
    assert after.player("Ann").houses_left == 0
    assert "bohmen_salzburg" not in {t for t, _ in after.player("Ann").tiles}


def test_placing_the_last_house_ends_the_game_and_takes_the_game_end_tile():
    """Game End: placing the last house triggers the end; that player takes the game-end tile."""
    placed = [c.name for c in BOARD.cities if c.name not in ("Basel", "Zürich", "Freiburg")][:19]
    s = scoring(["Basel", "Zürich", "Kempten"], houses=placed)
    after = s.apply(Score(["Basel"]))
    assert after.player("Ann").houses_left == 0
    assert after.end_triggered_by == "Ann" and ("game_end", 1) in after.player("Ann").tiles


def test_no_houses_left_places_nothing():
    placed = [c.name for c in BOARD.cities][:20]
    s = scoring(["Pilsen", "Budweis", "Linz"], houses=placed)
    scores = [a for a in s.legal_actions() if a.kind == "score"]
    assert [(a.houses, a.carriage) for a in scores] == [((), True), ((), False)]    # carriage 3 taken or declined (R9)


def test_the_game_end_tile_goes_only_to_the_first():
    """Game End: only the first to take carriage 7 (or place his last house) takes the tile."""
    d = {"players": [{"name": "Ann", "hand": ["Basel"], "route": R7, "carriages": [3, 4, 5, 6]},
                     {"name": "Ben", "carriages": [3, 4, 5, 6, 7], "tiles": [["game_end", 1]]}, "Cat"],
         "turn": {"step": "score", "draws": 1, "plays": 1}, "end_triggered_by": 1, "start_player": 1,
         "current": 0}
    s = thurn.GameState.from_position(d)
    s = s.apply(score(s))
    assert s.player("Ann").carriages[-1] == 7
    assert "game_end" not in {t for t, _ in s.player("Ann").tiles} and s.end_triggered_by == "Ben"
    assert s.is_over        # Ann sat before the start player Ben: her turn was the last


def test_carriages_are_never_skipped():
    """3c: a route of 7 with no carriage yet takes carriage 3 only."""
    s = scoring(R7)
    s = s.apply(score(s))
    assert s.player("Ann").carriages == (3,)


@pytest.mark.parametrize("carriages, route_len, ok, reason", [
    ([3, 4, 5, 6], 5, True, None), ([3, 4, 5, 6], 4, False, "cartwright_too_short"),
    ([3, 4], 4, True, None), ([3, 4], 5, False, "cartwright_not_needed"),
    ([3, 4, 5, 6, 7], 6, False, "no_carriage_left")])
def test_the_cartwright_makes_up_one_or_two_cards(carriages, route_len, ok, reason):
    """3c Cartwright: the next carriage with a route up to two cards short; not three; not when not needed."""
    s = scoring(R9[:route_len], carriages=carriages)
    err = s.why_illegal(Score(score(s).houses, cartwright=True))
    assert (err is None) == ok and (ok or err.reason == reason)


def test_no_cartwright_after_another_official():
    d = {"players": [{"name": "Ann", "hand": ["Basel"], "route": R5, "carriages": [3, 4, 5, 6]}, "Ben"],
         "turn": {"step": "score", "draws": 2, "draws_allowed": 2, "plays": 1, "official": "postmaster"}}
    s = thurn.GameState.from_position(d)
    assert s.why_illegal(Score(score(s).houses, cartwright=True)).reason == "one_official_per_turn"


def test_keep_three_after_scoring_and_discard_the_rest():
    """3d: after scoring, keep at most three cards; the route and the rest go to the discard pile."""
    hand = ["Basel", "Basel", "Lodz", "Linz", "Passau"]
    s = scoring(R5, hand=hand)
    s = s.apply(score(s))
    assert s.step == "keep" and s.to_move_name == "Ann"
    assert all(len(a.cards) == 3 for a in s.legal_actions())
    assert s.why_illegal(Keep(["Basel", "Lodz"])).reason == "keep_count"
    assert s.why_illegal(Keep(["Lodz", "Lodz", "Linz"])).reason == "card_not_in_hand"
    before = s.discard_size
    after = s.apply(Keep(["Basel", "Basel", "Lodz"]))
    assert after.hand("Ann") == ["Basel", "Basel", "Lodz"] and after.to_move_name == "Ben"
    assert after.discard_size == before + 2


def test_no_hand_limit_without_scoring():
    """Rules notes: the hand limit applies only when a route is scored."""
    hand = ["Basel", "Basel", "Lodz", "Linz", "Passau"]
    s = scoring(R5, hand=hand).apply(EndTurn())
    assert len(s.hand("Ann")) == 5 and s.to_move_name == "Ben"


def test_houses_must_all_be_placed_by_default():
    """R1 default (All Roads Lead to Rome, The Audience): place every house the chosen option allows."""
    s = scoring(["Sigmaringen", "Stuttgart", "Nürnberg"])
    assert s.why_illegal(Score(["Sigmaringen", "Stuttgart"])).reason == "must_place_all"
    assert s.why_illegal(Score([])).reason == "must_place_all"


def test_optional_houses_allow_any_part_of_an_option():
    """R1 option optional_houses (001, 3a: "Placing houses is optional")."""
    s = scoring(["Sigmaringen", "Stuttgart", "Nürnberg"], rules={"optional_houses": True})
    assert s.why_illegal(Score(["Sigmaringen", "Stuttgart"])) is None
    assert s.why_illegal(Score([])) is None
    assert s.why_illegal(Score(["Sigmaringen", "Stuttgart", "Nürnberg"])) is None
    after = s.apply(Score([]))
    assert after.player("Ann").houses_left == 20 and after.player("Ann").carriages == (3,)


def test_unknown_rule_option_suggests_the_close_match():
    with pytest.raises(thurn.UnknownName, match="optional_houses"):
        thurn.new_game(["Ann", "Ben"], seed=1, rules={"optional_house": True})
