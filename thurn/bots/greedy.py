"""GreedyBot: every legal action valued by a one-turn lookahead with a hand-made evaluation, the best one played.

The evaluation counts in points of the final score (Game End and Scoring) less a *tempo* cost: every turn spent
on a route is a card played that could have gone into another route, worth about ``rate`` points. So

- **scoring now** is worth what it brings now: one point per house placed (an unplaced house costs a point),
  the bonus tiles it takes (province tiles completed, and a share of a province tile per house towards it), the
  route-length tile, the carriage (its points over the old one, plus ``carriage_step`` for the step up the track)
  (base rules, 3a–3c);
- **building on** (ending the turn, or playing a card) is worth the best of scoring the route ``j`` turns later:
  the houses of the route now plus ``house_ext`` per card added, the carriage and length tile of the longer route,
  less ``rate`` per turn, where the first ``k`` turns are safe (``k`` = the longest run of hand cards that extend
  the route one after the other) and every further one succeeds only with the chance of drawing a card that fits
  an end (from the display or the unseen cards); a route that cannot be extended is lost (base rules, 2);
- a **draw** is worth the best play it allows this turn (a card from the deck: the chance-weighted average over
  the unseen cards that would change the plan); the **Postmaster** the best two draws (less the Cartwright or
  Postal Carrier he rules out: one official per turn); the **Administrator** a new display when nothing in it
  fits; the **Postal Carrier** the second card's play; the **Cartwright** the carriage he gains (base rules, 1–3c);
- after scoring, the bot **keeps** the three cards that start the best new route (base rules, 3d);
- taking the last carriage first or placing the last house ends the game (Game End and Scoring): worth it when
  the bot is ahead, a heavy penalty when it is behind; on the last turn of a game only scoring now counts.

The bot sees what its player sees: its own hand, the display, every route, house, carriage and tile, and the
stacks; it never reads another player's hand or the deck (the unseen cards are counted as 3 copies of each city
less those in view). Inside the package it reads the engine's tables (``board.adj``, the players' ``hand``,
``route``, ``rmask``, ``houses``) for speed, and keeps between decisions what it works out, each keyed by all it
depends on: runs of cards per board, house values per player signature, plans per length tiles, carriage, horizon
and weights, what the scores say while they stay the same. Ties are broken with the bot's own seeded
:class:`random.Random`.
"""
from __future__ import annotations

import random as _random
from dataclasses import dataclass, fields, replace
from itertools import combinations

from ..actions import Action
from ..turn import earns_carriage

__all__ = ["GreedyBot", "Weights"]

NEG = -1e9
MAX_PLAN_LENGTH = 8      # a route longer than 7 earns no more tile or carriage than one of 7 (3b, 3c)
MEMO_SIZE = 50_000       # runs of cards, kinds of placement kept per board (see _chain, _Tables): cleared beyond


@dataclass(frozen=True)
class Weights:
    """The heuristic's numbers (points of the final score). ``GreedyBot(seed, rate=1.2)`` overrides one."""

    rate: float = 1.0             # points a turn (one card played) is worth elsewhere: the tempo cost
    house_ext: float = 0.7        # houses each further card of a route adds when it is scored, on average
    progress: float = 0.8         # share of a province tile credited for each house towards it
    carriage_step: float = 1.5    # a carriage's worth beyond its points: the step up the track (3c)
    cartwright_cost: float = 0.3  # planning to need the Cartwright (no other official that turn)
    official_cost: float = 0.3    # calling the Postmaster or Administrator (no other official that turn)
    second_draw: float = 0.7      # share of the second-best draw's gain the Postmaster is credited
    end_bonus: float = 1.0        # ending the game while ahead, beyond the game-end tile
    end_penalty: float = 4.0      # ending the game while not ahead (plus the deficit)
    max_plan: int = 4             # cards planned beyond the safe run of hand cards
    horizon: bool = True          # plans end when the game is likely to end (see _Eval.turns_left)


_TABLES: dict = {}      # board -> _Tables
_HOUSES: dict = {}      # (board, player's houses and tiles, stack tops, rules, weight) -> (house caches, see houses)
_PLANS: dict = {}       # (length tiles, carriage, horizon, weights) -> _Plans
_SCORES: list = [None]  # (key, values) of the last _Eval.read_scores, see _same_scores: one pair (threads may ask)


class _Tables:
    """What a board's data says once for all decisions: the chain memo, the cards still needed for the carriages
    by how many are held, the bonus stacks by kind; and what the last stacks seen say."""

    def __init__(self, b):
        self.memo: dict = {}
        self.kinds: dict = {}           # (free cities, supply, optional) -> _placement_kinds(...)
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
        self.last_stacks = None         # (stacks, view(stacks))

    def placement_kinds(self, free: int, cap: int, optional: bool, full: bool = False) -> tuple:
        """:func:`_placement_kinds`, kept per board."""
        key = ((free << 6 | cap) << 1 | optional) << 1 | full
        kinds = self.kinds.get(key)
        if kinds is None:
            if len(self.kinds) > MEMO_SIZE:
                self.kinds.clear()
            kinds = self.kinds[key] = _placement_kinds(self.province_of, free, cap, optional, full)
        return kinds

    def full_province(self, rmask: int, free: int) -> bool:
        """Whether a province of the route ``rmask`` has none of its cities free (R10: option B places none)."""
        if free == rmask:
            return False
        po = self.province_of
        have = set()
        for c in _bits(free):
            have.add(po[c])
        for c in _bits(rmask):
            if po[c] not in have:
                return True
        return False

    def view(self, stacks):
        """(game-end tile, tops of the stacks houses count for, route-length tile by route length) of the bonus
        stacks ``stacks``; the last one is kept (the engine makes new stacks only when a tile is taken), as one
        pair (games played in threads side by side may ask)."""
        last = self.last_stacks
        if last is None or last[0] is not stacks:
            end_tile = sum(stacks[i][0] for i in self.end_stacks if stacks[i])
            tops = tuple(stacks[i][0] if stacks[i] else 0 for i in self.house_stacks)
            L = [0] * 16                # the longest stack the route reaches that has a tile (3b; R2, R3)
            for m in range(16):
                best = 0
                for length, i in self.length_stacks:
                    if length <= m and stacks[i] and length > best:
                        best = length
                        L[m] = stacks[i][0]
            last = self.last_stacks = (stacks, (end_tile, tops, tuple(L)))
        return last[1]


