"""The drill through a review's confirmed mistakes (issue 36, thurn/drill.py), in each expansion's ruleset: every
exercise is a position before a confirmed mistake, shown as the learner saw it; the move played is wrong, the
review's best right; showing the answer marks it; the results are kept with the game's variations and saved.

Sized by ``THURN_SIZE``: the base game in ``make test``, each expansion alone (tests/support/rulesets.py ``ALONE``)
in the full run. The reviews run on a small budget (8 rollouts a decision): the drill reads whatever the review
confirmed.
"""
from __future__ import annotations

import functools

import pytest

import thurn
from thurn.drill import Drill, DrillError
from thurn.game_review import review_game, said
from thurn.sim import full_size, play_game
from thurn.variations import Variations

from tests.support.helpers import public
from tests.support.rulesets import ALONE, NAMES, player_counts, ruleset_id

CASES = ALONE if full_size() else ALONE[:1]


@functools.lru_cache(maxsize=None)
def _reviewed(board, expansions):
    """A game with a random first player, and his review (made once a ruleset: the tests only read them)."""
    n = max(player_counts(board, expansions)[0], 2) if player_counts(board, expansions)[-1] > 1 else 1
    bots = ["random"] + ["greedy"] * (n - 1)           # a random player makes mistakes to drill
    game = play_game(NAMES[:n], bots, seed=11, rules={"board": board, "expansions": list(expansions)})
    return game, review_game(game, NAMES[0], bot={"iterations": 8}, samples=2)


@pytest.mark.parametrize("board,expansions", CASES, ids=[ruleset_id(r) for r in CASES])
def test_a_drill_goes_through_the_confirmed_mistakes(board, expansions):
    game, review = _reviewed(board, expansions)
    tree = Variations(game)
    drill = Drill(review, tree=tree)
    assert [ex.move for ex in drill.exercises] == review.mistake_moves(len(review.table))
    assert len(drill) >= 1, "a random player's game has a mistake to drill"
    for ex in drill.exercises:
        s = ex.state
        assert s.same_position(tree.main.state(ex.move)) and s.to_move == ex.seat == review.seat
        assert ex.played == game.history[ex.move] and ex.best in s.legal_actions() and ex.best != ex.played
        assert ex.choices == list(s.legal_actions()) and ex.rule and ex.loss > 0
        view = ex.view()                                  # as he saw it: nothing he could not see
        assert public(view, ex.seat) == public(s, ex.seat)
        assert all(c < 0 for i, p in enumerate(view.players) if i != ex.seat for c in p.hand if c not in
                   s.players[i].hand) and all(c < 0 for c in view.deck)
    first = drill.exercises[0]
    assert drill.answer(0, first.played).result == "wrong"
    right = drill.answer(0, first.best.notation)
    assert right.right and said(first.state, first.best) in right.words and first.rule in right.words
    assert drill.results == {first.move: "right"}
    if len(drill) > 1:
        shown = drill.show(1)
        assert shown.result == "shown" and drill.answer(1, drill.exercises[1].best).right
        assert drill.results[drill.exercises[1].move] == "shown"          # shown stays shown
    back = Variations.from_json(tree.to_json())
    assert back.drill == drill.results and back.drill is not drill.results
    assert Drill(review, tree=back).score()["open"] == len(drill) - len(drill.results)


def test_a_drill_refuses_what_is_not_an_answer():
    game, review = _reviewed("base", ())
    drill = Drill(review)
    with pytest.raises(DrillError) as e:
        drill.exercise(len(drill))
    assert e.value.reason == "no_exercise"
    ex = drill.exercises[0]
    illegal = next(a for a in ("end", "draw deck", "score") if thurn.GameState.why_illegal(ex.state,
                                                                                         ex.state.ruleset.parse(a)))
    with pytest.raises(thurn.IllegalAction):
        drill.answer(0, illegal)
    assert drill.results == {}
