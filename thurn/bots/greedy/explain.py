"""The reasons GreedyBot gives for its actions, in words, from the same evaluation that valued them
(:meth:`GreedyBot.score_actions <thurn.bots.greedy.GreedyBot.score_actions>`, the hints)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .tables import bits

if TYPE_CHECKING:
    from .evaluation import Eval


#: The rule each reason cites, in the base game (base rules); a variant's valuation may give its own (``rules``:
#: SoloPlay's manual numbers its steps otherwise).
RULES = {"draw": "base rules, 1", "draw_play": "base rules, 1–2", "play": "base rules, 2", "score": "base rules, 3a–3c",
         "end": "base rules, 3", "keep": "base rules, 3d", "end_game": "Game End and Scoring"}


def cite(s, what: str) -> str:
    """The rule a reason about ``what`` (a key of :data:`RULES`) cites in ``s``'s ruleset: a variant's valuation's
    own (its ``rules``), else the base game's."""
    from ..valuation import valuations

    for val in valuations(s):
        rule = getattr(val, "rules", {}).get(what)
        if rule:
            return rule
    return RULES[what]


def number(x) -> str:
    """A value for words: a whole number as such ("4"), else to one decimal ("3.3")."""
    return str(int(round(x))) if abs(x - round(x)) < 0.05 else f"{x:.1f}"


def _length_words(ev, m: int) -> list[str]:
    """What a route of ``m`` cards brings by its length: the route tile (base rules, 3c), or an evaluation's own
    words (``length_words``: SoloPlay's coach card)."""
    own = getattr(ev, "length_words", None)
    if own is not None:
        return own(m)
    tile = ev.L[m if m < 16 else 15]
    return [f"route tile {number(tile)}"] if tile else []


def _names(b, mask: int) -> str:
    return ", ".join(b.names_of(mask))


def _route_after(ev: Eval, c: int, end: str) -> tuple:
    if end == "new" or not ev.route:
        return (c,)
    return (c,) + ev.route if end == "left" else ev.route + (c,)


def _route_text(b, route) -> str:
    return "–".join(b.city_name(c) for c in route)


def _score_text(ev: Eval, rmask: int, cartwright: bool, mask: int | None = None, carriage: bool = True) -> str:
    """What scoring the route brings: houses, province tiles, route tile, carriage (base rules, 3a–3c)."""
    b = ev.b
    m = rmask.bit_count()
    if mask is None:
        _, mask = ev.houses(rmask)
    n = mask.bit_count()
    parts = [f"{n} house{'s' if n != 1 else ''}" + (f" ({_names(b, mask)})" if n else "")]
    groups, allp = ev.groups()
    done = [value for missing, value, _, _ in groups if missing and missing & mask == missing]
    if allp is not None:
        missing, value, _, _ = allp
        if missing and all(pm & mask for pm in missing):
            done.append(value)
    if done:
        parts.append(f"province tile{'s' if len(done) > 1 else ''} {' + '.join(map(str, done))}")
    parts += _length_words(ev, m)
    if not carriage:
        parts.append(f"carriage {ev.level} declined" + (": taking it would end the game behind" if ev.cval < 0 else ""))
    elif ev.carriage(m, cartwright):
        parts.append(f"carriage {ev.level}" + (" with the Cartwright" if m < ev.level else ""))
    if ev.p.houses_left and n == ev.p.houses_left and not ev.final:
        parts.append("the last house ends the game")
    return ", ".join(parts)


def _build_text(ev: Eval, rmask: int, l: int, r: int, k: int, j: int) -> str:
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
    aim += _length_words(ev, m)
    return f"{safe}; {', '.join(aim)}"


def _plan_text(ev: Eval, route, hm: int, cartwright: bool) -> str:
    """What the bot means to do with ``route`` after playing to it: score now, or build on (and why)."""
    rmask = 0
    for c in route:
        rmask |= 1 << c
    l, r = route[0], route[-1]
    k = ev.run(rmask, l, r, hm)
    cont, j = ev.cont(rmask, l, r, k, detail=True)
    head = f"{_route_text(ev.b, route)} ({len(route)} card{'s' if len(route) != 1 else ''})"
    if len(route) >= ev.min_route and ev.score_now(rmask, cartwright) >= cont:
        return f"{head}, scored now: {_score_text(ev, rmask, cartwright)}"
    if ev.final:
        return f"{head}, too short to score on the last turn"
    return f"{head}, built on: {_build_text(ev, rmask, l, r, k, j)}"


