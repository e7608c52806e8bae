"""Every worked example of the rule documents, each its own test, driven through the engine.

Documents: base rules 000 (English translation, terms Branch/Coach/Wainwright), 001 (base game and expansions,
English, terms house/carriage/Cartwright), 004 (Polish translation); rules notes R1–R8. Sections are cited as
"000, 2" (Playing a City Card), "3a" (placing houses), "3b" (bonus tiles), "3c" (carriages), "3d" (discarding),
"Game End" (game end and scoring).
"""
import pytest

import thurn
from thurn import EndTurn, Play, Score

from tests.support.helpers import (BAIERN, BOARD, PROVINCES, at_play, at_score, finished, placements, position, record,
                     scorings, stacks_held, take_turn, tiles)

EXAMPLE_ROUTE = ["Carlsruhe", "Stuttgart", "Nürnberg", "Regensburg"]


def the_route_example(hand):
    """000, 2 / 001, 2 / 004, 2: Ann's route is Carlsruhe–Stuttgart–Nürnberg–Regensburg; she has drawn."""
    return at_play(EXAMPLE_ROUTE, hand)


# -- 000, 2 / 001, 2 / 004, 2: which cards fit --------------------------------------------------------------

@pytest.mark.parametrize("end", ["left", "right"])
def test_innsbruck_is_refused_at_either_end_of_carlsruhe_to_regensburg(end):
    """000, 2 Example / 001, 2 / 004, 2 Przykład: Innsbruck has no direct road to Carlsruhe or to Regensburg,
    so it cannot be added at either end."""
    s = the_route_example(["Innsbruck"])
    assert not BOARD.has_road("Innsbruck", "Carlsruhe") and not BOARD.has_road("Innsbruck", "Regensburg")
    err = s.why_illegal(Play("Innsbruck", end))
    assert err is not None and err.reason == "no_road"
    for city in ("Innsbruck", "Carlsruhe", "Regensburg"):
        assert city in str(err)
    assert "base rules, 2" in str(err)
    with pytest.raises(thurn.IllegalAction) as raised:
        s.apply(Play("Innsbruck", end))
    assert raised.value.reason == "no_road"
    assert s.route("Ann") == EXAMPLE_ROUTE and s.hand("Ann") == ["Innsbruck"]      # nothing changed


def test_innsbruck_can_only_start_a_new_route():
    """000, 2 / 001, 2: a player who cannot extend the route discards it and starts a new one."""
    s = the_route_example(["Innsbruck"])
    plays = [a for a in s.legal_actions() if a.kind == "play"]
    assert plays == [Play("Innsbruck", "new")]
    after = s.apply(Play("Innsbruck", "new"))
    assert after.route("Ann") == ["Innsbruck"]
    assert after.position()["discard"][-4:] == EXAMPLE_ROUTE


def test_wurzburg_cannot_be_inserted_between_stuttgart_and_nurnberg():
    """000, 2 Example / 001, 2 / 004, 2: Würzburg has roads to Stuttgart and Nürnberg, but a card may not go
    into the middle of the route; it fits neither end (Carlsruhe, Regensburg)."""
    assert BOARD.has_road("Würzburg", "Stuttgart") and BOARD.has_road("Würzburg", "Nürnberg")
    assert not BOARD.has_road("Würzburg", "Carlsruhe") and not BOARD.has_road("Würzburg", "Regensburg")
    s = the_route_example(["Würzburg"])
    assert thurn.fitting_ends(BOARD, EXAMPLE_ROUTE, "Würzburg") == []
    for end in ("left", "right"):
        err = s.why_illegal(Play("Würzburg", end))
        assert err.reason == "no_road"
        assert "Würzburg" in str(err) and "Carlsruhe" in str(err) and "Regensburg" in str(err)
    # there is no way even to say "in the middle": an action only names an end, or a new route
    with pytest.raises(ValueError):
        Play("Würzburg", "middle")
    with pytest.raises(ValueError):
        thurn.parse_action("play wurzburg middle")
    assert [a for a in s.legal_actions() if a.kind == "play"] == [Play("Würzburg", "new")]


