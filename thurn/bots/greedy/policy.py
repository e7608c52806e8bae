"""GreedyBot and its weights: every legal action valued (:func:`action_values`, one function per step of the turn,
from the evaluation :class:`~thurn.bots.greedy.evaluation.Eval`), the best one played."""
from __future__ import annotations

import random as _random
from dataclasses import fields, replace

from ...actions import Action
from ..valuation import expansion_weights, valuations
from .evaluation import Eval, takes_carriage
from .evaluation import cartwright_loss as _cartwright_loss
from .explain import reason
from .tables import NEG, bits
from .weights import Weights


class GreedyBot:
    """A bot that plays the legal action its heuristic values most (see the module docstring).

    ``GreedyBot(seed)`` or ``GreedyBot(seed=1, rate=1.2)``: ``seed`` seeds the tie-breaks (any int or str;
    ``None`` from the system); keyword options override the numbers of :class:`Weights`. ``avoid``: officials
    the bot never calls (a name, several joined by ``+``, or a list: ``postmaster``, ``administrator``,
    ``cartwright``, ``postal_carrier``), unless the rules leave nothing else; for experiments on what an
    official is worth (base rules, 1–3c). ``rush``: score a route the moment it earns the next carriage, with
    the Cartwright if he helps, to climb the carriage track to 7 as fast as possible (3c): the carriage-7 rush.
    ``blunders``: the share of decisions (0 to 1) in which the bot plays any legal action instead, drawn from a
    generator of its own (the named level Casual: :mod:`thurn.bots.levels`).
    """

    name = "greedy"
    view = "hidden"     # it reads what lies open and its own hand: handed a view with the unseen cards hidden

    def __init__(self, seed=None, weights: Weights | None = None, *, avoid=(), rush: bool = False,
                 blunders: float = 0.0, **options):
        known = {f.name for f in fields(Weights)} - {"more"}
        theirs = expansion_weights()                # the expansions' valuations' numbers
        bad = sorted(set(options) - known - set(theirs))
        if bad:
            raise TypeError(f"GreedyBot has no option {', '.join(map(repr, bad))}; its options are "
                            f"{', '.join(sorted(known | set(theirs) | {'avoid', 'rush', 'blunders'}))}.")
        self.seed = seed
        self.rng = _random.Random(seed)
        weights = weights or Weights()
        more = tuple((k, float(v)) for k, v in options.items() if k not in known)
        self.weights = replace(weights, more=weights.more + more, **{k: v for k, v in options.items() if k in known})
        self.avoid = _officials(avoid)
        if not isinstance(rush, bool):
            raise TypeError(f"rush should be True or False, not {rush!r}.")
        self.rush = rush
        if isinstance(blunders, bool) or not isinstance(blunders, (int, float)) or not 0 <= blunders <= 1:
            raise ValueError(f"blunders should be a share of the decisions from 0 to 1, not {blunders!r}.")
        self.blunders = float(blunders)
        # the blunders' own generator, so that the tie-breaks and secret choices are drawn as without them
        self.blunder_rng = (_random.Random(None if seed is None else f"{seed}:blunders") if blunders
                            else None)

    def __repr__(self):
        extra = f", avoid={'+'.join(sorted(self.avoid))!r}" if self.avoid else ""
        extra += ", rush=True" if self.rush else ""
        extra += f", blunders={self.blunders:g}" if self.blunders else ""
        return f"GreedyBot(seed={self.seed!r}{extra})"

    def _allowed(self, values, state):
        """``values`` without the calls of the officials the bot avoids (all of them if nothing else is left);
        when rushing, only the Score actions that take a carriage if there are any."""
        if self.avoid:
            values = [(v, a) for v, a in values if _official_of(a) not in self.avoid] or values
        if self.rush and state.step == "score":
            values = [(v, a) for v, a in values if takes_carriage(state, a)] or values
        return values

    # -- choosing ------------------------------------------------------------------------------------------------
    def choose(self, state) -> Action:
        """The legal action of ``state`` with the highest value (ties broken by the bot's generator); a secret
        choice drawn by the generator among those within :func:`secret_tolerance` of the highest."""
        if self.blunder_rng is not None and self.blunder_rng.random() < self.blunders:
            actions = state.legal_actions()      # a blunder: any legal action, as a beginner might play
            if actions:
                return actions[self.blunder_rng.randrange(len(actions))]
        values = self._allowed(action_values(state, self.weights), state)
        if not values:
            raise ValueError(f"{self.name}: no legal action to choose from in {state!r}.")
        top = values[0][0]
        for v, _ in values:
            if v > top:
                top = v
        tolerance = secret_tolerance(state)      # a secret choice: drawn among those about as good (see there)
        top -= 1e-9 if tolerance is None else max(tolerance, 1e-9)
        best = [a for v, a in values if v >= top]
        return best[0] if len(best) == 1 else best[self.rng.randrange(len(best))]

    def score_actions(self, state) -> list[tuple[float, Action, str]]:
        """Every legal action with its value and the reason in words, best first."""
        values = self._allowed(action_values(state, self.weights, always=True), state)
        ev = evaluation(state)(state, self.weights) if values else None
        out = [(v, a, reason(ev, state, a)) for v, a in values]
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
        from ...errors import UnknownName
        raise UnknownName("official", bad[0], OFFICIALS)
    return names


