"""The bots' named levels, weakest first: each a bot with its budget, and a line on how strong it is.

A level is what a learner picks as an opponent ("Club") and what :func:`thurn.sim.simulate`, the ladder and the
command line take wherever they take a bot (``bots=["master", "club"]``, ``--bots beginner club``). The levels'
strengths are measured on one rating scale by ``python -m thurn ladder`` (BENCHMARKS.md, issue 35); the search bot's
budget is counted in rollouts, not seconds, so that a level plays the same on every machine and a seed gives the
same game.

    from thurn.bots import make_bot
    from thurn.bots.levels import LEVELS
    make_bot("club", seed=1)            # a GreedyBot: a level is taken wherever a bot's name is
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import SimulationError

__all__ = ["Level", "LEVELS", "level", "level_names", "find_level"]


@dataclass(frozen=True)
class Level:
    """A named level: the bot ``bot`` (a name of :data:`thurn.bots.BOTS`) with its ``options`` (its budget:
    ``(("iterations", 96),)``), and ``strength``, one line on how strong it is, for a learner choosing an opponent.
    ``make_bot(level.key, seed)`` makes it."""

    name: str
    bot: str
    options: tuple = ()
    strength: str = ""

    @property
    def key(self) -> str:
        """The level's name as a bot name: lower case ("club")."""
        return self.name.lower()

    @property
    def spec(self) -> str:
        """The bot as :func:`thurn.sim.simulate` takes it written: ``"search:iterations=96"``."""
        return self.bot + (":" + ",".join(f"{k}={v}" for k, v in self.options) if self.options else "")

    def __str__(self):
        return f"{self.name}: {self.strength}"


#: The levels, weakest first. Each line ends with the level's Elo rating from the round-robin ladder of the base game
#: heads-up (Beginner at 0, 400 points 10:1 odds; BENCHMARKS.md "Issue 35: Master six player-turns ahead":
#: ``python -m thurn ladder --games 40 --players 2 --seed 1``).
LEVELS = (
    Level("Beginner", "random", (),
          "plays any legal action at random: it almost never scores a long route; for a first game (Elo 0)"),
    Level("Casual", "greedy", (("blunders", 0.3),),
          "plays the greedy bot's choice, but any legal action in three decisions of ten (Elo 418)"),
    Level("Club", "greedy", (),
          "always plays the action its valuation rates best now: routes, carriages and bonus tiles (Elo 838)"),
    Level("Expert", "search", (("iterations", 16), ("horizon", 0)),
          "tries its best candidates to the end of its own turn in 16 rolled-out futures a decision (Elo 990)"),
    Level("Master", "search", (("iterations", 96), ("reach", 6), ("turns", 560)),
          "tries its best candidates six player-turns ahead (three of its turns heads-up) in up to 96 futures "
          "(Elo 1170)"),
)

_BY_KEY = {lv.key: lv for lv in LEVELS}


def level_names() -> list[str]:
    """The levels' names, weakest first."""
    return [lv.name for lv in LEVELS]


def find_level(name) -> Level | None:
    """The level called ``name`` (any case, spaces around ignored), or None."""
    if not isinstance(name, str):
        return None
    return _BY_KEY.get(name.strip().lower())


def level(name) -> Level:
    """The level called ``name`` (any case); :class:`thurn.errors.UnknownName` with the close match otherwise."""
    found = find_level(name)
    if found is None:
        from ..errors import UnknownName

        raise UnknownName("level", name, level_names())
    return found


def level_spec(text: str) -> tuple[str, dict, str] | None:
    """A bot written as a level's name: ``(bot name, options, label)``, or None when ``text`` names no level. A
    level is a bot with its budget: options after it are refused (name the bot itself for other options:
    ``search:iterations=64``)."""
    name, colon, rest = str(text).partition(":")
    found = find_level(name)
    if found is None:
        return None
    if colon:
        raise SimulationError(f"{found.name} is a level: a bot with its budget ({found.spec}), so it takes no options "
                              f"({rest.strip()[:60]!r}); for other options name the bot itself, e.g. "
                              f"{found.bot}:{','.join(f'{k}={v}' for k, v in found.options) or 'OPTION=VALUE'}.",
                              "level_with_options")
    return found.bot, dict(found.options), found.name
