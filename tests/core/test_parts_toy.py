"""A toy variant brings its own parts through thurn.parts (issue 23): a column under the map and in the Play app's
players table, simulate columns, a lesson question kind, a placement extra read as an outcome's attribute, and a
valuation the greedy bot asks, while the core names no variant. ``toy_watch`` counts the houses each player places
(a per-player value in ``state.ext``); its parts show and count them."""
from __future__ import annotations

import pytest

import thurn
from thurn.bots.greedy import GreedyBot
from thurn.explore import route_outcome
from thurn.lessons import OUTCOMES, outcome_question
from thurn.parts import PARTS, Parts, parts_on, register_parts, unregister_parts, valuations
from thurn.scoring import popcount
from thurn.sim import play_game, simulate
from thurn.variants import Variant, register, unregister

NAME = "toy_watch"
CORNERS = ("Basel", "Lodz", "Carlsruhe", "Innsbruck")


class Watch(Variant):
    """Counts the houses each player places: ``ext["toy_watch"]``, one count per seat."""

    name = NAME

    def setup(self, state):
        state.set_ext(NAME, (0,) * state.num_players)

    def houses_placed(self, state, seat, mask):
        state.set_ext(NAME, tuple(v + popcount(mask) * (i == seat) for i, v in enumerate(state.ext[NAME])))


class _Tally:
    def __init__(self, state):
        self.seen = 0

    def see(self, before, action, after):
        self.seen += 1

    def row(self, state, seat):
        return {"houses_watched": state.ext[NAME][seat]}

    def game(self, state):
        return {"watch_total": sum(state.ext[NAME]), "watch_actions": self.seen}


class _Valuation:
    steps = ()
    asked = 0

    def adjust(self, ev, s, values):
        _Valuation.asked += 1
        return values

    def points(self, s, seat):
        return 0.0

    def credits(self, s, seat, w):
        return 0.0

    def as_mover(self, n, seat):
        pass

    def reason(self, s, a):
        return None


def _watched(before, after, seat, board):
    n = after.ext[NAME][seat]
    return {str(n)}, f"{after.names[seat]} has placed {n} houses."


class WatchParts(Parts):
    name = NAME
    summary = "houses counted"
    questions = {"watched": _watched}
    outcome_extras = {"corners": None}
    route_columns = ("corners",)
    player_columns_sim = ("houses_watched",)
    game_columns_sim = ("watch_total", "watch_actions")
    valuation_object = _Valuation()

    def map_columns(self, state):
        return [("watched", [str(v) for v in state.ext[NAME]], "–")]

    def player_columns(self, state):
        return [("<th>watched</th>", [f"<td>{v} watched</td>" for v in state.ext[NAME]])]

    def tally(self, state):
        return _Tally(state)

    def placement_extras(self, state, seat, mask, after=None):
        corners = sum(1 for c in CORNERS if mask >> state.board.index(c) & 1)
        return {"corners": corners}

    def outcome_words(self, extras):
        e = dict(extras)
        return ([f"{e['corners']} corners"] if e.get("corners") is not None else []), []

    def valuation(self):
        return self.valuation_object


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
    assert [p.name for p in parts_on(s)] == [NAME] and valuations(s) == (PARTS[NAME].valuation_object,)
    assert parts_on(thurn.new_game(["Ann", "Ben"], seed=4)) == ()
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
    _Valuation.asked = 0
    s = thurn.new_game(["Ann", "Ben"], seed=4, rules=watch)
    GreedyBot(1).choose(s)
    assert _Valuation.asked == 1
