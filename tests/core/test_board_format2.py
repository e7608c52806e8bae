"""Board format thurn-board/2 (docs/board-format.md): what the expansions need from a board file.

- Free cities (Power and Glory rules, Placing houses: "not provinces themselves and not part of the surrounding
  provinces"; "he may place a house on only one of the free cities"); the rules' example route Halle, Berlin,
  Hannover, Hamburg, Bremen, Münster on a small board written here (not in data/).
- Bonus-stack kinds from a registry: route-8, the free-city tiles (Power and Glory, Collect bonus tiles: "The
  player who places the first house on one of the free cities immediately takes the bonus tile for that city"),
  kinds an expansion registers, an unknown kind refused.
- A province in two parts (Power and Glory, Collect bonus tiles: "a house on every city in both parts of
  Preußen"), one province for the rules.
- Attributes per card copy (Power and Glory: horseshoes per card, not per city).
- Extra maps beside the board (The Audience: the Rome strip).
- Format 1 files still load, and base.json (format 2) gives the same board in every table as its format-1 reading.
"""
import copy
import json
import random
from itertools import product

import pytest

import thurn
from thurn import BoardDataError
from thurn.board import FORMAT, NO_PROVINCE
from thurn.board_file import board_from_dict, data_dir, upgrade_board_data
from thurn.stacks import StackKind, register_stack_kind, stack_kinds
from thurn.rules import Rules
from thurn.sim import play_game
from thurn.scoring import earned_tiles, placement_masks, placement_options, popcount

BASE = thurn.load_board("base")
BASE_DATA = json.loads((data_dir() / "base.json").read_text(encoding="utf-8"))


def north() -> dict:
    """A small northern board after the Power and Glory rules' example (positions and other roads made up)."""
    cities = [("halle", "Halle", "preussen"), ("berlin", "Berlin", "preussen"), ("munster", "Münster", "preussen"),
              ("colln", "Cölln", "preussen"), ("hannover", "Hannover", "hannover"), ("hamburg", "Hamburg", None),
              ("bremen", "Bremen", None), ("lubeck", "Lübeck", None), ("kassel", "Kassel", "hessen")]
    return {
        "format": "thurn-board/2", "id": "north", "name": "A northern test board", "provenance": "reconstructed",
        "components": {"players": [2, 4], "city_card_copies": 3, "face_up_cards": 6, "houses_per_player": 20,
                       "hand_limit_after_scoring": 3, "min_route_to_score": 3},
        "provinces": [
            {"id": "preussen", "name": "Preußen", "bonus_group": "preussen", "color": "#3050a0",
             "parts": [["halle", "berlin", "colln"], ["munster"]]},
            {"id": "hannover", "name": "Hannover", "bonus_group": None, "color": "#c0a040"},
            {"id": "hessen", "name": "Hessen", "bonus_group": None, "color": "#a04040"},
        ],
        "cities": [dict({"id": i, "name": n, "pos": [40 * k, 20 * (k % 3)]}, **({"province": p} if p else {}))
                   for k, (i, n, p) in enumerate(cities)],
        "roads": [["halle", "berlin"], ["berlin", "hannover"], ["hannover", "hamburg"], ["hamburg", "bremen"],
                  ["bremen", "munster"], ["hamburg", "lubeck"], ["berlin", "colln"], ["colln", "lubeck"],
                  ["hannover", "kassel"], ["kassel", "halle"], ["munster", "kassel"]],
        "bonus_stacks": [
            {"id": "route_5", "kind": "route_length", "length": 5, "values": [2, 1]},
            {"id": "route_6", "kind": "route_length", "length": 6, "values": [3, 2, 1]},
            {"id": "route_7", "kind": "route_length", "length": 7, "values": [4, 3, 2, 1]},
            {"id": "route_8", "kind": "route_length", "length": 8, "values": [5, 4, 3, 2, 1]},
            {"id": "all_provinces", "kind": "one_house_per_province", "values": [6, 5, 4, 3]},
            {"id": "preussen", "kind": "all_cities", "provinces": ["preussen"], "values": [5, 4, 3, 2]},
            {"id": "hamburg_tile", "name": "Hamburg", "kind": "first_house", "city": "hamburg", "values": [1]},
            {"id": "bremen_tile", "name": "Bremen", "kind": "first_house", "city": "bremen", "values": [1]},
            {"id": "game_end", "kind": "game_end", "values": [1]},
        ],
        "carriages": [{"level": 3, "points": 2, "copies": 4}, {"level": 4, "points": 3, "copies": 4}],
        "officials": copy.deepcopy(BASE_DATA["officials"]),
        "card_attributes": {"horseshoes": {"type": "whole", "range": [1, 3], "default": 1,
                                           "copies": {"berlin": [1, 1, 2], "halle": [2, 2, 3], "hamburg": [3, 1, 2]}}},
        "maps": {"rome": {"name": "Rome strip", "attributes": {"starts": {"baden": "lorrach"}, "spaces": [1, 2, 3]},
                          "cities": [{"id": "lorrach", "name": "Lörrach", "pos": [0, 0]},
                                     {"id": "andechs", "name": "Andechs", "pos": [1, 0]},
                                     {"id": "trient", "name": "Trient", "pos": [2, 0]},
                                     {"id": "halle", "name": "Halle", "pos": [2, 1]},
                                     {"id": "rom", "name": "Rom", "pos": [3, 0], "attributes": {"audience": True}}],
                          "roads": [["lorrach", "andechs"], ["andechs", "trient"], ["andechs", "halle"],
                                    ["trient", "rom"]]}},
    }


