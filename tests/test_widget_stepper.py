"""The Quiz and the RulesStepper widgets: clicks give the engine's verdicts, Next/Back walk the whole lesson.

The widgets are driven as a user would (``button.click()``) and from code (``answer``); every verdict shown is
compared with the engine's ``why_illegal`` or the lesson's engine-built question.
"""
from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

import thurn
from thurn import Play
from thurn.lessons import extend_question, load_lesson
from thurn.widgets import Quiz, RulesStepper

EXAMPLE = thurn.GameState.from_position({
    "players": [{"name": "Ann", "hand": ["Innsbruck", "Würzburg", "Stuttgart", "Passau"],
                 "route": ["Carlsruhe", "Stuttgart", "Nürnberg", "Regensburg"]}, "Ben"],
    "turn": {"step": "play", "draws": 1}})


def classes(widget):
    return set(widget._dom_classes)


def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


# -- Quiz ------------------------------------------------------------------------------------------------------

def test_a_click_shows_the_engines_verdict_and_why():
    quiz = Quiz(extend_question(EXAMPLE))
    assert "thurn-quiz" in classes(quiz)
    assert all("thurn-choice" in classes(b) for b in quiz.buttons.values())
    assert "thurn-verdict" in classes(quiz.verdict_box) and quiz.verdict_box.value == ""
    quiz.buttons["Innsbruck"].click()
    why = str(EXAMPLE.why_illegal(Play("Innsbruck", "right")))
    assert quiz.verdict.choice == "Innsbruck" and not quiz.verdict.right and quiz.verdict.why == why
    assert "Not quite" in quiz.verdict_box.value and "no road to Carlsruhe or Regensburg" in quiz.verdict_box.value
    assert quiz.buttons["Innsbruck"].button_style == "danger"
    quiz.buttons["Passau"].click()
    assert quiz.verdict.right and "Right" in quiz.verdict_box.value
    assert quiz.buttons["Passau"].button_style == "success"
    assert [v.choice for v in quiz.answered] == ["Innsbruck", "Passau"]


def test_every_choice_answered_from_code_matches_the_engine():
    quiz = Quiz(extend_question(EXAMPLE))
    for city in quiz.choices:
        legal = any(EXAMPLE.why_illegal(Play(city, end)) is None for end in ("left", "right"))
        verdict = quiz.answer(city)
        assert verdict.right == legal
        if not legal:
            assert verdict.why == str(EXAMPLE.why_illegal(Play(city, "right")))
    assert quiz.answers == ("Passau",)


def test_answer_callbacks_and_unknown_choices():
    quiz = Quiz(extend_question(EXAMPLE))
    seen = []
    quiz.on_answer(seen.append)
    quiz.answer("wurzburg")                   # accents and case don't matter
    assert [v.choice for v in seen] == ["Würzburg"]
    with pytest.raises(thurn.UnknownName, match="The choices are"):
        quiz.answer("Ulm")


def test_a_quiz_from_parts():
    quiz = Quiz("Which city is in Tyrol?", ["Innsbruck", "Ulm"], ["Innsbruck"],
                {"Ulm": "Ulm is in Württemberg.", "Innsbruck": "Innsbruck is Tyrol's only city."})
    assert str(quiz.answer("Ulm")) == "Not quite: Ulm is in Württemberg."
    assert quiz.answer("Innsbruck").right
    callable_quiz = Quiz("Pick one", ["a", "b"], ["b"], lambda c: f"you chose {c}")
    assert callable_quiz.answer("a").why == "you chose a"
    with pytest.raises(ValueError, match="not among the choices"):
        Quiz("?", ["a"], ["z"])
    with pytest.raises(ValueError, match="at least one right answer"):
        Quiz("?", ["a"], [])
    with pytest.raises(TypeError):
        Quiz(extend_question(EXAMPLE), ["a"])


def test_a_quiz_shows_itself_briefly():
    assert repr(Quiz(extend_question(EXAMPLE))).startswith("<Quiz: Which of these cards can extend Ann's route")


# -- RulesStepper ----------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def stepper():
    return RulesStepper()


def test_the_parts_carry_their_css_classes(stepper):
    assert "thurn-stepper" in classes(stepper)
    assert "thurn-map" in classes(stepper.map_box) and stepper.figure in stepper.map_box.children
    found = set().union(*(classes(w) for w in walk(stepper) if hasattr(w, "_dom_classes")))
    assert {"thurn-choice", "thurn-verdict", "thurn-rule", "thurn-quiz"} <= found


def test_next_and_back_walk_the_whole_lesson(stepper):
    lesson = load_lesson("base")
    stepper.go(0)
    assert stepper.back_button.disabled and not stepper.next_button.disabled
    seen = []
    while True:
        stop = stepper.stop
        seen.append(stop.step.id)
        assert stop.rule in stepper.header.value and stop.title in stepper.header.value
        assert stepper.quiz.question == stop.question and stepper.quiz in stepper.quiz_box.children
        names = [t.name for t in stepper.figure.data]
        assert "roads" in names and "cities" in names
        route = stop.state.route()
        if route and not stop.state.is_over:
            assert f"route · {stop.state.to_move_name}" in names
        if stop.question.candidates:
            assert "candidates" in names
        if stepper.next_button.disabled:
            break
        stepper.next_button.click()
    assert seen == [s.id for s in lesson.steps]
    while not stepper.back_button.disabled:
        stepper.back_button.click()
    assert stepper.index == 0
    stepper.back()                                  # stays on the first step
    assert stepper.index == 0


def test_every_step_is_the_lessons_engine_state(stepper):
    for i, stop in enumerate(load_lesson("base").stops()):
        stepper.go(i)
        assert stepper.state == stop.state
        assert thurn.GameState.from_position(stepper.state.position()).same_position(stepper.state)


def test_every_answer_in_the_stepper_is_the_engines(stepper):
    for i, stop in enumerate(load_lesson("base").stops()):
        stepper.go(i)
        for choice in stepper.quiz.choices:
            verdict = stepper.answer(choice)
            assert verdict == stop.question.answer(choice)
            if verdict.action is not None and stop.step.question["kind"] == "action":
                error = stop.state.why_illegal(verdict.action)
                assert verdict.right == (error is None)
                assert error is None or verdict.why == str(error)


def test_a_placement_answer_is_drawn_on_the_map(stepper):
    stepper.go("houses")
    assert "placement" not in [t.name for t in stepper.figure.data]
    choice = stepper.quiz.answers[0]
    verdict = stepper.answer(choice)
    placed = next(t for t in stepper.figure.data if t.name == "placement")
    assert len(placed.x) == len(verdict.cities) == 3
    stepper.next()
    assert "placement" not in [t.name for t in stepper.figure.data]


def test_go_by_id_and_out_of_range(stepper):
    assert stepper.go("fits_in").step.id == "fits_in"
    with pytest.raises(IndexError):
        stepper.go(99)
    with pytest.raises(thurn.UnknownName):
        stepper.go("nowhere")
    assert repr(stepper) == ("<RulesStepper base: step 4 of 12, What fits in (base rules, 2)>")


def test_a_seed_deals_another_game():
    other = RulesStepper(seed=7, start="draw")
    assert other.state.seed == 7
    assert other.state.display_cards != RulesStepper(start="draw").state.display_cards
    display = [c for c in other.state.display_cards if c]
    assert other.quiz.choices[0] == f"Draw {display[0]} from the display"
    assert other.answer(other.quiz.choices[0]).right
