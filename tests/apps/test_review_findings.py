"""Issue 35: the review's first findings show while it works ("Review this game": the first findings on screen within
2 s). ``review_steps(..., on_finding=f)`` hands each decision's first finding to ``f`` as it is made; the game app
shows the biggest differences so far under its progress bar (``findings_html``); the review itself is the same."""
from __future__ import annotations

from thurn.game_review import review_game, review_steps
from thurn.widgets.review import FINDINGS_SHOWN, findings_html

from tests.apps.test_review_words import _game


def _run(steps):
    try:
        while True:
            next(steps)
    except StopIteration as end:
        return end.value


def test_with_or_without_the_findings_the_same_review():
    """(In every ruleset, each finding is its row of the table: tests/apps/test_review_words.py.)"""
    s = _game("base", (), turns=6)
    with_findings = _run(review_steps(s, 0, on_finding=lambda row: None))
    assert with_findings.table.equals(review_game(s, 0).table)


def test_the_first_finding_comes_at_the_first_decision():
    """The app shows it after one step of the review, not at its end."""
    s = _game("base", (), turns=6)
    found = []
    steps = review_steps(s, 0, on_finding=found.append)
    next(steps)
    assert len(found) == 1


def _row(move, turn, rank, loss, action="draw Ulm from the display", best="draw from the deck"):
    return {"move": move, "turn": turn, "rank": rank, "loss": loss, "action": action, "best": best}


def test_the_findings_say_how_many_decisions_agree_and_the_biggest_differences_so_far():
    rows = [_row(0, 1, 1, 0.0), _row(2, 2, 2, 1.5), _row(4, 3, 3, 3.0), _row(6, 4, 2, 0.1), _row(8, 5, 2, 2.0),
            _row(10, 6, 2, 0.9)]
    text = findings_html(rows, 40, "Ann")
    assert "(6 of 40 decisions)" in text and "Ann's choice was the search's in 1." in text
    assert text.count("<li>") == FINDINGS_SHOWN == 3
    assert text.index("turn 3:") < text.index("turn 5:") < text.index("turn 2:")      # the biggest first
    assert "turn 4:" not in text                                  # below the review's smallest mistake
    assert "to be checked" in text
    assert findings_html([], 40, "Ann") == ""
    assert "<li>" not in findings_html([_row(0, 1, 1, 0.0)], 40, "Ann")


def test_the_findings_escape_the_names_and_the_actions():
    rows = [_row(0, 1, 2, 2.0, action="<b>x</b>", best="<i>y</i>")]
    text = findings_html(rows, 3, "<script>alert(1)</script>")
    assert "<script>" not in text and "&lt;script&gt;" in text
    assert "<b>x</b>" not in text and "&lt;b&gt;x&lt;/b&gt;" in text and "&lt;i&gt;y&lt;/i&gt;" in text
