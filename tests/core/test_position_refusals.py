"""Issue 33, "a file that loads must play on": the specific refusals of crafted positions, and what a position may
leave out (README, Positions; docs/positions.md).

Each test fails on the code before the issue: the position loaded to a game that could not go on, or did not load
back, or was refused with the base rule's words.
"""
from __future__ import annotations

import random

import pytest

import thurn
from thurn.errors import PositionError, UnknownName

SOLO = {"expansions": ["solo"]}
PG = {"board": "northern", "expansions": ["power_glory"]}


def _reached(rules, names, want, seed=0, most=3000):
    """The first state of a random game (seeded) for which ``want(state)`` holds."""
    for k in range(20):
        s = thurn.new_game(names, seed=seed + k, rules=rules)
        rng = random.Random(seed + k)
        for _ in range(most):
            if s.is_over:
                break
            if want(s):
                return s
            s = s.apply(rng.choice(s.legal_actions()))
    raise AssertionError("no such state in 20 random games")


# -- an interruption returns to a step the turn can still take ------------------------------------------------------

def _carriage_step():
    """The Audience: the carriage step after a scoring, an interruption of the scorer's turn (The Audience, Moving the
    carriages), that returns to the turn's own step."""
    return _reached({"expansions": ["audience"]}, ["Ann", "Ben", "Cid"],
                    lambda s: s.step == "carriage" and len(s.players[s.turn_owner].hand) <= 3)


def test_the_audiences_carriage_step_returning_to_keep_with_nothing_to_keep_is_refused():
    s = _carriage_step()
    pos = s.position()
    assert pos["interruptions"][-1][0] == s.turn_owner
    pos["interruptions"][-1][1] = "keep"             # (base rules, 3d: keep 3 of more than 3 cards)
    with pytest.raises(PositionError) as e:
        thurn.GameState.from_position(pos)
    assert e.value.reason == "turn_inconsistent" and "'keep'" in str(e.value) and "3d" in str(e.value)


def test_the_audiences_carriage_step_returning_to_play_after_the_turns_play_is_refused():
    s = _carriage_step()
    pos = s.position()
    pos["interruptions"][-1][1] = "play"             # (the card of the turn is played: every play would be refused)
    with pytest.raises(PositionError) as e:
        thurn.GameState.from_position(pos)
    assert e.value.reason == "turn_inconsistent" and "'play'" in str(e.value)


def test_the_last_interruption_frame_is_the_turn_owners():
    s = _carriage_step()
    pos = s.position()
    pos["interruptions"][-1][0] = (s.turn_owner + 1) % s.num_players
    with pytest.raises(PositionError) as e:
        thurn.GameState.from_position(pos)
    assert e.value.reason == "interruption_missing"


def test_a_real_carriage_step_still_loads_and_goes_on():
    s = _carriage_step()
    t = thurn.GameState.from_position(s.position())
    assert t.step == "carriage" and t.same_position(s)
    assert t.apply(t.legal_actions()[0])


# -- SoloPlay's own steps return to ext.solo.then -------------------------------------------------------------------

def test_soloplays_then_edited_is_refused():
    """SoloPlay's own steps (declaring the colour, 4.4a; the 1-point tile, 4.4c; the cards under the deck, 4.6) go
    on with ``ext.solo.then``; any other step has none."""
    s = _reached(SOLO, ["Ann"], lambda s: s.step == "play")
    for then in ("keep", "score", "play", "<end of turn>"):
        pos = s.position()
        pos["ext"]["solo"]["then"] = then
        with pytest.raises(PositionError) as e:
            thurn.GameState.from_position(pos)
        assert e.value.reason == "then_inconsistent", then


def test_soloplays_colour_step_returns_to_a_step_the_turn_can_take():
    """Option colour_declared=start: the colour is declared when a route is started (SoloPlay, 4.4a), and the play
    goes on with ``then`` (the second card of the Postal Carrier, or the score)."""
    rules = {"expansions": ["solo"], "options": {"colour_declared": "start"}}
    s = _reached(rules, ["Ann"], lambda s: s.step == "solo_colour")
    t = thurn.GameState.from_position(s.position())
    assert t.same_position(s)
    for then in ("", "keep", "<end of turn>"):
        pos = s.position()
        pos["ext"]["solo"]["then"] = then
        with pytest.raises(PositionError) as e:
            thurn.GameState.from_position(pos)
        assert e.value.reason == "then_inconsistent", then
    pos = s.position()
    pos["ext"]["solo"]["then"] = "play"             # (a second play needs the Postal Carrier)
    if "postal_carrier" not in pos["turn"]["officials"]:
        with pytest.raises(PositionError) as e:
            thurn.GameState.from_position(pos)
        assert e.value.reason == "turn_inconsistent"


# -- SoloPlay: what a position may leave out -----------------------------------------------------------------------

def test_a_soloplay_position_needs_no_ext_solo():
    s = thurn.GameState.from_position({"rules": SOLO, "players": [{"name": "Ann", "hand": ["Ulm", "Basel"]}],
                                       "seed": 3})
    assert s.ext["solo"] == thurn.GameState.from_position(
        {"rules": SOLO, "players": [{"name": "Ann", "hand": ["Ulm", "Basel"]}], "seed": 3,
         "ext": {"solo": {}}}).ext["solo"]
    assert list(s.ext["solo"].planner) == ["blue", "green", "red", "yellow"]


