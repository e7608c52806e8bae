"""The Audience: five carriages of clergymen on the roads to Rome.

Rules: "All Roads Lead to Rome", 1. The Audience (cited below by its sections: Preparation, Moving the carriages,
A carriage arrives in Rome, Game end). Switched on with ``Rules(expansions=("audience",))`` on a board with a Rome
strip (``maps.rome`` of ``data/base.json``: reconstructed, see its attributes); the clergymen are
``data/audience.json``.

It plugs into the core through the ruleset alone:

- at setup every player seals one clergyman in each carriage (the ``seal`` step: an interruption before the first
  turn, one decision per player; :class:`Seal`); the tiles are an ``owner`` field (``audience_tiles``: his rank in
  each carriage, 0 once the carriage is in Rome), so no other player, view or bot sees them;
- a scoring stage ``audience`` after the houses: each card of the route on which no house was placed owes a step
  south of its carriage (Lodz, and a carriage already in Rome: any other carriage);
- the ``carriage`` step after scoring (an interruption of the scorer's turn, :class:`MoveCarriage`), until every
  step owed is made; a step with one legal move is taken for him;
- the arrival in Rome (the tiles revealed onto the audience spaces, a rank already there boxed) and the final score
  (each tile on a space adds its points).
"""
from __future__ import annotations

from itertools import permutations
from typing import NamedTuple

from ...actions import Action, fold, set_fields
from ...effects import ScoringStage
from ...errors import BoardDataError, IllegalAction, PositionError
from ...log import Private
from ...turn.steps import SCORE
from ...turn.machine import DONE, Decide, StepSpec, forced_event, interrupt
from ...variants import Variant, register
from ..data import component

NAME = "audience"
TILES = "audience_tiles"
SEAL, MOVE = "seal", "carriage"
JOKER = -1
MAX_STRIP, MAX_BOX, MAX_OWED = 59, 20, 30      # bounds of a position's numbers (strip cities, boxed tiles, steps)
R_PREP = "The Audience, Preparation"
R_MOVE = "The Audience, Moving the carriages"
R_ROME = "The Audience, A carriage arrives in Rome"
R_END = "The Audience, Game end"


_TIMES = {2: "twice", 3: "three times", 4: "four times", 5: "five times", 6: "six times", 7: "seven times"}


def moves_text(times: dict) -> str:
    """The carriage moves a route owes in words, each carriage named once (The Audience, Moving the carriages: one
    city south a card): "the Baiern carriage one city south twice", "the Baden carriage and the Baiern carriage one
    city south each", "the Baiern carriage one city south twice and the Baden carriage one city south once"."""
    if all(n == 1 for n in times.values()):
        names = list(times)
        if len(names) == 1:
            return f"{names[0]} one city south"
        return ", ".join(names[:-1]) + f" and {names[-1]} one city south each"
    words = [f"{what} one city south {_TIMES.get(n, f'{n} times') if n != 1 else 'once'}"
             for what, n in sorted(times.items(), key=lambda wn: -wn[1])]
    return ", ".join(words[:-1]) + f" and {words[-1]}" if len(words) > 1 else words[0]


# -- the components: the strip and the clergymen -----------------------------------------------------------------

class Clergy(NamedTuple):
    """The clergymen of each player (data/audience.json): ranks 1-5, their names and points."""

    ranks: tuple[int, ...]
    names: tuple[str, ...]
    points: tuple[int, ...]
    inferred: tuple[str, ...]          # names not given by the rules (marked in the data)
    map: str

    def name(self, rank: int) -> str:
        return self.names[self.ranks.index(rank)]

    def value(self, rank: int) -> int:
        return self.points[self.ranks.index(rank)]


_CLERGY: list = []


def clergy() -> Clergy:
    """The clergymen (data/audience.json), checked once."""
    if not _CLERGY:
        data = component(NAME)
        path = "data/audience.json"
        rows = data.get("clergymen")
        if not isinstance(rows, list) or len(rows) != 5:
            raise BoardDataError(f"{path}: \"clergymen\" should list the 5 clergymen of a player (The Audience, "
                                 f"Contents: 5 clergymen in each colour).")
        ranks, names, points, inferred = [], [], [], []
        for i, r in enumerate(rows):
            ok = (isinstance(r, dict) and isinstance(r.get("name"), str) and 0 < len(r["name"]) <= 30
                  and all(isinstance(r.get(k), int) and not isinstance(r.get(k), bool) and 0 < r[k] <= 20
                          for k in ("rank", "points")))
            if not ok:
                raise BoardDataError(f"{path}: clergyman #{i + 1} should have a \"name\" (text), a \"rank\" and "
                                     f"\"points\" (whole numbers from 1 to 20).")
            ranks.append(r["rank"])
            names.append(r["name"])
            points.append(r["points"])
            if r.get("named_by_rules") is False:
                inferred.append(r["name"])
        if sorted(ranks) != [1, 2, 3, 4, 5] or len({fold(n) for n in names}) != 5:
            raise BoardDataError(f"{path}: the clergymen need the ranks 1 to 5 once each and names of their own.")
        _CLERGY.append(Clergy(tuple(ranks), tuple(names), tuple(points), tuple(inferred),
                              str(data.get("map", "rome"))))
    return _CLERGY[0]


