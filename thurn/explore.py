"""What-if questions on a position: which routes can these cards build, and what would scoring bring?

Two questions, answered by the rules core for the apps and for notebooks:

- :func:`route_options` — every route a set of cards can build on the board (a new route) and every way they
  can extend the player's current route, each with what scoring it would bring *now* (base rules, 2 and 3):
  the best placement of houses, the bonus tiles, the carriage, and the points that adds to the final score;
- :func:`score_outcomes` — for a player about to score (step 3), every legal Score action side by side,
  computed by applying it: houses, tiles, carriage, points, and whether it ends the game.

"Points" is always the change of the player's final score (Game End and Scoring): each house placed is a point
no longer lost, plus the tiles taken, plus what the new carriage adds over the old one.

A variant switched on may count what a placement brings beyond points (:meth:`thurn.parts.Parts.placement_extras`:
The Princess' Messenger counts the nobility ``letters`` the houses would take): such extras are read as attributes
of the outcome (``outcome.letters``; a variant's default when it is off) and never change the ranking of routes,
only which of two placements worth the same points is shown (the one whose counted extras are more).
"""
from __future__ import annotations

import bisect
import heapq
from dataclasses import dataclass, replace

from .board import Board
from .board_file import load_board
from .errors import ThurnError
from .routes import Route
from .effects import carriage_for, effect_points, route_effect
from .scoring import next_carriage, placement_masks, popcount, required_provinces_mask
from .parts import PARTS, parts_on

__all__ = ["Outcome", "RouteOption", "RouteOptions", "ScoreOutcome", "route_options", "score_outcomes", "route_outcome",
           "score_parts"]


@dataclass(frozen=True)
class Outcome:
    """What scoring one route with one placement brings (base rules, 3a–3c)."""

    houses: tuple[str, ...]
    tiles: tuple[tuple[str, int], ...]      # (stack name, value) in board order
    carriage: int | None                    # the carriage taken, if any
    ends_game: bool                         # placing the last house or taking carriage 7 first
    points: int                             # change of the final score
    declined: int | None = None             # the carriage declined (R9), if any
    without_carriage: "Outcome | None" = None   # the same scoring declining the carriage it takes (R9)
    extras: tuple = ()                      # (name, value) of the variants switched on (Parts.placement_extras)
    colour: str | None = None               # the house colour placed (a player with several: SoloPlay)
    parts: tuple = ()                       # (words, points) adding up to ``points`` (score_outcomes: score_parts)

    def __getattr__(self, name):
        """An extra of a variant by its name (``outcome.letters``); the variant's default when it is not counted."""
        if name.startswith("__"):
            raise AttributeError(name)
        for key, value in self.__dict__.get("extras", ()):
            if key == name:
                return value
        for part in PARTS.values():
            if name in part.outcome_extras:
                return part.outcome_extras[name]
        raise AttributeError(f"'Outcome' object has no attribute {name!r}")

    def __str__(self):
        parts = [f"{len(self.houses)} {self.colour + ' ' if self.colour else ''}house"
                 f"{'s' if len(self.houses) != 1 else ''}"]
        lead, tail = _extra_words(self.extras)
        parts += lead
        parts += [f"{name} tile {v}" for name, v in self.tiles]
        if self.carriage is not None:
            parts.append(f"carriage {self.carriage}")
        if self.declined is not None:
            parts.append(f"declines carriage {self.declined}")
        parts += tail
        if self.ends_game:
            parts.append("ends the game")
        return f"{', '.join(parts)}: {self.points:+d} point{'s' if abs(self.points) != 1 else ''}"


