"""What each official of the base game does (base rules, 1-3c): the Administrator, the Postmaster, the Postal
Carrier and the Cartwright.
"""
from __future__ import annotations

from ..scoring import next_carriage
from .cards import cards_text
from .deck import discard, drawable, take_top
from .machine import forced_event
from .officials import OfficialHandler, compulsory_text, official_used
from .playing import extensions, second_card
from .steps import DECIDE_PLAY, DRAW, PLAY, R_DRAW, R_PLAY, SCORE, illegal, wrong_step


def draw_skipped(s, a):
    return illegal("nothing_to_draw", "No card is left to draw this turn (the display, the deck and the discard "
                   "pile are empty), so the draw was skipped.", a, R_DRAW)


def check_postmaster(s, a, p):
    """The Postmaster: draw a second card (base rules, 1)."""
    if s.step == PLAY and s.draws == 0 and s.plays == 0:
        return draw_skipped(s, a)
    if not ((s.step == DRAW and s.draws == 0) or (s.step == PLAY and s.draws == 1 and s.plays == 0)):
        return illegal("postmaster_too_late",
                       "The Postmaster helps while you draw; you have already played a card this turn.", a, R_DRAW)
    if not drawable(s):
        return illegal("nothing_to_draw", "There is no card left to draw.", a, R_DRAW)
    return None


def check_administrator(s, a, p):
    """The Administrator: replace the display before drawing (base rules, 1)."""
    if s.step == PLAY and s.draws == 0 and s.plays == 0:
        return draw_skipped(s, a)
    if s.step != DRAW or s.draws > 0:
        return illegal("administrator_after_draw",
                       "The Administrator replaces the display before you draw; you have already drawn.", a, R_DRAW)
    if not any(c >= 0 for c in s.display):
        return illegal("nothing_to_replace", "The display is empty: there is nothing to replace.", a, R_DRAW)
    return None


def check_postal_carrier(s, a, p):
    """The Postal Carrier: play a second card after the first (base rules, 2; rules notes R12)."""
    board = s.board
    if s.step in (DRAW, PLAY) and s.plays == 0:
        return illegal("postal_carrier_too_early",
                       "The Postal Carrier lets you play a second card: play your first card, then call him.", a, R_PLAY)
    if s.step != SCORE:
        return wrong_step(s, a)
    route = p.route
    if not second_card(s, p):
        if not p.hand:
            return illegal("no_second_card", "You have no card left in your hand, so the Postal Carrier cannot help.",
                           a, R_PLAY)
        return illegal("no_second_card",
                       f"None of your cards fits an end of your route ({board.card_names[route[0]]} or "
                       f"{board.card_names[route[-1]]}), so the Postal Carrier cannot help.", a, R_PLAY)
    return None


def cartwright_problem(s, p):
    """None if the Cartwright can help this scoring, else the reason code (base rules, 3c): the next carriage is
    left and the route is one or two cards short of it."""
    level = next_carriage(s.board, p.carriages)
    if level is None:
        return "no_carriage_left"
    n = len(p.route)
    if n >= level:
        return "cartwright_not_needed"
    if n < level - 2:
        return "cartwright_too_short"
    if not s.carriages_left[s.board.carriage_levels.index(level)]:
        return "no_carriage_left"
    return None


def cartwright_message(s, p, reason):
    """Why the Cartwright cannot help this scoring (base rules, 3c), for :func:`cartwright_problem`'s reason."""
    level = next_carriage(s.board, p.carriages)
    n = len(p.route)
    if reason == "no_carriage_left":
        return ("You already have the highest carriage." if level is None else f"No carriage {level} is left.")
    if reason == "cartwright_not_needed":
        return f"Your route of {n} cards earns carriage {level} without the Cartwright."
    return (f"Carriage {level} needs {level} cards; the Cartwright makes up at most two, and your route has {n}.")


def _called(s) -> str:
    """The name of the official being called (the last to help this turn: see :func:`do_official`)."""
    return s.board.official(s.officials[-1]).name


def do_postmaster(s, say):
    s.draws_allowed = 2
    if say is not None:
        say(f"{s.names[s.to_move]} calls the {_called(s)} to draw a second card.")
    return DRAW


def do_administrator(s, say):
    old = [c for c in s.display if c >= 0]
    discard(s, tuple(old), "display")
    s.display = tuple([take_top(s, say) for _ in range(len(s.display))])    # slot by slot, from the deck
    if say is not None:
        say(f"{s.names[s.to_move]} calls the {_called(s)}: {cards_text(s.board, old)} go to "
            f"the discard pile; the display now shows {cards_text(s.board, [c for c in s.display if c >= 0])}.")
    return None


def do_postal_carrier(s, say):
    s.plays_allowed = 2
    if say is not None:
        say(f"{s.names[s.to_move]} calls the {_called(s)} to play a second card.")
    return DECIDE_PLAY          # (he is called only with a card that may be played: a real decision)


def force_postmaster(oid):
    """The Postmaster's compulsory help (base rules, 1): a player whose hand is empty at the start of his turn draws
    two cards. Returns the handler's ``forced`` function for official ``oid``."""
    def forced(s, say) -> bool:
        if s.players[s.to_move].hand:
            return False
        s.draws_allowed = 2
        official_used(s, oid, say)
        forced_event(s, f"compulsory_{oid}", say, compulsory_text(s, oid) if say is not None else None)
        return True
    return forced


def base_officials() -> dict:
    """What each official of the base game does (base rules, 1-3c), by his id in the board's data file: the
    Administrator and the Postmaster are offered before the draw, the Postmaster again after one card, the Postal
    Carrier after the first card played; the Postmaster is compulsory with an empty hand; the Cartwright helps while
    scoring. (The order is the order of their calls in the legal actions.)"""
    return {
        "administrator": OfficialHandler(check_administrator, do_administrator,
                                         offers=((DRAW, _display_shown),), lets="replace the display"),
        "postmaster": OfficialHandler(check_postmaster, do_postmaster, offers=((DRAW, None), (PLAY, _second_draw)),
                                      lets="draw a second card", forced=force_postmaster("postmaster")),
        "postal_carrier": OfficialHandler(check_postal_carrier, do_postal_carrier,
                                          offers=((SCORE, _second_play),), lets="play a second one",
                                          waits=_second_extends),
        "cartwright": OfficialHandler(helps="scoring", problem=cartwright_problem, message=cartwright_message),
    }


def _display_shown(s) -> bool:
    """The Administrator while a card is face up (base rules, 1)."""
    display = s.display
    return display.count(-1) < len(display)     # (-1: an empty slot)


def _second_draw(s) -> bool:
    """The Postmaster after one card drawn, before any is played, with a card left to draw (base rules, 1)."""
    if s.draws != 1 or s.plays != 0 or s.draws_allowed != 1:
        return False
    return True if s.deck or s.discard else max(s.display) >= 0


def _second_play(s) -> bool:
    """The Postal Carrier after the first card played (base rules, 2): see :func:`second_card`."""
    return s.plays_allowed == 1 and second_card(s, s.players[s.to_move])


def _second_extends(s) -> bool:
    """A card of the hand extends the route: a route too short to score waits for a second card (base rules, 3;
    see :func:`extensions`)."""
    p = s.players[s.to_move]
    return s.plays_allowed == 1 and extensions(s.board, p.route, p.hand, p.rmask)
