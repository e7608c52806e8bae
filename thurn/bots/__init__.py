"""Players that choose actions by themselves, for simulations and for playing against in notebooks.

A bot is anything with a ``name`` and a ``choose(state) -> action`` method (the :class:`Bot` protocol). Bots
see the game only through the public API (``state.legal_actions()``, ``state.player()``, ...) and return one of
the legal actions; the caller applies it. A bot never looks at what its player cannot see (the other hands,
the order of the deck).

Bots by name (``make_bot("greedy", seed=1)``, and ``--bots`` on the command line): see :data:`BOTS`.
"""
from __future__ import annotations

import importlib
from typing import Protocol, runtime_checkable

from ..actions import Action

__all__ = ["Bot", "BOTS", "RandomBot", "make_bot", "bot_class"]


@runtime_checkable
class Bot(Protocol):
    """What every bot has: a short ``name`` and ``choose(state)``, which returns a legal action of ``state``.

    ``state`` is the bot's player's view (:func:`thurn.information.player_view`), never the game: dealt by default
    (a full position, what he cannot see dealt again at random); a bot whose class says ``view = "hidden"`` is
    handed those cards hidden instead, which is quicker (:func:`thurn.information.view_for`)."""

    name: str

    def choose(self, state) -> Action:
        ...


#: The bots by name: ``name -> "module:Class"`` (imported when first asked for).
BOTS = {
    "random": "thurn.bots.random:RandomBot",
    "greedy": "thurn.bots.greedy:GreedyBot",
    "search": "thurn.bots.search:SearchBot",
}


def bot_class(name: str):
    """The class of the bot called ``name`` (one of :data:`BOTS`, or a level's: :mod:`thurn.bots.levels`); a clear
    error for an unknown name."""
    from .levels import find_level, level_names

    key = str(name).strip().lower()
    found = find_level(key)
    if found is not None:
        key = found.bot
    if key not in BOTS:
        from ..errors import UnknownName
        raise UnknownName("bot", name, sorted(BOTS) + [n.lower() for n in level_names()])
    module, cls = BOTS[key].split(":")
    return getattr(importlib.import_module(module), cls)


def make_bot(spec, seed=None, **options):
    """A bot from a name (``"random"``, ``"greedy"``, ``"search"``, or a level's: ``"club"``, ``"master"``; see
    :mod:`thurn.bots.levels`), seeded with ``seed``; a bot is returned as it is. ``options`` go to the bot's
    constructor (e.g. ``make_bot("search", seed=1, seconds=0.5)``); a level takes none (it is a bot with its
    budget)."""
    if not isinstance(spec, str):
        if callable(getattr(spec, "choose", None)):
            return spec
        raise TypeError(f"a bot is a name ({', '.join(BOTS)}) or an object with choose(state), not {spec!r}.")
    from .levels import find_level

    found = find_level(spec)
    if found is not None:
        if options:
            raise TypeError(f"{found.name} is a level: a bot with its budget ({found.spec}), so it takes no options "
                            f"({', '.join(options)}); name the bot itself for others.")
        return bot_class(found.bot)(seed=seed, **dict(found.options))
    return bot_class(spec)(seed=seed, **options)


from .random import RandomBot  # noqa: E402  (after Bot, which it follows)
