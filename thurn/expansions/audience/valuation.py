"""The bots' valuation of The Audience (:class:`thurn.bots.valuation.Valuation`): the clergymen's expected points at the
game's end, from what the player knows (his own sealed tiles; of the others only the ranks still sealed, never where).

**The outlook** (:func:`outlook`). A carriage not yet in Rome is ``d`` steps from Rome (``strip.to_rome``: the
fewest); carriages move when routes are scored without houses (The Audience, Moving the carriages), about
:data:`RATE` ``* players`` steps a round among the five, each carriage's share growing with the cities of its group
on the board (Baiern's eight move it most). A carriage's arrival time is read as a Gamma(``d``) time at its rate
(one step after another), and it arrives when that time falls before the game's end, :func:`rounds_left` rounds
away. From :data:`SCENARIOS` fixed draws: the chance each carriage arrives, and the chance that another arrives after
it (cached by the distances and the rounds left).

**The points** (:func:`expected`). A tile scores when its carriage arrives and no carriage arriving later brings a
tile of the same rank (A carriage arrives in Rome: the tiles already there go back to the box; Game end). For each
player: the tiles on the audience spaces, each surviving the carriages still to come, and the tiles still sealed,
each arriving and then surviving those after it. Another player's tiles unknown (a view shows ``None``) are his ranks
still sealed spread evenly over his carriages not in Rome; known (the player's own, or a sampled position of the
search bot) they are read as they are.

**The decisions** (GreedyBot, and through it the search bot's ranking and rollouts):

- **seal** (Preparation): the 120 orders valued by the sum of each tile's expected points, rank by carriage; with the
  others' tiles unknown the points are linear in the ranks, so the highest rank goes to the carriage most likely to
  arrive and stay; with the tiles sealed before his known (a bot handed the true tiles, a sampled position) each tile
  counts by the margin it leaves: not where another's same rank comes later, rather where it comes later to box his;
- **carriage** (Moving the carriages): the carriage and road that leave the best expected points, the player's own
  less the mean of the others', looking through the steps he still owes (a carriage brought to Rome now arrives
  first; the tiles it turns over are those the player expects);
- **score** (Moving the carriages): each placement's houses (the base values) plus what the carriage steps it owes
  (:func:`thurn.expansions.audience.rules.moves_for`) are worth, each step made as the carriage step would make it.

The search bot's leaf counts the clergymen on the audience spaces as points (the score item) and the rest of the
expected points as a credit; at the game's end only the score item counts.
"""
from __future__ import annotations

import random

from ...bots.valuation import Valuation
from . import rules as au

#: Carriage steps a round, per player at the table. Measured with greedy bots: 0.83, 1.30, 1.57 steps a round at 2,
#: 3, 4 players (about 0.4 a player); the bots bring home the carriages that carry their high clergymen (the steps
#: gather on a few), and 0.7 played best against the bot without this valuation (BENCHMARKS.md, Issue 25).
RATE = 0.7
#: How many fixed draws of the arrival times the outlook averages.
SCENARIOS = 64
#: The rounds a game lasts (measured: about 21 at 2 to 4 players) and the rounds per house left of the closest player.
ROUNDS = 21.5
PER_HOUSE = 0.9
#: How the greedy bot seals (``"model"``: the outlook; ``"near"``: the highest rank nearest Rome; ``"far"``: the
#: highest rank farthest from Rome; ``"random"``: any); kept for the measurements of BENCHMARKS.md.
SEAL = "model"
#: The seal values each rank in each carriage by itself (off: one worth a point per carriage, the ranks' risks
#: averaged). The same for a player who does not know the others' tiles; one who knows them (a bot handed the true
#: tiles, the search bot's samples) avoids the carriages that arrive before those carrying the others' same ranks.
SEAL_BY_RANK = True
#: When the others' tiles are known (sealed before and handed to the player), the seal values each tile by the
#: margin it leaves (his expected points less the others'): a tile that boxes another's same rank counts too.
SEAL_AGAINST = True
#: The seal is secret (Preparation: "secretly"): an order always the same would be read by whoever saw one game's
#: end. A bot draws its seal from its own seeded generator among the orders worth at most this many expected points
#: less than the best (8, 21 and 28 of the 120 orders at 2, 3 and 4 players at the start); 0: always the best.
#: Its cost is measured in BENCHMARKS.md ("Issue 33: bots' secret choices").
SECRET_TOLERANCE = 0.2
#: Off: the greedy bot without this valuation (every seal and carriage step alike, placements by houses only).
ENABLED = True
#: How many steps owed the carriage step looks through (the first move and this many more).
LOOKAHEAD = 1
#: The placements at scoring valued with the carriage steps they owe (off: by their houses alone).
PLACEMENTS = True
#: Against whom a move is valued: the others' ``"mean"`` expected points, or the ``"max"``.
AGAINST = "mean"

