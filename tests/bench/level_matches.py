"""The levels' matches of issue 35 on every core: one game a task, the games of all matches interleaved (so that a run
cut at ``--seconds`` is balanced), then each match's wins with a 95 % interval (Wilson), points, and CPU a game.

    PYTHONPATH=$PWD python tests/bench/level_matches.py [--seconds 265] [--out games.jsonl] [MATCH ...]

A MATCH is ``LEVEL,OPPONENT,RULESET,PLAYERS,GAMES`` (``master,club,base:audience+offices,4,12``: one Master against
three Club bots; the level's seat turns with the game); the default is the levels' check of BENCHMARKS.md: Expert
against Club and Master against Expert heads-up in the base game, Master against Club heads-up in every ruleset
with opponents and one against three in three. Each line of ``--out`` is one game (JSON).
"""
from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing as mp
import os
import time
import warnings
from collections import defaultdict

from tests.support.rulesets import RULESETS, ruleset_id


def default_matches() -> list[tuple]:
    out = [("expert", "club", "base:base", 2, 48), ("master", "expert", "base:base", 2, 48)]
    out += [("master", "club", ruleset_id(r), 2, 16) for r in RULESETS if "solo" not in r[1]]
    out += [("master", "club", rs, 4, 12) for rs in ("base:base", "base:audience+offices", "northern:power_glory")]
    return out


def play(task) -> dict:
    """One game of a match: the level in seat ``k % players``, the opponent in the others."""
    cand, opp, rs, players, k = task
    warnings.filterwarnings("ignore")
    from thurn.sim import simulate
    board, rest = rs.split(":")
    expansions = [e for e in rest.split("+") if e != "base"]
    seat = k % players
    lineup = [opp] * players
    lineup[seat] = cand
    t = time.process_time()
    sim = simulate(1, bots=lineup, players=players, rules={"board": board, "expansions": expansions},
                   seed=2000 + k, workers=1)
    p = sim.players
    me = p[p.lineup == seat].iloc[0]
    return dict(cand=cand, opp=opp, rs=rs, players=players, k=k, win=int(me["rank"] == 1), pts=float(me.total),
                opp_pts=float(p[p.lineup != seat].total.max()), cpu=time.process_time() - t)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return mid - half, mid + half


def table(rows) -> str:
    groups = defaultdict(list)
    for r in rows:
        groups[(r["cand"], r["opp"], r["players"], r["rs"])].append(r)
    lines = []
    for (c, o, n, rs), rr in sorted(groups.items()):
        k, w = len(rr), sum(r["win"] for r in rr)
        lo, hi = wilson(w, k)
        lines.append(f"{c:6} vs {o:6} {n}p {rs:40} {w:3}/{k:<3} {w / k:6.1%} ({lo:.0%}-{hi:.0%}) "
                     f"pts {sum(r['pts'] for r in rr) / k:5.1f}/{sum(r['opp_pts'] for r in rr) / k:5.1f} "
                     f"cpu/game {sum(r['cpu'] for r in rr) / k:5.1f}s")
    return "\n".join(lines)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("matches", nargs="*")
    ap.add_argument("--seconds", type=float, default=math.inf)
    ap.add_argument("--out", default=os.devnull)
    args = ap.parse_args(argv)
    matches = [(c, o, rs, int(n), int(g)) for c, o, rs, n, g in (m.split(",") for m in args.matches)] \
        or default_matches()
    per = [[(c, o, rs, n, k) for k in range(g)] for c, o, rs, n, g in matches]
    tasks = [t for group in itertools.zip_longest(*per) for t in group if t is not None]
    rows, start = [], time.time()
    with mp.Pool(os.cpu_count()) as pool, open(args.out, "w") as f:
        for r in pool.imap_unordered(play, tasks):
            rows.append(r)
            f.write(json.dumps(r) + "\n")
            f.flush()
            if time.time() - start > args.seconds:
                pool.terminate()
                break
    print(f"{len(rows)} of {len(tasks)} games in {time.time() - start:.0f} s on {os.cpu_count()} cores")
    print(table(rows))


if __name__ == "__main__":
    main()
