"""What-if questions on a position: which routes can these cards build, and what would scoring bring?

Two questions, answered by the rules core for the apps and for notebooks:

- :func:`route_options` — every route a set of cards can build on the board (a new route) and every way they
  can extend the player's current route, each with what scoring it would bring *now* (base rules, 2 and 3):
  the best placement of houses, the bonus tiles, the carriage, and the points that adds to the final score;
- :func:`score_outcomes` — for a player about to score (step 3), every legal Score action side by side,
  computed by applying it: houses, tiles, carriage, points, and whether it ends the game.

"Points" is always the change of the player's final score (Game End and Scoring): each house placed is a point
no longer lost, plus the tiles taken, plus what the new carriage adds over the old one.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .board import Board, load_board
from .errors import ThurnError
from .routes import Route
from .scoring import earned_tiles, next_carriage, placement_masks, popcount

__all__ = ["Outcome", "RouteOption", "RouteOptions", "ScoreOutcome", "route_options", "score_outcomes", "route_outcome"]


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

    def __str__(self):
        parts = [f"{len(self.houses)} house{'s' if len(self.houses) != 1 else ''}"]
        parts += [f"{name} tile {v}" for name, v in self.tiles]
        if self.carriage is not None:
            parts.append(f"carriage {self.carriage}")
        if self.declined is not None:
            parts.append(f"declines carriage {self.declined}")
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


# -- routes from cards ----------------------------------------------------------------------------------------

def _paths_from(adj, tip: int, allowed: int):
    """Every simple path (tuple of cities, tip excluded) leaving ``tip`` through ``allowed`` cities; () too."""
    out = [((), 0)]

    def grow(path, used, last):
        nxt = adj[last] & allowed & ~used
        while nxt:
            low = nxt & -nxt
            c = low.bit_length() - 1
            nxt ^= low
            p = path + (c,)
            out.append((p, used | low))
            grow(p, used | low, c)

    grow((), 0, tip)
    return out


def _new_routes(adj, cards: int, min_len: int):
    """Every simple path through ``cards`` (a city mask), each once (not also reversed)."""
    found = []
    rest = cards
    while rest:
        low = rest & -rest
        start = low.bit_length() - 1
        rest ^= low
        for path, _ in _paths_from(adj, start, cards & ~low):
            route = (start,) + path
            if len(route) >= min_len and (len(route) == 1 or route[0] < route[-1]):
                found.append(route)
    return found


def _extensions(adj, route: tuple[int, ...], cards: int):
    """Every way to grow ``route`` at its left and right ends with cities of ``cards`` (at least one card)."""
    rmask = 0
    for c in route:
        rmask |= 1 << c
    free = cards & ~rmask
    found = []
    for left, lmask in _paths_from(adj, route[0], free):
        for right, _ in _paths_from(adj, route[-1], free & ~lmask):
            if not (left or right):
                continue
            if len(route) == 1 and (not right or (left and left[0] > right[0])):
                continue                        # a one-card route: the mirror image of another extension
            found.append((left, right))
    return found


# -- scoring a route ------------------------------------------------------------------------------------------

class _Scorer:
    """The best scoring of routes for one player in one position, cached by the set of cities."""

    def __init__(self, board: Board, rules, player, stacks, carriages_left, game_ending_open: bool):
        self.board, self.rules, self.p = board, rules, player
        self.stacks, self.carriages_left = stacks, carriages_left
        self.held = {si for si, _ in player.tiles}
        self.open_end = game_ending_open
        self.cache: dict[int, tuple] = {}
        self.old_carriage = board.carriage_points[player.carriages[-1]] if player.carriages else 0
        self.level = next_carriage(board, player.carriages)

    def carriage(self, length: int, cartwright: bool) -> int | None:
        level = self.level
        if level is None:
            return None
        li = self.board.carriage_levels.index(level)
        need = level - 2 if cartwright else level
        return level if length >= need and self.carriages_left[li] > 0 else None

    def outcome(self, route: tuple[int, ...], mask: int, carriage: int | None, declined: int | None = None) -> Outcome:
        b, p = self.board, self.p
        houses = p.houses | mask
        tiles = [(st.name, self.stacks[st.index][0])
                 for st in earned_tiles(b, self.rules, houses, self.held, self.stacks, len(route))]
        placed = popcount(mask)
        ends = self.open_end and ((carriage is not None and carriage == b.carriage_levels[-1])
                                  or (placed > 0 and p.houses_left - placed == 0))
        if ends:
            tiles += [(st.name, self.stacks[st.index][0]) for st in b.stacks
                      if st.kind == "game_end" and self.stacks[st.index]]
        gain = b.carriage_points[carriage] - self.old_carriage if carriage is not None else 0
        points = placed + sum(v for _, v in tiles) + gain
        return Outcome(tuple(b.city_name(c) for c in route if mask >> c & 1), tuple(tiles), carriage, ends, points,
                       declined)

    def best(self, route: tuple[int, ...]):
        """(best outcome, best outcome with the Cartwright or None) for scoring ``route`` now."""
        b = self.board
        if len(route) < b.min_route:
            return None, None
        rmask = 0
        for c in route:
            rmask |= 1 << c
        hit = self.cache.get(rmask)
        if hit is not None:
            return hit
        masks = placement_masks(b, route, self.p.houses, self.p.houses_left, self.rules.optional_houses)
        plain = self.carriage(len(route), False)
        helped = self.carriage(len(route), True)
        best = max((self.outcome(route, m, plain) for m in masks), key=lambda o: o.points)
        if plain is not None and not self.rules.carriage_compulsory:
            alt = max((self.outcome(route, m, None, plain) for m in masks), key=lambda o: o.points)
            best = replace(best, without_carriage=alt)
        cw = None
        if helped is not None and plain is None:
            cw = max((self.outcome(route, m, helped) for m in masks), key=lambda o: o.points)
        self.cache[rmask] = (best, cw)
        return best, cw


def _player_and_position(obj, player):
    """(state, seat) from a GameState, or a fresh position when a board or board name is given."""
    from .io import state_from_position
    from .state import GameState

    if isinstance(obj, GameState):
        return obj, obj.seat(player) if player is not None else obj.current
    board = load_board(obj)
    state = state_from_position({"rules": {"board": board.id}, "players": [{"name": "You"}, {"name": "Other"}]})
    return state, 0


def route_options(obj="base", cards=None, *, player=None, route=None, include_display: bool = True,
                  min_length: int = 2, limit: int | None = None) -> RouteOptions:
    """Every route ``cards`` can build, and every extension of the current route, ranked by scoring now.

    ``obj`` is a :class:`GameState` (the player's hand, route, houses and the stacks left are taken from it)
    or a board / board name (an empty position). ``cards`` defaults to the player's hand plus, with
    ``include_display``, the face-up display. ``route`` overrides the player's current route (``[]`` for
    none). New routes have at least ``min_length`` cards. Ranked by points, then by length (base rules, 2–3);
    with ``limit`` only the best ``limit`` are listed (``.total`` counts them all).
    """
    state, seat = _player_and_position(obj, player)
    board = state.board
    p = state.players[seat]
    if cards is None:
        cards = [board.city_name(c) for c in p.hand]
        if include_display:
            cards += [board.city_name(c) for c in state.display if c >= 0]
    if isinstance(cards, str):
        raise ThurnError(f"cards should be a list of city names, not the string {cards!r}.")
    card_mask = 0
    for name in cards:
        card_mask |= 1 << board.index(name)
    if route is None:
        current = tuple(p.route)
    else:
        current = tuple(board.index(c) for c in route)
        if len(set(current)) != len(current):
            raise ThurnError(f"The route {list(route)} names a city twice.")
        for a, b in zip(current, current[1:]):
            if not board.adj[a] >> b & 1:
                raise ThurnError(f"{board.city_name(a)} has no road to {board.city_name(b)}, so "
                                 f"{list(route)} is not a route.")
    scorer = _Scorer(board, state.rules, p, state.stacks, state.carriages_left, state.end_by is None)
    found = []                                  # (sort key, route, cards played, kind, best, cartwright)
    for r in _new_routes(board.adj, card_mask, min_length):
        best, cw = scorer.best(r)
        found.append((_rank(r, best, cw, 0), r, r, "new", best, cw))
    if current:
        for left, right in _extensions(board.adj, current, card_mask):
            r = left[::-1] + current + right
            best, cw = scorer.best(r)
            found.append((_rank(r, best, cw, 1), r, left + right, "extension", best, cw))
    found.sort(key=lambda f: f[0])
    names = board.city_names
    options = RouteOptions(RouteOption(Route([names[c] for c in r], board), tuple([names[c] for c in played]),
                                       kind, best, cw)
                           for _, r, played, kind, best, cw in found[:limit])
    options.total = len(found)
    return options


class RouteOptions(list):
    """The ranked route options; ``total`` counts them all when only the first ``limit`` are listed."""

    total: int = 0


def _rank(route, best, cw, extension: int):
    points = max(best.points, cw.points if cw else best.points) if best is not None else 0
    return (-points, best is None, -len(route), -extension, route)


def route_outcome(state, route, *, player=None, cartwright: bool = False) -> Outcome | None:
    """The best scoring of ``route`` (city names) for the player in ``state`` now; None if too short (3)."""
    seat = state.seat(player) if player is not None else state.current
    p = state.players[seat]
    scorer = _Scorer(state.board, state.rules, p, state.stacks, state.carriages_left, state.end_by is None)
    best, cw = scorer.best(tuple(state.board.index(c) for c in route))
    return cw if cartwright and cw is not None else best


# -- scoring actions ------------------------------------------------------------------------------------------

def score_outcomes(state) -> list[ScoreOutcome]:
    """Every legal Score action of ``state`` with what it brings, best first (base rules, 3a–3c).

    Each is computed by applying the action, so the numbers are the engine's own. Empty when the current
    step is not the score step or the route is too short to score.
    """
    from .actions import Score

    seat = state.current
    before = state.players[seat]
    base = _final(state, seat)
    board = state.board
    out = []
    for action in state.legal_actions():
        if not isinstance(action, Score):
            continue
        after = state.apply(action)
        p = after.players[seat]
        new_tiles = p.tiles[len(before.tiles):]
        new_carriage = p.carriages[-1] if len(p.carriages) > len(before.carriages) else None
        declined = None if action.carriage else next_carriage(board, before.carriages)
        outcome = Outcome(tuple(action.houses), tuple((board.stacks[si].name, v) for si, v in new_tiles),
                          new_carriage, after.end_by is not None and state.end_by is None,
                          _final(after, seat) - base, declined)
        out.append(ScoreOutcome(action, outcome, after))
    out.sort(key=lambda o: (-o.outcome.points, o.action.cartwright, not o.action.carriage))
    return out


def _final(state, seat: int) -> int:
    from .scoring import final_score
    return final_score(state.board, state.players[seat])["total"]
