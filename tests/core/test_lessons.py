"""thurn.lessons: every question of the base lesson is answered by the engine, and bad lesson files are refused.

The right answers are never in the lesson file: each test recomputes them here from the engine's own
``why_illegal``, ``apply`` and state readers, and compares with the lesson's verdicts.
"""
from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest

import thurn
from thurn import IllegalAction, Play, parse_action, turn
from thurn.lessons import (FORMAT, LessonError, Question, action_question, available_lessons, cite_rule,
                           extend_question, lesson_from_dict, lesson_path, load_lesson, namespace, outcome_question,
                           rule_summary)

LESSON = load_lesson("base")
RAW = json.loads(lesson_path("base").read_text(encoding="utf-8"))
SEEDS = [None, 0, 1, 7, 42, 2024]

# The sections of the base rules, in rulebook order (000, 001 and 004 share them).
BASE_SECTIONS = ["Preparation", "Game Play", "1", "2", "3", "3a", "3b", "3c", "3d", "Game End and Scoring"]


def all_stops():
    return [(seed, stop) for seed in SEEDS for stop in LESSON.stops(seed)]


def stop_id(item):
    seed, stop = item
    return f"{stop.step.id}-seed{seed}"


# -- the engine decides every verdict --------------------------------------------------------------------------

def engine_truth(stop, choice_index):
    """The right/wrong and the explanation of a wrong choice, straight from the engine (None: not an action)."""
    spec, state = stop.step.question, stop.state
    verdict = stop.question.verdicts[choice_index]
    if spec["kind"] == "action":
        action = parse_action(thurn.lessons.fill(spec["choices"][choice_index], state))
        error = state.why_illegal(action)
        return error is None, None if error is None else str(error)
    if spec["kind"] == "extend":
        city = verdict.choice
        errors = {end: state.why_illegal(Play(city, end)) for end in ("left", "right")}
        legal = any(e is None for e in errors.values())
        return legal, None if legal else str(errors["right"])
    return None, None


@pytest.mark.parametrize("item", all_stops(), ids=stop_id)
def test_each_verdict_is_the_engines(item):
    seed, stop = item
    question, state = stop.question, stop.state
    assert question.answers, "every question has a right answer"
    for i, verdict in enumerate(question.verdicts):
        legal, why = engine_truth(stop, i)
        if legal is None:
            continue                                   # outcome questions: see test_outcomes_are_the_engines
        assert verdict.right == legal, verdict.choice
        if not legal:
            assert verdict.why == why                  # the engine's own explanation, word for word
        else:
            after = state.apply(verdict.action)
            assert after.log()[len(state.log())] in verdict.why   # what the engine says happens


def _gained(before, after, attr):
    seat = before.to_move
    return list(getattr(after.player(seat), attr))[len(getattr(before.player(seat), attr)):]


@pytest.mark.parametrize("item", [s for s in all_stops() if s[1].step.question["kind"] == "outcome"], ids=stop_id)
def test_outcomes_are_the_engines(item):
    seed, stop = item
    spec, state = stop.step.question, stop.state
    after = state.apply(spec["action"]) if "action" in spec else state
    about = spec["about"]
    if about == "tiles":
        truth = {s for s, _ in _gained(state, after, "tiles")} or {"none"}
    elif about == "carriage":
        truth = {str(c) for c in _gained(state, after, "carriages")} or {"none"}
    elif about == "next":
        truth = {"over" if after.is_over else after.to_move_name}
    elif about == "winner":
        truth = {after.winner()}
    else:
        truth = {str(after.stacks_left()[spec["stack"]][0])}
    for value, verdict in zip(spec["choices"], stop.question.verdicts):
        assert verdict.right == (value in truth), verdict.choice
    if "action" in spec:
        said = after.log()[len(state.log())]
        assert all(said in v.why for v in stop.question.verdicts)


@pytest.mark.parametrize("item", all_stops(), ids=stop_id)
def test_every_step_is_a_legal_engine_state(item):
    seed, stop = item
    state = stop.state
    again = thurn.GameState.from_position(state.position())          # loading re-checks the whole position
    assert again.same_position(state)
    assert thurn.GameState.from_json(state.to_json()) == state        # and replaying its actions gives it back
    if not state.is_over:
        assert state.legal_actions()
    for verdict in stop.question.verdicts:
        if verdict.right and verdict.action is not None and stop.step.question["kind"] != "outcome":
            assert verdict.action in state.legal


def test_continued_steps_are_reached_by_real_actions():
    stops = LESSON.stops()
    for prev, stop in zip(stops, stops[1:]):
        if "continue" in stop.step.start:
            history = stop.state.history
            assert history[:len(prev.state.history)] == prev.state.history
            assert len(history) == len(prev.state.history) + len(stop.step.actions)
            assert list(stop.played) == stop.state.log()[len(prev.state.log()):]


