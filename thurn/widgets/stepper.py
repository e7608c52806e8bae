"""The rules stepper and the quiz: a turn one rule at a time, each with a question the learner answers by clicking;
then a first game against a bot, one decision at a time.

:class:`Quiz` shows a question with a button per choice; a click says "Right" or "Not quite" and why.
:class:`RulesStepper` walks through a lesson (``data/base_lessons.json``): for each step the rule with its
citation ("base rules, 3a — Placing houses"; the other rulebooks' headings in a collapsible note), the position
on the map, and a :class:`Quiz`, with Back and Next; after the last step, Next opens a :class:`GuidedGame`.
:class:`GuidedGame` is a whole game against a bot at the learner's pace: the legal actions as buttons grouped by
rule, the rule of each decision cited and summed up, each of the bot's actions shown one click at a time, and
Back/Next through everything that happened. All are ``ipywidgets.VBox`` (display them, or make them the last
expression of a cell) and all are driven from code too (``quiz.answer("Passau")``, ``game.do("draw deck")``), for
tests and notebooks.

No rules here: every position, legal action, right answer and explanation comes from the engine (through
:mod:`thurn.lessons` for the lesson). CSS classes: the stepper ``thurn-stepper``, the quiz ``thurn-quiz``, choice
buttons ``thurn-choice``, the verdict ``thurn-verdict``, the map box ``thurn-map``, the rule text ``thurn-rule``,
the other rulebooks' note ``thurn-rulebooks``, the step's header ``thurn-step-header`` and its count in the
navigation ``thurn-step-count``; the game ``thurn-guided-game``, its action buttons
``thurn-action``, what happened ``thurn-happened``, the bot's move button ``thurn-bot-move``.
"""
from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence

import ipywidgets as widgets

from ..actions import Score
from ..errors import ThurnError
from ..information import view_for
from ..preparation import new_game
from ..lessons import Lesson, Question, Stop, Verdict, load_lesson
from ..rules import as_rules
from ..viz import board_figure, refresh
from .common import ClosesParts, MessageArea, card_chips, close_tree, hide_kept_cards
from .figurebox import FigureBox

#: The map's width in px: fixed, as the Play app's, because a plotly figure drawn inside a widget box cannot
#: always measure the box (it took plotly's 700 px default and was cut at the box's edge: notebook 09 at 1,400 px);
#: the text beside it takes the rest of the row, and the map goes under the text where the row is narrower.
MAP_WIDTH = 520


def _map_box_layout() -> widgets.Layout:
    return widgets.Layout(width=f"{MAP_WIDTH + 8}px", min_width=f"{MAP_WIDTH + 8}px", flex="0 0 auto")


__all__ = ["GuidedGame", "NotYourMove", "Quiz", "RulesStepper"]

#: A choice's whole words, on two lines where the column is narrow: a button's label is one line cut with "…" by
#: default ("Choose the Cartwright (a longer coach card if she complete…" in notebook 09 at 1,400 px).
CHOICE_STYLE = ("<style>.thurn-choice {white-space: normal !important; height: auto !important; "
                "min-height: var(--jp-widgets-inline-height, 28px); line-height: 1.3 !important; "
                "padding-top: 3px !important; padding-bottom: 3px !important; text-align: left}</style>")

RIGHT_COLOR, WRONG_COLOR = "#1d6b2f", "#b00020"


