"""Learn from your mistakes: a drill through the mistakes a review confirmed (issue 36).

Each exercise is a position where the learner played a move the review's closer look confirmed a mistake
(:meth:`thurn.game_review.Review.mistake_moves`): shown as he saw it then (his hand, the table; the others' hands
and the deck hidden), "find a better move" among the legal actions, then the verdict — the review's best move with
its line (what each leads to by the end of the turn) and the rule of the step that mattered. An answer is *right*
when it is the review's best move, or when the search bot, looking at it beside the best on the same sampled
futures (:func:`thurn.game_review.check_loss`), finds it within :data:`~thurn.game_review.MISTAKE_MIN` points of
it; *wrong* otherwise (the move played again is wrong at once). Asking for the answer marks it *shown*. The results
are kept per game with its variations (:class:`thurn.variations.Variations`, ``drill``) and saved with them.
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import ThurnError, short_repr

__all__ = ["Drill", "Exercise", "DrillVerdict", "DrillError", "RESULTS"]

from .variations import DRILL_RESULTS as RESULTS  # noqa: E402  (what became of an exercise, as a tree keeps it)


class DrillError(ThurnError):
    """A drill cannot do what was asked (no such exercise, an action not legal there). ``reason`` is stable."""

    reason = "drill"


@dataclass(frozen=True)
class Exercise:
    """One confirmed mistake: ``move`` (its place in the game's history), ``state`` (the position before it, the
    real one: the apps show it as the learner saw it, :meth:`view`), ``seat``, the move ``played`` and the review's
    ``best``, the ``loss`` confirmed (points), the review's ``comment`` and ``details`` (its line for each), and the
    ``rule`` of the step."""

    move: int
    state: object
    seat: int
    played: object
    best: object
    loss: float
    comment: str
    details: str
    rule: str

    @property
    def question(self) -> str:
        s = self.state
        from .game_review import said

        return (f"Turn {s.turns + 1}, {s.names[self.seat]} to {s.ruleset.steps[s.step].does}. You played "
                f"“{said(s, self.played)}”, which the review found costs about {self.loss:.1f} points. Find a "
                f"better move.")

    @property
    def choices(self) -> list:
        """The legal actions there (the buttons of the drill)."""
        return list(self.state.legal_actions())

    def view(self):
        """The position as the learner saw it: the others' hands, the deck and every secret hidden
        (:func:`thurn.information.player_view` with ``hidden``)."""
        from .information import player_view

        return player_view(self.state, self.seat, hidden=True)


@dataclass(frozen=True)
class DrillVerdict:
    """The verdict on one exercise: ``result`` (:data:`RESULTS`), ``answer`` (the move given; None when shown),
    ``words`` (what it says, with the review's line and the rule)."""

    result: str
    answer: object
    words: str

    @property
    def right(self) -> bool:
        return self.result == "right"


class Drill:
    """The exercises of a review (:class:`thurn.game_review.Review`) and what became of each: ``results``
    (``{move: result}``; a :class:`thurn.variations.Variations` given as ``tree`` keeps them, so that they are saved
    with the game). ``seed``: the sampled futures of a closer look (the same answers get the same verdicts)."""

    def __init__(self, review, *, tree=None, seed: int = 0):
        from .game_review import positions

        self.review = review
        self.seed = seed
        self.tree = tree
        self.results: dict[int, str] = tree.drill if tree is not None else {}
        table = review.table
        moves = review.mistake_moves(len(table))
        states = positions(review.state)
        history = review.state.history
        self.exercises: list[Exercise] = []
        for k in moves:
            s = states[k]
            row = table.loc[k]
            best = s.ruleset.parse(row["best_notation"])
            spec = s.ruleset.steps[s.step]
            loss = row["checked_loss"] if row["checked_loss"] == row["checked_loss"] else row["loss"]
            self.exercises.append(Exercise(int(k), s, review.seat, history[k], best, float(loss),
                                           row["comment"], row["details"], spec.rule))

    def __len__(self) -> int:
        return len(self.exercises)

    def exercise(self, i: int) -> Exercise:
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(self.exercises):
            raise DrillError(f"this drill has exercises 0 to {len(self.exercises) - 1}, not {short_repr(i)}."
                             if self.exercises else "this drill has no exercises: the review confirmed no mistake.",
                             "no_exercise")
        return self.exercises[i]

    def answer(self, i: int, action) -> DrillVerdict:
        """Judge ``action`` (an action or its notation) as the answer to exercise ``i``; kept in :attr:`results`
        (an answer after the answer was shown stays "shown")."""
        ex = self.exercise(i)
        s = ex.state
        try:
            a = s.ruleset.parse(action) if isinstance(action, str) else action
        except ThurnError as e:
            raise DrillError(f"{e}", "bad_answer") from None
        why = s.why_illegal(a)
        if why is not None:
            raise why
        from .game_review import MISTAKE_MIN, check_loss

        if a == ex.best:
            result, how = "right", "That is the review's best move."
        elif a == ex.played:
            result, how = "wrong", "That is the move you played."
        else:
            loss = check_loss(s, a, ex.best, seed=self.seed)
            if loss < MISTAKE_MIN:
                result, how = "right", (f"As good as the review's best move, within the sampling's noise "
                                        f"({loss:+.1f} points behind it on the same sampled futures).")
            else:
                result, how = "wrong", f"About {loss:.1f} points behind the review's best move."
        verdict = DrillVerdict(result, a, self._words(ex, how, result))
        if self.results.get(ex.move) != "shown":
            self.results[ex.move] = result
        return verdict

    def show(self, i: int) -> DrillVerdict:
        """The answer to exercise ``i`` without trying: marked "shown"."""
        ex = self.exercise(i)
        self.results[ex.move] = "shown"
        return DrillVerdict("shown", None, self._words(ex, "The answer:", "shown"))

    def _words(self, ex: Exercise, how: str, result: str) -> str:
        head = {"right": "Right.", "wrong": "Not better.", "shown": ""}[result]
        from .game_review import said

        parts = [f"{head} {how}".strip(), f"The review's best move: “{said(ex.state, ex.best)}”.",
                 ex.details or ex.comment,
                 f"The rule ({ex.rule}): {ex.state.ruleset.steps[ex.state.step].does}."]
        return "\n".join(p for p in parts if p)

    def score(self) -> dict:
        """How many exercises are right, wrong, shown and still open."""
        out = dict.fromkeys((*RESULTS, "open"), 0)
        for ex in self.exercises:
            out[self.results.get(ex.move, "open")] += 1
        return out

    def __repr__(self) -> str:
        sc = self.score()
        return (f"<Drill of {self.review.player}'s {len(self)} confirmed mistake{'s' if len(self) != 1 else ''}: "
                f"{sc['right']} right, {sc['wrong']} wrong, {sc['shown']} shown, {sc['open']} open>")
