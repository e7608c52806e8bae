"""Step 2, playing a card (base rules, 2): at an end of the route where it fits in, or to start a new route, and
the second card the Postal Carrier lets the player play.
"""
from __future__ import annotations

from bisect import bisect_left

from ..option_words import option_title
from .action_table import table
from .cards import AMBIGUOUS, card_named, cards_text, find_card, route_text, which_copy
from .deck import discard, refill_display
from .machine import forced_event
from .officials import offered, policy_calls
from .steps import PLAY, R_PLAY, SCORE, illegal, wrong_step


def fits(board, route, rmask) -> tuple[int, int]:
    """The cities (a bit mask each) whose cards fit in at the left and at the right end of ``route`` (card ids;
    ``rmask``: its cities): a road joins them to that end's city, and the route does not have them yet (base rules, 2:
    "fits in"; roads run both ways)."""
    card_adj = board.card_adj
    return card_adj[route[0]] & ~rmask, card_adj[route[-1]] & ~rmask


def extensions(board, route, hand, rmask) -> bool:
    """Whether a card of ``hand`` fits an end of ``route`` (card ids; ``rmask``: its cities as a bit mask)."""
    card_adj = board.card_adj           # fits(board, route, rmask), written out (a call less): the cities whose
    ends = (card_adj[route[0]] | card_adj[route[-1]]) & ~rmask     # cards fit either end
    card_bit = board.card_bit
    for x in hand:
        if ends & card_bit[x]:
            return True
    return False


def second_card(s, p) -> bool:
    """Whether the Postal Carrier could help now: a card in hand that may be played as the second card (base
    rules, 2). It must extend the route (rules notes R12), or, with the rule option
    ``postal_carrier_may_restart`` (000: "as long as the second card can be legally placed"), any card will do."""
    if s.rules.postal_carrier_may_restart:
        return bool(p.hand)
    return bool(p.route) and extensions(s.board, p.route, p.hand, p.rmask)


def legal_play(s) -> list:
    board = s.board
    t = board._actions or table(board)
    p = s.players[s.to_move]
    acts = []
    rs = s.ruleset
    offers = rs.roles.offers[PLAY]
    if offers:
        if not rs.one_official:
            policy_calls(s, t, offers, acts)
        elif not s.officials:
            for oid, offer in offers:       # (the Postmaster after one card: the handlers' offers)
                if offer is None or offer(s):
                    acts.append(t.call[oid])
    route = p.route
    prev = None
    append = acts.append
    play_new = t.play_new
    # one action per kind of card: the copies of a kind are neighbours in a sorted hand (and share their actions),
    # or the list is made unique at the end (ActionTable.kinds_adjacent)
    if route:
        card_bit = board.card_bit
        card_adj, rmask = board.card_adj, p.rmask       # fits(board, route, rmask), written out (a call less): the
        fit_left = card_adj[route[0]] & ~rmask          # cities a card may be to fit each end (check_play asks fits:
        fit_right = card_adj[route[-1]] & ~rmask        # the front door's tests hold the two together)
        play_left, play_right = t.play_left, t.play_right
        ends = fit_left | fit_right
        # the second card extends the route (R12) unless the rules let the Postal Carrier's card start a new one
        restart = s.plays == 0 or s.rules.postal_carrier_may_restart
        for x in p.hand:
            new = play_new[x]
            if new is prev:
                continue
            prev = new
            c = card_bit[x]
            if ends & c:
                if fit_left & c:
                    append(play_left[x])
                if fit_right & c:
                    append(play_right[x])
            if restart:
                append(new)
    else:
        for x in p.hand:
            new = play_new[x]
            if new is not prev:
                prev = new
                append(new)
    return acts if t.kinds_adjacent else list(dict.fromkeys(acts))


