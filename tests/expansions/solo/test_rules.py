"""SoloPlay's rules (the SoloPlay reference manual; cited "SoloPlay, 4.4d" and so on), with the variant ``solo``:
every example, table and FAQ answer of the manual as a test, each citing its section; then each reading of
``thurn.expansions.solo.rules.OPTIONS`` (default and alternative) and the bad options. Positions are built with
``thurn.GameState.from_position`` (every one of the 66 cards placed once: :func:`at`); every illegal action is
refused with a typed error, a reason code and a sentence, and changes nothing (:func:`illegal`).

The tables are written out here from the manual (never read from data/solo.json), so that a wrong table in the data
fails a test.
"""
from __future__ import annotations

from collections import Counter

import pytest

import thurn
from thurn import (BottomCards, CallOfficial, DeclareColour, Draw, EndTurn, IllegalAction, Keep, PlaceBonusTile,
                   Play, PositionError, Score, UnknownName)
from thurn.effects import score_record
from thurn.expansions.solo.rules import OPTIONS, coach_points, coach_sets, houses_left_points, penalty

B = thurn.load_board("base")
CITIES = [c.name for c in B.cities]
COLOURS = ("blue", "green", "red", "yellow")
DISPLAY = ("Lodz", "Lodz", "Basel", "Basel", "Passau", "Passau")
ROUTE = ["Mannheim", "Carlsruhe", "Stuttgart", "Ulm", "Augsburg", "München", "Salzburg", "Linz"]   # along roads
BADEN = ["Mannheim", "Carlsruhe", "Freiburg"]
BAIERN = ["Würzburg", "Nürnberg", "Regensburg", "Ingolstadt", "Augsburg", "Passau", "München", "Kempten"]
#: The region tiles (SoloPlay, 2: "Region") and the cities each needs (the base board's provinces).
REGIONS = {"baden": BADEN, "wurttemberg_hohenzollern": ["Stuttgart", "Ulm", "Sigmaringen"],
           "schweiz_tyrol": ["Basel", "Zürich", "Innsbruck"], "baiern": BAIERN,
           "bohmen_salzburg": ["Pilsen", "Budweis", "Salzburg", "Linz"]}
#: "Outside of Baiern": a house in each province but Baiern.
OUTSIDE_BAIERN = [BADEN, ["Stuttgart", "Ulm"], ["Sigmaringen"], ["Basel", "Zürich"], ["Innsbruck"],
                  ["Pilsen", "Budweis"], ["Salzburg", "Linz"], ["Lodz"]]
#: SoloPlay, 5 (Coach Sets) and 6.3 (Remaining Houses), as printed.
SET_POINTS = {(3,): 2, (3, 4): 3, (3, 4, 5): 5, (3, 4, 5, 6): 7, (3, 4, 5, 6, 7): 10}
HOUSES_TABLE = {3: 15, 4: 10, 5: 7, 6: 5, 7: 2, 8: 0, 9: 0}
#: The former reading of 4.1 (option ``official=when_used``): each official called at his own step.
WHEN = {"official": "when_used"}
TURNS = {"solo_official": {"step": "solo_official", "draws": 0, "plays": 0},
         "draw": {"step": "draw", "draws": 0}, "play": {"step": "play", "draws": 1},
         "score": {"step": "score", "draws": 1, "plays": 1}}


def at(step="score", hand=(), route=(), houses=None, display=DISPLAY, deck_top=(), deck=None, rest="deck",
       discard=(), penalty_pile=(), completed=(), options=None, solo=None, officials=(), turn=None,
       seed=3, **fields) -> thurn.GameState:
    """Ann alone, in ``step`` of her turn; ``houses``: colour -> cities (19 of each colour to place). Every card is
    placed once: those not named go to the deck after ``deck_top`` (or, with ``deck`` given, to the pile ``rest``)."""
    pool = Counter({c: B.card_copies for c in CITIES})
    named = [*hand, *route, *display, *deck_top, *(deck or ()), *discard, *penalty_pile, *completed]
    pool.subtract(named)
    assert min(pool.values()) >= 0, f"more than 3 copies: {+Counter(named) - Counter({c: 3 for c in CITIES})}"
    piles = {"deck": list(deck_top) + list(deck or ()), "discard": list(discard), "penalty": list(penalty_pile),
             "completed": list(completed)}
    assert deck is None or rest != "deck"
    piles[rest] += sorted(pool.elements())
    t = dict(TURNS.get(step, {"step": step}), officials=list(officials))
    t.update(turn or {})
    ann = {"name": "Ann", "hand": list(hand), "route": list(route),
           "colours": {c: {"houses": list((houses or {}).get(c, ()))} for c in COLOURS}, **fields}
    d = {"players": [ann], "rules": {"expansions": ["solo"], "options": dict(options or {})}, "seed": seed, "turn": t,
         "display": list(display), "deck": piles["deck"], "discard": piles["discard"],
         "piles": {"penalty": piles["penalty"], "completed": piles["completed"]}, "ext": {"solo": dict(solo or {})}}
    for k in ("stacks", "shuffles", "end_triggered_by"):
        if k in fields:
            d[k] = ann.pop(k)
    return thurn.GameState.from_position(d)


def spare(n: int) -> list:
    """``n`` cards that are not on the default display (for a pile)."""
    pool = Counter({c: B.card_copies for c in CITIES})
    pool.subtract(DISPLAY)
    out = sorted(pool.elements())
    assert n <= len(out)
    return out[:n]


def illegal(s, action, reason) -> IllegalAction:
    """``action`` is refused with ``reason`` and a sentence, and changes nothing."""
    before = s.position()
    err = s.why_illegal(action)
    assert isinstance(err, IllegalAction) and isinstance(err, ValueError), err
    assert err.reason == reason, f"{err.reason}: {err}"
    assert len(str(err)) > 20 and str(err).endswith(")")          # a sentence, and the rule it cites
    with pytest.raises(IllegalAction) as e:
        s.apply(action)
    assert e.value.reason == reason and s.position() == before
    assert action not in s.legal_actions()
    return e.value


def left(s) -> dict:
    return {c: n for c, _, n in s.player("Ann").colours}


def placed(s) -> dict:
    return {c: set(cities) for c, cities, _ in s.player("Ann").colours}


def tiles(s) -> list:
    return [(B.stacks[si].id, v) for si, v in s.players[0].tiles]


def scores(s, colour=None, cartwright=False) -> set:
    """The legal completions as (frozenset of houses, colour, coach)."""
    return {(frozenset(a.houses), a.colour, a.coach) for a in s.legal_actions()
            if a.kind == "score" and a.cartwright == cartwright and (colour is None or a.colour == colour)}


def solo(s):
    return s.ext["solo"]


def finish_turn(s):
    """End the turn at once (the steps after a completion with their first choice)."""
    for _ in range(10):
        if s.turns_taken(0) or s.is_over:
            return s
        if s.step == "score":
            s = s.apply(EndTurn())
        elif s.step == "keep":
            s = s.apply(next(a for a in s.legal_actions() if a.kind == "keep"))
        elif s.step == "solo_bottom":
            s = s.apply(BottomCards(()))
        else:
            s = s.apply(s.legal_actions()[0])
    raise AssertionError(s.step)


# -- 2 Components, 3 Setup --------------------------------------------------------------------------------------

def test_components_four_colours_of_20_a_route_house_each_so_19_to_place():
    """SoloPlay, 2: "80 wooden houses (20 each in 4 colors)"; 3: "Remove 1 house of each color to use as a route
    marker. Max 19 houses per color available for placement"; the four route houses on the Route Planner."""
    rules = thurn.Rules(expansions=("solo",))
    assert rules.ruleset.house_colours == tuple((c, 19) for c in COLOURS)
    s = thurn.new_game(["Ann"], rules=rules, seed=5)
    assert all(len(cities) + n == 19 for _, cities, n in s.player("Ann").colours)
    assert solo(s).planner == COLOURS and solo(s).declared == ""


@pytest.mark.parametrize("difficulty,n", [("easy", 10), ("normal", 8), ("intermediate", 9), ("hard", 7)])
def test_setup_places_houses_per_difficulty_unique_per_colour(difficulty, n):
    """SoloPlay, 3: "Draw 8 unique cities per color (normal difficulty) ... Variant difficulties: Easy = 10 cities,
    Intermediate = 9, Hard = 7"; a drawn duplicate is set aside and drawn again."""
    for seed in range(6):
        s = thurn.new_game(["Ann"], rules=thurn.Rules(expansions=("solo",), options={"difficulty": difficulty}),
                           seed=seed)
        pos = s.position()["players"][0]["colours"]
        for c in COLOURS:
            cities = pos[c]["houses"]
            assert len(cities) == len(set(cities)) == n and pos[c]["houses_left"] == 19 - n
        assert s.players[0].houses_left == 4 * (19 - n)


