"""Lessons: the rules one at a time, each on a real position, with a question whose answers come from the engine.

A *question* offers choices; the engine decides which are right and says why:

- :func:`extend_question` — which of these cards can extend the route? A wrong card's explanation is
  ``state.why_illegal(Play(card, end))``; a right one's is the log sentence of playing it (base rules, 2).
- :func:`action_question` — which of these actions may the player take now? Legality and explanations are
  ``state.why_illegal(action)``, or the log of applying the action.
- :func:`outcome_question` — what does an action bring (bonus tiles, a carriage, whose turn next), who wins,
  which tile is on top of a stack? The engine applies the action and reads the answer off the new state; the
  explanation is the engine's log.

A *lesson* (``data/base_lessons.json``, format ``thurn-lessons/1``) is a list of steps: the rule text with
its citation, a position (a seeded game, a position dict, or the previous step's position), real actions to
apply to it, and a question. The file holds no answers: :meth:`Lesson.stops` builds every position and
question with the engine. A file that cannot be used raises :class:`LessonError` naming the file and the
problem. No UI here: :mod:`thurn.widgets.stepper` shows lessons.

A lesson on expansions (``data/expansions_lessons.json``) names its ``rules`` (``{"expansions": ["messenger",
"offices"]}``: its seeded games are dealt with them, and its positions take them unless they name their own) and
how its steps are cited (``cite``: ``""`` when the section ids are citations of their own, such as "Messenger, The
Nobility Letters"; the default is ``"base rules"``). Its actions are read by the ruleset, so an expansion's own
notation works (``return postmaster+cartwright take deck``), and its outcome questions may also ask the question
kinds of the variants it switches on (:attr:`thurn.parts.Parts.questions`; The Princess' Messenger: how many
nobility ``letters`` the player holds afterwards, who holds the ``messenger`` figure, and how many letters are in
the game, ``letters_in_game``).
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from . import turn
from .actions import Action, Draw, Keep, Play, Score, parse_action
from .board import fold
from .board_file import data_dir
from .errors import ThurnError, UnknownName
from .io import state_from_position
from .preparation import new_game
from .parts import PARTS
from .rules import Rules
from .effects import end_tile_holder
from .scoring import next_carriage
from .state import GameState

FORMAT = "thurn-lessons/1"
RIGHT, WRONG = "Right", "Not quite"


class LessonError(ThurnError):
    """A lesson file that cannot be used; the message names the file and the problem."""

    reason = "bad_lesson"


# -- verdicts and questions ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Verdict:
    """The engine's verdict on one choice: right or not, and why (an engine explanation or log sentence)."""

    choice: str
    right: bool
    why: str
    action: Action | None = None            # the action the choice stands for, if any
    cities: tuple[str, ...] = ()            # the cities the choice is about (for the map)

    def __str__(self) -> str:
        return f"{RIGHT if self.right else WRONG}: {self.why}"

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(str(self))


@dataclass(frozen=True)
class Question:
    """A question about a position, with the engine's verdict on each choice (in the order offered)."""

    text: str
    verdicts: tuple[Verdict, ...]
    candidates: tuple[str, ...] = ()        # cities to point out on the map while asking

    @property
    def choices(self) -> tuple[str, ...]:
        return tuple(v.choice for v in self.verdicts)

    @property
    def answers(self) -> tuple[str, ...]:
        """The right choices, as the engine decides them."""
        return tuple(v.choice for v in self.verdicts if v.right)

    def answer(self, choice) -> Verdict:
        """The verdict on ``choice``: its label (any accents or case), or the action it stands for."""
        key = fold(choice) if isinstance(choice, str) else None
        for v in self.verdicts:
            if key is not None and fold(v.choice) == key:
                return v
        try:
            action = parse_action(choice)
        except ValueError:
            action = None
        for v in self.verdicts:
            if action is not None and v.action == action:
                return v
        raise UnknownName("choice", choice, self.choices, f"The choices are: {', '.join(self.choices)}.")

    def __str__(self) -> str:
        return self.text + "\n" + "\n".join(f"  - {c}" for c in self.choices)

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(str(self))


