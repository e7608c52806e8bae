"""New games, positions and save files.

A *position* is a readable dict (like a chess FEN): who holds which cards and houses, the route in front of
each player, the display, the deck in order, what is left of each stack. Everything but the players may be
left out and gets its natural default (the rest of the cards shuffled into the deck, full stacks, ...).
A *game* file holds the position and also the setup and actions that led to it, so it can be replayed.
"""
from __future__ import annotations

import json
import random
from collections import Counter

from . import turn
from .actions import parse_action
from .board import Board, load_board
from .errors import PositionError, ThurnError, UnknownName
from .rules import Rules
from .state import GameState, PlayerState

POSITION_FORMAT = "thurn-position/1"
GAME_FORMAT = "thurn-game/1"
TURN_FIELDS = ("step", "draws", "draws_allowed", "plays", "plays_allowed", "official")


def _seeded(seed, what) -> random.Random:
    return random.Random(f"thurn:{seed}:{what}")


def _board_for(rules: Rules) -> Board:
    return load_board(rules.board)


def new_game(players, seed=None, rules=None, start_player=0) -> GameState:
    """A new game (base rules, Preparation): the 66 cards shuffled, 6 face up, stacks highest on top.

    ``players``: 2 to 4 names, in seating (clockwise) order. ``seed``: any int or str; ``None`` draws one, which
    is kept in the state so the game can be replayed. ``start_player``: a seat, or ``"random"`` to draw it with
    the game's seeded generator (rules notes R5).
    """
    rules = Rules.from_dict(rules) if not isinstance(rules, Rules) else rules
    board = _board_for(rules)
    names = _check_names(players, board)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise PositionError(f"seed should be a whole number or a string, not {seed!r}.")
    if start_player == "random":
        start = _seeded(seed, "start").randrange(len(names))
    elif isinstance(start_player, int) and 0 <= start_player < len(names):
        start = start_player
    else:
        raise PositionError(f"start_player should be a seat from 0 to {len(names) - 1} or 'random', "
                            f"not {start_player!r}.")
    cards = [c for c in range(len(board.cities)) for _ in range(board.card_copies)]
    _seeded(seed, 0).shuffle(cards)
    face_up = min(board.face_up, len(cards))
    s = _blank(board, rules, names, seed)
    s.display = tuple(cards[:face_up]) + (-1,) * (board.face_up - face_up)
    s.deck = tuple(cards[face_up:])
    s.shuffles = 1
    s.current = s.start_player = start
    s._setup = {"players": list(names), "seed": seed, "rules": rules.to_dict(), "start_player": start}
    for v in rules.variants:
        v.setup(s)
    turn.settle(s)
    return s


def _check_names(players, board) -> tuple[str, ...]:
    if isinstance(players, str) or not hasattr(players, "__iter__"):
        raise PositionError(f"players should be a list of names, not {players!r}.")
    names = tuple(players)
    lo, hi = board.players
    if not lo <= len(names) <= hi:
        raise PositionError(f"{board.name} is for {lo} to {hi} players, not {len(names)}.")
    for n in names:
        if not isinstance(n, str) or not n.strip():
            raise PositionError(f"each player needs a name (a non-empty string), not {n!r}.")
    if len(set(names)) != len(names):
        raise PositionError(f"player names must differ: {list(names)}.")
    return names


def _blank(board, rules, names, seed) -> GameState:
    s = object.__new__(GameState)
    s.board, s.rules, s.names = board, rules, names
    s.players = tuple(PlayerState(houses_left=board.houses) for _ in names)
    s.display = (-1,) * board.face_up
    s.deck, s.discard = (), ()
    s.stacks = tuple(st.values for st in board.stacks)
    s.carriages_left = tuple(c.copies for c in board.carriages)
    s.current = s.start_player = 0
    s.step, s.draws, s.draws_allowed, s.plays, s.plays_allowed, s.official = turn.DRAW, 0, 1, 0, 1, None
    s.end_by, s.turns, s.seed, s.shuffles = None, 0, seed, 0
    s._root, s._history, s._setup, s.ext = None, None, None, {}
    return s