def completes(cities) -> list:
    """The region tiles (and "Outside of Baiern") that houses in ``cities`` earn, from the board's provinces."""
    have = set(cities)
    out = [r for r, need in REGIONS.items() if set(need) <= have]
    if all(have & set(p) for p in OUTSIDE_BAIERN):
        out.append("all_provinces")
    return out


def test_setup_never_places_the_last_city_of_a_region_in_a_colour():
    """SoloPlay, 3: "Place one house of that color on each city, only if the city does not trigger a region bonus
    (i.e., not the last city needed to complete a region). If a drawn city would complete a region ... set aside
    and draw again" (option regions=colour: a colour's own houses). Easy (10 a colour) reaches the limit often."""
    near = 0
    for seed in range(40):
        s = thurn.new_game(["Ann"], rules=thurn.Rules(expansions=("solo",), options={"difficulty": "easy"}),
                           seed=seed)
        for c, cities in placed(s).items():
            assert completes(cities) == [], (seed, c, cities)
            near += any(len(set(need) - cities) == 1 for need in REGIONS.values())
    assert near > 20          # the redraw is exercised: regions one city short are common


def test_setup_reshuffles_the_deck_and_deals_six_face_up():
    """SoloPlay, 3: "Reshuffle the city deck after setup"; "Draw 6 cards and place faceup"; the 66 city cards (2)
    are all in the deck and the display (the houses take no card)."""
    decks = set()
    for seed in range(5):
        s = thurn.new_game(["Ann"], rules=thurn.Rules(expansions=("solo",)), seed=seed)
        base = thurn.new_game(["Ann", "Ben"], seed=seed)
        pos = s.position()
        assert len(pos["display"]) == 6 and None not in pos["display"] and len(pos["deck"]) == 60
        assert Counter(pos["deck"] + pos["display"]) == Counter({c: 3 for c in CITIES})
        assert pos["deck"] != base.position()["deck"]           # not the deal before the setup
        decks.add(tuple(pos["deck"]))
    assert len(decks) == 5


def test_setup_sorts_and_cuts_the_tiles():
    """SoloPlay, 3: "Distance tiles (5, 6, 7) in descending order (highest on top). All other bonus tiles in
    ascending order (lowest on top). Limit to 3 of each type; remove lowest-value extras if needed"."""
    s = thurn.new_game(["Ann"], rules=thurn.Rules(expansions=("solo",)), seed=1)
    stacks = s.position()["stacks"]
    assert stacks == {"route_5": [2, 1], "route_6": [3, 2, 1], "route_7": [4, 3, 2], "all_provinces": [4, 5, 6],
                      "baden": [1, 2, 3], "wurttemberg_hohenzollern": [1, 2, 3], "schweiz_tyrol": [1, 2, 3],
                      "baiern": [3, 4, 5], "bohmen_salzburg": [2, 3, 4], "game_end": [1]}
    for st in B.stacks:                  # the same, from the board's tiles
        kept = sorted(st.values, reverse=True)[:3]
        assert stacks[st.id] == (kept if st.kind == "route_length" else sorted(kept))


def test_setup_coach_cards_four_of_each_and_two_empty_discard_piles():
    """SoloPlay, 2: "20 coach cards (4 each of values 3, 4, 5, 6, 7)"; 3: "Prepare two discard piles"."""
    s = thurn.new_game(["Ann"], rules=thurn.Rules(expansions=("solo",)), seed=2)
    pos = s.position()
    assert pos["carriages_left"] == {"3": 4, "4": 4, "5": 4, "6": 4, "7": 4}
    assert pos["discard"] == [] and pos["piles"] == {"penalty": [], "completed": []}


def test_soloplay_is_for_one_player():
    """SoloPlay, 1: "The SoloPlay variant allows one player to compete against the system"."""
    with pytest.raises(PositionError, match="is for 1 player under these rules"):
        thurn.new_game(["Ann", "Ben"], rules=thurn.Rules(expansions=("solo",)), seed=1)


# -- 4.1 One official, compulsory --------------------------------------------------------------------------------

def test_the_turn_cannot_end_without_an_official_while_one_can_help():
    """SoloPlay, 4.1: "Must use exactly one postal official per turn. Cannot skip this action" (option
    ``official=when_used``): with a card that extends the route (the Postal Carrier) the turn cannot end, nor the
    route be completed without an official."""
    s = at(hand=["Ulm"], route=ROUTE[:3], options=WHEN)
    err = illegal(s, EndTurn(), "official_compulsory")
    assert "Postal Carrier" in str(err) and err.rule == "SoloPlay, 4.1"
    illegal(s, Score(["Mannheim", "Stuttgart"], colour="red"), "official_compulsory")
    kinds = {a.kind for a in s.legal_actions()}
    assert "end" not in kinds and all(a.cartwright for a in s.legal_actions() if a.kind == "score")
    t = s.apply(CallOfficial("postal_carrier")).apply(Play("Ulm", "right"))
    assert t.step == "score" and EndTurn() in t.legal_actions()


def test_the_cartwright_is_the_turns_official_when_he_completes():
    """SoloPlay, 4.1 and 4.4d (option ``official=when_used``): completing with the Cartwright uses him as the turn's
    one official."""
    s = at(hand=["Ulm"], route=ROUTE[:3], options=WHEN)
    t = s.apply(Score(["Mannheim", "Stuttgart"], cartwright=True, colour="red", coach=4))
    assert t.player("Ann").carriages == (4,) and t.turns_taken(0) == 1


def test_no_second_official():
    """SoloPlay, 4.1: "exactly one postal official per turn" (option ``official=when_used``)."""
    s = at("draw", hand=["Kempten"], options=WHEN).apply(CallOfficial("postmaster"))
    illegal(s, CallOfficial("administrator"), "one_official_per_turn")
    s = at(hand=["Ulm", "Ingolstadt"], route=ROUTE[:3], officials=["postmaster"],
           turn={"draws": 2, "draws_allowed": 2}, options=WHEN)
    illegal(s, CallOfficial("postal_carrier"), "one_official_per_turn")
    illegal(s, Score(["Mannheim", "Stuttgart"], cartwright=True, colour="red", coach=4), "one_official_per_turn")
    assert EndTurn() in s.legal_actions()


def test_a_turn_in_which_no_official_can_help_ends_without_one_and_the_log_says_so():
    """SoloPlay, 4.1 (option ``official=when_used``: the turn cannot end without one *while one can help*): no card
    extends the route, no coach card 4 or 5 is left for the Cartwright: the turn may end, or the route be completed,
    without one."""
    s = at(hand=[], route=ROUTE[:3], carriages=[4, 4, 4, 4, 5, 5, 5, 5], options=WHEN)
    assert EndTurn() in s.legal_actions() and not any(a.cartwright for a in s.legal_actions() if a.kind == "score")
    t = s.apply(EndTurn())
    assert ("no_official", 0) in t.events
    assert any("No official can help Ann" in line and "4.1" in line for line in t.log())
    u = s.apply(Score(["Mannheim", "Stuttgart"], colour="red"))
    assert u.player("Ann").carriages[-1] == 3


# -- 4.1 The official first (option official=first, the default) -------------------------------------------------

def test_every_turn_begins_with_choosing_its_one_official():
    """SoloPlay, 4.1: "On each turn, perform the following in order: 1. Use One Official (Mandatory)": each turn
    begins in the step ``solo_official``, whose choices are the officials who can help this turn; nothing else."""
    s = at(hand=["Kempten"], route=ROUTE[:3], officials=["postmaster"]).apply(EndTurn())
    assert s.step == "solo_official" and s.turns_taken(0) == 1 and s.position()["turn"]["officials"] == []
    assert s.legal_actions() == [CallOfficial(o) for o in ("postmaster", "postal_carrier", "administrator",
                                                           "cartwright")]
    for a in (Draw(), Play("Kempten"), EndTurn(), Score(["Mannheim", "Stuttgart"], colour="red")):
        illegal(s, a, "not_now")


def test_an_official_who_cannot_help_is_not_a_choice():
    """SoloPlay, 4.1 (default): the Administrator only while a card is face up, the Postmaster only while a card is
    left to draw; the Postal Carrier and the Cartwright always."""
    s = at("solo_official", hand=["Kempten"], display=[])
    assert s.legal_actions() == [CallOfficial(o) for o in ("postmaster", "postal_carrier", "cartwright")]
    err = illegal(s, CallOfficial("administrator"), "official_not_now")
    assert "Administrator" in str(err) and "Postmaster" in str(err) and err.rule == "SoloPlay, 4.1"
    t = at("solo_official", hand=["Kempten"], display=[], deck=[], rest="penalty")
    assert t.legal_actions() == [CallOfficial("postal_carrier"), CallOfficial("cartwright")]
    illegal(t, CallOfficial("postmaster"), "official_not_now")


