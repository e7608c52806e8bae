"""The deck, the display and the discard pile (base rules, 1): a card taken from the display or the deck, the
empty slots refilled, the discard pile shuffled into a new deck when the deck runs out, cards discarded.
"""
from __future__ import annotations

import random
from bisect import insort
from contextlib import contextmanager
from contextvars import ContextVar

from ..piles import pile, set_pile
from .cards import cards_text
from .machine import OVER


def discard(s, cards: tuple, why: str) -> None:
    """Put ``cards`` on the discard pile (base rules, 1), or on the pile the ruleset sends them to for ``why``
    (``rs.discard_pile(s, why)``: SoloPlay's two discard piles): ``"scored"`` a scored route, ``"route"`` a route
    given up for a new one, ``"keep"`` the cards over the hand limit, ``"display"`` the display replaced (the Administrator), or
    a variant's own reason."""
    if not cards:
        return
    to = s.ruleset.discard_pile
    name = "discard" if to is None else to(s, why)
    if name == "discard":
        s.discard = s.discard + cards
    else:
        set_pile(s, name, pile(s, name) + cards)


def shuffle(rng: random.Random, cards: list) -> None:
    """``rng.shuffle(cards)``: Python's own algorithm and draws, so the same order for a seed (the replay corpus and
    every seeded game depend on it; tests/core/test_deck_shuffle.py compares the two), with ``_randbelow``'s draws
    written inline (a discard pile is shuffled many times a game: a call less per card)."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)              # 0 <= j < 2**k, drawn again until j < n (random.Random._randbelow)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


#: Who orders the new deck when the discard pile is shuffled (base rules, 1): None, the game's seeded generator; an
#: adapter whose own chance events decide the cards that come (:mod:`thurn.research`: OpenSpiel's chance nodes) sets
#: a function ``order(cards) -> the same cards in the order they come`` while it applies an action
#: (:func:`reshuffles_ordered_by`). Read only when the deck runs out.
RESHUFFLE_ORDER: ContextVar = ContextVar("thurn_reshuffle_order", default=None)


@contextmanager
def reshuffles_ordered_by(order):
    """Within the block, every shuffle of the discard pile into a new deck is ordered by ``order(cards)`` (see
    :data:`RESHUFFLE_ORDER`) instead of the game's seed."""
    token = RESHUFFLE_ORDER.set(order)
    try:
        yield
    finally:
        RESHUFFLE_ORDER.reset(token)


def _shuffle_discard(s, say):
    """The draw pile ran out: the discard pile is shuffled to form a new one (base rules, 1)."""
    cards = list(s.discard)
    order = RESHUFFLE_ORDER.get()
    if order is None:
        shuffle(random.Random(f"thurn:{s.seed}:{s.shuffles}"), cards)
    else:
        ordered = list(order(tuple(cards)))
        if sorted(ordered) != sorted(cards):
            raise ValueError("a reshuffle's order must hold exactly the discarded cards")
        cards = ordered
    s.shuffles += 1
    s.deck = tuple(cards)
    s.discard = ()
    if say is not None:
        say(f"The deck ran out: the {len(cards)} discarded cards are shuffled into a new deck.")


def take_top(s, say):
    deck = s.deck
    if not deck:
        if not s.discard:
            return -1
        _shuffle_discard(s, say)
        deck = s.deck
    s.deck = deck[1:]
    return deck[0]


def _refill_display(s, say):
    """Fill the display's empty slots from the deck, as far as it (and the discard pile) goes (rules notes)."""
    d = list(s.display)
    filled = []
    for slot, c in enumerate(d):
        if c < 0:
            c = take_top(s, say)
            if c < 0:
                break
            d[slot] = c
            filled.append(c)
    s.display = tuple(d)
    if say is not None and filled:
        slots = f"the empty display slot{'s are' if len(filled) != 1 else ' is'}"
        words = s.ruleset.texts.get("display_refilled", "The deck has cards again: {slots} refilled with {cards}.")
        say(words.format(slots=slots, Slots=slots[:1].upper() + slots[1:], cards=cards_text(s.board, filled)))


def refill_display(s, say):
    """An empty display slot is refilled as soon as the deck (or the discard pile, shuffled) has cards again
    (rules notes: the deck runs out), before the next decision: each base step without a choice begins with it
    (``-1 in s.display`` is the quick test, so that the common case costs no call)."""
    if (s.deck or s.discard) and s.step != OVER:
        _refill_display(s, say)


def take_card(s, p, c: int, say) -> int:
    """Take a city card into ``p``'s hand (a fresh copy): the face-up card ``c``, its slot refilled from the deck at
    once, or with ``c < 0`` the top of the deck (base rules, 1). Returns the card (-1: none was left)."""
    if c < 0:
        c = take_top(s, say)
    else:
        d = list(s.display)
        d[d.index(c)] = take_top(s, say)
        s.display = tuple(d)
    if c >= 0:
        hand = list(p.hand)             # (the hand stays sorted: the card inserted in its place)
        insort(hand, c)
        p.hand = tuple(hand)
    return c


def drawable(s) -> bool:
    return bool(s.deck or s.discard) or max(s.display) >= 0