def _tables(b) -> _Tables:
    t = _TABLES.get(b)
    if t is None:
        if len(_TABLES) > 16:
            _TABLES.clear()
        t = _TABLES[b] = _Tables(b)
    return t


class _Plans:
    """The plans of building a route of ``n`` cards on for ``j`` more turns (see :meth:`_Eval.cont`), shared by
    the decisions with the same length tiles, carriage, horizon and weights: the rows ``(j, house_ext * j,
    F[n + j], rate * j)``, where ``F[m]`` is the carriage and length tile of scoring ``m`` cards on a later turn;
    and ``now[cartwright][m]``, the carriage of scoring ``m`` cards now (3c)."""

    __slots__ = ("F", "cap", "ext", "rate", "plan", "final", "memo", "now")

    def __init__(self, F, cap: int, w: Weights, final: bool, cities: int, level, cval: float):
        self.F, self.cap, self.ext, self.rate, self.plan, self.final = F, cap, w.house_ext, w.rate, w.max_plan, final
        self.memo: dict = {}            # (n, k) -> of(n, k)
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
            first = 3 - n if n < 2 else 1                           # a route needs 3 cards
            last = max(1, min(MAX_PLAN_LENGTH - n, self.cap, k + self.plan))
            if first > last or self.final:
                plan = ()
            else:
                F, ext, rate = self.F, self.ext, self.rate
                rows = tuple((j, ext * j, F[min(n + j, 15)], rate * j) for j in range(first, last + 1))
                cut = max(0, k - first + 1)                         # the rows of j <= k come first
                plan = (rows[:cut], rows[cut:], first - k - 1 if first > k else -1)
            self.memo[key] = plan
        return plan


def _plans(L, level, cval: float, horizon: int, final: bool, w: Weights, cities: int) -> _Plans:
    """The :class:`_Plans` of a decision: ``L`` the length tiles by route length, ``level`` and ``cval`` the
    next carriage and its value (3b, 3c)."""
    cap = min(horizon, MAX_PLAN_LENGTH)         # a longer horizon changes no plan
    last = _PLANS.get(None)                     # the last one asked for, without hashing the key
    if last is not None and last[0] is L and last[1] == level and last[2] == cval and last[3] == cap and \
            last[4] == final and last[5] is w and last[6] == cities:
        return last[7]
    key = (L, level, cval, cap, final, w.rate, w.house_ext, w.cartwright_cost, w.max_plan, cities)
    plans = _PLANS.get(key)
    if plans is None:
        if level is None:
            F = L
        else:
            cw = cval - w.cartwright_cost
            F = tuple(x if m < level - 2 else x + (cval if m >= level else cw) for m, x in enumerate(L))
        if len(_PLANS) > 512:
            _PLANS.clear()
        plans = _PLANS[key] = _Plans(F, cap, w, final, cities, level, cval)
    _PLANS[None] = (L, level, cval, cap, final, w, cities, plans)
    return plans


def _levels(sets, cards, copies: int, n: int) -> int:
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


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _placement_kinds(province_of, free: int, cap: int, optional: bool, full: bool = False) -> tuple[int, ...]:
    """One placement of houses for each count of houses by province the rules allow when scoring a route whose
    cities without the player's house are ``free`` (base rules 3a): option A, a house in one city of each province
    of the route; option B, a house in every free city of one province; at most ``cap`` houses (the supply, or the
    route's length), placed where the player likes; with ``optional`` (R1) any part of an option. Each is the first
    of its kind in the order of :func:`~thurn.scoring.placement_masks`: the lowest cities of each province. A
    placement's value counts only houses by province (a point a house, the province tiles: see
    :meth:`_Eval.mask_value`), so the best of these is as good as the best of all placements, and comes first among
    those as good. ``full``: a province of the route has no free city, so option B there places none (R10)."""
    by_province = {}                        # province -> its free cities
    for c in _bits(free):
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
        for c in _bits(g):
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


def _ranks_before(a: int, b: int) -> bool:
    """Whether the placement ``a`` comes before ``b`` in the order of :func:`~thurn.scoring.placement_masks`: more
    houses first, then the one with the lowest city where they differ."""
    na, nb = a.bit_count(), b.bit_count()
    if na != nb:
        return na > nb
    diff = a ^ b
    return bool(a & diff & -diff)


def _chain(adj, memo, l: int, r: int, avail: int) -> int:
    """The longest run of cities of ``avail`` that can be played one after the other at the ends ``l`` and ``r``
    of a route (each card fits an end: a road to it, base rules 2). Memoised per board."""
    if not (adj[l] | adj[r]) & avail:
        return 0
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
            v = 1 + _chain(adj, memo, other, low.bit_length() - 1, avail ^ low)
            if v > best:
                best = v
                if best == top:
                    memo[key] = best
                    return best
    memo[key] = best
    return best


def _same_scores(key, s, seat: int, p, w: Weights) -> bool:
    """Whether the position ``s`` has the scores, bonus stacks and carriages of ``key`` (see
    :meth:`_Eval.read_scores`): the same player to move with the same houses, carriages and tiles, the other
    players the very same (the engine copies a player it changes), the same stacks (new ones when a tile is
    taken), carriages left, end of the game, rules and weights."""
    kseat, players, houses, left, carriages, tiles, stacks, carriages_left, end_by, rules, kw = key
    if kseat != seat or stacks is not s.stacks or kw is not w or rules is not s.rules or end_by != s.end_by or \
            houses != p.houses or left != p.houses_left or carriages != p.carriages or tiles != p.tiles or \
            carriages_left != s.carriages_left or len(players) != len(s.players):
        return False
    for i, q in enumerate(s.players):
        if q is not players[i] and i != seat:
            return False
    return True


