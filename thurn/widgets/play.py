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

import time  # noqa: F401  (tests stub play.time.strftime)
from pathlib import Path

import ipywidgets as widgets
import plotly.graph_objects as go

from ..errors import ThurnError, UnknownName
from ..io import MAX_SAVE_BYTES  # noqa: F401  (a save file larger than this is refused unread)
from ..preparation import new_game
from ..state import GameState
from .common import ClosesParts, MessageArea, close_tree
from .controller import GameController
from .figurebox import FigureBox
from .panels import SCORE_HEADS, Panels, final_table_html  # noqa: F401  (importable from here, as before)
from .playtext import (APP_NAME, AUTOSAVE_NAME, AUTOSAVE_SUFFIX, CHOOSE, DEFAULT_PLAYERS,  # noqa: F401  (as before)
                       EVERY_HAND_REFUSED, KEEP_BUTTONS_MAX, UNDO_MODES, check_pace, autosave_path,
                       game_summary, whose)
from .savefiles import SaveFiles, new_game_id, remove_stale_temps

__all__ = ["Play", "AUTOSAVE_NAME", "MAX_SAVE_BYTES"]


def _check_options(options) -> frozenset:
    """The app options asked for, each one a variant offers (:attr:`thurn.parts.Parts.app_options`)."""
    from ..parts import PARTS

    known = {key for part in PARTS.values() for key in part.app_options}
    if isinstance(options, str):
        options = (options,)
    out = frozenset(options or ())
    for name in out:
        if name not in known:
            raise UnknownName("app option", str(name)[:40], sorted(known))
    return out