@pytest.mark.parametrize("end", ["left", "right"])
def test_a_second_stuttgart_is_refused(end):
    """000, 2 Example / 001, 2: nor could the player add another Stuttgart card into this same route
    (Stuttgart even has a road to Carlsruhe, the left end: the refusal is that it is already in the route)."""
    assert BOARD.has_road("Stuttgart", "Carlsruhe")
    s = the_route_example(["Stuttgart"])
    err = s.why_illegal(Play("Stuttgart", end))
    assert err.reason == "city_in_route"
    assert "Stuttgart" in str(err) and "already in your route" in str(err)
    assert [a for a in s.legal_actions() if a.kind == "play"] == [Play("Stuttgart", "new")]


def test_the_cards_that_do_fit_the_example_route():
    """000, 2: a card fits when its city has a direct road to the city at that end and is not in the route:
    Mannheim and Freiburg at Carlsruhe, Ingolstadt, München, Passau and Pilsen at Regensburg."""
    hand = ["Mannheim", "Freiburg", "Ingolstadt", "München", "Passau", "Pilsen", "Innsbruck", "Würzburg"]
    s = the_route_example(hand)
    extend = {(a.city, a.end) for a in s.legal_actions() if a.kind == "play" and a.end != "new"}
    assert extend == {("Mannheim", "left"), ("Freiburg", "left"), ("Ingolstadt", "right"), ("München", "right"),
                      ("Passau", "right"), ("Pilsen", "right")}
    after = s.apply(Play("Passau", "right"))
    assert after.route("Ann") == EXAMPLE_ROUTE + ["Passau"]


# -- 000, 3a / 001, 3a / 004, 3a: placing houses ---------------------------------------------------------------

SIG_ROUTE = ["Sigmaringen", "Stuttgart", "Nürnberg", "Regensburg", "Ingolstadt", "Augsburg"]
SIG_BAIERN = ("Nürnberg", "Regensburg", "Ingolstadt", "Augsburg")


def test_the_route_of_the_placement_example_follows_roads():
    """000, 3a Example: Sigmaringen, Stuttgart, Nürnberg, Regensburg, Ingolstadt, Augsburg is a route."""
    for a, b in zip(SIG_ROUTE, SIG_ROUTE[1:]):
        assert BOARD.has_road(a, b)
    assert [BOARD.city(c).province for c in SIG_ROUTE] == ["hohenzollern", "wurttemberg"] + ["baiern"] * 4


def test_placement_options_of_the_sigmaringen_route():
    """000, 3a Example / 001, 3a / 004, 3a: option A is Sigmaringen + Stuttgart + one of the four Bavarian
    cities; option B is the four Bavarian cities (or every route city of Hohenzollern, or of Württemberg,
    which here is one city each)."""
    options = thurn.placement_options("base", SIG_ROUTE)
    got = {frozenset(p.cities) for p in options}
    option_a = {frozenset({"Sigmaringen", "Stuttgart", b}) for b in SIG_BAIERN}
    option_b = {frozenset(SIG_BAIERN), frozenset({"Sigmaringen"}), frozenset({"Stuttgart"})}
    assert got == option_a | option_b
    labels = {frozenset(p.cities): " ".join(p.options) for p in options}
    for a in option_a:
        assert "option A" in labels[a]
    assert "option B" in labels[frozenset(SIG_BAIERN)] and "Baiern" in labels[frozenset(SIG_BAIERN)]


def test_the_engine_offers_exactly_the_placement_options():
    """000, 3a: the scorings the engine lists for the example route are the placement options."""
    s = at_score(SIG_ROUTE)
    assert placements(s) == {frozenset(p.cities) for p in thurn.placement_options("base", SIG_ROUTE)}


@pytest.mark.parametrize("bavarian", SIG_BAIERN)
def test_option_a_sigmaringen_stuttgart_and_one_bavarian_city(bavarian):
    """000, 3a Example: one house in Sigmaringen (Hohenzollern), one in Stuttgart (Württemberg) and one in one of
    the four Bavarian cities (such as Ingolstadt)."""
    s = at_score(SIG_ROUTE)
    after = s.apply(Score(["Sigmaringen", "Stuttgart", bavarian]))
    assert set(after.houses("Ann")) == {"Sigmaringen", "Stuttgart", bavarian}
    assert after.player("Ann").houses_left == 17
    assert after.route("Ann") == []                       # the route is scored and discarded (3d)


