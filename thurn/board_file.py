"""Board files: reading and checking a board's data file, and the boards installed.

``load_board("base")`` reads ``data/base.json``; ``load_board(path)`` reads any file in the same format.
Loading validates the data and names the file and the problem when something is wrong.

The file format is ``thurn-board/2`` (described field by field in ``docs/board-format.md``); a file in the
older ``thurn-board/1`` is converted on reading (:func:`upgrade_board_data`). Format 2 adds what the
expansions need: cities outside any province (Power and Glory's free cities), provinces drawn in parts,
bonus-stack kinds from a registry (:func:`thurn.stacks.register_stack_kind`), attributes per city-card copy, and
extra maps beside the board (The Audience's Rome strip).
"""
from __future__ import annotations

import difflib
import json
import math
import os
import re
import stat
import unicodedata
from functools import lru_cache
from pathlib import Path

from .board import (FORMAT, MAX_CITIES, Board, BonusStack, CardAttribute, CardCopy, Carriage, City, ExtraMap, MapCity,
                    Official, Province, fold)
from .errors import BoardDataError, UnknownName, short_repr
from .stacks import StackSpec, stack_kinds

#: Older formats, converted on reading (:func:`upgrade_board_data`).
OLD_FORMATS = ("thurn-board/1",)


def data_dir() -> Path:
    """The folder of the board data files: ``data/`` of the project, or the copy installed with the package."""
    here = Path(__file__).resolve().parent
    for candidate in (here.parent / "data", here / "data"):
        if (candidate / "base.json").is_file():
            return candidate
    raise BoardDataError(f"The board data folder was not found next to {here} (expected data/base.json).")


def _fail(source: str, problem: str):
    raise BoardDataError(f"{source}: {problem}")


#: The largest board file read (bytes): a board is a few kilobytes; anything bigger is not a board.
MAX_BOARD_BYTES = 1 << 20
#: Bounds of the numbers in a board file.
LIMITS = {
    "players": (1, 8), "city_card_copies": (1, 10), "face_up_cards": (1, 12), "houses_per_player": (1, 100),
    "hand_limit_after_scoring": (0, 6), "min_route_to_score": (1, MAX_CITIES),
}
_MISSING = object()


def _type_name(kind) -> str:
    names = {str: "text", int: "whole number", list: "list", dict: "JSON object", bool: "true or false"}
    if isinstance(kind, tuple):
        return " or ".join(names.get(k, k.__name__) for k in kind)
    return names.get(kind, kind.__name__)


def _req(d: dict, key: str, source: str, where: str, kind=None, default=_MISSING):
    if not isinstance(d, dict):
        _fail(source, f"{where} should be a JSON object, not {short_repr(d)}.")
    if key not in d:
        if default is not _MISSING:
            return default
        _fail(source, f"{where} has no {key!r}.")
    value = d[key]
    if kind is not None and (not isinstance(value, kind) or (isinstance(value, bool) and kind in (int, (int, float)))):
        _fail(source, f"{where}: {key!r} should be a {_type_name(kind)}, not {short_repr(value)}.")
    return value


def _text(d, key, source, where, default=_MISSING, limit=100, name=False):
    """A text field: a string of at most ``limit`` characters without control characters (``name``: non-empty,
    with a letter or digit)."""
    value = _req(d, key, source, where, str, default)
    if value is None:
        return value
    if len(value) > limit:
        _fail(source, f"{where}: {key!r} is {len(value)} characters long; at most {limit}.")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp") and (name or ch not in "\n\t")
           for ch in value):
        _fail(source, f"{where}: {key!r} contains a control character: {short_repr(value)}.")
    if name and not any(ch.isalnum() for ch in value):
        _fail(source, f"{where}: {key!r} should be a name with a letter or digit, not {short_repr(value)}.")
    return value


def _whole(d, key, source, where, lo, hi, default=_MISSING) -> int:
    value = _req(d, key, source, where, int, default)
    if not lo <= value <= hi:
        _fail(source, f"{where}: {key!r} should be from {lo} to {hi}, not {short_repr(value)}.")
    return value


