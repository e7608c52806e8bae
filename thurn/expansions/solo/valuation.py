"""The bots' valuation of SoloPlay (:class:`thurn.bots.valuation.Valuation`): GreedyBot's evaluation with SoloPlay's
score (SoloPlay, 6) in place of the base game's, and SoloPlay's own decisions.

**The score, as the bot expects it at the end** (:class:`SoloEval`; the search bot's leaf, :func:`points` and
:func:`credits`):

- *houses* (6.3): the remaining-houses table read at the houses expected to be left at the end
  (:func:`final_left`): those left now less the houses the bot expects to place in the turns left
  (:data:`HOUSES_A_TURN`), but never fewer than the colours' imbalance leaves (the game ends when one colour runs
  out, 6: what the others still hold then stays). The table is smoothed (:func:`smooth_points`), so that a house
  placed is worth the table's slope where the game is heading: one point far from it, two to five close to it.
  Placing a colour's last house ends the game (6): the table is read then as it is, and the turns left are lost;
- *coach sets* (5): the sets' points, and a share (:data:`GAP_SHARE` for each gap) of what a set would score once
  its missing coach cards are taken (a coach 5 without a 4 is worth something: the 4 may come);
- *tiles* (4.4c): the distance tile of the route's length, the region tiles its houses complete in their colour (or
  in any, option ``regions``), and a share (:data:`PROGRESS`) of a region tile for each house towards it;
- *discard pile 1* (6.4): half a point a card: a route given up, the cards over the hand limit after a completion,
  the display the Administrator replaces (option ``administrator=pile_1``).

A route is completed only with a coach card of its exact length (4.4d): the plans of building a route on aim at a
length whose coach card is left, or one or two short of it with the Cartwright. The colour is the best of those on
the Route Planner (4.5), or the one declared (option ``colour_declared=start``).

**SoloPlay's own decisions**: the 1-point tile goes on the stack whose top tile is worth most (4.4c; with
``bonus_tile=repeat`` the tile under it counts too, the stack giving more later); the hand-management bonus (4.6)
puts under the deck the face-up cards worth less to the bot than a card from the deck; the colour declared when a
route is started (``colour_declared=start``) is the one whose houses the route and the hand can place best.
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from ...bots.greedy.evaluation import Eval, HouseCache
from ...bots.greedy.explain import number
from ...bots.valuation import Valuation
from ...bots.greedy.tables import MAX_PLAN_LENGTH, MEMO_SIZE, NEG, TABLES, Plans, board_tables, chain
from ...effects import colour_houses
from ...piles import pile
from . import rules as so

#: Houses the bot expects to place a turn (measured, BENCHMARKS.md "Issue 26").
HOUSES_A_TURN = 0.0
#: The spread of the houses left at the end (houses): this much, and this much more a turn before the end.
SPREAD_BASE = 1.0
SPREAD_TURN = 0.12
#: Cards the deck gives a turn (a card a turn, the Postmaster's second one now and then).
CARDS_A_TURN = 1.25
#: Of the cards still to be drawn before pile 2 is made the new deck, the share that will be in it (played in
#: completed routes, 4.7).
REUSED = 0.6
#: The share of a region tile credited for each house towards it (its missing cities).
PROGRESS = 0.25
#: What a set of coach cards would add once a missing coach card is taken, counted this much per gap.
GAP_SHARE = 0.45
#: Points a turn is worth beyond the houses (coach cards, tiles): what ending the game early gives up.
POINTS_A_TURN = 0.7
#: The imbalance of the colours counts this much towards the houses left at the end (a colour running out ends the
#: game, 6).
IMBALANCE = 0.8
#: A point a card on discard pile 1 (6.4: a point for every two).
CARD = 0.5
#: A card more in hand than the hand limit leaves room for is this share of a card on pile 1 (4.4e: over 3 after a
#: completion the excess is discarded): the Postmaster's second card, with a hand of two or more.
HAND_COST = 2.0
#: A card that leaves the game (the Administrator's display): a draw fewer before the deck is exhausted.
LOST_CARD = 0.6
#: The tempo cost of a turn and the houses a further card of a route adds, in house values.
RATE = 1.0
HOUSE_EXT = 0.45
#: A card of a route given up (pile 1, 6.4) in the plans of building on: the chance of no card that fits.
ABANDON = 0.5
#: A coach card of a length missed (no coach card left): scoring a route of that length is impossible (4.4d).
IMPOSSIBLE = -60.0


# -- the houses (6.3) ------------------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def _exact() -> tuple:
    return tuple(so.houses_left_points(n) for n in range(0, 200))


@lru_cache(maxsize=100_000)
def _smoothed(mean4: int, sigma2: int) -> float:
    """The table (6.3) expected at a final count of houses spread normally around ``mean4 / 4`` with the spread
    ``sigma2 / 2`` (cached on those steps)."""
    import math
    mean, sigma = mean4 / 4.0, max(0.5, sigma2 / 2.0)
    exact = _exact()
    lo, hi = int(mean - 3 * sigma) - 1, int(mean + 3 * sigma) + 2
    acc = tot = 0.0
    for k in range(lo, hi + 1):
        wt = math.exp(-0.5 * ((k - mean) / sigma) ** 2)
        acc += wt * (exact[k] if k >= 0 else exact[0]) if k < 200 else wt * -(k - 8)
        tot += wt
    return acc / tot


def smooth_points(left: float, sigma: float = 1.0) -> float:
    """The remaining-houses table (6.3) expected when the houses left at the end are about ``left``, give or take
    ``sigma``."""
    if left > 150:
        return -(left - 8)
    return _smoothed(round(left * 4), round(sigma * 2))


def spread(turns: float) -> float:
    """How uncertain the houses left at the end are, ``turns`` before it (houses)."""
    return SPREAD_BASE + SPREAD_TURN * turns


def turns_left(s) -> float:
    """About how many turns the game has left: the cards still to be drawn (the deck, and the new deck pile 2 will
    make, 4.7) at :data:`CARDS_A_TURN` a turn; the last turn once the end is triggered (6)."""
    if s.end_by is not None or s.step == "over":
        return 0.0
    cards = len(s.deck)
    if s.shuffles == 0:
        cards += len(s.discard) + REUSED * len(s.deck)
    return cards / CARDS_A_TURN


def final_left(lefts, turns: float) -> float:
    """The houses expected to be left at the end (6): those left now less :data:`HOUSES_A_TURN` a turn, never fewer
    than the colours' imbalance leaves (the game ends when one colour is out)."""
    total = sum(lefts)
    low = min(lefts)
    imbalance = IMBALANCE * (total - low * len(lefts))
    return max(total - HOUSES_A_TURN * turns, imbalance, 0.0)