_CLERGY: list = []
_STRIP: dict = {}
_OUT: dict = {}          # (distances, rates key, rounds) -> (arrive, after)
_DRAWS: list = []


def _clergy():
    if not _CLERGY:
        C = au.clergy()
        _CLERGY.append((C.ranks, {r: C.value(r) for r in C.ranks}))
    return _CLERGY[0]


def _strip(board):
    """The strip and each carriage's share of the steps (cities of its group on the board, to the power 0.4)."""
    hit = _STRIP.get(id(board))
    if hit is None or hit[0] is not board:
        S = au.strip(board)
        counts = [sum(1 for k in S.carriage_of if k == c) for c in range(len(S.carriages))]
        w = [max(1, k) ** 0.4 for k in counts]
        total = sum(w)
        hit = _STRIP[id(board)] = (board, S, tuple(x / total for x in w))
    return hit[1], hit[2]


def _draws():
    """Fixed draws: per scenario and carriage, 16 exponential times (a Gamma(d) time is the sum of the first d)."""
    if not _DRAWS:
        rng = random.Random(25)
        table = []
        for _ in range(SCENARIOS):
            row = []
            for _c in range(5):
                acc, sums = 0.0, [0.0]
                for _j in range(16):
                    acc += rng.expovariate(1.0)
                    sums.append(acc)
                row.append(sums)
            table.append(row)
        _DRAWS.append(table)
    return _DRAWS[0]


def rounds_left(s) -> float:
    """About how many rounds the game has left (measured: about :data:`ROUNDS` in all, and no more than
    :data:`PER_HOUSE` a house left of the player closest to his last house); half a round on the last one (Game end
    and Scoring: the round is finished)."""
    n = s.num_players
    if s.end_by is not None:
        return 0.5
    h = min(p.houses_left for p in s.players)
    return max(0.5, min(ROUNDS - s.turns / n, PER_HOUSE * h + 1.0))


def outlook(dist: tuple, shares: tuple, n: int, rounds: float):
    """``(arrive, after)``: the chance that each carriage arrives before the end (``dist``: its steps to Rome, None
    when in Rome already), and ``after[c][k]``: the chance that carriage ``k`` arrives after ``c``, given that ``c``
    arrives. Counted over :data:`SCENARIOS` fixed draws (:class:`Clock`); cached."""
    key = (dist, shares, n, rounds, RATE)
    hit = _OUT.get(key)
    if hit is not None:
        return hit
    clock = _clock(shares, n)
    m = len(dist)
    arrive = [0.0] * m
    after = [[0.0] * m for _ in range(m)]
    ons, on = clock.ons, []
    for c, d in enumerate(dist):
        if d is None:
            on.append(0)
        else:
            got = ons.get((c, d, rounds))
            on.append(clock.on(c, d, rounds) if got is None else got)
    arriving = [c for c in range(m) if on[c]]       # (a carriage that arrives in no draw: 0 after any)
    scenarios, laters = clock.scenarios, clock.laters
    for c in arriving:
        oc, dc = on[c], dist[c]
        a = float(oc.bit_count())
        ac = after[c]
        for k in arriving:
            if k != c:                              # (never after itself: 0)
                dk = dist[k]
                later = laters.get((c, dc, k, dk))
                if later is None:
                    later = clock.later(c, dc, k, dk)
                ac[k] = (oc & on[k] & later).bit_count() / a
        arrive[c] = a / scenarios
    hit = (tuple(arrive), tuple(tuple(r) for r in after))
    if len(_OUT) > 50_000:
        _OUT.clear()
    _OUT[key] = hit
    return hit


