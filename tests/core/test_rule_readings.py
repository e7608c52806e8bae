"""The rule readings settled in the rules notes R9–R12, and the display refilled when the deck comes back.

- R9 (base rules 000, 3c: the player "**may** take that Coach Card"; 001, The Princess' Messenger: "he voluntarily
  declines to take a carriage"): a scoring that earns a carriage may decline it; option ``carriage_compulsory``.
- R10 (002, Offices of Honor / The Audience: "He need not take the choice with the most houses"): option B on a
  province whose cities on the route all carry the player's houses places none, and is a legal choice.
- R11 (000, 3d: "down to at most three cards"): option ``hand_limit_at_most``.
- R12 (000, 2, Coachman: "as long as the second card can be legally placed"): option
  ``postal_carrier_may_restart``.
- Rules notes, silences: a display slot that could not be refilled is refilled as soon as the deck has cards again.
"""
from __future__ import annotations

import numpy as np
import pytest

import thurn
from thurn import CallOfficial, Draw, EndTurn, Keep, Play, Score, parse_action
from thurn import turn as turn_module
from thurn.option_words import OPTION_TITLES

from tests.support.helpers import CITIES, at_play, at_score, route_of, scorings

COMPULSORY = {"carriage_compulsory": True}


def reason(state, action):
    err = state.why_illegal(action)
    return None if err is None else err.reason


# -- R9: a carriage may be declined ----------------------------------------------------------------------------

def test_a_route_that_earns_a_carriage_may_decline_it():
    """000, 3c: with a route of 3 cards the first carriage may be taken; the player may also decline it."""
    s = at_score(route_of(3))
    taking = scorings(s)
    declining = scorings(s, carriage=False)
    assert {a.houses for a in taking} == {a.houses for a in declining}
    assert all(a.declines and not a.cartwright for a in declining)
    after = s.apply(declining[0])
    assert after.player("Ann").carriages == ()
    assert after.carriages_available()[3] == s.carriages_available()[3]
    assert any("declines carriage 3" in line for line in after.log())


def test_a_declined_carriage_can_be_taken_later():
    """000, 3c: carriages are taken in order; declining one leaves it the next to take."""
    s = at_score(route_of(3)).apply(Score(["Mannheim", "Stuttgart"], carriage=False))
    later = at_score(route_of(3), houses=["Mannheim", "Stuttgart"])
    assert s.player("Ann").carriages == later.player("Ann").carriages == ()
    took = later.apply(Score(["Carlsruhe"]))
    assert took.player("Ann").carriages == (3,)


def test_declining_carriage_7_does_not_end_the_game():
    """Game End: the game ends when a player takes carriage 7; a player behind may decline it (R9)."""
    s = at_score(route_of(7), carriages=[3, 4, 5, 6])
    took = s.apply(scorings(s)[0])
    assert took.end_triggered_by == "Ann" and took.player("Ann").carriage == 7
    declined = s.apply(scorings(s, carriage=False)[0])
    assert declined.end_triggered_by is None and declined.player("Ann").carriage == 6
    assert declined.returns()[0] == took.returns()[0] - 3 - 1      # carriage 7 (+3 over 6) and the end tile


def test_decline_needs_a_carriage_to_decline():
    s = at_score(route_of(3), carriages=[3])          # carriage 4 needs 4 cards
    assert not scorings(s, carriage=False)
    err = s.why_illegal(Score(scorings(s)[0].houses, carriage=False))
    assert err.reason == "no_carriage_to_decline"
    assert "carriage 4 needs 4 cards and your route has 3" in str(err)


def test_the_cartwright_is_not_called_to_decline():
    """3c: the Cartwright helps to take a carriage; declining it, his help is unused, so the call is refused."""
    s = at_score(route_of(4), carriages=[3, 4])      # carriage 5 with the Cartwright
    houses = scorings(s, cartwright=True)[0].houses
    assert reason(s, Score(houses, cartwright=True, carriage=False)) == "cartwright_declined"
    s5 = at_score(route_of(5), carriages=[3, 4])
    assert reason(s5, Score(scorings(s5)[0].houses, cartwright=True, carriage=False)) == "cartwright_declined"


def test_carriage_compulsory_option_refuses_declining():
    """Rule option carriage_compulsory (001, 3c: the player takes the carriage)."""
    s = at_score(route_of(3), rules=COMPULSORY)
    assert not scorings(s, carriage=False)
    err = s.why_illegal(Score(scorings(s)[0].houses, carriage=False))
    assert err.reason == "carriage_compulsory" and "R9" in str(err)
    assert thurn.Rules(carriage_compulsory=True).to_dict()["carriage_compulsory"] is True


def test_decline_notation_reads_back():
    a = Score(["Ulm", "Augsburg"], carriage=False)
    assert a.notation == "score ulm+augsburg decline"
    assert parse_action(a.notation) == a
    assert str(a) == "score the route, houses in Ulm, Augsburg, declining the carriage"
    assert repr(a) == "Score(('Ulm', 'Augsburg'), carriage=False)"
    assert a != Score(["Ulm", "Augsburg"])
    assert parse_action("SCORE Ulm+Augsburg DECLINE") == a
    with pytest.raises(ValueError):
        parse_action("score ulm decline decline")


