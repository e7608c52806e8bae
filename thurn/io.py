"""Positions and save files (a new game is dealt by :mod:`thurn.preparation`).

A *position* is a readable dict (like a chess FEN): who holds which cards and houses, the route in front of
each player, the display, the deck in order, what is left of each stack. Everything but the players may be
left out and gets its natural default (the rest of the cards shuffled into the deck, full stacks, ...).
A *game* file holds the position and also where the game came from (its ``origin``: a seed or a position),
its setup and the actions that led to it; loading replays them and checks they give the position.

Everything read from a file or a dict is untrusted: every field is type-checked and bounded, a board may only
be named (an installed board, or one the calling code passes in ``boards``), and anything wrong raises a
:class:`~thurn.errors.PositionError` naming the field.
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping

from . import turn
from .actions import parse_action
from .board_file import read_limited
from .errors import PositionError, ThurnError, UnknownName, as_position_error, short_repr
from .rules import Rules
from .piles import extra_piles
from .scoring import popcount
from .preparation import MAX_NAME, board_for, check_names, check_seed, deal, player_range, read_rules, seeded
from .state import ColouredPlayerState, GameState, PlayerState, register_files

POSITION_FORMAT = "thurn-position/2"
#: Older position formats still read: format 1 named the turn's owner "current" and its one official "official".
POSITION_FORMATS = (POSITION_FORMAT, "thurn-position/1")
GAME_FORMAT = "thurn-game/1"
TURN_FIELDS = ("step", "draws", "draws_allowed", "plays", "plays_allowed", "officials", "official")
POSITION_FIELDS = ("format", "rules", "players", "display", "deck", "discard", "stacks", "carriages_left",
                   "start_player", "turn_owner", "to_move", "interruptions", "current", "turn", "end_triggered_by",
                   "turn_number", "turns_taken", "seed", "shuffles", "ext", "piles")
#: The most interruption frames a position may hold (a return round of Offices of Honor has one per player).
MAX_INTERRUPTIONS = 64
PLAYER_FIELDS = ("name", "hand", "route", "houses", "houses_left", "carriages", "tiles", "colours", "piles")
GAME_FIELDS = ("format", "origin", "position", "setup", "actions", "meta", "variations")
ORIGINS = ("seed", "position")

#: The largest save file read (bytes, or characters of a text): a long game is well under 1 MiB.
MAX_SAVE_BYTES = 16 << 20
#: The most actions a save file may replay (a random game takes a few thousand).
MAX_ACTIONS = 200_000
#: A game file's ``meta``: at most this many keys, text values at most MAX_META_TEXT characters.
MAX_META_KEYS = 32
MAX_META_TEXT = 1000
#: The most players ``meta.seats`` may name.
MAX_META_SEATS = 16
#: The largest turn and shuffle counts a position may give.
MAX_COUNT = 10 ** 7
#: A per-player value of an expansion may be a list or a mapping of at most this many plain values.
MAX_FIELD_ITEMS = 100


# -- position dicts ------------------------------------------------------------------------------------------------

def _ext_dict(s) -> dict:
    """The expansions' parts of the position: each variant's own value (its ``dump``) and its per-player fields
    (a list, one JSON value per seat)."""
    out = {}
    for v in s.rules.variants:
        if v.name in s.ext:
            out[v.name] = v.dump_position(s, s.ext[v.name])
        for field in v.fields:
            if field in s.ext:
                out[field] = [_field_json(x) for x in s.ext[field]]
    return out


def _field_json(value):
    """One player's value of a per-player field as JSON: a plain value, a list (from a tuple) or an object."""
    if isinstance(value, Mapping):
        return {k: value[k] for k in value}
    if isinstance(value, (tuple, list)):
        return list(value)
    return value


def _plain(v) -> bool:
    """A plain value of a per-player field: a number (bounded), a short text, true/false or null."""
    return (v is None or isinstance(v, (bool, int, str))) and not (isinstance(v, str) and len(v) > 100) \
        and not (isinstance(v, int) and not isinstance(v, bool) and abs(v) > MAX_COUNT)


def _player_field(name, value, n) -> tuple:
    """A per-player field read from a file: one value per seat, each a plain JSON value (number, text, true/false,
    null), a list of them or an object of them (at most :data:`MAX_FIELD_ITEMS`; see thurn.variants)."""
    from .variants import FrozenMap

    if not (isinstance(value, list) and len(value) == n):
        raise PositionError(f"ext.{name} should be a list of one value per player ({n}), not {short_repr(value)}.")
    out = []
    for v in value:
        if isinstance(v, (list, dict)):
            if len(v) > MAX_FIELD_ITEMS:
                raise PositionError(f"ext.{name}: a player's value holds at most {MAX_FIELD_ITEMS} items, not "
                                    f"{len(v)}.")
            if isinstance(v, dict):
                bad = next((k for k in v if not isinstance(k, str) or not 0 < len(k) <= 100), None)
                if bad is not None:
                    raise PositionError(f"ext.{name}: a player's value maps short texts to values; "
                                        f"{short_repr(bad)} is not a short text.")
            items = v.values() if isinstance(v, dict) else v
            bad = next((x for x in items if not _plain(x)), None)
            if bad is not None or not all(_plain(x) for x in items):
                raise PositionError(f"ext.{name}: each item of a player's value is a number, a short text, "
                                    f"true/false or null (no lists inside lists), not {short_repr(bad)}.")
            out.append(FrozenMap(v) if isinstance(v, dict) else tuple(v))
        elif _plain(v):
            out.append(v)
        else:
            raise PositionError(f"ext.{name}: each player's value is a number, a short text, true/false or null, "
                                f"or a list or an object of them, not {short_repr(v)}.")
    return tuple(out)


def _colours_dict(board, p) -> dict:
    """A player's house colours, when the ruleset gives him several (SoloPlay): ``{"colours": {colour: {"houses":
    [cities], "houses_left": n}}}``; nothing for a player with one colour (today's positions)."""
    if p.colours is None:
        return {}
    return {"colours": {c: {"houses": board.names_of(m), "houses_left": left} for c, m, left in p.colours}}


