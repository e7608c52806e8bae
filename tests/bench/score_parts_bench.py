"""The measurement of BENCHMARKS.md, "Issue 33: the Score options' parts" (not a test: run it by hand).

    PYTHONPATH=$PWD python tests/bench/score_parts_bench.py

``thurn.score_outcomes`` at every score step of four seeded greedy games (base, The Audience, Power and Glory,
SoloPlay), three passes, the median milliseconds a call: as it is (each outcome with its parts,
``thurn.explore.score_parts``) and with the parts left out."""
import time, statistics
from thurn import explore
from thurn.sim import play_game

rulesets = [({}, 3), ({"expansions": ["audience"]}, 3), ({"board": "northern", "expansions": ["power_glory"]}, 3),
            ({"expansions": ["solo"]}, 1)]
positions = []
for rules, n in rulesets:
    end = play_game(n, bots="greedy", seed=5, rules=rules)
    s = end.root
    for a in end.history:
        if s.step == "score" and not s.is_over:
            positions.append(s)
        s = s.apply(a)
real = explore._parts
def timed():
    t = time.perf_counter()
    for s in positions:
        explore.score_outcomes(s)
    return (time.perf_counter() - t) / len(positions) * 1000
for label, fn in (("with parts", real), ("without parts", lambda *a: ())):
    explore._parts = fn
    runs = [timed() for _ in range(3)]
    print(f"{label}: {statistics.median(runs):.2f} ms per score_outcomes ({len(positions)} score steps)")
explore._parts = real
