"""CPU milliseconds a decision of each search level (Expert, Master: thurn.bots.levels) in every ruleset at its
largest table, on positions of greedy games where the player to move has a choice (issue 35: the strongest level
within 100 ms a decision on average). CPU time (``time.process_time``), one process.

    PYTHONPATH=$PWD .venv/bin/python tests/bench/level_ms.py [--decisions 12] [--only SUBSTRING] [--players N]
        [--bots SPEC ...]

``--players N``: each ruleset at ``N`` players where it is played so (else its largest table); ``--bots``: other
bots than the search levels, as ``simulate`` takes them (``search:iterations=192,horizon=2,turns=560``).
"""
from __future__ import annotations

import argparse
import random
import time

import thurn
from thurn.bots import make_bot
from thurn.bots.greedy import GreedyBot
from thurn.bots.levels import LEVELS
from thurn.bots.spec import parse_bot
from thurn.information import view_for

from tests.support.rulesets import NAMES, RULESETS, player_counts, ruleset_id


def positions(board, expansions, players, n, seed=0):
    rng = random.Random(seed)
    out, k = [], 0
    while len(out) < n:
        s = thurn.new_game(NAMES[:players], seed=seed + k, rules={"board": board, "expansions": list(expansions)})
        k += 1
        bots = [GreedyBot(seed + k * 10 + i) for i in range(players)]
        while not s.is_over and len(out) < n:
            if len(s.legal_actions()) > 1 and rng.random() < 0.1:
                out.append(s)
            s = s.apply(bots[s.to_move].choose(s))
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--decisions", type=int, default=12)
    ap.add_argument("--only", default="")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--bots", nargs="+", default=None)
    args = ap.parse_args(argv)
    bots = args.bots or [lv.key for lv in LEVELS if lv.bot == "search"]
    labels = [(b.split(":")[0] if len(bots) > 1 and ":" not in b else b)[:24] for b in bots]
    print(f"{'ruleset':<40} {'players':>7} " + " ".join(f"{label + ' ms':>{max(10, len(label) + 3)}}"
                                                         for label in labels))
    for ruleset in RULESETS:
        board, expansions = ruleset
        if args.only not in ruleset_id(ruleset):
            continue
        counts = player_counts(board, expansions)
        n = args.players if args.players in counts else max(counts)
        states = positions(board, expansions, n, args.decisions)
        cells = []
        for spec, label in zip(bots, labels):
            name, options = parse_bot(spec)
            bot = make_bot(name, seed=0, **options)
            t = time.process_time()
            for s in states:
                bot.choose(view_for(bot, s))
            cells.append(f"{(time.process_time() - t) / len(states) * 1000:>{max(10, len(label) + 3)}.1f}")
        print(f"{ruleset_id(ruleset):<40} {n:>7} " + " ".join(cells), flush=True)


if __name__ == "__main__":
    main()
