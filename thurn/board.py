"""The board: cities, provinces, roads, bonus stacks, carriages and officials, loaded from a data file.

``load_board("base")`` reads ``data/base.json``; ``load_board(path)`` reads any file in the same format.
Loading validates the data and names the file and the problem when something is wrong.
Inside the engine cities are small integers (their index) and sets of cities are bit masks, so that
the rules run fast; everything public speaks in city names.

The file format is ``thurn-board/2`` (described field by field in ``docs/board-format.md``); a file in the
older ``thurn-board/1`` is converted on reading (:func:`upgrade_board_data`). Format 2 adds what the
expansions need: cities outside any province (Power and Glory's free cities), provinces drawn in parts,
bonus-stack kinds from a registry (:func:`register_stack_kind`), attributes per city-card copy, and extra
maps beside the board (The Audience's Rome strip).
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
from typing import Any, Callable

import networkx as nx

from .errors import BoardDataError, ThurnError, UnknownCity, UnknownName

#: The board file format written and read; :data:`OLD_FORMATS` are converted on reading.
FORMAT = "thurn-board/2"
OLD_FORMATS = ("thurn-board/1",)
#: ``province_of`` of a city that lies in no province (Power and Glory's free cities).
NO_PROVINCE = -1
#: The colour a city outside any province is drawn in.
FREE_CITY_COLOR = "#f4f1e8"


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
    province: str | None            # None: a free city, in no province (Power and Glory, Placing houses)
    pos: tuple[float, float]
    index: int

    @property
    def free(self) -> bool:
        """Whether the city lies outside every province (Power and Glory: "not provinces themselves and not part
        of the surrounding provinces")."""
        return self.province is None

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
    parts: tuple[tuple[str, ...], ...] = ()     # groups of its cities, for drawing only: one province for the rules

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
    city: str | None = None                     # the city a stack is tied to (kind ``first_house``)
    extra: tuple[tuple[str, Any], ...] = ()     # fields of a registered kind, as (name, value) pairs

    def get(self, name: str, default=None):
        """A field a registered stack kind keeps in ``extra`` (``default`` when the stack has none)."""
        for key, value in self.extra:
            if key == name:
                return value
        return default

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


@dataclass(frozen=True)
class CardAttribute:
    """A declared attribute of the city cards (e.g. Power and Glory's horseshoes): its ``type`` ('whole',
    'text' or 'flag'), the allowed ``range`` of a whole number, and the ``default`` of a city not listed."""

    name: str
    type: str
    range: tuple[int, int] | None = None
    default: Any = None


@dataclass(frozen=True)
class CardCopy:
    """One city card: its city (engine number), its copy number (0 to ``card_copies`` − 1) and the attributes
    the board file gives that copy, as ``(name, value)`` pairs (Power and Glory: "Each card shows 1, 2 or 3
    horseshoes", per card, not per city)."""

    city: int
    copy: int
    attributes: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default=None):
        for key, value in self.attributes:
            if key == name:
                return value
        return default

    @property
    def attrs(self) -> dict:
        return dict(self.attributes)


@dataclass(frozen=True)
class MapCity:
    """A city of an extra map (its own namespace: a name may repeat a city of the board)."""

    id: str
    name: str
    pos: tuple[float, float]
    index: int
    attributes: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default=None):
        for key, value in self.attributes:
            if key == name:
                return value
        return default

    def __str__(self) -> str:
        return self.name


