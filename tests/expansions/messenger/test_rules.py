"""The Princess' Messenger (rule book with the expansions, "The Princess' Messenger"; rules notes R8, R9).

Each test cites the passage it checks; the example of the rule book (Uwe's turn) is played step by step.
"""
from __future__ import annotations

import random

import pytest

import thurn
from thurn import CallOfficial, IllegalAction
from thurn.expansions.messenger import rules as messenger

from tests.support.helpers import CITIES, at_score, city_mask, score_with, table

RULES = {"expansions": ["messenger"]}


def letters(state):
    return state.ext["messenger"]


def ext(held, budget=None, holder=None, cities=CITIES, spent=0, paid=()):
    return {"messenger": {"cities": city_mask(cities), "held": list(held), "holder": holder,
                          "budget": held[0] if budget is None else budget, "paid": [list(p) for p in paid],
                          "spent": spent}}


# -- Preparation ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_letter_on_every_city_and_0_1_2_3_to_the_players_in_turn_order(n):
    """Messenger, Preparation 1-2: one letter on each city; the first to fourth player take 0, 1, 2, 3."""
    names = ["Ann", "Ben", "Cid", "Dan"][:n]
    s = thurn.new_game(names, seed=1, rules=RULES)
    L = letters(s)
    assert L.cities == s.board.all_mask and bin(L.cities).count("1") == 22
    assert L.held == (0, 1, 2, 3)[:n] and L.holder == -1 and L.spent == 0
    later = thurn.new_game(names, seed=1, rules=RULES, start_player=1)    # the first player is the start player
    assert letters(later).held[1] == 0 and letters(later).held[0] == (0, 1, 2, 3)[n - 1]


# -- the letters --------------------------------------------------------------------------------------------------

def test_the_first_house_in_a_city_takes_its_letter_and_later_houses_none():
    """Messenger, The Nobility Letters: "Each city provides only one letter in this manner"."""
    route = ["Mannheim", "Carlsruhe", "Freiburg"]
    s = at_score(route, rules=RULES, ext=ext([0, 1], cities=[c for c in CITIES if c != "Freiburg"]),
                 others=[{"name": "Ben", "houses": ["Freiburg"]}])
    s = s.apply(score_with(s, must=route))
    L = letters(s)
    assert L.held == (2, 1)                          # Mannheim's and Carlsruhe's; Freiburg's went with Ben's house
    assert not L.cities & city_mask(route)
    assert any("takes the nobility letters of Mannheim, Carlsruhe" in line for line in s.log())


def test_a_second_official_costs_two_letters_and_each_official_helps_once():
    """Messenger, The Nobility Letters: one free; each further one for two letters; each at most once per turn."""
    s = table(["Ann", "Ben"], RULES["expansions"], players={"Ann": {"hand": ["Ulm"]}},
              display=["Basel", "Linz", "Passau", "Lodz", "Pilsen", "Kempten"], ext=ext([3, 1]),
              deck_top=["Basel", "Linz", "Passau", "Lodz", "Pilsen", "Kempten", "Stuttgart", "Augsburg"],
              turn={"step": "draw"})
    s = s.apply("call administrator")                 # free
    assert letters(s).held == (3, 1) and letters(s).paid == ()
    s = s.apply("call postmaster")                    # the second: two letters, out of the game
    L = letters(s)
    assert L.held == (1, 1) and L.budget == 1 and L.spent == 2 and L.paid == (("postmaster", 2),)
    assert "Ann pays 2 letters for the Postmaster (1 letter left)." in s.log()
    err = s.why_illegal(CallOfficial("administrator"))
    assert err.reason == "official_twice"
    s = s.apply("draw deck").apply("draw deck")
    err = s.why_illegal(CallOfficial("postal_carrier"))
    assert err.reason == "letters_short" and str(err).startswith("You hold 1 letter; another official "
                                                                 "(Postal Carrier) costs 2.")
    s = s.apply("play ulm")     # Augsburg and Stuttgart would extend Ulm, but the Postal Carrier is out of reach
    assert s.turn_owner == 1 and ("turn_ends_short", 0) in s.events


def test_a_learner_is_told_what_a_second_official_costs():
    """The refusal in the expansion's words: "you hold 1 letter; a second official costs 2"."""
    s = table(["Ann", "Ben"], RULES["expansions"], players={"Ann": {"hand": ["Ulm"]}},
              display=["Basel", "Linz", "Passau", "Lodz", "Pilsen", "Kempten"], ext=ext([1, 1]),
              turn={"step": "draw"})
    s = s.apply("call administrator")
    assert CallOfficial("postmaster") not in s.legal_actions()
    err = s.why_illegal(CallOfficial("postmaster"))
    assert isinstance(err, IllegalAction) and err.reason == "letters_short"
    assert "You hold 1 letter; a second official (Postmaster) costs 2." in str(err)
    assert "Messenger" in err.rule


