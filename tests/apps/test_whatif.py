"""The scoring what-if app (thurn.widgets.ScoringWhatIf), in-process: what it shows is the engine's answer.

The options shown are ``score_outcomes`` of the position the form describes (base rules, 3a–3c), rebuilt by the
engine after every edit; a choice draws its houses on the map and shows the final table after it (Game End and
Scoring); a position the engine refuses shows its message and keeps the last good one.
"""
from __future__ import annotations

import random

import pytest

import thurn
from thurn.explore import score_outcomes
from thurn.widgets import ScoringWhatIf
from thurn.widgets.whatif import options_table

from tests.support.helpers import CITIES, at_play, at_score

SIG_ROUTE = ["Sigmaringen", "Stuttgart", "Nürnberg", "Regensburg", "Ingolstadt", "Augsburg"]
FIVE = SIG_ROUTE[:5]


def shown(app) -> list[tuple[str, int]]:
    """The options the app shows: (action notation, points), in order."""
    return [(so.action.notation, so.outcome.points) for so in app.outcomes]


def engine(state) -> list[tuple[str, int]]:
    return [(so.action.notation, so.outcome.points) for so in score_outcomes(state)]


def trace(fig, name):
    return next((t for t in fig.data if t.name == name), None)


def card_text(card) -> str:
    return card.children[0].value


# -- the options are the engine's ---------------------------------------------------------------------------------

def test_the_rulebook_example_is_the_default_and_its_options_are_the_engines():
    """Base rules, 3a Example: option B (the four Baiern cities) +9, option A (Sigmaringen, Stuttgart and one
    Baiern city) +8 each, option B in Hohenzollern or Württemberg alone +6; each of them again declining carriage 3
    (2 points less, R9)."""
    app = ScoringWhatIf()
    expected = engine(at_score(SIG_ROUTE, hand=()))
    assert shown(app) == expected == engine(app.state)
    assert [p for n, p in expected if not n.endswith("decline")] == [9, 8, 8, 8, 8, 6, 6]
    assert [p for n, p in expected if n.endswith("decline")] == [7, 6, 6, 6, 6, 4, 4]
    assert len(app.option_cards) == len(app.outcomes) == 14
    declining = [card_text(c) for c, so in zip(app.option_cards, app.outcomes) if not so.action.carriage]
    assert len(declining) == 7 and all("declines carriage 3" in t for t in declining)
    for card, so in zip(app.option_cards, app.outcomes):
        assert f"{so.outcome.points:+d} points" in card_text(card)
        assert "thurn-option" in card._dom_classes
    assert "option B: every city of Baiern" in card_text(app.option_cards[0])
    assert "option A: one house in each province" in card_text(app.option_cards[1])
    assert app.label(app.outcomes[0]) == "option B: every city of Baiern"


def test_the_labels_are_the_placement_options_of_3a():
    app = ScoringWhatIf(at_score(SIG_ROUTE, houses=["Nürnberg"]))
    options = thurn.placement_options("base", SIG_ROUTE, owned=["Nürnberg"], houses_left=19)
    assert {frozenset(so.outcome.houses) for so in app.outcomes} == {frozenset(p.cities) for p in options}
    for so in app.outcomes:
        placement = next(p for p in options if set(p.cities) == set(so.outcome.houses))
        assert app.label(so) == "; ".join(placement.options)


def test_options_table_lists_the_options_shown():
    app = ScoringWhatIf(at_score(FIVE, carriages=[3, 4, 5, 6]))
    table = app.options_table()
    assert list(table["points"]) == [so.outcome.points for so in app.outcomes]
    assert list(table["cartwright"]) == [so.action.cartwright for so in app.outcomes]
    assert table.equals(options_table(app.state))
    assert list(table.index) == list(range(1, len(app.outcomes) + 1))


# -- edits change them as the engine says -------------------------------------------------------------------------

def test_editing_the_route_changes_the_options():
    app = ScoringWhatIf()
    app.route_box.value = "Mannheim, Carlsruhe, Freiburg"
    assert shown(app) == engine(at_score(["Mannheim", "Carlsruhe", "Freiburg"], hand=()))
    best = app.outcomes[0].outcome
    assert set(best.houses) == {"Mannheim", "Carlsruhe", "Freiburg"} and ("Baden", 3) in best.tiles   # 3a B, 3b
    app.route = ["Stuttgart", "Ulm", "Augsburg"]                   # by name, dashes or commas alike
    assert shown(app) == engine(at_score(["Stuttgart", "Ulm", "Augsburg"], hand=()))
    app.route_box.value = "stuttgart – ulm – augsburg – münchen"
    assert app.route == ["Stuttgart", "Ulm", "Augsburg", "München"]
    assert shown(app) == engine(at_score(["Stuttgart", "Ulm", "Augsburg", "München"], hand=()))


