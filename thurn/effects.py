"""The one source of rule effects: houses, bonus tiles, carriages, the end of the game, the winner.

Each effect is written once here, in two layers:

- a pure reading that says what an effect *would* do, from plain values (:func:`route_effect`, :func:`carriage_for`,
  :func:`end_reason`), which the what-if answers (:mod:`thurn.explore`) and the bots call on positions they only
  imagine;
- the same effect carried out on a fresh, unpublished state (:func:`score_route`, :func:`place_houses`,
  :func:`take_tiles`, :func:`take_carriage`, :func:`trigger_end`), which the turn, and any expansion that places a
  house or takes a tile by another way (Offices of Honor's reward), call.

The final score and the winner come from the ruleset (:func:`score_record`, :func:`result`), so that an expansion
can add score items or replace the result (SoloPlay's rating).
"""
from __future__ import annotations

from typing import NamedTuple

from .scoring import earned_tiles, next_carriage, popcount, winner_index

R_TILES = "base rules, 3b"
R_CARRIAGE = "base rules, 3c"
R_END = "base rules, Game End and Scoring"


class RouteEffect(NamedTuple):
    """What scoring a route with a placement does (base rules, 3a-3c): nothing is changed by reading it."""

    placed: int                                  # houses placed
    tiles: tuple[tuple[int, int], ...]           # (stack index, value) taken, in board order
    carriage: int | None                         # the carriage level taken
    declined: int | None                         # the carriage level declined (R9)
    ends: str | None                             # why the scoring ends the game ("carriage"/"houses"), or None
    end_tiles: tuple[tuple[int, int], ...]       # the game-end tiles taken with it
    extra: tuple = ()                            # what a variant's stage adds: ((name, value), ...)
    new: int = 0                                 # the cities of the houses placed, as a mask
    colour: str | None = None                    # their colour (a ruleset with house colours), else None


# -- pure readings ---------------------------------------------------------------------------------------------

def carriage_for(board, taken, carriages_left, route_len: int, cartwright: bool) -> int | None:
    """The carriage a route of ``route_len`` cards earns (base rules, 3c): the next level in order, if one is left
    and the route is as long as its number (two cards shorter with the Cartwright)."""
    level = next_carriage(board, taken)
    if level is None or not carriages_left[board.carriage_levels.index(level)]:
        return None
    return level if route_len >= (level - 2 if cartwright else level) else None


def end_reason(board, carriage: int | None, placed: int, houses_left_after: int) -> str | None:
    """Whether an effect triggers the end (Game End): the last carriage taken, or the last house placed."""
    if carriage is not None and carriage == board.carriage_levels[-1]:
        return "carriage"
    if placed and houses_left_after == 0:
        return "houses"
    return None


def end_tiles(board, stacks) -> tuple[tuple[int, int], ...]:
    """The game-end tiles (the top of each game-end stack) the player who ends the game takes (Game End)."""
    return tuple((st.index, stacks[st.index][0]) for st in board.stacks if st.kind == "game_end" and stacks[st.index])


def route_effect(board, rules, player, stacks, carriages_left, end_open: bool, route_len: int, mask: int,
                 cartwright: bool = False, accept: bool = True, others: int = 0, state=None,
                 colour: str | None = None, coach: int | None = None) -> RouteEffect:
    """What scoring a route of ``route_len`` cards with houses ``mask`` brings ``player`` (base rules, 3a-3c;
    Game End), read through the ruleset's scoring stages (:data:`BASE_SCORING`). ``end_open``: nobody has triggered
    the end yet. ``accept=False`` declines the carriage (R9). ``others``: the other players' houses (for tiles of
    the first house in a city, Power and Glory). ``state``: the position read, when there is one (a variant's stage
    may read its own part of it); ``colour``: the house colour placed (a ruleset with colours); ``coach``: the coach
    card chosen, where the rules let the player choose (SoloPlay's Cartwright)."""
    rs = getattr(rules, "ruleset", None) if rules is not None else None
    return _read(BASE_READS if rs is None else rs.score_reads, board, rules, player, stacks, carriages_left, end_open,
                 route_len, mask, cartwright, accept, others, state, colour, coach)


def _read(reads, board, rules, player, stacks, carriages_left, end_open, route_len, mask, cartwright, accept, others,
          state, colour, coach=None) -> RouteEffect:
    """:func:`route_effect` through the stages' ``read`` methods ``reads`` (bound once per ruleset, in order)."""
    r = Reading(board, rules, player, stacks, carriages_left, end_open, route_len, mask, cartwright, accept, others,
                state, colour)
    r.coach = coach
    for read in reads:
        read(r)
    return _effect(RouteEffect, (r.placed, r.tiles, r.carriage, r.declined, r.ends, r.end_tiles, r.extra, r.new,
                                 r.colour))


