"""The lean playout: a yardstick for the engine's speed (issue 35), never a second engine.

A random game of the base game (base board, 2 to 4 players, the default rule options) written as plain, fast Python:
cities and hands as bit masks and small ints, each player's record in lists, the turn in one loop of local
variables. It takes the decisions the engine offers under random play (``legal_actions``, one uniform choice each,
:func:`thurn.bench.bench`), so that a player-turn here is the same amount of game as a player-turn of the engine:

- the draw (base rules, 1): the Administrator (a card face up) and the Postmaster before the first card, one
  choice per kind of card face up, the deck; the Postmaster again after one card; his compulsory help with an empty
  hand; the draw skipped when nothing is left to draw; the display refilled as soon as cards are back (rules notes);
- the play (2): each kind of card in hand at the left end, at the right end where it fits, or starting a new route
  (the old one discarded); the Postal Carrier's second card extends the route (rules notes R12);
- scoring or ending the turn (3a-3c): every placement of houses (option A or B, as many as the supply allows),
  each with the carriage taken, declined (R9) or taken with the Cartwright's help; the bonus tiles (3b, R2-R4);
  the end triggered by the last carriage or the last house (Game End); keeping 3 cards after scoring (3d, R11);
- a turn without any decision, a whole round and one more of them, ends the game (the engine's deadlock).

Every fact of the board (cities, roads, provinces, cards, face-up cards, houses, hand limit, bonus stacks and
carriages) is read from the board's data file once (:func:`lean_tables`); only the rules are written here, and
tests/bench/test_lean.py checks them against the engine's random play (player-turns per game, step by step the
decisions per turn and the actions each is chosen among, carriages, houses and tiles per game). No game, bot or app may use it (the import contracts in pyproject.toml: only the benchmark reads it): the
rules' one source of truth is :mod:`thurn.turn`.
"""
from __future__ import annotations

import random
from itertools import combinations, product
from typing import NamedTuple

from .board_file import load_board
from .rules import Rules

__all__ = ["LeanTables", "LeanGame", "lean_tables", "play", "placements", "keeps", "END_REASONS", "STEPS"]

#: Why a lean game ended: the last carriage taken, the last house placed (Game End), or a round without decisions.
END_REASONS = ("carriage", "houses", "deadlock")
#: The steps of a turn, as the engine names them (``state.step``): draw (1), play (2), score or end (3), keep (3d).
STEPS = ("draw", "play", "score", "keep")


class LeanGame(NamedTuple):
    """What a lean game played: its player-turns (``state.turn_number`` at the end), decisions (actions chosen), the
    actions they were chosen among (the lengths of the engine's ``legal_actions``, summed), why it ended
    (:data:`END_REASONS`), at the end the carriages taken, the houses placed and the bonus tiles' points, all players
    together, and the decisions and actions step by step."""

    turns: int
    decisions: int
    actions: int
    end: str
    carriages: int
    houses: int
    tiles: int
    steps: dict                 # step (:data:`STEPS`) -> (decisions, actions) in it


_OFFICIALS = ("administrator", "postmaster", "postal_carrier", "cartwright")     # the base game's four (1-3c)
_KINDS = ("route_length", "one_house_per_province", "all_cities", "game_end")   # the base board's stack kinds (3b)