def said(before: GameState, after: GameState) -> str:
    """The log sentences of what the player's action did (leaving out the next player's forced Postmaster)."""
    lines = after.log()[len(before.log()):]
    forced = turn.start_text(after) if after.turn_owner != before.turn_owner else []
    if forced and lines[-len(forced):] == forced:
        lines = lines[:-len(forced)]
    return " ".join(lines)


def _spelled(action: Action, board) -> Action:
    """``action`` with its city names spelt as on the board ("nurnberg" -> "Nürnberg"), for labels."""
    def name(city):
        return board.card_spelling(city)

    try:
        if isinstance(action, Score):
            return Score([name(h) for h in action.houses], action.cartwright, action.carriage, action.colour,
                         action.coach)
        if isinstance(action, Keep):
            return Keep([name(c) for c in action.cards])
        if isinstance(action, Play):
            return Play(name(action.city), action.end)
        if isinstance(action, Draw) and action.city is not None:
            return Draw(name(action.city))
    except ValueError:
        pass                             # an unknown city: the engine's verdict will say so
    return action


def _parse(action, state: GameState | None = None) -> Action:
    """An action from its notation, read by the position's ruleset (an expansion's own notation too)."""
    if isinstance(action, Action):
        return action
    return state.ruleset.parse(action) if state is not None else parse_action(action)


def _action_verdict(state: GameState, action: Action, label: str, cities=()) -> Verdict:
    error = state.why_illegal(action)
    if error is not None:
        return Verdict(label, False, str(error), action, tuple(cities))
    return Verdict(label, True, said(state, state.apply(action)), action, tuple(cities))


def _cities_of(action: Action) -> tuple[str, ...]:
    if isinstance(action, Score):
        return action.houses
    if isinstance(action, Keep):
        return ()
    city = getattr(action, "city", None)
    return (city,) if city else ()


def _label(action: Action) -> str:
    text = str(action)
    return text[:1].upper() + text[1:]


def extend_question(state: GameState, cards=None, text: str | None = None) -> Question:
    """Which of ``cards`` (default: the distinct cards in hand) can extend the current route? (base rules, 2)

    A card is right when playing it at the left or the right end is legal now. A wrong card's explanation is
    the engine's ``why_illegal`` of playing it (at the right end: a card that fits neither end gets the same
    explanation at both); a right card's is the log sentence of playing it at each end where it fits.
    """
    name = state.to_move_name
    cards = list(dict.fromkeys(state.hand() if cards is None else cards))
    if not cards:
        raise ValueError(f"{name} holds no card to ask about.")
    verdicts = []
    for card in cards:
        city = state.board.card_spelling(card)         # (a card named by its copy keeps its copy's name)
        fitting = [Play(city, end) for end in ("left", "right") if state.why_illegal(Play(city, end)) is None]
        if fitting:
            why = " Or: ".join(said(state, state.apply(a)) for a in fitting)
            verdicts.append(Verdict(city, True, why, fitting[0], (city,)))
        else:
            wrong = Play(city, "right")
            verdicts.append(Verdict(city, False, str(state.why_illegal(wrong)), wrong, (city,)))
    route = state.route(name)
    text = text or f"Which of these cards can extend {name}'s route {route}?"
    return Question(text, tuple(verdicts), tuple(v.choice for v in verdicts))


def action_question(state: GameState, actions, text: str | None = None, labels=None) -> Question:
    """Which of ``actions`` (actions or notations) may the player take now? The engine decides each.

    ``labels`` (one per action) replaces the actions' own descriptions ("Draw Ulm from the display").
    """
    actions = [_spelled(_parse(a, state), state.board) for a in actions]
    if not actions:
        raise ValueError("an action question needs at least one action to offer.")
    labels = list(labels) if labels is not None else [_label(a) for a in actions]
    if len(labels) != len(actions):
        raise ValueError(f"{len(actions)} actions but {len(labels)} labels.")
    verdicts = tuple(_action_verdict(state, a, lab, _cities_of(a)) for a, lab in zip(actions, labels))
    text = text or f"Which of these may {state.to_move_name} do now?"
    return Question(text, verdicts)


