"""The game review as an app: one player's decisions ranked by the search bot, the three biggest mistakes in
words, each player's expected final score over the game, and a replay of the game on the map.

``GameReview(state, player=None)`` (an ``ipywidgets.VBox``) reviews a finished or unfinished game, e.g. the Play
app's ``app.state`` or ``thurn.GameState.from_json(text)`` of a save file. The review itself is
:func:`thurn.game_review.review_game` (the engine and the search bot); this app only shows it. The replay steps
through positions rebuilt from the game's history, so the game is never changed.

For code and tests: ``.review`` (the :class:`~thurn.game_review.Review`), ``.player_picker``, ``.go_to(k)``,
``.next()``, ``.back()``, ``.position`` (the position shown), ``.move`` (how many actions it is after the start),
``.mistake_buttons``, ``.table_html``, ``.chart``, ``.map``, ``.close()``. CSS classes: ``thurn-review``,
``thurn-review-table``, ``thurn-review-mistakes``, ``thurn-review-replay``, ``thurn-review-now`` (the replay's
text), ``thurn-map`` (the replay's map).
"""
from __future__ import annotations

import html
import time

import ipywidgets as widgets
import plotly.graph_objects as go

from ..game_review import (MISTAKE_MIN, action_lines, positions, review_game, review_steps, drain, need_game,
                           seat_of, step_words)
from ..bots.hint import make_hint
from ..viz import board_figure, refresh
from ..log import seen_action
from ..viz.charts import review_chart
from .common import ClosesParts, close_tree
from .figurebox import FigureBox

__all__ = ["GameReview", "run_in_steps", "findings_html"]

SORTS = {"game order": None, "biggest loss first": "loss", "by step": "step"}
MISTAKE_BG, CLOSE_BG, TOP_BG = "#fde0e0", "#fff6d5", "#f4b6b6"


def _points(value) -> str:
    """A value in points, signed; a dash where the review did not look (NaN)."""
    return "—" if value != value else f"{value:+.1f}"


def _value_words(state) -> str:
    """What a value of the review is, for the game reviewed: against the best other player, or (one player:
    SoloPlay, 1, rated on his points) his own final score."""
    if len(state.players) > 1:
        return "the points it expects the player to end ahead of the best other player"
    return "the final score it expects the player to reach"


#: The first findings shown while a review works: the biggest differences found so far, at most this many.
FINDINGS_SHOWN = 3


def findings_html(rows, total: int, player: str) -> str:
    """What the review has found so far, while it works (the rows of :func:`thurn.game_review.finding`, ``total``
    decisions in all): how many decisions it has looked at, how often ``player``'s choice was the search's, and the
    biggest differences so far, each to be checked again before the review calls it a mistake. Escaped HTML."""
    esc = html.escape
    if not rows:
        return ""
    agreed = sum(1 for r in rows if r["rank"] == 1)
    head = (f"<b>First findings</b> ({len(rows)} of {total} decisions): {esc(player)}'s choice was the search's "
            f"in {agreed}.")
    worst = sorted((r for r in rows if r["rank"] > 1 and r["loss"] >= MISTAKE_MIN),
                   key=lambda r: (-r["loss"], r["move"]))[:FINDINGS_SHOWN]
    if not worst:
        return f"<div class='thurn-review-findings'><small>{head}</small></div>"
    items = "".join(f"<li>turn {r['turn']}: {esc(str(r['action']))}; the search preferred "
                    f"{esc(str(r['best']))} ({r['loss']:.1f} points more, to be checked)</li>" for r in worst)
    return (f"<div class='thurn-review-findings'><small>{head} The biggest differences so far:"
            f"<ul style='margin:2px 0'>{items}</ul></small></div>")


def _kernel_loop():
    """The event loop of the Jupyter kernel this runs in (Voilà, JupyterLab), or None outside a kernel."""
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    if getattr(shell, "kernel", None) is None:
        return None
    from tornado.ioloop import IOLoop
    return IOLoop.current()


def run_in_steps(steps, done, failed=None, seconds: float = 0.15):
    """Run the generator ``steps`` (e.g. :func:`thurn.game_review.review_steps`) to its end, then ``done(result)``.

    In a kernel the work is cut into slices of about ``seconds``, each scheduled on the kernel's event loop: between
    two slices the kernel sends the widgets' updates (a progress bar moves) and answers the browser. A button's
    callback that did the whole work at once would show nothing until it returned. Outside a kernel (scripts,
    tests) it runs at once and returns ``done``'s result. ``failed(error)`` is called with an error of the work
    (in a kernel; elsewhere it is raised)."""
    loop = _kernel_loop()
    if loop is None:
        return done(drain(steps))

    def slice_():
        until = time.perf_counter() + seconds
        try:
            while time.perf_counter() < until:
                next(steps)
        except StopIteration as end:
            done(end.value)
            return
        except Exception as e:          # noqa: BLE001 -- shown in the app, never a traceback
            if failed is None:
                raise
            failed(e)
            return
        loop.add_callback(slice_)
    loop.add_callback(slice_)
    return None