def test_an_empty_hand_forces_the_postmaster_as_the_turns_official():
    """SoloPlay, 4.1 with base rules, 1 (an empty hand: the Postmaster must help): he is the turn's one official."""
    s = at(hand=[], route=ROUTE[:3], officials=["postal_carrier"]).apply(EndTurn())
    assert s.step == "draw" and ("compulsory_postmaster", 0) in s.events
    assert s.position()["turn"]["officials"] == ["postmaster"] and s.position()["turn"]["draws_allowed"] == 2
    assert any("the Postmaster must help" in line for line in s.log())
    illegal(s, CallOfficial("administrator"), "official_chosen_first")
    t = s.apply(Draw()).apply(Draw())
    assert len(t.player("Ann").hand) == 2 and t.step == "play"


def test_the_postmaster_chosen_first_draws_two_cards_from_one_source():
    """SoloPlay, 4.1 and 4.2: "Postmaster: Draw 2 cards (both from same source)", chosen at the turn's start."""
    s = at("solo_official", hand=["Kempten"], deck_top=["Ulm", "Augsburg"]).apply(CallOfficial("postmaster"))
    assert s.step == "draw" and any("Postmaster" in line for line in s.log())
    t = s.apply(Draw())
    illegal(t, Draw("Lodz"), "same_source")
    assert sorted(t.apply(Draw()).player("Ann").hand) == ["Augsburg", "Kempten", "Ulm"]
    u = s.apply(Draw("Basel"))
    illegal(u, Draw(), "same_source")
    assert sorted(u.apply(Draw("Lodz")).player("Ann").hand) == ["Basel", "Kempten", "Lodz"]
    # another official: one card only
    v = at("solo_official", hand=["Kempten"], deck_top=["Ulm"]).apply(CallOfficial("cartwright")).apply(Draw())
    assert v.step == "play" and sorted(v.player("Ann").hand) == ["Kempten", "Ulm"]


def test_the_administrator_chosen_first_replaces_the_display_at_once():
    """SoloPlay, 4.1 and 3 ("Discard Pile 1: ... Administrator use"): the six face-up cards go to pile 1 and six new
    ones are dealt, before the turn's draw."""
    s = at("solo_official", hand=["Kempten"], deck_top=["Ulm", "Ulm", "Augsburg", "Linz", "Pilsen", "Zürich"])
    t = s.apply(CallOfficial("administrator"))
    assert t.step == "draw" and t.pile("penalty") == list(DISPLAY)
    assert sorted(t.position()["display"]) == sorted(["Ulm", "Ulm", "Augsburg", "Linz", "Pilsen", "Zürich"])
    assert t.apply(Draw("Linz")).step == "play"


def test_the_postal_carrier_chosen_first_plays_a_second_card_if_one_can_be_played():
    """SoloPlay, 4.1 and 4.3: "Postal Carrier (Coachman): Play a second card (if legal)": chosen first, he lets the
    turn play a second card; when none can be played the turn goes on without it (event ``second_card_skipped``)."""
    s = at("solo_official", hand=["Ulm", "Kempten"], route=ROUTE[:3], deck_top=["Pilsen"])
    t = s.apply(CallOfficial("postal_carrier")).apply(Draw()).apply(Play("Ulm", "right"))
    assert t.step == "play" and t.legal_actions() == [Play("Kempten", "right")]
    illegal(t, EndTurn(), "must_play")
    u = t.apply(Play("Kempten", "right"))
    assert list(u.player("Ann").route) == ROUTE[:3] + ["Ulm", "Kempten"] and u.step == "score"
    v = at("solo_official", hand=["Ulm", "Lodz"], route=ROUTE[:3], deck_top=["Pilsen"])
    w = v.apply(CallOfficial("postal_carrier")).apply(Draw()).apply(Play("Ulm", "right"))
    assert w.step == "score" and ("second_card_skipped", 0) in w.events
    assert any("No second card can be played" in line for line in w.log())
    # without him: one card
    x = v.apply(CallOfficial("cartwright")).apply(Draw()).apply(Play("Ulm", "right"))
    assert x.step == "score" and not x.events


def test_the_cartwright_chosen_first_helps_the_completion_and_only_he():
    """SoloPlay, 4.1 and 4.4d: the Cartwright chosen at the turn's start lets its completion take a coach card one or
    two longer; without having chosen him that is refused (reason ``cartwright_not_chosen``)."""
    s = at("solo_official", hand=["Ulm"], route=ROUTE[:3])
    t = s.apply(CallOfficial("cartwright"))
    assert t.step == "draw" and any("chooses the Cartwright" in line for line in t.log())
    t = t.apply(Draw()).apply(Play("Ulm", "right"))
    assert {k for _, _, k in scores(t, "red", cartwright=True)} == {5, 6}
    assert {k for _, _, k in scores(t, "red")} == {None}                  # the exact length too
    u = t.apply(Score(["Mannheim", "Stuttgart"], cartwright=True, colour="red", coach=5))
    assert u.player("Ann").carriages == (5,) and u.turns_taken(0) == 1 and u.step == "solo_official"
    for other in ("postmaster", "postal_carrier", "administrator"):
        v = s.apply(CallOfficial(other)).apply(Draw())
        v = v.apply(Play("Ulm", "right")) if v.step == "play" else v.apply(Draw()).apply(Play("Ulm", "right"))
        if v.step == "play":                                            # (the Postal Carrier's second card)
            v = v.apply(next(a for a in v.legal_actions() if a.kind == "play"))
        assert not scores(v, cartwright=True)
        err = illegal(v, Score(["Mannheim", "Stuttgart"], cartwright=True, colour="red", coach=6),
                      "cartwright_not_chosen")
        assert "Cartwright" in str(err) and err.rule == "SoloPlay, 4.1"


def test_no_official_is_called_after_the_first_step():
    """SoloPlay, 4.1: "exactly one postal official per turn", chosen first: in the later steps no official may be
    called (reason ``official_chosen_first``), and the turn may end without calling one again."""
    s = at("solo_official", hand=["Ulm", "Lodz"], route=ROUTE[:3], deck_top=["Kempten"])
    s = s.apply(CallOfficial("cartwright"))
    for step_action in (Draw(), Play("Ulm", "right")):
        assert s.step in ("draw", "play") and not any(a.kind == "official" for a in s.legal_actions())
        for o in ("postmaster", "postal_carrier", "administrator", "cartwright"):
            illegal(s, CallOfficial(o), "official_chosen_first")
        s = s.apply(step_action)
    assert s.step == "score" and EndTurn() in s.legal_actions()
    illegal(s, CallOfficial("postal_carrier"), "official_chosen_first")
    t = s.apply(EndTurn())
    assert t.step == "solo_official" and ("no_official", 0) not in t.events


def test_exactly_one_official_every_turn():
    """SoloPlay, 4.1: "Must use exactly one postal official per turn. Cannot skip this action" (default): in games of
    random legal actions every turn ends with one official, counted once."""
    import random
    for seed in range(2):
        rng = random.Random(seed)
        s = thurn.new_game(["Ann"], rules=thurn.Rules(expansions=("solo",)), seed=seed)
        turns = 0
        for _ in range(400):
            if s.is_over or turns == 40:
                break
            t = s.apply(rng.choice(s.legal_actions()))
            if t.turns_taken(0) > s.turns_taken(0) or t.is_over:
                assert len(s.ruleset.officials.counted(s)) == 1 or t.is_over, (seed, turns, s.position()["turn"])
                turns += 1
            s = t
        assert turns >= 20


# -- 4.2 Drawing: the Postmaster's two cards from one source ----------------------------------------------------

def test_the_postmaster_draws_both_cards_from_the_deck_or_both_from_the_display():
    """SoloPlay, 4.2: "Postmaster: Draw 2 cards (both from same source)" (option ``official=when_used``: called at
    the draw)."""
    s = at("draw", hand=["Kempten"], deck_top=["Ulm", "Augsburg"], options=WHEN).apply(CallOfficial("postmaster"))
    t = s.apply(Draw())
    assert t.step == "draw" and {a.kind for a in t.legal_actions()} == {"draw"}
    assert [a.city for a in t.legal_actions()] == [None]
    err = illegal(t, Draw("Lodz"), "same_source")
    assert "deck" in str(err) and err.rule == "SoloPlay, 4.2"
    assert sorted(t.apply(Draw()).player("Ann").hand) == ["Augsburg", "Kempten", "Ulm"]
    u = s.apply(Draw("Basel"))
    illegal(u, Draw(), "same_source")
    assert all(a.city is not None for a in u.legal_actions())
    assert sorted(u.apply(Draw("Lodz")).player("Ann").hand) == ["Basel", "Kempten", "Lodz"]


