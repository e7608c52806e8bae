"""Scoring a route and the game (base rules, 3a–3c and "Game End and Scoring").

The fast functions work on city numbers and bit masks; :func:`placement_options` is the public face.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product

from .board import NO_PROVINCE, Board
from .board_file import load_board
from .stacks import Earning, stack_kinds


#: How many cities a mask holds (``popcount(mask)``): the int's own bit count, one C call.
popcount = int.bit_count


def _bits(mask: int):
    """The cities of ``mask``, lowest first (its set bits only: a step per city, not per bit below the highest)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _subsets_of_size(mask: int, k: int):
    for combo in combinations(list(_bits(mask)), k):
        m = 0
        for c in combo:
            m |= 1 << c
        yield m


def _all_subsets(mask: int):
    bits = list(_bits(mask))
    for r in range(len(bits) + 1):
        for combo in combinations(bits, r):
            m = 0
            for c in combo:
                m |= 1 << c
            yield m


#: The most placements kept per board by :func:`placement_masks` (a long simulation asks for many routes).
PLACEMENT_CACHE_SIZE = 200_000


def placement_masks(board: Board, route, owned: int, houses_left: int, optional: bool = False) -> tuple[int, ...]:
    """Every set of cities (as bit masks) where the rules let a player place houses when scoring ``route``.

    Base rules 3a: either one house in one city of each province of the route (option A), or one house in
    every city of one province of the route (option B). Cities where the player already has a house are
    skipped (3a, note), so option B on a province whose cities on the route all carry the player's houses places
    none, and that is a legal choice too (002: "He need not take the choice with the most houses"; rules notes
    R10). With fewer houses in supply than the option allows, the player places what he has,
    in cities of his choice (rules notes). With ``optional`` (R1, 001) any part of an option may be placed.
    Free cities (cities in no province; Power and Glory rules, Placing houses: "he may place a house on only one
    of the free cities") count as one more group of option A (one house on one of the route's free cities, with
    the house in each province) and are never an option B ("the player may not in any case place houses in both
    free cities").
    Largest placements first, ties in the order of the route's cities: the order depends only on the arguments
    (never on what was asked before), so the legal actions of a position are always listed alike. Results are
    cached per board (the cache is emptied when it grows past :data:`PLACEMENT_CACHE_SIZE` entries).
    """
    route = tuple(route)
    route_mask = 0
    for c in route:
        route_mask |= 1 << c
    owned &= route_mask
    cap = min(houses_left, len(route))
    key = (route, owned, cap, optional)
    cache = board._placement_cache
    hit = cache.get(key)
    if hit is not None:
        return hit
    if len(cache) >= PLACEMENT_CACHE_SIZE:
        cache.clear()
    free_by_province: dict[int, int] = {}      # province (NO_PROVINCE: the free cities) -> its cities left
    full = False                        # a province of the route with no free city: option B places none (R10)
    for c in route:
        p = board.province_of[c]
        if not owned >> c & 1:
            free_by_province[p] = free_by_province.get(p, 0) | (1 << c)
    free_cities = route_mask & board.free_cities
    if free_cities:
        for c in route:
            p = board.province_of[c]
            if p not in free_by_province and p != NO_PROVINCE:
                full = True
                break
    else:
        for c in route:
            if board.province_of[c] not in free_by_province:
                full = True
                break
    groups = list(free_by_province.values())
    options: list[int] = []
    if groups:
        for choice in product(*[list(_bits(g)) for g in groups]):          # option A
            m = 0
            for c in choice:
                m |= 1 << c
            options.append(m)
        if free_cities:                                                     # option B: provinces only
            options.extend(g for p, g in free_by_province.items() if p != NO_PROVINCE)
        else:
            options.extend(groups)                                          # option B
        if full:
            options.append(0)
    else:
        options.append(0)
    result: set[int] = set()
    for m in options:
        if popcount(m) > cap:
            result.update(_subsets_of_size(m, cap))
        else:
            result.add(m)
    if optional:
        result = {s for m in result for s in _all_subsets(m)}
    order = {c: i for i, c in enumerate(route)}
    ranked = tuple(sorted(result, key=lambda m: (-popcount(m), sorted(order[c] for c in _bits(m)))))
    cache[key] = ranked
    return ranked