@dataclass(eq=False)
class ExtraMap:
    """A map beside the board with its own cities and roads (The Audience's Rome strip). ``graph`` is a
    ``networkx.Graph`` (node attributes: name, pos, index); cities are looked up by id or name in any case and
    accents, and an unknown name is an :class:`~thurn.errors.UnknownCity` suggesting the close match."""

    id: str
    name: str
    cities: tuple[MapCity, ...]
    roads: tuple[tuple[str, str], ...]
    attributes: tuple[tuple[str, Any], ...] = ()
    graph: nx.Graph = field(init=False, repr=False)

    def __post_init__(self):
        g = nx.Graph(name=self.name)
        for c in self.cities:
            g.add_node(c.id, name=c.name, pos=c.pos, position=c.pos, index=c.index)
        g.add_edges_from(self.roads)
        self.graph = g
        self._lookup = {}
        for c in self.cities:
            self._lookup[fold(c.id)] = c.index
            self._lookup[fold(c.name)] = c.index

    def index(self, city) -> int:
        if isinstance(city, MapCity):
            return city.index
        try:
            return self._lookup[fold(city)]
        except (KeyError, TypeError, ValueError):
            raise UnknownCity(str(city)[:60], [c.name for c in self.cities]) from None

    def city(self, city) -> MapCity:
        return self.cities[self.index(city)]

    def neighbours(self, city) -> list[str]:
        cid = self.cities[self.index(city)].id
        return [self.graph.nodes[n]["name"] for n in sorted(self.graph.neighbors(cid),
                                                             key=lambda n: self.graph.nodes[n]["index"])]

    def has_road(self, a, b) -> bool:
        return self.graph.has_edge(self.city(a).id, self.city(b).id)

    def get(self, name: str, default=None):
        """An attribute of the map (``attributes`` in the file)."""
        for key, value in self.attributes:
            if key == name:
                return value
        return default

    def __repr__(self) -> str:
        return f"<ExtraMap {self.id!r}: {len(self.cities)} cities, {len(self.roads)} roads>"


# -- bonus-stack kinds -------------------------------------------------------------------------------------

class Earning:
    """What a stack kind may look at to say whether a player earns a tile after placing houses (base rules,
    3b): ``houses`` (the player's houses, the new ones included), ``held`` (indices of the stacks he holds a
    tile of), ``stacks`` (the tiles left in every stack), ``route_len``, ``rules``, ``placed`` (the houses just
    placed, or None when the caller does not say) and ``others`` (every other player's houses, 0 when the
    caller does not say)."""

    __slots__ = ("houses", "held", "stacks", "route_len", "rules", "placed", "others")

    def __init__(self, houses, held, stacks, route_len, rules, placed=None, others=0):
        self.houses = houses            # (one store a statement: made per scoring read, tuples cost more)
        self.held = held
        self.stacks = stacks
        self.route_len = route_len
        self.rules = rules
        self.placed = placed
        self.others = others


@dataclass
class StackSpec:
    """A bonus stack being read, handed to a kind's ``fields`` check: the raw JSON object, the fields every
    stack has (already checked), the board's province and city ids, and :meth:`fail` for an error that names
    the file and the stack."""

    raw: dict
    id: str
    source: str
    length: int
    provinces: tuple[str, ...]
    except_provinces: tuple[str, ...]
    province_ids: tuple[str, ...]
    city_ids: tuple[str, ...]
    free_city_ids: tuple[str, ...]

    def fail(self, problem: str):
        _fail(self.source, f"bonus stack {self.id!r} {problem}")


@dataclass(frozen=True)
class StackKind:
    """A kind of bonus stack. ``fields(spec)`` checks the stack's own fields (raising through ``spec.fail``)
    and returns a dict of what to keep (``city``, or other names, kept in :attr:`BonusStack.extra`).
    Earning a tile after placing houses is one of two shapes:

    * ``test(board, stack)`` returns a predicate ``pred(earning) -> bool`` (or None: never earned so): the
      player earns that stack's top tile when it holds a tile and the predicate holds. Tested in board order.
    * ``choose(board, stacks)`` gets every stack of the kind and returns ``pick(earning) -> BonusStack | None``:
      the one stack of the kind the route earns (the route-length tiles: one per route). Chosen first.

    ``once_per_player``: a player who holds a tile of the stack earns no second one. A kind with neither
    ``test`` nor ``choose`` is never earned by placing houses (the game-end tile)."""

    name: str
    description: str = ""
    fields: Callable[[StackSpec], dict | None] | None = None
    test: Callable[..., Callable[[Earning], bool] | None] | None = None
    choose: Callable[..., Callable[[Earning], "BonusStack | None"]] | None = None
    once_per_player: bool = False