def reason(ev: Eval | None, s, a) -> str:
    """The reason for an action in words, from the same evaluation that valued it."""
    if ev is None:
        return "the only legal action"
    b = ev.b
    kind = a.kind
    cw = not s.officials
    if kind == "draw":
        if a.resolved < 0:
            if not ev.hm:
                return f"a card from the deck, to start a route with ({cite(s, 'draw')})"
            return (f"a card from the deck fits with chance {ev.fit_chance():.0%}; no card face up does more "
                    f"({cite(s, 'draw')})")
        drawn = b.city_of[a.resolved]
        hm = ev.hm | 1 << drawn
        if not ev.hm and s.draws_allowed - s.draws >= 2:
            partner = max(bits(ev.adj[drawn] & ev.dmask), default=None,
                          key=lambda d: ev.best_play(hm | 1 << d, cw)[0])
            if partner is not None and ev.best_play(hm | 1 << partner, cw)[0] > ev.best_play(hm, cw)[0]:
                v, play = ev.best_play(hm | 1 << partner, cw)
                c, end, _, _, _ = play
                then = f"start a route with {b.city_name(c)}" if end == "new" else \
                    f"play {b.city_name(c)} at the {end} end"
                return (f"then take {b.city_name(partner)} too (it stays face up) and {then}: "
                        f"{_plan_text(ev, _route_after(ev, c, end), hm | 1 << partner, cw)} ({cite(s, 'draw_play')})")
        v, play = ev.best_play(hm, cw)
        if play is None:
            return f"{b.card_names[a.resolved]}: nothing to play after it ({cite(s, 'draw')})"
        c, end, _, _, _ = play
        then = f"start a new route with {b.city_name(c)}" if end == "new" else \
            f"play {b.city_name(c)} at the {end} end"
        return f"then {then}: {_plan_text(ev, _route_after(ev, c, end), hm, cw)} ({cite(s, 'draw_play')})"
    if kind == "official":
        if a.resolved == "postmaster":
            if s.step == "play":
                return f"the Postmaster draws a second card before playing ({cite(s, 'draw')})"
            return f"the Postmaster draws a second card: two cards to extend the route ({cite(s, 'draw')})"
        if a.resolved == "administrator":
            return (f"the Administrator replaces the display: each new card fits with chance "
                    f"{ev.fit_chance():.0%} ({cite(s, 'draw')})")
        if a.resolved == "postal_carrier":
            return (f"the Postal Carrier plays a second card that fits: the route grows twice this turn "
                    f"({cite(s, 'play')})")
        return "an official"
    if kind == "play":
        route = _route_after(ev, b.city_of[a.resolved], a.end)
        if a.end == "new":
            lost = f" (discards {_route_text(b, ev.route)})" if ev.route else ""
            return f"start a new route{lost}: {_plan_text(ev, route, ev.hm, cw)} ({cite(s, 'play')})"
        return f"extends the route to {_plan_text(ev, route, ev.hm, cw)} ({cite(s, 'play')})"
    if kind == "score":
        return (f"score {_route_text(b, ev.route)} now: {_score_text(ev, ev.p.rmask, a.cartwright, a.resolved, a.carriage)} "
                f"({cite(s, 'score')})")
    if kind == "end":
        if ev.final:
            return f"end the turn: the game ends after this round ({cite(s, 'end_game')})"
        route, rmask = ev.route, ev.p.rmask
        k = ev.run(rmask, route[0], route[-1], ev.hm)
        _, j = ev.cont(rmask, route[0], route[-1], k, detail=True)
        return (f"keep building {_route_text(b, route)}: {_build_text(ev, rmask, route[0], route[-1], k, j)} "
                f"({cite(s, 'end')})")
    if kind == "keep":
        return (f"keep {', '.join(b.card_names[c] for c in a.resolved)}: the best start for the next route "
                f"({cite(s, 'keep')})")
    from ..valuation import valuations
    for val in valuations(s):
        why = val.reason(s, a)
        if why:
            return why
    return "no heuristic for this kind of action"