NORTH = board_from_dict(north(), "north.json")
RULES = Rules()
EXAMPLE = ["Halle", "Berlin", "Hannover", "Hamburg", "Bremen", "Münster"]


def names(board, mask):
    return frozenset(board.names_of(mask))


# -- free cities ------------------------------------------------------------------------------------------------

def test_free_cities_lie_in_no_province():
    free = {"Hamburg", "Bremen", "Lübeck"}
    assert names(NORTH, NORTH.free_cities) == free
    for c in NORTH.cities:
        assert c.free == (c.name in free)
        assert (NORTH.province_of[c.index] == NO_PROVINCE) == c.free
        assert NORTH.province_of_city(c.name) is None if c.free else NORTH.province_of_city(c.name).id == c.province
    assert not any(m & NORTH.free_cities for m in NORTH.province_mask)
    assert NORTH.graph.nodes["hamburg"]["province"] is None
    assert NORTH.region_name("Bremen") == "free city" and NORTH.region_name("Halle") == "Preußen"
    assert BASE.free_cities == 0 and NO_PROVINCE not in BASE.province_of


def test_the_rules_example_route():
    """Power and Glory rules, Placing houses (example): "Either he places 1 house on each of the cities in both
    parts of Preußen (Halle, Berlin and Münster), or he places 1 house on Preußen (Halle, Berlin or Münster), 1
    house on Hannover, and 1 house on one of the free cities (Hamburg or Bremen)"; "the player may not in any case
    place houses in both free cities"."""
    route = [NORTH.index(c) for c in EXAMPLE]
    masks = placement_masks(NORTH, route, 0, 20)
    best = {names(NORTH, m) for m in masks if popcount(m) == 3}
    option_a = {frozenset({p, "Hannover", f}) for p in ("Halle", "Berlin", "Münster") for f in ("Hamburg", "Bremen")}
    assert best == option_a | {frozenset({"Halle", "Berlin", "Münster"})}
    assert {names(NORTH, m) for m in masks} == best | {frozenset({"Hannover"})}     # and option B on Hannover
    both = NORTH.mask_of(["Hamburg", "Bremen"])
    assert not any(m & both == both for m in placement_masks(NORTH, route, 0, 20, optional=True))
    labels = {frozenset(p.cities): p.options for p in placement_options(NORTH, EXAMPLE)}
    assert labels[frozenset({"Halle", "Berlin", "Münster"})] == ("option B: every city of Preußen",)
    assert labels[frozenset({"Berlin", "Hannover", "Bremen"})] == (
        "option A: one house in each province and on one free city",)


