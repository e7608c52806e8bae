"""The expansions' lesson (data/expansions_lessons.json): every verdict is the engine's, recomputed here from
``why_illegal``, ``apply`` and the expansions' own readings; the rule book's examples come out as the rule book says.
Also the quiz verdicts of notebook 06 (its quizzes are the lesson's questions, shown unanswered there)."""
from __future__ import annotations

import json

import pytest

import thurn
from thurn.expansions.messenger import rules as messenger
from thurn.expansions.offices import rules as offices
from thurn.lessons import lesson_from_dict, lesson_path, load_lesson, LessonError
from thurn.widgets import RulesStepper

LESSON = load_lesson("expansions")
RAW = json.loads(lesson_path("expansions").read_text(encoding="utf-8"))
STOPS = LESSON.stops()


def stop(step_id):
    return STOPS[LESSON.index(step_id)]


def truth(s, spec, choice):
    """The engine's answer for one choice, computed without thurn.lessons."""
    if spec["kind"] == "action":
        action = s.ruleset.parse(thurn.lessons.fill(choice, s))
        return s.why_illegal(action) is None
    after = s.apply(spec["action"]) if "action" in spec else s
    seat = s.to_move
    if spec["about"] == "letters":
        return choice == str(messenger.letters(after).held[seat])
    if spec["about"] == "letters_in_game":
        L = messenger.letters(after)
        return choice == str(bin(L.cities).count("1") + sum(L.held))
    if spec["about"] == "messenger":
        h = messenger.letters(after).holder
        return choice == (after.names[h] if h >= 0 else "none")
    if spec["about"] == "next":
        return choice == ("over" if after.is_over else after.to_move_name)
    raise AssertionError(spec["about"])


@pytest.mark.parametrize("st", STOPS, ids=[s.step.id for s in STOPS])
def test_each_verdict_is_the_engines(st):
    spec = st.step.question
    assert st.question.answers
    for choice, verdict in zip(spec["choices"], st.question.verdicts):
        assert verdict.right == truth(st.state, spec, choice), verdict.choice
        if spec["kind"] == "action" and not verdict.right:
            assert verdict.why == str(st.state.why_illegal(st.state.ruleset.parse(choice)))


@pytest.mark.parametrize("st", STOPS, ids=[s.step.id for s in STOPS])
def test_every_step_is_a_legal_engine_state_with_both_expansions_or_one(st):
    s = st.state
    assert set(s.rules.expansions) & {"messenger", "offices"}
    again = thurn.GameState.from_position(s.position())
    assert again.same_position(s)
    assert st.rule == " and ".join(st.step.sections)           # the sections cite themselves
    assert f"({st.step.sections[0].split(',')[0]}" in st.text or "(Offices of Honor" in st.text or \
        "Uwe" in st.text or "Ann" in st.text


def test_the_lesson_is_cited_as_the_rule_books_and_covers_both_expansions():
    assert RAW["cite"] == "" and RAW["rules"] == {"expansions": ["messenger", "offices"]}
    assert {s.split(",")[0] for s in LESSON.covers} == {"Messenger", "Offices"}
    assert "expansions" in thurn.lessons.available_lessons()
    assert "/work/shared" not in lesson_path("expansions").read_text(encoding="utf-8")


def test_uwes_turn_as_the_rule_book_tells_it():
    """Messenger, The Nobility Letters, Example: the Administrator after drawing is free, the Postmaster costs
    two letters, the Postal Carrier two more."""
    q = stop("administrator_after_drawing").question
    assert q.answers == ("Call the Administrator", "Call the Postmaster")
    assert "Innsbruck" in q.verdicts[0].why
    paid = stop("paid_official")
    assert "Innsbruck" in paid.state.display_cards
    assert q.verdicts[1].right and "Postmaster" in paid.question.answers[0]
    assert "pays 2 letters for the Postmaster (2 letters left)" in paid.question.verdicts[0].why
    assert "each official helps at most once" in paid.question.verdicts[1].why
    carrier = stop("postal_carrier_paid")
    assert carrier.question.answers == ("0 letters",)
    assert messenger.letters(carrier.state).held[0] == 2 and messenger.letters(carrier.state).spent == 2
    assert str(carrier.state.route("Uwe")) == "Freiburg–Sigmaringen–Kempten"


def test_letters_and_the_figure():
    assert stop("letters_setup").question.answers == ("28 letters",)          # 22 on the cities, 0+1+2+3 in hand
    assert messenger.summary(stop("letters_setup").state)["held"] == {"Ann": 0, "Ben": 1, "Cat": 2, "Dan": 3}
    assert stop("first_house").question.answers == ("1 letter",)          # Augsburg's letter is Ben's already
    refused = stop("start_of_turn").question.verdicts[0]
    assert not refused.right and "only letters held at the start of the turn" in refused.why
    assert stop("figure").question.answers == ("Ann",)
    assert stop("figure_price").question.answers == ("Call the Postal Carrier",)
    assert "pays 1 letter" in stop("figure_price").question.verdicts[0].why


def test_offices_return_rounds_and_the_final_return():
    assert stop("office_tiles").question.answers == ("Ann",)             # the player whose turn it is begins
    rewards = stop("rewards")
    assert rewards.state.step == offices.RETURN and rewards.state.turn_owner == 0
    assert [v.right for v in rewards.question.verdicts] == [True, True, False, False]
    assert stop("repeated_round").question.answers == ("Ann",)           # the Cartwright stack is still empty
    assert stop("final_return").question.answers == ("Ann",)             # R7: from the starting player
    final = stop("final_sizes")
    assert final.state.step == offices.FINAL
    assert [v.right for v in final.question.verdicts] == [True, False, True, True]


def test_r7_reverse_order_starts_with_the_last_player():
    data = json.loads(json.dumps(RAW))
    step = next(s for s in data["steps"] if s["id"] == "final_return")
    step["position"]["rules"] = {"expansions": ["offices"], "final_return_reverse_order": True}
    lesson = lesson_from_dict(data, "reverse")
    assert lesson.stops()[lesson.index("final_return")].question.answers == ("Ben",)


def test_a_letters_question_without_the_messenger_is_refused():
    data = json.loads(json.dumps(RAW))
    data["rules"] = {"expansions": ["offices"]}
    data["steps"] = [data["steps"][0]]
    data["sections"] = {"Messenger, Preparation": data["sections"]["Messenger, Preparation"]}
    with pytest.raises(LessonError, match="needs The Princess' Messenger"):
        lesson_from_dict(data, "no messenger").stops()


def test_the_stepper_walks_the_expansions_lesson():
    stepper = RulesStepper("expansions")
    try:
        seen = []
        for i in range(len(LESSON)):
            stepper.go(i)
            seen.append(stepper.stop.step.id)
            assert stepper.state == STOPS[i].state
            v = stepper.answer(STOPS[i].question.answers[0])
            assert v.right
        assert seen == [s.id for s in LESSON.steps]
    finally:
        stepper.close()
