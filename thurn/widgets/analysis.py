"""The analysis board as an app: a game and its lines (:class:`thurn.variations.Variations`) beside the map — step
through any line, continue from any position against bots or hotseat, name, delete and promote lines, write notes,
compare a move over many deals, save the game with its lines, and drill the mistakes a review confirmed.

``AnalysisBoard(game, player=None, *, review=None)`` (an ``ipywidgets.VBox``): ``game`` a finished or unfinished
:class:`~thurn.GameState` (the Play app's ``app.state``, a loaded file) or a :class:`~thurn.variations.Variations`;
``player`` the learner (name or seat; default seat 0): whose knowledge a fair deal keeps, whose view an unfinished
line is shown in, and who plays the branches; ``review``: a :class:`~thurn.game_review.Review` of his, whose words
become comments on the game and whose confirmed mistakes make the drill. The app holds no rules: the library does
every change and says what is refused.

For code and tests: ``.tree``, ``.line`` (the line shown), ``.show_line(ref)``, ``.go_to(k)``, ``.position``,
``.next_note()``, ``.continue_from_here(deal=None, opponents=None)`` (returns the branch's :class:`~thurn.widgets.Play`, also
``.branch_app``), ``.rename(name)``, ``.delete()``, ``.promote()``, ``.save_note(text)``, ``.compare(deals)``,
``.save(path)``, ``.download()``, ``.drill`` (the :class:`~thurn.drill.Drill`) and ``.drill_answer(i or action)``,
``.drill_show()``, ``.drill_go(i)``; ``.message``. CSS classes: ``thurn-analysis`` (the app), ``thurn-lines``,
``thurn-analysis-now``, ``thurn-analysis-log`` (the line's last moves), ``thurn-map``, ``thurn-analysis-branch`` (the branch being played), ``thurn-drill``,
``thurn-drill-choice`` (each answer's button), ``thurn-drill-verdict``.
"""
from __future__ import annotations

import base64
import html
import json

import ipywidgets as widgets
import plotly.graph_objects as go

from ..bots import make_bot
from ..bots.levels import LEVELS
from ..drill import Drill
from ..errors import ThurnError
from ..game_review import action_lines, said, seat_of
from ..io import MAX_SAVE_BYTES
from ..log import seen_action
from ..state import GameState
from ..variations import Variations
from ..viz import board_figure, refresh
from .common import ClosesParts, MessageArea, card_chips
from .figurebox import FigureBox

__all__ = ["AnalysisBoard", "HOTSEAT"]

#: The opponents' choice that lets the learner play every seat of a branch.
HOTSEAT = "hotseat"
COMPARE_DEALS = 40
#: How many of the line's moves up to the position shown its log lists (the latest first).
LOG_MOVES = 12


