"""The Audience's rules ("All Roads Lead to Rome", 1. The Audience), on the base board with its Rome strip
(``maps.rome`` of ``data/base.json``), with the variant ``audience``. Each test cites the sentence it checks; the
rules' two examples (Anna's route Ulm–Augsburg–München–Salzburg with the Baiern carriage in Andechs, and the Baiern
carriage arriving after the Baden carriage) are tests. Then the combinations (Offices of Honor, The Princess'
Messenger, the northern board refused), and positions and saves (round trips, secrets, impossible positions).
"""
from __future__ import annotations

import json

import pytest

import thurn

from tests.support.helpers import at_score, finished, position, scorings
from thurn import IllegalAction, PositionError, RulesetRefused
from thurn.expansions.audience.rules import (JOKER, MoveCarriage, Seal, audience, clergy, moves_for, parse_audience,
                                       points_in_rome, strip)

RULES = {"expansions": ["audience"]}
B = thurn.load_board("base")
S = strip(B)
C = clergy()
ROUTE = ["Ulm", "Augsburg", "München", "Salzburg"]                 # Anna's route in the rules' example
#: Three players' sealed ranks per carriage (Baden, Württemberg/Hohenzollern, Schweiz/Tyrol, Baiern, Böhmen/Salzburg).
TILES_3 = [[1, 2, 3, 4, 5], [5, 4, 3, 2, 1], [2, 3, 4, 5, 1]]
BADEN, WH, ST, BAIERN, BS = range(5)
K, BI, ABT, P, M = 5, 4, 3, 2, 1                                    # Kardinal, Bischof, (Abt), Priester, Ministrant


def city(i: int) -> str:
    return S.city_name(i)


def where(s) -> dict:
    """Each carriage's city, by carriage name."""
    return {S.names[c]: city(i) for c, i in enumerate(audience(s).at)}


def moves(s) -> set:
    """The legal carriage moves as (carriage name, city name)."""
    return {(S.names[S.carriage(a.carriage)], S.map.city(a.to).name) for a in s.legal_actions()
            if a.kind == "carriage"}


def anna(route=ROUTE, carriages=None, tiles=TILES_3, others=("Ben", "Cid"), rules=RULES, ext=None, **rest):
    """Ann (seat 0) has played the last card of ``route`` and may score it; the carriages at their starts but for
    ``carriages`` (name -> city)."""
    part = {"carriages": dict(carriages or {})}
    part.update(ext or {})
    e = {"audience": part, "audience_tiles": tiles}
    return at_score(list(route), others=others, rules=rules, ext=e, **rest)


def score(s, houses):
    """Score with exactly ``houses`` (city names)."""
    options = [a for a in scorings(s) if set(a.houses) == set(houses)]
    assert options, f"no scoring with houses exactly in {houses}: {[a.houses for a in scorings(s)]}"
    return s.apply(options[0])


def illegal(s, action) -> IllegalAction:
    """``action`` is refused with a reason and a sentence, and changes nothing."""
    before = s.position()
    err = s.why_illegal(action)
    assert isinstance(err, IllegalAction) and err.reason and str(err)
    with pytest.raises(IllegalAction) as e:
        s.apply(action)
    assert s.position() == before
    assert e.value.reason == err.reason
    return e.value


def sealed_game(names=("Ann", "Ben", "Cid"), seed=1, tiles=None, rules=RULES):
    s = thurn.new_game(list(names), seed=seed, rules=rules)
    k = 0
    while s.step == "seal":
        s = s.apply(Seal(tiles[s.to_move] if tiles else (1, 2, 3, 4, 5)[k:] + (1, 2, 3, 4, 5)[:k]))
        k += 1
    return s


# -- Preparation ----------------------------------------------------------------------------------------------------

def test_each_player_has_five_clergymen_one_of_each_rank():
    """The Audience, Contents: "20 audience tiles with 5 different clergymen in the four player colors"; Preparation:
    "Each player takes the 5 audience tiles in his color"; their points 1 to 5 (Game end: "the point value on the
    tile"). The rules name the cardinal, the bishop, the priest and the ministrant; the third rank is inferred."""
    assert C.ranks == (1, 2, 3, 4, 5) and C.points == (1, 2, 3, 4, 5)
    assert [C.name(r) for r in (K, BI, P, M)] == ["Kardinal", "Bischof", "Priester", "Ministrant"]
    assert C.inferred == (C.name(ABT),)


@pytest.mark.parametrize("n", [3, 4])
def test_the_carriages_stand_on_their_starting_cities(n):
    """The Audience, Preparation: "Place the 5 carriages on the appropriate starting city according to their color
    (Lörrach, Tuttlingen, St. Gallen, Freising, and Hallstadt)"."""
    s = thurn.new_game(["Ann", "Ben", "Cid", "Dan"][:n], seed=2, rules=RULES)
    assert list(where(s).values()) == ["Lörrach", "Tuttlingen", "St. Gallen", "Freising", "Hallstadt"]
    assert where(s)["Baiern"] == "Freising" and where(s)["Böhmen/Salzburg"] == "Hallstadt"


