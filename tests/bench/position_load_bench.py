"""The measurements of BENCHMARKS.md, "Issue 33: loading a position that must play on" (not a test: run it by hand).

    PYTHONPATH=$PWD python tests/bench/position_load_bench.py

For each ruleset with a part of its own (and the base game): a random game (seed 1) played 150 actions (or to its
end); prints the milliseconds one ``GameState.from_position`` of its position takes (the mean over 2 seconds of
loads) and one ``GameState.from_json`` of its game file (which replays the actions and loads the position)."""
from __future__ import annotations

import random
import time

import thurn

RULESETS = [({}, ["Ann", "Ben", "Cid"]), ({"expansions": ["audience"]}, ["Ann", "Ben", "Cid"]),
            ({"expansions": ["solo"]}, ["Ann"]), ({"board": "northern", "expansions": ["power_glory"]}, ["Ann", "Ben"])]


def main() -> None:
    for rules, names in RULESETS:
        s = thurn.new_game(names, seed=1, rules=rules)
        rng = random.Random(1)
        n = 0
        while not s.is_over and n < 150:
            s = s.apply(rng.choice(s.legal_actions()))
            n += 1
        pos, text = s.position(), s.to_json()
        t, k = time.perf_counter(), 0
        while time.perf_counter() - t < 2:
            thurn.GameState.from_position(pos)
            k += 1
        per_pos = (time.perf_counter() - t) / k * 1000
        t = time.perf_counter()
        thurn.GameState.from_json(text)
        per_file = (time.perf_counter() - t) * 1000
        name = "+".join(rules.get("expansions", ())) or "base"
        print(f"{name:12s} position load {per_pos:6.2f} ms; game file of {n} actions {per_file:6.1f} ms")


if __name__ == "__main__":
    main()
