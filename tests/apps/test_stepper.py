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
from thurn.widgets import GuidedGame, Quiz, RulesStepper
from thurn.widgets.stepper import NotYourMove

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
    while not stepper.on_game_page:
        stop = stepper.stop
        seen.append(stop.step.id)
        assert stop.citation in stepper.header.value and stop.title in stepper.header.value
        assert " — " in stop.citation
        assert stepper.quiz.question == stop.question and stepper.quiz in stepper.quiz_box.children
        names = [t.name for t in stepper.figure.data]
        assert "roads" in names and "cities" in names
        route = stop.state.route()
        if route and not stop.state.is_over:
            assert f"route · {stop.state.to_move_name}" in names
        if stop.question.candidates:
            assert "candidates" in names
        assert not stepper.next_button.disabled
        stepper.next_button.click()
    assert seen == [s.id for s in lesson.steps]
    assert stepper.next_button.disabled and stepper.index == len(lesson.steps)      # the last page: the game
    assert stepper.body.children == (stepper.game,) and "Your first game" in stepper.header.value
    assert stepper.state == stepper.game.state
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


def test_the_other_rulebooks_are_a_collapsible_note_naming_the_books():
    stepper = RulesStepper(start="houses", game=False)
    note = stepper.rule.value[stepper.rule.value.index("<details"):]
    assert "thurn-rulebooks" in note and "<summary" in note
    assert "Polish rulebook" in note and "a. Ustawianie domów" in note and "a. Place Branches" in note
    assert "000" not in stepper.rule.value and "001:" not in stepper.rule.value
    assert "base rules, 3 — Scoring a route, and 3a — Placing houses" in stepper.header.value
    stepper.go(len(stepper.stops) - 1)
    assert stepper.next_button.disabled                  # without the game, the last step is the last page
    stepper.close()


# -- GuidedGame: a first game at the learner's pace --------------------------------------------------------------

def texts(game):
    return game.happened.value + game.rule_box.value


def test_a_whole_game_is_played_to_the_end_by_clicking():
    """The learner clicks a legal action on his move and Next on the bot's; every moment cites its rule."""
    import random

    game = GuidedGame(seed=11)
    rng = random.Random(11)
    bot_moves = 0
    while not game.live.is_over:
        assert "base rules, " in game.happened.value and "base rules, " in game.rule_box.value
        if game.learners_move:
            legal = game.live.legal_actions()
            assert game.actions == legal and len(game.action_buttons) == len(legal)
            assert game.next_button.disabled
            assert "Your decision" in game.rule_box.value
            step = game.live.ruleset.steps[game.live.step]
            assert thurn.lessons.cite_rule(step.rule) in game.rule_box.value       # "base rules, 2 — Playing ..."
            rng.choice(game.action_buttons).click()
            assert game.events[-1]["player"] == "Ann" and not game.events[-1]["bot"]
            assert "Your move" in game.happened.value
        else:
            assert game.action_buttons == [] and not game.next_button.disabled
            before = len(game.events)
            game.next_button.click()                                  # one click: one action of the bot
            assert len(game.events) == before + 1
            event = game.events[-1]
            assert event["bot"] and event["player"] == "Bot"
            assert "Bot&#x27;s move" in game.happened.value
            for sentence in event["sentences"]:
                assert html_escape(sentence) in game.happened.value
            bot_moves += 1
        assert game.at_present and game.state == game.live
    assert bot_moves > 10
    assert game.state.is_over and game.next_button.disabled and game.action_buttons == []
    assert f"{game.live.winner()} wins" in game.rule_box.value
    assert "base rules, Game End and Scoring — The end of the game" in game.rule_box.value
    # every moment is the engine's: each event's action applied to the moment before gives the next
    for k, event in enumerate(game.events):
        assert game.states[k].apply(event["action"]) == game.states[k + 1]
    assert list(game.live.history) == [e["action"] for e in game.events]


def html_escape(text):
    import html
    return html.escape(text)


def test_nothing_happens_until_the_learner_clicks_and_back_next_replay_it():
    game = GuidedGame(seed=5)
    start = game.live
    assert game.events == [] and game.back_button.disabled
    assert "Postmaster must help" in game.happened.value        # the forced first step, from the engine's log
    game.do("draw deck")
    game.do(game.live.legal_actions()[0])
    while game.learners_move:
        game.do(game.live.legal_actions()[0])
    assert game.live.to_move_name == "Bot"
    n = len(game.events)
    assert game.turn_button.layout.display is None
    assert "Next: Bot's move" == game.next_button.description
    made = game.bot_turn()
    assert made and len(game.events) == n + len(made) and game.learners_move
    assert game.turn_button.layout.display == "none"
    shown = game.shown
    game.back()
    game.back()
    assert game.shown == shown - 2 and game.state == game.states[shown - 2]
    assert game.action_buttons == []                            # looking back: nothing to play
    with pytest.raises(NotYourMove, match="looking back"):
        game.do(game.live.legal_actions()[0])
    live = game.live
    game.next_button.click()
    game.next_button.click()
    assert game.at_present and game.live == live and game.action_buttons
    while game.shown:
        game.back()
    assert game.state == start and game.back_button.disabled


