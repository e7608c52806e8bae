"""SoloPlay: Thurn and Taxis for one player, who builds routes in four colours and is rated on points (the SoloPlay
reference manual, all of it; cited below as "SoloPlay, 4.4" and so on).

``Rules(expansions=("solo",), options={"difficulty": "hard"})``, for one player. What changes, as data and hooks:

- four house colours of 19 each (a twentieth of each colour is its route house), and a city holds one house of
  each colour (``ruleset.house_per_colour``: each colour builds on its own); some houses of each colour stand on
  the board from the start, as many as the difficulty says (3, Solo Setup Specifics);
- the tiles sorted and cut to 3 a stack: distance tiles highest first, the others lowest first (3);
- one official every turn, compulsory (4.1), chosen as the turn's first step (step ``solo_official``) and helping
  later in it (:class:`SoloOfficials`);
- a route is completed in a colour on the Route Planner, one route of each colour a series (4.4a, 4.5); it takes
  the coach card of its exact length, or with the Cartwright one of one or two cards more (4.4d); without one it
  cannot be completed (FAQ: "you must abandon the route");
- two discard piles (3, 4.4e): the cards of completed routes on pile 2, the only one made a new deck (4.7; once),
  the rest (a route given up, the cards over the hand limit, the display the Administrator replaces, the hand at
  the end) on pile 1, one point lost for each two (6);
- the Bonus Scoring Tile (4.4c), the hand-management bonus (4.6), the end (6: the deck exhausted, or a colour of
  houses used up) and the score: tiles, coach sets, houses left, pile 1; the result is a rating (1).

The 1-point tile, read: the player takes it (4.4c: "take the 1-point 'Game End' tile. Then: Place it on any province
stack") and it stays his, marking the stack it lies on; it scores its point at the end, since the final scoring sums
"all collected bonus tiles (distance, region, game end)" (6) and SoloPlay has no other game-end tile. So it stays in
``player.tiles`` and in the score, and the tables name it where it lies ("1-point tile 1 (on the Baiern stack)").

Readings the manual leaves open, each a rule option (``rules.option(name)``; the README's "SoloPlay" notes):

- ``regions``: ``"colour"`` (default) a region is completed by the houses of the route's colour, once per colour
  (so a stack of 3 is shared by the colours: why 3 says "limit to 3"), and the setup redraws a city that would
  complete one in its colour; ``"any"``: by the houses of every colour (they are all one player's), once.
- ``houses_left``: ``"combined"`` (default, 6.3 "all colors combined") the table scores the houses of all colours
  left together; ``"per_colour"``: it scores each colour's, and the four are added (fewer than 3 left scores as 3).
- ``colour_declared``: ``"completion"`` (default) the colour is chosen when the route is completed, among those on
  the Route Planner, and the route house stays there until then; ``"start"``: it is declared when a route is
  started, its route house stands on the starting city, and goes back to the Planner when the route is given up.
- ``bonus_tile``: ``"repeat"`` (default) the 1-point tile, once taken, marks a province stack: its top tile is
  taken at once, and each later completion of that stack's region takes one more tile from it; ``"once"``: only
  the tile taken at once.
- ``long_routes``: ``"abandon"`` (default) a route of 8 or more cards has no coach card and cannot be completed;
  ``"coach_7"``: it takes coach 7 (as the 7-route tile is "7 or more").
- ``official``: ``"first"`` (default) the turn's one official is chosen as its first step (4.1 lists "Use One
  Official (Mandatory)" first) and helps later in the turn, so every turn has exactly one; ``"when_used"``: he is
  called when his help is used, as in the base game, and a turn in which none can help any more ends without one.
- ``cartwright``: ``"counts"`` (default) the Cartwright is the turn's one official; ``"extra"``: he helps besides it.
- ``administrator``: ``"pile_1"`` (default, 3 "Discard Pile 1: ... Administrator use") the six cards he replaces
  go to pile 1 (3 points); ``"pile_2"``: to pile 2, at no cost.
"""
from __future__ import annotations

import random
from functools import lru_cache
from itertools import permutations
from typing import NamedTuple

from ...actions import Action, set_fields
from ...board import fold
from ...effects import CarriageStage, ScoringStage, colour_houses, colour_left, take, trigger_end
from ...errors import BoardDataError, IllegalAction, PositionError
from ...piles import PileSpec, pile
from ...result import rating_result
from ...scoring import earned_tiles, popcount
from ...turn.action_table import table
from ...turn.cards import cards_text, route_text
from ...turn.deck import discard
from ...turn.officials import officials_texts
from ...turn.steps import DRAW
from ...turn.machine import END_TURN, OVER, ActionKind, Decide, OfficialsPolicy, StepSpec, forced_event
from ...variants import Variant, register
from ..data import component, count

NAME = "solo"
PENALTY = "penalty"             # Discard Pile 1 (3, 6.4)
COMPLETED = "completed"         # pile 2's cards once it has been made a new deck (4.7: pile 2 is shuffled once)
OFFICIAL = "solo_official"      # the step: choose the turn's one official (4.1; option official=first)
COLOUR = "solo_colour"          # the step: declare the route's colour (option colour_declared=start)
BONUS = "solo_bonus"            # the step: put the 1-point tile on a province stack (4.4c)
BOTTOM = "solo_bottom"          # the step: the hand-management bonus (4.6)
SCORE, PLAY, KEEP = "score", "play", "keep"

R_GOAL = "SoloPlay, 1"
R_SETUP = "SoloPlay, 3 (Solo Setup Specifics)"
R_TILES_SETUP = "SoloPlay, 3 (sort bonus tiles)"
R_OFFICIAL = "SoloPlay, 4.1"
R_DRAW = "SoloPlay, 4.2"
R_COMPLETE = "SoloPlay, 4.4"
R_COLOUR = "SoloPlay, 4.4a and 4.5"
R_BONUS = "SoloPlay, 4.4c (Bonus Scoring Tile)"
R_COACH = "SoloPlay, 4.4d"
R_DISCARD = "SoloPlay, 4.4e"
R_HAND = "SoloPlay, 4.6"
R_DECK = "SoloPlay, 4.7"
R_SETS = "SoloPlay, 5 (Coach Sets)"
R_END = "SoloPlay, 6"

#: The readings of what the manual leaves open (see the module's docstring): name -> (default, values, meaning).
OPTIONS = {
    "difficulty": ("normal", ("easy", "normal", "intermediate", "hard"),
                   "houses of each colour on the board at the start: easy 10, intermediate 9, normal 8, hard 7 (3)"),
    "regions": ("colour", ("colour", "any"),
                "which houses complete a region, for its tile and for the setup's redraw: the route's colour, or any"),
    "houses_left": ("combined", ("combined", "per_colour"),
                    "the remaining-houses table scores all colours together (6.3), or each colour's"),
    "colour_declared": ("completion", ("completion", "start"),
                        "the route's colour is chosen when it is completed, or declared when it is started (4.4a)"),
    "bonus_tile": ("repeat", ("repeat", "once"),
                   "the 1-point tile's stack gives one more tile at each completion of its region, or only once"),
    "long_routes": ("abandon", ("abandon", "coach_7"),
                    "a route of 8 or more cards cannot be completed (no coach fits), or takes coach 7"),
    "official": ("first", ("first", "when_used"),
                 "the turn's one official is chosen as its first step and helps later in the turn (4.1), or called "
                 "when his help is used (a turn in which none can help any more then ends without one)"),
    "cartwright": ("counts", ("counts", "extra"),
                   "the Cartwright is the turn's one official, or helps besides it"),
    "administrator": ("pile_1", ("pile_1", "pile_2"),
                      "the six cards the Administrator replaces go to pile 1 (3 points), or to pile 2"),
}


