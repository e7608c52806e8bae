"""Actions as integers for learning agents (issue 37): every action of thurn is its notation (``"score
passau+linz cartwright"``, :mod:`thurn.actions`), read as a short sequence of words ("score", "passau", "linz",
"cartwright") and a last word :data:`DONE`. A player builds his action word by word, so that a combinatorial choice
(which houses to place, which cards to keep, a seal of five clergymen, the cards put under the deck) is a few
simple decisions; a word the legal actions do not continue with is not legal, and a word that is the only one
possible is taken for him (:class:`Choosing`).

An integer means one word wherever it is legal: the word list of a game (:func:`vocabulary`) is built, when the game
is loaded, from the action words of the rules, the numbers, and the names of the board's and the expansions'
data files, in that order; ``0`` is :data:`DONE`.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache

from ..board import fold
from ..board_file import data_dir

#: The word that ends an action ("that is the whole action"); always the integer 0.
DONE = "(done)"
#: The words of the actions' notations that are not names (thurn.actions and each expansion's actions), in a fixed
#: order: a word's integer never changes when a name is added to a board.
KEYWORDS = ("draw", "deck", "call", "play", "left", "right", "new", "score", "-", "cartwright", "decline", "colour",
            "coach", "keep", "end", "horse", "house", "return", "take", "seal", "carriage", "declare", "bonus",
            "bottom")
#: Numbers as words (a seal's ranks, a coach's length).
NUMBERS = tuple(str(i) for i in range(100))
#: A name longer than this in a data file is a sentence, not a name an action uses.
MAX_NAME = 40
_SPLIT = re.compile(r"[ +=]")


@lru_cache(maxsize=1 << 16)
def words_of(action) -> tuple[str, ...]:
    """The words of an engine-made action (``state.legal_actions()``: its notation split at spaces, ``+`` and
    ``=``), without :data:`DONE`; kept per action (the engine writes two actions equal by meaning alike)."""
    return tuple(w for w in _SPLIT.split(action.notation) if w)


def _names(value, out: set) -> None:
    if isinstance(value, str):
        if 0 < len(value) <= MAX_NAME:
            out.add(fold(value))
    elif isinstance(value, dict):
        for k, v in value.items():
            _names(k, out)
            _names(v, out)
    elif isinstance(value, list):
        for v in value:
            _names(v, out)


def vocabulary(board, expansions: tuple[str, ...]) -> tuple[str, ...]:
    """The words of a game, by integer: :data:`DONE`, :data:`KEYWORDS`, :data:`NUMBERS`, then the names of the
    board (its cards and cities) and of its data file and the expansions' data files, sorted."""
    names: set = set()
    for name in board.card_names:
        names.add(fold(name))
    for path in [data_dir() / f"{board.id}.json", *(data_dir() / f"{e}.json" for e in expansions)]:
        if path.is_file():
            _names(json.loads(path.read_text(encoding="utf-8")), names)
    fixed = (DONE, *KEYWORDS, *NUMBERS)
    return fixed + tuple(sorted(names - set(fixed)))


class Choosing:
    """One decision of a player as words: the legal actions, the words chosen so far, and the words that may come
    next (``options``, integers). A word that is the only one possible is taken at once, so that a player is asked
    only where he has a choice (or, with a single legal action, to confirm it with :data:`DONE`)."""

    __slots__ = ("ids", "actions", "chosen", "options")

    def __init__(self, ids: dict, actions, chosen=()):
        self.ids = ids
        self.actions = {}
        for a in actions:
            try:
                key = tuple(ids[w] for w in words_of(a)) + (0,)
            except KeyError as e:
                raise ValueError(f"the action {a.notation!r} has a word that is not in the game's word list: "
                                 f"{e.args[0]!r}") from None
            if key in self.actions:
                raise ValueError(f"two legal actions read as the same words: {self.actions[key].notation!r} and "
                                 f"{a.notation!r}")
            self.actions[key] = a
        self.chosen = tuple(chosen)
        self._advance()

    def _next(self) -> list[int]:
        k = len(self.chosen)
        return sorted({key[k] for key in self.actions if key[:k] == self.chosen})

    def _advance(self) -> None:
        options = self._next()
        while len(options) == 1 and options[0] != 0:
            self.chosen += (options[0],)
            options = self._next()
        self.options = options

    def choose(self, word: int):
        """Take the word ``word``; return the action when it was the last (:data:`DONE`), else None."""
        if word not in self.options:
            raise ValueError(f"the word {word} does not continue any legal action here")
        self.chosen += (word,)
        if word == 0:
            return self.actions[self.chosen]
        self._advance()
        return None

    def copy(self) -> "Choosing":
        c = object.__new__(Choosing)
        c.ids, c.actions, c.chosen, c.options = self.ids, self.actions, self.chosen, self.options
        return c
