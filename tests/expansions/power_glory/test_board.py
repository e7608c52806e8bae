"""The northern board of Power and Glory (``data/northern.json``): every fact the rules and the reference give is
kept in the file, and the loader validates it.

The printed board is not fully known: the file is a reconstruction (``"provenance": "reconstructed"``, its
``note`` says what is certain and what is assumed); these tests pin the certain part, so a corrected file in the
same format must keep it.
"""
from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

import thurn
from thurn import BoardDataError, RulesetRefused
from thurn.board import NO_PROVINCE
from thurn.board_file import board_from_dict, data_dir
from thurn.rulesets import check_board

B = thurn.load_board("northern")
DATA = json.loads((data_dir() / "northern.json").read_text(encoding="utf-8"))
BASE = thurn.load_board("base")


def names(mask: int) -> set[str]:
    return {B.cities[i].name for i in range(len(B.cities)) if mask >> i & 1}


def province(pid: str) -> set[str]:
    return {c.name for c in B.cities if c.province == pid}


def test_the_file_says_it_is_reconstructed_and_what_is_certain():
    """Issue 24: the file marks itself reconstructed, with a note of what is certain and what assumed."""
    assert DATA["format"] == "thurn-board/2" and DATA["id"] == "northern"
    assert B.provenance == "reconstructed"
    note = DATA["note"]
    assert "CERTAIN" in note and "ASSUMED" in note and len(note) <= 5000


def test_23_cities_and_69_cards_3_each():
    """Power and Glory, components: "69 city cards (3 each of 23 cities)"."""
    assert len(B.cities) == 23 and B.card_copies == 3 and len(B.cards) == 69


def test_the_four_free_cities_belong_to_no_province():
    """Power and Glory, Placing houses: "The free cities (Frankfurt, Bremen, Hamburg and Lübeck) are not provinces
    themselves and are not part of the surrounding provinces"."""
    assert names(B.free_cities) == {"Frankfurt", "Bremen", "Hamburg", "Lübeck"}
    for c in B.cities:
        assert c.free == (c.name in {"Frankfurt", "Bremen", "Hamburg", "Lübeck"})
        if c.free:
            assert B.province_of[c.index] == NO_PROVINCE and B.region_name(c.index) == "free city"


def test_the_cities_the_reference_names_are_in_their_provinces():
    """The reference: Berlin, Cölln, Halle, Münster in Preußen; Hannover, Göttingen; Kassel in Hessen; Würzburg in
    Baiern; Dresden, Leipzig in Sachsen; Weimar in Thüringen."""
    prov = {c.name: c.province for c in B.cities}
    for city in ("Berlin", "Cölln", "Halle", "Münster"):
        assert prov[city] == "preussen"
    assert prov["Hannover"] == "hannover" and prov["Göttingen"] == "hannover"
    assert prov["Kassel"] == "hessen" and prov["Würzburg"] == "baiern"
    assert prov["Dresden"] == prov["Leipzig"] == "sachsen" and prov["Weimar"] == "thuringen"


def test_preussen_in_two_parts_split_by_hannover_with_7_cities():
    """Power and Glory, Collect bonus tiles: "every city in both parts of Preußen"; the reference: split by
    Hannover, Münster in the other part from Halle and Berlin, 23 − 4 − 4 × 3 = 7 cities."""
    p = next(p for p in B.provinces if p.id == "preussen")
    parts = [set(B.cities[B.index(c)].name for c in part) for part in p.parts]
    assert len(parts) == 2 and sum(map(len, parts)) == 7 == len(province("preussen"))
    east = next(part for part in parts if "Berlin" in part)
    west = next(part for part in parts if "Münster" in part)
    assert "Halle" in east and east is not west
    # split by Hannover: no road joins the two parts directly
    for a in east:
        for b in west:
            assert not B.has_road(a, b), (a, b)
    # Hannover lies between them: a road from Hannover reaches each part's side
    assert B.has_road("Hannover", "Berlin")


@pytest.mark.parametrize("pair", [("mecklenburg", "hannover"), ("holland", "belgien"), ("thuringen", "sachsen"),
                                  ("hessen", "baiern")])
def test_the_four_pairs_of_provinces_have_3_cities_each_and_a_tile(pair):
    """Power and Glory, components: "3x Mecklenburg/Hannover, 3x Holland/Belgien, 3x Thüringen/Sachsen, 3x
    Hessen/Baiern"; the reference: each pair has 3 cities in all."""
    assert len(province(pair[0]) | province(pair[1])) == 3
    assert province(pair[0]) and province(pair[1])
    stack = next(s for s in B.stacks if s.kind == "all_cities" and set(s.provinces) == set(pair))
    assert len(stack.values) == 3


