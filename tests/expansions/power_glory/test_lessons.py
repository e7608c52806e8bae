"""The Power and Glory lesson (data/power_glory_lessons.json): every verdict is the engine's, recomputed here from
``why_illegal``, ``apply`` and ``power_glory.horses``; the rules' example (Halle, Berlin, Hannover, Hamburg, Bremen,
Münster with 7 horses) comes out as the rule book says. Also the quiz verdicts of notebook 07 (its quizzes are the
lesson's questions, shown unanswered there)."""
from __future__ import annotations

import json

import pytest

import thurn
from thurn.expansions.power_glory import rules as pg
from thurn.lessons import (LessonError, available_lessons, lesson_from_dict, lesson_path, load_lesson,
                           outcome_question)

LESSON = load_lesson("power_glory")
RAW = json.loads(lesson_path("power_glory").read_text(encoding="utf-8"))
STOPS = LESSON.stops()


def stop(step_id):
    return STOPS[LESSON.index(step_id)]


def truth(s, spec, choice):
    """The engine's answer for one choice, computed without thurn.lessons."""
    if spec["kind"] == "action":
        return s.why_illegal(s.ruleset.parse(choice)) is None
    after = s.apply(spec["action"]) if "action" in spec else s
    seat = s.to_move
    if spec["about"] == "horses":
        return choice == str(pg.horses(after, seat))
    if spec["about"] == "tiles":
        got = {stack for stack, _ in after.player(seat).tiles} - {stack for stack, _ in s.player(seat).tiles}
        return choice in (got or {"none"})
    if spec["about"] == "next":
        return choice == ("over" if after.is_over else after.to_move_name)
    raise AssertionError(spec["about"])


@pytest.mark.parametrize("st", STOPS, ids=[s.step.id for s in STOPS])
def test_each_verdict_is_the_engines(st):
    spec = st.step.question
    assert st.question.answers and len(st.question.answers) < len(st.question.choices)   # a real question
    for choice, verdict in zip(spec["choices"], st.question.verdicts):
        assert verdict.right == truth(st.state, spec, choice), verdict.choice
        if spec["kind"] == "action" and not verdict.right:
            assert verdict.why == str(st.state.why_illegal(st.state.ruleset.parse(choice)))


@pytest.mark.parametrize("st", STOPS, ids=[s.step.id for s in STOPS])
def test_every_step_is_a_legal_position_on_the_northern_board_with_power_and_glory(st):
    s = st.state
    assert s.board.id == "northern" and "power_glory" in s.rules.expansions
    assert thurn.GameState.from_position(s.position()).same_position(s)
    assert st.rule == " and ".join(st.step.sections) and st.rule.startswith("Power and Glory, ")
    assert "(Power and Glory, " in st.text                      # the rule's own words, cited


def test_the_lesson_covers_every_part_of_the_section_and_stands_alone():
    assert "power_glory" in available_lessons()
    assert RAW["cite"] == "" and RAW["rules"] == {"board": "northern", "expansions": ["power_glory"]}
    assert set(LESSON.covers) == {f"Power and Glory, {s}" for s in (
        "Preparation", "Play a city card from the hand", "Closing and scoring a route", "Placing houses",
        "Collect bonus tiles", "Discard city cards", "Game end")}
    text = lesson_path("power_glory").read_text(encoding="utf-8")
    assert "/work/shared" not in text and "reconstructed" in stop("northern_board").text
    # the engine's citations name the lesson's sections
    assert LESSON.section_of(pg.R_PLAY).id == pg.R_PLAY and LESSON.section_of(pg.R_SCORE).id == pg.R_SCORE


def test_the_carriage_card_brings_2_horses():
    """Power and Glory, Closing and scoring a route: "the carriage itself comes with 2 horses" (and a card may go
    horse side up before the route has a card: docs/design.md, "Power and Glory", reading 1)."""
    st = stop("northern_board")
    assert pg.horses(st.state) == 2 and not st.state.player().route
    assert st.question.answers == ("5 horses",)


def test_a_card_goes_to_the_route_or_horse_side_up():
    """Power and Glory, Play a city card from the hand: "either ... to add a city to his route ... or ... horse side
    up ... to add to the number of horses"; any card may go horse side up, only a fitting one to the route."""
    assert stop("horse_side_up").question.answers == ("5 horses",)            # 2 + Hamburg's 3 horseshoes
    q = stop("route_or_horses").question
    assert q.answers == ("Hamburg to the route, after Hannover", "Kassel horse side up")
    assert "no road" in q.verdicts[1].why


