"""Preparing a game (base rules, Preparation): the board the rules name, the players seated, the seed, and the deal.

:func:`new_game` deals a new game; a game file that starts from a seed is dealt again the same way
(:mod:`thurn.io`).
"""
from __future__ import annotations

import random
import unicodedata
from collections.abc import Mapping

from . import turn
from .board import Board
from .board_file import available_boards, installed_board, is_board_path, load_board
from .errors import PositionError, ThurnError, UnknownName, short_repr
from .rules import Rules
from .state import GameState, name_key

#: The longest player name (characters).
MAX_NAME = 40
#: Seeds are whole numbers in this range (lowest, highest + 1).
SEED_RANGE = (-(2 ** 63), 2 ** 64)
_INVISIBLE = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def seeded(seed, what) -> random.Random:
    """The game's random generator for ``what`` (the shuffle, the start player...): the same seed, the same game."""
    return random.Random(f"thurn:{seed}:{what}")


# -- boards: named by files, passed by code -----------------------------------------------------------------------

def board_for(rules: Rules, boards=None, trusted: bool = True) -> Board:
    """The board ``rules`` names, checked to play under them (its ``rulesets``: :func:`thurn.rulesets.check_board`)."""
    from .rulesets import check_board

    board = _find_board(rules, boards, trusted)
    check_board(board, rules.expansions)
    return board


def _find_board(rules: Rules, boards=None, trusted: bool = True) -> Board:
    """The board ``rules`` names. ``trusted`` (code): any name or path. Otherwise (a file or a dict that may come
    from one) only an installed board, or one the calling code gave in ``boards`` ({name in the file: Board or
    path})."""
    name = rules.board
    if boards is not None:
        if not isinstance(boards, Mapping):
            raise PositionError(f"boards should map the board names a save file uses to boards (a dict such as "
                                f"{{'my_board.json': thurn.load_board('my_board.json')}}), not {short_repr(boards)}.")
        if name in boards:
            return load_board(boards[name])
    if trusted:
        return load_board(name)
    board = installed_board(name)
    if board is not None:
        return board
    installed = available_boards()
    if is_board_path(name):
        raise PositionError(
            f"rules.board: a save file or position may name only an installed board ({', '.join(installed)}), not "
            f"the file {short_repr(name, 200)}. To load a game played on a board file, pass the board from code: "
            f"thurn.GameState.from_json(text, boards={{{name[:200]!r}: {name[:200]!r}}}).")
    try:
        raise UnknownName("board", name[:100], installed)
    except UnknownName as e:
        raise PositionError(f"rules.board: {e}") from None


def read_rules(raw, trusted: bool) -> Rules:
    """Rules from a position or setup; from a file the fields are type-checked here first."""
    if isinstance(raw, Rules):
        return raw
    if raw is not None and not isinstance(raw, dict):
        raise PositionError(f"rules should be a JSON object of rule options, not {short_repr(raw)}.")
    if raw is not None and not trusted:
        if "board" in raw and not isinstance(raw["board"], str):
            raise PositionError(f"rules.board should be the name of an installed board, not {short_repr(raw['board'])}.")
        exp = raw.get("expansions")
        if "expansions" in raw and not (isinstance(exp, list) and len(exp) <= 20
                                        and all(isinstance(e, str) and len(e) <= 100 for e in exp)):
            raise PositionError(f"rules.expansions should be a list of expansion names, not {short_repr(exp)}.")
    try:
        return Rules.from_dict(raw)
    except ThurnError:
        raise
    except (TypeError, ValueError) as e:
        raise PositionError(f"rules: {e}") from None


def player_range(board, rules=None) -> tuple[int, int]:
    """How many players the game takes: the ruleset's range (SoloPlay: 1) or else the board's (2 to 4)."""
    own = rules.ruleset.players if rules is not None else None
    return own if own is not None else board.players


# -- names and seeds ------------------------------------------------------------------------------------------------