def test_free_cities_are_never_option_b():
    route = [NORTH.index(c) for c in ("Bremen", "Hamburg", "Lübeck")]
    assert [names(NORTH, m) for m in placement_masks(NORTH, route, 0, 20)] == [
        {"Bremen"}, {"Hamburg"}, {"Lübeck"}]
    owned = NORTH.mask_of(["Hamburg"])
    assert [names(NORTH, m) for m in placement_masks(NORTH, route, owned, 20)] == [{"Bremen"}, {"Lübeck"}]
    assert placement_masks(NORTH, route, NORTH.free_cities, 20) == (0,)
    route = [NORTH.index(c) for c in ("Hannover", "Hamburg", "Bremen")]       # Hannover owned: B there places none
    got = [names(NORTH, m) for m in placement_masks(NORTH, route, NORTH.mask_of(["Hannover"]), 20)]
    assert got == [{"Hamburg"}, {"Bremen"}, set()]


def test_few_houses_left_and_optional_houses_with_free_cities():
    route = [NORTH.index(c) for c in EXAMPLE]
    one = {names(NORTH, m) for m in placement_masks(NORTH, route, 0, 1)}
    assert one == {frozenset({c}) for c in EXAMPLE}
    optional = {names(NORTH, m) for m in placement_masks(NORTH, route, 0, 20, optional=True)}
    assert frozenset() in optional and frozenset({"Berlin", "Hannover"}) in optional


def _old_placement_masks(board, route, owned, houses_left, optional=False):
    """The base game's placement_masks before format 2 (kept here to prove the fast path unchanged)."""
    from thurn.scoring import _all_subsets, _bits, _subsets_of_size
    route = tuple(route)
    route_mask = sum(1 << c for c in route)
    owned &= route_mask
    cap = min(houses_left, len(route))
    free_by_province, full = {}, False
    for c in route:
        if not owned >> c & 1:
            free_by_province[board.province_of[c]] = free_by_province.get(board.province_of[c], 0) | (1 << c)
    full = any(board.province_of[c] not in free_by_province for c in route)
    groups = list(free_by_province.values())
    options = []
    if groups:
        for choice in product(*[list(_bits(g)) for g in groups]):
            options.append(sum(1 << c for c in choice))
        options.extend(groups)
        if full:
            options.append(0)
    else:
        options.append(0)
    result = set()
    for m in options:
        result.update(_subsets_of_size(m, cap) if popcount(m) > cap else [m])
    if optional:
        result = {s for m in result for s in _all_subsets(m)}
    order = {c: i for i, c in enumerate(route)}
    return tuple(sorted(result, key=lambda m: (-popcount(m), sorted(order[c] for c in _bits(m)))))


def _random_routes(board, n, seed):
    rng = random.Random(seed)
    for _ in range(n):
        route = [rng.randrange(len(board.cities))]
        for _ in range(rng.randrange(2, 8)):
            nxt = [c for c in range(len(board.cities)) if board.adj[route[-1]] >> c & 1 and c not in route]
            if not nxt:
                break
            route.append(rng.choice(nxt))
        owned = sum(1 << c for c in range(len(board.cities)) if rng.random() < 0.3)
        yield route, owned, rng.choice([20, 20, 3, 1, 0]), rng.random() < 0.2


def test_base_placements_are_the_same_masks_in_the_same_order():
    for route, owned, left, optional in _random_routes(BASE, 400, 7):
        BASE._placement_cache.clear()
        assert placement_masks(BASE, route, owned, left, optional) == _old_placement_masks(BASE, route, owned, left,
                                                                                           optional)


# -- bonus-stack kinds ------------------------------------------------------------------------------------------

def _old_earned(board, rules, houses, held, stacks, route_len):
    """The base game's earned_tiles before the registry (kept here to prove the same results, same order)."""
    from thurn.scoring import length_stack, required_provinces_mask
    out = []
    ls = length_stack(board, stacks, route_len)
    if ls is not None:
        out.append(ls)
    for s in board.stacks:
        if s.index in held or not stacks[s.index]:
            continue
        if s.kind == "all_cities":
            need = sum(board.province_mask[board._province_index[p]] for p in s.provinces)
            if houses & need == need:
                out.append(s)
        elif s.kind == "one_house_per_province":
            if all(houses & m for m in required_provinces_mask(board, s, rules.all_provinces_includes_baiern)):
                out.append(s)
    return out


