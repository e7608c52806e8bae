"""Play: a whole game of Thurn und Taxis in the notebook, hotseat or against bots.

The app holds no rules. It shows a button for each action of ``state.legal_actions()``, applies the one
clicked, and when a typed action is not legal it shows the engine's own explanation (``why_illegal``). Undo
replays the game's start with its first actions; save, load and autosave use the game file of
``state.to_json()`` (setup and actions), so a kernel restart or a closed tab loses nothing. The autosave file
also names its game (``"meta": {"game_id", "app", "saved_at"}``): an app never replaces another unfinished game's
autosave, nor a file it cannot read (that one is kept aside as ``<name>.bad-<time>.json``), nor a read-only file.

``Play`` is an ``ipywidgets.VBox``: as the last expression of a cell it shows itself.
"""
from __future__ import annotations

import base64
import datetime
import html
import json
import os
import re
import stat
import time
import uuid
from pathlib import Path

import ipywidgets as widgets
import plotly.graph_objects as go

from .. import viz
from ..actions import CallOfficial, EndTurn, Keep, Play as PlayCard, Score
from ..errors import IllegalAction, PositionError, ThurnError, UnknownName
from ..parts import parts_on
from ..io import GAME_FORMAT, POSITION_FORMAT, new_game
from ..state import GameState
from .. import words
from .. import turn
from ..turn.base import seen_action, seen_line
from .common import (ClosesParts, MessageArea, card_chip, card_chips, close_tree, hide_kept_cards, province_color,
                     text_color)

__all__ = ["Play", "AUTOSAVE_NAME", "MAX_SAVE_BYTES"]

AUTOSAVE_NAME = "play.thurn-autosave.json"
AUTOSAVE_SUFFIX = ".thurn-autosave.json"
APP_NAME = "thurn Play"    # the "app" of an autosave file's "meta"
from ..io import MAX_SAVE_BYTES  # a save file larger than this is refused unread (a long game is about 100 kB)
MESSAGE_MAX = 300          # an error quoted in a message is cut to this many characters
DEFAULT_PLAYERS = ("Ann", "Bot")
PACES = ("step",)          # besides None (bots move at once) and a pause in seconds: "step", a Next button
UNDO_MODES = ("teaching", "fair")
BOT_LINES_MAX = 12         # the bots' log lines quoted in one message (more: "… and N more, in the log")
KEEP_BUTTONS_MAX = 10      # more ways to keep 3 cards than this: a card picker instead of one button each
CHOOSE = -1                # a panel's list of choices: its "choose..." entry
LOG_LINES = 200            # the log box shows the last lines; state.log() has them all
SAID_KEPT = 32             # the states whose log the app keeps (the bots' actions of a round, and the one before)
EVERY_HAND_REFUSED = ("Every hand can be shown in teaching mode only: in a fair game each player sees his own hand "
                      "and the others' card counts.")


def _resolve_autosave(autosave) -> Path | None:
    if autosave is True:
        return Path.cwd() / AUTOSAVE_NAME
    if autosave is False or autosave is None:
        return None
    if isinstance(autosave, (str, os.PathLike)):
        return Path(autosave).resolve()
    raise TypeError(f"autosave is True (the file {AUTOSAVE_NAME} in the working folder), False, or a file path; "
                    f"not {autosave!r}.")


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def _whose(name: str) -> str:
    """'Ann's', or 'Your' for a player called You."""
    return "Your" if name.casefold() == "you" else f"{name}'s"


def _summary(state: GameState) -> str:
    """'round 6, Ann to draw, 37 actions' — where a game stands, for the resume offer and messages."""
    if state.is_over:
        return f"game over after {state.turn_number} turns, {state.winner()} wins"
    n = len(state.history)
    return f"round {state.round_number}, {state.to_move_name} to {state.step}, {n} action{'s' if n != 1 else ''}"


def _reveals(before: GameState, after: GameState) -> bool:
    """True when the action from ``before`` to ``after`` changed the deck (a card taken from it, to a hand or to
    the display, or the discard pile shuffled in): what the deck holds next is then known."""
    return after.deck_size != before.deck_size


def _check_pace(pace):
    if pace is None or pace in PACES:
        return pace
    if isinstance(pace, bool) or not isinstance(pace, (int, float)) or not 0 <= pace <= 10:
        raise ValueError(f"pace is None (bots move at once), 'step' (a Next button) or a pause in seconds from 0 "
                         f"to 10, not {pace!r}.")
    return float(pace)