class Strip(NamedTuple):
    """The Rome strip of a board, read for the rules: carriages (by the base bonus group they stand for), their
    starts, the southern exits of each city, the audience city, and each board city's carriage."""

    map: object                          # the board's ExtraMap
    carriages: tuple[str, ...]           # ids (the bonus groups), west to east
    names: tuple[str, ...]
    colours: tuple[str, ...]
    starts: dict                         # players -> (strip city index per carriage)
    south: tuple[tuple[int, ...], ...]   # per strip city: the cities one road further south
    rome: int
    carriage_of: tuple[int, ...]         # per board city: its carriage, or JOKER (Polen's Lodz)
    to_rome: tuple[int, ...]             # per strip city: the fewest steps to Rome

    def city_name(self, i: int) -> str:
        return self.map.cities[i].name

    def carriage(self, name) -> int:
        """A carriage's index from its id, its name or the start of either (any case and accents)."""
        key = fold(str(name))
        for i, (cid, cname) in enumerate(zip(self.carriages, self.names)):
            if key in (fold(cid), fold(cname)):
                return i
        hits = [i for i, (cid, cname) in enumerate(zip(self.carriages, self.names))
                if key and (fold(cid).startswith(key) or fold(cname).startswith(key))]
        if len(hits) == 1:
            return hits[0]
        from ...errors import UnknownName

        raise UnknownName("carriage", str(name)[:40], list(self.names))


_STRIPS: dict = {}


def strip(board) -> Strip:
    """The Rome strip of ``board`` for the rules (cached per board); a board without one is a BoardDataError."""
    hit = _STRIPS.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    mid = clergy().map
    m = board.maps.get(mid)
    where = f"{board.source}: map {mid!r}"
    if m is None:
        raise BoardDataError(f"{board.source}: the board has no Rome strip (maps.{mid}); The Audience needs one.")
    carriages = tuple(m.get("carriages") or ())
    groups = {p.bonus_group for p in board.provinces if p.bonus_group}
    if len(carriages) != 5 or len(set(carriages)) != 5 or not set(carriages) <= groups:
        raise BoardDataError(f"{where}: 'carriages' should name 5 bonus groups of the board's provinces (one carriage "
                             f"each, The Audience, Contents), not {list(carriages)!r}.")
    names = dict(m.get("carriage_names") or ())
    colours = dict(m.get("carriage_colours") or ())

    def starts(key):
        table = dict(m.get(key) or ())
        try:
            return tuple(m.index(table[c]) for c in carriages)
        except KeyError as e:
            raise BoardDataError(f"{where}: {key!r} gives no start for the carriage {e.args[0]!r}.") from None

    three = starts("starts")
    two = starts("starts_2_players") if m.get("starts_2_players") else three
    rome = m.index(m.get("audience", "rom"))
    south = []
    for c in m.cities:
        y = c.pos[1]
        south.append(tuple(sorted(m.index(n) for n in m.graph.neighbors(c.id) if m.cities[m.index(n)].pos[1] < y)))
    far = [None] * len(m.cities)
    far[rome] = 0
    for i in sorted(range(len(m.cities)), key=lambda i: m.cities[i].pos[1]):
        if i != rome and south[i]:
            d = [far[j] for j in south[i] if far[j] is not None]
            far[i] = 1 + min(d) if d else None
    for start in set(three + two):
        if far[start] is None:
            raise BoardDataError(f"{where}: no road leads south from {m.cities[start].name} to "
                                 f"{m.cities[rome].name}.")
    group_of = {p.id: p.bonus_group for p in board.provinces}
    carriage_of = tuple(carriages.index(group_of.get(c.province)) if group_of.get(c.province) in carriages else JOKER
                        for c in board.cities)
    s = Strip(m, carriages, tuple(str(names.get(c, c)) for c in carriages),
              tuple(str(colours.get(c, "#888888")) for c in carriages),
              {2: two, 3: three, 4: three}, tuple(south), rome, carriage_of,
              tuple(-1 if d is None else d for d in far))
    _STRIPS[id(board)] = (board, s)
    return s


# -- the state ---------------------------------------------------------------------------------------------------

class Audience(NamedTuple):
    """The public part (``state.ext["audience"]``): where each carriage stands (a strip city), the audience spaces
    (per rank 1-5, the seats whose tile lies there), the tiles boxed ``(seat, rank)``, the carriages in Rome in
    order of arrival, and the steps the scorer still owes (a carriage, or JOKER: any carriage)."""

    at: tuple[int, ...]
    spaces: tuple[tuple[int, ...], ...]
    box: tuple[tuple[int, int], ...]
    arrived: tuple[int, ...]
    owed: tuple[int, ...]


def audience(s) -> Audience:
    return s.ext[NAME]


def tiles(s, seat: int):
    """``seat``'s rank in each carriage (0: revealed in Rome), or None (not sealed yet, or hidden from this view)."""
    return s.ext[TILES][seat]


def moves_for(board, route, new: int) -> tuple[int, ...]:
    """The steps south a scoring owes (Moving the carriages): for each card of ``route`` (card ids) whose city got no
    new house (``new``: the cities of the houses placed, a mask), its city's carriage, JOKER for Lodz. The one
    reading of the rule: the scoring stage, the explorer and the bots call it."""
    table = strip(board).carriage_of
    city_of = board.city_of
    return tuple(table[city_of[c]] for c in route if not new >> city_of[c] & 1)


