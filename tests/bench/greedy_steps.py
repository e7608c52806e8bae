"""Where a greedy self-play game's CPU goes, by the step the bot decides at (issue 35, "greedy self-play games twice
as fast"): the CPU seconds of :func:`thurn.bots.greedy.policy.action_values` at each step (``draw``, ``play``,
``score``, an expansion's own steps), their share of the whole game loop, and what is left: the engine's ``apply``
and legal actions, each player's view, the bot's own overhead.

    PYTHONPATH=$PWD .venv/bin/python tests/bench/greedy_steps.py [--games 8] [--rulesets base audience ...]

One warm-up game of each ruleset first (imports, the valuation's tables), then ``--games`` seeded games (4 players,
SoloPlay 1; the rulesets of ``tests/bench/greedy_games.py``). ``time.process_time``: the load of other work on the
machine changes the figures less than the wall clock, not at all the shares' order.
"""
from __future__ import annotations

import argparse
import collections
import time

import thurn.bots.greedy.policy as policy
from thurn.bots.greedy import GreedyBot
from thurn.sim import game_seed, play_game

from tests.bench.greedy_games import RULES


def steps(name: str, games: int) -> tuple[float, collections.Counter, collections.Counter]:
    """(CPU seconds of the games, CPU seconds by step, decisions by step) of ``games`` greedy games of ``name``."""
    spent, count = collections.Counter(), collections.Counter()
    real = policy.action_values

    def timed(state, w, always=False):
        t = time.process_time()
        out = real(state, w, always)
        spent[state.step] += time.process_time() - t
        count[state.step] += 1
        return out
    players = 1 if name == "solo" else 4
    play_game(players, GreedyBot, seed=game_seed(1, 0), rules=RULES[name])       # warm-up
    policy.action_values = timed
    try:
        start = time.process_time()
        for k in range(games):
            play_game(players, GreedyBot, seed=game_seed(0, k), rules=RULES[name])
        total = time.process_time() - start
    finally:
        policy.action_values = real
    return total, spent, count


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--rulesets", nargs="+", default=list(RULES), choices=list(RULES))
    args = ap.parse_args(argv)
    for name in args.rulesets:
        total, spent, count = steps(name, args.games)
        print(f"{name}: {args.games} games, {total:.3f} s CPU, {args.games / total:.1f} games/s")
        for step, s in spent.most_common():
            print(f"  {step:14} {s:7.3f} s {s / total:6.1%}  {count[step]:6d} decisions  {s / count[step] * 1e6:6.0f} us each")
        rest = total - sum(spent.values())
        print(f"  {'(the rest)':14} {rest:7.3f} s {rest / total:6.1%}  the engine, the views, the bot's overhead")


if __name__ == "__main__":
    main()
