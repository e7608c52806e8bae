"""A line of the game's log that only one player reads in full (the log's visibility: :func:`thurn.turn.base.seen_line`).
A module of its own, below the piles and the turn machine, which both write such lines."""
from __future__ import annotations


class Private(str):
    """A log sentence that names cards only one player has seen: a card drawn face down from the deck, the cards
    kept in hand (base rules, 1: the deck's cards are drawn face down; 3d: the kept cards stay in hand). It reads
    in full for ``seat`` (and in the whole log); ``public`` is how every other player reads it."""

    def __new__(cls, text: str, seat: int, public: str):
        line = super().__new__(cls, text)
        line.seat, line.public = seat, public
        return line

    def __reduce__(self):
        return Private, (str(self), self.seat, self.public)
