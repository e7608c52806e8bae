"""Players that choose actions by themselves, for simulations and for playing against in notebooks.

A bot is anything with a ``name`` and a ``choose(state) -> action`` method (the :class:`Bot` protocol). Bots
see the game only through the public API (``state.legal_actions()``, ``state.player()``, ...) and return one of
the legal actions; the caller applies it.
"""
from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..actions import Action

__all__ = ["Bot", "RandomBot"]


@runtime_checkable
class Bot(Protocol):
    """What every bot has: a short ``name`` and ``choose(state)``, which returns a legal action of ``state``."""

    name: str

    def choose(self, state) -> Action:
        ...


from .random import RandomBot  # noqa: E402  (after Bot, which it follows)
