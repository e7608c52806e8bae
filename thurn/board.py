"""The board: cities, provinces, roads, bonus stacks, carriages and officials, loaded from a data file.

``load_board("base")`` reads ``data/base.json``; ``load_board(path)`` reads any file in the same format.
Loading validates the data and names the file and the problem when something is wrong.
Inside the engine cities are small integers (their index) and sets of cities are bit masks, so that
the rules run fast; everything public speaks in city names.
"""
from __future__ import annotations

import json
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


def fold(name: str) -> str:
    """A lookup key for a name: accents dropped, lower case, spaces and dots as ``_`` ('Nürnberg' -> 'nurnberg')."""
    text = unicodedata.normalize("NFKD", str(name))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    text = text.replace("ß", "ss")
    out, sep = [], False
    for ch in text:
        if ch.isalnum():
            if sep and out:
                out.append("_")
            out.append(ch)
            sep = False
        else:
            sep = True
    return "".join(out)


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
        try:
            return self._lookup[fold(city)]
        except (KeyError, TypeError):
            raise UnknownCity(city, self.city_names) from None

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


def _req(d: dict, key: str, source: str, where: str, kind=None):
    if not isinstance(d, dict) or key not in d:
        _fail(source, f"{where} has no {key!r}.")
    value = d[key]
    if kind is not None and not isinstance(value, kind):
        _fail(source, f"{where}: {key!r} should be a {kind.__name__ if isinstance(kind, type) else 'value of another type'}, "
                      f"not {type(value).__name__}.")
    return value


