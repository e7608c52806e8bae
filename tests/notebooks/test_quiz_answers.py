"""A quiz in a notebook is never answered in front of the learner: no cell before it, and none after it in its
section, gives its answer away.

Each notebook with quizzes (its jupytext twin) runs cell by cell in IPython, as Run All runs it, with the engine
watched. A quiz's *section* runs from the heading above it to the next heading; the learner sees the whole section
at once, so no cell before the quiz, and no other cell of its section, may:

- ask the engine about the quiz's position what the quiz asks: the legal actions there, the verdict on
  (``why_illegal``) or the result of (``apply``) an action the quiz offers or asks about, the winner, the bonus
  stacks;
- show a sentence of the engine's verdict on a choice (what the learner reads after clicking it);
- show or write a right answer's cities ("Sigmaringen, Stuttgart, Ingolstadt").

A rules stepper counts as a quiz for each of its steps (the learner reaches them with Next). The engine's answer
comes after the learner has answered (the quiz's verdict) or in a later section. The verdicts
themselves are checked in ``tests/notebooks/test_quizzes.py`` and ``tests/expansions/test_lessons_messenger_offices.py``.
"""
from __future__ import annotations

import html
import re
import sys
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
jupytext = pytest.importorskip("jupytext")

from IPython.core.interactiveshell import InteractiveShell  # noqa: E402
from IPython.utils.capture import capture_output  # noqa: E402

import thurn.io  # noqa: E402
import thurn.widgets  # noqa: E402
from thurn import lessons  # noqa: E402
from thurn.state import GameState  # noqa: E402

from tests.support.paths import NOTEBOOKS as NOTEBOOK_DIR

NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.py"))
WITH_QUIZZES = [path for path in NOTEBOOKS if re.search(r"\b(Quiz|RulesStepper)\(", path.read_text(encoding="utf-8"))]
HEADING = re.compile(r"^#{1,6} ", re.M)
#: The engine's answers to what a quiz may ask about its position (methods of GameState).
LOADER = str(Path(thurn.io.__file__).resolve())   # GameState.from_position plays a position on to check it can go on
ASKING = ("apply", "why_illegal", "legal_actions", "winner", "stacks_left")


@dataclass
class StepQuiz:
    """A step of a rules stepper, seen as a quiz: its question (answered when the stepper's quiz is)."""

    question: object
    stepper: object

    @property
    def answered(self):
        return self.stepper.quiz.answered


@dataclass
class Cell:
    index: int
    section: int
    kind: str
    source: str
    shown: str = ""                                   # what the learner sees of its outputs (text)
    asked: list = field(default_factory=list)         # (method, state, action) the cell asked the engine
    quizzes: list = field(default_factory=list)       # the Quiz widgets it built


def sections(notebook) -> list[Cell]:
    """The notebook's cells, each with its section's number (a markdown cell with a heading starts a section)."""
    cells, section = [], 0
    for k, cell in enumerate(notebook.cells):
        if cell.cell_type == "markdown" and HEADING.search(cell.source):
            section += 1
        cells.append(Cell(k, section, cell.cell_type, cell.source))
    return cells


def _text(outputs, stdout: str) -> str:
    parts = [stdout]
    for out in outputs:
        for mime in ("text/plain", "text/html", "text/markdown"):
            if mime in out.data:
                text = str(out.data[mime])
                parts.append(html.unescape(re.sub(r"<[^>]+>", " ", text)) if mime == "text/html" else text)
    return "\n".join(parts)


def _norm(text: str) -> str:
    """``text`` without accents, case or runs of white space."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return re.sub(r"\s+", " ", plain.casefold())


@pytest.fixture(scope="module")
def shell():
    shell = InteractiveShell.instance()
    shell.run_cell("import plotly.io as pio; pio.renderers.default = 'json'", store_history=False)
    return shell


def run_notebook(path: Path, shell) -> tuple[list[Cell], dict]:
    """Run the notebook's cells up to the end of its last quiz's section; what each showed and asked the engine,
    the quizzes it built, and the position each question is about."""
    cells = sections(jupytext.read(path))
    last = max(c.section for c in cells if c.kind == "code" and re.search(r"\b(Quiz|RulesStepper)\(", c.source))
    positions: dict[int, GameState] = {}           # id(question) -> its position
    current: list[Cell] = []
    depth = [0]
    patch = pytest.MonkeyPatch()

    def asking(name, method):
        def wrapper(state, *args, **kwargs):
            # what the cell asks, not the loader's own look at a position it builds (thurn.io._check_goes_on)
            if depth[0] == 0 and current and sys._getframe(1).f_code.co_filename != LOADER:
                action = args[0] if args else None
                if isinstance(action, str):
                    try:
                        action = state.ruleset.parse(action)
                    except ValueError:
                        pass
                current[0].asked.append((name, state, action))
            depth[0] += 1
            try:
                return method(state, *args, **kwargs)
            finally:
                depth[0] -= 1
        return wrapper

    def building(builder, question=True):
        def wrapper(state, *args, **kwargs):
            depth[0] += 1                          # what a lesson or a question asks the engine is not shown
            try:
                made = builder(state, *args, **kwargs)
            finally:
                depth[0] -= 1
            if question:
                positions[id(made)] = state
                keep.append(made)
            return made
        return wrapper

    keep: list = []
    original_quiz = thurn.widgets.Quiz

    class Recording(original_quiz):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            if current:
                current[0].quizzes.append(self)

    original_stepper = thurn.widgets.RulesStepper

    class RecordingStepper(original_stepper):
        """A rules stepper: each of its steps' questions is a quiz of the cell that shows it."""

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            if current:
                current[0].quizzes += [StepQuiz(stop.question, self) for stop in self.stops]

    try:
        for name in ASKING:
            patch.setattr(GameState, name, asking(name, getattr(GameState, name)))
        for name in ("action_question", "extend_question", "outcome_question"):
            patch.setattr(lessons, name, building(getattr(lessons, name)))
        patch.setattr(lessons, "_build", building(lessons._build, question=False))
        patch.setattr(thurn.widgets, "Quiz", Recording)
        patch.setattr(thurn.widgets, "RulesStepper", RecordingStepper)
        for cell in cells:
            if cell.section > last:
                break
            if cell.kind != "code":
                continue
            current[:] = [cell]
            with capture_output() as captured:
                result = shell.run_cell(cell.source, store_history=False)
            current[:] = []
            if not result.success:
                raise AssertionError(f"{path.name}, cell {cell.index} failed: {result.error_in_exec!r}\n"
                                     f"{cell.source}")
            cell.shown = _text(captured.outputs, captured.stdout)
    finally:
        patch.undo()
    return cells, positions