class _Eval:
    """What the player to move knows, and the caches of one decision.

    A route is handled as its cities (a bit mask: a city is in a route at most once, base rules 2) and its two
    ends ``l`` and ``r``; its length is the number of cities.
    """

    __slots__ = ("b", "s", "w", "adj", "seat", "p", "hm", "route", "final", "t", "memo", "my_total", "opp_best",
                 "end_tile", "horizon", "hcache", "mcache", "lcache", "hctx", "L", "level", "cval", "plans",
                 "plan_memo", "cartwright_lengths", "_unseen", "dmask", "shown", "acache")

    def __init__(self, state, w: Weights):
        s = state
        b = self.b = s.board
        self.s, self.w = s, w
        self.adj = b.adj
        seat = self.seat = s.to_move
        p = self.p = s.players[seat]
        hm = 0
        for c in p.hand:
            hm |= 1 << c
        self.hm = hm
        self.route = p.route
        self.final = final = s.end_by is not None   # every turn left is a last turn (Game End and Scoring)
        t = self.t = _TABLES.get(b) or _tables(b)
        if len(t.memo) > MEMO_SIZE:             # (a smaller memo is quicker, and games many)
            t.memo.clear()
        self.memo = t.memo
        last = _SCORES[0]
        if last is not None and _same_scores(last[0], s, seat, p, w):
            (self.my_total, self.opp_best, self.end_tile, self.L, self.horizon, self.hcache, self.mcache, self.hctx,
             self.level, self.cval, self.cartwright_lengths, self.plans) = last[1]
        else:
            self.read_scores(s, p, w)
            _SCORES[0] = ((seat, s.players, p.houses, p.houses_left, p.carriages, p.tiles, s.stacks, s.carriages_left,
                           s.end_by, s.rules, w),
                          (self.my_total, self.opp_best, self.end_tile, self.L, self.horizon, self.hcache, self.mcache,
                           self.hctx, self.level, self.cval, self.cartwright_lengths, self.plans))
        self.lcache = None
        self.plan_memo = self.plans.memo
        self._unseen = None
        dmask = shown = 0
        for c in s.display:
            if c >= 0:
                dmask |= 1 << c
                shown += 1
        self.dmask, self.shown = dmask, shown
        self.acache = {}

    def read_scores(self, s, p, w: Weights):
        """What the decision takes from the scores, the bonus stacks and the carriages (the same for every decision
        of a turn until a route is scored, see :func:`_same_scores`): the totals now (for the end of the game), how
        many turns are likely left, the house caches, the next carriage and the plans."""
        b, t, seat, final = self.b, self.t, self.seat, self.final
        cp = b.carriage_points
        need = t.carriage_cards
        opp_best, horizon = NEG, 99
        for i, q in enumerate(s.players):
            total = (cp[q.carriages[-1]] if q.carriages else 0) - q.houses_left
            for _, v in q.tiles:
                total += v
            if i == seat:
                self.my_total = total
                continue
            if total > opp_best:
                opp_best = total
            left = need[len(q.carriages)] - len(q.route)       # cards for his missing carriages (see turns_left)
            if q.houses_left < left:
                left = q.houses_left
            if left < horizon:
                horizon = left
        self.opp_best = opp_best
        self.end_tile, tops, self.L = t.view(s.stacks)
        self.horizon = 0 if final else (max(1, horizon) + 1 if w.horizon else 99)
        # houses: cached per player signature (a route that may place the last house: per decision, see houses)
        rules = s.rules
        key = (b, p.houses, p.houses_left, p.tiles, tops, rules.optional_houses, rules.all_provinces_includes_baiern,
               w.progress)
        hc = _HOUSES.get(key)
        if hc is None:
            if len(_HOUSES) > 512:
                _HOUSES.clear()
            hc = _HOUSES[key] = [{}, {}, None]       # route values, placement values, groups
        self.hcache, self.mcache, self.hctx = hc[0], hc[1], hc
        # the next carriage (3c)
        levels = b.carriage_levels
        have = len(p.carriages)
        self.level = lev = None
        cval = 0.0
        if have < len(levels) and s.carriages_left[have] > 0:
            lev = self.level = levels[have]
            gain = cp[lev] - (cp[p.carriages[-1]] if p.carriages else 0)
            cval = gain + (w.carriage_step if have < len(levels) - 1 else 0.0)
            if have == len(levels) - 1 and not final:
                cval += self.end_adjust(gain)
        self.cval = cval
        self.cartwright_lengths = 0 if lev is None else 3 << lev - 2    # route lengths where he helps (3c)
        self.plans = _plans(self.L, lev, cval, self.horizon, final, w, len(self.adj))

    # -- the end of the game ----------------------------------------------------------------------------------
    def end_adjust(self, gain: float) -> float:
        """Ending the game now (taking the last carriage first, placing the last house): the game-end tile, and
        a bonus when ahead afterwards or a penalty when not (Game End and Scoring)."""
        lead = self.my_total + gain + self.end_tile - self.opp_best
        if lead >= 2:
            return self.end_tile + self.w.end_bonus
        if lead > 0:
            return float(self.end_tile)
        return self.end_tile - self.w.end_penalty + lead

    def turns_left(self) -> int:
        """A guess at how many more turns this player gets (``horizon``, computed in ``__init__``): the game ends
        in the round in which someone takes the last carriage or places his last house (Game End and Scoring).
        Each other player is guessed to need a card per turn for the carriages he still lacks (routes of at least
        3, or level - 2 with the Cartwright), less his route so far, or a turn per house left."""
        return self.horizon

    # -- carriages -----------------------------------------------------------------------------------------------
    def carriage(self, m: int, cartwright: bool) -> float:
        """The carriage part of scoring a route of ``m`` cards now (3c); the Cartwright makes up two cards."""
        lev = self.level
        if lev is None or m < lev - 2:
            return 0.0
        if m >= lev:
            return self.cval
        return self.cval if cartwright else 0.0

    # -- houses and province tiles (3a, 3b) ------------------------------------------------------------------------
    def groups(self):
        """(missing cities, tile value, progress share of it, size) of each province tile not held and not used up;
        and the all-provinces tile as (missing province masks, value, progress share, provinces needed). Kept with
        the house values (see __init__)."""
        g = self.hctx[2]
        if g is None:
            s, p = self.s, self.p
            held = {si for si, _ in p.tiles}
            groups, allp = [], None
            for i, kind, need in self.t.province_stacks:
                if i in held or not s.stacks[i]:
                    continue
                value = s.stacks[i][0]
                share = self.w.progress * value
                if kind == "all_cities":
                    groups.append((need & ~p.houses, value, share, need.bit_count()))
                else:
                    req = need[bool(s.rules.all_provinces_includes_baiern)]
                    allp = ([m for m in req if not m & p.houses], value, share, len(req))
            g = self.hctx[2] = (groups, allp)
        return g

    def mask_value(self, m: int) -> float:
        """Placing houses in the cities of ``m``: a point each, province tiles completed, progress towards others.
        Kept with the house values unless ``m`` places the last house."""
        n = m.bit_count()
        last = n == self.p.houses_left
        if not last:
            v = self.mcache.get(m)
            if v is not None:
                return v
        v = float(n)
        groups, allp = self.hctx[2] or self.groups()
        for missing, value, share, size in groups:
            got = missing & m
            if got:
                v += value if got == missing else share * got.bit_count() / size
        if allp is not None:
            missing, value, share, size = allp
            covered = 0
            for pm in missing:
                if pm & m:
                    covered += 1
            if covered:
                v += value if covered == len(missing) else share * covered / size
        if last:
            if n and not self.final:
                v += self.end_adjust(v)
        else:
            self.mcache[m] = v
        return v

    def houses(self, rmask: int):
        """(value, mask) of the best placement when scoring a route through the cities ``rmask`` (3a). Kept with
        the house values, or for this decision only when the route may place the player's last house (the scores
        count then, see :meth:`end_adjust`)."""
        hit = self.hcache.get(rmask)
        if hit is None:
            cache = self.hcache
            if rmask.bit_count() >= self.p.houses_left:
                if self.lcache is None:
                    self.lcache = {}
                cache = self.lcache
                hit = cache.get(rmask)
                if hit is not None:
                    return hit
            hit = cache[rmask] = self.best_placement(rmask)
        return hit

    def best_placement(self, rmask: int):
        """(value, mask) of the best placement of houses when scoring a route through ``rmask`` (3a): the first of
        the most valuable in the order of :func:`~thurn.scoring.placement_masks` (most houses first, then the lowest
        cities). Only one placement per count of houses by province is valued (see :func:`_placement_kinds`)."""
        p = self.p
        cap = min(p.houses_left, rmask.bit_count())
        best, bm = NEG, 0
        free = rmask & ~p.houses
        t = self.t
        for m in t.placement_kinds(free, cap, self.s.rules.optional_houses, t.full_province(rmask, free)):
            v = self.mask_value(m)
            if v > best or (v == best and _ranks_before(m, bm)):
                best, bm = v, m
        return best, bm

    # -- chances of finding a card that fits ------------------------------------------------------------------------
    def unseen(self):
        """The cards the player cannot see (other hands, deck, discard pile) as ``(present, total, packed)``:
        ``present`` the cities of which a copy is unseen, ``total`` the number of cards (at least 1), ``packed``
        for each ``t`` the cities of which more than ``t`` copies are unseen, side by side in one number (see
        :meth:`unseen_count`)."""
        u = self._unseen
        if u is None:
            s, hm, dmask = self.s, self.hm, self.dmask
            sets = [q.rmask for q in s.players]     # a route holds a city once (base rules, 2)
            cards = []                              # the cards in view that are not in a set
            if len(self.p.hand) == hm.bit_count():
                sets.append(hm)
            else:
                cards.extend(self.p.hand)
            if self.shown == dmask.bit_count():
                sets.append(dmask)
            else:
                cards.extend(c for c in s.display if c >= 0)
            n, copies = len(self.adj), self.b.card_copies
            packed = self.t.all_copies & ~(_levels(sets, cards, copies, n))
            total = packed.bit_count()
            u = self._unseen = (packed & ((1 << n) - 1), total if total > 1 else 1, packed)
        return u

    def unseen_count(self, mask: int) -> int:
        """How many unseen cards show a city of ``mask``: ``mask`` copied to every level, counted in one go."""
        return (mask * self.t.spread & (self._unseen or self.unseen())[2]).bit_count()

    def p_fit(self, l: int, r: int, rmask: int) -> float:
        """The chance that next turn's draw(s) bring a card that fits an end (l or r) of the route: a card from
        the unseen ones (two tries: the Postmaster), better when one is face up in the display."""
        fits = (self.adj[l] | self.adj[r]) & ~rmask
        _, total, packed = self._unseen or self.unseen()
        miss = (1.0 - (fits * self.t.spread & packed).bit_count() / total) ** 2
        if fits & self.dmask:
            miss *= 0.5
        return 0.95 if miss < 0.05 else 1.0 - miss

    # -- values of positions --------------------------------------------------------------------------------------
    def run(self, rmask: int, l: int, r: int, hm: int) -> int:
        """The longest run of hand cards (``hm``) that extend the route one after the other."""
        return _chain(self.adj, self.memo, l, r, hm & ~rmask)

    def cont(self, rmask: int, l: int, r: int, k: int, detail: bool = False):
        """Building on the route (not scoring this turn), ``k`` hand cards extending it: the best of scoring it
        ``j`` turns later, less ``rate`` a turn; turns beyond ``k`` need a card that fits (``p_fit``); a plan
        longer than the turns left before the game ends brings nothing (the plans: :class:`_Plans`)."""
        n = rmask.bit_count()
        plan = self.plan_memo.get(n << 6 | k)
        if plan is None:
            plan = self.plans.of(n, k)
        if not plan:
            return (0.0, 0) if detail else 0.0
        safe, risky, lead = plan
        h = (self.hcache.get(rmask) or self.houses(rmask))[0]
        best, bj = NEG, 0
        for j, ext, tiles, cost in safe:
            v = h + ext + tiles - cost
            if v > best:
                best, bj = v, j
        if risky:
            p = self.p_fit(l, r, rmask)
            pp = p ** lead if lead >= 0 else 1.0
            for j, ext, tiles, cost in risky:
                pp *= p
                v = pp * (h + ext + tiles) - cost
                if v > best:
                    best, bj = v, j
        return (best, bj) if detail else best

    def score_now(self, rmask: int, cartwright: bool) -> float:
        m = rmask.bit_count()
        return self.houses(rmask)[0] + self.carriage(m, cartwright) + self.L[m if m < 16 else 15]

    def after_play(self, rmask: int, l: int, r: int, hm: int, cartwright: bool) -> float:
        """The route just played to: the better of scoring now (3 or more cards) and building on. Memoised by
        what it depends on: the route's cities and ends (either way round), the run of hand cards that extend it,
        the Cartwright (only where he can help: a route of level - 2 or level - 1 cards, 3c)."""
        if l > r:
            l, r = r, l
        avail = hm & ~rmask
        adj = self.adj
        if (adj[l] | adj[r]) & avail:
            k = self.memo.get(avail << 12 | l << 6 | r)
            if k is None:
                k = _chain(adj, self.memo, l, r, avail)
        else:
            k = 0
        m = rmask.bit_count()
        if cartwright and not self.cartwright_lengths >> m & 1:
            cartwright = False
        key = ((rmask << 12 | l << 6 | r) << 6 | k) << 1 | cartwright
        v = self.acache.get(key)
        if v is None:
            v = self.cont(rmask, l, r, k)
            if m >= 3:
                x = (self.hcache.get(rmask) or self.houses(rmask))[0] + self.plans.now[cartwright][m] + \
                    self.L[m if m < 16 else 15]
                if x > v:
                    v = x
            self.acache[key] = v
        return v

    def plays(self, hm: int):
        """Every (card, end, route mask, left end, right end) a hand ``hm`` can play now. A new route only
        when no card fits or the route is a single card (discarding a longer route is never better)."""
        route, adj = self.route, self.adj
        out = []
        if route:
            l, r = route[0], route[-1]
            rmask = self.p.rmask
            fits = hm & (adj[l] | adj[r]) & ~rmask
            while fits:
                low = fits & -fits
                fits ^= low
                c = low.bit_length() - 1
                a = adj[c]
                if a >> l & 1:
                    out.append((c, "left", rmask | low, c, r))
                if a >> r & 1 and r != l:
                    out.append((c, "right", rmask | low, l, c))
            if out and len(route) > 1:
                return out
        rest = hm
        while rest:
            low = rest & -rest
            rest ^= low
            c = low.bit_length() - 1
            out.append((c, "new", low, c, c))
        return out

    def best_play(self, hm: int, cartwright: bool):
        """(value, play) of the best card to play with the hand ``hm`` (after a draw)."""
        best, arg = NEG, None
        after = self.after_play
        for play in self.plays(hm):
            v = after(play[2], play[3], play[4], hm, cartwright)
            if v > best:
                best, arg = v, play
        return best, arg

    def draw_gains(self, cartwright: bool):
        """The base value (the best play with the hand as it is), each display city's value, and the deck's
        expected value (base rules, 1).

        A drawn card is worth the better of playing it (at an end, or as a new route when that is allowed) and
        playing what the base plan plays while holding it (it may lengthen the run of cards that fit). A card far
        from the route's ends and from the hand changes nothing. The deck is the chance-weighted gain of playing
        each unseen city that fits an end (or joins a card in hand, with no route)."""
        hm = self.hm
        if not hm:
            return self.empty_hand_gains(cartwright)
        base, bplay = self.best_play(hm, cartwright)
        route, adj, after = self.route, self.adj, self.after_play
        near = 0
        rest = hm
        while rest:
            low = rest & -rest
            rest ^= low
            near |= adj[low.bit_length() - 1]
        if route:
            rmask = self.p.rmask
            l, r = route[0], route[-1]
            ends = adj[l] | adj[r]
            near = (near | ends) & ~rmask
            deck_cards = ends & ~rmask & ~hm
            new_ok = len(route) == 1 or not hm & ends & ~rmask
        else:
            deck_cards = near & ~hm
            new_ok = True
        shown = {}
        present, total, _ = self._unseen or self.unseen()
        deck = base
        dmask = self.dmask
        cands = deck_cards | dmask
        while cands:
            low = cands & -cands
            cands ^= low
            c = low.bit_length() - 1
            v = base
            if near & low or new_ok:
                h2 = hm | low
                if route and not rmask & low:          # the card itself at an end (see own_play)
                    a = adj[c]
                    if a >> l & 1:
                        x = after(rmask | low, c, r, h2, cartwright)
                        if x > v:
                            v = x
                    if a >> r & 1 and r != l:
                        x = after(rmask | low, l, c, h2, cartwright)
                        if x > v:
                            v = x
                if new_ok:                              # or a new route
                    x = after(low, c, c, h2, cartwright)
                    if x > v:
                        v = x
                if bplay is not None and near & low and dmask & low:
                    x = after(bplay[2], bplay[3], bplay[4], h2, cartwright)
                    if x > v:
                        v = x
            if dmask & low:
                shown[c] = v
            if deck_cards & low and present & low and v > base:
                deck += self.unseen_count(low) / total * (v - base)
        return base, shown, deck

    def empty_hand_gains(self, cartwright: bool):
        """:meth:`draw_gains` with an empty hand: the card drawn is the card played, so the deck is worth the
        average over the unseen cities of playing one. When a second draw follows (the Postmaster must help an
        empty hand, base rules 1), a card is worth the best pair it makes with a card that stays face up."""
        present, total, _ = self._unseen or self.unseen()
        s, adj, dmask = self.s, self.adj, self.dmask
        pairs = s.draws_allowed - s.draws >= 2
        values = {}
        for c in range(len(adj)):
            if (present | dmask) >> c & 1:
                v = self.own_play(c, 1 << c, cartwright, True)
                if pairs:
                    partners = adj[c] & dmask
                    while partners:
                        low = partners & -partners
                        partners ^= low
                        x = self.best_play(1 << c | low, cartwright)[0]
                        if x > v:
                            v = x
                values[c] = v
        deck = sum(self.unseen_count(1 << c) * v for c, v in values.items()) / total
        return NEG, {c: values[c] for c in _bits(dmask)}, deck

    def own_play(self, c: int, hm: int, cartwright: bool, new_ok: bool) -> float:
        """The best play of the card ``c`` itself: at an end of the route, or starting a new route."""
        route, adj = self.route, self.adj
        best = NEG
        if route:
            l, r = route[0], route[-1]
            rmask = self.p.rmask | 1 << c
            if not self.p.rmask >> c & 1:
                if adj[c] >> l & 1:
                    best = self.after_play(rmask, c, r, hm, cartwright)
                if adj[c] >> r & 1 and r != l:
                    x = self.after_play(rmask, l, c, hm, cartwright)
                    if x > best:
                        best = x
        if new_ok:
            x = self.after_play(1 << c, c, c, hm, cartwright)
            if x > best:
                best = x
        return best

    def fit_chance(self) -> float:
        """The chance that one unseen card fits an end of the route (or joins a card in hand, with no route)."""
        total = self.unseen()[1]
        route, adj = self.route, self.adj
        if route:
            fits = (adj[route[0]] | adj[route[-1]]) & ~self.p.rmask
        else:
            fits = 0
            for c in _bits(self.hm):
                fits |= adj[c]
        return self.unseen_count(fits) / total


