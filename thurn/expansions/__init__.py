"""The expansions, each a :class:`~thurn.variants.Variant` of its own that plugs into the core through the ruleset:
``Rules(expansions=("messenger", "offices"))``.

- ``messenger`` — The Princess' Messenger (:mod:`.messenger.rules`): nobility letters buy more officials; the Messenger
  figure is worth a point.
- ``power_glory`` — Power and Glory (:mod:`.power_glory.rules`): on the northern board, cards played horse side up pull
  the carriage; a route needs as many horses as cards.
- ``audience`` — The Audience (:mod:`.audience.rules`): clergymen sealed in five carriages travel the Rome strip; cards
  scored without a house move them south; those in Rome at the end score their rank.
- ``solo`` — SoloPlay (:mod:`.solo.rules`): one player builds routes in four colours, one official every turn, coach
  cards of the route's exact length, two discard piles; rated on points (``Rules(options={"difficulty": ...})``).
- ``offices`` — Offices of Honor (:mod:`.offices.rules`): a tile for every official used; returning different tiles
  earns a card, a point or a house.

Each is a folder (docs/adding-an-expansion.md): its rules (``rules.py``, the Variant; it imports only the core),
its parts the core reads (``parts.py``, registered with :func:`thurn.parts.register_parts`) and beside them a module
per layer above, loaded by that layer through the registry (:func:`thurn.parts.layer_parts`): ``map.py``,
``panel.py``, ``columns.py``, ``valuation.py``. Their components (counts, costs, points) are data files beside the
boards (``data/messenger.json``, ``data/offices.json``), read by :func:`thurn.expansions.data.component`.
"""
from __future__ import annotations

import importlib
import pkgutil
from importlib.util import find_spec


def _expansions() -> list[str]:
    """Import every expansion folder here (a package with a ``rules`` module), in the order of their names, which
    registers their rules and parts; the names of the actions they export (their ``__all__``)."""
    names = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.ispkg and find_spec(f"{__name__}.{info.name}.rules") is not None:
            package = importlib.import_module(f"{__name__}.{info.name}")
            for name in getattr(package, "__all__", ()):
                globals()[name] = getattr(package, name)
                names.append(name)
    return names


#: Every expansion's actions, exported at the top level as well (``thurn.ReturnTiles``).
__all__ = _expansions()
