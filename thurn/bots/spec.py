"""Bots written as specs: a name (``"greedy"``), a level's name (``"club"``: :mod:`thurn.bots.levels`), a name
with options (``"search:iterations=16,horizon=2"``), a ``(name, options)`` pair, a class or factory
``f(seed) -> bot``, or a bot; turned into one :class:`BotEntry` per seat (:func:`bot_lineup`), and into bots seeded
for a game (:func:`make_bots`). What :func:`thurn.sim.simulate`, :func:`thurn.sim.play_game` and the ladder take as
``bots``."""
from __future__ import annotations

from ..errors import SimulationError
from ..rules import parse_value
from . import bot_class, make_bot
from .levels import level_spec

__all__ = ["parse_bot", "BotEntry", "bot_entry", "bot_lineup", "seating", "make_bots"]


def parse_bot(text: str) -> tuple[str, dict]:
    """A bot written as text: ``"greedy"`` or ``"search:iterations=16,horizon=2"`` -> ``(name, options)``."""
    name, _, rest = str(text).partition(":")
    options = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, val = part.partition("=")
        if not eq or not key.strip():
            raise SimulationError(f"bot options are written name:key=value,key=value (e.g. 'search:iterations=16'), "
                                  f"not {text!r}.")
        options[key.strip()] = parse_value(val)
    return name.strip().lower(), options


def _label(name: str, options: dict) -> str:
    return name + (":" + ",".join(f"{k}={v}" for k, v in options.items()) if options else "")


class BotEntry:
    """One bot of a lineup: by name (made afresh per game), by factory (called per game) or an instance."""

    __slots__ = ("kind", "what", "options", "label")

    def __init__(self, kind, what, options=None, label=None):
        self.kind, self.what, self.options, self.label = kind, what, options or {}, label

    def make(self, seed):
        if self.kind == "name":
            return make_bot(self.what, seed=seed, **self.options)
        if self.kind == "factory":
            return self.what(seed)
        return self.what

    def name_of(self, bot) -> str:
        return self.label or str(getattr(bot, "name", None) or type(bot).__name__)


def _option_hint(name: str, options: dict) -> str:
    """A sentence naming the options a bot does not have, with the close matches (or '' when it has them all)."""
    import difflib
    import inspect

    params = inspect.signature(bot_class(name)).parameters
    if any(p.kind is p.VAR_KEYWORD for p in params.values()):
        return ""
    known = [k for k in params if k != "seed"]
    parts = []
    for key in options:
        if key not in known:
            near = difflib.get_close_matches(key, known, n=1)
            parts.append(f"it has no option {key!r}" + (f" (did you mean {near[0]!r}?)" if near else ""))
    return "; ".join(parts) + (f"; its options are {', '.join(known)}." if parts else "")


def _is_bot(b) -> bool:
    return not isinstance(b, type) and callable(getattr(b, "choose", None))


def _is_pair(b) -> bool:
    return isinstance(b, tuple) and len(b) == 2 and isinstance(b[0], str) and isinstance(b[1], dict)


def bot_entry(spec, seat: int) -> BotEntry:
    """The entry of the bot ``spec`` for ``seat``; a bad name or bad options fail here, naming the seat."""
    if isinstance(spec, str):
        named = level_spec(spec)             # a level: its bot and budget, labelled with the level's name
        if named is not None:
            return BotEntry("name", *named)
    if isinstance(spec, str) or _is_pair(spec):
        name, options = parse_bot(spec) if isinstance(spec, str) else (spec[0].strip().lower(), dict(spec[1]))
        bot_class(name)                              # an unknown name: UnknownName with the close match
        try:
            make_bot(name, seed=0, **options)        # bad options fail here, not in a worker
        except (TypeError, ValueError) as e:
            raise SimulationError(f"the {name} bot of seat {seat} cannot be made with {options}: "
                                  f"{_option_hint(name, options) or e}") from None
        return BotEntry("name", name, options, _label(name, options))
    if _is_bot(spec):
        return BotEntry("bot", spec)
    if callable(spec):
        return BotEntry("factory", spec)
    raise SimulationError(f"the bot for seat {seat} should be a name ('random', 'greedy', 'search') or a level's "
                          f"('beginner' ... 'master'), a (name, "
                          f"options) pair, a class or function that makes a bot from a seed, or a bot, not {spec!r}.")


def bot_lineup(bots, n: int) -> list[BotEntry]:
    """One entry per seat from ``bots`` (see :func:`thurn.sim.simulate`)."""
    if bots is None:
        bots = "random"
    if isinstance(bots, str) or _is_pair(bots) or _is_bot(bots) or callable(bots):
        bots = [bots] * n
    try:
        bots = list(bots)
    except TypeError:
        raise SimulationError(f"bots should be a bot, a name, or a list with one per seat, not {bots!r}.") from None
    if len(bots) != n:
        raise SimulationError(f"{n} players need {n} bots (or one for every seat), not {len(bots)}.")
    return [bot_entry(b, i) for i, b in enumerate(bots)]


def seating(lineup, k: int, rotate: bool) -> list[int]:
    """Which lineup entry sits in each seat of game ``k``: seat ``i`` gets ``(i + k) % n`` when rotating."""
    n = len(lineup)
    return [(i + k) % n for i in range(n)] if rotate else list(range(n))


def make_bots(bots, seeds) -> list:
    """One bot per seat, the bot of seat ``i`` seeded with ``seeds[i]`` (``bots`` as in
    :func:`thurn.sim.simulate`, not rotated)."""
    return [e.make(seed) for e, seed in zip(bot_lineup(bots, len(seeds)), seeds)]