def test_with_two_players_the_carriages_start_two_cities_further_south():
    """The Audience, Preparation: "When playing with only 2 players, place the carriages in the following cities:
    Mailand, 2 in Como, Trient, and Udine" (German rules: "jeweils 2 Städte südlicher")."""
    s = thurn.new_game(["Ann", "Ben"], seed=2, rules=RULES)
    assert list(where(s).values()) == ["Mailand", "Como", "Como", "Trient", "Udine"]
    for far, near in zip(S.starts[3], S.starts[2]):
        two = {k for j in S.south[far] for k in S.south[j]}
        assert near in two                                # two roads south of the 3-4 player start


def test_every_player_seals_one_clergyman_per_carriage_start_player_first():
    """The Audience, Preparation: "Each player secretly assigns one of his audience tiles to each carriage ... When
    all players have placed their audience tiles, there will be one for each carriage for each player"."""
    for seed in range(4):
        s = thurn.new_game(["Ann", "Ben", "Cid", "Dan"], seed=seed, rules=RULES)
        order = []
        while s.step == "seal":
            legal = s.legal_actions()
            assert len(legal) == 120 and {a.kind for a in legal} == {"seal"}      # 5! ways, and nothing else
            order.append(s.to_move)
            s = s.apply(legal[(7 * s.to_move) % 120])
        assert order == [(s.start_player + k) % 4 for k in range(4)]
        assert s.step == "draw" and s.to_move == s.turn_owner == s.start_player
        for seat in range(4):
            assert sorted(s.ext["audience_tiles"][seat]) == [1, 2, 3, 4, 5]
        assert s.turn_number == 0 and not audience(s).owed


def test_sealing_is_secret():
    """The Audience, Preparation: "secretly ... places them face down": another player reads only that the
    clergymen were sealed; a position seen by another player shows no tile of his."""
    s = thurn.new_game(["Ann", "Ben", "Cid"], seed=1, rules=RULES)
    first = s.to_move
    s = s.apply(Seal((5, 4, 3, 2, 1)))
    mine = s.log(first)[-1]
    theirs = s.log((first + 1) % 3)[-1]
    assert "Kardinal" in mine and "Kardinal" not in theirs and "face down" in theirs
    assert Seal((5, 4, 3, 2, 1)).seen_by_others() == "seal the clergymen in the carriages, face down"
    other = (first + 1) % 3
    assert s.position(seen_by=other)["ext"]["audience_tiles"][first] is None
    assert s.position(seen_by=first)["ext"]["audience_tiles"][first] == [5, 4, 3, 2, 1]


def test_a_seal_by_numbers_or_by_names():
    """The notation: "seal 5 4 3 2 1" (the rank in each carriage, west to east) or by names."""
    s = thurn.new_game(["Ann", "Ben"], seed=1, rules=RULES)
    seat = s.to_move
    a = parse_audience("seal baden=kardinal wurttemberg=bischof schweiz=abt baiern=priester bohmen=ministrant")
    t = s.apply(a)
    assert t.ext["audience_tiles"][seat] == (5, 4, 3, 2, 1)
    assert parse_audience("seal 5 4 3 2 1") == Seal((5, 4, 3, 2, 1)) and Seal((5, 4, 3, 2, 1)).notation == \
        "seal 5 4 3 2 1"
    assert thurn.replay(t.setup, [x.notation for x in t.history]) == t


def test_illegal_seals_are_refused_with_their_reasons():
    """The Audience, Preparation: one tile per carriage, each of the 5 once, at the start of the game only."""
    s = thurn.new_game(["Ann", "Ben"], seed=1, rules=RULES)
    assert illegal(s, Seal((5, 5, 3, 2, 1))).reason == "seal_each_once"
    assert illegal(s, Seal((5, 4, 3, 2))).reason == "seal_each_once"
    assert illegal(s, Seal((6, 4, 3, 2, 1))).reason == "seal_each_once"
    assert illegal(s, parse_audience("seal baden=1 baden=2 schweiz=3 baiern=4 bohmen=5")).reason == "seal_each_once"
    e = illegal(s, parse_audience("seal baden=kardinall wurttemberg=4 schweiz=3 baiern=2 bohmen=1"))
    assert e.reason == "unknown_name" and "Kardinal" in str(e)
    e = illegal(s, parse_audience("seal badn=5 wurttemberg=4 schweiz=3 baiern=2 bohmen=1"))
    assert e.reason == "unknown_name" and "Baden" in str(e)
    assert illegal(s, MoveCarriage("baiern", "andechs")).reason == "seal_first"
    assert illegal(s, thurn.Draw()).reason
    later = sealed_game(("Ann", "Ben"))
    assert illegal(later, Seal((1, 2, 3, 4, 5))).reason == "not_sealing"


# -- Moving the carriages -------------------------------------------------------------------------------------------