class GreedyBot:
    """A bot that plays the legal action its heuristic values most (see the module docstring).

    ``GreedyBot(seed)`` or ``GreedyBot(seed=1, rate=1.2)``: ``seed`` seeds the tie-breaks (any int or str;
    ``None`` from the system); keyword options override the numbers of :class:`Weights`. ``avoid``: officials
    the bot never calls (a name, several joined by ``+``, or a list: ``postmaster``, ``administrator``,
    ``cartwright``, ``postal_carrier``), unless the rules leave nothing else; for experiments on what an
    official is worth (base rules, 1–3c). ``rush``: score a route the moment it earns the next carriage, with
    the Cartwright if he helps, to climb the carriage track to 7 as fast as possible (3c): the carriage-7 rush.
    """

    name = "greedy"

    def __init__(self, seed=None, weights: Weights | None = None, *, avoid=(), rush: bool = False, **options):
        known = {f.name for f in fields(Weights)}
        bad = sorted(set(options) - known)
        if bad:
            raise TypeError(f"GreedyBot has no option {', '.join(map(repr, bad))}; its options are "
                            f"{', '.join(sorted(known | {'avoid', 'rush'}))}.")
        self.seed = seed
        self.rng = _random.Random(seed)
        self.weights = replace(weights or Weights(), **options)
        self.avoid = _officials(avoid)
        if not isinstance(rush, bool):
            raise TypeError(f"rush should be True or False, not {rush!r}.")
        self.rush = rush

    def __repr__(self):
        extra = f", avoid={'+'.join(sorted(self.avoid))!r}" if self.avoid else ""
        extra += ", rush=True" if self.rush else ""
        return f"GreedyBot(seed={self.seed!r}{extra})"

    def _allowed(self, values, state):
        """``values`` without the calls of the officials the bot avoids (all of them if nothing else is left);
        when rushing, only the Score actions that take a carriage if there are any."""
        if self.avoid:
            values = [(v, a) for v, a in values if _official_of(a) not in self.avoid] or values
        if self.rush and state.step == "score":
            values = [(v, a) for v, a in values if _takes_carriage(state, a)] or values
        return values

    # -- choosing ------------------------------------------------------------------------------------------------
    def choose(self, state) -> Action:
        """The legal action of ``state`` with the highest value (ties broken by the bot's generator)."""
        values = self._allowed(_values(state, self.weights), state)
        if not values:
            raise ValueError(f"{self.name}: no legal action to choose from in {state!r}.")
        top = values[0][0]
        for v, _ in values:
            if v > top:
                top = v
        top -= 1e-9
        best = [a for v, a in values if v >= top]
        return best[0] if len(best) == 1 else best[self.rng.randrange(len(best))]

    def score_actions(self, state) -> list[tuple[float, Action, str]]:
        """Every legal action with its value and the reason in words, best first."""
        values = self._allowed(_values(state, self.weights, always=True), state)
        ev = _Eval(state, self.weights) if values else None
        out = [(v, a, _reason(ev, state, a)) for v, a in values]
        out.sort(key=lambda t: -t[0])
        return out


