"""The Audience's lesson (data/audience_lessons.json): every verdict is the engine's, recomputed here from
``why_illegal``, ``apply`` and the ``audience`` state (never from thurn.lessons or the question kinds); the rules'
examples (the Baiern carriage in Andechs, the arrival that sends two Kardinäle and a Ministrant to the box) come out
as the rule book says. Also the quiz verdicts of notebook 08 (its quizzes are the lesson's questions, shown
unanswered there)."""
from __future__ import annotations

import json

import pytest

import thurn
from thurn.expansions.audience import rules as au
from thurn.lessons import (LessonError, available_lessons, lesson_from_dict, lesson_path, load_lesson,
                           outcome_question)

LESSON = load_lesson("audience")
RAW = json.loads(lesson_path("audience").read_text(encoding="utf-8"))
STOPS = LESSON.stops()


def stop(step_id):
    return STOPS[LESSON.index(step_id)]


def moved(before, after):
    """The carriage moves between two positions, as ``carriage:city`` ids."""
    S = au.strip(before.board)
    a, b = au.audience(before).at, au.audience(after).at
    return {f"{S.carriages[c]}:{S.map.cities[b[c]].id}" for c in range(5) if a[c] != b[c]}


def owed(before, after, seat):
    """The carriages the scoring makes the player move, from the positions alone: each card of the route whose city
    got no new house; Lodz or a carriage in Rome: "any" (The Audience, Moving the carriages)."""
    S = au.strip(before.board)
    b = before.board
    p, q = before.players[seat], after.players[seat]
    new = q.houses & ~p.houses
    out = set()
    for card in p.route:
        city = b.city_of[card]
        if new >> city & 1:
            continue
        group = b.province_of_city(b.city_name(city))
        group = getattr(group, "bonus_group", None)
        c = S.carriages.index(group) if group in S.carriages else None
        out.add("any" if c is None or au.audience(before).at[c] == S.rome else S.carriages[c])
    return out or {"none"}


def truth(s, spec, choice):
    """The engine's answer for one choice, computed without thurn.lessons."""
    if spec["kind"] == "action":
        return s.why_illegal(s.ruleset.parse(choice)) is None
    after = s.apply(spec["action"]) if "action" in spec else s
    seat = s.to_move
    about = spec["about"]
    if about == "carriages":
        return choice in owed(s, after, seat)
    if about == "moves":
        return choice in (moved(s, after) or {"none"})
    if about == "boxed":
        C = au.clergy()
        got = {f"{s.names[x]}:{C.name(r)}" for x, r in au.audience(after).box[len(au.audience(s).box):]}
        return choice in (got or {"none"})
    if about == "clergymen":
        return choice == str(after.score_records()[seat]["clergymen"])
    if about == "next":
        return choice == ("over" if after.is_over else after.to_move_name)
    if about == "winner":
        return choice == after.winner()
    raise AssertionError(about)


@pytest.mark.parametrize("st", STOPS, ids=[s.step.id for s in STOPS])
def test_each_verdict_is_the_engines(st):
    spec = st.step.question
    assert st.question.answers and len(st.question.answers) < len(st.question.choices)   # a real question
    for choice, verdict in zip(spec["choices"], st.question.verdicts):
        assert verdict.right == truth(st.state, spec, choice), verdict.choice
        if spec["kind"] == "action" and not verdict.right:
            assert verdict.why == str(st.state.why_illegal(st.state.ruleset.parse(choice)))


@pytest.mark.parametrize("st", STOPS, ids=[s.step.id for s in STOPS])
def test_every_step_is_a_legal_position_on_the_base_board_with_the_audience(st):
    s = st.state
    assert s.board.id == "base" and s.rules.expansions == ("audience",)
    assert thurn.GameState.from_position(s.position()).same_position(s)
    assert st.rule == " and ".join(st.step.sections) and st.rule.startswith("The Audience, ")
    assert "(The Audience, " in st.text                         # the rule's own words, cited


def test_the_lesson_covers_every_part_of_the_section_and_stands_alone():
    assert "audience" in available_lessons()
    assert RAW["cite"] == "" and RAW["rules"] == {"expansions": ["audience"]}
    assert set(LESSON.covers) == {au.R_PREP, au.R_MOVE, au.R_ROME, au.R_END}
    assert 10 <= len(LESSON) <= 14
    text = lesson_path("audience").read_text(encoding="utf-8")
    assert "/work/shared" not in text and "reconstructed" in stop("seal").text and "inferred" in stop("seal").text
    # the engine's citations name the lesson's sections
    for rule in (au.R_PREP, au.R_MOVE, au.R_ROME, au.R_END):
        assert LESSON.section_of(rule).id == rule


def test_sealing_each_clergyman_once_and_first():
    """The Audience, Preparation: "one of his audience tiles to each carriage", every player, the start player
    first; nothing else may happen before."""
    st = stop("seal")
    assert st.state.step == au.SEAL and st.question.answers == (st.question.choices[0],)
    assert st.state.why_illegal(st.state.ruleset.parse("seal 5 5 3 2 1")).reason == "seal_each_once"
    assert st.state.why_illegal(st.state.ruleset.parse("carriage baden luzern")).reason == "seal_first"
    assert stop("seal_in_turn").question.answers == ("Cat: he seals his clergymen",)