def _colours_read(board, ruleset, pr, where) -> tuple | None:
    """A player's house colours from a position (see :func:`_colours_dict`): each colour the ruleset declares, its
    houses and its supply (default: none placed, the full supply). None for a ruleset with one colour."""
    declared = ruleset.house_colours
    given = pr.get("colours")
    if not declared:
        if given is not None:
            raise PositionError(f"{where}.colours: these rules give each player houses of one colour; leave out "
                                f"'colours'.")
        return None
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise PositionError(f"{where}.colours should map each colour to its houses and houses_left, not "
                            f"{short_repr(given)}.")
    supply = dict(declared)
    for c in given:
        if c not in supply:
            raise UnknownName("house colour", str(c)[:40], list(supply))
    colours, taken = [], 0
    for c, n in declared:
        entry = given.get(c, {})
        if not isinstance(entry, dict):
            raise PositionError(f"{where}.colours.{c} should be {{'houses': [...], 'houses_left': n}}, not "
                                f"{short_repr(entry)}.")
        _known_fields(entry, ("houses", "houses_left"), f"field of {where}.colours.{c}")
        cities = _cities(board, entry.get("houses"), f"{where}.colours.{c}.houses", len(board.cities))
        mask = board.mask_of(cities)
        if len(set(cities)) != len(cities) or (mask & taken and not ruleset.house_per_colour):
            raise PositionError(f"{where}.colours: a player has at most one house per city, whatever its colour."
                                if len(set(cities)) == len(cities) else
                                f"{where}.colours.{c} names a city twice; a colour has at most one house per city.")
        taken |= mask
        left = _int(entry, "houses_left", n - len(cities), f"{where}.colours.{c}.", 0, n)
        if left + len(cities) != n:
            raise PositionError(f"{where}.colours.{c}: {len(cities)} houses placed and {left} left make "
                                f"{left + len(cities)}, but the supply of {c} is {n}.")
        colours.append((c, mask, left))
    return tuple(colours)


def _union(masks) -> int:
    m = 0
    for x in masks:
        m |= x
    return m


def position_dict(s: GameState) -> dict:
    """The position as a readable dict (city names, None for a card hidden in a player's view; the deck top first;
    stacks top first)."""
    b = s.board
    card_names = b.card_names

    def names(c):               # (a card hidden from the player whose view this is: None, see information)
        return card_names[c] if c >= 0 else None

    out = {
        "format": POSITION_FORMAT,
        "rules": s.rules.to_dict(),
        "players": [
            {"name": s.names[i], "hand": [names(c) for c in p.hand], "route": [names(c) for c in p.route],
             "houses": b.names_of(p.houses), "houses_left": p.houses_left, "carriages": list(p.carriages),
             "tiles": [[b.stacks[si].id, v] for si, v in p.tiles], **_colours_dict(b, p)}
            for i, p in enumerate(s.players)
        ],
        "display": [names(c) if c >= 0 else None for c in s.display],
        "deck": [names(c) for c in s.deck],
        "discard": [names(c) for c in s.discard],
        "stacks": {st.id: list(s.stacks[st.index]) for st in b.stacks},
        "carriages_left": {str(lv): n for lv, n in zip(b.carriage_levels, s.carriages_left)},
        "start_player": s.start_player,
        "turn_owner": s.turn_owner,
        "to_move": s.to_move,
        "interruptions": [[seat, step] for seat, step in s.interruptions],
        "turn": {"step": s.step, "draws": s.draws, "draws_allowed": s.draws_allowed, "plays": s.plays,
                 "plays_allowed": s.plays_allowed, "officials": list(s.officials)},
        "end_triggered_by": None if s.end_by is None else s.names[s.end_by],
        "turn_number": s.turns,
        "seed": s.seed,
        "shuffles": s.shuffles,
        "ext": _ext_dict(s),
    }
    _piles_dict(s, out)
    return out


def _piles_dict(s, out: dict) -> None:
    """A variant's own card piles (see :mod:`thurn.piles`): ``piles`` of the position (shared) and of each player
    (his own), card names top/first first, ``null`` for a card hidden from the viewer; absent without such piles
    (so that a base game's position reads as it always did)."""
    shared, own = extra_piles(s.ruleset)
    names = s.board.card_names

    def listed(cards):
        return [names[c] if c >= 0 else None for c in cards]
    if shared:
        out["piles"] = {sp.name: listed(s.piles.get(sp.name, ())) for sp in shared}
    if own:
        for p, row in zip(s.players, out["players"]):
            row["piles"] = {sp.name: listed(p.piles.get(sp.name, ())) for sp in own}


def _read_piles(board, rules, raw, shared: bool, where: str) -> list:
    """A position's ``piles`` (shared, or a player's own): ``[(name, cities, kinds)]`` of the ruleset's piles."""
    if raw is None:
        return []
    known = [sp.name for sp in extra_piles(rules.ruleset)[0 if shared else 1]]
    if not isinstance(raw, dict):
        raise PositionError(f"{where} should map pile names to lists of cards, not {short_repr(raw)}.")
    _known_fields(raw, known, f"card pile in {where}")
    out = []
    for name, cards in raw.items():
        if isinstance(cards, list) and None in cards:
            raise PositionError(f"{where}.{name}: a hidden card (null) cannot be loaded; a position to play from "
                                f"names every card.")
        cities, kinds = _cards(board, cards, f"{where}.{name}")
        out.append((name, cities, kinds))
    return out


def _list(values, where, limit, what="city names"):
    if not isinstance(values, (list, tuple)):
        raise PositionError(f"{where} should be a list of {what}, not {short_repr(values)}.")
    if len(values) > limit:
        raise PositionError(f"{where} lists {len(values)} {what}; the game has only {limit}.")
    return values


def _city(board, v, where) -> int:
    if not isinstance(v, str):
        raise PositionError(f"{where}: a city is given by its name (text), not {short_repr(v)}.")
    try:
        return board.index(v)
    except ThurnError as e:
        raise PositionError(f"{where}: {e}") from None


def _card(board, v, where) -> tuple[int, int | None]:
    """A card named in a position: ``(city, kind)`` (see :meth:`thurn.board.Board.card_key`)."""
    if not isinstance(v, str):
        raise PositionError(f"{where}: a card is given by its city's name (text), not {short_repr(v)}.")
    try:
        return board.card_key(v)
    except ThurnError as e:
        raise PositionError(f"{where}: {e}") from None


def _cards(board, values, where, limit=None) -> tuple[tuple[int, ...], tuple]:
    """Cards named in a position: their cities, and the kinds named (None: any copy of the city)."""
    if values is None:
        return (), ()
    values = _list(values, where, board.deck_size if limit is None else limit)
    pairs = [_card(board, v, where) for v in values]
    return tuple(c for c, _ in pairs), tuple(k for _, k in pairs)


def _card_ids(board, piles) -> list[list[int]]:
    """Card ids for piles given as ``(cities, kinds)`` (-1: an empty display slot): a copy named by its attributes
    first, then for a bare city name the lowest id of that city still free (docs/design.md, "Cards and piles")."""
    free = {}
    for i in range(len(board.cards)):
        free.setdefault(board.city_of[i], []).append(i)
    out = [[-1] * len(cities) for cities, _ in piles]
    for named in (True, False):
        for (cities, kinds), ids in zip(piles, out):
            for j, (c, k) in enumerate(zip(cities, kinds)):
                if c < 0 or (k is not None) != named:
                    continue
                pool = free.get(c, [])
                x = next((x for x in pool if k is None or board.kind_of[x] == k), None)
                if x is None:
                    what = board.city_name(c) if k is None else board.card_names[k]
                    raise PositionError(f"the position has more {what} cards than the game has.")
                pool.remove(x)
                ids[j] = x
    return out