OFFICIALS = ("postmaster", "administrator", "cartwright", "postal_carrier")


def _officials(avoid) -> frozenset:
    """The officials named by ``avoid`` (a name, names joined by ``+``, or a list), checked."""
    if isinstance(avoid, str):
        avoid = [a for a in avoid.replace(",", "+").split("+") if a.strip()]
    names = frozenset(str(a).strip().lower() for a in avoid)
    bad = sorted(names - set(OFFICIALS))
    if bad:
        from ..errors import UnknownName
        raise UnknownName("official", bad[0], OFFICIALS)
    return names


def _official_of(a):
    """The official an action calls (the Cartwright with a Score action, base rules 3c), or None."""
    if a.kind == "official":
        return a.resolved
    if a.kind == "score" and a.cartwright:
        return "cartwright"
    return None


def _takes_carriage(state, a) -> bool:
    """Whether the Score action ``a`` takes the next carriage (base rules, 3c; a declined one is not taken, R9)."""
    return a.kind == "score" and a.carriage and earns_carriage(state, state.players[state.to_move], a.cartwright)


# -- the values of the legal actions ---------------------------------------------------------------------------------

def _values(state, w: Weights, always: bool = False) -> list[tuple[float, Action]]:
    """(value, action) for every legal action; a lone action is valued only when ``always``."""
    actions = state.legal_actions()
    if not actions or (len(actions) == 1 and not always):
        return [(0.0, a) for a in actions]
    ev = _Eval(state, w)
    step = state.step
    if step == "draw":
        return _draw_values(ev, state, actions)
    if step == "play":
        return _play_values(ev, state, actions)
    if step == "score":
        return _score_values(ev, state, actions)
    if step == "keep":
        return _keep_values(ev, actions)
    return [(NEG, a) for a in actions]


