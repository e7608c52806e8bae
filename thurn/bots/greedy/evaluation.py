"""GreedyBot's evaluation of a position (:class:`Eval`): what the player to move knows, the values of scoring now
and of building on, the chances of drawing a card that fits, and the caches of one decision."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...turn import earns_carriage
from .tables import MEMO_SIZE, NEG, TABLES, board_tables, bits, chain, plans_for, ranks_before, seen_levels

if TYPE_CHECKING:
    from .weights import Weights

_HOUSES: dict = {}      # (board, player's houses and tiles, stack tops, rules, weight) -> HouseCache, see houses
_SCORES: list = [None]  # (key, values) of the last Eval.read_scores, see _same_scores: one pair (threads may ask)


class HouseCache:
    """The house values of one player signature (see :meth:`Eval.read_scores`): the best placement by route
    (``routes``: route mask -> ``(value, mask)``, see :meth:`Eval.houses`), the value by placement
    (``placements``: mask -> value) and the province tiles still to get (``groups``: see :meth:`Eval.groups`,
    ``None`` until asked)."""

    __slots__ = ("routes", "placements", "groups")

    def __init__(self):
        self.routes: dict = {}
        self.placements: dict = {}
        self.groups = None


def _same_scores(key, s, seat: int, p, w: Weights) -> bool:
    """Whether the position ``s`` has the scores, bonus stacks and carriages of ``key`` (see
    :meth:`Eval.read_scores`): the same player to move with the same houses, carriages and tiles, the other
    players the very same (the engine copies a player it changes), the same stacks (new ones when a tile is
    taken), carriages left, end of the game, rules and weights. The other players are compared by what
    :meth:`Eval.read_scores` reads of them (a bot's view deals their hands again, so their records are new ones
    each decision)."""
    kseat, players, houses, left, carriages, tiles, stacks, carriages_left, end_by, rules, kw = key
    if kseat != seat or stacks is not s.stacks or kw is not w or rules is not s.rules or end_by != s.end_by or \
            houses != p.houses or left != p.houses_left or carriages != p.carriages or tiles != p.tiles or \
            carriages_left != s.carriages_left or len(players) != len(s.players):
        return False
    for i, q in enumerate(s.players):
        o = players[i]
        if q is not o and i != seat and (q.houses_left != o.houses_left or q.carriages != o.carriages or
                                         q.tiles != o.tiles or len(q.route) != len(o.route)):
            return False
    return True


class Eval:
    """What the player to move knows, and the caches of one decision.

    A route is handled as its cities (a bit mask: a city is in a route at most once, base rules 2) and its two
    ends ``l`` and ``r``; its length is the number of cities.
    """

    #: What a route given up costs a card (of the route and of the plan), weighted by the chance that no card that
    #: fits comes: nothing in the base game (a route is kept); SoloPlay's evaluation sets it (pile 1's penalty).
    abandon = 0.0

    __slots__ = ("b", "s", "w", "adj", "seat", "p", "hm", "route", "final", "t", "memo", "my_total", "opp_best",
                 "end_tile", "horizon", "hcache", "mcache", "lcache", "hctx", "L", "level", "cval", "plans",
                 "plan_memo", "cartwright_lengths", "_unseen", "dmask", "shown", "acache", "min_route", "spread")

    def __init__(self, state, w: Weights):
        s = state
        b = self.b = s.board
        self.s, self.w = s, w
        self.adj = b.adj
        seat = self.seat = s.to_move
        p = self.p = s.players[seat]
        card_bit = b.card_bit                       # (the bot reasons in cities: the cards' own ids do not matter)
        hm = 0
        for c in p.hand:
            hm |= card_bit[c]
        self.hm = hm
        self.route = b.cities_of(p.route)
        self.min_route = b.min_route                # the fewest cards a route is scored with
        self.final = s.end_by is not None   # every turn left is a last turn (Game End and Scoring)
        t = self.t = TABLES.get(b) or board_tables(b)
        if len(t.memo) > MEMO_SIZE:             # (a smaller memo is quicker, and games many)
            t.memo.clear()
        self.memo = t.memo
        key, values = _SCORES[0] or (None, None)
        if key is not None and _same_scores(key, s, seat, p, w):
            (self.my_total, self.opp_best, self.end_tile, self.L, self.horizon, self.hcache, self.mcache, self.hctx,
             self.level, self.cval, self.cartwright_lengths, self.plans) = values
        else:
            self.read_scores(s, p, w)
            _SCORES[0] = ((seat, s.players, p.houses, p.houses_left, p.carriages, p.tiles, s.stacks, s.carriages_left,
                           s.end_by, s.rules, w),
                          (self.my_total, self.opp_best, self.end_tile, self.L, self.horizon, self.hcache, self.mcache,
                           self.hctx, self.level, self.cval, self.cartwright_lengths, self.plans))
        self.lcache = None
        self.plan_memo = self.plans.memo
        self.spread = t.spread
        self._unseen = None
        self.dmask, self.shown = t.display_bits(s.display)
        self.acache = {}

    def read_scores(self, s, p, w: Weights):
        """What the decision takes from the scores, the bonus stacks and the carriages (the same for every decision
        of a turn until a route is scored, see :func:`_same_scores`): the totals now (for the end of the game), how
        many turns are likely left, the house caches, the next carriage and the plans."""
        b, t, seat, final = self.b, self.t, self.seat, self.final
        cp = b.carriage_points
        carriages = takes_carriages(s.ruleset)
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
            left = need[len(q.carriages)] - len(q.route) if carriages else 99   # cards for his missing carriages
            if q.houses_left < left:
                left = q.houses_left
            if left < horizon:
                horizon = left
        self.opp_best = opp_best
        self.end_tile, tops, self.L = t.view(s.stacks)
        # horizon: a guess at how many more turns this player gets. The game ends in the round in which someone takes
        # the last carriage or places his last house (Game End and Scoring); each other player is guessed to need a
        # card per turn for the carriages he still lacks, less his route so far, or a turn per house left.
        self.horizon = 0 if final else (max(1, horizon) + 1 if w.horizon else 99)
        # houses: cached per player signature (a route that may place the last house: per decision, see houses)
        rules = s.rules
        key = (b, p.houses, p.houses_left, p.tiles, tops, rules.optional_houses, rules.all_provinces_includes_baiern,
               w.progress, w.net_tiles)
        hc = _HOUSES.get(key)
        if hc is None:
            if len(_HOUSES) > 512:
                _HOUSES.clear()
            hc = _HOUSES[key] = HouseCache()
        self.hcache, self.mcache, self.hctx = hc.routes, hc.placements, hc
        # the next carriage (3c)
        levels = b.carriage_levels
        have = len(p.carriages)
        self.level = lev = None
        cval = 0.0
        if carriages and have < len(levels) and s.carriages_left[have] > 0:
            lev = self.level = levels[have]
            gain = cp[lev] - (cp[p.carriages[-1]] if p.carriages else 0)
            cval = gain + (w.carriage_step if have < len(levels) - 1 else 0.0)
            if have == len(levels) - 1 and not final:
                cval += self.end_adjust(gain)
        self.cval = cval
        self.cartwright_lengths = 0 if lev is None else 0b11 << lev - 2     # route lengths where he helps (3c)
        self.plans = plans_for(self.L, lev, cval, self.horizon, final, w, len(self.adj), self.min_route)

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
        g = self.hctx.groups
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
                    missing, size = need & ~p.houses, need.bit_count()
                    if self.w.net_tiles:
                        value -= share * (size - missing.bit_count()) / size
                    groups.append((missing, value, share, size))
                else:
                    req = need[bool(s.rules.all_provinces_includes_baiern)]
                    missing = [m for m in req if not m & p.houses]
                    if self.w.net_tiles:
                        value -= share * (len(req) - len(missing)) / len(req)
                    allp = (missing, value, share, len(req))
            g = self.hctx.groups = (groups, allp)
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
        groups, allp = self.hctx.groups or self.groups()
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
        """``(value, mask)`` of the best placement when scoring a route through the cities ``rmask`` (3a). Kept with
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
        """``(value, mask)`` of the best placement of houses when scoring a route through ``rmask`` (3a): the first of
        the most valuable in the order of :func:`~thurn.scoring.placement_masks` (most houses first, then the lowest
        cities). Only one placement per count of houses by province is valued (see :func:`placement_kinds`)."""
        p = self.p
        left = p.houses_left
        n = rmask.bit_count()
        cap = left if left < n else n
        best, bm = NEG, 0
        free = rmask & ~p.houses
        optional = self.s.rules.optional_houses
        t = self.t
        kinds = t.by_route.get(((rmask << 64 | free) << 6 | cap) << 1 | optional) or \
            t.route_kinds(rmask, free, cap, optional)
        mcache = self.mcache
        for m in kinds:
            v = mcache.get(m) if m.bit_count() != left else None     # (see mask_value)
            if v is None:
                v = self.mask_value(m)
            if v > best or (v == best and ranks_before(m, bm)):
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
            sets = []                               # a route holds a city once (base rules, 2)
            for q in s.players:
                sets.append(q.rmask)
            cards = []                              # the cards in view that are not in a set
            if len(self.p.hand) == hm.bit_count():
                sets.append(hm)
            else:
                cards.extend(self.b.cities_of(self.p.hand))
            if self.shown == dmask.bit_count():
                sets.append(dmask)
            else:
                cards.extend(self.b.city_of[c] for c in s.display if c >= 0)
            n, copies = len(self.adj), self.b.card_copies
            packed = self.t.all_copies & ~(seen_levels(sets, cards, copies, n))
            total = packed.bit_count()
            u = self._unseen = (packed & ((1 << n) - 1), total if total > 1 else 1, packed)
        return u

    def unseen_count(self, mask: int) -> int:
        """How many unseen cards show a city of ``mask``: ``mask`` copied to every level, counted in one go."""
        _, _, packed = self._unseen or self.unseen()
        return (mask * self.spread & packed).bit_count()

    def p_fit(self, l: int, r: int, rmask: int) -> float:
        """The chance that next turn's draw(s) bring a card that fits an end (l or r) of the route: a card from
        the unseen ones (two tries: the Postmaster), better when one is face up in the display."""
        fits = (self.adj[l] | self.adj[r]) & ~rmask
        _, total, packed = self._unseen or self.unseen()
        miss = (1.0 - (fits * self.spread & packed).bit_count() / total) ** 2
        if fits & self.dmask:
            miss *= 0.5
        return 0.95 if miss < 0.05 else 1.0 - miss

    # -- values of positions --------------------------------------------------------------------------------------
    def run(self, rmask: int, l: int, r: int, hm: int) -> int:
        """The longest run of hand cards (``hm``) that extend the route one after the other."""
        return chain(self.adj, self.memo, l, r, hm & ~rmask)

    def cont(self, rmask: int, l: int, r: int, k: int, detail: bool = False):
        """Building on the route (not scoring this turn), ``k`` hand cards extending it: the best of scoring it
        ``j`` turns later, less ``rate`` a turn; turns beyond ``k`` need a card that fits (``p_fit``); a plan
        longer than the turns left before the game ends brings nothing (the plans: :class:`Plans`); each risky plan
        less :attr:`abandon` a card of the route and of the plan when no card that fits comes."""
        n = rmask.bit_count()
        plan = self.plan_memo.get(n << 6 | k)
        if plan is None:
            plan = self.plans.of(n, k)
        if not plan:
            return (0.0, 0) if detail else 0.0
        safe, risky, lead = plan
        h, _ = self.hcache.get(rmask) or self.houses(rmask)
        best, bj = NEG, 0
        for j, ext, tiles, cost in safe:
            v = h + ext + tiles - cost
            if v > best:
                best, bj = v, j
        if risky:
            p = self.p_fit(l, r, rmask)
            pp = p ** lead if lead >= 0 else 1.0
            abandon = self.abandon
            for j, ext, tiles, cost in risky:
                pp *= p
                v = pp * (h + ext + tiles) - cost
                if abandon:                         # a route given up costs (SoloPlay's evaluation)
                    v -= (1.0 - pp) * abandon * (n + j)
                if v > best:
                    best, bj = v, j
        return (best, bj) if detail else best

    def score_now(self, rmask: int, cartwright: bool) -> float:
        m = rmask.bit_count()
        h, _ = self.houses(rmask)
        return h + self.carriage(m, cartwright) + self.L[m if m < 16 else 15]

    def after_play(self, rmask: int, l: int, r: int, hm: int, cartwright: bool) -> float:
        """The route just played to: the better of scoring now (3 or more cards) and building on. Memoised by
        what it depends on: the route's cities and ends (either way round), the run of hand cards that extend it,
        the Cartwright (only where he can help: a route of level - 2 or level - 1 cards, 3c). The hot path of the
        bot: :meth:`cont`, :meth:`p_fit` and :meth:`score_now` written out here, the same sums in the same order."""
        if l > r:
            l, r = r, l
        avail = hm & ~rmask
        adj = self.adj
        ends = adj[l] | adj[r]
        if not ends & avail:
            k = 0
        elif not avail & (avail - 1):               # one card, and it fits an end
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
        hit = self.hcache.get(rmask)
        plan = self.plan_memo.get(m << 6 | k)
        if plan is None:
            plan = self.plans.of(m, k)
        if plan:                                    # building on (cont)
            if hit is None:
                hit = self.houses(rmask)
            h = hit[0]
            safe, risky, lead = plan
            v = NEG
            for _, ext, tiles, cost in safe:
                x = h + ext + tiles - cost
                if x > v:
                    v = x
            if risky:                               # the chance of a card that fits an end (p_fit)
                fits = ends & ~rmask
                _, total, packed = self._unseen or self.unseen()
                miss = (1.0 - (fits * self.spread & packed).bit_count() / total) ** 2
                if fits & self.dmask:
                    miss *= 0.5
                p = 0.95 if miss < 0.05 else 1.0 - miss
                pp = p ** lead if lead >= 0 else 1.0
                for _, ext, tiles, cost in risky:
                    pp *= p
                    x = pp * (h + ext + tiles) - cost
                    if x > v:
                        v = x
        else:
            v = 0.0
        if m >= self.min_route:                     # scoring now (3a-3c)
            if hit is None:
                hit = self.houses(rmask)
            x = hit[0] + self.plans.now[cartwright][m] + self.L[m if m < 16 else 15]
            if x > v:
                v = x
        acache[key] = v
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
            _, _, rmask, l, r = play
            v = after(rmask, l, r, hm, cartwright)
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
        bound = self.new_bound(hm.bit_count()) if new_ok else None
        shown = {}
        present, total, packed = self._unseen or self.unseen()
        spread = self.spread
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
                if bplay is not None and near & low and dmask & low:
                    _, _, brmask, bl, br = bplay
                    x = after(brmask, bl, br, h2, cartwright)
                    if x > v:
                        v = x
                if new_ok:                              # or a new route (unless it cannot beat v: see new_bound)
                    if bound is None or (self.hcache.get(low) or self.houses(low))[0] + bound[0] > v - 1e-6 or \
                            bound[1] > v - 1e-6:
                        x = after(low, c, c, h2, cartwright)
                        if x > v:
                            v = x
            if dmask & low:
                shown[c] = v
            if deck_cards & low and present & low and v > base:
                deck += (low * spread & packed).bit_count() / total * (v - base)     # (see unseen_count)
        return base, shown, deck

    def new_bound(self, run: int):
        """``(gain, floor)``: a bound on the value of starting a new route with one card (:meth:`after_play` of a
        one-card route) while at most ``run`` other hand cards may extend it: at most the larger of its houses plus
        ``gain`` and ``floor``; None when no bound is known (a route of one card may be scored). A plan's row is
        worth ``pp * (h + ext + tiles) - cost`` with the chance ``pp`` at most 1 (safe rows: 1), so at most the
        larger of ``h + ext + tiles - cost`` and ``-cost``; a longer run of hand cards only adds rows
        (:meth:`Plans.of`). The caller keeps a margin (1e-6) for the sums' rounding."""
        if self.min_route <= 1:
            return None
        plan = self.plans.of(1, run)
        if not plan:
            return (NEG, 0.0)                       # no plan: worth 0.0 (and no scoring of one card)
        safe, risky, _ = plan
        gain = floor = NEG
        for _, ext, tiles, cost in safe + risky:
            if ext + tiles - cost > gain:
                gain = ext + tiles - cost
            if -cost > floor:
                floor = -cost
        return gain, floor

    def empty_hand_gains(self, cartwright: bool):
        """:meth:`draw_gains` with an empty hand: the card drawn is the card played, so the deck is worth the
        average over the unseen cities of playing one. When a second draw follows (the Postmaster must help an
        empty hand, base rules 1), a card is worth the best pair it makes with a card that stays face up."""
        present, total, _ = self._unseen or self.unseen()
        s, adj, dmask = self.s, self.adj, self.dmask
        pairs = s.draws_allowed - s.draws >= 2
        values = {}
        alone = self.new_bound(0) if self.route else None      # a card drawn alone, as a new route
        if pairs:                                   # (the pairs' best plays, kept by hand; see new_bound)
            best, houses, route = {}, self.houses, self.route
            ends = (adj[route[0]] | adj[route[-1]]) & ~self.p.rmask if route else 0
            gain, floor = self.new_bound(1) or (-NEG, -NEG)
        for c in range(len(adj)):
            if (present | dmask) >> c & 1:
                v = self.own_play(c, 1 << c, cartwright, True, alone)
                if pairs:
                    partners = adj[c] & dmask
                    while partners:
                        low = partners & -partners
                        partners ^= low
                        pair = 1 << c | low
                        if not pair & ends and (houses(1 << c)[0] + gain <= v - 1e-6 and
                                                houses(low)[0] + gain <= v - 1e-6 and floor <= v - 1e-6):
                            continue                # each play a new route, none better than v (see new_bound)
                        x = best.get(pair)
                        if x is None:
                            x = best[pair] = self.best_play(pair, cartwright)[0]
                        if x > v:
                            v = x
                values[c] = v
        deck = sum(self.unseen_count(1 << c) * v for c, v in values.items()) / total
        return NEG, {c: values[c] for c in bits(dmask)}, deck

    def own_play(self, c: int, hm: int, cartwright: bool, new_ok: bool, bound=None) -> float:
        """The best play of the card ``c`` itself: at an end of the route, or starting a new route (not valued where
        ``bound``, :meth:`new_bound`'s, shows that it cannot beat a play at an end)."""
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
        if new_ok and (bound is None or best <= NEG or self.houses(1 << c)[0] + bound[0] > best - 1e-6 or
                       bound[1] > best - 1e-6):
            x = self.after_play(1 << c, c, c, hm, cartwright)
            if x > best:
                best = x
        return best

    def fit_chance(self) -> float:
        """The chance that one unseen card fits an end of the route (or joins a card in hand, with no route)."""
        _, total, _ = self.unseen()
        route, adj = self.route, self.adj
        if route:
            fits = (adj[route[0]] | adj[route[-1]]) & ~self.p.rmask
        else:
            fits = 0
            for c in bits(self.hm):
                fits |= adj[c]
        return self.unseen_count(fits) / total


