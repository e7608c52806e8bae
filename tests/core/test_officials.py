"""The four postal officials and exactly when each may help (base rules 000, 1-3; rules notes).

- Postmaster: a second draw; compulsory with an empty hand at the start of the turn (base rules 000, 1).
- Administrator: replaces the six face-up cards before the first draw (base rules 000, 1).
- Postal Carrier: a second card played, which must extend the route (base rules 000, 2; rules notes).
- Cartwright: the next carriage with a route up to two cards short, while scoring (base rules 000, 3c).
- One official per turn (base rules 000, Game Play; rules notes).
"""
from collections import Counter

import pytest

import thurn
from thurn import CallOfficial, Draw, Play, Score

BOARD = thurn.load_board("base")


def names(cities):
    return [BOARD.city(c).name for c in cities]


def rest(*groups):
    """Every card of the 66 that is not in ``groups`` (so that a position adds up)."""
    left = Counter({name: BOARD.card_copies for name in BOARD.city_names})
    for group in groups:
        left.subtract(names(c for c in group if c is not None))
    return sorted(left.elements())


def game(hand=(), route=(), turn=None, **fields):
    """Ann (to move) holds ``hand`` and has ``route`` in front of her; Ben waits."""
    ann = {"name": "Ann", "hand": list(hand), "route": list(route)}
    return thurn.GameState.from_position({"players": [ann, "Ben"], "seed": 7, "turn": turn or {}, **fields})


def reason(state, action):
    err = state.why_illegal(action)
    return None if err is None else err.reason


CALL = {o: CallOfficial(o) for o in ("postmaster", "administrator", "postal_carrier", "cartwright")}


# -- Postmaster -------------------------------------------------------------------------------------------------

def test_postmaster_is_compulsory_with_an_empty_hand():
    """Base rules 000, 1: no card at the start of the turn → the Postmaster must help (every player, round one)."""
    s = thurn.new_game(["Ann", "Ben"], seed=1)
    assert s.officials == ("postmaster",)
    assert s.position()["turn"]["draws_allowed"] == 2
    assert reason(s, CALL["administrator"]) == "postmaster_compulsory"
    assert reason(s, CALL["postmaster"]) == "postmaster_compulsory"
    s = s.apply(Draw()).apply(Draw())
    assert s.step == "play" and len(s.hand("Ann")) == 2


def test_compulsory_postmaster_in_a_position_with_an_empty_hand():
    s = game(hand=[], route=["Ulm"])
    assert s.officials == ("postmaster",) and s.step == "draw"
    assert CALL["administrator"] not in s.legal_actions()


def test_postmaster_voluntary_before_the_first_draw():
    s = game(hand=["Ulm"])
    assert s.officials == ()
    assert CALL["postmaster"] in s.legal_actions()
    s = s.apply(CALL["postmaster"])
    assert s.officials == ("postmaster",) and s.step == "draw"
    s = s.apply(Draw()).apply(Draw())
    assert s.step == "play" and len(s.hand("Ann")) == 3


def test_postmaster_voluntary_after_one_draw():
    s = game(hand=["Ulm"]).apply(Draw())
    assert s.step == "play"
    assert CALL["postmaster"] in s.legal_actions()
    s = s.apply(CALL["postmaster"])
    assert s.step == "draw"
    assert s.apply(Draw()).step == "play"


def test_postmaster_too_late_after_playing():
    s = game(hand=["Ulm", "Stuttgart"], route=["Augsburg", "Kempten", "Zürich"], turn={"step": "play", "draws": 1})
    s = s.apply(Play("Ulm", "left"))
    assert s.step == "score"
    assert reason(s, CALL["postmaster"]) == "postmaster_too_late"
    assert CALL["postmaster"] not in s.legal_actions()


def test_compulsory_postmaster_with_a_single_card_left_draws_one():
    """Rules notes: nothing more to draw → the draw ends; the game never deadlocks."""
    others = rest(["Ulm"], ["Augsburg"])
    s = thurn.GameState.from_position({"players": [{"name": "Ann", "route": ["Augsburg"]},
                                                   {"name": "Ben", "hand": others}],
                                       "display": ["Ulm"], "deck": [], "discard": []})
    assert s.officials == ("postmaster",)
    s = s.apply(Draw("Ulm"))
    assert s.step == "play" and s.hand("Ann") == ["Ulm"]


def test_no_postmaster_when_nothing_is_left_to_draw():
    others = rest(["Ulm", "Basel"])
    s = thurn.GameState.from_position({"players": [{"name": "Ann", "hand": ["Basel"]},
                                                   {"name": "Ben", "hand": others}],
                                       "display": ["Ulm"], "deck": [], "discard": []})
    s = s.apply(Draw("Ulm"))
    assert s.step == "play"
    assert reason(s, CALL["postmaster"]) == "nothing_to_draw"
    assert CALL["postmaster"] not in s.legal_actions()


def test_no_second_draw_without_the_postmaster():
    s = game(hand=["Ulm"]).apply(Draw())
    assert reason(s, Draw()) == "already_drew"


# -- Administrator ----------------------------------------------------------------------------------------------

