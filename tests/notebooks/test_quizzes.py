"""The tutorial's checks are answered here, not in front of the learner (notebooks/01_rules_walkthrough).

The notebook's script (its jupytext pair) is run with ``thurn.widgets.Quiz`` recording every quiz it builds; each
quiz's right answers and the engine's verdict on a wrong choice are checked against the rules (the same positions
the learner sees). The notebook itself answers none of them, and leaves the rules stepper and the first game
untouched (checked here too; the browser test checks that no verdict shows after Run All).
"""
from __future__ import annotations

import runpy

import pytest

pytest.importorskip("ipywidgets")

import thurn.widgets  # noqa: E402
from thurn import Score  # noqa: E402

from tests.support.paths import NOTEBOOKS

NOTEBOOK = NOTEBOOKS / "01_rules_walkthrough.py"

# (what the quiz asks about, its right answers, a wrong choice, words of the engine's explanation for it)
EXPECTED = [
    ("Baiern tile on top", ("5",), "2", "The Baiern stack holds 5, 4, 3, 2 (top first)."),
    ("the first turn: draw first", None, "Start a new route with Nürnberg", "First draw a city card"),
    ("one official per turn", None, "Call the Administrator", "only one official may help per turn"),
    ("no route yet", None, "Play Nürnberg at the right end", "You have no route yet: start one with Nürnberg."),
    ("what fits", ("Passau",), "Würzburg", "Würzburg has no road to Carlsruhe or Regensburg"),
    ("the Postal Carrier after the first card", None, "Call the Postal Carrier", "play your first card, then call"),
    ("placement options", None, Score(["Sigmaringen", "Stuttgart", "Nürnberg", "Ingolstadt"]),
     "Houses go either in one city of each province of the route"),
    ("the tile a scoring takes", None, "Baiern", "takes the Württemberg/Hohenzollern tile (3)"),
    ("the carriage a route earns", ("Carriage 6",), "Carriage 7", "Carriage 6 is Ann's next; the route had 7 cards."),
    ("keep exactly three", None, "Keep Basel, Zürich", "Keep exactly 3 of your 5 cards"),
    ("the round is completed", None, "The game is over at once", "the game ends when this round is complete"),
    ("the tie-break", ("Ann",), "Cat", "The winner is Ann."),
]


APPS: dict = {}


@pytest.fixture(scope="module")
def quizzes():
    made = []
    APPS.clear()
    originals = {name: getattr(thurn.widgets, name) for name in ("Quiz", "RulesStepper", "GuidedGame")}

    def recording(name):
        class Recording(originals[name]):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                (made if name == "Quiz" else APPS.setdefault(name, [])).append(self)
        return Recording

    for name in originals:
        setattr(thurn.widgets, name, recording(name))
    try:
        runpy.run_path(str(NOTEBOOK), run_name="notebook")
    finally:
        for name, original in originals.items():
            setattr(thurn.widgets, name, original)
    return made


def test_the_stepper_comes_first_and_the_learners_games_wait_for_him(quizzes):
    """The rules stepper is near the top (before the first check); its questions and both games are untouched."""
    text = NOTEBOOK.read_text(encoding="utf-8")
    assert text.index("RulesStepper()") < text.index("Quiz(")
    assert text.index("board_figure(board)") < text.index("RulesStepper()")       # the board comes first
    (stepper,) = APPS["RulesStepper"]
    assert stepper.index == 0 and not stepper.quiz.answered
    games = APPS["GuidedGame"]
    assert games and all(game.events == [] for game in games)
    if stepper._game is not None:
        assert stepper._game.events == []


def test_the_notebook_builds_every_check_and_answers_none(quizzes):
    assert len(quizzes) == len(EXPECTED)
    assert all(not q.answered for q in quizzes), "a check was answered in the notebook"
    code = [line for line in NOTEBOOK.read_text(encoding="utf-8").splitlines() if not line.lstrip().startswith("#")]
    assert not [line for line in code if ".answer(" in line], "the notebook's code answers a check"


@pytest.mark.parametrize("k", range(len(EXPECTED)), ids=[e[0] for e in EXPECTED])
def test_each_check_has_the_engines_answer(quizzes, k):
    _, answers, wrong, words = EXPECTED[k]
    q = quizzes[k].question
    assert q.answers, "a check with no right answer"
    if answers is not None:
        assert q.answers == answers
    verdict = q.answer(wrong)
    assert not verdict.right and words in verdict.why
    for right in q.answers:                          # every right answer is judged right, with its reason
        v = q.answer(right)
        assert v.right and v.why
    assert not quizzes[k].answered                   # asking the question object answers nothing on screen