_STACK_KINDS: dict[str, StackKind] = {}


def register_stack_kind(kind: StackKind, replace: bool = False) -> StackKind:
    """Add a bonus-stack kind (an expansion module calls this on import, before its board is loaded). A kind
    already registered is replaced only with ``replace=True``; boards loaded before keep the kinds they read."""
    if not isinstance(kind, StackKind):
        raise TypeError(f"register_stack_kind takes a StackKind, not {type(kind).__name__}")
    if not re.fullmatch(r"[a-z][a-z0-9_]{0,39}", kind.name):
        raise ValueError(f"a stack kind's name is lower-case letters, digits and _ (at most 40), not {kind.name!r}")
    if kind.name in _STACK_KINDS and not replace:
        raise ValueError(f"the stack kind {kind.name!r} is registered already (replace=True replaces it)")
    _STACK_KINDS[kind.name] = kind
    return kind


def stack_kinds() -> dict[str, StackKind]:
    """The registered bonus-stack kinds, by name (a copy)."""
    return dict(_STACK_KINDS)


def _route_length_fields(spec: StackSpec):
    if not 0 < spec.length <= MAX_CITIES:
        _fail(spec.source, f"bonus stack {spec.id!r} needs a route 'length' from 1 to {MAX_CITIES}, not "
                           f"{_short(spec.length)}.")


def _route_length_choose(board, stacks):
    """Base rules 3b: the longest stack whose length the route reaches (a route longer than every stack takes
    the longest, R2); an empty stack falls back to the next shorter one with tiles (R3)."""
    ranked = tuple((s.length, s.index, s) for s in sorted(stacks, key=lambda s: (-s.length, s.index)))

    def pick(e: Earning):
        n, left = e.route_len, e.stacks
        for length, i, s in ranked:
            if length <= n and left[i]:
                return s
        return None
    return pick


def _all_cities_fields(spec: StackSpec):
    if not spec.provinces:
        _fail(spec.source, f"bonus stack {spec.id!r} needs its 'provinces'.")


def _all_cities_test(board, stack):
    """A house on every city of the stack's provinces (base rules 3b; Power and Glory: "a house on every city
    in both parts of Preußen")."""
    need = 0
    for p in stack.provinces:
        need |= board.province_mask[board._province_index[p]]
    return lambda e: e.houses & need == need


def _per_province_test(board, stack):
    """A house in every province, but those the stack leaves out unless the rules ask for them (R4); free
    cities count for no province (Power and Glory: "He need not have houses on any of the free cities")."""
    masks = {flag: tuple(board.province_mask[i] for i, p in enumerate(board.provinces)
                         if flag or p.id not in stack.except_provinces) for flag in (False, True)}

    def pred(e: Earning):
        houses = e.houses
        for m in masks[bool(e.rules.all_provinces_includes_baiern)]:
            if not houses & m:
                return False
        return True
    return pred


def _first_house_fields(spec: StackSpec):
    city = spec.raw.get("city", _MISSING)
    if not isinstance(city, str) or city not in spec.city_ids:
        hint = difflib.get_close_matches(str(city), spec.city_ids, n=1) if isinstance(city, str) else []
        given = "nothing" if city is _MISSING else _short(city)
        spec.fail(f"(kind 'first_house') needs the 'city' it lies on, a city id of the board, not {given}"
                  + (f" (did you mean {hint[0]!r}?)" if hint else "") + ".")
    return {"city": city}


def _first_house_test(board, stack):
    """Power and Glory, Collect bonus tiles: "The player who places the first house on one of the free cities
    immediately takes the bonus tile for that city". The tile is still in its stack only while nobody has
    taken it, so a house there that no other player has (and, when the caller says, just placed) earns it."""
    bit = 1 << board.index(stack.city)

    def pred(e: Earning):
        if not e.houses & bit or e.others & bit:
            return False
        return e.placed is None or bool(e.placed & bit)
    return pred