def _cities(board, values, where, limit=None) -> tuple[int, ...]:
    if values is None:
        return ()
    values = _list(values, where, board.deck_size if limit is None else limit)
    return tuple(_city(board, v, where) for v in values)


def _int(d, key, default, where, lo=None, hi=None):
    v = d.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or (lo is not None and v < lo) or (hi is not None and v > hi):
        rng = f" from {lo} to {hi}" if lo is not None and hi is not None else f" from {lo}" if lo is not None else ""
        raise PositionError(f"{where}{key} should be a whole number{rng}, not {short_repr(v)}.")
    return v


def _known_fields(d, known, what):
    for k in d:
        if k not in known:
            raise UnknownName(what, k if not isinstance(k, str) else k[:100], sorted(known))


def state_from_position(data, *, boards=None) -> GameState:
    """A state from a position dict (or its JSON text); missing parts get their defaults; inconsistencies are named.

    The position may come from a file: every field is checked and a wrong one raises :class:`PositionError`
    naming it. ``rules.board`` must be an installed board, or one given by the calling code in ``boards``
    (``{name in the position: Board or path}``).
    """
    if isinstance(data, (str, bytes, bytearray, memoryview)):
        data = parse_json(data, "the position")
    try:
        return _position(data, boards)
    except ThurnError as e:
        raise as_position_error(e) from None
    except RecursionError:
        raise PositionError("the position is nested too deeply to be a position.") from None