def test_option_b_the_four_bavarian_cities():
    """000, 3a Example: or one house in each of his cities in Baiern: Nürnberg, Regensburg, Ingolstadt, Augsburg."""
    s = at_score(SIG_ROUTE)
    after = s.apply(Score(SIG_BAIERN))
    assert set(after.houses("Ann")) == set(SIG_BAIERN)
    assert after.player("Ann").houses_left == 16


@pytest.mark.parametrize("houses, reason", [
    (["Sigmaringen", "Stuttgart", "Ingolstadt", "Nürnberg"], "not_a_placement"),      # "could not then also"
    (["Sigmaringen", "Stuttgart", "Ingolstadt", "Nürnberg", "Regensburg", "Augsburg"], "not_a_placement"),
    (list(SIG_BAIERN) + ["Sigmaringen"], "not_a_placement"),                          # "could not place ... in
    (list(SIG_BAIERN) + ["Stuttgart"], "not_a_placement"),                            #  Sigmaringen and Stuttgart"
    (["Stuttgart", "Nürnberg", "Regensburg"], "not_a_placement"),
    (["Sigmaringen", "Ulm", "Ingolstadt"], "house_not_on_route"),
    (["Sigmaringen", "Stuttgart"], "must_place_all"),                                 # R1 default: all it allows
    (["Nürnberg", "Regensburg"], "must_place_all"),
])
def test_illegal_mixes_of_the_two_options_are_refused(houses, reason):
    """000, 3a Example: having placed in Ingolstadt he could not also place in Nürnberg, Regensburg or Augsburg;
    placing in every Bavarian city he could not place in Sigmaringen and Stuttgart (rules notes R1: by default the
    chosen option places every house it allows)."""
    s = at_score(SIG_ROUTE)
    err = s.why_illegal(Score(houses))
    assert err is not None and err.reason == reason
    assert "base rules, 3a" in str(err)
    with pytest.raises(thurn.IllegalAction):
        s.apply(Score(houses))


def test_a_city_of_the_route_with_your_house_gets_no_second_house():
    """000, 3a Note: a card may be played into a route though the player has a house there, but no second house
    is placed; houses of other players do not matter."""
    ben = {"name": "Ben", "houses": ["Nürnberg", "Regensburg"]}
    s = at_score(SIG_ROUTE, houses=["Ingolstadt"], others=[ben])
    err = s.why_illegal(Score(["Sigmaringen", "Stuttgart", "Ingolstadt"]))
    assert err.reason == "already_has_house" and "Ingolstadt" in str(err)
    assert frozenset({"Nürnberg", "Regensburg", "Augsburg"}) in placements(s)
    after = s.apply(Score(["Nürnberg", "Regensburg", "Augsburg"]))
    assert set(after.houses("Ann")) == set(SIG_BAIERN)
    assert set(after.houses("Ben")) == {"Nürnberg", "Regensburg"}


# -- 000, 3b / 004, 3b: the Württemberg/Hohenzollern example -------------------------------------------------------

def test_sigmaringen_and_ulm_with_stuttgart_already_owned_take_the_wurttemberg_hohenzollern_tile():
    """000, 3b Example (top of page 4) / 004, 3b Przykład: by completing a route the player places houses in
    Sigmaringen and Ulm; he already has one in Stuttgart, so he has all three cities of Württemberg and
    Hohenzollern and takes the top tile of that stack (3)."""
    s = at_play(["Sigmaringen", "Ulm"], ["Stuttgart", "Lodz"], houses=["Stuttgart"])
    s = s.apply(Play("Stuttgart", "right"))            # a city with his house may be in the route (3a note)
    assert s.step == "score"
    assert frozenset({"Sigmaringen", "Ulm"}) in placements(s)
    after = s.apply(Score(["Sigmaringen", "Ulm"]))
    assert set(after.houses("Ann")) == {"Stuttgart", "Sigmaringen", "Ulm"}
    assert tiles(after) == [("wurttemberg_hohenzollern", 3)]
    assert after.stacks_left()["wurttemberg_hohenzollern"] == [2, 1]
    assert record(after)["tiles"] == 3