def test_the_example_houses_in_all_but_munchen_move_the_baiern_carriage():
    """The Audience, Moving the carriages, the example: "the Baiern carriage is in Andechs. Anna scores the route
    Ulm - Augsburg - München - Salzburg and places a house in all but München. ... she must move the Baiern carriage
    further south to the next city along a road. Anna may choose between moving the carriage to Ettal or Trient"."""
    s = anna(carriages={"baiern": "Andechs"})
    t = score(s, ["Ulm", "Augsburg", "Salzburg"])
    assert t.step == "carriage" and t.to_move == 0 and audience(t).owed == (BAIERN,)
    assert moves(t) == {("Baiern", "Ettal"), ("Baiern", "Trient")}
    assert "moves the Baiern carriage one city south" in t.log()[-1]
    for dest in ("Ettal", "Trient"):
        u = t.apply(MoveCarriage("Baiern", dest))
        assert where(u)["Baiern"] == dest and not audience(u).owed
        assert u.turn_owner == 1 and u.step == "draw"                      # her turn is over
        assert f"moves the Baiern carriage from Andechs to {dest}" in " ".join(u.log()[-3:])


def test_the_example_houses_in_munchen_and_augsburg_move_two_other_carriages():
    """The Audience, Moving the carriages, the example: "If Anna had placed houses in München and Augsburg, she would
    have had to move the green (Württemberg-Hohenzollern) and the red (Böhmen-Salzburg) carriages one space (the next
    city) southward"."""
    s = anna(carriages={"baiern": "Andechs"})
    t = score(s, ["München", "Augsburg"])
    assert sorted(audience(t).owed) == [WH, BS]
    assert moves(t) == {("Württemberg/Hohenzollern", "Schaffhausen"), ("Böhmen/Salzburg", "Villach")}
    u = t.apply(MoveCarriage("Böhmen/Salzburg", "Villach"))              # one left with one road: moved for her
    assert where(u)["Württemberg/Hohenzollern"] == "Schaffhausen" and where(u)["Böhmen/Salzburg"] == "Villach"
    assert where(u)["Baiern"] == "Andechs" and not audience(u).owed and u.turn_owner == 1


def test_each_card_without_a_house_moves_its_carriage_one_city():
    """The Audience, Moving the carriages: "For each city card in the closed route, for which no house was placed,
    the player must move the corresponding carriage one city further toward Rome" — two cards of a country, two
    steps."""
    s = anna(houses=["Augsburg", "München"], carriages={"baiern": "Andechs"})
    t = score(s, ["Ulm", "Salzburg"])
    assert sorted(audience(t).owed) == [BAIERN, BAIERN]
    t = t.apply(MoveCarriage("baiern", "trient"))
    assert audience(t).owed == (BAIERN,)
    assert moves(t) == {("Baiern", "Verona"), ("Baiern", "Padua")}     # the second step goes on from Trient
    t = t.apply(MoveCarriage("baiern", "padua"))
    assert where(t)["Baiern"] == "Padua" and not audience(t).owed
    s = anna(houses=["Augsburg", "München"])                            # from Freising: one road, then a fork
    t = score(s, ["Ulm", "Salzburg"])
    assert where(t)["Baiern"] == "Andechs" and audience(t).owed == (BAIERN,)
    t = t.apply(MoveCarriage("baiern", "ettal"))
    assert where(t)["Baiern"] == "Ettal" and not audience(t).owed


def test_a_city_where_he_has_a_house_already_counts_as_no_house():
    """The Audience, Moving the carriages: "This applies ... when he could place a house, but already has one in that
    city"."""
    s = anna(houses=["Augsburg"], carriages={"baiern": "Andechs"})
    t = score(s, ["Ulm", "München", "Salzburg"])
    assert audience(t).owed == (BAIERN,)


def test_the_houses_the_placing_rules_forbid_count_as_no_house():
    """The Audience, Moving the carriages: "This applies when a player does not place a house due to the placing
    rules (all houses in 1 country or 1 house in each country)"; "He need not take the choice with the most
    houses" — houses in Ulm alone (Württemberg) move the three other cards' carriages."""
    s = anna()
    t = score(s, ["Ulm"])
    assert sorted(audience(t).owed) == [BAIERN, BAIERN, BS]


def test_an_option_that_places_no_house_moves_every_card():
    """Rules notes R10: the player need not take the option with most houses (The Audience, Moving the carriages:
    "He need not take the choice with the most houses"): one house in each country, where his houses stand already
    in every Baiern city, places no Baiern house; the option that places none at all is legal and moves a carriage
    for every card."""
    s = anna(houses=["Augsburg", "München"])
    assert {frozenset(a.houses) for a in scorings(s)} >= {frozenset(), frozenset({"Ulm", "Salzburg"})}
    t = score(s, [])
    assert sorted(audience(t).owed) == [WH, BAIERN, BAIERN, BS]


def test_moves_for_is_the_one_reading_of_the_rule():
    """The Audience, Moving the carriages: each card of the route without a new house owes its carriage a step;
    Lodz a step of any carriage (JOKER)."""
    route = [B.city_of.index(B.index(c)) for c in ["Budweis", "Pilsen", "Lodz"]]      # a card of each city
    assert moves_for(B, route, 0) == (BS, BS, JOKER)
    assert moves_for(B, route, 1 << B.index("Pilsen")) == (BS, JOKER)


