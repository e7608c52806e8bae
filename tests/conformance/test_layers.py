"""Every ruleset of the registry (tests/support/rulesets.py) through the layers above the rules: ``simulate`` gives
its columns (the base game's and each switched-on expansion's parts, thurn.parts), the greedy and the search bots
play a game to the end with legal actions only, and the map (with the expansions' map layers) built as the apps
build it, unchecked by plotly, is the figure plotly's checked build gives. (The Play app plays a game of each ruleset to the end in-process in
tests/apps/test_screen_words.py, ``test_no_engine_id_on_the_screen_over_a_game``: every action clicked at full
size; in ``make test`` 40, the rest played in the engine and the finished game opened in the app.)

Sized by ``THURN_SIZE``: in ``make test`` the base game and each expansion alone (tests/support/rulesets.py's
``ALONE``), the search bot a few rollouts a decision; every ruleset in the full run."""
from __future__ import annotations

import random

import pytest

import thurn
from thurn.bots import make_bot
from thurn.viz import board as map_module

from thurn.rules import Rules
from thurn.sim import COLUMNS, GAME_COLUMNS, column_parts, full_size, play_game, simulate, sized

from tests.support.rulesets import ALONE, NAMES, RULESETS, TOY_RULESETS, new_game, player_counts, ruleset_id

CHECKED = (RULESETS if full_size() else ALONE) + TOY_RULESETS
IDS = [ruleset_id(r) for r in CHECKED]
#: The map is compared at every so many actions of a game (and at its end).
EVERY = sized(25, 100)


def seats(board, expansions) -> int:
    """The most players the ruleset allows (up to 3: every seat order, a game not too long)."""
    return min(player_counts(board, expansions)[-1], 3)


@pytest.mark.parametrize("board,expansions", CHECKED, ids=IDS)
def test_simulate_gives_its_columns(board, expansions):
    rules = Rules(board=board, expansions=expansions)
    n = seats(board, expansions)
    sim = simulate(2, bots="greedy", players=n, rules=rules, seed=3, workers=1)
    assert sim.errors.empty, sim.errors
    state = thurn.new_game(NAMES[:n], seed=1, rules=rules)
    players = [c for c in COLUMNS if c in sim.players.columns]
    games = [c for c in GAME_COLUMNS if c in sim.games.columns]
    for part in column_parts(state):                         # each expansion's own columns, where it has them
        players += [c for c in part.player_columns_sim]
        games += [c for c in part.game_columns_sim]
    assert set(players) <= set(sim.players.columns), set(players) - set(sim.players.columns)
    assert set(games) <= set(sim.games.columns), set(games) - set(sim.games.columns)
    for must in ("game", "seed", "seat", "player", "bot", "total", "winner", "rank"):
        assert must in sim.players.columns, must
    assert len(sim.games) == 2 and len(sim.players) == 2 * n
    assert sim.games["rules"].nunique() == 1 and sim.players["total"].notna().all()


@pytest.mark.parametrize("board,expansions", CHECKED, ids=IDS)
def test_the_greedy_and_the_search_bots_play_to_the_end(board, expansions):
    rules = Rules(board=board, expansions=expansions)
    n = seats(board, expansions)
    lineup = [make_bot("greedy", seed=1), make_bot("search", seed=2, iterations=sized(16, 2))][:n]
    lineup += [make_bot("greedy", seed=3 + i) for i in range(n - len(lineup))]
    final = play_game(n, lineup, seed=7, rules=rules)
    assert final.is_over
    assert thurn.replay(final.setup, [a.notation for a in final.history]) == final     # every action a legal one
    kinds = {a.kind for a in final.history}
    assert "score" in kinds, f"{ruleset_id((board, expansions))}: nobody scored a route"


@pytest.mark.parametrize("board,expansions", CHECKED, ids=IDS)
def test_the_map_is_the_figure_plotly_checks(board, expansions, monkeypatch):
    """thurn.viz.board builds its figures without plotly's checks (12 ms of a map's 14): every trace and layout
    part, the expansions' map layers' too, must be one plotly's checked build accepts and leaves the same."""
    import plotly.graph_objects as go

    def figure_json(fig):
        out = fig.to_plotly_json()
        for t in out["data"]:
            t.pop("uid", None)
        return out

    rng = random.Random(5)
    state, moments = new_game(board, expansions, rng), []
    while True:                     # a random game: moments of it, and its end
        if len(state.history) % EVERY == 0 or state.is_over:
            moments.append(state)
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    fast = [figure_json(map_module.board_figure(s, viewer=None)) for s in moments]
    monkeypatch.setattr(map_module, "_figure", lambda traces, layout: go.Figure(data=traces, layout=layout))
    assert [figure_json(map_module.board_figure(s, viewer=None)) for s in moments] == fast
