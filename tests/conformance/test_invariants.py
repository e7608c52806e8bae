"""Random legal games played to the end, with the game's invariants checked after every action.

Invariants (base rules 000; rules notes): 66 cards always accounted for; 20 houses per player on the board or
in supply, at most one per player per city; bonus tiles and carriages conserved, each province tile at most once
per player, carriages taken in order; routes follow roads without repeating a city; at the end every player
has had the same number of turns and the final score is the rule's formula. Illegal actions never change a
state; every listed action is legal; JSON round trips and replays give identical states.

Policies: ``uniform`` picks any legal action (games run to several hundred turns per player); ``eager`` is still
random but scores whenever it can, so games have a realistic length and many more of them fit in the budget.
"""
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import thurn
from thurn import CallOfficial, Draw, EndTurn, Keep, Play, Score
from thurn.sim import sized          # make test plays fewer games (THURN_SIZE=small); make test-all every one

BOARD = thurn.load_board("base")
NAMES = ["Ann", "Ben", "Cat", "Dan"]
ALL_CARDS = Counter(range(len(BOARD.cards)))       # every card id once
CARRIAGE_POINTS = {c.level: c.points for c in BOARD.carriages}


def uniform(state, rng):
    return rng.choice(state.legal_actions())


def eager(state, rng):
    actions = state.legal_actions()
    if rng.random() < 0.05:
        return rng.choice(actions)
    scores = [a for a in actions if a.kind == "score"]
    if scores:
        return rng.choice(scores)
    extend = [a for a in actions if a.kind == "play" and a.end != "new"]
    if extend:
        return rng.choice(extend)
    other = [a for a in actions if a.kind != "play" or not state.players[state.to_move].route]
    return rng.choice(other or actions)


ALL_SORTED = sorted(ALL_CARDS.elements())
STACKS = [(st.index, sorted(st.values), st.kind) for st in BOARD.stacks]
GAME_END = next(st.index for st in BOARD.stacks if st.kind == "game_end")


def check_invariants(s, where):
    board = s.board
    cards = [c for c in s.display if c >= 0]
    cards += s.deck
    cards += s.discard
    for p in s.players:
        cards += p.hand
        cards += p.route
    cards.sort()
    if cards != ALL_SORTED:
        got = Counter(cards)
        raise AssertionError(f"{where}: cards not conserved: {got - ALL_CARDS} extra, {ALL_CARDS - got} missing")
    held = {}
    taken = [0] * len(board.carriages)
    end_holders = []
    for i, p in enumerate(s.players):
        assert bin(p.houses).count("1") + p.houses_left == board.houses, f"{where}: houses of seat {i}"
        assert p.houses_left >= 0
        assert p.carriages == board.carriage_levels[:len(p.carriages)], f"{where}: carriages {p.carriages}"
        for k in range(len(p.carriages)):
            taken[k] += 1
        seen = set()
        for si, v in p.tiles:
            held.setdefault(si, []).append(v)
            if STACKS[si][2] != "route_length":
                assert si not in seen, f"{where}: seat {i} holds a tile of stack {si} twice: {p.tiles}"
                seen.add(si)
            if si == GAME_END:
                end_holders.append(i)
        route = board.cities_of(p.route)         # (the route holds card ids; a city once: base rules, 2)
        assert len(set(route)) == len(route), f"{where}: a city twice in the route {route}"
        assert all(board.adj[a] >> b & 1 for a, b in zip(route, route[1:])), f"{where}: route off the roads"
        assert p.rmask == sum(1 << c for c in route)
        assert list(p.hand) == sorted(p.hand)
    for si, values, kind in STACKS:
        left = s.stacks[si]
        assert sorted(left + tuple(held.get(si, ()))) == values, f"{where}: tiles of stack {si}"
        assert list(left) == sorted(left, reverse=True)
    for c, left, k in zip(board.carriages, s.carriages_left, taken):
        assert left + k == c.copies, f"{where}: carriage {c.level}"
    assert end_holders == ([] if s.end_by is None else [s.end_by]), f"{where}: game-end tile {end_holders} vs {s.end_by}"
    if not s.is_over:
        assert s.legal_actions(), f"{where}: no legal action"


def check_final(s, where):
    assert s.is_over
    turns = {s.turns_taken(i) for i in range(s.num_players)}
    assert len(turns) == 1, f"{where}: unequal turns {turns}"
    assert s.end_by is not None
    ender = s.players[s.end_by]
    assert ender.houses_left == 0 or ender.carriages[-1:] == (BOARD.carriage_levels[-1],)
    totals = []
    for rec, p in zip(s.score_records(), s.players):
        expected = (CARRIAGE_POINTS[p.carriages[-1]] if p.carriages else 0) + sum(v for _, v in p.tiles) - p.houses_left
        assert rec["total"] == expected == rec["carriage"] + rec["tiles"] + rec["unplaced_houses"], where
        totals.append(expected)
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    n = s.num_players
    expect = min(tied, key=lambda i: (i - s.end_by) % n)        # R6: holder first, then clockwise from him
    assert s.winner() == s.player_names[expect], where