def test_the_rules_example_one_card_without_a_house():
    """The Audience, Moving the carriages, Example: "Anna did not use the München city card for placing a house,
    therefore she must move the Baiern carriage ... between moving the carriage to Ettal or Trient"; "If Anna had
    placed houses in München and Augsburg, she would have had to move the green ... and the red ... carriages"."""
    assert stop("card_without_house").question.answers == ("The Baiern carriage",)
    assert stop("andechs").question.answers == ("The Baiern carriage to Ettal", "The Baiern carriage to Trient")
    assert "north" in stop("andechs").question.verdicts[2].why
    assert stop("two_carriages").question.answers == ("The Württemberg/Hohenzollern carriage",
                                                      "The Böhmen/Salzburg carriage")


def test_the_order_is_free_and_a_single_road_is_taken_for_the_player():
    """The Audience, Moving the carriages: "he may choose the order (card for card) at will"; the moves are
    compulsory, so a carriage with one road south (and nothing else owed) moves without a decision."""
    assert len(stop("order_at_will").question.answers) == 2
    st = stop("one_road")
    after = st.state.apply("carriage bohmen_salzburg villach")
    assert after.step != au.MOVE and not au.audience(after).owed
    assert set(st.question.answers) == {"Böhmen/Salzburg: Hallstadt → Villach",
                                        "Württemberg/Hohenzollern: Tuttlingen → Schaffhausen"}


def test_lodz_and_a_carriage_in_rome_are_jokers():
    """The Audience, Moving the carriages: "a city card for that carriage is considered as a joker ... The same
    applies when Lodz (Poland) triggers movement"."""
    assert stop("lodz").question.answers == ("Another carriage, any not in Rome (a free step)",)
    assert stop("free_step").question.answers == ("The Baden carriage to Mailand", "The Baiern carriage to Ettal")
    assert "in Rome already" in stop("free_step").question.verdicts[2].why
    q = stop("rome_joker").question
    assert q.answers == ("Another carriage, any not in Rome (a free step)",)
    assert "is in Rome already" in q.verdicts[0].why


def test_the_rules_example_of_an_arrival():
    """The Audience, A carriage arrives in Rome, Example: 2 cardinals (blue, green), a bishop (red), a ministrant
    (yellow); the Baiern carriage brings 2 ministrants (green, red), a priest (blue), a cardinal (yellow): "The
    following clergyman leave the audience: the 2 cardinals (blue and green) and the ministrant (yellow)"."""
    st = stop("arrival")
    assert set(st.question.answers) == {"Ann's Kardinal", "Ben's Kardinal", "Dan's Ministrant"}
    after = st.state.apply("score innsbruck+salzburg")
    assert st.state.to_move_name == "Ben"
    A = au.audience(after)
    C = au.clergy()
    on = {C.name(r): sorted(after.names[x] for x in A.spaces[k]) for k, r in enumerate(C.ranks)}
    assert on == {"Kardinal": ["Dan"], "Bischof": ["Cat"], "Abt": [], "Priester": ["Ann"],
                  "Ministrant": ["Ben", "Cat"]}


def test_the_final_points_and_the_winner():
    """The Audience, Game end: "For each audience tile in an audience space at game end, the player adds the point
    value on the tile to his victory points"; the last arrival turns the game."""
    st = stop("final_points")
    assert st.question.answers == ("4 points",)
    before = {r["player"]: r["total"] for r in st.state.score_records()}
    after = st.state.apply("score passau+budweis")
    assert after.is_over and max(before, key=before.get) == "Cat" and after.winner() == "Ann"
    assert stop("winner").question.answers == ("Ann",)


def test_the_stepper_counts_its_steps_one_way():
    pytest.importorskip("ipywidgets")
    pytest.importorskip("anywidget")
    from tests.notebooks.test_stepper_count import test_the_header_and_the_navigation_count_the_same_steps as counted
    counted("audience")


@pytest.mark.parametrize("about", ["carriages", "moves", "boxed", "clergymen"])
def test_a_question_of_the_audience_without_it_says_so(about):
    s = thurn.new_game(["Ann", "Ben"], seed=1)
    with pytest.raises(thurn.IllegalAction, match="The Audience"):
        outcome_question(s, about, ["none"])


def test_a_lesson_with_answers_is_refused():
    data = json.loads(json.dumps(RAW))
    data["steps"][2]["question"]["answer"] = "baiern"
    with pytest.raises(LessonError, match="never states its answers"):
        lesson_from_dict(data, "test")


def test_the_stepper_walks_the_lesson_and_then_plays_a_game_with_the_audience():
    pytest.importorskip("ipywidgets")
    pytest.importorskip("anywidget")
    from thurn.widgets import RulesStepper
    stepper = RulesStepper("audience")
    try:
        for k, st in enumerate(STOPS):
            stepper.go(k)
            assert stepper.quiz.answers == st.question.answers and not stepper.quiz.answered
        assert stepper.answer(STOPS[-1].question.answers[0]).right
        game = stepper.play()
        assert "audience" in game.live.rules.expansions
    finally:
        stepper.close()