def test_base_tiles_are_the_same_and_in_the_same_order():
    rng = random.Random(3)
    full = tuple(s.values for s in BASE.stacks)
    for k in range(3000):
        houses = sum(1 << c for c in range(22) if rng.random() < rng.choice([0.5, 0.8, 0.95]))
        held = {i for i in range(len(BASE.stacks)) if rng.random() < 0.2}
        stacks = tuple(v if rng.random() < 0.8 else () for v in full)
        rules = Rules(all_provinces_includes_baiern=bool(k % 2))
        n = rng.randrange(3, 10)
        assert earned_tiles(BASE, rules, houses, held, stacks, n) == _old_earned(BASE, rules, houses, held, stacks, n)


def test_a_route_of_8_takes_the_route_8_tile():
    stacks = tuple(s.values for s in NORTH.stacks)
    ids = [s.id for s in earned_tiles(NORTH, RULES, 0, set(), stacks, 8)]
    assert ids == ["route_8"]
    assert [s.id for s in earned_tiles(NORTH, RULES, 0, set(), stacks, 9)] == ["route_8"]
    empty = tuple(() if s.id == "route_8" else s.values for s in NORTH.stacks)
    assert [s.id for s in earned_tiles(NORTH, RULES, 0, set(), empty, 8)] == ["route_7"]


def test_the_first_house_on_a_free_city_takes_its_tile():
    """Power and Glory, Collect bonus tiles: the first house on a free city takes that city's tile."""
    stacks = tuple(s.values for s in NORTH.stacks)
    hamburg = NORTH.mask_of(["Hamburg"])
    got = [s.id for s in earned_tiles(NORTH, RULES, hamburg, set(), stacks, 3)]
    assert got == ["hamburg_tile"]
    assert [s.id for s in earned_tiles(NORTH, RULES, hamburg, set(), stacks, 3, placed=hamburg)] == ["hamburg_tile"]
    assert earned_tiles(NORTH, RULES, hamburg, set(), stacks, 3, placed=0) == []          # placed earlier
    assert earned_tiles(NORTH, RULES, hamburg, set(), stacks, 3, others=hamburg) == []    # another was first
    taken = tuple(() if s.id == "hamburg_tile" else s.values for s in NORTH.stacks)
    assert earned_tiles(NORTH, RULES, hamburg, set(), taken, 3) == []
    assert NORTH.stack("Hamburg").city == "hamburg"


def test_preussen_needs_both_parts_and_all_provinces_needs_no_free_city():
    """Power and Glory, Collect bonus tiles: "a house on every city in both parts of Preußen"; "all provinces":
    "He need not have houses on any of the free cities"."""
    stacks = tuple(s.values for s in NORTH.stacks)
    one_part = NORTH.mask_of(["Halle", "Berlin", "Cölln"])
    assert earned_tiles(NORTH, RULES, one_part, set(), stacks, 3) == []
    both = one_part | NORTH.mask_of(["Münster"])
    assert [s.id for s in earned_tiles(NORTH, RULES, both, set(), stacks, 3)] == ["preussen"]
    every = NORTH.mask_of(["Halle", "Hannover", "Kassel"])
    assert [s.id for s in earned_tiles(NORTH, RULES, every, set(), stacks, 3)] == ["all_provinces"]


def test_a_province_in_two_parts_is_one_province():
    p = NORTH.province("Preußen")
    assert p.parts == (("halle", "berlin", "colln"), ("munster",))
    assert set(p.cities) == {"halle", "berlin", "colln", "munster"}
    assert len({NORTH.province_of[NORTH.index(c)] for c in p.cities}) == 1
    assert BASE.province("Baiern").parts == ()