def test_the_postmaster_called_after_the_first_card_keeps_its_source():
    """SoloPlay, 4.2 with base rules, 1 (option ``official=when_used``: the Postmaster may be called after the first
    card): the second card comes from where the first came."""
    s = at("draw", hand=["Kempten"], deck_top=["Ulm", "Augsburg"], options=WHEN).apply(Draw("Passau"))
    assert s.step == "play"
    t = s.apply(CallOfficial("postmaster"))
    illegal(t, Draw(), "same_source")
    assert sorted(t.apply(Draw("Basel")).player("Ann").hand) == ["Basel", "Kempten", "Passau"]


def test_a_card_drawn_from_the_display_is_replaced_at_once_from_the_deck():
    """SoloPlay, 4.2: "If drawing from board, immediately refill with top card from draw deck"."""
    s = at("draw", hand=["Kempten"], deck_top=["Ulm", "Augsburg"]).apply(Draw("Basel"))
    assert sorted(s.position()["display"]) == sorted(["Lodz", "Lodz", "Basel", "Passau", "Passau", "Ulm"])
    assert s.position()["deck"][0] == "Augsburg"


# -- 4.3 Playing cards -------------------------------------------------------------------------------------------

def test_the_postal_carrier_plays_a_second_card():
    """SoloPlay, 4.3: "Postal Carrier (Coachman): Play a second card (if legal)" (option ``official=when_used``)."""
    s = at(hand=["Ulm", "Lodz"], route=ROUTE[:3], options=WHEN)
    t = s.apply(CallOfficial("postal_carrier"))
    illegal(t, Play("Lodz", "right"), "no_road")
    t = t.apply(Play("Ulm", "right"))
    assert list(t.player("Ann").route) == ROUTE[:4] and t.step == "score"
    illegal(t, CallOfficial("postal_carrier"), "one_official_per_turn")


def test_a_card_already_in_the_route_or_not_joined_by_a_road_is_refused():
    """SoloPlay, 4.3: "Card must: Be connected by road to the end city of current route. Not already be in the
    current route"."""
    s = at("play", hand=["Mannheim", "Lodz"], route=["Mannheim", "Carlsruhe"])
    illegal(s, Play("Mannheim", "left"), "city_in_route")
    illegal(s, Play("Lodz", "right"), "no_road")


def test_a_route_given_up_goes_to_discard_pile_1():
    """SoloPlay, 4.3: "If unable or unwilling to play legally, discard entire current route and start a new one";
    3: "Discard Pile 1: For hand limits, failed routes, Administrator use"."""
    s = at("play", hand=["Lodz"], route=["Mannheim", "Carlsruhe"])
    t = s.apply(Play("Lodz"))
    assert t.pile("penalty") == ["Mannheim", "Carlsruhe"] and t.position()["discard"] == []


# -- 4.4 Completing a route --------------------------------------------------------------------------------------

def test_a_route_needs_three_cards_to_be_completed():
    """SoloPlay, 4.4: "May complete route if it has 3 or more cards": a route of 2 that no official can lengthen
    ends the turn; one the Postal Carrier can lengthen is not completed."""
    s = at("play", hand=["Carlsruhe", "Lodz"], route=["Mannheim"], officials=["postmaster"],
           turn={"draws": 2, "draws_allowed": 2})
    t = s.apply(Play("Carlsruhe", "right"))
    assert ("turn_ends_short", 0) in t.events and t.turns_taken(0) == 1 and t.player("Ann").carriages == ()
    u = at(hand=["Stuttgart"], route=ROUTE[:2])
    err = u.why_illegal(Score(["Mannheim"], colour="red"))
    illegal(u, Score(["Mannheim"], colour="red"), err.reason)
    assert err.reason in ("route_too_short", "official_compulsory") and not scores(u) and not scores(u, cartwright=True)


def test_completion_places_houses_of_the_declared_colour_option_1_or_option_2():
    """SoloPlay, 4.4a-b: the colour declared; "Option 1: One house in one city per region along the route. Option 2:
    One house in each city within one region on the route"."""
    s = at(hand=[], route=["Ulm", "Augsburg", "München"], officials=["postmaster"])
    assert {h for h, c, _ in scores(s) if c == "red"} == {
        frozenset({"Ulm", "Augsburg"}), frozenset({"Ulm", "München"}),              # option 1
        frozenset({"Ulm"}), frozenset({"Augsburg", "München"})}                     # option 2
    assert {c for _, c, _ in scores(s)} == set(COLOURS)
    illegal(s, Score(["Ulm", "Augsburg", "München"], colour="red"), "not_a_placement")
    t = s.apply(Score(["Augsburg", "München"], colour="red"))
    assert placed(t)["red"] == {"Augsburg", "München"} and left(t)["red"] == 17
    assert all(not placed(t)[c] and left(t)[c] == 19 for c in ("blue", "green", "yellow"))
    illegal(s, Score(["Ulm"], colour="purple"), "unknown_colour")


@pytest.mark.parametrize("n,tile", [(5, ("route_5", 2)), (6, ("route_6", 3)), (7, ("route_7", 4))])
def test_a_distance_tile_for_a_route_of_5_6_7(n, tile):
    """SoloPlay, 4.4c: "Distance: Take top tile from 5-, 6-, or 7-route pile if route length matches or exceeds"."""
    s = at(hand=[], route=ROUTE[:n], officials=["postmaster"])
    a = next(a for a in s.legal_actions() if a.kind == "score" and a.colour == "blue")
    t = s.apply(a)
    assert tiles(t)[0] == tile and t.position()["stacks"][tile[0]] == [v for v in (4, 3, 2, 1) if v < tile[1]][:2]
    assert t.player("Ann").carriages == (n,)


@pytest.mark.parametrize("n,empty,tile", [(7, ["route_7"], ("route_6", 3)), (7, ["route_7", "route_6"], ("route_5", 2)),
                                          (6, ["route_6"], ("route_5", 2)), (5, ["route_5"], None)])
def test_an_empty_distance_stack_gives_the_next_lower(n, empty, tile):
    """SoloPlay, 4.4c: "If unavailable, take next lower"."""
    taken = {"route_7": [["route_7", v] for v in (4, 3, 2)], "route_6": [["route_6", v] for v in (3, 2, 1)],
             "route_5": [["route_5", 2], ["route_5", 1]]}
    s = at(hand=[], route=ROUTE[:n], officials=["postmaster"], tiles=[t for e in empty for t in taken[e]])
    t = s.apply(next(a for a in s.legal_actions() if a.kind == "score" and a.colour == "blue"))
    new = tiles(t)[len(tiles(s)):]
    assert new == ([tile] if tile else [])


def test_a_region_tile_when_the_colour_has_a_house_in_every_city_of_the_region():
    """SoloPlay, 4.4c: "Region: If all cities in a region (or region pair) now have your house, take top tile from
    corresponding stack"; FAQ: "Region bonuses are claimed when you complete a route that gives you the final city
    needed for the region"; the stacks lie lowest on top (3)."""
    s = at(hand=[], route=["Freiburg", "Basel", "Zürich"], officials=["postmaster"],
           houses={"red": ["Mannheim", "Carlsruhe"], "blue": ["Mannheim", "Carlsruhe"]})
    t = s.apply(Score(["Freiburg", "Basel"], colour="red"))
    assert tiles(t) == [("baden", 1)] and t.position()["stacks"]["baden"] == [2, 3]
    u = at(hand=[], route=["Freiburg", "Basel", "Zürich"], officials=["postmaster"],
           houses={"red": ["Mannheim"], "blue": ["Carlsruhe"]})
    assert tiles(u.apply(Score(["Freiburg", "Basel"], colour="red"))) == []      # another colour's house: no tile


def test_the_region_tile_of_a_second_colour():
    """SoloPlay, 4.4c with option regions=colour (the default): each colour completes a region for itself, and the
    second takes the next tile of the stack (3: "Limit to 3 of each type")."""
    s = at(hand=[], route=["Freiburg", "Basel", "Zürich"], officials=["postmaster"], tiles=[["baden", 1]],
           houses={"red": BADEN, "blue": ["Mannheim", "Carlsruhe"]})
    t = s.apply(Score(["Freiburg", "Basel"], colour="blue"))
    assert tiles(t) == [("baden", 1), ("baden", 2)]


