"""SoloPlay's lesson (data/solo_lessons.json): every verdict is the engine's, recomputed here from ``why_illegal``,
``legal_actions``, ``apply`` and the ``solo`` state (never from thurn.lessons or the question kinds); the manual's
numbers come out as the manual says (the tiles sorted, the coach sets, the remaining-houses table, the ratings). Also
the quiz verdicts of notebook 09 (its quizzes are the lesson's questions, shown unanswered there)."""
from __future__ import annotations

import json
import re

import pytest

import thurn
from thurn.expansions.solo import rules as solo
from thurn.lessons import LessonError, available_lessons, lesson_from_dict, lesson_path, load_lesson, outcome_question
from thurn.piles import pile

from tests.support.paths import NOTEBOOKS

LESSON = load_lesson("solo")
RAW = json.loads(lesson_path("solo").read_text(encoding="utf-8"))
STOPS = LESSON.stops()


def stop(step_id):
    return STOPS[LESSON.index(step_id)]


def completions(s):
    return [a for a in s.legal_actions() if a.kind == "score"]


def coach_of(s, a):
    """The coach card a legal completion takes: the one it names, else the one of the route's exact length (4.4d)."""
    return a.coach if a.coach is not None else len(s.players[s.to_move].route)


def truth(s, spec, choice):
    """The engine's answer for one choice, computed without thurn.lessons."""
    kind = spec["kind"]
    if kind == "action":
        return s.why_illegal(s.ruleset.parse(thurn.lessons.fill(choice, s))) is None
    if kind == "extend":
        return any(s.why_illegal(thurn.Play(choice, end)) is None for end in ("left", "right"))
    after = s.apply(spec["action"]) if "action" in spec else s
    seat = s.to_move
    p, q = s.players[seat], after.players[seat]
    about = spec["about"]
    if about == "rating":
        return choice == after.result()["rating"]
    if about == "colours":
        return choice in ({a.colour for a in completions(after)} or {"none"})
    if about == "planner":
        return choice in (set(solo.solo(after).planner) or {"none"})
    if about == "coach":
        got = ({str(c) for c in q.carriages[len(p.carriages):]} if after is not s
               else {str(coach_of(s, a)) for a in completions(s)})
        return choice in (got or {"none"})
    if about == "coach_points":
        return int(choice) == solo.coach_points(q.carriages)
    if about == "penalty":
        return int(choice) == -(len(pile(after, "penalty")) // 2)
    if about == "houses_points":
        return int(choice) == solo.houses_left_score(after.rules, q)
    if about == "tiles":
        b = s.board
        return choice in ({b.stacks[si].id for si, _ in q.tiles[len(p.tiles):]} or {"none"})
    if about == "tiles_taken":             # all the tiles taken, as one answer (stack ids joined by "+")
        b = s.board
        got = "+".join(sorted({b.stacks[si].id for si, _ in q.tiles[len(p.tiles):]})) or "none"
        return "+".join(sorted(b.stack(x).id for x in choice.split("+"))) == got if choice != "none" else got == "none"
    if about == "stack_top":
        return choice == str(after.stacks_left()[spec["stack"]][0])
    raise AssertionError(about)


@pytest.mark.parametrize("st", STOPS, ids=[s.step.id for s in STOPS])
def test_each_verdict_is_the_engines(st):
    spec = st.step.question
    q = st.question
    assert q.answers and len(q.answers) < len(q.choices)          # a real question
    choices = spec.get("choices") or list(dict.fromkeys(st.state.hand()))
    assert len(choices) == len(q.verdicts)
    for choice, verdict in zip(choices, q.verdicts):
        assert verdict.right == truth(st.state, spec, choice), verdict.choice
        assert verdict.why
        if spec["kind"] == "action" and not verdict.right:
            assert verdict.why == str(st.state.why_illegal(st.state.ruleset.parse(choice)))


@pytest.mark.parametrize("st", STOPS, ids=[s.step.id for s in STOPS])
def test_every_step_is_a_solo_position_that_loads_again(st):
    s = st.state
    assert s.board.id == "base" and s.rules.expansions == ("solo",) and s.num_players == 1
    assert thurn.GameState.from_position(s.position()).same_position(s)
    assert st.rule.startswith("SoloPlay, ") and "(SoloPlay, " in st.text      # the manual's own words, cited
    assert not re.search(r"\{[a-z_]+(\[\d+\])?\}", st.text)                    # every name filled in


def test_the_lesson_teaches_every_section_the_engine_cites():
    assert "solo" in available_lessons()
    assert RAW["cite"] == "SoloPlay" and RAW["rules"] == {"expansions": ["solo"]}
    assert 10 <= len(LESSON) <= 14
    cited = [v for k, v in vars(solo).items() if k.startswith("R_")]
    assert len(cited) >= 12
    for rule in cited:
        section = LESSON.section_of(rule)
        assert section is not None, rule
        assert section.id in {x for step in LESSON.steps for x in step.sections}
    assert LESSON.cite_rule(solo.R_COACH) == "SoloPlay, 4.4d — Take coach card"
    assert "/work/shared" not in lesson_path("solo").read_text(encoding="utf-8")


def test_the_goal_and_the_ratings():
    """SoloPlay, 1: 48–53 minor, 54–59 major, 60 and more complete; the end position scores 46."""
    st = stop("goal")
    after = st.state.apply("score basel+zurich colour=green")
    assert after.is_over and solo.solo(after).ended == "houses"
    record = thurn.effects.score_record(after, 0)
    assert record == {"tiles": 19, "coach_sets": 12, "houses_left": 15, "discard_penalty": 0, "total": 46}
    assert st.question.answers == ("No victory (below 48)",)
    assert [r for _, r in solo.components().ratings] == ["complete victory", "major victory", "minor victory"]
    assert "46 points, no victory" in st.question.verdicts[0].why


def test_the_setup_houses_and_sorted_tiles():
    """SoloPlay, 3: 8 houses of each colour at normal difficulty, 19 to place of each; the tiles sorted and cut."""
    s = stop("setup").state
    assert [left for _, _, left in s.players[0].colours] == [11, 11, 11, 11]
    assert stop("setup").question.answers == ("3",)
    left = s.stacks_left()
    assert left["baiern"] == [3, 4, 5] and left["route_7"] == [4, 3, 2] and left["all_provinces"] == [4, 5, 6]


def test_one_official_every_turn():
    """SoloPlay, 4.1: the turn begins with choosing its one official among those who can help (the default
    reading); nothing else first. His help comes later in the turn, and no other official may be called then."""
    st = stop("one_official")
    q = st.question
    assert [v.right for v in q.verdicts] == [False, True, True, False]
    assert "must choose the turn's one official" in q.verdicts[0].why
    assert st.state.step == "solo_official" and st.state.rules.option("official") == "first"
    after = st.state.apply("call postal_carrier")
    assert after.step == "draw" and after.position()["turn"]["plays_allowed"] == 2
    err = after.why_illegal(thurn.CallOfficial("cartwright"))
    assert err is not None and err.reason == "official_chosen_first"
    assert "chosen as its first step" in RAW["summaries"]["4.1"]


def test_colours_and_the_series():
    """SoloPlay, 4.4a and 4.5: a route is completed in a colour on the Route Planner; after the fourth, all four
    are back."""
    assert stop("colour").question.answers == ("Green", "Yellow")
    assert "You built a blue route in this series already" in stop("colour").question.verdicts[0].why
    assert stop("series").question.answers == ("Blue", "Green", "Red", "Yellow")


def test_coach_cards_exact_length_the_cartwright_and_sets():
    """SoloPlay, 4.4d and 5: the exact length; the Cartwright one or two longer; the manual's example scores 19."""
    assert stop("coach_exact").question.answers == ("Coach card 5",)
    cw = stop("cartwright").question
    assert cw.answers == ("Coach card 4", "Coach card 5", "Coach card 6")
    assert "take coach 4 or 5 or 6" in cw.verdicts[0].why
    s = stop("cartwright").state
    assert s.position()["turn"]["officials"] == ["cartwright"]
    without = thurn.GameState.from_position({**s.position(), "turn": {**s.position()["turn"], "officials": []}})
    err = without.why_illegal(without.ruleset.parse("score ulm+augsburg cartwright colour=blue coach=5"))
    assert err is not None and err.reason == "cartwright_not_chosen"
    assert stop("coach_sets").question.answers == ("12 points",)
    assert solo.coach_points([3, 3, 3, 4, 4, 5, 5, 6, 6, 6, 7]) == 19          # the manual's example
    assert solo.coach_sets([3, 3, 3, 4, 4, 5, 5, 6, 6, 6, 7]) == (7, 6, 3)


def test_discard_pile_1_and_its_penalty():
    """SoloPlay, 4.3 and 6: a route given up goes to pile 1; one point lost per 2 cards."""
    st = stop("discard_piles")
    after = st.state.apply("play basel new")
    assert len(pile(after, "penalty")) == 5 and st.question.answers == ("−2 points",)


def test_the_bonus_scoring_tile():
    """SoloPlay, 4.4c: a tile of each province takes the 1-point tile, put on a province stack with a tile left. The
    quiz has one right answer (issue 33: it marked two, "Böhmen/Salzburg" and "Game end")."""
    q = stop("bonus_tile").question
    assert q.answers == ("The Böhmen/Salzburg tile and the 1-point tile",)
    assert [v.right for v in q.verdicts] == [False, True, False]
    assert "takes the 1-point tile" in q.verdicts[0].why
    st = stop("bonus_stack")
    assert st.state.step == solo.BONUS and st.question.answers == ("On the Baiern stack",)
    after = st.state.apply("bonus baiern")
    assert solo.solo(after).marker == st.state.board.stack("baiern").index


def test_the_1_point_tile_on_its_stack_still_scores_and_the_table_says_where_it_lies():
    """SoloPlay, 6, Final Scoring 1: "Sum all collected bonus tiles (distance, region, game end)": the 1-point tile
    put on a province stack (4.4c) stays the player's and scores its point; the players' tables list it where it
    lies (issue 33: they listed it as a plain tile of hers after the log had put it on the Baiern stack)."""
    from thurn.parts import tiles_text
    from thurn.widgets import Play

    st = stop("bonus_stack")
    after = st.state.apply("bonus baiern")
    b = after.board
    ge = solo.game_end_stack(b)
    tiles = after.players[0].tiles
    assert (ge, 1) in tiles and after.score_records()[0]["tiles"] == sum(v for _, v in tiles)
    top = st.state.stacks_left()["baiern"][0]
    assert after.score_records()[0]["tiles"] == st.state.score_records()[0]["tiles"] + top    # the 1-point tile kept
    said = "1-point tile 1 (on the Baiern stack)"
    assert said in tiles_text(after, 0) and "Game end" not in tiles_text(after, 0)
    assert said in after._repr_html_()
    assert "1-point tile 1 (its province stack to choose)" in tiles_text(st.state, 0)
    app = Play(state=after, autosave=False)
    try:
        assert said in app._table.value
    finally:
        app.close()


def test_the_hand_management_bonus():
    st = stop("hand_bonus")
    assert st.state.step == solo.BOTTOM and not st.state.players[0].hand
    assert [v.right for v in st.question.verdicts] == [True, False, True, False]


def test_the_end_and_the_remaining_houses():
    """SoloPlay, 6: the last red house ends the game; 7 houses left score 2; the hand goes to pile 1."""
    st = stop("end")
    after = st.state.apply("score augsburg colour=red")
    assert after.is_over and after.players[0].houses_left == 7 and not after.players[0].hand
    assert len(pile(after, "penalty")) == 2 and st.question.answers == ("2 points",)
    assert [solo.houses_left_points(n) for n in (2, 3, 4, 5, 6, 7, 8, 9, 10, 12)] == [15, 15, 10, 7, 5, 2, 0, 0, -2, -4]


def test_an_option_changes_the_engines_answer():
    """The lesson's rules may name SoloPlay's options: with houses_left=per_colour each colour's houses left are
    scored on their own (fewer than 3 as 3)."""
    data = json.loads(json.dumps(RAW))
    data["rules"] = {"expansions": ["solo"], "options": {"houses_left": "per_colour"}}
    data["steps"] = [s for s in data["steps"] if s["id"] == "end"]
    for key in ("sections", "names", "summaries"):
        data[key] = {"6": data[key]["6"]}
    data["steps"][0]["question"]["choices"] = ["2", "60"]
    lesson = lesson_from_dict(data, "per colour")
    assert lesson.stops()[0].question.answers == ("60 points",)


@pytest.mark.parametrize("about", ["rating", "colours", "planner", "coach", "coach_points", "penalty",
                                   "houses_points"])
def test_a_solo_question_without_soloplay_says_so(about):
    s = thurn.new_game(["Ann", "Ben"], seed=1)
    with pytest.raises(thurn.IllegalAction, match="SoloPlay"):
        outcome_question(s, about, ["none"])


def test_a_lesson_with_answers_is_refused():
    data = json.loads(json.dumps(RAW))
    data["steps"][0]["question"]["answer"] = "no victory"
    with pytest.raises(LessonError, match="never states its answers"):
        lesson_from_dict(data, "test")


def test_the_stepper_walks_the_lesson_and_then_plays_a_game_alone():
    pytest.importorskip("ipywidgets")
    pytest.importorskip("anywidget")
    from thurn.widgets import RulesStepper
    stepper = RulesStepper("solo")
    try:
        for k, st in enumerate(STOPS):
            stepper.go(k)
            assert stepper.quiz.answers == st.question.answers and not stepper.quiz.answered
            header = stepper.header.value
            assert f"Step {k + 1} of {len(STOPS)}" in header
        assert stepper.answer(STOPS[-1].question.answers[0]).right
        game = stepper.play()
        assert game.alone and game.live.names == ("Ann",) and game.live.rules.expansions == ("solo",)
        assert "Ann alone" in game.header.value and game.learners_move
        game.do(game.actions[0])
        assert game.learners_move and game.next() is None           # no bot: the learner decides every move
    finally:
        stepper.close()


def test_notebook_09_asks_the_lessons_questions_and_answers_none():
    """notebooks/09_soloplay: the map first, then the stepper, then the lesson's questions as quizzes (their verdicts
    are the ones checked above); its code answers none of them."""
    text = (NOTEBOOKS / "09_soloplay.py").read_text(encoding="utf-8")
    asked = re.findall(r'Quiz\(STEP\["(\w+)"\]\.question\)', text)
    assert len(asked) >= 9 and set(asked) <= {s.id for s in LESSON.steps}
    assert text.index("board_figure(game") < text.index('RulesStepper("solo")') < text.index("Quiz(")
    code = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    assert not [line for line in code if ".answer(" in line]