def test_only_letters_held_at_the_start_of_the_turn_may_be_spent():
    """Messenger: "The player must possess the nobility letters at the beginning of his turn"."""
    s = table(["Ann", "Ben"], RULES["expansions"], players={"Ann": {"hand": ["Ulm"]}},
              display=["Basel", "Linz", "Passau", "Lodz", "Pilsen", "Kempten"], ext=ext([2, 0], budget=0),
              turn={"step": "draw"})
    s = s.apply("call administrator")
    err = s.why_illegal(CallOfficial("postmaster"))
    assert err.reason == "letters_not_held_at_start" and "only letters held at the start of the turn" in str(err)


def test_the_holder_of_the_messenger_pays_one_letter():
    """Messenger: the figure's holder "needs to use only one nobility letter (instead of the usual two)"."""
    s = table(["Ann", "Ben"], RULES["expansions"], players={"Ann": {"hand": ["Ulm"]}},
              display=["Basel", "Linz", "Passau", "Lodz", "Pilsen", "Kempten"], ext=ext([1, 1], holder=0),
              turn={"step": "draw"})
    assert messenger.price(s) == 1
    s = s.apply("call administrator").apply("call postmaster")
    assert letters(s).held == (0, 1) and letters(s).paid == (("postmaster", 1),)


def test_the_administrator_may_help_after_drawing_but_not_after_playing():
    """Messenger: "The Administrator can be used after the player has drawn one or two cards" (base: only before)."""
    s = table(["Ann", "Ben"], RULES["expansions"], players={"Ann": {"hand": ["Ulm"]}},
              display=["Basel", "Linz", "Passau", "Lodz", "Pilsen", "Kempten"], ext=ext([0, 0]),
              turn={"step": "draw"})
    s = s.apply("draw kempten")
    assert s.step == "play" and CallOfficial("administrator") in s.legal_actions()
    s = s.apply("call administrator")
    assert "Kempten" not in s.display_cards and s.step == "play"
    base = table(["Ann", "Ben"], players={"Ann": {"hand": ["Ulm"]}},
                 display=["Basel", "Linz", "Passau", "Lodz", "Pilsen", "Kempten"], turn={"step": "draw"})
    base = base.apply("draw kempten")
    assert base.why_illegal(CallOfficial("administrator")).reason in ("administrator_after_draw",
                                                                       "one_official_per_turn")
    s = s.apply("play ulm")
    assert s.why_illegal(CallOfficial("administrator")) is not None


def test_uwes_turn_from_the_rule_book():
    """Messenger, the example: Uwe has Freiburg and Sigmaringen, Salzburg in hand and four letters. He takes
    Kempten (replaced by Ulm), calls the Administrator (free) and Innsbruck appears; he pays two letters for the
    Postmaster and takes Innsbruck as his second card; two more for the Postal Carrier to play two cards."""
    s = table(["Uwe", "Vera"], RULES["expansions"],
              players={"Uwe": {"route": ["Freiburg", "Sigmaringen"], "hand": ["Salzburg"]}},
              display=["Kempten", "Mannheim", "Würzburg", "Nürnberg", "Budweis", "Stuttgart"],
              deck_top=["Ulm", "Basel", "Linz", "Innsbruck", "Passau", "Lodz", "Pilsen"],
              ext=ext([4, 1]), turn={"step": "draw"})
    s = s.apply("draw kempten")
    assert "Ulm" in s.display_cards and "Kempten" in s.player("Uwe").hand
    s = s.apply("call administrator")                               # after drawing: the free official
    assert "Innsbruck" in s.display_cards and letters(s).held[0] == 4
    s = s.apply("call postmaster")                                  # 1st additional official: two letters
    assert letters(s).held[0] == 2
    s = s.apply("draw innsbruck")
    assert sorted(s.player("Uwe").hand) == ["Innsbruck", "Kempten", "Salzburg"]
    s = s.apply("play kempten right").apply("call postal_carrier")  # 2nd additional official: two more
    assert letters(s).held[0] == 0 and letters(s).spent == 4
    s = s.apply("play innsbruck right")
    assert s.player("Uwe").route == ("Freiburg", "Sigmaringen", "Kempten", "Innsbruck")
    assert s.officials == ("administrator", "postmaster", "postal_carrier")
    assert letters(s).paid == (("postmaster", 2), ("postal_carrier", 2))
    err = s.why_illegal(next(a for a in s.legal_actions() if a.kind == "score").__class__(
        ["Innsbruck"], cartwright=True))
    assert err is not None                                          # no letter left for a fourth official