class LeanTables:
    """A board's facts as the lean playout reads them: city bit masks, roads, provinces, the cards, the supply, the
    bonus stacks and the carriages, and the placements of houses found so far (a cache)."""

    __slots__ = ("board", "players", "cards", "face_up", "houses", "hand_limit", "min_route", "bit", "adj",
                 "province_of", "province_mask", "length_stacks", "house_stacks", "end_stacks", "stack_values",
                 "levels", "last_level", "carriage_copies", "placements", "keeps")

    def __init__(self, board):
        rules = Rules()
        if (rules.optional_houses or rules.all_provinces_includes_baiern or rules.carriage_compulsory
                or rules.hand_limit_at_most or rules.postal_carrier_may_restart):
            raise ValueError("the lean playout plays the default rule options (R1, R4, R9, R11, R12 off), and the "
                             "defaults have changed: change thurn/lean.py with them")
        if board.free_cities:
            raise ValueError(f"the lean playout plays the base board, whose cities all lie in provinces; "
                             f"{board.name} has free cities")
        if set(board.official_ids) != set(_OFFICIALS):
            raise ValueError(f"the lean playout knows the base game's officials ({', '.join(_OFFICIALS)}), not "
                             f"{', '.join(board.official_ids)}")
        if len(set(board.kind_of)) != len(board.cities):
            raise ValueError(f"the lean playout plays cards that are their city alone; the copies of a city differ on "
                             f"{board.name}")
        kinds = {st.kind for st in board.stacks}
        if not kinds <= set(_KINDS):
            raise ValueError(f"the lean playout knows the base board's bonus stacks ({', '.join(_KINDS)}), not "
                             f"{', '.join(sorted(kinds - set(_KINDS)))}")
        n = len(board.cities)
        self.board = board
        self.players = board.players
        self.cards = tuple(board.city_of)               # a card is its city: the base game's copies are alike
        self.face_up = board.face_up
        self.houses = board.houses
        self.hand_limit = board.hand_limit
        self.min_route = board.min_route
        self.bit = tuple(1 << c for c in range(n))
        self.adj = board.adj
        self.province_of = board.province_of
        self.province_mask = board.province_mask
        self.stack_values = tuple(st.values for st in board.stacks)
        # the route's tile: the longest stack its length reaches, falling back to shorter ones (3b, R2, R3)
        self.length_stacks = tuple((st.length, st.index) for st in sorted(
            (st for st in board.stacks if st.kind == "route_length"), key=lambda st: (-st.length, st.index)))
        # then the tiles of houses, in board order, once a player: (stack, the cities that all need a house, the
        # provinces that each need one)
        tests = []
        for st in board.stacks:
            if st.kind == "one_house_per_province":         # a house in every province but those left out (R4)
                tests.append((st.index, 0, tuple(board.province_mask[i] for i, p in enumerate(board.provinces)
                                                 if p.id not in st.except_provinces)))
            elif st.kind == "all_cities":                   # a house on every city of its provinces
                need = 0
                for i, p in enumerate(board.provinces):
                    if p.id in st.provinces:
                        need |= board.province_mask[i]
                tests.append((st.index, need, ()))
        self.house_stacks = tuple(tests)
        self.end_stacks = tuple(st.index for st in board.stacks if st.kind == "game_end")
        self.levels = board.carriage_levels
        self.last_level = board.carriage_levels[-1]
        self.carriage_copies = tuple(c.copies for c in board.carriages)
        self.placements: dict = {}
        self.keeps: dict = {}


_TABLES: dict = {}


def lean_tables(board: str = "base") -> LeanTables:
    """The lean playout's tables of ``board`` (read once, then kept)."""
    t = _TABLES.get(board)
    if t is None:
        t = _TABLES[board] = LeanTables(load_board(board))
    return t


def _bits(mask: int) -> list:
    out = []
    while mask:
        b = mask & -mask
        out.append(b.bit_length() - 1)
        mask ^= b
    return out


def placements(t: LeanTables, rmask: int, owned: int, cap: int) -> tuple:
    """Every placement of houses (city masks) scoring a route of the cities ``rmask`` allows (base rules, 3a): one
    house in one city of each province of the route (option A), or in every city of one province of it (option B),
    skipping the cities with the player's house (``owned``; a province with them all: no house, R10); with ``cap``
    houses left, any ``cap`` of an option's cities. Cached."""
    key = (rmask, owned, cap)
    hit = t.placements.get(key)
    if hit is not None:
        return hit
    groups: dict = {}
    provinces = set()
    for c in _bits(rmask):
        p = t.province_of[c]
        provinces.add(p)
        if not owned >> c & 1:
            groups[p] = groups.get(p, 0) | 1 << c
    options = [sum(1 << c for c in choice) for choice in product(*[_bits(g) for g in groups.values()])] \
        if groups else [0]
    options.extend(groups.values())
    if len(provinces) > len(groups):
        options.append(0)
    found = set()
    for m in options:
        if m.bit_count() > cap:
            found.update(sum(1 << c for c in combo) for combo in combinations(_bits(m), cap))
        else:
            found.add(m)
    hit = t.placements[key] = tuple(sorted(found))
    return hit


