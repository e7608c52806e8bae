"""The board: cities, provinces, roads, bonus stacks, carriages and officials, loaded from a data file.

``load_board("base")`` reads ``data/base.json``; ``load_board(path)`` reads any file in the same format.
Loading validates the data and names the file and the problem when something is wrong.
Inside the engine cities are small integers (their index) and sets of cities are bit masks, so that
the rules run fast; everything public speaks in city names.
"""
from __future__ import annotations

import difflib
import json
import math
import os
import re
import stat
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import networkx as nx

from .errors import BoardDataError, UnknownCity, UnknownName

FORMAT = "thurn-board/1"
STACK_KINDS = ("route_length", "all_cities", "one_house_per_province", "game_end")


def data_dir() -> Path:
    """The folder of the board data files: ``data/`` of the project, or the copy installed with the package."""
    here = Path(__file__).resolve().parent
    for candidate in (here.parent / "data", here / "data"):
        if (candidate / "base.json").is_file():
            return candidate
    raise BoardDataError(f"The board data folder was not found next to {here} (expected data/base.json).")


#: Characters a name may be written with besides letters and digits: each run of them reads as one ``_``.
SEPARATORS = frozenset(" _-.'’ʼ/()")


def fold(name: str) -> str:
    """A lookup key for a name: accents dropped, lower case, spaces, ``_ - . ' / ( )`` as one ``_``
    ('Nürnberg' -> 'nurnberg', 'Bad Ems' -> 'bad_ems'). Any other character is kept, so that a name with stray
    punctuation ('!!Ulm???') matches nothing."""
    text = unicodedata.normalize("NFKD", str(name))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    text = text.replace("ß", "ss")
    out, sep = [], False
    for ch in text:
        if ch in SEPARATORS or ch.isspace():
            sep = True
        else:
            if sep and out:
                out.append("_")
            out.append(ch)
            sep = False
    return "".join(out)


def _loose(name) -> str:
    """The letters and digits of a name (for suggestions only: 'Ulm!!' -> 'ulm')."""
    return "".join(ch for ch in fold(name) if ch.isalnum())


@dataclass(frozen=True)
class City:
    """A city of the board. ``index`` is its number inside the engine."""

    id: str
    name: str
    province: str
    pos: tuple[float, float]
    index: int

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Province:
    """A province (region); ``bonus_group`` names the province tile stack it counts for, if any."""

    id: str
    name: str
    bonus_group: str | None
    color: str
    cities: tuple[str, ...]

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class BonusStack:
    """A stack of bonus tiles, values top first (base rules, Preparation: highest on top)."""

    id: str
    name: str
    kind: str
    values: tuple[int, ...]
    length: int = 0
    provinces: tuple[str, ...] = ()
    except_provinces: tuple[str, ...] = ()
    index: int = 0

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Carriage:
    """A carriage card: ``level`` is the route length it needs, ``points`` what it scores at the end."""

    level: int
    points: int
    copies: int


@dataclass(frozen=True)
class Official:
    """One of the four postal officials, with the names other rulebooks use."""

    id: str
    name: str
    aliases: tuple[str, ...]
    effect: str

    def __str__(self) -> str:
        return self.name