class Quiz(ClosesParts, widgets.VBox):
    """A question with a button per choice; clicking one shows "Right" or "Not quite", and why.

    ``Quiz(question)`` takes a :class:`~thurn.lessons.Question` (right answers and explanations from the
    engine, see :mod:`thurn.lessons`). ``Quiz(text, choices, answers, explain)`` builds one from parts:
    ``answers`` are the right choices, ``explain`` a mapping or function from a choice to its explanation.
    Every choice can be tried; ``answer(choice)`` does from code what a click does and returns the
    :class:`~thurn.lessons.Verdict`. ``on_answer(callback)`` calls ``callback(verdict)`` after each answer.
    """

    def __init__(self, question, choices: Sequence[str] | None = None, answers=None,
                 explain: Mapping[str, str] | Callable[[str], str] | None = None):
        if isinstance(question, Question):
            if choices is not None or answers is not None or explain is not None:
                raise TypeError("Quiz(question) takes its choices, answers and explanations from the Question.")
            self.question = question
        else:
            self.question = _question_from_parts(str(question), choices, answers, explain)
        self.answered: list[Verdict] = []
        self._callbacks: list[Callable[[Verdict], None]] = []
        self.prompt = widgets.HTML(f"{CHOICE_STYLE}<div style='line-height:1.45'><b>"
                                   f"{html.escape(self.question.text)}</b></div>")
        self.prompt.add_class("thurn-question")
        self.buttons: dict[str, widgets.Button] = {}
        for choice in self.question.choices:
            button = widgets.Button(description=choice, tooltip=choice,
                                    layout=widgets.Layout(width="auto", max_width="100%", margin="2px 4px 2px 0"))
            button.add_class("thurn-choice")
            button.on_click(lambda _, c=choice: self.answer(c))
            self.buttons[choice] = button
        self.verdict_box = widgets.HTML("")
        self.verdict_box.add_class("thurn-verdict")
        row = widgets.Box(list(self.buttons.values()),
                          layout=widgets.Layout(display="flex", flex_flow="row wrap"))
        super().__init__([self.prompt, row, self.verdict_box])
        self.add_class("thurn-quiz")

    @property
    def choices(self) -> tuple[str, ...]:
        return self.question.choices

    @property
    def answers(self) -> tuple[str, ...]:
        return self.question.answers

    @property
    def verdict(self) -> Verdict | None:
        """The verdict on the last choice tried, or ``None``."""
        return self.answered[-1] if self.answered else None

    def answer(self, choice) -> Verdict:
        """Try ``choice`` (its label, or the action it stands for): show and return the verdict."""
        verdict = self.question.answer(choice)
        self.answered.append(verdict)
        button = self.buttons[verdict.choice]
        button.button_style = "success" if verdict.right else "danger"
        button.icon = "check" if verdict.right else "times"
        color = RIGHT_COLOR if verdict.right else WRONG_COLOR
        word = "Right" if verdict.right else "Not quite"
        self.verdict_box.value = (f"<div style='color:{color};margin-top:4px'><b>{word}:</b> "
                                  f"{html.escape(verdict.why)}</div>")
        for callback in self._callbacks:
            callback(verdict)
        return verdict

    def on_answer(self, callback: Callable[[Verdict], None]) -> None:
        self._callbacks.append(callback)

    def __repr__(self) -> str:
        return f"<Quiz: {self.question.text} ({len(self.choices)} choices)>"


def _question_from_parts(text, choices, answers, explain) -> Question:
    if not choices:
        raise ValueError("a quiz needs choices.")
    choices = [str(c) for c in choices]
    right = {str(a) for a in (answers or ())}
    unknown = right - set(choices)
    if unknown:
        raise ValueError(f"the answer(s) {', '.join(sorted(unknown))} are not among the choices "
                         f"{', '.join(choices)}.")
    if not right:
        raise ValueError("a quiz needs at least one right answer.")

    def why(choice):
        if explain is None:
            return ""
        return str(explain(choice) if callable(explain) else explain.get(choice, ""))

    return Question(text, tuple(Verdict(c, c in right, why(c)) for c in choices))


# -- the stepper ---------------------------------------------------------------------------------------------