def test_an_illegal_move_is_explained_and_changes_nothing():
    game = GuidedGame(seed=5)
    before = (game.live, len(game.events))
    with pytest.raises(thurn.IllegalAction) as e:
        game.do("play ulm new")
    assert e.value.reason and (game.live, len(game.events)) == before
    with pytest.raises(ValueError):
        game.do("fly to rome")
    assert (game.live, len(game.events)) == before
    while game.learners_move:
        game.do(game.live.legal_actions()[-1])
    with pytest.raises(NotYourMove, match="Bot's turn"):
        game.do("draw deck")
    assert isinstance(NotYourMove("x"), ValueError)
    game.back()
    game.turn_button.click()                                    # from the past: a message, nothing played
    assert game.message.kind == "error" and "present" in game.message.text
    with pytest.raises(ValueError, match="different names"):
        GuidedGame(player="Bot")


def test_the_map_rings_the_cards_that_fit_and_draws_the_route():
    game = GuidedGame(seed=5)
    while True:
        s = game.live
        if game.learners_move and s.step == "play" and s.route():
            fitting = {a.city for a in s.legal_actions() if a.kind == "play" and a.end != "new"}
            names = [t.name for t in game.figure.data]
            if fitting:
                assert "candidates" in names
                ringed = next(t for t in game.figure.data if t.name == "candidates")
                assert len(ringed.x) == len(fitting)
                break
        if game.learners_move:
            game.do(s.legal_actions()[0] if s.step != "play" else
                    next((a for a in s.legal_actions() if a.kind == "play" and a.end != "new"), s.legal_actions()[0]))
        else:
            game.next()
        assert not game.live.is_over


def test_names_are_escaped_and_a_guided_game_does_not_leak():
    from thurn.widgets.common import live_widgets

    before = live_widgets()
    game = GuidedGame(player="<b>Ann</b>", bot_name="<i>Bot</i>", seed=2, bot="random")
    assert "<b>Ann</b>" not in game.header.value and "&lt;b&gt;Ann&lt;/b&gt;" in game.header.value
    first = None
    for _ in range(60):
        if game.live.is_over:
            break
        if game.learners_move:
            game.action_buttons[0].click()
        else:
            game.next()
        if first is None:
            first = live_widgets()
    assert live_widgets() - first < 120                          # the replaced buttons are closed
    game.close()
    assert live_widgets() == before


def test_the_stepper_opens_the_game_after_its_last_step():
    stepper = RulesStepper(start=len(load_lesson("base")) - 1)
    assert stepper.next_button.description == "Play a game"
    game = stepper.play()
    assert stepper.on_game_page and isinstance(game, GuidedGame) and game.player == "Ann"
    game.do("draw deck")
    stepper.back()
    assert not stepper.on_game_page and stepper.stop.step.id == "final_score"
    assert stepper.play() is game and len(game.events) == 1      # the game waits where the learner left it
    assert stepper.back_button.description == "Back to the rules"
    assert repr(stepper).startswith("<RulesStepper base: the game page, <GuidedGame Ann against Bot: 1 actions")
    stepper.close()


def test_the_expansions_stepper_deals_its_game_with_the_expansions():
    stepper = RulesStepper("expansions", start=len(load_lesson("expansions")) - 1)
    game = stepper.play()
    assert game.live.rules.expansions == ("messenger", "offices")
    assert "base rules, 1 — Drawing a city card" in game.rule_box.value      # base rules named from the base lesson
    stepper.close()


def test_the_map_follows_whoever_just_acted_and_the_stepper_closes_its_game():
    from thurn.widgets.common import live_widgets

    before = live_widgets()
    stepper = RulesStepper(start="final_score")
    game = stepper.play()
    while game.learners_move:
        game.do(game.live.legal_actions()[0])
    assert "Ann" in game.figure.layout.title.text
    made = game.bot_turn()                               # the bot's whole turn, then Ann's decision: her route
    assert made and game.learners_move
    assert "Ann's route" in game.figure.layout.title.text or "route · Ann" in [t.name for t in game.figure.data]
    game.back()                                          # looking at the bot's last action: its route
    assert game.events[game.shown - 1]["player"] == "Bot"
    assert "Bot's route" in game.figure.layout.title.text or "route · Bot" in [t.name for t in game.figure.data]
    stepper.back()                                       # the game leaves the page, and stays alive
    assert stepper.play() is game
    stepper.back()
    stepper.close()
    assert live_widgets() == before