@dataclass(eq=False)
class Board:
    """A validated board. ``graph`` is a ``networkx.Graph`` of the roads (node attributes: name, province,
    position — also as ``pos`` — in millimetres on the printed board)."""

    id: str
    name: str
    provenance: str
    note: str
    size: tuple[float, float]
    cities: tuple[City, ...]
    provinces: tuple[Province, ...]
    roads: tuple[tuple[str, str], ...]
    stacks: tuple[BonusStack, ...]
    carriages: tuple[Carriage, ...]
    officials: tuple[Official, ...]
    players: tuple[int, int]
    card_copies: int
    face_up: int
    houses: int
    hand_limit: int
    min_route: int
    source: str = ""
    graph: nx.Graph = field(init=False, repr=False)

    def __post_init__(self):
        g = nx.Graph(name=self.name)
        for c in self.cities:
            g.add_node(c.id, name=c.name, province=c.province, pos=c.pos, position=c.pos, index=c.index)
        g.add_edges_from(self.roads)
        self.graph = g
        self._lookup = {}
        for c in self.cities:
            self._lookup[fold(c.id)] = c.index
            self._lookup[fold(c.name)] = c.index
        self._province_index = {p.id: i for i, p in enumerate(self.provinces)}
        n = len(self.cities)
        # Fast tables, all indexed by city number.
        self.city_names = tuple(c.name for c in self.cities)
        self.adj = tuple(sum(1 << self.index(b) for b in g.neighbors(c.id)) for c in self.cities)
        self.province_of = tuple(self._province_index[c.province] for c in self.cities)
        self.province_mask = tuple(
            sum(1 << self.index(cid) for cid in p.cities) for p in self.provinces
        )
        self.all_mask = (1 << n) - 1
        self.stack_index = {s.id: s.index for s in self.stacks}
        self.carriage_levels = tuple(c.level for c in self.carriages)
        self.carriage_points = {c.level: c.points for c in self.carriages}
        self.official_ids = tuple(o.id for o in self.officials)
        self._official_lookup = {}
        for o in self.officials:
            for alias in (o.id, o.name, *o.aliases):
                self._official_lookup[fold(alias)] = o.id
        self._placement_cache: dict = {}
        self._names_cache: dict = {}     # action key -> resolved cities (mask or tuple)
        self._actions = None             # the interned actions of this board (turn.ActionTable)

    # -- looking things up -------------------------------------------------------------------------
    def index(self, city) -> int:
        """The engine number of a city given by name, id (any accents or case) or :class:`City`."""
        if isinstance(city, City):
            return city.index
        if isinstance(city, int) and not isinstance(city, bool):
            if 0 <= city < len(self.cities):
                return city
        if isinstance(city, str) and len(city) > 100:
            raise UnknownCity(city[:60] + "…", self.city_names)
        try:
            return self._lookup[fold(city)]
        except (KeyError, TypeError, ValueError):
            raise self._unknown_city(city) from None

    def _unknown_city(self, name) -> UnknownCity:
        """The error for a name that is no city, suggesting the city it reads like without its punctuation."""
        err = UnknownCity(name, self.city_names)
        try:
            key = _loose(name)
        except (TypeError, ValueError):
            key = ""
        close = [c.name for c in self.cities if key and key in (_loose(c.name), _loose(c.id))]
        if close and close[0] not in err.suggestions:
            err.suggestions = close + err.suggestions[:2]
            err.args = (f"There is no city called {name!r}. Did you mean "
                        + " or ".join(repr(s) for s in err.suggestions) + "?",)
        return err

    def city(self, city) -> City:
        """The :class:`City` for a name or id; an unknown name raises :class:`UnknownCity` with a suggestion."""
        return self.cities[self.index(city)]

    def city_name(self, index: int) -> str:
        return self.city_names[index]

    def province(self, pid) -> Province:
        key = fold(pid)
        for p in self.provinces:
            if fold(p.id) == key or fold(p.name) == key:
                return p
        raise UnknownName("province", pid, [p.name for p in self.provinces])

    def stack(self, sid) -> BonusStack:
        key = fold(sid)
        for s in self.stacks:
            if fold(s.id) == key or fold(s.name) == key:
                return s
        raise UnknownName("bonus stack", sid, [s.id for s in self.stacks])

    def official(self, name) -> Official:
        """The official for a name in any rulebook's vocabulary ('Bailiff' -> Administrator)."""
        oid = self._official_lookup.get(fold(name))
        if oid is None:
            raise UnknownName("official", name, [o.name for o in self.officials])
        return next(o for o in self.officials if o.id == oid)

    def has_road(self, a, b) -> bool:
        return bool(self.adj[self.index(a)] >> self.index(b) & 1)

    def neighbours(self, city) -> list[str]:
        """Names of the cities one road away."""
        m = self.adj[self.index(city)]
        return [c.name for c in self.cities if m >> c.index & 1]

    def names_of(self, mask: int) -> list[str]:
        return [c.name for c in self.cities if mask >> c.index & 1]

    def mask_of(self, cities) -> int:
        m = 0
        for c in cities:
            m |= 1 << self.index(c)
        return m

    @property
    def deck_size(self) -> int:
        return len(self.cities) * self.card_copies

    def __repr__(self) -> str:
        return (f"<Board {self.id!r}: {len(self.cities)} cities, {len(self.provinces)} provinces, "
                f"{len(self.roads)} roads, {self.provenance}>")

    def _repr_html_(self) -> str:
        from ._html import esc

        rows = "".join(
            f"<tr><td>{esc(p.name)}</td><td>{esc(', '.join(self.city(c).name for c in p.cities))}</td></tr>"
            for p in self.provinces
        )
        return (f"<b>{esc(self.name)}</b> — {len(self.cities)} cities, {len(self.roads)} roads "
                f"({esc(self.provenance)})<table><tr><th>province</th><th>cities</th></tr>{rows}</table>")


# -- loading and validation ------------------------------------------------------------------------------

def _fail(source: str, problem: str):
    raise BoardDataError(f"{source}: {problem}")


