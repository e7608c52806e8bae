"""Every worked example of the rule documents, each its own test.

Documents: base rules 000 (English translation), 001 (base game and expansions, English), 004 (Polish).
"""
import pytest

import thurn
from thurn import EndTurn, Play, Score

CITIES = [c.name for c in thurn.load_board("base").cities]


def position(ann, ben="Ben", **rest):
    """A two-player position; Ann is to move (by default in the play step after her draw)."""
    d = {"players": [ann, ben], "turn": {"step": "play", "draws": 1}, "seed": 7}
    d.update(rest)
    return thurn.GameState.from_position(d)


def scoring(route, hand=("Basel",), **player):
    """Ann has just played the last card of ``route`` and may score it."""
    ann = {"name": "Ann", "hand": list(hand), "route": list(route), **player}
    return position(ann, turn={"step": "score", "draws": 1, "plays": 1})


ROUTE = ["Carlsruhe", "Stuttgart", "Nürnberg", "Regensburg"]


# -- base rules 2: which cards fit -----------------------------------------------------------------------------

def test_innsbruck_fits_neither_end_of_carlsruhe_to_regensburg():
    """000, 2 "Example" / 001, 2: Innsbruck has no road to Carlsruhe or Regensburg."""
    s = position({"name": "Ann", "hand": ["Innsbruck"], "route": ROUTE})
    for end in ("left", "right"):
        err = s.why_illegal(Play("Innsbruck", end))
        assert err.reason == "no_road"
        assert "Innsbruck" in str(err) and "Carlsruhe" in str(err) and "Regensburg" in str(err)
    assert not [a for a in s.legal_actions() if a.kind == "play" and a.end != "new"]


def test_wurzburg_cannot_go_between_stuttgart_and_nurnberg():
    """000, 2: the route cannot be rearranged; Würzburg fits only in the middle, so nowhere."""
    board = thurn.load_board("base")
    assert board.has_road("Würzburg", "Stuttgart") and board.has_road("Würzburg", "Nürnberg")
    s = position({"name": "Ann", "hand": ["Würzburg"], "route": ROUTE})
    assert thurn.fitting_ends(board, ROUTE, "Würzburg") == []
    with pytest.raises(thurn.IllegalAction) as e:
        s.apply(Play("Würzburg", "right"))
    assert e.value.reason == "no_road"


def test_a_second_stuttgart_is_refused():
    """000, 2: nor could the player add another Stuttgart card into this same route."""
    s = position({"name": "Ann", "hand": ["Stuttgart"], "route": ROUTE})
    err = s.why_illegal(Play("Stuttgart", "left"))
    assert err.reason == "city_in_route" and "Stuttgart" in str(err)


def test_a_card_that_fits_is_accepted_at_its_end():
    """001, 2: the new city must be adjacent to a city at an end of the route."""
    s = position({"name": "Ann", "hand": ["Mannheim", "Passau"], "route": ROUTE})
    legal = s.legal_actions()
    assert Play("Mannheim", "left") in legal and Play("Passau", "right") in legal
    assert s.apply(Play("Passau", "right")).route("Ann") == ROUTE + ["Passau"]


# -- base rules 3a: placing houses -----------------------------------------------------------------------------

LONG = ["Sigmaringen", "Stuttgart", "Nürnberg", "Regensburg", "Ingolstadt", "Augsburg"]
BAIERN = ("Nürnberg", "Regensburg", "Ingolstadt", "Augsburg")


def test_the_two_placement_options_of_the_rulebook():
    """000, 3a / 001, 3a example: one house per province, or every city of one province."""
    options = {frozenset(p.cities) for p in thurn.placement_options("base", LONG)}
    option_a = {frozenset({"Sigmaringen", "Stuttgart", b}) for b in BAIERN}
    option_b = {frozenset(BAIERN), frozenset({"Sigmaringen"}), frozenset({"Stuttgart"})}
    assert options == option_a | option_b


