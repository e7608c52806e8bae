"""The kinds of bonus stack (base rules, 3b; the expansions add their own): what a stack of each kind reads from the
board file, and when a player earns its top tile. A board file names each stack's kind; the kinds are looked up in
a registry (:func:`register_stack_kind`) when the board is loaded.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from .board import MAX_CITIES
from .errors import BoardDataError, short_repr

if TYPE_CHECKING:
    from .board import BonusStack

_MISSING = object()


class Earning:
    """What a stack kind may look at to say whether a player earns a tile after placing houses (base rules,
    3b): ``houses`` (the player's houses, the new ones included), ``held`` (indices of the stacks he holds a
    tile of), ``stacks`` (the tiles left in every stack), ``route_len``, ``rules``, ``placed`` (the houses just
    placed, or None when the caller does not say) and ``others`` (every other player's houses, 0 when the
    caller does not say)."""

    __slots__ = ("houses", "held", "stacks", "route_len", "rules", "placed", "others")

    def __init__(self, houses, held, stacks, route_len, rules, placed=None, others=0):
        self.houses = houses            # (one store a statement: made per scoring read, tuples cost more)
        self.held = held
        self.stacks = stacks
        self.route_len = route_len
        self.rules = rules
        self.placed = placed
        self.others = others


@dataclass
class StackSpec:
    """A bonus stack being read, handed to a kind's ``fields`` check: the raw JSON object, the fields every
    stack has (already checked), the board's province and city ids, and :meth:`fail` for an error that names
    the file and the stack."""

    raw: dict
    id: str
    source: str
    length: int
    provinces: tuple[str, ...]
    except_provinces: tuple[str, ...]
    province_ids: tuple[str, ...]
    city_ids: tuple[str, ...]
    free_city_ids: tuple[str, ...]

    def fail(self, problem: str):
        raise BoardDataError(f"{self.source}: bonus stack {self.id!r} {problem}")


@dataclass(frozen=True)
class StackKind:
    """A kind of bonus stack. ``fields(spec)`` checks the stack's own fields (raising through ``spec.fail``)
    and returns a dict of what to keep (``city``, or other names, kept in :attr:`BonusStack.extra`).
    Earning a tile after placing houses is one of two shapes:

    * ``test(board, stack)`` returns a predicate ``pred(earning) -> bool`` (or None: never earned so): the
      player earns that stack's top tile when it holds a tile and the predicate holds. Tested in board order.
    * ``choose(board, stacks)`` gets every stack of the kind and returns ``pick(earning) -> BonusStack | None``:
      the one stack of the kind the route earns (the route-length tiles: one per route). Chosen first.

    ``once_per_player``: a player who holds a tile of the stack earns no second one. A kind with neither
    ``test`` nor ``choose`` is never earned by placing houses (the game-end tile)."""

    name: str
    description: str = ""
    fields: Callable[[StackSpec], dict | None] | None = None
    test: Callable[..., Callable[[Earning], bool] | None] | None = None
    choose: Callable[..., Callable[[Earning], "BonusStack | None"]] | None = None
    once_per_player: bool = False


_STACK_KINDS: dict[str, StackKind] = {}


def register_stack_kind(kind: StackKind, replace: bool = False) -> StackKind:
    """Add a bonus-stack kind (an expansion module calls this on import, before its board is loaded). A kind
    already registered is replaced only with ``replace=True``; boards loaded before keep the kinds they read."""
    if not isinstance(kind, StackKind):
        raise TypeError(f"register_stack_kind takes a StackKind, not {type(kind).__name__}")
    if not re.fullmatch(r"[a-z][a-z0-9_]{0,39}", kind.name):
        raise ValueError(f"a stack kind's name is lower-case letters, digits and _ (at most 40), not {kind.name!r}")
    if kind.name in _STACK_KINDS and not replace:
        raise ValueError(f"the stack kind {kind.name!r} is registered already (replace=True replaces it)")
    _STACK_KINDS[kind.name] = kind
    return kind


def stack_kinds() -> dict[str, StackKind]:
    """The registered bonus-stack kinds, by name (a copy)."""
    return dict(_STACK_KINDS)


def _route_length_fields(spec: StackSpec):
    if not 0 < spec.length <= MAX_CITIES:
        spec.fail(f"needs a route 'length' from 1 to {MAX_CITIES}, not {short_repr(spec.length)}.")


def _route_length_choose(board, stacks):
    """Base rules 3b: the longest stack whose length the route reaches (a route longer than every stack takes
    the longest, R2); an empty stack falls back to the next shorter one with tiles (R3)."""
    ranked = tuple((s.length, s.index, s) for s in sorted(stacks, key=lambda s: (-s.length, s.index)))

    def pick(e: Earning):
        n, left = e.route_len, e.stacks
        for length, i, s in ranked:
            if length <= n and left[i]:
                return s
        return None
    return pick


def _all_cities_fields(spec: StackSpec):
    if not spec.provinces:
        spec.fail("needs its 'provinces'.")


def _all_cities_test(board, stack):
    """A house on every city of the stack's provinces (base rules 3b; Power and Glory: "a house on every city
    in both parts of Preußen")."""
    need = 0
    for p in stack.provinces:
        need |= board.province_mask[board._province_index[p]]
    return lambda e: e.houses & need == need