for _kind in (
    StackKind("route_length", "a tile for a route of at least 'length' cards (base rules 3b)",
              fields=_route_length_fields, choose=_route_length_choose),
    StackKind("one_house_per_province", "a tile for a house in every province but 'except_provinces' (3b, R4)",
              test=_per_province_test, once_per_player=True),
    StackKind("all_cities", "a tile for a house on every city of 'provinces' (base rules 3b)",
              fields=_all_cities_fields, test=_all_cities_test, once_per_player=True),
    StackKind("game_end", "the tile of the player who ends the game (base rules, Game End)"),
    StackKind("first_house", "the tile of the first player to place a house on 'city' (Power and Glory, "
                             "Collect bonus tiles: the free-city tiles)",
              fields=_first_house_fields, test=_first_house_test),
):
    register_stack_kind(_kind)
del _kind


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
    card_attributes: dict = field(default_factory=dict)     # name -> CardAttribute
    cards: tuple[CardCopy, ...] = ()                        # every city card, by city then copy (empty: built)
    maps: dict = field(default_factory=dict)                 # id -> ExtraMap
    format_read: str = FORMAT                                # the format of the file as read (1 is converted)
    rulesets: tuple[str, ...] | None = None                  # the rulesets it plays under (None: every one it fits)
    graph: nx.Graph = field(init=False, repr=False)

    def __post_init__(self):
        if not self.cards:
            self.cards = tuple(CardCopy(c.index, k) for c in self.cities for k in range(self.card_copies))
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
        # A city outside every province (a free city) has province_of NO_PROVINCE (-1) and is in no
        # province_mask; ``free_cities`` is the mask of those cities (0 on the base board).
        self.province_of = tuple(self._province_index[c.province] if c.province is not None else NO_PROVINCE
                                 for c in self.cities)
        self.province_mask = tuple(
            sum(1 << self.index(cid) for cid in p.cities) for p in self.provinces
        )
        self.free_cities = sum(1 << c.index for c in self.cities if c.province is None)
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
        self._route_placements: dict = {}   # (route's card ids, ...) -> placement_masks: scoring.route_placements
        self._earn_plan = None           # (choosers, tests) of the stack kinds: scoring.earned_tiles
        self._names_cache: dict = {}     # action key -> resolved cities (mask or tuple)
        self._actions = None             # the interned actions of this board (turn.ActionTable)
        self._card_tables()

    # -- the city cards: ids (see docs/design.md, "Cards and piles") -------------------------------------------
    def _card_tables(self) -> None:
        """The card tables, indexed by card id (``city * card_copies + copy``, the order of :attr:`cards`):
        ``city_of`` (its city), ``kind_of`` (the lowest id of the copies that read the same: same city, same
        attributes), ``card_names`` (the city's name, with the copy's attributes where that city's copies
        differ: "Hamburg (3 horseshoes)"), and ``first_card`` (a city's lowest id)."""
        k = self.card_copies
        self.city_of = tuple(cc.city for cc in self.cards)
        self.first_card = tuple(c * k for c in range(len(self.cities)))
        kinds, names = [], []
        self._card_lookup = {}
        for i, cc in enumerate(self.cards):
            first = cc.city * k
            same = next(j for j in range(first, i + 1) if self.cards[j].attributes == cc.attributes)
            kinds.append(same)
            copies = self.cards[first:first + k]
            differ = [name for name, _ in cc.attributes if len({c.get(name) for c in copies}) > 1]
            label = self.city_names[cc.city]
            if differ:
                label += " (" + ", ".join(_attribute_text(name, cc.get(name)) for name in differ) + ")"
                self._card_lookup[fold(label)] = same
            names.append(label)
        self.kind_of = tuple(kinds)
        dense = {k: i for i, k in enumerate(sorted(set(kinds)))}
        self.kind_index = tuple(dense[k] for k in kinds)     # kinds numbered 0, 1, ... (bit masks of kinds)
        # for the hot paths, by card id: its city as a bit, its city's roads, its kind as a bit; and kind_of with
        # -1 (an empty display slot) read as -1
        # (one int object per city or kind, shared by its copies: the hot paths touch fewer objects)
        city_bit = tuple(1 << c for c in range(len(self.cities)))
        self.card_bit = tuple(city_bit[c] for c in self.city_of)
        self.card_adj = tuple(self.adj[c] for c in self.city_of)
        kind_bit = tuple(1 << k for k in range(len(dense)))
        self.kind_bit = tuple(kind_bit[k] for k in self.kind_index)
        self.kind_of_slot = self.kind_of + (-1,)
        self.card_names = tuple(names)
        self.copies_differ = any(kinds[i] != self.first_card[self.city_of[i]] for i in range(len(kinds)))

    def card_name(self, card: int) -> str:
        """A card's name: its city's, with the copy's attributes where that city's copies differ."""
        return self.card_names[card]

    def card_city(self, card: int) -> int:
        """The city (engine number) of a card id."""
        return self.city_of[card]

    def card_spelling(self, name) -> str:
        """A card's name as the board spells it: the copy's ("hamburg_3_horseshoes" -> "Hamburg (3 horseshoes)"),
        or the city's for a bare city name ("nurnberg" -> "Nürnberg")."""
        city, kind = self.card_key(name)
        return self.city_names[city] if kind is None else self.card_names[kind]

    def cities_of(self, cards) -> tuple[int, ...]:
        """The cities (engine numbers) of card ids, in order (a route's cities, left to right)."""
        city_of = self.city_of
        return tuple([city_of[c] for c in cards])     # (a list made in place: map over __getitem__ is slower)

    def card_value(self, card: int, name: str, default=None):
        """Attribute ``name`` of the card with id ``card`` (Power and Glory: its horseshoes), or ``default``."""
        return self.cards[card].get(name, default)

    def card_key(self, name) -> tuple[int, int | None]:
        """What a card's name in an action or a file means: ``(city, kind)``, ``kind`` the lowest id of the copies
        named ("Hamburg (3 horseshoes)"), or None for a bare city name (any copy of that city)."""
        if isinstance(name, str) and len(name) <= 200:
            kind = self._card_lookup.get(fold(name))
            if kind is not None:
                return self.city_of[kind], kind
        return self.index(name), None

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

    def province_of_city(self, city) -> Province | None:
        """The province of a city, or None for a free city (Power and Glory, Placing houses)."""
        p = self.province_of[self.index(city)]
        return None if p == NO_PROVINCE else self.provinces[p]

    def city_color(self, city) -> str:
        """The colour a city is drawn in: its province's, or :data:`FREE_CITY_COLOR` for a free city."""
        p = self.province_of_city(city)
        return FREE_CITY_COLOR if p is None else p.color

    def region_name(self, city) -> str:
        """The name of a city's province, or 'free city'."""
        p = self.province_of_city(city)
        return "free city" if p is None else p.name

    def card_attribute(self, city, copy: int, name: str):
        """The attribute ``name`` of copy ``copy`` (0 to ``card_copies`` − 1) of a city's card, as the board file
        gives it (Power and Glory: horseshoes per card, not per city)."""
        if name not in self.card_attributes:
            raise UnknownName("card attribute", name, list(self.card_attributes))
        if not (isinstance(copy, int) and not isinstance(copy, bool) and 0 <= copy < self.card_copies):
            raise ThurnError(f"a city has cards 0 to {self.card_copies - 1}, not {_short(copy)}.", "unknown_card")
        return self.cards[self.index(city) * self.card_copies + copy].get(name)

    def extra_map(self, name) -> ExtraMap:
        """An extra map by id or name, e.g. ``board.extra_map("rome")``; also ``board.maps["rome"]``."""
        key = fold(name)
        for m in self.maps.values():
            if fold(m.id) == key or fold(m.name) == key:
                return m
        raise UnknownName("map", name, list(self.maps))

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
        if self.free_cities:
            rows += (f"<tr><td><i>free cities</i></td><td>{esc(', '.join(self.names_of(self.free_cities)))}"
                     f"</td></tr>")
        return (f"<b>{esc(self.name)}</b> — {len(self.cities)} cities, {len(self.roads)} roads "
                f"({esc(self.provenance)})<table><tr><th>province</th><th>cities</th></tr>{rows}</table>")


