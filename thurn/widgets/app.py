"""The game app (``make play``): a New game panel, the game (:class:`~thurn.widgets.play.Play`, with the bots' turns
shown one action at a time), and a game-over screen with the final table, the scores over the game, and **New
game** / **Review this game**.

No rules here: the game is dealt by ``thurn.new_game``, played by :class:`Play` (which asks the engine for every
legal action and its words), scored by the engine's ``score_records``. Starting a new game while one is in progress
asks first; the game left stays in its autosave file (and can be downloaded).
"""
from __future__ import annotations

import html
import threading

import ipywidgets as widgets
import plotly.graph_objects as go

from ..bots import BOTS, make_bot
from ..bots.levels import find_level
from ..errors import ThurnError
from ..preparation import new_game
from ..parts import score_formula
from ..rules import rules_in_words
from ..viz.board import reconstructed_words
from ..viz.charts import score_rounds_chart
from .common import ClosesParts, MessageArea, close_tree
from .newgame import NewGamePanel, level_of, seat_words
from .panels import counts_carriage, final_table_html
from .play import Play
from .playtext import autosave_path, game_summary
from .savefiles import (bounded_save, latest_in_progress, not_offered_text, others_in_progress_text, parse_save, remove_stale_temps,
                        short_error)

__all__ = ["GameApp"]

_warming: threading.Thread | None = None     # the one warm-up of this process (see warm_up)


def warm_up() -> threading.Thread:
    """Do the first game's slow, one-time work in the background while the New game panel is filled in: plotly's
    FigureWidget module (it imports nbformat and jsonschema, whose grammars take about 2 s to build), plotly's
    figure template, and the base map's regions. Once per process; the thread is returned (``join`` it to
    wait). A game started before it ends waits for the imports it needs (Python's import lock), never twice."""
    global _warming
    if _warming is None:
        state = new_game(("Ann", "Ben"), seed=0)     # the board and the engine's caches: here, never in two threads

        def work():
            try:
                import plotly.graph_objects as go
                from .. import viz

                go.FigureWidget             # noqa: B018 (the import is the point)
                viz.board_figure(state)
            except Exception:               # a warm-up only: the game itself says what is wrong, if anything
                pass
        _warming = threading.Thread(target=work, name="thurn-warm-up", daemon=True)
        _warming.start()
    return _warming


def make_bots(seats: dict, seed: int) -> dict:
    """The bots of the seats ``{name: kind}`` (kind None: a human; else a level's key, ``"club"``, or a bot's name,
    ``"greedy"``, as games saved before the levels name them: ``make_bot`` takes both), each seeded from the game's
    seed and its seat."""
    return {name: make_bot(kind, seed=seed * 10 + i + 1)
            for i, (name, kind) in enumerate(seats.items()) if kind is not None}


def _saved_lines(data, boards):
    """The lines of analysis a saved game's file holds (:class:`thurn.variations.Variations`), None when it holds
    none, or the reason they cannot be read (a text: the game itself loads, the lines are left out)."""
    import json

    try:
        d = json.loads(data)
    except (ValueError, RecursionError):
        return None
    if not isinstance(d, dict) or "variations" not in d:
        return None
    from ..variations import Variations

    try:
        return Variations.from_json(d, boards=boards)
    except ThurnError as e:
        return short_error(e)


def _known_kind(kind) -> bool:
    """A seat's kind in a save file that this app plays: a level's key ("club") or a bot's name ("greedy", the
    kinds saved before the levels)."""
    return isinstance(kind, str) and (kind in BOTS or find_level(kind) is not None)


def _saved_seats(meta, names) -> dict:
    """The seats an autosave file's ``meta`` names ({player: a level's key, a bot's name or None}), only those this
    game has and only known kinds; every other player is a human."""
    found = meta.get("seats") if isinstance(meta, dict) else None
    found = found if isinstance(found, dict) else {}
    kinds = {n: found.get(n) for n in names}
    return {n: (k if _known_kind(k) else None) for n, k in kinds.items()}