_effect = tuple.__new__         # (a RouteEffect made without its generated __new__'s frame)


def effect_points(board, player, effect: RouteEffect, rules=None) -> int:
    """How much an effect changes the player's final score, stage by stage (base game: houses no longer lost,
    tiles, the carriage's gain, the game-end tile)."""
    return sum(stage.points(board, player, effect) for stage in _stages(rules))


# -- the scoring pipeline: the ruleset's stages ------------------------------------------------------------------

class Reading:
    """What a scoring would do, filled in by the ruleset's stages in order (the inputs first, then the results;
    nothing outside it is changed). ``state`` is the position read, or None for a position only imagined."""

    __slots__ = ("board", "rules", "player", "stacks", "carriages_left", "end_open", "route_len", "mask",
                 "cartwright", "accept", "others", "state", "colour", "coach",
                 "new", "placed", "houses", "tiles", "carriage", "declined", "ends", "end_tiles", "extra")

    def __init__(self, board, rules, player, stacks, carriages_left, end_open, route_len, mask, cartwright, accept,
                 others, state, colour):
        # (one store a statement: a tuple on each side costs more, and a Reading is made per scoring read)
        self.board = board
        self.rules = rules
        self.player = player
        self.stacks = stacks
        self.carriages_left = carriages_left
        self.end_open = end_open
        self.route_len = route_len
        self.mask = mask
        self.cartwright = cartwright
        self.accept = accept
        self.others = others
        self.state = state
        self.colour = colour
        self.coach = None
        self.new = 0
        self.placed = 0
        self.houses = player.houses
        self.tiles = ()
        self.end_tiles = ()
        self.extra = ()
        self.carriage = None
        self.declined = None
        self.ends = None


class ScoringStage:
    """One stage of scoring a route (base rules, 3a-3c; Game End). ``read`` fills its part of a :class:`Reading`
    (pure: explore and the bots read effects of positions they only imagine); ``do`` carries out its part of the
    effect read on a fresh state; ``points`` is how much its part changes the player's final score. A variant
    replaces a stage by name (:meth:`thurn.turn.machine.Ruleset.scoring_stage`)."""

    name = ""

    def read(self, r: Reading) -> None:
        """Fill this stage's part of ``r``."""

    def do(self, s, seat: int, p, effect: RouteEffect) -> None:
        """Carry out this stage's part of ``effect`` for ``seat`` (``p``: his record, copied into ``s``)."""

    def points(self, board, player, effect: RouteEffect) -> int:
        """How much this stage's part of ``effect`` changes ``player``'s final score."""
        return 0

    def declinable(self, s, p) -> bool:
        """Whether the player may score the route declining what this stage gives (base: the carriage, R9)."""
        return False

    #: ``(reason, sentence, rule)`` when this stage stands where the base game's carriage is taken and gives
    #: nothing a player may decline: a Score declining the carriage (``carriage=False``) is refused with it
    no_decline = None

    def __repr__(self):
        return f"<scoring stage {self.name}>"


class HousesStage(ScoringStage):
    """Place houses in the chosen cities (base rules, 3a); a house placed is no longer lost at the end."""

    name = "houses"

    def read(self, r):
        r.new = new = r.mask & ~r.player.houses
        r.placed = popcount(new)
        r.houses = r.player.houses | r.mask

    def do(self, s, seat, p, effect):
        place_houses(s, seat, p, effect.new, effect.colour)

    def points(self, board, player, effect):
        return effect.placed


class TilesStage(ScoringStage):
    """Take the bonus tiles the houses and the route's length earn (base rules, 3b; R3)."""

    name = "tiles"

    def read(self, r):
        stacks = r.stacks
        earned = earned_tiles(r.board, r.rules, r.houses, {si for si, _ in r.player.tiles}, stacks, r.route_len,
                              r.new, r.others)
        r.tiles = tuple([(st.index, stacks[st.index][0]) for st in earned]) if earned else ()

    def do(self, s, seat, p, effect):
        if effect.tiles:
            take(s, p, effect.tiles)

    def points(self, board, player, effect):
        return sum(v for _, v in effect.tiles)