def check_names(players, board, rules=None) -> tuple[str, ...]:
    """Player names: 2 to 4 (as the board says), each a short visible text, no two alike (see ``name_key``)."""
    if isinstance(players, (str, bytes, Mapping)) or not hasattr(players, "__iter__"):
        raise PositionError(f"players should be a list of names, not {short_repr(players)}.")
    lo, hi = player_range(board, rules)
    names = []
    for n in players:
        names.append(n)
        if len(names) > hi:
            break
    if not lo <= len(names) <= hi:
        count = f"{lo} player{'s' if lo != 1 else ''}" if lo == hi else f"{lo} to {hi} players"
        raise PositionError(f"{board.name} is for {count}{' under these rules' if lo == hi else ''}, not "
                            f"{len(names)}{' or more' if len(names) > hi else ''}.")
    for n in names:
        if not isinstance(n, str) or not n.strip():
            raise PositionError(f"each player needs a name (a non-empty text), not {short_repr(n)}.")
        if len(n) > MAX_NAME:
            raise PositionError(f"the player name {short_repr(n)} is {len(n)} characters long; at most {MAX_NAME}.")
        bad = next((ch for ch in n if unicodedata.category(ch) in _INVISIBLE), None)
        if bad is not None:
            raise PositionError(f"the player name {n!r} contains a control or invisible character "
                                f"(U+{ord(bad):04X}); names are plain visible text.")
    keys = {}
    for n in names:
        k = name_key(n)
        if k in keys:
            raise PositionError(f"player names must differ by more than case, spaces or Unicode form: "
                                f"{keys[k]!r} and {n!r}.")
        keys[k] = n
    return tuple(names)


def check_seed(seed, where="seed"):
    """``seed``, a whole number in :data:`SEED_RANGE`; else a PositionError naming ``where``."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not SEED_RANGE[0] <= seed < SEED_RANGE[1]:
        raise PositionError(f"{where} should be a whole number (from -2**63 to 2**64 - 1), not {short_repr(seed)}.")
    return seed


def new_game(players, seed=None, rules=None, start_player=0) -> GameState:
    """A new game (base rules, Preparation): the 66 cards shuffled, 6 face up, stacks highest on top.

    ``players``: 2 to 4 names, in seating (clockwise) order, at most 40 characters each, no two differing only by
    case, spaces or Unicode form. ``seed``: a whole number; ``None`` draws one, which is kept in the state so the
    game can be replayed. ``start_player``: a seat, or ``"random"`` to draw it with the game's seeded generator
    (rules notes R5). ``rules``: a dict or :class:`~thurn.rules.Rules`; its ``board`` may be a name or a path.
    """
    rules = Rules.from_dict(rules) if not isinstance(rules, Rules) else rules
    return deal(players, seed, rules, board_for(rules), start_player)


def deal(players, seed, rules: Rules, board: Board, start_player) -> GameState:
    """The game dealt from ``seed`` (base rules, Preparation; see :func:`new_game`), and each expansion's setup."""
    names = check_names(players, board, rules)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    check_seed(seed)
    if start_player == "random":
        start = seeded(seed, "start").randrange(len(names))
    elif isinstance(start_player, int) and not isinstance(start_player, bool) and 0 <= start_player < len(names):
        start = start_player
    else:
        raise PositionError(f"start_player should be a seat from 0 to {len(names) - 1} or 'random', "
                            f"not {short_repr(start_player)}.")
    cards = list(range(len(board.cards)))         # card ids, by city then copy: the cities' order of old
    seeded(seed, 0).shuffle(cards)
    face_up = min(board.face_up, len(cards))
    s = GameState.blank(board, rules, names, seed)
    s.display = tuple(cards[:face_up]) + (-1,) * (board.face_up - face_up)
    s.deck = tuple(cards[face_up:])
    s.shuffles = 1
    s.turn_owner = s.to_move = s.start_player = start
    s.set_setup({"players": list(names), "seed": seed, "rules": rules.to_dict(), "start_player": start})
    for v in rules.variants:
        v.setup(s)
    turn.settle(s)
    s.step_set()
    return s