DISPLAY = ["Basel", "Zürich", "Linz", "Lodz", "Passau", "Kempten"]
DECK = ["Ulm", "Augsburg", "Pilsen", "Budweis", "Freiburg", "Mannheim", "Stuttgart", "Nürnberg"]


def test_administrator_replaces_the_display_from_the_deck_in_order():
    """Base rules 000, 1 (Bailiff): the face-up cards go to the discard pile, six new ones from the draw pile."""
    s = game(hand=["Ulm"], display=DISPLAY, deck=DECK, discard=rest(["Ulm"], DISPLAY, DECK))
    discard_before = s.position()["discard"]
    s = s.apply(CALL["administrator"])
    p = s.position()
    assert p["display"] == DECK[:6]
    assert p["deck"] == DECK[6:]
    assert Counter(p["discard"]) == Counter(discard_before + DISPLAY)
    assert s.officials == ("administrator",) and s.step == "draw"
    assert any("Administrator" in line for line in s.log())


def test_administrator_reshuffles_the_discards_when_the_deck_runs_out():
    """Base rules 000, 1: "If the draw pile ever runs out, the discard pile ... shuffled to form a new one"."""
    deck = ["Ulm", "Augsburg"]
    s = game(hand=["Ulm"], display=DISPLAY, deck=deck, discard=rest(["Ulm"], DISPLAY, deck))
    before = s.position()
    after = s.apply(CALL["administrator"])
    p = after.position()
    assert p["display"][:2] == deck
    assert p["discard"] == []
    assert Counter(p["display"][2:] + p["deck"]) == Counter(before["discard"] + DISPLAY)
    assert after.position() == s.apply(CALL["administrator"]).position()     # deterministic for the seed
    assert any("shuffled" in line for line in after.log())


def test_administrator_only_before_the_first_draw():
    s = game(hand=["Ulm"])
    assert CALL["administrator"] in s.legal_actions()
    s = s.apply(Draw())
    assert reason(s, CALL["administrator"]) == "administrator_after_draw"
    assert CALL["administrator"] not in s.legal_actions()


def test_administrator_then_draw_as_usual():
    s = game(hand=["Ulm"], display=DISPLAY, deck=DECK, discard=rest(["Ulm"], DISPLAY, DECK))
    s = s.apply(CALL["administrator"]).apply(Draw("Pilsen"))
    assert "Pilsen" in s.hand("Ann") and s.step == "play"


# -- Postal Carrier ---------------------------------------------------------------------------------------------

def test_postal_carrier_only_after_the_first_play():
    s = game(hand=["Ulm", "Stuttgart"], route=["Augsburg"])
    assert reason(s, CALL["postal_carrier"]) == "postal_carrier_too_early"
    s = s.apply(Draw())
    assert reason(s, CALL["postal_carrier"]) == "postal_carrier_too_early"
    s = s.apply(Play("Ulm", "right"))
    assert s.step == "score"
    assert CALL["postal_carrier"] in s.legal_actions()
    s = s.apply(CALL["postal_carrier"]).apply(Play("Stuttgart", "right"))
    assert s.player("Ann").route == ("Augsburg", "Ulm", "Stuttgart")


def test_postal_carrier_needs_a_card_that_fits_an_end():
    s = game(hand=["Basel", "Lodz"], route=["Carlsruhe", "Stuttgart", "Nürnberg"], turn={"step": "score"})
    assert reason(s, CALL["postal_carrier"]) == "no_second_card"
    assert CALL["postal_carrier"] not in s.legal_actions()


def test_postal_carrier_second_card_must_extend():
    """Rules notes: the second card extends the route the first card left; it never starts a new route."""
    s = game(hand=["Basel", "Mannheim"], route=["Carlsruhe", "Stuttgart", "Nürnberg"], turn={"step": "score"})
    s = s.apply(CALL["postal_carrier"])
    assert s.step == "play"
    assert reason(s, Play("Basel", "new")) == "second_card_must_extend"
    assert reason(s, Play("Mannheim", "new")) == "second_card_must_extend"
    assert not any(a.kind == "play" and a.end == "new" for a in s.legal_actions())
    assert set(s.legal_actions()) == {Play("Mannheim", "left")}


def test_postal_carrier_may_extend_a_route_the_first_card_just_started():
    """Rules notes: the route the first card left may be one it just started."""
    s = game(hand=["Ulm", "Stuttgart", "Basel"], route=["Lodz", "Pilsen"], turn={"step": "play", "draws": 1})
    s = s.apply(Play("Ulm", "new"))
    assert s.step == "score" and s.player("Ann").route == ("Ulm",)
    s = s.apply(CALL["postal_carrier"]).apply(Play("Stuttgart", "left"))
    assert s.player("Ann").route == ("Stuttgart", "Ulm")
    assert s.to_move_name == "Ben"              # two cards cannot be scored: the turn ended by itself


# -- Cartwright -------------------------------------------------------------------------------------------------

SHORT_FOR_5 = dict(hand=["Basel"], route=["Carlsruhe", "Stuttgart", "Nürnberg"])


