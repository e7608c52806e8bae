"""Cards with identity in the apps (issue 23, part "cards"): on a board whose copies of a city differ (Power and
Glory's horseshoes), the Play app's buttons are the legal actions, each copy named ("Berlin (2 horseshoes)"), the
panels, the map and the hint read the cards, and a game clicks through without an error."""
from __future__ import annotations

import json
import random

import thurn
from thurn.rules import Rules
from thurn.widgets.play import Play

from tests.core.test_board_format2 import north
from tests.apps.test_play import check_buttons, click_through


def test_the_play_app_on_a_board_whose_copies_differ(tmp_path):
    path = tmp_path / "north.json"
    path.write_text(json.dumps(north()), encoding="utf-8")
    s = thurn.new_game(["Ann", "Ben"], seed=3, rules=Rules(board=str(path)))
    app = Play(["Ann", "Ben"], state=s, autosave=False)
    seen = set()
    rng = random.Random(2)
    for _ in range(6):
        click_through(app, 5, rng)
        seen.update(b.description for b in app.action_buttons)
        if app.state.is_over:
            break
    check_buttons(app)
    assert any("horseshoe" in d for d in seen)              # a copy named on its button
    assert app.state.turn_number > 3


def test_a_lesson_question_about_cards_named_by_their_copy(tmp_path):
    """lessons.extend_question on a hand of copies: each card asked by its copy's name, the engine's verdict."""
    from thurn.lessons import extend_question
    path = tmp_path / "north.json"
    path.write_text(json.dumps(north()), encoding="utf-8")
    b = thurn.load_board(str(path))
    s = thurn.GameState.from_position(
        {"rules": {"board": str(path)}, "players": [
            {"name": "Ann", "hand": ["Berlin (2 horseshoes)", "Hamburg (3 horseshoes)", "Kassel"],
             "route": ["Halle (2 horseshoes)"]}, {"name": "Ben"}], "turn": {"step": "play"}},
        boards={str(path): b})
    verdicts = {v.choice: v.right for v in extend_question(s).verdicts}
    assert verdicts == {"Berlin (2 horseshoes)": True, "Hamburg (3 horseshoes)": False, "Kassel": True}
