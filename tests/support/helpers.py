"""Shared helpers for the rulebook and scoring tests: build positions, drive turns, read results.

Everything here goes through the public API (``thurn.GameState.from_position``, ``state.apply``,
``state.legal_actions``); nothing reads the rule documents at run time.
"""
from __future__ import annotations

import thurn
from thurn import EndTurn

BOARD = thurn.load_board("base")
CITIES = [c.name for c in BOARD.cities]

# Provinces of the base board, as printed (base rules 000, 3a note: regions are colour coded).
PROVINCES = {
    "baden": ["Mannheim", "Carlsruhe", "Freiburg"],
    "wurttemberg": ["Stuttgart", "Ulm"],
    "hohenzollern": ["Sigmaringen"],
    "schweiz": ["Basel", "Zürich"],
    "tyrol": ["Innsbruck"],
    "baiern": ["Würzburg", "Nürnberg", "Regensburg", "Ingolstadt", "Augsburg", "Passau", "München", "Kempten"],
    "bohmen": ["Pilsen", "Budweis"],
    "salzburg": ["Salzburg", "Linz"],
    "polen": ["Lodz"],
}
BAIERN = PROVINCES["baiern"]

# Routes of every length along real roads (each step is a road of the base board).
LONG_ROUTE = ["Mannheim", "Carlsruhe", "Stuttgart", "Ulm", "Augsburg", "München", "Salzburg", "Linz", "Budweis",
              "Pilsen", "Lodz"]


def route_of(n: int) -> list[str]:
    """A route of ``n`` cards (3 to 11) along roads of the base board."""
    assert 1 <= n <= len(LONG_ROUTE)
    return LONG_ROUTE[:n]


def cities_except(n: int, avoid=()) -> list[str]:
    """``n`` city names, none of them in ``avoid`` (for houses placed earlier in the game)."""
    out = [c for c in CITIES if c not in set(avoid)]
    assert len(out) >= n, f"only {len(out)} cities outside {avoid}"
    return out[:n]


def position(players, **rest) -> thurn.GameState:
    """A state from a position dict: ``players`` as in the README; any other field as a keyword."""
    d = {"players": list(players), "seed": 11}
    d.update(rest)
    return thurn.GameState.from_position(d)


def player(name="Ann", **fields) -> dict:
    return {"name": name, **fields}


def at_play(route=(), hand=(), others=("Ben",), **rest_and_player) -> thurn.GameState:
    """Ann (seat 0) has drawn her card and must now play one; ``route`` and ``hand`` are hers."""
    pos_keys = {"rules", "stacks", "display", "deck", "discard", "carriages_left", "start_player", "current",
                "end_triggered_by", "turns_taken", "seed", "turn", "ext"}
    rest = {k: v for k, v in rest_and_player.items() if k in pos_keys}
    fields = {k: v for k, v in rest_and_player.items() if k not in pos_keys}
    rest.setdefault("turn", {"step": "play", "draws": 1})
    rest.setdefault("current", 0)
    ann = player("Ann", hand=list(hand), route=list(route), **fields)
    return position([ann, *others], **rest)


def at_score(route, hand=("Lodz",), others=("Ben",), official=None, **rest_and_player) -> thurn.GameState:
    """Ann (seat 0) has just played the last card of ``route`` and may now score it (base rules, 3)."""
    t = {"step": "score", "draws": 1, "plays": 1}
    if official == "postmaster":
        t.update(draws=2, draws_allowed=2, official="postmaster")
    elif official == "postal_carrier":
        t.update(plays=2, plays_allowed=2, official="postal_carrier")
    elif official is not None:
        t.update(official=official)
    return at_play(route, hand, others, turn=t, **rest_and_player)


def scorings(state, cartwright=None, carriage=True) -> list:
    """The legal Score actions of ``state`` (optionally only those with/without the Cartwright); those that take
    the carriage they earn unless ``carriage`` is False (declining, R9) or None (both)."""
    return [a for a in state.legal_actions()
            if a.kind == "score" and (cartwright is None or a.cartwright == cartwright)
            and (carriage is None or a.carriage == carriage)]


def placements(state, cartwright=False) -> set[frozenset]:
    """The legal house placements of ``state`` as sets of city names."""
    return {frozenset(a.houses) for a in scorings(state, cartwright)}