def test_an_expansion_registers_a_stack_kind(tmp_path):
    def fields(spec):
        n = spec.raw.get("houses")
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 60:
            spec.fail(f"needs 'houses', a whole number from 1 to 60, not {n!r}.")
        return {"houses": n}

    def test(board, stack):
        n = stack.get("houses")
        return lambda e: popcount(e.houses) >= n

    kind = StackKind("many_houses", "a tile for having placed many houses", fields=fields, test=test,
                     once_per_player=True)
    data = north()
    data["bonus_stacks"].insert(0, {"id": "many", "kind": "many_houses", "houses": 4, "values": [2]})
    path = tmp_path / "north_many.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BoardDataError) as info:              # not registered yet
        thurn.load_board(str(path))
    for word in ("north_many.json", "'many'", "unknown kind 'many_houses'", "route_length", "first_house",
                 "register_stack_kind"):
        assert word in str(info.value)
    try:
        register_stack_kind(kind)
        with pytest.raises(ValueError, match="registered already"):
            register_stack_kind(kind)
        board = thurn.load_board(str(path))
        assert board.stack("many").get("houses") == 4
        stacks = tuple(s.values for s in board.stacks)
        houses = board.mask_of(["Hamburg", "Bremen", "Lübeck", "Kassel"])
        assert [s.id for s in earned_tiles(board, RULES, houses, set(), stacks, 3)] == [
            "many", "hamburg_tile", "bremen_tile"]
        assert earned_tiles(board, RULES, houses, {0}, stacks, 3)[0].id == "hamburg_tile"     # once per player
        bad = copy.deepcopy(data)
        bad["bonus_stacks"][0]["houses"] = 0
        with pytest.raises(BoardDataError, match="'many' needs 'houses'"):
            board_from_dict(bad, "bad.json")
    finally:
        import thurn.stacks as registry
        registry._STACK_KINDS.pop("many_houses", None)
    assert "many_houses" not in stack_kinds()


def test_a_game_on_a_board_with_free_cities_plays_to_its_end(tmp_path):
    path = tmp_path / "north.json"
    path.write_text(json.dumps(north(), ensure_ascii=False), encoding="utf-8")
    for bots in (None, "greedy"):
        state = play_game(3, bots=bots, seed=5, rules={"board": str(path)})
        assert state.is_over and state.board.free_cities and state.winner


# -- card attributes ----------------------------------------------------------------------------------------------

def test_card_attributes_per_copy():
    """Power and Glory: "Each card shows 1, 2 or 3 horseshoes" (per card, not per city)."""
    assert len(NORTH.cards) == NORTH.deck_size == 27
    assert [(c.city, c.copy) for c in NORTH.cards[:4]] == [(0, 0), (0, 1), (0, 2), (1, 0)]
    assert [NORTH.card_attribute("Berlin", k, "horseshoes") for k in range(3)] == [1, 1, 2]
    assert [NORTH.card_attribute("hamburg", k, "horseshoes") for k in range(3)] == [3, 1, 2]
    assert NORTH.card_attribute("Kassel", 2, "horseshoes") == 1                      # the default
    assert NORTH.cards[3].get("horseshoes") == 1 and NORTH.cards[3].attrs == {"horseshoes": 1}
    assert NORTH.card_attributes["horseshoes"].range == (1, 3)
    with pytest.raises(thurn.UnknownName, match="horseshoes"):
        NORTH.card_attribute("Berlin", 0, "horseshoe")
    with pytest.raises(thurn.ThurnError, match="cards 0 to 2"):
        NORTH.card_attribute("Berlin", 3, "horseshoes")
    assert BASE.card_attributes == {} and len(BASE.cards) == 66 and BASE.cards[0].attributes == ()


# -- extra maps ---------------------------------------------------------------------------------------------------

def test_an_extra_map_has_its_own_cities_and_roads():
    rome = NORTH.maps["rome"]
    assert NORTH.extra_map("Rome strip") is rome
    assert rome.graph.number_of_nodes() == 5 and rome.graph.number_of_edges() == 4
    assert rome.city("lorrach").name == "Lörrach" and rome.city("LORRACH").index == 0
    assert rome.neighbours("Andechs") == ["Lörrach", "Trient", "Halle"]
    assert rome.has_road("Trient", "Rom") and not rome.has_road("Lörrach", "Rom")
    assert rome.city("Halle").index != NORTH.index("Halle") or rome.city("Halle") is not NORTH.city("Halle")
    assert rome.get("starts") == (("baden", "lorrach"),) and rome.get("spaces") == (1, 2, 3)
    assert rome.city("Rom").get("audience") is True
    with pytest.raises(thurn.UnknownCity, match="Trient"):
        rome.city("Trent")
    with pytest.raises(thurn.UnknownName, match="'rome'"):
        NORTH.extra_map("roma")
    assert list(BASE.maps) == ["rome"]      # the base board carries The Audience's Rome strip (data/base.json)