def test_carriages_move_south_only_along_a_road():
    """The Audience, Moving the carriages: "The players must always move the carriages in a southward direction";
    one city "along a road". A move north, to a city without a road, or a carriage owed nothing is refused with its
    reason, and nothing changes."""
    t = score(anna(carriages={"baiern": "Andechs"}), ["Ulm", "Augsburg", "Salzburg"])
    e = illegal(t, MoveCarriage("Baiern", "Freising"))
    assert e.reason == "not_south" and "north" in str(e) and "Ettal or Trient" in str(e)
    e = illegal(t, MoveCarriage("Baiern", "Rom"))
    assert e.reason == "no_road" and "no road" in str(e)
    assert illegal(t, MoveCarriage("Baiern", "Andechs")).reason == "no_road"
    e = illegal(t, MoveCarriage("Baden", "Luzern"))
    assert e.reason == "carriage_not_owed" and "Baiern" in str(e)
    assert "Moving the carriages" in e.rule


def test_no_carriage_moves_outside_the_carriage_step():
    """The Audience, Moving the carriages: carriages move "When a player closes a route", after its scoring."""
    s = anna()
    assert illegal(s, MoveCarriage("Baden", "Luzern")).reason == "no_carriage_owed"
    drawing = sealed_game()
    assert illegal(drawing, MoveCarriage("Baden", "Luzern")).reason == "no_carriage_owed"


def test_unknown_carriage_and_city_names_suggest_the_close_match():
    t = score(anna(carriages={"baiern": "Andechs"}), ["Ulm", "Augsburg", "Salzburg"])
    e = illegal(t, MoveCarriage("Bayern", "Trient"))
    assert e.reason == "unknown_name" and "Baiern" in str(e)
    e = illegal(t, MoveCarriage("Baiern", "Trento"))
    assert e.reason == "unknown_name" and "Trient" in str(e)
    assert t.apply(MoveCarriage("BAIERN", "trient")) == t.apply(MoveCarriage("baiern", "Trient"))


def test_the_mover_chooses_the_road_at_a_fork():
    """The Audience, Moving the carriages: "When a city has several southern exits (e.g. Andechs has 2 and Florenz
    has 3), the player moving the carriage decides which road the carriage takes (western or eastern detours are
    allowed, as long as the road goes at least a little bit south)"."""
    assert [city(j) for j in S.south[S.map.index("Andechs")]] == ["Ettal", "Trient"]
    assert len(S.south[S.map.index("Florenz")]) == 3
    for i, exits in enumerate(S.south):
        for j in exits:
            assert S.map.cities[j].pos[1] < S.map.cities[i].pos[1] and S.map.has_road(city(i), city(j))
    t = score(anna(carriages={"baiern": "Florenz"}), ["Ulm", "Augsburg", "Salzburg"])
    assert moves(t) == {("Baiern", "Pisa"), ("Baiern", "Siena"), ("Baiern", "Arezzo")}
    for dest in ("Pisa", "Siena", "Arezzo"):
        assert where(t.apply(MoveCarriage("Baiern", dest)))["Baiern"] == dest


def test_lodz_moves_another_carriage_of_his_choice():
    """The Audience, Moving the carriages: "The same applies when Lodz (Poland) triggers movement": a carriage of
    his choice."""
    s = anna(route=["Budweis", "Pilsen", "Lodz"], hand=["Ulm"])
    t = score(s, ["Budweis", "Pilsen"])
    assert audience(t).owed == (JOKER,)
    assert {c for c, _ in moves(t)} == set(S.names)                     # any carriage not in Rome
    u = t.apply(MoveCarriage("Schweiz/Tyrol", "Chur"))
    assert where(u)["Schweiz/Tyrol"] == "Chur" and not audience(u).owed


def test_a_card_of_a_carriage_in_rome_is_a_joker():
    """The Audience, Moving the carriages: "When a carriage has already arrived in Rome, a city card for that carriage
    is considered as a joker and the player must move another carriage toward Rome"."""
    tiles = [[1, 2, 3, 0, 5], [5, 4, 3, 0, 1], [2, 3, 4, 0, 1]]
    ext = {"arrived": ["baiern"], "spaces": {"Bischof": ["Ann"], "Priester": ["Ben"], "Kardinal": ["Cid"]}}
    s = anna(carriages={"baiern": "Rom"}, tiles=tiles, ext=ext)
    t = score(s, ["Ulm", "Augsburg", "Salzburg"])
    assert audience(t).owed == (BAIERN,)
    assert {c for c, _ in moves(t)} == set(S.names) - {"Baiern"}
    e = illegal(t, MoveCarriage("Baiern", "Rom"))
    assert e.reason == "carriage_in_rome" and "another carriage" in str(e)
    u = t.apply(MoveCarriage("Baden", "Luzern"))
    assert where(u)["Baden"] == "Luzern" and where(u)["Baiern"] == "Rom" and not audience(u).owed