def _position(data, boards) -> GameState:
    if not isinstance(data, dict):
        raise PositionError(f"a position is a JSON object, not {type(data).__name__}.")
    fmt = data.get("format", POSITION_FORMAT)
    if fmt not in POSITION_FORMATS:
        raise PositionError(f"unknown position format {short_repr(fmt)} (expected {POSITION_FORMAT!r}).")
    _known_fields(data, POSITION_FIELDS, "position field")
    rules = read_rules(data.get("rules"), trusted=False)
    board = board_for(rules, boards, trusted=isinstance(data.get("rules"), Rules))
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        raise PositionError("a position needs 'players': a list of names or of player dicts.")
    players_raw = [p if isinstance(p, dict) else {"name": p}
                   for p in raw_players[:player_range(board, rules)[1] + 1]]
    names = check_names([p.get("name") for p in players_raw] + raw_players[len(players_raw):], board, rules)
    seed = check_seed(data.get("seed", 0))
    s = GameState.blank(board, rules, names, seed)
    n = len(names)
    stack_held = Counter()
    carriage_held = Counter()
    players = []
    levels = board.carriage_levels
    tile_count = sum(len(st.values) for st in board.stacks)
    kinds, own_piles = [], []
    for i, pr in enumerate(players_raw):
        where = f"players[{i}] ({names[i]})"
        _known_fields(pr, PLAYER_FIELDS, f"field of {where}")
        hand, hand_kinds = _cards(board, pr.get("hand"), f"{where}.hand")
        route, route_kinds = _cards(board, pr.get("route"), f"{where}.route", len(board.cities))
        kinds.append((hand_kinds, route_kinds))
        own_piles.append(_read_piles(board, rules, pr.get("piles"), False, f"{where}.piles"))
        if len(set(route)) != len(route):
            raise PositionError(f"{where}.route names a city twice; a city appears only once in a route "
                                f"(base rules, 2).")
        for a, b in zip(route, route[1:]):
            if not board.adj[a] >> b & 1:
                raise PositionError(f"{where}.route: {board.city_name(a)} and {board.city_name(b)} are not joined by a road.")
        colours = _colours_read(board, rules.ruleset, pr, where)
        supply = board.houses if colours is None else sum(n for _, n in rules.ruleset.house_colours)
        if colours is not None:         # the houses of all his colours, derived (given: they must agree)
            pr = {**pr, "houses": pr.get("houses", board.names_of(_union(m for _, m, _ in colours))),
                  "houses_left": pr.get("houses_left", sum(left for _, _, left in colours))}
        houses_list = _cities(board, pr.get("houses"), f"{where}.houses", len(board.cities))
        if len(set(houses_list)) != len(houses_list):
            raise PositionError(f"{where}.houses names a city twice; a player has at most one house per city.")
        mask = board.mask_of(houses_list)
        if colours is not None and rules.ruleset.house_per_colour:      # (a city may hold a house of each colour)
            houses_list = [None] * sum(popcount(m) for _, m, _ in colours)
        if len(houses_list) > supply:
            raise PositionError(f"{where}.houses: {len(houses_list)} houses, but each player has {supply}.")
        left = _int(pr, "houses_left", supply - len(houses_list), f"{where}.", 0, supply)
        if left + len(houses_list) != supply:
            k = len(houses_list)
            raise PositionError(f"{where}: {k} house{'s' if k != 1 else ''} on the board and {left} left make "
                                f"{left + k}, but each player has {supply}.")
        if colours is not None and (mask != _union(m for _, m, _ in colours)
                                    or left != sum(x for _, _, x in colours)):
            raise PositionError(f"{where}: 'houses' and 'houses_left' should be those of all his colours together.")
        carriages = pr.get("carriages", [])
        if isinstance(carriages, int) and not isinstance(carriages, bool):
            carriages = list(levels[:levels.index(carriages) + 1]) if carriages in levels else [carriages]
        most = len(levels) if rules.ruleset.carriages_in_order else sum(c.copies for c in board.carriages)
        carriages = _list(carriages, f"{where}.carriages", most, "carriage levels")
        if any(isinstance(c, bool) for c in carriages) or (
                list(carriages) != list(levels[:len(carriages)]) if rules.ruleset.carriages_in_order
                else not all(c in levels for c in carriages)):
            raise PositionError(f"{where}.carriages should be the levels taken in order from "
                                f"{levels[0] if levels else '-'} without gaps (base rules, 3c), not "
                                f"{short_repr(carriages)}." if rules.ruleset.carriages_in_order else
                                f"{where}.carriages should be levels of the game's carriages ({short_repr(list(levels))}), "
                                f"not {short_repr(carriages)}.")
        carriage_held.update(carriages)
        tiles = []
        for t in _list(pr.get("tiles", []), f"{where}.tiles", tile_count, "tiles"):
            if not (isinstance(t, (list, tuple)) and len(t) == 2 and isinstance(t[0], str)
                    and isinstance(t[1], int) and not isinstance(t[1], bool)):
                raise PositionError(f"{where}.tiles: each tile is [stack id, value], not {short_repr(t)}.")
            try:
                st = board.stack(t[0][:100])
            except ThurnError as e:
                raise PositionError(f"{where}.tiles: {e}") from None
            if t[1] not in st.values:
                raise PositionError(f"{where}.tiles: the {st.name} stack has no tile worth {short_repr(t[1])} "
                                    f"(its tiles: {list(st.values)}).")
            if st.kind != "route_length" and rules.ruleset.tiles_once and any(x == st.index for x, _ in tiles):
                raise PositionError(f"{where}.tiles: a player takes one {st.name} tile at most (base rules, 3b).")
            tiles.append((st.index, t[1]))
            stack_held[(st.index, t[1])] += 1
        players.append((PlayerState if colours is None else ColouredPlayerState)(hand, route, mask, left,
                       tuple(carriages), tuple(tiles), colours=colours))
    s.players = tuple(players)

    # bonus stacks and carriages: given, or the full supply less what the players hold
    stacks = []
    given = data.get("stacks")
    if given is not None and not isinstance(given, dict):
        raise PositionError(f"'stacks' should map stack ids to their values, top first, not {short_repr(given)}.")
    for k in given or ():
        try:
            board.stack(k[:100] if isinstance(k, str) else k)
        except ThurnError as e:
            raise PositionError(f"stacks: {e}") from None
    stack_values = rules.ruleset.stack_values
    for st in board.stacks:
        start = list(st.values if stack_values is None else stack_values(board, st))
        rest = list(start)
        for (si, v), k in stack_held.items():
            if si == st.index:
                for _ in range(k):
                    if v not in rest:
                        raise PositionError(f"the players hold more {st.name} tiles worth {v} than the game has.")
                    rest.remove(v)
        if given is not None and st.id in given:
            vals = given[st.id]
            if not (isinstance(vals, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in vals)) \
                    or Counter(vals) - Counter(rest):
                raise PositionError(f"stacks.{st.id}: {short_repr(vals)} is not part of what is left of that stack "
                                    f"({rest}) once the players' tiles are counted.")
            order = sorted(vals, key=lambda v: start.index(v))       # (as they lie at the start: top first)
            if vals != order:
                raise PositionError(f"stacks.{st.id}: tiles lie as they were stacked at the start "
                                    f"({'highest' if start == sorted(start, reverse=True) else 'as the rules sort them'}"
                                    f" on top), so list them top first: {order}.")
            rest = vals
        stacks.append(tuple(rest))
    s.stacks = tuple(stacks)
    cl = data.get("carriages_left")
    if cl is not None:
        if not isinstance(cl, dict):
            raise PositionError(f"carriages_left should map carriage levels to how many are left, not {short_repr(cl)}.")
        _known_fields(cl, [str(lv) for lv in levels], "carriage level in carriages_left")
    left = []
    for c in board.carriages:
        free = c.copies - carriage_held[c.level]
        if free < 0:
            raise PositionError(f"{carriage_held[c.level]} players hold carriage {c.level}; there are {c.copies}.")
        if cl is not None and str(c.level) in cl:
            v = cl[str(c.level)]
            if not isinstance(v, int) or isinstance(v, bool) or v != free:
                raise PositionError(f"carriages_left.{c.level} should be {free} (the game has {c.copies} carriages "
                                    f"{c.level} and the players hold {carriage_held[c.level]}; carriages go only from "
                                    f"the supply to the players), not {short_repr(v)}.")
        left.append(free)
    s.carriages_left = tuple(left)

    # cards: everything not placed elsewhere forms the deck (shuffled with the seed) unless the deck is given
    display_raw = data.get("display")
    if display_raw is not None:
        _list(display_raw, "display", board.face_up, "city names (null for an empty slot)")
        disp_pairs = [(-1, None) if v is None else _card(board, v, "display") for v in display_raw]
        disp_pairs += [(-1, None)] * (board.face_up - len(disp_pairs))
        disp, disp_kinds = [c for c, _ in disp_pairs], tuple(k for _, k in disp_pairs)
    else:
        disp = disp_kinds = None
    discard, discard_kinds = _cards(board, data.get("discard"), "discard")
    placed = Counter()
    for p in players:
        placed.update(p.hand)
        placed.update(p.route)
    placed.update(discard)
    shared_piles = _read_piles(board, rules, data.get("piles"), True, "piles")
    for _, cities, _ in shared_piles + [x for piles in own_piles for x in piles]:
        placed.update(cities)
    if disp is not None:
        placed.update(c for c in disp if c >= 0)
    deck_raw = data.get("deck")
    deck_kinds = None
    dealt = False
    if deck_raw is not None:
        deck, deck_kinds = _cards(board, deck_raw, "deck")
        placed.update(deck)
    for c, k in placed.items():
        if k > board.card_copies:
            raise PositionError(f"the position has {k} {board.city_name(c)} cards; the game has {board.card_copies}.")
    rest = [c for c in range(len(board.cities)) for _ in range(board.card_copies - placed[c])]
    if deck_raw is None:
        seeded(seed, "position").shuffle(rest)
        deck = tuple(rest)
        if disp is None:
            k = min(board.face_up, len(deck))
            disp = list(deck[:k]) + [-1] * (board.face_up - k)
            deck = deck[k:]
    elif rest:
        if disp is None and len(rest) <= board.face_up:
            disp = rest + [-1] * (board.face_up - len(rest))
            dealt = True            # (the log says so: "display_dealt", see thurn.turn.base.start_text)
        else:
            missing = Counter(rest)
            raise PositionError(
                "the cards do not add up: with the deck given, these cards are nowhere: "
                + ", ".join(f"{k}× {board.city_name(c)}" for c, k in sorted(missing.items()))
                + f" (the game has {board.card_copies} of each city; put them in the discard pile or the deck).")
    if disp is None:
        disp = [-1] * board.face_up
    piles = [(p.hand, hk) for p, (hk, _) in zip(players, kinds)] + [(p.route, rk) for p, (_, rk) in zip(players, kinds)]
    piles += [(tuple(disp), disp_kinds or (None,) * len(disp)), (discard, discard_kinds),
              (tuple(deck), deck_kinds or (None,) * len(deck))]
    extra = shared_piles + [x for piles in own_piles for x in piles]
    ids = _card_ids(board, piles + [(cities, kinds) for _, cities, kinds in extra])
    extra_ids = ids[len(piles):]
    ids = ids[:len(piles)]
    s.piles = {**s.piles, **{name: tuple(c) for (name, _, _), c in zip(shared_piles, extra_ids)}}
    k = len(shared_piles)
    for p, piles_of in zip(players, own_piles):
        if piles_of:
            p.piles = {name: tuple(c) for (name, _, _), c in zip(piles_of, extra_ids[k:k + len(piles_of)])}
            k += len(piles_of)
    for i, p in enumerate(players):
        p.hand, p.route = tuple(sorted(ids[i])), tuple(ids[n + i])
    s.display, s.discard, s.deck = tuple(ids[-3]), tuple(ids[-2]), tuple(ids[-1])
    s.shuffles = _int(data, "shuffles", 1, "", 0, MAX_COUNT) if data.get("shuffles") is not None else 1

    s.start_player = _int(data, "start_player", 0, "", 0, n - 1)
    if "current" in data and "turn_owner" in data:
        raise PositionError("a position gives whose turn it is once: 'turn_owner' (format 2) or 'current' (format 1).")
    s.turn_owner = _int(data, "turn_owner" if "turn_owner" in data else "current", s.start_player, "", 0, n - 1)
    s.to_move = _int(data, "to_move", s.turn_owner, "", 0, n - 1)
    s.interruptions = _interruptions(data.get("interruptions"), n, rules)
    if s.to_move != s.turn_owner and not s.interruptions:
        raise PositionError(f"to_move is seat {s.to_move} but the turn is seat {s.turn_owner}'s and nothing "
                            f"interrupts it (interruptions is empty).")
    s.turns = _turn_number(data)
    s.end_by = _end_triggered_by(s, data.get("end_triggered_by"))
    _turn(s, data.get("turn", {}), players, board)
    if dealt:
        s.events = (("display_dealt", s.to_move),)
    _check_interrupted(s)
    _check_tiles(s, board, rules)
    ext = data.get("ext")
    if ext is None:
        ext = {}
    if not isinstance(ext, dict):
        raise PositionError(f"'ext' should map expansion names to their part of the position, not {short_repr(ext)}.")
    by_name = {v.name: v for v in rules.variants}
    fields = {f for v in rules.variants for f in v.fields}
    for k in ext:
        if k in fields:
            continue
        if k not in by_name:
            raise UnknownName("expansion in 'ext'", k if not isinstance(k, str) else k[:100], sorted(by_name),
                              "Switch it on in 'rules': {\"expansions\": [...]}.")
    loaded = {}
    for k, v in ext.items():
        if k in fields:
            loaded[k] = _player_field(k, v, n)
            continue
        try:
            loaded[k] = by_name[k].load_position(s, v)
        except ThurnError:
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as e:
            raise PositionError(f"ext.{k}: the {k} expansion cannot read its part of the position ({e}).") from None
    for v in rules.variants:
        if v.name not in loaded and v.requires_ext and v.ext_optional:
            s.ext = loaded
            loaded[v.name] = v.load_position(s, {})         # (its part at the start: SoloPlay's planner full, ...)
    s.ext = loaded
    for v in rules.variants:
        if v.name not in loaded and v.requires_ext:
            raise PositionError(f"The position switches on the {v.name} expansion but has no ext.{v.name}.")
        if v.name in loaded or v.piles:     # (a variant's piles are its part of the position too)
            v.check_loaded(s)
    turn.settle(s)
    s.step_set()
    _check_goes_on(s)
    return s


