"""A toy expansion that is a folder (tests/expansions/toy_watch/, issue 34) brings its own parts through the registry
(thurn.parts.layer_parts): a column under the map and in the Play app's players table, a panel, simulate columns, a
lesson question kind, a placement extra read as an outcome's attribute, and a valuation the greedy bot asks, while
no file outside its folder names it. ``toy_watch`` counts the houses each player places (a per-player value in
``state.ext``); its parts show and count them."""
from __future__ import annotations

import pytest

import thurn
from thurn.bots.greedy import GreedyBot
from thurn.explore import route_outcome
from thurn.lessons import OUTCOMES, outcome_question
from thurn.bots.valuation import valuations
from thurn.parts import layer_parts, parts_on, register_parts, unregister_parts
from thurn.sim import play_game, simulate
from thurn.variants import register, unregister
from tests.expansions.toy_watch import valuation as toy_valuation
from tests.expansions.toy_watch.parts import WatchParts
from tests.expansions.toy_watch.rules import NAME, Watch

@pytest.fixture
def watch():
    register(Watch)
    register_parts(WatchParts())
    try:
        yield {"expansions": [NAME]}
    finally:
        unregister(NAME)
        unregister_parts(NAME)


def test_the_core_asks_the_parts_of_the_variants_switched_on(watch):
    s = thurn.new_game(["Ann", "Ben"], seed=4, rules=watch)
    assert [p.name for p in parts_on(s)] == [NAME] and valuations(s) == (toy_valuation.PARTS,)
    assert [type(p).__module__ for layer in ("map", "panel", "columns") for p in layer_parts(s, layer)] == [
        "tests.expansions.toy_watch.map", "tests.expansions.toy_watch.panel", "tests.expansions.toy_watch.columns"]
    plain = thurn.new_game(["Ann", "Ben"], seed=4)
    assert parts_on(plain) == () and all(layer_parts(plain, layer) == () for layer in ("map", "panel", "columns"))
    assert "watched" in OUTCOMES


def test_simulate_adds_the_variant_s_columns(watch):
    sim = simulate(3, bots="greedy", players=2, rules=watch, workers=1, seed=2)
    rows = sim.players
    assert list(rows["houses_watched"]) == list(rows["houses_placed"])
    assert list(sim.games["watch_total"]) == list(sim.games.index.map(
        lambda g: rows[rows["game"] == g]["houses_placed"].sum()))
    assert (sim.games["watch_actions"] == sim.games["actions"]).all()
    assert "houses_watched" not in simulate(1, bots="greedy", players=2, workers=1).players


def test_the_map_and_the_play_app_show_the_variant_s_columns(watch):
    pytest.importorskip("plotly")
    from thurn.viz import board_figure
    from thurn.widgets import Play

    s = play_game(["Ann", "Ben"], bots="greedy", seed=3, rules=watch)
    fig = board_figure(s)
    texts = [a.text for a in fig.layout.annotations if a.name == "expansions"]
    assert "<b>watched</b>" in texts and str(s.ext[NAME][0]) in texts
    assert not board_figure(thurn.new_game(["Ann", "Ben"], seed=3)).layout.annotations
    app = Play(["Ann", "Ben"], seed=3, rules=watch, autosave=False)
    assert "<th>watched</th>" in app._table.value and "0 watched" in app._table.value
    assert app.watch_note.value == "Ann has placed 0 houses"          # its panel, read as the app's own


def test_a_lesson_question_of_the_variant_s_own_kind(watch):
    s = thurn.new_game(["Ann", "Ben"], seed=4, rules=watch)
    q = outcome_question(s, "watched", ["0", "1"], action=s.legal_actions()[0])
    assert q.answers == ("0",)


def test_a_placement_extra_is_read_as_the_outcome_s_attribute(watch):
    s = thurn.new_game(["Ann", "Ben"], seed=4, rules=watch)
    o = route_outcome(s, ["Basel", "Freiburg", "Carlsruhe"])
    assert o.corners == 2 and "2 corners" in str(o)
    plain = route_outcome(thurn.new_game(["Ann", "Ben"], seed=4), ["Basel", "Freiburg", "Carlsruhe"])
    assert plain.corners is None and "corners" not in str(plain)


def test_the_greedy_bot_asks_the_variant_s_valuation(watch):
    toy_valuation.WatchValuation.asked = 0
    s = thurn.new_game(["Ann", "Ben"], seed=4, rules=watch)
    GreedyBot(1).choose(s)
    assert toy_valuation.WatchValuation.asked == 1


def test_a_layer_the_registry_does_not_know_is_refused(watch):
    s = thurn.new_game(["Ann", "Ben"], seed=4, rules=watch)
    with pytest.raises(ValueError, match="no layer 'sound'"):
        layer_parts(s, "sound")
