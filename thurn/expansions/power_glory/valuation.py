"""Power and Glory's valuation for the bots (:class:`thurn.bots.valuation.Valuation`): the greedy bot, and through it
the search bot's rollouts and leaves, count the horses a route needs (Power and Glory, Play a city card from the
hand; Closing and scoring a route; docs/design.md, "The bots")."""
from __future__ import annotations

import math

from ...bots.greedy.tables import NEG
from ...bots.valuation import Valuation
from . import rules as pg

#: What a horse card is worth: the horseshoes a card brings on average (a route's future horse cards, counted in
#: turns: Closing and scoring a route), and a horseshoe's worth to break ties between horse cards.
AVERAGE_SHOES, PER_SHOE = 2.0, 0.05

#: A tie-break: a card that fits the route is played horse side up only when it is worth more that way.
FITS = 0.01


#: The Postal Carrier's second card is worth this much less than the same card next turn (the base bot's 0.05).
CARRIER = 0.05


def horse_turns(need: int) -> int:
    """The turns of horse cards a route still lacking ``need`` horses takes (a card brings 2 on average)."""
    return 0 if need <= 0 else math.ceil(need / AVERAGE_SHOES)


def cont_with_horses(ev, rmask: int, l: int, r: int, k: int, have: int) -> float:
    """Building on the route (the greedy bot's plans, :meth:`~thurn.bots.greedy.evaluation.Eval.cont`) with each
    plan charged the turns its missing horses take: a route of ``m`` cards is scored only with ``m`` horses
    (Power and Glory, Closing and scoring a route), and a card played horse side up is a turn's play (Play a city
    card from the hand)."""
    n = rmask.bit_count()
    plan = ev.plan_memo.get(n << 6 | k)
    if plan is None:
        plan = ev.plans.of(n, k)
    if not plan:
        return 0.0
    safe, risky, lead = plan
    h, _ = ev.hcache.get(rmask) or ev.houses(rmask)
    rate = ev.w.rate
    best = NEG
    for j, ext, tiles, cost in safe:
        v = h + ext + tiles - cost - rate * horse_turns(n + j - have)
        if v > best:
            best = v
    if risky:
        p = ev.p_fit(l, r, rmask)
        pp = p ** lead if lead >= 0 else 1.0
        for j, ext, tiles, cost in risky:
            pp *= p
            v = pp * (h + ext + tiles) - cost - rate * horse_turns(n + j - have)
            if v > best:
                best = v
    return best


def route_value(ev, rmask: int, l: int, r: int, hm: int, have: int) -> float:
    """The route ``rmask`` (ends ``l``, ``r``) with the hand ``hm`` and ``have`` horses: the better of scoring it
    this turn (enough horses, at least the shortest route) and building on (:func:`cont_with_horses`)."""
    k = ev.run(rmask, l, r, hm)
    v = cont_with_horses(ev, rmask, l, r, k, have)
    m = rmask.bit_count()
    if m >= ev.min_route and have >= m:
        x = ev.houses(rmask)[0] + ev.L[m if m < 16 else 15]
        if x > v:
            v = x
    return v


def _carrier(ev, s, have: int) -> float:
    """The Postal Carrier after the turn's card (base rules, 2): the best second card either way, to the route or
    horse side up (Power and Glory, Play a city card from the hand: "he may choose with each card whether to add a
    city to his route or add horses to his carriage"), less a little (the official used)."""
    b, p, route = s.board, ev.p, ev.route
    l, r = route[0], route[-1]
    adj = ev.adj
    best = NEG
    for kind in {b.kind_of[x] for x in p.hand}:
        hm = _without(b, p.hand, kind)
        c = b.city_of[kind]
        if not p.rmask >> c & 1:
            if adj[c] >> l & 1:
                best = max(best, route_value(ev, p.rmask | 1 << c, c, r, hm, have))
            if adj[c] >> r & 1:
                best = max(best, route_value(ev, p.rmask | 1 << c, l, c, hm, have))
        if len(pg.horse_cards(s)) < pg.MAX_HORSE_CARDS:
            shoes = b.card_value(kind, pg.ATTRIBUTE, 1)
            best = max(best, route_value(ev, p.rmask, l, r, hm, have + shoes) + PER_SHOE * shoes)
    return best - CARRIER if best > NEG / 2 else best


_CARDS: dict = {}      # (board, the action's folded card name) -> (card kind, its horseshoes)


