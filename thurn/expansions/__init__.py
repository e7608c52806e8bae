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

from .audience import rules as _audience  # noqa: F401  (registers the expansions, in this order)
from .messenger import rules as _messenger  # noqa: F401
from .offices import rules as _offices  # noqa: F401
from .power_glory import rules as _power_glory  # noqa: F401
from .solo import rules as _solo  # noqa: F401
from .offices.rules import ReturnTiles  # every action class is exported at the top level: thurn.ReturnTiles
from .power_glory.rules import PlayHorse
from .audience.rules import MoveCarriage, Seal
from .solo.rules import BottomCards, DeclareColour, PlaceBonusTile
from .audience import parts as _audience_parts  # noqa: F401  (registers their parts, in this order)
from .messenger import parts as _messenger_parts  # noqa: F401
from .offices import parts as _offices_parts  # noqa: F401
from .power_glory import parts as _power_glory_parts  # noqa: F401
from .solo import parts as _solo_parts  # noqa: F401

__all__ = ["ReturnTiles", "PlayHorse", "Seal", "MoveCarriage", "BottomCards", "DeclareColour", "PlaceBonusTile"]