def _check_goes_on(s) -> None:
    """A position that loads is a game that can go on (issue 33): it is over, or a listed action applies; and so on
    through every decision queued in ``interruptions`` and a few more, up to the turn's own steps again (an
    interruption returns to the step it interrupted, which the turn must still be able to take). Each decision takes
    the first listed action that applies; a position where none does is refused (``cannot_go_on``), naming the
    step. (The specific checks above name most problems first; this one catches what they do not.)"""
    probe = s
    for k in range(len(s.interruptions) + 3):
        if probe.is_over:
            return
        where = ("the position" if k == 0 else
                 f"after {k} decision{'s' if k > 1 else ''} (the interruptions queued, then the turn resumed)")
        try:
            legal = probe.legal_actions()
        except ThurnError as e:
            raise PositionError(f"{where}, {probe.to_move_name} is to {probe.step!r} but no action can be listed "
                                f"there: {e}", "cannot_go_on") from None
        except Exception as e:       # (a crafted position may give the steps something play never gives them)
            raise PositionError(f"{where}, {probe.to_move_name} is to {probe.step!r}, which the rest of the position "
                                f"does not allow ({type(e).__name__}).", "cannot_go_on") from None
        nxt = None
        for a in legal[:64]:
            try:
                nxt = probe.apply(a)
                break
            except Exception:       # (IllegalAction, or what a crafted position makes of the step)
                continue
        if nxt is None:
            said = f"the {len(legal)} actions listed are each refused" if legal else "no action is legal"
            raise PositionError(f"the game cannot go on from this position: {where}, {probe.to_move_name} is to "
                                f"{probe.step!r} and {said}. Check the turn's step and counters, 'interruptions' "
                                f"and the expansions' parts ('ext').", "cannot_go_on")
        probe = nxt


def _turn_number(data) -> int:
    """``turn_number``: the player-turns finished so far, all players together (``state.turn_number``); files written
    before issue 23 call it ``turns_taken`` (not ``state.turns_taken(player)``, which counts one player's turns)."""
    if "turn_number" in data and "turns_taken" in data:
        raise PositionError("a position gives the turns finished once: 'turn_number' ('turns_taken' in older files).")
    return _int(data, "turn_number" if "turn_number" in data else "turns_taken", 0, "", 0, MAX_COUNT)


def _end_triggered_by(s, v):
    """``end_triggered_by``: the name of the player who took the last carriage first or placed his last house, as
    ``state.end_triggered_by`` gives it (base rules, Game End); older files give his seat, still read."""
    if v is None:
        return None
    if isinstance(v, str):
        try:
            return s.seat(v[:100])
        except ThurnError as e:
            raise PositionError(f"end_triggered_by: {e}") from None
    return _int({"end_triggered_by": v}, "end_triggered_by", None, "", 0, len(s.names) - 1)


def _interruptions(raw, n: int, rules) -> tuple:
    """Interruption frames ``[[seat, step], ...]`` (who decides next, in order, and in which step)."""
    if raw is None:
        return ()
    _list(raw, "interruptions", MAX_INTERRUPTIONS, "[seat, step] pairs")
    steps = rules.ruleset.steps
    out = []
    for k, f in enumerate(raw):
        if not (isinstance(f, list) and len(f) == 2 and isinstance(f[0], int) and not isinstance(f[0], bool)
                and 0 <= f[0] < n and isinstance(f[1], str)):
            raise PositionError(f"interruptions[{k}] should be [seat, step], not {short_repr(f)}.")
        if f[1] not in steps and f[1] != turn.END_TURN:
            raise UnknownName("step", f[1][:100], list(steps))
        out.append((f[0], f[1]))
    return tuple(out)