def _card_of(b, a) -> tuple:
    """The card kind a PlayHorse action names and its horseshoes (kept: the rollouts ask often)."""
    key = (b, a.key[1])
    hit = _CARDS.get(key)
    if hit is None:
        card = b.card_key(a.city)[1]
        if len(_CARDS) > 4096:
            _CARDS.clear()
        hit = _CARDS[key] = (card, b.card_value(card, pg.ATTRIBUTE, 1) if card is not None else 1)
    return hit


def _without(b, hand, card: int) -> int:
    """The hand's cities (a mask) once one copy of the card ``card``'s kind has left it."""
    hm, gone = 0, False
    kind = b.kind_of
    for x in hand:
        if not gone and kind[x] == card:
            gone = True
            continue
        hm |= b.card_bit[x]
    return hm


def adjust(ev, s, values: list) -> list:
    """The values of the play step and the score step counted with horses (Power and Glory, Play a city card from
    the hand; Closing and scoring a route): a card played to the route is worth its route with the horse turns the
    route still needs; a card played horse side up is worth the route it leaves (scored this turn if the horses
    now suffice) with the horses it adds and the hand without it; building on (``end``) counts the horse turns
    too."""
    step = s.step
    if step == "score":
        if ev.route:
            have = pg.horses(s)
            out = []
            route, rmask = ev.route, ev.p.rmask
            for v, a in values:
                if a.kind == "end":
                    v = cont_with_horses(ev, rmask, route[0], route[-1], ev.run(rmask, route[0], route[-1], ev.hm),
                                         have)
                elif a.kind == "official" and a.resolved == "postal_carrier" and have < len(route):
                    v = max(v, _carrier(ev, s, have))
                out.append((v, a))
            return out
        return values
    if step == "draw":
        return _draw(ev, s, values)
    if step != "play" or not any(a.kind == "horse" for _, a in values):
        return values
    b = s.board
    p = ev.p
    have = pg.horses(s)
    route = ev.route
    plays = [v for v, a in values if a.kind == "play"]
    best = max(plays) if plays else 0.0
    ends = ev.adj[route[0]] | ev.adj[route[-1]] if route else 0
    out = []
    for v, a in values:
        kind = a.kind
        if kind == "play" and route and a.end != "new":
            c = b.city_of[a.resolved]
            rmask = p.rmask | 1 << c
            l, r = (c, route[-1]) if a.end == "left" else (route[0], c)
            v = route_value(ev, rmask, l, r, _without(b, p.hand, b.kind_of[a.resolved]), have)
        elif kind == "horse":
            card, shoes = _card_of(b, a)
            if route:
                hm = _without(b, p.hand, card)
                v = route_value(ev, p.rmask, route[0], route[-1], hm, have + shoes) + PER_SHOE * shoes
                if ends >> b.city_of[card] & 1:
                    v -= FITS                    # (a card that fits the route is kept for it, or for the next)
            else:       # no route yet: a horse only with no card worth starting one
                v = (best if best > NEG / 2 else 0.0) - ev.w.rate + PER_SHOE * shoes
        out.append((v, a))
    return out


def _draw(ev, s, values: list) -> list:
    """The draw step's values less the horse turns the route will need once the card drawn is played to it (the
    same for every draw: the greedy bot's choice is the base game's; the search bot's leaves, valued by the draw
    step, count the horses: Power and Glory, Closing and scoring a route)."""
    n = len(ev.route)
    if not n:
        return values
    cost = ev.w.rate * horse_turns(n + 1 - pg.horses(s))
    return [(v - cost, a) for v, a in values] if cost else values


class PowerGloryValuation(Valuation):
    """Power and Glory's valuation: the base values adjusted for the horses (no step of its own)."""

    #: what a player-turn costs the search bot, against the base game's (tests/bench/turn_cost.py, BENCHMARKS.md "Issue
    #: 35: the levels' budgets"): the horse side of every card is an action to value
    turn_cost = 1.5
    adjust = staticmethod(adjust)

    @staticmethod
    def reason(s, a) -> str | None:
        """Why GreedyBot plays a card horse side up, or None."""
        if a.kind != "horse":
            return None
        b = s.board
        c, k = b.card_key(a.city)
        name = b.city_name(c) if k is None else b.card_names[k]        # as the card reads, never its id
        n = len(s.players[s.to_move].route)
        return (f"plays {name} horse side up: the carriage has {pg.horses(s)} horses now for a route of "
                f"{n} card{'' if n == 1 else 's'} ({pg.R_PLAY})")


PARTS = VALUATION = PowerGloryValuation()
