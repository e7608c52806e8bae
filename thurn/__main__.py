"""The command line: ``python -m thurn simulate ...`` and ``python -m thurn bench ...`` (``--help`` for each)."""
from __future__ import annotations

import argparse
import sys

DESCRIPTION = "thurn: a rules engine for the board game Thurn und Taxis."
EPILOG = """examples:
  python -m thurn simulate --players 4 --games 100 --seed 1
  python -m thurn simulate --players 2 --games 500 --csv games.csv --progress
  python -m thurn bench
  python -m thurn bench --seconds 3
  python -m thurn bench --what answers --positions 500"""


def _positive_int(text):
    n = int(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"should be 1 or more, not {n}")
    return n


def _players(text):
    n = int(text)
    if not 2 <= n <= 4:
        raise argparse.ArgumentTypeError(f"Thurn und Taxis is for 2 to 4 players, not {n}")
    return n


def _seconds(text):
    x = float(text)
    if not x > 0:
        raise argparse.ArgumentTypeError(f"should be more than 0, not {text}")
    return x


def build_parser() -> argparse.ArgumentParser:
    from . import __version__

    parser = argparse.ArgumentParser(prog="python -m thurn", description=DESCRIPTION, epilog=EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"thurn {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    sim = sub.add_parser(
        "simulate", help="play many games between random bots and summarise the results",
        description="Play GAMES games between random bots (uniform among the legal actions) and print the mean, "
                    "minimum and maximum score and turns per player, and the share of wins by seat. The run is "
                    "deterministic for a seed; --csv writes one row per game and player.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    sim.add_argument("--players", type=_players, default=4, help="players per game (2 to 4)")
    sim.add_argument("--games", type=_positive_int, default=100, help="number of games")
    sim.add_argument("--seed", type=int, default=0, help="seed of the whole run (each game's seed derives from it)")
    sim.add_argument("--csv", metavar="PATH", help="also write the per-game, per-player table to this CSV file")
    sim.add_argument("--progress", action="store_true", help="show a progress bar")

    b = sub.add_parser(
        "bench", help="measure the engine's speed under random play",
        description="Random play through the public API (legal_actions + apply, uniform random choice) with 2 and "
                    "4 players, SECONDS each: complete games per second, player-turns per second and "
                    "legal-action calls per second, with the Python version and the machine.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    b.add_argument("--seconds", type=_seconds, default=10.0,
                   help="time for each player count (whole games are played, so a little more)")
    b.add_argument("--players", type=_players, nargs="+", default=[2, 4], help="player counts to measure")
    b.add_argument("--seed", type=int, default=0, help="seed of the games and of the random choices")
    b.add_argument("--what", nargs="+", choices=["play", "answers", "map", "apps"],
                   default=["play", "answers", "map", "apps"],
                   help="play: random games; answers: the what-if answers the apps give on each click "
                        "(route_options, score_outcomes); map: drawing the plotly map and refreshing a "
                        "FigureWidget; apps: one click in the Play app and in the RouteExplorer, in-process; "
                        "all but play over positions from random games")
    b.add_argument("--positions", type=_positive_int, default=300, help="positions timed for 'answers'")
    return parser


def summary(df) -> str:
    """The text summary of a :func:`thurn.sim.simulate` table."""
    import pandas as pd

    games = df["game"].nunique()
    players = df["seat"].nunique()
    stats = pd.DataFrame({
        "mean": [df["total"].mean(), df["turns"].mean()],
        "min": [df["total"].min(), df["turns"].min()],
        "max": [df["total"].max(), df["turns"].max()],
    }, index=["score", "turns"])
    wins = df[df["winner"]].groupby("seat").size().reindex(range(players), fill_value=0)
    by_seat = pd.DataFrame({"wins": wins, "share": wins / games,
                            "mean score": df.groupby("seat")["total"].mean()})
    by_seat.index.name = "seat"
    ended = df.drop_duplicates("game")["ended_by"].isna().sum()
    lines = [f"{games} games, {players} players (random bots)", "",
             "per player:", stats.to_string(float_format=lambda x: f"{x:.2f}"), "",
             "wins by seat:", by_seat.to_string(formatters={"share": "{:.1%}".format,
                                                            "mean score": "{:.2f}".format})]
    if ended:
        lines += ["", f"{ended} game(s) ended without anyone triggering the end"]
    return "\n".join(lines)


def cmd_simulate(args) -> int:
    from .sim import simulate

    df = simulate(args.games, players=args.players, seed=args.seed, progress=args.progress)
    print(summary(df))
    if args.csv:
        df.to_csv(args.csv, index=False)
        print(f"\nwrote {len(df)} rows to {args.csv}")
    return 0


def cmd_bench(args) -> int:
    from . import __version__
    from .sim import machine_info

    m = machine_info()
    print(f"thurn {__version__} bench: {', '.join(args.what)}")
    print(f"Python {m['python']} ({m['implementation']}) on {m['platform']}, {m['machine']}, "
          f"{m['cpu_count']} CPUs")
    if "play" in args.what:
        _bench_play(args)
    if "answers" in args.what:
        _bench_answers(args, "answers")
    if "map" in args.what:
        _bench_answers(args, "map")
    if "apps" in args.what:
        _bench_answers(args, "apps")
    return 0


def _bench_play(args) -> None:
    from .sim import bench

    print()
    print(f"random play through the public API (legal_actions + apply), about {args.seconds:g} s per player count:")
    header = f"{'players':>7} {'games':>6} {'seconds':>8} {'games/s':>9} {'player-turns/s':>15} " \
             f"{'legal_actions/s':>16} {'apply/s':>10}"
    print(header)
    for n in args.players:
        r = bench(n, args.seconds, seed=args.seed)
        print(f"{n:>7} {r['games']:>6} {r['seconds']:>8.1f} {r['games_per_s']:>9.2f} {r['turns_per_s']:>15,.0f} "
              f"{r['legal_calls_per_s']:>16,.0f} {r['applies_per_s']:>10,.0f}", flush=True)


def _bench_answers(args, what: str) -> None:
    from .sim import bench_answers, bench_apps, bench_map

    print()
    if what == "answers":
        print(f"what-if answers over {args.positions} positions of random 4-player games (milliseconds each):")
        results = bench_answers(args.positions, 4, args.seed)
    elif what == "map":
        print(f"the map over {args.positions} positions of random 4-player games (milliseconds each):")
        results = bench_map(args.positions, 4, args.seed)
    else:
        print(f"one click in the apps, in-process, {args.positions} clicks each (milliseconds each):")
        results = bench_apps(args.positions, 4, args.seed)
    print(f"{'answer':>22} {'n':>5} {'mean':>8} {'p95':>8} {'max':>8}")
    for name, r in results.items():
        print(f"{name:>22} {r['n']:>5} {r['mean_ms']:>8.2f} {r['p95_ms']:>8.2f} {r['max_ms']:>8.2f}", flush=True)


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    return {"simulate": cmd_simulate, "bench": cmd_bench}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