def test_picking_a_city_adds_it_to_the_route():
    app = ScoringWhatIf(at_score(["Stuttgart", "Ulm"]), player="Ann")
    assert app.outcomes == [] and app.route == ["Stuttgart", "Ulm"]
    app.route_pick.value = "Augsburg"
    assert app.route == ["Stuttgart", "Ulm", "Augsburg"] and app.route_pick.value == ""
    assert shown(app) == engine(at_score(["Stuttgart", "Ulm", "Augsburg"], hand=()))


def test_editing_houses_changes_the_options_and_the_houses_left_follow():
    """3b: with a house in Ulm already, option A (Sigmaringen + Stuttgart) completes Württemberg/Hohenzollern,
    and beats option B."""
    app = ScoringWhatIf()
    app.row("Ann").houses.value = "Ulm"
    assert app.row("Ann").houses_left.value == 19
    assert shown(app) == engine(at_score(SIG_ROUTE, hand=(), houses=["Ulm"]))
    best = app.outcomes[0].outcome
    assert ("Württemberg/Hohenzollern", 3) in best.tiles and best.points == 11
    assert app.state.player("Ann").houses_left == 19


def test_editing_the_carriage_brings_the_cartwright():
    """3c: with carriage 6, a route of 5 takes carriage 7 only with the Cartwright, and that ends the game."""
    app = ScoringWhatIf(at_score(FIVE))
    assert not any(so.action.cartwright for so in app.outcomes)
    app.row("Ann").carriage.value = "6"
    assert shown(app) == engine(at_score(FIVE, hand=(), carriages=[3, 4, 5, 6]))
    helped = [so for so in app.outcomes if so.action.cartwright]
    assert helped and all(so.outcome.carriage == 7 and so.outcome.ends_game for so in helped)
    assert "Cartwright" in card_text(app.option_cards[app.outcomes.index(helped[0])])
    assert "ends the game" in card_text(app.option_cards[app.outcomes.index(helped[0])])


def test_editing_tiles_and_stacks_changes_the_tiles_taken():
    app = ScoringWhatIf()
    app.stack_boxes["route_6"].value = "1"
    assert all(("route of 6", 1) in so.outcome.tiles for so in app.outcomes)
    app.row("Ben").houses.value = "Mannheim, Carlsruhe, Freiburg"       # the Baden tile needs all of Baden (3b)
    app.row("Ben").tiles.value = "route of 6: 3, Baden: 3"
    assert app.state.player("Ben").tiles == (("route_6", 3), ("baden", 3))
    expected = at_score(SIG_ROUTE, hand=(), others=[{"name": "Ben", "tiles": [["route_6", 3], ["baden", 3]],
                                                      "houses": ["Mannheim", "Carlsruhe", "Freiburg"]}],
                        stacks={"route_6": [1]})
    assert shown(app) == engine(expected)
    assert app.stack_boxes["baden"].placeholder == "2 1"           # the hint: what is left once Ben's is counted


def test_editing_the_players():
    app = ScoringWhatIf()
    app.players_box.value = "Ann, Ben, Cat"
    assert app.state.names == ("Ann", "Ben", "Cat") and len(app.rows) == 3
    app.row("Cat").houses.value = "Basel, Zürich"
    app.scorer.value = 2
    assert app.state.to_move_name == "Cat" and tuple(app.state.player("Cat").houses) == ("Basel", "Zürich")
    expected = at_score(SIG_ROUTE, hand=(), others=["Ben"])
    assert len(app.outcomes) == len(score_outcomes(expected))     # the same route, scored by Cat now


# -- choosing an option ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("k", [0, 1, 5])
def test_choosing_an_option_draws_its_houses_and_the_final_table_after_it(k):
    app = ScoringWhatIf(at_score(SIG_ROUTE, others=[{"name": "Ben", "houses": ["Ulm"], "carriages": [3]}]))
    app.option_cards[k].children[1].click()                          # the card's button
    so = app.outcomes[k]
    assert app.chosen == k and app.outcome is so
    assert list(trace(app.figure, "placement").text) == list(so.outcome.houses)
    assert "thurn-option-chosen" in app.option_cards[k]._dom_classes
    assert all("thurn-option-chosen" not in c._dom_classes for i, c in enumerate(app.option_cards) if i != k)
    assert app.scores_after.equals(so.state.scores())
    assert app.scores_before.equals(app.state.scores())
    after = so.state.scores()
    ann_total = int(after.loc["Ann", "total"])
    assert f"total {ann_total}" in " ".join(a.text for a in app.chart.layout.annotations)
    assert app.tables.value.count("<table") == 2 and f"after option {k + 1}" in app.tables.value
    assert int(after.loc["Ann", "total"]) - int(app.state.scores().loc["Ann", "total"]) == so.outcome.points


def test_choose_refuses_an_option_that_is_not_shown():
    app = ScoringWhatIf()
    with pytest.raises(IndexError, match="14 options"):
        app.choose(14)