def test_without_the_house_in_stuttgart_there_is_no_tile():
    """000, 3b: the tile needs houses in every city of both provinces (here Stuttgart is missing)."""
    s = at_play(["Sigmaringen", "Ulm"], ["Kempten", "Lodz"])
    s = s.apply(Play("Kempten", "right"))
    after = s.apply(Score(["Sigmaringen", "Ulm", "Kempten"]))
    assert "wurttemberg_hohenzollern" not in stacks_held(after)
    assert after.stacks_left()["wurttemberg_hohenzollern"] == [3, 2, 1]


# -- 000, 3c / 004, 3c: the carriage example ------------------------------------------------------------------------

def next_route(state, route, hand=("Lodz",)):
    """The same game later: Ann (to move again) has just completed ``route``. Her carriages, tiles and houses, the
    other players and the supplies carry over; the cards are dealt afresh around the new route."""
    pos = state.position()
    for key in ("deck", "discard", "display"):
        pos.pop(key)
    pos["players"][0].update(hand=list(hand), route=list(route))
    for p in pos["players"][1:]:
        p.update(hand=[], route=[])
    pos.update(turn_owner=0, to_move=0, turn={"step": "score", "draws": 1, "plays": 1}, end_triggered_by=None)
    return thurn.GameState.from_position(pos)


def test_the_carriage_example_3_then_4_then_nothing():
    """000, 3c Example / 004, 3c Przykład: the first route of 3 cards takes carriage 3; a later route of 5 takes
    carriage 4 (the next one, not 5); a route of 4 then takes nothing: carriage 5 needs 5 cards."""
    s = at_play(["Basel", "Zürich"], ["Sigmaringen"])
    s = s.apply(Play("Sigmaringen", "right"))
    s = s.apply(Score(["Basel", "Zürich"]))                                     # option B: Schweiz
    assert s.player("Ann").carriages == (3,)
    assert record(s)["carriage"] == 2

    s = next_route(s, ["Mannheim", "Carlsruhe", "Stuttgart", "Ulm", "Augsburg"])
    s = s.apply(Score(["Mannheim", "Carlsruhe"]))
    assert s.player("Ann").carriages == (3, 4) and s.player("Ann").carriage == 4
    assert record(s)["carriage"] == 3

    s = next_route(s, ["Linz", "Passau", "München", "Innsbruck"])
    s = s.apply(Score(["Passau", "München"]))
    assert s.player("Ann").carriages == (3, 4)
    assert any("Linz–Passau–München–Innsbruck (4 cards)" in line and "carriage" not in line for line in s.log())

    s = next_route(s, ["Freiburg", "Sigmaringen", "Kempten", "Innsbruck", "Salzburg"])
    s = s.apply(Score(["Freiburg", "Sigmaringen", "Kempten", "Innsbruck", "Salzburg"]))
    assert s.player("Ann").carriages == (3, 4, 5)
    assert s.carriages_available() == {3: 3, 4: 3, 5: 3, 6: 4, 7: 4}


def test_houses_do_not_matter_for_carriages():
    """000, 3c Note / 004, 3c Uwaga: taking a carriage depends only on the number of cards in the route."""
    s = at_score(["Basel", "Zürich", "Sigmaringen"], houses=["Basel", "Zürich", "Sigmaringen"])
    assert [a.houses for a in scorings(s, cartwright=False)] == [()]
    after = s.apply(Score([]))
    assert after.player("Ann").carriages == (3,) and after.player("Ann").houses_left == 17


# -- 000, 3c / 001, 3c / 004, 3c: the Cartwright example --------------------------------------------------------------

CARTWRIGHT_ROUTE = ["Mannheim", "Carlsruhe", "Stuttgart", "Ulm", "Augsburg"]


