"""Every simple action of a board built once and shared (interned), so that listing legal actions allocates
nothing, and the engine's own copy of an action a user wrote.
"""
from __future__ import annotations

from ..actions import CallOfficial, Draw, EndTurn, Keep, Play, Score, interned, resolved
from ..board import fold
from .machine import check


class ActionTable:
    """Every simple action of a board built once, so that listing legal actions allocates nothing."""

    def __init__(self, board):
        names = board.city_names
        cards, kind_of = board.card_names, board.kind_of
        # indexed by card id: every copy of one kind shares its action, resolved to the kind (its lowest id)
        self.draw = _per_kind(kind_of, lambda k: resolved(Draw(cards[k]), k))
        self.draw_deck = resolved(Draw(), -1)
        self.call = {o.id: interned(CallOfficial, ("official", o.id), o.id, official=o.id) for o in board.officials}
        self.play_left = _per_kind(kind_of, lambda k: resolved(Play(cards[k], "left"), k))
        self.play_right = _per_kind(kind_of, lambda k: resolved(Play(cards[k], "right"), k))
        self.play_new = _per_kind(kind_of, lambda k: resolved(Play(cards[k], "new"), k))
        self.end = resolved(EndTurn(), True)
        self.names = names
        self.keys = tuple(fold(n) for n in names)
        self.card_names = cards
        self.card_keys = tuple(fold(n) for n in cards)
        self._score: dict = {}
        self._keep: dict = {}
        # by card id, its kind as a bit, and for an empty display slot (-1, the last) a bit of no kind
        self.kind_bit_slot = board.kind_bit + (1 << len(set(kind_of)),)
        #: whether the copies of each kind of card have neighbouring ids (so that they are neighbours in a sorted hand)
        self.kinds_adjacent = all(k == i or k == kind_of[i - 1] for i, k in enumerate(kind_of))
        #: by card id: the ids of its kind's copies, lowest first (one tuple per kind, shared by its copies)
        self.copies = _per_kind(kind_of, lambda k: tuple(i for i, j in enumerate(kind_of) if j == k))
        #: by city: whether its copies differ (Power and Glory's horseshoes), so that a bare city name cannot say
        #: which card is meant (see :func:`find_card`)
        city_of = board.city_of
        self.copies_differ = tuple(len({k for i, k in enumerate(kind_of) if city_of[i] == c}) > 1
                                   for c in range(len(names)))

    def score(self, mask: int, cartwright: bool, carriage: bool = True, colour: str | None = None,
              coach: int | None = None) -> Score:
        key = (mask, cartwright, carriage, colour, coach)     # (legal_score reads ``_score`` by this key too)
        a = self._score.get(key)
        if a is None:
            cities = []
            m = mask
            while m:                    # the cities of the mask, lowest first
                low = m & -m
                cities.append(low.bit_length() - 1)
                m ^= low
            keys = self.keys
            akey = ("score", tuple(sorted([keys[c] for c in cities])), cartwright, carriage)
            akey = akey if colour is None else akey + (colour,)
            a = interned(Score, akey if coach is None else akey + (("coach", coach),), mask,
                         houses=tuple([self.names[c] for c in cities]), cartwright=cartwright, carriage=carriage,
                         colour=colour, coach=coach)
            self._score[key] = a
        return a

    def keep(self, cards: tuple) -> Keep:
        """The Keep action of ``cards``, a sorted tuple of card kinds (see ``board.kind_of``)."""
        a = self._keep.get(cards)
        if a is None:
            keys, names = self.card_keys, self.card_names
            a = interned(Keep, ("keep", tuple(sorted([keys[c] for c in cards]))), cards,
                         cards=tuple([names[c] for c in cards]))
            self._keep[cards] = a
        return a


def _per_kind(kind_of, make) -> tuple:
    """A table by card id of ``make(kind)``: one object per kind of card, shared by its copies."""
    made: dict = {}
    for k in kind_of:
        if k not in made:
            made[k] = make(k)
    return tuple(made[k] for k in kind_of)


def table(board) -> ActionTable:
    t = board._actions
    if t is None:
        t = board._actions = ActionTable(board)
    return t


def canonical(s, action):
    """The engine's own copy of a legal base action (city names as the board spells them); others unchanged."""
    arg, err = check(s, action)
    if err is not None:
        return action
    kind = s.ruleset.kinds.get(action.kind)
    return kind.canonical(s, action, arg) if kind is not None and kind.canonical is not None else action


def engine_copy(s, action, arg):
    """The interned action of the table that ``action`` (checked: ``arg`` is what its check found) means."""
    t = s.board._actions or table(s.board)
    kind = action.kind
    if kind == "draw":
        return t.draw_deck if arg < 0 else t.draw[arg]          # (a table by card id)
    if kind == "play":
        return {"left": t.play_left, "right": t.play_right, "new": t.play_new}[action.end][arg]
    if kind == "official":
        return t.call.get(arg, action)
    if kind == "score":
        return t.score(arg, action.cartwright, action.carriage, action.colour, action.coach)
    if kind == "keep":
        kind_of = s.board.kind_of
        return t.keep(tuple(sorted(kind_of[c] for c in arg)))
    if kind == "end":
        return t.end
    return action