# -- position dicts ------------------------------------------------------------------------------------------------

def position_dict(s: GameState) -> dict:
    """The position as a readable dict (city names; the deck top first; stacks top first)."""
    b = s.board
    names = b.city_name
    return {
        "format": POSITION_FORMAT,
        "rules": s.rules.to_dict(),
        "players": [
            {"name": s.names[i], "hand": [names(c) for c in p.hand], "route": [names(c) for c in p.route],
             "houses": b.names_of(p.houses), "houses_left": p.houses_left, "carriages": list(p.carriages),
             "tiles": [[b.stacks[si].id, v] for si, v in p.tiles]}
            for i, p in enumerate(s.players)
        ],
        "display": [names(c) if c >= 0 else None for c in s.display],
        "deck": [names(c) for c in s.deck],
        "discard": [names(c) for c in s.discard],
        "stacks": {st.id: list(s.stacks[st.index]) for st in b.stacks},
        "carriages_left": {str(lv): n for lv, n in zip(b.carriage_levels, s.carriages_left)},
        "start_player": s.start_player,
        "current": s.current,
        "turn": {"step": s.step, "draws": s.draws, "draws_allowed": s.draws_allowed, "plays": s.plays,
                 "plays_allowed": s.plays_allowed, "official": s.official},
        "end_triggered_by": s.end_by,
        "turns_taken": s.turns,
        "seed": s.seed,
        "shuffles": s.shuffles,
        "ext": {v.name: v.dump(s.ext[v.name]) for v in s.rules.variants if v.name in s.ext},
    }


def _cities(board, values, where) -> tuple[int, ...]:
    if values is None:
        return ()
    if isinstance(values, str) or not isinstance(values, (list, tuple)):
        raise PositionError(f"{where} should be a list of city names, not {values!r}.")
    out = []
    for v in values:
        try:
            out.append(board.index(v))
        except ThurnError as e:
            raise PositionError(f"{where}: {e}") from None
    return tuple(out)


def _int(d, key, default, where, lo=None, hi=None):
    v = d.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or (lo is not None and v < lo) or (hi is not None and v > hi):
        rng = f" from {lo} to {hi}" if lo is not None and hi is not None else ""
        raise PositionError(f"{where}{key} should be a whole number{rng}, not {v!r}.")
    return v