def check_play(s, a):
    board = s.board
    if s.step != PLAY:
        oid = offered(s, SCORE) if s.step == SCORE and s.plays_allowed == 1 else None
        if oid is not None:
            return None, illegal("already_played", f"You have played your card this turn; the "
                                 f"{s.board.official(oid).name} would let you {s.ruleset.official_handlers[oid].lets}.",
                                 a, R_PLAY)
        return None, wrong_step(s, a)
    k = a.resolved                      # an engine-made action carries its kind of card (see ActionTable)
    p = s.players[s.to_move]
    if k is not None:
        c = board.city_of[k]
        hand = p.hand
        t = board._actions or table(board)
        if t.kinds_adjacent:            # the lowest id held of that kind (find_card's): the first card from k on
            i = bisect_left(hand, k)
            x = hand[i] if i < len(hand) and board.kind_of[hand[i]] == k else -1
        else:
            for x in t.copies[k]:
                if x in hand:
                    break
            else:
                x = -1
    else:
        named, err = card_named(s, a, a.city, a.key[1])
        if err is not None:
            return None, err
        c, k = named
        x = find_card(board, p.hand, c, k)
    if x < 0:
        if x == AMBIGUOUS:
            return None, which_copy(s, p.hand, c, a, R_PLAY)
        what = board.city_name(c) if k is None else board.card_names[k]
        return None, illegal("card_not_in_hand",
                             f"You have no {what} card in your hand (your hand: {cards_text(board, p.hand)}).",
                             a, R_PLAY)
    route = p.route
    if a.end == "new":
        if s.plays > 0 and not s.rules.postal_carrier_may_restart:
            return None, illegal("second_card_must_extend",
                                 "The Postal Carrier's second card must extend your route, not start a new one "
                                 f"(the rule option \"{option_title('postal_carrier_may_restart')}\" allows it).",
                                 a, "rules notes R12")
        return x, None
    if not route:
        return None, illegal("no_route", f"You have no route yet: start one with {board.card_names[x]}.", a, R_PLAY)
    fit_left, fit_right = fits(board, route, p.rmask)
    if (fit_left if a.end == "left" else fit_right) >> c & 1:
        return x, None                  # it fits that end (base rules, 2)
    name = board.city_name(c)
    if p.rmask >> c & 1:
        return None, illegal("city_in_route",
                             f"{name} is already in your route; a city appears only once in a route.", a, R_PLAY)
    left, right = fit_left >> c & 1, fit_right >> c & 1
    end_city = board.card_names[route[0] if a.end == "left" else route[-1]]
    if len(route) == 1:
        msg = f"{name} has no road to {end_city}, the only city of your route."
    elif left or right:
        msg = (f"{name} has no road to {end_city}, the {a.end} end of your route; it fits at the "
               f"{'left' if left else 'right'} end.")
    else:
        msg = (f"{name} has no road to {board.card_names[route[0]]} or {board.card_names[route[-1]]}, "
               f"the two ends of your route.")
    return None, illegal("no_road", msg, a, R_PLAY)


def play_from_hand(s, c: int):
    """Card ``c`` leaves the hand of the player to move, played (base rules, 2; Power and Glory: horse side up):
    his record (a fresh copy) for the caller to put the card where it goes."""
    p = s.player_copy()
    hand = list(p.hand)                 # (one list and one tuple: cheaper than two slices joined)
    hand.remove(c)
    p.hand = tuple(hand)
    return p


def card_played(s) -> str:
    """Count a card played this turn and say what comes next: another play (the Postal Carrier's second card,
    base rules 2), or scoring the route (3)."""
    s.plays += 1
    return PLAY if s.plays < s.plays_allowed else SCORE


def do_play(s, c, action, say):
    end = action.end
    p = play_from_hand(s, c)
    if end == "new":
        if say is not None:
            who, name = s.names[s.to_move], s.board.card_names[c]
            say(f"{who} discards the route {route_text(s.board, p.route)} and starts a new route with {name}."
                if p.route else f"{who} starts a new route with {name}.")
        if p.route:
            discard(s, p.route, "route")
        p.route = (c,)
        p.rmask = s.board.card_bit[c]
    else:
        p.route = (c,) + p.route if end == "left" else p.route + (c,)
        p.rmask |= s.board.card_bit[c]
        if say is not None:
            say(f"{s.names[s.to_move]} plays {s.board.card_names[c]} at the {end} end: "
                f"{route_text(s.board, p.route)}.")
    return card_played(s)


def forced_play(s, say):
    """No card in hand to play: the play is skipped (rules notes)."""
    if -1 in s.display:
        refill_display(s, say)
    if not s.players[s.to_move].hand:
        forced_event(s, "play_skipped", say, f"{s.names[s.to_move]} has no card to play.")
        return SCORE
    return None