class RulesStepper(ClosesParts, widgets.VBox):
    """A turn of the base game one rule at a time: the rule and its citation, the map, a question; Back/Next;
    then a first game against a bot (a :class:`GuidedGame`).

    ``lesson`` is a lesson name (``"base"``: ``data/base_lessons.json``), a path, or a
    :class:`~thurn.lessons.Lesson`. ``seed`` deals the lesson's seeded game (default: the lesson's own seed);
    the steps built on the rulebook's example positions keep their cards. Each step's position is a real
    engine state (:attr:`state`), reached by applying real actions. With ``game=True`` (the default) Next on the
    last step opens the game page: :attr:`game`, a whole game against ``bot`` (a level's name such as ``"casual"``,
    Club by default, or a bot: see :class:`GuidedGame`) dealt by ``seed``.

    From code: :meth:`next`, :meth:`back`, :meth:`go` (index, step id, or ``"game"``), :meth:`answer`,
    :meth:`play` (the game page); :attr:`index`, :attr:`stop`, :attr:`quiz`, :attr:`figure` (plotly
    FigureWidget), :attr:`next_button`, :attr:`back_button`, :attr:`on_game_page`.
    """

    GAME = "game"

    @property
    def figure(self):
        """The map the page shows now (a plotly FigureWidget, renewed by its :class:`FigureBox` if the page's copy
        stopped following it)."""
        return self.map_box.figure

    def __init__(self, lesson="base", seed: int | None = None, *, start=0, height: int = 460, game: bool = True,
                 bot="club", player: str = "Ann"):
        self.lesson: Lesson = load_lesson(lesson)
        self.seed = seed
        self.stops: list[Stop] = self.lesson.stops(seed)
        self.height = height
        self.with_game = bool(game)
        self._bot, self._player = bot, player
        self._game: GuidedGame | None = None
        self.index = -1
        self.header = widgets.HTML()
        self.rule = widgets.HTML(layout=widgets.Layout(max_width="640px"))
        self.rule.add_class("thurn-rule")
        self.played = widgets.HTML()
        self.quiz_box = widgets.VBox()
        self.map_box = FigureBox(board_figure(self.stops[0].state, widget=True, height=height)
                                 .update_layout(width=MAP_WIDTH), layout=_map_box_layout())
        self.map_box.add_class("thurn-map")
        self.back_button = widgets.Button(description="Back", icon="arrow-left", layout=widgets.Layout(width="auto"))
        self.next_button = widgets.Button(description="Next", icon="arrow-right", layout=widgets.Layout(width="auto"))
        self.back_button.add_class("thurn-back")
        self.next_button.add_class("thurn-next")
        self.back_button.on_click(lambda _: self.back())
        self.next_button.on_click(lambda _: self.next())
        self.progress = widgets.HTML(layout=widgets.Layout(margin="0 8px"))
        self.header.add_class("thurn-step-header")
        self.progress.add_class("thurn-step-count")
        text_column = widgets.VBox([self.rule, self.played, self.quiz_box],
                                   layout=widgets.Layout(flex="1 1 360px", min_width="320px", margin="0 12px 0 0"))
        self.lesson_body = widgets.Box([text_column, self.map_box],
                                       layout=widgets.Layout(display="flex", flex_flow="row wrap",
                                                             align_items="flex-start"))
        self.body = widgets.VBox([self.lesson_body])
        nav = widgets.HBox([self.back_button, self.progress, self.next_button],
                           layout=widgets.Layout(align_items="center"))
        super().__init__([self.header, self.body, nav])
        self.add_class("thurn-stepper")
        self.go(start)

    # -- moving ----------------------------------------------------------------------------------------------
    @property
    def pages(self) -> int:
        """The lesson's steps, plus the game page."""
        return len(self.stops) + self.with_game

    @property
    def on_game_page(self) -> bool:
        return self.index == len(self.stops)

    @property
    def stop(self) -> Stop:
        """The lesson step shown (on the game page: the last one)."""
        return self.stops[min(self.index, len(self.stops) - 1)]

    @property
    def state(self):
        """The engine state shown: the lesson step's, or on the game page the game's."""
        return self.game.state if self.on_game_page else self.stop.state

    @property
    def game(self) -> "GuidedGame":
        """The first game (dealt when first asked for)."""
        if self._game is None:
            seed = self.lesson.seed if self.seed is None else self.seed
            self._game = GuidedGame(player=self._player, bot=self._bot, seed=seed, lesson=self.lesson,
                                    height=self.height)
        return self._game

    def go(self, where) -> Stop:
        """Show step ``where`` (its index, its id such as ``"fits_in"``, or ``"game"`` for the game page)."""
        if where == self.GAME and self.with_game:
            index = len(self.stops)
        else:
            index = self.lesson.index(where) if isinstance(where, str) else int(where)
        if not 0 <= index < self.pages:
            raise IndexError(f"the lesson has steps 0 to {self.pages - 1}, not {index}.")
        if index != self.index:
            self.index = index
            self._show()
        return self.stop

    def next(self) -> Stop:
        """The next step (stays on the last one)."""
        return self.go(min(self.index + 1, self.pages - 1))

    def back(self) -> Stop:
        """The previous step (stays on the first one)."""
        return self.go(max(self.index - 1, 0))

    def play(self) -> "GuidedGame":
        """Open the game page and return its :class:`GuidedGame`."""
        self.go(self.GAME)
        return self.game

    def answer(self, choice) -> Verdict:
        """Answer the current step's question, as a click does."""
        return self.quiz.answer(choice)

    # -- drawing ---------------------------------------------------------------------------------------------
    def _show(self) -> None:
        n = len(self.stops)
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index == self.pages - 1
        self.next_button.description = "Play a game" if self.with_game and self.index == n - 1 else "Next"
        self.back_button.description = "Back to the rules" if self.on_game_page else "Back"
        if self.on_game_page:
            self.header.value = ("<h3 style='margin:4px 0'>Your first game</h3><div style='color:#555'>"
                                 "Every rule at work: you against a bot, one decision at a time. Nothing happens "
                                 "until you click.</div>")
            self.progress.value = "your game"
            self.body.children = [self.game]
            return
        stop = self.stop
        self.header.value = (f"<h3 style='margin:4px 0'>{html.escape(stop.title)}</h3>"
                             f"<div style='color:#555'>Step {self.index + 1} of {n} · "
                             f"{html.escape(stop.citation)}</div>")
        # the count is of the lesson's steps, as the header says ("Step 1 of 12"), and follows it: the game page
        # comes after them
        self.progress.value = f"{self.index + 1} / {n}"
        self.rule.value = ("<div style='line-height:1.45'>" + rule_html(stop.text)
                           + rulebooks_html(self.lesson, stop.step.sections) + "</div>")
        self.played.value = ("<div style='color:#555;font-size:90%'><i>Played:</i> "
                             + html.escape(" ".join(stop.played)) + "</div>") if stop.played else ""
        old = self.quiz_box.children
        self.quiz = Quiz(stop.question)
        self.quiz.on_answer(self._answered)
        self.quiz_box.children = [self.quiz]
        close_tree(*old)
        self.body.children = [self.lesson_body]
        self._draw()

    def _draw(self, placement=None) -> None:
        stop = self.stop
        # a finished game's map names its winner in the title: not before the learner has answered the question
        title = "The game is over" if stop.state.is_over and not self.quiz.answered else None
        refresh(self.figure, board_figure(stop.state, candidates=stop.question.candidates, placement=placement,
                                          title=title, height=self.height).update_layout(width=MAP_WIDTH))

    def _answered(self, verdict: Verdict) -> None:
        if isinstance(verdict.action, Score):
            self._draw(placement=verdict.cities)
        elif self.stop.state.is_over:
            self._draw()

    def close(self) -> None:
        if self._game is not None and self._game not in self.body.children:
            self._game.close()
        close_tree(self.lesson_body)
        super().close()

    def __repr__(self) -> str:
        if self.on_game_page:
            return f"<RulesStepper {self.lesson.name}: the game page, {self.game!r}>"
        return (f"<RulesStepper {self.lesson.name}: step {self.index + 1} of {len(self.stops)}, "
                f"{self.stop.title} ({self.stop.rule})>")