def play(n_players, seed, policy, on_state=None, limit=200_000, rules=None):
    rng = random.Random(seed)
    s = thurn.new_game(NAMES[:n_players], seed=seed, rules=rules)
    for k in range(limit):
        where = f"{n_players} players, seed {seed}, action #{k}"
        check_invariants(s, where)
        if on_state is not None:
            on_state(s, rng, where)
        if s.is_over:
            check_final(s, where)
            return s
        s = s.apply(policy(s, rng))
    raise AssertionError(f"{n_players} players, seed {seed}: no end after {limit} actions")


def test_many_eager_games_keep_every_invariant():
    """1,200 games (400 each for 2, 3 and 4 players; 120 in the fast lane), invariants after every action."""
    lengths = []
    for n in (2, 3, 4):
        for seed in range(sized(400, 40)):
            s = play(n, seed, eager)
            lengths.append(s.turns_taken(0))
    assert min(lengths) > 5


OPTIONS = ["optional_houses", "all_provinces_includes_baiern", "carriage_compulsory", "hand_limit_at_most",
           "postal_carrier_may_restart"]


@pytest.mark.parametrize("rules", [{o: True} for o in OPTIONS] + [{o: True for o in OPTIONS}],
                         ids=OPTIONS + ["all"])
def test_games_under_each_rule_option_keep_every_invariant(rules):
    """Each reading of the rules notes (R1, R4, R9, R11, R12) switched on: 12 eager games, with the listed actions
    probed (every one legal, illegal ones explained and harmless)."""
    for k in range(12):
        s = play(2 + k % 3, 5000 + k, eager, on_state=probe if k % 6 == 0 else None, rules=rules)
        assert s.rules == thurn.Rules(**rules)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_uniform_random_games_keep_every_invariant(n):
    """Uniformly random legal play (very long games): 8 games per player count."""
    for seed in range(8):
        play(n, 1000 + seed, uniform)


# every base action, to throw at states where most are illegal
POOL = ([Draw(c.name) for c in BOARD.cities] + [Draw()]
        + [CallOfficial(o) for o in ("postmaster", "administrator", "postal_carrier", "cartwright", "Bailiff")]
        + [Play(c.name, e) for c in BOARD.cities for e in ("left", "right", "new")]
        + [EndTurn(), Keep(["Ulm", "Ulm", "Basel"]), Keep(["Ulm"]), Score([]), Score(["Ulm", "Augsburg"]),
           Score(["Basel"], cartwright=True), Play("Ulmm", "new"), Score(["Nowhere"]), Score([], carriage=False),
           Score(["Basel"], cartwright=True, carriage=False), Keep([])])


def probe(s, rng, where):
    """Every listed action is legal; illegal actions raise IllegalAction and change nothing."""
    legal = s.legal_actions()
    for a in legal:
        assert s.why_illegal(a) is None, f"{where}: listed {a} but {s.why_illegal(a)}"
    before = s.position()
    for a in rng.sample(POOL, 12):
        err = s.why_illegal(a)
        assert (err is None) == (a in legal), f"{where}: {a}: why_illegal {err!r} but listed={a in legal}"
        if err is None:
            continue
        assert isinstance(err, ValueError) and err.reason and str(err)
        with pytest.raises(thurn.IllegalAction) as e:
            s.apply(a)
        assert e.value.reason == err.reason
        assert s.position() == before, f"{where}: {a} changed the state"


def roundtrips(seed):
    """Check the JSON round trip at about one state in a hundred (with a generator of its own, so that the
    game's choices stay those of the seed)."""
    own = random.Random(seed)

    def roundtrip(s, rng, where):
        if own.random() < 0.01:
            assert thurn.GameState.from_json(s.to_json()) == s, f"{where}: JSON round trip"
    return roundtrip


@settings(max_examples=sized(25, 6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**31))
def test_illegal_actions_never_change_the_state(n, seed):
    play(n, seed, eager, on_state=probe)


@settings(max_examples=sized(25, 6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**31), eagerness=st.booleans())
def test_json_round_trip_and_replay_give_identical_states(n, seed, eagerness):
    s = play(n, seed, eager if eagerness else uniform, on_state=roundtrips(seed))
    setup = {"players": list(s.player_names), "seed": seed}
    assert thurn.replay(setup, [a.notation for a in s.history]) == s
    again = play(n, seed, eager if eagerness else uniform)
    assert again == s, "same seed and choices must give the same game"


@settings(max_examples=sized(25, 8), deadline=None)
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**31),
       choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=400))
def test_any_sequence_of_choices_keeps_the_invariants(n, seed, choices):
    """Hypothesis drives the choices (and shrinks a failure to a short sequence)."""
    s = thurn.new_game(NAMES[:n], seed=seed)
    for k, pick in enumerate(choices):
        if s.is_over:
            break
        acts = s.legal_actions()
        s = s.apply(acts[pick % len(acts)])
        check_invariants(s, f"seed {seed}, choice #{k}")
    loaded = thurn.GameState.from_json(s.to_json())
    assert loaded == s
    rng = random.Random(seed)
    a = play_on(s, rng)
    b = play_on(loaded, random.Random(seed))
    assert a == b, "a loaded game continues exactly like the original"


def play_on(s, rng, steps=200):
    for _ in range(steps):
        if s.is_over:
            break
        s = s.apply(eager(s, rng))
    return s