class Clock:
    """The carriages' arrival times in the :data:`SCENARIOS` fixed draws, at a table of ``n`` players on a strip
    whose carriages take ``shares`` of the steps: carriage ``c`` at ``d`` steps from Rome arrives at the Gamma(``d``)
    draw over its rate (``RATE * n * share``; at once when ``d`` is 0). A set of draws is a bit mask (bit ``i``:
    draw ``i``): the draws in which a carriage arrives within the rounds left (:meth:`on`) and those in which one
    arrives after another (:meth:`later`: a later time, or the same time and a higher carriage number), each
    counted once and kept."""

    __slots__ = ("rates", "scenarios", "times", "ons", "laters")

    def __init__(self, shares: tuple, n: int):
        self.rates = tuple(RATE * n * sh for sh in shares)
        self.scenarios = len(_draws())
        self.times: dict = {}       # (c, d) -> the arrival time in each draw
        self.ons: dict = {}         # (c, d, rounds) -> the draws in which it arrives
        self.laters: dict = {}      # (c, d, k, e) -> the draws in which k (at e steps) arrives after c (at d)

    def time(self, c: int, d: int) -> tuple:
        t = self.times.get((c, d))
        if t is None:
            if d == 0:
                t = (0.0,) * self.scenarios
            else:
                rate, j = self.rates[c], min(d, 16)
                t = tuple(row[c][j] / rate for row in _draws())
            self.times[(c, d)] = t
        return t

    def on(self, c: int, d: int, rounds: float) -> int:
        key = (c, d, rounds)
        hit = self.ons.get(key)
        if hit is None:
            hit = 0
            for i, t in enumerate(self.time(c, d)):
                if t <= rounds:
                    hit |= 1 << i
            self.ons[key] = hit
        return hit

    def later(self, c: int, d: int, k: int, e: int) -> int:
        key = (c, d, k, e)
        hit = self.laters.get(key)
        if hit is None:
            hit = 0
            if k != c:
                tie = k > c
                for i, (x, y) in enumerate(zip(self.time(c, d), self.time(k, e))):
                    if y > x or (tie and y == x):
                        hit |= 1 << i
            self.laters[key] = hit
        return hit


_CLOCKS: dict = {}       # (shares, players, RATE) -> Clock


def _clock(shares: tuple, n: int) -> Clock:
    key = (shares, n, RATE)
    hit = _CLOCKS.get(key)
    if hit is None:
        if len(_CLOCKS) > 64:
            _CLOCKS.clear()
        hit = _CLOCKS[key] = Clock(shares, n)
    return hit


def _revealed(A, seat: int) -> set:
    """The ranks of ``seat`` turned over already (on a space or in the box)."""
    ranks, _ = _clergy()
    out = {r for k, r in enumerate(ranks) if seat in A.spaces[k]}
    out.update(r for x, r in A.box if x == seat)
    return out


_KNOW: dict = {}         # (tiles, spaces, box, arrived, n) -> each seat's terms (see _terms)


def _terms(A, tiles, n: int, m: int):
    """What the points of each seat are made of, from what is known of the tiles (the same for every place of the
    carriages): per seat, ``(spaces, sealed)``: ``spaces`` = [(points, [(carriage, chance it brings that rank from
    another player)])] of his tiles on the audience spaces; ``sealed`` = [(carriage, chance times points, [(other
    carriage, chance)])] of his tiles still sealed. Cached."""
    key = (tiles, A.spaces, A.box, A.arrived, n, m)
    hit = _KNOW.get(key)
    if hit is not None:
        return hit
    ranks, value = _clergy()
    inrome = set(A.arrived)
    open_ = [c for c in range(m) if c not in inrome]
    # p[j][c]: {rank: chance} of player j's tile in carriage c still sealed
    p = []
    for j in range(n):
        mine = tiles[j]
        row = [None] * m
        if mine is not None:
            for c in open_:
                if mine[c]:
                    row[c] = {mine[c]: 1.0}
        else:
            gone = _revealed(A, j)
            left = [r for r in ranks if r not in gone]
            if left:
                q = 1.0 / len(left)
                for c in open_[:len(left)]:
                    row[c] = {r: q for r in left}
        p.append(row)
    # holders[c][r]: [(player, chance)] of the players whose tile in carriage c may be of rank r, in seat order
    holders = [{} for _ in range(m)]
    for j in range(n):
        for c in open_:
            d = p[j][c]
            if d:
                hc = holders[c]
                for r, q in d.items():
                    if q:
                        hc.setdefault(r, []).append((j, q))
    out = []
    for i in range(n):
        # risks[r]: (c, the chance that carriage c brings a tile of rank r of another player), for each carriage
        # that may: 1 less the product over the other players of 1 less the chance (a player without the rank
        # in c adds a factor of exactly 1, left out)
        risks = {}
        for c in open_:
            for r, who in holders[c].items():
                miss = 1.0
                for j, q in who:
                    if j != i:
                        miss *= 1.0 - q
                if miss < 1.0:
                    risks.setdefault(r, []).append((c, 1.0 - miss))
        spaces = []
        for k, r in enumerate(ranks):
            if i in A.spaces[k]:
                spaces.append((value[r], tuple(risks.get(r, ()))))
        sealed = []
        for c in open_:
            d = p[i][c]
            if d:
                for r, q in d.items():
                    sealed.append((c, q * value[r], tuple(x for x in risks.get(r, ()) if x[0] != c)))
        out.append((tuple(spaces), tuple(sealed)))
    out = tuple(out)
    if len(_KNOW) > 20_000:
        _KNOW.clear()
    _KNOW[key] = out
    return out