class CarriageStage(ScoringStage):
    """Take the next carriage if the route is long enough, two cards shorter with the official who helps while
    scoring (base rules, 3c); it may be declined (R9)."""

    name = "carriage"

    def read(self, r):
        level = carriage_for(r.board, r.player.carriages, r.carriages_left, r.route_len, r.cartwright)
        if r.accept:
            r.carriage = level
        else:
            r.declined = level

    def do(self, s, seat, p, effect):
        if effect.carriage is not None:
            take_carriage(s, p, effect.carriage)

    def points(self, board, player, effect):
        if effect.carriage is None:
            return 0
        old = board.carriage_points[player.carriages[-1]] if player.carriages else 0
        return board.carriage_points[effect.carriage] - old

    def declinable(self, s, p):
        return carriage_for(s.board, p.carriages, s.carriages_left, len(p.route), False) is not None


class EndStage(ScoringStage):
    """The end trigger (Game End): the last carriage taken or the last house placed ends the game after this
    round, and the player takes the game-end tile."""

    name = "end"

    def read(self, r):
        if r.end_open:
            r.ends = end_reason(r.board, r.carriage, r.placed, r.player.houses_left - r.placed)
            if r.ends:
                r.end_tiles = end_tiles(r.board, r.stacks)

    def do(self, s, seat, p, effect):
        if effect.ends:
            trigger_end(s, seat, p, effect.ends)

    def points(self, board, player, effect):
        return sum(v for _, v in effect.end_tiles)


#: The base game's scoring stages, in order (base rules, 3a-3c; Game End).
BASE_SCORING = (HousesStage(), TilesStage(), CarriageStage(), EndStage())
BASE_READS = tuple(st.read for st in BASE_SCORING)


def _stages(rules):
    """The scoring stages of ``rules`` (a Rules; None: the base game's)."""
    rs = getattr(rules, "ruleset", None) if rules is not None else None
    return BASE_SCORING if rs is None else rs.scoring


# -- carried out on a fresh state ------------------------------------------------------------------------------

def place_houses(s, seat: int, p, mask: int, colour: str | None = None) -> int:
    """Place houses in the cities of ``mask`` for ``seat`` (``p``: that player's record, already copied into the
    fresh state), in ``colour`` when the player has several (default: his first). Returns how many; the ruleset's
    house hooks see them (The Princess' Messenger's letters)."""
    if p.colours is not None and s.ruleset.house_per_colour:
        mask &= ~colour_houses(p, colour)
    else:
        mask &= ~p.houses
    placed = popcount(mask)
    p.houses |= mask
    p.houses_left -= placed
    if p.colours is not None and mask:
        p.colours = colour_placed(p.colours, colour, mask, placed)
    hooks = s.ruleset.on_houses
    if hooks and mask:
        for hook in hooks:
            hook(s, seat, mask)
    return placed


# -- house colours (a ruleset may give a player several, each with its own supply: SoloPlay) -----------------------

def colour_placed(colours, colour, mask: int, placed: int) -> tuple:
    """``colours`` (``((colour, houses mask, houses left), ...)``) after ``placed`` houses of ``colour`` (None: the
    first) went to the cities of ``mask``."""
    name = colours[0][0] if colour is None else colour
    return tuple((c, m | mask, left - placed) if c == name else (c, m, left) for c, m, left in colours)


def houses_placed(p) -> int:
    """How many houses ``p`` has on the board (of every colour: a city may hold one of each, SoloPlay)."""
    if p.colours is None:
        return popcount(p.houses)
    return sum(popcount(m) for _, m, _ in p.colours)


def colour_houses(p, colour: str | None) -> int:
    """The cities of ``p``'s houses in ``colour`` (None, or a player with one colour: all his houses)."""
    if p.colours is None:
        return p.houses
    name = p.colours[0][0] if colour is None else colour
    return next((m for c, m, _ in p.colours if c == name), 0)


def colour_left(p, colour: str | None) -> int:
    """The houses ``p`` has left in ``colour`` (None, or a player with one colour: all he has left)."""
    if p.colours is None:
        return p.houses_left
    name = p.colours[0][0] if colour is None else colour
    return next((left for c, _, left in p.colours if c == name), 0)


def take(s, p, tiles) -> None:
    """Move tiles (stack index, value) from the top of their stacks to the player (base rules, 3b)."""
    if not tiles:
        return
    stacks = list(s.stacks)
    for si, value in tiles:
        stacks[si] = stacks[si][1:]
        p.tiles = p.tiles + ((si, value),)
    s.stacks = tuple(stacks)


