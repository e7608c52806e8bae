"""What holds after every action of every ruleset (base rules 000; rules notes; each expansion's rule book), read
from the state alone: nothing here names an expansion.

- cards conserved: every card id of the board exactly once, across the deck, the display, the discard pile, the
  hands, the routes and every pile a variant declares (thurn.piles);
- houses conserved: each player's houses on the board and in his supply (of every colour) as many as at the start;
- bonus tiles conserved (each stack's tiles left and held, as at the start) and taken from the top, each
  province tile at most once per player, the game-end tile held by the player who ended the game; carriages conserved and taken in order;
- routes follow the roads without repeating a city; a state not over has a legal action;
- at the end every player has had the same number of turns, each score item is the rule's (the carriage's points,
  the tiles', minus the houses left) and the total their sum; the winner has the most points, ties going to the
  game-end tile's holder, then clockwise (rules notes, R6).

Where a ruleset replaces a rule, the check reads the ruleset (SoloPlay's coach cards and its end: :func:`base_stage`).

An expansion adds its own checks in ``tests/expansions/<name>/conformance.py`` (``check(state, before, where)``,
optionally ``check_end(state, where)`` and a ``policy(state, rng)`` that reaches its rules): :func:`plugins` finds
them by the expansion's registered name."""
from __future__ import annotations

import importlib
import random
from collections import Counter

from thurn.rules import Rules
from thurn.scoring import popcount


def all_cards(s) -> list[int]:
    """Every card id in the state's piles (the base game's and each variant's), sorted."""
    cards = [c for c in s.display if c >= 0] + list(s.deck) + list(s.discard)
    for pile in s.piles.values():
        cards += list(pile)
    for p in s.players:
        cards += list(p.hand) + list(p.route)
        for pile in p.piles.values():
            cards += list(pile)
    return sorted(cards)


def houses(p) -> tuple:
    """A player's houses, on the board and in his supply, of each colour (SoloPlay, 2: four colours, a city may hold
    one of each)."""
    if p.colours is None:
        return (popcount(p.houses) + p.houses_left,)
    return tuple(popcount(mask) + left for _, mask, left in p.colours)


def base_stage(s, name: str) -> bool:
    """Whether the ruleset scores a route's stage ``name`` as the base rules do (or not at all): the carriages taken
    in order (3c; SoloPlay's coach cards are taken by the route's length, 4.4d), the game-end tile taken by the
    player who ends the game (Game end; SoloPlay ends otherwise)."""
    base = Rules().ruleset.scoring
    stage = next((st for st in s.ruleset.scoring if st.name == name), None)
    return stage is None or stage is next(st for st in base if st.name == name)


def _tiles_held(s) -> dict:
    held: dict = {}
    for p in s.players:
        for si, v in p.tiles:
            held.setdefault(si, []).append(v)
    return held


def check_invariants(s, where: str, root=None) -> None:
    """The invariants of a position (see the module's docstring); ``root``: the game's first state (default
    ``s.root``), what is conserved is counted against it."""
    root = s.root if root is None else root
    assert s.is_over == (s.step == "over"), f"{where}: is_over is {s.is_over} in step {s.step!r}"
    board = s.board
    cards = all_cards(s)
    if cards != list(range(len(board.cards))):
        got, every = Counter(cards), Counter(range(len(board.cards)))
        raise AssertionError(f"{where}: cards not conserved: {got - every} extra, {every - got} missing")
    taken = Counter()
    end_holders = []
    game_end = [st.index for st in board.stacks if st.kind == "game_end"]
    in_order = base_stage(s, "carriage")
    for i, (p, p0) in enumerate(zip(s.players, root.players)):
        assert p.houses_left >= 0, f"{where}: seat {i} has {p.houses_left} houses left"
        assert houses(p) == houses(p0), f"{where}: houses of seat {i}: {houses(p)}, at the start {houses(p0)}"
        if in_order:
            assert p.carriages == board.carriage_levels[:len(p.carriages)], f"{where}: carriages {p.carriages}"
        taken.update(p.carriages)                # (a carriage's level)
        seen = set()
        for si, v in p.tiles:
            if board.stacks[si].kind != "route_length" and getattr(s.ruleset, "tiles_once", True):
                assert si not in seen, f"{where}: seat {i} holds a tile of stack {si} twice: {p.tiles}"
                seen.add(si)
            if si in game_end:
                end_holders.append(i)
        route = board.cities_of(p.route)         # (the route holds card ids; a city once: base rules, 2)
        assert len(set(route)) == len(route), f"{where}: a city twice in the route {route}"
        assert all(board.adj[a] >> b & 1 for a, b in zip(route, route[1:])), f"{where}: route off the roads"
        assert p.rmask == sum(1 << c for c in route)
        assert list(p.hand) == sorted(p.hand)
    taken0 = Counter(level for p in root.players for level in p.carriages)
    held, held0 = _tiles_held(s), _tiles_held(root)
    for si, left in enumerate(s.stacks):
        assert sorted(left + tuple(held.get(si, ()))) == sorted(root.stacks[si] + tuple(held0.get(si, ()))), \
            f"{where}: tiles of stack {si}"
        first = root.stacks[si]
        assert left == first[len(first) - len(left):], f"{where}: stack {si} {left} is not what is left of {first}"
    for c, left, left0 in zip(board.carriages, s.carriages_left, root.carriages_left):
        assert left + taken[c.level] == left0 + taken0[c.level], f"{where}: carriage {c.level}"
    ender = [] if s.end_by is None else [s.end_by]
    assert end_holders == ender or (not end_holders and not base_stage(s, "end")), \
        f"{where}: game-end tile {end_holders} vs {s.end_by}"
    if not s.is_over:
        assert s.legal_actions(), f"{where}: no legal action"