def test_a_seed_deals_the_game_anew_and_keeps_the_rulebook_positions():
    default, other = LESSON.stops(), LESSON.stops(7)
    assert default[0].state.display_cards != other[0].state.display_cards
    assert default[0].state.seed == LESSON.seed and other[0].state.seed == 7
    for a, b in zip(default, other):
        if "position" in a.step.start:
            assert a.state == b.state and a.question == b.question


# -- the rulebook examples the lesson reproduces -----------------------------------------------------------------

def test_the_fits_in_example_of_the_rulebook():
    """base rules, 2: Innsbruck fits neither end, Würzburg can't go in the middle, Stuttgart is in the route."""
    q = LESSON.stops()[LESSON.index("fits_in")].question
    assert q.answers == ("Passau",)
    assert "no road to Carlsruhe or Regensburg" in q.answer("Innsbruck").why
    assert "already in your route" in q.answer("Stuttgart").why


def test_the_placement_example_of_the_rulebook():
    """base rules, 3a: Sigmaringen, Stuttgart, Ingolstadt (A) and the four Baiern cities (B)."""
    q = LESSON.stops()[LESSON.index("houses")].question
    assert set(q.answers) == {"Score the route, houses in Sigmaringen, Stuttgart, Ingolstadt",
                              "Score the route, houses in Nürnberg, Regensburg, Ingolstadt, Augsburg"}


def test_the_tile_and_cartwright_examples_of_the_rulebook():
    """base rules, 3b (Württemberg/Hohenzollern with the old house in Stuttgart) and 3c (Cartwright)."""
    stops = LESSON.stops()
    assert stops[LESSON.index("tiles")].question.answers == ("Württemberg/Hohenzollern",)
    assert stops[LESSON.index("carriage")].question.answers == ("Carriage 5",)


# -- coverage of the rules ---------------------------------------------------------------------------------------

def test_the_lesson_covers_every_base_section_in_order():
    assert list(LESSON.covers) == BASE_SECTIONS
    taught = [s for step in LESSON.steps for s in step.sections]
    for section in LESSON.covers:
        assert section in taught, f"no step teaches {section}"
    first = [taught.index(s) for s in BASE_SECTIONS]
    assert first == sorted(first), "the steps follow the rulebook's order"


def test_every_section_the_engine_cites_is_taught():
    cited = {getattr(turn.steps, name) for name in dir(turn.steps) if name.startswith("R_")}
    cited |= {step.rule for step in thurn.Rules().ruleset.steps.values()}
    sections = {text.removeprefix("base rules, ").split(":")[0] for text in cited if text.startswith("base rules")}
    assert sections and sections <= set(LESSON.covers)


def test_each_section_names_its_heading_in_the_three_base_rulebooks():
    for section in LESSON.sections.values():
        assert set(section.headings) == {"000", "001", "004"}


def test_every_step_cites_its_rule_in_its_text():
    for stop in LESSON.stops():
        assert "(base rules, " in stop.text
        assert stop.rule.startswith("base rules, ")


# -- citations read as the rule's name, the rule books by their names -----------------------------------------------

def test_a_citation_names_the_rule():
    stops = {stop.step.id: stop for stop in LESSON.stops()}
    assert stops["fits_in"].citation == "base rules, 2 — Playing a city card"
    assert stops["houses"].citation == "base rules, 3 — Scoring a route, and 3a — Placing houses"
    assert stops["tiles"].rule == "base rules, 3b"                   # the short form the engine writes stays
    for stop in stops.values():
        for section in stop.step.sections:
            assert f"{section} — {LESSON.sections[section].name}" in stop.citation


def test_every_section_has_a_name_and_a_summary():
    for section in LESSON.sections.values():
        assert section.name and section.name != section.id
        assert len(section.summary) > 40


def test_the_engines_citations_get_the_rules_names():
    assert cite_rule("base rules, 3a") == "base rules, 3a — Placing houses"
    assert cite_rule("base rules, 2") == "base rules, 2 — Playing a city card"
    assert (cite_rule("base rules, Game Play: one official per turn")
            == "base rules, Game Play — Playing the game: one official per turn")
    assert cite_rule("rules notes R12") == "rules notes R12"          # no section of the lesson: as it is
    assert cite_rule("base rules, 3e") == "base rules, 3e"
    assert rule_summary("base rules, 3a").startswith("Option A: one house")
    assert rule_summary("rules notes R1") == ""
    for spec in thurn.Rules().ruleset.steps.values():                # every step of a turn has a named rule
        assert " — " in cite_rule(spec.rule) and rule_summary(spec.rule)
    for spec in thurn.Rules().ruleset.kinds.values():
        assert " — " in cite_rule(spec.rule) and rule_summary(spec.rule)