_WORTH: dict = {}       # (id(rules), lefts, turns) -> (rules, houses_worth)


def houses_worth(rules, lefts, turns: float) -> float:
    """The remaining-houses points the bot expects at the end with ``lefts`` houses of each colour left now (kept
    per rules, houses left and turns left)."""
    key = (id(rules), tuple(lefts), turns)
    hit = _WORTH.get(key)
    if hit is None or hit[0] is not rules:
        if len(_WORTH) > 50_000:
            _WORTH.clear()
        hit = _WORTH[key] = (rules, new_houses_worth(rules, lefts, turns))
    return hit[1]


def new_houses_worth(rules, lefts, turns: float) -> float:
    """:func:`houses_worth` worked out."""
    sigma = spread(turns)
    if rules.option("houses_left") == "per_colour":
        f = final_left(lefts, turns)
        total = sum(lefts) or 1
        return sum(smooth_points(f * x / total, sigma / 2) for x in lefts)
    return smooth_points(final_left(lefts, turns), sigma)


# -- the coach cards (5) ----------------------------------------------------------------------------------------------

@lru_cache(maxsize=4096)
def coach_worth(coaches: tuple) -> float:
    """The coach cards' sets (5), and :data:`GAP_SHARE` per missing card of what each set would score complete up to
    its highest card: layer ``k`` holds the ``k``-th card of each length."""
    table = dict(so.components().sets)
    counts = {}
    for c in coaches:
        counts[c] = counts.get(c, 0) + 1
    top = max(counts, default=0)
    v = 0.0
    for k in range(1, max(counts.values(), default=0) + 1):
        have = [lev for lev in range(3, top + 1) if counts.get(lev, 0) >= k]
        if not have:
            continue
        run = 2
        while counts.get(run + 1, 0) >= k:
            run += 1
        real = table.get(run, 0)
        high = max(have)
        gaps = sum(1 for lev in range(3, high + 1) if counts.get(lev, 0) < k)
        v += real + (GAP_SHARE ** gaps) * (table.get(high, 0) - real) if gaps else real
    return v