# -- the components (data/solo.json) -----------------------------------------------------------------------------

class Components(NamedTuple):
    """SoloPlay's components and tables (data/solo.json)."""

    colours: tuple              # the house colours, in order
    houses: int                 # houses of each colour to place (20, less the route house)
    cities: dict                # difficulty -> houses of each colour placed at setup
    tiles_per_stack: int        # 3: "Limit to 3 of each type"
    sets: tuple                 # ((highest coach of the set, points), ...): 3 → 2, (3,4) → 3, ... (3..7) → 10
    left_points: dict           # houses left -> points (6.3)
    fewest: int                 # the fewest houses the table names (3)
    over: int                   # above it, one point lost per house (8)
    penalty_cards: int          # one point lost per this many cards in pile 1 (2)
    hand_bonus: int             # the cards the hand-management bonus moves (3)
    ratings: tuple              # ((least points, rating), ...), best first
    below: str


@lru_cache(maxsize=None)
def components() -> Components:
    data = component(NAME)
    path = "data/solo.json"

    def listed(key, fields):
        v = data.get(key)
        if not isinstance(v, list) or not 0 < len(v) <= 16 or not all(isinstance(x, dict) and fields <= set(x)
                                                                         for x in v):
            raise BoardDataError(f"{path}: \"{key}\" should be a list of objects with {', '.join(sorted(fields))}.")
        return v

    colours = listed("colours", {"id", "houses"})
    route_houses = count(data, "route_houses_per_colour", path, 0, 5)
    sizes = {count(c, "houses", path, 1, 40) for c in colours}
    if len(sizes) != 1:
        raise BoardDataError(f"{path}: every colour should have as many houses.")
    houses = sizes.pop() - route_houses
    cities = {str(d["id"]): count(d, "cities_per_colour", path, 0, houses) for d in listed("difficulties",
                                                                                           {"id", "cities_per_colour"})}
    sets = tuple((count(x, "up_to", path, 1, 20), count(x, "points", path, 0, 100)) for x in listed("coach_sets",
                                                                                                   {"up_to", "points"}))
    table = data.get("houses_left_points")
    if not isinstance(table, dict) or not all(k.isdigit() and isinstance(v, int) for k, v in table.items()):
        raise BoardDataError(f"{path}: \"houses_left_points\" should map a number of houses to points.")
    ratings = tuple((count(x, "least", path, 0, 1000), str(x["rating"])) for x in listed("ratings", {"least", "rating"}))
    if data.get("default_difficulty") not in cities:
        raise BoardDataError(f"{path}: \"default_difficulty\" should be one of {', '.join(cities)}.")
    return Components(tuple(str(c["id"]) for c in colours), houses, cities, count(data, "tiles_per_stack", path, 1, 10),
                      sets, {int(k): v for k, v in table.items()}, count(data, "houses_left_fewest", path, 0, 100),
                      count(data, "houses_left_over", path, 0, 100), count(data, "discard_penalty_cards", path, 1, 10),
                      count(data, "hand_bonus_cards", path, 0, 6), ratings, str(data.get("below", "no victory")))


# -- the state ---------------------------------------------------------------------------------------------------

class Solo(NamedTuple):
    """SoloPlay's part of the state (``state.ext["solo"]``)."""

    planner: tuple              # the colours whose route house is on the Route Planner: those left in this series
    declared: str               # the colour declared for the route being built ("": none; colour_declared=start)
    start: int                  # the city its route house stands on (-1: none)
    marker: int                 # the stack the 1-point tile lies on; -1: not taken yet; -2: taken, its stack to choose
    then: str                   # the step that comes after SoloPlay's steps after a completion ("": none)
    ended: str                  # why the game ends: "" not yet, "deck" (the deck exhausted), "houses" (a colour out)
    drew: str = ""              # where this turn's first card came from: "deck", "display" or "" (4.2: the Postmaster's
    #                             second card comes from the same place)


def solo(s) -> Solo:
    return s.ext[NAME]


def series_text(S: Solo, colours) -> str:
    """The colour series in words: "blue, red left in this series"."""
    done = [c for c in colours if c not in S.planner]
    return (f"{', '.join(S.planner)} left in this series" + (f" ({', '.join(done)} done)" if done else "")
            if S.planner else "a new series")


# -- tiles (3; 4.4c) ---------------------------------------------------------------------------------------------

def stack_values(board, st) -> tuple:
    """A stack's tiles as SoloPlay sorts them (3), top first: the distance tiles highest on top, the others lowest
    on top, at most 3 of a type (the lowest removed)."""
    values = sorted(st.values, reverse=True)[:components().tiles_per_stack]
    return tuple(values if st.kind == "route_length" else sorted(values))


def province_stacks(board) -> tuple:
    """The province stacks (4.4c "one tile from each province"): the stacks of the regions' all-cities tiles."""
    return tuple(st.index for st in board.stacks if st.kind == "all_cities")


def region_stacks(board) -> tuple:
    """The stacks a region's completion earns (every tile but the distance and the game-end tiles)."""
    return tuple(st.index for st in board.stacks if st.kind not in ("route_length", "game_end"))


def game_end_stack(board) -> int | None:
    return next((st.index for st in board.stacks if st.kind == "game_end"), None)


def regions_complete(board, rules, houses: int) -> frozenset:
    """The region stacks whose region ``houses`` complete (whatever is left on the stacks)."""
    full = tuple((1,) for _ in board.stacks)
    return frozenset(st.index for st in earned_tiles(board, rules, houses, (), full, 0)
                     if st.kind not in ("route_length", "game_end"))


def region_houses(rules, p, colour) -> int:
    """The houses that complete a region for a route in ``colour`` (option ``regions``)."""
    return colour_houses(p, colour) if rules.option("regions") == "colour" else p.houses


def new_tiles(board, rules, stacks, before: int, after: int, route_len: int, marker: int) -> tuple:
    """The tiles a completion takes (4.4c): the distance tile of the route's length (or the next lower left), then
    the top tile of each region stack whose region the houses ``after`` complete and ``before`` did not; with the
    1-point tile on a stack (option ``bonus_tile=repeat``), one more tile of that stack when its region is completed."""
    completed = regions_complete(board, rules, after) - regions_complete(board, rules, before)
    got = []
    for st in earned_tiles(board, rules, after, (), stacks, route_len):
        if st.kind == "route_length":
            got.append((st.index, stacks[st.index][0]))
        elif st.index in completed:
            got.append((st.index, stacks[st.index][0]))
            if st.index == marker and len(stacks[st.index]) > 1 and rules.option("bonus_tile") == "repeat":
                got.append((st.index, stacks[st.index][1]))
    return tuple(got)


def bonus_due(board, tiles, marker: int, stacks) -> bool:
    """Whether the player now holds a tile of each province stack and the 1-point tile is still to take (4.4c)."""
    ge = game_end_stack(board)
    if marker != -1 or ge is None or not stacks[ge]:
        return False
    held = {si for si, _ in tiles}
    return all(si in held for si in province_stacks(board))