@dataclass(frozen=True)
class RouteOption:
    """A route the cards can build: the whole route, the cards it uses, and its best scoring now."""

    route: Route
    cards: tuple[str, ...]                  # the cards played, in an order they can be played
    kind: str                               # "new" (a route of its own) or "extension" (of the current route)
    outcome: Outcome | None                 # best scoring now; None when the route is too short to score
    cartwright: Outcome | None = None       # the best scoring with the Cartwright, when he adds a carriage

    @property
    def decline(self) -> Outcome | None:
        """The best scoring that declines the carriage the best scoring takes (R9), or None."""
        return self.outcome.without_carriage if self.outcome is not None else None

    @property
    def points(self) -> int:
        """Points the best scoring brings now (with the Cartwright if he helps); 0 when it cannot be scored."""
        best = [o.points for o in (self.outcome, self.cartwright) if o is not None]
        return max(best, default=0)

    def __str__(self):
        what = str(self.outcome) if self.outcome else "too short to score"
        if self.cartwright is not None:
            what += f"; with the Cartwright {self.cartwright}"
        if self.decline is not None:
            what += f"; or {self.decline}"
        return f"{self.route} ({self.kind}, plays {', '.join(self.cards)}): {what}"


@dataclass(frozen=True)
class ScoreOutcome:
    """One legal Score action and what it brings, computed by applying it (base rules, 3)."""

    action: object
    outcome: Outcome
    state: object                           # the state after the action


# -- scoring a route ------------------------------------------------------------------------------------------

_BASE_EXTRAS = None     # Parts.placement_extras, set below (a variant that counts none is not asked)
_BASE_ROUTE_EXTRAS = None   # Parts.route_extras, likewise
_BASE_SCORING_EXTRAS = None  # Parts.scoring_extras, likewise


class _Scorer:
    """The best scoring of routes for one player in one position, cached by the set of cities."""

    def __init__(self, board: Board, rules, player, stacks, carriages_left, game_ending_open: bool, state=None,
                 seat: int | None = None):
        self.board, self.rules, self.p = board, rules, player
        self.stacks, self.carriages_left = stacks, carriages_left
        self.open_end = game_ending_open
        self.parts = parts_on(state) if state is not None else ()    # the variants counting extras
        self.seat = seat if seat is not None else (state.to_move if state is not None else 0)
        self.state = state if any(type(p).placement_extras is not _BASE_EXTRAS
                                  or type(p).route_extras is not _BASE_ROUTE_EXTRAS
                                  or type(p).scoring_extras is not _BASE_SCORING_EXTRAS for p in self.parts) else None
        self.game = state                   # the position read (a variant's scoring stage may read its part)
        self.cache: dict[int, tuple] = {}

    def carriage(self, length: int, cartwright: bool) -> int | None:
        return carriage_for(self.board, self.p.carriages, self.carriages_left, length, cartwright)

    def outcome(self, route: tuple[int, ...], mask: int, carriage: int | None, declined: int | None = None,
                colour: str | None = None) -> Outcome:
        """What scoring ``route`` with houses ``mask`` (in ``colour``, for a player with several) brings, from the
        engine's own effect (thurn.effects)."""
        b = self.board
        cartwright = carriage is not None and carriage != self.carriage(len(route), False)
        e = route_effect(b, self.rules, self.p, self.stacks, self.carriages_left, self.open_end, len(route), mask,
                         cartwright, carriage is not None, state=self.game, colour=colour)
        tiles = [(b.stacks[si].name, v) for si, v in e.tiles + e.end_tiles]
        extras = (_extras(self.parts, self.state, self.seat, mask, cards=len(route), route=route)
                  if self.state is not None else ())
        return Outcome(tuple(b.city_name(c) for c in route if mask >> c & 1), tuple(tiles), e.carriage,
                       e.ends is not None, effect_points(b, self.p, e, self.rules), declined, extras=extras,
                       colour=colour)

    def colours(self) -> tuple:
        """(colour, the houses a placement in it avoids, houses left) of each colour a route may be scored in now:
        ``((None, houses, left),)`` for a player with one colour; for one with several (SoloPlay), those the
        variants allow now (:meth:`thurn.parts.Parts.scoring_colours`), each avoiding its own houses where a city
        holds one of each colour (``ruleset.house_per_colour``)."""
        p = self.p
        if p.colours is None:
            return ((None, p.houses, p.houses_left),)
        allowed = None
        if self.game is not None:
            for part in self.parts:
                said = part.scoring_colours(self.game, self.seat)
                if said is not None:
                    allowed = set(said) if allowed is None else allowed & set(said)
        per_colour = getattr(getattr(self.rules, "ruleset", None), "house_per_colour", False)
        return tuple((c, m if per_colour else p.houses, left) for c, m, left in p.colours
                     if left > 0 and (allowed is None or c in allowed))

    def best(self, route: tuple[int, ...]):
        """(best outcome, best outcome with the Cartwright or None) for scoring ``route`` now (houses named in
        the board's order of cities; kept per set of cities)."""
        b = self.board
        if len(route) < b.min_route:
            return None, None
        rmask = 0
        for c in route:
            rmask |= 1 << c
        hit = self.cache.get(rmask)
        if hit is not None:
            return hit
        route = tuple(sorted(route))        # the cities in board order: the answer never depends on what came first
        ways = [(colour, m) for colour, owned, left in self.colours()
                for m in placement_masks(b, route, owned, left, self.rules.optional_houses)]
        if not ways:                        # no colour open (SoloPlay): not scored now
            self.cache[rmask] = (None, None)
            return None, None
        plain = self.carriage(len(route), False)
        helped = self.carriage(len(route), True)
        key = _value
        best = max((self.outcome(route, m, plain, colour=c) for c, m in ways), key=key)
        declinable = not self.rules.carriage_compulsory and bool(getattr(getattr(self.rules, "ruleset", None),
                                                                        "decliners", True))
        if plain is not None and best.carriage is not None and declinable:
            alt = max((self.outcome(route, m, None, plain, colour=c) for c, m in ways), key=key)
            best = replace(best, without_carriage=alt)
        cw = None
        if helped is not None and plain is None:
            cw = max((self.outcome(route, m, helped, colour=c) for c, m in ways), key=key)
            if cw.carriage is None:       # a scoring that takes no carriage (Power and Glory): no Cartwright either
                cw = None
        self.cache[rmask] = (best, cw)
        return best, cw