def _check_interrupted(s) -> None:
    """A step taken only inside an interruption (Offices of Honor's return rounds) needs one queued, and the queue
    ends with the decision that was interrupted, to resume when the interruption is over (see
    :func:`thurn.turn.machine.interrupt`)."""
    steps = s.rules.ruleset.steps
    inside = [name for name, spec in steps.items() if spec.interruption]
    if steps[s.step].interruption and not s.interruptions:
        raise PositionError(f"turn.step is {s.step!r}, a step taken only inside an interruption (such as a return "
                            f"round), but 'interruptions' is empty: nothing says who acts after it and which "
                            f"decision resumes. Give the frames still to come, ending with the interrupted one "
                            f"([[seat, step], ...]).", "interruption_missing")
    if s.interruptions:
        seat, last = s.interruptions[-1]
        if seat != s.turn_owner:
            raise PositionError(f"interruptions ends with [{seat}, {last!r}], but the turn is seat {s.turn_owner}'s: "
                                f"the last frame is his decision that was interrupted, which resumes when the "
                                f"interruption is over.", "interruption_missing")
        if last != turn.END_TURN and last not in inside:
            _check_step(s, last, "the decision the interruptions return to (interruptions[-1])",
                        s.players[s.turn_owner], _start_step(s))
        if last in inside:
            raise PositionError(f"interruptions ends with [{seat}, {last!r}], a step taken only inside an "
                                f"interruption; the last frame is the decision that was interrupted (a step such "
                                f"as {s.rules.ruleset.first_step!r}), which resumes when the interruption is over.",
                                "interruption_missing")


def _officials(t, board) -> tuple:
    """The officials used this turn, in order: ``officials`` (format 2) or ``official`` (format 1, one or null)."""
    if "official" in t and "officials" in t:
        raise PositionError("turn gives the officials once: 'officials' (a list) or 'official' (format 1).")
    raw = t.get("officials", [] if t.get("official") is None else [t.get("official")])
    _list(raw, "turn.officials", len(board.officials), "official names")
    out = []
    for off in raw:
        if not isinstance(off, str):
            raise PositionError(f"turn.officials: an official is given by name, not {short_repr(off)}.")
        try:
            oid = board.official(off[:100]).id
        except ThurnError as e:
            raise PositionError(f"turn.officials: {e}") from None
        if oid in out:
            raise PositionError(f"turn.officials names the {board.official(oid).name} twice; each official helps at "
                                f"most once per turn.")
        out.append(oid)
    return tuple(out)


def _turn(s, t, players, board) -> None:
    """The turn fields, each checked, and checked against each other and the officials (base rules, Game Play).
    Left out, the step is the one a turn starts in under these rules (:func:`_start_step`: SoloPlay's official
    step, 4.1), and the counters those of that step (no card drawn or played before the draw or the play)."""
    if not isinstance(t, dict):
        raise PositionError("'turn' should be a JSON object with step, draws, draws_allowed, plays, plays_allowed, "
                            "officials.")
    _known_fields(t, TURN_FIELDS, "turn field")
    steps = s.rules.ruleset.steps
    start = _start_step(s)
    step = t.get("step", start)
    if not isinstance(step, str) or step not in steps:
        raise UnknownName("step", step if not isinstance(step, str) else step[:100], list(steps))
    offs = _officials(t, board)
    s.step, s.officials = step, offs
    s.draws_allowed = _int(t, "draws_allowed", 2 if "postmaster" in offs else 1, "turn.", 1, 2)
    s.plays_allowed = _int(t, "plays_allowed", 2 if "postal_carrier" in offs else 1, "turn.", 1, 2)
    s.draws = _int(t, "draws", 0, "turn.", 0, s.draws_allowed)
    default_plays = 0 if step in (turn.DRAW, turn.PLAY, start) else s.plays_allowed if step == turn.SCORE else 1
    s.plays = _int(t, "plays", default_plays, "turn.", 0, s.plays_allowed)
    if (s.draws_allowed == 2) != ("postmaster" in offs):
        raise PositionError(f"turn.draws_allowed is {s.draws_allowed}, but only the Postmaster lets a player draw "
                            f"two cards (turn.officials is {list(offs)}).")
    if (s.plays_allowed == 2) != ("postal_carrier" in offs):
        raise PositionError(f"turn.plays_allowed is {s.plays_allowed}, but only the Postal Carrier lets a player "
                            f"play two cards (turn.officials is {list(offs)}).")
    _check_step(s, step, "turn.step", players[s.turn_owner], start)


def _start_step(s) -> str:
    """The step a turn starts in under the position's rules: the ruleset's first step, as its turn-start hooks leave
    it (SoloPlay: the official step, 4.1). Asked of a copy, before the expansions' parts are read (a hook that needs
    them changes nothing here)."""
    probe = s._clone()
    probe.step = s.rules.ruleset.first_step
    for hook in s.ruleset.on_turn_start or ():
        try:
            hook(probe, None)
        except Exception:       # (a hook that reads an expansion's part, not loaded yet: it sets no step)
            continue
    return probe.step


def check_turn_step(s, step: str, where: str) -> None:
    """Raise a :class:`PositionError` if the turn owner's turn cannot be in ``step`` (a step a variant's own step
    returns to, such as SoloPlay's ``ext.solo.then``) with the position's counters and cards (see
    :func:`_check_step`)."""
    _check_step(s, step, where, s.players[s.turn_owner], _start_step(s))


def _check_step(s, step, where, p, start) -> None:
    """The turn's ``step`` (``turn.step``, or the decision an interruption returns to) agrees with the counters and
    the cards: the draw comes first (base rules, 1), a card played this turn lies in the route or beside it (2), a
    turn scores after a card is played (3), the hand limit is kept after scoring (3d)."""
    if step in (turn.DRAW, start) and (s.plays or s.draws >= s.draws_allowed or (step == start != turn.DRAW
                                                                                  and s.draws)):
        raise PositionError(f"{where} is {step!r}, but the player has drawn {s.draws} of {s.draws_allowed} cards and "
                            f"played {s.plays}: the draw comes first (base rules, 1).", "turn_inconsistent")
    if step == turn.PLAY and s.plays >= s.plays_allowed:
        raise PositionError(f"{where} is 'play', but the player has played {s.plays} of {s.plays_allowed} cards.",
                            "turn_inconsistent")
    if step in (turn.PLAY, turn.SCORE) and s.plays and not p.route and not any(p.piles.values()):
        raise PositionError(f"{where} is {step!r} and turn.plays is {s.plays}, but the route is empty: a card played "
                            f"this turn lies at an end of the route (base rules, 2), or beside it.",
                            "turn_inconsistent")
    if step == turn.SCORE and s.plays == 0 and p.hand:
        raise PositionError(f"{where} is 'score' but no card was played this turn (turn.plays is 0).",
                            "turn_inconsistent")
    if step == turn.KEEP and len(p.hand) <= s.board.hand_limit:
        raise PositionError(f"{where} is 'keep' but the player holds only {len(p.hand)} cards (base rules, 3d: he "
                            f"keeps {s.board.hand_limit}).", "turn_inconsistent")