def test_the_rule_books_are_named_for_readers_not_by_file_id():
    assert set(LESSON.rulebooks) == {"000", "001", "004"}
    for doc, name in LESSON.rulebooks.items():
        assert doc not in name and ("English" in name or "Polish" in name)
    books = [book for book, _ in LESSON.headings("3a")]
    assert books == [LESSON.rulebook(d) for d in ("001", "000", "004")]
    assert ("Polish rulebook", "a. Ustawianie domów") in LESSON.headings("3a")


def test_no_lesson_text_cites_a_document_by_its_file_id():
    for raw in (RAW, json.loads(lesson_path("expansions").read_text(encoding="utf-8"))):
        for step in raw["steps"]:
            for doc in ("000", "001", "002", "004", "rules notes"):
                assert doc not in step["text"], (step["id"], doc)
    for stop in load_lesson("expansions").stops():
        assert stop.citation == stop.rule                             # the expansions' sections cite themselves


# -- the question builders -----------------------------------------------------------------------------------------

EXAMPLE = thurn.GameState.from_position({
    "players": [{"name": "Ann", "hand": ["Innsbruck", "Würzburg", "Stuttgart", "Passau"],
                 "route": ["Carlsruhe", "Stuttgart", "Nürnberg", "Regensburg"]}, "Ben"],
    "turn": {"step": "play", "draws": 1}})


def test_extend_question_asks_about_the_hand_by_default():
    q = extend_question(EXAMPLE)
    assert q.choices == tuple(EXAMPLE.hand())
    assert set(q.choices) == {"Innsbruck", "Passau", "Stuttgart", "Würzburg"}
    assert q.candidates == q.choices
    assert "Carlsruhe–Stuttgart–Nürnberg–Regensburg" in q.text


def test_extend_question_about_a_card_that_fits_both_ends_tells_both():
    state = thurn.GameState.from_position({
        "players": [{"name": "Ann", "hand": ["Ulm"], "route": ["Stuttgart", "Carlsruhe", "Freiburg", "Basel",
                                                             "Zürich", "Kempten"]}, "Ben"],
        "turn": {"step": "play", "draws": 1}})
    verdict = extend_question(state).answer("Ulm")
    assert verdict.right and "left end" in verdict.why and "right end" in verdict.why


def test_answers_are_found_by_label_accents_or_action():
    q = action_question(EXAMPLE, ["play passau right", "play innsbruck left"])
    assert q.choices == ("Play Passau at the right end", "Play Innsbruck at the left end")
    assert q.answer("play passau at the RIGHT end").right
    assert q.answer(Play("Passau", "right")).right
    assert q.answer("play innsbruck left") is q.verdicts[1]
    with pytest.raises(thurn.UnknownName, match="The choices are"):
        q.answer("Ulm")


def test_a_verdict_reads_right_or_not_quite_with_the_why():
    q = extend_question(EXAMPLE)
    assert str(q.answer("Innsbruck")) == ("Not quite: Innsbruck has no road to Carlsruhe or Regensburg, the two "
                                          "ends of your route. (base rules, 2)")
    assert str(q.answer("Passau")).startswith("Right: Ann plays Passau at the right end")


def test_outcome_question_refuses_an_illegal_action_with_the_engines_reason():
    with pytest.raises(IllegalAction) as e:
        outcome_question(EXAMPLE, "tiles", ["none"], action="score carlsruhe")
    assert e.value.reason == "play_first"


def test_outcome_question_checks_its_kind_and_labels():
    with pytest.raises(thurn.UnknownName):
        outcome_question(EXAMPLE, "weather", ["sunny"])
    with pytest.raises(ValueError, match="labels"):
        outcome_question(EXAMPLE, "winner", ["Ann", "Ben"], labels=["only one"])
    with pytest.raises(ValueError, match="names its stack"):
        outcome_question(EXAMPLE, "stack_top", ["5"])


def test_the_namespace_names_cards_of_the_position():
    state = LESSON.stops()[0].state
    ns = namespace(state)
    assert ns["player"] == "Ann" and ns["display"] == [c for c in state.display_cards if c]
    assert not set(ns["not_shown"]) & set(ns["display"])
    assert len(ns["not_shown"]) + len(set(ns["display"])) == 22


def test_a_question_is_a_value():
    q = extend_question(EXAMPLE)
    assert isinstance(q, Question) and q == extend_question(EXAMPLE)


# -- the lesson file is checked on load ---------------------------------------------------------------------------