# -- outcome questions: the engine applies the action and reads the answer ------------------------------------

def _gained(before, after, seat, field_name):
    return list(getattr(after.player(seat), field_name)[len(getattr(before.player(seat), field_name)):])


def _tiles(before, after, seat, board):
    got = {stack for stack, _ in _gained(before, after, seat, "tiles")}
    return got or {"none"}, said(before, after)


def _carriage(before, after, seat, board):
    got = _gained(before, after, seat, "carriages")
    level = next_carriage(board, before.player(seat).carriages)
    why = said(before, after)
    if level is not None and (not got or len(before.player(seat).route) > level):     # none skipped (3c)
        why += (f" (Carriage {level} is {before.player(seat).name}'s next; the route had "
                f"{len(before.player(seat).route)} cards.)")
    return {str(c) for c in got} or {"none"}, why


def _next(before, after, seat, board):
    who = "over" if after.is_over else after.to_move_name
    return {who}, said(before, after)


def _winner(before, after, seat, board):
    records = after.score_records()
    scores = ", ".join(f"{r['player']} {r['total']}" for r in records)
    seat = end_tile_holder(after)
    holder = None if seat is None else after.names[seat]
    held = f" {holder} holds the game end tile." if holder else " Nobody holds the game end tile."
    return {after.winner()}, f"Scores: {scores}.{held} The winner is {after.winner()}."


def _stack_top(before, after, seat, board, stack):
    tiles = after.stacks_left()[board.stack(stack).id]
    name = board.stack(stack).name
    top = str(tiles[0]) if tiles else "none"
    return {top}, f"The {name} stack holds {', '.join(map(str, tiles)) or 'no tile'} (top first)."


_BASE_OUTCOMES = {"tiles": _tiles, "carriage": _carriage, "next": _next, "winner": _winner, "stack_top": _stack_top}


class _Outcomes(Mapping):
    """The question kinds: the base game's, then those of every registered variant (:attr:`thurn.parts.Parts.questions`;
    a variant's question asked in a game without it says so)."""

    def _all(self) -> dict:
        out = dict(_BASE_OUTCOMES)
        for part in PARTS.values():
            out.update(part.questions)
        return out

    def __getitem__(self, key):
        return self._all()[key]

    def __iter__(self):
        return iter(self._all())

    def __len__(self):
        return len(self._all())


OUTCOMES = _Outcomes()


def _part_of(about: str):
    """The parts of the variant whose question ``about`` is, or None (a base game's question)."""
    return next((p for p in PARTS.values() if about in p.questions), None) if about not in _BASE_OUTCOMES else None


def _outcome_label(about, value, state, board) -> str:
    if value == "none":
        return {"tiles": "No tile", "carriage": "No carriage"}.get(about, "None")
    if about == "tiles":
        name = board.stack(value).name
        return name[:1].upper() + name[1:]
    if about == "carriage":
        return f"Carriage {value}"
    if about == "next" and value == "over":
        return "The game is over"
    part = _part_of(about)
    label = part.question_label(about, value) if part is not None else None
    return str(value) if label is None else label


def _outcome_value(about, value, state, board) -> str:
    """A choice in its engine spelling (a stack id, a player's name), so that it compares with the answer."""
    value = str(value)
    if value == "none" or (about == "next" and value == "over"):
        return value
    if about == "tiles":
        return board.stack(value).id
    if about in ("next", "winner"):
        return state.names[state.seat(value)]
    part = _part_of(about)
    spelt = part.question_value(about, value, state) if part is not None else None
    return value if spelt is None else spelt