#: The largest board file read (bytes): a board is a few kilobytes; anything bigger is not a board.
MAX_BOARD_BYTES = 1 << 20
#: Bounds of the numbers in a board file (the engine keeps sets of cities as bit masks of at most 60 bits).
MAX_CITIES = 60
LIMITS = {
    "players": (1, 8), "city_card_copies": (1, 10), "face_up_cards": (1, 12), "houses_per_player": (1, 100),
    "hand_limit_after_scoring": (0, 6), "min_route_to_score": (1, MAX_CITIES),
}
_MISSING = object()


def _short(value, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters (error messages never echo a whole file)."""
    try:
        text = repr(value)
    except (RecursionError, ValueError):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _type_name(kind) -> str:
    names = {str: "text", int: "whole number", list: "list", dict: "JSON object", bool: "true or false"}
    if isinstance(kind, tuple):
        return " or ".join(names.get(k, k.__name__) for k in kind)
    return names.get(kind, kind.__name__)


def _req(d: dict, key: str, source: str, where: str, kind=None, default=_MISSING):
    if not isinstance(d, dict):
        _fail(source, f"{where} should be a JSON object, not {_short(d)}.")
    if key not in d:
        if default is not _MISSING:
            return default
        _fail(source, f"{where} has no {key!r}.")
    value = d[key]
    if kind is not None and (not isinstance(value, kind) or (isinstance(value, bool) and kind in (int, (int, float)))):
        _fail(source, f"{where}: {key!r} should be a {_type_name(kind)}, not {_short(value)}.")
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
        _fail(source, f"{where}: {key!r} contains a control character: {_short(value)}.")
    if name and not any(ch.isalnum() for ch in value):
        _fail(source, f"{where}: {key!r} should be a name with a letter or digit, not {_short(value)}.")
    return value


def _whole(d, key, source, where, lo, hi, default=_MISSING) -> int:
    value = _req(d, key, source, where, int, default)
    if not lo <= value <= hi:
        _fail(source, f"{where}: {key!r} should be from {lo} to {hi}, not {_short(value)}.")
    return value


def _names_list(d, key, source, where, limit=MAX_CITIES) -> tuple:
    values = _req(d, key, source, where, list, [])
    if len(values) > limit or not all(isinstance(v, str) for v in values):
        _fail(source, f"{where}: {key!r} should be a list of at most {limit} ids (text), not {_short(values)}.")
    return tuple(values)


def _list(data, key, source, limit):
    values = _req(data, key, source, "the board", list)
    if len(values) > limit:
        _fail(source, f"the board lists {len(values)} {key}; at most {limit}.")
    return values


def board_from_dict(data: dict, source: str = "<board data>") -> Board:
    """Build and validate a :class:`Board` from the parsed data file; errors name ``source``, the field and the
    problem (wrong types, numbers out of bounds, unknown ids, a board on which nobody could act)."""
    if not isinstance(data, dict):
        _fail(source, "the file should hold one JSON object.")
    fmt = data.get("format")
    if fmt != FORMAT:
        _fail(source, f"unknown format {_short(fmt)} (expected {FORMAT!r}).")
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
        prov = _req(c, "province", source, where, str)
        pos = _req(c, "pos", source, where, list)
        if cid in seen:
            _fail(source, f"city {cid!r} is listed twice.")
        for key in {fold(cid), fold(name)}:
            if key in seen:
                _fail(source, f"city {cid!r}: its id or name {name!r} reads like that of city "
                              f"{cities_raw[seen[key]]['id']!r}; each city needs a name of its own.")
        if prov not in members:
            _fail(source, f"city {cid!r} lies in province {_short(prov)}, which is not among the provinces {pids}.")
        if len(pos) != 2 or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
                                    for v in pos):
            _fail(source, f"city {cid!r}: 'pos' should be two numbers [x, y], not {_short(pos)}.")
        seen[cid] = seen[fold(cid)] = seen[fold(name)] = i
        members[prov].append(cid)
        cities.append(City(cid, name, prov, (float(pos[0]), float(pos[1])), i))
    provinces = []
    for p in provinces_raw:
        pid = p["id"]
        where = f"province {pid!r}"
        listed = _req(p, "cities", source, where, list, None)
        if listed is not None and (not all(isinstance(x, str) for x in listed)
                                   or sorted(listed) != sorted(members[pid])):
            _fail(source, f"province {pid!r} lists cities {_short(listed, 200)} but the cities say {members[pid]}.")
        if not members[pid]:
            _fail(source, f"province {pid!r} has no city.")
        group = _req(p, "bonus_group", source, where, (str, type(None)), None)
        provinces.append(Province(pid, _text(p, "name", source, where, pid, name=True), group,
                                  _text(p, "color", source, where, "#999999", limit=40), tuple(members[pid])))

    roads, road_set = [], set()
    for i, r in enumerate(roads_raw):
        if not (isinstance(r, list) and len(r) == 2 and all(isinstance(x, str) for x in r)):
            _fail(source, f"road #{i + 1} should be a pair of city ids, not {_short(r)}.")
        a, b = r
        for x in (a, b):
            if x not in seen or cities[seen[x]].id != x:
                hint = difflib.get_close_matches(x, [c.id for c in cities], n=1)
                _fail(source, f"road #{i + 1} {a}–{b} names an unknown city {_short(x)}"
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
    for i, s in enumerate(_list(data, "bonus_stacks", source, MAX_CITIES)):
        sid = _text(s, "id", source, f"bonus stack #{i + 1}", name=True)
        where = f"bonus stack {sid!r}"
        kind = _req(s, "kind", source, where, str)
        if kind not in STACK_KINDS:
            _fail(source, f"bonus stack {sid!r} has unknown kind {_short(kind)} (known: {', '.join(STACK_KINDS)}).")
        values = _req(s, "values", source, where, list)
        if len(values) > 100 or not all(isinstance(v, int) and not isinstance(v, bool) and -100 <= v <= 100
                                        for v in values):
            _fail(source, f"bonus stack {sid!r}: values should be at most 100 whole numbers from -100 to 100, "
                          f"not {_short(values)}.")
        if list(values) != sorted(values, reverse=True):
            _fail(source, f"bonus stack {sid!r}: values {values} should be listed top first, highest on top "
                          f"(base rules, Preparation).")
        provs = _names_list(s, "provinces", source, where)
        excl = _names_list(s, "except_provinces", source, where)
        for p in provs + excl:
            if p not in members:
                _fail(source, f"bonus stack {sid!r} names unknown province {p!r}.")
        length = _req(s, "length", source, where, int, 0)
        if kind == "route_length" and not 0 < length <= MAX_CITIES:
            _fail(source, f"bonus stack {sid!r} needs a route 'length' from 1 to {MAX_CITIES}, not {_short(length)}.")
        if kind == "all_cities" and not provs:
            _fail(source, f"bonus stack {sid!r} needs its 'provinces'.")
        if any(x.id == sid for x in stacks):
            _fail(source, f"bonus stack {sid!r} is listed twice.")
        stacks.append(BonusStack(sid, _text(s, "name", source, where, sid, name=True), kind, tuple(values), length,
                                 provs, excl, len(stacks)))
    for p in provinces:
        if p.bonus_group is not None and not any(s.id == p.bonus_group for s in stacks):
            _fail(source, f"province {p.id!r} counts for bonus stack {p.bonus_group!r}, which is not among the stacks.")

    carriages = []
    for i, c in enumerate(_list(data, "carriages", source, MAX_CITIES)):
        where = f"carriage #{i + 1}"
        if not (isinstance(c, dict) and all(isinstance(c.get(k), int) and not isinstance(c.get(k), bool)
                                            for k in ("level", "points", "copies"))):
            _fail(source, f"carriage #{i + 1} needs whole-number 'level', 'points' and 'copies', not {_short(c)}.")
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
                      f"not {_short(players)}.")
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
        _fail(source, f"'board_size_mm' should be two positive numbers [width, height], not {_short(size)}.")
    bid = _text(data, "id", source, "the board", Path(source).stem[:100] or "board", name=True)
    return Board(
        id=bid, name=_text(data, "name", source, "the board", bid, limit=200, name=True),
        provenance=_text(data, "provenance", source, "the board", "unknown"),
        note=_text(data, "note", source, "the board", "", limit=5000), size=tuple(size),
        cities=tuple(cities), provinces=tuple(provinces), roads=tuple(roads), stacks=tuple(stacks),
        carriages=tuple(carriages), officials=tuple(officials), players=tuple(players), card_copies=copies,
        face_up=face_up, houses=counts["houses_per_player"], hand_limit=counts["hand_limit_after_scoring"],
        min_route=min_route, source=source,
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
            if json.loads(p.read_text(encoding="utf-8")).get("format") == FORMAT:
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
        raise BoardDataError(f"{_short(text)}: a board name or path has no NUL character.")
    if is_board_path(text):
        try:
            path = str(Path(text).resolve())
        except (OSError, ValueError, RuntimeError) as e:
            raise BoardDataError(f"{text}: cannot be read ({e}).") from None
        return _load_path(path)
    if not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}", text) or not (data_dir() / f"{text}.json").is_file():
        raise UnknownName("board", text, available_boards())
    return _load_path(str(data_dir() / f"{text}.json"))
