"""A crafted or damaged position is refused with a reason, never a crash: return steps with no return round queued,
impossible expansion positions (Messenger, The Nobility Letters; Offices, returning tiles) and the same expansion
named twice."""
from __future__ import annotations

import json

import pytest

import thurn
from thurn import GameState, PositionError
from thurn.io import GAME_FORMAT

OFFICES = {"expansions": ["offices"]}


def offices_game():
    return thurn.new_game(["Ann", "Ben"], seed=3, rules=OFFICES)


def mid_return_round():
    """A real game in the middle of a return round (the Postmaster's stack emptied)."""
    s = offices_game()
    while s.step != "return":
        acts = s.legal_actions()
        s = s.apply(next((a for a in acts if getattr(a, "kind", "") == "call" and "postmaster" in a.notation),
                         acts[0]))
    return s


@pytest.mark.parametrize("step", ["return", "return_check", "final_return"])
def test_a_return_step_without_its_round_is_refused_everywhere(step):
    pos = offices_game().position()
    pos["turn"]["step"] = step
    game = {"format": GAME_FORMAT, "origin": "position", "setup": pos, "actions": [], "position": pos}
    for load in (lambda: GameState.from_position(pos), lambda: GameState.from_json(json.dumps(pos)),
                 lambda: GameState.from_json(json.dumps(game))):
        with pytest.raises(PositionError) as e:
            load()
        assert "interruption" in str(e.value) and step in str(e.value)


def test_a_queue_that_ends_inside_the_round_is_refused():
    pos = offices_game().position()
    pos["turn"]["step"] = "return_check"
    pos["interruptions"] = [[0, "return_check"]]
    with pytest.raises(PositionError) as e:
        GameState.from_position(pos)
    assert e.value.reason == "interruption_missing" and "last frame" in str(e.value)


def test_a_real_return_round_still_loads_and_goes_on():
    s = mid_return_round()
    back = GameState.from_position(s.position())
    assert back.step == "return" and back.interruptions == s.interruptions
    act = back.legal_actions()[0]
    assert back.apply(act).to_move is not None
    assert GameState.from_json(s.to_json()) == s


def messenger_position(**player0):
    s = thurn.new_game(["Ann", "Ben"], seed=1, rules={"expansions": ["messenger"]})
    pos = s.position()
    pos["players"][0].update(player0)
    return s, pos


def test_a_house_where_the_letter_still_lies_is_refused():
    _, pos = messenger_position(houses=["Ulm"], houses_left=19)
    with pytest.raises(PositionError) as e:
        GameState.from_position(pos)
    assert e.value.reason == "letters_inconsistent" and "Ulm" in str(e.value)


def test_a_letter_gone_without_a_house_is_refused():
    s, pos = messenger_position()
    ulm = s.board.index("Ulm")
    pos["ext"]["messenger"]["cities"].remove(s.board.city_name(ulm))     # city names since issue 23
    pos["ext"]["messenger"]["held"][0] += 1
    with pytest.raises(PositionError) as e:
        GameState.from_position(pos)
    assert e.value.reason == "letters_inconsistent" and "Ulm" in str(e.value) and "nobody" in str(e.value)


def test_a_house_that_took_its_letter_loads():
    s, pos = messenger_position(houses=["Ulm"], houses_left=19)
    pos["ext"]["messenger"]["cities"].remove("Ulm")                    # city names since issue 23
    pos["ext"]["messenger"]["held"][0] += 1
    assert GameState.from_position(pos).ext["messenger"].held[0] == pos["ext"]["messenger"]["held"][0]


def test_a_pending_return_round_with_no_empty_stack_is_refused():
    pos = offices_game().position()
    pos["ext"]["offices"]["pending"] = True
    with pytest.raises(PositionError) as e:
        GameState.from_position(pos)
    assert e.value.reason == "return_round_inconsistent" and "pending" in str(e.value)


def test_an_empty_stack_with_no_return_round_is_refused():
    pos = offices_game().position()
    o = pos["ext"]["offices"]
    o["tiles"][0]["postmaster"] += o["stacks"]["postmaster"]
    o["stacks"]["postmaster"] = 0
    with pytest.raises(PositionError) as e:
        GameState.from_position(pos)
    assert e.value.reason == "return_round_inconsistent" and "Postmaster" in str(e.value)
    o["pending"] = True                         # due: the round begins before the next decision
    s = GameState.from_position(pos)
    assert s.step == "return" and s.interruptions


# -- an expansion named twice ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("make", [
    lambda: thurn.Rules(expansions=("offices", "offices")),
    lambda: thurn.Rules.from_dict({"expansions": ["messenger", "offices", "messenger"]}),
    lambda: thurn.rules.parse_rules("expansions=offices+offices"),
    lambda: thurn.new_game(["Ann", "Ben"], rules={"expansions": ["offices", "offices"]}),
])
def test_an_expansion_named_twice_is_refused_from_code(make):
    with pytest.raises(thurn.ThurnError) as e:
        make()
    assert e.value.reason == "expansion_twice" and "twice" in str(e.value)


def test_an_expansion_named_twice_in_a_save_file_is_refused():
    d = offices_game().to_dict()
    d["setup"]["rules"]["expansions"] = ["offices", "offices"]
    d["position"]["rules"]["expansions"] = ["offices", "offices"]
    with pytest.raises(PositionError) as e:
        GameState.from_json(json.dumps(d))
    assert "twice" in str(e.value)


def test_the_ladder_refuses_an_expansion_named_twice():
    from thurn.ladder import ladder, league_rules

    for bad in (["offices", "offices"], "offices+offices"):
        with pytest.raises(thurn.ThurnError) as e:
            league_rules(None, bad)
        assert "twice" in str(e.value)
    with pytest.raises(thurn.ThurnError):
        league_rules("expansions=offices", "offices")
    with pytest.raises(thurn.ThurnError):
        ladder(["random", "greedy"], games=1, players=2, expansions=["offices", "offices"])
    assert league_rules(None, ["messenger", "offices"]).expansions == ("messenger", "offices")