def _draw_values(ev: _Eval, s, actions):
    """Base rules, 1: the card that allows the best play this turn; the Postmaster for a second card; the
    Administrator for a new display."""
    w = ev.w
    cw = not s.officials           # no official yet: the Cartwright may still help when scoring
    base, shown, deck = ev.draw_gains(cw)
    gains = sorted([v - base for v in shown.values()] + [deck - base] * 2, reverse=True)
    out = []
    for a in actions:
        kind = a.kind
        if kind == "draw":
            out.append((deck if a.resolved < 0 else shown[a.resolved], a))
        elif kind == "official" and a.resolved == "postmaster":
            out.append((base + gains[0] + w.second_draw * gains[1] - w.official_cost - _cartwright_loss(ev), a))
        elif kind == "official" and a.resolved == "administrator":
            q = ev.fit_chance()
            best_shown = max(shown.values(), default=base)
            avg = (deck - base) / q if q > 0 else 0.0
            v = base + (1.0 - (1.0 - q) ** len(s.display)) * avg - w.official_cost - _cartwright_loss(ev)
            out.append((v if best_shown <= deck else min(v, best_shown - 0.01), a))
        else:
            out.append((NEG, a))
    return out


def _cartwright_loss(ev: _Eval) -> float:
    """What calling another official now costs when this turn's route would need the Cartwright (3c)."""
    lev, route = ev.level, ev.route
    n = len(route) + 1
    if lev is None or ev.s.officials or not route or n >= lev or n < max(3, lev - 2):
        return 0.0
    return ev.cval