class AnalysisBoard(ClosesParts, widgets.VBox):
    """A game and its lines on the map; see the module's docstring."""

    @property
    def map(self) -> go.FigureWidget:
        return self._map_box.figure

    def __init__(self, game, player=None, *, review=None, opponents: str = "club", map_height: int | None = 480,
                 seed: int | None = None, teaching: bool | None = None):
        tree = game if isinstance(game, Variations) else Variations(game)
        self.tree = tree
        self.seat = seat_of(tree.game, player)
        self.map_height = map_height
        self.seed = seed
        self.review = review
        self.branch_app = None
        self._line = tree.main
        self._lines_said: dict[int, list] = {}
        self.drill = None
        if review is not None:
            if review.seat != self.seat:
                raise ThurnError(f"the review is of {review.player}, the board of {tree.game.names[self.seat]}.")
            if not tree.main.comments:
                tree.add_review(review)
            self.drill = Drill(review, tree=tree, seed=seed or 0)
        self._drill_at = 0
        self._listing = False
        #: Whether "same deck" branches are offered: they show the game's real hidden cards, so only once the game is
        #: over, or where a teacher says so (``teaching=True``).
        self.teaching = tree.game.is_over if teaching is None else bool(teaching)
        names = tree.game.names
        L = widgets.Layout
        self.message_area = MessageArea()
        self.lines_select = widgets.Select(options=[], rows=6, layout=L(width="100%"))
        self.lines_select.add_class("thurn-lines")
        self.name_text = widgets.Text(placeholder="a name for this line", layout=L(width="220px"))
        self.rename_button = widgets.Button(description="Rename", layout=L(width="auto"))
        self.delete_button = widgets.Button(description="Delete line", icon="trash", layout=L(width="auto"))
        self.promote_button = widgets.Button(description="Promote", icon="arrow-up", tooltip="show it first",
                                             layout=L(width="auto"))
        self.start_button = widgets.Button(description="start", icon="fast-backward", layout=L(width="auto"))
        self.back_button = widgets.Button(description="back", icon="step-backward", layout=L(width="auto"))
        self.next_button = widgets.Button(description="next", icon="step-forward", layout=L(width="auto"))
        self.end_button = widgets.Button(description="end", icon="fast-forward", layout=L(width="auto"))
        self.slider = widgets.IntSlider(min=0, max=len(tree.main), value=0, description="move",
                                        continuous_update=False, layout=L(width="340px"))
        self.now_html = widgets.HTML("")
        self.now_html.add_class("thurn-analysis-now")
        self.log_html = widgets.HTML("")
        self.log_html.add_class("thurn-analysis-log")
        self.next_note_button = widgets.Button(description="next note", icon="comment",
                                               tooltip="the next position of this line with a comment or a note",
                                               layout=L(width="auto"))
        self.note_text = widgets.Textarea(placeholder="your note on this position", layout=L(width="75%",
                                                                                               height="3.2em"))
        self.note_button = widgets.Button(description="Save note", layout=L(width="auto"))
        deals = [("Fair deal", "fair")] + ([("Same deck (teaching)", "same")] if self.teaching else [])
        self.deal_picker = widgets.ToggleButtons(
            options=deals, value="fair",
            tooltips=["what you could not know there is dealt again: the branch never tells you a hidden card",
                      "the game's own hidden cards: shows what really lay there (for teaching)"][:len(deals)],
            style={"button_width": "auto"})
        self.opponents_picker = widgets.Dropdown(
            options=[(f"{lv.name} bots", lv.key) for lv in LEVELS] + [("Hotseat (I play every seat)", HOTSEAT)],
            value=opponents if opponents in [lv.key for lv in LEVELS] + [HOTSEAT] else "club",
            description="against", layout=L(width="auto"))
        self.continue_button = widgets.Button(description="Continue from here", button_style="primary",
                                              icon="code-branch", layout=L(width="auto"))
        self.compare_button = widgets.Button(description=f"Compare over {COMPARE_DEALS} deals", icon="balance-scale",
                                             layout=L(width="auto"))
        self.compare_html = widgets.HTML("")
        self.save_button = widgets.Button(description="Save the game with its lines", icon="download",
                                          layout=L(width="auto"))
        self.download_html = widgets.HTML("")
        self.branch_box = widgets.VBox([])
        self.branch_box.add_class("thurn-analysis-branch")
        self._map_box = FigureBox(go.FigureWidget(self._figure()))
        self._map_box.add_class("thurn-map")
        self.drill_box = widgets.VBox([])
        self.drill_box.add_class("thurn-drill")

        for b, fn in ((self.start_button, lambda: self.go_to(0)), (self.back_button, self.back),
                      (self.next_button, self.next), (self.end_button, lambda: self.go_to(len(self._line))),
                      (self.rename_button, lambda: self.rename(self.name_text.value)),
                      (self.delete_button, self.delete), (self.promote_button, self.promote),
                      (self.note_button, lambda: self.save_note(self.note_text.value)),
                      (self.continue_button, self.continue_from_here), (self.compare_button, self.compare),
                      (self.next_note_button, self.next_note),
                      (self.save_button, self.download)):
            b.on_click(lambda _, fn=fn: self._guard(fn))
        self.slider.observe(lambda ch: self._show(), names="value")
        self.lines_select.observe(self._picked, names="value")

        head = widgets.HTML(
            f"<h3 style='margin:4px 0'>Analysis board: {html.escape(' · '.join(names))}</h3>"
            f"<div style='color:#555'>Step through the game, continue from any position and keep the lines you "
            f"try. Learner: <b>{html.escape(names[self.seat])}</b>. The game itself is never changed.</div>")
        def row(*children):
            return widgets.HBox(list(children), layout=L(flex_flow="row wrap", align_items="center"))

        lines_panel = widgets.VBox([
            widgets.HTML("<h4 style='margin:6px 0 2px'>Lines</h4>"), self.lines_select,
            row(self.name_text, self.rename_button, self.promote_button, self.delete_button)])
        replay = widgets.VBox([
            row(self.start_button, self.back_button, self.next_button, self.end_button, self.next_note_button),
            row(self.slider), self.now_html, self.log_html, row(self.note_text, self.note_button),
            row(self.deal_picker), row(self.opponents_picker, self.continue_button),
            row(self.compare_button, self.compare_html), row(self.save_button, self.download_html)])
        super().__init__([head, self.message_area, widgets.HBox([
            widgets.VBox([lines_panel, replay], layout=L(width="46%")),
            widgets.VBox([self._map_box], layout=L(width="54%"))]), self.branch_box, self.drill_box])
        self.add_class("thurn-analysis")
        self._list_lines()
        self._show(draw=False)
        self._show_drill(go=False)

    # -- messages --------------------------------------------------------------------------------------------------
    @property
    def message(self) -> str:
        return self.message_area.text

    def _guard(self, fn) -> None:
        """A click: what the library refuses is said in the message area, in its words."""
        try:
            fn()
        except ThurnError as e:
            self.message_area.error(str(e))

    # -- the lines ---------------------------------------------------------------------------------------------------
    @property
    def line(self):
        """The line shown."""
        return self._line

    def _label(self, depth: int, line) -> str:
        if line.id == 0:
            return f"the game ({len(line)} moves)"
        deal = "fair deal" if line.deal == "fair" else "same deck"
        return (f"{'   ' * (depth - 1)}↳ {line.name} — after move {line.at} of "
                f"{'the game' if line.parent == 0 else self.tree.lines[line.parent].name}, {deal}, {len(line)} moves")

    def _list_lines(self) -> None:
        self._listing = True
        try:
            self.lines_select.options = [(self._label(d, l), l.id) for d, l in self.tree.walk()]
            self.lines_select.value = self._line.id
        finally:
            self._listing = False

    def _picked(self, change) -> None:
        if not self._listing and change["new"] is not None and change["new"] != self._line.id:
            self._guard(lambda: self.show_line(change["new"]))

    def show_line(self, ref, k: int | None = None) -> None:
        """Show line ``ref`` (its id, name or :class:`~thurn.variations.Line`) at its position ``k`` (default: its
        start for the game, its end for a branch)."""
        line = self.tree.line(ref)
        self._line = line
        self._list_lines()
        self.name_text.value = "" if line.id == 0 else line.name
        k = (0 if line.id == 0 else len(line)) if k is None else k
        line.state(k)
        self.slider.unobserve_all("value")
        self.slider.max = len(line)
        self.slider.value = k
        self.slider.observe(lambda ch: self._show(), names="value")
        self._show()

    def rename(self, name: str) -> None:
        self.tree.rename(self._line, name)
        self._list_lines()
        self.message_area.ok(f"The line is now called “{self._line.name}”.")

    def delete(self) -> None:
        line = self._line
        parent = self.tree.lines[line.parent] if line.parent is not None else None
        gone = self.tree.delete(line)
        self._close_branch()
        self.message_area.info(f"Deleted {line.name}" + (f" and {len(gone) - 1} line(s) branching off it"
                                                         if len(gone) > 1 else "") + ".")
        self.show_line(parent, line.at)

    def promote(self) -> None:
        self.tree.promote(self._line)
        self._list_lines()
        self.message_area.ok(f"“{self._line.name}” is shown first among the lines branching off the same line.")

    # -- the replay ----------------------------------------------------------------------------------------------------
    @property
    def move(self) -> int:
        return self.slider.value

    @property
    def position(self) -> GameState:
        """The position shown."""
        return self._line.state(self.slider.value)

    def go_to(self, k: int) -> None:
        self._line.state(k)                       # (checks k)
        self.slider.value = k

    def next(self) -> None:
        if self.slider.value < len(self._line):
            self.slider.value += 1

    def back(self) -> None:
        if self.slider.value > 0:
            self.slider.value -= 1

    def next_note(self) -> None:
        """Step to the next position of the line with a comment or a note (an annotated replay, step by step)."""
        line, k = self._line, self.slider.value
        later = sorted(j for j in (*line.comments, *line.notes) if j > k)
        if not later:
            raise ThurnError("no comment or note after this position in this line.")
        self.slider.value = later[0]

    def _viewer(self, line=None):
        """Whose view a line's positions are shown in: the learner's while the line's game is not over (the others'
        hands and the deck unseen, base rules 1), the whole position once it is."""
        line = self._line if line is None else line
        return None if line.state().is_over else self.seat

    def _said(self, line) -> list:
        got = self._lines_said.get(line.id)
        if got is None or len(got[1]) != len(line):
            end = line.state()
            first = len(line.start.history)
            got = self._lines_said[line.id] = (end, action_lines(end, self._viewer(line))[first:])
        return got[1]

    def _figure(self):
        s, k = self.position, self.slider.value
        where = "the game" if self._line.id == 0 else self._line.name
        return board_figure(s, title=f"{where}: after move {k} of {len(self._line)}", height=self.map_height,
                            viewer=self._viewer())

    def _show(self, draw: bool = True) -> None:
        line, k = self._line, self.slider.value
        s = line.state(k)
        esc = html.escape
        parts = []
        if k:
            mover = line.state(k - 1).to_move
            parts.append(f"<b>Move {k} of {len(line)}</b>, {esc(s.names[mover])}: "
                         f"{esc(' '.join(self._said(line)[k - 1]))}")
        else:
            parts.append(f"<b>{'The start' if line.id == 0 else 'Where the line branches off'}</b> "
                         f"({len(line)} moves follow)")
        if k < len(line):
            parts.append(f"Next: {esc(s.to_move_name)} — "
                         f"{esc(seen_action(line.actions[k], s.to_move, self._viewer()))}")
        elif s.is_over:
            parts.append(f"<b>Game over</b>: {esc(s.result_text())}")
        else:
            parts.append(f"{esc(s.to_move_name)} to move: continue from here to play on.")
        if line.deal == "same":
            parts.append("<span style='color:#8a5a00'>Same deck: the game's own hidden cards (teaching).</span>")
        hand = s.players[self.seat].hand
        parts.append(f"{esc(s.names[self.seat])}'s hand: {card_chips(s.board, s.board.cities_of(hand))}")
        comment = line.comments.get(k)
        if comment:
            parts.append(f"<div style='background:#fff6d5;padding:2px 4px'>Review: {esc(comment)}</div>")
        kids = self.tree.branches_at(line, k)
        if kids:
            parts.append("Lines from here: " + ", ".join(esc(l.name) for l in kids))
        self.now_html.value = "<div style='min-height:3em'>" + "<br>".join(parts) + "</div>"
        said = self._said(line)[max(0, k - LOG_MOVES):k]
        self.log_html.value = (
            "<div style='max-height:9em;overflow-y:auto;font-size:0.85em;color:#444;border-left:3px solid #ddd;"
            "padding-left:6px'>" + "".join(reversed([f"<div><b>{j}.</b> {esc(' '.join(words))}</div>" for j, words
                                                    in enumerate(said, start=max(0, k - LOG_MOVES) + 1)]))
            + "</div>" if said else "")           # the latest move first
        self.note_text.value = line.notes.get(k, "")
        self.back_button.disabled = self.start_button.disabled = k == 0
        self.next_button.disabled = self.end_button.disabled = k == len(line)
        self.continue_button.disabled = s.is_over
        if draw:
            refresh(self.map, self._figure())

    def save_note(self, text: str) -> None:
        self.tree.note(self._line, self.slider.value, text.strip() or None)
        self.message_area.ok("Note saved." if text.strip() else "Note removed.")

    # -- continue from here ---------------------------------------------------------------------------------------------
    def continue_from_here(self, deal: str | None = None, opponents: str | None = None):
        """A new line from the position shown (dealt ``deal``, default the picker's), played in a Play app below
        the board: the learner's seat by him, the others by bots of the ``opponents`` level (default the picker's;
        :data:`HOTSEAT`: every seat by him). Every move is kept in the line."""
        from .play import Play

        deal = deal or self.deal_picker.value
        if deal == "same" and not self.teaching:
            raise ThurnError("the game is not over: a branch with the same deck would show you its hidden cards. "
                             "Continue on a fair deal (or open the board with teaching=True).")
        opponents = opponents or self.opponents_picker.value
        if opponents != HOTSEAT and not any(lv.key == opponents for lv in LEVELS):
            raise ThurnError(f"the opponents are a level ({', '.join(lv.key for lv in LEVELS)}) or "
                             f"{HOTSEAT!r}, not {opponents!r}.")
        seed = None if self.seed is None else f"thurn.analysis:{self.seed}:{self.tree._next}"
        line = self.tree.branch(self._line, self.slider.value, deal=deal, seat=self.seat, seed=seed)
        start = line.start
        bots = {} if opponents == HOTSEAT else {
            name: make_bot(opponents, seed=None if self.seed is None else self.seed * 10 + line.id * 5 + i)
            for i, name in enumerate(start.names) if i != self.seat}
        self._close_branch()
        app = Play.from_state(start, bots=bots, autosave=False, undo="teaching", offer_saved=False)
        self.branch_app = app
        app.on_change(lambda a, line=line: self._follow(line, a))
        self._follow(line, app)
        self.branch_box.children = (widgets.HTML(f"<h4 style='margin:8px 0 2px'>Playing {html.escape(line.name)}"
                                                 f" ({'fair deal' if deal == 'fair' else 'same deck: teaching'})"
                                                 f"</h4>"), app)
        self.show_line(line)
        self.message_area.ok(f"{line.name} starts here ({'what you could not know is dealt again' if deal == 'fair' else 'the game’s own cards'}): play it below; every move is kept in the line.")
        return app

    def _follow(self, line, app) -> None:
        """Keep ``line`` equal to the branch app's game (its moves after the line's start; undo takes moves back)."""
        if self.tree.lines.get(line.id) is not line:
            return
        history = app.state.history[len(line.start.history):]
        same = 0
        while same < min(len(history), len(line)) and history[same] == line.actions[same]:
            same += 1
        if same < len(line):
            self.tree.take_back(line, len(line) - same)
        for a in history[same:]:
            self.tree.play(line, a)
        if self._line is line:
            self.slider.max = len(line)
            self.slider.value = len(line)
            self._list_lines()
            self._show()

    def _close_branch(self) -> None:
        if self.branch_app is not None:
            self.branch_app.close()
            self.branch_app = None
        self.branch_box.children = ()

    # -- over many deals -----------------------------------------------------------------------------------------------
    def compare(self, deals: int = COMPARE_DEALS) -> None:
        """The game's move at the position a line branches off (or the line's next move) against the line's first
        move, over ``deals`` fair deals (:func:`thurn.trials.compare_moves`), in one sentence."""
        from ..trials import compare_moves

        line, k = self._line, self.slider.value
        if line.id != 0:                          # a branch: its first move against the move played there
            parent = self.tree.lines[line.parent]
            if not len(line) or line.at >= len(parent):
                raise ThurnError("play a move in this line first (and branch off a position with a move after it)"
                                 ": then compare the two.")
            s, moves = parent.state(line.at), [parent.actions[line.at], line.actions[0]]
        else:                                     # the game: its move here against a line's first move from here
            if k >= len(line):
                raise ThurnError("step to a position with a move after it to compare.")
            s, played = line.state(k), line.actions[k]
            other = next((l.actions[0] for l in self.tree.branches_at(line, k) if len(l) and
                          l.actions[0] != played), None)
            if other is None:
                raise ThurnError("continue from here with another move first: then compare the two.")
            moves = [played, other]
        viewer = s.to_move
        if viewer != self.seat and not self.tree.game.is_over:
            raise ThurnError(f"these are {s.names[viewer]}'s moves: a comparison deals again what he could not "
                             f"know, and he knows his own hand, which you do not see while the game goes on.")
        table = compare_moves(s, moves, deals=deals, viewer=viewer, seed=self.seed or 0)
        diff = table.points_vs_first[1]
        self.compare_html.value = (
            f"<span>“{html.escape(table.move[1])}” instead of “{html.escape(table.move[0])}”: over {deals} deals, "
            f"<b>{diff:+.1f} points</b> on average for {html.escape(s.names[viewer])} "
            f"({table.points[1]:.1f} against {table.points[0]:.1f}; lead {table.lead_vs_first[1]:+.1f}).</span>")

    # -- files -----------------------------------------------------------------------------------------------------------
    def save(self, path, overwrite: bool = False):
        """Write the game with its lines (:meth:`Variations.to_json`) to ``path``; an existing file is kept unless
        ``overwrite``."""
        from pathlib import Path

        path = Path(path)
        if path.exists() and not overwrite:
            raise ThurnError(f"{path} exists: it is left as it is (save(path, overwrite=True) replaces it).")
        path.write_text(self.tree.to_json(indent=1), encoding="utf-8")
        self.message_area.ok(f"Saved the game with its {len(self.tree.lines) - 1} line(s) to {path}.")
        return path

    def download(self) -> str:
        """A link that saves the game with its lines as a file in the browser (a ``data:`` link, made now)."""
        text = self.tree.to_json(indent=1)
        if len(text) > MAX_SAVE_BYTES:
            raise ThurnError("the game with its lines is too large to save here.")
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        self.download_html.value = (f"<a class='thurn-download-link' download='thurn-analysis.json' "
                                    f"href='data:application/json;base64,{data}'>⤓ thurn-analysis.json</a>")
        self.message_area.ok("The game and its lines are in the file: click the link to save it.")
        return self.download_html.value

    # -- the drill -------------------------------------------------------------------------------------------------------
    def _show_drill(self, verdict=None, go: bool = True) -> None:
        """The drill's exercise now, with ``verdict`` under it; ``go``: the board shows its position too."""
        drill = self.drill
        if drill is None:
            self.drill_box.children = ()
            return
        head = widgets.HTML("<h4 style='margin:10px 0 2px'>Learn from your mistakes</h4>")
        if not len(drill):
            self.drill_box.children = (head, widgets.HTML("The review confirmed no mistake: nothing to drill."),)
            return
        i = self._drill_at
        ex = drill.exercise(i)
        sc = drill.score()
        result = drill.results.get(ex.move)
        info = widgets.HTML(
            f"<div>Exercise {i + 1} of {len(drill)} · right {sc['right']}, wrong {sc['wrong']}, shown "
            f"{sc['shown']}, open {sc['open']}</div><div><b>{html.escape(ex.question)}</b></div>"
            f"<div>Your hand: {card_chips(ex.state.board, ex.state.board.cities_of(ex.state.players[ex.seat].hand))}"
            f"</div>" + (f"<div style='color:#555'>This one: {result}.</div>" if result else ""))
        buttons = []
        for a in ex.choices:
            b = widgets.Button(description=said(ex.state, a), tooltip=a.notation, layout=widgets.Layout(width="auto"))
            b.add_class("thurn-drill-choice")
            b.on_click(lambda _, a=a: self._guard(lambda: self.drill_answer(a)))
            buttons.append(b)
        show = widgets.Button(description="Show the answer", layout=widgets.Layout(width="auto"))
        show.on_click(lambda _: self._guard(self.drill_show))
        prev = widgets.Button(description="previous", icon="step-backward", disabled=i == 0,
                              layout=widgets.Layout(width="auto"))
        nxt = widgets.Button(description="next exercise", icon="step-forward", disabled=i + 1 >= len(drill),
                             layout=widgets.Layout(width="auto"))
        prev.on_click(lambda _: self._guard(lambda: self.drill_go(self._drill_at - 1)))
        nxt.on_click(lambda _: self._guard(lambda: self.drill_go(self._drill_at + 1)))
        words = ""
        if verdict is not None:
            colour = {"right": "#1d6b2f", "wrong": "#a11", "shown": "#333"}[verdict.result]
            words = (f"<div style='color:{colour};white-space:pre-wrap;border-left:3px solid {colour};"
                     f"padding-left:6px'>{html.escape(verdict.words)}</div>")
        verdict_html = widgets.HTML(words)
        verdict_html.add_class("thurn-drill-verdict")
        self.drill_box.children = (head, info, widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap")),
                                   widgets.HBox([show, prev, nxt]), verdict_html)
        if go:
            self.show_line(0, ex.move)

    def drill_go(self, i: int) -> None:
        self.drill.exercise(i)
        self._drill_at = i
        self._show_drill()

    def drill_answer(self, action):
        """Answer the exercise shown with ``action`` (an action, its notation, or a choice's index)."""
        ex = self.drill.exercise(self._drill_at)
        if isinstance(action, int) and not isinstance(action, bool):
            action = ex.choices[action]
        verdict = self.drill.answer(self._drill_at, action)
        self._show_drill(verdict)
        return verdict

    def drill_show(self):
        verdict = self.drill.show(self._drill_at)
        self._show_drill(verdict)
        return verdict

    def __repr__(self) -> str:
        return (f"<AnalysisBoard of {self.tree.game.names[self.seat]}: {len(self.tree.lines)} line(s), showing "
                f"{self._line.title} at move {self.slider.value}>")