def _seat_html(name: str, kind) -> str:
    """A player and his seat in the title: "Bob (Club bot)", the level's line as the words' tooltip."""
    found = level_of(kind) if kind is not None else None
    tip = f" title='{html.escape(str(found))}'" if found is not None else ""
    return f"<b>{html.escape(name)}</b> <small{tip}>({html.escape(seat_words(kind))})</small>"


class GameApp(ClosesParts, widgets.VBox):
    """Thurn und Taxis as an app: ``GameApp(autosave=True, seed=None)``.

    At the start it shows the New game panel (and, when the autosave file holds a game in progress, offers to
    resume it). ``start(**settings)`` deals a game (the panel's Start does it); ``game`` is the :class:`Play` of the
    game in progress; ``game_over`` is True when its game-over screen shows; ``review()`` opens the review of the
    finished game. ``boards``: board files (paths) offered in the New game panel beside the installed boards
    (a game on one is saved naming its path, and this app reads its saves back). CSS classes: ``thurn-app``, ``thurn-app-bar``, ``thurn-newgame-open`` (the New game button),
    ``thurn-newgame`` (the panel), ``thurn-confirm-new`` (start a new game over one in progress?),
    ``thurn-resume-saved``, ``thurn-gameover``, ``thurn-gameover-new``, ``thurn-review``.
    """

    def __init__(self, autosave=True, *, seed: int | None = None, map_width: int = 600, boards=()):
        super().__init__()
        self.boards = {str(path): str(path) for path in boards}     # a save names a board file by its path
        self.add_class("thurn-app")
        self.autosave = autosave
        self.map_width = map_width
        self.game: Play | None = None
        self.analysis = None              # the analysis board opened last (analyse)
        self._opening: int | None = None
        self.settings: dict | None = None
        self._asked: dict | None = None
        self.panel = NewGamePanel(seed=seed, boards=tuple(self.boards))
        self.panel.on_start(self._start_clicked)
        self.messages = MessageArea()
        self._title = widgets.HTML("<b>No game yet</b>: choose the players and start.")
        self._open = widgets.Button(description="New game", icon="plus", layout=widgets.Layout(width="auto"))
        self._open.add_class("thurn-newgame-open")
        self._open.on_click(lambda _: self._toggle_panel())
        bar = widgets.HBox([self._title, self._open], layout=widgets.Layout(
            justify_content="space-between", align_items="center", border_bottom="1px solid #ccc"))
        bar.add_class("thurn-app-bar")
        self._confirm_text = widgets.HTML()
        yes = widgets.Button(description="Start the new game", button_style="warning",
                             layout=widgets.Layout(width="auto"))
        yes.add_class("thurn-confirm-new-yes")
        yes.on_click(lambda _: self._confirmed())
        no = widgets.Button(description="Keep playing this one", layout=widgets.Layout(width="auto"))
        no.on_click(lambda _: self._declined())
        self._confirm = widgets.VBox([self._confirm_text, widgets.HBox([yes, no])], layout=widgets.Layout(
            display="none", border="2px solid #b06000", padding="4px"))
        self._confirm.add_class("thurn-confirm-new")
        self._resume = widgets.VBox(layout=widgets.Layout(display="none"))
        self._over = widgets.VBox()
        self._over.add_class("thurn-gameover")
        self._game_box = widgets.VBox()
        self._upload = widgets.FileUpload(accept=".json", multiple=False, description="Open a saved game",
                                          layout=widgets.Layout(width="auto"))
        self._upload.add_class("thurn-app-upload")
        self._upload.observe(lambda _: self._uploaded(), names="value")
        opener = widgets.HBox([widgets.HTML("Or continue a game saved with <b>Download the game</b>:&nbsp;"),
                               self._upload], layout=widgets.Layout(align_items="center"))
        self.panel.children = (*self.panel.children, opener)
        self.children = (bar, self.messages, self._resume, self._confirm, self.panel, self._over, self._game_box)
        self._offer_saved()
        warm_up()

    def __repr__(self) -> str:
        return f"<thurn game app: {game_summary(self.game.state) if self.game else 'no game yet'}>"

    @property
    def game_over(self) -> bool:
        return bool(self._over.children)

    @property
    def panel_shown(self) -> bool:
        return self.panel.layout.display != "none"

    # -- starting a game ----------------------------------------------------------------------------------------------
    def _toggle_panel(self) -> None:
        self.panel.layout.display = "none" if self.panel_shown else "flex"

    def _in_progress(self) -> bool:
        return self.game is not None and not self.game.state.is_over and bool(self.game.state.history)

    def _start_clicked(self, settings: dict) -> None:
        if self._in_progress():
            self._asked = settings
            where = (f"it stays saved in {self.game.autosave_path.name}" if self.game.autosave_path is not None
                     else "download it first to keep it")
            self._confirm_text.value = (f"<b>A game is in progress</b> ({html.escape(game_summary(self.game.state))}): "
                                        f"{html.escape(where)}. Start the new game?")
            self._confirm.layout.display = "flex"
            return
        self._starting()
        self.start(**settings)

    def _starting(self) -> None:
        """Say at once that the game is being dealt (ipywidgets sends a change as it is made, so this shows while
        the kernel works)."""
        self.messages.info("Starting the game…")

    def _confirmed(self) -> None:
        settings, self._asked = self._asked, None
        self._confirm.layout.display = "none"
        if isinstance(settings, tuple):               # a saved game to open
            self._open_state(*settings)
        elif settings is not None:
            self._starting()
            self.start(**settings)

    def _declined(self) -> None:
        self._asked = None
        self._confirm.layout.display = "none"
        self.panel.layout.display = "none"
        self.messages.info("The game goes on.")

    def start(self, players, seats=None, rules=None, seed=None, pace="step", undo="fair", options=()) -> Play | None:
        """Deal a new game and show it (the game in progress, if any, stays in its autosave file)."""
        seats = dict(seats or {name: None for name in players})
        try:
            state = new_game(players, seed=seed, rules=rules)
            bots = make_bots(seats, seed if isinstance(seed, int) else 0)
        except (ThurnError, ValueError) as e:
            self.panel.message.value = f"<div style='color:#b00020;font-weight:bold'>{html.escape(str(e))}</div>"
            self.messages.clear()                   # not "Starting the game…" beside the refusal
            return None
        self.panel.dealt()                          # the next game gets a new seed, unless the learner keeps it
        if pace is None and len(bots) == len(players):
            pace = 0.0                  # a game between bots only: they play when asked, not inside the deal
        self.settings = dict(players=list(players), seats=seats, rules=rules, seed=seed, pace=pace, undo=undo)
        if options:
            self.settings["options"] = list(options)
        self._show_game(Play(state=state, bots=bots, autosave=self.autosave, pace=pace, undo=undo, app_mode=True,
                             offer_saved=False, seats=seats, map_width=self.map_width, options=options))
        if undo == "fair":        # the seed is a key to the deck and the bots' secrets: shown when the game is over
            # (the panel holds the next game's seed already: panel.dealt(), unless the learner keeps his own)
            self.messages.ok(f"New game: {', '.join(players)}. {self._first_words()}")
        else:
            self.messages.ok(f"New game: {', '.join(players)}, seed {seed}. {self._first_words()}")
        return self.game

    def _first_words(self) -> str:
        s = self.game.state
        if self.game.bots_pending:
            return f"{s.to_move_name} (a bot) begins: click Next to see each of its actions."
        return f"{s.to_move_name} begins: click a button below."

    def _show_game(self, game: Play) -> None:
        old = self.game
        self.game = game
        analyse = widgets.Button(description="Analyse from here", icon="code-branch",
                                 tooltip="the analysis board at this point of the history: try another move on a "
                                         "fair deal; the game goes on unchanged",
                                 layout=widgets.Layout(width="auto", align_self="flex-start"))
        analyse.add_class("thurn-analyse")
        analyse.on_click(lambda _: self._guarded(lambda: self.analyse(game.history_at)))
        game.history_tools.children = (analyse,)
        self.analysis = None
        self._opening = len(game.state.history)    # the app's message about the start holds until the game moves on
        game.on_change(self._game_changed)
        self._game_box.children = (game,)
        if old is not None:
            old.close()
        self.panel.layout.display = "none"
        self._resume.layout.display = "none"
        self._title.value = self._title_html()
        self._game_changed(game)

    def analyse(self, k: int | None = None, *, tree=None):
        """The analysis board (:class:`thurn.widgets.AnalysisBoard`) of the game as it stands, shown below it at the
        position after ``k`` actions (default: the end; the button: the history slider's): step through it, continue
        from any position on a fair deal (the same deck too in teaching mode, or once the game is over), keep the
        lines. The game itself goes on unchanged; the board holds it as it was when opened (open it again for later
        moves). The learner is the first human seat. ``tree``: the game's lines as a saved file held them
        (:class:`thurn.variations.Variations`), shown instead of the game alone."""
        from .analysis import AnalysisBoard

        game = self.game
        s = game.state
        humans = game.humans
        seat = game.viewer if game.viewer is not None else (humans[0] if humans else 0)
        board = AnalysisBoard(s if tree is None else tree, seat,
                              teaching=True if game.undo_mode == "teaching" else None)
        board.show_line(0, len(s.history) if k is None else k)
        close_tree(*game.below.children)
        game.below.children = (board,)
        self.analysis = board
        return board

    def _guarded(self, fn) -> None:
        try:
            fn()
        except ThurnError as e:
            self.messages.error(str(e))

    def _title_html(self) -> str:
        s = self.game.state
        seats = self.game.seats or {n: (None if n not in self.game.bots else "bot") for n in s.names}
        who = " · ".join(_seat_html(n, k) for n, k in seats.items())
        undo = "fair game" if self.game.undo_mode == "fair" else "teaching mode (full undo)"
        board = ("" if s.rules.board == "base"
                 else f"board: {html.escape(s.board.name + reconstructed_words(s.board))} · ")
        rules = rules_in_words(s.rules, board=False)
        return (f"<div>{who}<br><small>{html.escape(self._seed_words())}{board}rules: "
                f"{html.escape(rules)} · {undo}</small></div>")

    def _seed_words(self) -> str:
        """"seed N · " where the seed may show: in teaching mode, and once a fair game is over (with the open engine
        the seed gives back the deck's order and the bots' secrets, base rules 1); "" while a fair game goes on."""
        s = self.game.state
        seed = s.setup.get("seed") if s.setup else None
        if seed is None or (self.game.undo_mode == "fair" and not s.is_over):
            return ""
        return f"seed {seed} · "

    # -- a saved game from the browser ----------------------------------------------------------------------------
    def _uploaded(self) -> None:
        files = self._upload.value
        if not files:
            return
        item = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
        self.open_saved(bytes(item["content"]), str(item.get("name", "the upload"))[:80])

    def open_saved(self, data, name: str = "the file") -> Play | None:
        """Continue a saved game (the JSON of a downloaded game or a save file); a game in progress is not
        replaced without asking. The bots: those the file names (an autosave's meta), else the seats of the New
        game panel with the same names; every other player is a human."""
        try:
            data = bounded_save(data, name)
            state, meta = parse_save(data, self.boards or None)
        except (ThurnError, ValueError, KeyError) as e:
            self.messages.error(f"Could not load {name}: {short_error(e)}")
            return None
        tree = _saved_lines(data, self.boards or None)
        if self._in_progress():
            self._asked = (state, meta, name, tree)
            self._confirm_text.value = (f"<b>A game is in progress</b> ({html.escape(game_summary(self.game.state))}): "
                                        f"it stays saved. Replace it with {html.escape(name)} "
                                        f"({html.escape(game_summary(state))})?")
            self._confirm.layout.display = "flex"
            return None
        return self._open_state(state, meta, name, tree)

    def _open_state(self, state, meta, name: str, tree=None) -> Play:
        seats = _saved_seats(meta, state.names)
        if not any(seats.values()):
            try:
                panel = self.panel.settings()["seats"]
            except ThurnError:
                panel = {}
            seats = {n: panel.get(n) for n in state.names}
        bots = make_bots(seats, len(state.history))
        pace = self.panel.pace.value
        if pace is None and len(bots) == len(state.names):
            pace = 0.0
        self._show_game(Play(state=state, bots=bots, autosave=self.autosave, pace=pace, undo=self.panel.undo.value,
                             app_mode=True, offer_saved=False, seats=seats, map_width=self.map_width,
                             options=self._panel_options()))
        self.messages.ok(f"Opened {name}: {game_summary(state)}.")
        if isinstance(tree, str):
            self.messages.error(f"Opened {name}: {game_summary(state)}. Its lines of analysis could not be read "
                                f"({tree}); the file is left as it is.")
        elif tree is not None:
            self.analyse(tree=tree)
            self.messages.ok(f"Opened {name}: {game_summary(state)}, with its {len(tree.lines) - 1} line(s) of "
                             f"analysis in the board below (“Save the game with its lines” there keeps them; the "
                             f"game's own download holds the game alone).")
        return self.game

    # -- resuming the autosaved game -----------------------------------------------------------------------------------
    def _offer_saved(self) -> None:
        """Offer the game played last: the unfinished game of the autosave files (``play.thurn-autosave.json`` and
        those beside it, ``play-2...``) written last; say when others are in progress, and when one cannot be read."""
        path = autosave_path(self.autosave)
        self.saved_state, self._saved_meta, self.saved_path = None, None, None
        if path is None:
            return
        remove_stale_temps(path)
        latest, others, bad = latest_in_progress(path, self.boards or None)
        if bad:
            self.messages.error(not_offered_text(bad))
        if latest is None:
            return
        path, saved, meta, _ = latest
        self.saved_state, self._saved_meta, self.saved_path = saved, meta, path
        button = widgets.Button(description=f"Resume it ({game_summary(saved)})", button_style="success",
                                layout=widgets.Layout(width="auto"))
        button.add_class("thurn-resume-saved")
        button.on_click(lambda _: self.resume())
        self._resume.children = (widgets.HTML(
            f"<b>A game in progress was saved</b> in <code>{html.escape(path.name)}</code> (players "
            f"{html.escape(', '.join(saved.names))}). Resume it, or start a new one below (the saved game is kept)."
            f"{html.escape(others_in_progress_text(others))}"),
            button)
        self._resume.layout.display = "flex"

    def resume(self) -> Play | None:
        """Continue the game of the autosave file, with its bots (named in the file)."""
        if self.saved_state is None:
            self.messages.error("There is no saved game to resume.")
            return None
        s = self.saved_state
        seats = _saved_seats(self._saved_meta, s.names)
        bots = make_bots(seats, len(s.history))
        pace = self.panel.pace.value
        if pace is None and len(bots) == len(s.names):
            pace = 0.0
        self._show_game(Play(state=s, bots=bots, autosave=self.saved_path or self.autosave, pace=pace,
                             undo=self.panel.undo.value, app_mode=True, seats=seats, map_width=self.map_width,
                             options=self._panel_options()))
        self.messages.ok(f"Resumed the saved game: {game_summary(s)}.")
        self.saved_state = None
        return self.game

    def _panel_options(self) -> list:
        """The app options ticked in the New game panel (a game opened or resumed shows itself with them too)."""
        return [key for key, box in self.panel.app_options.items() if box.value]

    # -- the end -------------------------------------------------------------------------------------------------------
    def _game_changed(self, game: Play) -> None:
        if game is not self.game:
            return
        s = game.state
        self._title.value = self._title_html()       # the seed shows once a fair game is over
        if self._opening is not None and len(s.history) != self._opening:
            self._opening = None          # "Ann begins: click a button below" is said; the game's own messages go on
            self.messages.clear()
        if not s.is_over:
            if self._over.children:
                close_tree(*self._over.children)
                self._over.children = ()
            return
        if self._over.children and getattr(self._over, "shown_for", None) is s:
            return
        close_tree(*self._over.children)
        self.messages.clear()
        again = widgets.Button(description="New game", icon="plus", button_style="success",
                               layout=widgets.Layout(width="auto"))
        again.add_class("thurn-gameover-new")
        again.on_click(lambda _: self._new_after_end())
        review = widgets.Button(description="Review this game", icon="search", layout=widgets.Layout(width="auto"))
        review.add_class("thurn-review")
        review.on_click(lambda _: self.review())
        self._review_box = widgets.VBox()
        rounds = s.round_number
        highest = "the highest carriage's points + " if counts_carriage(s) else ""
        base = f"{highest}bonus tiles − 1 for each house not placed"
        formula = score_formula(s, base)
        rule = " (Game End and Scoring)" if formula.startswith(base) else ""     # a variant's formula cites its own
        self._over.children = (
            widgets.HTML(f"<h2 style='margin:6px 0'>Game over — {html.escape(s.result_text())}</h2>"
                         f"<div>after {s.turn_number} turns ({rounds} rounds). Final scores: "
                         f"{html.escape(formula)}{rule}.</div>"
                         f"{final_table_html(s)}"),
            go.FigureWidget(score_rounds_chart(s)),
            widgets.HBox([again, review]), self._review_box)
        self._over.shown_for = s

    def _new_after_end(self) -> None:
        self.panel.layout.display = "flex"
        self.messages.info("Choose the players and start a new game.")

    def review(self, **options):
        """The review of the finished game (``thurn.widgets.review.GameReview``, ``options`` passed on: ``bot``,
        ``seed``, ``samples``), shown under the game-over screen; it reviews the first human seat (the first seat
        in a game between bots), and its picker reviews any other. A progress bar (CSS class
        ``thurn-review-progress``) shows first and moves while the review works, in steps on the kernel's event loop
        (:func:`thurn.widgets.review.run_in_steps`); the review replaces it when done. Returns the review app, or
        None in a kernel (it shows when done)."""
        from thurn.game_review import review_steps
        from thurn.widgets.review import GameReview, findings_html, run_in_steps

        close_tree(*self._review_box.children)
        state = self.game.state
        humans = [i for i, name in enumerate(state.names) if name not in self.game.bots]
        seat = humans[0] if humans else 0
        bar = widgets.IntProgress(min=0, max=1, value=0, layout=widgets.Layout(width="320px"))
        words = widgets.HTML(f"<small>reviewing {html.escape(state.names[seat])}'s decisions: starting…</small>")
        found = widgets.HTML()          # the first findings, while the review works
        waiting = widgets.VBox([widgets.HBox([bar, words]), found])
        waiting.add_class("thurn-review-progress")
        self._review_box.children = (waiting,)
        rows, total = [], [0]

        def progress(done, total_, what):
            bar.max, bar.value = max(1, total_), done
            words.value = f"<small>{html.escape(what)}: {done} of {total_}</small>"
            if what.startswith("reviewing"):
                total[0] = total_

        def on_finding(row):
            rows.append(row)
            found.value = findings_html(rows, max(total[0], len(rows)), state.names[seat])

        def show(review):
            if self._review_box.children != (waiting,):
                close_tree(waiting)                 # a new game or another review replaced it meanwhile
                return None
            lines = self.analysis.tree if self.analysis is not None else None     # (a saved file's, say)
            view = GameReview(state, seat, review=review, lines=lines, **options)
            self._review_box.children = (view,)
            close_tree(waiting)
            return view

        def failed(error):
            if self._review_box.children == (waiting,):
                self._review_box.children = ()
                close_tree(waiting)
            self.messages.error(f"The review stopped: {short_error(error)}")

        keys = ("bot", "seed", "samples")
        steps = review_steps(state, seat, progress=progress, on_finding=on_finding,
                             **{k: v for k, v in options.items() if k in keys})
        return run_in_steps(steps, show, failed)