def rule_html(text: str) -> str:
    """A lesson text as HTML: paragraphs split by blank lines, ``> `` quotes, ``**bold**``, ``*italics*`` and
    ```code```."""
    parts = []
    for paragraph in text.split("\n\n"):
        quote = paragraph.startswith("> ")
        body = html.escape(paragraph[2:] if quote else paragraph)
        body = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", body)
        body = re.sub(r"\*(.+?)\*", r"<i>\1</i>", body)
        body = re.sub(r"`(.+?)`", r"<code>\1</code>", body)
        parts.append(f"<blockquote style='margin:6px 0;padding-left:8px;border-left:3px solid #ccc'>{body}"
                     f"</blockquote>" if quote else f"<p style='margin:6px 0'>{body}</p>")
    return "".join(parts)


def rulebooks_html(lesson: Lesson, sections) -> str:
    """The sections' headings in each rule book, in a collapsible note ("In the other rulebooks"), each book by its
    name ("Polish rulebook"), never by a file id."""
    rows = []
    for sid in sections:
        for book, heading in lesson.headings(sid):
            rows.append(f"<li><i>{html.escape(book)}</i>: {html.escape(heading)}</li>")
    if not rows:
        return ""
    return (f"<details class='thurn-rulebooks' style='color:#555;font-size:85%;margin-top:4px'>"
            f"<summary style='cursor:pointer'>How the rulebooks head this rule</summary>"
            f"<ul style='margin:2px 0 0 0;padding-left:18px'>{''.join(rows)}</ul></details>")