def expected(s, A=None, pending: tuple = (), tiles=None) -> tuple:
    """Each player's expected clergymen points at the end (see the module docstring). ``A``: the audience to read
    (default: the state's), with ``pending`` the carriages that reach Rome now in that order (their tiles not turned
    over yet: they arrive before every other); ``tiles``: the sealed tiles (default: the state's; None where
    unknown)."""
    if A is None:
        A = au.audience(s)
    if tiles is None:
        tiles = s.ext[au.TILES]
    return _reading(s, A, tiles).expected(A.at, pending)


class Reading:
    """What the expected points of one position are read from, whatever the carriages' places: the table, the rounds
    left, the strip, the carriages in Rome and what is known of the tiles (:func:`_terms`); and, kept with it, the
    expected points by the carriages' places and those reaching Rome now (:meth:`expected`), and the best margins
    the steps owed can reach (:func:`_best`). One is shared by every decision that reads the same (:func:`_reading`):
    the carriage steps and the placements move only the carriages."""

    __slots__ = ("board", "n", "rounds", "S", "shares", "m", "inrome", "terms", "memo", "best")

    def __init__(self, board, A, tiles, n: int, rounds: float):
        self.board, self.n, self.rounds = board, n, rounds
        self.S, self.shares = _strip(board)
        self.m = len(A.at)
        self.inrome = A.arrived
        self.terms = _terms(A, tiles, n, self.m)
        self.memo: dict = {}        # (at, pending) -> expected points per seat
        self.best: dict = {}        # (at, owed, pending, seat, depth, AGAINST) -> the best margin (see _best)

    def expected(self, at: tuple, pending: tuple) -> tuple:
        """Each player's expected points with the carriages at ``at`` and ``pending`` reaching Rome now."""
        key = (at, pending)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        m, inrome, to_rome = self.m, self.inrome, self.S.to_rome
        dist = tuple(None if (c in inrome or c in pending) else to_rome[at[c]] for c in range(m))
        arrive, after = outlook(dist, self.shares, self.n, self.rounds)
        if pending:
            arrive = list(arrive)
            after = [list(r) for r in after]
            open_ = [c for c in range(m) if c not in inrome]
            for i, c in enumerate(pending):
                arrive[c] = 1.0
                ac = after[c]
                for k in open_:
                    if k in pending:
                        ac[k] = 1.0 if pending.index(k) > i else 0.0
                    else:
                        ac[k] = arrive[k]
        out = []
        for spaces, sealed in self.terms:
            e = 0.0
            for v, risks in spaces:
                for c, x in risks:
                    v *= 1.0 - arrive[c] * x
                e += v
            for c, v, risks in sealed:
                a = arrive[c]
                if a:
                    v *= a
                    ac = after[c]
                    for k, x in risks:
                        v *= 1.0 - ac[k] * x
                    e += v
            out.append(e)
        out = tuple(out)
        if len(self.memo) > 2_048:
            self.memo.clear()
        self.memo[key] = out
        return out


_READINGS: dict = {}     # (arrived, spaces, box, tiles, players, rounds, board, RATE) -> Reading


def _reading(s, A, tiles) -> Reading:
    """The :class:`Reading` of the position ``s`` with the audience ``A`` and the tiles as known (``tiles``)."""
    n = s.num_players
    rounds = round(rounds_left(s) * 2) / 2
    key = (A.arrived, A.spaces, A.box, tiles, n, rounds, id(s.board), RATE)
    hit = _READINGS.get(key)
    if hit is None or hit.board is not s.board:
        if len(_READINGS) > 512:
            _READINGS.clear()
        hit = _READINGS[key] = Reading(s.board, A, tiles, n, rounds)
    return hit