def _play_values(ev: _Eval, s, actions):
    """Base rules, 2: the card that keeps the route extendable and heads where houses can go, the Postal
    Carrier's second card counted in; the Postmaster for a second draw before playing (base rules, 1)."""
    cw = not s.officials
    carrier = cw and s.plays == 0
    hm = ev.hm
    out = []
    for a in actions:
        kind = a.kind
        if kind == "play":
            rmask, l, r = _played(ev, a)
            v = ev.after_play(rmask, l, r, hm, cw)
            if carrier:
                v = max(v, _carrier_value(ev, rmask, l, r))
            out.append((v, a))
        elif kind == "official" and a.resolved == "postmaster":
            out.append((_second_draw_value(ev), a))
        else:
            out.append((NEG, a))
    return out


def _played(ev: _Eval, a):
    """The route (mask, left end, right end) after the play ``a``."""
    c = a.resolved
    if a.end == "new" or not ev.route:
        return 1 << c, c, c
    if a.end == "left":
        return ev.p.rmask | 1 << c, c, ev.route[-1]
    return ev.p.rmask | 1 << c, ev.route[0], c


def _second_draw_value(ev: _Eval) -> float:
    """The Postmaster after the first draw (base rules, 1): the best second card when no card in hand fits the
    route; with a card that fits, only the play it allows already, less the official's cost."""
    w, route, adj = ev.w, ev.route, ev.adj
    if route and ev.hm & (adj[route[0]] | adj[route[-1]]) & ~ev.p.rmask:
        return ev.best_play(ev.hm, False)[0] - w.official_cost - _cartwright_loss(ev)
    base, shown, deck = ev.draw_gains(False)
    return max([deck] + list(shown.values())) - w.official_cost


def _carrier_value(ev: _Eval, rmask: int, l: int, r: int) -> float:
    """The Postal Carrier's second card (base rules, 2): the best play of another card that fits the route."""
    adj, hm = ev.adj, ev.hm
    fits = hm & (adj[l] | adj[r]) & ~rmask
    best = NEG
    while fits:
        low = fits & -fits
        fits ^= low
        c = low.bit_length() - 1
        if adj[c] >> l & 1:
            best = max(best, ev.after_play(rmask | low, c, r, hm, False) - 0.05)
        if adj[c] >> r & 1:
            best = max(best, ev.after_play(rmask | low, l, c, hm, False) - 0.05)
    return best


def _score_values(ev: _Eval, s, actions):
    """Base rules, 3: score now (houses, tiles, carriage) or build on; the Postal Carrier for a second card."""
    route, rmask, hm = ev.route, ev.p.rmask, ev.hm
    n = len(route)
    out = []
    for a in actions:
        kind = a.kind
        if kind == "score":
            v = ev.mask_value(a.resolved) + ev.L[n if n < 16 else 15]
            if not a.carriage:
                v -= 0.01                 # declining the carriage (R9) only when taking it costs
            else:
                v += ev.carriage(n, a.cartwright)
            if a.cartwright:
                v -= 0.01                 # the Cartwright only when he adds the carriage
            out.append((v, a))
        elif kind == "end":
            out.append((ev.cont(rmask, route[0], route[-1], ev.run(rmask, route[0], route[-1], hm)), a))
        elif kind == "official":
            out.append((_carrier_value(ev, rmask, route[0], route[-1]), a))
        else:
            out.append((NEG, a))
    return out


def _keep_values(ev: _Eval, actions):
    """Base rules, 3d: keep the three cards that start the best new route."""
    out = []
    for a in actions:
        km = 0
        for c in a.resolved:
            km |= 1 << c
        best = NEG
        for c in _bits(km):
            v = ev.cont(1 << c, c, c, ev.run(1 << c, c, c, km))
            if v > best:
                best = v
        out.append((best + 0.01 * km.bit_count(), a))
    return out


# -- reasons in words -------------------------------------------------------------------------------------------------

def _names(b, mask: int) -> str:
    return ", ".join(b.names_of(mask))


def _route_after(ev: _Eval, c: int, end: str) -> tuple:
    if end == "new" or not ev.route:
        return (c,)
    return (c,) + ev.route if end == "left" else ev.route + (c,)


def _route_text(b, route) -> str:
    return "–".join(b.city_name(c) for c in route)