# -- a first game, at the learner's pace -----------------------------------------------------------------------

class NotYourMove(ThurnError):
    """A move asked of the guided game when it is not the learner's to make (the bot's turn, the game over, or
    an earlier moment on view); nothing changes."""

    reason = "not_your_move"


def _label(action) -> str:
    text = str(action)
    return text[:1].upper() + text[1:]


class GuidedGame(ClosesParts, widgets.VBox):
    """A whole game against a bot, one decision at a time, each with its rule cited and summed up (base rules).

    ``player`` is the learner's name (seat 0, the starting player), ``bot`` his opponent: a level's name
    (``"casual"``, ``"Master"``: :mod:`thurn.bots.levels`; the header names it with its line on how strong it is),
    a bot's name (``"greedy"``) or an object with ``choose(state)``; its player is ``bot_name``. ``seed`` deals the
    game. Nothing happens until the
    learner clicks: on his turn, one button per legal action (grouped by what it does, each group cited: "Play —
    base rules, 2 — Playing a city card"), the rule of the step in force and its summary, the cards that fit his
    route ringed on the map; on the bot's turn, **Next** shows its next action (the engine's sentences, the rule
    cited), **Bot's whole turn** all of them. **Back** and **Next** go through everything that happened; the
    learner plays only at the present moment.

    From code: :meth:`do` (an action or its notation), :meth:`next`, :meth:`back`, :meth:`bot_turn`;
    :attr:`state` (the moment shown), :attr:`live` (the present), :attr:`events` (one per action: who, what,
    the engine's sentences, the rule), :attr:`action_buttons`, :attr:`actions`, :attr:`rule_box`,
    :attr:`happened`, :attr:`figure`, :attr:`message`.
    """

    @property
    def figure(self):
        """The map the page shows now (a plotly FigureWidget, renewed by its :class:`FigureBox` if the page's copy
        stopped following it)."""
        return self.map_box.figure

    def __init__(self, player: str = "Ann", bot="club", seed: int | None = 2006, *, bot_name: str = "Bot",
                 lesson="base", rules=None, height: int = 440):
        from ..bots import make_bot
        from .newgame import level_of

        if str(player) == str(bot_name):
            raise ValueError(f"the learner and the bot need different names, not {player!r} twice.")
        self.lesson: Lesson = load_lesson(lesson)
        self.base_lesson: Lesson = self.lesson if self.lesson.name == "base" else load_lesson("base")
        self.rules = self.lesson.rules if rules is None else rules
        self.bot = make_bot(bot, seed=seed)
        #: The opponent's level (:class:`thurn.bots.levels.Level`): the one named, or the one a bot's name plays as
        #: ("greedy" is Club); None for a bot object.
        self.level = level_of(bot) if isinstance(bot, str) else None
        self.player, self.bot_name = str(player), str(bot_name)
        self.seed = seed
        self.height = height
        most = (as_rules(self.rules).ruleset.players or (2, 2))[1]
        self.alone = most == 1                      # a game for one player (SoloPlay): the learner alone, no bot
        seats = [self.player] if self.alone else [self.player, self.bot_name]
        self.states = [new_game(seats, seed=seed, rules=self.rules)]
        self.events: list[dict] = []
        self.shown = 0
        self.actions: list = []
        self.action_buttons: list[widgets.Button] = []
        self.header = widgets.HTML()
        self.rule_box = widgets.HTML(layout=widgets.Layout(max_width="640px"))
        self.rule_box.add_class("thurn-rule")
        self.happened = widgets.HTML()
        self.happened.add_class("thurn-happened")
        self.table = widgets.HTML()
        self.actions_box = widgets.VBox()
        self.message = MessageArea()
        self.map_box = FigureBox(board_figure(self.states[0], widget=True, height=height).update_layout(width=MAP_WIDTH),
                                 layout=_map_box_layout())
        self.map_box.add_class("thurn-map")
        self.back_button = widgets.Button(description="Back", icon="arrow-left", layout=widgets.Layout(width="auto"))
        self.next_button = widgets.Button(description="Next", icon="arrow-right", layout=widgets.Layout(width="auto"))
        self.turn_button = widgets.Button(description=f"{self.bot_name}'s whole turn", icon="forward",
                                          layout=widgets.Layout(width="auto"))
        self.back_button.add_class("thurn-back")
        self.next_button.add_class("thurn-next")
        self.next_button.add_class("thurn-bot-move")
        self.turn_button.add_class("thurn-bot-move")
        self.back_button.on_click(lambda _: self._click(self.back))
        self.next_button.on_click(lambda _: self._click(self.next))
        self.turn_button.on_click(lambda _: self._click(self.bot_turn))
        self.progress = widgets.HTML(layout=widgets.Layout(margin="0 8px"))
        nav = widgets.HBox([self.back_button, self.progress, self.next_button, self.turn_button],
                           layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
        text_column = widgets.VBox([self.happened, self.rule_box, self.table, self.actions_box, self.message],
                                   layout=widgets.Layout(flex="1 1 360px", min_width="320px", margin="0 12px 0 0"))
        body = widgets.Box([text_column, self.map_box],
                           layout=widgets.Layout(display="flex", flex_flow="row wrap", align_items="flex-start"))
        super().__init__([self.header, nav, body])
        self.add_class("thurn-guided-game")
        self._show()

    # -- where we are ----------------------------------------------------------------------------------------
    @property
    def state(self):
        """The moment on view."""
        return self.states[self.shown]

    @property
    def live(self):
        """The present moment of the game."""
        return self.states[-1]

    @property
    def at_present(self) -> bool:
        return self.shown == len(self.states) - 1

    @property
    def learners_move(self) -> bool:
        """True when the present moment waits for the learner's decision."""
        return not self.live.is_over and self.live.to_move_name == self.player

    # -- moving ----------------------------------------------------------------------------------------------
    def do(self, action) -> dict:
        """The learner's action (an action or its notation), as a click does; returns the event it made. An illegal
        action raises the engine's :class:`~thurn.IllegalAction`, an action when it is not the learner's move
        :class:`NotYourMove`; either way nothing changes."""
        if not self.at_present:
            raise NotYourMove(f"You are looking back at moment {self.shown} of {len(self.states) - 1}: click Next "
                              f"until the present to play on.")
        if self.live.is_over:
            raise NotYourMove("The game is over.")
        if not self.learners_move:
            raise NotYourMove(f"It is {self.bot_name}'s turn: click Next to see its move.")
        if isinstance(action, str):
            action = self.live.ruleset.parse(action)
        return self._apply(action, bot=False)

    def next(self):
        """One moment forward: through what happened, or at the present, the bot's next action (nothing when it
        is the learner's move or the game is over). Returns the event shown, or ``None``."""
        if not self.at_present:
            self.shown += 1
            self._show()
            return self.events[self.shown - 1]
        if self.live.is_over or self.learners_move:
            return None
        return self._apply(self.bot.choose(view_for(self.bot, self.live)), bot=True)

    def bot_turn(self) -> list[dict]:
        """At the present: every action of the bot until it is the learner's move or the game is over."""
        if not self.at_present:
            raise NotYourMove("Click Next until the present first: the bot plays on only from there.")
        made = []
        while not self.live.is_over and not self.learners_move:
            made.append(self._apply(self.bot.choose(view_for(self.bot, self.live)), bot=True, show=False))
        self._show()
        return made

    def back(self):
        """One moment back (stays on the first)."""
        self.shown = max(self.shown - 1, 0)
        self._show()
        return self.events[self.shown - 1] if self.shown else None

    def _apply(self, action, *, bot: bool, show: bool = True) -> dict:
        before = self.live
        after = before.apply(action)                  # an illegal action raises here; nothing has changed
        step = before.ruleset.steps[before.step]
        kind = before.ruleset.kinds.get(action.kind)
        event = {"player": before.to_move_name, "bot": bot, "action": action,
                 "sentences": tuple(after.log(self.player)[len(before.log()):]),    # the bot's deck cards unnamed
                 "step_rule": step.rule, "rule": (kind.rule if kind is not None and kind.rule else step.rule)}
        self.states.append(after)
        self.events.append(event)
        self.shown = len(self.states) - 1
        if show:
            self._show()
        return event

    def _click(self, what) -> None:
        try:
            what()
        except ThurnError as error:
            self.message.error(str(error))

    def _do_click(self, k: int) -> None:
        try:
            self.do(self.actions[k])
        except ThurnError as error:
            self.message.error(str(error))

    # -- drawing ---------------------------------------------------------------------------------------------
    def cite(self, citation: str) -> str:
        """An engine citation with the rule's name ("base rules, 2 — Playing a city card"), from the game's lesson
        or the base lesson."""
        for lesson in (self.lesson, self.base_lesson):
            named = lesson.cite_rule(citation)
            if named != citation:
                return named
        return citation

    def _show(self) -> None:
        s = self.state
        self.message.clear()
        if s.is_over:
            where = "the game is over"
        else:
            where = f"round {s.turns_taken(s.to_move_name) + 1}, {html.escape(s.to_move_name)} to move"
        who = f"{html.escape(self.player)} alone" if self.alone else \
            f"{html.escape(self.player)} against {html.escape(self.bot_name)}"
        self.header.value = f"<div style='color:#555'>{who} · {where}</div>" + self._level_html()
        total = len(self.states) - 1
        self.progress.value = ("nothing played yet" if total == 0 else
                               f"action {self.shown} of {total}" + ("" if self.at_present else " (looking back)"))
        self.back_button.disabled = self.shown == 0
        bots_move = self.at_present and not s.is_over and s.to_move_name != self.player
        self.next_button.disabled = self.at_present and not bots_move
        self.next_button.description = (f"Next: {self.bot_name}'s move" if bots_move else "Next")
        self.turn_button.layout.display = None if bots_move else "none"
        self.happened.value = self._happened_html()
        self.rule_box.value = self._rule_html()
        self.table.value = self._table_html()
        self._buttons()
        self._draw()

    def _level_html(self) -> str:
        """The opponent's level and its line on how strong it is ("Bot plays at the level Club: always plays ...");
        a bot given as an object is named by its class."""
        if self.alone:
            return ""
        if self.level is None:
            said = f"{html.escape(self.bot_name)} is a {html.escape(type(self.bot).__name__)} of your own"
        else:
            said = (f"{html.escape(self.bot_name)} plays at the level <b>{html.escape(self.level.name)}</b>: "
                    f"{html.escape(self.level.strength)}")
        return f"<div class='thurn-bot-level' style='color:#555;font-size:90%'>{said}.</div>"

    def _happened_html(self) -> str:
        if self.shown == 0:
            lines = self.states[0].log()
            title = "The game is dealt"
            rule = self.cite("base rules, Preparation")
        else:
            event = self.events[self.shown - 1]
            lines = event["sentences"]
            title = f"{event['player']}'s move" if event["bot"] else "Your move"
            rule = self.cite(event["rule"])
        said = " ".join(html.escape(line) for line in lines) or "—"
        return (f"<div style='background:#f4f4f4;border-radius:4px;padding:4px 8px;margin:2px 0;line-height:1.4'>"
                f"<b>{html.escape(title)}:</b> {said}<br><span style='color:#555;font-size:90%'>"
                f"({html.escape(rule)})</span></div>")

    def _rule_html(self) -> str:
        s = self.state
        if s.is_over:
            step = s.ruleset.steps[s.step]
            return (f"<div style='line-height:1.4'><p style='margin:6px 0'><b>{html.escape(s.result_text())}.</b></p>"
                    f"<p style='margin:6px 0'><b>{html.escape(self.cite(step.rule))}</b>: "
                    f"{html.escape(self.lesson_summary(step.rule))}</p></div>")
        step = s.ruleset.steps[s.step]
        whose = "Your decision" if s.to_move_name == self.player else f"{s.to_move_name}'s decision"
        return (f"<div style='line-height:1.4'><p style='margin:6px 0'><b>{html.escape(whose)}</b>: "
                f"{html.escape(step.does)} <span style='color:#555'>({html.escape(self.cite(step.rule))})</span></p>"
                f"<p style='margin:6px 0;color:#333'>{html.escape(self.lesson_summary(step.rule))}</p></div>")

    def lesson_summary(self, citation: str) -> str:
        """The lesson's summary of the rule an engine citation names ("" when it has none)."""
        for lesson in (self.lesson, self.base_lesson):
            section = lesson.section_of(citation)
            if section is not None and section.summary:
                return section.summary
        return ""

    def _table_html(self) -> str:
        s, board = self.state, self.state.board
        rows = []
        for record in s.score_records():
            name = record["player"]
            p = s.player(name)
            hidden = f"{len(p.hand)} card{'' if len(p.hand) == 1 else 's'}"
            hand = card_chips(board, p.hand) if name == self.player or s.is_over else hidden
            rows.append(f"<tr><td><b>{html.escape(name)}</b></td><td>{hand}</td>"
                        f"<td>{card_chips(board, p.route, sep='–')}</td>"
                        f"<td>{max(p.carriages, default='—')}</td><td>{p.houses_left}</td>"
                        f"<td>{record['total']}</td></tr>")
        head = "".join(f"<th style='text-align:left;padding-right:8px'>{h}</th>"
                       for h in ("", "hand", "route", "carriage", "houses left", "score now"))
        display = card_chips(board, [c for c in s.display_cards if c])
        return (f"<div style='font-size:90%;line-height:1.6'><div>Face-up cards: {display} · deck {s.deck_size}</div>"
                f"<table style='border-collapse:collapse'><tr>{head}</tr>{''.join(rows)}</table></div>")

    def _buttons(self) -> None:
        old = self.actions_box.children
        self.actions, self.action_buttons = [], []
        groups: dict[str, list] = {}
        if self.at_present and self.learners_move:
            for action in self.live.legal_actions():
                groups.setdefault(action.kind, []).append(action)
        rows = []
        for kind, actions in groups.items():
            spec = self.live.ruleset.kinds.get(kind)
            label = spec.label if spec is not None and spec.label else kind
            rule = self.cite(spec.rule) if spec is not None and spec.rule else ""
            head = widgets.HTML(f"<div style='margin-top:4px'><b>{html.escape(label)}</b> "
                                f"<span style='color:#555;font-size:90%'>{html.escape(rule)}</span></div>")
            buttons = []
            for action in actions:
                k = len(self.actions)
                button = widgets.Button(description=_label(action), tooltip=_label(action),
                                        layout=widgets.Layout(width="auto", max_width="100%", margin="2px 4px 2px 0"))
                button.add_class("thurn-action")
                button.on_click(lambda _, k=k: self._do_click(k))
                self.actions.append(action)
                self.action_buttons.append(button)
                buttons.append(button)
            rows += [head, widgets.Box(buttons, layout=widgets.Layout(display="flex", flex_flow="row wrap"))]
        self.actions_box.children = rows
        close_tree(*old)

    def _draw(self) -> None:
        s = self.state
        candidates = ()
        if self.at_present and self.learners_move:
            candidates = tuple(dict.fromkeys(a.city for a in self.live.legal_actions()
                                             if a.kind == "play" and getattr(a, "end", "new") != "new"))
        if self.at_present and self.learners_move or s.is_over or not self.shown:
            player = self.player if self.learners_move or s.is_over else s.to_move_name
        else:
            player = self.events[self.shown - 1]["player"]       # whoever just acted: his route, as it is now
        fig = board_figure(s, player=player, candidates=candidates, height=self.height)
        if self.shown and self.events[self.shown - 1]["bot"]:      # the bot's kept cards: a count (base rules, 3d)
            hide_kept_cards(fig, self.events[self.shown - 1]["action"], 1, 0)
        refresh(self.figure, fig.update_layout(width=MAP_WIDTH))

    def __repr__(self) -> str:
        s = self.live
        status = f"over, {s.result_text()}" if s.is_over else f"{s.to_move_name} to move"
        who = f"{self.player} alone" if self.alone else f"{self.player} against {self.bot_name}"
        return (f"<GuidedGame {who}: {len(self.events)} actions, {status}; "
                f"moment {self.shown} shown>")