def coach_gain(coaches: tuple, k: int) -> float:
    return coach_worth(tuple(sorted(coaches + (k,)))) - coach_worth(tuple(sorted(coaches)))


# -- the evaluation ----------------------------------------------------------------------------------------------------

def open_colours(s) -> tuple:
    """The colours the route being built may be completed in (4.4a, 4.5): the one declared, or those on the Route
    Planner with houses left."""
    S = so.solo(s)
    p = s.players[s.to_move]
    if S.declared:
        return (S.declared,)
    return tuple(c for c, _, left in p.colours if c in S.planner and left > 0)


_CACHES: dict = {}      # the plans and the house values (cleared beyond 2048 entries, as they always were)
_SCORES: dict = {}      # what read_scores sets, per what it reads: cleared with _CACHES (it holds their house values)
_REGIONS: dict = {}     # the region tiles' values per colour state, stacks, marker and end (see region_value)


def _clear() -> None:
    """:data:`_CACHES` cleared, and :data:`_SCORES` with it (so that a house cache is never used after it left)."""
    _CACHES.clear()
    _SCORES.clear()


class SoloEval(Eval):
    """GreedyBot's evaluation (:class:`thurn.bots.greedy.evaluation.Eval`) with SoloPlay's score: the houses of the
    best open colour, the coach card of the route's exact length, no carriage track (see the module docstring)."""

    __slots__ = ("colours", "lefts", "turns", "worth0", "unit", "tiles_by_len", "coach_by_len", "region_memo",
                 "per_colour")
    abandon = ABANDON           # Eval.cont: each risky plan less the cards lost to pile 1 when no card that fits comes

    def __init__(self, state, w):
        s = state
        b = self.b = s.board
        self.s, self.w = s, w
        self.adj = b.adj
        self.seat = s.to_move
        p = self.p = s.players[self.seat]
        hm = 0
        for c in p.hand:
            hm |= b.card_bit[c]
        self.hm = hm
        self.route = b.cities_of(p.route)
        self.min_route = b.min_route
        self.final = s.end_by is not None
        t = self.t = TABLES.get(b) or board_tables(b)
        if len(t.memo) > MEMO_SIZE:
            t.memo.clear()
        self.memo = t.memo
        self.read_scores(s, p, w)
        self.lcache = None
        self.plan_memo = self.plans.memo
        self.spread = t.spread
        self._unseen = None
        self.dmask, self.shown = t.display_bits(s.display)
        self.acache = {}

    #: what :meth:`read_scores` sets, kept per what it reads (see there)
    SCORES = ("my_total", "opp_best", "end_tile", "level", "cval", "cartwright_lengths", "colours", "lefts", "turns",
              "final", "horizon", "worth0", "unit", "L", "coach_by_len", "tiles_by_len", "plans", "hcache", "mcache",
              "hctx", "region_memo", "per_colour")

    def read_scores(self, s, p, w):
        """The scores' part of the evaluation (:data:`SCORES`), kept per what it depends on: the board, rules and
        weights, the player's colours and coach cards, the coach cards left, the stacks, the turns left, the end,
        the marker and the open colours (the same for every decision of a turn)."""
        turns = turns_left(s)
        key = ("scores", id(s.board), id(s.rules), id(w), p.colours, p.carriages, s.carriages_left, s.stacks, turns,
               s.end_by is not None, so.solo(s).marker, open_colours(s))
        hit = _SCORES.get(key)
        if hit is None or hit[0] is not s.board or hit[1] is not s.rules or hit[2] is not w:
            self.read_new_scores(s, p, w)
            if len(_SCORES) > 4096:
                _SCORES.clear()                     # (only forgets: read_new_scores finds the same caches again)
            _SCORES[key] = (s.board, s.rules, w) + tuple(getattr(self, name) for name in self.SCORES)
        else:
            for name, value in zip(self.SCORES, hit[3:]):
                setattr(self, name, value)

    def read_new_scores(self, s, p, w):
        """:meth:`read_scores` worked out."""
        b, t = self.b, self.t
        rules = s.rules
        self.my_total, self.opp_best, self.end_tile = 0, NEG, 0
        self.level, self.cval, self.cartwright_lengths = None, 0.0, 0
        self.colours = open_colours(s)
        self.lefts = tuple(left for _, _, left in p.colours)
        turns = self.turns = turns_left(s)
        self.final = s.end_by is not None
        self.horizon = 0 if self.final else max(1, int(turns) + 1)
        self.worth0 = houses_worth(rules, self.lefts, turns)
        # the value of a house now: the slope of the expected table
        lower = tuple(x - 1 if i == 0 else x for i, x in enumerate(self.lefts))
        self.unit = max(0.5, self.worth0 - houses_worth(rules, tuple(sorted(lower)), turns))
        _, _, Ltiles = t.view(s.stacks)
        levels = b.carriage_levels
        left = s.carriages_left
        coaches = p.carriages
        long7 = rules.option("long_routes") == "coach_7"
        exact = []
        for m in range(16):
            k = m if m in levels else (levels[-1] if long7 and m > levels[-1] else None)
            if k is not None and left[levels.index(k)] > 0:
                exact.append(coach_gain(coaches, k))
            else:
                exact.append(None)
        L, now_cw, F = [], [], []
        for m in range(16):
            tile = Ltiles[m]
            e = exact[m]
            cw = [exact[j] for j in (m + 1, m + 2) if j < 16 and j in levels and exact[j] is not None]
            base = tile + (e if e is not None else IMPOSSIBLE)
            best_cw = tile + max(cw) if cw else NEG
            L.append(base)
            now_cw.append(max(0.0, best_cw - base) if m >= b.min_route else 0.0)
            F.append(max(base, best_cw - w.cartwright_cost) if m >= b.min_route else base)
        self.L = tuple(L)
        self.coach_by_len = tuple(exact)
        self.tiles_by_len = Ltiles
        mask = 0
        for m, x in enumerate(now_cw):
            if x > 0:
                mask |= 1 << m
        self.cartwright_lengths = mask
        cap = min(self.horizon, MAX_PLAN_LENGTH)
        unit = self.unit
        w2 = replace(w, house_ext=HOUSE_EXT * unit, rate=RATE * w.rate) if w.rate else w
        key = ("plans", tuple(F), tuple(now_cw), cap, self.final, w2, len(self.adj), self.min_route)
        plans = _CACHES.get(key)
        if plans is None:
            if len(_CACHES) > 2048:
                _clear()
            plans = Plans(tuple(F), cap, w2, self.final, len(self.adj), None, 0.0, self.min_route)
            plans.now = (tuple(0.0 for _ in range(len(self.adj) + 1)),
                         tuple(now_cw[m] if m < 16 else 0.0 for m in range(len(self.adj) + 1)))
            _CACHES[key] = plans
        self.plans = plans
        # the house values: per colour state, stacks, open colours and the turns left (rounded)
        marker = so.solo(s).marker
        hkey = ("houses", b, p.colours, self.colours, s.stacks, rules, w, round(turns), marker)
        hc = _CACHES.get(hkey)
        if hc is None:
            if len(_CACHES) > 2048:
                _clear()
            hc = _CACHES[hkey] = HouseCache()
        self.hcache, self.mcache, self.hctx = hc.routes, hc.placements, hc
        # the region tiles' values: per colour state, stacks and marker, whatever the turns left (see region_value)
        rkey = ("regions", b, p.colours, s.stacks, rules, marker, self.final)
        memo = _REGIONS.get(rkey)
        if memo is None:
            if len(_REGIONS) > 2048:
                _REGIONS.clear()
            memo = _REGIONS[rkey] = {}
        self.region_memo = memo
        self.per_colour = rules.option("houses_left") == "per_colour"

    def end_adjust(self, gain: float) -> float:
        return 0.0

    def length_words(self, m: int) -> list:
        """What a route of ``m`` cards brings by its length, for the hint's words: the distance tile (4.4c) and the
        coach card it takes (4.4d), with what the card adds to the coach sets (5) by this evaluation."""
        m = min(m, 15)
        out = [f"route tile {number(self.tiles_by_len[m])}"] if self.tiles_by_len[m] else []
        gain = self.coach_by_len[m]
        if gain is not None:
            levels = self.b.carriage_levels
            k = m if m in levels else levels[-1]
            out.append(f"coach card {k} (+{number(gain)} in the coach sets)")
        elif m >= self.min_route:
            out.append("no coach card left for it")
        return out

    def carriage(self, m: int, cartwright: bool) -> float:
        return 0.0

    def groups(self):
        return [], None

    # -- building on: a route that cannot be completed is given up, its cards on pile 1 (4.3, 6.4) ------------------
    def after_play(self, rmask: int, l: int, r: int, hm: int, cartwright: bool) -> float:
        """:meth:`Eval.after_play` with :meth:`cont`'s risk of giving the route up."""
        if l > r:
            l, r = r, l
        avail = hm & ~rmask
        adj = self.adj
        ends = adj[l] | adj[r]
        if not ends & avail:
            k = 0
        elif not avail & (avail - 1):
            k = 1
        else:
            k = self.memo.get(avail << 12 | l << 6 | r)
            if k is None:
                k = chain(adj, self.memo, l, r, avail)
        m = rmask.bit_count()
        if cartwright and not self.cartwright_lengths >> m & 1:
            cartwright = False
        key = ((rmask << 12 | l << 6 | r) << 6 | k) << 1 | cartwright
        acache = self.acache
        v = acache.get(key)
        if v is not None:
            return v
        v = self.cont(rmask, l, r, k) if m < MAX_PLAN_LENGTH else 0.0
        if not v and not self.plans.of(m, k):
            v = -ABANDON * m if not self.final else 0.0
        if m >= self.min_route:
            h = (self.hcache.get(rmask) or self.houses(rmask))[0]
            x = h + self.plans.now[cartwright][m] + self.L[m if m < 16 else 15]
            if x > v:
                v = x
        acache[key] = v
        return v

    # -- houses in a colour (4.4b) --------------------------------------------------------------------------------
    def colour_value(self, colour: str, new: int) -> float:
        """Placing houses of ``colour`` in the cities of ``new`` (none of them holding one): the expected houses
        points, the region tiles completed and the progress towards others (see the module docstring)."""
        key = (colour, new)
        v = self.mcache.get(key)
        if v is not None:
            return v
        s, p = self.s, self.p
        n = new.bit_count()
        ci = next(i for i, (c, _, _) in enumerate(p.colours) if c == colour)
        lefts = list(self.lefts)
        lefts[ci] -= n
        if n and lefts[ci] <= 0 and not self.final:
            # the colour's last house: the game ends (6); the table is read as it is, the turns left are lost
            exact = so.houses_left_score(s.rules, _Lefts(p.colours, lefts))
            v = exact - self.worth0 - POINTS_A_TURN * self.turns
        elif self.final:
            v = so.houses_left_score(s.rules, _Lefts(p.colours, lefts)) - \
                so.houses_left_score(s.rules, _Lefts(p.colours, self.lefts))
        else:
            v = houses_worth(s.rules, tuple(lefts), self.turns) - self.worth0
        if n:
            v += self.region_value(colour, new)
        self.mcache[key] = v
        return v

    def region_value(self, colour: str, new: int) -> float:
        """The region tiles that houses of ``colour`` in ``new`` complete (4.4c), and the progress towards the others
        (a share of the top tile for each city of the region that gets a house). Kept per colour state, stacks and
        marker (see read_scores)."""
        key = (colour, new)
        v = self.region_memo.get(key)
        if v is None:
            v = self.region_memo[key] = self.new_region_value(colour, new)
        return v

    def new_region_value(self, colour: str, new: int) -> float:
        """:meth:`region_value` worked out."""
        s, p, b = self.s, self.p, self.b
        rules = s.rules
        before = so.region_houses(rules, p, colour)
        after = before | new
        marker = so.solo(s).marker
        v = 0.0
        for si, value in so.new_tiles(b, rules, s.stacks, before, after, 0, marker):
            v += value
        if self.final:
            return v
        done = self.region_memo.get(("done", before))
        if done is None:
            done = self.region_memo[("done", before)] = so.regions_complete(b, rules, before)
        for si, kind, need in self.t.province_stacks:
            if si in done or not s.stacks[si]:
                continue
            if kind == "all_cities":
                missing = need & ~before
                got = (missing & new).bit_count()
                if got and got < missing.bit_count():
                    v += PROGRESS * s.stacks[si][0] * got / need.bit_count()
            else:
                req = need[bool(rules.all_provinces_includes_baiern)]
                miss = [m for m in req if not m & before]
                got = sum(1 for m in miss if m & new)
                if got and got < len(miss):
                    v += PROGRESS * s.stacks[si][0] * got / len(req)
        return v

    def best_placement(self, rmask: int):
        """``(value, mask)`` of the best placement of houses (4.4b) in the best open colour when completing a route
        through ``rmask``."""
        best, bm = NEG, 0
        p = self.p
        optional = self.s.rules.optional_houses
        t = self.t
        for colour, cmask, left in p.colours:
            if colour not in self.colours:
                continue
            free = rmask & ~cmask
            n = rmask.bit_count()
            cap = left if left < n else n
            for m in t.route_kinds(rmask, free, cap, optional):
                v = self.colour_value(colour, m)
                if v > best:
                    best, bm = v, m
        if best <= NEG / 2:
            best = IMPOSSIBLE
        return best, bm

    def houses(self, rmask: int):
        hit = self.hcache.get(rmask)
        if hit is None:
            hit = self.hcache[rmask] = self.best_placement(rmask)
        return hit

    def mask_value(self, m: int) -> float:
        return self.houses(m)[0]

    def coach_value(self, k) -> float:
        if k is None:
            return IMPOSSIBLE
        return coach_gain(self.p.carriages, k)