def movable(s, A: Audience | None = None) -> list[int]:
    """The carriages the player to move may move now: one he owes a step that is not in Rome, or any not in Rome
    while he owes a free step (Lodz, or a carriage already in Rome)."""
    A = audience(s) if A is None else A
    rome = strip(s.board).rome
    out_of_rome = [c for c in range(len(A.at)) if A.at[c] != rome]
    free = any(o == JOKER or A.at[o] == rome for o in A.owed)
    return out_of_rome if free else [c for c in out_of_rome if c in A.owed]


def sealed_seats(s) -> frozenset:
    """The seats that have sealed their clergymen (Preparation): all of them once the seal step is over; during it,
    all but the player sealing now and those still to seal. Public: everyone sees who has sealed."""
    n = s.num_players
    if s.step != SEAL:
        return frozenset(range(n))
    waiting = {s.to_move} | {seat for seat, step in s.interruptions if step == SEAL}
    return frozenset(range(n)) - waiting


def points_in_rome(s, seat: int) -> int:
    """The points of ``seat``'s tiles on the audience spaces (Game end)."""
    C = clergy()
    return sum(C.value(rank) for rank, seats in zip(C.ranks, audience(s).spaces) for _ in range(seats.count(seat)))


# -- the actions ---------------------------------------------------------------------------------------------------

_INSTALLED: list = []


def _installed_strips() -> list:
    """The Rome strips of the installed boards that have one (names in actions are read against them; read once)."""
    from ...board_file import available_boards, installed_board

    if _INSTALLED:
        return _INSTALLED[0]
    out = []
    for board in filter(None, map(installed_board, available_boards())):
        try:
            out.append(strip(board))
        except (BoardDataError, ValueError, KeyError):
            continue
    _INSTALLED.append(out)
    return out


def _one(found: set):
    """The one meaning every installed strip gives a name, or None (unknown, or read differently)."""
    return next(iter(found)) if len(found) == 1 else None


def carriage_key(name: str) -> str:
    """Which carriage a name in an action means (its id), by the installed boards' strips: its id, its name or the
    start of either (:meth:`Strip.carriage`); any other name is kept, folded, for the rules to refuse. So that a
    move written by a name is equal to the engine's own (issue 33: ``in legal_actions()`` exactly when legal)."""
    found = set()
    for S in _installed_strips():
        try:
            found.add(S.carriages[S.carriage(name)])
        except ValueError:
            pass
    hit = _one(found)
    return fold(str(name)) if hit is None else fold(hit)


def strip_city_key(name: str) -> str:
    """Which city of the Rome strip a name in an action means (its id), as :func:`carriage_key`."""
    found = set()
    for S in _installed_strips():
        try:
            found.add(S.map.cities[S.map.index(name)].id)
        except (ValueError, KeyError):
            pass
    hit = _one(found)
    return fold(str(name)) if hit is None else fold(hit)


def seal_ranks(pairs) -> tuple | None:
    """The ranks a seal by names means, carriage by carriage west to east (read against the installed boards'
    strips), or None where a name is unknown or read differently."""
    found = set()
    for S in _installed_strips():
        ranks = [0] * 5
        try:
            for c, r in pairs:
                ranks[S.carriage(c)] = _rank(r)
        except ValueError:
            return None
        found.add(tuple(ranks))
    return _one(found)


class Seal(Action):
    """Seal one clergyman in each carriage, face down (The Audience, Preparation): ``ranks`` gives the rank put in
    each carriage, west to east (Baden, Württemberg/Hohenzollern, Schweiz/Tyrol, Baiern, Böhmen/Salzburg); or a
    mapping carriage -> clergyman by names (``{"baden": "Kardinal", ...}``), read against the board's strip when it
    is checked."""

    __slots__ = ("ranks", "pairs")
    kind = "seal"

    def __init__(self, ranks):
        if isinstance(ranks, dict):
            pairs = tuple((str(c), str(r)) for c, r in ranks.items())
            read = seal_ranks(pairs) if len(pairs) <= 5 else None   # equal to the seal by ranks it means
            set_fields(self, ranks=(), pairs=pairs, key=("seal", pairs if read is None else read))
        else:
            ranks = tuple(int(r) for r in ranks)
            set_fields(self, ranks=ranks, pairs=(), key=("seal", ranks))

    def __str__(self):
        if self.pairs:
            return "seal " + ", ".join(f"the {r} in the {c} carriage" for c, r in self.pairs)
        C = clergy()
        return "seal " + ", ".join(f"the {C.name(r) if r in C.ranks else r} in carriage {i + 1}"
                                   for i, r in enumerate(self.ranks))

    def __repr__(self):
        return f"Seal({dict(self.pairs)!r})" if self.pairs else f"Seal({self.ranks!r})"

    def __reduce__(self):
        return (Seal, (dict(self.pairs) if self.pairs else self.ranks,))

    def seen_by_others(self) -> str:
        """How another player reads it: the tiles lie face down (Preparation: "secretly")."""
        return "seal the clergymen in the carriages, face down"

    @property
    def notation(self):
        if self.pairs:
            return "seal " + " ".join(f"{fold(c)}={fold(r)}" for c, r in self.pairs)
        return "seal " + " ".join(str(r) for r in self.ranks)


