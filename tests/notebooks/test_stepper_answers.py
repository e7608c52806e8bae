"""The rules stepper shows no step's answer beside its question: the map and its table (what the learner sees with
the question) do not answer it before a click."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from thurn.expansions.messenger import rules as messenger  # noqa: E402
from thurn.widgets import RulesStepper  # noqa: E402


def shown(stepper) -> str:
    """The texts of the stepper's map: its title and the annotations (the expansions' table under it)."""
    layout = stepper.figure.layout
    texts = [layout.title.text or ""] + [a.text or "" for a in layout.annotations or ()]
    return " ".join(re.sub(r"<[^>]+>", " ", t) for t in texts)


def test_a_finished_games_map_names_the_winner_only_after_the_answer():
    stepper = RulesStepper("base")
    try:
        stop = stepper.go("final_score")
        winner = stop.state.winner()
        assert stop.question.answers == (winner,)
        assert "wins" not in shown(stepper) and winner not in shown(stepper).replace("Ann's route", "")
        stepper.answer("Cat")                        # any answer: then the map says who won
        assert f"{winner} wins" in shown(stepper)
    finally:
        stepper.close()


def test_the_first_expansions_step_asks_what_its_table_does_not_show():
    stepper = RulesStepper("expansions", game=False)
    try:
        stop = stepper.go("letters_setup")
        summary = messenger.summary(stop.state)
        total = len(summary["cities"]) + sum(summary["held"].values())
        assert stop.question.answers == (f"{total} letters",) and total == 28
        assert not re.search(rf"\b{total}\b", shown(stepper)), shown(stepper)
        assert f"{len(summary['cities'])} on cities" in shown(stepper)      # the table shows the parts to add up
    finally:
        stepper.close()