def cartwright_game(**turn):
    """Ann has carriages 3 and 4 and a route of three: carriage 5 only with the Cartwright (base rules 000, 3c)."""
    ann = {"name": "Ann", **SHORT_FOR_5, "carriages": [3, 4]}
    return thurn.GameState.from_position({"players": [ann, "Ben"], "seed": 7, "turn": {"step": "score", **turn}})


@pytest.mark.parametrize("turn", [{"step": "draw"}, {"step": "play", "draws": 1}, {"step": "score"}])
def test_cartwright_is_called_only_while_scoring(turn):
    s = game(hand=["Ulm"], route=["Augsburg", "Kempten", "Zürich"], turn=turn)
    assert reason(s, CALL["cartwright"]) == "cartwright_when_scoring"


def test_cartwright_inside_score():
    s = cartwright_game()
    action = Score(["Stuttgart"], cartwright=True)
    assert action in s.legal_actions()
    assert s.apply(action).player("Ann").carriages == (3, 4, 5)
    assert s.apply(Score(["Stuttgart"])).player("Ann").carriages == (3, 4)


# -- one official per turn --------------------------------------------------------------------------------------

def test_postmaster_then_cartwright_refused():
    s = cartwright_game(official="postmaster", draws=2, draws_allowed=2)
    assert reason(s, Score(["Stuttgart"], cartwright=True)) == "one_official_per_turn"
    assert Score(["Stuttgart"]) in s.legal_actions()
    assert not any(a.kind == "score" and a.cartwright for a in s.legal_actions())


def test_postmaster_then_administrator_or_postal_carrier_refused():
    s = game(hand=["Ulm", "Stuttgart"], route=["Kempten", "Augsburg"]).apply(CALL["postmaster"])
    assert reason(s, CALL["administrator"]) == "one_official_per_turn"
    s = s.apply(Draw()).apply(Draw()).apply(Play("Ulm", "right"))
    assert s.step == "score"
    assert reason(s, CALL["postal_carrier"]) == "one_official_per_turn"
    assert CALL["postal_carrier"] not in s.legal_actions()


def test_administrator_then_postmaster_refused():
    s = game(hand=["Ulm"]).apply(CALL["administrator"])
    assert reason(s, CALL["postmaster"]) == "one_official_per_turn"
    s = s.apply(Draw())
    assert reason(s, CALL["postmaster"]) == "one_official_per_turn"


def test_postal_carrier_then_cartwright_refused():
    s = game(hand=["Ulm", "Kempten"], route=["Stuttgart", "Sigmaringen"], turn={"step": "play", "draws": 1})
    s = s.apply(Play("Ulm", "left")).apply(CALL["postal_carrier"]).apply(Play("Kempten", "left"))
    assert s.step == "score" and len(s.player("Ann").route) == 4
    assert reason(s, Score(["Kempten"], cartwright=True)) == "one_official_per_turn"


def test_the_next_turn_may_call_an_official_again():
    ben = {"name": "Ben", "hand": ["Basel"]}
    s = thurn.GameState.from_position({"players": [{"name": "Ann", "hand": ["Ulm"]}, ben], "seed": 7})
    s = s.apply(CALL["administrator"]).apply(Draw()).apply(Play("Ulm", "new"))
    assert s.to_move_name == "Ben" and s.officials == ()
    assert CALL["administrator"] in s.legal_actions() and CALL["postmaster"] in s.legal_actions()


# -- names from the other rulebooks -----------------------------------------------------------------------------

@pytest.mark.parametrize("alias, official", [
    ("Bailiff", "administrator"), ("Amtmann", "administrator"), ("Coachman", "postal_carrier"),
    ("Postillion", "postal_carrier"), ("Wainwright", "cartwright"), ("Wagner", "cartwright"),
    ("Postmeister", "postmaster"), ("Postal Carrier", "postal_carrier"),
])
def test_official_aliases_resolve(alias, official):
    """Vocabulary of 000 (Bailiff, Coachman, Wainwright) and the German names (Amtmann, Wagner)."""
    assert BOARD.official(alias).id == official


def test_calling_an_official_by_an_alias():
    s = game(hand=["Ulm"])
    assert s.apply(CallOfficial("Bailiff")).officials == ("administrator",)
    assert s.apply(CallOfficial("Amtmann")).officials == ("administrator",)
    assert reason(s, CallOfficial("Wainwright")) == "cartwright_when_scoring"
    s = game(hand=["Basel", "Mannheim"], route=["Carlsruhe", "Stuttgart", "Nürnberg"], turn={"step": "score"})
    assert s.apply(CallOfficial("Coachman")).officials == ("postal_carrier",)


def test_an_official_by_another_name_is_the_same_action():
    """README: actions are equal when they mean the same; so why_illegal and legal_actions agree on aliases."""
    s = game(hand=["Ulm"])
    assert CallOfficial("Bailiff") == CallOfficial("administrator")
    assert CallOfficial("Bailiff") in s.legal_actions()


def test_unknown_official():
    err = game(hand=["Ulm"]).why_illegal(CallOfficial("Postmastr"))
    assert err.reason == "unknown_official" and "Postmaster" in str(err)
