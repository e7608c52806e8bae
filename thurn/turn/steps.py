"""The base game's steps by name, the rules they cite, and why an action does not belong to the step the turn is
in (base rules, Game Play: draw 1, play 2, score or end 3, keep 3d).
"""
from __future__ import annotations

from ..errors import IllegalAction
from .machine import OVER, Decide

DRAW, PLAY, SCORE, KEEP = "draw", "play", "score", "keep"
DECIDE_PLAY = Decide(PLAY)
R_DRAW = "base rules, 1"
R_PLAY = "base rules, 2"
R_SCORE = "base rules, 3"
R_HOUSES = "base rules, 3a"
#: The free cities of the northern board: "he may place a house on only one of the free cities".
R_FREE_CITIES = "Power and Glory, Placing houses"
R_CARRIAGE = "base rules, 3c"
R_KEEP = "base rules, 3d"
R_OFFICIAL = "base rules, Game Play: one official per turn"
R_END = "base rules, Game End and Scoring"


def illegal(reason, message, action, rule):
    """The error for an illegal action: its reason code, the sentence, the action and the rule cited."""
    return IllegalAction(reason, message, action, rule)


def wrong_step(s, action):
    """Why ``action`` does not belong to the step the turn is in: the step's own action comes first."""
    step = s.step
    p = s.players[s.to_move]
    if step == OVER:
        return illegal("game_over", "The game is over: nobody takes another turn.", action, R_END)
    if step == DRAW:
        return illegal("draw_first", "First draw a city card, from the display or the deck.", action, R_DRAW)
    if step == PLAY:
        return illegal("play_first", "Now play a city card from your hand to your route.", action, R_PLAY)
    if step == SCORE:
        return illegal("already_played",
                       "You have played your card this turn: score the route, or end the turn.", action, R_SCORE)
    if step == KEEP:
        return illegal("keep_first", f"You scored and hold {len(p.hand)} cards: choose the "
                       f"{s.board.hand_limit} to keep first.", action, R_KEEP)
    spec = s.ruleset.steps[step]
    return illegal("not_now", f"Now {s.names[s.to_move]} must {spec.does}.", action, spec.rule)