def _hidden(s, seat: int):
    """The tiles as ``seat`` knows them: his own, the others' None (what a view shows him)."""
    T = s.ext[au.TILES]
    return tuple(t if i == seat else None for i, t in enumerate(T))


def _margin(e: tuple, seat: int) -> float:
    """``seat``'s expected points less the mean of the others'."""
    n = len(e)
    if n == 1:
        return e[0]
    if AGAINST == "max":
        return e[seat] - max(x for i, x in enumerate(e) if i != seat)
    return e[seat] - (sum(e) - e[seat]) / (n - 1)


# -- the carriage steps ----------------------------------------------------------------------------------------------

def _step(S, at: tuple, owed: tuple, pending: tuple, c: int, to: int):
    """``(at, owed, pending)`` after the carriage ``c`` moves to ``to``: the places, the steps still owed (as the
    rules take them off) and the carriages reaching Rome now."""
    i = owed.index(c) if c in owed else \
        next((i for i, o in enumerate(owed) if o == au.JOKER or at[o] == S.rome), None)
    if i is not None:
        owed = owed[:i] + owed[i + 1:]
    return at[:c] + (to,) + at[c + 1:], owed, (pending + (c,) if to == S.rome else pending)


def _options(S, at: tuple, owed: tuple):
    """The moves ``(c, to)`` open with the carriages at ``at`` and the steps ``owed`` (see audience.movable)."""
    rome = S.rome
    out_of_rome = [c for c in range(len(at)) if at[c] != rome]
    free = any(o == au.JOKER or at[o] == rome for o in owed)
    cs = out_of_rome if free else [c for c in out_of_rome if c in owed]
    return [(c, to) for c in cs for to in S.south[at[c]]]


_MOVES: dict = {}        # (board, carriage, city) of a MoveCarriage -> (carriage index, strip city index)


def _best(R: Reading, at: tuple, owed: tuple, pending: tuple, seat: int, depth: int) -> float:
    """The best margin reachable by making the steps ``owed`` (``depth`` more looked through, the rest one at a
    time), kept with the reading ``R``."""
    key = (at, owed, pending, seat, depth, AGAINST)
    hit = R.best.get(key)
    if hit is None:
        if len(R.best) > 2_048:
            R.best.clear()
        hit = R.best[key] = _best1(R, at, owed, pending, seat, depth)
    return hit


def _best1(R: Reading, at: tuple, owed: tuple, pending: tuple, seat: int, depth: int) -> float:
    if not owed:
        return _margin(R.expected(at, pending), seat)
    S = R.S
    opts = _options(S, at, owed)
    if not opts:
        return _margin(R.expected(at, pending), seat)
    if depth > 0:
        return max(_best(R, *_step(S, at, owed, pending, c, to), seat, depth - 1) for c, to in opts)
    # one step at a time: the best next step, then on
    best, nxt = None, None
    for c, to in opts:
        a2, o2, p2 = _step(S, at, owed, pending, c, to)
        v = _margin(R.expected(a2, p2), seat)
        if best is None or v > best:
            best, nxt = v, (a2, o2, p2)
    return _best(R, *nxt, seat, 0)


def carriage_values(ev, s, actions) -> list:
    """The carriage step (Moving the carriages): each move by the best margin the steps owed can then reach."""
    if not ENABLED:
        return [(0.0, a) for a in actions]
    A = au.audience(s)
    R = _reading(s, A, s.ext[au.TILES])
    S, seat = R.S, s.to_move
    out = []
    for a in actions:
        k = (id(s.board), a.carriage, a.to)
        ct = _MOVES.get(k)
        if ct is None:
            ct = _MOVES[k] = (S.carriage(a.carriage), S.map.index(a.to))
        c, to = ct
        v = _best(R, *_step(S, A.at, A.owed, (), c, to), seat, LOOKAHEAD - 1)
        out.append((v - 0.001 * S.to_rome[to], a))
    return out