def test_at_most_6_horse_cards():
    """Power and Glory, Play a city card from the hand: "a maximum of 6 cards as horses before his carriage"."""
    st = stop("six_horse_cards")
    assert len(pg.horse_cards(st.state)) == pg.MAX_HORSE_CARDS
    assert st.question.answers == ("Lübeck to the route, after Hamburg",)
    assert "6 cards as horses" in st.question.verdicts[0].why


def test_with_the_postal_carrier_the_second_card_may_go_to_the_horses():
    """Power and Glory, Play a city card from the hand, Note: with the postal carrier "he may choose with each card
    whether to add a city to his route or add horses to his carriage"."""
    st = stop("postal_carrier")
    assert st.state.plays_allowed == 2 and st.state.step == "play"
    assert st.question.answers == ("Kassel horse side up",)


def test_too_few_horses_and_no_score():
    """Power and Glory, Closing and scoring a route: "at least as many horses ... as there are city cards"."""
    st = stop("too_few_horses")
    assert pg.horses(st.state) == 3 < len(st.state.player().route) == 4
    assert st.question.answers == ("No: she ends her turn and keeps building",)
    assert "too_few_horses" == st.state.why_illegal(st.state.ruleset.parse("score halle+berlin")).reason


def test_one_house_on_one_free_city_and_its_tile():
    """Power and Glory, Placing houses: "he may place a house on only one of the free cities"; Collect bonus tiles:
    "The player who places the first house on one of the free cities immediately takes the bonus tile"."""
    assert stop("one_free_city").question.answers == ("Hannover and Bremen",)
    assert stop("free_city_tile").question.answers == ("Hamburg",)


def test_preussen_needs_both_parts_and_all_provinces_no_free_city():
    """Power and Glory, Collect bonus tiles: the Preußen tile needs "every city in both parts"; "all provinces" needs
    "at least one house in every province. He need not have houses on any of the free cities"."""
    assert stop("preussen_tile").question.answers == ("No tile",)            # Cölln, in the west, is missing
    assert stop("all_provinces").question.answers == ("All provinces",)


def test_the_rules_example():
    """Power and Glory, Discard city cards, Example: 6 cities, 7 horses: he may score; the route-6 tile; his best
    choices are Halle, Berlin and Münster, or one of them, Hannover and Hamburg or Bremen; never both free cities;
    afterwards the city and horse cards are discarded, the carriage kept."""
    st = stop("example_placements")
    assert pg.horses(st.state) == 7 and [c.split(" (")[0] for c in st.state.player().route] == [
        "Halle", "Berlin", "Hannover", "Hamburg", "Bremen", "Münster"]
    assert st.question.answers == ("Halle, Berlin and Münster", "Berlin, Hannover and Bremen")
    assert set(stop("example_tiles").question.answers) == {"Route of 6", "Hamburg"}
    assert stop("example_discard").question.answers == ("2 horses",)
    assert stop("example_tiles").state.same_position(st.state)             # the same position, continued


def test_the_end_comes_with_the_last_house_and_the_round_is_played_out():
    """Power and Glory, Game end: "When a player has played all his houses, the round is played to the end"."""
    assert stop("last_house").question.answers == ("Ben plays his turn",)


def test_the_stepper_counts_its_steps_one_way():
    pytest.importorskip("ipywidgets")
    pytest.importorskip("anywidget")
    from tests.notebooks.test_stepper_count import test_the_header_and_the_navigation_count_the_same_steps as counted
    counted("power_glory")


def test_a_horses_question_without_power_and_glory_says_so():
    s = thurn.new_game(["Ann", "Ben"], seed=1, rules={"board": "northern"})
    with pytest.raises(thurn.IllegalAction, match="Power and Glory"):
        outcome_question(s, "horses", ["2"])


def test_a_lesson_with_answers_is_refused():
    data = json.loads(json.dumps(RAW))
    data["steps"][0]["question"]["answer"] = "2"
    with pytest.raises(LessonError, match="never states its answers"):
        lesson_from_dict(data, "test")


def test_the_stepper_walks_the_lesson_and_then_plays_a_game_on_the_northern_board():
    pytest.importorskip("ipywidgets")
    pytest.importorskip("anywidget")
    from thurn.widgets import RulesStepper
    stepper = RulesStepper("power_glory")
    try:
        for k, st in enumerate(STOPS):
            stepper.go(k)
            assert stepper.quiz.answers == st.question.answers and not stepper.quiz.answered
        assert stepper.answer(STOPS[-1].question.answers[0]).right
        game = stepper.play()
        assert game.live.board.id == "northern" and "power_glory" in game.live.rules.expansions
    finally:
        stepper.close()