_CARRIAGES: dict = {}   # id(ruleset) -> (ruleset, whether a scored route takes a carriage)


def takes_carriages(rs) -> bool:
    """Whether scoring a route takes the next carriage under the ruleset ``rs`` (base rules, 3c): its scoring has
    the stage ``carriage``. A variant that replaces that stage (its routes earn no carriage) makes the bot plan
    without carriages: no carriage promised for a length, the end of the game only by the last house."""
    hit = _CARRIAGES.get(id(rs))
    if hit is None or hit[0] is not rs:
        if len(_CARRIAGES) > 64:
            _CARRIAGES.clear()
        hit = _CARRIAGES[id(rs)] = (rs, any(st.name == "carriage" for st in getattr(rs, "scoring", ())))
    return hit[1]


def takes_carriage(state, a) -> bool:
    """Whether the Score action ``a`` takes the next carriage (base rules, 3c; a declined one is not taken, R9)."""
    return a.kind == "score" and a.carriage and earns_carriage(state, state.players[state.to_move], a.cartwright)


def cartwright_loss(ev: Eval) -> float:
    """What calling another official now costs when this turn's route would need the Cartwright (3c)."""
    lev, route = ev.level, ev.route
    n = len(route) + 1
    if lev is None or ev.s.officials or not route or n >= lev or n < max(ev.min_route, lev - 2):
        return 0.0
    return ev.cval