class _Lefts:
    """A player's colours with other houses left (for :func:`thurn.expansions.solo.rules.houses_left_score`)."""

    def __init__(self, colours, lefts):
        self.colours = tuple((c, m, x) for (c, m, _), x in zip(colours, lefts))
        self.houses_left = sum(lefts)


# -- the values of the decisions -------------------------------------------------------------------------------------

def completion(ev: SoloEval, a) -> tuple:
    """What the bot reads of the completion ``a`` (a Score action, 4.4): ``(houses placed, tiles' points, coach
    card, whether it ends the game)``, its own fast reading of what the core's scoring stages do
    (:func:`thurn.effects.route_effect`; tests/expansions/solo/test_bots.py compares the two)."""
    p, s = ev.p, ev.s
    n = len(p.route)
    cmask = next(m for c, m, _ in p.colours if c == a.colour)
    new = a.resolved & ~cmask
    before = so.region_houses(s.rules, p, a.colour)
    tiles = ev.tiles_by_len[n if n < 16 else 15] + sum(
        v for _, v in so.new_tiles(ev.b, s.rules, s.stacks, before, before | new, 0, so.solo(s).marker))
    if a.cartwright:
        coach = a.coach
    else:
        levels = ev.b.carriage_levels
        k = n if n in levels else (levels[-1] if n > levels[-1] and s.rules.option("long_routes") == "coach_7"
                                   else None)
        coach = k if k is not None and s.carriages_left[levels.index(k)] > 0 else None
    left = next(x for c, _, x in p.colours if c == a.colour)
    ends = bool(new) and left - new.bit_count() <= 0 and s.end_by is None
    return new.bit_count(), tiles, coach, ends


