"""The Audience, random legal games to the end (property tests): ``audience`` alone, with The Princess' Messenger,
with Offices of Honor, and with both, for 2, 3 and 4 players. After every action:

- the invariants of every ruleset (tests/conformance/invariants.py) and the other expansions'
  (tests/expansions/<name>/conformance.py);
- the clergymen conserved: each player's 5 ranks exactly once across his sealed tiles, the audience spaces and the
  box (The Audience, Preparation; A carriage arrives in Rome); a sealed tile in each carriage on the road, none in a
  carriage in Rome; nobody on a space twice;
- the carriages move south only, one road at a time (every move the action made, read from its lines: Moving the
  carriages), and only in the carriage step after a scoring; the carriages arrived are those in Rome, in the order
  they came; the steps owed are empty outside the carriage step;
- the hidden tiles are never shown to another player: not in ``seen_by``, not in a hidden view
  (:func:`thurn.information.player_view` with ``hidden``), and what a bot is handed (:func:`view_for`: a dealt or a
  hidden view) reads them only as what they could be — another truth he cannot tell apart gives the same view;
- at the end, the score is the rules' formula (base items, the Messenger's point, chips, and each tile on a space
  adds its points: Game end) and the winner has the most points; a save round-trips, mid-game and at the end.

Sized by ``THURN_SIZE``: 3 games per combination in ``make test`` (small), 300 per combination in the full run
(1,200 games, to keep CI within 45 minutes; the views and the probes in the first 30 games of each, a save file read
back in every game and every tenth game's end). 500 each took 66 s, 65 s, 76 s and 97 s (2026-11-27, a shared
machine at a load of about 3.7 on 2 cores).
"""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest

import thurn
from thurn import turn as machine
from thurn.bots import RandomBot
from thurn.expansions.audience.rules import JOKER, MoveCarriage, Seal, audience, points_in_rome
from thurn.information import Watch, player_view, view_for, view_rng
from thurn.sim import sized

from tests.conformance.invariants import check_invariants, eager, plugins
from tests.expansions.audience.conformance import C, S, carriage_pending

B = thurn.load_board("base")
CARRIAGE_POINTS = {c.level: c.points for c in B.carriages}
NAMES = ["Ann", "Ben", "Cat", "Dan"]
COMBOS = [("audience",), ("audience", "messenger"), ("audience", "offices"), ("audience", "messenger", "offices")]
GAMES = sized(300, 3)           # per combination, the player counts 2, 3, 4 in turn
MOVED = re.compile(r"moves the (.+) carriage from (.+) to (.+)\.$")


def policy(s, rng):
    """Eager random play that calls officials now and then, scores any option (so that cards without a house move
    carriages), seals and moves at random."""
    acts = s.legal_actions()
    if s.step in ("seal", "carriage", "return", "final_return"):
        return rng.choice(acts)
    calls = [a for a in acts if a.kind == "official"]
    if calls and rng.random() < 0.3:
        return rng.choice(calls)
    return eager(s, rng)


def check_action(before, action, after, where):
    """What one action did to the strip: each move one road south, in the carriage step or the forced steps after a
    scoring; the carriages end where the moves took them; arrivals appended in order."""
    if not (before.step == "score" or carriage_pending(before)):
        assert audience(after).at == audience(before).at, f"{where}: a carriage moved in step {before.step}"
        return
    lines = []
    again = machine.apply(before, action, lines.append)
    assert again.ext == after.ext, f"{where}: the action said aloud gives another state"
    at = list(audience(before).at)
    arrived = list(audience(before).arrived)
    for line in lines:
        m = MOVED.search(line)
        if not m:
            continue
        c = S.names.index(m.group(1))
        frm, to = S.map.index(m.group(2)), S.map.index(m.group(3))
        assert at[c] == frm and to in S.south[frm], f"{where}: {line}"
        at[c] = to
        if to == S.rome:
            arrived.append(c)
    assert tuple(at) == audience(after).at, f"{where}: the carriages moved otherwise than said: {lines}"
    assert tuple(arrived) == audience(after).arrived, f"{where}: arrivals {arrived} vs {audience(after).arrived}"
    if action.kind == "carriage":
        assert sum(a != b for a, b in zip(audience(before).at, audience(after).at)) >= 1


