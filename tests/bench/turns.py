"""Random 4-player play of N whole games, by the engine (through the public API, as ``python -m thurn bench --what
play``) or by the lean playout (:mod:`thurn.lean`): the script that ``valgrind --tool=callgrind`` counts, to compare
the two in CPU instructions a player-turn, a measure the machine's load does not change (BENCHMARKS.md, "Issue 35:
the profile first"). Prints the player-turns and decisions played to stderr. Not a test: run it as a script.

    PYTHONPATH=$PWD python tests/bench/turns.py engine|lean GAMES
"""
from __future__ import annotations

import random
import sys

import thurn
from thurn.lean import lean_tables, play
from thurn.sim import game_seed


def engine(games: int) -> tuple[int, int]:
    rng, turns, decisions = random.Random(1), 0, 0
    for k in range(games):
        s = thurn.new_game(["A", "B", "C", "D"], seed=game_seed(0, k))
        while not s.is_over:
            acts = s.legal_actions()
            s = s.apply(acts[rng.randrange(len(acts))])
            decisions += 1
        turns += s.turn_number
    return turns, decisions


def lean(games: int) -> tuple[int, int]:
    tables, rng, turns, decisions = lean_tables(), random.Random(1), 0, 0
    for _ in range(games):
        g = play(tables, 4, rng)
        turns += g.turns
        decisions += g.decisions
    return turns, decisions


if __name__ == "__main__":
    which, games = sys.argv[1], int(sys.argv[2])
    turns, decisions = {"engine": engine, "lean": lean}[which](games)
    print(f"{which}: {games} games, {turns} player-turns, {decisions} decisions", file=sys.stderr)