def test_he_chooses_the_order_of_the_moves():
    """The Audience, Moving the carriages: "When a player has to move several carriages, he may choose the order (card
    for card) at will" — and the order matters when a carriage arrives on the way."""
    s = anna(route=["Regensburg", "Pilsen", "Lodz"], hand=["Ulm"], carriages={"baiern": "Orvieto"},
             houses=["Pilsen"])
    t = score(s, [])                                        # his house in Pilsen already: none placed
    assert sorted(audience(t).owed) == [JOKER, BAIERN, BS]
    assert ("Baiern", "Rom") in moves(t) and ("Baden", "Luzern") in moves(t)
    first = t.apply(MoveCarriage("Böhmen/Salzburg", "Villach"))     # his choice of the order
    assert sorted(audience(first).owed) == [JOKER, BAIERN]
    joker = t.apply(MoveCarriage("Baden", "Luzern"))                 # the joker first: not the Baiern step
    assert sorted(audience(joker).owed) == [BAIERN, BS]
    baiern = t.apply(MoveCarriage("Baiern", "Rom"))                  # the Baiern card's own step: it arrives
    assert audience(baiern).arrived == (BAIERN,) and sorted(audience(baiern).owed) == [JOKER, BS]
    assert ("Baiern", "Rom") not in moves(baiern) and ("Baden", "Luzern") in moves(baiern)
    twice = joker.apply(MoveCarriage("Baiern", "Rom"))
    assert not audience(twice).owed and where(twice)["Böhmen/Salzburg"] == "Villach"    # its one road: made for him


def test_a_single_legal_move_is_made_for_him():
    """A step with one legal move is no decision: owed the Württemberg/Hohenzollern carriage in Tuttlingen (one road
    south), it goes to Schaffhausen at once."""
    s = anna(route=["Ulm", "Augsburg", "München"], hand=["Lodz"])
    t = score(s, ["Augsburg", "München"])
    assert where(t)["Württemberg/Hohenzollern"] == "Schaffhausen" and t.step == "draw" and t.turn_owner == 1
    assert not audience(t).owed


def test_when_every_carriage_is_in_rome_no_carriage_moves():
    """The Audience, Moving the carriages: a joker moves "another carriage toward Rome"; with every carriage in Rome
    there is none, and the steps owed are void."""
    tiles = [[0] * 5, [0] * 5, [0] * 5]
    ext = {"carriages": {c: "Rom" for c in S.carriages}, "arrived": list(S.carriages),
           "spaces": {"Kardinal": ["Ann", "Ben", "Cid"], "Bischof": ["Ann", "Ben", "Cid"], "Abt": ["Ann", "Ben", "Cid"],
                      "Priester": ["Ann", "Ben", "Cid"], "Ministrant": ["Ann", "Ben", "Cid"]}}
    s = anna(tiles=tiles, ext=ext)
    t = score(s, ["Ulm", "Augsburg", "Salzburg"])
    assert not audience(t).owed and t.step == "draw" and t.turn_owner == 1


def test_moving_the_carriages_is_compulsory():
    """The Audience, Moving the carriages: "the player must move": no other action ends the step."""
    t = score(anna(carriages={"baiern": "Andechs"}), ["Ulm", "Augsburg", "Salzburg"])
    assert {a.kind for a in t.legal_actions()} == {"carriage"}
    assert illegal(t, thurn.EndTurn()).reason


# -- A carriage arrives in Rome -------------------------------------------------------------------------------------

ARRIVAL_NAMES = ["Blue", "Green", "Red", "Yellow"]
#: Before: the Baden carriage arrived with the cardinals of Blue and Green, Red's bishop, Yellow's ministrant; the
#: Baiern carriage in Orvieto brings Green's and Red's ministrants, Blue's priest, Yellow's cardinal.
ARRIVAL_TILES = [[0, M, ABT, P, BI], [0, P, ABT, M, BI], [0, P, ABT, M, K], [0, P, ABT, K, BI]]


def arrival():
    ext = {"audience": {"carriages": {"baden": "Rom", "baiern": "Orvieto"}, "arrived": ["baden"],
                        "spaces": {"Kardinal": ["Blue", "Green"], "Bischof": ["Red"], "Ministrant": ["Yellow"]}},
           "audience_tiles": ARRIVAL_TILES}
    players = [{"name": "Blue", "hand": ["Lodz"], "route": ROUTE}] + [{"name": n} for n in ARRIVAL_NAMES[1:]]
    return position(players, rules=RULES, ext=ext, current=0, turn={"step": "score", "draws": 1, "plays": 1})


def spaces_by_name(s) -> dict:
    return {C.name(r): sorted(s.names[x] for x in audience(s).spaces[k]) for k, r in enumerate(C.ranks)}