#: The score items the base rules define (base rules, Game end): the last carriage's points, the tiles', minus the
#: houses left in the supply; a ruleset may replace them (SoloPlay's, Power and Glory's carriage of 0).
def _base_items(s, p) -> dict:
    points = {c.level: c.points for c in s.board.carriages}
    return {"carriage": points[p.carriages[-1]] if p.carriages else 0, "tiles": sum(v for _, v in p.tiles),
            "unplaced_houses": -p.houses_left}


def check_final(s, where: str) -> None:
    """The end: equal turns, each base item of the score the rule's, the total the sum of the items, the winner."""
    assert s.is_over
    turns = {s.turns_taken(i) for i in range(s.num_players)}
    assert len(turns) == 1, f"{where}: unequal turns {turns}"
    totals = []
    for rec, p in zip(s.score_records(), s.players):
        items = {k: v for k, v in rec.items() if k not in ("player", "seat", "total", "rating")}
        for k, v in _base_items(s, p).items():
            if k in items:
                assert items[k] == v, f"{where}: {k} {items[k]}, the rule's {v}: {rec}"
        assert rec["total"] == sum(v for v in items.values() if isinstance(v, int)), f"{where}: total of {rec}"
        totals.append(rec["total"])
    if base_stage(s, "end"):           # the game ends by the last house or the last carriage (Game end)
        ender = s.players[s.end_by]
        assert ender.houses_left == 0 or ender.carriages[-1:] == (s.board.carriage_levels[-1],), where
    if s.num_players > 1 and s.end_by is not None:
        best = max(totals)
        tied = [i for i, t in enumerate(totals) if t == best]
        expect = min(tied, key=lambda i: (i - s.end_by) % s.num_players)   # R6: holder first, then clockwise
        assert s.winner() == s.player_names[expect], where


def eager(state, rng):
    """Random, but scores whenever it can, so that games have a realistic length."""
    actions = state.legal_actions()
    if rng.random() < 0.05:
        return rng.choice(actions)
    scores = [a for a in actions if a.kind == "score"]
    if scores:
        return rng.choice(scores)
    extend = [a for a in actions if a.kind == "play" and a.end != "new"]
    if extend:
        return rng.choice(extend)
    other = [a for a in actions if a.kind != "play" or not state.players[state.to_move].route]
    return rng.choice(other or actions)


def policy(s, rng):
    """Eager random play that calls officials now and then and takes any choice at random in a step of its own
    (a return round, a seal, a carriage move)."""
    acts = s.legal_actions()
    if s.step not in ("draw", "play", "score"):
        return rng.choice(acts)
    calls = [a for a in acts if a.kind == "official"]
    if calls and rng.random() < 0.3:
        return rng.choice(calls)
    return eager(s, rng)


def plugins(expansions) -> list:
    """Each expansion's own conformance checks (``tests/expansions/<name>/conformance.py``), where it has them."""
    out = []
    for name in expansions:
        try:
            out.append(importlib.import_module(f"tests.expansions.{name}.conformance"))
        except ModuleNotFoundError as e:
            if e.name != f"tests.expansions.{name}.conformance":
                raise
    return out


def play_checked(s, rng: random.Random, where: str, limit: int = 100_000, on_state=None):
    """Play ``s`` to the end with the expansions' policy (the first that has one) or :func:`policy`, checking the
    invariants and each expansion's after every action; the final state."""
    own = plugins(s.rules.expansions)
    choose = next((m.policy for m in own if hasattr(m, "policy")), policy)
    root, before = s, None
    for k in range(limit):
        at = f"{where}, action #{k}"
        check_invariants(s, at, root)
        for m in own:
            m.check(s, before, at)
        if on_state is not None:
            on_state(s, rng, at)
        if s.is_over:
            check_final(s, at)
            for m in own:
                if hasattr(m, "check_end"):
                    m.check_end(s, at)
            return s
        before, s = s, s.apply(choose(s, rng))
    raise AssertionError(f"{where}: no end after {limit} actions")
