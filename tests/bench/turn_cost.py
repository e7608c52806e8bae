"""What a player-turn of each variant costs the search bot against the base game's: the ``turn_cost`` each variant's
valuation declares (:func:`thurn.bots.valuation.turn_cost`; the search levels' budgets in player-turns, issue 35).
CPU seconds (``time.process_time``) of the search bot's decisions (32 rollouts, every decision searched) on positions
of greedy games, per rollout and player-turn a rollout plays (``1 + players``: to the end of the bot's next turn),
each variant alone at its largest table on a board it plays, over the base game's on the same board at four players.

    PYTHONPATH=$PWD .venv/bin/python tests/bench/turn_cost.py [--decisions 16]
"""
from __future__ import annotations

import argparse
import time

from thurn.bots.search import SearchBot
from thurn.bots.valuation import turn_cost
from thurn.information import view_for

from tests.bench.level_ms import positions
from tests.support.rulesets import RULESETS, player_counts, ruleset_id


def per_turn(board, expansions, players, decisions) -> tuple[float, object]:
    """CPU seconds a rollout's player-turn, and a position of the ruleset."""
    states = positions(board, expansions, players, decisions)
    bot = SearchBot(0, clear=None)
    count = [0]
    rollout = bot._rollout

    def counted(*args):
        count[0] += 1
        return rollout(*args)
    bot._rollout = counted
    t = time.process_time()
    for s in states:
        bot.choose(view_for(bot, s))
    return (time.process_time() - t) / (count[0] * (1 + players)), states[0]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--decisions", type=int, default=16)
    args = ap.parse_args(argv)
    base = {}
    print(f"{'ruleset':<28} {'players':>7} {'ms a turn':>10} {'measured':>9} {'declared':>9}")
    for board, expansions in RULESETS:
        if len(expansions) > 1:
            continue
        if board not in base:
            base[board] = per_turn(board, (), 4, args.decisions)[0]
        n = max(player_counts(board, expansions))
        cost, state = (base[board], None) if not expansions else per_turn(board, expansions, n, args.decisions)
        declared = turn_cost(state) if state is not None else 1.0
        print(f"{ruleset_id((board, expansions)):<28} {n:>7} {cost * 1000:>10.2f} {cost / base[board]:>9.2f} "
              f"{declared:>9.2f}", flush=True)


if __name__ == "__main__":
    main()