def test_the_example_of_a_carriage_arriving_in_rome():
    """The Audience, A carriage arrives in Rome, the example: "2 cardinals (blue and green), 1 bishop (red), and 1
    ministrant (yellow) are on the audience spaces. They arrived previously on the carriage from Baden. Now the Baiern
    carriage arrives and brings the following clergymen: 2 ministrants (green and red), 1 priest (blue), and 1
    cardinal (yellow). The following clergyman leave the audience: the 2 cardinals (blue and green) and the
    ministrant (yellow). In the audience space are now: 1 cardinal (yellow), 1 bishop (red), 1 priest (blue), and 2
    ministrants (green and red)"."""
    s = arrival()
    assert spaces_by_name(s) == {"Kardinal": ["Blue", "Green"], "Bischof": ["Red"], "Abt": [], "Priester": [],
                                 "Ministrant": ["Yellow"]}
    t = score(s, ["Ulm", "Augsburg", "Salzburg"])              # the München card: Orvieto's one road, to Rom
    A = audience(t)
    assert where(t)["Baiern"] == "Rom" and A.arrived == (BADEN, BAIERN) and not A.owed
    assert spaces_by_name(t) == {"Kardinal": ["Yellow"], "Bischof": ["Red"], "Abt": [], "Priester": ["Blue"],
                                 "Ministrant": ["Green", "Red"]}
    assert sorted((t.names[x], C.name(r)) for x, r in A.box) == [("Blue", "Kardinal"), ("Green", "Kardinal"),
                                                                  ("Yellow", "Ministrant")]
    assert all(t.ext["audience_tiles"][i][BAIERN] == 0 for i in range(4))   # turned over, no longer sealed
    line = next(x for x in t.log() if "arrives in Rome" in x)
    assert "Baiern" in line and "back to the box" in line
    assert [points_in_rome(t, i) for i in range(4)] == [P, M, BI + M, K]


def test_the_tiles_are_revealed_onto_the_spaces_of_their_ranks():
    """The Audience, A carriage arrives in Rome: "the player turns over the audience tiles for that carriage and
    places them face up on the spaces for the appropriate clergyman. Several audience tiles can be on one space";
    then everyone sees them (no longer the owner's secret)."""
    tiles = [[1, 2, 3, 5, 4], [5, 4, 3, 1, 2], [2, 3, 4, 5, 1]]
    s = anna(carriages={"baiern": "Orvieto"}, tiles=tiles)
    t = score(s, ["Ulm", "Augsburg", "Salzburg"])
    assert spaces_by_name(t) == {"Kardinal": ["Ann", "Cid"], "Bischof": [], "Abt": [], "Priester": [],
                                 "Ministrant": ["Ben"]}
    assert not audience(t).box
    assert t.position(seen_by="Ben")["ext"]["audience"]["spaces"]["Kardinal"] == ["Ann", "Cid"]


def test_a_carriage_moved_by_a_joker_arrives_too():
    """The Audience, A carriage arrives in Rome: whichever card moved it."""
    s = anna(route=["Budweis", "Pilsen", "Lodz"], hand=["Ulm"], carriages={"baden": "Grosseto"})
    t = score(s, ["Budweis", "Pilsen"])
    t = t.apply(MoveCarriage("Baden", "Rom"))
    assert audience(t).arrived == (BADEN,)
    assert spaces_by_name(t)["Ministrant"] == ["Ann"] and spaces_by_name(t)["Kardinal"] == ["Ben"]


# -- Game end -------------------------------------------------------------------------------------------------------

def test_each_tile_on_a_space_adds_its_points_and_decides_the_winner():
    """The Audience, Game end: "For each audience tile in an audience space at game end, the player adds the point
    value on the tile to his victory points. The player with the most victory points is the winner!" Tiles still
    sealed in a carriage on the road and tiles in the box add nothing."""
    ext = {"audience": {"carriages": {"baden": "Rom"}, "arrived": ["baden"],
                        "spaces": {"Kardinal": ["Ben"], "Bischof": ["Ann"]}, "box": [["Cid", "Ministrant"]]},
           "audience_tiles": [[0, 1, 2, 3, 5], [0, 1, 2, 3, 4], [0, 2, 3, 4, 5]]}
    f = finished([{"name": n} for n in ("Ann", "Ben", "Cid")], rules=RULES, ext=ext)
    recs = {r["player"]: r for r in f.score_records()}
    assert [recs[n]["clergymen"] for n in ("Ann", "Ben", "Cid")] == [4, 5, 0]
    assert all(r["total"] == r["unplaced_houses"] + r["clergymen"] for r in recs.values())
    assert f.winner() == "Ben"
    assert f.player("Ann").extras["in_rome"] == 4


# -- With the other expansions, and on the other board --------------------------------------------------------------

OFFICES = ("administrator", "postmaster", "postal_carrier", "cartwright")


@pytest.mark.parametrize("expansions", [("audience", "offices"), ("offices", "audience")], ids=["aud+off", "off+aud"])
def test_with_offices_of_honor_a_return_round_and_the_carriage_moves_both_happen(expansions):
    """"All Roads Lead to Rome" brings both: the Cartwright used while scoring takes the last tile of his stack
    (Offices of Honor: a return round at once) and the route's cards without a house move carriages (The Audience,
    Moving the carriages). Both happen, and the turn ends after both."""
    ext = {"audience": {"carriages": {"baiern": "Andechs"}}, "audience_tiles": TILES_3,
           "offices": {"stacks": dict(zip(OFFICES, (5, 6, 6, 1))),
                       "tiles": [dict(zip(OFFICES, t)) for t in ((0, 0, 0, 0), (0, 0, 0, 1), (0, 0, 0, 1))],
                       "chips": [0, 0, 0], "chips_left": 12}}
    s = at_score(ROUTE, others=("Ben", "Cid"), rules={"expansions": list(expansions)}, ext=ext, carriages=[3, 4, 5])
    a = next(a for a in scorings(s, cartwright=True) if set(a.houses) == {"Ulm", "Augsburg", "Salzburg"})
    t = s.apply(a)
    steps = []
    for _ in range(30):
        if t.turn_owner != 0 or t.is_over:
            break
        steps.append(t.step)
        acts = t.legal_actions()
        t = t.apply(next((x for x in acts if x.kind == "carriage" and "trient" in x.notation), acts[0]))
    assert "carriage" in steps and "return" in steps
    assert where(t)["Baiern"] == "Trient" and not audience(t).owed
    assert t.ext["offices"].series == 1 and all(t.ext["offices"].stacks)
    assert t.turn_owner == 1 and t.step == "draw"


