"""What a player-turn of the greedy policy costs in every ruleset and at every player count, against the base game's
at 4 players (1.0): the table :data:`thurn.bots.costs.TURN_COSTS` that the review and the hint budget their bots by
(issue 35: "Review this game" within 10 s of CPU in every ruleset). Seeded greedy games (the same games each round),
CPU time (``time.process_time``), each ruleset measured ``--rounds`` times in turn and its fastest round kept (the
machine's load only adds time). Prints the table and the dict to paste into thurn/bots/costs.py.

    PYTHONPATH=$PWD .venv/bin/python tests/bench/turn_costs.py [--games 2] [--rounds 3] [--only SUBSTRING]
"""
from __future__ import annotations

import argparse
import os
import time

import thurn
from thurn.bots.greedy import GreedyBot

from tests.support.rulesets import NAMES, RULESETS, player_counts, ruleset_id


def greedy_turns(board, expansions, players: int, games: int) -> tuple[float, int]:
    """(CPU seconds, player-turns) of ``games`` seeded greedy games."""
    cpu, turns = 0.0, 0
    for seed in range(1, games + 1):
        s = thurn.new_game(NAMES[:players], seed=seed, rules={"board": board, "expansions": list(expansions)})
        bots = [GreedyBot(seed * 10 + i) for i in range(players)]
        t = time.process_time()
        while not s.is_over:
            s = s.apply(bots[s.to_move].choose(s))
        cpu += time.process_time() - t
        turns += s.turns
    return cpu, turns


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--only", default="")
    args = ap.parse_args(argv)
    cases = [(r, n) for r in RULESETS for n in player_counts(*r)
             if args.only in ruleset_id(r) or ruleset_id(r) == "base:base" and n == 4]
    best: dict = {}
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    for _ in range(args.rounds):
        for r, n in cases:
            cpu, turns = greedy_turns(*r, n, args.games)
            per = cpu / turns
            best[r, n] = min(best.get((r, n), per), per)
    ref = best[next(r for r in RULESETS if r[1] == ()), 4]
    print(f"{'ruleset':<40} {'players':>7} {'ms a turn':>9} {'cost':>6}")
    for (r, n), per in best.items():
        print(f"{ruleset_id(r):<40} {n:>7} {per * 1000:>9.2f} {per / ref:>6.2f}")
    print("TURN_COSTS = {")
    for r in dict.fromkeys(r for r, _ in cases):
        cells = ", ".join(f"{n}: {best[r, n] / ref:.2f}" for n in player_counts(*r))
        print(f"    {ruleset_id(r)!r}: {{{cells}}},")
    print("}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