# -- bad edits: the engine's message, the last good position kept -------------------------------------------------

def engine_message(position: dict) -> str:
    with pytest.raises(thurn.ThurnError) as e:
        thurn.state_from_position(position)
    return e.value.message


def test_an_unknown_city_shows_the_engine_message_and_keeps_the_position():
    app = ScoringWhatIf()
    before, options = app.state, shown(app)
    app.route_box.value = "Sigmaringen, Stuttgart, Munchn"
    message = engine_message(app.position())
    assert "Munchn" in message and "München" in message               # the engine suggests the close match
    assert message in app.message.text and app.message.kind == "error"
    assert app.state is before and shown(app) == options
    app.route_box.value = "Sigmaringen, Stuttgart, Ulm"                 # a good edit again
    assert app.message.kind == "ok" and app.route == ["Sigmaringen", "Stuttgart", "Ulm"]


def test_houses_over_the_supply_show_the_engine_message():
    app = ScoringWhatIf()
    before = app.state
    app.row("Ann").houses.value = ", ".join(CITIES[:21])
    message = engine_message(app.position())
    assert "21 houses" in message and message in app.message.text
    assert app.state is before
    app.row("Ann").houses.value = "Ulm"
    app.row("Ann").houses_left.value = 5                                # 1 + 5 is not 20
    assert engine_message(app.position()) in app.message.text and app.state.player("Ann").houses_left == 19


def test_a_tile_without_value_or_a_bad_stack_is_named():
    app = ScoringWhatIf()
    app.row("Ben").tiles.value = "Baden"
    assert "Ben's bonus tiles" in app.message.text and "Baden: 3" in app.message.text
    app.row("Ben").tiles.value = "Baden: 4"
    assert engine_message(app.position()) in app.message.text and "no tile worth 4" in app.message.text
    app.row("Ben").tiles.value = ""
    app.stack_boxes["baiern"].value = "five"
    assert "stack Baiern" in app.message.text


def test_a_route_too_short_lists_no_option_and_says_why():
    app = ScoringWhatIf()
    app.route = ["Ulm", "Augsburg"]
    assert app.outcomes == [] and app.option_cards == [] and app.chosen is None
    assert "too few to score" in app.message.text
    assert trace(app.figure, "placement") is None and list(trace(app.figure, "route · Ann").customdata) == [
        "Ulm", "Augsburg"]
    assert app.scores_after is None


# -- starting from a game -----------------------------------------------------------------------------------------

def test_a_state_at_another_step_is_put_at_the_score_step():
    state = at_play(route=["Stuttgart", "Ulm", "Augsburg"], hand=["München"])
    app = ScoringWhatIf(state)
    assert app.state.step == "score" and shown(app) == engine(at_score(["Stuttgart", "Ulm", "Augsburg"], hand=()))


def test_a_game_position_keeps_every_players_houses_carriages_and_tiles():
    rng = random.Random(3)
    state = thurn.new_game(["Ann", "Ben", "Cat"], seed=3)
    while state.turn_number < 40 and not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    app = ScoringWhatIf(state, player="Ben", route=["Mannheim", "Carlsruhe", "Freiburg"])
    for name in state.names:
        got, want = app.state.player(name), state.player(name)
        assert (got.houses, got.houses_left, got.carriages, got.tiles) == (
            want.houses, want.houses_left, want.carriages, want.tiles)
    assert app.state.stacks_left() == state.stacks_left()
    assert app.state.to_move_name == "Ben" and app.route == ["Mannheim", "Carlsruhe", "Freiburg"]
    assert shown(app) == engine(app.state) and app.outcomes


# -- the page -----------------------------------------------------------------------------------------------------

def test_css_classes_and_repr():
    app = ScoringWhatIf()
    assert "thurn-whatif" in app._dom_classes
    boxes = [w for w in app.children[-1].children if "thurn-map" in w._dom_classes]
    assert len(boxes) == 1 and boxes[0].children[0] is app.figure
    assert "thurn-message" in app.message._dom_classes
    assert repr(app) == ("ScoringWhatIf(Ann scores Sigmaringen–Stuttgart–Nürnberg–Regensburg–Ingolstadt–Augsburg: "
                         "14 options)")


def test_a_bad_start_is_refused():
    with pytest.raises(TypeError, match="GameState"):
        ScoringWhatIf("base")


def test_stacks_of_the_position_are_kept():
    state = at_score(SIG_ROUTE, stacks={"route_6": [1], "game_end": []})
    app = ScoringWhatIf(state)
    assert app.stack_boxes["route_6"].value == "1" and app.stack_boxes["game_end"].value == "empty"
    assert app.stack_boxes["baden"].value == ""
    assert app.state.stacks_left() == state.stacks_left() and shown(app) == engine(state)