# -- coach cards (4.4d; 5) ---------------------------------------------------------------------------------------

def coach_choices(board, rules, carriages_left, route_len: int, cartwright: bool) -> tuple:
    """The coach cards a completed route of ``route_len`` cards may take (4.4d): the one of its exact length, or with
    the Cartwright one of one or two more; a route longer than the longest coach takes none (option
    ``long_routes=coach_7``: the longest). Only those left in the supply."""
    levels = board.carriage_levels
    if cartwright:
        wanted = (route_len + 1, route_len + 2)
    elif route_len > levels[-1] and rules.option("long_routes") == "coach_7":
        wanted = (levels[-1],)
    else:
        wanted = (route_len,)
    return tuple(k for k in wanted if k in levels and carriages_left[levels.index(k)] > 0)


def coach_sets(coaches) -> tuple:
    """The most valuable sets of coach cards (5): each set runs 3, 4, ... without a gap, as far as the cards go; the
    result is the highest card of each set (3,3,3,4,4,5,5,6,6,6,7 → (7, 6, 3))."""
    counts: dict = {}
    for c in coaches:
        counts[c] = counts.get(c, 0) + 1
    out = []
    k = 1
    while counts.get(3, 0) >= k:
        top = 3
        while counts.get(top + 1, 0) >= k:
            top += 1
        out.append(top)
        k += 1
    return tuple(out)


def coach_points(coaches) -> int:
    """Points of the coach cards' sets (5): (3..7) 10, (3..6) 7, (3..5) 5, (3,4) 3, (3) 2; higher cards without the
    lower ones score nothing."""
    table = dict(components().sets)
    return sum(table.get(top, 0) for top in coach_sets(coaches))


# -- the score (6) -----------------------------------------------------------------------------------------------

def houses_left_points(left: int) -> int:
    """The remaining-houses table (6.3): 3 left 15, 4 10, 5 7, 6 5, 7 2, 8 or 9 nothing, 10 and more one point lost
    per house over 8 (fewer than 3 score as 3: the table's best row)."""
    C = components()
    if left <= C.fewest:
        return C.left_points[C.fewest]
    if left in C.left_points:
        return C.left_points[left]
    return -(left - C.over)