class GameReview(ClosesParts, widgets.VBox):
    """A review of ``state`` for ``player`` (name or seat; default seat 0): the decisions table, the biggest
    mistakes in words (each with a button that shows it on the replay), the chart of each player's expected final
    score, and the replay (back/next and a slider). ``bot``, ``seed``, ``samples``: as
    :func:`thurn.game_review.review_game`; ``review``: that review already made (e.g. by the game app, which shows
    its progress meanwhile); ``lines``: the game's lines of analysis (a :class:`thurn.variations.Variations` of this
    game) that "Analysis board from here" opens with. Picking another player reviews him (a progress bar shows the
    work, in steps)."""

    @property
    def map(self) -> go.FigureWidget:
        """The map the page shows now (a plotly FigureWidget, renewed by its :class:`FigureBox` if the page's copy
        stopped following it)."""
        return self._map_box.figure

    @property
    def chart(self) -> go.FigureWidget:
        """The chart of expected final scores the page shows now (as :attr:`map`)."""
        return self._chart_box.figure

    def __init__(self, state, player=None, *, bot=None, seed=0, samples: int = 8, map_height: int | None = 520,
                 review=None, lines=None):
        self.state = need_game(state)
        #: The game's lines of analysis (:class:`thurn.variations.Variations`) that the analysis board opens with,
        #: e.g. those of a saved file (its drill's results kept); None: the game alone.
        self.lines = lines
        seat = seat_of(self.state, player)
        self._options = dict(bot=bot, seed=seed, samples=samples)
        self.map_height = map_height
        self._states = positions(self.state)
        self._lines = action_lines(self.state, self._viewer(seat))
        self.review = None
        self._start_bar = None          # the progress bar shown while the app is being made (in a kernel)

        names = self.state.names
        self.player_picker = widgets.Dropdown(options=[(n, i) for i, n in enumerate(names)], value=seat,
                                              description="Review", layout=widgets.Layout(width="auto"))
        self.progress = widgets.IntProgress(min=0, max=1, value=0, description="",
                                            layout=widgets.Layout(width="260px"))
        self.progress_text = widgets.HTML("")
        self.summary = widgets.HTML("")
        self.mistakes_box = widgets.VBox([])
        self.mistakes_box.add_class("thurn-review-mistakes")
        self.mistake_buttons: list[widgets.Button] = []
        self.sort_picker = widgets.ToggleButtons(options=list(SORTS), value="game order",
                                                 description="Sort", style={"button_width": "auto"})
        self.table_html = widgets.HTML("")
        self.table_html.add_class("thurn-review-table")

        n = len(self.state.history)
        self.start_button = widgets.Button(description="start", icon="fast-backward", tooltip="the first position",
                                           layout=widgets.Layout(width="auto"))
        self.back_button = widgets.Button(description="back", icon="step-backward", tooltip="one action back",
                                          layout=widgets.Layout(width="auto"))
        self.next_button = widgets.Button(description="next", icon="step-forward", tooltip="one action on",
                                          layout=widgets.Layout(width="auto"))
        self.end_button = widgets.Button(description="end", icon="fast-forward", tooltip="the last position",
                                         layout=widgets.Layout(width="auto"))
        self.slider = widgets.IntSlider(min=0, max=n, value=0, description="action", continuous_update=False,
                                        layout=widgets.Layout(width="60%"))
        self.replay_text = widgets.HTML("")
        self.replay_text.add_class("thurn-review-now")
        self.analysis_button = widgets.Button(description="Analysis board from here", icon="code-branch",
                                              tooltip="continue from this position, keep the lines you try, and "
                                                      "drill the mistakes", layout=widgets.Layout(width="auto"))
        self.analysis_button.add_class("thurn-open-analysis")
        self.analysis_box = widgets.VBox([])
        self.analysis = None            # the analysis board opened last (open_analysis)
        # the review first, so that the chart and the map are made with what they show: a FigureWidget's updates
        # sent before the browser shows it are lost
        if review is not None and review.seat == seat and review.state is self.state:
            self.review = review
            self.progress.max, self.progress.value = 1, 1
            self.progress_text.value = "<small>done</small>"
        else:
            self.review = self._run(seat, starting=True)
        self._chart_box = FigureBox(go.FigureWidget(review_chart(self.review)))
        self._map_box = FigureBox(go.FigureWidget(self._map_figure(0)))
        self._map_box.add_class("thurn-map")
        for b, fn in ((self.start_button, lambda _: self.go_to(0)), (self.back_button, lambda _: self.back()),
                      (self.next_button, lambda _: self.next()), (self.end_button, lambda _: self.go_to(n))):
            b.on_click(fn)
        self.slider.observe(lambda change: self._show_move(change["new"]), names="value")
        self.analysis_button.on_click(lambda _: self.open_analysis())
        self.sort_picker.observe(lambda change: self._show_table(), names="value")
        self.player_picker.observe(lambda change: self._compute(), names="value")

        head = widgets.HTML(f"<h3 style='margin:4px 0'>Game review: {html.escape(' · '.join(names))}"
                            f"{' — ' + html.escape(self.state.result_text()) if self.state.is_over else ''}"
                            f"</h3><div style='color:#555'>Each decision with a choice, ranked by the search bot "
                            f"(value: {_value_words(self.state)}); the game itself is never changed.</div>")
        replay = widgets.VBox([
            widgets.HTML("<h4 style='margin:8px 0 2px'>Replay</h4>"),
            widgets.HBox([self.start_button, self.back_button, self.next_button, self.end_button, self.slider]),
            self.replay_text, self._map_box, self.analysis_button, self.analysis_box])
        replay.add_class("thurn-review-replay")
        super().__init__([
            head, widgets.HBox([self.player_picker, self.progress, self.progress_text]), self.summary,
            widgets.HTML("<h4 style='margin:8px 0 2px'>The biggest mistakes</h4>"), self.mistakes_box,
            self._chart_box,
            widgets.HTML("<h4 style='margin:8px 0 2px'>Every decision</h4>"), self.sort_picker, self.table_html,
            replay])
        self.add_class("thurn-review")
        self._show_review()
        self._show_move(0, draw=False)

    # -- the review --------------------------------------------------------------------------------------------
    def _viewer(self, seat: int):
        """Whose view the replay takes: an unfinished game as the reviewed player saw it (the others' cards drawn
        from the deck and kept in hand unnamed, base rules, 1), a finished one in full (None)."""
        return None if self.state.is_over else seat

    @property
    def player(self) -> str:
        return self.state.names[self.player_picker.value]

    def _on_progress(self, done: int, total: int, what: str) -> None:
        self.progress.max = max(1, total)
        self.progress.value = done
        self.progress_text.value = f"<small>{html.escape(what)}: {done} of {total}</small>"

    def _run(self, seat: int, starting: bool = False):
        """The review of ``seat``, with its progress shown: in the app's bar, or while the app is being made (not
        shown yet) in a bar of its own in the cell's output, hidden when done (the app holds it, so that closing
        the app closes it; a closed widget would show an error in its place)."""
        progress = self._on_progress
        if starting:
            try:
                from IPython import get_ipython
                from IPython.display import display
            except ImportError:
                get_ipython = None
            if get_ipython is not None and getattr(get_ipython(), "kernel", None) is not None:
                bar = self._start_bar = widgets.IntProgress(min=0, max=1, value=0, description="Reviewing",
                                                            layout=widgets.Layout(width="320px"))
                display(bar)

                def start_progress(done, total, what):
                    bar.max, bar.value = max(1, total), done
                progress = start_progress
        try:
            review = review_game(self.state, seat, progress=progress, **self._options)
        finally:
            if self._start_bar is not None:
                self._start_bar.layout.display = "none"
        self.progress.max, self.progress.value = 1, 1
        self.progress_text.value = "<small>done</small>"
        return review

    def _compute(self) -> None:
        self.progress_text.value = "<small>reviewing…</small>"
        self.player_picker.disabled = True
        seat = self.player_picker.value
        steps = review_steps(self.state, seat, progress=self._on_progress, **self._options)
        run_in_steps(steps, self._reviewed, self._failed)

    def _reviewed(self, review) -> None:
        self.player_picker.disabled = False
        if review.seat != self.player_picker.value:
            return
        self.review = review
        self._lines = action_lines(self.state, self._viewer(review.seat))
        self.progress.max, self.progress.value = 1, 1
        self.progress_text.value = "<small>done</small>"
        refresh(self.chart, review_chart(self.review))
        self._show_review()
        self._show_move(self.slider.value)

    def _failed(self, error) -> None:
        self.player_picker.disabled = False
        self.progress_text.value = f"<small>the review stopped: {html.escape(str(error))}</small>"

    def _show_review(self) -> None:
        self.summary.value = f"<p>{html.escape(self.review.summary())}</p>"
        self._show_mistakes()
        self._show_table()

    def _show_mistakes(self) -> None:
        close_tree(*self.mistakes_box.children)
        rows, self.mistake_buttons = [], []
        for move, text, more in zip(self.review.mistake_moves(), self.review.mistakes(),
                                    self.review.mistake_details()):
            button = widgets.Button(description="show", icon="eye", tooltip=f"the position before action {move + 1}",
                                    layout=widgets.Layout(width="90px", min_width="90px"))
            button.on_click(lambda _, k=move: self.go_to(k))
            self.mistake_buttons.append(button)
            words = widgets.HTML(f"<div style='background:{MISTAKE_BG};padding:3px 6px;border-radius:4px'>"
                                 f"{html.escape(text)}<details class='thurn-review-details'><summary "
                                 f"style='cursor:pointer;color:#555'>the full lines</summary>{html.escape(more)}"
                                 f"</details></div>", layout=widgets.Layout(flex="1 1 auto"))
            rows.append(widgets.HBox([button, words], layout=widgets.Layout(align_items="center")))
        if not rows:
            rows = [widgets.HTML("<i>None: every choice was the search bot's, or within "
                                 f"{MISTAKE_MIN} points of it.</i>")]
        self.mistakes_box.children = rows

    def _show_table(self) -> None:
        t = self.review.table
        key = SORTS[self.sort_picker.value]
        if key == "loss":
            t = t.sort_values(["loss", "turn"], ascending=[False, True], kind="stable")
        elif key == "step":
            t = t.sort_values(["step", "turn"], kind="stable")
        top = set(self.review.mistake_moves())
        esc = html.escape
        head = ("<tr><th style='white-space:nowrap'>action #</th><th>turn</th><th>round</th><th>step</th>"
                "<th>played</th><th>rank</th>"
                "<th>value</th><th>search bot's choice</th><th>value</th><th>loss</th><th>the best three</th></tr>")
        rows = []
        for move, r in t.iterrows():
            loss = r["checked_loss"] if r["checked_loss"] == r["checked_loss"] else r["loss"]
            bg = TOP_BG if move in top else MISTAKE_BG if loss >= MISTAKE_MIN and r["rank"] > 1 else \
                CLOSE_BG if r["rank"] > 1 else ""
            style = f" style='background:{bg}'" if bg else ""
            best = "same" if r["rank"] == 1 else esc(r["best"])
            checked = "" if r["checked_loss"] != r["checked_loss"] else \
                f"<br><small title='looked at again on twice the budget' style='white-space:nowrap'>" \
                f"checked {r['checked_loss']:.1f}</small>"
            hint = " <small style='color:#555'>(the hint's advice)</small>" if r["hint"] == r["notation"] else ""
            rank = "clear" if r["look"] == "clear" else f"{r['rank']} of {r['candidates']}"
            rows.append(f"<tr{style} title='{esc(r['comment'] + ' ' + r['details'])}'><td>{move + 1}</td><td>{r['turn']}</td>"
                        f"<td>{r['round']}</td><td>{esc(step_words(self._states[move]))}</td>"
                        f"<td>{esc(r['action'])}{hint}</td>"
                        f"<td style='white-space:nowrap'>{rank}</td>"
                        f"<td>{_points(r['value'])}</td><td>{best}</td>"
                        f"<td>{_points(r['best_value'])}</td><td>{r['loss']:.1f}{checked}</td>"
                        f"<td><small>{esc(r['alternatives'])}</small></td></tr>")
        legend = (f"<div style='font-size:0.85em;color:#555;margin:2px 0'>"
                  f"<span style='background:{TOP_BG};padding:0 4px'>the three biggest mistakes</span> "
                  f"<span style='background:{MISTAKE_BG};padding:0 4px'>lost {MISTAKE_MIN} points or more</span> "
                  f"<span style='background:{CLOSE_BG};padding:0 4px'>another choice, about as good</span> · "
                  f"rank “clear”: the hint's clear favourite, played as the search bot plays it (no look) · "
                  f"hover a row for the words · action # is the replay's slider position + 1</div>")
        self.table_html.value = (
            f"<style>.thurn-review-rows td, .thurn-review-rows th {{padding:2px 6px;vertical-align:top}}</style>"
            f"{legend}<div style='max-height:360px;overflow-y:auto;border:1px solid #ddd'>"
            f"<table class='thurn-review-rows' style='border-collapse:collapse;font-size:0.9em'>"
            f"<thead style='position:sticky;top:0;background:white'>{head}</thead>"
            f"<tbody>{''.join(rows)}</tbody></table></div>")

    def open_analysis(self):
        """The analysis board (:class:`thurn.widgets.AnalysisBoard`) of the reviewed player, below the replay at its
        position: the review's words as comments, its confirmed mistakes as a drill."""
        from .analysis import AnalysisBoard

        close_tree(*self.analysis_box.children)
        tree = self.lines
        if tree is None or not tree.game.same_position(self.state) or len(tree.main) != len(self.state.history):
            tree = self.state                   # (lines of another game, or of an earlier point of this one: not)
        board = AnalysisBoard(tree, self.player_picker.value, review=self.review)
        board.show_line(0, self.move)
        self.analysis_box.children = (board,)
        self.analysis = board
        return board

    # -- the replay --------------------------------------------------------------------------------------------
    @property
    def move(self) -> int:
        """How many actions of the game the position shown is after the start."""
        return self.slider.value

    @property
    def position(self):
        """The position shown (rebuilt from the history; the game itself is never changed)."""
        return self._states[self.slider.value]

    def go_to(self, k: int) -> None:
        """Show the position after the first ``k`` actions of the game (0 to ``len(state.history)``)."""
        n = len(self.state.history)
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= n:
            raise ValueError(f"go_to takes a number of actions from 0 to {n}, not {k!r}.")
        self.slider.value = k               # the slider's observer draws it

    def next(self) -> None:
        if self.slider.value < self.slider.max:
            self.go_to(self.slider.value + 1)

    def back(self) -> None:
        if self.slider.value > 0:
            self.go_to(self.slider.value - 1)

    def _map_figure(self, k: int) -> go.Figure:
        """The position after ``k`` actions, with the route of the player to move (of the last one at the end);
        before a decision the search bot would have made otherwise, its choice drawn dashed (cities ringed, houses
        hollow)."""
        s = self._states[k]
        title = f"after action {k} of {len(self.state.history)} · round {s.turns // len(s.names) + 1}"
        seen = self._viewer(self.player_picker.value)     # whose secrets the map may show (a variant's map)
        if s.is_over:
            return board_figure(s, player=self._states[k - 1].to_move if k else None, title=title,
                                height=self.map_height, viewer=seen)
        table = self.review.table if self.review is not None else None
        if table is not None and k in table.index and table.loc[k, "rank"] > 1:
            best = next((a for a in s.legal_actions() if a.notation == table.loc[k, "best_notation"]), None)
            if best is not None:
                h = make_hint(s, 0.0, best, "")
                return board_figure(s, candidates=h.cities, suggestion=list(h.route) or None,
                                    placement=list(h.houses) or None, height=self.map_height,
                                    title=f"{title} · marked: the search bot's choice", viewer=seen)
        return board_figure(s, title=title, height=self.map_height, viewer=seen)

    def _show_move(self, k: int, draw: bool = True) -> None:
        s = self._states[k]
        history = self.state.history
        n = len(history)
        esc = html.escape
        if k:
            mover = self._states[k - 1].to_move
            said = " ".join(self._lines[k - 1])
            last = f"<b>Action {k} of {n}</b>, {esc(self.state.names[mover])}: {esc(said)}"
        else:
            mover = s.to_move
            last = f"<b>The start</b> ({n} actions follow)"
        table = self.review.table if self.review is not None else None
        note = ""
        if k < n:
            who = esc(s.to_move_name)
            said = seen_action(history[k], s.to_move, self._viewer(self.player_picker.value))
            note = f"<br>Next: {who} — {esc(said)}"
            if table is not None and k in table.index:
                r = table.loc[k]
                note += (f" <span style='color:#555'>(rank {r['rank']} of {r['candidates']}; the search bot: "
                         f"{esc(r['best'])}, loss {r['loss']:.1f})</span>" if r["rank"] > 1 else
                         " <span style='color:#1d6b2f'>(the search bot's choice too)</span>")
        elif s.is_over:
            note = f"<br><b>Game over</b>: {esc(s.result_text())}."
        self.replay_text.value = f"<div style='min-height:3em'>{last}{note}</div>"
        if draw:
            refresh(self.map, self._map_figure(k))
        self.back_button.disabled = self.start_button.disabled = k == 0
        self.next_button.disabled = self.end_button.disabled = k == n

    def close(self) -> None:
        """Close every widget of the app (the progress bar shown while it was made too), then the app."""
        if self._start_bar is not None:
            close_tree(self._start_bar)
        super().close()

    def __repr__(self) -> str:
        return f"<GameReview of {self.player}: action {self.move} of {len(self.state.history)} shown>"