def _per_province_test(board, stack):
    """A house in every province, but those the stack leaves out unless the rules ask for them (R4); free
    cities count for no province (Power and Glory: "He need not have houses on any of the free cities")."""
    masks = {flag: tuple(board.province_mask[i] for i, p in enumerate(board.provinces)
                         if flag or p.id not in stack.except_provinces) for flag in (False, True)}

    def pred(e: Earning):
        houses = e.houses
        for m in masks[bool(e.rules.all_provinces_includes_baiern)]:
            if not houses & m:
                return False
        return True
    return pred


def _first_house_fields(spec: StackSpec):
    city = spec.raw.get("city", _MISSING)
    if not isinstance(city, str) or city not in spec.city_ids:
        hint = difflib.get_close_matches(str(city), spec.city_ids, n=1) if isinstance(city, str) else []
        given = "nothing" if city is _MISSING else short_repr(city)
        spec.fail(f"(kind 'first_house') needs the 'city' it lies on, a city id of the board, not {given}"
                  + (f" (did you mean {hint[0]!r}?)" if hint else "") + ".")
    return {"city": city}


def _first_house_test(board, stack):
    """Power and Glory, Collect bonus tiles: "The player who places the first house on one of the free cities
    immediately takes the bonus tile for that city". The tile is still in its stack only while nobody has
    taken it, so a house there that no other player has (and, when the caller says, just placed) earns it."""
    bit = 1 << board.index(stack.city)

    def pred(e: Earning):
        if not e.houses & bit or e.others & bit:
            return False
        return e.placed is None or bool(e.placed & bit)
    return pred


for _kind in (
    StackKind("route_length", "a tile for a route of at least 'length' cards (base rules 3b)",
              fields=_route_length_fields, choose=_route_length_choose),
    StackKind("one_house_per_province", "a tile for a house in every province but 'except_provinces' (3b, R4)",
              test=_per_province_test, once_per_player=True),
    StackKind("all_cities", "a tile for a house on every city of 'provinces' (base rules 3b)",
              fields=_all_cities_fields, test=_all_cities_test, once_per_player=True),
    StackKind("game_end", "the tile of the player who ends the game (base rules, Game End)"),
    StackKind("first_house", "the tile of the first player to place a house on 'city' (Power and Glory, "
                             "Collect bonus tiles: the free-city tiles)",
              fields=_first_house_fields, test=_first_house_test),
):
    register_stack_kind(_kind)
del _kind