def bonus_position(**kw):
    """Ann holds a tile of four provinces; completing Böhmen/Salzburg in red gives her the fifth."""
    return at(hand=[], route=["Linz", "Budweis", "Pilsen"], officials=["postmaster"],
              tiles=[["baden", 1], ["wurttemberg_hohenzollern", 1], ["schweiz_tyrol", 1], ["baiern", 3]],
              houses={"blue": BADEN + ["Stuttgart", "Ulm", "Sigmaringen"], "green": ["Basel", "Zürich", "Innsbruck"],
                      "yellow": BAIERN, "red": ["Pilsen", "Budweis", "Salzburg"]}, **kw)


def test_the_bonus_scoring_tile_with_a_tile_of_each_province():
    """SoloPlay, 4.4c: "If you now have one tile from each province, take the 1-point 'Game End' tile. Then: Place
    it on any province stack. Take the top tile from that stack"."""
    s = bonus_position()
    t = s.apply(Score(["Linz"], colour="red"))
    assert tiles(t)[-2:] == [("bohmen_salzburg", 2), ("game_end", 1)]
    assert t.step == "solo_bonus" and t.position()["stacks"]["game_end"] == []
    assert {a.stack for a in t.legal_actions()} == {"Baden", "Württemberg/Hohenzollern", "Schweiz/Tyrol", "Baiern",
                                                     "Böhmen/Salzburg"}
    illegal(t, PlaceBonusTile("route of 7 or more"), "not_a_province_stack")
    illegal(t, EndTurn(), "not_now")
    u = t.apply(PlaceBonusTile("Baiern"))
    assert tiles(u)[-1] == ("baiern", 4) and u.position()["stacks"]["baiern"] == [5]
    assert solo(u).marker == B.stacks.index(B.stack("baiern")) and u.step == "solo_bottom"     # (the hand is empty)
    illegal(s, PlaceBonusTile("Baiern"), "no_bonus_tile")


def test_the_bonus_scoring_tile_again_at_each_completion_of_its_region():
    """SoloPlay, 4.4c: "You may continue using this ability each time you complete a region in a stack containing
    the 1-point tile" (option bonus_tile=repeat, the default: one tile more from that stack)."""
    t = repeat_position({})
    assert tiles(t)[-2:] == [("baiern", 4), ("baiern", 5)] and t.position()["stacks"]["baiern"] == []


def repeat_position(options):
    """The 1-point tile lies on Baiern (taken earlier); green completes Baiern with Passau."""
    s = at(hand=[], route=["Regensburg", "Passau", "Linz"], officials=["postmaster"], options=options,
           tiles=[["baiern", 3], ["game_end", 1]], solo={"marker": B.stacks.index(B.stack("baiern"))},
           houses={"yellow": BAIERN, "green": [c for c in BAIERN if c != "Passau"]})
    return s.apply(Score(["Passau", "Linz"], colour="green"))


def test_the_coach_card_of_the_exact_length():
    """SoloPlay, 4.4d: "Must take coach card matching exact route length (e.g., 5-card route -> take Coach 5)"."""
    s = at(hand=[], route=ROUTE[:5], officials=["postmaster"])
    assert {k for _, _, k in scores(s)} == {None}
    t = s.apply(next(a for a in s.legal_actions() if a.kind == "score"))
    assert t.player("Ann").carriages == (5,) and t.position()["carriages_left"]["5"] == 3
    illegal(s, Score(["Mannheim", "Stuttgart", "Augsburg"], colour="red", coach=6), "coach_not_eligible")


def test_no_coach_card_of_the_length_left_the_route_cannot_be_completed():
    """SoloPlay, 4.4d: "If no matching or eligible coach card exists, must abandon the route"; FAQ: "What if I can't
    take a coach card when completing a route? You must abandon the route"."""
    s = at(hand=[], route=ROUTE[:4], officials=["postmaster"], carriages=[4, 4, 4, 4])
    err = illegal(s, Score(["Mannheim", "Stuttgart"], colour="red"), "no_coach")
    assert err.rule == "SoloPlay, 4.4d" and "cannot be completed" in str(err)
    assert not scores(s) and EndTurn() in s.legal_actions()


@pytest.mark.parametrize("official", ["first", "when_used"])
def test_the_cartwright_takes_a_coach_card_one_or_two_longer(official):
    """SoloPlay, 4.4d: "Cartwright (Wainwright): May take coach card if route is 1 or 2 cards short (e.g., 4-card
    route -> take Coach 5 or 6)"; by default (4.1) he was chosen as the turn's official at its start."""
    chosen = ["cartwright"] if official == "first" else []
    kw = dict(hand=[], route=ROUTE[:4], officials=chosen, options={"official": official})
    s = at(**kw)
    assert {k for _, _, k in scores(s, "red", cartwright=True)} == {5, 6}
    illegal(s, Score(["Mannheim", "Stuttgart"], cartwright=True, colour="red"), "coach_needed")
    illegal(s, Score(["Mannheim", "Stuttgart"], cartwright=True, colour="red", coach=7), "coach_not_eligible")
    illegal(s, Score(["Mannheim", "Stuttgart"], cartwright=True, colour="red", coach=4), "coach_not_eligible")
    t = s.apply(Score(["Mannheim", "Stuttgart"], cartwright=True, colour="red", coach=6))
    assert t.player("Ann").carriages == (6,) and t.step == "solo_bottom"
    assert t.ruleset.officials.counted(t) == ("cartwright",)
    u = at(carriages=[6, 6, 6, 6], **kw)
    assert {k for _, _, k in scores(u, "red", cartwright=True)} == {5}
    # the coach is named with the Cartwright even where one is left, as legal_actions lists it (issue 33)
    err = illegal(u, Score(["Mannheim", "Stuttgart"], cartwright=True, colour="red"), "coach_needed")
    assert "coach=5" in str(err)
    assert u.apply(Score(["Mannheim", "Stuttgart"], cartwright=True, colour="red", coach=5)).player("Ann").carriages[-1] == 5
    if official == "first":                 # (when_used: the Cartwright must still help this turn, 4.1)
        illegal(u, Score(["Mannheim", "Stuttgart"], colour="red", coach=4), "no_coach_choice")    # the route decides
    v = at(carriages=[5, 5, 5, 5, 6, 6, 6, 6], **kw)
    illegal(v, Score(["Mannheim", "Stuttgart"], cartwright=True, colour="red", coach=5), "no_carriage_left")


def test_completed_route_cards_go_to_discard_pile_2_and_the_hand_is_cut_to_3_into_pile_1():
    """SoloPlay, 4.4e: "Place all route cards into Discard Pile 2 (completed routes). Reduce hand to 3 cards max;
    excess go to Discard Pile 1"."""
    hand = ["Lodz", "Passau", "Kempten", "Würzburg", "Pilsen"]
    s = at(hand=hand, route=ROUTE[:3], officials=["postmaster"], display=["Basel"] * 3 + ["Freiburg"] * 3)
    t = s.apply(Score(["Mannheim", "Stuttgart"], colour="red"))
    assert t.position()["discard"] == ROUTE[:3] and t.step == "keep"
    illegal(t, Keep(["Lodz", "Passau"]), "keep_count")
    u = t.apply(Keep(["Lodz", "Passau", "Kempten"]))
    assert sorted(u.pile("penalty")) == ["Pilsen", "Würzburg"] and sorted(u.player("Ann").hand) == [
        "Kempten", "Lodz", "Passau"]


def test_after_pile_2_became_the_deck_completed_routes_go_to_its_own_pile():
    """SoloPlay, 4.7 with FAQ ("Shuffle Discard Pile 2 ... to form a new deck"): pile 2 is shuffled once; the cards
    of the routes completed after that lie apart (pile "completed") and are never shuffled again."""
    s = at(hand=[], route=ROUTE[:3], officials=["postmaster"], shuffles=2)
    t = s.apply(Score(["Mannheim", "Stuttgart"], colour="red"))
    assert t.pile("completed") == ROUTE[:3] and t.position()["discard"] == []


# -- 4.5 The colour series ---------------------------------------------------------------------------------------

def test_a_colour_is_used_once_a_series_then_all_four_again():
    """SoloPlay, 4.5: "Must complete one route of each color before reusing any color ... move its route house to
    the face-down principal firm card ... When all 4 colors are used, move all route houses back to the Route
    Planner. A new series begins"; FAQ: "Can I use the same color twice in a row? No"."""
    s = at(hand=[], route=ROUTE[:3], officials=["postmaster"], solo={"planner": ["blue", "red", "yellow"]})
    err = illegal(s, Score(["Mannheim", "Stuttgart"], colour="green"), "colour_used")
    assert "blue, red, yellow" in str(err)
    assert {c for _, c, _ in scores(s)} == {"blue", "red", "yellow"}
    t = s.apply(Score(["Mannheim", "Stuttgart"], colour="red"))
    assert solo(t).planner == ("blue", "yellow")
    assert any("red route house goes to the Completion card" in line for line in t.log())
    u = at(hand=[], route=ROUTE[:3], officials=["postmaster"], solo={"planner": ["yellow"]})
    v = u.apply(Score(["Mannheim", "Stuttgart"], colour="yellow"))
    assert solo(v).planner == COLOURS                                   # a new series