def outcome_question(state: GameState, about: str, choices, action=None, text: str | None = None,
                     labels=None, stack: str | None = None) -> Question:
    """What happens? ``about`` says what is asked, and the engine answers it by applying ``action``:

    - ``"tiles"``: which bonus tiles the player takes (choices: stack ids, or ``"none"``);
    - ``"carriage"``: which carriage he takes (``"3"`` … ``"7"`` or ``"none"``);
    - ``"next"``: whose turn it is afterwards (a player's name, or ``"over"``);
    - ``"winner"``: who wins (the state's winner, with the tie-break; ``action`` may be left out);
    - ``"stack_top"``: the tile on top of ``stack`` (no action);
    - a variant's own kinds (:attr:`thurn.parts.Parts.questions`), with it switched on: with The Princess'
      Messenger ``"letters"`` (how many nobility letters the player holds afterwards), ``"messenger"`` (who holds
      the figure afterwards: a name, or ``"none"``) and ``"letters_in_game"`` (on the cities and in hand).

    Every choice equal to the engine's answer is right; the explanation is the engine's log of the action.
    """
    if about not in OUTCOMES:
        raise UnknownName("question", about, OUTCOMES)
    board = state.board
    before, seat = state, state.to_move
    if action is not None:
        action = _parse(action, state)
        error = state.why_illegal(action)
        if error is not None:
            raise error
        after = state.apply(action)
    else:
        after = state
    extra = {"stack": stack} if about == "stack_top" else {}
    if about == "stack_top" and stack is None:
        raise ValueError("a 'stack_top' question names its stack (stack='baiern').")
    truth, why = OUTCOMES[about](before, after, seat, board, **extra)
    values = [_outcome_value(about, c, state, board) for c in choices]
    if not values:
        raise ValueError("an outcome question needs at least one choice.")
    labels = list(labels) if labels is not None else [_outcome_label(about, v, state, board) for v in values]
    if len(labels) != len(values):
        raise ValueError(f"{len(values)} choices but {len(labels)} labels.")
    verdicts = tuple(Verdict(lab, v in truth, why, action) for v, lab in zip(values, labels))
    return Question(text or "What happens?", verdicts)


# -- templates: a lesson's words and actions name cards of the position they are about ------------------------

def namespace(state: GameState) -> dict:
    """What a lesson's text and actions may name: ``{player}``, ``{hand[0]}``, ``{hand_text}``,
    ``{display[0]}``, ``{display_text}``, ``{not_shown[0]}`` (cities not face up, in board order), ``{route}``."""
    me = state.player()
    shown = [c for c in state.display_cards if c is not None]
    return {"player": me.name, "hand": list(me.hand), "hand_text": ", ".join(me.hand) or "no card",
            "display": shown, "display_text": ", ".join(shown) or "no card",
            "not_shown": [c.name for c in state.board.cities if c.name not in shown],
            "route": str(state.route())}


def fill(template: str, state: GameState) -> str:
    """``template`` with the names of ``state`` filled in (see :func:`namespace`)."""
    return template.format_map(namespace(state))


def _fill_all(values, state):
    return [fill(v, state) if isinstance(v, str) else v for v in values]


# -- lessons -------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Section:
    """A section of the rules: its id ("3a"), its name ("Placing houses"), a one-paragraph summary for learners,
    and its heading in each rule document (by document id; :attr:`Lesson.rulebooks` names the documents)."""

    id: str
    headings: dict
    name: str = ""
    summary: str = ""

    def cited(self) -> str:
        """"3a — Placing houses" (just the id when the section has no name of its own)."""
        return f"{self.id} — {self.name}" if self.name and self.name != self.id else self.id


@dataclass(frozen=True)
class LessonStep:
    """One rule: its text, where its position comes from, the actions that lead there, and its question."""

    id: str
    title: str
    sections: tuple[str, ...]
    text: str
    start: dict                 # {"game": {...}} | {"position": {...}} | {"continue": True}
    actions: tuple[str, ...]
    question: dict
    cite: str = "base rules"    # the lesson's rule book ("" when the section ids cite themselves)
    names: tuple[str, ...] = ()  # each section's name ("Placing houses"), "" when it has none

    @property
    def rule(self) -> str:
        """The citation, as the engine writes it: "base rules, 3a" (or "Messenger, The Nobility Letters")."""
        return (f"{self.cite}, " if self.cite else "") + " and ".join(self.sections)

    @property
    def citation(self) -> str:
        """The citation with the rules' names: "base rules, 3a — Placing houses" ("base rules, 3 — Scoring a
        route, and 3a — Placing houses" for two sections)."""
        names = self.names or ("",) * len(self.sections)
        parts = [f"{sid} — {name}" if name and name != sid else sid for sid, name in zip(self.sections, names)]
        joint = ", and " if any(n and n != sid for sid, n in zip(self.sections, names)) else " and "
        return (f"{self.cite}, " if self.cite else "") + joint.join(parts)


