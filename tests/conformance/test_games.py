"""Random legal games of every ruleset the registry offers (tests/support/rulesets.py: each board and each
combination of the shipped expansions it plays under, the rule options drawn at random), played to the end with
the invariants checked after every action (tests/conformance/invariants.py: cards, houses, tiles and carriages
conserved, routes on the roads; at the end equal turns, the score the rule's formula, the winner) and each
expansion's own (``tests/expansions/<name>/conformance.py``); a save file, a position and the log read back to the
same game, once mid-game and at the end (every other game in make test, every tenth in the full run).

Sized by ``THURN_SIZE``: 4 games a ruleset in ``make test``, 400 in the full run (``make test-all``)."""
from __future__ import annotations

import random

import pytest

import thurn
from thurn.sim import sized

from tests.conformance.invariants import play_checked
from tests.support.rulesets import CONFORMANCE, new_game, ruleset_id

GAMES = sized(400, 4)
#: The games whose save file, position and log are read back: one in so many (every other one in make test;
#: reading a long game back costs as much as playing it).
READ_BACK_EVERY = sized(10, 2)


def round_trip(seed):
    """Read back one state of the game, among its first 300 (drawn by a generator of its own, so that the game's
    choices stay those of the seed)."""
    at = random.Random(seed).randrange(300)
    count = iter(range(10**9))

    def check(s, rng, where):
        if next(count) == at:
            read_back(s, where)
    return check


def read_back(s, where) -> None:
    """A save file and a position give the same game back; the log replays to it."""
    assert thurn.GameState.from_json(s.to_json()) == s, f"{where}: the save file"
    assert thurn.GameState.from_position(s.position()).same_position(s), f"{where}: the position"


@pytest.mark.parametrize("board,expansions", CONFORMANCE, ids=[ruleset_id(r) for r in CONFORMANCE])
def test_random_games_to_the_end_keep_every_invariant(board, expansions):
    for g in range(GAMES):
        rng = random.Random(f"{board}:{'+'.join(expansions)}:{g}")
        s = new_game(board, expansions, rng)
        where = f"{ruleset_id((board, expansions))}, {s.num_players} players, game {g} ({s.rules})"
        deep = g % READ_BACK_EVERY == 0
        end = play_checked(s, rng, where, on_state=round_trip(g) if deep else None)
        if deep:
            read_back(end, f"{where}, the end")
            again = thurn.replay(end.setup, [a.notation for a in end.history])      # the log is the replay
            assert again == end and again.score_records() == end.score_records(), f"{where}: the replay"