def _names_list(d, key, source, where, limit=MAX_CITIES) -> tuple:
    values = _req(d, key, source, where, list, [])
    if len(values) > limit or not all(isinstance(v, str) for v in values):
        _fail(source, f"{where}: {key!r} should be a list of at most {limit} ids (text), not {short_repr(values)}.")
    return tuple(values)


def _list(data, key, source, limit):
    values = _req(data, key, source, "the board", list)
    if len(values) > limit:
        _fail(source, f"the board lists {len(values)} {key}; at most {limit}.")
    return values


#: Fields a ``thurn-board/1`` file cannot have: they came with format 2.
FORMAT2_FIELDS = ("card_attributes", "maps", "rulesets")
#: Bounds of the format-2 parts.
MAX_CARD_ATTRIBUTES = 20
MAX_MAPS = 10
MAX_RULESETS = 20
MAX_MAP_CITIES = 60
MAX_ATTRIBUTES = 40
WHOLE_RANGE = (-1000, 1000)
CARD_ATTRIBUTE_TYPES = ("whole", "text", "flag")


def upgrade_board_data(data: dict, source: str = "<board data>") -> dict:
    """The parsed content of a board file in the current format (:data:`FORMAT`): a ``thurn-board/1`` file is
    converted (a copy; the file itself is left as it is), a ``thurn-board/2`` one returned as it is.

    Format 1 is format 2 without the new parts: every city in a province, the four base stack kinds, no
    ``card_attributes``, no ``maps`` and no province ``parts``. Converting it changes only the ``format``
    field, so a format-1 file gives exactly the board it gave before."""
    if not isinstance(data, dict):
        _fail(source, "the file should hold one JSON object.")
    fmt = data.get("format")
    if fmt == FORMAT:
        return data
    if fmt not in OLD_FORMATS:
        _fail(source, f"unknown format {short_repr(fmt)} (expected {FORMAT!r}, or {' or '.join(map(repr, OLD_FORMATS))} "
                      f"which is converted on reading).")
    for key in FORMAT2_FIELDS:
        if key in data:
            _fail(source, f"{key!r} came with format {FORMAT!r}; this file says {fmt!r} (change its 'format').")
    base_kinds = ("route_length", "all_cities", "one_house_per_province", "game_end")
    for i, c in enumerate(data.get("cities") or ()):
        if isinstance(c, dict) and c.get("province") is None:
            _fail(source, f"city {short_repr(c.get('id', f'#{i + 1}'))} has no 'province' (a city outside every "
                          f"province needs format {FORMAT!r}).")
    for p in data.get("provinces") or ():
        if isinstance(p, dict) and "parts" in p:
            _fail(source, f"province {short_repr(p.get('id'))}: 'parts' came with format {FORMAT!r}.")
    for s in data.get("bonus_stacks") or ():
        if isinstance(s, dict) and isinstance(s.get("kind"), str) and s["kind"] not in base_kinds:
            _fail(source, f"bonus stack {short_repr(s.get('id'))} has unknown kind {short_repr(s['kind'])} (format {fmt!r} "
                          f"knows {', '.join(base_kinds)}; other kinds need format {FORMAT!r}).")
    return dict(data, format=FORMAT)


def _parts(p: dict, members: list, source: str, where: str) -> tuple:
    """A province's ``parts``: groups of its cities, for drawing (Power and Glory: "both parts of Preußen");
    each city of the province in exactly one part."""
    raw = _req(p, "parts", source, where, list, None)
    if raw is None:
        return ()
    if not 1 <= len(raw) <= MAX_CITIES:
        _fail(source, f"{where}: 'parts' should list from 1 to {MAX_CITIES} groups of its cities, not {len(raw)}.")
    seen: dict[str, int] = {}
    for k, part in enumerate(raw):
        if not (isinstance(part, list) and part and len(part) <= MAX_CITIES and all(isinstance(x, str) for x in part)):
            _fail(source, f"{where}: part #{k + 1} should be a non-empty list of city ids, not {short_repr(part)}.")
        for x in part:
            if x not in members:
                _fail(source, f"{where}: part #{k + 1} names {x!r}, which is not a city of the province "
                              f"(its cities: {members}).")
            if x in seen:
                _fail(source, f"{where}: city {x!r} is in part #{seen[x] + 1} and part #{k + 1}; each city of the "
                              f"province belongs to exactly one part.")
            seen[x] = k
    missing = [c for c in members if c not in seen]
    if missing:
        _fail(source, f"{where}: cities {missing} are in no part; each city of the province belongs to exactly one "
                      f"part.")
    return tuple(tuple(part) for part in raw)


