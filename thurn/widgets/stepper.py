"""The rules stepper and the quiz: a turn one rule at a time, each with a question the learner answers by clicking.

:class:`Quiz` shows a question with a button per choice; a click says "Right" or "Not quite" and why.
:class:`RulesStepper` walks through a lesson (``data/base_lessons.json``): for each step the rule with its
citation, the position on the map, and a :class:`Quiz`, with Back and Next. Both are ``ipywidgets.VBox``
(display them, or make them the last expression of a cell) and both answer from code too
(``quiz.answer("Passau")``), for tests and notebooks.

No rules here: every position, right answer and explanation comes from :mod:`thurn.lessons`, which asks the
engine. CSS classes: the stepper ``thurn-stepper``, the quiz ``thurn-quiz``, choice buttons ``thurn-choice``,
the verdict ``thurn-verdict``, the map box ``thurn-map``, the rule text ``thurn-rule``.
"""
from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence

import ipywidgets as widgets

from ..actions import Score
from ..lessons import Lesson, Question, Stop, Verdict, load_lesson
from ..viz import board_figure, refresh
from .common import ClosesParts, close_tree

__all__ = ["Quiz", "RulesStepper"]

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
        self.prompt = widgets.HTML(f"<b>{html.escape(self.question.text)}</b>")
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
    """A turn of the base game one rule at a time: the rule and its citation, the map, a question; Back/Next.

    ``lesson`` is a lesson name (``"base"``: ``data/base_lessons.json``), a path, or a
    :class:`~thurn.lessons.Lesson`. ``seed`` deals the lesson's seeded game (default: the lesson's own seed);
    the steps built on the rulebook's example positions keep their cards. Each step's position is a real
    engine state (:attr:`state`), reached by applying real actions.

    From code: :meth:`next`, :meth:`back`, :meth:`go` (index or step id), :meth:`answer`; :attr:`index`,
    :attr:`stop`, :attr:`quiz`, :attr:`figure` (plotly FigureWidget), :attr:`next_button`, :attr:`back_button`.
    """

    def __init__(self, lesson="base", seed: int | None = None, *, start=0, height: int = 460):
        self.lesson: Lesson = load_lesson(lesson)
        self.seed = seed
        self.stops: list[Stop] = self.lesson.stops(seed)
        self.height = height
        self.index = -1
        self.header = widgets.HTML()
        self.rule = widgets.HTML(layout=widgets.Layout(max_width="640px"))
        self.rule.add_class("thurn-rule")
        self.played = widgets.HTML()
        self.quiz_box = widgets.VBox()
        self.figure = board_figure(self.stops[0].state, widget=True, height=height)
        self.map_box = widgets.Box([self.figure], layout=widgets.Layout(min_width="420px", flex="1 1 480px"))
        self.map_box.add_class("thurn-map")
        self.back_button = widgets.Button(description="Back", icon="arrow-left", layout=widgets.Layout(width="auto"))
        self.next_button = widgets.Button(description="Next", icon="arrow-right", layout=widgets.Layout(width="auto"))
        self.back_button.add_class("thurn-back")
        self.next_button.add_class("thurn-next")
        self.back_button.on_click(lambda _: self.back())
        self.next_button.on_click(lambda _: self.next())
        self.progress = widgets.HTML(layout=widgets.Layout(margin="0 8px"))
        text_column = widgets.VBox([self.rule, self.played, self.quiz_box],
                                   layout=widgets.Layout(flex="1 1 360px", min_width="320px", margin="0 12px 0 0"))
        body = widgets.Box([text_column, self.map_box],
                           layout=widgets.Layout(display="flex", flex_flow="row wrap", align_items="flex-start"))
        nav = widgets.HBox([self.back_button, self.progress, self.next_button],
                           layout=widgets.Layout(align_items="center"))
        super().__init__([self.header, body, nav])
        self.add_class("thurn-stepper")
        self.go(start)

    # -- moving ----------------------------------------------------------------------------------------------
    @property
    def stop(self) -> Stop:
        return self.stops[self.index]

    @property
    def state(self):
        """The engine state of the current step."""
        return self.stop.state

    def go(self, where) -> Stop:
        """Show step ``where`` (its index, or its id such as ``"fits_in"``)."""
        index = self.lesson.index(where) if isinstance(where, str) else int(where)
        if not 0 <= index < len(self.stops):
            raise IndexError(f"the lesson has steps 0 to {len(self.stops) - 1}, not {index}.")
        if index != self.index:
            self.index = index
            self._show()
        return self.stop

    def next(self) -> Stop:
        """The next step (stays on the last one)."""
        return self.go(min(self.index + 1, len(self.stops) - 1))

    def back(self) -> Stop:
        """The previous step (stays on the first one)."""
        return self.go(max(self.index - 1, 0))

    def answer(self, choice) -> Verdict:
        """Answer the current step's question, as a click does."""
        return self.quiz.answer(choice)

    # -- drawing ---------------------------------------------------------------------------------------------
    def _show(self) -> None:
        stop, n = self.stop, len(self.stops)
        self.header.value = (f"<h3 style='margin:4px 0'>{html.escape(stop.title)}</h3>"
                             f"<div style='color:#555'>Step {self.index + 1} of {n} · {html.escape(stop.rule)}</div>")
        self.rule.value = rule_html(stop.text) + _headings_html(self.lesson, stop)
        self.played.value = ("<div style='color:#555;font-size:90%'><i>Played:</i> "
                             + html.escape(" ".join(stop.played)) + "</div>") if stop.played else ""
        old = self.quiz_box.children
        self.quiz = Quiz(stop.question)
        self.quiz.on_answer(self._answered)
        self.quiz_box.children = [self.quiz]
        close_tree(*old)
        self.progress.value = f"{self.index + 1} / {n}"
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index == n - 1
        self._draw()

    def _draw(self, placement=None) -> None:
        stop = self.stop
        refresh(self.figure, board_figure(stop.state, candidates=stop.question.candidates, placement=placement,
                                          height=self.height))

    def _answered(self, verdict: Verdict) -> None:
        if isinstance(verdict.action, Score):
            self._draw(placement=verdict.cities)

    def __repr__(self) -> str:
        return (f"<RulesStepper {self.lesson.name}: step {self.index + 1} of {len(self.stops)}, "
                f"{self.stop.title} ({self.stop.rule})>")


def rule_html(text: str) -> str:
    """A lesson text as HTML: paragraphs split by blank lines, ``> `` quotes, ``**bold**`` and ```code```."""
    parts = []
    for paragraph in text.split("\n\n"):
        quote = paragraph.startswith("> ")
        body = html.escape(paragraph[2:] if quote else paragraph)
        body = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", body)
        body = re.sub(r"`(.+?)`", r"<code>\1</code>", body)
        parts.append(f"<blockquote style='margin:6px 0;padding-left:8px;border-left:3px solid #ccc'>{body}"
                     f"</blockquote>" if quote else f"<p style='margin:6px 0'>{body}</p>")
    return "".join(parts)


def _headings_html(lesson: Lesson, stop: Stop) -> str:
    """Where the step's sections are in each rule document ("000: 2. Playing a City Card")."""
    lines = []
    for sid in stop.step.sections:
        headings = lesson.sections[sid].headings
        lines.append(" · ".join(f"{html.escape(doc)}: {html.escape(h)}" for doc, h in headings.items()))
    return f"<div style='color:#777;font-size:85%'>In the rulebooks: {'<br>'.join(lines)}</div>"
