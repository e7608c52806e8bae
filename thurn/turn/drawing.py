"""Step 1, the draw (base rules, 1): a city card from the display or the deck; with nothing left to draw the draw
is skipped, and with an empty hand an official must help.
"""
from __future__ import annotations

from ..log import Private
from .action_table import table
from .cards import AMBIGUOUS, card_named, cards_text, find_card, which_copy
from .deck import refill_display, take_card
from .machine import forced_event
from .officials import offered, policy_calls
from .steps import DECIDE_PLAY, DRAW, PLAY, R_DRAW, illegal, wrong_step


def legal_draw(s) -> list:
    t = s.board._actions or table(s.board)
    display = s.display
    acts = []
    if s.draws == 0:                # (an empty hand has had a compulsory official: see the forced draw)
        rs = s.ruleset
        offers = rs.roles.offers[DRAW]
        if offers:
            if not rs.one_official:
                policy_calls(s, t, offers, acts)
            elif not s.officials:
                call = t.call
                for oid, offer in offers:       # (the Administrator and the Postmaster: the handlers' offers)
                    if offer is None or offer(s):
                        acts.append(call[oid])
    draw = t.draw
    append = acts.append
    kind_bit = t.kind_bit_slot
    seen = kind_bit[-1]             # (an empty slot, -1, reads as seen)
    for c in display:                # one action per kind of card face up, however many copies show
        if not seen & kind_bit[c]:
            seen |= kind_bit[c]
            append(draw[c])
    if s.deck or s.discard:
        append(t.draw_deck)
    return acts


def check_draw(s, a):
    if s.step != DRAW:
        if s.step == PLAY and s.draws >= s.draws_allowed and s.plays == 0:
            oid = offered(s, PLAY)
            more = (f" (the {s.board.official(oid).name} lets you {s.ruleset.official_handlers[oid].lets})"
                    if oid is not None else "")
            return None, illegal("already_drew", f"You have drawn this turn{more}; now play a card.", a, R_DRAW)
        return None, wrong_step(s, a)
    if a.city is None:
        if not (s.deck or s.discard):
            return None, illegal("deck_empty", "The deck and the discard pile are both empty: draw from the display.",
                                 a, R_DRAW)
        return -1, None
    board = s.board
    k = a.resolved                      # an engine-made action carries its kind of card (see ActionTable)
    if k is None:
        named, err = card_named(s, a, a.city, a.key[1])
        if err is not None:
            return None, err
        c, k = named
    else:
        kind_of = board.kind_of_slot        # (the first slot showing that kind: -1, an empty slot, reads -1)
        for x in s.display:
            if kind_of[x] == k:
                return x, None
        c = board.city_of[k]
    x = find_card(board, s.display, c, k)
    if x < 0:
        if x == AMBIGUOUS:
            return None, which_copy(s, s.display, c, a, R_DRAW)
        shown = cards_text(board, [x for x in s.display if x >= 0])
        what = board.city_name(c) if k is None else board.card_names[k]
        return None, illegal("not_in_display", f"{what} is not face up; the display shows {shown}.", a, R_DRAW)
    return x, None


def do_draw(s, c, action, say):
    p = s.player_copy()
    from_deck = c < 0
    c = take_card(s, p, c, say)
    s.draws += 1
    if say is not None:
        where = "from the deck" if from_deck else "from the display"
        who = s.names[s.to_move]
        text = f"{who} draws {s.board.card_names[c] if c >= 0 else 'nothing'} {where}."
        say(Private(text, s.to_move, f"{who} draws a card from the deck.") if where == "from the deck" and c >= 0
            else text)
    # after a draw the player holds a card, and an empty display slot means no card is left to refill it: the play
    # is a real decision (see machine.Decide)
    return DECIDE_PLAY if s.draws >= s.draws_allowed else DRAW


def forced_draw(s, say):
    """No card can be drawn at all: the draw is skipped (rules notes). An empty hand at the start of the turn: the
    Postmaster must help, drawing two cards (base rules, 1) — a forced event, then the player draws."""
    if -1 in s.display:
        refill_display(s, say)
    if not (s.deck or s.discard) and max(s.display) < 0:       # nothing to draw anywhere
        forced_event(s, "draw_skipped", say, f"No card is left to draw: {s.names[s.to_move]} skips the draw.")
        return PLAY
    if s.draws == 0 and not s.officials and not s.players[s.to_move].hand:
        handlers = s.ruleset.official_handlers
        for oid, forced in handlers.roles.forced:
            if forced(s, say):
                break
    return None