def test_a_declining_game_replays_from_its_save_file():
    s = at_score(route_of(3))
    after = s.apply("score mannheim+stuttgart decline")
    assert thurn.GameState.from_json(after.to_json()) == after


# -- R10: an option that places no house ------------------------------------------------------------------------

def test_option_b_on_a_province_full_of_his_houses_places_none():
    """002: the player need not take the choice with the most houses: option B on Württemberg, whose cities on the
    route (Stuttgart, Ulm) all carry his houses, places none (R10)."""
    s = at_score(route_of(4), houses=["Stuttgart", "Ulm"])
    assert () in {a.houses for a in scorings(s)}
    after = s.apply(Score([]))
    assert after.player("Ann").houses_left == s.player("Ann").houses_left
    labels = {p.cities: p.options for p in thurn.placement_options("base", route_of(4), ["Stuttgart", "Ulm"])}
    assert any("Württemberg" in o and "already has your house" in o for o in labels[()])


def test_with_one_house_left_the_empty_option_avoids_ending_the_game():
    """R10: a player with one house left is not forced to place it (and end the game) when option B places none."""
    houses = ["Stuttgart", "Ulm"] + [c for c in CITIES if c not in route_of(4)][:17]
    s = at_score(route_of(4), houses=houses, carriages=[3, 4])
    assert s.player("Ann").houses_left == 1
    after = s.apply(Score([]))
    assert after.end_triggered_by is None and after.player("Ann").houses_left == 1
    ends = s.apply(Score(["Mannheim"]))
    assert ends.end_triggered_by == "Ann"


def test_without_a_full_province_no_house_is_no_option():
    """3a, R1: when every province of the route has a free city, both options place houses."""
    s = at_score(route_of(4))
    assert () not in {a.houses for a in scorings(s)}
    assert reason(s, Score([])) == "must_place_all"


# -- R11: keep at most three ---------------------------------------------------------------------------------------

HAND = ["Lodz", "Basel", "Zürich", "Kempten", "Passau"]


def test_keep_exactly_three_by_default():
    """001, 3d: he chooses 3 cards to keep."""
    s = at_score(route_of(3), hand=HAND).apply(Score(["Mannheim", "Stuttgart"]))
    assert s.step == "keep"
    assert {len(a.cards) for a in s.legal_actions()} == {3}
    err = s.why_illegal(Keep(["Lodz"]))
    assert err.reason == "keep_count" and OPTION_TITLES["hand_limit_at_most"] in str(err)   # (in words, not its id)


def test_hand_limit_at_most_keeps_up_to_three():
    """000, 3d: "reduces his or her hand down to at most three cards" (rule option hand_limit_at_most)."""
    s = at_score(route_of(3), hand=HAND, rules={"hand_limit_at_most": True}).apply(Score(["Mannheim", "Stuttgart"]))
    sizes = [len(a.cards) for a in s.legal_actions()]
    assert set(sizes) == {0, 1, 2, 3} and sizes.count(0) == 1 and sizes.count(1) == 5
    after = s.apply(Keep(["Lodz"]))
    assert after.player("Ann").hand == ("Lodz",) and after.to_move_name == "Ben"
    assert s.apply(Keep([])).player("Ann").hand == ()
    assert reason(s, Keep(["Lodz", "Basel", "Zürich", "Kempten"])) == "keep_count"


# -- R12: the Postal Carrier's second card ----------------------------------------------------------------------------

def test_postal_carrier_second_card_may_restart_with_the_option():
    """000, Coachman: a second card "as long as the second card can be legally placed" (postal_carrier_may_restart):
    the second card may start a new route, discarding the one the first card left."""
    s = at_play(["Mannheim", "Carlsruhe"], hand=["Stuttgart", "Lodz"], rules={"postal_carrier_may_restart": True})
    s = s.apply(Play("Stuttgart", "right"))
    s = s.apply(CallOfficial("postal_carrier"))
    assert Play("Lodz", "new") in s.legal_actions()
    after = s.apply(Play("Lodz", "new"))
    assert after.player("Ann").route == ("Lodz",)
    assert after.to_move_name == "Ben"                 # one card is too short to score: the turn ends
    assert {"Mannheim", "Carlsruhe", "Stuttgart"} <= set(after.position()["discard"])


def test_postal_carrier_may_restart_when_no_card_fits():
    s = at_play(["Mannheim", "Carlsruhe"], hand=["Stuttgart", "Lodz"], rules={"postal_carrier_may_restart": True})
    s = s.apply(Play("Stuttgart", "right"))          # Lodz fits neither end
    assert CallOfficial("postal_carrier") in s.legal_actions()
    default = at_play(["Mannheim", "Carlsruhe"], hand=["Stuttgart", "Lodz"]).apply(Play("Stuttgart", "right"))
    assert reason(default, CallOfficial("postal_carrier")) == "no_second_card"


