"""The measurements of BENCHMARKS.md, "Issue 26: SoloPlay" (not a test: run it by hand).

    PYTHONPATH=$PWD python tests/bench/solo_bench.py --games 1000 --workers 2                      # the default reading
    PYTHONPATH=$PWD python tests/bench/solo_bench.py --games 1000 --readings --difficulty normal   # each other reading
    PYTHONPATH=$PWD python tests/bench/solo_bench.py --games 100 --bot search --workers 2
    PYTHONPATH=$PWD python tests/bench/solo_bench.py --games 200 --bot greedy --plain             # without the valuation

Each configuration (a difficulty, and the default readings or one other reading of ``thurn.expansions.solo.rules.OPTIONS``)
plays ``--games`` solo games with ``thurn.sim.simulate`` (seed ``--seed``, the same seeds for every configuration) and
prints one line: the mean score with its 95 % interval (1.96 standard errors), the ratings in % (no victory, minor,
major, complete: SoloPlay, 1), the houses left at the end, the cards on discard pile 1, how the game ended (the deck
exhausted, or a colour of houses out: SoloPlay, 6), the turns and the seconds a game. ``--plain``: the bots without
SoloPlay's valuation (as they played before it). ``--json FILE`` appends each line's figures as JSON."""
from __future__ import annotations

import argparse
import json
import sys
import time

from thurn.expansions.solo import rules as so
from thurn.expansions.solo import columns as solo_columns
from thurn.expansions.solo import valuation as solo_valuation
from thurn.expansions.solo.parts import PARTS as SOLO
from thurn.parts import register_parts
from thurn.piles import pile
from thurn.rules import Rules
from thurn.sim import simulate

RATINGS = ("no victory", "minor victory", "major victory", "complete victory")


class _Tally:
    """The end of one game: houses left, pile 1, why it ended."""

    def see(self, before, action, after):
        return None

    def row(self, state, seat):
        p = state.players[seat]
        return {"houses_left_count": p.houses_left, "pile_1": len(pile(state, so.PENALTY)),
                "ended": so.solo(state).ended or "?"}

    def game(self, state):
        return {}


class BenchColumns(solo_columns.SoloColumns):
    """SoloPlay's columns with the bench's counter."""

    def tally(self, state):
        return _Tally()


def configurations(args) -> list:
    """(label, options) of each configuration asked for."""
    diffs = [args.difficulty] if args.difficulty else list(so.OPTIONS["difficulty"][1])
    out = []
    if args.readings:
        for name, (default, allowed, _) in so.OPTIONS.items():
            if name == "difficulty":
                continue
            for value in allowed:
                if value != default:
                    for d in diffs:
                        out.append((f"{d} {name}={value}", {"difficulty": d, name: value}))
    else:
        for d in diffs:
            out.append((d, {"difficulty": d}))
    return out


def measure(label, options, args) -> dict:
    rules = Rules(expansions=("solo",), options=options)
    t0 = time.perf_counter()
    sim = simulate(args.games, bots=args.bot, players=["Ann"], rules=rules, seed=args.seed, workers=args.workers,
                   on_error="raise")
    secs = (time.perf_counter() - t0) / args.games
    p = sim.players
    tot = p["total"]
    n = len(tot)
    mean = float(tot.mean())
    ci = 1.96 * float(tot.std()) / n ** 0.5
    ratings = {r: 100.0 * float((p["rating"] == r).mean()) for r in RATINGS}
    ended = {e: 100.0 * float((p["ended"] == e).mean()) for e in ("deck", "houses")}
    out = {"config": label, "bot": args.bot + (" (plain)" if args.plain else ""), "games": n, "mean": round(mean, 2),
           "ci95": round(ci, 2), "median": float(tot.median()),
           "ratings": {k: round(v, 1) for k, v in ratings.items()},
           "items": {k: round(float(p[k].mean()), 2) for k in ("tiles", "coach_sets", "houses_left",
                                                                "discard_penalty")},
           "houses_left_count": round(float(p["houses_left_count"].mean()), 2),
           "pile_1": round(float(p["pile_1"].mean()), 2), "ended": {k: round(v, 1) for k, v in ended.items()},
           "turns": round(float(p["turns"].mean()), 1), "routes": round(float(p["routes_scored"].mean()), 1),
           "seconds_a_game": round(secs, 3)}
    return out


def line(r: dict) -> str:
    rt = r["ratings"]
    it = r["items"]
    return (f"{r['config']:<34} {r['bot']:<7} n={r['games']:<5} {r['mean']:6.2f} ±{r['ci95']:.2f}  "
            f"none/minor/major/complete {rt['no victory']:.1f}/{rt['minor victory']:.1f}/"
            f"{rt['major victory']:.1f}/{rt['complete victory']:.1f} %  "
            f"tiles {it['tiles']:.1f} coach {it['coach_sets']:.1f} houses {it['houses_left']:.1f} "
            f"pile1 {it['discard_penalty']:.1f}  left {r['houses_left_count']:.1f} houses, pile 1 {r['pile_1']:.1f} "
            f"cards, ended deck/houses {r['ended']['deck']:.0f}/{r['ended']['houses']:.0f} %  "
            f"turns {r['turns']:.1f} routes {r['routes']:.1f}  {r['seconds_a_game']:.3f} s/game")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=26)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--bot", default="greedy")
    ap.add_argument("--difficulty", choices=so.OPTIONS["difficulty"][1])
    ap.add_argument("--readings", action="store_true", help="each other reading of OPTIONS instead of the defaults")
    ap.add_argument("--plain", action="store_true", help="the bots without SoloPlay's valuation")
    ap.add_argument("--json", help="append each configuration's figures to this file (JSON lines)")
    args = ap.parse_args(argv)
    solo_columns.PARTS = BenchColumns()         # the bench's counter (and, with --plain, no valuation) in SoloPlay's
    if args.plain:                              # layers, read again by the registry
        solo_valuation.PARTS = None
    register_parts(SOLO)
    for label, options in configurations(args):
        r = measure(label, options, args)
        print(line(r), flush=True)
        if args.json:
            with open(args.json, "a", encoding="utf-8") as f:
                f.write(json.dumps(r) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
