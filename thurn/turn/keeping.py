"""Step 3d, keeping cards up to the hand limit after scoring (base rules, 3d; rules notes R11: at most).
"""
from __future__ import annotations

from itertools import combinations

from ..board import fold
from ..log import Private
from ..option_words import option_title
from .action_table import table
from .cards import AMBIGUOUS, card_named, cards_text, find_card, which_copy
from .deck import discard, refill_display
from .machine import END_TURN, OVER
from .steps import KEEP, R_KEEP, illegal, wrong_step


def legal_keep(s) -> list:
    """Keep exactly the hand limit's number of cards (001, 3d), or up to it with ``hand_limit_at_most`` (000, R11)."""
    t = s.board._actions or table(s.board)
    kind_of = s.board.kind_of
    kinds = sorted(kind_of[c] for c in s.players[s.to_move].hand)
    limit = s.board.hand_limit
    sizes = range(limit, -1, -1) if s.rules.hand_limit_at_most else (limit,)
    made, keep = t._keep, t.keep       # (the actions made before read at once: a call only for a new one)
    return [made.get(k) or keep(k) for n in sizes for k in sorted(set(combinations(kinds, n)))]


def check_keep(s, a):
    board = s.board
    if s.step != KEEP:
        return None, (illegal("no_hand_limit", "You keep cards only after scoring, when you hold more than "
                              f"{board.hand_limit}; there is no hand limit otherwise.", a, R_KEEP)
                      if s.step != OVER else wrong_step(s, a))
    resolved = a.resolved
    if resolved is not None:            # an engine-made action names kinds of cards (see ActionTable.keep)
        named = resolved                # (as (city, kind) pairs below, if a kind is not held)
    else:
        cache = board._names_cache
        named = cache.get(a.key)
        if named is None:
            named = []
            for n in a.cards:
                ck, err = card_named(s, a, n, fold(n))
                if err:
                    return None, err
                named.append(ck)
            cache[a.key] = named = tuple(sorted(named, key=lambda ck: (ck[1] is None, ck[0], ck[1] or 0)))
    held = s.players[s.to_move].hand
    cards = named
    if s.rules.hand_limit_at_most:
        if len(cards) > board.hand_limit:
            return None, illegal("keep_count", f"Keep at most {board.hand_limit} of your {len(held)} cards.", a,
                                 "base rules 000, 3d; rules notes R11")
    elif len(cards) != board.hand_limit:
        more = (f" (the rule option \"{option_title('hand_limit_at_most')}\" lets you keep fewer)"
                if len(cards) < board.hand_limit else "")
        return None, illegal("keep_count", f"Keep exactly {board.hand_limit} of your {len(held)} cards{more}.", a,
                             R_KEEP)
    if resolved is not None:
        kind_of = board.kind_of_slot    # the first copy of each kind held (find_card), the kinds' list read in C
        kinds = [kind_of[x] for x in held]
        kept = []
        try:
            for k in resolved:
                i = kinds.index(k)
                kinds[i] = None         # (taken)
                kept.append(held[i])
        except ValueError:              # a kind not held: find_card below says which
            pass
        else:
            return tuple(sorted(kept)), None
        city_of = board.city_of
        named = [(city_of[k], k) for k in resolved]
    hand = list(held)
    kept = []
    for c, k in named:
        x = find_card(board, hand, c, k)
        if x == AMBIGUOUS:
            return None, which_copy(s, hand, c, a, R_KEEP)
        if x < 0:
            what = board.city_name(c) if k is None else board.card_names[k]
            other = find_card(board, held, c, k) != -1
            return None, illegal("card_not_in_hand", f"You hold no {'other ' if other else ''}{what} card to keep "
                                 f"(your hand: {cards_text(board, held)}).", a, R_KEEP)
        hand.remove(x)
        kept.append(x)
    return tuple(sorted(kept)), None


def do_keep(s, cards, action, say):
    p = s.player_copy()
    hand = list(p.hand)
    for c in cards:
        hand.remove(c)
    discard(s, tuple(hand), "keep")
    p.hand = cards
    if say is not None:
        who, n = s.names[s.to_move], len(cards)
        say(Private(f"{who} keeps {cards_text(s.board, cards)} and discards {cards_text(s.board, hand)}.", s.to_move,
                    f"{who} keeps {n} card{'s' if n != 1 else ''} and discards {cards_text(s.board, hand)}."))
    return END_TURN


def forced_keep(s, say):
    """Keeping cards is always a decision; only the display is refilled first (see :func:`refill_display`)."""
    if -1 in s.display:
        refill_display(s, say)
    return None
