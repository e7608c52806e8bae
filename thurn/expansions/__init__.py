"""The expansions, each a :class:`~thurn.variants.Variant` of its own that plugs into the core through the ruleset:
``Rules(expansions=("messenger", "offices"))``.

- ``messenger`` — The Princess' Messenger (:mod:`.messenger`): nobility letters buy more officials; the Messenger
  figure is worth a point.
- ``power_glory`` — Power and Glory (:mod:`.power_glory`): on the northern board, cards played horse side up pull
  the carriage; a route needs as many horses as cards.
- ``audience`` — The Audience (:mod:`.audience`): clergymen sealed in five carriages travel the Rome strip; cards
  scored without a house move them south; those in Rome at the end score their rank.
- ``solo`` — SoloPlay (:mod:`.solo`): one player builds routes in four colours, one official every turn, coach
  cards of the route's exact length, two discard piles; rated on points (``Rules(options={"difficulty": ...})``).
- ``offices`` — Offices of Honor (:mod:`.offices`): a tile for every official used; returning different tiles
  earns a card, a point or a house.

Their components (counts, costs, points) are data files beside the boards (``data/messenger.json``,
``data/offices.json``), read by :func:`component`.
"""
from __future__ import annotations

import json
from functools import lru_cache

from ..board_file import data_dir
from ..errors import BoardDataError

FORMAT = "thurn-expansion/1"
MAX_BYTES = 64 * 1024


@lru_cache(maxsize=None)
def component(name: str) -> dict:
    """The component data of expansion ``name`` (``data/<name>.json``), checked: a file that cannot be used is an
    error naming the file and the problem."""
    path = data_dir() / f"{name}.json"
    try:
        if path.stat().st_size > MAX_BYTES:
            raise BoardDataError(f"{path}: the file is larger than {MAX_BYTES // 1024} KiB; an expansion's component "
                                 f"file is small.")
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BoardDataError(f"{path}: the component file of the {name} expansion is missing.") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise BoardDataError(f"{path}: not a readable JSON file ({e}).") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("name") != name:
        raise BoardDataError(f"{path}: expected a JSON object with \"format\": \"{FORMAT}\" and \"name\": "
                             f"\"{name}\".")
    return data


def count(data: dict, key: str, path: str, low: int = 0, high: int = 1000) -> int:
    """A whole number of a component file, in ``low..high``, or an error naming the file and the key."""
    v = data.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
        raise BoardDataError(f"{path}: \"{key}\" should be a whole number from {low} to {high}, not {v!r}.")
    return v


from . import audience, messenger, offices, power_glory, solo  # noqa: E402  (registers the expansions)
from .offices import ReturnTiles  # noqa: E402  (every action class is exported at the top level: thurn.ReturnTiles)
from .power_glory import PlayHorse  # noqa: E402
from .audience import MoveCarriage, Seal  # noqa: E402
from .solo import BottomCards, DeclareColour, PlaceBonusTile  # noqa: E402
from . import audience_parts, messenger_parts, offices_parts, power_glory_parts, solo_parts  # noqa: E402  (registers their parts: maps, panels, columns, bots)

__all__ = ["component", "count", "audience", "messenger", "offices", "power_glory", "audience_parts", "audience_valuation", "messenger_parts", "offices_parts", "power_glory_parts", "solo_parts", "solo_questions", "solo_valuation", "ReturnTiles",
           "PlayHorse", "Seal", "MoveCarriage", "solo", "BottomCards", "DeclareColour", "PlaceBonusTile"]