def test_a_soloplay_position_without_turn_starts_at_the_official_step():
    """SoloPlay, 4.1: the turn's one official is chosen as its first step (option official=first, the default)."""
    s = thurn.GameState.from_position({"rules": SOLO, "players": [{"name": "Ann", "hand": ["Ulm", "Basel"]}],
                                       "seed": 3})
    assert s.step == "solo_official" and s.officials == () and s.draws == s.plays == 0
    assert all(a.kind == "official" for a in s.legal_actions())
    later = thurn.GameState.from_position({"rules": {**SOLO, "options": {"official": "when_used"}},
                                           "players": [{"name": "Ann", "hand": ["Ulm", "Basel"]}], "seed": 3})
    assert later.step == "draw"


@pytest.mark.parametrize("seed", range(6))
def test_a_soloplay_position_loaded_at_the_official_step_plays_on_and_loads_back(seed):
    s = thurn.GameState.from_position({"rules": SOLO, "players": [{"name": "Ann", "hand": ["Ulm"]}], "seed": seed,
                                       "turn": {"step": "solo_official"}, "ext": {"solo": {}}})
    assert s.plays == 0 and s.draws == 0
    rng = random.Random(seed)
    for _ in range(40):
        if s.is_over:
            break
        s = s.apply(rng.choice(s.legal_actions()))
        assert thurn.GameState.from_json(s.to_json()) == s


def test_cards_drawn_or_played_before_the_official_step_are_refused():
    for turn in ({"step": "solo_official", "plays": 1}, {"step": "solo_official", "draws": 1}):
        with pytest.raises(PositionError) as e:
            thurn.GameState.from_position({"rules": SOLO, "players": [{"name": "Ann", "hand": ["Ulm"]}],
                                           "turn": turn, "ext": {"solo": {}}})
        assert e.value.reason == "turn_inconsistent"


# -- Power and Glory ---------------------------------------------------------------------------------------------

def test_a_power_and_glory_position_with_carriages_is_refused():
    """Power and Glory, Preparation: "The carriage cards and the cartwright from the base game are not used"."""
    with pytest.raises(PositionError) as e:
        thurn.GameState.from_position({"rules": PG, "players": [{"name": "Ann", "carriages": [3, 4]}, "Ben"]})
    assert e.value.reason == "no_carriages" and "Power and Glory, Preparation" in str(e.value)
    assert thurn.GameState.from_position({"rules": PG, "players": ["Ann", "Ben"]}).returns() == [-20, -20]
    base_rules = thurn.GameState.from_position({"rules": {"board": "northern"},
                                                "players": [{"name": "Ann", "carriages": [3, 4]}, "Ben"]})
    assert base_rules.player("Ann").carriages == (3, 4)     # (the game using the base game rules has carriages)


def test_two_free_cities_in_one_scoring_are_refused_with_power_and_glorys_rule():
    """Power and Glory, Placing houses: "he may place a house on only one of the free cities" (and the note: "the
    player may not in any case place houses in both free cities")."""
    for rules in (PG, {"board": "northern"}):
        s = thurn.GameState.from_position({
            "rules": rules, "players": [{"name": "Ann", "hand": ["Weimar"], "route": ["Lübeck", "Hamburg", "Bremen"],
                                         **({"piles": {"horses": ["Kassel"]}} if rules is PG else {})}, "Ben"],
            "turn": {"step": "score", "draws": 1, "plays": 1}})
        a = thurn.Score(["Hamburg", "Bremen"])
        err = s.why_illegal(a)
        assert err is not None and err.reason == "one_free_city", err
        assert err.rule == "Power and Glory, Placing houses" and "Hamburg and Bremen" in str(err)
        assert a not in s.legal_actions()
        with pytest.raises(thurn.IllegalAction):
            s.apply(a)
        assert s.why_illegal(thurn.Score(["Hamburg"])) is None


# -- what the loader says and how it refuses ----------------------------------------------------------------------

def test_an_unknown_name_in_a_position_is_a_position_error_that_suggests_the_close_match():
    with pytest.raises(PositionError) as e:
        thurn.GameState.from_position({"players": ["Ann", "Ben"], "turn": {"step": "drew"}})
    assert isinstance(e.value, UnknownName) and e.value.suggestions == ["draw"] and e.value.reason == "unknown_name"
    with pytest.raises(PositionError):
        thurn.GameState.from_json({"format": "thurn-game/1", "position": {"players": ["Ann", "Ben"], "hnad": []}})


def test_a_deck_given_without_a_display_says_what_it_dealt():
    s = thurn.new_game(["Ann", "Ben"], seed=4)
    pos = s.position()
    del pos["display"]
    t = thurn.GameState.from_position(pos)
    shown = [c for c in t.display_cards if c]
    assert sorted(shown) == sorted(c for c in s.display_cards if c)
    assert t.log()[0] == (f"The position gives the deck but not the display: the display is dealt the 6 cards it "
                          f"names nowhere else ({', '.join(shown)}).")
    assert not any("display is dealt" in line for line in thurn.GameState.from_position(s.position()).log())
