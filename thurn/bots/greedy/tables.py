"""What GreedyBot works out once per board, and the plans it shares between decisions: the board's tables
(:class:`BoardTables`: runs of cards, kinds of placement, the bonus stacks), the plans of building a route on
(:class:`Plans`), and the bit-mask helpers (a set of cities is a mask, bit ``c`` for city ``c``)."""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .weights import Weights

NEG = -1e9
MAX_PLAN_LENGTH = 8      # a route longer than 7 earns no more tile or carriage than one of 7 (3b, 3c)
MEMO_SIZE = 50_000       # runs of cards, kinds of placement kept per board (see chain, BoardTables): cleared beyond

TABLES: dict = {}      # board -> BoardTables
ROWS: dict = {}        # (tiles by length, house_ext, rate) -> {route length: rows of Plans.of}
PLANS: dict = {}       # (length tiles, carriage, horizon, weights, shortest route) -> Plans; None -> the last one


class BoardTables:
    """What a board's data says once for all decisions: the chain memo, the cards still needed for the carriages
    by how many are held, the bonus stacks by kind; and what the last stacks seen say."""

    def __init__(self, b):
        self.memo: dict = {}
        self.kinds: dict = {}           # (free cities, supply, optional, full) -> placement_kinds(...)
        self.by_route: dict = {}        # (route, free cities, supply, optional) -> placement_kinds(...)
        self.province_of = b.province_of
        levels = b.carriage_levels
        self.carriage_cards = tuple(sum(max(b.min_route, lev - 2) for lev in levels[h:])
                                    for h in range(len(levels) + 1))
        self.end_stacks = tuple(st.index for st in b.stacks if st.kind == "game_end")
        self.length_stacks = tuple((st.length, st.index) for st in b.stacks if st.kind == "route_length")
        self.house_stacks = tuple(st.index for st in b.stacks if st.kind != "route_length")
        self.province_stacks = []       # (stack index, "all_cities", need mask) or (index, kind, {option: masks})
        for st in b.stacks:
            if st.kind == "all_cities":
                need = 0
                for pid in st.provinces:
                    need |= b.province_mask[b._province_index[pid]]
                self.province_stacks.append((st.index, st.kind, need))
            elif st.kind == "one_house_per_province":
                req = {opt: tuple(b.province_mask[i] for i, pr in enumerate(b.provinces)
                                  if opt or pr.id not in st.except_provinces) for opt in (False, True)}
                self.province_stacks.append((st.index, st.kind, req))
        n = len(b.adj)
        self.spread = sum(1 << (t * n) for t in range(b.card_copies))   # a mask times this: the mask at each level
        self.all_copies = ((1 << n) - 1) * self.spread
        self.last_stacks = None         # (stacks, view(stacks)): the last stacks seen
        self.card_bit = b.card_bit
        self.last_display = (None, (0, 0))  # (display, display_bits(display)): the last display seen
        po = b.province_of              # province_bytes[i][x]: the provinces of the cities 8i... of the byte x
        self.province_bytes = tuple(tuple(_province_set(po, i, x, n) for x in range(256)) for i in range(0, n, 8))

    def placement_kinds(self, free: int, cap: int, optional: bool, full: bool = False) -> tuple:
        """:func:`placement_kinds`, kept per board."""
        key = ((free << 6 | cap) << 1 | optional) << 1 | full
        kinds = self.kinds.get(key)
        if kinds is None:
            if len(self.kinds) > MEMO_SIZE:
                self.kinds.clear()
            kinds = self.kinds[key] = placement_kinds(self.province_of, free, cap, optional, full)
        return kinds

    def route_kinds(self, rmask: int, free: int, cap: int, optional: bool) -> tuple:
        """:meth:`placement_kinds` of scoring the route ``rmask`` whose cities without the player's house are
        ``free``, kept per board by route (the full-province test of R10 made once): ``by_route[key]``."""
        key = ((rmask << 64 | free) << 6 | cap) << 1 | optional
        kinds = self.by_route.get(key)
        if kinds is None:
            if len(self.by_route) > MEMO_SIZE:
                self.by_route.clear()
            kinds = self.by_route[key] = self.placement_kinds(free, cap, optional, self.full_province(rmask, free))
        return kinds

    def full_province(self, rmask: int, free: int) -> bool:
        """Whether a province of the route ``rmask`` has none of its cities free (R10: option B places none)."""
        if free == rmask:
            return False
        return self.provinces(rmask) != self.provinces(free)

    def provinces(self, mask: int) -> int:
        """The provinces of the cities of ``mask`` as a mask (bit ``p + 1`` for province ``p``, bit 0 for the
        cities in no province), read from :attr:`province_bytes` eight cities at a time."""
        out = 0
        for table in self.province_bytes:
            out |= table[mask & 255]
            mask >>= 8
        return out

    def display_bits(self, display) -> tuple[int, int]:
        """(cities, number of cards) of the display ``display`` (card ids, -1 for an empty slot); the last one is
        kept (the engine makes a new display only when a card is taken from it, base rules 1)."""
        last = self.last_display
        if last[0] is display:
            return last[1]
        card_bit = self.card_bit
        dmask = shown = 0
        for c in display:
            if c >= 0:
                dmask |= card_bit[c]
                shown += 1
        self.last_display = (display, (dmask, shown))
        return dmask, shown

    def view(self, stacks):
        """(game-end tile, tops of the stacks houses count for, route-length tile by route length) of the bonus
        stacks ``stacks``; the last one is kept (the engine makes new stacks only when a tile is taken), as one
        pair (games played in threads side by side may ask)."""
        last = self.last_stacks
        if last is not None:
            seen, view = last
            if seen is stacks:
                return view
        end_tile = sum(stacks[i][0] for i in self.end_stacks if stacks[i])
        tops = tuple(stacks[i][0] if stacks[i] else 0 for i in self.house_stacks)
        L = [0] * 16                # the longest stack the route reaches that has a tile (3b; R2, R3)
        for m in range(16):
            best = 0
            for length, i in self.length_stacks:
                if length <= m and stacks[i] and length > best:
                    best = length
                    L[m] = stacks[i][0]
        view = (end_tile, tops, tuple(L))
        self.last_stacks = (stacks, view)
        return view