def test_postal_carrier_second_card_must_extend_by_default():
    s = at_play(["Mannheim", "Carlsruhe"], hand=["Stuttgart", "Ulm"]).apply(Play("Stuttgart", "right"))
    s = s.apply(CallOfficial("postal_carrier"))
    assert Play("Ulm", "new") not in s.legal_actions()
    err = s.why_illegal(Play("Ulm", "new"))
    assert err.reason == "second_card_must_extend" and OPTION_TITLES["postal_carrier_may_restart"] in str(err)


# -- the display refills when the deck comes back ------------------------------------------------------------------

def _starved(step_route=("Mannheim", "Carlsruhe")):
    """Ann's turn, play step; the display has an empty slot, the deck and the discard pile are empty: Ben holds every
    other card."""
    display = ["Basel", "Zürich", "Linz", "Passau", "Kempten", None]
    ann_hand = ["Lodz"]
    used = list(step_route) + ann_hand + [c for c in display if c]
    rest = []
    for c in CITIES:
        rest += [c] * (3 - used.count(c))
    return thurn.GameState.from_position({
        "players": [{"name": "Ann", "hand": ann_hand, "route": list(step_route)}, {"name": "Ben", "hand": rest}],
        "display": display, "deck": [], "discard": [], "turn": {"step": "play", "draws": 1}, "seed": 3})


def test_an_empty_display_slot_is_refilled_when_discards_come_back():
    """Rules notes: a slot that cannot be refilled stays empty until the draw pile has cards again, and is refilled
    from it then, before the next draw (base rules, 1: the discard pile is shuffled into a new draw pile)."""
    s = _starved()
    assert s.display_cards[-1] is None and s.deck_size == 0 and s.discard_size == 0
    after = s.apply(Play("Lodz", "new"))               # discards Mannheim–Carlsruhe
    assert None not in after.display_cards
    assert after.deck_size + after.discard_size == 1
    assert sorted(after.display_cards[-1:] + after.position()["deck"]) == ["Carlsruhe", "Mannheim"]
    log = after.log()
    assert any("refilled with" in line for line in log)
    assert thurn.GameState.from_json(after.to_json()) == after


def test_nobody_able_to_act_ends_the_game():
    """Rules notes: the game never deadlocks: a whole round in which nobody can draw, play or score ends it."""
    s = at_play(["Mannheim", "Carlsruhe"], hand=["Lodz"])
    n = s._clone()
    n.deck, n.discard, n.display = (), (), (-1,) * len(n.display)
    players = [p.copy() for p in n.players]
    for p in players:
        p.hand = ()
    n.players = tuple(players)
    n.step = "score"
    lines = []
    turn_module.settle(n, lines.append)
    assert n.step == "over"
    assert lines[-1].startswith("Nobody can draw, play or score")


# -- notation from other sources -------------------------------------------------------------------------------------

def test_notation_in_capitals_and_numpy_strings():
    s = thurn.new_game(["Ann", "Ben"], seed=1)
    assert parse_action("DRAW DECK") == Draw()
    assert parse_action("Play Ulm RIGHT") == Play("Ulm", "right")
    assert s.apply(np.str_("draw deck")).same_position(s.apply("draw deck"))
    assert s.why_illegal(np.str_("DRAW DECK")) is None
    assert parse_action(np.str_("end")) == EndTurn()


# -- declining in the what-if answers -----------------------------------------------------------------------------

def test_what_if_answers_show_declining_the_carriage():
    """R9 in thurn.explore: a route option that takes carriage 7 also shows the same scoring declining it, with the
    points the engine gives when it applies that Score action."""
    from thurn.explore import route_outcome, score_outcomes

    s = at_score(route_of(7), carriages=[3, 4, 5, 6])
    best = route_outcome(s, route_of(7))
    assert best.carriage == 7 and best.ends_game
    alt = best.without_carriage
    assert alt.carriage is None and alt.declined == 7 and not alt.ends_game
    outcomes = score_outcomes(s)
    declining = [o for o in outcomes if not o.action.carriage]
    assert declining and all(o.outcome.declined == 7 for o in declining)
    assert alt.points == max(o.outcome.points for o in declining)
    assert best.points == max(o.outcome.points for o in outcomes if o.action.carriage)
    assert "declines carriage 7" in str(alt)
    compulsory = at_score(route_of(7), carriages=[3, 4, 5, 6], rules=COMPULSORY)
    assert route_outcome(compulsory, route_of(7)).without_carriage is None


def test_the_route_explorer_shows_declining_the_carriage():
    """R9 in the RouteExplorer: the chosen route that takes carriage 7 also says what declining it brings."""
    from thurn.widgets import RouteExplorer

    s = at_play(route_of(6), hand=["Salzburg"], carriages=[3, 4, 5, 6])
    app = RouteExplorer(s, include_display=False)
    k = next(i for i, o in enumerate(app.options) if len(o.route) == 7)
    app.select(k)
    assert app.options[k].decline is not None and app.options[k].decline.declined == 7
    assert "declining the carriage (R9)" in app.detail.value and "declines carriage 7" in app.detail.value
    app.close()