class MoveCarriage(Action):
    """Move a carriage one city south along a road (The Audience, Moving the carriages)."""

    __slots__ = ("carriage", "to", "names")
    kind = "carriage"

    def __init__(self, carriage: str, to: str, names: tuple[str, str] | None = None):
        """``names``: the carriage's and the city's names as the board writes them, for the words (the engine's own
        moves carry them); they do not change the action (its key and notation)."""
        set_fields(self, carriage=str(carriage), to=str(to), names=names,     # (equal by the carriage and city meant)
                   key=("carriage", carriage_key(str(carriage)[:60]), strip_city_key(str(to)[:60])))

    def __str__(self):
        carriage, to = self.names or (self.carriage, self.to)
        return f"move the {carriage} carriage to {to}"

    def __repr__(self):
        return f"MoveCarriage({self.carriage!r}, {self.to!r})"

    def __reduce__(self):
        return (MoveCarriage, (self.carriage, self.to, self.names))

    @property
    def notation(self):
        return f"carriage {fold(self.carriage)} {fold(self.to)}"


def parse_audience(text):
    """A :class:`Seal` ("seal 5 4 3 2 1", or by names: "seal baden=kardinal baiern=1 ...") or a
    :class:`MoveCarriage` ("carriage baiern trient") from its notation, or None."""
    words = str(text).split()
    if not words:
        return None
    head = words[0].lower()
    if head == "carriage" and len(words) == 3:
        return MoveCarriage(words[1], words[2])
    if head == "seal" and len(words) == 6:
        if all(w.isdigit() for w in words[1:]):
            return Seal(int(w) for w in words[1:])
        if all("=" in w for w in words[1:]):
            return Seal(dict(w.split("=", 1) for w in words[1:]))
    return None


def _rank(text) -> int:
    C = clergy()
    t = fold(str(text))
    if t.isdigit() and int(t) in C.ranks:
        return int(t)
    for r, n in zip(C.ranks, C.names):
        if fold(n) == t:
            return r
    from ...errors import UnknownName

    raise UnknownName("clergyman", str(text)[:30], list(C.names))


# -- the scoring stage ---------------------------------------------------------------------------------------------

class AudienceStage(ScoringStage):
    """After the houses: every card of the route on which no house was placed owes its carriage a step toward Rome
    (Moving the carriages: "For each city card in the closed route, for which no house was placed, the player must
    move the corresponding carriage one city further toward Rome"). Read as the extra ``("carriages", moves)``."""

    name = NAME

    def read(self, r):
        route = getattr(r.player, "route", ())
        if route:
            r.extra = r.extra + (("carriages", moves_for(r.board, route, r.new)),)

    def do(self, s, seat, p, effect):
        moves = next((v for k, v in effect.extra if k == "carriages"), ())
        if moves:
            s.set_ext(NAME, audience(s)._replace(owed=audience(s).owed + moves))


# -- the variant ----------------------------------------------------------------------------------------------------