def _official_of(a):
    """The official an action calls (the Cartwright with a Score action, base rules 3c), or None."""
    if a.kind == "official":
        return a.resolved
    if a.kind == "score" and a.cartwright:
        return "cartwright"
    return None


# -- the values of the legal actions ---------------------------------------------------------------------------------

def action_values(state, w: Weights, always: bool = False) -> list[tuple[float, Action]]:
    """(value, action) for every legal action; a lone action is valued only when ``always``."""
    actions = state.legal_actions()
    if not actions or (len(actions) == 1 and not always):
        return [(0.0, a) for a in actions]
    ev = evaluation(state)(state, w)
    step = state.step
    vals = valuations(state)
    if vals:
        return _expansion_values(ev, state, actions, step, vals)
    if step == "draw":
        return _draw_values(ev, state, actions)
    if step == "play":
        return _play_values(ev, state, actions)
    if step == "score":
        return _score_values(ev, state, actions)
    if step == "keep":
        return _keep_values(ev, actions)
    return [(NEG, a) for a in actions]


def secret_tolerance(state) -> float | None:
    """How far below the best value (points) a choice the others may not see is still drawn, or None when the step's
    choice is open. A secret choice always the same would be read by whoever saw one game's end (The Audience,
    Preparation: the clergymen are sealed "secretly"), so the bot draws it from its own seeded generator among the
    choices within this tolerance of the best: a variant's valuation says so with ``secret(state)``."""
    for val in valuations(state):
        fn = getattr(val, "secret", None)
        tolerance = fn(state) if fn is not None else None
        if tolerance is not None:
            return float(tolerance)
    return None


def evaluation(state):
    """The evaluation class of ``state``'s decisions: :class:`Eval`, or the subclass a variant's valuation gives as
    its ``evaluation`` (a variant whose scoring differs from the base game's: its houses, tiles and carriages valued
    its own way, the plans of building routes on kept)."""
    for val in valuations(state):
        cls = getattr(val, "evaluation", None)
        if cls is not None:
            return cls
    return Eval


def _expansion_values(ev: Eval, s, actions, step, vals):
    """The values with a variant's valuation on (:class:`thurn.bots.valuation.Valuation`): the base values of the
    turn's steps, the Cartwright and the Postal Carrier counted as available when they can still be paid for, and
    what the variants add; a step of a variant's own valued by that variant."""
    for val in vals:
        if step in val.steps:
            return val.values(ev, s, actions)
    if step == "draw":
        values = _draw_values(ev, s, actions, _cartwright_open(s))
    elif step == "play":
        cw = _cartwright_open(s)
        values = _play_values(ev, s, actions, cw, s.plays == 0 and _may_call(s, "postal_carrier"))
    elif step == "score":
        values = _score_values(ev, s, actions)
    elif step == "keep":
        values = _keep_values(ev, actions)
    else:
        return [(NEG, a) for a in actions]
    for val in vals:
        values = val.adjust(ev, s, values)
    return values