def test_the_same_colour_twice_in_a_row_is_refused_through_play():
    """SoloPlay, FAQ: "Can I use the same color twice in a row? No. Must complete one route of each of the other
    three colors first" (two completions in two turns)."""
    s = at(hand=["Innsbruck", "Salzburg", "Linz"], route=ROUTE[:3], officials=["postmaster"],
           deck_top=["Passau"] * 3, display=["Basel"] * 3 + ["Freiburg"] * 3)
    s = finish_turn(s.apply(Score(["Mannheim", "Stuttgart"], colour="red")))
    assert s.step == "solo_official"                                    # (4.1: the official first)
    s = s.apply(CallOfficial("postal_carrier")).apply(Draw()).apply(Play("Innsbruck")).apply(Play("Salzburg", "right"))
    s = finish_turn(s)
    s = s.apply(CallOfficial("cartwright")).apply(Draw()).apply(Play("Linz", "right"))
    assert len(s.player("Ann").route) == 3 and s.step == "score"
    opts = scores(s) | scores(s, cartwright=True)
    assert {k for _, _, k in scores(s, cartwright=True)} == {4, 5}
    assert "red" not in {c for _, c, _ in opts} and {c for _, c, _ in opts} == {"blue", "green", "yellow"}


# -- 4.6 The hand-management bonus -------------------------------------------------------------------------------

def test_the_hand_management_bonus_with_an_empty_hand():
    """SoloPlay, 4.6: "If you complete a route and end with 0 cards in hand, you may: Take up to 3 cards from the
    faceup board cards and place them in any order on the bottom of the draw deck"; 4.7: the display is refilled."""
    s = at(hand=[], route=ROUTE[:3], officials=["postmaster"], deck_top=["Ulm", "Kempten", "Linz"])
    t = s.apply(Score(["Mannheim", "Stuttgart"], colour="red"))
    assert t.step == "solo_bottom"
    legal = t.legal_actions()
    assert BottomCards(()) in legal and all(len(a.cards) <= 3 for a in legal)
    assert BottomCards(("Passau", "Lodz", "Basel")) in legal and BottomCards(("Basel", "Lodz", "Passau")) in legal
    illegal(t, BottomCards(("Lodz", "Lodz", "Basel", "Passau")), "too_many_cards")
    illegal(t, BottomCards(("Ulm",)), "not_in_display")
    u = t.apply(BottomCards(("Passau", "Lodz", "Basel")))
    deck = u.position()["deck"]
    assert deck[-3:] == ["Passau", "Lodz", "Basel"]                  # in the order named, the last lowest
    display = u.position()["display"]
    assert None not in display and Counter(display) == Counter(["Lodz", "Basel", "Passau", "Ulm", "Kempten", "Linz"])


def test_no_hand_management_bonus_with_a_card_left():
    """SoloPlay, FAQ: "Can I use the Hand Management Bonus if I have cards left? No. Only if your hand is exactly 0
    after completing the route"."""
    s = at(hand=["Lodz"], route=ROUTE[:3], officials=["postmaster"], display=["Basel"] * 3 + ["Freiburg"] * 3)
    t = s.apply(Score(["Mannheim", "Stuttgart"], colour="red"))
    assert t.turns_taken(0) == 1
    err = illegal(t, BottomCards(("Basel",)), "no_hand_bonus")
    assert err.rule == "SoloPlay, 4.6"
    u = at(hand=[], route=ROUTE[:3], officials=["postmaster"])
    illegal(u, BottomCards(()), "no_hand_bonus")                    # and none without a completion


# -- 4.7 Refill; the new deck from pile 2 ------------------------------------------------------------------------

def test_the_new_deck_is_made_from_pile_2_never_from_pile_1():
    """SoloPlay, 4.7: "If draw deck runs out, shuffle Discard Pile 2 (completed route cards) to form a new deck. Do
    not use Discard Pile 1"; FAQ: "Discard Pile 1 is never reshuffled"."""
    pile2 = ["Ulm", "Ulm", "Augsburg", "München", "Salzburg"]
    s = at("draw", hand=["Kempten"], deck=[], discard=pile2, rest="penalty")
    before = s.pile("penalty")
    assert len(before) == 66 - 6 - 1 - 5
    t = s.apply(Draw())
    assert t.position()["shuffles"] == 2 and t.position()["discard"] == []
    assert Counter(t.position()["deck"]) + Counter(t.player("Ann").hand) == Counter(pile2 + ["Kempten"])
    assert t.pile("penalty") == before and not t.is_over and solo(t).ended == ""


def test_discard_pile_1_counts_and_is_never_drawn():
    """SoloPlay, 4.7 and 6: the deck exhausted with pile 2 empty ends the game, whatever lies on pile 1."""
    s = at("draw", hand=["Kempten"], deck=["Ulm"], rest="penalty")
    t = s.apply(Draw())
    assert solo(t).ended == "deck" and t.position()["deck"] == [] and len(t.pile("penalty")) == 58


# -- 6 The end and the final steps -------------------------------------------------------------------------------