def route_placements(board: Board, cards: tuple, rmask: int, owned: int, houses_left: int,
                     optional: bool = False) -> tuple[int, ...]:
    """:func:`placement_masks` of a route given as card ids (``rmask``: its cities as a mask), cached by the cards:
    a scoring's check and legal actions ask it without turning the cards into cities each time."""
    cap = houses_left if houses_left < len(cards) else len(cards)
    key = (cards, owned & rmask, cap, optional)
    cache = board._route_placements
    hit = cache.get(key)
    if hit is None:
        if len(cache) >= PLACEMENT_CACHE_SIZE:
            cache.clear()
        hit = cache[key] = placement_masks(board, board.cities_of(cards), owned, houses_left, optional)
    return hit


@dataclass(frozen=True)
class Placement:
    """One legal choice of houses: the cities (in route order) and which rule option(s) allow it."""

    cities: tuple[str, ...]
    options: tuple[str, ...]

    def __str__(self):
        where = ", ".join(self.cities) if self.cities else "no house"
        return f"{where} ({'; '.join(self.options)})"

    def __len__(self):
        return len(self.cities)

    def __iter__(self):
        return iter(self.cities)


def placement_options(board, route, owned=(), houses_left=None, optional: bool = False) -> list[Placement]:
    """Every choice of houses the rules allow when scoring ``route`` (base rules, 3a).

    ``board`` is a :class:`Board` or board name; ``route`` and ``owned`` (cities where the player already has a
    house) are city names; ``houses_left`` is the player's supply (default: all of them); ``optional`` follows
    rule option R1 (001: placing houses is optional).
    """
    board = load_board(board)
    idx = [board.card_key(c)[0] if isinstance(c, str) else board.index(c) for c in route]   # (a card's name too)
    owned_mask = board.mask_of(owned)
    left = board.houses if houses_left is None else int(houses_left)
    masks = placement_masks(board, idx, owned_mask, left, optional)
    free = [c for c in idx if not owned_mask >> c & 1]
    by_prov: dict[int, int] = {}
    for c in free:
        by_prov[board.province_of[c]] = by_prov.get(board.province_of[c], 0) | (1 << c)
    a_label = "option A: one house in each province"
    if NO_PROVINCE in by_prov:              # Power and Glory rules, Placing houses
        a_label += " and on one free city"
    out = []
    for m in masks:
        labels = []
        one_each = by_prov and all(popcount(m & g) == 1 for g in by_prov.values())
        if one_each:
            labels.append(a_label)
        for p, g in by_prov.items():
            if m == g and p != NO_PROVINCE:
                labels.append(_option_b(board, p, g, idx))
        if m == 0 and free:
            for p in dict.fromkeys(board.province_of[c] for c in idx):
                if p not in by_prov and p != NO_PROVINCE:
                    labels.append(f"option B: every city of {board.provinces[p].name} on the route already has "
                                  f"your house")
        if not labels:
            if m == 0 and not free:
                labels.append("every city already has your house")
            else:
                why = "houses are optional" if optional else f"only {left} house{'s are' if left != 1 else ' is'} left"
                if all(popcount(m & g) <= 1 for g in by_prov.values()):
                    labels.append(f"part of option A, as {why}")
                for p, g in by_prov.items():
                    if m & g == m and popcount(g) > 1 and p != NO_PROVINCE:
                        labels.append(f"part of option B ({board.provinces[p].name}), as {why}")
        out.append(Placement(tuple(board.city_name(c) for c in idx if m >> c & 1), tuple(labels)))
    return out