def _score_value(ev: SoloEval, s, a) -> float:
    """A completion (4.4): the houses of its colour, the tiles, the coach card, the cards over the hand limit."""
    p = ev.p
    n = len(p.route)
    cmask = next(m for c, m, _ in p.colours if c == a.colour)
    new = a.resolved & ~cmask
    v = ev.colour_value(a.colour, new) + ev.tiles_by_len[n if n < 16 else 15]
    if a.cartwright:
        v += ev.coach_value(a.coach) - 0.01
    else:
        exact = ev.coach_by_len[n if n < 16 else 15]
        v += exact if exact is not None else IMPOSSIBLE
    over = len(p.hand) - 3
    if over > 0:
        v -= CARD * over
    return v


def adjust(ev, s, values: list) -> list:
    """The base values of the turn's steps with SoloPlay's costs: a completion valued in its colour; a route given
    up, the cards over the hand limit and the Administrator's display on discard pile 1 (6.4)."""
    if not isinstance(ev, SoloEval):
        return values
    out = []
    route = ev.p.route
    admin_cost = s.rules.option("administrator") == "pile_1"
    for v, a in values:
        kind = a.kind
        if kind == "score":
            v = _score_value(ev, s, a)
        elif kind == "play" and a.end == "new" and route:
            v -= CARD * len(route)
        elif kind == "official" and a.resolved == "administrator":
            shown = sum(1 for c in s.display if c >= 0)
            # his display leaves the game (pile 1, or pile 2 once it has been the new deck): six draws fewer
            v -= (CARD if admin_cost else 0.0) * shown + (LOST_CARD if admin_cost or s.shuffles else 0.0) * shown
        elif kind == "official" and a.resolved == "postmaster" and len(ev.p.hand) >= 3:
            v -= 0.25
        out.append((v, a))
    return out