def another_truth(s, seat, rng):
    """The same position with the other players' sealed tiles dealt otherwise among their carriages on the road:
    what ``seat`` cannot tell apart from the truth."""
    other = s.detached()
    T = list(s.ext["audience_tiles"])
    for i, mine in enumerate(T):
        if i == seat or mine is None:
            continue
        road = [c for c in range(5) if mine[c]]
        ranks = [mine[c] for c in road]
        rng.shuffle(ranks)
        new = list(mine)
        for c, r in zip(road, ranks):
            new[c] = r
        T[i] = tuple(new)
    other.set_ext("audience_tiles", tuple(T))
    return other


class DealtBot:
    """A bot that says nothing of its view: it is handed a dealt one (:func:`view_for`), the hidden values dealt
    again (the search bots)."""


def check_views(s, k, watch, rng, where):
    """No other player's tile in what a player sees, nor in what his bot is handed (see the module's docstring)."""
    seat = s.to_move
    T = s.ext["audience_tiles"]
    for viewer in range(s.num_players):
        seen = s.seen_by(viewer).ext["audience_tiles"]
        assert seen[viewer] == T[viewer] and all(v is None for i, v in enumerate(seen) if i != viewer), where
    hidden = view_for(RandomBot(0), s, seat, watch, k)
    assert RandomBot.view == "hidden" and hidden.viewer == seat, where
    tiles = hidden.ext["audience_tiles"]
    assert tiles[seat] == T[seat] and all(v is None for i, v in enumerate(tiles) if i != seat), f"{where}: {tiles}"
    dealt = view_for(DealtBot(), s, seat, watch, k)
    assert dealt.ext["audience"] == s.ext["audience"], where
    assert dealt._key() == player_view(s, seat, view_rng(s, seat, k), watch, k)._key(), where
    other = another_truth(s, seat, rng)
    assert player_view(other, seat, view_rng(s, seat, k), watch, k).ext == dealt.ext, \
        f"{where}: the view reads the other players' true tiles"
    for i, mine in enumerate(dealt.ext["audience_tiles"]):
        if T[i] is not None:       # dealt as they could be: his ranks left, one per carriage on the road
            assert mine is not None and Counter(r for r in mine if r) == Counter(r for r in T[i] if r), where
            assert [bool(r) for r in mine] == [bool(r) for r in T[i]], where


SEALS = [Seal((1, 2, 3, 4, 5)), Seal((5, 4, 3, 2, 1)), Seal((1, 1, 3, 4, 5)), Seal((1, 2, 3, 4))]


def probe(s, rng, where):
    """Every listed action is legal; a seal or a carriage move that is not listed is refused with a typed error, a
    reason and a sentence, and changes nothing: each carriage to every neighbour of its city (south, north), by id
    or by name."""
    legal = s.legal_actions()
    for a in rng.sample(legal, min(4, len(legal))):
        assert s.why_illegal(a) is None, f"{where}: listed {a} but {s.why_illegal(a)}"
    A = audience(s)
    pool = list(SEALS)
    for c, at in enumerate(A.at):
        for name in S.map.neighbours(S.city_name(at)):
            pool.append(MoveCarriage(rng.choice((S.carriages[c], S.names[c])), name))
    before = s.position()
    for a in rng.sample(pool, min(8, len(pool))):
        err = s.why_illegal(a)
        assert (err is None) == (a in legal), f"{where}: {a}: why_illegal {err!r} but listed={a in legal}"
        if err is not None:
            assert isinstance(err, thurn.IllegalAction) and err.reason and str(err), f"{where}: {a}: {err!r}"
            with pytest.raises(thurn.IllegalAction):
                s.apply(a)
            assert s.position() == before, f"{where}: {a} changed the state"