class Play(ClosesParts, widgets.VBox):
    """A game of Thurn und Taxis as an app: the map, your hand, the display, every player's route, houses,
    carriage and tiles, the officials, a button for each legal action, a log, undo, save/load and autosave.

    ``Play(players=("Ann", "Bot"), bots=None, seed=None, rules=None, autosave=True, *, state=None,
    start_player=0, map_width=600, map_height=None)``

    - ``players``: 2–4 names in seating order; ``seed``, ``rules``, ``start_player`` as in ``thurn.new_game``.
    - ``bots``: ``{player name: bot}``; a bot is any object with ``choose(state) -> action`` (e.g.
      ``thurn.bots.RandomBot(seed=1)``). Bots play their turns at once after a human action. Without bots
      every player clicks in turn (hotseat). At least one player must be human.
    - What the screen shows (base rules, 1): the :attr:`viewer`'s hand, the others' as counts, and the log as he
      saw it (``state.log(viewer)``). With two or more humans, the hand of the human to move shows only after
      "Pass to …: show my hand" (:meth:`reveal`); teaching mode's "show every hand" switch shows them all.
    - ``state``: continue this game instead of dealing a new one (also :meth:`from_state`).
    - ``autosave``: ``True`` writes the game after every action to ``play.thurn-autosave.json`` in the working
      folder, a path writes it there, ``False`` does not. When the file holds an unfinished game, the app first
      offers to resume it (taking over its identity, ``game_id``) or to start the new one. The file is never
      lost: another unfinished game's file is left as it is (this game autosaves to a free name beside it,
      ``play-2.thurn-autosave.json``, and says so); a file that cannot be loaded is kept aside as
      ``play.thurn-autosave.bad-<yyyymmdd-hhmmss>.json`` (and a new game starts); a read-only file or folder
      switches autosave off. Each case is said in the message area; ``autosave_path`` is the file written now.

    In code: ``app.state`` (the game now), ``app.do(action or notation)``, ``app.back_to(k)`` (undo to after k
    actions), ``app.save(path, overwrite=False)``, ``app.load(path or JSON text)``, ``app.resume()`` /
    ``app.start_new()``, ``app.action_buttons`` (one per legal action), ``app.message`` (the last message),
    ``app.map`` (the ``go.FigureWidget``, ``map_width`` pixels wide), ``app.close()`` (closes every widget of the
    app). CSS classes: ``thurn-play`` (the app), ``thurn-status``, ``thurn-map``,
    ``thurn-hand``, ``thurn-players-box`` (the players' table), ``thurn-action`` (each legal-action button),
    ``thurn-log``, ``thurn-message``. The variants switched on bring their columns of the players' table, their
    officials' notes, status lines and panels (:class:`thurn.parts.Parts`: Offices of Honor's return picker, with its
    classes ``thurn-return-tile``, ``thurn-return-reward``, ``thurn-return``, ``thurn-return-note``); a panel's
    attributes read as the app's (``app.return_toggles``).
    """

    def __init__(self, players=DEFAULT_PLAYERS, bots=None, seed=None, rules=None, autosave=True, *,
                 state: GameState | None = None, start_player=0, map_width: int = 600,
                 map_height: int | None = None, hint_bot=None, pace=None, undo: str = "teaching",
                 app_mode: bool = False, offer_saved: bool = True, seats: dict | None = None):
        self.pace = _check_pace(pace)
        if undo not in UNDO_MODES:
            raise ValueError(f"undo is 'teaching' (back to any action) or 'fair' (never back before a card "
                             f"revealed from the deck or a bot's action), not {undo!r}.")
        self.undo_mode = undo
        self.app_mode = bool(app_mode)
        self.seats = dict(seats or {})    # {player name: bot kind}, kept in the autosave's meta
        self._listeners: list = []        # called with the app after every update (the game app's game-over screen)
        self._floor: tuple = (None, 0)    # (state, the first action undo may go back to) — fair undo
        self._pending_upload = None       # (name, bytes) of an upload waiting for "replace the game?"
        if state is None:
            state = new_game(players, seed=seed, rules=rules, start_player=start_player)
        elif not isinstance(state, GameState):
            raise TypeError(f"state should be a thurn GameState, not {type(state).__name__}.")
        elif players is not DEFAULT_PLAYERS and tuple(players) != state.names:
            raise ThurnError(f"the players {list(players)} are not those of the given game {list(state.names)}.")
        self.bots = self._check_bots(bots, state.names)
        self.autosave_path = _resolve_autosave(autosave)
        if self.autosave_path is not None:
            _remove_stale_temps(self.autosave_path)     # left by an app stopped while writing
        self.map_width, self.map_height = map_width, map_height
        self.last_update_seconds = 0.0
        self.saved_state: GameState | None = None
        self.game_id = _new_game_id()     # this game's identity in its autosave file
        self._written = None              # the autosave file as this app last wrote it (_signature)
        self._saved: tuple = (None, None)     # the offered game's identity and file signature
        self._saved_path: Path | None = None  # the offered game's file
        self._log_len = 0
        self._logs: list[tuple[GameState, list[str]]] = []
        self._said: list[tuple[GameState, list]] = []    # the log's sentences (as the engine said them) of recent states
        self.keep_toggles: list[widgets.ToggleButton] = []     # the card picker of a keep step with many choices
        self.keep_button: widgets.Button | None = None
        self.hint_bot = hint_bot          # None: GreedyBot's estimates (thurn.bots.hint)
        self.hints: list = []             # the hints shown for the current position, best first
        self._revealed: int | None = None   # hotseat: the human who clicked "Pass to …: show my hand"
        self.pass_button: widgets.Button | None = None     # that button, while it is shown
        self._every_hand = False            # teaching mode's "show every hand" switch
        self._quiet = False
        super().__init__()
        self.add_class("thurn-play")
        self._state = self._run_bots(state)
        self._revealed = self._state.to_move      # the player who begins sits at the screen: no pass step yet
        self._build()
        self._show()
        if offer_saved:
            self._offer_saved_game()

    @classmethod
    def from_state(cls, state: GameState, bots=None, autosave=True, **kwargs) -> "Play":
        """An app that continues ``state`` (a game played elsewhere, or loaded from a file)."""
        return cls(state=state, bots=bots, autosave=autosave, **kwargs)

    # -- the parts of the app ---------------------------------------------------------------------------------------
    def _build(self) -> None:
        full = widgets.Layout(width="100%")
        self._offer_text = widgets.HTML()
        self._resume_button = widgets.Button(button_style="success", layout=widgets.Layout(width="auto"))
        self._new_button = widgets.Button(description="Start a new game", layout=widgets.Layout(width="auto"))
        self._resume_button.on_click(lambda _: self._guard(self.resume))
        self._new_button.on_click(lambda _: self._guard(self.start_new))
        self._offer = widgets.VBox([self._offer_text, widgets.HBox([self._resume_button, self._new_button])],
                                   layout=widgets.Layout(display="none", border="2px solid #1d6b2f",
                                                         padding="6px", margin="4px 0"))

        self._status = widgets.HTML(layout=full)
        self._status.add_class("thurn-status")
        self.map = go.FigureWidget(self._map_figure(self._state, self._state.legal_actions()))
        self._map_box = widgets.VBox([self.map], layout=widgets.Layout(width=f"{self.map_width + 8}px"))
        self._map_box.add_class("thurn-map")
        self._hand = widgets.HTML()
        self._hand.add_class("thurn-hand")
        self._display = widgets.HTML()
        self._table = widgets.HTML(layout=full)       # the whole width: every column shows without a scroll bar
        self._table.add_class("thurn-players-box")
        self._officials = widgets.HTML()
        self.every_hand_box = widgets.Checkbox(value=False, description="show every hand (teaching)", indent=False,
                                               layout=widgets.Layout(width="auto",
                                                                     display="flex" if self.undo_mode == "teaching"
                                                                     else "none"))
        self.every_hand_box.add_class("thurn-every-hand")
        self.every_hand_box.observe(lambda change: self._guard(lambda: self._set_every_hand(change["new"])),
                                    names="value")
        side = widgets.VBox([self._hand, self.every_hand_box, self._display, self._officials],
                            layout=widgets.Layout(flex="1 1 0%", min_width="320px", padding="0 0 0 8px"))

        self._actions = widgets.VBox()
        self.messages = MessageArea(layout=full)
        self._typed = widgets.Text(placeholder="type an action: draw deck · play ulm right · score ulm+augsburg",
                                   layout=widgets.Layout(width="60%"), continuous_update=False)
        self._typed.observe(self._typed_changed, names="value")     # Enter (continuous_update=False)
        do_button = widgets.Button(description="Do it", layout=widgets.Layout(width="auto"))
        do_button.on_click(lambda _: self._guard(self._do_typed))
        self.do_button = do_button
        self._typed_done = False          # the typed action was just played as the box lost focus (Do it's click)
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o", layout=widgets.Layout(width="auto"),
                                          tooltip="the best few actions now, with the reason, drawn on the map")
        self.hint_button.add_class("thurn-hint")
        self.hint_button.on_click(lambda _: self._guard(self.hint))
        typed_row = self._typed_row = widgets.HBox([self._typed, do_button, self.hint_button])
        self._hints = widgets.HTML()
        self._hints.add_class("thurn-hints")

        self._log = widgets.HTML(layout=widgets.Layout(flex="3 1 0%"))
        self._log.add_class("thurn-log")
        self._undo_slider = widgets.IntSlider(min=0, max=0, value=0, description="history",
                                              continuous_update=False, layout=widgets.Layout(width="95%"))
        self._undo_slider.observe(lambda _: self._guard(self._describe_undo), names="value")
        self._undo_text = widgets.HTML()
        undo_button = widgets.Button(description="Back to here", icon="undo",
                                     layout=widgets.Layout(width="auto", align_self="flex-start"))
        undo_button.on_click(lambda _: self._guard(lambda: self.back_to(self._undo_slider.value)))
        self._undo_button = undo_button
        self._save_name = widgets.Text(value="thurn-game.json", description="file",
                                       layout=widgets.Layout(width="70%"))
        save_button = widgets.Button(description="Save", icon="save", layout=widgets.Layout(width="auto"))
        save_button.on_click(lambda _: self._guard(lambda: self.save(self._save_name.value)))
        self._load_name = widgets.Text(placeholder="path of a saved game", description="file",
                                       layout=widgets.Layout(width="70%"))
        load_button = widgets.Button(description="Load", icon="folder-open", layout=widgets.Layout(width="auto"))
        load_button.on_click(lambda _: self._guard(lambda: self.load(self._load_name.value)))
        self._upload = widgets.FileUpload(accept=".json", multiple=False, description="Upload a game",
                                          layout=widgets.Layout(width="auto", align_self="flex-start"))
        self._upload.observe(lambda _: self._guard(self._load_upload), names="value")
        self._download = widgets.HTML()
        self._download.add_class("thurn-download")
        self._confirm_text = widgets.HTML()
        confirm_yes = widgets.Button(description="Replace it", button_style="warning",
                                     layout=widgets.Layout(width="auto"))
        confirm_yes.add_class("thurn-confirm-yes")
        confirm_yes.on_click(lambda _: self._guard(self.confirm_upload))
        confirm_no = widgets.Button(description="Cancel", layout=widgets.Layout(width="auto"))
        confirm_no.on_click(lambda _: self._guard(self.cancel_upload))
        self._confirm = widgets.VBox([self._confirm_text, widgets.HBox([confirm_yes, confirm_no])],
                                     layout=widgets.Layout(display="none", border="2px solid #b06000",
                                                           padding="4px"))
        self._confirm.add_class("thurn-confirm")
        self._undo_title = widgets.HTML(self._undo_help())
        paths = [widgets.HBox([self._save_name, save_button]), widgets.HBox([self._load_name, load_button])]
        if self.app_mode:                  # an app in the browser: download and upload, no paths on the server
            close_tree(*paths)
            paths = []
        tools = widgets.VBox([
            self._undo_title, self._undo_slider, self._undo_text,
            undo_button, widgets.HTML("<b>Save / load</b> the game (a JSON file)"), self._download,
            *paths, self._upload, self._confirm], layout=widgets.Layout(flex="2 1 0%", padding="0 0 0 8px"))

        self._final = widgets.VBox()
        self._game = widgets.VBox([
            self._status,
            widgets.HBox([self._map_box, side], layout=widgets.Layout(flex_flow="row wrap")),
            self._table, self._actions, self.messages,
            typed_row, self._hints, self._final,
            widgets.HBox([self._log, tools], layout=widgets.Layout(flex_flow="row wrap")),
        ])
        self.children = (self._offer, self._game)

    def _check_bots(self, bots, names) -> dict:
        if bots is None:
            return {}
        if not isinstance(bots, dict):
            raise TypeError("bots should be a dict {player name: bot}, e.g. {'Bot': RandomBot(seed=1)}.")
        for name, bot in bots.items():
            if name not in names:
                raise UnknownName("player", name, names, "The keys of bots are player names.")
            if not callable(getattr(bot, "choose", None)):
                raise TypeError(f"the bot for {name} has no choose(state) method: {bot!r}.")
        if all(n in bots for n in names) and self.pace is None:
            raise ThurnError("every player is a bot: leave at least one player to click (or use "
                             "thurn.sim.play_game for a game between bots).")
        return dict(bots)

    # -- reading the app ------------------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The game as it stands now."""
        return self._state

    @property
    def action_buttons(self) -> list[widgets.Button]:
        """The buttons of the legal actions shown now; each has ``.action``."""
        def buttons(box):
            for w in box.children:
                if isinstance(w, widgets.Box):
                    yield from buttons(w)
                elif isinstance(w, widgets.Button) and hasattr(w, "action"):
                    yield w
        return list(buttons(self._actions))

    @property
    def message(self) -> str:
        """The text of the message area (the engine's explanation after an illegal action)."""
        return self.messages.text

    @property
    def bots_pending(self) -> bool:
        """True while a bot is to move and waits for Next (or for its pause) before it acts."""
        return not self._state.is_over and self._state.to_move_name in self.bots

    def on_change(self, fn) -> None:
        """Call ``fn(app)`` after every update of the app (an action, a bot's step, undo, a load)."""
        self._listeners.append(fn)

    @property
    def offer_pending(self) -> bool:
        """True while the app asks whether to resume the autosaved game."""
        return self._offer.layout.display != "none"

    # -- what the screen may show (base rules, 1: the deck's cards are drawn face down) -------------------------------
    @property
    def humans(self) -> list[int]:
        """The seats of the players who click (every seat without a bot)."""
        return [i for i, name in enumerate(self._state.names) if name not in self.bots]

    @property
    def viewer(self) -> int | None:
        """The seat whose hand the screen shows, and whose cards drawn from the deck the log names: the one human
        of a game against bots, always; in a game of two or more humans, the human to move once he has clicked
        "Pass to …: show my hand" (:meth:`reveal`); None: nobody's (every hand a count)."""
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        s = self._state
        return s.to_move if s.to_move in humans and self._revealed == s.to_move and not s.is_over else None

    @property
    def pass_pending(self) -> bool:
        """True while a human is to move in a game of two or more humans and his hand waits for him to click
        "Pass to …: show my hand" (the other humans must not see it)."""
        s = self._state
        return (len(self.humans) > 1 and not s.is_over and not self._every_hand and s.to_move in self.humans
                and self._revealed != s.to_move)

    @property
    def show_every_hand(self) -> bool:
        """Teaching mode's switch (off by default): every hand shown and every card named in the log."""
        return self._every_hand

    @show_every_hand.setter
    def show_every_hand(self, value: bool) -> None:
        if value and self.undo_mode != "teaching":
            raise ThurnError(EVERY_HAND_REFUSED, "fair_game")
        self.every_hand_box.value = bool(value)          # its observer shows the change

    def _set_every_hand(self, value: bool) -> None:
        if value and self.undo_mode != "teaching":
            self.every_hand_box.value = False
            self.messages.error(EVERY_HAND_REFUSED)
            return
        self._every_hand = bool(value)
        self._changed()

    def reveal(self) -> None:
        """The "Pass to …: show my hand" step of a game of two or more humans: the human to move now sits at the
        screen, and his hand (with the moves, the hint and the ringed cities that come from it) is shown."""
        s = self._state
        if not self.pass_pending:
            self.messages.info("No hand is waiting to be shown.")
            return
        self._revealed = s.to_move
        self.messages.info(f"{_whose(s.to_move_name)} hand is shown: {s.to_move_name} to "
                           f"{s.step_info.does}.")
        self._changed()

    def _log_seat(self):
        """Whose view the log and the messages take (see :func:`thurn.turn.base.seen_line`): None every card
        (the switch on), a seat, or -1 as nobody's."""
        if self._every_hand:
            return None
        viewer = self.viewer
        return -1 if viewer is None else viewer

    def __repr__(self) -> str:
        bots = ", ".join(f"{n}: {getattr(b, 'name', type(b).__name__)} bot" for n, b in self.bots.items())
        save = self.autosave_path.name if self.autosave_path is not None else "off"
        return (f"<Play: {_summary(self._state)}; players {', '.join(self._state.names)}"
                f"{f' ({bots})' if bots else ' (hotseat)'}; autosave {save}>")

    # -- acting --------------------------------------------------------------------------------------------------------
    def do(self, action) -> bool:
        """Play ``action`` (an action or its notation, e.g. ``"play ulm right"``) for whoever is to move, then let
        the bots play. An illegal or unreadable action is explained in the message area and changes nothing.
        Returns True when the action was played."""
        if self.offer_pending:
            self.messages.error("First choose: resume the saved game, or start the new one.")
            return False
        if self.bots_pending:
            self.messages.error(f"It is {self._state.to_move_name}'s turn (a bot): click Next to see its action.")
            return False
        if isinstance(action, str):
            try:
                action = self._state.ruleset.parse(action)     # an expansion's notation too ("return ...")
            except ValueError as e:
                self.messages.error(str(e))
                return False
        t0 = time.perf_counter()
        before = self._state
        try:
            after = self._apply(before, action)     # checked once, by the engine, and said once (its say callback)
        except IllegalAction as why:
            self.messages.error(f"Not allowed: {why}")
            return False
        if self.pass_pending:           # an action typed in code: the player to move is the one at the screen
            self._revealed = before.to_move
        self._state = self._run_bots(after)
        self._tell(before, after)
        self._changed()
        self.last_update_seconds = time.perf_counter() - t0
        self.play_bots(then=True)
        return True

    # -- the bots' turns in view ---------------------------------------------------------------------------------------
    def step_bot(self) -> bool:
        """The bot to move takes one action: it is applied, drawn on the map and said in words (the log's sentence
        for it). Returns False (and says why) when no bot is to move."""
        s = self._state
        if self.offer_pending or not self.bots_pending:
            self.messages.info("No bot is to move now." if not s.is_over else "The game is over.")
            return False
        t0 = time.perf_counter()
        after = self._bot_action(s)
        self._state = after
        said = " ".join(self._log_of(after)[len(self._log_of(s)):])
        if after.is_over:
            said += f" The game is over: {after.winner()} wins."
        elif self.bots_pending:
            said += f" Next: {_whose(after.to_move_name)} action."
        else:
            said += f" {_whose(after.to_move_name)} turn."
        self.messages.info(said)
        self._changed()
        self.last_update_seconds = time.perf_counter() - t0
        return True

    def play_bots(self, pause=None, then: bool = False) -> int:
        """With a pace in seconds: the bots take their actions one after another, each shown, with the pause
        between them, until a human is to move (or the game ends); ``pause`` overrides the pace. With
        ``pace="step"`` they wait for Next (:meth:`step_bot`), and with ``pace=None`` they have already moved.
        Returns the number of bot actions taken; ``then``: the message goes on from the human action's."""
        if pause is None:
            if self.pace is None or self.pace == "step":
                return 0
            pause = self.pace
        if not pause:                          # no pause: every bot action at once, then one update
            return self._bots_at_once(then)
        n = 0
        while self.bots_pending and not self.offer_pending:
            time.sleep(pause)
            self.step_bot()
            n += 1
        return n

    def _bots_at_once(self, then: bool = False) -> int:
        before = s = self._state
        if self.offer_pending or not self.bots_pending:
            return 0
        while not s.is_over and s.to_move_name in self.bots:
            s = self._bot_action(s)
        self._state = s
        lines = self._log_of(s)[len(self._log_of(before)):]
        n = len(s.history) - len(before.history)
        last = "" if s.is_over else f" The last: {lines[-1]}"
        text = (" ".join(lines) if len(lines) <= BOT_LINES_MAX else
                f"The bots took {n} actions (all of them in the log).{last}")
        text += f" The game is over: {s.winner()} wins." if s.is_over else f" {_whose(s.to_move_name)} turn."
        lead = self.messages.text if then and self.messages.kind == "info" else ""
        self.messages.info(f"{lead} Then: {text}" if lead else text)
        self._changed()
        return len(s.history) - len(before.history)

    def _bot_action(self, state: GameState) -> GameState:
        bot = self.bots[state.to_move_name]
        action = bot.choose(state)
        try:
            return self._apply(state, action)
        except IllegalAction as why:
            raise ThurnError(f"the bot of {state.to_move_name} chose an illegal action ({action}): {why}") from None

    def _apply(self, state: GameState, action) -> GameState:
        """``state.apply(action)``, its log sentences kept as the engine says them (the log grows by them: the game
        is not replayed to find what an action said). Raises IllegalAction, the state unchanged."""
        said: list = []
        after = state.apply(action, said.append)
        self._said = [(after, self._said_of(state) + said)] + self._said[:SAID_KEPT - 1]
        return after

    def _said_of(self, state: GameState) -> list:
        """Every sentence of ``state``'s log as the engine said it (each as a viewer may read it: seen_line): kept
        for the last few states; a state the app did not make (loaded, undone to) is replayed once."""
        for s, lines in self._said:
            if s is state:
                return lines
        lines = turn.start_text(state.root)
        s = state.root
        for a in state.history:
            s = s.apply(a, lines.append)
        self._said = [(state, lines)] + self._said[:SAID_KEPT - 1]
        return lines

    def hint(self, n: int = 3) -> list:
        """The best ``n`` actions for the player to move, with reasons (``thurn.bots.hint``): listed under the
        buttons, the best drawn on the map (its card ringed, its route dashed, its houses hollow)."""
        from ..bots.hint import hint

        s = self._state
        if s.is_over:
            self.messages.info("The game is over: there is nothing left to hint at.")
            return []
        if not self._every_hand and self.viewer != s.to_move:
            self.messages.info(f"A hint is for the player at the screen: it would show {_whose(s.to_move_name)} "
                               f"cards, which only {s.to_move_name} may see.")
            return []
        self.hints = hint(s, n=n, bot=self.hint_bot)
        rows = "".join(f"<li><b>{html.escape(h.words or str(h.action))}</b> <small>(worth {h.value:+.1f})</small>: "
                       f"{html.escape(h.reason)}</li>" for h in self.hints)
        self._hints.value = (f"<div style='margin:4px 0;white-space:normal'><b>Hint</b> for "
                             f"{html.escape(s.to_move_name)}, best first (the best is drawn on the map). "
                             f"<small>“worth” is the bot's estimate of what the action adds to the final score, in "
                             f"points, against the other actions now: only the order counts.</small>"
                             f"<ol style='margin:2px 0'>{rows}</ol></div>")
        self._show_map(s, s.legal_actions())
        return self.hints

    def back_to(self, k: int) -> None:
        """Undo: the game as it was after its first ``k`` actions, replayed from its start (``state.root``).
        If a bot is to move there, it plays again from there."""
        history = self._state.history
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= len(history):
            raise ValueError(f"back_to takes a number of actions from 0 to {len(history)}, not {k!r}.")
        if k == len(history):
            self.messages.info("That is where the game is now.")
            return
        floor = self.undo_floor
        if k < floor:
            self.messages.error(
                f"Not in a fair game: undo goes back to action {floor} at most (the last card revealed from the "
                f"deck or the last bot's action), so that it never shows what the deck holds. Start a game in "
                f"teaching mode to take back anything.")
            return
        self._state = self._run_bots(self._replay(k))
        self.messages.ok(f"Back to after action {k} of {len(history)}: {_summary(self._state)}.")
        self._changed()
        self.play_bots()

    @property
    def undo_floor(self) -> int:
        """How far back undo may go (a number of actions). Teaching mode: 0, the start. Fair mode: just after the
        last action that revealed a card from the deck (a draw, the display refilled, the Administrator) or that a
        bot took — a card once seen stays seen, and a bot's answer is not asked twice."""
        s = self._state
        if self.undo_mode != "fair":
            return 0
        known, floor = self._floor
        n = len(s.history)
        if known is s:
            return floor
        if known is None or len(known.history) > n or known.root != s.root or any(
                a.notation != b.notation for a, b in zip(known.history, s.history)):
            known, floor = s.root, 0
        k = len(known.history)
        for a in s.history[k:]:
            after = known.apply(a)
            k += 1
            if _reveals(known, after) or known.to_move_name in self.bots:
                floor = k
            known = after
        self._floor = (s, floor)
        return floor

    def _undo_help(self) -> str:
        if self.undo_mode == "fair":
            return ("<b>Undo</b> (fair game): slide back to an earlier action of this turn — never before a card "
                    "revealed from the deck or a bot's action, so undo cannot show what the deck holds")
        return "<b>Undo</b> (teaching mode): slide back to any earlier action"

    def _replay(self, k: int) -> GameState:
        s = self._state.root
        for a in self._state.history[:k]:
            s = s.apply(a)
        return s

    def _playable(self, state: GameState) -> GameState:
        """``state``, if someone in it is not a bot (a loaded game may have other players: they click)."""
        if all(n in self.bots for n in state.names) and self.pace is None:
            raise ThurnError(f"every player of that game ({', '.join(state.names)}) is a bot here; "
                             f"at least one must click.")
        return state

    def _run_bots(self, state: GameState) -> GameState:
        """With ``pace=None`` the bots' actions at once; with a pace they wait to be shown one by one."""
        if self.pace is not None:
            return state
        while not state.is_over and state.to_move_name in self.bots:
            state = self._bot_action(state)
        return state

    def _typed_changed(self, change) -> None:
        """The typed action is sent when the box loses focus or on Enter (``continuous_update=False``): clicking
        Do it sends it this way first, so the click that follows finds the box empty and the action done."""
        if change["new"].strip():
            self._guard(lambda: self._do_typed(sent=True))

    def _do_typed(self, sent: bool = False) -> None:
        text = self._typed.value.strip()
        if not text:
            if self._typed_done:          # Do it, after its own text was sent on leaving the box: already played
                self._typed_done = False
                return
            self.messages.error("Type an action first, e.g. 'draw deck', 'play ulm right', 'end'.")
            return
        done = self.do(text)
        if done:
            self._typed.value = ""
        self._typed_done = sent and done

    def _tell(self, before: GameState, after: GameState) -> None:
        """The message after an action: what the engine logged for it, and the bots' moves in short."""
        said = self._log_of(after)[len(self._log_of(before)):]
        text = " ".join(said)
        if self._state is not after:
            theirs = self._log_of(self._state)[len(said) + len(self._log_of(before)):]
            more = len(theirs) - BOT_LINES_MAX
            told = " ".join(theirs[:BOT_LINES_MAX]) + (f" … and {more} more, in the log." if more > 0 else "")
            text += f" Then: {told}"
            if self._state.is_over:
                text += f" The game is over: {self._state.winner()} wins."
            else:
                text += f" {_whose(self._state.to_move_name)} turn."
        elif self.bots_pending and self.pace == "step":
            text += f" {_whose(after.to_move_name)} turn (a bot): click Next to see each of its actions."
        self.messages.info(text)

    def _log_of(self, state: GameState) -> list[str]:
        """``state.log(viewer)`` as the screen may show it (:meth:`_log_seat`), remembered for the last few states
        (the log is replayed from the start)."""
        seat = self._log_seat()
        for s, k, lines in self._logs:
            if s is state and k == seat:
                return lines
        lines = [seen_line(line, seat) for line in self._said_of(state)]      # as state.log(viewer) reads it
        self._logs = [(state, seat, lines)] + self._logs[:2]
        return lines

    # -- save, load, autosave -------------------------------------------------------------------------------------
    def save(self, path, overwrite: bool = False) -> Path | None:
        """Write the game (setup, actions and position: ``state.to_json()``) to ``path``; returns the path, or None
        (and says why in the message area) when it was not written. An existing file is replaced only when it is a
        thurn save (game or position file), or with ``overwrite=True``; a read-only file, a folder or a device is
        never replaced."""
        path = Path(str(path).strip() or "thurn-game.json")
        refusal = _save_refusal(path, overwrite)
        if refusal is not None:
            self.messages.error(refusal)
            return None
        try:
            _write(path, self._state.to_json(indent=1))
        except OSError as e:
            self.messages.error(f"Could not save the game to {path}: {e.strerror or e}.")
            return None
        self.messages.ok(f"Saved the game ({_summary(self._state)}) to {path}.")
        return path

    def load(self, source) -> bool:
        """Load a saved game: a file path, or the JSON text (or bytes) of a save. A file that cannot be read or
        is not a thurn game is explained in the message area, and the game in play stays as it was. A file read
        is a regular file of at most ``MAX_SAVE_BYTES``."""
        name = "the upload"
        try:
            if isinstance(source, (bytes, bytearray, memoryview)):
                text = _bounded(bytes(source), name)
            elif isinstance(source, str) and source.lstrip().startswith("{"):
                name = "the text"
                text = _bounded(source, name)
            else:
                if not str(source).strip():
                    self.messages.error("Give the path of a saved game to load.")
                    return False
                path = Path(str(source).strip())
                name = str(path)
                try:
                    text = _read_save(path)
                except OSError as e:
                    self.messages.error(f"Could not read {path}: {e.strerror or e}.")
                    return False
            state, meta = _parse_save(text, self._boards())
            state = self._playable(state)
        except (ThurnError, ValueError, KeyError) as e:
            self.messages.error(f"Could not load {name}: {_short(e)}")
            return False
        self._close_offer()
        self.game_id = _game_id(meta) or _new_game_id()
        self._state = self._run_bots(state)
        self.messages.ok(f"Loaded {name}: {_summary(self._state)}.")
        self._changed()
        self.play_bots()
        return True

    def _load_upload(self) -> None:
        files = self._upload.value
        if not files:
            return
        item = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
        name = str(item.get("name", "the upload"))[:80]
        data = bytes(item["content"])
        if self._state.history and not self._state.is_over:          # never replace a game in progress unasked
            self._pending_upload = (name, data)
            kept = (f"it stays autosaved in {self.autosave_path.name}" if self.autosave_path is not None
                    else "it is lost unless you download it first")
            self._confirm_text.value = (f"<b>Replace the game in progress</b> ({html.escape(_summary(self._state))})"
                                        f" with {html.escape(name)}? {html.escape(kept)}.")
            self._confirm.layout.display = "flex"
            self.messages.info(f"Load {name}? Confirm under the upload button.")
            return
        self._load_named(name, data)

    def confirm_upload(self) -> bool:
        """Load the upload waiting for confirmation (the game in progress stays in its autosave file)."""
        pending, self._pending_upload = self._pending_upload, None
        self._confirm.layout.display = "none"
        if pending is None:
            self.messages.error("There is no upload waiting to be loaded.")
            return False
        return self._load_named(*pending)

    def cancel_upload(self) -> None:
        self._pending_upload = None
        self._confirm.layout.display = "none"
        self.messages.info("The upload was not loaded; the game goes on.")

    @property
    def upload_pending(self) -> bool:
        """True while an upload waits for "replace the game in progress?"."""
        return self._pending_upload is not None

    def _load_named(self, name: str, data: bytes) -> bool:
        ok = self.load(data)
        if ok and self.messages.kind == "ok":
            self.messages.ok(f"Loaded {name}: {_summary(self._state)}.")
        return ok

    # -- download ------------------------------------------------------------------------------------------------------
    @property
    def download_name(self) -> str:
        return f"thurn-{self.game_id[:12]}.json"

    def download_html(self, game: dict | None = None) -> str:
        """A link that saves the game (``state.to_json()``) as a file in the browser: a ``data:`` URI. ``game``: the
        game's ``state.to_dict()`` when it was made already (a click serialises the game once)."""
        text = json.dumps(self._state.to_dict() if game is None else game, ensure_ascii=False, indent=1)
        if len(text) > MAX_SAVE_BYTES:
            return "<small>The game is too large to download here.</small>"
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = html.escape(self.download_name)
        return (f"<a class='thurn-download-link' download='{name}' href='data:application/json;base64,{data}' "
                f"style='display:inline-block;padding:3px 10px;border:1px solid #888;border-radius:3px;"
                f"background:#f4f4f4;color:#222;text-decoration:none;margin:2px 0'>⤓ Download the game "
                f"({name})</a>")

    def _autosave(self, game: dict | None = None) -> None:
        """Write the game with its identity to the autosave file, unless the file is another unfinished game's
        (then to a free name beside it), cannot be read (kept aside first), or is read-only (autosave off).
        ``game``: the game's ``state.to_dict()`` when it was made already."""
        path = self.autosave_path
        if path is None:
            return
        try:
            path = self._autosave_target(path)
            if path is None:
                return
            _write(path, json.dumps(self._autosave_dict(game), ensure_ascii=False))
            self._written = _signature(path)
        except OSError as e:
            self._autosave_off(f"writing {path} failed ({e.strerror or e})")

    def _autosave_dict(self, game: dict | None = None) -> dict:
        d = dict(self._state.to_dict() if game is None else game)
        d["meta"] = {"game_id": self.game_id, "app": APP_NAME,
                     "saved_at": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")}
        if self.seats:
            d["meta"]["seats"] = dict(self.seats)
        return d

    def _autosave_target(self, path: Path) -> Path | None:
        """The file this game's autosave may replace now: ``path``, or a free name beside it when ``path`` holds
        another game in progress; None when autosave had to be switched off."""
        read_only = _read_only(path)
        if read_only is not None:
            self._autosave_off(read_only)
            return None
        now = _signature(path)
        if now is None or now == self._written:         # no file yet, or the file as this app last wrote it
            return path
        whose, found = self._whose(path)
        if whose in ("ours", "finished"):
            return path
        if whose == "bad":
            note = self._keep_aside(path, found)
            self._notice(note, "error")
            return self.autosave_path
        new = _free_name(path)
        self._written = _signature(new)
        self.autosave_path = new
        self._notice(f"{path.name} holds another game in progress ({_summary(found)}): it is left as it is, and "
                     f"this game autosaves to {new.name}.", "info")
        return new

    def _boards(self) -> dict:
        """The board this app plays on, by the name its save files give it: a board loaded from a path by code
        may be named by this app's own files (a save file alone may name only installed boards)."""
        s = self._state
        return {s.rules.board: s.board}

    def _whose(self, path: Path):
        """What the autosave file at ``path`` holds: ("ours", state) — this game, or the start of it; ("finished",
        state) — a finished game, which may be replaced; ("other", state) — another game in progress; ("bad",
        error) — nothing readable."""
        try:
            state, meta = _parse_save(_read_save(path), self._boards())
        except Exception as e:              # any failure to load, RecursionError and OSError included
            return "bad", e
        gid = _game_id(meta)
        if (gid is None or gid == self.game_id) and _continues(self._state, state):
            return "ours", state
        if state.is_over:
            return "finished", state
        return "other", state

    def _keep_aside(self, path: Path, problem) -> str:
        """Move the unreadable file ``path`` to ``<name>.bad-<time>.json`` beside it (never over an existing file);
        the sentence that says so. When it cannot be moved, autosave is switched off and the file left as it is."""
        why = _short(problem).rstrip(".")
        read_only = _read_only(path)
        try:
            if read_only is not None:
                raise PermissionError(read_only)
            bad = _move_aside(path)
        except OSError as e:
            self.autosave_path = None
            return (f"The autosave file {path.name} could not be loaded ({why}), and it could not be kept aside "
                    f"({e.strerror or e}): it is left as it is, and autosave is off.")
        self._written = None
        return (f"The autosave file {path.name} could not be loaded ({why}). It is kept as {bad.name}, and this "
                f"new game autosaves to {path.name}.")

    def _autosave_off(self, reason: str) -> None:
        self.autosave_path = None
        self._notice(f"Autosave is off: {reason}. The file is left as it is; save the game with Save.", "error")

    def _notice(self, text: str, kind: str) -> None:
        """Add ``text`` to the message shown (an error makes the whole message an error)."""
        old = self.messages.text
        if old and self.messages.kind == "error":
            kind = "error"
        self.messages.show(f"{old} {text}" if old else text, kind)

    def _offer_saved_game(self) -> None:
        """At the start: offer to resume the game played last (the game in progress of the autosave file or of one
        beside it, ``play-2...``, written last); keep an unreadable autosave file aside and play the new game; adopt
        the file's identity when it is this very game."""
        path = self.autosave_path
        if path is None:
            return
        if not os.path.lexists(path):
            self._offer_latest(path)
            return
        try:
            sig = _signature(path)
            saved, meta = _parse_save(_read_save(path), self._boards())
        except PositionError as e:
            if e.reason == "not_a_file":
                self._autosave_off(str(e))
                return
            self._notice(self._keep_aside(path, e), "error")
            self._offer_latest(path)
            return
        except Exception as e:               # RecursionError, UnicodeDecodeError, OSError, ...: never stop the app
            self._notice(self._keep_aside(path, e), "error")
            self._offer_latest(path)
            return
        if not saved.is_over and _continues(self._state, saved):    # this very game (e.g. Play.from_state)
            self.game_id = _game_id(meta) or self.game_id
            self._written = sig
            return
        self._offer_latest(path)

    def _offer_latest(self, path: Path) -> None:
        """Offer the game in progress of ``path``'s autosave family written last (this very game: take over its
        file and identity instead); name the others, and the files that could not be loaded."""
        latest, others, bad = _latest_in_progress(path, self._boards())
        if bad:
            self._notice(_not_offered(bad), "error")
        if latest is None:
            return
        file, saved, meta, sig = latest
        if _continues(self._state, saved):
            self.autosave_path, self._written = file, sig
            self.game_id = _game_id(meta) or self.game_id
            return
        self.saved_state = saved
        self._saved = (_game_id(meta), sig)
        self._saved_path = file
        self._offer_text.value = (f"<b>A game in progress was saved</b> in <code>{html.escape(file.name)}</code> "
                                  f"(players {html.escape(', '.join(saved.names))})."
                                  f"{html.escape(_others_text(others))}")
        self._resume_button.description = f"Resume the saved game ({_summary(saved)})"
        self._new_button.description = "Start a new game (the saved one is kept)"
        self._offer.layout.display = "flex"
        self._game.layout.display = "none"

    def resume(self) -> None:
        """Continue the autosaved game (after a kernel restart or a closed tab): this app takes over its identity
        and its file."""
        if self.saved_state is None:
            self.messages.error("There is no saved game to resume.")
            return
        try:
            saved = self._playable(self.saved_state)
        except ThurnError as e:
            self.messages.error(str(e))
            return
        gid, sig = self._saved
        self.game_id = gid or _new_game_id()
        self.autosave_path = self._saved_path or self.autosave_path        # the file of the game resumed
        self._written = sig
        self._state = self._run_bots(saved)
        self._close_offer()
        self.messages.ok(f"Resumed the saved game: {_summary(self._state)}.")
        self._show()
        self.play_bots()

    def start_new(self) -> None:
        """Play the new game; the saved game stays in its file, and this one autosaves to a free name beside it."""
        self._close_offer()
        where = self.autosave_path.name if self.autosave_path is not None else "its file"
        self.messages.info(f"New game: {_summary(self._state)}. The saved game stays in {where}; this game "
                           f"autosaves to a new file beside it.")

    def _close_offer(self) -> None:
        self._offer.layout.display = "none"
        self._game.layout.display = "flex"

    def _guard(self, fn) -> None:
        """Run a click handler; an unexpected error is shown in the message area (and still raised)."""
        try:
            fn()
        except Exception as e:
            self.messages.error(f"Something went wrong: {type(e).__name__}: {e}")
            raise

    def _changed(self) -> None:
        self.hints = []
        self._hints.value = ""
        game = self._state.to_dict()        # serialised once: the download link and the autosave file
        self._show(game)
        self._autosave(game)

    # -- showing the game ----------------------------------------------------------------------------------------------
    def _show(self, game: dict | None = None) -> None:
        s = self._state
        legal = s.legal_actions()
        self._show_status(s)
        self._show_map(s, legal)
        self._show_hand(s)
        self._table.value = self._players_html(s)
        self._officials.value = self._officials_html(s, legal)
        self._show_actions(s, legal)
        self._show_log(s)
        self._show_undo(s)
        self._show_final(s)
        self._download.value = self.download_html(game)
        for fn in self._listeners:
            fn(self)

    def _show_status(self, s: GameState) -> None:
        if s.is_over:
            text = f"<b>Game over</b> after {s.turn_number} turns: <b>{html.escape(s.winner())}</b> wins."
        else:
            info = s.step_info
            who = html.escape(s.to_move_name) + (" (bot)" if s.to_move_name in self.bots else "")
            owner = "" if s.turn_owner_name == s.to_move_name else f", {html.escape(_whose(s.turn_owner_name))} turn"
            text = (f"<b>Round {s.round_number}{owner}</b> · <b>{who}</b> to "
                    f"{html.escape(info.does)} <i>({html.escape(info.rule)})</i>")
            own = next((x for x in (p.status_html(s, who) for p in parts_on(s)) if x is not None), None)
            if own is not None:             # a step of a variant's own (Offices of Honor's return rounds)
                text = own
            elif s.interrupted:           # an expansion's decisions in the middle of someone's turn
                waiting = len(s.interruptions)
                text += (f" — in the middle of <b>{html.escape(s.turn_owner_name)}</b>'s turn, which goes on after "
                         f"{waiting} more decision{'s' if waiting != 1 else ''}")
        self._status.value = f"<div style='font-size:1.1em;margin:4px 0'>{text}</div>"

    def _show_map(self, s: GameState, legal) -> None:
        viz.refresh(self.map, self._map_figure(s, legal))

    def _map_figure(self, s: GameState, legal) -> go.Figure:
        """The board with the houses and the route of the player to move; the cards that fit ringed. Its width
        is fixed: a plotly figure drawn inside a widget box cannot always measure the box."""
        shown = self._every_hand or self.viewer == s.to_move        # the ringed cities come from the mover's hand
        fits = [a.city for a in legal if isinstance(a, PlayCard) and a.end != "new"] if shown else []
        if self.hints:
            best = self.hints[0]
            fig = viz.board_figure(s, candidates=best.cities, suggestion=list(best.route) or None,
                                   placement=best.houses, height=self.map_height)
            named = html.escape(best.words or str(best.action))
            fig.update_layout(title_text=f"Hint: {named}<br><sup>the reason is written "
                                         f"under the buttons</sup>")
        else:
            fig = viz.board_figure(s, candidates=list(dict.fromkeys(fits)), height=self.map_height)
            self._hide_kept_cards(s, fig)
        return fig.update_layout(width=self.map_width)

    def _hide_kept_cards(self, s: GameState, fig: go.Figure) -> None:
        """The map's title names the last action: another player's cards kept in hand become a count (base rules,
        3d), as in the log."""
        history = s.history
        if not history or history[-1].kind != "keep" or self._every_hand:
            return
        hide_kept_cards(fig, history[-1], self._replay(len(history) - 1).to_move, self._log_seat())

    def _show_hand(self, s: GameState) -> None:
        """The viewer's hand; the others' are counts (base rules, 1); the switch on: every hand."""
        seats = range(s.num_players) if self._every_hand else [] if self.viewer is None else [self.viewer]
        rows = [f"<div><b>{html.escape(_whose(s.names[i]), quote=False)} hand</b> ({_cards(len(s.player(i).hand))}):"
                f" {card_chips(s.board, s.player(i).hand, 'no card')}</div>" for i in seats]
        if not rows:
            who = s.to_move_name
            n = _cards(len(s.player().hand))
            rows = [f"<div><b>{html.escape(_whose(who), quote=False)} hand</b> ({n}): hidden — "
                    + (f"{html.escape(who)} clicks “Pass to {html.escape(who)}: show my hand” to see it</div>"
                       if self.pass_pending else "every hand is a count in the players' table</div>")]
        self._hand.value = "".join(rows)
        self._display.value = (f"<div style='margin-top:4px'><b>Display</b>: "
                               f"{''.join(card_chip(s.board, c) for c in s.display_cards)} · deck {s.deck_size} · "
                               f"discard {s.discard_size}</div>")

    def _players_html(self, s: GameState) -> str:
        colors = viz.player_colors(s.num_players)
        records = {r["player"]: r for r in s.score_records()}
        rows = []
        extra = self._variant_columns(s)
        for i, name in enumerate(s.names):
            p = s.player(i)
            mark = "▶ " if i == s.to_move and not s.is_over else ""
            bot = " <small>(bot)</small>" if name in self.bots else ""
            tiles = ", ".join(f"{s.board.stack(t).name} {v}" for t, v in p.tiles) or "—"
            r = records[name]
            parts = " ".join(f"{SCORE_HEADS.get(k, k.replace('_', ' '))} {v:+d}" for k, v in r.items()
                             if k not in ("player", "seat", "total") and isinstance(v, int))
            rows.append(
                f"<tr><td style='white-space:nowrap'>{mark}<span style='color:{colors[i]}'>■</span> "
                f"<b>{html.escape(name)}</b>{bot}</td><td>{len(p.hand)}</td>"
                f"<td>{card_chips(s.board, p.route, 'no route', '–')}</td>"
                f"<td style='white-space:nowrap'>{len(p.houses)} placed, {p.houses_left} left</td>"
                f"<td title='the highest carriage taken (its points count in the score)'>{p.carriage or '—'}</td>"
                f"<td>{html.escape(tiles)}</td>{''.join(cells[i] for _, cells in extra)}"
                f"<td title='{html.escape(parts)}'><b>{r['total']}</b></td></tr>")
        head = ("<tr><th>player</th><th>cards</th><th>route</th><th>houses</th><th>carriage</th><th>tiles</th>"
                f"{''.join(head for head, _ in extra)}<th>score now</th></tr>")
        start = s.root.player(0).houses_left
        note = (f"<div style='font-size:0.85em;color:#555;margin-top:2px;white-space:normal'>Score now: the highest "
                f"carriage's points + bonus "
                f"tiles − 1 for each house not placed yet (Game End and Scoring), so every player starts at "
                f"−{start}: no house placed. Hover over a score for its parts.</div>")
        cell = "th, td {padding:2px 12px 2px 4px;text-align:left;vertical-align:top;border-bottom:1px solid #e3e3e3}"
        style = "border-collapse:collapse;margin-top:6px;font-size:0.95em;line-height:1.4"
        return (f"<style>{cell.replace('th, td', '.thurn-players th, .thurn-players td')}</style>"
                f"<div style='white-space:normal'><table class='thurn-players' style='{style}'>{head}{''.join(rows)}"
                f"</table>{note}</div>")

    @staticmethod
    def _variant_columns(s: GameState) -> list:
        """The players table's columns of the variants switched on: (head html, a cell html per player)."""
        return [column for part in parts_on(s) for column in part.player_columns(s)]

    def _officials_html(self, s: GameState, legal) -> str:
        if not (self._every_hand or self.viewer == s.to_move):
            legal = ()                 # who may help now comes from the mover's hand: not said while it is hidden
        calls = {s.board.official(a.official).id: a for a in legal if isinstance(a, CallOfficial)}
        callable_now = set(calls)
        if any(isinstance(a, Score) and a.cartwright for a in legal):
            callable_now.add("cartwright")
        used = s.officials
        texts = s.ruleset.texts
        items = []
        for o in s.board.officials:
            if o.id in used:
                note = "<b>helped this turn</b>"
            elif o.id in callable_now:
                price = "".join(p.official_price(s, calls[o.id]) for p in parts_on(s)) if o.id in calls else ""
                note = f"<span style='color:#1d6b2f'>can help now{price}</span>"
            elif not legal and not s.is_over:
                note = f"<span style='color:#777'>{html.escape(s.to_move_name)}'s choice</span>"
            else:
                note = "<span style='color:#777'>not now</span>"
            effect = texts.get(f"official {o.id}", o.effect)     # an expansion may widen what he does
            items.append(f"<li><b>{html.escape(o.name)}</b> ({html.escape(effect)}): {note}</li>")
        notes = "".join(p.officials_note(s) for p in parts_on(s))
        return (f"<div style='margin-top:6px;line-height:1.4'><b>Officials</b> — {html.escape(texts['officials'])} "
                f"({html.escape(texts['officials_rule'])}){notes}<ul style='margin:2px 0'>{''.join(items)}</ul>"
                f"</div>")

    def _show_log(self, s: GameState) -> None:
        lines = self._log_of(s)
        new = max(0, len(lines) - self._log_len)
        self._log_len = len(lines)
        shown = lines[-LOG_LINES:]
        first_new = len(shown) - min(new, len(shown))
        body = "".join(
            f"<div style='{'background:#fff6d5;' if i >= first_new else ''}padding:0 3px'>{html.escape(t)}</div>"
            for i, t in enumerate(shown))
        where = "download the game" if self.app_mode else "<code>app.state.log()</code>"
        more = (f"<div style='color:#777'>… {len(lines) - len(shown)} earlier lines (all of them: "
                f"{where})</div>") if len(lines) > len(shown) else ""
        self._log.value = (f"<b>Log</b><div style='max-height:260px;overflow-y:auto;display:flex;line-height:1.4;"
                           f"flex-direction:column-reverse;border:1px solid #ddd;font-size:0.9em'>"
                           f"<div>{more}{body}</div></div>")

    def _show_undo(self, s: GameState) -> None:
        """The history slider from the first action undo may go back to, to now. When nothing can be undone it is
        disabled and shows the whole game at its right end (a slider from n to n would sit at its left end)."""
        n = len(s.history)
        floor = min(self.undo_floor, n)
        stuck = floor >= n
        self._quiet = True
        try:
            self._undo_slider.max = n
            self._undo_slider.value = n
            self._undo_slider.min = 0 if stuck else floor
            self._undo_slider.disabled = stuck
            self._undo_button.disabled = stuck
        finally:
            self._quiet = False
        why = ""
        if stuck and n:
            why = (" — nothing to undo: in a fair game undo never goes back before a card revealed from the deck or "
                   "a bot's action")
        self._undo_text.value = (f"<small>now: after {n} action{'s' if n != 1 else ''} "
                                 f"({html.escape(_summary(s))}){why}</small>")

    def _describe_undo(self) -> None:
        if self._quiet:
            return
        k = self._undo_slider.value
        history = self._state.history
        if k >= len(history):
            self._undo_text.value = f"<small>now: {html.escape(_summary(self._state))}</small>"
            return
        there = self._replay(k)
        mover = self._replay(k - 1).to_move if k else None
        last = (f"last: {self._state.names[mover]}: {seen_action(history[k - 1], mover, self._log_seat())}" if k
                else "the start")
        bot = (f" — {there.to_move_name} is a bot and plays again from there"
               if there.to_move_name in self.bots and not there.is_over else "")
        self._undo_text.value = (f"<small>after {k} of {len(history)} actions ({html.escape(last)}): "
                                 f"{html.escape(_summary(there))}{html.escape(bot)}</small>")

    def _show_final(self, s: GameState) -> None:
        close_tree(*self._final.children)
        if not s.is_over or self.app_mode:         # the game app shows its own game-over screen
            self._final.children = ()
            return
        table = final_table_html(s)
        chart = go.FigureWidget(viz.score_chart(s))
        self._final.children = (widgets.HTML(f"<h3>Final scores — {html.escape(s.winner())} wins</h3>{table}"),
                                chart)

    # -- the action buttons --------------------------------------------------------------------------------------------
    def _show_actions(self, s: GameState, legal) -> None:
        close_tree(*self._actions.children)
        self._typed_row.layout.display = "none" if self.pass_pending else "flex"
        if self.bots_pending:
            self._actions.children = self._bot_controls(s)
            return
        if self.pass_pending:
            who = s.to_move_name
            self.pass_button = widgets.Button(description=f"Pass to {who}: show my hand", button_style="primary",
                                              icon="eye", layout=widgets.Layout(width="auto",
                                                                                align_self="flex-start"))
            self.pass_button.add_class("thurn-pass")
            self.pass_button.on_click(lambda _: self._guard(self.reveal))
            self._actions.children = [
                widgets.HTML(f"<b>{html.escape(_whose(who), quote=False)} turn</b> — pass the screen to "
                             f"{html.escape(who)}: the hand stays hidden until {html.escape(who)} clicks"),
                self.pass_button]
            return
        by_group: dict[str, list] = {}
        for a in words.merge_ends(s, legal):
            by_group.setdefault(words.group(a), []).append(a)
        who = "" if s.is_over else f"{html.escape(_whose(s.to_move_name), quote=False)} move"
        rows = [widgets.HTML(f"<b>{who}</b> — one button per legal action, or type one below" if who else "")]
        if "keep" in by_group and len(by_group["keep"]) > KEEP_BUTTONS_MAX:
            rows.append(self._keep_picker(s))
            del by_group["keep"]
        for panel in self._panels_of(s):
            panel.reset()
            box = panel.widget(s, by_group)
            if box is not None:
                rows.append(box)
        labels = words.labels(s, [a for acts in by_group.values() for a in acts])
        kinds = s.ruleset.kinds
        titled = words.group_titles(s)
        for key, acts in sorted(by_group.items(), key=lambda kv: words.group_order(kv[0])):
            kind = kinds.get(key)
            head = widgets.HTML(f"<b>{html.escape(titled.get(key, key))}</b>", layout=widgets.Layout(width="150px"))
            if kind is not None and key not in dict(words.GROUPS):
                head.tooltip = f"{kind.text} — e.g. {kind.notation} ({kind.rule})"
            buttons = [self._button(s, a, labels) for a in acts]
            rows.append(widgets.HBox([head] + buttons, layout=widgets.Layout(flex_flow="row wrap")))
        if s.is_over:
            rows.append(widgets.HTML("The game is over: no more actions."))
        self._actions.children = rows

    def _button(self, s: GameState, action, labels) -> widgets.Button:
        b = widgets.Button(description=labels.get(action) or words.label(s, action),
                           tooltip=f"{action} — type: {action.notation}",
                           layout=widgets.Layout(width="auto", margin="1px 2px"))
        city = getattr(action, "city", None)
        if city is not None:
            b.style.button_color = province_color(s.board, city)
            b.style.text_color = text_color(b.style.button_color)
        elif isinstance(action, (EndTurn,)):
            b.button_style = "warning"
        elif isinstance(action, Score):
            b.button_style = "success"
        b.action = action
        b.add_class("thurn-action")
        b.on_click(self._clicked)
        return b

    def _clicked(self, button) -> None:
        self._typed_done = False
        self._guard(lambda: self.do(button.action))

    def _bot_controls(self, s: GameState) -> list:
        """While a bot is to move: what it is about to do, a Next button (one action) and one for all of them."""
        name = s.to_move_name
        kind = self.seats.get(name) or getattr(self.bots[name], "name", "a")
        pace = ("click <b>Next</b> to see each of its actions" if self.pace == "step" else
                f"its actions come one after another ({self.pace:g} s apart)" if self.pace else "")
        head = widgets.HTML(f"<b>{html.escape(_whose(name), quote=False)} turn</b> — {html.escape(str(kind))} bot, "
                            f"to {html.escape(s.step_info.does)}" + (f"; {pace}" if pace else ""))
        step = widgets.Button(description=f"Next: {_whose(name)} action", icon="step-forward",
                              button_style="primary", layout=widgets.Layout(width="auto"))
        step.add_class("thurn-next")
        step.on_click(lambda _: self._guard(self.step_bot))
        rest = widgets.Button(description="Play the bots' actions to the next human turn",
                              layout=widgets.Layout(width="auto"))
        rest.add_class("thurn-bots-all")
        rest.on_click(lambda _: self._guard(lambda: self.play_bots(pause=0)))
        self.next_button = step
        return [head, widgets.HBox([step, rest], layout=widgets.Layout(flex_flow="row wrap"))]

    def _panels_of(self, s: GameState) -> list:
        """The panels of the variants switched on (:meth:`thurn.parts.Parts.panel`), made once per app."""
        made = self.__dict__.setdefault("_panels", {})
        out = []
        for part in parts_on(s):
            if part.name not in made:
                made[part.name] = part.panel(self)
            if made[part.name] is not None:
                out.append(made[part.name])
        return out

    def __getattr__(self, name):
        """A variant's panel's attribute read as the app's own (``app.return_toggles`` with Offices of Honor)."""
        if not name.startswith("__"):
            for panel in self.__dict__.get("_panels", {}).values():
                if panel is not None and hasattr(panel, name):
                    return getattr(panel, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _keep_picker(self, s: GameState) -> widgets.HBox:
        hand = s.player().hand
        toggles = [widgets.ToggleButton(description=c, layout=widgets.Layout(width="auto", margin="1px 2px"))
                   for c in hand]
        for t, c in zip(toggles, hand):
            t.style.button_color = province_color(s.board, c)
            t.style.text_color = text_color(t.style.button_color)
        keep = widgets.Button(description="Keep the selected cards", button_style="primary",
                              layout=widgets.Layout(width="auto"))
        keep.add_class("thurn-keep")
        keep.on_click(lambda _: self._guard(
            lambda: self.do(Keep([t.description for t in toggles if t.value]))))
        self.keep_toggles = toggles
        self.keep_button = keep
        limit = s.board.hand_limit
        what = f"Keep up to {limit} cards" if s.rules.hand_limit_at_most else f"Keep {limit} cards"
        return widgets.HBox([widgets.HTML(f"<b>{what}</b>", layout=widgets.Layout(width="150px"))]
                            + toggles + [keep], layout=widgets.Layout(flex_flow="row wrap"))


#: How the final table names the parts of a score (``score_records``); a variant's own parts keep their key.
SCORE_HEADS = {"carriage": "carriage points", "tiles": "bonus tiles", "unplaced_houses": "unplaced houses"}


def final_table_html(s: GameState) -> str:
    """The score table (the engine's ``score_records``) as HTML: one header row, a row per player with the parts
    of the score and the total, names escaped."""
    records = s.score_records()
    parts = [k for k in records[0] if k not in ("player", "seat", "total")]
    head = "".join(f"<th>{html.escape(SCORE_HEADS.get(k, k.replace('_', ' ')))}</th>" for k in parts)
    rows = "".join(f"<tr><td><b>{html.escape(r['player'])}</b></td>"
                   + "".join(f"<td>{html.escape(str(r[k]))}</td>" for k in parts)
                   + f"<td>{r['total']}</td></tr>" for r in records)
    cell = ".thurn-scores th, .thurn-scores td {padding:3px 12px;text-align:right;border-bottom:1px solid #ddd}"
    return (f"<style>{cell} .thurn-scores th:first-child, .thurn-scores td:first-child {{text-align:left}}</style>"
            f"<table class='thurn-scores' style='border-collapse:collapse;margin:4px 0'><tr><th>player</th>{head}"
            f"<th>total</th></tr>{rows}</table>")


# -- save files ---------------------------------------------------------------------------------------------------

def _new_game_id() -> str:
    return uuid.uuid4().hex


def _game_id(meta) -> str | None:
    """The game's identity in an autosave file's ``meta`` (None when it has none)."""
    gid = meta.get("game_id") if isinstance(meta, dict) else None
    return gid if isinstance(gid, str) and 0 < len(gid) <= 64 else None


def _short(error) -> str:
    """An error as a short phrase for a message: the engine's sentence, else its type and text, cut."""
    text = str(error) if isinstance(error, ThurnError) else f"{type(error).__name__}: {error}"
    return text if len(text) <= MESSAGE_MAX else text[:MESSAGE_MAX - 1] + "…"


def _bounded(data, name: str):
    if len(data) > MAX_SAVE_BYTES:
        raise PositionError(f"{name} is larger than {MAX_SAVE_BYTES // 2**20} MB: it is not a thurn save.",
                            "save_too_large")
    return data


def _read_save(path: Path) -> bytes:
    """The bytes of the save file ``path``, read only when it is a regular file of at most ``MAX_SAVE_BYTES`` (a
    pipe or a device could block or never end). OSError when it cannot be read."""
    mode = path.stat().st_mode
    if not stat.S_ISREG(mode):
        raise PositionError(f"{path.name} is not a regular file (a folder, a pipe or a device): it is not read.",
                            "not_a_file")
    with open(path, "rb") as f:
        return _bounded(f.read(MAX_SAVE_BYTES + 1), path.name)


def _parse_save(data, boards=None) -> tuple[GameState, dict | None]:
    """The game in a save (JSON text or bytes) and the ``meta`` an autosave file carries (None when there is
    none): the engine loads it, ``meta`` included (``GameState.from_json`` checks its shape, ``seats`` too), so
    the apps and the engine read one save format. A file that is not a game raises the engine's PositionError (a
    ValueError); so does absurd nesting. ``boards``: the board this app was started on from code, which its own
    files may name (see load_game)."""
    try:
        d = json.loads(data)
    except (ValueError, RecursionError):
        d = None                            # the engine explains what is wrong with it
    if isinstance(d, dict):
        data = d
    try:
        state = GameState.from_json(data, boards=boards)
        return state, (d.get("meta") if isinstance(d, dict) else None)
    except RecursionError:
        raise PositionError("the save file is nested too deeply to be a thurn game.") from None


def _continues(mine: GameState, theirs: GameState) -> bool:
    """True when ``theirs`` is ``mine`` or an earlier point of it: the same start, and its actions the first of
    mine."""
    n = len(theirs.history)
    return (n <= len(mine.history) and theirs.root == mine.root
            and [a.notation for a in theirs.history] == [a.notation for a in mine.history[:n]])


def _signature(path: Path):
    """What tells one version of a file from another (None when there is no file): every write of ``_write``
    makes a new file, so its inode changes."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_ino, st.st_dev, st.st_size, st.st_mtime_ns


def _read_only(path: Path) -> str | None:
    """Why ``path`` may not be written (a read-only file or folder, by its permission bits or for this user), or
    None. Permission bits are respected even where the user could write anyway (e.g. as root)."""
    folder = path.parent
    try:
        if os.path.lexists(path):
            if not path.stat().st_mode & 0o222 or not os.access(path, os.W_OK):
                return f"{path.name} is read-only"
        if not folder.stat().st_mode & 0o222 or not os.access(folder, os.W_OK | os.X_OK):
            return f"the folder {folder} is read-only"
    except OSError as e:
        return f"{path} cannot be checked ({e.strerror or e})"
    return None


def _free_name(path: Path) -> Path:
    """A new file beside ``path`` (``play-2.thurn-autosave.json``, ``-3``, ...), created empty at once so that
    another app cannot take it too."""
    base, ext = _family_base(path)
    for k in range(2, 10_000):
        new = path.with_name(f"{base}-{k}{ext}")
        try:
            os.close(os.open(new, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        except FileExistsError:
            continue
        return new
    raise OSError(f"no free file name beside {path}")


def _move_aside(path: Path) -> Path:
    """Move ``path`` to ``<stem>.bad-<yyyymmdd-hhmmss>.json`` beside it (``-2``, ``-3``... when taken); never
    replaces a file."""
    stem = path.name[:-len(path.suffix)] if path.suffix else path.name
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for k in range(1, 10_000):
        bad = path.with_name(f"{stem}.bad-{stamp}{'' if k == 1 else f'-{k}'}.json")
        try:
            os.link(path, bad, follow_symlinks=False)       # fails when ``bad`` exists
        except FileExistsError:
            continue
        except OSError:                                     # no hard links here: check, then rename
            if os.path.lexists(bad):
                continue
            os.rename(path, bad)
            return bad
        os.unlink(path)
        return bad
    raise OSError(f"no free file name beside {path}")


def _is_thurn_save(path: Path) -> bool:
    """True when ``path`` holds a thurn game or position file (whether it loads or not)."""
    try:
        d = json.loads(_read_save(path))
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(d, dict) and d.get("format") in (GAME_FORMAT, POSITION_FORMAT)


def _save_refusal(path: Path, overwrite: bool) -> str | None:
    """Why ``save`` does not write ``path`` (None: it may)."""
    if not os.path.lexists(path):
        return None
    try:
        mode = path.stat().st_mode
    except OSError as e:
        return f"Could not save the game to {path}: {e.strerror or e}."
    if not stat.S_ISREG(mode):
        return f"Not saved: {path} is not a file (a folder, a pipe or a device)."
    if not mode & 0o222 or not os.access(path, os.W_OK):
        return f"Not saved: {path} is read-only, and it is left as it is."
    if not overwrite and not _is_thurn_save(path):
        return (f"Not saved: {path} exists and is not a thurn save, so it is not replaced. Choose another file "
                f"name (or, in code, app.save(path, overwrite=True) to replace it).")
    return None


#: A temporary file of ``_write`` older than this (seconds) is a leftover of an app stopped while writing.
TEMP_STALE_SECONDS = 60.0
#: The most files of an autosave family read to find the game played last (the newest first).
FAMILY_MAX = 20


def _temp_name(path: Path) -> Path:
    """The temporary file ``_write`` writes first: ``.tmp-<pid>-<8 hex>-<name>``, beside ``path``."""
    return path.with_name(f".tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}-{path.name}")


def _family_base(path: Path) -> tuple[str, str]:
    """``(base, suffix)`` of an autosave family: ``("play", ".thurn-autosave.json")`` for
    ``play.thurn-autosave.json`` and for the free names beside it (``play-2.thurn-autosave.json``, ...)."""
    name = path.name
    base, ext = (name[:-len(AUTOSAVE_SUFFIX)], AUTOSAVE_SUFFIX) if name.endswith(AUTOSAVE_SUFFIX) else (
        path.stem, path.suffix)
    return re.sub(r"-[0-9]{1,4}$", "", base) or base, ext


def _family_re(path: Path) -> "re.Pattern":
    """The names of the autosave files of ``path``'s family: ``play.thurn-autosave.json`` and the free names beside
    it (``play-2.thurn-autosave.json``, ... see ``_free_name``)."""
    base, ext = _family_base(path)
    return re.compile(f"{re.escape(base)}(?:-[0-9]{{1,4}})?{re.escape(ext)}")


def _autosave_family(path: Path) -> list[Path]:
    """The autosave files of ``path``'s family (regular files; temporary and kept-aside files are not), the most
    recently written first, at most :data:`FAMILY_MAX`."""
    family = _family_re(path)
    found = []
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return []
    for entry in entries:
        if family.fullmatch(entry.name):
            try:
                st = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if stat.S_ISREG(st.st_mode):
                found.append((st.st_mtime_ns, entry.name))
    found.sort(reverse=True)
    return [path.parent / name for _, name in found[:FAMILY_MAX]]


def _saved_at(meta, path: Path) -> tuple:
    """When an autosave was written, to find the newest: its ``meta.saved_at`` (the app's clock), then the file's
    modification time."""
    try:
        mtime = path.stat().st_mtime_ns
    except OSError:
        mtime = 0
    when = meta.get("saved_at") if isinstance(meta, dict) else None
    try:
        stamp = datetime.datetime.fromisoformat(when).timestamp() if isinstance(when, str) and len(when) < 40 else None
    except (ValueError, OverflowError, OSError):
        stamp = None
    return (stamp if stamp is not None else mtime / 1e9, mtime)


def _latest_in_progress(path: Path, boards=None) -> tuple:
    """The game played last among the autosave files of ``path``'s family: ``((file, state, meta, signature) or
    None, [other files in progress], [problems])``: the unfinished game with the newest ``meta.saved_at`` (then
    modification time); ``problems`` names each file that could not be loaded ("name (why)")."""
    found, bad = [], []
    for p in _autosave_family(path):
        try:
            sig = _signature(p)
            saved, meta = _parse_save(_read_save(p), boards)
        except Exception as e:          # any failure to load: not offered (a game's autosave keeps it aside)
            bad.append(f"{p.name} ({_short(e)})")
            continue
        if not saved.is_over:
            found.append((_saved_at(meta, p), p, saved, meta, sig))
    if not found:
        return None, [], bad
    found.sort(key=lambda f: f[0], reverse=True)
    _, p, saved, meta, sig = found[0]
    return (p, saved, meta, sig), [f[1].name for f in found[1:]], bad


def _not_offered(bad: list) -> str:
    """The sentence that names the autosave files not offered because they could not be loaded."""
    more = f" and {len(bad) - 3} more" if len(bad) > 3 else ""
    return f"Not offered, as it could not be loaded: {'; '.join(bad[:3])}{more}."


def _others_text(others: list) -> str:
    """The sentence that names the other games in progress (plain text; escape it for HTML)."""
    if not others:
        return ""
    more = f" and {len(others) - 3} more files" if len(others) > 3 else ""
    return f" Other games in progress stay saved in {', '.join(others[:3])}{more}."


def _remove_stale_temps(path: Path) -> list[str]:
    """Remove the temporary files ``_write`` left beside the autosave file ``path`` when an app was stopped while
    writing (a killed kernel): those of ``path``'s family whose process is gone or older than
    :data:`TEMP_STALE_SECONDS`; another app's write in progress is left alone. The names removed."""
    temp = re.compile(f"\\.tmp-([0-9]{{1,10}})-[0-9a-f]{{8}}-({_family_re(path).pattern})")
    removed = []
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        m = temp.fullmatch(entry.name)
        if m is None:
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(st.st_mode):
                continue
            if _process_alive(int(m.group(1))) and now - st.st_mtime < TEMP_STALE_SECONDS:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(entry.name)
    return removed


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError, OSError):
        return True                 # (someone else's process: assume alive)
    return True


def _write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file of its own, so a crash never leaves half a save and two
    apps never share a temporary file (a leftover of an app stopped while writing is removed at the next start:
    ``_remove_stale_temps``)."""
    tmp = _temp_name(path)   # still *.thurn-autosave.json
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
