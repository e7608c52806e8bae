"""Which card an action names (a city, or one copy of it: Power and Glory's horseshoes), and cards, cities and
routes as text.
"""
from __future__ import annotations

from .action_table import table
from .steps import illegal


def resolve_city(s, name, action, key=None):
    """City number for a name in an action (``key``: its folded form), or an IllegalAction naming the close match."""
    c = s.board._lookup.get(key) if key is not None else None
    if c is not None:
        return c, None
    try:
        return s.board.index(name), None
    except ValueError as e:
        return None, illegal("unknown_city", str(e), action, None)


#: What :func:`find_card` answers when a bare city name fits copies of that city that read differently.
AMBIGUOUS = -2


def card_named(s, action, name, key):
    """``(city, kind)`` that a card's name in an action means: ``kind`` the lowest id of the copies it names
    ("Hamburg (3 horseshoes)"), or None for a bare city name (any copy of that city); or an IllegalAction."""
    board = s.board
    k = board._card_lookup.get(key)
    if k is not None:
        return (board.city_of[k], k), None
    c = board._lookup.get(key)
    if c is None:
        c, err = resolve_city(s, name, action)
        if err is not None:
            return None, err
    return (c, None), None


def find_card(board, cards, city: int, kind) -> int:
    """The card of ``cards`` (ids; -1 an empty place) that an action names: the first of kind ``kind``, or for a
    bare city name (``kind`` None) the first of city ``city`` (a hand is sorted: its lowest id). -1 if none;
    :data:`AMBIGUOUS` when a bare name is given for a city whose copies differ on this board (Power and Glory's
    horseshoes) and a card of that city is there: the card must be named ("Hannover (2 horseshoes)"), even where
    only one of its copies is there, so that an action means the same card in every position and is listed by
    ``legal_actions()`` exactly when it is legal (as python-chess wants a pawn's promotion piece named)."""
    if kind is not None:
        kind_of = board.kind_of_slot        # (-1, an empty slot, reads as -1)
        for x in cards:
            if kind_of[x] == kind:
                return x
        return -1
    city_of = board.city_of
    t = board._actions or table(board)
    for x in cards:
        if x >= 0 and city_of[x] == city:
            return AMBIGUOUS if t.copies_differ[city] else x
    return -1


def which_copy(s, cards, city, action, rule):
    board = s.board
    named = sorted({board.card_names[x] for x in cards if x >= 0 and board.city_of[x] == city})
    return illegal("which_copy", f"The {board.city_name(city)} cards of this board differ from copy to copy: name "
                   f"the card you mean ({' or '.join(named)}).", action, rule)


def cards_text(board, cards) -> str:
    """Card ids as text: "Ulm, Basel" ("nothing" for none)."""
    names = [board.card_names[c] for c in cards]
    if not names:
        return "nothing"
    return ", ".join(names)


def cities_text(board, cities) -> str:
    """City numbers as text: "Ulm, Basel" ("nothing" for none)."""
    return ", ".join(board.city_name(c) for c in cities) or "nothing"


def route_text(board, route) -> str:
    """A route of card ids as text, left to right: "Ulm–Basel"."""
    return "–".join(board.card_names[c] for c in route) if route else "(no route)"