def _may_call(s, oid: str) -> bool:
    rs = s.ruleset
    return not s.officials if rs.one_official else rs.officials.may_call(s, oid)


def _cartwright_open(s) -> bool:
    """Whether the Cartwright may still help this turn (no official yet; with the Messenger, one paid for)."""
    return _may_call(s, "cartwright")


def _draw_values(ev: Eval, s, actions, cw=None):
    """Base rules, 1: the card that allows the best play this turn; the Postmaster for a second card; the
    Administrator for a new display."""
    w = ev.w
    if cw is None:
        cw = not s.officials       # no official yet: the Cartwright may still help when scoring
    base, shown, deck = ev.draw_gains(cw)
    gains = sorted([v - base for v in shown.values()] + [deck - base] * 2, reverse=True)
    out = []
    for a in actions:
        kind = a.kind
        if kind == "draw":
            out.append((deck if a.resolved < 0 else shown[ev.b.city_of[a.resolved]], a))
        elif kind == "official" and a.resolved == "postmaster":
            out.append((base + gains[0] + w.second_draw * gains[1] - w.official_cost - _cartwright_loss(ev), a))
        elif kind == "official" and a.resolved == "administrator":
            if base <= NEG / 2:     # an empty hand (the Messenger's paid officials): a new display is worth a draw
                out.append((deck - w.official_cost - _cartwright_loss(ev), a))
                continue
            q = ev.fit_chance()
            best_shown = max(shown.values(), default=base)
            avg = (deck - base) / q if q > 0 else 0.0
            v = base + (1.0 - (1.0 - q) ** len(s.display)) * avg - w.official_cost - _cartwright_loss(ev)
            out.append((v if best_shown <= deck else min(v, best_shown - 0.01), a))
        else:
            out.append((NEG, a))
    return out


def _play_values(ev: Eval, s, actions, cw=None, carrier=None):
    """Base rules, 2: the card that keeps the route extendable and heads where houses can go, the Postal
    Carrier's second card counted in; the Postmaster for a second draw before playing (base rules, 1)."""
    if cw is None:
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


def _played(ev: Eval, a):
    """The route (mask, left end, right end) after the play ``a``."""
    c = ev.b.city_of[a.resolved]
    if a.end == "new" or not ev.route:
        return 1 << c, c, c
    if a.end == "left":
        return ev.p.rmask | 1 << c, c, ev.route[-1]
    return ev.p.rmask | 1 << c, ev.route[0], c


def _second_draw_value(ev: Eval) -> float:
    """The Postmaster after the first draw (base rules, 1): the best second card when no card in hand fits the
    route; with a card that fits, only the play it allows already, less the official's cost."""
    w, route, adj = ev.w, ev.route, ev.adj
    if route and ev.hm & (adj[route[0]] | adj[route[-1]]) & ~ev.p.rmask:
        v, _ = ev.best_play(ev.hm, False)
        return v - w.official_cost - _cartwright_loss(ev)
    base, shown, deck = ev.draw_gains(False)
    return max([deck] + list(shown.values())) - w.official_cost


def _carrier_value(ev: Eval, rmask: int, l: int, r: int) -> float:
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


def _score_values(ev: Eval, s, actions):
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


def _keep_values(ev: Eval, actions):
    """Base rules, 3d: keep the three cards that start the best new route."""
    out = []
    for a in actions:
        km = 0
        for c in a.resolved:
            km |= 1 << ev.b.city_of[c]
        best = NEG
        for c in bits(km):
            v = ev.cont(1 << c, c, c, ev.run(1 << c, c, c, km))
            if v > best:
                best = v
        out.append((best + 0.01 * km.bit_count(), a))
    return out