def _actions(question) -> list:
    """The actions a question offers (an action question) or asks about (an outcome question)."""
    return [v.action for v in question.verdicts if v.action is not None]


def _offers_actions(question) -> bool:
    return len(set(_actions(question))) > 1


def _answers(question, method: str, action) -> bool:
    """Whether asking the engine ``method(action)`` about the question's position answers the question: the legal
    actions, or the verdict on an action it offers; the result of the action it asks about; with no action, who
    wins or what the stacks hold."""
    if _offers_actions(question):
        return method == "legal_actions" or (method in ("apply", "why_illegal") and action in _actions(question))
    if _actions(question):
        return method == "apply" and action in _actions(question)
    return method in ("winner", "stacks_left")


def _sentences(why: str) -> list[str]:
    """The sentences of an explanation (not its citations in brackets), long enough to tell."""
    parts = [p.strip() for p in re.split(r"(?<=[.!?])\s+|\s+Or:\s+", why)]
    return [p for p in parts if len(p) >= 20 and not (p.startswith("(") and p.endswith(")"))]


def _right_cities(question) -> list[str]:
    """A right answer's cities, written as the notebooks write lists and routes (two cities or more)."""
    tells = []
    if not _offers_actions(question):
        return tells
    for v in question.verdicts:
        cities = getattr(v.action, "houses", None) or getattr(v.action, "cards", None)
        if v.right and cities and len(cities) >= 2:
            tells += [sep.join(cities) for sep in (", ", "–", "+")]
    return tells


def _lists(cities: str, text: str) -> bool:
    """Whether ``text`` lists exactly ``cities`` (not as a part of a longer list, such as a route)."""
    text = _norm(text).replace('"', "").replace("'", "")
    return re.search(r"(?<![,–+] )(?<![,–+])" + re.escape(_norm(cities)) + r"(?!\s*[,–+]\s*\w)", text) is not None


def giveaways(cells: list[Cell], positions: dict) -> list[str]:
    """Every way a cell of a quiz's section gives the quiz's answer away."""
    found = []
    for quiz_cell in (c for c in cells if c.quizzes):
        others = [c for c in cells if c.kind == "code" and c is not quiz_cell
                  and (c.index < quiz_cell.index or c.section == quiz_cell.section)]
        for quiz in quiz_cell.quizzes:
            question = quiz.question
            where = f"the quiz {question.text!r} (cell {quiz_cell.index})"
            position = positions.get(id(question))
            for cell in others:
                for name, state, action in cell.asked:
                    if position is None or not (state is position or state == position):
                        continue
                    if _answers(question, name, action):
                        found.append(f"{where}: cell {cell.index} asks the engine {name}"
                                     f"({'' if action is None else action}) about its position")
                shown = _norm(cell.shown)
                for v in question.verdicts:
                    for sentence in _sentences(v.why):
                        if _norm(sentence) in shown:
                            found.append(f"{where}: cell {cell.index} shows the verdict on {v.choice!r}: "
                                         f"{sentence!r}")
                code = "\n".join(line for line in cell.source.splitlines() if not line.lstrip().startswith("#"))
                for tell in _right_cities(question):
                    if _lists(tell, cell.shown) or _lists(tell, code):
                        found.append(f"{where}: cell {cell.index} shows or writes a right answer, {tell!r}")
            assert position is not None, f"{where}: its position is unknown to the test"
    return sorted(set(found))


@pytest.mark.parametrize("path", WITH_QUIZZES, ids=lambda p: p.stem)
def test_no_cell_of_a_quizs_section_gives_its_answer_away(path, shell):
    cells, positions = run_notebook(path, shell)
    quizzes = [q for c in cells for q in c.quizzes]
    assert quizzes, f"{path.name} writes Quiz( but builds no quiz"
    assert not [q for q in quizzes if q.answered], "a quiz is answered in the notebook"
    assert giveaways(cells, positions) == []


def test_the_notebooks_with_quizzes():
    assert {p.stem for p in WITH_QUIZZES} >= {"01_rules_walkthrough", "06_messenger_and_offices"}