def state_from_position(data) -> GameState:
    """A state from a position dict; missing parts get their defaults; inconsistencies are named."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as e:
            raise PositionError(f"the position is not valid JSON (line {e.lineno}, column {e.colno}: {e.msg}).") from None
    if not isinstance(data, dict):
        raise PositionError(f"a position is a dict, not {type(data).__name__}.")
    fmt = data.get("format", POSITION_FORMAT)
    if fmt != POSITION_FORMAT:
        raise PositionError(f"unknown position format {fmt!r} (expected {POSITION_FORMAT!r}).")
    known = {"format", "rules", "players", "display", "deck", "discard", "stacks", "carriages_left", "start_player",
             "current", "turn", "end_triggered_by", "turns_taken", "seed", "shuffles", "ext"}
    for k in data:
        if k not in known:
            raise UnknownName("position field", k, sorted(known))
    rules = Rules.from_dict(data.get("rules"))
    board = _board_for(rules)
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        raise PositionError("a position needs 'players': a list of names or of player dicts.")
    players_raw = [p if isinstance(p, dict) else {"name": p} for p in raw_players]
    names = _check_names([p.get("name") for p in players_raw], board)
    seed = data.get("seed", 0)
    s = _blank(board, rules, names, seed)
    n = len(names)
    stack_held = Counter()
    carriage_held = Counter()
    players = []
    pfields = {"name", "hand", "route", "houses", "houses_left", "carriages", "tiles"}
    for i, pr in enumerate(players_raw):
        where = f"players[{i}] ({pr.get('name')})"
        for k in pr:
            if k not in pfields:
                raise UnknownName(f"field of {where}", k, sorted(pfields))
        hand = tuple(sorted(_cities(board, pr.get("hand"), f"{where}.hand")))
        route = _cities(board, pr.get("route"), f"{where}.route")
        if len(set(route)) != len(route):
            raise PositionError(f"{where}.route names a city twice; a city appears only once in a route "
                                f"(base rules, 2).")
        for a, b in zip(route, route[1:]):
            if not board.adj[a] >> b & 1:
                raise PositionError(f"{where}.route: {board.city_name(a)} and {board.city_name(b)} are not joined by a road.")
        houses_list = _cities(board, pr.get("houses"), f"{where}.houses")
        if len(set(houses_list)) != len(houses_list):
            raise PositionError(f"{where}.houses names a city twice; a player has at most one house per city.")
        mask = board.mask_of(houses_list)
        left = _int(pr, "houses_left", board.houses - len(houses_list), f"{where}.", 0, board.houses)
        if left + len(houses_list) != board.houses:
            n = len(houses_list)
            raise PositionError(f"{where}: {n} house{'s' if n != 1 else ''} on the board and {left} left make "
                                f"{left + len(houses_list)}, but each player has {board.houses}.")
        carriages = pr.get("carriages", [])
        if isinstance(carriages, int):
            carriages = list(board.carriage_levels[:board.carriage_levels.index(carriages) + 1]) \
                if carriages in board.carriage_levels else [carriages]
        if list(carriages) != list(board.carriage_levels[:len(carriages)]):
            raise PositionError(f"{where}.carriages should be the levels taken in order from "
                                f"{board.carriage_levels[0]} without gaps (base rules, 3c), not {carriages!r}.")
        carriage_held.update(carriages)
        tiles = []
        for t in pr.get("tiles", []):
            if not (isinstance(t, (list, tuple)) and len(t) == 2 and isinstance(t[1], int)):
                raise PositionError(f"{where}.tiles: each tile is [stack id, value], not {t!r}.")
            try:
                st = board.stack(t[0])
            except ThurnError as e:
                raise PositionError(f"{where}.tiles: {e}") from None
            if t[1] not in st.values:
                raise PositionError(f"{where}.tiles: the {st.name} stack has no tile worth {t[1]} "
                                    f"(its tiles: {list(st.values)}).")
            if st.kind != "route_length" and any(x == st.index for x, _ in tiles):
                raise PositionError(f"{where}.tiles: a player takes one {st.name} tile at most (base rules, 3b).")
            tiles.append((st.index, t[1]))
            stack_held[(st.index, t[1])] += 1
        players.append(PlayerState(hand, route, mask, left, tuple(carriages), tuple(tiles)))
    s.players = tuple(players)

    # bonus stacks and carriages: given, or the full supply less what the players hold
    stacks = []
    given = data.get("stacks")
    if given is not None and not isinstance(given, dict):
        raise PositionError("'stacks' should map stack ids to their values, top first.")
    for st in board.stacks:
        rest = list(st.values)
        for (si, v), k in stack_held.items():
            if si == st.index:
                for _ in range(k):
                    if v not in rest:
                        raise PositionError(f"the players hold more {st.name} tiles worth {v} than the game has.")
                    rest.remove(v)
        if given is not None and st.id in given:
            vals = given[st.id]
            if not isinstance(vals, list) or Counter(vals) - Counter(rest):
                raise PositionError(f"stacks.{st.id}: {vals!r} is not part of what is left of that stack ({rest}) "
                                    f"once the players' tiles are counted.")
            if vals != sorted(vals, reverse=True):
                raise PositionError(f"stacks.{st.id}: tiles lie highest on top, so list them top first: "
                                    f"{sorted(vals, reverse=True)}.")
            rest = vals
        stacks.append(tuple(rest))
    if given:
        for k in given:
            board.stack(k)
    s.stacks = tuple(stacks)
    cl = data.get("carriages_left")
    left = []
    for c in board.carriages:
        free = c.copies - carriage_held[c.level]
        if free < 0:
            raise PositionError(f"{carriage_held[c.level]} players hold carriage {c.level}; there are {c.copies}.")
        if cl is not None and str(c.level) in cl:
            v = cl[str(c.level)]
            if not isinstance(v, int) or not 0 <= v <= free:
                raise PositionError(f"carriages_left.{c.level} should be from 0 to {free}, not {v!r}.")
            free = v
        left.append(free)
    s.carriages_left = tuple(left)

    # cards: everything not placed elsewhere forms the deck (shuffled with the seed) unless the deck is given
    display_raw = data.get("display")
    if display_raw is not None:
        if not isinstance(display_raw, list) or len(display_raw) > board.face_up:
            raise PositionError(f"display should be a list of at most {board.face_up} city names (null for an "
                                f"empty slot).")
        disp = [-1 if v is None else _cities(board, [v], "display")[0] for v in display_raw]
        disp += [-1] * (board.face_up - len(disp))
    else:
        disp = None
    discard = _cities(board, data.get("discard"), "discard")
    placed = Counter()
    for p in players:
        placed.update(p.hand)
        placed.update(p.route)
    placed.update(discard)
    if disp is not None:
        placed.update(c for c in disp if c >= 0)
    deck_raw = data.get("deck")
    if deck_raw is not None:
        deck = _cities(board, deck_raw, "deck")
        placed.update(deck)
    for c, k in placed.items():
        if k > board.card_copies:
            raise PositionError(f"the position has {k} {board.city_name(c)} cards; the game has {board.card_copies}.")
    rest = [c for c in range(len(board.cities)) for _ in range(board.card_copies - placed[c])]
    shuffles = data.get("shuffles")
    if deck_raw is None:
        _seeded(seed, "position").shuffle(rest)
        deck = tuple(rest)
        if disp is None:
            k = min(board.face_up, len(deck))
            disp = list(deck[:k]) + [-1] * (board.face_up - k)
            deck = deck[k:]
    elif rest:
        if disp is None and len(rest) <= board.face_up:
            disp = rest + [-1] * (board.face_up - len(rest))
        else:
            missing = Counter(rest)
            raise PositionError(
                "the cards do not add up: with the deck given, these cards are nowhere: "
                + ", ".join(f"{k}× {board.city_name(c)}" for c, k in sorted(missing.items()))
                + f" (the game has {board.card_copies} of each city; put them in the discard pile or the deck).")
    if disp is None:
        disp = [-1] * board.face_up
    s.display, s.deck, s.discard = tuple(disp), tuple(deck), discard
    s.shuffles = _int(data, "shuffles", 1, "", 0) if shuffles is not None else 1

    s.start_player = _int(data, "start_player", 0, "", 0, n - 1)
    s.current = _int(data, "current", s.start_player, "", 0, n - 1)
    s.turns = _int(data, "turns_taken", 0, "", 0)
    eb = data.get("end_triggered_by")
    if eb is not None:
        eb = _int(data, "end_triggered_by", None, "", 0, n - 1)
    s.end_by = eb
    t = data.get("turn", {})
    if not isinstance(t, dict):
        raise PositionError("'turn' should be a dict with step, draws, draws_allowed, plays, plays_allowed, official.")
    for k in t:
        if k not in TURN_FIELDS:
            raise UnknownName("turn field", k, TURN_FIELDS)
    step = t.get("step", turn.DRAW)
    if step not in turn.STEPS:
        raise UnknownName("step", step, list(turn.STEPS))
    s.step = step
    s.draws = _int(t, "draws", 0, "turn.", 0, 2)
    s.draws_allowed = _int(t, "draws_allowed", 1, "turn.", 1, 2)
    s.plays = _int(t, "plays", 0 if step in (turn.DRAW, turn.PLAY) else 1, "turn.", 0, 2)
    s.plays_allowed = _int(t, "plays_allowed", 1, "turn.", 1, 2)
    off = t.get("official")
    if off is not None:
        try:
            off = board.official(off).id
        except ThurnError as e:
            raise PositionError(f"turn.official: {e}") from None
    s.official = off
    if step == turn.SCORE and s.plays == 0:
        raise PositionError("turn.step is 'score' but no card was played this turn (turn.plays is 0).")
    if step == turn.KEEP and len(players[s.current].hand) <= board.hand_limit:
        raise PositionError(f"turn.step is 'keep' but the player holds only {len(players[s.current].hand)} cards.")
    ext = data.get("ext") or {}
    if not isinstance(ext, dict):
        raise PositionError("'ext' should map expansion names to their part of the position.")
    by_name = {v.name: v for v in rules.variants}
    for k in ext:
        if k not in by_name:
            raise UnknownName("expansion in 'ext'", k, sorted(by_name),
                              "Switch it on in 'rules': {\"expansions\": [...]}.")
    s.ext = {k: by_name[k].load(v) for k, v in ext.items()}
    turn.settle(s)
    return s


# -- game files -------------------------------------------------------------------------------------------------------

def game_dict(s: GameState) -> dict:
    """The position, plus the setup and the actions that led to it."""
    d = {"format": GAME_FORMAT, "position": position_dict(s)}
    root = s.root
    d["setup"] = root._setup if root._setup is not None else position_dict(root)
    d["actions"] = [a.notation for a in s.history]
    return d


def _setup_state(setup) -> GameState:
    if not isinstance(setup, dict):
        raise PositionError("'setup' should be a dict: {players, seed, rules, start_player} or a position.")
    if "format" in setup or "display" in setup or "deck" in setup:
        root = state_from_position(setup)
        return root
    allowed = {"players", "seed", "rules", "start_player"}
    for k in setup:
        if k not in allowed:
            raise UnknownName("setup field", k, sorted(allowed))
    if "seed" not in setup:
        raise PositionError("'setup' needs the 'seed' the game was dealt with, or a full position.")
    return new_game(setup.get("players"), seed=setup["seed"], rules=setup.get("rules"),
                    start_player=setup.get("start_player", 0))


def _parse(rules, text):
    for v in rules.variants:
        action = v.parse(text) if isinstance(text, str) else None
        if action is not None:
            return action
    return parse_action(text)


def replay(setup, actions) -> GameState:
    """Replay a game from its setup (``{players, seed, rules, start_player}`` or a position) and its actions."""
    s = setup if isinstance(setup, GameState) else _setup_state(setup)
    if isinstance(actions, str) or not isinstance(actions, (list, tuple)):
        raise PositionError("'actions' should be a list of actions or their notations.")
    for k, a in enumerate(actions):
        try:
            s = s.apply(turn.canonical(s, _parse(s.rules, a)))
        except ThurnError as e:
            raise PositionError(f"action #{k + 1} ({a}) cannot be replayed: {e}") from None
    return s


def load_game(data) -> GameState:
    """A state from a game file (position + setup + actions), a (setup, actions) record, or a position."""
    if isinstance(data, (bytes, bytearray)):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise PositionError(f"the save file is not UTF-8 text ({e.reason} at byte {e.start}).") from None
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as e:
            raise PositionError(f"the save file is not valid JSON (line {e.lineno}, column {e.colno}: {e.msg}).") \
                from None
    if not isinstance(data, dict):
        raise PositionError(f"a saved game is a JSON object, not {type(data).__name__}.")
    fmt = data.get("format")
    if fmt == POSITION_FORMAT or (fmt is None and "players" in data and "setup" not in data):
        return state_from_position(data)
    if fmt not in (GAME_FORMAT, None):
        raise PositionError(f"unknown save format {fmt!r} (expected {GAME_FORMAT!r}).")
    for k in data:
        if k not in ("format", "position", "setup", "actions"):
            raise UnknownName("save file field", k, ["format", "position", "setup", "actions"])
    if "setup" not in data:
        if "position" in data:
            return state_from_position(data["position"])
        raise PositionError("the save file has neither a 'setup' with 'actions' nor a 'position'.")
    s = replay(data["setup"], data.get("actions", []))
    if "position" in data:
        want = state_from_position(data["position"])
        if not s.same_position(want):
            raise PositionError("the save file is inconsistent: replaying its actions from its setup does not give "
                                "its position (was the file edited?).")
    return s