def others_houses(s, seat: int) -> int:
    """The houses of every player but ``seat``, as one mask."""
    m = i = 0
    for p in s.players:                 # (a counter of its own: enumerate's pairs cost more, read per scoring)
        if i != seat:
            m |= p.houses
        i += 1
    return m


def take_tiles(s, seat: int, p, route_len: int = 0, placed: int | None = None) -> tuple[tuple[int, int], ...]:
    """Take every bonus tile the player's houses (and a route of ``route_len`` cards) earn now (base rules, 3b,
    with the fall-back to a shorter route's stack, R3). Used after a scoring and after a house placed otherwise."""
    held = {si for si, _ in p.tiles}
    tiles = tuple((st.index, s.stacks[st.index][0])
                  for st in earned_tiles(s.board, s.rules, p.houses, held, s.stacks, route_len, placed,
                                         others_houses(s, seat)))
    take(s, p, tiles)
    return tiles


def take_carriage(s, p, level: int) -> None:
    """Take carriage ``level`` from the supply (base rules, 3c)."""
    left = list(s.carriages_left)
    left[s.board.carriage_levels.index(level)] -= 1
    s.carriages_left = tuple(left)
    p.carriages = p.carriages + (level,)


def trigger_end(s, seat: int, p, reason: str, say=None, tiles: bool = True) -> tuple[tuple[int, int], ...]:
    """``seat`` triggers the end (Game End): the game-end tile (``tiles=False``: none, SoloPlay's end), and the
    round is completed. Returns the tiles."""
    s.end_by = seat
    tiles = end_tiles(s.board, s.stacks) if tiles else ()
    take(s, p, tiles)
    for hook in s.ruleset.on_end_triggered:
        hook(s, seat, reason, say)
    return tiles


def score_route(s, seat: int, p, mask: int, cartwright: bool, accept: bool, colour: str | None = None,
                coach: int | None = None) -> RouteEffect:
    """Score the player's route on a fresh state (base rules, 3a-3c): the ruleset's stages read the effect (the same
    reading as :func:`route_effect`), then each carries out its part in order (houses, tiles, carriage, the end)."""
    rs = s.ruleset
    effect = _read(rs.score_reads, s.board, s.rules, p, s.stacks, s.carriages_left, s.end_by is None, len(p.route),
                   mask, cartwright, accept, others_houses(s, seat), s, colour, coach)
    for do in rs.score_dos:
        do(s, seat, p, effect)
    return effect


def house_placed_effect(s, seat: int, p, mask: int) -> tuple[int, tuple, str | None]:
    """Houses placed outside a scoring (an expansion's reward): the tiles they earn and the end if the last house
    went (Offices of Honor: "he immediately takes any earned bonus tiles"). Returns (placed, tiles, end reason)."""
    new = mask & ~p.houses
    placed = place_houses(s, seat, p, mask)
    tiles = take_tiles(s, seat, p, 0, new)
    reason = end_reason(s.board, None, placed, p.houses_left) if s.end_by is None else None
    if reason:
        tiles = tiles + trigger_end(s, seat, p, reason)
    return placed, tiles, reason


# -- the end: score items and the result --------------------------------------------------------------------

def score_record(s, seat: int) -> dict:
    """One player's final score (Game End and Scoring): the ruleset's score items and their total."""
    rec: dict = {}
    for item in s.ruleset.score_items:
        rec.update(item(s, seat))
    rec["total"] = sum(rec.values())
    return rec


def base_score_items(s, seat: int) -> dict:
    """Base game: the highest carriage's points, the bonus tiles, minus one per unplaced house."""
    b, p = s.board, s.players[seat]
    return {"carriage": b.carriage_points[p.carriages[-1]] if p.carriages else 0,
            "tiles": sum(v for _, v in p.tiles), "unplaced_houses": -p.houses_left}


def end_tile_holder(s) -> int | None:
    """The seat holding a game-end tile, or None."""
    board = s.board
    return next((i for i, p in enumerate(s.players) if any(board.stacks[si].kind == "game_end" for si, _ in p.tiles)),
                None)


def base_result(s, totals) -> dict:
    """Base game result (Game End and Scoring; rules notes R6): the winner's seat, ties to the game-end tile's
    holder and then clockwise from it."""
    return {"winner": winner_index(totals, s.start_player, end_tile_holder(s))}


def result(s) -> dict:
    """The result of the game (or of the position, if it ended now): ``{"winner": seat}`` in the base game; a
    ruleset may give other keys (SoloPlay: a rating)."""
    totals = [score_record(s, i)["total"] for i in range(len(s.players))]
    return s.ruleset.result(s, totals)
