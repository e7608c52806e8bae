"""The review's speed in the rulesets where it was slowest (issue 33): the whole review (``review_game``: the decisions
table, the mistakes in words, the expected final scores) of the first player of whole games of Power and Glory (2
players, the northern board) and of SoloPlay, played by a learner (the greedy policy, a random legal action one time
in four, seeded) against greedy bots. Prints, per game, its turns and decisions, the seconds of the table and of the
expected scores, the wall and CPU seconds of the whole review, and the greedy policy's choices it made (the work,
steady whatever the machine's load), with the load average before.

    .venv/bin/python tests/bench/review_bench.py [--games 2]

Figures: BENCHMARKS.md, "Issue 33: the review's speed".
"""
from __future__ import annotations

import argparse
import os
import random
import time

import thurn
from thurn.bots.greedy import GreedyBot
from thurn.game_review import review_game

CASES = (("Power and Glory, 2 players", ["Ann", "Ben"], {"expansions": ["power_glory"], "board": "northern"}),
         ("SoloPlay", ["Ann"], {"expansions": ["solo"]}))


class Learner:
    """The greedy policy's choice, and one time in four another legal action (seeded)."""

    def __init__(self, seed):
        self.bot, self.rng = GreedyBot(seed), random.Random(seed)

    def choose(self, s):
        legal = s.legal_actions()
        return self.rng.choice(legal) if self.rng.random() < 0.25 else self.bot.choose(s)


def game(names, rules, seed):
    s = thurn.new_game(names, seed=seed, rules=rules)
    bots = [Learner(seed)] + [GreedyBot(seed + i) for i in range(1, len(names))]
    while not s.is_over:
        s = s.apply(bots[s.to_move].choose(s))
    return s


def count_greedy_choices() -> list:
    """Count the greedy policy's choices from now on (the review's work, steady whatever the load): a one-item list
    to read and reset."""
    choices = [0]
    choose = GreedyBot.choose

    def counted(self, s):
        choices[0] += 1
        return choose(self, s)
    GreedyBot.choose = counted
    return choices


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2)
    args = ap.parse_args(argv)
    choices = count_greedy_choices()
    print(f"thurn {thurn.__file__}; load average before: {os.getloadavg()[0]:.2f}")
    print(f"{'games':<28} {'seed':>4} {'turns':>6} {'decisions':>10} {'wall s':>7} {'CPU s':>6} {'greedy choices':>15}")
    for what, names, rules in CASES:
        for seed in range(1, args.games + 1):
            s = game(names, rules, seed)
            choices[0] = 0
            c0, t0 = time.process_time(), time.perf_counter()
            r = review_game(s, 0)
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
            print(f"{what:<28} {seed:>4} {s.turns:>6} {len(r.table):>10} {wall:>7.2f} {cpu:>6.2f} {choices[0]:>15}",
                  flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