def bonus_values(ev, s, actions) -> list:
    """The 1-point tile (4.4c): the stack whose top tile is worth most; with ``bonus_tile=repeat`` the tile under it
    too, at a share (the stack gives it when its region is completed again)."""
    repeat = s.rules.option("bonus_tile") == "repeat"
    out = []
    for a in actions:
        si = next(st.index for st in s.board.stacks if a.stack in (st.name, st.id))
        st = s.stacks[si]
        v = st[0] if st else 0.0
        if repeat and len(st) > 1:
            v += 0.4 * st[1]
        out.append((v, a))
    return out


def bottom_values(ev, s, actions) -> list:
    """The hand-management bonus (4.6): the face-up cards worth less to the bot than a card from the deck go under
    it (a new card takes their place); those worth more stay."""
    _, shown, deck = ev.draw_gains(False)
    names = s.board.card_names
    by_name = {}
    for c in s.display:
        if c >= 0:
            by_name[names[c]] = ev.b.city_of[c]
    out = []
    for a in actions:
        v = 0.0
        for name in a.cards:
            c = by_name.get(name)
            x = shown.get(c, deck) if c is not None else deck
            v += deck - x
        out.append((v - 0.001 * len(a.cards), a))
    return out


def declare_values(ev, s, actions) -> list:
    """The colour of a route just started (option ``colour_declared=start``, 4.4a): the one whose houses the route
    card and the cards in hand and face up near it can place best, the most houses left first."""
    p = s.players[s.to_move]
    b = s.board
    start = b.city_of[p.route[0]]
    near = b.adj[start]
    hand = 0
    for c in p.hand:
        hand |= 1 << b.city_of[c]
    shown = 0
    for c in s.display:
        if c >= 0:
            shown |= 1 << b.city_of[c]
    out = []
    lefts = {c: left for c, _, left in p.colours}
    for a in actions:
        cmask = colour_houses(p, a.colour)
        free = ~cmask
        v = 2.0 * (free >> start & 1) + 1.0 * ((near & hand & free).bit_count()) + \
            0.4 * ((near & shown & free).bit_count()) + 0.3 * lefts.get(a.colour, 0)
        out.append((v, a))
    return out