def test_the_cartwright_example_carriage_6_and_a_route_of_5_take_carriage_7():
    """000, 3c Wainwright example / 001, 3c Cartwright example / 004, 3c Kołodziej: a player with carriage 6
    completes a route of only 5 cards and with the Cartwright takes carriage 7 (10 points); being the first to
    take carriage 7 he ends the game and takes the game-end tile (Game End)."""
    s = at_score(CARTWRIGHT_ROUTE, carriages=[3, 4, 5, 6])
    action = Score(["Mannheim", "Carlsruhe"], cartwright=True)
    assert action in s.legal_actions()
    after = s.apply(action)
    assert after.player("Ann").carriages == (3, 4, 5, 6, 7)
    assert record(after)["carriage"] == 10
    assert after.end_triggered_by == "Ann"
    assert ("game_end", 1) in tiles(after)
    assert ("route_5", 2) in tiles(after)
    assert after.to_move_name == "Ben"                                        # the turn passed
    assert not after.is_over                                                  # the round is finished first
    assert any("Cartwright" in line for line in after.log())
    last = take_turn(after)                                                   # Ben, before the start player
    assert last.is_over and last.turns_taken("Ann") == last.turns_taken("Ben")


def test_without_the_cartwright_a_route_of_5_does_not_take_carriage_7():
    """000, 3c: carriage 7 needs a route of 7 cards; only the Cartwright makes up the difference."""
    s = at_score(CARTWRIGHT_ROUTE, carriages=[3, 4, 5, 6])
    after = s.apply(Score(["Mannheim", "Carlsruhe"]))
    assert after.player("Ann").carriages == (3, 4, 5, 6)
    assert after.end_triggered_by is None and "game_end" not in stacks_held(after)


def test_the_cartwright_example_of_001_with_a_route_of_6():
    """001, 3c Cartwright example: a player with carriage 6 closes a route of 5 or 6 cities and takes carriage 7."""
    s = at_score(CARTWRIGHT_ROUTE + ["München"], carriages=[3, 4, 5, 6])
    after = s.apply(Score(["Mannheim", "Carlsruhe"], cartwright=True))
    assert after.player("Ann").carriage == 7


# -- Game End: the final score examples --------------------------------------------------------------------------------

SIXTEEN = [["baiern", 5], ["bohmen_salzburg", 4], ["route_7", 4], ["baden", 3]]            # 16 points
SIXTEEN_HOUSES = BAIERN + PROVINCES["bohmen"] + PROVINCES["salzburg"] + PROVINCES["baden"] + ["Lodz"]


def last_turn_of_the_game(ann):
    """Ben, the player before the start player Ann, is about to end the last turn of the game (he took carriage 7
    first, so holds the game-end tile)."""
    ben = {"name": "Ben", "hand": ["Lodz"], "route": ["Basel", "Zürich", "Kempten"], "carriages": [3, 4, 5, 6, 7],
           "tiles": [["game_end", 1]]}
    return position([ann, ben], current=1, start_player=0, end_triggered_by=1, turns_taken=31,
                    turn={"step": "score", "draws": 1, "plays": 1})


def test_the_final_score_example_of_001_is_19():
    """001, Game end and scoring: highest carriage (carriage 6: 7 points) + bonus tiles (16) − unplaced houses (4)
    = 19 points."""
    assert len(SIXTEEN_HOUSES) == 16
    ann = {"name": "Ann", "carriages": [3, 4, 5, 6], "tiles": SIXTEEN, "houses": SIXTEEN_HOUSES}
    s = last_turn_of_the_game(ann)
    assert not s.is_over
    s = s.apply(EndTurn())
    assert s.is_over
    rec = record(s)
    assert (rec["carriage"], rec["tiles"], rec["unplaced_houses"], rec["total"]) == (7, 16, -4, 19)
    row = s.scores().loc["Ann"]
    assert (row["carriage"], row["tiles"], row["unplaced_houses"], row["total"]) == (7, 16, -4, 19)
    assert s.returns()[0] == 19
    assert record(s, "Ben")["total"] == 10 + 1 - 20