@dataclass(frozen=True)
class Stop:
    """A lesson step made real: its engine state and its question (texts filled in for that state)."""

    step: LessonStep
    state: GameState
    text: str
    question: Question
    played: tuple[str, ...] = ()        # the log sentences of the step's actions (how the position came about)

    @property
    def title(self) -> str:
        return self.step.title

    @property
    def rule(self) -> str:
        return self.step.rule

    @property
    def citation(self) -> str:
        return self.step.citation


@dataclass
class Lesson:
    """A lesson: rule sections, then steps in order. :meth:`stops` builds each step's state and question."""

    name: str
    title: str
    source: str
    seed: int
    sections: dict
    steps: tuple[LessonStep, ...]
    rules: Rules = field(default_factory=Rules)     # the rules of its seeded games and of its positions
    cite: str = "base rules"
    rulebooks: dict = field(default_factory=dict)   # document id -> its name for readers ("Polish rulebook")
    _stops: dict = field(default_factory=dict, repr=False, compare=False)

    def rulebook(self, doc: str) -> str:
        """A rule document's name for readers (its id when the lesson does not name it)."""
        return self.rulebooks.get(doc, doc)

    def headings(self, section: str) -> list[tuple[str, str]]:
        """``(rule book's name, its heading)`` for a section, in the order of the lesson's rule books."""
        found = self.sections[section].headings
        order = [d for d in self.rulebooks if d in found] + [d for d in found if d not in self.rulebooks]
        return [(self.rulebook(d), found[d]) for d in order]

    def section_of(self, citation: str) -> Section | None:
        """The section an engine citation names ("base rules, 3a", "base rules, Game Play: one official per
        turn"), or ``None``."""
        text = str(citation)
        if self.cite:
            if not text.startswith(self.cite + ", "):
                return None
            text = text[len(self.cite) + 2:]
        for sid in sorted(self.sections, key=len, reverse=True):
            if text == sid or text.startswith(sid + ":") or text.startswith(sid + " "):
                return self.sections[sid]
        return None

    def cite_rule(self, citation: str) -> str:
        """An engine citation with the rule's name: "base rules, 2" -> "base rules, 2 — Playing a city card"
        ("base rules, Game Play: one official per turn" -> "base rules, Game Play — Playing the game: one
        official per turn"); a citation of no section of the lesson is returned as it is."""
        section = self.section_of(citation)
        if section is None or not section.name or section.name == section.id:
            return str(citation)
        head = (f"{self.cite}, " if self.cite else "") + section.id
        return head + f" — {section.name}" + str(citation)[len(head):]

    @property
    def covers(self) -> tuple[str, ...]:
        """The sections of the rules this lesson teaches (each has at least one step)."""
        return tuple(self.sections)

    def step(self, step_id: str) -> LessonStep:
        for s in self.steps:
            if s.id == step_id:
                return s
        raise UnknownName("lesson step", step_id, [s.id for s in self.steps])

    def index(self, step_id: str) -> int:
        return self.steps.index(self.step(step_id))

    def stops(self, seed: int | None = None) -> list[Stop]:
        """Every step's state and question. ``seed`` deals the lesson's seeded game differently (default:
        the lesson's own seed); positions built from a dict keep their own cards."""
        seed = self.seed if seed is None else int(seed)
        if seed not in self._stops:
            self._stops[seed] = _build(self, seed)
        return list(self._stops[seed])

    def __len__(self) -> int:
        return len(self.steps)


def _fail(source: str, problem: str):
    raise LessonError(f"{source}: {problem}") from None