# -- format 1 and format 2 ----------------------------------------------------------------------------------------

TABLES = ("id", "name", "provenance", "note", "size", "cities", "provinces", "roads", "stacks", "carriages",
          "officials", "players", "card_copies", "face_up", "houses", "hand_limit", "min_route", "card_attributes",
          "cards", "maps", "city_names", "adj", "province_of", "province_mask", "free_cities", "all_mask",
          "stack_index", "carriage_levels", "carriage_points", "official_ids", "_lookup", "_province_index",
          "_official_lookup")


def test_base_json_is_format_2_and_reads_as_its_format_1_reading():
    assert BASE_DATA["format"] == FORMAT == "thurn-board/2"
    old = {k: v for k, v in BASE_DATA.items() if k != "maps"} | {"format": "thurn-board/1"}   # (format 1 has no maps)
    one, two = board_from_dict(old, "base.json"), board_from_dict(BASE_DATA, "base.json")
    for name in TABLES:
        if name != "maps":
            assert getattr(one, name) == getattr(two, name) == getattr(BASE, name), name
    assert sorted(one.graph.nodes(data=True)) == sorted(BASE.graph.nodes(data=True))
    assert sorted(one.graph.edges) == sorted(BASE.graph.edges)
    assert one.format_read == "thurn-board/1" and two.format_read == "thurn-board/2"


def test_a_format_1_file_still_loads(tmp_path):
    path = tmp_path / "mine.json"
    old = {k: v for k, v in BASE_DATA.items() if k != "maps"} | {"format": "thurn-board/1"}
    path.write_text(json.dumps(old, ensure_ascii=False), encoding="utf-8")
    board = thurn.load_board(str(path))
    assert board.format_read == "thurn-board/1" and board.adj == BASE.adj and board.stacks == BASE.stacks
    state = thurn.new_game(["Ann", "Ben"], seed=1, rules={"board": str(path)})
    assert state.board is board
    assert upgrade_board_data(old)["format"] == FORMAT
    assert upgrade_board_data(BASE_DATA) is BASE_DATA


# -- validation -------------------------------------------------------------------------------------------------

def change(fn):
    def wrapped(d):
        fn(d)
    wrapped.__name__ = fn.__name__
    return wrapped


def stack(d, sid):
    return next(s for s in d["bonus_stacks"] if s["id"] == sid)


def _format1_free_city(d):
    d["format"] = "thurn-board/1"
    d.pop("card_attributes")
    d.pop("maps")
    d["provinces"][0].pop("parts")


def _format1_maps(d):
    d["format"] = "thurn-board/1"


def _format1_new_kind(d):
    d.update(format="thurn-board/1", cities=[dict(c, province=c.get("province", "hannover")) for c in d["cities"]])
    d.pop("card_attributes")
    d.pop("maps")
    d["provinces"][0].pop("parts")


def _unknown_kind(d):
    stack(d, "route_8")["kind"] = "route_lenght"


def _first_house_without_city(d):
    stack(d, "hamburg_tile").pop("city")


def _first_house_unknown_city(d):
    stack(d, "hamburg_tile")["city"] = "hambrug"


def _part_with_a_foreign_city(d):
    d["provinces"][0]["parts"][1].append("hannover")


def _city_in_two_parts(d):
    d["provinces"][0]["parts"][1].append("halle")


def _city_in_no_part(d):
    d["provinces"][0]["parts"] = [["halle", "berlin"], ["munster"]]


def _parts_not_lists(d):
    d["provinces"][0]["parts"] = ["halle"]


def _attribute_wrong_count(d):
    d["card_attributes"]["horseshoes"]["copies"]["berlin"] = [1, 2]


def _attribute_out_of_range(d):
    d["card_attributes"]["horseshoes"]["copies"]["berlin"] = [1, 4, 2]


def _attribute_wrong_type(d):
    d["card_attributes"]["horseshoes"]["copies"]["berlin"] = [1, "2", 2]


def _attribute_unknown_city(d):
    d["card_attributes"]["horseshoes"]["copies"]["berlinn"] = [1, 1, 1]


def _attribute_no_default(d):
    d["card_attributes"]["horseshoes"].pop("default")