class Play(GameController, SaveFiles, Panels, ClosesParts, widgets.VBox):
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
    - ``options``: the app options of the variants switched on (:attr:`thurn.parts.Parts.app_options`, e.g. The
      Audience's ``audience_memory``: a player's own sealed tiles hidden once sealed); :meth:`set_option` later.
    - ``autosave``: ``True`` writes the game after every action to ``play.thurn-autosave.json`` in the working
      folder, a path writes it there, ``False`` does not. When the file holds an unfinished game, the app first
      offers to resume it (taking over its identity, ``game_id``) or to start the new one. The file is never
      lost: another unfinished game's file is left as it is (this game autosaves to a free name beside it,
      ``play-2.thurn-autosave.json``, and says so); a file that cannot be loaded is kept aside as
      ``play.thurn-autosave.bad-<yyyymmdd-hhmmss>.json`` (and a new game starts); a read-only file or folder
      switches autosave off. Each case is said in the message area; ``autosave_path`` is the file written now.

    In code: ``app.state`` (the game now), ``app.do(action or notation)``, ``app.back_to(k)`` (undo to after k
    actions), ``app.save(path, overwrite=False)``, ``app.load(path or JSON text)``, ``app.ask_download()`` (the
    Download button: a fair game says first that the file holds the whole game) and ``app.download()`` (the file
    made now and handed to the browser once; the page holds none otherwise), ``app.resume()`` /
    ``app.start_new()``, ``app.action_buttons`` (one per legal action), ``app.message`` (the last message),
    ``app.map`` (the ``go.FigureWidget``, ``map_width`` pixels wide), ``app.close()`` (closes every widget of the
    app). CSS classes: ``thurn-play`` (the app), ``thurn-status``, ``thurn-map``,
    ``thurn-hand``, ``thurn-players-box`` (the players' table), ``thurn-action`` (each legal-action button),
    ``thurn-log``, ``thurn-message``. The variants switched on bring their columns of the players' table, their
    officials' notes, status lines and panels (:class:`thurn.parts.Parts`: Offices of Honor's return picker, with its
    classes ``thurn-return-tile``, ``thurn-return-reward``, ``thurn-return``, ``thurn-return-note``); a panel's
    attributes read as the app's (``app.return_toggles``).
    """

    @property
    def map(self) -> go.FigureWidget:
        """The map the page shows now (a plotly FigureWidget, renewed by its :class:`FigureBox` if the page's copy
        stopped following it)."""
        return self._map_box.figure

    def __init__(self, players=DEFAULT_PLAYERS, bots=None, seed=None, rules=None, autosave=True, *,
                 state: GameState | None = None, start_player=0, map_width: int = 600,
                 map_height: int | None = None, hint_bot=None, pace=None, undo: str = "teaching",
                 app_mode: bool = False, offer_saved: bool = True, seats: dict | None = None, options=()):
        self.pace = check_pace(pace)
        if undo not in UNDO_MODES:
            raise ValueError(f"undo is 'teaching' (back to any action) or 'fair' (never back before a card "
                             f"revealed from the deck or a bot's action), not {undo!r}.")
        self.undo_mode = undo
        self.app_mode = bool(app_mode)
        self.seats = dict(seats or {})    # {player name: bot kind}, kept in the autosave's meta
        self.app_options = _check_options(options)     # the variants' app options switched on (Parts.app_options)
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
        self.autosave_path = autosave_path(autosave)
        if self.autosave_path is not None:
            remove_stale_temps(self.autosave_path)     # left by an app stopped while writing
        self.map_width, self.map_height = map_width, map_height
        self.last_update_seconds = 0.0
        self.saved_state: GameState | None = None
        self.game_id = new_game_id()     # this game's identity in its autosave file
        self._written = None              # the autosave file as this app last wrote it (_signature)
        self._saved: tuple = (None, None)     # the offered game's identity and file signature
        self._saved_path: Path | None = None  # the offered game's file
        self._log_len = 0
        self._logs: list[tuple] = []     # (state, log seat, app options, its lines as shown)
        self._said: list[tuple[GameState, list]] = []    # recent states' log sentences, as the engine said them
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
        self._map_box = FigureBox(go.FigureWidget(self._map_figure(self._state, self._state.legal_actions())),
                                  layout=widgets.Layout(width=f"{self.map_width + 8}px", flex_flow="column"))
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
        self._typed = widgets.Text(placeholder="type an action",
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
        #: Room for an app that holds this game to add its own tools beside "Back to here" (the game app's "Analyse
        #: from here") and its own part below the game (the analysis board): empty otherwise.
        self.history_tools = widgets.HBox([])
        self.below = widgets.VBox([])
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
        self.download_button = widgets.Button(description="Download the game", icon="download",
                                              layout=widgets.Layout(width="auto", align_self="flex-start"),
                                              tooltip="the game as a file (made now, when you click)")
        self.download_button.add_class("thurn-download")
        self.download_button.on_click(lambda _: self._guard(self.ask_download))
        self._download = widgets.HTML()           # the file's link, only after a click (savefiles.download)
        self._download.add_class("thurn-download-file")
        self._download_count = 0
        self._download_text = widgets.HTML()
        download_yes = widgets.Button(description="Download it", button_style="warning",
                                      layout=widgets.Layout(width="auto"))
        download_yes.add_class("thurn-download-yes")
        download_yes.on_click(lambda _: self._guard(self.download))
        download_no = widgets.Button(description="Cancel", layout=widgets.Layout(width="auto"))
        download_no.add_class("thurn-download-no")
        download_no.on_click(lambda _: self._guard(self.cancel_download))
        self._download_confirm = widgets.VBox([self._download_text, widgets.HBox([download_yes, download_no])],
                                              layout=widgets.Layout(display="none", border="2px solid #b06000",
                                                                    padding="4px"))
        self._download_confirm.add_class("thurn-download-confirm")
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
            widgets.HBox([undo_button, self.history_tools]),
            widgets.HTML("<b>Save / load</b> the game (a JSON file)"), self.download_button,
            self._download_confirm, self._download,
            *paths, self._upload, self._confirm], layout=widgets.Layout(flex="2 1 0%", padding="0 0 0 8px"))

        self._final = widgets.VBox()
        self._game = widgets.VBox([
            self._status,
            widgets.HBox([self._map_box, side], layout=widgets.Layout(flex_flow="row wrap")),
            self._table, self._actions, self.messages,
            typed_row, self._hints, self._final,
            widgets.HBox([self._log, tools], layout=widgets.Layout(flex_flow="row wrap")),
            self.below,
        ])
        self.children = (self._offer, self._game)

    @property
    def history_at(self) -> int:
        """The history slider's position: how many of the game's actions it points after."""
        return self._undo_slider.value

    def set_option(self, name: str, on: bool = True) -> None:
        """Switch an app option of a variant (:attr:`thurn.parts.Parts.app_options`) on or off; the screen shows
        the change at once."""
        _check_options((name,))
        self.app_options = (self.app_options | {name}) if on else (self.app_options - {name})
        self._changed()

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
        self.messages.info(f"{whose(s.to_move_name)} hand is shown: {s.to_move_name} to "
                           f"{s.step_info.does}.")
        self._changed()

    def _log_seat(self):
        """Whose view the log and the messages take (see :func:`thurn.log.seen_line`): None every card
        (the switch on), a seat, or -1 as nobody's."""
        if self._every_hand:
            return None
        viewer = self.viewer
        return -1 if viewer is None else viewer

    def __repr__(self) -> str:
        bots = ", ".join(f"{n}: {getattr(b, 'name', type(b).__name__)} bot" for n, b in self.bots.items())
        save = self.autosave_path.name if self.autosave_path is not None else "off"
        return (f"<Play: {game_summary(self._state)}; players {', '.join(self._state.names)}"
                f"{f' ({bots})' if bots else ' (hotseat)'}; autosave {save}>")