def _build(lesson: Lesson, seed: int) -> list[Stop]:
    stops, state = [], None
    for step in lesson.steps:
        where = f"step {step.id!r}"
        try:
            if "game" in step.start:
                game = step.start["game"]
                state = new_game(game["players"], seed=seed, rules=lesson.rules,
                                 start_player=game.get("start_player", 0))
            elif "position" in step.start:
                position = step.start["position"]
                if "rules" not in position and lesson.rules != Rules():
                    position = {**position, "rules": lesson.rules.to_dict()}
                state = state_from_position(position)
        except ThurnError as e:
            _fail(lesson.source, f"{where}: the position cannot be built: {e}")
        before = state
        for template in step.actions:
            try:
                state = state.apply(fill(template, state))
            except ThurnError as e:
                _fail(lesson.source, f"{where}: the action {template!r} cannot be applied: {e}")
            except (KeyError, IndexError) as e:
                _fail(lesson.source, f"{where}: the action {template!r} names {e}, which this position lacks.")
        try:
            question = _question(step.question, state)
            text = fill(step.text, state)
        except ThurnError as e:
            _fail(lesson.source, f"{where}: the question cannot be asked: {e}")
        except (KeyError, IndexError) as e:
            _fail(lesson.source, f"{where}: the text or question names {e}, which this position lacks.")
        if not question.answers:
            _fail(lesson.source, f"{where}: the engine finds no right choice among {', '.join(question.choices)}.")
        played = tuple(state.log()[len(before.log()):]) if step.actions else ()
        stops.append(Stop(step, state, text, question, played))
    return stops


def _question(spec: dict, state: GameState) -> Question:
    kind = spec["kind"]
    text = fill(spec["ask"], state)
    labels = spec.get("labels")
    labels = _fill_all(labels, state) if labels is not None else None
    if kind == "extend":
        cards = _fill_all(spec["choices"], state) if "choices" in spec else None
        return extend_question(state, cards, text)
    if kind == "action":
        return action_question(state, _fill_all(spec["choices"], state), text, labels)
    action = spec.get("action")
    return outcome_question(state, spec["about"], _fill_all(spec["choices"], state),
                            fill(action, state) if action else None, text, labels, spec.get("stack"))


# -- loading and validation ------------------------------------------------------------------------------------

QUESTION_KINDS = ("extend", "action", "outcome")
_STEP_KEYS = {"id", "title", "sections", "text", "game", "position", "continue", "actions", "question"}


def lesson_path(lesson="base") -> Path:
    """The file of a lesson: ``data/<name>_lessons.json`` for a name, or the path given."""
    text = str(lesson)
    if text.endswith(".json") or "/" in text or "\\" in text:
        return Path(text)
    return data_dir() / f"{text}_lessons.json"


def available_lessons() -> list[str]:
    """Names of the lessons shipped in ``data/``."""
    out = []
    for p in sorted(data_dir().glob("*_lessons.json")):
        try:
            if json.loads(p.read_text(encoding="utf-8")).get("format") == FORMAT:
                out.append(p.name[: -len("_lessons.json")])
        except (OSError, ValueError):
            continue
    return out


def load_lesson(lesson="base") -> Lesson:
    """Load and check a lesson by name (``"base"``) or path: its structure, then every position, action and
    question with the engine. Problems raise :class:`LessonError` naming the file and the problem."""
    if isinstance(lesson, Lesson):
        return lesson
    path = lesson_path(lesson)
    source = str(path)
    if not path.is_file():
        if path.parent == data_dir() and not str(lesson).endswith(".json"):
            raise UnknownName("lesson", lesson, available_lessons())
        _fail(source, "no such lesson file.")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        _fail(source, f"not valid JSON (line {e.lineno}, column {e.colno}: {e.msg}).")
    except (OSError, UnicodeDecodeError) as e:
        _fail(source, f"cannot be read ({e}).")
    result = lesson_from_dict(data, source, name=path.name.removesuffix(".json").removesuffix("_lessons"))
    result.stops()                       # every position, action and question, checked with the engine now
    return result


_LOADED: dict = {}


def cite_rule(citation: str, lesson="base") -> str:
    """An engine citation with the rule's name, from a lesson's sections: ``cite_rule("base rules, 3a")`` is
    "base rules, 3a — Placing houses" (see :meth:`Lesson.cite_rule`)."""
    return _loaded(lesson).cite_rule(citation)


