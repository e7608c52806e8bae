"""Lessons' questions answer from the engine in every ruleset (issue 34, "One conformance suite"): over a greedy
game of each ruleset, at every scoring, each question kind the ruleset has (the base kinds and each expansion's
own, :attr:`thurn.parts.Parts.questions`) asked about the Score action the player chose: the engine has an answer,
read from the state after the action, every choice it holds is right, with the engine's explanation;
and every lesson shipped in ``data/`` builds, each of its questions with a right choice the engine found."""
from __future__ import annotations

import pytest

import thurn
from thurn.bots import make_bot
from thurn.lessons import OUTCOMES, available_lessons, load_lesson, outcome_question
from thurn.parts import parts_on
from thurn.rules import Rules
from thurn.sim import full_size

from tests.support.rulesets import ALONE, NAMES, RULESETS, TOY_RULESETS, player_counts, ruleset_id

CHECKED = (RULESETS if full_size() else ALONE) + TOY_RULESETS
BASE_KINDS = ("tiles", "carriage", "next", "winner")


def kinds(state) -> list[str]:
    """The question kinds of the game's ruleset: the base game's (who wins: where players play against each other,
    not a game played alone for a rating) and each expansion's own."""
    base = [k for k in BASE_KINDS if k != "winner" or state.num_players > 1]
    return base + [k for part in parts_on(state) for k in part.questions]


@pytest.mark.parametrize("board,expansions", CHECKED, ids=[ruleset_id(r) for r in CHECKED])
def test_the_questions_of_every_kind_answer_from_the_engine(board, expansions):
    counts = player_counts(board, expansions)
    n = 2 if 2 in counts else counts[0]
    s = thurn.new_game(NAMES[:n], seed=5, rules=Rules(board=board, expansions=expansions))
    bots = [make_bot("greedy", seed=5 + i) for i in range(n)]
    asked = 0
    while not s.is_over:
        a = bots[s.to_move].choose(s)
        after = s.apply(a)
        if a.kind == "score":
            for kind in kinds(s):
                truth, why = OUTCOMES[kind](s, after, s.to_move, s.board)
                assert truth, (kind, a)                                   # the engine has an answer
                q = outcome_question(s, kind, sorted(truth), action=a)
                assert all(v.right for v in q.verdicts), (kind, a, q)
                assert all(v.why == why for v in q.verdicts)
                assert isinstance(why, str) and why, (kind, why)
                asked += 1
        s = after
    assert asked >= len(kinds(s))


@pytest.mark.parametrize("lesson", available_lessons())
def test_every_lesson_shipped_builds_and_each_question_has_its_right_choice(lesson):
    stops = load_lesson(lesson).stops()
    assert stops
    for stop in stops:
        assert stop.question.verdicts and any(v.right for v in stop.question.verdicts), stop.step.id
