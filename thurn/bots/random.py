"""RandomBot: a uniformly random legal action, from the bot's own seeded generator."""
from __future__ import annotations

import random as _random

from ..actions import Action

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among ``state.legal_actions()``.

    ``seed``: any int or str for a reproducible bot (its own :class:`random.Random`; the global generator is
    never touched); ``None`` seeds from the system.
    """

    name = "random"
    view = "hidden"     # it reads only its legal actions: handed a view with the unseen cards hidden (information)

    def __init__(self, seed=None):
        self.seed = seed
        self.rng = _random.Random(seed)

    def choose(self, state) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise ValueError(f"{self.name}: no legal action to choose from in {state!r}.")
        return actions[self.rng.randrange(len(actions))]

    def __repr__(self):
        return f"RandomBot(seed={self.seed!r})"