def rule_summary(citation: str, lesson="base") -> str:
    """The lesson's one-paragraph summary of the section an engine citation names ("" when there is none)."""
    section = _loaded(lesson).section_of(citation)
    return section.summary if section is not None else ""


def _loaded(lesson) -> Lesson:
    if isinstance(lesson, Lesson):
        return lesson
    if lesson not in _LOADED:
        _LOADED[lesson] = load_lesson(lesson)
    return _LOADED[lesson]


def lesson_from_dict(data, source: str = "<lesson data>", name: str = "lesson") -> Lesson:
    """Check the structure of a parsed lesson file and build the :class:`Lesson` (positions are built by
    :meth:`Lesson.stops`)."""
    if not isinstance(data, dict):
        _fail(source, "the file should hold one JSON object.")
    if data.get("format") != FORMAT:
        _fail(source, f"unknown format {data.get('format')!r} (expected {FORMAT!r}).")
    unknown = set(data) - {"format", "title", "about", "seed", "sections", "steps", "rules", "cite", "rulebooks",
                           "names", "summaries"}
    if unknown:
        _fail(source, f"the lesson has unknown field(s) {', '.join(sorted(unknown))}.")
    title = _need(data, "title", str, source, "the lesson")
    seed = _need(data, "seed", int, source, "the lesson")
    try:
        rules = Rules.from_dict(data.get("rules"))
    except ThurnError as e:
        _fail(source, f"the lesson's 'rules' cannot be used: {e}")
    cite = data.get("cite", "base rules")
    if not isinstance(cite, str):
        _fail(source, f"the lesson: 'cite' should be a str, not {type(cite).__name__}.")
    raw_sections = _need(data, "sections", dict, source, "the lesson")
    sections = {}
    for sid, headings in raw_sections.items():
        if not isinstance(headings, dict) or not headings or not all(isinstance(v, str) for v in headings.values()):
            _fail(source, f"section {sid!r} should map each rule document to its heading there.")
        sections[sid] = Section(sid, dict(headings))
    rulebooks = _texts(data, "rulebooks", source)
    names = _texts(data, "names", source)
    summaries = _texts(data, "summaries", source)
    for key, table in (("names", names), ("summaries", summaries)):
        stray = [k for k in table if k not in sections]
        if stray:
            _fail(source, f"'{key}' names section(s) {', '.join(stray)}, which 'sections' does not list.")
    if rulebooks:
        unnamed = sorted({d for sec in sections.values() for d in sec.headings} - set(rulebooks))
        if unnamed:
            _fail(source, f"'rulebooks' does not name the rule document(s) {', '.join(unnamed)}.")
    sections = {sid: Section(sid, sec.headings, names.get(sid, ""), summaries.get(sid, ""))
                for sid, sec in sections.items()}
    raw_steps = _need(data, "steps", list, source, "the lesson")
    if not raw_steps:
        _fail(source, "the lesson has no steps.")
    steps, seen = [], set()
    for i, raw in enumerate(raw_steps):
        step = _step(raw, i, source, sections, rules, cite)
        if step.id in seen:
            _fail(source, f"two steps are called {step.id!r}.")
        if i == 0 and "continue" in step.start:
            _fail(source, f"step {step.id!r}: the first step has no previous position to continue.")
        seen.add(step.id)
        steps.append(step)
    taught = {s for step in steps for s in step.sections}
    missing = [s for s in sections if s not in taught]
    if missing:
        _fail(source, f"no step teaches the section(s) {', '.join(missing)}.")
    return Lesson(name, title, source, seed, sections, tuple(steps), rules, cite, rulebooks)


def _texts(data: dict, key: str, source: str) -> dict:
    """An optional mapping of strings to strings (``rulebooks``, ``names``, ``summaries``)."""
    value = data.get(key, {})
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        _fail(source, f"the lesson: {key!r} should map names to texts.")
    return dict(value)


