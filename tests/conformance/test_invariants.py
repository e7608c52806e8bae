"""The base game's random legal games, with the invariants (tests/conformance/invariants.py) checked after every
action: uniformly random play (games of several hundred turns per player), and hypothesis driving the seeds and
the choices (shrinking a failure to a short sequence) with every listed action probed (legal; an illegal one
explained and harmless). The eager games of every ruleset, the rule options drawn at random, and their save files,
positions and replays are tests/conformance/test_games.py's.

Invariants (base rules 000; rules notes): 66 cards always accounted for; 20 houses per player on the board or
in supply, at most one per player per city; bonus tiles and carriages conserved, each province tile at most once
per player, carriages taken in order; routes follow roads without repeating a city; at the end every player
has had the same number of turns and the final score is the rule's formula. Illegal actions never change a
state; every listed action is legal; a loaded game plays on as the original.

Policies: ``uniform`` picks any legal action; ``eager`` (tests/conformance/invariants.py) is still random but scores
whenever it can, so games have a realistic length and many more of them fit in the budget.
"""
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import thurn
from thurn import CallOfficial, Draw, EndTurn, Keep, Play, Score
from thurn.sim import sized          # make test plays fewer games (THURN_SIZE=small); make test-all every one

from tests.conformance.invariants import check_final, check_invariants, eager

BOARD = thurn.load_board("base")
NAMES = ["Ann", "Ben", "Cat", "Dan"]


def uniform(state, rng):
    return rng.choice(state.legal_actions())


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


@settings(max_examples=sized(25, 6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**31))
def test_illegal_actions_never_change_the_state(n, seed):
    play(n, seed, eager, on_state=probe)


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