def test_the_final_score_example_of_the_polish_rules_is_20():
    """004, Koniec gry i punktacja: 7 points (carriage) + 17 points (bonus tiles) − 4 points (unplaced houses)
    = 20 points."""
    ann = {"name": "Ann", "carriages": [3, 4, 5, 6], "tiles": SIXTEEN + [["route_5", 1]], "houses": SIXTEEN_HOUSES}
    s = last_turn_of_the_game(ann).apply(EndTurn())
    assert s.is_over
    rec = record(s)
    assert (rec["carriage"], rec["tiles"], rec["unplaced_houses"], rec["total"]) == (7, 17, -4, 20)
    assert s.winner() == "Ann"


def test_only_the_highest_carriage_counts():
    """000, Game End: the value of the player's highest Coach Card (not the sum of all of them)."""
    s = finished([{"name": "Ann", "carriages": [3, 4, 5, 6], "houses": SIXTEEN_HOUSES}, "Ben"])
    assert record(s)["carriage"] == 7 and record(s)["total"] == 7 - 4


# -- Game End: the tie-break (rules notes R6) --------------------------------------------------------------------------

def test_a_tie_goes_to_the_holder_of_the_game_end_tile():
    """000 / 001 / 004, Game End: among players tied for first place, the one who took the game-end tile wins."""
    ann = {"name": "Ann", "carriages": [3, 4], "tiles": [["route_5", 2]]}                       # 3 + 2 − 20
    ben = {"name": "Ben", "carriages": [3, 4], "tiles": [["route_5", 1], ["game_end", 1]]}      # 3 + 2 − 20
    s = finished([ann, ben], end_triggered_by=1)
    assert s.returns() == [-15, -15]
    assert s.winner() == "Ben"
    ann["tiles"], ben["tiles"] = [["route_5", 1], ["game_end", 1]], [["route_5", 2]]
    assert finished([ann, ben], end_triggered_by=0).winner() == "Ann"


def test_a_three_way_tie_with_the_holder_goes_to_the_holder():
    """000, Game End: the holder of the game-end tile wins a tie even when he sits last."""
    base = {"carriages": [3]}
    players = [dict(base, name="Ann", tiles=[["route_6", 3]]), dict(base, name="Ben", tiles=[["route_6", 2],
               ["game_end", 1]]), dict(base, name="Cat", tiles=[["route_7", 3]])]
    s = finished(players, end_triggered_by=1)
    assert len(set(s.returns())) == 1
    assert s.winner() == "Ben"


def test_without_the_holder_in_the_tie_the_nearest_clockwise_to_him_wins():
    """000 / 001 / 004, Game End: if the holder is not among the tied players, the tied player seated nearest to
    him in clockwise order wins: Ben holds the tile, Ann (seat 0) and Dan (seat 3) tie; clockwise from Ben come
    Cat, Dan, Ann, so Dan wins."""
    base = {"carriages": [3]}
    players = [dict(base, name="Ann", tiles=[["route_7", 4]]), dict(base, name="Ben", tiles=[["game_end", 1]]),
               dict(base, name="Cat", tiles=[["route_6", 3]]),
               dict(base, name="Dan", tiles=[["route_6", 2], ["route_5", 2]])]
    s = finished(players, end_triggered_by=1)
    assert s.returns() == [-14, -17, -15, -14]
    assert s.winner() == "Dan"


def test_the_clockwise_tie_break_wraps_around_the_table():
    """000, Game End: Dan (seat 3) holds the tile, Ann (seat 0) and Cat (seat 2) tie: after Dan comes Ann."""
    base = {"carriages": [3]}
    players = [dict(base, name="Ann", tiles=[["route_7", 4]]), dict(base, name="Ben", tiles=[["route_6", 3]]),
               dict(base, name="Cat", tiles=[["route_6", 2], ["route_5", 2]]),
               dict(base, name="Dan", tiles=[["game_end", 1]])]
    s = finished(players, end_triggered_by=3)
    assert s.returns() == [-14, -15, -14, -17]
    assert s.winner() == "Ann"


def test_no_tie_the_most_points_win_whoever_holds_the_game_end_tile():
    """000, Game End: the player with the most points wins."""
    ann = {"name": "Ann", "carriages": [3, 4], "tiles": [["route_5", 2]]}
    ben = {"name": "Ben", "carriages": [3, 4], "tiles": [["game_end", 1]]}
    assert finished([ann, ben], end_triggered_by=1).winner() == "Ann"
