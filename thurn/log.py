"""The game's log as each player reads it: a sentence that names cards only one player has seen, and an action
another player took, in their public form (base rules, 1: the deck's cards are drawn face down; 3d: the kept
cards stay in hand).
"""
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


def seen_line(line: str, seat) -> str:
    """``line`` as the player at ``seat`` reads it: a private sentence of another player in its public form
    (``seat`` None: every sentence in full; -1: as someone who holds no hand of the game sees it)."""
    if seat is not None and isinstance(line, Private) and line.seat != seat:
        return line.public
    return str(line)


def seen_action(action, actor: int, seat) -> str:
    """``action`` of the player at ``actor`` as the player at ``seat`` reads it (as :func:`seen_line`): the cards
    another player keeps in hand are a count (base rules, 3d); every other action is played in the open."""
    if seat is not None and actor != seat and getattr(action, "kind", None) == "keep":
        n = len(action.cards)
        return f"keep {n} card{'s' if n != 1 else ''}"
    if seat is not None and actor != seat:
        hidden = getattr(action, "seen_by_others", None)        # an action with a secret (a variant's own)
        if hidden is not None:
            return hidden()
    return str(action)