def _check_tiles(s, board, rules) -> None:
    """A tile is held only with what earns it (base rules, 3b; Game End): the houses of its provinces, or having
    ended the game. (Houses without their tile are allowed: the tile is taken at the next scoring.)"""
    for i, p in enumerate(s.players):
        where = f"players[{i}] ({s.names[i]}).tiles"
        for si, _ in p.tiles:
            st = board.stacks[si]
            if st.kind == "all_cities":
                need = 0
                for pid in st.provinces:
                    need |= board.province_mask[board._province_index[pid]]
                if p.houses & need != need:
                    raise PositionError(f"{where}: the {st.name} tile is taken with a house in every city of "
                                        f"{' and '.join(board.province(x).name for x in st.provinces)} (base rules, "
                                        f"3b); {s.names[i]} has none in {', '.join(board.names_of(need & ~p.houses))}.")
            elif st.kind == "one_house_per_province":
                lacking = [pr.name for k, pr in enumerate(board.provinces)
                           if (rules.all_provinces_includes_baiern or pr.id not in st.except_provinces)
                           and not p.houses & board.province_mask[k]]
                if lacking:
                    raise PositionError(f"{where}: the {st.name} tile is taken with a house in each province it "
                                        f"counts (base rules, 3b); {s.names[i]} has none in {', '.join(lacking)}.")
            elif st.kind == "game_end" and s.end_by != i and rules.ruleset.end_tile_to_ender:
                who = "nobody has" if s.end_by is None else f"{s.names[s.end_by]} has"
                raise PositionError(f"{where}: the {st.name} tile goes to the player who ends the game (Game End), "
                                    f"and {who} (end_triggered_by).")


# -- game files -------------------------------------------------------------------------------------------------------

def game_dict(s: GameState) -> dict:
    """The position, where the game came from, its setup and the actions that led to it."""
    root = s.root
    return {"format": GAME_FORMAT, "origin": s.origin, "position": position_dict(s),
            "setup": s.setup if s.setup is not None else position_dict(root),
            "actions": [a.notation for a in s.history]}


def _setup_state(setup, boards=None, origin=None) -> GameState:
    """The starting state of a game file's setup: a seed setup ({players, seed, rules, start_player}, dealt again)
    or a position (checked like any position)."""
    if isinstance(setup, GameState):
        return setup
    if not isinstance(setup, dict):
        raise PositionError(f"'setup' should be a JSON object: {{players, seed, rules, start_player}} or a position, "
                            f"not {short_repr(setup)}.")
    if origin is None:
        origin = "position" if ("format" in setup or "display" in setup or "deck" in setup) else "seed"
    if origin == "position":
        try:
            return state_from_position(setup, boards=boards)
        except ThurnError as e:
            raise PositionError(f"setup: {e}") from None
    _known_fields(setup, ("players", "seed", "rules", "start_player"), "setup field")
    if "seed" not in setup:
        raise PositionError("'setup' needs the 'seed' the game was dealt with, or a full position.")
    rules = read_rules(setup.get("rules"), trusted=False)
    board = board_for(rules, boards, trusted=False)
    seed = check_seed(setup["seed"], "setup.seed")
    try:
        return deal(setup.get("players"), seed, rules, board, setup.get("start_player", 0))
    except ThurnError as e:
        raise PositionError(f"setup: {e}") from None


def _parse(rules, text):
    return rules.ruleset.parse(text) if isinstance(text, str) else parse_action(text)


def replay(setup, actions, *, boards=None) -> GameState:
    """Replay a game from its setup (``{players, seed, rules, start_player}``, a position, or a state) and its
    actions. A setup dict may name only an installed board, or one given in ``boards`` (see
    :func:`state_from_position`)."""
    try:
        s = _setup_state(setup, boards)
    except RecursionError:
        raise PositionError("the setup is nested too deeply to be a setup.") from None
    if isinstance(actions, (str, bytes)) or not isinstance(actions, (list, tuple)):
        raise PositionError(f"'actions' should be a list of actions or their notations, not {short_repr(actions)}.")
    if len(actions) > MAX_ACTIONS:
        raise PositionError(f"{len(actions)} actions; a save file replays at most {MAX_ACTIONS}.")
    for k, a in enumerate(actions):
        try:
            s = s.apply(turn.canonical(s, _parse(s.rules, a)))
        except ThurnError as e:
            raise PositionError(f"action #{k + 1} ({short_repr(a)}) cannot be replayed: {e}") from None
    return s


