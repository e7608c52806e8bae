"""Variants plug into the core through hooks (thurn.variants), without any change to the core.

Two small variants, defined here only, exercise every hook: one forbids an official (legal_actions + check),
one keeps state of its own and scores it (setup + after + score + ext in positions and save files), and one
adds an action kind of its own (check + apply).
"""
import random

import pytest

import thurn
from thurn.actions import Action, set_fields
from thurn.variants import Variant, register, unregister


@register
class NoAdministrator(Variant):
    """A teaching variant: the Administrator stays at home."""

    name = "test_no_administrator"

    def legal_actions(self, state, actions):
        return [a for a in actions if not (a.kind == "official" and a.official == "administrator")]

    def check(self, state, action, arg, error):
        if error is None and action.kind == "official" and arg == "administrator":
            return None, thurn.IllegalAction("no_administrator", "The Administrator is not in this game.", action)
        return arg, error


@register
class FirstHouseChips(Variant):
    """Like the nobility letters of The Princess' Messenger (001): the first house in a city takes its chip."""

    name = "test_first_house_chips"

    def setup(self, state):
        state.set_ext(self.name, (frozenset(c.name for c in state.board.cities), (0,) * state.num_players))

    def after(self, state, before, action, say):
        if action.kind != "score":
            return
        seat = before.to_move
        chips_left, held = state.ext[self.name]
        others = set()
        for i, p in enumerate(before.players):
            others.update(before.board.names_of(p.houses))
        placed = [state.board.city(h).name for h in action.houses]
        new = [c for c in placed if c in chips_left and c not in others]
        if new:
            held = tuple(h + (len(new) if i == seat else 0) for i, h in enumerate(held))
            state.set_ext(self.name, (chips_left - set(new), held))

    def score(self, state, seat):
        return {"chips": state.ext[self.name][1][seat]}

    def dump(self, value):
        return {"left": sorted(value[0]), "held": list(value[1])}

    def load(self, data):
        return frozenset(data["left"]), tuple(data["held"])


class Wait(Action):
    """A made-up action: skip the draw."""

    __slots__ = ()
    kind = "wait"

    def __init__(self):
        set_fields(self, key=("wait",))

    def __str__(self):
        return "wait"

    notation = "wait"


@register
class Waiting(Variant):
    name = "test_waiting"
    action_kinds = ("wait",)

    def legal_actions(self, state, actions):
        return actions + [Wait()] if state.step == "draw" and state.draws == 0 else actions

    def check(self, state, action, arg, error):
        if action.kind == "wait":
            if state.step == "draw" and state.draws == 0:
                return True, None
            return None, thurn.IllegalAction("no_wait", "You can only wait instead of drawing.", action)
        return arg, error

    def apply(self, state, action, arg, say):
        state.step = "play"

    def parse(self, text):
        return Wait() if text == "wait" else None


def play_out(state, seed, limit=100_000):
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_unknown_expansion_suggests_the_registered_name():
    with pytest.raises(thurn.UnknownName, match="test_no_administrator"):
        thurn.Rules(expansions=("test_no_administrater",))


def test_a_variant_can_forbid_an_official():
    rules = {"expansions": ["test_no_administrator"]}
    s = thurn.new_game(["Ann", "Ben"], seed=1, rules=rules)
    rng = random.Random(2)
    seen_draw_step = 0
    while not s.is_over and seen_draw_step < 50:
        acts = s.legal_actions()
        assert thurn.CallOfficial("administrator") not in acts
        if s.step == "draw" and s.draws == 0 and not s.officials:
            seen_draw_step += 1
            err = s.why_illegal(thurn.CallOfficial("administrator"))
            assert err is not None and err.reason == "no_administrator"
        s = s.apply(rng.choice(acts))
    assert seen_draw_step == 50


def test_a_variant_keeps_and_scores_state_of_its_own():
    rules = {"expansions": ["test_first_house_chips"]}
    s = play_out(thurn.new_game(["Ann", "Ben", "Cat"], seed=4, rules=rules), 4)
    assert s.is_over
    left, held = s.ext["test_first_house_chips"]
    cities_with_houses = set()
    for seat in range(3):
        cities_with_houses.update(s.houses(seat))
    assert sum(held) == len(cities_with_houses) == 22 - len(left)
    for rec in s.score_records():
        assert rec["total"] == rec["carriage"] + rec["tiles"] + rec["unplaced_houses"] + rec["chips"]
    again = thurn.GameState.from_json(s.to_json())
    assert again == s and again.ext == s.ext


def test_a_variant_adds_an_action_kind():
    s = thurn.new_game(["Ann", "Ben"], seed=3, rules={"expansions": ["test_waiting"]})
    assert s.step == "draw" and Wait() in s.legal_actions()
    after = s.apply(Wait())                  # Ann waits: nothing to play, the route too short -> Ben's turn
    assert after.to_move_name == "Ben" and after.hand("Ann") == []
    drawn = s.apply(s.legal_actions()[0])    # after one draw waiting is over
    assert Wait() not in drawn.legal_actions()
    assert drawn.why_illegal(Wait()).reason == "no_wait"
    with pytest.raises(thurn.IllegalAction):
        drawn.apply(Wait())
    again = thurn.GameState.from_json(after.to_json())      # the variant reads its own notation back
    assert again == after


def test_the_base_game_is_untouched_by_registered_variants():
    a = play_out(thurn.new_game(["Ann", "Ben"], seed=9), 9)
    assert a.rules.variants == ()
    assert "chips" not in a.score_records()[0]


def teardown_module(module):
    for name in ("test_no_administrator", "test_first_house_chips", "test_waiting"):
        unregister(name)