def _score_text(ev: _Eval, rmask: int, cartwright: bool, mask: int | None = None, carriage: bool = True) -> str:
    """What scoring the route brings: houses, province tiles, route tile, carriage (base rules, 3a–3c)."""
    b = ev.b
    m = rmask.bit_count()
    if mask is None:
        mask = ev.houses(rmask)[1]
    n = mask.bit_count()
    parts = [f"{n} house{'s' if n != 1 else ''}" + (f" ({_names(b, mask)})" if n else "")]
    groups, allp = ev.groups()
    done = [value for missing, value, _, _ in groups if missing and missing & mask == missing]
    if allp is not None and allp[0] and all(pm & mask for pm in allp[0]):
        done.append(allp[1])
    if done:
        parts.append(f"province tile{'s' if len(done) > 1 else ''} {' + '.join(map(str, done))}")
    length_tile = ev.L[m if m < 16 else 15]
    if length_tile:
        parts.append(f"route tile {length_tile}")
    if not carriage:
        parts.append(f"carriage {ev.level} declined" + (": taking it would end the game behind" if ev.cval < 0 else ""))
    elif ev.carriage(m, cartwright):
        parts.append(f"carriage {ev.level}" + (" with the Cartwright" if m < ev.level else ""))
    if ev.p.houses_left and n == ev.p.houses_left and not ev.final:
        parts.append("the last house ends the game")
    return ", ".join(parts)


def _build_text(ev: _Eval, rmask: int, l: int, r: int, k: int, j: int) -> str:
    """Why building on: the safe run of hand cards, the chance of a card that fits, the length aimed at."""
    n = rmask.bit_count()
    if k:
        safe = f"{k} card{'s' if k != 1 else ''} in hand extend{'s' if k == 1 else ''} it"
    else:
        safe = f"no card in hand extends it (a {ev.p_fit(l, r, rmask):.0%} chance to draw one that fits)"
    if not j:
        return f"{safe}; the game ends before it can be scored"
    m = n + j
    aim = [f"aim at {m} cards"]
    if ev.level is not None and m >= ev.level - 2:
        aim.append(f"carriage {ev.level}" + (" with the Cartwright" if m < ev.level else ""))
    if ev.L[m if m < 16 else 15]:
        aim.append(f"route tile {ev.L[m if m < 16 else 15]}")
    return f"{safe}; {', '.join(aim)}"


def _plan_text(ev: _Eval, route, hm: int, cartwright: bool) -> str:
    """What the bot means to do with ``route`` after playing to it: score now, or build on (and why)."""
    rmask = 0
    for c in route:
        rmask |= 1 << c
    l, r = route[0], route[-1]
    k = ev.run(rmask, l, r, hm)
    cont, j = ev.cont(rmask, l, r, k, detail=True)
    head = f"{_route_text(ev.b, route)} ({len(route)} card{'s' if len(route) != 1 else ''})"
    if len(route) >= 3 and ev.score_now(rmask, cartwright) >= cont:
        return f"{head}, scored now: {_score_text(ev, rmask, cartwright)}"
    if ev.final:
        return f"{head}, too short to score on the last turn"
    return f"{head}, built on: {_build_text(ev, rmask, l, r, k, j)}"


def _reason(ev: _Eval | None, s, a) -> str:
    """The reason for an action in words, from the same evaluation that valued it."""
    if ev is None:
        return "the only legal action"
    b = ev.b
    kind = a.kind
    cw = not s.officials
    if kind == "draw":
        if a.resolved < 0:
            if not ev.hm:
                return "a card from the deck, to start a route with (base rules, 1)"
            return (f"a card from the deck fits with chance {ev.fit_chance():.0%}; no card face up does more "
                    f"(base rules, 1)")
        hm = ev.hm | 1 << a.resolved
        if not ev.hm and s.draws_allowed - s.draws >= 2:
            partner = max(_bits(ev.adj[a.resolved] & ev.dmask), default=None,
                          key=lambda d: ev.best_play(hm | 1 << d, cw)[0])
            if partner is not None and ev.best_play(hm | 1 << partner, cw)[0] > ev.best_play(hm, cw)[0]:
                v, play = ev.best_play(hm | 1 << partner, cw)
                c, end = play[0], play[1]
                then = f"start a route with {b.city_name(c)}" if end == "new" else \
                    f"play {b.city_name(c)} at the {end} end"
                return (f"then take {b.city_name(partner)} too (it stays face up) and {then}: "
                        f"{_plan_text(ev, _route_after(ev, c, end), hm | 1 << partner, cw)} (base rules, 1–2)")
        v, play = ev.best_play(hm, cw)
        if play is None:
            return f"{b.city_name(a.resolved)}: nothing to play after it (base rules, 1)"
        c, end = play[0], play[1]
        then = f"start a new route with {b.city_name(c)}" if end == "new" else \
            f"play {b.city_name(c)} at the {end} end"
        return f"then {then}: {_plan_text(ev, _route_after(ev, c, end), hm, cw)} (base rules, 1–2)"
    if kind == "official":
        if a.resolved == "postmaster":
            if s.step == "play":
                return "the Postmaster draws a second card before playing (base rules, 1)"
            return "the Postmaster draws a second card: two cards to extend the route (base rules, 1)"
        if a.resolved == "administrator":
            return (f"the Administrator replaces the display: each new card fits with chance "
                    f"{ev.fit_chance():.0%} (base rules, 1)")
        if a.resolved == "postal_carrier":
            return "the Postal Carrier plays a second card that fits: the route grows twice this turn (base rules, 2)"
        return "an official"
    if kind == "play":
        route = _route_after(ev, a.resolved, a.end)
        if a.end == "new":
            lost = f" (discards {_route_text(b, ev.route)})" if ev.route else ""
            return f"start a new route{lost}: {_plan_text(ev, route, ev.hm, cw)} (base rules, 2)"
        return f"extends the route to {_plan_text(ev, route, ev.hm, cw)} (base rules, 2)"
    if kind == "score":
        return (f"score {_route_text(b, ev.route)} now: {_score_text(ev, ev.p.rmask, a.cartwright, a.resolved, a.carriage)} "
                f"(base rules, 3a–3c)")
    if kind == "end":
        if ev.final:
            return "end the turn: the game ends after this round (Game End and Scoring)"
        route, rmask = ev.route, ev.p.rmask
        k = ev.run(rmask, route[0], route[-1], ev.hm)
        j = ev.cont(rmask, route[0], route[-1], k, detail=True)[1]
        return (f"keep building {_route_text(b, route)}: {_build_text(ev, rmask, route[0], route[-1], k, j)} "
                f"(base rules, 3)")
    if kind == "keep":
        return f"keep {', '.join(b.city_name(c) for c in a.resolved)}: the best start for the next route (base rules, 3d)"
    return "no heuristic for this kind of action"
