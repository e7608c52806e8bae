"""The Play app's constants and small texts, shared by its parts (:mod:`.play`, :mod:`.controller`,
:mod:`.savefiles`, :mod:`.panels`)."""
from __future__ import annotations

import os
from pathlib import Path

from ..state import GameState

AUTOSAVE_NAME = "play.thurn-autosave.json"
AUTOSAVE_SUFFIX = ".thurn-autosave.json"
APP_NAME = "thurn Play"    # the "app" of an autosave file's "meta"
MESSAGE_MAX = 300          # an error quoted in a message is cut to this many characters
DEFAULT_PLAYERS = ("Ann", "Bot")
PACES = ("step",)          # besides None (bots move at once) and a pause in seconds: "step", a Next button
UNDO_MODES = ("teaching", "fair")
BOT_LINES_MAX = 12         # the bots' log lines quoted in one message (more: "… and N more, in the log")
KEEP_BUTTONS_MAX = 0       # more ways to keep 3 cards than this: a card picker instead of one button each (0: the
#                            keep step is always the card picker, one interface for a hand of 4 cards or of 6)
#: Said before a fair game's file is made (issue 33: the page holds no hidden card until the learner asks for it).
DOWNLOAD_WARNING = ("<b>The file holds the whole game</b>: the seed, the order of the deck, every player's hand and "
                    "every secret the rules keep from the other players. Whoever opens it sees all of them. "
                    "Download it?")
CHOOSE = -1                # a panel's list of choices: its "choose..." entry
LOG_LINES = 200            # the log box shows the last lines; state.log() has them all
SAID_KEPT = 32             # the states whose log the app keeps (the bots' actions of a round, and the one before)
EVERY_HAND_REFUSED = ("Every hand can be shown in teaching mode only: in a fair game each player sees his own hand "
                      "and the others' card counts.")


def autosave_path(autosave) -> Path | None:
    if autosave is True:
        return Path.cwd() / AUTOSAVE_NAME
    if autosave is False or autosave is None:
        return None
    if isinstance(autosave, (str, os.PathLike)):
        return Path(autosave).resolve()
    raise TypeError(f"autosave is True (the file {AUTOSAVE_NAME} in the working folder), False, or a file path; "
                    f"not {autosave!r}.")


def cards_words(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def whose(name: str) -> str:
    """'Ann's', or 'Your' for a player called You."""
    return "Your" if name.casefold() == "you" else f"{name}'s"


def game_summary(state: GameState) -> str:
    """'round 6, Ann to draw, 37 actions' — where a game stands, for the resume offer and messages; a game on
    another board than the base board names it first ('Toy north: round 6, ...')."""
    board = "" if state.rules.board == "base" else f"{state.board.name}: "
    if state.is_over:
        return f"{board}game over after {state.turn_number} turns, {state.result_text()}"
    n = len(state.history)
    from .. import words

    return (f"{board}round {state.round_number}, {state.to_move_name} to {words.step_words(state)}, "
            f"{n} action{'s' if n != 1 else ''}")


def reveals_deck(before: GameState, after: GameState) -> bool:
    """True when the action from ``before`` to ``after`` changed the deck (a card taken from it, to a hand or to
    the display, or the discard pile shuffled in): what the deck holds next is then known."""
    return after.deck_size != before.deck_size


def check_pace(pace):
    if pace is None or pace in PACES:
        return pace
    if isinstance(pace, bool) or not isinstance(pace, (int, float)) or not 0 <= pace <= 10:
        raise ValueError(f"pace is None (bots move at once), 'step' (a Next button) or a pause in seconds from 0 "
                         f"to 10, not {pace!r}.")
    return float(pace)