def houses_left_score(rules, p) -> int:
    """The remaining-houses points of ``p`` under option ``houses_left``."""
    if rules.option("houses_left") == "per_colour":
        return sum(houses_left_points(left) for _, _, left in p.colours)
    return houses_left_points(p.houses_left)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def penalty(cards: int) -> int:
    """The discard penalty (6.4): one point lost for every 2 cards in pile 1, rounded down."""
    return -(cards // components().penalty_cards)


def score_items(s, seat: int) -> dict:
    """SoloPlay's final score (6): bonus tiles + coach sets + remaining houses − discard penalty."""
    p = s.players[seat]
    return {"tiles": sum(v for _, v in p.tiles), "coach_sets": coach_points(p.carriages),
            "houses_left": houses_left_score(s.rules, p), "discard_penalty": penalty(len(pile(s, PENALTY)))}


# -- the scoring stages ------------------------------------------------------------------------------------------

class SoloHouses(ScoringStage):
    """Place houses in the route's colour (4.4b), one of a colour per city; the route house moves from the Route
    Planner to the Completion card, and back with the others when all four are there (4.5)."""

    name = "houses"

    def read(self, r):
        mine = colour_houses(r.player, r.colour)
        r.new = new = r.mask & ~mine
        r.placed = popcount(new)
        r.houses = r.player.houses | r.mask

    def do(self, s, seat, p, effect):
        from ...effects import place_houses

        place_houses(s, seat, p, effect.new, effect.colour)
        S = solo(s)
        planner = tuple(c for c in S.planner if c != effect.colour) or components().colours
        s.set_ext(NAME, S._replace(planner=planner, declared="", start=-1))

    def points(self, board, player, effect):
        return 0


class SoloTiles(ScoringStage):
    """The distance and region tiles (4.4c), and the 1-point Bonus Scoring Tile once a tile of each province is
    held (its stack chosen next, in the step ``solo_bonus``)."""

    name = "tiles"

    def read(self, r):
        p, rules = r.player, r.rules
        before = region_houses(rules, p, r.colour)
        marker = solo(r.state).marker if r.state is not None else -1
        r.tiles = tiles = new_tiles(r.board, rules, r.stacks, before, before | r.mask, r.route_len, marker)
        if bonus_due(r.board, p.tiles + tiles, marker, r.stacks):
            ge = game_end_stack(r.board)
            r.extra = r.extra + (("bonus_tile", r.stacks[ge][0]),)

    def do(self, s, seat, p, effect):
        if effect.tiles:
            take(s, p, effect.tiles)
        if any(what == "bonus_tile" for what, _ in effect.extra):
            ge = game_end_stack(s.board)
            take(s, p, ((ge, s.stacks[ge][0]),))
            s.set_ext(NAME, solo(s)._replace(marker=-2))

    def points(self, board, player, effect):
        return sum(v for _, v in effect.tiles) + sum(v for what, v in effect.extra if what == "bonus_tile")


class SoloCoach(CarriageStage):
    """The coach card of the route's exact length, or with the Cartwright one or two longer (4.4d), taken as the base
    game's carriage is (base rules, 3c); the points are what the card adds to the sets (5), and it cannot be
    declined (4.4d: "Must take a coach card upon completion")."""

    name = "carriage"
    no_decline = ("coach_compulsory", "A completed route takes its coach card: it cannot be declined (\"Must take a "
                  "coach card upon completion\").", R_COACH)

    def read(self, r):
        choices = coach_choices(r.board, r.rules, r.carriages_left, r.route_len, r.cartwright)
        if r.coach is not None:
            r.carriage = r.coach if r.coach in choices else None
        elif choices:
            r.carriage = choices[0]

    def points(self, board, player, effect):
        if effect.carriage is None:
            return 0
        return coach_points(player.carriages + (effect.carriage,)) - coach_points(player.carriages)

    def declinable(self, s, p):
        return False


class SoloEnd(ScoringStage):
    """The end (6): a colour's last house placed ends the game after this turn (no tile for it)."""

    name = "end"

    def read(self, r):
        if r.end_open and r.placed and colour_left(r.player, r.colour) - r.placed <= 0:
            r.ends = "houses"

    def do(self, s, seat, p, effect):
        if effect.ends:
            s.set_ext(NAME, solo(s)._replace(ended="houses"))
            trigger_end(s, seat, p, effect.ends, tiles=False)


# -- the officials (4.1) -----------------------------------------------------------------------------------------

class SoloOfficials(OfficialsPolicy):
    """Exactly one official every turn (4.1: "Must use exactly one postal official per turn. Cannot skip this
    action."): no second one, and the turn cannot end, by ending it or by completing a route, while one can still
    help. A turn in which none can help any more ends without one (the log says so). With the option
    ``cartwright=extra`` the Cartwright helps besides the turn's official."""

    rule = R_OFFICIAL
    text = "exactly one must help every turn"
    sentence = "exactly one official helps every turn"

    def counted(self, s) -> tuple:
        """The officials who helped this turn and count as its one official (option ``cartwright``)."""
        return self._counted(s)

    def _counted(self, s) -> tuple:
        helper = s.ruleset.roles.helper
        if s.rules.option("cartwright") == "extra":
            return tuple(o for o in s.officials if o != helper)
        return tuple(dict.fromkeys(s.officials))    # (the Cartwright chosen first is named again when he helps)

    def problem(self, s, oid, action=None):
        extra = s.rules.option("cartwright") == "extra" and oid == s.ruleset.roles.helper
        used = (oid in s.officials) if extra else bool(self._counted(s))
        if used:
            name = s.board.official(s.officials[-1] if not extra else oid).name
            return IllegalAction("one_official_per_turn", f"You already had the help of the {name} this turn; exactly "
                                 f"one official helps every turn (SoloPlay, 4.1).", action, self.rule)
        return None

    def may_call(self, s, oid) -> bool:
        return self.problem(s, oid) is None

    def end_problem(self, s, action=None):
        if chosen_first(s) or self._counted(s) or (getattr(action, "cartwright", False) and s.rules.option("cartwright") == "counts"):
            return None
        ways = helpers_left(s, count_helper=s.rules.option("cartwright") == "counts")
        if not ways:
            return None
        return IllegalAction("official_compulsory", f"One official must help every turn: first "
                             f"{' or '.join(ways)}.", action, self.rule)


def chosen_first(s) -> bool:
    """Whether the turn's one official is chosen as its first step (option ``official=first``, 4.1)."""
    return s.rules.option("official") == "first"


def cartwright_helps(s) -> bool:
    """Whether the Cartwright may help complete the route this turn (4.4d): chosen as the turn's official (option
    ``official=first``), or besides it (option ``cartwright=extra``)."""
    helper = s.ruleset.roles.helper
    return helper is not None and (helper in s.officials or s.rules.option("cartwright") == "extra")


def helpers_left(s, count_helper: bool = True) -> list:
    """The officials who could still help this turn, in words ("call the Postal Carrier"), in the step of scoring
    (the only step the turn can end in): the Postal Carrier with a card that extends the route, the Cartwright with a
    coach card one or two cards longer than the route."""
    if s.step != SCORE:
        return []
    rs = s.ruleset
    ways = []
    for oid, offer in rs.roles.offers[SCORE]:
        if offer is None or offer(s):
            ways.append(f"call the {s.board.official(oid).name}")
    helper = rs.roles.helper
    if count_helper and helper is not None and _cartwright_problem(s, s.players[s.to_move]) is None \
            and _colours_open(s):
        ways.append(f"complete the route with the {s.board.official(helper).name}")
    return ways


def _cartwright_problem(s, p):
    """None if the Cartwright can help this completion (4.4d: a coach card one or two cards longer is left), else
    the reason code."""
    n = len(p.route)
    if n < s.board.min_route:
        return "cartwright_too_short"
    if not coach_choices(s.board, s.rules, s.carriages_left, n, True):
        return "no_carriage_left"
    return None


def _cartwright_message(s, p, reason):
    n = len(p.route)
    if reason == "no_carriage_left":
        return f"No coach card {n + 1} or {n + 2} is left for the Cartwright to help with (SoloPlay, 4.4d)."
    return f"Your route has {n} cards; a route needs {s.board.min_route} to be completed."


def _colours_open(s) -> tuple:
    """The colours the route may be completed in now (4.4a, 4.5): those on the Route Planner with houses left, or the
    one declared (option colour_declared=start)."""
    S = solo(s)
    p = s.players[s.to_move]
    if S.declared:
        return (S.declared,)
    return tuple(c for c in S.planner if colour_left(p, c) > 0)


def _source(draw) -> str:
    """Where a draw takes its card from: "deck" or "display"."""
    return "deck" if draw.city is None else "display"


def _second_source(s):
    """Where the Postmaster's second card must come from (4.2: "both from same source"): the first card's source,
    or None when it has no card left (then either)."""
    drew = solo(s).drew
    if drew == "deck" and (s.deck or s.discard):
        return "deck"
    if drew == "display" and max(s.display) >= 0:
        return "display"
    return None


# -- SoloPlay's own actions --------------------------------------------------------------------------------------

class DeclareColour(Action):
    """Declare the colour of the route just started: its route house goes on the starting city (SoloPlay, 4.4a;
    option ``colour_declared=start``)."""

    __slots__ = ("colour",)
    kind = "declare"

    def __init__(self, colour: str):
        colour = str(colour).strip().lower()
        set_fields(self, colour=colour, key=("declare", colour))

    def __str__(self):
        return f"declare {self.colour} for the new route"

    def __repr__(self):
        return f"DeclareColour({self.colour!r})"

    def __reduce__(self):
        return (DeclareColour, (self.colour,))

    @property
    def notation(self):
        return f"declare {self.colour}"


class PlaceBonusTile(Action):
    """Put the 1-point Bonus Scoring Tile on a province stack and take that stack's top tile (SoloPlay, 4.4c)."""

    __slots__ = ("stack",)
    kind = "bonus"

    def __init__(self, stack: str):
        set_fields(self, stack=str(stack), key=("bonus", fold(str(stack))))

    def __str__(self):
        return f"put the 1-point tile on the {self.stack} stack"

    def __repr__(self):
        return f"PlaceBonusTile({self.stack!r})"

    def __reduce__(self):
        return (PlaceBonusTile, (self.stack,))

    @property
    def notation(self):
        return f"bonus {fold(self.stack)}"


class BottomCards(Action):
    """The hand-management bonus (SoloPlay, 4.6): after a completion that empties the hand, up to 3 face-up cards go
    under the deck, in the order named (the last named lowest); none: ``BottomCards(())``."""

    __slots__ = ("cards",)
    kind = "bottom"

    def __init__(self, cards=()):
        if isinstance(cards, str):
            cards = (cards,)
        cards = tuple(str(c) for c in cards)
        set_fields(self, cards=cards, key=("bottom", tuple(fold(c) for c in cards)))

    def __str__(self):
        return ("put " + ", ".join(self.cards) + " under the deck") if self.cards else "put no card under the deck"

    def __repr__(self):
        return f"BottomCards({self.cards!r})"

    def __reduce__(self):
        return (BottomCards, (self.cards,))

    @property
    def notation(self):
        return "bottom " + ("+".join(fold(c) for c in self.cards) if self.cards else "-")


def parse_solo(text):
    """A SoloPlay action from its notation (``declare red``, ``bonus baden``, ``bottom ulm+basel``, ``bottom -``) or
    the game's words (a name may have spaces: ``bottom St. Gallen+Ulm``), or None."""
    words = str(text)[:400].split()
    if len(words) < 2:
        return None
    head, rest = words[0].lower(), " ".join(words[1:])
    if head == "declare" and len(words) == 2:
        return DeclareColour(words[1])
    if head == "bonus":
        return PlaceBonusTile(rest)
    if head == "bottom":
        return BottomCards(() if rest == "-" else tuple(w.strip() for w in rest.split("+") if w.strip()))
    return None


# -- the variant -------------------------------------------------------------------------------------------------

@register
class SoloPlay(Variant):
    """SoloPlay (see the module's docstring)."""

    name = NAME
    rule_source = "SoloPlay"
    requires_ext = True
    ext_optional = True         # (a position without ext.solo: the Route Planner full, no route declared, ...)
    players = (1, 1)
    alone = True                # (a game for one player: the other expansions are games of several)
    alone_why = "SoloPlay manual, 1: \"allows one player to compete against the system\""
    options = OPTIONS
    action_info = {}
    piles = (PileSpec(PENALTY, True, "public", "SoloPlay, 3: Discard Pile 1"),
             PileSpec(COMPLETED, True, "public", "SoloPlay, 4.7: pile 2 after its new deck"))

    def __init__(self):
        self.steps = (
            StepSpec(OFFICIAL, "choose the turn's one official: he helps later in this turn", R_OFFICIAL,
                     self.legal_official, self.forced_official, ("official",)),
            StepSpec(COLOUR, "declare the colour of the route just started", R_COLOUR, self.legal_declare, None,
                     ("declare",)),
            StepSpec(BONUS, "put the 1-point tile on a province stack and take its top tile", R_BONUS,
                     self.legal_bonus, self.forced_bonus, ("bonus",)),
            StepSpec(BOTTOM, "put up to 3 face-up cards under the deck, in any order", R_HAND, self.legal_bottom,
                     self.forced_bottom, ("bottom",)),
        )

    def extend(self, rs) -> None:
        super().extend(rs)
        C = components()
        rs.house_colours = tuple((c, C.houses) for c in C.colours)
        rs.house_per_colour = True
        rs.carriages_in_order = False       # coach cards of any length, several of one (4.4d; 5)
        rs.carriage_named = True            # with the Cartwright the player names the coach card (4.4d; see check)
        rs.tiles_once = False               # a region's tile once per colour, the 1-point tile's stack more (4.4c)
        rs.end_tile_to_ender = False        # the 1-point tile is the Bonus Scoring Tile (4.4c)
        rs.officials = SoloOfficials()
        rs.texts.update(officials_texts(rs.officials))
        helper = rs.roles.helper
        if helper is not None:
            rs.official_handlers[helper] = rs.official_handlers[helper].replace(problem=_cartwright_problem,
                                                                                 message=_cartwright_message)
        if helper is not None:
            rs.texts[f"official {helper}"] = "a coach card one or two cards longer than the completed route (4.4d)"
        rs.texts["carriage"] = "coach card"
        rs.texts["tile game_end"] = "1-point tile"      # the game-end tile is the Bonus Scoring Tile (4.4c)
        # an empty display slot here is one the hand-management bonus emptied, never a deck run out (4.6, 4.7)
        rs.texts["display_refilled"] = "{Slots} refilled from the deck with {cards} (SoloPlay, 4.7)."
        rs.scoring = (SoloHouses(), SoloTiles(), SoloCoach(), SoloEnd())
        rs.score_items = (score_items,)
        rs.result = rating_result(C.ratings, below=C.below)
        rs.discard_pile = discard_pile
        rs.stack_values = stack_values
        calls = rs.kinds["official"]
        rs.action(calls.__class__(calls.kind, self._checker(calls.check), self._doer(calls.do), calls.label,
                                  calls.notation, calls.text, calls.rule, calls.canonical, calls.words))
        play = rs.steps[PLAY]
        rs.step(StepSpec(play.name, play.does, play.rule, play.legal, self._second_card(play.forced), play.kinds,
                         play.interruption))
        rs.action(ActionKind("declare", self.check_declare, self.do_declare, "Declare", "declare red",
                             "declare the colour of the route just started", R_COLOUR))
        rs.action(ActionKind("bonus", self.check_bonus, self.do_bonus, "Bonus tile", "bonus baden",
                             "put the 1-point tile on a province stack and take its top tile", R_BONUS))
        rs.action(ActionKind("bottom", self.check_bottom, self.do_bottom, "Under the deck", "bottom ulm+basel",
                             "put up to 3 face-up cards under the deck", R_HAND))

    def board_refusal(self, board):
        if not province_stacks(board) or game_end_stack(board) is None:
            return "it has no province tiles or no game-end tile; SoloPlay is played on the base board."
        return None

    # -- setup (3) -------------------------------------------------------------------------------------------------
    def setup(self, s) -> None:
        """The tiles sorted (3); each colour's houses placed on cities drawn one at a time, a duplicate or a city
        that would complete a region drawn again (Solo Setup Specifics); the deck shuffled again and 6 cards face up."""
        board, C = s.board, components()
        s.stacks = tuple(stack_values(board, st) for st in board.stacks)
        rng = random.Random(f"thurn:{s.seed}:solo")
        cards = sorted(list(s.deck) + [c for c in s.display if c >= 0])
        n = C.cities[s.rules.option("difficulty")]
        p = s.player_copy(0)
        per_colour = s.rules.option("regions") == "colour"
        for colour in C.colours:
            deck = cards[:]
            rng.shuffle(deck)
            placed = 0
            while placed < n and deck:
                city = board.city_of[deck.pop()]
                mine = colour_houses(p, colour)
                houses = mine if per_colour else p.houses
                if mine >> city & 1 or regions_complete(board, s.rules, houses | 1 << city):
                    continue
                p.houses |= 1 << city
                p.houses_left -= 1
                p.colours = tuple((c, m | 1 << city, left - 1) if c == colour else (c, m, left)
                                  for c, m, left in p.colours)
                placed += 1
        deck = cards[:]
        rng.shuffle(deck)
        shown = len(s.display)
        s.display, s.deck = tuple(deck[:shown]), tuple(deck[shown:])
        s.set_ext(NAME, Solo(C.colours, "", -1, -1, "", ""))
        if chosen_first(s):
            s.step = OFFICIAL

    # -- the turn's one official (4.1) -----------------------------------------------------------------------------
    def turn_start(self, s, say):
        if chosen_first(s):
            s.step = OFFICIAL

    def legal_official(self, s) -> list:
        """Every official who can help in this turn (4.1), in the board's order: the Administrator while a card is
        face up, the Postmaster while a card is left to draw, the Postal Carrier, the Cartwright (not with the
        option cartwright=extra, where he helps besides the turn's official)."""
        rs = s.ruleset
        t = table(s.board)
        draw_offers = dict(rs.roles.offers["draw"])
        out = []
        for o in s.board.officials:
            h = rs.official_handlers.get(o.id)
            if h is None or (o.id == rs.roles.helper and s.rules.option("cartwright") == "extra"):
                continue
            offer = draw_offers.get(o.id)
            if o.id in draw_offers and offer is not None and not offer(s):
                continue
            if o.id in draw_offers and not (s.deck or s.discard or max(s.display) >= 0):
                continue
            out.append(t.call[o.id])
        return out

    def forced_official(self, s, say):
        """An empty hand: the Postmaster must help (base rules, 1), and he is the turn's official."""
        if not s.players[s.to_move].hand:
            for oid, forced in s.ruleset.roles.forced:
                if forced(s, say):
                    return DRAW
        if not self.legal_official(s):
            return DRAW
        return None

    def _checker(self, base_check):
        def check(s, a):
            if s.step == OFFICIAL:
                legal = self.legal_official(s)
                if a in legal:
                    return a.official if hasattr(a, "official") else None, None
                try:
                    oid = s.board.official(a.official).id
                except Exception:           # (an unknown name: the base check's own words)
                    return base_check(s, a)
                names = ", ".join(s.board.official(x.official).name for x in legal)
                for x in legal:
                    if x.official == oid:
                        return oid, None
                return None, IllegalAction("official_not_now", f"The {s.board.official(oid).name} cannot help in "
                                           f"this turn; choose one of {names} (SoloPlay, 4.1).", a, R_OFFICIAL)
            if chosen_first(s):
                return None, IllegalAction("official_chosen_first", "In SoloPlay the turn's one official is chosen "
                                           "at its start (4.1); he has been chosen for this turn.", a, R_OFFICIAL)
            return base_check(s, a)
        return check

    def _doer(self, base_do):
        from ...turn.officials import official_used

        def do(s, oid, action, say):
            if s.step != OFFICIAL:
                return base_do(s, oid, action, say)
            h = s.ruleset.official_handlers[oid]
            if h.do is None:            # (the Cartwright: his help comes when the route is completed)
                official_used(s, oid, say)
                if say is not None:
                    say(f"{s.names[s.to_move]} chooses the {s.board.official(oid).name}: a coach card one or two "
                        f"cards longer than the route, when it is completed this turn.")
            else:
                base_do(s, oid, action, say)
            return DRAW
        return do

    def _second_card(self, base_forced):
        def forced(s, say):
            """The Postal Carrier's second card only if one can be played (4.3: "Play a second card (if legal)")."""
            if s.plays == 1 and s.plays_allowed == 2 and chosen_first(s) and \
                    not any(a.kind == "play" for a in s.ruleset.legal_of[PLAY](s)):
                forced_event(s, "second_card_skipped", say, f"No second card can be played: "
                             f"{s.names[s.to_move]} goes on without it." if say is not None else None)
                return SCORE
            return base_forced(s, say)
        return forced

    # -- the completion (4.4) --------------------------------------------------------------------------------------
    def legal_actions(self, s, actions):
        first = chosen_first(s)
        if first and s.step != OFFICIAL:
            actions = [a for a in actions if a.kind != "official"]
        if s.step == DRAW and s.draws == 1:
            source = _second_source(s)
            if source is not None:
                return [a for a in actions if a.kind != "draw" or _source(a) == source]
            return actions
        if s.step != SCORE:
            return actions
        p = s.players[s.to_move]
        if first:
            must = must_cw = False
            helped = cartwright_helps(s)
        else:
            must = s.ruleset.officials.end_problem(s) is not None      # no official yet, and one can still help
            must_cw = must and s.rules.option("cartwright") == "extra"  # (then the Cartwright is not that official)
            helped = not must_cw and _cartwright_problem(s, p) is None and \
                s.ruleset.officials.may_call(s, s.ruleset.roles.helper)
        open_ = _colours_open(s)
        n = len(p.route)
        plain = coach_choices(s.board, s.rules, s.carriages_left, n, False)
        longer = coach_choices(s.board, s.rules, s.carriages_left, n, True) if helped else ()
        out = []
        t = table(s.board)
        for a in actions:
            if a.kind == "end":
                if not must:
                    out.append(a)
            elif a.kind != "score":
                out.append(a)
            elif a.colour in open_ and a.carriage and not a.cartwright:
                if plain and not must:
                    out.append(a)
                for k in longer:
                    out.append(t.score(a.resolved, True, True, a.colour, k))
        return out

    def check(self, s, action, arg, error):
        kind = getattr(action, "kind", None)
        if kind == "draw" and error is None and s.draws == 1:
            source = _second_source(s)
            if source is not None and _source(action) != source:
                where = "from the deck" if source == "deck" else "from the face-up cards"
                return None, IllegalAction("same_source", f"With the Postmaster both cards come from the same place "
                                           f"(SoloPlay, 4.2): you drew the first {where}, so draw the second {where} "
                                           f"too.", action, R_DRAW)
        if kind == "score" and action.cartwright and chosen_first(s):
            if not cartwright_helps(s):
                name = s.board.official(s.ruleset.roles.helper).name
                return None, IllegalAction("cartwright_not_chosen", f"The {name} helps only in a turn you chose him "
                                           f"as its one official, at its start (SoloPlay, 4.1).", action, R_OFFICIAL)
            if error is not None and error.reason == "one_official_per_turn":   # (he was chosen: he helps now)
                from ...actions import Score
                from ...turn.scoring import check_score

                arg, error = check_score(s, Score(action.houses, False, True, action.colour, action.coach))
        if kind != "score" or error is not None:
            return arg, error
        p = s.players[s.to_move]
        n = len(p.route)
        if action.colour not in _colours_open(s):
            return None, self._colour_error(s, action)
        choices = coach_choices(s.board, s.rules, s.carriages_left, n, action.cartwright)
        if action.coach is not None and action.coach not in choices:
            return None, self._coach_error(s, action, n, choices)
        if not choices:
            return None, self._coach_error(s, action, n, choices)
        # the coach is named exactly where the player chooses it: with the Cartwright (4.4d: "May take coach card if
        # route is 1 or 2 cards short"), never where the route's length decides (as legal_actions lists them)
        if action.cartwright and action.coach is None:
            if len(choices) > 1:
                may = f"may take coach {' or '.join(map(str, choices))}: name the one you take (coach=...)"
            else:
                may = f"takes coach {choices[0]}, the only one left of those it may take: name it (coach={choices[0]})"
            return None, IllegalAction("coach_needed", f"With the Cartwright your route of {n} cards {may}.", action,
                                       R_COACH)
        if not action.cartwright and action.coach is not None:
            return None, IllegalAction("no_coach_choice", f"Your route of {n} cards takes coach {choices[0]}, its "
                                       f"exact length: name no coach card (you choose one only with the Cartwright).",
                                       action, R_COACH)
        return arg, None

    def _colour_error(self, s, action):
        S = solo(s)
        C = components()
        if S.declared:
            return IllegalAction("colour_declared", f"You declared {S.declared} for this route when you started it "
                                 f"(SoloPlay, 4.4a): complete it in {S.declared}.", action, R_COLOUR)
        p = s.players[s.to_move]
        if action.colour in C.colours and action.colour in S.planner:
            return IllegalAction("colour_out", f"You have no {action.colour} house left.", action, R_COLOUR)
        if action.colour in C.colours:
            left = ", ".join(c for c in S.planner if colour_left(p, c) > 0)
            return IllegalAction("colour_used", f"You built a {action.colour} route in this series already: complete "
                                 f"one route of each other colour first ({left}) (SoloPlay, 4.5).", action, R_COLOUR)
        return IllegalAction("unknown_colour", f"You have no {str(action.colour)[:40]} houses; your colours are "
                             f"{', '.join(C.colours)}.", action, R_COLOUR)

    def _coach_error(self, s, action, n, choices):
        levels = s.board.carriage_levels
        if action.cartwright:
            if choices:
                return IllegalAction("coach_not_eligible", f"With the Cartwright your route of {n} cards takes coach "
                                     f"{' or '.join(map(str, choices))}, not coach {action.coach}.", action, R_COACH)
            return IllegalAction("no_carriage_left", _cartwright_message(s, s.players[s.to_move], "no_carriage_left"),
                                 action, R_COACH)
        if action.coach is not None and choices:
            return IllegalAction("coach_not_eligible", f"Your route of {n} cards takes coach {choices[0]}, not coach "
                                 f"{action.coach}; a longer one needs the Cartwright.", action, R_COACH)
        if n > levels[-1]:
            why = f"no coach card has {n} cards (the longest is {levels[-1]})"
        else:
            why = f"no coach card {n} is left"
        return IllegalAction("no_coach", f"A completed route must take the coach card of its exact length, and {why} "
                             f"(SoloPlay, 4.4d): the route cannot be completed. Make it longer, complete it with "
                             f"the Cartwright, or give it up by starting a new route.", action, R_COACH)

    def after_step(self, s, step, action, nxt, say):
        nxt = nxt.step if type(nxt) is Decide else nxt
        if step == PLAY and action.kind == "play" and action.end == "new" \
                and s.rules.option("colour_declared") == "start":
            S = solo(s)
            s.set_ext(NAME, S._replace(declared="", start=-1, then=str(nxt)))
            return COLOUR
        if step == SCORE and action.kind == "score":
            S = solo(s)
            if say is not None:
                say(f"The {action.colour} route house goes to the Completion card: {series_text(S, components().colours)}.")
            if S.marker == -2:
                if say is not None:
                    ge = game_end_stack(s.board)
                    v = next((v for si, v in s.players[s.to_move].tiles if si == ge), 1)
                    say(f"{s.names[s.to_move]} holds a tile of each province and takes the 1-point tile "
                        f"({_plural(v, 'point')}: it counts among the bonus tiles at the end, SoloPlay, 6); it goes "
                        f"on a province stack next (4.4c).")
                s.set_ext(NAME, S._replace(then=str(nxt)))
                return BONUS
            return self._bottom_or(s, nxt)
        return nxt

    def _bottom_or(self, s, nxt):
        """The hand-management bonus after a completion that leaves the hand empty (4.6), else ``nxt``."""
        if nxt == END_TURN and not s.players[s.to_move].hand and max(s.display) >= 0 and components().hand_bonus:
            s.set_ext(NAME, solo(s)._replace(then=str(nxt)))
            return BOTTOM
        return nxt

    # -- declaring the colour (option colour_declared=start) -------------------------------------------------------
    def legal_declare(self, s) -> list:
        p = s.players[s.to_move]
        return [DeclareColour(c) for c in solo(s).planner if colour_left(p, c) > 0]

    def check_declare(self, s, a):
        if s.step != COLOUR:
            return None, IllegalAction("not_declaring", "A route's colour is declared when the route is started, "
                                       "where the colour is chosen then (SoloPlay, 4.4a).", a, R_COLOUR)
        S = solo(s)
        if a.colour not in S.planner or colour_left(s.players[s.to_move], a.colour) <= 0:
            ok = ", ".join(d.colour for d in self.legal_declare(s))
            return None, IllegalAction("colour_used", f"{a.colour[:40]} is not on the Route Planner: declare one of "
                                       f"{ok} (SoloPlay, 4.5).", a, R_COLOUR)
        return a.colour, None

    def do_declare(self, s, colour, action, say):
        S = solo(s)
        p = s.players[s.to_move]
        start = s.board.city_of[p.route[0]]
        s.set_ext(NAME, S._replace(declared=colour, start=start, then=""))
        if say is not None:
            say(f"{s.names[s.to_move]} declares {colour}: the {colour} route house goes on "
                f"{s.board.city_name(start)}, where the route starts.")
        return S.then

    # -- the Bonus Scoring Tile (4.4c) -----------------------------------------------------------------------------
    def _bonus_stacks(self, s) -> tuple:
        return tuple(si for si in province_stacks(s.board) if s.stacks[si])

    def legal_bonus(self, s) -> list:
        return [PlaceBonusTile(s.board.stacks[si].name) for si in self._bonus_stacks(s)]

    def forced_bonus(self, s, say):
        if self._bonus_stacks(s):
            return None
        S = solo(s)
        s.set_ext(NAME, S._replace(marker=-3, then=""))
        forced_event(s, "bonus_no_stack", say, "Every province stack is empty: the 1-point tile marks none.")
        return self._bottom_or(s, S.then)

    def check_bonus(self, s, a):
        if s.step != BONUS:
            return None, IllegalAction("no_bonus_tile", "The 1-point tile is placed when you first hold a tile of each "
                                       "province (SoloPlay, 4.4c).", a, R_BONUS)
        key = fold(a.stack)
        for si in self._bonus_stacks(s):
            st = s.board.stacks[si]
            if key in (fold(st.name), fold(st.id)):
                return si, None
        names = ", ".join(s.board.stacks[si].name for si in self._bonus_stacks(s))
        return None, IllegalAction("not_a_province_stack", f"{a.stack[:40]} is not a province stack with a tile "
                                   f"left: choose one of {names}.", a, R_BONUS)

    def do_bonus(self, s, si, action, say):
        S = solo(s)
        p = s.player_copy()
        value = s.stacks[si][0]
        take(s, p, ((si, value),))
        s.set_ext(NAME, S._replace(marker=si, then=""))
        if say is not None:
            say(f"{s.names[s.to_move]} puts the 1-point tile on the {s.board.stacks[si].name} stack and takes its top "
                f"tile ({value}).")
        return self._bottom_or(s, S.then)

    # -- the hand-management bonus (4.6) ---------------------------------------------------------------------------
    def legal_bottom(self, s) -> list:
        names = s.board.card_names
        kinds = {}
        for c in s.display:
            if c >= 0:
                kinds.setdefault(s.board.kind_of[c], []).append(c)
        shown = [c for cs in kinds.values() for c in cs]
        out = {(): BottomCards(())}
        for k in range(1, min(components().hand_bonus, len(shown)) + 1):
            for combo in permutations(shown, k):
                key = tuple(s.board.kind_of[c] for c in combo)
                if key not in out:
                    out[key] = BottomCards(tuple(names[c] for c in combo))
        return list(out.values())

    def forced_bottom(self, s, say):
        if -1 in s.display and max(s.display) < 0:
            S = solo(s)
            s.set_ext(NAME, S._replace(then=""))
            return S.then
        return None

    def check_bottom(self, s, a):
        from ...turn.cards import AMBIGUOUS, card_named, find_card

        if s.step != BOTTOM:
            return None, IllegalAction("no_hand_bonus", "Cards go under the deck only right after a completion that "
                                       "leaves your hand empty (SoloPlay, 4.6).", a, R_HAND)
        if len(a.cards) > components().hand_bonus:
            return None, IllegalAction("too_many_cards", f"At most {components().hand_bonus} face-up cards go under "
                                       f"the deck.", a, R_HAND)
        left = [c for c in s.display if c >= 0]
        chosen = []
        for name in a.cards:
            found, err = card_named(s, a, name, fold(name))
            if err is not None:
                return None, err
            c = find_card(s.board, left, *found)
            if c == AMBIGUOUS:
                return None, IllegalAction("which_copy", f"Name which {name[:40]} card you mean.", a, R_HAND)
            if c < 0:
                return None, IllegalAction("not_in_display", f"{name[:40]} is not face up (or not that many times).",
                                           a, R_HAND)
            left.remove(c)
            chosen.append(c)
        return tuple(chosen), None

    def do_bottom(self, s, cards, action, say):
        S = solo(s)
        d = list(s.display)
        for c in cards:
            d[d.index(c)] = -1
        s.display = tuple(d)
        s.deck = s.deck + tuple(cards)
        s.set_ext(NAME, S._replace(then=""))
        if say is not None:
            say(f"{s.names[s.to_move]} puts {cards_text(s.board, cards)} under the deck (hand-management bonus)."
                if cards else f"{s.names[s.to_move]} puts no card under the deck.")
        return S.then

    # -- the end (6) -----------------------------------------------------------------------------------------------
    def after(self, s, before, action, say):
        if action.kind == "draw" and before.draws == 0:
            s.set_ext(NAME, solo(s)._replace(drew=_source(action)))
        self._deck_out(s, say)

    def turn_end(self, s, say):
        if solo(s).drew:
            s.set_ext(NAME, solo(s)._replace(drew=""))
        if not chosen_first(s) and not s.ruleset.officials.counted(s) and s.step != OVER:
            forced_event(s, "no_official", say, f"No official can help {s.names[s.to_move]} any more this turn: the "
                         f"turn ends without one (SoloPlay, 4.1)." if say is not None else None)
        self._deck_out(s, say)

    def _deck_out(self, s, say):
        """The deck exhausted, pile 2 used (or empty): the game ends after this turn (6)."""
        if s.end_by is None and not s.deck and not s.discard and s.step != OVER:
            s.set_ext(NAME, solo(s)._replace(ended="deck"))
            if say is not None:
                say("The deck is exhausted and no new deck can be made from pile 2: the game ends after this turn.")
            trigger_end(s, s.turn_owner, s.players[s.turn_owner], "deck", say, tiles=False)

    def final_phase(self, s, say):
        """The final steps (6): an incomplete route and the hand go to pile 1."""
        p = s.player_copy(0)
        route, hand = p.route, p.hand
        if route:
            discard(s, route, "final")
            p.route, p.rmask = (), 0
        if hand:
            discard(s, hand, "final")
            p.hand = ()
        if say is not None and (route or hand):
            parts = ([f"the incomplete route {route_text(s.board, route)}"] if route else []) + \
                    ([f"the hand ({cards_text(s.board, hand)})"] if hand else [])
            say(f"Final steps: {' and '.join(parts)} {'go' if len(parts) > 1 else 'goes'} to discard pile 1.")

    # -- the rest --------------------------------------------------------------------------------------------------
    def parse(self, text):
        return parse_solo(text)

    def player_extras(self, s, seat) -> dict:
        S = solo(s)
        return {"series": S.planner, "declared": S.declared or None, "coach_sets": coach_sets(s.players[seat].carriages),
                "pile_1": len(pile(s, PENALTY)), "pile_2": len(s.discard) + len(pile(s, COMPLETED))}

    def dump(self, S: Solo) -> dict:
        return {"planner": list(S.planner), "declared": S.declared, "start": S.start, "marker": S.marker,
                "then": S.then, "ended": S.ended, "drew": S.drew}

    def load(self, data) -> Solo:
        if not isinstance(data, dict):
            raise PositionError("ext.solo should be an object with planner, declared, start, marker, then, ended, "
                                "drew.")
        unknown = set(data) - {"planner", "declared", "start", "marker", "then", "ended", "drew"}
        if unknown:
            raise PositionError(f"ext.solo has unknown fields {sorted(map(str, unknown))[:5]}.")
        C = components()
        planner = data.get("planner", list(C.colours))
        if not isinstance(planner, list) or len(planner) > len(C.colours) or not all(c in C.colours for c in planner) \
                or len(set(planner)) != len(planner):
            raise PositionError(f"ext.solo.planner should list colours of {', '.join(C.colours)}, each once.")
        declared = data.get("declared", "")
        if declared not in ("",) + C.colours:
            raise PositionError(f"ext.solo.declared should be a colour of {', '.join(C.colours)} or \"\".")
        ints = []
        for key, low, high in (("start", -1, 500), ("marker", -3, 100)):
            v = data.get(key, -1)
            if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
                raise PositionError(f"ext.solo.{key} should be a whole number from {low} to {high}.")
            ints.append(v)
        then = data.get("then", "")
        if then not in ("", END_TURN, KEEP, SCORE, PLAY, "draw"):
            raise PositionError("ext.solo.then should name the step that comes next, or be \"\".")
        ended = data.get("ended", "")
        if ended not in ("", "deck", "houses"):
            raise PositionError("ext.solo.ended should be \"\", \"deck\" or \"houses\".")
        drew = data.get("drew", "")
        if drew not in ("", "deck", "display"):
            raise PositionError("ext.solo.drew should be \"\", \"deck\" or \"display\".")
        return Solo(tuple(c for c in C.colours if c in planner), declared, ints[0], ints[1], then, ended, drew)

    def check_loaded(self, s) -> None:
        S = solo(s)
        if S.marker >= 0 and (S.marker >= len(s.board.stacks) or S.marker not in province_stacks(s.board)):
            raise PositionError("ext.solo.marker should be a province stack.")
        if S.start >= len(s.board.cities):
            raise PositionError("ext.solo.start should be a city of the board.")
        _check_then(s, S)
        ge = game_end_stack(s.board)
        held = any(si == ge for si, _ in s.players[0].tiles)
        if held != (S.marker != -1):
            raise PositionError("The 1-point Bonus Scoring Tile is held exactly when it has been taken "
                                "(ext.solo.marker is not -1; SoloPlay, 4.4c)." if held else
                                "ext.solo.marker says the 1-point tile was taken, but the player does not hold it "
                                "(SoloPlay, 4.4c).")


#: What each of SoloPlay's own steps returns to (``ext.solo.then``): declaring the colour, to the rest of the play
#: (4.4a); the 1-point tile, to the hand limit or the end of the turn (4.4c); the cards under the deck, to the end of
#: the turn (4.6). Any other step returns to nothing ("").
THEN = {COLOUR: (PLAY, SCORE), BONUS: (KEEP, END_TURN), BOTTOM: (END_TURN,)}


def _then_words(step) -> str:
    return "the end of the turn" if step == END_TURN else repr(step)


def _check_then(s, S) -> None:
    """``ext.solo.then`` is the step one of SoloPlay's own steps returns to, one the turn can still take."""
    from ...io import check_turn_step

    allowed = THEN.get(s.step, ("",))
    if S.then not in allowed:
        if allowed == ("",):
            raise PositionError(f"ext.solo.then is {_then_words(S.then)}, but the turn is in the step {s.step!r}, "
                                f"which returns to nothing: leave it \"\" (SoloPlay's own steps set it).",
                                "then_inconsistent")
        raise PositionError(f"ext.solo.then should be {' or '.join(_then_words(x) for x in allowed)}: the step "
                            f"{s.step!r} returns there, not to {_then_words(S.then) if S.then else 'nothing'}.",
                            "then_inconsistent")
    if S.then and S.then != END_TURN:
        check_turn_step(s, S.then, "ext.solo.then")


def discard_pile(s, why: str) -> str:
    """Where discarded cards go (3; 4.4e; 4.7): a completed route's cards on pile 2 (the base game's discard pile,
    the one that becomes the new deck; once it has, on pile 2's second part, never shuffled again); a route given
    up, the cards over the hand limit, the display the Administrator replaces (option ``administrator``) and the
    cards left at the end on pile 1."""
    if why == "scored" or (why == "display" and s.rules.option("administrator") == "pile_2"):
        return "discard" if s.shuffles <= 1 else COMPLETED      # (a new game counts its first shuffle: 1)
    return PENALTY
