"""The apps do not leak widgets: every live widget is one the app shows (a part, or a part's layout or style),
so the count stays bounded however long one plays, and ``close()`` frees them all.

A widget stays alive in the kernel until it is closed, and closing a widget leaves its ``layout`` and ``style``
open: before, each Play action left about 21 widgets behind and ``close()`` freed 1 of 127.
"""
from __future__ import annotations

import random

import ipywidgets as widgets

import thurn
from thurn.bots import RandomBot, make_bot
from thurn.widgets import Play, RouteExplorer, RulesStepper, ScoringWhatIf
from thurn.widgets.common import live_widgets


def reachable(root) -> int:
    """How many widgets ``root`` holds, itself included: children, layouts, styles, any widget in a trait."""
    seen, todo = set(), [root]
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        for name in w.keys:
            value = getattr(w, name)
            values = value if isinstance(value, (list, tuple)) else [value]
            todo.extend(v for v in values if isinstance(v, widgets.Widget))
    return len(seen)


def assert_no_orphans(app, before: int, what: str) -> None:
    assert live_widgets() - before == reachable(app), f"{what}: widgets alive that the app no longer shows"


def test_live_widgets_counts_open_widgets():
    n = live_widgets()
    box = widgets.HBox([widgets.Button()])
    assert live_widgets() == n + 5                   # box, button, their two layouts, the button's style
    box.close()
    assert live_widgets() == n + 4                   # a widget's own close() leaves the rest open


def test_play_does_not_leak_over_200_actions_and_closes_everything():
    before = live_widgets()
    app = Play(["Ann", "Bot"], bots={"Bot": RandomBot(seed=3)}, seed=7, autosave=False)
    rng = random.Random(7)
    counts = []
    while len(app.state.history) < 200 and not app.state.is_over:
        buttons = app.action_buttons
        if buttons:
            rng.choice(buttons).click()
        else:
            for t in rng.sample(app.keep_toggles, 3):
                t.value = True
            app.keep_button.click()
        counts.append(live_widgets() - before)
    assert len(app.state.history) >= 200
    assert_no_orphans(app, before, "Play")
    assert max(counts) - min(counts) < 60, counts   # only the number of buttons shown varies
    app.close()
    assert live_widgets() == before


def test_play_undo_load_and_the_final_table_do_not_leak(tmp_path):
    game = thurn.new_game(["Ann", "Ben"], seed=2)
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    while not game.is_over:
        game = game.apply(bots[game.to_move].choose(game))
    before = live_widgets()
    app = Play.from_state(thurn.replay(game.root, game.history[:-3]), autosave=False)
    app.hint()
    for action in game.history[-3:]:
        assert app.do(action)
    assert app.state.is_over and app._final.children          # the final table and its chart
    app.back_to(len(game.history) - 2)
    assert not app._final.children
    app.save(tmp_path / "g.json")
    app.load(tmp_path / "g.json")
    app.do(game.history[-2])
    assert_no_orphans(app, before, "Play")
    app.close()
    assert live_widgets() == before


def test_route_explorer_does_not_leak():
    before = live_widgets()
    app = RouteExplorer("base", cards=["Ulm", "Augsburg", "Kempten"])
    for city in ("München", "Ingolstadt", "Stuttgart", "Ulm", "Regensburg", "Passau", "Nürnberg"):
        app.toggle(city)
    app.route_box.value = "Augsburg, Ulm"
    app.select(1)
    app.show_more()
    assert_no_orphans(app, before, "RouteExplorer")
    app.close()
    assert live_widgets() == before


def test_scoring_what_if_does_not_leak():
    before = live_widgets()
    app = ScoringWhatIf()
    first = live_widgets()
    for i in range(6):
        app.choose(i % len(app.outcomes))
        app.players_box.value = "Ann, Ben, Cat" if i % 2 == 0 else "Ann, Ben"
        app.route_box.value = ("Sigmaringen, Stuttgart, Nürnberg, Regensburg, Ingolstadt, Augsburg" if i % 2
                               else "Sigmaringen, Stuttgart, Nürnberg")
    app.route_box.value = "Sigmaringen, Stuttgart, Nürnberg, Regensburg, Ingolstadt, Augsburg"
    assert_no_orphans(app, before, "ScoringWhatIf")
    assert live_widgets() == first                   # the same position again: the same widgets
    app.close()
    assert live_widgets() == before


def test_rules_stepper_does_not_leak():
    before = live_widgets()
    app = RulesStepper()
    first = live_widgets()
    for _ in range(len(app.stops) - 1):
        app.answer(app.quiz.choices[0])
        app.next()
    app.go(0)
    assert_no_orphans(app, before, "RulesStepper")
    assert live_widgets() == first
    app.close()
    assert live_widgets() == before