def check_end(s, where):
    """Game end: each tile on a space adds its points; the total is the rules' formula; the most points wins (R6's
    tie-break: the player who ended the game, then clockwise... as the base game's)."""
    assert s.is_over and len({s.turns_taken(i) for i in range(s.num_players)}) == 1, where
    A = audience(s)
    L, O = s.ext.get("messenger"), s.ext.get("offices")
    totals = []
    for i, (rec, p) in enumerate(zip(s.score_records(), s.players)):
        clergymen = sum(C.value(C.ranks[k]) for k, seats in enumerate(A.spaces) if i in seats)
        assert rec["clergymen"] == clergymen == points_in_rome(s, i), f"{where}: {rec}"
        expected = (CARRIAGE_POINTS[p.carriages[-1]] if p.carriages else 0) + sum(v for _, v in p.tiles) \
            - p.houses_left + (1 if L is not None and L.holder == i else 0) + (O.chips[i] if O is not None else 0) \
            + clergymen
        assert rec["total"] == expected, f"{where}: {rec} vs {expected}"
        totals.append(expected)
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    assert s.winner() == s.player_names[min(tied, key=lambda i: (i - s.end_by) % s.num_players)], where


def play(expansions, n, seed, views_every=7, json_at_end=True):
    rng = random.Random(seed)
    s = thurn.new_game(NAMES[:n], seed=seed, rules={"expansions": list(expansions)})
    watch = Watch.start(s)
    save_at = rng.randrange(40, 400)
    before = None
    for k in range(100_000):
        where = f"{'+'.join(expansions)}, {n} players, seed {seed}, action #{k}"
        check_invariants(s, where)
        for own in plugins(s.rules.expansions):     # The Audience's (check_audience), the Messenger's, Offices'
            own.check(s, before, where)
        if views_every and (k % views_every == 0 or s.step in ("seal", "carriage")):
            check_views(s, k, watch, rng, where)
            probe(s, rng, where)
        if k == save_at:
            back = thurn.GameState.from_json(s.to_json())
            assert back == s and back.ext == s.ext, where
            assert thurn.GameState.from_position(s.position()).same_position(s), where
        if s.is_over:
            check_end(s, where)
            assert thurn.GameState.from_position(s.position()).same_position(s), where
            if json_at_end:
                assert thurn.GameState.from_json(s.to_json()) == s, where
            return s
        a = policy(s, rng)
        after = s.apply(a)
        check_action(s, a, after, where)
        watch.see(s, a, after)
        before, s = s, after
    raise AssertionError(f"{expansions}, {n} players, seed {seed}: no end after 100,000 actions")


@pytest.mark.parametrize("expansions", COMBOS, ids=["+".join(c) for c in COMBOS])
def test_random_games_with_the_audience_keep_every_invariant(expansions):
    arrived = moved = boxed = 0
    for g in range(GAMES):
        s = play(expansions, 2 + g % 3, 25_000 + g, views_every=7 if g < 30 else 0, json_at_end=g % 10 == 0)
        A = audience(s)
        arrived += len(A.arrived)
        boxed += len(A.box)
        moved += sum(1 for a in s.history if a.kind == "carriage")
    assert arrived > 0 and moved > 0 and boxed > 0       # the games reach what the tests are about


def test_the_random_games_owe_jokers_and_choose_at_forks():
    """The policy reaches the rarer cases: a free step (Lodz, or a carriage already in Rome) and a fork."""
    jokers = forks = 0
    for g in range(4):
        s = thurn.new_game(NAMES[:3], seed=900 + g, rules={"expansions": ["audience"]})
        rng = random.Random(g)
        while not s.is_over:
            if s.step == "carriage":
                A = audience(s)
                jokers += any(o == JOKER or A.at[o] == S.rome for o in A.owed)
                forks += len(s.legal_actions()) > 1
            s = s.apply(policy(s, rng))
    assert jokers > 0 and forks > 0