def test_the_39_bonus_tiles():
    """Power and Glory, components: 5x 8, 4x 7, 3x 6, 2x 5 distance, 4x all provinces, 4x free cities, 4x Preußen,
    3 of each pair, 1x game end: 39 tiles."""
    count = Counter()
    for s in B.stacks:
        key = s.kind if s.kind != "route_length" else f"route_{s.length}"
        if s.kind == "all_cities":
            key = "+".join(sorted(s.provinces))
        count[key] += len(s.values)
    assert count["route_8"] == 5 and count["route_7"] == 4 and count["route_6"] == 3 and count["route_5"] == 2
    assert count["one_house_per_province"] == 4 and count["first_house"] == 4 and count["preussen"] == 4
    assert count["game_end"] == 1 and sum(count.values()) == 39


def test_a_free_city_tile_on_each_free_city():
    """Power and Glory, Preparation: "Place the round bonus tiles for the free cities on their respective cities"."""
    tiles = [s for s in B.stacks if s.kind == "first_house"]
    assert {B.cities[B.index(s.city)].name for s in tiles} == names(B.free_cities)
    assert all(s.values == (1,) or list(s.values) == [1] for s in tiles)


def test_all_provinces_needs_every_province_and_no_free_city():
    """Power and Glory, Collect bonus tiles: "at least one house in every province. He need not have houses on any
    of the free cities"."""
    s = next(s for s in B.stacks if s.kind == "one_house_per_province")
    assert not s.except_provinces


def test_the_example_routes_roads():
    """Power and Glory, the example: Halle, Berlin, Hannover, Hamburg, Bremen, Münster, a route in that order."""
    route = ["Halle", "Berlin", "Hannover", "Hamburg", "Bremen", "Münster"]
    for a, b in zip(route, route[1:]):
        assert B.has_road(a, b), (a, b)


def test_edges_and_sides_and_the_city_shared_with_the_base_board():
    """The reference: Würzburg the southern edge and the one city shared with the base board, Lübeck the northern
    edge, Holland in the west, Sachsen in the east (y grows southwards, x eastwards)."""
    ys = {c.name: c.pos[1] for c in B.cities}
    xs = {c.name: c.pos[0] for c in B.cities}
    assert ys["Würzburg"] == max(ys.values()) and ys["Lübeck"] == min(ys.values())
    assert {c.name for c in B.cities} & {c.name for c in BASE.cities} == {"Würzburg"}
    mid = sorted(xs.values())[len(xs) // 2]
    assert all(xs[c] < mid for c in province("holland")) and all(xs[c] > mid for c in province("sachsen"))


def test_sparse_roads_every_city_reached():
    """Issue 24: a postal network, sparse with choke points; every city has a road and the board is connected."""
    import networkx as nx
    assert nx.is_connected(B.graph)
    assert len(B.roads) <= 2 * len(B.cities)
    assert any(B.graph.degree(c.id) == 2 for c in B.cities)


def test_horseshoes_1_to_3_per_copy_and_the_samples_kept():
    """Power and Glory, components: "The backs of the city cards have 1, 2 or 3 horses"; the reference's samples:
    Berlin 1, Bremen 1, Halle 2, Hamburg 3, Hannover 3, Kassel 3, Münster 1 (one copy each at least)."""
    for cc in B.cards:
        assert cc.get("horseshoes") in (1, 2, 3)
    for city, n in {"Berlin": 1, "Bremen": 1, "Halle": 2, "Hamburg": 3, "Hannover": 3, "Kassel": 3,
                    "Münster": 1}.items():
        assert n in [B.card_attribute(city, k, "horseshoes") for k in range(3)]
    spread = Counter(cc.get("horseshoes") for cc in B.cards)
    assert spread == {1: 23, 2: 23, 3: 23}           # assumed: each city one card of each


def test_rulesets_base_and_power_glory_and_the_other_expansions_but_not_the_audience():
    """Power and Glory, The game using the base game rules: "You may also play Power and Glory using the rules for
    the base game"; with The Princess' Messenger and Offices of Honor; The Audience needs the base board."""
    assert set(B.rulesets) == {"base", "power_glory", "messenger", "offices"}
    check_board(B, ())
    check_board(B, ("power_glory", "messenger", "offices"))
    with pytest.raises(RulesetRefused) as e:
        check_board(B, ("audience",))
    assert e.value.reason == "ruleset_refused" and "The Audience" in str(e.value)


def test_the_loader_refuses_a_broken_copy():
    """The loader validates the file: a copy with 4 horseshoes or a road to nowhere is refused, naming the field."""
    bad = copy.deepcopy(DATA)
    bad["card_attributes"]["horseshoes"]["copies"]["berlin"] = [1, 4, 2]
    with pytest.raises(BoardDataError, match="horseshoes"):
        board_from_dict(bad, "northern.json")
    bad = copy.deepcopy(DATA)
    bad["roads"].append(["berlin", "paris"])
    with pytest.raises(BoardDataError, match="paris"):
        board_from_dict(bad, "northern.json")