def test_with_the_princess_messenger():
    """No rule document forbids The Audience with The Princess' Messenger: both are set up and a game plays."""
    import random

    from tests.conformance.invariants import eager

    s = sealed_game(rules={"expansions": ["audience", "messenger"]})
    assert "messenger" in s.ext and "audience" in s.ext and s.step == "draw"
    assert thurn.GameState.from_json(s.to_json()) == s
    rng = random.Random(3)
    steps = set()
    while not s.is_over:
        steps.add(s.step)
        s = s.apply(eager(s, rng))
    assert "carriage" in steps and audience(s).arrived and s.ext["messenger"] is not None
    assert thurn.GameState.from_json(s.to_json()) == s


def test_the_audience_is_refused_on_the_northern_board():
    """The Audience is played with the board "with various roads to Rome" beside the base board; the northern board
    (Power and Glory) has no Rome strip."""
    with pytest.raises(RulesetRefused, match="The Audience"):
        thurn.new_game(["Ann", "Ben"], seed=1, rules={"board": "northern", "expansions": ["audience"]})
    with pytest.raises(RulesetRefused):
        thurn.new_game(["Ann", "Ben"], seed=1, rules={"board": "northern", "expansions": ["power_glory", "audience"]})


# -- Positions and saves --------------------------------------------------------------------------------------------

def mid_game():
    s = arrival()
    return score(s, ["Ulm", "Augsburg", "Salzburg"])


def test_a_position_round_trips_with_the_secrets_and_is_written_with_names():
    for s in (mid_game(), score(anna(carriages={"baiern": "Andechs"}), ["Ulm", "Augsburg", "Salzburg"]),
              thurn.new_game(["Ann", "Ben", "Cid"], seed=4, rules=RULES).apply(Seal((3, 1, 2, 5, 4)))):
        pos = s.position()
        back = thurn.GameState.from_position(pos)
        assert back.same_position(s) and back.ext == s.ext and back.position() == pos
        again = thurn.GameState.from_json(s.to_json())
        assert again == s and again.ext == s.ext
        text = json.dumps(pos["ext"]["audience"], ensure_ascii=False)
        assert "Rom" in text or "Lörrach" in text or "Andechs" in text
    pos = mid_game().position()["ext"]["audience"]
    assert pos["carriages"]["baiern"] == "Rom" and pos["arrived"] == ["baden", "baiern"]
    assert pos["spaces"]["Ministrant"] == ["Green", "Red"] and ["Yellow", "Ministrant"] in pos["box"]
    owing = score(anna(carriages={"baiern": "Andechs"}), ["Ulm", "Augsburg", "Salzburg"])
    assert owing.position()["ext"]["audience"]["owed"] == ["baiern"]
    assert thurn.GameState.from_position(owing.position()).legal_actions() == owing.legal_actions()


def test_the_engines_numbers_are_read_too():
    s = mid_game()
    v = s.ruleset.variants[0]
    pos = s.position()
    pos["ext"]["audience"] = v.dump(audience(s))
    assert thurn.GameState.from_position(pos).ext == s.ext


def test_seen_by_hides_the_others_tiles_and_shows_his_own():
    s = mid_game()
    for seat in range(4):
        seen = s.seen_by(seat)
        assert seen.ext["audience_tiles"][seat] == s.ext["audience_tiles"][seat]
        assert all(t is None for i, t in enumerate(seen.ext["audience_tiles"]) if i != seat)
        assert seen.ext["audience"] == s.ext["audience"]                  # the strip and Rome lie open
        assert seen.player(seat).extras["sealed"] and seen.player((seat + 1) % 4).extras["sealed"] is None


def bad(pos, **ext_audience):
    p = json.loads(json.dumps(pos))
    p["ext"]["audience"].update(ext_audience)
    return p


def refused(pos, *words):
    with pytest.raises(PositionError) as e:
        thurn.GameState.from_position(pos)
    for w in words:
        assert w in str(e.value), str(e.value)
    return e.value


