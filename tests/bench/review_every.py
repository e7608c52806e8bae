"""The review's time in every ruleset and at every player count (issue 35: "Review this game" within 10 s of CPU for a
whole game, the first findings within 2 s): one game each, the first player reviewed at the review's default budget
(``review_steps``, as the game app runs it), played by a learner (the greedy policy, a random legal action one time
in four, seeded) against greedy bots. Prints per game its turns and decisions, the CPU seconds until the first
decision of the table is reviewed (the first finding), of the table, of the whole review, and the greedy policy's
choices it made (the work, steady whatever the machine's load). CPU time (``time.process_time``), one process.

    PYTHONPATH=$PWD .venv/bin/python tests/bench/review_every.py [--seed 1] [--only SUBSTRING]

Figures: BENCHMARKS.md, "Issue 35: the review in every ruleset".
"""
from __future__ import annotations

import argparse
import os
import time

import thurn
from thurn.game_review import review_steps

from tests.bench.review_bench import count_greedy_choices, game
from tests.support.rulesets import NAMES, RULESETS, player_counts, ruleset_id


def timed_review(s):
    """(CPU s to the first decision reviewed, CPU s of the table, CPU s of the whole review, the review)."""
    first = table = None
    marks = []

    def progress(done, total, what):
        marks.append((done, what, time.process_time()))

    c0 = time.process_time()
    steps = review_steps(s, 0, progress=progress)
    try:
        while True:
            next(steps)
    except StopIteration as stop:
        review = stop.value
    end = time.process_time() - c0
    table_marks = [m for m in marks if m[1].startswith("reviewing")]
    if table_marks:
        first = next((t for done, _, t in table_marks if done >= 1), table_marks[-1][2]) - c0
        table = table_marks[-1][2] - c0
    return first, table, end, review


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="")
    args = ap.parse_args(argv)
    choices = count_greedy_choices()
    print(f"thurn {thurn.__file__}; load average before: {os.getloadavg()[0]:.2f}")
    print(f"{'ruleset':<40} {'players':>7} {'turns':>6} {'decisions':>9} {'first s':>7} {'table s':>7} "
          f"{'CPU s':>6} {'greedy choices':>14}")
    for ruleset in RULESETS:
        board, expansions = ruleset
        if args.only not in ruleset_id(ruleset):
            continue
        for n in sorted(set(player_counts(board, expansions))):
            rules = {"board": board, "expansions": list(expansions)}
            s = game(NAMES[:n], rules, args.seed)
            choices[0] = 0
            first, table, cpu, review = timed_review(s)
            print(f"{ruleset_id(ruleset):<40} {n:>7} {s.turns:>6} {len(review.table):>9} {first or 0:>7.2f} "
                  f"{table or 0:>7.2f} {cpu:>6.2f} {choices[0]:>14}", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