def parse_json(data, what="the save file"):
    """JSON text or bytes (UTF-8, a byte-order mark allowed), at most :data:`MAX_SAVE_BYTES`, parsed."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        if len(data) > MAX_SAVE_BYTES:
            raise PositionError(f"{what} is {len(data)} bytes; a save file has at most {MAX_SAVE_BYTES}.")
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise PositionError(f"{what} is not UTF-8 text ({e.reason} at byte {e.start}).") from None
    if len(data) > MAX_SAVE_BYTES:
        raise PositionError(f"{what} is {len(data)} characters long; a save file has at most {MAX_SAVE_BYTES}.")
    if data.startswith("\ufeff"):
        data = data[1:]
    try:
        return json.loads(data)
    except json.JSONDecodeError as e:
        raise PositionError(f"{what} is not valid JSON (line {e.lineno}, column {e.colno}: {e.msg}).") from None
    except RecursionError:
        raise PositionError(f"{what} is nested too deeply to be a save file.") from None
    except ValueError as e:
        raise PositionError(f"{what} cannot be read ({str(e)[:200]}).") from None


def read_save_file(path) -> bytes:
    """The bytes of a save file, for :func:`load_game`: a regular file (a FIFO or a device is refused without
    blocking) of at most :data:`MAX_SAVE_BYTES`; otherwise a :class:`PositionError` naming the file."""
    return read_limited(str(path), MAX_SAVE_BYTES, "save file", PositionError)


def _check_meta(meta) -> None:
    """``meta``: what an app stores about the game (ignored by the engine): a small JSON object of texts, numbers,
    true/false and null, and ``seats`` (the apps' ``{player name: bot kind or null}``)."""
    if not isinstance(meta, dict):
        raise PositionError(f"'meta' should be a JSON object, not {short_repr(meta)}.")
    if len(meta) > MAX_META_KEYS:
        raise PositionError(f"'meta' has {len(meta)} keys; at most {MAX_META_KEYS}.")
    for k, v in meta.items():
        if not isinstance(k, str) or len(k) > 100:
            raise PositionError(f"'meta' keys are short texts, not {short_repr(k)}.")
        if k == "seats":
            _check_seats(v)
        elif isinstance(v, str):
            if len(v) > MAX_META_TEXT:
                raise PositionError(f"meta.{k} is {len(v)} characters long; at most {MAX_META_TEXT}.")
        elif v is not None and not isinstance(v, (int, float, bool)):
            raise PositionError(f"meta.{k} should be a text, a number, true, false or null, not {short_repr(v)}.")


def _check_seats(seats) -> None:
    """``meta.seats``: who plays each seat, as the apps save it: ``{player name: bot kind ("greedy") or null (a
    human)}``, at most :data:`MAX_META_SEATS` entries."""
    if not isinstance(seats, dict):
        raise PositionError(f"meta.seats should map each player's name to a bot kind or null (a human), such as "
                            f"{{\"Ann\": null, \"Bot\": \"greedy\"}}, not {short_repr(seats)}.", "bad_meta_seats")
    if len(seats) > MAX_META_SEATS:
        raise PositionError(f"meta.seats names {len(seats)} players; at most {MAX_META_SEATS}.", "bad_meta_seats")
    for name, kind in seats.items():
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise PositionError(f"meta.seats: a player is named by a text of at most {MAX_NAME} characters, not "
                                f"{short_repr(name)}.", "bad_meta_seats")
        if not (kind is None or (isinstance(kind, str) and len(kind) <= 100)):
            raise PositionError(f"meta.seats.{name}: a seat is played by a bot kind (a short text such as "
                                f"\"greedy\") or by a human (null), not {short_repr(kind)}.", "bad_meta_seats")


#: The format of a game file's ``"variations"`` (the analysis board's lines, :mod:`thurn.variations`), its fields,
#: and the most lines it holds besides the game.
VARIATIONS_FORMAT = "thurn-variations/1"
VARIATIONS_FIELDS = ("format", "order", "lines", "notes", "comments", "line_notes", "line_comments", "drill")
MAX_VARIATION_LINES = 200


def check_variations_shape(entry) -> None:
    """The cheap checks of a game file's ``"variations"`` that loading the game alone makes (its format, fields and
    size; :meth:`thurn.variations.Variations.from_json` checks every line)."""
    if not isinstance(entry, dict):
        raise PositionError(f"'variations' should be a JSON object, not {short_repr(entry)}.", "bad_variations")
    if entry.get("format") != VARIATIONS_FORMAT:
        raise PositionError(f"'variations' has format {short_repr(entry.get('format'))}; this thurn reads "
                            f"{VARIATIONS_FORMAT!r}.", "bad_variations")
    unknown = [k for k in entry if k not in VARIATIONS_FIELDS]
    if unknown:
        raise PositionError(f"'variations' has an unknown field {short_repr(unknown[0])}.", "bad_variations")
    lines = entry.get("lines", [])
    if not isinstance(lines, list) or len(lines) > MAX_VARIATION_LINES:
        raise PositionError(f"'variations.lines' should be a list of at most {MAX_VARIATION_LINES} lines.",
                            "bad_variations")


def load_game(data, *, boards=None) -> GameState:
    """A state from a game file (format, origin, position, setup, actions, meta) as text, bytes or dict, or from
    a position.

    A game file must have its ``position``; its ``setup`` and ``actions`` are replayed and must give that position.
    Any problem raises :class:`PositionError` naming it. ``boards`` (from code only): boards the file may name
    besides the installed ones, ``{name in the file: Board or path}``.
    """
    if isinstance(data, (str, bytes, bytearray, memoryview)):
        data = parse_json(data)
    try:
        return _game(data, boards)
    except ThurnError as e:
        raise as_position_error(e) from None
    except RecursionError:
        raise PositionError("the save file is nested too deeply to be a save file.") from None


NO_POSITION = ("the save file has no 'position': a game file holds the position reached, with the setup and "
               "actions that led to it, and loading checks that they agree. (To replay a setup and actions from "
               "code, use thurn.replay(setup, actions).)")


def _game(data, boards) -> GameState:
    if not isinstance(data, dict):
        raise PositionError(f"a saved game is a JSON object, not {type(data).__name__}.")
    fmt = data.get("format")
    if fmt == POSITION_FORMAT or (fmt is None and "players" in data and "setup" not in data):
        return state_from_position(data, boards=boards)
    if fmt not in (GAME_FORMAT, None):
        raise PositionError(f"unknown save format {short_repr(fmt)} (expected {GAME_FORMAT!r}).")
    _known_fields(data, GAME_FIELDS, "save file field")
    if "meta" in data:
        _check_meta(data["meta"])
    if "variations" in data:                # the analysis board's lines: read by thurn.variations, shape checked
        check_variations_shape(data["variations"])
    origin = data.get("origin")
    if origin is not None and origin not in ORIGINS:
        raise PositionError(f"'origin' should be 'seed' or 'position', not {short_repr(origin)}.")
    if "setup" not in data:
        if "position" not in data:
            raise PositionError(NO_POSITION)
        if "actions" in data or origin == "seed":
            raise PositionError("the save file has 'actions' but no 'setup' to replay them from.")
        return state_from_position(data["position"], boards=boards)
    if "actions" not in data:
        raise PositionError("the save file has a 'setup' but no 'actions' (an empty list if none were taken).")
    setup = data["setup"]
    if origin is not None and isinstance(setup, dict):
        looks = "position" if ("format" in setup or "display" in setup or "deck" in setup) else "seed"
        if looks != origin:
            raise PositionError(f"the save file says its origin is {origin!r}, but its setup is "
                                f"{'a position' if looks == 'position' else 'a seed setup'}.")
    actions = data["actions"]
    if isinstance(actions, list):
        bad = next((k for k, a in enumerate(actions) if not isinstance(a, str) or len(a) > 1000), None)
        if bad is not None:
            raise PositionError(f"actions[{bad}] should be an action's notation (text such as 'draw deck'), "
                                f"not {short_repr(actions[bad])}.")
    s = replay(_setup_state(setup, boards, origin), actions)
    if "position" not in data:
        raise PositionError(NO_POSITION)
    try:
        want = state_from_position(data["position"], boards=boards)
    except ThurnError as e:
        raise PositionError(f"position: {e}") from None
    if not s.same_position(want):
        raise PositionError("the save file is inconsistent: replaying its actions from its setup does not give "
                            "its position (was the file edited?).")
    return s


register_files(position_dict=position_dict, game_dict=game_dict, load_game=load_game,
               state_from_position=state_from_position)