def official_values(ev, s, actions) -> list:
    """The turn's one official, chosen first (4.1, option ``official=first``), by what his help is likely to add this
    turn: the Postmaster a second card from one source (the better of the two best face-up cards and two from the
    deck); the Postal Carrier a second card played (a card of the hand that fits an end, and another); the Cartwright
    a coach card one or two longer when the route may be completed this turn (the better coach, or the only one
    left); the Administrator a new display, less the cards he sends to discard pile 1 (6.4)."""
    _, shown, deck = ev.draw_gains(False)
    best = sorted(shown.values(), reverse=True)
    one = max([deck] + best[:1])
    p = ev.p
    route = ev.route
    adj = ev.adj
    hand = ev.hm & ~p.rmask
    if route:
        ends = adj[route[0]] | adj[route[-1]]
        fits = (hand & ends).bit_count()
    else:
        fits = sum(1 for c in range(len(adj)) if hand >> c & 1 and adj[c] & hand)
    n = len(route) + (1 if fits else 0)
    levels = ev.b.carriage_levels
    left = s.carriages_left

    def coach(k):
        return coach_gain(p.carriages, k) if k in levels and left[levels.index(k)] > 0 else None

    exact = coach(n)
    longer = [g for g in (coach(n + 1), coach(n + 2)) if g is not None]
    admin_cost = s.rules.option("administrator") == "pile_1"
    shown_count = sum(1 for c in s.display if c >= 0)
    out = []
    for a in actions:
        oid = a.resolved
        if oid == "postmaster":         # (a card more in hand: over the hand limit it ends on pile 1, 4.4e)
            v = max(sum(best[:2]) if len(best) >= 2 else 0.0, 2 * deck) - one
            v -= HAND_COST * CARD * max(0, len(p.hand) - 1)
        elif oid == "postal_carrier":   # (a card fewer in hand)
            v = 1.0 if fits >= 2 else 0.45 if fits == 1 else 0.1
            if fits:
                v += HAND_COST * CARD * max(0, len(p.hand) - 2)
        elif oid == "administrator":
            v = 1.15 * deck - one - (CARD if admin_cost else 0.0) * shown_count - LOST_CARD * shown_count
        elif n >= ev.b.min_route and longer:           # (the Cartwright)
            v = max(longer) - (exact if exact is not None else -2.0)
        else:
            v = -0.5
        out.append((v, a))
    return out