def _province_set(province_of, first: int, byte: int, n: int) -> int:
    """The provinces (bit ``p + 1``; bit 0: no province) of the cities ``first + i`` for each bit ``i`` of ``byte``."""
    out = 0
    for i in range(8):
        if byte >> i & 1 and first + i < n:
            out |= 1 << (province_of[first + i] + 1)
    return out


def board_tables(b) -> BoardTables:
    t = TABLES.get(b)
    if t is None:
        if len(TABLES) > 16:
            TABLES.clear()
        t = TABLES[b] = BoardTables(b)
    return t


class Plans:
    """The plans of building a route of ``n`` cards on for ``j`` more turns (see :meth:`Eval.cont`), shared by
    the decisions with the same length tiles, carriage, horizon and weights: the rows ``(j, house_ext * j,
    F[n + j], rate * j)``, where ``F[m]`` is the carriage and length tile of scoring ``m`` cards on a later turn;
    and ``now[cartwright][m]``, the carriage of scoring ``m`` cards now (3c)."""

    __slots__ = ("F", "cap", "ext", "rate", "plan", "final", "min_route", "memo", "now", "rows")

    def __init__(self, F, cap: int, w: Weights, final: bool, cities: int, level, cval: float, min_route: int):
        self.F, self.cap, self.ext, self.rate, self.plan, self.final = F, cap, w.house_ext, w.rate, w.max_plan, final
        self.min_route = min_route
        self.memo: dict = {}            # (n, k) -> of(n, k)
        key = (F, self.ext, self.rate)  # the rows by route length, shared by the plans of the same tiles and weights
        rows = ROWS.get(key)
        if rows is None:
            if len(ROWS) > 512:
                ROWS.clear()
            rows = ROWS[key] = {}
        self.rows = rows
        self.now = tuple(tuple(0.0 if level is None or m < level - 2 else cval if m >= level or cartwright else 0.0
                               for m in range(cities + 1)) for cartwright in (False, True))

    def of(self, n: int, k: int):
        """The plans for a route of ``n`` cards with a run of ``k`` hand cards that extend it: ``()`` when there
        is none (the last turn, or a route too long), else ``(safe, risky, lead)``, the rows of the turns the run
        covers and of the turns that need a card that fits, and the power of the chance that the first risky turn
        starts from (-1: from 1)."""
        key = n << 6 | k
        plan = self.memo.get(key)
        if plan is None:
            shortest = self.min_route                               # a route is scored from this many cards
            first = shortest - n if n < shortest - 1 else 1
            last = max(1, min(MAX_PLAN_LENGTH - n, self.cap, k + self.plan))
            if first > last or self.final:
                plan = ()
            else:
                every = self.rows.get(n)        # the rows of j = 1 .. MAX_PLAN_LENGTH
                if every is None:
                    F, ext, rate = self.F, self.ext, self.rate
                    every = self.rows[n] = tuple((j, ext * j, F[min(n + j, 15)], rate * j)
                                                 for j in range(1, MAX_PLAN_LENGTH + 1))
                rows = every[first - 1:last]
                cut = max(0, k - first + 1)                         # the rows of j <= k come first
                plan = (rows[:cut], rows[cut:], first - k - 1 if first > k else -1)
            self.memo[key] = plan
        return plan


