"""Every ruleset the registry offers, for the tests that hold in each (never a hand-typed list: a newly registered
expansion is in them by being registered).

A ruleset is a board and the expansions switched on: every combination of the shipped expansions
(:data:`thurn.variants.REGISTRY`, the variants of ``thurn.expansions``) that some installed board plays under
(:func:`thurn.rulesets.check_board`, :class:`thurn.rules.Rules`). The conformance suite adds the toy expansions of
the tests (:data:`TOY_RULESETS`: each folder of tests/expansions/ that has a ``rules.py``, registered only while a
test of it runs, :func:`toys_registered`)."""
from __future__ import annotations

import importlib
import itertools
from contextlib import contextmanager
from pathlib import Path

import thurn
from thurn.rules import BOOLEAN_OPTIONS, Rules
from thurn.rulesets import check_board
from thurn.parts import Parts, register_parts, unregister_parts
from thurn.variants import REGISTRY, Variant, register, unregister

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def shipped() -> list[str]:
    """The registered variants that thurn ships (the expansions), by name."""
    return sorted(name for name, v in REGISTRY.items() if v.__module__.startswith("thurn.expansions"))


def rulesets() -> list[tuple[str, tuple]]:
    """(board, expansions) for every combination of the shipped expansions that some installed board plays under."""
    names = shipped()
    out = []
    for board_name in sorted(thurn.available_boards()):
        board = thurn.load_board(board_name)
        for n in range(len(names) + 1):
            for ex in itertools.combinations(names, n):
                try:
                    check_board(board, ex)
                    Rules(board=board_name, expansions=ex)
                except (thurn.RulesetRefused, thurn.PositionError):
                    continue
                out.append((board_name, ex))
    return out


SHIPPED = shipped()
RULESETS = rulesets()
#: Each shipped expansion alone on the first board it plays on, and the base game: the smallest set that meets
#: every expansion once.
ALONE = [next(r for r in RULESETS if r[1] == ())] + [next(r for r in RULESETS if r[1] == (name,)) for name in SHIPPED]


def ruleset_id(ruleset) -> str:
    """``base:messenger+offices`` for a (board, expansions) pair."""
    board, expansions = ruleset
    return f"{board}:{'+'.join(expansions) or 'base'}"


def player_counts(board: str, expansions: tuple) -> range:
    """The numbers of players the ruleset allows (2-4 unless a variant says otherwise, SoloPlay's one)."""
    lo, hi = Rules(board=board, expansions=expansions).ruleset.players or (2, 4)
    return range(lo, min(hi, len(NAMES)) + 1)


def random_rules(board: str, expansions: tuple, rng) -> Rules:
    """The rules with every base reading (rules notes) and every variant option drawn at random."""
    options = {}
    for name in expansions:
        for opt, (default, allowed, _) in REGISTRY[name].options.items():
            options[opt] = rng.choice(list(allowed))
    flags = {k: rng.random() < 0.5 for k in BOOLEAN_OPTIONS}
    return Rules(board=board, expansions=expansions, options=options, **flags)


def new_game(board: str, expansions: tuple, rng):
    """A new game of the ruleset with its rule options drawn at random, of a random allowed number of players."""
    rules = random_rules(board, expansions, rng)
    lo, hi = rules.ruleset.players or (2, 4)
    n = rng.randint(lo, min(hi, len(NAMES)))
    return thurn.new_game(NAMES[:n], seed=rng.randrange(2**32), rules=rules)


# -- the toy expansions of the tests ----------------------------------------------------------------------------------

def _defined(module, base) -> list:
    return [v for v in vars(module).values()
            if isinstance(v, type) and issubclass(v, base) and v is not base and v.__module__ == module.__name__]


def toys() -> dict[str, tuple]:
    """The toy expansions: each folder of tests/expansions/ with a ``rules.py`` (an expansion's folder, as
    docs/adding-an-expansion.md says) whose variant thurn does not ship, by name: (its Variant class, its Parts
    class or None). Imported, not registered."""
    out = {}
    for folder in sorted((Path(__file__).parents[1] / "expansions").iterdir()):
        if not (folder / "rules.py").is_file():
            continue
        package = f"tests.expansions.{folder.name}"
        parts = _defined(importlib.import_module(f"{package}.parts"), Parts) if (folder / "parts.py").is_file() else []
        for cls in _defined(importlib.import_module(f"{package}.rules"), Variant):
            if cls.name not in REGISTRY:
                out[cls.name] = (cls, next((p for p in parts if p.name == cls.name), None))
    return out


TOYS = toys()
#: Each toy expansion alone on the base board.
TOY_RULESETS = [("base", (name,)) for name in TOYS]
#: What the conformance suite checks: every ruleset of the shipped expansions, and each toy.
CONFORMANCE = RULESETS + TOY_RULESETS


@contextmanager
def toys_registered(names):
    """The toy expansions ``names`` registered (their rules and parts) while the block runs."""
    names = [n for n in names if n in TOYS]
    for name in names:
        cls, parts = TOYS[name]
        register(cls)
        if parts is not None:
            register_parts(parts())
    try:
        yield
    finally:
        for name in names:
            unregister(name)
            unregister_parts(name)