def values(ev, s, actions) -> list:
    step = s.step
    if step == so.OFFICIAL:
        return official_values(ev, s, actions)
    if step == so.BONUS:
        return bonus_values(ev, s, actions)
    if step == so.BOTTOM:
        return bottom_values(ev, s, actions)
    return declare_values(ev, s, actions)


# -- for the search bot's leaf ---------------------------------------------------------------------------------------

def points(s, seat: int) -> float:
    """SoloPlay's score items now (6): the tiles, the coach sets, discard pile 1; once the game is over the houses
    left too (before: :func:`credits` expects them)."""
    if so.NAME not in s.ext:
        return 0.0
    p = s.players[seat]
    v = sum(x for _, x in p.tiles) + so.coach_points(p.carriages) + so.penalty(len(pile(s, so.PENALTY)))
    if s.step == "over":
        v += so.houses_left_score(s.rules, p)
    return float(v)


def credits(s, seat: int, w) -> float:
    """The houses points expected at the end, and what the coach cards held promise beyond their sets now."""
    if so.NAME not in s.ext or s.step == "over":
        return 0.0
    p = s.players[seat]
    lefts = tuple(left for _, _, left in p.colours)
    v = houses_worth(s.rules, lefts, turns_left(s))
    v += coach_worth(tuple(sorted(p.carriages))) - so.coach_points(p.carriages)
    return v


def as_mover(n, seat: int) -> None:
    return None


def quick(s, actions, rng):
    """For the search bot's ``quick`` rollouts: the best action of SoloPlay's own steps by these values."""
    from ...bots.greedy.weights import Weights
    ev = SoloEval(s, Weights())
    vals = values(ev, s, actions)
    top = max(v for v, _ in vals)
    best = [a for v, a in vals if v >= top - 1e-9]
    return best[rng.randrange(len(best))]


def reason(s, a) -> str | None:
    if a.kind == "official" and s.step == so.OFFICIAL:
        return "the official whose help is likely to add most this turn (SoloPlay, 4.1)"
    if a.kind == "bonus":
        return "the stack whose top tile is worth most (SoloPlay, 4.4c)"
    if a.kind == "bottom":
        return "the face-up cards worth less than a card from the deck go under it (SoloPlay, 4.6)"
    if a.kind == "declare":
        return "the colour whose houses this route and the hand can place best (SoloPlay, 4.4a)"
    return None


class SoloValuation(Valuation):
    """SoloPlay's valuation: its steps (the official, the colour, the bonus tile, the bottom cards), its score and
    its own evaluation."""

    steps = (so.OFFICIAL, so.COLOUR, so.BONUS, so.BOTTOM)
    #: The rules the hint's reasons cite (thurn.bots.greedy.explain.cite): the SoloPlay manual's steps.
    rules = {"draw": so.R_DRAW, "draw_play": "SoloPlay, 4.2–4.3", "play": "SoloPlay, 4.3",
             "score": "SoloPlay, 4.4b–4.4d", "end": "SoloPlay, 4.4", "keep": so.R_DISCARD, "end_game": so.R_END}
    evaluation = SoloEval
    own_score = True
    #: A player-turn costs the greedy policy about 2.5 times the base game's (several steps, four colours): the
    #: game review budgets its rollouts by it (thurn.game_review.turn_cost; BENCHMARKS.md, "Issue 33").
    turn_cost = 2.5
    values = staticmethod(values)
    adjust = staticmethod(adjust)
    points = staticmethod(points)
    credits = staticmethod(credits)
    as_mover = staticmethod(as_mover)
    quick = staticmethod(quick)
    reason = staticmethod(reason)


PARTS = VALUATION = SoloValuation()
