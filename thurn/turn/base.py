"""The base game's turn, declared as data for the turn machine (base rules, Game Play).

A turn runs through the steps draw (1, :mod:`.drawing`), play (2, :mod:`.playing`), score or end (3, :mod:`.scoring`),
and keep (3d, :mod:`.keeping`) when the hand is over the limit after scoring; the officials help (:mod:`.officials`,
:mod:`.base_officials`). For each step those modules say which actions are legal, why any other action is not (a
stable reason code and a sentence citing the rule, :mod:`.steps`), and how each action changes the state: each
``do_*`` returns what comes next (a step, or :data:`~thurn.turn.machine.END_TURN`) and the machine
(:mod:`thurn.turn.machine`) runs it. :func:`base_ruleset` puts it all together; the expansions change a copy of it.
"""
from __future__ import annotations

from .. import effects
from ..piles import BASE_PILE_SPECS
from .action_table import engine_copy
from .base_officials import base_officials
from .drawing import check_draw, do_draw, forced_draw, legal_draw
from .keeping import check_keep, do_keep, forced_keep, legal_keep
from .machine import OVER, ActionKind, Ruleset, StepSpec
from .officials import check_official, compulsory_text, do_official, forced_official, officials_texts
from .playing import check_play, do_play, forced_play, legal_play
from .scoring import check_end, check_score, do_end, do_score, forced_score, legal_score
from .steps import DRAW, KEEP, PLAY, R_DRAW, R_END, R_KEEP, R_OFFICIAL, R_PLAY, R_SCORE, SCORE


def start_text(s) -> list[str]:
    """What a log says about a starting position: the display dealt by the loader (a position that gives the deck
    but not the display: README, Positions), a forced step already taken."""
    lines = []
    if any(code == "display_dealt" for code, _ in s.events):
        shown = [s.board.card_names[c] for c in s.display if c >= 0]
        lines.append(f"The position gives the deck but not the display: the display is dealt the "
                     f"{len(shown)} card{'s' if len(shown) != 1 else ''} it names nowhere else "
                     f"({', '.join(shown)}).")
    oid = forced_official(s)
    if oid is not None:
        lines.append(compulsory_text(s, oid))
    return lines


def base_ruleset(name: str = "base") -> Ruleset:
    """The base game's rules as data: its steps, action kinds, officials, score items and result (base rules)."""
    rs = Ruleset(name)
    rs.step(StepSpec(DRAW, "draw a city card from the display or the deck", R_DRAW, legal_draw, forced_draw,
                     ("draw", "official")))
    rs.step(StepSpec(PLAY, "play a city card at either end of the route, or start a new route", R_PLAY, legal_play,
                     forced_play, ("play", "official")))
    rs.step(StepSpec(SCORE, "score the route (3 or more cards), call the Postal Carrier for a second card, or end "
                     "the turn", R_SCORE, legal_score, forced_score, ("score", "official", "end")))
    rs.step(StepSpec(KEEP, "keep three cards and discard the rest of the hand", R_KEEP, legal_keep, forced_keep,
                     ("keep",)))
    rs.step(StepSpec(OVER, "the game is over", R_END, _nothing, None, ()))
    rs.first_step = DRAW
    rs.action(ActionKind("draw", check_draw, do_draw, "Draw", "draw deck", "draw a city card from the display or "
                         "the deck", R_DRAW, engine_copy))
    rs.action(ActionKind("official", check_official, do_official, "Call", "call postmaster", "call an official "
                         "for help", R_OFFICIAL, engine_copy))
    rs.action(ActionKind("play", check_play, do_play, "Play", "play ulm right", "play a card at an end of the "
                         "route, or start a new route", R_PLAY, engine_copy))
    rs.action(ActionKind("score", check_score, do_score, "Score", "score ulm+augsburg", "score the route and place "
                         "houses", R_SCORE, engine_copy))
    rs.action(ActionKind("keep", check_keep, do_keep, "Keep", "keep ulm+basel+bern", "keep cards up to the hand "
                         "limit", R_KEEP, engine_copy))
    rs.action(ActionKind("end", check_end, do_end, "End turn", "end", "end the turn without scoring", R_SCORE,
                         engine_copy))
    rs.official_handlers.update(base_officials())
    rs.scoring = effects.BASE_SCORING
    rs.piles.update((spec.name, spec) for spec in BASE_PILE_SPECS)
    rs.add("score_items", effects.base_score_items)
    rs.result = effects.base_result
    rs.texts.update(officials_texts(rs.officials))
    return rs


def _nothing(s) -> list:
    return []