def seal_values(ev, s, actions) -> list:
    """The seal step (Preparation): each order by the sum over its tiles of each one's expected points (the others'
    tiles as the player knows them); the margin it leaves when he knows tiles sealed before his."""
    seat = s.to_move
    if not ENABLED or SEAL == "random":
        return [(0.0, a) for a in actions]
    S, _ = _strip(s.board)
    A = au.audience(s)
    ranks, value = _clergy()
    if SEAL in ("near", "far"):
        d = [S.to_rome[i] for i in A.at]
        sign = -1.0 if SEAL == "near" else 1.0
        return [(sum(sign * d[c] * value[r] for c, r in enumerate(a.ranks)), a) for a in actions]
    T = s.ext[au.TILES]
    m = len(A.at)
    # q[c][r]: the player's expected points from his tile of rank r in carriage c (the others' tiles as he knows
    # them: unknown, the same risk for every rank; known, the risk of the very rank riding in a later carriage)
    against = SEAL_AGAINST and any(x is not None for i, x in enumerate(T) if i != seat)
    q = []
    for c in range(m):
        row = {}
        for r in ranks:
            mine = tuple(r if k == c else 0 for k in range(m))
            t = tuple(mine if i == seat else x for i, x in enumerate(T))
            e = expected(s, A, (), t)
            row[r] = _margin(e, seat) if against else e[seat]
        if SEAL_BY_RANK:
            q.append(row)
        else:
            w = sum(row[r] / value[r] for r in ranks) / len(ranks)
            q.append({r: w * value[r] for r in ranks})
    return [(sum(q[c][r] for c, r in enumerate(a.ranks)), a) for a in actions]


def values(ev, s, actions) -> list:
    if s.step == au.SEAL:
        return seal_values(ev, s, actions)
    return carriage_values(ev, s, actions)


def adjust(ev, s, values: list) -> list:
    """The score step (Moving the carriages): each placement plus what the carriage steps it owes bring, the steps
    made one at a time as the carriage step makes them."""
    if not ENABLED or not PLACEMENTS or s.step != "score" or au.TILES not in s.ext:
        return values
    p = s.players[s.to_move]
    if not p.route:
        return values
    A = au.audience(s)
    R = _reading(s, A, s.ext[au.TILES])
    seat = s.to_move
    base = None
    memo = {}
    out = []
    for v, a in values:
        if a.kind == "score":
            moves = au.moves_for(s.board, p.route, a.resolved & ~p.houses)
            if moves:
                key = tuple(sorted(moves))
                g = memo.get(key)
                if g is None:
                    if base is None:
                        base = _margin(R.expected(A.at, ()), seat)
                    g = memo[key] = _best(R, A.at, moves, (), seat, 0) - base
                v += g
        out.append((v, a))
    return out


def points(s, seat: int) -> float:
    """The clergymen on the audience spaces now (the score item, Game end)."""
    if au.NAME not in s.ext:
        return 0.0
    return float(au.points_in_rome(s, seat))


def credits(s, seat: int, w) -> float:
    """The expected clergymen points beyond those on the spaces now (nothing once the game is over)."""
    if not ENABLED or au.NAME not in s.ext or s.step == "over":
        return 0.0
    return expected(s)[seat] - au.points_in_rome(s, seat)


def as_mover(n, seat: int) -> None:
    return None


def secret(s) -> float | None:
    """The tolerance (points) of the step to move when its choice is secret — the seal (Preparation: each player
    "secretly" places his clergymen) —, else None: the bot draws among the choices within it (thurn.bots.greedy)."""
    return SECRET_TOLERANCE if s.step == au.SEAL else None


def quick(s, actions, rng):
    """For the search bot's ``quick`` rollouts: the greedy choice of the step."""
    vals = values(None, s, actions)
    top = max(v for v, _ in vals)
    best = [a for v, a in vals if v >= top - 1e-9]
    return best[rng.randrange(len(best))]


def reason(s, a) -> str | None:
    if a.kind == "seal":
        return "the highest clergymen in the carriages most likely to arrive in Rome and stay (The Audience, " \
               "Preparation)"
    if a.kind == "carriage":
        return "the move that leaves the best expected clergymen points against the others (The Audience, Moving " \
               "the carriages)"
    return None


class AudienceValuation(Valuation):
    """The Audience's valuation: its steps (sealing, moving a carriage), the clergymen's points and credits."""

    steps = (au.SEAL, au.MOVE)
    #: what a player-turn costs the search bot, against the base game's (tests/bench/turn_cost.py, BENCHMARKS.md "Issue
    #: 35: the levels' budgets"): the clergymen's outlook in every valuation of a position
    turn_cost = 1.8
    values = staticmethod(values)
    adjust = staticmethod(adjust)
    points = staticmethod(points)
    credits = staticmethod(credits)
    as_mover = staticmethod(as_mover)
    quick = staticmethod(quick)
    secret = staticmethod(secret)
    reason = staticmethod(reason)


PARTS = VALUATION = AudienceValuation()