def board_from_dict(data: dict, source: str = "<board data>") -> Board:
    """Build and validate a :class:`Board` from the parsed data file; errors name ``source`` and the problem."""
    if not isinstance(data, dict):
        _fail(source, "the file should hold one JSON object.")
    fmt = data.get("format")
    if fmt != FORMAT:
        _fail(source, f"unknown format {fmt!r} (expected {FORMAT!r}).")
    comp = _req(data, "components", source, "the board", dict)
    provinces_raw = _req(data, "provinces", source, "the board", list)
    cities_raw = _req(data, "cities", source, "the board", list)
    roads_raw = _req(data, "roads", source, "the board", list)

    pids = []
    for i, p in enumerate(provinces_raw):
        pid = _req(p, "id", source, f"province #{i + 1}", str)
        if pid in pids:
            _fail(source, f"province {pid!r} is listed twice.")
        pids.append(pid)

    cities, members, seen = [], {pid: [] for pid in pids}, {}
    for i, c in enumerate(cities_raw):
        where = f"city #{i + 1}"
        cid = _req(c, "id", source, where, str)
        where = f"city {cid!r}"
        name = _req(c, "name", source, where, str)
        prov = _req(c, "province", source, where, str)
        pos = _req(c, "pos", source, where, list)
        if cid in seen or fold(name) in seen:
            _fail(source, f"city {cid!r} is listed twice.")
        if prov not in members:
            _fail(source, f"city {cid!r} lies in province {prov!r}, which is not among the provinces {pids}.")
        if len(pos) != 2 or not all(isinstance(v, (int, float)) for v in pos):
            _fail(source, f"city {cid!r}: 'pos' should be two numbers [x, y], not {pos!r}.")
        seen[cid] = seen[fold(name)] = i
        members[prov].append(cid)
        cities.append(City(cid, name, prov, (float(pos[0]), float(pos[1])), i))
    if len(cities) > 60:
        _fail(source, f"{len(cities)} cities; the engine handles at most 60.")
    for p in provinces_raw:
        listed = p.get("cities")
        if listed is not None and sorted(listed) != sorted(members[p["id"]]):
            _fail(source, f"province {p['id']!r} lists cities {listed} but the cities say {members[p['id']]}.")
    provinces = []
    for p in provinces_raw:
        if not members[p["id"]]:
            _fail(source, f"province {p['id']!r} has no city.")
        provinces.append(Province(p["id"], p.get("name", p["id"]), p.get("bonus_group"), p.get("color", "#999999"),
                                  tuple(members[p["id"]])))

    roads, road_set = [], set()
    for i, r in enumerate(roads_raw):
        if not (isinstance(r, list) and len(r) == 2 and all(isinstance(x, str) for x in r)):
            _fail(source, f"road #{i + 1} should be a pair of city ids, not {r!r}.")
        a, b = r
        for x in (a, b):
            if x not in seen:
                close = [c.id for c in cities]
                import difflib
                hint = difflib.get_close_matches(x, close, n=1)
                _fail(source, f"road #{i + 1} {a}–{b} names an unknown city {x!r}"
                              + (f" (did you mean {hint[0]!r}?)" if hint else "") + ".")
        if a == b:
            _fail(source, f"road #{i + 1} leads from {a!r} to itself.")
        key = frozenset((a, b))
        if key in road_set:
            _fail(source, f"road {a}–{b} is listed twice (roads go both ways: list each once).")
        road_set.add(key)
        roads.append((a, b))
    isolated = [c.id for c in cities if not any(c.id in r for r in roads)]
    if isolated:
        _fail(source, f"cities with no road: {isolated}.")

    stacks = []
    for i, s in enumerate(_req(data, "bonus_stacks", source, "the board", list)):
        sid = _req(s, "id", source, f"bonus stack #{i + 1}", str)
        kind = _req(s, "kind", source, f"bonus stack {sid!r}", str)
        if kind not in STACK_KINDS:
            _fail(source, f"bonus stack {sid!r} has unknown kind {kind!r} (known: {', '.join(STACK_KINDS)}).")
        values = _req(s, "values", source, f"bonus stack {sid!r}", list)
        if not all(isinstance(v, int) for v in values):
            _fail(source, f"bonus stack {sid!r}: values should be whole numbers, not {values!r}.")
        if list(values) != sorted(values, reverse=True):
            _fail(source, f"bonus stack {sid!r}: values {values} should be listed top first, highest on top "
                          f"(base rules, Preparation).")
        provs = tuple(s.get("provinces", ()))
        excl = tuple(s.get("except_provinces", ()))
        for p in provs + excl:
            if p not in members:
                _fail(source, f"bonus stack {sid!r} names unknown province {p!r}.")
        length = s.get("length", 0)
        if kind == "route_length" and not (isinstance(length, int) and length > 0):
            _fail(source, f"bonus stack {sid!r} needs a route 'length'.")
        if kind == "all_cities" and not provs:
            _fail(source, f"bonus stack {sid!r} needs its 'provinces'.")
        if any(x.id == sid for x in stacks):
            _fail(source, f"bonus stack {sid!r} is listed twice.")
        stacks.append(BonusStack(sid, s.get("name", sid), kind, tuple(values), length, provs, excl, len(stacks)))
    for p in provinces:
        if p.bonus_group is not None and not any(s.id == p.bonus_group for s in stacks):
            _fail(source, f"province {p.id!r} counts for bonus stack {p.bonus_group!r}, which is not among the stacks.")

    carriages = []
    for i, c in enumerate(_req(data, "carriages", source, "the board", list)):
        try:
            carriages.append(Carriage(int(c["level"]), int(c["points"]), int(c["copies"])))
        except (KeyError, TypeError, ValueError):
            _fail(source, f"carriage #{i + 1} needs whole-number 'level', 'points' and 'copies', not {c!r}.")
    levels = [c.level for c in carriages]
    if levels != sorted(set(levels)) or any(b != a + 1 for a, b in zip(levels, levels[1:])):
        _fail(source, f"carriage levels {levels} should rise one by one.")

    officials = []
    for i, o in enumerate(data.get("officials", [])):
        oid = _req(o, "id", source, f"official #{i + 1}", str)
        officials.append(Official(oid, o.get("name", oid), tuple(o.get("aliases", ())), o.get("effect", "")))

    try:
        players = tuple(int(x) for x in comp["players"])
        copies, face_up = int(comp["city_card_copies"]), int(comp["face_up_cards"])
        houses, hand_limit = int(comp["houses_per_player"]), int(comp["hand_limit_after_scoring"])
        min_route = int(comp["min_route_to_score"])
    except (KeyError, TypeError, ValueError) as e:
        _fail(source, f"'components' needs whole numbers for players, city_card_copies, face_up_cards, "
                      f"houses_per_player, hand_limit_after_scoring and min_route_to_score ({e!r}).")
    if len(players) != 2 or not 1 <= players[0] <= players[1]:
        _fail(source, f"'components.players' should be [min, max], not {list(players)}.")
    if copies < 1 or face_up < 0 or houses < 1 or min_route < 1:
        _fail(source, "component counts must be positive.")
    size = tuple(data.get("board_size_mm", (600, 420)))
    return Board(
        id=str(data.get("id", Path(source).stem)), name=str(data.get("name", data.get("id", source))),
        provenance=str(data.get("provenance", "unknown")), note=str(data.get("note", "")), size=size,
        cities=tuple(cities), provinces=tuple(provinces), roads=tuple(roads), stacks=tuple(stacks),
        carriages=tuple(carriages), officials=tuple(officials), players=players, card_copies=copies,
        face_up=face_up, houses=houses, hand_limit=hand_limit, min_route=min_route, source=source,
    )


@lru_cache(maxsize=16)
def _load_path(path: str) -> Board:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BoardDataError(f"{path}: no such board file.") from None
    except (OSError, UnicodeDecodeError) as e:
        raise BoardDataError(f"{path}: cannot be read ({e}).") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise BoardDataError(f"{path}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg}).") from None
    return board_from_dict(data, source=str(path))


def available_boards() -> list[str]:
    """Names of the boards shipped in ``data/``."""
    return sorted(p.stem for p in data_dir().glob("*.json")
                  if json.loads(p.read_text(encoding="utf-8")).get("format") == FORMAT)


def load_board(board="base") -> Board:
    """Load a board by name (a file in ``data/``) or by path; a :class:`Board` is returned as it is.

    Boards are cached: loading the same file twice gives the same object.
    """
    if isinstance(board, Board):
        return board
    text = str(board)
    if text.endswith(".json") or "/" in text or "\\" in text:
        return _load_path(str(Path(text).resolve()))
    path = data_dir() / f"{text}.json"
    if not path.is_file():
        raise UnknownName("board", text, available_boards())
    return _load_path(str(path))