def _value(o: Outcome):
    """The best placement: the most points; of two worth the same, the one whose counted extras are more (The
    Princess' Messenger: the letters taken; none in the base game: the first best placement, as before)."""
    return o.points, sum(v for _, v in o.extras if type(v) is int)


def _extras(parts, state, seat: int, mask: int, after=None, cards: int | None = None, route=None) -> tuple:
    """The variants' extras of houses in ``mask`` for ``seat`` (:meth:`thurn.parts.Parts.placement_extras`), of
    a route of ``cards`` cards (:meth:`thurn.parts.Parts.route_extras`) and of the route's cities ``route``
    (:meth:`thurn.parts.Parts.scoring_extras`)."""
    out = []
    for part in parts:
        out += part.placement_extras(state, seat, mask, after).items()
        if cards is not None:
            out += part.route_extras(state, seat, cards).items()
        if route is not None:
            out += part.scoring_extras(state, seat, tuple(route), mask, after).items()
    return tuple(out)


def _extra_words(extras) -> tuple[list, list]:
    """The extras in words: those said after the houses, and those said at the end."""
    lead, tail = [], []
    for part in PARTS.values():
        a, b = part.outcome_words(extras)
        lead += a
        tail += b
    return lead, tail


# -- the search: the best routes first, within a budget -------------------------------------------------------

#: The most partial routes :func:`route_options` looks at by default (each is a route the cards can build, or
#: the start of some): at most about 0.1 s of work. With more the list is cut (``RouteOptions.complete`` is False).
ROUTE_BUDGET = 1_000


