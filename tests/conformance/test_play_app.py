"""The Play app plays a game of every ruleset to the end, in-process (issue 34, "One conformance suite"): a greedy
player's actions go through the app (``Play.do``, what a click or a typed action does) with one seat a greedy bot
the app moves itself (a ruleset for one player: the player alone), until the final scores; the app's state is the
engine's game, and its final table shows each total. In the fast lane each expansion alone (``ALONE``) and the
toys, the last 25 actions through the app (the rest in the engine); in the full run every ruleset, the whole game
through the app for each expansion alone and the toys, the last 80 actions for the combinations (:func:`in_app`)."""
from __future__ import annotations

import pytest

import thurn
from thurn.bots import make_bot
from thurn.rules import Rules
from thurn.sim import full_size

from tests.support.rulesets import ALONE, NAMES, RULESETS, TOY_RULESETS, player_counts, ruleset_id

pytest.importorskip("ipywidgets")

CHECKED = (RULESETS if full_size() else ALONE) + TOY_RULESETS


def in_app(ruleset) -> int | None:
    """How many of the game's last actions go through the app (None: all of them)."""
    if not full_size():
        return 25
    return None if ruleset in ALONE or ruleset in TOY_RULESETS else 80


@pytest.mark.parametrize("board,expansions", CHECKED, ids=[ruleset_id(r) for r in CHECKED])
def test_the_play_app_plays_a_game_to_the_end(board, expansions):
    from thurn.widgets import Play

    counts = player_counts(board, expansions)
    n = 2 if 2 in counts else counts[0]
    names = NAMES[:n]
    rules = Rules(board=board, expansions=expansions)
    me = make_bot("greedy", seed=7)
    whole = thurn.new_game(names, seed=11, rules=rules)
    start = whole
    last = in_app((board, expansions))
    if last is not None:                          # the game to its end in the engine, the app from `last` before it
        bots = [make_bot("greedy", seed=7 + i) for i in range(n)]
        while not whole.is_over:
            whole = whole.apply(bots[whole.to_move].choose(whole))
        start = thurn.replay(whole.root, whole.history[:max(0, len(whole.history) - last)])
    bot_seats = {names[-1]: make_bot("greedy", seed=3)} if n > 1 else None
    app = Play.from_state(start, bots=bot_seats, autosave=False)
    try:
        steps = 0
        while not app.state.is_over:
            if app.bots_pending:
                app.step_bot()
            else:
                assert app.do(me.choose(app.state)), app.messages
            steps += 1
            assert steps < 5000
        final = app.state
        assert final.is_over and final.history[:len(start.history)] == start.history
        assert app.action_buttons == []
        table = app._final.children[0].value
        for name, total in zip(final.names, final.returns()):
            assert name in table and f"<td>{total}</td>" in table
    finally:
        app.close()