def _attribute_text(name: str, value) -> str:
    """How a copy's attribute reads in its card's name: "3 horseshoes", "crowned", "not crowned", "seal red"."""
    if isinstance(value, bool):
        return name if value else f"not {name}"
    if isinstance(value, int):
        return f"{value} {name[:-1] if value == 1 and name.endswith('s') else name}"
    return f"{name} {value}"


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
        _fail(source, f"unknown format {_short(fmt)} (expected {FORMAT!r}, or {' or '.join(map(repr, OLD_FORMATS))} "
                      f"which is converted on reading).")
    for key in FORMAT2_FIELDS:
        if key in data:
            _fail(source, f"{key!r} came with format {FORMAT!r}; this file says {fmt!r} (change its 'format').")
    base_kinds = ("route_length", "all_cities", "one_house_per_province", "game_end")
    for i, c in enumerate(data.get("cities") or ()):
        if isinstance(c, dict) and c.get("province") is None:
            _fail(source, f"city {_short(c.get('id', f'#{i + 1}'))} has no 'province' (a city outside every "
                          f"province needs format {FORMAT!r}).")
    for p in data.get("provinces") or ():
        if isinstance(p, dict) and "parts" in p:
            _fail(source, f"province {_short(p.get('id'))}: 'parts' came with format {FORMAT!r}.")
    for s in data.get("bonus_stacks") or ():
        if isinstance(s, dict) and isinstance(s.get("kind"), str) and s["kind"] not in base_kinds:
            _fail(source, f"bonus stack {_short(s.get('id'))} has unknown kind {_short(s['kind'])} (format {fmt!r} "
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
            _fail(source, f"{where}: part #{k + 1} should be a non-empty list of city ids, not {_short(part)}.")
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
    _fail(source, f"{where}: a value should be text, a whole number or true/false, not {_short(value)}.")


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
            _fail(source, f"{where}: attribute name {_short(k)} should be letters, digits and _ (at most 40).")
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
        where = f"card attribute {_short(name)}"
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{0,39}", name):
            _fail(source, f"{where}: a card attribute's name is letters, digits and _ (at most 40).")
        if not isinstance(spec, dict):
            _fail(source, f"{where} should be a JSON object with 'type' and 'copies', not {_short(spec)}.")
        kind = _req(spec, "type", source, where, str)
        if kind not in CARD_ATTRIBUTE_TYPES:
            _fail(source, f"{where}: 'type' should be one of {', '.join(CARD_ATTRIBUTE_TYPES)}, not {_short(kind)}.")
        lo, hi = WHOLE_RANGE
        rng = None
        if "range" in spec:
            r = spec["range"]
            if kind != "whole" or not (isinstance(r, list) and len(r) == 2 and all(
                    isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi for v in r) and r[0] <= r[1]):
                _fail(source, f"{where}: 'range' is [min, max] of a 'whole' attribute, whole numbers from {lo} to "
                              f"{hi}, not {_short(r)}.")
            rng = (r[0], r[1])
            lo, hi = rng

        def check(v, at):
            ok = {"whole": isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi,
                  "flag": isinstance(v, bool),
                  "text": isinstance(v, str) and len(v) <= 100 and v.isprintable()}[kind]
            if not ok:
                want = {"whole": f"a whole number from {lo} to {hi}", "flag": "true or false",
                        "text": "a text of at most 100 printable characters"}[kind]
                _fail(source, f"{where}: {at} should be {want} (type {kind!r}), not {_short(v)}.")
            return v

        default = spec.get("default")
        if default is not None:
            check(default, "'default'")
        per_city = _req(spec, "copies", source, where, dict)
        for cid, vals in per_city.items():
            if cid not in ids:
                hint = difflib.get_close_matches(str(cid), ids, n=1)
                _fail(source, f"{where} names unknown city {_short(cid)}" + (f" (did you mean {hint[0]!r}?)" if hint
                                                                               else "") + ".")
            if not isinstance(vals, list) or len(vals) != copies:
                _fail(source, f"{where}: {cid!r} should list one value for each of its {copies} cards, not "
                              f"{_short(vals)}.")
            for k, v in enumerate(vals):
                check(v, f"card {k + 1} of {cid!r}")
        missing = [c for c in ids if c not in per_city]
        if missing and default is None:
            _fail(source, f"{where}: cities {_short(missing, 200)} have no values and there is no 'default'.")
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
                      f"name), not {_short(raw)}.")
    out = []
    for name in raw:
        if not isinstance(name, str) or not re.fullmatch(r"[a-z0-9][a-z0-9_]{0,39}", name):
            _fail(source, f"'rulesets': a ruleset's name is lower-case letters, digits and _ (at most 40), not "
                          f"{_short(name)}.")
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
        where = f"map {_short(mid)}"
        if not re.fullmatch(r"[a-z0-9][a-z0-9_]{0,39}", mid):
            _fail(source, f"{where}: a map's id is lower-case letters, digits and _ (at most 40).")
        if not isinstance(m, dict):
            _fail(source, f"{where} should be a JSON object with 'cities' and 'roads', not {_short(m)}.")
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
                _fail(source, f"{at}: 'pos' should be two numbers [x, y], not {_short(pos)}.")
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
                _fail(source, f"{where}: road #{i + 1} should be a pair of city ids, not {_short(r)}.")
            a, b = r
            for x in (a, b):
                if x not in ids:
                    hint = difflib.get_close_matches(x, ids, n=1)
                    _fail(source, f"{where}: road #{i + 1} {a}–{b} names a city {_short(x)} that is not on the map"
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
            _fail(source, f"city {cid!r} lies in province {_short(prov)}, which is not among the provinces {pids}.")
        if len(pos) != 2 or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
                                    for v in pos):
            _fail(source, f"city {cid!r}: 'pos' should be two numbers [x, y], not {_short(pos)}.")
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
            _fail(source, f"province {pid!r} lists cities {_short(listed, 200)} but the cities say {members[pid]}.")
        if not members[pid]:
            _fail(source, f"province {pid!r} has no city.")
        group = _req(p, "bonus_group", source, where, (str, type(None)), None)
        parts = _parts(p, members[pid], source, where)
        provinces.append(Province(pid, _text(p, "name", source, where, pid, name=True), group,
                                  _text(p, "color", source, where, "#999999", limit=40), tuple(members[pid]), parts))

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
    kinds = stack_kinds()
    city_ids = tuple(c.id for c in cities)
    free_ids = tuple(c.id for c in cities if c.province is None)
    for i, s in enumerate(_list(data, "bonus_stacks", source, MAX_CITIES)):
        sid = _text(s, "id", source, f"bonus stack #{i + 1}", name=True)
        where = f"bonus stack {sid!r}"
        kind = _req(s, "kind", source, where, str)
        if kind not in kinds:
            hint = difflib.get_close_matches(kind, list(kinds), n=1)
            _fail(source, f"bonus stack {sid!r} has unknown kind {_short(kind)}"
                          + (f" (did you mean {hint[0]!r}?)" if hint else "")
                          + f"; known kinds: {', '.join(kinds)} (an expansion adds its kinds with "
                            f"thurn.board.register_stack_kind before loading its board).")
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
        if not 0 <= length <= MAX_CITIES:
            _fail(source, f"bonus stack {sid!r}: 'length' should be from 0 to {MAX_CITIES}, not {_short(length)}.")
        extra = {}
        check = kinds[kind].fields
        if check is not None:
            extra = check(StackSpec(s, sid, source, length, provs, excl, tuple(pids), city_ids, free_ids)) or {}
            if not isinstance(extra, dict):
                _fail(source, f"bonus stack {sid!r}: the check of kind {kind!r} gave {_short(extra)}, not a dict.")
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