def _scalar(value, source: str, where: str):
    """An attribute value: text (at most 100 characters), a whole number in :data:`WHOLE_RANGE`, true/false."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        if not WHOLE_RANGE[0] <= value <= WHOLE_RANGE[1]:
            _fail(source, f"{where}: {value} is out of bounds ({WHOLE_RANGE[0]} to {WHOLE_RANGE[1]}).")
        return value
    if isinstance(value, str):
        return _text({"value": value}, "value", source, where)
    _fail(source, f"{where}: a value should be text, a whole number or true/false, not {short_repr(value)}.")


def _attribute_value(value, source: str, where: str, depth: int = 0):
    """An attribute of a map or map city: a scalar, a list of at most 60 scalars, or (at the top) a JSON object of
    at most 60 such values with text keys (e.g. {"baden": "lorrach"})."""
    if isinstance(value, list):
        if len(value) > MAX_MAP_CITIES:
            _fail(source, f"{where}: a list of {len(value)} values; at most {MAX_MAP_CITIES}.")
        return tuple(_scalar(v, source, where) for v in value)
    if isinstance(value, dict) and depth == 0:
        if len(value) > MAX_MAP_CITIES:
            _fail(source, f"{where}: {len(value)} entries; at most {MAX_MAP_CITIES}.")
        out = []
        for k, v in value.items():
            _text({"key": k}, "key", source, where, name=True)
            out.append((k, _attribute_value(v, source, f"{where}.{k}", depth + 1)))
        return tuple(out)
    return _scalar(value, source, where)


def _attributes(d: dict, source: str, where: str) -> tuple:
    raw = _req(d, "attributes", source, where, dict, {})
    if len(raw) > MAX_ATTRIBUTES:
        _fail(source, f"{where}: {len(raw)} attributes; at most {MAX_ATTRIBUTES}.")
    out = []
    for k, v in raw.items():
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{0,39}", k):
            _fail(source, f"{where}: attribute name {short_repr(k)} should be letters, digits and _ (at most 40).")
        out.append((k, _attribute_value(v, source, f"{where}: attribute {k!r}")))
    return tuple(out)


def _card_attributes(data: dict, cities: list, copies: int, source: str):
    """``card_attributes``: per attribute its type and the value of each copy of each city's card, e.g.
    ``{"horseshoes": {"type": "whole", "range": [1, 3], "copies": {"berlin": [1, 1, 2], ...}}}`` (Power and
    Glory: "Each card shows 1, 2 or 3 horseshoes"). Cities are named by id; a city not listed takes the
    ``default`` (an error when there is none)."""
    raw = _req(data, "card_attributes", source, "the board", dict, {})
    if len(raw) > MAX_CARD_ATTRIBUTES:
        _fail(source, f"'card_attributes' declares {len(raw)} attributes; at most {MAX_CARD_ATTRIBUTES}.")
    ids = [c.id for c in cities]
    declared, values = {}, {}
    for name, spec in raw.items():
        where = f"card attribute {short_repr(name)}"
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{0,39}", name):
            _fail(source, f"{where}: a card attribute's name is letters, digits and _ (at most 40).")
        if not isinstance(spec, dict):
            _fail(source, f"{where} should be a JSON object with 'type' and 'copies', not {short_repr(spec)}.")
        kind = _req(spec, "type", source, where, str)
        if kind not in CARD_ATTRIBUTE_TYPES:
            _fail(source, f"{where}: 'type' should be one of {', '.join(CARD_ATTRIBUTE_TYPES)}, not {short_repr(kind)}.")
        lo, hi = WHOLE_RANGE
        rng = None
        if "range" in spec:
            r = spec["range"]
            if kind != "whole" or not (isinstance(r, list) and len(r) == 2 and all(
                    isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi for v in r) and r[0] <= r[1]):
                _fail(source, f"{where}: 'range' is [min, max] of a 'whole' attribute, whole numbers from {lo} to "
                              f"{hi}, not {short_repr(r)}.")
            rng = (r[0], r[1])
            lo, hi = rng

        def check(v, at):
            ok = {"whole": isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi,
                  "flag": isinstance(v, bool),
                  "text": isinstance(v, str) and len(v) <= 100 and v.isprintable()}[kind]
            if not ok:
                want = {"whole": f"a whole number from {lo} to {hi}", "flag": "true or false",
                        "text": "a text of at most 100 printable characters"}[kind]
                _fail(source, f"{where}: {at} should be {want} (type {kind!r}), not {short_repr(v)}.")
            return v

        default = spec.get("default")
        if default is not None:
            check(default, "'default'")
        per_city = _req(spec, "copies", source, where, dict)
        for cid, vals in per_city.items():
            if cid not in ids:
                hint = difflib.get_close_matches(str(cid), ids, n=1)
                _fail(source, f"{where} names unknown city {short_repr(cid)}" + (f" (did you mean {hint[0]!r}?)" if hint
                                                                               else "") + ".")
            if not isinstance(vals, list) or len(vals) != copies:
                _fail(source, f"{where}: {cid!r} should list one value for each of its {copies} cards, not "
                              f"{short_repr(vals)}.")
            for k, v in enumerate(vals):
                check(v, f"card {k + 1} of {cid!r}")
        missing = [c for c in ids if c not in per_city]
        if missing and default is None:
            _fail(source, f"{where}: cities {short_repr(missing, 200)} have no values and there is no 'default'.")
        declared[name] = CardAttribute(name, kind, rng, default)
        values[name] = {cid: tuple(per_city[cid]) if cid in per_city else (default,) * copies for cid in ids}
    cards = tuple(CardCopy(c.index, k, tuple((name, values[name][c.id][k]) for name in declared))
                  for c in cities for k in range(copies))
    return declared, cards


def _rulesets(data: dict, source: str) -> tuple[str, ...] | None:
    """``rulesets``: the rulesets the board plays under, by name (``"base"``: the base game alone; an expansion's
    name: the game with it switched on). Missing: every ruleset whose rules need nothing the board lacks."""
    if "rulesets" not in data:
        return None
    raw = data["rulesets"]
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_RULESETS:
        _fail(source, f"'rulesets' should be a list of 1 to {MAX_RULESETS} ruleset names (\"base\", an expansion's "
                      f"name), not {short_repr(raw)}.")
    out = []
    for name in raw:
        if not isinstance(name, str) or not re.fullmatch(r"[a-z0-9][a-z0-9_]{0,39}", name):
            _fail(source, f"'rulesets': a ruleset's name is lower-case letters, digits and _ (at most 40), not "
                          f"{short_repr(name)}.")
        if name in out:
            _fail(source, f"'rulesets' names {name!r} twice.")
        out.append(name)
    return tuple(out)


def _maps(data: dict, source: str) -> dict:
    """``maps``: extra maps beside the board, each its own small graph (The Audience: the Rome strip). A map's
    cities are its own: names must differ within the map, and may repeat a city of the board."""
    raw = _req(data, "maps", source, "the board", dict, {})
    if len(raw) > MAX_MAPS:
        _fail(source, f"'maps' holds {len(raw)} maps; at most {MAX_MAPS}.")
    out = {}
    for mid, m in raw.items():
        where = f"map {short_repr(mid)}"
        if not re.fullmatch(r"[a-z0-9][a-z0-9_]{0,39}", mid):
            _fail(source, f"{where}: a map's id is lower-case letters, digits and _ (at most 40).")
        if not isinstance(m, dict):
            _fail(source, f"{where} should be a JSON object with 'cities' and 'roads', not {short_repr(m)}.")
        name = _text(m, "name", source, where, mid, name=True)
        craw = _req(m, "cities", source, where, list)
        if not 1 <= len(craw) <= MAX_MAP_CITIES:
            _fail(source, f"{where} lists {len(craw)} cities; from 1 to {MAX_MAP_CITIES}.")
        cities, seen = [], {}
        for i, c in enumerate(craw):
            cid = _text(c, "id", source, f"{where}, city #{i + 1}", name=True)
            at = f"{where}, city {cid!r}"
            cname = _text(c, "name", source, at, cid, name=True)
            pos = _req(c, "pos", source, at, list, [0, 0])
            if len(pos) != 2 or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
                                        for v in pos):
                _fail(source, f"{at}: 'pos' should be two numbers [x, y], not {short_repr(pos)}.")
            for key in {fold(cid), fold(cname)}:
                if key in seen:
                    _fail(source, f"{at}: its id or name {cname!r} reads like that of city {seen[key]!r} of the "
                                  f"same map; each city of a map needs a name of its own.")
            seen[fold(cid)] = seen[fold(cname)] = cid
            cities.append(MapCity(cid, cname, (float(pos[0]), float(pos[1])), i, _attributes(c, source, at)))
        ids = [c.id for c in cities]
        rraw = _req(m, "roads", source, where, list)
        if len(rraw) > MAX_MAP_CITIES * 3:
            _fail(source, f"{where} lists {len(rraw)} roads; at most {MAX_MAP_CITIES * 3}.")
        roads, done = [], set()
        for i, r in enumerate(rraw):
            if not (isinstance(r, list) and len(r) == 2 and all(isinstance(x, str) for x in r)):
                _fail(source, f"{where}: road #{i + 1} should be a pair of city ids, not {short_repr(r)}.")
            a, b = r
            for x in (a, b):
                if x not in ids:
                    hint = difflib.get_close_matches(x, ids, n=1)
                    _fail(source, f"{where}: road #{i + 1} {a}–{b} names a city {short_repr(x)} that is not on the map"
                                  + (f" (did you mean {hint[0]!r}?)" if hint else "") + ".")
            if a == b:
                _fail(source, f"{where}: road #{i + 1} leads from {a!r} to itself.")
            if frozenset(r) in done:
                _fail(source, f"{where}: road {a}–{b} is listed twice (roads go both ways: list each once).")
            done.add(frozenset(r))
            roads.append((a, b))
        out[mid] = ExtraMap(mid, name, tuple(cities), tuple(roads), _attributes(m, source, where))
    return out


def board_from_dict(data: dict, source: str = "<board data>") -> Board:
    """Build and validate a :class:`Board` from the parsed data file; errors name ``source``, the field and the
    problem (wrong types, numbers out of bounds, unknown ids, a board on which nobody could act)."""
    if not isinstance(data, dict):
        _fail(source, "the file should hold one JSON object.")
    read_as = data.get("format")
    data = upgrade_board_data(data, source)
    comp = _req(data, "components", source, "the board", dict)
    provinces_raw = _list(data, "provinces", source, MAX_CITIES)
    cities_raw = _list(data, "cities", source, MAX_CITIES)
    roads_raw = _list(data, "roads", source, MAX_CITIES * (MAX_CITIES - 1) // 2)
    if not cities_raw:
        _fail(source, "the board has no cities; it needs at least one city (and roads between them).")

    pids = []
    for i, p in enumerate(provinces_raw):
        pid = _text(p, "id", source, f"province #{i + 1}", name=True)
        if pid in pids:
            _fail(source, f"province {pid!r} is listed twice.")
        pids.append(pid)

    cities, members, seen = [], {pid: [] for pid in pids}, {}
    for i, c in enumerate(cities_raw):
        where = f"city #{i + 1}"
        cid = _text(c, "id", source, where, name=True)
        where = f"city {cid!r}"
        name = _text(c, "name", source, where, name=True)
        prov = _req(c, "province", source, where, (str, type(None)), None)     # None: a free city (format 2)
        pos = _req(c, "pos", source, where, list)
        if cid in seen:
            _fail(source, f"city {cid!r} is listed twice.")
        for key in {fold(cid), fold(name)}:
            if key in seen:
                _fail(source, f"city {cid!r}: its id or name {name!r} reads like that of city "
                              f"{cities_raw[seen[key]]['id']!r}; each city needs a name of its own.")
        if prov is not None and prov not in members:
            _fail(source, f"city {cid!r} lies in province {short_repr(prov)}, which is not among the provinces {pids}.")
        if len(pos) != 2 or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
                                    for v in pos):
            _fail(source, f"city {cid!r}: 'pos' should be two numbers [x, y], not {short_repr(pos)}.")
        seen[cid] = seen[fold(cid)] = seen[fold(name)] = i
        if prov is not None:
            members[prov].append(cid)
        cities.append(City(cid, name, prov, (float(pos[0]), float(pos[1])), i))
    provinces = []
    for p in provinces_raw:
        pid = p["id"]
        where = f"province {pid!r}"
        listed = _req(p, "cities", source, where, list, None)
        if listed is not None and (not all(isinstance(x, str) for x in listed)
                                   or sorted(listed) != sorted(members[pid])):
            _fail(source, f"province {pid!r} lists cities {short_repr(listed, 200)} but the cities say {members[pid]}.")
        if not members[pid]:
            _fail(source, f"province {pid!r} has no city.")
        group = _req(p, "bonus_group", source, where, (str, type(None)), None)
        parts = _parts(p, members[pid], source, where)
        provinces.append(Province(pid, _text(p, "name", source, where, pid, name=True), group,
                                  _text(p, "color", source, where, "#999999", limit=40), tuple(members[pid]), parts))

    roads, road_set = [], set()
    for i, r in enumerate(roads_raw):
        if not (isinstance(r, list) and len(r) == 2 and all(isinstance(x, str) for x in r)):
            _fail(source, f"road #{i + 1} should be a pair of city ids, not {short_repr(r)}.")
        a, b = r
        for x in (a, b):
            if x not in seen or cities[seen[x]].id != x:
                hint = difflib.get_close_matches(x, [c.id for c in cities], n=1)
                _fail(source, f"road #{i + 1} {a}–{b} names an unknown city {short_repr(x)}"
                              + (f" (did you mean {hint[0]!r}?)" if hint else "") + ".")
        if a == b:
            _fail(source, f"road #{i + 1} leads from {a!r} to itself.")
        key = frozenset((a, b))
        if key in road_set:
            _fail(source, f"road {a}–{b} is listed twice (roads go both ways: list each once).")
        road_set.add(key)
        roads.append((a, b))
    isolated = [c.id for c in cities if not any(c.id in r for r in roads)]
    if isolated and len(cities) > 1:
        _fail(source, f"cities with no road: {isolated}.")

    stacks = []
    kinds = stack_kinds()
    city_ids = tuple(c.id for c in cities)
    free_ids = tuple(c.id for c in cities if c.province is None)
    for i, s in enumerate(_list(data, "bonus_stacks", source, MAX_CITIES)):
        sid = _text(s, "id", source, f"bonus stack #{i + 1}", name=True)
        where = f"bonus stack {sid!r}"
        kind = _req(s, "kind", source, where, str)
        if kind not in kinds:
            hint = difflib.get_close_matches(kind, list(kinds), n=1)
            _fail(source, f"bonus stack {sid!r} has unknown kind {short_repr(kind)}"
                          + (f" (did you mean {hint[0]!r}?)" if hint else "")
                          + f"; known kinds: {', '.join(kinds)} (an expansion adds its kinds with "
                            f"thurn.stacks.register_stack_kind before loading its board).")
        values = _req(s, "values", source, where, list)
        if len(values) > 100 or not all(isinstance(v, int) and not isinstance(v, bool) and -100 <= v <= 100
                                        for v in values):
            _fail(source, f"bonus stack {sid!r}: values should be at most 100 whole numbers from -100 to 100, "
                          f"not {short_repr(values)}.")
        if list(values) != sorted(values, reverse=True):
            _fail(source, f"bonus stack {sid!r}: values {values} should be listed top first, highest on top "
                          f"(base rules, Preparation).")
        provs = _names_list(s, "provinces", source, where)
        excl = _names_list(s, "except_provinces", source, where)
        for p in provs + excl:
            if p not in members:
                _fail(source, f"bonus stack {sid!r} names unknown province {p!r}.")
        length = _req(s, "length", source, where, int, 0)
        if not 0 <= length <= MAX_CITIES:
            _fail(source, f"bonus stack {sid!r}: 'length' should be from 0 to {MAX_CITIES}, not {short_repr(length)}.")
        extra = {}
        check = kinds[kind].fields
        if check is not None:
            extra = check(StackSpec(s, sid, source, length, provs, excl, tuple(pids), city_ids, free_ids)) or {}
            if not isinstance(extra, dict):
                _fail(source, f"bonus stack {sid!r}: the check of kind {kind!r} gave {short_repr(extra)}, not a dict.")
        if any(x.id == sid for x in stacks):
            _fail(source, f"bonus stack {sid!r} is listed twice.")
        city = extra.pop("city", None)
        stacks.append(BonusStack(sid, _text(s, "name", source, where, sid, name=True), kind, tuple(values), length,
                                 provs, excl, len(stacks), city, tuple(sorted(extra.items()))))
    for p in provinces:
        if p.bonus_group is not None and not any(s.id == p.bonus_group for s in stacks):
            _fail(source, f"province {p.id!r} counts for bonus stack {p.bonus_group!r}, which is not among the stacks.")

    carriages = []
    for i, c in enumerate(_list(data, "carriages", source, MAX_CITIES)):
        where = f"carriage #{i + 1}"
        if not (isinstance(c, dict) and all(isinstance(c.get(k), int) and not isinstance(c.get(k), bool)
                                            for k in ("level", "points", "copies"))):
            _fail(source, f"carriage #{i + 1} needs whole-number 'level', 'points' and 'copies', not {short_repr(c)}.")
        carriages.append(Carriage(_whole(c, "level", source, where, 1, MAX_CITIES + 2),
                                  _whole(c, "points", source, where, -1000, 1000),
                                  _whole(c, "copies", source, where, 0, 20)))
    levels = [c.level for c in carriages]
    if levels != sorted(set(levels)) or any(b != a + 1 for a, b in zip(levels, levels[1:])):
        _fail(source, f"carriage levels {levels} should rise one by one.")

    officials = []
    for i, o in enumerate(_list(data, "officials", source, 20) if "officials" in data else []):
        oid = _text(o, "id", source, f"official #{i + 1}", name=True)
        where = f"official {oid!r}"
        aliases = _names_list(o, "aliases", source, where, 20)
        officials.append(Official(oid, _text(o, "name", source, where, oid, name=True), aliases,
                                  _text(o, "effect", source, where, "", limit=500)))

    players = _req(comp, "players", source, "'components'", list)
    lo, hi = LIMITS["players"]
    if not (len(players) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in players)
            and lo <= players[0] <= players[1] <= hi):
        _fail(source, f"'components.players' should be [min, max] with {lo} <= min <= max <= {hi}, "
                      f"not {short_repr(players)}.")
    counts = {key: _whole(comp, key, source, "'components'", *LIMITS[key]) for key in LIMITS if key != "players"}
    copies, face_up = counts["city_card_copies"], counts["face_up_cards"]
    min_route = counts["min_route_to_score"]
    if min_route > len(cities):
        _fail(source, f"'components.min_route_to_score' is {min_route}, but the board has only {len(cities)} "
                      f"cities: no route could ever be scored.")
    deck = len(cities) * copies
    if deck <= players[1] * (min_route - 1):
        _fail(source, f"only {deck} city cards: {players[1]} players could hold them all in routes too short to "
                      f"score ({min_route - 1} cards each), and then nobody could act. A board needs more than "
                      f"{players[1] * (min_route - 1)} cards.")
    size = _req(data, "board_size_mm", source, "the board", list, [600, 420])
    if len(size) != 2 or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and 0 < v < 1e6
                                 for v in size):
        _fail(source, f"'board_size_mm' should be two positive numbers [width, height], not {short_repr(size)}.")
    bid = _text(data, "id", source, "the board", Path(source).stem[:100] or "board", name=True)
    attributes, cards = _card_attributes(data, cities, copies, source)
    maps = _maps(data, source)
    rulesets = _rulesets(data, source)
    return Board(
        id=bid, name=_text(data, "name", source, "the board", bid, limit=200, name=True),
        provenance=_text(data, "provenance", source, "the board", "unknown"),
        note=_text(data, "note", source, "the board", "", limit=5000), size=tuple(size),
        cities=tuple(cities), provinces=tuple(provinces), roads=tuple(roads), stacks=tuple(stacks),
        carriages=tuple(carriages), officials=tuple(officials), players=tuple(players), card_copies=copies,
        face_up=face_up, houses=counts["houses_per_player"], hand_limit=counts["hand_limit_after_scoring"],
        min_route=min_route, source=source, card_attributes=attributes, cards=cards, maps=maps,
        format_read=read_as, rulesets=rulesets,
    )


def read_limited(path: str, limit: int, what: str, error=BoardDataError) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them; anything else raises ``error`` naming the
    file. Checked before opening (a FIFO, a device or a folder is refused) and opened without blocking."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise error(f"{path}: no such {what}.") from None
    except (OSError, ValueError) as e:
        raise error(f"{path}: cannot be read ({e}).") from None
    if not stat.S_ISREG(info.st_mode):
        raise error(f"{path}: not a regular file, so it cannot be a {what}.")
    if info.st_size > limit:
        raise error(f"{path}: {info.st_size} bytes; a {what} has at most {limit}.")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise error(f"{path}: cannot be read ({e}).") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise error(f"{path}: not a regular file, so it cannot be a {what}.")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise error(f"{path}: cannot be read ({e}).") from None
    finally:
        os.close(fd)
    if size > limit:
        raise error(f"{path}: more than {limit} bytes; a {what} has at most {limit}.")
    return b"".join(chunks)


@lru_cache(maxsize=16)
def _load_path(path: str) -> Board:
    raw = read_limited(path, MAX_BOARD_BYTES, "board file")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise BoardDataError(f"{path}: cannot be read (not UTF-8 text: {e.reason} at byte {e.start}).") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise BoardDataError(f"{path}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg}).") from None
    except (ValueError, RecursionError) as e:
        raise BoardDataError(f"{path}: not a board file ({'nested too deeply' if isinstance(e, RecursionError) else e}).") \
            from None
    return board_from_dict(data, source=str(path))


def available_boards() -> list[str]:
    """Names of the boards shipped in ``data/`` (the only boards a save file may name)."""
    out = []
    for p in data_dir().glob("*.json"):
        try:
            if json.loads(p.read_text(encoding="utf-8")).get("format") in (FORMAT, *OLD_FORMATS):
                out.append(p.stem)
        except (OSError, ValueError, AttributeError):
            continue
    return sorted(out)


def installed_board(name: str) -> Board | None:
    """The installed board called ``name`` (a board file shipped in ``data/``), or None: never reads a path."""
    if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}", name) \
            or name.endswith(".json") or not (data_dir() / f"{name}.json").is_file():
        return None
    try:
        return _load_path(str(data_dir() / f"{name}.json"))
    except BoardDataError:
        return None


def is_board_path(text: str) -> bool:
    """Whether ``load_board`` reads ``text`` as a file path (it ends in .json or has a folder) rather than a name."""
    return text.endswith(".json") or "/" in text or "\\" in text or os.sep in text


def load_board(board="base") -> Board:
    """Load a board by name (a file in ``data/``) or by path; a :class:`Board` is returned as it is.

    A path (from code or the command line, never from a save file) must be a regular file of at most
    :data:`MAX_BOARD_BYTES`. Boards are cached: loading the same file twice gives the same object.
    """
    if isinstance(board, Board):
        return board
    text = str(board)
    if "\0" in text:
        raise BoardDataError(f"{short_repr(text)}: a board name or path has no NUL character.")
    if is_board_path(text):
        try:
            path = str(Path(text).resolve())
        except (OSError, ValueError, RuntimeError) as e:
            raise BoardDataError(f"{text}: cannot be read ({e}).") from None
        return _load_path(path)
    if not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}", text) or not (data_dir() / f"{text}.json").is_file():
        raise UnknownName("board", text, available_boards())
    return _load_path(str(data_dir() / f"{text}.json"))