def _attribute_unknown_type(d):
    d["card_attributes"]["horseshoes"]["type"] = "float"


def _too_many_attributes(d):
    d["card_attributes"] = {f"a{k}": {"type": "flag", "default": True, "copies": {}} for k in range(25)}


def _map_road_to_unknown_city(d):
    d["maps"]["rome"]["roads"].append(["trient", "florenz"])


def _map_city_twice(d):
    d["maps"]["rome"]["cities"].append({"id": "rom2", "name": "Rom", "pos": [0, 0]})


def _map_road_twice(d):
    d["maps"]["rome"]["roads"].append(["rom", "trient"])


def _map_bad_id(d):
    d["maps"]["Rome Strip!"] = d["maps"].pop("rome")


def _map_no_cities(d):
    d["maps"]["rome"]["cities"] = []


def _map_bad_attribute(d):
    d["maps"]["rome"]["attributes"]["deep"] = {"a": {"b": 1}}


def _too_many_maps(d):
    d["maps"] = {f"m{k}": copy.deepcopy(d["maps"]["rome"]) for k in range(11)}


def _map_city_bad_pos(d):
    d["maps"]["rome"]["cities"][0]["pos"] = [0, "north"]


BAD = [
    (_format1_free_city, ["city 'hamburg' has no 'province'", "thurn-board/2"]),
    (_format1_maps, ["'card_attributes' came with format", "thurn-board/1"]),
    (_format1_new_kind, ["'hamburg_tile'", "unknown kind 'first_house'"]),
    (_unknown_kind, ["'route_8'", "unknown kind 'route_lenght'", "did you mean 'route_length'", "known kinds:",
                     "all_cities", "first_house"]),
    (_first_house_without_city, ["'hamburg_tile'", "'city'", "nothing"]),
    (_first_house_unknown_city, ["'hamburg_tile'", "'hambrug'", "did you mean 'hamburg'"]),
    (_part_with_a_foreign_city, ["province 'preussen'", "'hannover'", "not a city of the province"]),
    (_city_in_two_parts, ["province 'preussen'", "'halle'", "part #1 and part #2"]),
    (_city_in_no_part, ["province 'preussen'", "['colln']", "in no part"]),
    (_parts_not_lists, ["province 'preussen'", "part #1", "list of city ids"]),
    (_attribute_wrong_count, ["card attribute 'horseshoes'", "'berlin'", "each of its 3 cards"]),
    (_attribute_out_of_range, ["card attribute 'horseshoes'", "card 2 of 'berlin'", "from 1 to 3", "4"]),
    (_attribute_wrong_type, ["card 2 of 'berlin'", "whole number", "'2'"]),
    (_attribute_unknown_city, ["unknown city 'berlinn'", "did you mean 'berlin'"]),
    (_attribute_no_default, ["card attribute 'horseshoes'", "no values", "'default'"]),
    (_attribute_unknown_type, ["'type'", "whole, text, flag", "'float'"]),
    (_too_many_attributes, ["25 attributes", "at most 20"]),
    (_map_road_to_unknown_city, ["map 'rome'", "'florenz'", "not on the map"]),
    (_map_city_twice, ["map 'rome'", "'rom2'", "reads like", "'rom'"]),
    (_map_road_twice, ["map 'rome'", "rom–trient", "listed twice"]),
    (_map_bad_id, ["map 'Rome Strip!'", "lower-case"]),
    (_map_no_cities, ["map 'rome'", "0 cities"]),
    (_map_bad_attribute, ["map 'rome'", "'deep'", "not {'b': 1}"]),
    (_too_many_maps, ["11 maps", "at most 10"]),
    (_map_city_bad_pos, ["map 'rome', city 'lorrach'", "'pos'"]),
]


@pytest.mark.parametrize("change, words", BAD, ids=[f.__name__.strip("_") for f, _ in BAD])
def test_a_bad_format_2_file_is_refused_naming_the_file_and_the_problem(tmp_path, change, words):
    data = copy.deepcopy(north())
    change(data)
    path = tmp_path / "bad_north.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(BoardDataError) as info:
        thurn.load_board(str(path))
    message = str(info.value)
    assert message.startswith(str(path) + ":")
    for word in words:
        assert word in message, message