def plans_for(L, level, cval: float, horizon: int, final: bool, w: Weights, cities: int, min_route: int) -> Plans:
    """The :class:`Plans` of a decision: ``L`` the length tiles by route length, ``level`` and ``cval`` the
    next carriage and its value (3b, 3c), ``min_route`` the fewest cards a route is scored with."""
    cap = min(horizon, MAX_PLAN_LENGTH)         # a longer horizon changes no plan
    last = PLANS.get(None)                      # the last one asked for, without hashing the key
    if last is not None:
        last_L, last_level, last_cval, last_cap, last_final, last_w, last_cities, last_min, plans = last
        if last_L is L and last_level == level and last_cval == cval and last_cap == cap and last_final == final \
                and last_w is w and last_cities == cities and last_min == min_route:
            return plans
    key = (L, level, cval, cap, final, w.rate, w.house_ext, w.cartwright_cost, w.max_plan, cities, min_route)
    plans = PLANS.get(key)
    if plans is None:
        if level is None:
            F = L
        else:
            cw = cval - w.cartwright_cost
            F = tuple(x if m < level - 2 else x + (cval if m >= level else cw) for m, x in enumerate(L))
        if len(PLANS) > 512:
            PLANS.clear()
        plans = PLANS[key] = Plans(F, cap, w, final, cities, level, cval, min_route)
    PLANS[None] = (L, level, cval, cap, final, w, cities, min_route, plans)
    return plans


def seen_levels(sets, cards, copies: int, n: int) -> int:
    """The cities of which more than ``t`` copies are in ``sets`` (masks) and ``cards`` (city numbers), for each
    ``t`` below ``copies``, side by side: more than ``copies - 1`` from bit 0, then more than ``copies - 2`` from bit
    ``n``, and so on."""
    if copies == 3:                     # the base game: the same as below, unrolled
        s0 = s1 = s2 = 0
        for x in sets:
            s2 |= s1 & x
            s1 |= s0 & x
            s0 |= x
        seen = [s0, s1, s2]
    else:
        seen = [0] * copies             # seen[t]: the cities of which more than t copies are in view
        for x in sets:
            for t in range(copies - 1, 0, -1):
                seen[t] |= seen[t - 1] & x
            seen[0] |= x
    for c in cards:
        bit = 1 << c
        t = 0
        while t < copies and seen[t] & bit:
            t += 1
        if t < copies:
            seen[t] |= bit
    packed = 0
    for x in seen:
        packed = packed << n | x
    return packed


def bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def placement_kinds(province_of, free: int, cap: int, optional: bool, full: bool = False) -> tuple[int, ...]:
    """One placement of houses for each count of houses by province the rules allow when scoring a route whose
    cities without the player's house are ``free`` (base rules 3a): option A, a house in one city of each province
    of the route; option B, a house in every free city of one province; at most ``cap`` houses (the supply, or the
    route's length), placed where the player likes; with ``optional`` (R1) any part of an option. Each is the first
    of its kind in the order of :func:`~thurn.scoring.placement_masks`: the lowest cities of each province. A
    placement's value counts only houses by province (a point a house, the province tiles: see
    :meth:`Eval.mask_value`), so the best of these is as good as the best of all placements, and comes first among
    those as good. ``full``: a province of the route has no free city, so option B there places none (R10)."""
    by_province = {}                        # province -> its free cities
    for c in bits(free):
        pr = province_of[c]
        by_province[pr] = by_province.get(pr, 0) | 1 << c
    if not by_province:
        return (0,)
    out = set()
    firsts = [g & -g for g in by_province.values()]
    sizes = range(min(len(firsts), cap) + 1) if optional else (min(len(firsts), cap),)
    for size in sizes:                      # option A: one city each of ``size`` provinces
        for combo in combinations(firsts, size):
            m = 0
            for low in combo:
                m |= low
            out.add(m)
    for g in by_province.values():          # option B: the first ``t`` cities of one province
        top = min(g.bit_count(), cap)
        m, t = 0, 0
        for c in bits(g):
            if t == top:
                break
            if optional:
                out.add(m)
            m |= 1 << c
            t += 1
        out.add(m)
    if full:
        out.add(0)
    return tuple(out)


def ranks_before(a: int, b: int) -> bool:
    """Whether the placement ``a`` comes before ``b`` in the order of :func:`~thurn.scoring.placement_masks`: more
    houses first, then the one with the lowest city where they differ."""
    na, nb = a.bit_count(), b.bit_count()
    if na != nb:
        return na > nb
    diff = a ^ b
    return bool(a & diff & -diff)


def chain(adj, memo, l: int, r: int, avail: int) -> int:
    """The longest run of cities of ``avail`` that can be played one after the other at the ends ``l`` and ``r``
    of a route (each card fits an end: a road to it, base rules 2). Memoised per board."""
    if not (adj[l] | adj[r]) & avail:
        return 0
    if not avail & (avail - 1):         # one card, and it fits
        return 1
    if l > r:
        l, r = r, l
    key = (avail << 12) | (l << 6) | r
    v = memo.get(key)
    if v is not None:
        return v
    best = 0
    top = avail.bit_count()
    for end, other in ((r, l), (l, r)):
        nxt = adj[end] & avail
        while nxt:
            low = nxt & -nxt
            nxt ^= low
            c, rest = low.bit_length() - 1, avail ^ low
            v = 1 + chain(adj, memo, other, c, rest) if (adj[other] | adj[c]) & rest else 1   # (no call for 0)
            if v > best:
                best = v
                if best == top:
                    memo[key] = best
                    return best
    memo[key] = best
    return best