def score_with(state, must=(), cartwright=False):
    """A legal Score action placing houses in (at least) ``must``: the one with the fewest houses."""
    options = [a for a in scorings(state, cartwright) if set(must) <= set(a.houses)]
    assert options, f"no legal scoring with houses in {list(must)} (cartwright={cartwright})"
    return min(options, key=lambda a: (len(a.houses), sorted(a.houses)))


def tiles(state, who="Ann") -> list[tuple[str, int]]:
    return list(state.player(who).tiles)


def stacks_held(state, who="Ann") -> set[str]:
    return {s for s, _ in state.player(who).tiles}


def record(state, who="Ann") -> dict:
    return next(r for r in state.score_records() if r["player"] == who)


def card_count(state) -> int:
    """Every city card in the game: hands, routes, display, deck and discard pile (66 in the base game)."""
    pos = state.position()
    n = len(pos["deck"]) + len(pos["discard"]) + sum(1 for c in pos["display"] if c is not None)
    for p in pos["players"]:
        n += len(p["hand"]) + len(p["route"])
    return n


def take_turn(state) -> thurn.GameState:
    """Play the current player's whole turn with simple legal choices, no official called unless forced:
    draw from the deck (or the display), play the first legal card, end the turn without scoring, keep the first
    three cards if asked. Returns the state once the turn has passed (or the game is over)."""
    turns = state.turn_number
    s = state
    for _ in range(20):
        if s.is_over or s.turn_number != turns:
            return s
        legal = s.legal_actions()
        if s.step == "draw":
            action = next(a for a in legal if a.kind == "draw")
        elif s.step == "play":
            action = next(a for a in legal if a.kind == "play")
        elif s.step == "score":
            action = EndTurn()
        else:
            action = legal[0]
        s = s.apply(action)
    raise AssertionError(f"the turn of {state.to_move_name} did not end")


def finished(players, **rest) -> thurn.GameState:
    """A finished game (step 'over') with these players."""
    rest.setdefault("turn", {"step": "over"})
    rest.setdefault("turns_taken", 10 * len(players))
    return position(players, **rest)


def table(names, expansions=(), players=None, display=(), deck_top=(), discard=(), ext=None, **rest):
    """A position of a game with ``expansions``: every one of the 66 cards placed once — hands and routes from
    ``players`` (name -> fields), ``display``, the deck starting with ``deck_top``, the rest of the deck after it."""
    from collections import Counter

    players = players or {}
    pool = Counter({c: BOARD.card_copies for c in CITIES})
    plist = []
    for name in names:
        fields = dict(players.get(name, {}))
        for c in list(fields.get("hand", [])) + list(fields.get("route", [])):
            pool[c] -= 1
        plist.append(player(name, **fields))
    for c in list(display) + list(deck_top) + list(discard):
        pool[c] -= 1
    assert all(v >= 0 for v in pool.values()), f"more than {BOARD.card_copies} copies: {+pool}"
    deck = list(deck_top) + sorted(pool.elements())
    d = {"rules": {"expansions": list(expansions)}, "display": list(display), "deck": deck,
         "discard": list(discard)}
    if ext is not None:
        d["ext"] = ext
    d.update(rest)
    return position(plist, **d)


def city_mask(names) -> int:
    """The bit mask of cities by name (the form of ``ext.messenger.cities``)."""
    m = 0
    for n in names:
        m |= 1 << BOARD.index(n)
    return m


def public(s: thurn.GameState, seat: int) -> dict:
    """Everything ``seat`` may know of a position (base rules, 1): the others' hands by their size, the deck by its
    size, no seed, the values hidden from him as None (for the tests of what a bot is handed)."""
    pos = s.seen_by(seat).position()
    for i, p in enumerate(pos["players"]):
        if i != seat:
            p["hand"] = len(p["hand"])
    pos["deck"] = len(pos["deck"])
    del pos["seed"]
    return pos


def board_for(expansions) -> str:
    """The first installed board (the base board first) that plays under ``expansions`` (its rulesets)."""
    from thurn.rulesets import check_board

    for name in ["base"] + sorted(thurn.available_boards()):
        try:
            check_board(thurn.load_board(name), tuple(expansions))
        except thurn.RulesetRefused:
            continue
        return name
    raise AssertionError(f"no board plays under {expansions}")