def _bits_of(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class _Bound:
    """An upper bound of the points any route within a set of cities can bring now (base rules, 3a–3c): each
    score item at its most, as if every house, tile and carriage those cities allow came at once."""

    def __init__(self, board: Board, rules, player, stacks, carriages_left, game_ending_open: bool):
        self.board, self.owned, self.houses_left = board, player.houses, player.houses_left
        held = {si for si, _ in player.tiles}
        top = [s[0] if s else 0 for s in stacks]
        self.lengths = sorted(((st.length, top[st.index]) for st in board.stacks
                               if st.kind == "route_length" and stacks[st.index]))
        self.province_masks = board.province_mask
        self.all_cities = [(top[st.index], sum(board.province_mask[board._province_index[p]] for p in st.provinces))
                           for st in board.stacks if st.kind == "all_cities" and st.index not in held
                           and stacks[st.index]]
        self.per_province = [(top[st.index], required_provinces_mask(board, st, rules.all_provinces_includes_baiern))
                             for st in board.stacks if st.kind == "one_house_per_province" and st.index not in held
                             and stacks[st.index]]
        self.game_end = sum(top[st.index] for st in board.stacks if st.kind == "game_end" and stacks[st.index])
        self.free_cities = board.free_cities    # Power and Glory: one house on one free city, with option A
        # Tiles of other kinds (registered by expansions): a first-house tile counts when its city is free on
        # the route; any other kind's top tile counts always (a bound may be loose, never too low).
        base = ("route_length", "all_cities", "one_house_per_province", "game_end")
        self.first_house = [(top[st.index], 1 << board.index(st.city)) for st in board.stacks
                            if st.kind == "first_house" and stacks[st.index] and top[st.index] > 0]
        self.other_kinds = sum(top[st.index] for st in board.stacks if st.kind not in base + ("first_house",)
                               and stacks[st.index] and top[st.index] > 0)
        self.open_end = game_ending_open
        level = next_carriage(board, player.carriages)
        old = board.carriage_points[player.carriages[-1]] if player.carriages else 0
        self.carriage = None            # (cards needed with the Cartwright, points gained, is the last carriage)
        if level is not None and carriages_left[board.carriage_levels.index(level)] > 0:
            self.carriage = (level - 2, board.carriage_points[level] - old, level == board.carriage_levels[-1])
        self.cache: dict[tuple[int, int], int] = {}

    def points(self, cities: int, length: int) -> int:
        """At most the points of scoring a route of at most ``length`` cards, all of them in ``cities``: the
        better of option A (a house in each province) and option B (every city of one province), 3a."""
        key = (cities, length)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        owned, left = self.owned, self.houses_left
        free = cities & ~owned
        fixed = max((v for need, v in self.lengths if need <= length), default=0)
        ends = False
        if self.carriage is not None and length >= self.carriage[0]:
            fixed += max(0, self.carriage[1])
            ends = self.carriage[2]
        options = []                            # (houses after, houses for the per-province stacks, placed)
        if free:
            one_each, provinces = owned, 0      # option A: a house in each province; a bonus only for a
            for m in self.province_masks:       # province whose one free city is on the route
                f = free & m
                if f:
                    provinces += 1
                    if not f & (f - 1) and not m & ~owned & ~f:
                        one_each |= f
            if free & self.free_cities:
                provinces += 1
            options.append((one_each, owned | cities, min(provinces, left, length)))
            for m in self.province_masks:       # option B, for each province of the route
                f = free & m
                if f:
                    options.append((owned | f, owned | f, min(popcount(f), left, length)))
        else:
            options.append((owned, owned, 0))
        best = 0
        for houses, spread, placed in options:
            points = fixed + placed + self.other_kinds
            for v, bit in self.first_house:
                if free & bit:
                    points += v
            for v, need in self.all_cities:
                if houses & need == need:
                    points += v
            for v, masks in self.per_province:
                if all(spread & m for m in masks):
                    points += v
            if self.open_end and (ends or 0 < left <= placed):
                points += self.game_end
            best = max(best, points)
        self.cache[key] = best
        return best


class _Search:
    """The routes ``cards`` can build (new, and extensions of ``current``), best first (:func:`_rank`), within a
    budget of partial routes looked at.

    A best-first branch and bound: each partial route stands in a heap for itself and every route grown from
    it, under an optimistic key (the most points and cards the cities it can still reach allow, :class:`_Bound`);
    a route is listed once it is better than every such key left, so the first ``k`` listed are the first ``k``
    of the whole ranking. New routes grow from their first city to the right (kept when that city is the lower
    end); an extension grows to the left first, then to the right.
    """

    def __init__(self, board: Board, scorer: _Scorer, bound: _Bound, cards: int, current: tuple, min_length: int,
                 budget: int | None):
        self.board, self.adj, self.scorer, self.bound = board, board.adj, scorer, bound
        self.cards, self.current, self.min_length = cards, current, min_length
        self.budget = budget
        self.looked = 0                         # partial routes looked at
        self.heap: list = []
        self.waiting: list = []                 # partial routes only counted
        self.limit, self.best, self.worst = None, [], None
        self.count = 0                          # entries pushed (ties in the heap go first in, first out)
        self.cmask = sum(1 << c for c in current)

    # nodes: (0, path, used) a new route; (1, left, used) and (2, left, right, used) an extension of current

    def _reach(self, tips, free: int) -> int:
        adj, reach = self.adj, 0
        front = 0
        for t in tips:
            front |= adj[t]
        front &= free
        while front:
            reach |= front
            nxt = 0
            for c in _bits_of(front):
                nxt |= adj[c]
            front = nxt & free & ~reach
        return reach

    def _push(self, node, depth: int) -> None:
        kind, used = node[0], node[-1]
        free = self.cards & ~used
        if kind == 0:
            tips, low, ext = (node[1][-1],), node[1], 0
        elif kind == 1:                         # the route's first city: this left end or one beyond it
            left = node[1]
            tip = left[-1] if left else self.current[0]
            beyond = self._reach((tip,), free)
            first = min(tip, (beyond & -beyond).bit_length() - 1) if beyond else tip
            tips, low, ext = (tip, self.current[-1]), (first,), -1
        else:
            left, right = node[1], node[2]
            tips, low, ext = (right[-1],), left[::-1] + self.current + right, -1
        cities = used | self._reach(tips, free)
        length = popcount(cities)
        points = self.bound.points(cities, length) if length >= self.board.min_route else 0
        key = (-points, False, -length, ext, low)
        if self.worst is not None and key > self.worst:
            self.waiting.append(node)           # nothing grown from it can be among the best: only counted
            return
        self.count += 1
        heapq.heappush(self.heap, (key, -depth, self.count, node))

    def _known(self, rank) -> None:
        """Keep the ``limit`` best ranks known; the worst of them bounds what is still worth looking at."""
        if not self.limit:
            return
        bisect.insort(self.best, rank)
        del self.best[self.limit:]
        if len(self.best) == self.limit:
            self.worst = self.best[-1]

    def _route(self, node):
        """(route, cards played, kind) of a node, or None when it is not listed itself."""
        kind = node[0]
        if kind == 0:
            path = node[1]
            if len(path) >= self.min_length and (len(path) == 1 or path[0] < path[-1]):
                return path, path, "new"
            return None
        left = node[1]
        if kind == 1:
            if left and len(self.current) > 1:
                return left[::-1] + self.current, left, "extension"
            return None
        right = node[2]
        return left[::-1] + self.current + right, left + right, "extension"

    def _children(self, node):
        adj, kind, used = self.adj, node[0], node[-1]
        free = self.cards & ~used
        if kind == 0:
            path = node[1]
            for c in _bits_of(adj[path[-1]] & free):
                yield (0, path + (c,), used | 1 << c)
            return
        left = node[1]
        if kind == 1:
            for c in _bits_of(adj[left[-1] if left else self.current[0]] & free):
                yield (1, left + (c,), used | 1 << c)
            for c in _bits_of(adj[self.current[-1]] & free):
                if len(self.current) == 1 and left and left[0] > c:
                    continue                    # the mirror image of another extension of a one-card route
                yield (2, left, (c,), used | 1 << c)
            return
        right = node[2]
        for c in _bits_of(adj[right[-1]] & free):
            yield (2, left, right + (c,), used | 1 << c)

    def _spent(self) -> bool:
        return self.budget is not None and self.looked >= self.budget

    def run(self, limit: int | None):
        """(listed, total, complete, exact): the best ``limit`` routes as (key, route, played, kind, best, cw),
        how many routes there are (at least, when not complete), whether every route was looked at, and
        whether the listed ones are sure to be the first of the whole ranking."""
        cards = self.cards
        self.limit = limit
        if self.current:
            self._push((1, (), self.cmask), 0)
        rest = cards
        while rest:
            low = rest & -rest
            rest ^= low
            self._push((0, (low.bit_length() - 1,), low), 1)
        listed, heap, cut = [], self.heap, False
        while heap and (limit is None or len(listed) < limit):
            top = heapq.heappop(heap)
            node = top[3]
            if node[0] == "route":
                listed.append(node[1])
            elif node[0] == "guess":            # a route found, scored only now that it may come next
                self._score(node[1])
            elif self._spent():                 # the budget is spent: list the best of the routes found
                cut = True
                self.waiting.append(node)
            else:
                self._expand(top)
        self.waiting += [e[3] for e in heap if e[3][0] not in ("route", "guess")]
        found = [e[3][1] for e in heap if e[3][0] in ("route", "guess")]
        self.heap = []
        more, complete = self._count(self.waiting)
        return listed, len(listed) + len(found) + more, complete, not cut

    def _score(self, found) -> None:
        r, played, kind = found
        best, cw = self.scorer.best(r)
        rank = _rank(r, best, cw, kind == "extension")
        self._known(rank)
        self.count += 1
        heapq.heappush(self.heap, (rank, 0, self.count, ("route", (rank, r, played, kind, best, cw))))

    def _expand(self, top) -> None:
        """Look at a partial route: list it as a guess (its points at most what its cities allow), grow it."""
        node = top[3]
        self.looked += 1
        found = self._route(node)
        if found is not None:
            r, played, kind = found
            ext = kind == "extension"
            self.count += 1
            if len(r) < self.board.min_route:          # too short to score: its place is known
                rank = _rank(r, None, None, ext)
                self._known(rank)
                heapq.heappush(self.heap, (rank, 0, self.count, ("route", (rank, r, played, kind, None, None))))
            else:
                guess = (-self.bound.points(node[-1], len(r)), False, -len(r), -ext, r)
                heapq.heappush(self.heap, (guess, 0, self.count, ("guess", found)))
        for child in self._children(node):
            self._push(child, 1 - top[1])

    def _count(self, nodes) -> tuple[int, bool]:
        """How many routes grow from ``nodes`` (partial routes), and whether all were counted within the budget."""
        n, stack = 0, list(nodes)
        while stack:
            if self._spent():
                return n, False
            self.looked += 1
            node = stack.pop()
            n += self._route(node) is not None
            stack.extend(self._children(node))
        return n, True


def _player_and_position(obj, player):
    """(state, seat) from a GameState, or a fresh position when a board or board name is given."""
    from .io import state_from_position
    from .state import GameState

    if isinstance(obj, GameState):
        return obj, obj.seat(player) if player is not None else obj.to_move
    board = load_board(obj)
    state = state_from_position({"rules": {"board": board.id}, "players": [{"name": "You"}, {"name": "Other"}]},
                                boards={board.id: board})
    return state, 0


def route_options(obj="base", cards=None, *, player=None, route=None, include_display: bool = True,
                  min_length: int = 2, limit: int | None = None, budget: int | None = ROUTE_BUDGET) -> RouteOptions:
    """Every route ``cards`` can build, and every extension of the current route, ranked by scoring now.

    ``obj`` is a :class:`GameState` (the player's hand, route, houses and the stacks left are taken from it)
    or a board / board name (an empty position). ``cards`` defaults to the player's hand plus, with
    ``include_display``, the face-up display. ``route`` overrides the player's current route (``[]`` for
    none). New routes have at least ``min_length`` cards. Ranked by points, then by length (base rules, 2–3);
    with ``limit`` only the best ``limit`` are listed, found best first (the rest is only counted).

    ``budget``: the most partial routes looked at (default :data:`ROUTE_BUDGET`, about 0.05 s; ``None``: no
    bound; a hand of many cities builds millions of routes). The answer says what it is: ``.total`` counts the
    routes (at least that many when ``.complete`` is False: the budget ran out before all were counted), and
    ``.exact`` is True when the listed options are sure to be the first of the whole ranking (False: the best
    found within the budget).
    """
    for what, value, least in (("limit", limit, 0), ("budget", budget, 1)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < least):
            raise ThurnError(f"{what} should be a whole number >= {least} or None, not {value!r}.",
                             reason=f"bad_{what}")
    if isinstance(min_length, bool) or not isinstance(min_length, int):
        raise ThurnError(f"min_length should be a whole number of cards, not {min_length!r}.",
                         reason="bad_min_length")
    state, seat = _player_and_position(obj, player)
    board = state.board
    p = state.players[seat]
    if cards is None:
        cards = [board.city_name(c) for c in board.cities_of(p.hand)]
        if include_display:
            cards += [board.city_name(board.city_of[c]) for c in state.display if c >= 0]
    if isinstance(cards, str):
        raise ThurnError(f"cards should be a list of city names, not the string {cards!r}.")
    card_mask = 0
    for name in cards:
        card_mask |= 1 << board.index(name)
    if route is None:
        current = board.cities_of(p.route)
    else:
        current = tuple(board.index(c) for c in route)
        if len(set(current)) != len(current):
            raise ThurnError(f"The route {list(route)} names a city twice.")
        for a, b in zip(current, current[1:]):
            if not board.adj[a] >> b & 1:
                raise ThurnError(f"{board.city_name(a)} has no road to {board.city_name(b)}, so "
                                 f"{list(route)} is not a route.")
    position = (board, state.rules, p, state.stacks, state.carriages_left, state.end_by is None)
    search = _Search(board, _Scorer(*position, state=state, seat=seat), _Bound(*position), card_mask, current,
                     min_length, budget)
    listed, total, complete, exact = search.run(limit)
    names = board.city_names
    options = RouteOptions(RouteOption(Route([names[c] for c in r], board), tuple([names[c] for c in played]),
                                       kind, best, cw)
                           for _, r, played, kind, best, cw in listed)
    options.total, options.complete, options.exact, options.looked = total, complete, exact, search.looked
    return options


class RouteOptions(list):
    """The ranked route options. ``total``: how many routes there are (when only the first ``limit`` are
    listed; at least that many when ``complete`` is False); ``exact``: the listed ones are sure to be the first
    of the whole ranking; ``looked``: the partial routes the search looked at (its work)."""

    total: int = 0
    complete: bool = True
    exact: bool = True
    looked: int = 0


def _rank(route, best, cw, extension: int):
    points = max(best.points, cw.points if cw else best.points) if best is not None else 0
    return (-points, best is None, -len(route), -extension, route)


def route_outcome(state, route, *, player=None, cartwright: bool = False) -> Outcome | None:
    """The best scoring of ``route`` (city names) for the player in ``state`` now; None if too short (3)."""
    seat = state.seat(player) if player is not None else state.to_move
    p = state.players[seat]
    scorer = _Scorer(state.board, state.rules, p, state.stacks, state.carriages_left, state.end_by is None,
                     state=state, seat=seat)
    best, cw = scorer.best(tuple(state.board.index(c) for c in route))
    return cw if cartwright and cw is not None else best


# -- scoring actions ------------------------------------------------------------------------------------------

def score_outcomes(state) -> list[ScoreOutcome]:
    """Every legal Score action of ``state`` with what it brings, best first (base rules, 3a–3c).

    Each is computed by applying the action, so the numbers are the engine's own. Empty when the current
    step is not the score step or the route is too short to score. Points are the change of the player's final
    score with the ruleset's items (a variant's too). The variants switched on add their extras
    (:meth:`thurn.parts.Parts.placement_extras`, given the position after the scoring: The Princess' Messenger's
    ``letters`` and ``messenger``).
    """
    from .actions import Score

    seat = state.to_move
    before = state.players[seat]
    record = _record(state, seat)
    base = record["total"]
    board = state.board
    parts = parts_on(state)
    out = []
    for action in state.legal_actions():
        if not isinstance(action, Score):
            continue
        after = state.apply(action)
        extras = ()
        if parts:
            mask = 0
            for city in action.houses:
                mask |= 1 << board.index(city)
            extras = _extras(parts, state, seat, mask, after, cards=len(before.route),
                             route=board.cities_of(before.route))
        p = after.players[seat]
        new_tiles = p.tiles[len(before.tiles):]
        new_carriage = p.carriages[-1] if len(p.carriages) > len(before.carriages) else None
        declined = None if action.carriage else next_carriage(board, before.carriages)
        now = _record(after, seat)
        outcome = Outcome(tuple(action.houses), tuple((board.stacks[si].name, v) for si, v in new_tiles),
                          new_carriage, after.end_by is not None and state.end_by is None,
                          now["total"] - base, declined, extras=extras, colour=action.colour,
                          parts=_parts(state, after, seat, record, now))
        out.append(ScoreOutcome(action, outcome, after))
    out.sort(key=lambda o: (-o.outcome.points, o.action.cartwright, not o.action.carriage))
    return out


def _final(state, seat: int) -> int:
    """The player's final score if the game ended now, with the ruleset's items (Game End and Scoring)."""
    return _record(state, seat)["total"]


def _record(state, seat: int) -> dict:
    from .effects import score_record
    return score_record(state, seat)


#: The base game's score items in words (Game End and Scoring); a variant words its own items
#: (:meth:`thurn.parts.Parts.score_part_words`), else its item's name is read with spaces ("coach sets").
ITEM_WORDS = {"carriage": "carriage", "tiles": "bonus tiles", "unplaced_houses": "houses"}


def score_parts(before, after, seat: int) -> tuple[tuple[str, int], ...]:
    """What going from ``before`` to ``after`` adds to ``seat``'s final score, part by part: the change of each item
    of the ruleset's score (``score_record``: the base game's carriage, tiles and unplaced houses, and a variant's
    items: The Audience's clergymen in Rome, SoloPlay's coach sets, ...), each new bonus tile on its own. Only the
    parts that change; their points add up to the change of the total (Game End and Scoring). Each part is
    ``(words, points)``: ``("2 houses placed", 2)``, ``("Baiern tile", 3)``, ``("Bischof in Rome", 3)``."""
    return _parts(before, after, seat, _record(before, seat), _record(after, seat))


def _parts(before, after, seat, was, now) -> tuple:
    board = before.board
    texts = before.ruleset.texts
    out = []
    for item, v in sorted(now.items(), key=lambda kv: _ORDER.get(kv[0], len(_ORDER))):
        if item in ("player", "seat", "total") or not isinstance(v, int) or isinstance(v, bool):
            continue
        change = v - was.get(item, 0)
        if item == "tiles":
            old, new = before.players[seat].tiles, after.players[seat].tiles
            if new[:len(old)] == old:
                for si, value in new[len(old):]:
                    st = board.stacks[si]
                    out.append((texts.get(f"tile {st.kind}", f"{st.name} tile"), value))
                    change -= value
        if change:
            out.append((_item_words(before, after, seat, item, change), change))
    return tuple(out)


_ORDER = {"unplaced_houses": 0, "tiles": 1}     # the houses first, then the tiles, as the log tells a scoring


def _item_words(before, after, seat, item, change) -> str:
    """One item's change in words: a variant's own (Parts.score_part_words), else the base game's."""
    for part in parts_on(before):
        said = part.score_part_words(before, after, seat, item)
        if said:
            return said
    if item == "unplaced_houses":
        n = before.players[seat].houses_left - after.players[seat].houses_left
        return f"{n} house{'s' if n != 1 else ''} placed"
    if item == "carriage":
        p = after.players[seat]
        return f"carriage {p.carriages[-1]}" if p.carriages else "carriage"
    return ITEM_WORDS.get(item, item.replace("_", " "))


from .parts import Parts as _Parts  # noqa: E402

_BASE_EXTRAS = _Parts.placement_extras
_BASE_ROUTE_EXTRAS = _Parts.route_extras
_BASE_SCORING_EXTRAS = _Parts.scoring_extras