@register
class TheAudience(Variant):
    """The Audience (see the module's docstring)."""

    name = NAME
    rule_source = "The Audience"
    requires_ext = True
    fields = {TILES: "owner"}

    def __init__(self):
        self._seals = [Seal(p) for p in permutations((1, 2, 3, 4, 5))]
        self._moves: dict = {}
        self.steps = (
            StepSpec(SEAL, "seal one clergyman in each carriage, face down", R_PREP, self.legal_seal, None,
                     ("seal",), interruption=True),
            StepSpec(MOVE, "move the carriages the route owes one city south each", R_MOVE, self.legal_move,
                     self.forced_move, ("carriage",), interruption=True),
        )

    def extend(self, rs) -> None:
        from ...turn.machine import ActionKind

        super().extend(rs)
        rs.action(ActionKind("seal", self.check_seal, self.do_seal, "Seal", "seal 5 4 3 2 1",
                             "seal one clergyman in each carriage (ranks west to east)", R_PREP, words=seal_words))
        rs.action(ActionKind("carriage", self.check_move, self.do_move, "Move carriage", "carriage baiern trient",
                             "move a carriage one city south", R_MOVE, words=move_words,
                             canonical=lambda s, a, arg: self._move(s, *arg)))
        stages = list(rs.scoring)
        at = next((i + 1 for i, st in enumerate(stages) if st.name == "houses"), len(stages))
        rs.scoring = tuple(stages[:at] + [AudienceStage()] + stages[at:])

    def board_refusal(self, board):
        if clergy().map not in board.maps:
            return "it has no Rome strip beside it; The Audience is played with the base board."
        return None

    # -- setup -----------------------------------------------------------------------------------------------------
    def setup(self, s) -> None:
        """The carriages on their starts (2 players: two cities further south); every player seals his clergymen,
        the start player first (Preparation)."""
        S = strip(s.board)
        n = s.num_players
        at = S.starts[2 if n == 2 else 3]
        s.set_ext(NAME, Audience(at, ((),) * 5, (), (), ()))
        s.set_ext(TILES, (None,) * n)
        interrupt(s, [((s.start_player + k) % n, SEAL) for k in range(n)])

    def legal_seal(self, s) -> list:
        return list(self._seals)

    def check_seal(self, s, a):
        if s.step != SEAL:
            return None, IllegalAction("not_sealing", "The clergymen are sealed in the carriages at the start of the "
                                       "game only.", a, R_PREP)
        S = strip(s.board)
        if a.pairs:
            ranks = [0] * 5
            for c, r in a.pairs:
                try:
                    ranks[S.carriage(c)] = _rank(r)
                except ValueError as e:
                    return None, IllegalAction("unknown_name", str(e), a, R_PREP)
            ranks = tuple(ranks)
        else:
            ranks = a.ranks
        if sorted(ranks) != [1, 2, 3, 4, 5]:
            C = clergy()
            return None, IllegalAction("seal_each_once", f"Seal each of your 5 clergymen ({', '.join(C.names)}) in "
                                       f"one carriage each: one per carriage, each clergyman once.", a, R_PREP)
        return ranks, None

    def do_seal(self, s, ranks, action, say):
        seat = s.to_move
        T = s.ext[TILES]
        s.set_ext(TILES, T[:seat] + (tuple(ranks),) + T[seat + 1:])
        if say is not None:
            who = s.names[seat]
            C = clergy()
            S = strip(s.board)
            mine = ", ".join(f"the {C.name(r)} in the {S.names[c]} carriage" for c, r in enumerate(ranks))
            say(Private(f"{who} seals {mine}.", seat, f"{who} seals a clergyman in each carriage, face down."))
        return DONE

    # -- the carriages ---------------------------------------------------------------------------------------------
    def after_step(self, s, step, action, nxt, say):
        """After a scoring that owes steps, the scorer moves the carriages (Moving the carriages)."""
        if step == SCORE and audience(s).owed:
            if say is not None:
                self._tell_owed(s, say)
            interrupt(s, [(s.turn_owner, MOVE)], then=nxt.step if type(nxt) is Decide else nxt)
            return None
        return nxt

    def _tell_owed(self, s, say):
        S = strip(s.board)
        owed = audience(s).owed
        A = audience(s)

        def owes(o):
            if o == JOKER:
                return "another carriage (Lodz)"
            if A.at[o] == S.rome:
                return f"another carriage (the {S.names[o]} carriage is in Rome)"
            return f"the {S.names[o]} carriage"

        times: dict = {}                # a carriage owed twice moves twice: named once, with its count
        for o in owed:
            times[owes(o)] = times.get(owes(o), 0) + 1
        k = len(owed)
        say(f"{k} card{'s' if k != 1 else ''} of the route without a new house: {s.names[s.turn_owner]} moves "
            + moves_text(times) + ".")

    def _move(self, s, c: int, to: int) -> MoveCarriage:
        key = (id(s.board), c, to)
        a = self._moves.get(key)
        if a is None:
            S = strip(s.board)
            a = self._moves[key] = MoveCarriage(S.carriages[c], S.map.cities[to].id,
                                                (S.names[c], S.map.cities[to].name))
        return a

    def legal_move(self, s) -> list:
        A = audience(s)
        S = strip(s.board)
        return [self._move(s, c, to) for c in movable(s, A) for to in S.south[A.at[c]]]

    def forced_move(self, s, say):
        """Nothing owed: done; every carriage in Rome: the steps owed are void; one legal move: made for him."""
        A = audience(s)
        if not A.owed:
            return DONE
        if not movable(s, A):
            s.set_ext(NAME, A._replace(owed=()))
            forced_event(s, "carriages_all_in_rome", say, "Every carriage is in Rome: no carriage can move.")
            return DONE
        legal = self.legal_move(s)
        if len(legal) == 1:
            a = legal[0]
            forced_event(s, "carriage_moved", None)
            S = strip(s.board)
            return self.do_move(s, (S.carriage(a.carriage), S.map.index(a.to)), a, say)
        return None

    def check_move(self, s, a):
        if s.step != MOVE:
            if s.step == SEAL:
                return None, IllegalAction("seal_first", "First seal your clergymen in the carriages.", a, R_PREP)
            return None, IllegalAction("no_carriage_owed", "A carriage moves only after a route is scored, one city "
                                       "for each card of the route on which no house was placed.", a, R_MOVE)
        S = strip(s.board)
        A = audience(s)
        try:
            c = S.carriage(a.carriage)
            to = S.map.index(a.to)
        except ValueError as e:
            return None, IllegalAction("unknown_name", str(e), a, R_MOVE)
        name = S.names[c]
        if A.at[c] == S.rome:
            return None, IllegalAction("carriage_in_rome", f"The {name} carriage is in Rome already; move another "
                                       f"carriage for its card.", a, R_MOVE)
        if c not in movable(s, A):
            owed = sorted({S.names[o] for o in A.owed if o != JOKER})
            return None, IllegalAction("carriage_not_owed", f"No card of your route moves the {name} carriage: you "
                                       f"owe a step of the {' and the '.join(owed)} carriage"
                                       f"{'s' if len(owed) > 1 else ''}.", a, R_MOVE)
        here = A.at[c]
        if to not in S.south[here]:
            exits = " or ".join(S.city_name(j) for j in S.south[here])
            where = S.city_name(here)
            if S.map.has_road(where, S.city_name(to)):
                why = f"{S.city_name(to)} lies north of {where}: carriages move south only; go on to {exits}."
                return None, IllegalAction("not_south", why, a, R_MOVE)
            why = (f"{where} has no road to {S.city_name(to)}: a carriage moves one city along a road; the {name} "
                   f"carriage goes on to {exits}.")
            return None, IllegalAction("no_road", why, a, R_MOVE)
        return (c, to), None

    def do_move(self, s, arg, action, say):
        c, to = arg
        S = strip(s.board)
        A = audience(s)
        frm = A.at[c]
        owed = list(A.owed)
        if c in owed:
            owed.remove(c)
        else:
            owed.pop(next(i for i, o in enumerate(owed) if o == JOKER or A.at[o] == S.rome))
        at = A.at[:c] + (to,) + A.at[c + 1:]
        A = A._replace(at=at, owed=tuple(owed))
        if say is not None:
            say(f"{s.names[s.to_move]} moves the {S.names[c]} carriage from {S.city_name(frm)} to {S.city_name(to)}.")
        s.set_ext(NAME, A)
        if to == S.rome:
            self._arrive(s, c, say)
        return DONE if not audience(s).owed else MOVE

    def _arrive(self, s, c: int, say) -> None:
        """The carriage's tiles turned over onto the audience spaces by rank; the tiles of a rank already there go
        back to the box (A carriage arrives in Rome)."""
        A = audience(s)
        T = list(s.ext[TILES])
        C = clergy()
        S = strip(s.board)
        spaces = list(A.spaces)
        box = list(A.box)
        brought = {}
        for seat, mine in enumerate(T):
            if mine is None or not mine[c]:
                continue
            brought.setdefault(mine[c], []).append(seat)
            T[seat] = mine[:c] + (0,) + mine[c + 1:]
        removed = []
        for rank, seats in sorted(brought.items()):
            k = C.ranks.index(rank)
            for old in spaces[k]:
                box.append((old, rank))
                removed.append((old, rank))
            spaces[k] = tuple(seats)
        s.set_ext(TILES, tuple(T))
        s.set_ext(NAME, A._replace(spaces=tuple(spaces), box=tuple(box), arrived=A.arrived + (c,)))
        if say is not None:
            came = "; ".join(f"{C.name(r)}: " + ", ".join(s.names[x] for x in seats)
                             for r, seats in sorted(brought.items(), reverse=True)) or "nobody"
            line = f"The {S.names[c]} carriage arrives in Rome and its clergymen go to the audience ({came})."
            if removed:
                line += " They take the places of " + ", ".join(f"{s.names[x]}'s {C.name(r)}" for x, r in removed) \
                        + ", who go back to the box."
            say(line)

    # -- the end ---------------------------------------------------------------------------------------------------
    def score(self, s, seat) -> dict:
        """Each tile on an audience space adds its points to its owner's score (Game end)."""
        return {"clergymen": points_in_rome(s, seat)}

    def redeal(self, s, seat, rng) -> None:
        """Another player's tiles still sealed are dealt again among his carriages not yet in Rome: the viewer knows
        which ranks are left to him (each player has one of each, less those revealed in Rome), never where they
        are. Read from what lies open only (who has sealed, the carriages in Rome, the spaces and the box), never
        from the tiles themselves: the same for every truth the viewer cannot tell apart, and it fills a view whose
        hidden tiles are None (a hidden view dealt by ``determinize``)."""
        T = list(s.ext[TILES])
        A = audience(s)
        rome = strip(s.board).rome
        C = clergy()
        road = [c for c in range(len(A.at)) if A.at[c] != rome]
        shown: dict = {}
        for k, seats in enumerate(A.spaces):
            for x in seats:
                shown.setdefault(x, []).append(C.ranks[k])
        for x, r in A.box:
            shown.setdefault(x, []).append(r)
        done = sealed_seats(s)
        for i in range(len(T)):
            if i == seat or i not in done:
                continue
            ranks = sorted(set(C.ranks) - set(shown.get(i, ())))
            rng.shuffle(ranks)
            new = [0] * len(A.at)
            for c, r in zip(road, ranks):
                new[c] = r
            T[i] = tuple(new)
        s.set_ext(TILES, tuple(T))

    def parse(self, text):
        return parse_audience(text)

    def printed_names(self, state) -> dict:
        """The carriages and the Rome strip's cities by their names as printed (The Audience, components), for the
        words a learner types ("carriage Württemberg-Hohenzollern Bologna")."""
        try:
            S = strip(state.board)
        except (BoardDataError, ValueError, KeyError):
            return {}
        out = dict(zip(S.carriages, S.names))
        out.update((c.id, c.name) for c in S.map.cities)
        return out

    def player_extras(self, s, seat) -> dict:
        """The clergymen in front of the player: his sealed tiles as the viewer may see them ("Kardinal in Baden",
        None where hidden) and his points in Rome (The Audience)."""
        mine = s.ext[TILES][seat]
        C = clergy()
        S = strip(s.board)
        sealed = None if mine is None else tuple(f"{C.name(r)} in {S.names[c]}" for c, r in enumerate(mine) if r)
        return {"sealed": sealed, "in_rome": points_in_rome(s, seat)}

    # -- positions -------------------------------------------------------------------------------------------------
    def dump(self, A: Audience) -> dict:
        return {"at": list(A.at), "spaces": [list(x) for x in A.spaces], "box": [list(x) for x in A.box],
                "arrived": list(A.arrived), "owed": list(A.owed)}

    def load(self, data) -> Audience:
        """The engine's numbers (``at``, ``spaces``, ``box``, ``arrived``, ``owed``), each size bounded; checked
        against the board and the players by :meth:`check_loaded`."""
        if not isinstance(data, dict):
            raise PositionError("ext.audience should be an object with at, spaces, box, arrived, owed.")
        unknown = set(data) - {"at", "spaces", "box", "arrived", "owed"}
        if unknown:
            raise PositionError(f"ext.audience has unknown fields {sorted(map(str, unknown))[:5]}.")

        def ints(v, what, high, lo=0, n=None, most=None):
            if not isinstance(v, list) or len(v) > (most or 200) or (n is not None and len(v) != n) or not all(
                    isinstance(x, int) and not isinstance(x, bool) and lo <= x <= high for x in v):
                raise PositionError(f"ext.audience.{what} should be a list of whole numbers from {lo} to {high}"
                                    + (f", {n} of them" if n is not None else f", at most {most}" if most else "")
                                    + ".")
            return tuple(v)

        at = ints(data.get("at"), "at", MAX_STRIP, n=5)
        sp = data.get("spaces", [[]] * 5)
        if not isinstance(sp, list) or len(sp) != 5:
            raise PositionError("ext.audience.spaces should list 5 audience spaces (ranks 1 to 5).")
        spaces = tuple(ints(x, "spaces", 3, most=4) for x in sp)
        box = data.get("box", [])
        if not isinstance(box, list) or len(box) > MAX_BOX:
            raise PositionError(f"ext.audience.box should list at most {MAX_BOX} [seat, rank] pairs.")
        box = tuple(ints(x, "box", 5, n=2) for x in box)
        if any(r < 1 or seat > 3 for seat, r in box):
            raise PositionError("ext.audience.box lists [seat, rank] pairs: a seat from 0 to 3, a rank from 1 to 5.")
        return Audience(at, spaces, box, ints(data.get("arrived", []), "arrived", 4, most=5),
                        ints(data.get("owed", []), "owed", 4, lo=-1, most=MAX_OWED))

    def dump_position(self, s, A: Audience) -> dict:
        """The strip as a position writes it: carriages at city names, the spaces and the box by names."""
        S = strip(s.board)
        C = clergy()
        out = {"carriages": {S.carriages[c]: S.city_name(i) for c, i in enumerate(A.at)},
               "spaces": {C.name(r): [s.names[x] for x in A.spaces[k]] for k, r in enumerate(C.ranks)},
               "box": [[s.names[x], C.name(r)] for x, r in A.box],
               "arrived": [S.carriages[c] for c in A.arrived]}
        if A.owed:
            out["owed"] = ["any" if o == JOKER else S.carriages[o] for o in A.owed]
        return out

    def load_position(self, s, data) -> Audience:
        """Names (``carriages``: id -> city; ``spaces``: clergyman -> player names; ``box``: [player, clergyman]
        pairs; ``arrived``: carriages; ``owed``: carriages or "any") or the engine's numbers (``at``, …). A carriage
        left out stands on its start."""
        if isinstance(data, dict) and "at" in data:
            return self.load(data)
        if not isinstance(data, dict):
            raise PositionError("ext.audience should be an object with carriages, spaces, box, arrived, owed.")
        unknown = set(data) - {"carriages", "spaces", "box", "arrived", "owed"}
        if unknown:
            raise PositionError(f"ext.audience has unknown fields {sorted(map(str, unknown))[:5]}.")
        S = strip(s.board)
        C = clergy()

        def seat(name):
            try:
                return s.seat(name)
            except (ValueError, KeyError, IndexError, TypeError):
                raise PositionError(f"ext.audience names a player {str(name)[:40]!r} who is not in the game.") from None

        def listed(key, most):
            v = data.get(key) or []
            if not isinstance(v, list) or len(v) > most:
                raise PositionError(f"ext.audience.{key} should be a list of at most {most} entries.")
            return v

        try:
            raw = data.get("carriages") or {}
            if not isinstance(raw, dict) or len(raw) > 5:
                raise PositionError("ext.audience.carriages should map each carriage to its city (5 at most).")
            at = list(S.starts[2 if s.num_players == 2 else 3])
            for k, v in raw.items():
                at[S.carriage(k)] = S.map.index(v)
            raw = data.get("spaces") or {}
            if not isinstance(raw, dict) or len(raw) > 5:
                raise PositionError("ext.audience.spaces should map each clergyman to the players whose tiles lie on "
                                    "his space.")
            spaces = [()] * 5
            given = set()
            for k, v in raw.items():
                if not isinstance(v, list) or len(v) > 4:
                    raise PositionError("ext.audience.spaces: each space lists at most 4 players.")
                r = _rank(k)
                if r in given:
                    raise PositionError(f"ext.audience.spaces gives the {C.name(r)}'s space twice.")
                given.add(r)
                spaces[C.ranks.index(r)] = tuple(seat(x) for x in v)
            box = []
            for x in listed("box", MAX_BOX):
                if not (isinstance(x, list) and len(x) == 2):
                    raise PositionError(f"ext.audience.box lists [player, clergyman] pairs, not {str(x)[:40]}.")
                box.append((seat(x[0]), _rank(x[1])))
            arrived = tuple(S.carriage(c) for c in listed("arrived", 5))
            owed = tuple(JOKER if o == "any" else S.carriage(o) for o in listed("owed", MAX_OWED))
        except PositionError:
            raise
        except ValueError as e:
            raise PositionError(f"ext.audience: {e}") from None
        return Audience(tuple(at), tuple(spaces), tuple(box), arrived, owed)

    def check_loaded(self, s) -> None:
        """What play can never give (each refused with a PositionError naming it): a carriage off the strip or where
        no road south from its start leads; the carriages arrived other than those in Rome; a tile both sealed and
        on a space (or in the box), a clergyman missing or twice; a sealed tile in a carriage in Rome, or none in a
        carriage on the road; a player who has not sealed after the seal step; steps owed outside the carriage
        step."""
        S = strip(s.board)
        A = audience(s)
        C = clergy()
        n, cities = s.num_players, len(S.map.cities)
        if len(A.at) != 5 or any(not 0 <= i < cities for i in A.at):
            raise PositionError("ext.audience: every carriage stands on a city of the Rome strip.")
        starts = S.starts[2 if n == 2 else 3]
        for c, (start, here) in enumerate(zip(starts, A.at)):
            if here not in _reach(S, start):
                raise PositionError(f"ext.audience: the {S.names[c]} carriage stands in {S.city_name(here)}, which "
                                    f"no road south from its start {S.city_name(start)} reaches ({R_MOVE}).")
        in_rome = {c for c in range(5) if A.at[c] == S.rome}
        if set(A.arrived) != in_rome or len(A.arrived) != len(set(A.arrived)):
            raise PositionError("ext.audience: the carriages arrived are those in Rome, each once "
                                f"(in Rome: {', '.join(S.names[c] for c in sorted(in_rome)) or 'none'}).")
        for k, seats in enumerate(A.spaces):
            if any(not 0 <= x < n for x in seats) or len(set(seats)) != len(seats):
                raise PositionError(f"ext.audience.spaces: the {C.name(C.ranks[k])}'s space lists each player of the "
                                    f"game at most once (a player has one {C.name(C.ranks[k])}).")
        if any(not 0 <= x < n for x, _ in A.box) or any(r not in C.ranks for _, r in A.box):
            raise PositionError("ext.audience.box names a player who is not in the game, or no clergyman.")
        if A.owed and not (s.step == MOVE or any(step == MOVE for _, step in s.interruptions)):
            raise PositionError("ext.audience.owed: carriage steps are owed only in the carriage step, right after "
                                f"a route is scored ({R_MOVE}).")
        T = s.ext.get(TILES)
        if not isinstance(T, tuple) or len(T) != n:
            raise PositionError(f"ext.{TILES} should hold one entry per player ({n}).")
        done = sealed_seats(s)
        for seat, mine in enumerate(T):
            who = f"ext.{TILES}[{seat}] ({s.names[seat]})"
            if mine is None:
                if seat in done:
                    raise PositionError(f"{who}: his clergymen are sealed at the start of the game; give a rank for "
                                        f"each carriage ({R_PREP}).")
                continue
            if seat not in done:
                raise PositionError(f"{who}: he has not sealed yet (the seal step waits for him): null.")
            if not isinstance(mine, tuple) or len(mine) != 5 or not all(
                    isinstance(r, int) and not isinstance(r, bool) and 0 <= r <= 5 for r in mine):
                raise PositionError(f"{who} should give a rank from 1 to 5 (or 0 once in Rome) for each of the 5 "
                                    f"carriages, west to east.")
            for c in range(5):
                if bool(mine[c]) == (c in in_rome):
                    raise PositionError(f"{who}: the {S.names[c]} carriage "
                                        + ("is in Rome and carries no sealed tile (0)." if c in in_rome else
                                           "is on the road and carries one of his tiles."))
            sealed = [r for r in mine if r]
            shown = [C.ranks[k] for k in range(5) if seat in A.spaces[k]] + [r for x, r in A.box if x == seat]
            if sorted(sealed + shown) != sorted(C.ranks):
                raise PositionError(f"{who}: his 5 clergymen should be sealed, on a space or in the box, each once "
                                    f"(a tile both sealed and revealed, or one missing).")
        if len(done) < n and (A.at != starts or any(A.spaces) or A.box or A.arrived or A.owed):
            raise PositionError(f"ext.audience: the carriages leave their starts only after every player has sealed "
                                f"his clergymen ({R_PREP}).")


def _reach(S: Strip, start: int) -> set:
    """The strip cities a carriage reaches from ``start`` going south (start included)."""
    seen, todo = {start}, [start]
    while todo:
        for j in S.south[todo.pop()]:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    return seen


def seal_words(s, action) -> str:
    """A seal in words, carriages named: "Kardinal in Baiern, Bischof in Baden, ..." (highest first)."""
    if action.pairs:
        return str(action)
    S = strip(s.board)
    C = clergy()
    return ", ".join(f"{C.name(r)} in {S.names[c]}" for r, c in sorted(((r, c) for c, r in enumerate(action.ranks)
                                                                       if r in C.ranks), reverse=True))


def move_words(s, action) -> str:
    """A move's button words: "Baiern → Trient"."""
    S = strip(s.board)
    try:
        return f"{S.names[S.carriage(action.carriage)]} → {S.map.city(action.to).name}"
    except ValueError:
        return str(action)


__all__ = ["Seal", "MoveCarriage", "Audience", "TheAudience", "audience", "tiles", "strip", "clergy", "moves_for",
           "movable", "points_in_rome"]