def test_the_game_ends_when_the_deck_is_exhausted_after_pile_2_was_used():
    """SoloPlay, 6: "City card supply deck is exhausted (after possible shuffle of Discard Pile 2)": the turn is
    played to its end (its route may still be completed: Final Steps, "Complete current route if possible"); then
    "Place all cards in hand onto Discard Pile 1 ... Do not score remaining draw deck or board cards"."""
    s = at("draw", hand=["Kempten"], route=["Freiburg", "Basel"], deck=["Zürich"], rest="completed", shuffles=2,
           officials=["cartwright"])
    before = len(s.pile("penalty"))
    t = s.apply(Draw())
    assert solo(t).ended == "deck" and not t.is_over and t.step == "play"
    assert any("deck is exhausted" in line for line in t.log())
    u = t.apply(Play("Zürich", "right")).apply(Score(["Freiburg", "Basel"], cartwright=True, colour="red", coach=4))
    assert u.is_over and u.player("Ann").carriages == (4,) and u.player("Ann").hand == ()
    assert u.pile("completed")[-3:] == ["Freiburg", "Basel", "Zürich"]
    assert u.pile("penalty") == s.pile("penalty") + ["Kempten"] and len(u.pile("penalty")) == before + 1
    assert any("Final steps" in line and "Kempten" in line and "discard pile 1" in line for line in u.log())
    rec = score_record(u, 0)
    assert rec["discard_penalty"] == -((before + 1) // 2)           # the display is not scored
    assert rec["total"] == rec["tiles"] + rec["coach_sets"] + rec["houses_left"] + rec["discard_penalty"]


def test_final_steps_put_the_incomplete_route_and_the_hand_on_pile_1():
    """SoloPlay, 6, Final Steps: "Discard all incomplete routes. Place all cards in hand onto Discard Pile 1
    (counted for penalty)"."""
    s = at("draw", hand=["Kempten", "Lodz"], route=["Freiburg", "Basel"], deck=["Würzburg"], rest="completed",
           shuffles=2)
    t = s.apply(Draw()).apply(Play("Würzburg"))           # the route Freiburg–Basel is given up: pile 1
    assert t.is_over
    assert Counter(t.pile("penalty")) == Counter(["Freiburg", "Basel", "Kempten", "Lodz", "Würzburg"])
    assert score_record(t, 0)["discard_penalty"] == -2
    assert solo(t).ended == "deck"


def test_the_game_ends_when_a_colour_of_houses_is_exhausted():
    """SoloPlay, 6: "One color of houses is exhausted during route completion"."""
    red = [c for c in CITIES if c not in ROUTE[:3]][:18]
    s = at(hand=[], route=ROUTE[:3], officials=["postmaster"], houses={"red": red})
    assert left(s)["red"] == 1
    assert scores(s, "red") == {(frozenset({"Mannheim"}), "red", None), (frozenset({"Carlsruhe"}), "red", None),
                                (frozenset({"Stuttgart"}), "red", None)}
    t = s.apply(Score(["Stuttgart"], colour="red"))
    assert left(t)["red"] == 0 and solo(t).ended == "houses"
    t = finish_turn(t)
    assert t.is_over and t.result()["rating"] == "no victory"
    u = s.apply(Score(["Mannheim", "Stuttgart"], colour="blue"))
    assert solo(u).ended == "" and not finish_turn(u).is_over


# -- 5 Coach sets; 6 the score -----------------------------------------------------------------------------------

def test_the_coach_set_example():
    """SoloPlay, 5: "Example: Coaches 3,3,3,4,4,5,5,6,6,6,7 -> three sets: (3,4,5,6,7)=10, (3,4,5,6)=7, (3)=2 ->
    Total: 19 pts"."""
    coaches = [3, 3, 3, 4, 4, 5, 5, 6, 6, 6, 7]
    assert coach_sets(coaches) == (7, 6, 3) and coach_points(coaches) == 19
    s = at("over", carriages=coaches, end_triggered_by=0)
    assert score_record(s, 0)["coach_sets"] == 19


@pytest.mark.parametrize("coaches", [(3,), (3, 4), (3, 4, 5), (3, 4, 5, 6), (3, 4, 5, 6, 7)])
def test_each_coach_set_value(coaches):
    """SoloPlay, 5: "(3,4,5,6,7) = 10 pts, (3,4,5,6) = 7, (3,4,5) = 5, (3,4) = 3, Single (3) = 2"."""
    assert coach_points(coaches) == SET_POINTS[coaches]
    assert score_record(at("over", carriages=list(coaches), end_triggered_by=0), 0)["coach_sets"] == SET_POINTS[coaches]


@pytest.mark.parametrize("coaches,points", [((4, 5, 6, 7), 0), ((7, 7, 7), 0), ((3, 5, 6, 7), 2),
                                            ((3, 3, 4, 6, 7), 5), ((3, 3, 3, 3, 4, 4, 4, 4), 12)])
def test_higher_coach_cards_without_the_lower_ones_score_nothing(coaches, points):
    """SoloPlay, 5: "Score at end based on consecutive sets starting at 3 ... Higher cards without lower ones do not
    score"."""
    assert coach_points(coaches) == points
    assert score_record(at("over", carriages=list(coaches), end_triggered_by=0), 0)["coach_sets"] == points


def houses_with_left(n: int) -> dict:
    """Houses placed so that ``n`` are left in all (of 76), spread over the colours."""
    out, todo = {}, 76 - n
    for c in COLOURS:
        k = min(19, todo)
        out[c] = CITIES[:k]
        todo -= k
    return out


@pytest.mark.parametrize("n", range(3, 14))
def test_the_remaining_houses_table(n):
    """SoloPlay, 6.3: "Total all unused houses (all colors combined): 3 left = +15 pts, 4 = +10, 5 = +7, 6 = +5,
    7 = +2, 8 or 9 = 0, 10+ = -1 pt per house over 8"."""
    expected = HOUSES_TABLE[n] if n in HOUSES_TABLE else -(n - 8)
    assert houses_left_points(n) == expected
    s = at("over", houses=houses_with_left(n), end_triggered_by=0)
    assert s.players[0].houses_left == n and score_record(s, 0)["houses_left"] == expected


@pytest.mark.parametrize("cards,points", [(0, 0), (1, 0), (2, -1), (3, -1), (4, -2), (7, -3), (30, -15)])
def test_the_discard_penalty(cards, points):
    """SoloPlay, 6.4: "-1 point for every 2 cards in Discard Pile 1 (round down)"; 5: "1 point per 2 cards
    discarded"."""
    assert penalty(cards) == points
    s = at("over", deck=[], rest="completed", penalty_pile=spare(cards), end_triggered_by=0)
    assert score_record(s, 0)["discard_penalty"] == points


def test_the_total_score_and_its_parts():
    """SoloPlay, 6: "Total Score = Bonus Tiles + Coach Sets + Remaining Houses - Discard Penalty"."""
    houses = houses_with_left(6)
    houses["red"] = BADEN + houses["red"][:16]
    houses["red"] = list(dict.fromkeys(houses["red"]))[:19]
    s = at("over", houses=houses, end_triggered_by=0, carriages=[3, 4, 5, 3, 7],
           tiles=[["route_7", 4], ["route_5", 2], ["baden", 1], ["game_end", 1]], solo={"marker": 4},
           deck=[], rest="completed", penalty_pile=CITIES[:5])
    lefts = s.players[0].houses_left
    rec = score_record(s, 0)
    expected = {"tiles": 8, "coach_sets": 5 + 2, "houses_left": houses_left_points(lefts), "discard_penalty": -2}
    assert {k: rec[k] for k in expected} == expected
    assert rec["total"] == sum(expected.values()) == s.result()["score"]


@pytest.mark.parametrize("total,rating", [(47, "no victory"), (48, "minor victory"), (53, "minor victory"),
                                          (54, "major victory"), (59, "major victory"), (60, "complete victory"),
                                          (30, "no victory")])
def test_the_ratings(total, rating):
    """SoloPlay, 1: "Score 48 or more ... 48-53: Minor Victory, 54-59: Major Victory, 60+: Complete Victory"."""
    # all 20 coach cards (4 full sets: 40), 3 houses left (15), tiles 5: 60, less a point per two cards in pile 1
    k = 60 - total
    s = at("over", houses=houses_with_left(3), end_triggered_by=0, carriages=[3, 4, 5, 6, 7] * 4,
           tiles=[["route_6", 3], ["route_5", 2]], deck=[], rest="completed", penalty_pile=spare(2 * k))
    assert s.result()["score"] == total and s.result()["rating"] == rating


# -- FAQ: a city where the colour has a house --------------------------------------------------------------------

def test_a_card_of_a_city_with_a_house_plays_but_no_second_house_of_that_colour():
    """SoloPlay, FAQ: "Can I place a house in a city that already has one of my houses? Yes, but you cannot place a
    second house there. The city card can still be played" (a house of another colour may go there: each colour
    builds on its own)."""
    s = at("play", hand=["Ulm"], route=["Carlsruhe", "Stuttgart"], houses={"red": ["Ulm"]})
    t = s.apply(Play("Ulm", "right"))
    assert list(t.player("Ann").route) == ["Carlsruhe", "Stuttgart", "Ulm"]
    t = at(hand=[], route=["Carlsruhe", "Stuttgart", "Ulm"], officials=["postmaster"], houses={"red": ["Ulm"]})
    err = illegal(t, Score(["Carlsruhe", "Ulm"], colour="red"), "already_has_house")
    assert "red" in str(err)
    assert all("Ulm" not in h for h, _, _ in scores(t, "red"))
    assert frozenset({"Stuttgart"}) in {h for h, _, _ in scores(t, "red")}        # option 2: Württemberg, Ulm skipped
    u = t.apply(Score(["Carlsruhe", "Ulm"], colour="blue"))
    assert placed(u)["blue"] == {"Carlsruhe", "Ulm"} and placed(u)["red"] == {"Ulm"}


# -- The readings (OPTIONS) --------------------------------------------------------------------------------------

def test_every_option_has_a_default_first_and_an_alternative():
    """The readings the manual leaves open (thurn.expansions.solo.rules.OPTIONS), each tested below, default and not."""
    assert set(OPTIONS) == {"difficulty", "regions", "houses_left", "colour_declared", "bonus_tile", "long_routes",
                            "official", "cartwright", "administrator"}
    rules = thurn.Rules(expansions=("solo",))
    for name, (default, values, meaning) in OPTIONS.items():
        assert default in values and len(values) >= 2 and meaning
        assert rules.option(name) == default


def test_option_regions_any_completes_a_region_with_houses_of_every_colour():
    """Option ``regions``: "colour" (default) a region is completed by the route colour's houses; "any": by all."""
    kw = dict(hand=[], route=["Freiburg", "Basel", "Zürich"], officials=["postmaster"],
              houses={"red": ["Mannheim"], "blue": ["Carlsruhe"]})
    assert tiles(at(**kw).apply(Score(["Freiburg", "Basel"], colour="red"))) == []
    t = at(options={"regions": "any"}, **kw).apply(Score(["Freiburg", "Basel"], colour="red"))
    assert tiles(t) == [("baden", 1)]
    # once: a second colour completing Baden takes no second tile under "any"
    kw2 = dict(kw, houses={"red": BADEN, "blue": ["Mannheim", "Carlsruhe"]}, tiles=[["baden", 1]])
    assert tiles(at(options={"regions": "any"}, **kw2).apply(Score(["Freiburg", "Basel"], colour="blue"))) == [
        ("baden", 1)]
    assert tiles(at(**kw2).apply(Score(["Freiburg", "Basel"], colour="blue"))) == [("baden", 1), ("baden", 2)]


def test_option_regions_any_redraws_a_city_that_completes_a_region_in_any_colour():
    """Option ``regions=any`` at the setup (3): the houses of all colours together never complete a region; under
    "colour" they may (each colour is checked alone)."""
    union_complete = 0
    for seed in range(30):
        for regions in ("colour", "any"):
            s = thurn.new_game(["Ann"], rules=thurn.Rules(expansions=("solo",), options={"regions": regions}),
                               seed=seed)
            union = set().union(*placed(s).values())
            if regions == "any":
                assert completes(union) == [], seed
            else:
                union_complete += bool(completes(union))
    assert union_complete > 0


def test_option_houses_left_per_colour():
    """Option ``houses_left``: "combined" (default, 6.3 "all colors combined"), or "per_colour": each colour's left
    scored by the table and added (fewer than 3 score as 3)."""
    houses = {"blue": CITIES[:16], "green": CITIES[:14], "red": CITIES[:8]}         # left 3, 5, 11, 19
    combined = at("over", houses=houses, end_triggered_by=0)
    per = at("over", houses=houses, end_triggered_by=0, options={"houses_left": "per_colour"})
    assert score_record(combined, 0)["houses_left"] == -(38 - 8)
    assert score_record(per, 0)["houses_left"] == 15 + 7 - 3 - 11


def test_option_colour_declared_at_completion_by_default():
    """Option ``colour_declared``: "completion" (default): no declaration when a route is started (4.4a: "Declare
    Color (if starting route)" read as the completion's first step)."""
    s = at("play", hand=["Ulm"])
    t = s.apply(Play("Ulm"))
    assert t.step != "solo_colour" and solo(t).declared == ""
    illegal(at("play", hand=["Ulm"]), DeclareColour("red"), "not_declaring")


def test_option_colour_declared_at_the_start():
    """Option ``colour_declared=start``: the colour is declared when the route is started, its route house on the
    starting city; the route is completed in that colour only; a route given up sends it back to the Planner."""
    opts = {"colour_declared": "start"}
    s = at("play", hand=["Mannheim", "Lodz"], options=opts, solo={"planner": ["blue", "red", "yellow"]})
    t = s.apply(Play("Mannheim"))
    assert t.step == "solo_colour"
    assert set(t.legal_actions()) == {DeclareColour(c) for c in ("blue", "red", "yellow")}
    illegal(t, DeclareColour("green"), "colour_used")
    illegal(t, EndTurn(), "not_now")
    u = t.apply(DeclareColour("red"))
    assert solo(u).declared == "red" and solo(u).start == B.index("Mannheim")
    assert any("red route house goes on Mannheim" in line for line in u.log())
    # completing: only in red
    v = at(hand=[], route=ROUTE[:3], officials=["postmaster"], options=opts,
           solo={"declared": "red", "start": B.index("Mannheim")})
    assert {c for _, c, _ in scores(v)} == {"red"}
    illegal(v, Score(["Mannheim", "Stuttgart"], colour="blue"), "colour_declared")
    w = v.apply(Score(["Mannheim", "Stuttgart"], colour="red"))
    assert solo(w).declared == "" and solo(w).start == -1 and "red" not in solo(w).planner
    # giving the route up: its route house back on the Planner, a new colour declared
    x = at("play", hand=["Lodz"], route=["Mannheim", "Carlsruhe"], options=opts,
           solo={"declared": "red", "start": B.index("Mannheim")})
    y = x.apply(Play("Lodz"))
    assert y.step == "solo_colour" and solo(y).declared == "" and DeclareColour("red") in y.legal_actions()
    assert solo(y.apply(DeclareColour("blue"))).start == B.index("Lodz")


def test_option_bonus_tile_once():
    """Option ``bonus_tile``: "repeat" (default) one tile more at each completion of the 1-point tile's region;
    "once": only the tile taken when it is placed."""
    t = repeat_position({"bonus_tile": "once"})
    assert tiles(t)[-1] == ("baiern", 4) and t.position()["stacks"]["baiern"] == [5]
    assert solo(t).marker == B.stacks.index(B.stack("baiern"))


def test_option_long_routes():
    """Option ``long_routes``: "abandon" (default) a route of 8 or more has no coach card and cannot be completed
    (4.4d "exact route length"); "coach_7": it takes coach 7 (the 7-route tile is "7 or more")."""
    s = at(hand=[], route=ROUTE[:8], officials=["postmaster"])
    err = illegal(s, Score(["Mannheim", "Stuttgart", "Augsburg", "Salzburg"], colour="red"), "no_coach")
    assert "no coach card has 8 cards" in str(err) and not scores(s)
    t = at(hand=[], route=ROUTE[:8], officials=["postmaster"], options={"long_routes": "coach_7"})
    u = t.apply(Score(["Mannheim", "Stuttgart", "Augsburg", "Salzburg"], colour="red"))
    assert u.player("Ann").carriages == (7,) and tiles(u) == [("route_7", 4)]


def test_option_cartwright_extra():
    """Option ``cartwright``: "counts" (default) the Cartwright is the turn's one official; "extra": he helps besides
    it (and is not that official)."""
    a = Score(["Mannheim", "Stuttgart"], cartwright=True, colour="red", coach=5)
    kw = dict(hand=[], route=ROUTE[:4], officials=["postmaster"], turn={"draws": 2, "draws_allowed": 2})
    illegal(at(**kw), a, "cartwright_not_chosen")
    illegal(at(options=WHEN, **kw), a, "one_official_per_turn")
    for more in ({}, WHEN):
        assert at(options={"cartwright": "extra", **more}, **kw).apply(a).player("Ann").carriages == (5,)
    # with "extra", the Cartwright is not among the officials chosen first (4.1)
    s = at("solo_official", hand=["Augsburg"], route=ROUTE[:4], options={"cartwright": "extra"})
    assert CallOfficial("cartwright") not in s.legal_actions() and len(s.legal_actions()) == 3
    illegal(s, CallOfficial("cartwright"), "official_not_now")
    # with "extra" and when_used, the Cartwright alone is not the turn's official
    s = at(hand=["Augsburg"], route=ROUTE[:4], options={"cartwright": "extra", **WHEN})
    illegal(s, a, "official_compulsory")
    assert {x.kind for x in s.legal_actions()} == {"official"}


def test_option_administrator():
    """Option ``administrator``: "pile_1" (default, 3: "Discard Pile 1: ... Administrator use"), or "pile_2"."""
    for value, pile1, pile2 in (("pile_1", list(DISPLAY), []), ("pile_2", [], list(DISPLAY))):
        for step, more in (("solo_official", {}), ("draw", WHEN)):
            s = at(step, hand=["Kempten"], options={"administrator": value, **more}).apply(
                CallOfficial("administrator"))
            assert s.pile("penalty") == pile1 and s.position()["discard"] == pile2 and s.step == "draw"


def test_option_difficulty_in_words():
    """Option ``difficulty`` in the rules' words form."""
    r = thurn.rules.parse_rules("expansions=solo difficulty=hard")
    assert r.option("difficulty") == "hard"
    s = thurn.new_game(["Ann"], rules=r, seed=1)
    assert all(len(cities) == 7 for _, cities, _ in s.player("Ann").colours)


def test_bad_options_name_the_close_match_or_the_allowed_values():
    """An unknown option suggests the close name; a bad value names the allowed ones."""
    with pytest.raises(UnknownName, match="Did you mean 'difficulty'"):
        thurn.Rules(expansions=("solo",), options={"dificulty": "hard"})
    with pytest.raises(UnknownName, match="houses_left"):
        thurn.Rules(expansions=("solo",), options={"houses_lef": "combined"})
    for name, (_, values, _) in OPTIONS.items():
        with pytest.raises(ValueError) as e:
            thurn.Rules(expansions=("solo",), options={name: "nonsense"})
        assert all(v in str(e.value) for v in values) and "nonsense" in str(e.value)
    with pytest.raises(UnknownName):
        thurn.Rules(options={"difficulty": "hard"})             # no SoloPlay: no such option


# -- positions ---------------------------------------------------------------------------------------------------

def test_a_position_round_trips_with_coach_cards_and_tiles_of_soloplay():
    """Positions of SoloPlay keep what the base game forbids: coach cards of any length, several of one (4.4d), two
    tiles of a region stack (one per colour), the 1-point tile held before the end (4.4c)."""
    s = at("draw", carriages=[4, 4, 6, 3], tiles=[["baden", 1], ["baden", 2], ["game_end", 1]],
           solo={"marker": B.stacks.index(B.stack("baden"))}, houses={"red": BADEN, "blue": BADEN})
    back = thurn.GameState.from_position(s.position())
    assert back.same_position(s) and back.position() == s.position()
    assert thurn.GameState.from_json(s.to_json()) == s
    with pytest.raises(PositionError, match="1-point"):
        at("draw", tiles=[["game_end", 1]])
    with pytest.raises(PositionError):
        at("draw", carriages=[3] * 5)