def test_option_a_places_ingolstadt_and_not_the_other_bavarian_cities():
    """000, 3a: placing in Ingolstadt, he could not also place a house in Nürnberg, Regensburg or Augsburg."""
    s = scoring(LONG)
    after = s.apply(Score(["Sigmaringen", "Stuttgart", "Ingolstadt"]))
    assert set(after.houses("Ann")) == {"Sigmaringen", "Stuttgart", "Ingolstadt"}
    err = s.why_illegal(Score(["Sigmaringen", "Stuttgart", "Ingolstadt", "Nürnberg"]))
    assert err.reason == "not_a_placement"


def test_option_b_places_the_four_bavarian_cities_only():
    """000, 3a: he could place a house in each of his cities in Baiern, but then not in Sigmaringen and Stuttgart."""
    s = scoring(LONG)
    after = s.apply(Score(BAIERN))
    assert set(after.houses("Ann")) == set(BAIERN)
    assert s.why_illegal(Score(BAIERN + ("Stuttgart",))).reason == "not_a_placement"


def test_a_city_with_your_house_can_be_in_a_route_but_gets_no_second_house():
    """000, 3a note: the card may be played, but no second house is placed there."""
    s = scoring(LONG, houses=["Ingolstadt"])
    assert s.why_illegal(Score(["Sigmaringen", "Stuttgart", "Ingolstadt"])).reason == "already_has_house"
    after = s.apply(Score(["Nürnberg", "Regensburg", "Augsburg"]))
    assert set(after.houses("Ann")) == {"Ingolstadt", "Nürnberg", "Regensburg", "Augsburg"}


# -- base rules 3b: bonus tiles ---------------------------------------------------------------------------------

def test_sigmaringen_and_ulm_with_stuttgart_already_take_the_wurttemberg_hohenzollern_tile():
    """000, 3b example (top of page 4) / 004: houses in Sigmaringen and Ulm, one already in Stuttgart."""
    s = scoring(["Sigmaringen", "Ulm", "Augsburg"], houses=["Stuttgart"])
    after = s.apply(Score(["Sigmaringen", "Ulm", "Augsburg"]))
    assert ("wurttemberg_hohenzollern", 3) in after.player("Ann").tiles
    assert after.stacks_left()["wurttemberg_hohenzollern"] == [2, 1]


# -- base rules 3c: carriages -------------------------------------------------------------------------------------

def test_carriage_3_then_4_then_none_for_a_route_of_4():
    """000, 3c example: 3 cards -> carriage 3; 5 cards -> carriage 4; 4 cards -> nothing (5 needs 5)."""
    s = scoring(["Basel", "Zürich", "Sigmaringen"])
    s = s.apply(Score(["Basel", "Zürich"]))
    assert s.player("Ann").carriages == (3,)
    s = scoring(["Mannheim", "Carlsruhe", "Stuttgart", "Ulm", "Augsburg"], carriages=[3])
    s = s.apply(Score(["Mannheim", "Carlsruhe"]))
    assert s.player("Ann").carriages == (3, 4)
    s = scoring(["Linz", "Passau", "München", "Innsbruck"], carriages=[3, 4])
    s = s.apply(Score(["Passau", "München"]))
    assert s.player("Ann").carriages == (3, 4)


def test_the_cartwright_takes_carriage_7_with_a_route_of_5():
    """000, 3c Wainwright example / 001 Cartwright: carriage 6 owned, a route of 5 -> carriage 7 (10 points)."""
    route = ["Mannheim", "Carlsruhe", "Stuttgart", "Ulm", "Augsburg"]
    s = scoring(route, carriages=[3, 4, 5, 6])
    assert s.why_illegal(Score(["Mannheim", "Carlsruhe"])) is None
    without = s.apply(Score(["Mannheim", "Carlsruhe"]))
    assert without.player("Ann").carriages == (3, 4, 5, 6)
    after = s.apply(Score(["Mannheim", "Carlsruhe"], cartwright=True))
    assert after.player("Ann").carriages == (3, 4, 5, 6, 7)
    rec = after.score_records()[0]
    assert rec["carriage"] == 10
    assert after.end_triggered_by == "Ann" and ("game_end", 1) in after.player("Ann").tiles


# -- game end and scoring -------------------------------------------------------------------------------------

def finished(ann, ben, end_by=0):
    return thurn.GameState.from_position({
        "players": [ann, ben], "end_triggered_by": end_by, "turns_taken": 20,
        "turn": {"step": "over"}, "seed": 1})