def test_with_an_empty_hand_the_administrator_is_the_paid_official():
    """Rules notes R8: the compulsory Postmaster comes first, so the Administrator is the second official and the
    one paid for; the two readings of R8 agree on the price."""
    s = table(["Ann", "Ben"], RULES["expansions"], display=["Basel", "Linz", "Passau", "Lodz", "Pilsen", "Kempten"],
              ext=ext([2, 0]), turn={"step": "draw"})
    assert s.officials == ("postmaster",) and letters(s).held == (2, 0)
    s = s.apply("call administrator")
    assert letters(s).paid == (("administrator", 2),) and letters(s).held == (0, 0)


# -- the figure -----------------------------------------------------------------------------------------------------

def test_scoring_without_a_carriage_takes_the_messenger():
    """Messenger: "When a player scores a route and receives no carriage ... he takes the Princess' Messenger"."""
    route = ["Mannheim", "Carlsruhe", "Stuttgart"]
    s = at_score(route, rules=RULES, ext=ext([0, 0], holder=1), carriages=[3])   # carriage 4 needs 4 cards
    s = s.apply(score_with(s, must=route[:1]))
    assert letters(s).holder == 0 and "takes the Princess' Messenger from Ben" in " ".join(s.log())
    assert s.score_records()[0]["messenger"] == 1 and s.score_records()[1]["messenger"] == 0


def test_declining_the_carriage_takes_the_messenger_and_taking_it_does_not():
    """Messenger: "(because the route is not long enough or he voluntarily declines to take a carriage)"; R9."""
    route = ["Mannheim", "Carlsruhe", "Stuttgart"]
    s = at_score(route, rules=RULES, ext=ext([0, 0]))
    take = score_with(s, must=route[:1])
    assert letters(s.apply(take)).holder == -1                       # carriage 3 taken
    decline = thurn.Score(take.houses, carriage=False)
    assert letters(s.apply(decline)).holder == 0


def test_letters_are_worth_nothing_and_the_figure_one_point():
    """Messenger: "Nobility letters are worthless at the end"; the holder "receives one victory point"."""
    s = thurn.new_game(["Ann", "Ben"], seed=4, rules=RULES)
    rng = random.Random(4)
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
    for i, rec in enumerate(s.score_records()):
        assert rec["messenger"] == (1 if letters(s).holder == i else 0)
        assert rec["total"] == rec["carriage"] + rec["tiles"] + rec["unplaced_houses"] + rec["messenger"]


# -- saved games -------------------------------------------------------------------------------------------------

def test_a_saved_game_with_letters_loads_back_identical():
    s = thurn.new_game(["Ann", "Ben", "Cid"], seed=9, rules=RULES)
    rng = random.Random(9)
    for _ in range(120):
        s = s.apply(rng.choice(s.legal_actions()))
    back = thurn.GameState.from_json(s.to_json())
    assert back == s and letters(back) == letters(s)
    pos = thurn.GameState.from_position(s.position())
    assert letters(pos) == letters(s)


@pytest.mark.parametrize("bad, words", [
    ({"cities": -1}, "cities"),
    ({"held": [0, 99]}, "held"),
    ({"holder": 5}, "holder"),
    ({"held": [20, 20]}, "more than the 28"),
])
def test_a_bad_letters_part_of_a_position_is_named(bad, words):
    s = thurn.new_game(["Ann", "Ben"], seed=9, rules=RULES)
    pos = s.position()
    pos["ext"]["messenger"].update(bad)
    with pytest.raises(thurn.PositionError, match=words):
        thurn.GameState.from_position(pos)
    del pos["ext"]["messenger"]
    with pytest.raises(thurn.PositionError, match="no ext.messenger"):
        thurn.GameState.from_position(pos)


def test_a_cartwright_without_the_letters_is_refused_in_the_messengers_words():
    """Messenger: the Cartwright as a further official costs letters too; the refusal says so (not "one official
    per turn")."""
    route = ["Mannheim", "Carlsruhe", "Stuttgart", "Ulm"]
    s = at_score(route, official="postmaster", carriages=[3, 4, 5], rules=RULES, ext=ext([1, 0]))
    plain = score_with(s, must=["Mannheim"])
    err = s.why_illegal(thurn.Score(plain.houses, cartwright=True))
    assert err.reason == "letters_short" and "You hold 1 letter; a second official (Cartwright) costs 2." in str(err)
    rich = at_score(route, official="postmaster", carriages=[3, 4, 5], rules=RULES, ext=ext([2, 0]))
    after = rich.apply(thurn.Score(plain.houses, cartwright=True))
    assert after.players[0].carriages[-1] == 6 and letters(after).spent == 2
