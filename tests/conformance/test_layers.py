"""Every ruleset of the registry (tests/support/rulesets.py) through the layers above the rules: ``simulate`` gives
its columns (the base game's and each switched-on expansion's parts, thurn.parts), the greedy and the search bots
play a game to the end with legal actions only, and the Play app plays a game to the end in-process (its buttons,
clicked as a user would: tests/apps/test_app.py's ``human_move``) and shows the end (in ``make test`` 40 actions
clicked, the rest played in the engine and the finished game opened in the app).

Sized by ``THURN_SIZE``: in ``make test`` the base game and each expansion alone (tests/support/rulesets.py's
``ALONE``), the search bot a few rollouts a decision; every ruleset in the full run."""
from __future__ import annotations

import pytest

import thurn
from thurn.bots import make_bot
from thurn.parts import parts_on
from thurn.rules import Rules
from thurn.sim import COLUMNS, GAME_COLUMNS, full_size, play_game, simulate, sized

from tests.apps.test_app import human_move
from tests.support.rulesets import ALONE, NAMES, RULESETS, player_counts, ruleset_id

CHECKED = RULESETS if full_size() else ALONE
#: The actions played in the Play app (small: then the game finished in the engine and its end opened in the app).
IN_APP = sized(20_000, 40)
IDS = [ruleset_id(r) for r in CHECKED]


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
    for part in parts_on(state):                             # each expansion's own columns, where it has them
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
def test_the_play_app_plays_a_game_to_the_end(board, expansions, tmp_path):
    from thurn.widgets import GameApp

    n = seats(board, expansions)
    app = GameApp(autosave=tmp_path / "play.thurn-autosave.json", seed=5)
    try:
        p = app.panel
        p.board.value = board
        for name in expansions:
            p.expansions[name].value = True
        if n in [v for _, v in p.count.options]:
            p.count.value = n
        for i in range(n):
            p.names[i].value = NAMES[i]
            p.kinds[i].value = None if i == 0 else "greedy"      # a human and greedy bots
        p.pace.value = "step"
        p.start.click()
        game = app.game
        assert game.state.rules.expansions == tuple(expansions) and game.state.num_players == n
        for _ in range(IN_APP):
            if game.state.is_over:
                break
            human_move(game)
        s = game.state
        if not s.is_over:                     # (small: the rest of the game in the engine, the end read back)
            bot = make_bot("greedy", seed=9)
            while not s.is_over:
                s = s.apply(bot.choose(s))
            if app.open_saved(s.to_json().encode(), "end.json") is None:     # (replace the game in progress: yes)
                app._confirmed()
        assert app.game.state.is_over and app.game_over, "the game-over screen is not shown"
        heading = app._over.children[0].value
        assert all(name in heading for name in NAMES[:n]), heading
    finally:
        app.close()