def test_impossible_positions_are_refused_naming_the_problem():
    s = mid_game()
    pos = s.position()
    # a tile both sealed and on a space: Blue's priest still sealed in the Baiern carriage (and on its space)
    p = json.loads(json.dumps(pos))
    p["ext"]["audience_tiles"][0] = [0, M, ABT, P, BI]
    refused(p, "Blue", "Rome")
    p = bad(pos, spaces=dict(pos["ext"]["audience"]["spaces"], Abt=["Blue"]))
    refused(p, "Blue", "each once")
    # a carriage off the strip, or where its roads never lead
    refused(bad(pos, carriages={"baden": "Hamburg"}), "Hamburg")
    refused(bad(pos, carriages={"baden": "Rom", "baiern": "Rom", "schweiz_tyrol": "Udine"}), "Schweiz/Tyrol",
            "Udine", "St. Gallen")
    num = s.ruleset.variants[0].dump(audience(s))
    p = json.loads(json.dumps(pos))
    p["ext"]["audience"] = dict(num, at=[37, 1, 2, 37, 52])
    refused(p, "Rome strip")
    # the arrived list against the carriages in Rome
    refused(bad(pos, arrived=["baden"]), "arrived", "Baiern")
    refused(bad(pos, arrived=["baden", "baiern", "baden"]), "arrived")
    refused(bad(pos, arrived=["baden", "baiern", "baden", "baden", "baden", "baden"]), "at most 5")
    # the spaces and the box
    refused(bad(pos, spaces=dict(pos["ext"]["audience"]["spaces"], Kardinal=["Yellow", "Yellow"])), "at most once")
    refused(bad(pos, box=[["Nobody", "Kardinal"]]), "Nobody")
    refused(bad(pos, box=[["Blue"]]), "pairs")
    refused(bad(pos, box=[["Blue", "Kardinal"]] * 21), "at most 20")
    refused(bad(pos, spaces={"Papst": ["Blue"]}), "Papst")
    # steps owed outside the carriage step
    refused(bad(pos, owed=["baden"]), "owed")
    # an unknown field, a player without tiles after the seal step, a tile of no rank
    refused(bad(pos, colour="red"), "unknown fields")
    p = json.loads(json.dumps(pos))
    p["ext"]["audience_tiles"][1] = None
    refused(p, "Green", "sealed")
    p = json.loads(json.dumps(pos))
    p["ext"]["audience_tiles"][2] = [0, 2, 3, 0, 7]
    refused(p, "Red")
    p = json.loads(json.dumps(pos))
    p["ext"]["audience_tiles"][2] = [0, True, 3, 0, 5]
    refused(p, "Red")
    p = json.loads(json.dumps(pos))
    del p["ext"]["audience_tiles"]
    refused(p, "audience_tiles")


def test_a_position_in_the_seal_step_is_checked_too():
    s = thurn.new_game(["Ann", "Ben", "Cid"], seed=4, rules=RULES).apply(Seal((3, 1, 2, 5, 4)))
    pos = s.position()
    assert thurn.GameState.from_position(pos) == thurn.GameState.from_position(pos)
    p = json.loads(json.dumps(pos))
    p["ext"]["audience_tiles"][s.to_move] = [1, 2, 3, 4, 5]       # sealed before his turn to seal
    refused(p, "not sealed yet")
    refused(bad(pos, carriages={"baden": "Luzern"}), "after every player has sealed")


def test_sizes_are_bounded():
    pos = mid_game().position()
    refused(bad(pos, owed=["baden"] * 31), "at most 30")
    refused(bad(pos, spaces={"Kardinal": ["Blue"] * 5}), "at most 4")
    num = mid_game().ruleset.variants[0].dump(audience(mid_game()))
    p = json.loads(json.dumps(pos))
    p["ext"]["audience"] = dict(num, spaces=[list(range(4))] * 4)
    refused(p, "5 audience spaces")
    p["ext"]["audience"] = dict(num, box=[[0, 5]] * 500)
    refused(p, "at most 20")
    p["ext"]["audience"] = dict(num, box=[[9, 5]])
    refused(p, "box")
    p["ext"]["audience"] = dict(num, at=[10 ** 9] * 5)
    refused(p, "whole numbers")


def test_a_players_view_deals_the_others_tiles_from_what_lies_open_only():
    """Preparation: "secretly"; a player knows which ranks another has left (one of each, less those revealed in
    Rome), never where they are: his bot's view deals them over that player's carriages on the road, the same
    whatever the truth he cannot tell apart, and a hidden view dealt into a full position gets them too."""
    from thurn.information import determinize, player_view

    s = mid_game()                               # Baden and Baiern in Rome: three tiles sealed per player
    truth = s.ext["audience_tiles"]
    other = s.detached()
    other.set_ext("audience_tiles", (truth[0], (0, ABT, BI, 0, M), truth[2], truth[3]))   # Green's otherwise
    seen = set()
    for r in range(40):
        v = player_view(s, "Blue", rng=r).ext["audience_tiles"]
        assert v[0] == truth[0]
        assert v == player_view(other, "Blue", rng=r).ext["audience_tiles"]
        for i in (1, 2, 3):
            assert v[i][BADEN] == v[i][BAIERN] == 0
            assert sorted(x for x in v[i] if x) == sorted(x for x in truth[i] if x)
        seen.add(v[1])
    assert len(seen) == 6                        # every order of Green's three ranks left
    hidden = player_view(s, "Blue", hidden=True)
    assert hidden.ext["audience_tiles"][1] is None
    full = determinize(hidden, "Blue", rng=3)
    assert all(sorted(x for x in full.ext["audience_tiles"][i] if x) == sorted(x for x in truth[i] if x)
               for i in range(4))
