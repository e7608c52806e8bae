"""The board: cities, provinces, roads, bonus stacks, carriages and officials, as the engine reads them.

A board is loaded from a data file (:mod:`thurn.board_file`: ``load_board("base")`` reads ``data/base.json``); the
kinds of bonus stack come from a registry (:mod:`thurn.stacks`). Inside the engine cities are small integers (their
index) and sets of cities are bit masks, so that the rules run fast; everything public speaks in city names.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from .errors import ThurnError, UnknownCity, UnknownName, short_repr

#: The board file format written and read (:mod:`thurn.board_file`; older formats are converted on reading).
FORMAT = "thurn-board/2"
#: ``province_of`` of a city that lies in no province (Power and Glory's free cities).
NO_PROVINCE = -1
#: The colour a city outside any province is drawn in.
FREE_CITY_COLOR = "#f4f1e8"
#: The most cities a board has (the engine keeps sets of cities as bit masks of at most 60 bits).
MAX_CITIES = 60


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
            raise ThurnError(f"a city has cards 0 to {self.card_copies - 1}, not {short_repr(copy)}.", "unknown_card")
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
