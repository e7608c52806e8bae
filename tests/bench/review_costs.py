"""What the review's two kinds of work cost in every ruleset and at every player count: CPU milliseconds a player-turn
of the search bot's rollouts (the decisions table: ``rank_actions`` at 12 rollouts, the greedy top 3, to the review's
horizon) and of the greedy games played out for the expected final scores, counted as the review's budget counts
them (a rollout: ``1 + horizon × players`` player-turns; a game played out: the player-turns the real game had left).
The table of ``data/review_costs.json`` (:data:`thurn.bots.costs.REVIEW_COSTS`) is this script's output (its
``costs``, printed last as JSON), each ruleset's row then scaled to what its whole reviews took (``tests/bench/review_every.py``; thurn/bots/costs.py says how): the review's default budget and
the hint's level follow it (issue 35: "Review this game" within 10 s of CPU in every ruleset).

One game each (as tests/bench/review_every.py: seed 1, a learner against greedy bots), the first player's decisions
spread over the game, ``--rounds`` times in turn, the fastest round kept (the machine's load only adds time). CPU
time (``time.process_time``), one process.

    PYTHONPATH=$PWD .venv/bin/python tests/bench/review_costs.py [--rounds 3] [--looks 6] [--only SUBSTRING]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import time

from thurn import game_review as gr
from thurn.bots.greedy import GreedyBot
from thurn.information import Seen

from tests.bench.review_bench import game
from tests.support.rulesets import NAMES, RULESETS, player_counts, ruleset_id

ITERATIONS = 12


def measure(s, looks: int) -> tuple[float, float]:
    """(ms a rollout player-turn, ms a played-out player-turn) in the game ``s``, for its first player."""
    states = gr.positions(s)
    watches = gr._watches(states)
    todo = [k for k, x in enumerate(states[:-1]) if x.to_move == 0 and len(x.legal_actions()) > 1]
    picked = todo[::max(1, len(todo) // looks)][:looks]
    views = gr._views(states, 0, picked, watches)
    bot = gr._search_bot({"iterations": ITERATIONS, "top": 3}, 0)
    per = 1 + bot.horizon * len(s.players)
    t, turns = time.process_time(), 0
    for k in picked:
        ranked = gr.rank_actions(states[k], s.history[k], bot=bot, seed=0, view=views[k], watch=watches[k])
        turns += max(2, ITERATIONS // len(ranked)) * len(ranked) * per
    roll = (time.process_time() - t) * 1000 / turns
    starts = [k for k, x in enumerate(states) if k == 0 or x.turns != states[k - 1].turns]
    starts = starts[::max(1, len(starts) // 4)][:4]
    player, t, turns = GreedyBot(0), time.process_time(), 0
    for k in starts:
        rng = random.Random(k)
        seen = Seen(states[k], 0, watches[k])
        for _ in range(2):
            w = seen.sample(rng)
            player.rng = random.Random(rng.getrandbits(64))
            while not w.is_over:
                w = w.apply(player.choose(w))
            turns += states[-1].turns - states[k].turns
    play = (time.process_time() - t) * 1000 / max(1, turns)
    return roll, play


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--looks", type=int, default=6)
    ap.add_argument("--only", default="")
    args = ap.parse_args(argv)
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    games = {(r, n): game(NAMES[:n], {"board": r[0], "expansions": list(r[1])}, 1)
             for r in RULESETS if args.only in ruleset_id(r) for n in player_counts(*r)}
    best: dict = {}
    for _ in range(args.rounds):
        for key, s in games.items():
            got = measure(s, args.looks)
            best[key] = tuple(min(a, b) for a, b in zip(best.get(key, got), got))
    print(f"{'ruleset':<40} {'players':>7} {'rollout ms':>10} {'playout ms':>10}")
    for (r, n), (roll, play) in best.items():
        print(f"{ruleset_id(r):<40} {n:>7} {roll:>10.3f} {play:>10.3f}")
    costs = {ruleset_id(r): {str(n): [round(best[r, n][0], 3), round(best[r, n][1], 3)] for n in player_counts(*r)}
             for r in dict.fromkeys(r for r, _ in best)}
    print(json.dumps({"costs": costs}, indent=1))
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