def _need(d: dict, key: str, kind, source: str, where: str):
    if key not in d:
        _fail(source, f"{where} has no {key!r}.")
    value = d[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        _fail(source, f"{where}: {key!r} should be a {kind.__name__}, not {type(value).__name__}.")
    return value


def _step(raw, i: int, source: str, sections: dict, rules: Rules | None = None,
          cite: str = "base rules") -> LessonStep:
    if not isinstance(raw, dict):
        _fail(source, f"step {i + 1} should be an object.")
    where = f"step {raw.get('id', i + 1)!r}"
    unknown = set(raw) - _STEP_KEYS
    if unknown:
        _fail(source, f"{where} has unknown field(s) {', '.join(sorted(unknown))}.")
    sid = _need(raw, "id", str, source, f"step {i + 1}")
    title = _need(raw, "title", str, source, where)
    text = _need(raw, "text", str, source, where)
    cited = _need(raw, "sections", list, source, where)
    if not cited:
        _fail(source, f"{where} cites no section of the rules.")
    for s in cited:
        if s not in sections:
            _fail(source, f"{where} cites section {s!r}, which the lesson's 'sections' does not list.")
    starts = [k for k in ("game", "position", "continue") if k in raw]
    if len(starts) != 1:
        _fail(source, f"{where} needs exactly one of 'game', 'position' or 'continue' (found "
                      f"{', '.join(starts) or 'none'}).")
    start = {starts[0]: raw[starts[0]]}
    if "game" in start:
        game = raw["game"]
        if not isinstance(game, dict) or not isinstance(game.get("players"), list):
            _fail(source, f"{where}: 'game' should be an object with a list of 'players'.")
    elif "position" in start and not isinstance(raw["position"], dict):
        _fail(source, f"{where}: 'position' should be an object (a position, see README: positions).")
    elif "continue" in start and raw["continue"] is not True:
        _fail(source, f"{where}: 'continue' should be true.")
    actions = raw.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        _fail(source, f"{where}: 'actions' should be a list of action notations.")
    question = _need(raw, "question", dict, source, where)
    _check_question(question, where, source, rules)
    names = tuple(sections[s].name for s in cited)
    return LessonStep(sid, title, tuple(cited), text, start, tuple(actions), dict(question), cite, names)


def _check_question(q: dict, where: str, source: str, rules: Rules | None = None) -> None:
    kind = q.get("kind")
    if kind not in QUESTION_KINDS:
        _fail(source, f"{where}: the question's 'kind' should be one of {', '.join(QUESTION_KINDS)}, not {kind!r}.")
    if not isinstance(q.get("ask"), str):
        _fail(source, f"{where}: the question has no 'ask' text.")
    if "answers" in q or "answer" in q:
        _fail(source, f"{where}: a lesson never states its answers; the engine computes them.")
    choices = q.get("choices")
    if kind != "extend" or choices is not None:
        if not isinstance(choices, list) or not choices or not all(isinstance(c, str) for c in choices):
            _fail(source, f"{where}: the question's 'choices' should be a non-empty list of strings.")
    labels = q.get("labels")
    if labels is not None and (not isinstance(labels, list) or len(labels) != len(choices or [])):
        _fail(source, f"{where}: 'labels' should be a list with one label per choice.")
    if kind == "outcome":
        if q.get("about") not in OUTCOMES:
            _fail(source, f"{where}: an outcome question is 'about' one of {', '.join(OUTCOMES)}, "
                          f"not {q.get('about')!r}.")
        if q["about"] == "stack_top" and not isinstance(q.get("stack"), str):
            _fail(source, f"{where}: a 'stack_top' question names its 'stack'.")
    for a in ([q["action"]] if "action" in q else []) + (choices if kind == "action" else []):
        if "{" in a:
            continue                     # filled in from the position when the lesson is built
        try:
            rules.ruleset.parse(a) if rules is not None else parse_action(a)
        except ValueError as e:
            _fail(source, f"{where}: {e}")


__all__ = ["FORMAT", "Lesson", "LessonError", "LessonStep", "OUTCOMES", "Question", "Section", "Stop", "Verdict",
           "action_question", "available_lessons", "cite_rule", "extend_question", "fill", "lesson_from_dict",
           "lesson_path", "load_lesson", "namespace", "outcome_question", "rule_summary"]