# 16 houses holding Baden, Schweiz/Tyrol and all of Baiern (the example's tiles need them, base rules 3b)
SIXTEEN = CITIES[:6] + CITIES[7:17]


def test_final_score_example_of_001():
    """001, Game end and scoring: carriage 6 (7 points) + tiles worth 16 − 4 unplaced houses = 19."""
    tiles = [["baiern", 5], ["baden", 3], ["route_7", 4], ["route_5", 2], ["schweiz_tyrol", 2]]   # 16
    ann = {"name": "Ann", "carriages": [3, 4, 5, 6], "tiles": tiles, "houses": SIXTEEN}
    s = finished(ann, "Ben", end_by=1)
    rec = s.score_records()[0]
    assert (rec["carriage"], rec["tiles"], rec["unplaced_houses"], rec["total"]) == (7, 16, -4, 19)
    assert s.scores().loc["Ann", "total"] == 19


def test_final_score_example_of_the_polish_rules():
    """004, Koniec gry i punktacja: 7 + 17 − 4 = 20."""
    tiles = [["baiern", 5], ["baden", 3], ["route_7", 4], ["route_5", 2], ["schweiz_tyrol", 2], ["game_end", 1]]
    ann = {"name": "Ann", "carriages": [3, 4, 5, 6], "tiles": tiles, "houses": SIXTEEN}
    s = finished(ann, "Ben", end_by=0)
    assert s.score_records()[0]["total"] == 20


def test_a_tie_goes_to_the_holder_of_the_game_end_tile():
    """000 / 001, Game end: among tied players the one with the game-end tile wins."""
    ann = {"name": "Ann", "carriages": [3, 4], "tiles": [["route_5", 2]], "houses": CITIES[:20]}      # 3 + 2
    ben = {"name": "Ben", "carriages": [3, 4], "tiles": [["route_5", 1], ["game_end", 1]], "houses": CITIES[:20]}
    s = finished(ann, ben, end_by=1)
    assert s.returns() == [5, 5]
    assert s.winner() == "Ben"


def test_a_tie_without_the_holder_goes_clockwise_from_the_holder():
    """000 / 001: if the holder is not tied, the tied player nearest to him clockwise wins."""
    base = {"carriages": [3], "houses": CITIES[:20]}
    players = [dict(base, name="Ann"), dict(base, name="Ben", tiles=[["game_end", 1], ["route_5", 2]]),
               dict(base, name="Cat", tiles=[["route_6", 3]]), dict(base, name="Dan", tiles=[["route_7", 3]])]
    s = thurn.GameState.from_position({"players": players, "end_triggered_by": 1, "turns_taken": 40,
                                       "turn": {"step": "over"}})
    assert s.returns() == [2, 5, 5, 5]
    assert s.winner() == "Ben"
    players[1]["tiles"] = [["game_end", 1]]                   # Ben drops out of the tie: Cat is next clockwise
    s = thurn.GameState.from_position({"players": players, "end_triggered_by": 1, "turns_taken": 40,
                                       "turn": {"step": "over"}})
    assert s.returns() == [2, 3, 5, 5] and s.winner() == "Cat"


def test_the_game_ends_when_the_round_is_complete():
    """000, Game end: the round is played to its end (until the player to the right of the starting player)."""
    route = ["Mannheim", "Carlsruhe", "Stuttgart", "Ulm", "Augsburg"]
    players = [{"name": "Ann"}, {"name": "Ben", "hand": ["Basel"], "route": route, "carriages": [3, 4, 5, 6]},
               {"name": "Cat", "hand": ["Basel"]}]
    s = thurn.GameState.from_position({"players": players, "current": 1, "seed": 2,
                                       "turn": {"step": "score", "draws": 1, "plays": 1}})
    s = s.apply(Score(["Mannheim", "Carlsruhe"], cartwright=True))
    assert s.end_triggered_by == "Ben" and not s.is_over and s.to_move_name == "Cat"
    while s.to_move_name == "Cat":
        s = s.apply(s.legal_actions()[-1] if s.step != "score" else EndTurn())
    assert s.is_over
