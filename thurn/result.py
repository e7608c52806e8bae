"""The result of a game: a winner, or a rating (base rules, Game End and Scoring; SoloPlay, 1 and the scoring).

A ruleset's ``result(state, totals)`` gives a dict of one of two shapes (or with the keys of both):

- ``{"winner": seat}``: the base game and both expansions (ties broken as in rules notes R6);
- ``{"rating": "major victory", "score": 57}``: no winner, a rating of the points (SoloPlay's one player:
  48–53 minor, 54–59 major, 60 and more complete victory).

Either may carry ``"order"``: every seat, first to last, when the ruleset ranks the places below the first
(``simulate``'s ``rank`` column follows it; without it, the winner first and then the totals).

:meth:`thurn.GameState.result` checks it and hands it on as a :class:`Result`: still that dict, with
``winner`` (None for a rating), ``rating`` and ``score`` to read it and :meth:`Result.text` to say it.
"""
from __future__ import annotations

from collections.abc import Mapping

from .errors import ResultError

__all__ = ["Result", "rating_result"]


class Result(dict):
    """The result of a game as a dict (see the module doc): ``{"winner": seat}``, or ``{"rating": text,
    "score": points}`` with no winner, or both; a ruleset may add keys of its own."""

    __slots__ = ()

    @property
    def winner(self) -> int | None:
        """The winner's seat, or None when the result is a rating without a winner."""
        return self.get("winner")

    @property
    def rating(self) -> str | None:
        """The rating ("major victory"), or None when the game has a winner and no rating."""
        return self.get("rating")

    @property
    def order(self) -> tuple | None:
        """Every seat from first to last, when the ruleset ranks them (else None)."""
        order = self.get("order")
        return None if order is None else tuple(order)

    @property
    def score(self) -> int | None:
        """The points the rating rates, or None."""
        return self.get("score")

    def text(self, names) -> str:
        """The result in words: "Ann wins", "57 points, major victory", or "Ann wins (major victory)"."""
        rated = self.rating if self.score is None else f"{self.score} points, {self.rating}"
        if self.winner is None:
            return rated
        won = f"{names[self.winner]} wins"
        return won if self.rating is None else f"{won} ({rated})"

    @classmethod
    def of(cls, raw, players: int) -> "Result":
        """``raw`` (what a ruleset's ``result`` returned) checked: a winner's seat among ``players`` seats, or a
        rating (non-empty text) with its score, else a :class:`~thurn.errors.ResultError`."""
        if not isinstance(raw, Mapping):
            raise ResultError(f"a ruleset's result should be a dict with a winner or a rating, not {_short(raw)}.")
        win, rating, score = raw.get("winner"), raw.get("rating"), raw.get("score")
        if win is None and rating is None:
            raise ResultError(f"a ruleset's result should name a winner (a seat) or a rating; it has neither: "
                              f"{_short(raw)}.")
        if win is not None and (isinstance(win, bool) or not isinstance(win, int) or not 0 <= win < players):
            raise ResultError(f"the winner of a result should be a seat from 0 to {players - 1}, not {_short(win)}.")
        if rating is not None and (not isinstance(rating, str) or not rating.strip()):
            raise ResultError(f"the rating of a result should be a word or two of text, not {_short(rating)}.")
        if score is not None and (isinstance(score, bool) or not isinstance(score, (int, float))):
            raise ResultError(f"the score of a result should be a number of points, not {_short(score)}.")
        order = raw.get("order")
        if order is not None and (isinstance(order, (str, bytes)) or sorted(_seats(order)) != list(range(players))):
            raise ResultError(f"the order of a result should list every seat from 0 to {players - 1} once, not "
                              f"{_short(order)}.")
        return raw if type(raw) is cls else cls(raw)


def rating_result(ratings, below: str):
    """A ruleset's ``result`` that rates the one player's total: the first of ``ratings`` (``(least points,
    rating)`` pairs, best first; a ruleset's data, such as SoloPlay's goal in ``data/solo.json``) that the total
    reaches, else ``below``; no winner. The function keeps its table: ``result.ratings`` (the pairs, best first) and
    ``result.below``, so a table of scores can name every rating (:mod:`thurn.alone`)."""
    ratings = tuple(sorted(((int(least), str(name)) for least, name in ratings), reverse=True))

    def result(s, totals) -> Result:
        total = totals[0]
        return Result(rating=next((name for least, name in ratings if total >= least), below), score=total)
    result.ratings, result.below = ratings, below
    return result


def _seats(order) -> list:
    try:
        return [i if isinstance(i, int) and not isinstance(i, bool) else None for i in order][:1000]
    except TypeError:
        return [None]


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