def _option_b(board, province: int, free: int, route) -> str:
    """Option B's words for ``province``: every city of it on the route, or its one city there (3a: "one house in
    every city of one province" of the route, skipping those with the player's house)."""
    name = board.provinces[province].name
    if popcount(free) > 1:
        return f"option B: every city of {name}"
    on_route = sum(1 for c in route if board.province_of[c] == province)
    return (f"option B: {name}'s one city on the route" if on_route == 1 else
            f"option B: {name}'s one city not yet yours")


# -- bonus tiles and carriages ----------------------------------------------------------------------------

def length_stack(board: Board, stacks, length: int):
    """The route-length stack a route of ``length`` cards takes from, or None (base rules, 3b).

    The longest stack whose length the route reaches (a route of 8+ takes the 7 tile, R2); an empty stack
    falls back to the next shorter one that still has tiles (R3).
    """
    best = None
    for s in board.stacks:
        if s.kind == "route_length" and s.length <= length and stacks[s.index]:
            if best is None or s.length > best.length:
                best = s
    return best


def required_provinces_mask(board: Board, stack, includes_excepted: bool) -> list[int]:
    """Province masks that must each hold a house for a 'one house per province' stack."""
    return [board.province_mask[i] for i, p in enumerate(board.provinces)
            if includes_excepted or p.id not in stack.except_provinces]


def _earn_plan(board: Board):
    """The stack kinds of a board, ready to ask (kept on the board): the route's tile choosers (route-length
    kinds, first), then ``(stack, index, once per player, predicate)`` for the other stacks, in board order."""
    kinds = stack_kinds()
    choosers, tests, seen = [], [], []
    for st in board.stacks:
        kind = kinds[st.kind]
        if kind.choose is not None and st.kind not in seen:
            seen.append(st.kind)
            choosers.append(kind.choose(board, tuple(x for x in board.stacks if x.kind == st.kind)))
        if kind.test is not None:
            pred = kind.test(board, st)
            if pred is not None:
                tests.append((st, st.index, kind.once_per_player, pred))
    plan = board._earn_plan = (tuple(choosers), tuple(tests))
    return plan


def earned_tiles(board: Board, rules, houses: int, held_stacks, stacks, route_len: int, placed: int | None = None,
                 others: int = 0):
    """Stacks whose top tile a player earns after placing houses (base rules, 3b): the route's own tile first
    (length tiles), then the others in board order, each kind asked through the stack-kind registry
    (:func:`thurn.stacks.register_stack_kind`).

    ``held_stacks`` is the set of stack indices the player already holds a tile of: province and all-province
    tiles are taken once per player; length tiles any number of times. ``placed`` (the houses just placed) and
    ``others`` (the other players' houses) are for kinds that ask who was first on a city (Power and Glory's
    free-city tiles); without them such a kind judges from the houses and the tiles left.
    """
    plan = board._earn_plan or _earn_plan(board)
    e = Earning(houses, held_stacks, stacks, route_len, rules, placed, others)
    earned = []
    for pick in plan[0]:
        st = pick(e)
        if st is not None:
            earned.append(st)
    for st, i, once, pred in plan[1]:
        if (once and i in held_stacks) or not stacks[i]:
            continue
        if pred(e):
            earned.append(st)
    return earned


def next_carriage(board: Board, taken) -> int | None:
    """The level of the next carriage a player may take: carriages are taken in order, none skipped (3c)."""
    n = len(taken)
    return board.carriage_levels[n] if n < len(board.carriage_levels) else None


def carriage_points(board: Board, taken) -> int:
    """Points of the highest carriage (Game End and Scoring)."""
    return board.carriage_points[taken[-1]] if taken else 0


def winner_index(totals, start_player: int, end_holder: int | None) -> int:
    """The winner's seat (R6): most points; among tied players the holder of the game-end tile, else the tied
    player nearest to that holder in clockwise order. With no holder, the tied player first in turn order."""
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    if len(tied) == 1:
        return tied[0]
    n = len(totals)
    origin = end_holder if end_holder is not None else start_player
    return min(tied, key=lambda i: (i - origin) % n)