def keeps(t: LeanTables, hand: tuple) -> tuple:
    """Every choice of ``t.hand_limit`` cards to keep from ``hand`` (cities, sorted, at most that many copies of
    each), each one once (base rules, 3d). Cached."""
    hit = t.keeps.get(hand)
    if hit is None:
        hit = t.keeps[hand] = tuple(sorted(set(combinations(hand, t.hand_limit))))
    return hit


def play(t: LeanTables, players: int, rng: random.Random) -> LeanGame:
    """One random game of ``players`` players from ``rng`` (:class:`LeanGame`)."""
    lo, hi = t.players
    if not lo <= players <= hi:
        raise ValueError(f"{t.board.name} is for {lo} to {hi} players, not {players}")
    rnd = rng.random
    shuffle = rng.shuffle
    bit, adj = t.bit, t.adj
    face_up, hand_limit, min_route = t.face_up, t.hand_limit, t.min_route
    levels, last_level, nlevels = t.levels, t.last_level, len(t.levels)
    length_stacks, house_stacks, end_stacks = t.length_stacks, t.house_stacks, t.end_stacks
    values = t.stack_values
    place_cache = t.placements
    ncities = len(adj)

    deck = list(t.cards)
    shuffle(deck)
    # the display: how many cards of each city are face up, those cities' mask, and how many cards (the slots are
    # alike: a draw names a kind of card, and the refill fills any empty slot)
    dcnt = [0] * ncities
    dm = 0
    for _ in range(face_up):
        x = deck.pop()
        dcnt[x] += 1
        dm |= bit[x]
    dn = face_up
    discard: list = []
    tops = [0] * len(values)                         # tiles taken from each stack
    tiles_left = [len(v) for v in values]
    carr_left = list(t.carriage_copies)
    # each seat's record: hand (counts by city, its cities' mask, its size) and route (left and right end, length,
    # cities); and by seat: houses (mask, supply), carriages taken, stacks of the tiles held, tiles' points
    records = [([0] * ncities, 0, 0, 0, 0, 0, 0) for _ in range(players)]
    housess = [0] * players
    hlefts = [t.houses] * players
    ncars = [0] * players
    helds = [0] * players
    points = [0] * players

    def top():
        """The top card of the deck; the discard pile shuffled into a new deck when it ran out; -1: none (base
        rules, 1)."""
        if not deck:
            if not discard:
                return -1
            deck.extend(discard)
            discard.clear()
            shuffle(deck)
        return deck.pop()

    turns = quiet = 0
    draw_decisions = play_decisions = score_decisions = keep_decisions = 0    # per step: decisions, and the
    draw_actions = play_actions = score_actions = keep_actions = 0            # actions they were chosen among
    end_by = -1
    seat = 0
    while True:
        cnt, hm, hn, left, right, rlen, rmask = records[seat]
        used = False                # an official has helped this turn (one a turn)
        draws = plays = 0
        dallow = pallow = 1
        forced_end = False
        step = 0                    # 0 draw, 1 play, 2 score, 3 keep
        while True:
            if dn < face_up and (deck or discard):  # the display refilled before the decision (rules notes)
                while dn < face_up:
                    x = top()
                    if x < 0:
                        break
                    dcnt[x] += 1
                    dm |= bit[x]
                    dn += 1
            if step == 0:                               # 1: draw
                if not (dn or deck or discard):
                    step = 1                            # nothing to draw: skipped
                    continue
                if not (draws or used or hn):           # an empty hand: the Postmaster must help
                    used = True
                    dallow = 2
                if draws or used:
                    calls = 0
                    n = dm.bit_count() + (1 if deck or discard else 0)
                else:
                    calls = 2 if dm else 1             # the Administrator (a card face up), the Postmaster
                    n = calls + dm.bit_count() + (1 if deck or discard else 0)
                k = int(rnd() * n)
                draw_decisions += 1
                draw_actions += n
                quiet = 0
                if k < calls:
                    used = True
                    if k == calls - 1:                  # the Postmaster: a second card
                        dallow = 2
                    else:                               # the Administrator: a new display
                        for c in _bits(dm):
                            discard.extend([c] * dcnt[c])
                            dcnt[c] = 0
                        dm = dn = 0
                        while dn < face_up:
                            x = top()
                            if x < 0:
                                break
                            dcnt[x] += 1
                            dm |= bit[x]
                            dn += 1
                    continue
                k -= calls
                m = dm
                if m.bit_count() > k:                   # a kind of card face up
                    while k:
                        m &= m - 1
                        k -= 1
                    b = m & -m
                    c = b.bit_length() - 1
                    dcnt[c] -= 1
                    if not dcnt[c]:
                        dm ^= b
                    x = deck.pop() if deck else top()
                    if x < 0:
                        dn -= 1
                    else:
                        dcnt[x] += 1
                        dm |= bit[x]
                else:                                   # the deck
                    c = deck.pop() if deck else top()
                cnt[c] += 1
                hm |= bit[c]
                hn += 1
                draws += 1
                if draws >= dallow:
                    step = 1
            elif step == 1:                             # 2: play
                if not hn:
                    step = 2                            # no card to play: skipped
                    continue
                second = 1 if (not used and draws == 1 and plays == 0 and dallow == 1
                               and (deck or discard or dn)) else 0     # the Postmaster after one card
                if rlen:
                    fl = adj[left] & ~rmask & hm
                    fr = adj[right] & ~rmask & hm
                    nl, nr = fl.bit_count(), fr.bit_count()
                    n = second + nl + nr + (0 if plays else hm.bit_count())
                else:
                    nl = nr = 0
                    n = second + hm.bit_count()
                k = int(rnd() * n)
                play_decisions += 1
                play_actions += n
                quiet = 0
                if k < second:
                    used = True
                    dallow = 2
                    step = 0
                    continue
                k -= second
                if k < nl:                              # at the left end
                    m, end = fl, 0
                elif k < nl + nr:                       # at the right end
                    m, end = fr, 1
                    k -= nl
                else:                                   # a new route
                    m, end = hm, 2
                    k -= nl + nr
                while k:
                    m &= m - 1
                    k -= 1
                b = m & -m
                c = b.bit_length() - 1
                if end == 0:
                    left = c
                    rlen += 1
                    rmask |= b
                elif end == 1:
                    right = c
                    rlen += 1
                    rmask |= b
                else:
                    m = rmask                           # the old route to the discard pile
                    while m:
                        x = m & -m
                        discard.append(x.bit_length() - 1)
                        m ^= x
                    left = right = c
                    rlen = 1
                    rmask = b
                cnt[c] -= 1
                if not cnt[c]:
                    hm ^= b
                hn -= 1
                plays += 1
                if plays >= pallow:
                    step = 2
            elif step == 2:                             # 3: score or end
                ext = rlen and (adj[left] | adj[right]) & ~rmask & hm
                carrier = 1 if (ext and not used and pallow == 1) else 0     # the Postal Carrier: a second card
                if rlen < min_route:
                    if not carrier:                     # too short, and no second card: the turn ends
                        forced_end = True
                        break
                    n = 2
                    per = 0
                else:
                    cap = hlefts[seat] if hlefts[seat] < rlen else rlen
                    key = (rmask, housess[seat] & rmask, cap)
                    ps = place_cache.get(key) or placements(t, rmask, key[1], cap)
                    ncar = ncars[seat]
                    if ncar < nlevels and carr_left[ncar]:
                        level = levels[ncar]
                        decline = 1 if rlen >= level else 0                      # R9
                        helper = 1 if (not used and level - 2 <= rlen < level) else 0   # the Cartwright (3c)
                    else:
                        level = decline = helper = 0
                    per = 1 + decline + helper
                    n = 1 + carrier + len(ps) * per
                k = int(rnd() * n)
                score_decisions += 1
                score_actions += n
                quiet = 0
                if k == 0:                              # end the turn
                    break
                if k <= carrier:
                    used = True
                    pallow = 2
                    step = 1
                    continue
                k -= 1 + carrier
                mask = ps[k // per]
                v = k % per
                accept = v == 0 or not decline or v == 2
                cartwright = v == 2 or (v == 1 and not decline)
                houses = housess[seat]
                new = mask & ~houses
                placed = new.bit_count()
                houses |= mask
                housess[seat] = houses
                hleft = hlefts[seat] = hlefts[seat] - placed
                held = helds[seat]
                got = 0
                for length, si in length_stacks:       # the route's tile (3b, R2, R3)
                    if length <= rlen and tiles_left[si]:
                        got += values[si][tops[si]]
                        tops[si] += 1
                        tiles_left[si] -= 1
                        held |= 1 << si
                        break
                for si, need, each in house_stacks:     # the tiles of houses, once a player (3b)
                    if tiles_left[si] and not held >> si & 1 and houses & need == need:
                        for m in each:
                            if not houses & m:
                                break
                        else:
                            got += values[si][tops[si]]
                            tops[si] += 1
                            tiles_left[si] -= 1
                            held |= 1 << si
                carriage = 0                            # the carriage (3c)
                if level and accept and rlen >= (level - 2 if cartwright else level):
                    carriage = level
                    carr_left[ncars[seat]] -= 1
                    ncars[seat] += 1
                if end_by < 0 and (carriage == last_level or (placed and not hleft)):
                    end_by = seat                       # the end: after this round (Game End)
                    why = "carriage" if carriage == last_level else "houses"
                    for si in end_stacks:
                        if tiles_left[si]:
                            got += values[si][tops[si]]
                            tops[si] += 1
                            tiles_left[si] -= 1
                            held |= 1 << si
                helds[seat] = held
                points[seat] += got
                m = rmask                               # the route to the discard pile
                while m:
                    b = m & -m
                    discard.append(b.bit_length() - 1)
                    m ^= b
                rlen = rmask = 0
                if hn <= hand_limit:
                    break
                step = 3
            else:                                       # 3d: keep 3 cards
                hand = []
                for c in _bits(hm):
                    hand.extend([c] * min(cnt[c], hand_limit))
                ks = keeps(t, tuple(hand))
                n = len(ks)
                k = int(rnd() * n)
                keep_decisions += 1
                keep_actions += n
                quiet = 0
                for c in ks[k]:
                    cnt[c] -= 1
                for c in _bits(hm):
                    discard.extend([c] * cnt[c])
                    cnt[c] = 0
                hm = 0
                for c in ks[k]:
                    cnt[c] += 1
                    hm |= bit[c]
                hn = hand_limit
                break
        records[seat] = (cnt, hm, hn, left, right, rlen, rmask)
        if forced_end:
            quiet += 1
            if quiet > players:                         # a round and more without any decision
                why = "deadlock"
                break
        turns += 1
        seat += 1
        if seat == players:
            seat = 0
            if end_by >= 0:                             # the round is complete: the game is over
                break
    steps = ((draw_decisions, draw_actions), (play_decisions, play_actions), (score_decisions, score_actions),
             (keep_decisions, keep_actions))
    return LeanGame(turns, sum(d for d, _ in steps), sum(a for _, a in steps), why, sum(ncars),
                    players * t.houses - sum(hlefts), sum(points), dict(zip(STEPS, steps)))