def write(tmp_path, data, name="broken_lessons.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def broken(change):
    data = copy.deepcopy(RAW)
    change(data)
    return data


def step(data, step_id):
    return next(s for s in data["steps"] if s["id"] == step_id)


BROKEN = {
    "not JSON": ("{ not json", "not valid JSON (line 1"),
    "a board file": (broken(lambda d: d.update(format="thurn-board/1")), "unknown format 'thurn-board/1'"),
    "no steps": (broken(lambda d: d.update(steps=[])), "the lesson has no steps"),
    "no seed": (broken(lambda d: d.pop("seed")), "the lesson has no 'seed'"),
    "a typed answer": (broken(lambda d: step(d, "fits_in")["question"].update(answers=["Passau"])),
                       "step 'fits_in': a lesson never states its answers"),
    "an unknown kind": (broken(lambda d: step(d, "keep")["question"].update(kind="essay")),
                        "step 'keep': the question's 'kind' should be one of extend, action, outcome"),
    "two starts": (broken(lambda d: step(d, "draw").update(position={"players": ["A", "B"]})),
                   "step 'draw' needs exactly one of 'game', 'position' or 'continue' (found position, continue)"),
    "continue first": (broken(lambda d: (d["steps"][0].pop("game"), d["steps"][0].update({"continue": True}))),
                       "step 'setup': the first step has no previous position to continue"),
    "an unlisted section": (broken(lambda d: step(d, "keep").update(sections=["3e"])),
                            "step 'keep' cites section '3e', which the lesson's 'sections' does not list"),
    "an untaught section": (broken(lambda d: d["sections"].update({"Audience": {"001": "The Audience"}})),
                            "no step teaches the section(s) Audience"),
    "twice the same id": (broken(lambda d: step(d, "keep").update(id="tiles")), "two steps are called 'tiles'"),
    "an unknown lesson field": (broken(lambda d: d.update(answers={})), "the lesson has unknown field(s) answers"),
    "an unknown field": (broken(lambda d: step(d, "keep").update(colour="red")),
                         "step 'keep' has unknown field(s) colour"),
    "an unreadable action": (broken(lambda d: step(d, "keep")["question"]["choices"].append("fly to rome")),
                             "step 'keep': cannot read the action 'fly to rome'"),
    "an illegal action": (broken(lambda d: step(d, "play")["actions"].append("play ulm right")),
                          "step 'play': the action 'play ulm right' cannot be applied: You have no Ulm card"),
    "no right choice": (broken(lambda d: step(d, "fits_in")["question"].update(choices=["Innsbruck", "Stuttgart"])),
                        "step 'fits_in': the engine finds no right choice among Innsbruck, Stuttgart"),
    "a bad position": (broken(lambda d: step(d, "tiles")["position"]["players"][0].update(houses=["Atlantis"])),
                       "step 'tiles': the position cannot be built"),
    "a name the position lacks": (broken(lambda d: step(d, "play")["question"]["choices"].append("play {hand[9]} new")),
                                  "step 'play': the text or question names"),
    "an unknown outcome": (broken(lambda d: step(d, "tiles")["question"].update(about="weather")),
                           "step 'tiles': an outcome question is 'about' one of"),
    "a name for no section": (broken(lambda d: d["names"].update({"3e": "Flying"})),
                              "'names' names section(s) 3e, which 'sections' does not list"),
    "an unnamed rule book": (broken(lambda d: d["rulebooks"].pop("004")),
                             "'rulebooks' does not name the rule document(s) 004"),
    "a summary that is no text": (broken(lambda d: d["summaries"].update({"3a": 3})),
                                  "'summaries' should map names to texts"),
}


@pytest.mark.parametrize("problem", BROKEN, ids=list(BROKEN))
def test_a_malformed_lesson_file_is_refused_naming_file_and_problem(tmp_path, problem):
    data, message = BROKEN[problem]
    path = write(tmp_path, data)
    with pytest.raises(LessonError) as e:
        load_lesson(path)
    assert str(path) in str(e.value)
    assert message in str(e.value)
    assert e.value.reason == "bad_lesson"


def test_the_shipped_lesson_loads_from_a_copy(tmp_path):
    lesson = load_lesson(write(tmp_path, RAW, "copy_lessons.json"))
    assert [s.id for s in lesson.steps] == [s.id for s in LESSON.steps]


def test_unknown_lessons_and_files():
    with pytest.raises(thurn.UnknownName, match="base"):
        load_lesson("bsae")
    with pytest.raises(LessonError, match="no such lesson file"):
        load_lesson("/nonexistent/x_lessons.json")
    with pytest.raises(LessonError, match="should hold one JSON object"):
        lesson_from_dict([], "inline")


def test_the_lesson_file_is_no_board():
    assert RAW["format"] == FORMAT
    assert "base_lessons" not in thurn.available_boards() and "base" in available_lessons()


def test_the_lessons_module_imports_no_ui():
    code = ("import sys, thurn.lessons; bad = {'ipywidgets', 'plotly'} & set(sys.modules); "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)
