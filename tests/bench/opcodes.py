"""Bytecodes executed per decision of random 4-player play through the public API, by function: a count that does
not depend on the machine's load (BENCHMARKS.md, "Issue 35: the profile first"). Not a test: run it as a script.

    python tests/bench/opcodes.py [DECISIONS]
"""
from __future__ import annotations

import collections
import random
import sys

import thurn


def count(decisions: int = 3000, warm_up: int = 300, seed: int = 3) -> tuple[collections.Counter, int]:
    """Bytecodes by (file, function) over ``decisions`` decisions after ``warm_up`` of seed ``seed``'s games."""
    counts: collections.Counter = collections.Counter()

    def tracer(frame, event, arg):
        frame.f_trace_opcodes = True
        if event == "opcode":
            counts[(frame.f_code.co_filename.rsplit("thurn/", 1)[-1], frame.f_code.co_name)] += 1
        return tracer

    names = ["A", "B", "C", "D"]
    rng, s, game = random.Random(0), thurn.new_game(names, seed=seed), 0
    for _ in range(warm_up):
        if s.is_over:
            game += 1
            s = thurn.new_game(names, seed=seed + game)
        s = s.apply(rng.choice(s.legal_actions()))
    sys.settrace(tracer)
    try:
        for _ in range(decisions):
            if s.is_over:
                game += 1
                s = thurn.new_game(names, seed=seed + game)
            s = s.apply(rng.choice(s.legal_actions()))
    finally:
        sys.settrace(None)
    return counts, decisions


if __name__ == "__main__":
    counts, n = count(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
    print(f"bytecodes a decision: {sum(counts.values()) / n:.1f}")
    for (where, name), v in counts.most_common(30):
        print(f"{v / n:8.1f}  {where}:{name}")
