"""The command line: ``python -m thurn simulate | ladder | bench ...`` (``--help`` for each)."""
from __future__ import annotations

import argparse
import contextlib
import sys
import warnings
from pathlib import Path

DESCRIPTION = "thurn: a rules engine for the board game Thurn und Taxis."
EPILOG = """examples:
  python -m thurn simulate --players 4 --games 100 --seed 1
  python -m thurn simulate --players 2 --games 500 --csv games.csv --progress
  python -m thurn simulate --players 2 --games 1000 --bots greedy random --rotate --parquet duel.parquet
  python -m thurn simulate --bots search:iterations=16 greedy greedy greedy --games 20 --rules optional_houses
  python -m thurn ladder --games 1000 --players 2 4 --progress
  python -m thurn ladder --bots random greedy --games 200 --csv ladder.csv
  python -m thurn ladder --bots random greedy search --games 100 --players 2 4 --rungs
  python -m thurn ladder --bots random greedy --games 100 --rules expansions=solo
  python -m thurn ladder --games 1000 --scheduler tcp://192.168.1.5:8786
  python -m thurn bench
  python -m thurn bench --seconds 3
  python -m thurn bench --what answers --positions 500"""


#: The failed games ``simulate`` prints (all of them are in the errors table).
MAX_ERRORS_SHOWN = 10
#: The most seconds ``bench --seconds`` runs each measure (an hour).
MAX_SECONDS = 3600.0
#: The most positions, clicks or decisions a benchmark times.
MAX_POSITIONS = 100_000


def _expansions() -> tuple:
    """The names of the expansions (the variants registered with their parts: thurn.expansions)."""
    from .parts import PARTS
    from .variants import REGISTRY
    return tuple(n for n in PARTS if n in REGISTRY)


def _expansions_in_words(names: bool = True) -> str:
    """'messenger (The Princess' Messenger), offices (...)' or, without ``names``, their titles alone."""
    from .variants import REGISTRY
    return ", ".join(f"{n} ({REGISTRY[n].rule_source})" if names else REGISTRY[n].rule_source for n in _expansions())

def _int(text) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"should be a whole number, not {text!r}") from None


def _positive_int(text, most=None, what=""):
    n = _int(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"should be 1 or more, not {n}")
    if most is not None and n > most:
        raise argparse.ArgumentTypeError(f"should be at most {most:,}{what}, not {n:,}")
    return n


def _games(text):
    from .sim import MAX_GAMES

    return _positive_int(text, MAX_GAMES, " games in one run (run several with different seeds)")


def _workers(text):
    from .sim import MAX_WORKERS

    return _positive_int(text, MAX_WORKERS, " processes")


def _positions(text):
    return _positive_int(text, MAX_POSITIONS)


def _players(text):
    n = _int(text)
    if not 2 <= n <= 4:
        raise argparse.ArgumentTypeError(f"Thurn und Taxis is for 2 to 4 players, not {n}")
    return n


def _table_sizes() -> tuple[frozenset, str]:
    """The player counts a simulation may ask for, and the words that say them: an installed board's (its
    ``players``), or an expansion's own range (``Variant.players``: a ruleset for fewer players than the boards
    take). The rules check the count against the game's board and expansions."""
    from .board_file import available_boards, installed_board
    from .variants import REGISTRY

    ranges = [b.players for b in map(installed_board, available_boards()) if b is not None]
    lo, hi = min(r[0] for r in ranges), max(r[1] for r in ranges)
    sizes, own = set(range(lo, hi + 1)), []
    for name in _expansions():
        players = REGISTRY[name].players
        if players is not None and not lo <= players[0] <= players[1] <= hi:
            sizes.update(range(players[0], players[1] + 1))
            count = str(players[0]) if players[0] == players[1] else f"{players[0]} to {players[1]}"
            own.append(f"{count} under {REGISTRY[name].rule_source}")
    return frozenset(sizes), f"{lo} to {hi} players" + (f" ({', '.join(own)})" if own else "")


def _table_size(text):
    """A simulation's player count: one that a board or an expansion takes (:func:`_table_sizes`)."""
    n = _int(text)
    sizes, words = _table_sizes()
    if n not in sizes:
        raise argparse.ArgumentTypeError(f"Thurn und Taxis is for {words}, not {n}")
    return n


def _seconds(text):
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"should be a number of seconds, not {text!r}") from None
    if not 0 < x <= MAX_SECONDS:                # refuses nan, inf and negative times too
        raise argparse.ArgumentTypeError(f"should be more than 0 and at most {MAX_SECONDS:g} seconds, not {text}")
    return x


def _seed(text):
    return _int(text)


WHAT = ("play", "bots", "parallel", "answers", "routes", "map", "apps")
WHAT += ("review",)     # the game review of a 20-round game and of a 3-player one with both expansions (_bench_review)


def _scheduler_argument(parser) -> None:
    parser.add_argument("--scheduler", metavar="ADDRESS", default=None,
                        help="play on the Dask cluster of this scheduler (tcp://host:8786, as `dask scheduler` prints "
                             "it; not with --workers); default: DASK_SCHEDULER_ADDRESS as Dask reads it, else this "
                             "machine (needs pip install 'thurn[dask]'; thurn.cluster)")


def build_parser() -> argparse.ArgumentParser:
    from . import __version__

    parser = argparse.ArgumentParser(prog="python -m thurn", description=DESCRIPTION, epilog=EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"thurn {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    sim = sub.add_parser(
        "simulate", help="play many games between bots and summarise the results",
        description="Play GAMES games between bots (random by default) and print the mean, minimum and maximum "
                    "score and turns per player, the share of wins by seat, and wins and mean score by bot when "
                    "the bots differ. The run is deterministic for a seed, whatever --workers. --csv and "
                    "--parquet write two tables: one row per game and player to PATH, and one row per game to "
                    "PATH with '-games' before the suffix (out.csv and out-games.csv); see thurn.sim.simulate "
                    "for the columns.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    sim.add_argument("--players", type=_table_size, default=4,
                     help="players per game (as many as the board takes, or an expansion for fewer; the rules "
                          "check it)")
    sim.add_argument("--games", type=_games, default=100, help="number of games")
    sim.add_argument("--seed", type=_seed, default=0, help="seed of the whole run (each game's seed derives from it)")
    sim.add_argument("--bots", nargs="+", metavar="BOT", default=["random"],
                     help="one bot for every seat, or one per seat in seat order: a level (beginner, casual, "
                          "club, expert, master: thurn.bots.levels) or a bot, random, greedy or search, with "
                          "options as NAME:KEY=VALUE,... (e.g. search:iterations=16)")
    sim.add_argument("--rules", nargs="+", metavar="OPTION", default=["base"],
                     help="rule options: a true/false option by its name to switch it on (optional_houses, "
                          "all_provinces_includes_baiern, carriage_compulsory, hand_limit_at_most, "
                          "postal_carrier_may_restart), or KEY=VALUE (board=NAME, expansions=A+B); "
                          "base: the base game")
    sim.add_argument("--board", metavar="NAME", default=None,
                     help="the board to play on (a board of data/, e.g. northern: Power and Glory's northern "
                          "board); the same as --rules board=NAME")
    sim.add_argument("--rotate", action="store_true",
                     help="turn the seating by one seat each game, so that each bot sits in each seat equally "
                          "often")
    sim.add_argument("--workers", type=_workers, default=None,
                     help="processes to play on (1: in this process; None: every core)")
    _scheduler_argument(sim)
    sim.add_argument("--csv", metavar="PATH",
                     help="write the per-player table to PATH and the per-game table to PATH with -games before the "
                          "suffix (CSV)")
    sim.add_argument("--parquet", metavar="PATH",
                     help="the same tables as Parquet files (needs pyarrow)")
    sim.add_argument("--progress", action="store_true", help="show a progress bar")

    lad = sub.add_parser(
        "ladder", help="a round-robin league of bots rated on the Elo scale, with 95%% confidence intervals",
        description="Play a round robin of --bots (weakest first) at each table size of --players, seats rotated "
                    "each game: heads-up every two bots, and at three or four players each bot alone against copies "
                    "of each other bot; rate them on the Elo scale (Luce's choice model, Bradley-Terry heads-up, "
                    "fitted with choix; the first bot at 0) with 95% confidence intervals and the gap between "
                    "neighbours, and print each lineup's share won (thurn.league). --rungs: instead, each bot "
                    "against the one below it (thurn.ladder). Rules for one player (SoloPlay: a rating, no winner): "
                    "each bot's score and rating distribution at each difficulty (thurn.alone).",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    lad.add_argument("--bots", nargs="+", metavar="BOT", default=None,
                     help="the bots, weakest first, as for simulate --bots (default: the levels, beginner to master; "
                          "with Expert and Master, pass a --games that fits your time)")
    lad.add_argument("--games", type=_games, default=1000,
                     help="games per lineup (per rung with --rungs; per bot and difficulty for one player)")
    lad.add_argument("--players", type=_players, nargs="+", default=[2, 4], help="table sizes")
    lad.add_argument("--seed", type=_seed, default=0,
                     help="seed of the games (each lineup's and each difficulty's drawn from it; every rung's with "
                          "--rungs)")
    lad.add_argument("--workers", type=_workers, default=None,
                     help="processes to play on (1: in this process; None: every core)")
    _scheduler_argument(lad)
    lad.add_argument("--expansions", nargs="+", metavar="NAME", default=None,
                     help=f"play the league with these expansions on: {_expansions_in_words()}")
    lad.add_argument("--board", metavar="NAME", default=None,
                     help="the board of the league (e.g. northern: Power and Glory is played there, and the base game "
                          "on it is the expansion's variant 'The game using the base game rules'); the same as "
                          "--rules board=NAME")
    lad.add_argument("--rules", nargs="+", metavar="OPTION", default=None,
                     help="rule options as for simulate --rules (KEY=VALUE: board=NAME, expansions=A+B; "
                          "base: the base game)")
    lad.add_argument("--csv", metavar="PATH",
                     help="also write the table to this CSV file: the ratings (and each lineup's result beside it, "
                          "PATH-lineups.csv), the rungs with --rungs, the scores for one player")
    lad.add_argument("--rungs", action="store_true",
                     help="play each bot against the one below it only, as [upper, lower] and [upper, lower, lower, "
                          "lower], and print the share the upper bot wins (no ratings)")
    lad.add_argument("--difficulties", nargs="+", metavar="NAME", default=None,
                     help="rules for one player: the difficulties to play (default: every one, or the one --rules "
                          "names)")
    lad.add_argument("--progress", action="store_true", help="show progress bars")

    b = sub.add_parser(
        "bench", help="measure the engine's and the bots' speed",
        description="Random play through the public API (legal_actions + apply, uniform random choice) with 2 and "
                    "4 players, SECONDS each: complete games per second, player-turns per second and "
                    "decisions per second, beside the lean playout of the same base game (thurn.lean, SECONDS "
                    "more) and the ratio of their player-turns per second; the same for games between GreedyBots; the SearchBot's "
                    "decisions per second; and GAMES greedy games on every core (thurn.sim.simulate), wall "
                    "time. With the Python version and the machine.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    b.add_argument("--seconds", type=_seconds, default=10.0,
                   help="time for each player count (whole games are played, so a little more)")
    b.add_argument("--players", type=_players, nargs="+", default=[2, 4], help="player counts to measure")
    b.add_argument("--seed", type=_seed, default=0, help="seed of the games and of the random choices")
    b.add_argument("--expansions", nargs="+", metavar="NAME", default=None,
                   help=f"bots: play the GreedyBot games with these expansions on too ({', '.join(_expansions())})")
    b.add_argument("--what", nargs="+", choices=WHAT, default=list(WHAT),
                   help="play: random games, the engine's and the lean playout's; bots: greedy games (each player count) and search decisions; "
                        "parallel: GAMES greedy 4-player games with simulate on WORKERS processes; answers: the "
                        "what-if answers the apps give on each click (route_options, score_outcomes); routes: "
                        "route_options' best 50 on random hands of 10 to 22 distinct cities (POSITIONS // 30 hands "
                        "per size, at least 3); map: "
                        "drawing the plotly map and refreshing a FigureWidget; apps: one click in the Play app "
                        "and in the RouteExplorer, in-process; answers, map and apps over positions from random "
                        "games")
    b.add_argument("--positions", type=_positions, default=300, help="positions timed for 'answers'")
    b.add_argument("--decisions", type=_positions, default=20,
                   help="search-bot decisions timed for 'bots' (positions of greedy 4-player games)")
    b.add_argument("--games", type=_games, default=1000, help="greedy 4-player games for 'parallel'")
    b.add_argument("--workers", type=_workers, default=None, help="processes for 'parallel' (None: every core)")
    b.add_argument("--reviews", type=_games, default=3,
                   help="review: games reviewed of each kind (2-player search-bot games of 20 rounds; 3-player "
                        "greedy games with both expansions) (thurn.game_review.review_game)")
    return parser


def _bots_text(players) -> str:
    """Which bots played: ``random bots`` when all are the same, else the lineup in seat order."""
    lineup = players.drop_duplicates("lineup").sort_values("lineup")["bot"].tolist()
    if len(set(lineup)) == 1:
        return f"{lineup[0]} bots"
    rotated = players.groupby("lineup")["seat"].nunique().max() > 1
    return "bots " + ", ".join(lineup) + (", seats rotated" if rotated else "")


def _rules_line(sim) -> list[str]:
    """The line naming the rules played, in words ("rules: The Audience with The Princess' Messenger"), from the
    per-game table's ``rules`` column (none without it)."""
    from .rules import rules_in_words

    games = getattr(sim, "games", None)
    if games is None or "rules" not in games or not len(games):
        return []
    return ["rules: " + "; ".join(rules_in_words(r) for r in dict.fromkeys(games["rules"]))]


def summary(sim) -> str:
    """The text summary of a :func:`thurn.sim.simulate` result (or of its per-player table): the rules played in
    words (from the result's per-game table), the scores and turns per player, the wins by seat and by bot."""
    import pandas as pd

    df = getattr(sim, "players", sim)
    games = df["game"].nunique()
    players = df["seat"].nunique()
    stats = pd.DataFrame({
        "mean": [df["total"].mean(), df["turns"].mean()],
        "min": [df["total"].min(), df["turns"].min()],
        "max": [df["total"].max(), df["turns"].max()],
    }, index=["score", "turns"])
    formats = {"share": "{:.1%}".format, "mean score": "{:.2f}".format}
    if df["winner"].isna().all():                   # results without a winner: a rating (Result.rating)
        lines = _rated_summary(df, games, players, stats, formats)
        return "\n".join(lines[:1] + _rules_line(sim) + lines[1:])
    wins = df[df["winner"]].groupby("seat").size().reindex(range(players), fill_value=0)
    by_seat = pd.DataFrame({"wins": wins, "share": wins / games,
                            "mean score": df.groupby("seat")["total"].mean()})
    by_seat.index.name = "seat"
    ended = games - int(df.groupby("game")["ended_game"].any().sum())
    lines = [f"{games} games, {players} players ({_bots_text(df)})", *_rules_line(sim), "",
             "per player:", stats.to_string(float_format=lambda x: f"{x:.2f}"), "",
             "wins by seat:", by_seat.to_string(formatters=formats)]
    if df["bot"].nunique() > 1:
        by_bot = df.groupby("bot", sort=False).agg(seats=("seat", "size"), wins=("winner", "sum"),
                                                   mean_score=("total", "mean"))
        by_bot.insert(2, "share", by_bot["wins"] / games)
        by_bot = by_bot.rename(columns={"mean_score": "mean score"})
        lines += ["", "wins and mean score by bot (share: of the games):", by_bot.to_string(formatters=formats)]
    if ended:
        lines += ["", f"{ended} game(s) ended without anyone triggering the end"]
    return "\n".join(lines)


def _rated_summary(df, games: int, players: int, stats, formats) -> list[str]:
    """The summary's lines when the results are ratings without a winner (a ruleset's ``rating_result``): how
    often each rating came, and by bot when the bots differ."""
    lines = [f"{games} games, {players} player{'s' if players > 1 else ''} ({_bots_text(df)})", "",
             "per player:", stats.to_string(float_format=lambda x: f"{x:.2f}")]
    if "rating" in df:
        ratings = df.groupby("rating").agg(games=("game", "nunique"), mean_score=("total", "mean"))
        ratings.insert(1, "share", ratings["games"] / games)
        ratings = ratings.rename(columns={"mean_score": "mean score"}).sort_values("mean score", ascending=False)
        lines += ["", "ratings:", ratings.to_string(formatters=formats)]
    if df["bot"].nunique() > 1:
        by_bot = df.groupby("bot", sort=False).agg(seats=("seat", "size"), mean_score=("total", "mean"))
        lines += ["", "mean score by bot:", by_bot.rename(columns={"mean_score": "mean score"})
                  .to_string(formatters=formats)]
    return lines


def tables_paths(path) -> tuple[Path, Path]:
    """Where ``--csv``/``--parquet PATH`` writes: the per-player table to PATH, the per-game table beside it
    with ``-games`` before the suffix (``out.csv`` -> ``out-games.csv``)."""
    path = Path(path)
    return path, path.with_name(f"{path.stem}-games{path.suffix}")


def _fail(command: str, message) -> int:
    """A clean one-line error on stderr, and the exit code of a misuse (2)."""
    print(f"python -m thurn {command}: error: {message}", file=sys.stderr)
    return 2


def check_output(path, what: str = "--csv") -> str | None:
    """Why ``path`` cannot be written (its folder is missing or not writable, or it is a folder), or None.
    Checked before a run, so that no run is lost at its end."""
    import os

    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        return f"{what} {path} is a folder; give a file name, e.g. {path / 'games.csv'}"
    if not folder.is_dir():
        return f"{what} {path}: the folder {folder} does not exist (create it first)"
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return f"{what} {path}: cannot write there (no permission)"
    return None


def cmd_simulate(args) -> int:
    from .errors import ThurnError
    from .rules import parse_rules
    from .sim import SimulationInterrupted, SimulationWarning, describe_error, simulate

    for option, path in (("--csv", args.csv), ("--parquet", args.parquet)):
        for p in tables_paths(path) if path else ():
            problem = check_output(p, option)
            if problem:
                return _fail("simulate", problem)
    if args.parquet:
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            return _fail("simulate", "--parquet needs pyarrow (pip install pyarrow); --csv needs nothing more")
    bots = args.bots[0] if len(args.bots) == 1 else args.bots
    try:
        with warnings.catch_warnings(), _cluster("simulate", args) as client:
            warnings.simplefilter("ignore", SimulationWarning)      # the failed games are printed below
            sim = simulate(args.games, bots=bots, players=args.players, rules=parse_rules(_with_board(args)),
                           seed=args.seed, rotate=args.rotate, workers=args.workers, executor=client,
                           progress=args.progress)
    except ThurnError as e:
        return _fail("simulate", e)
    except SimulationInterrupted as e:              # Ctrl-C: the games finished are summed up, nothing written
        if len(e.simulation.games):
            print(summary(e.simulation))
        print(f"python -m thurn simulate: interrupted after {len(e.simulation.games)} of {args.games} games "
              f"(summed up above; no table written)", file=sys.stderr)
        return 130
    if len(sim.games):
        print(summary(sim))
    else:
        print(f"no game of {args.games} finished")
    for path, write in ((args.csv, "to_csv"), (args.parquet, "to_parquet")):
        if path:
            players_path, games_path = tables_paths(path)
            getattr(sim.players, write)(players_path, index=False)
            getattr(sim.games, write)(games_path, index=False)
            print(f"\nwrote {len(sim.players)} rows to {players_path} and {len(sim.games)} to {games_path}")
            if len(sim.errors):
                errors_path = players_path.with_name(f"{players_path.stem}-errors{players_path.suffix}")
                getattr(sim.errors, write)(errors_path, index=False)
                print(f"wrote the {len(sim.errors)} failed games to {errors_path}")
    if len(sim.errors):
        shown = sim.errors.head(MAX_ERRORS_SHOWN)
        print(f"\npython -m thurn simulate: {len(sim.errors)} of {args.games} games failed and are left out of the "
              f"tables:", file=sys.stderr)
        for _, row in shown.iterrows():
            print(f"  {describe_error(row)}", file=sys.stderr)
        if len(sim.errors) > len(shown):
            print(f"  ... and {len(sim.errors) - len(shown)} more", file=sys.stderr)
        return 1
    return 0


def _with_board(args):
    """The rule options of ``--rules`` with ``--board NAME`` as ``board=NAME`` (None: neither given); a board named
    twice is refused (a clear error, not the last one winning)."""
    rules = list(args.rules) if args.rules is not None else None
    if args.board is None:
        return rules
    if any(str(r).split("=", 1)[0].strip().lower() == "board" for r in rules or ()):
        from .errors import SimulationError
        raise SimulationError("the board is named twice (--board and --rules board=...); name it once.",
                              "board_twice")
    return [r for r in rules or () if r != "base"] + [f"board={args.board}"]


@contextlib.contextmanager
def _cluster(command: str, args):
    """The Dask client of ``--scheduler`` (else of ``DASK_SCHEDULER_ADDRESS``) for the run, closed after it, or None
    (this machine); a line on stderr says where the games are played (:func:`thurn.cluster.cluster`)."""
    from .cluster import cluster, describe

    with cluster(args.scheduler, args.workers) as client:
        if client is not None:
            print(f"python -m thurn {command}: playing on the Dask cluster at {client.scheduler.address} "
                  f"({describe(client)})", file=sys.stderr)
        yield client


def cmd_ladder(args) -> int:
    from .alone import alone, plays_alone
    from .errors import ThurnError
    from .ladder import LADDER, format_ladder, ladder, league_rules
    from .league import format_league, league
    from .rules import parse_rules

    bots = args.bots or list(LADDER)
    if args.csv:
        problem = check_output(args.csv)
        if problem:
            return _fail("ladder", problem)
    try:
        rules = _with_board(args)
        rules = league_rules(parse_rules(rules) if rules is not None else None, args.expansions)
        alone_rules = plays_alone(rules)
        if alone_rules and args.rungs:
            return _fail("ladder", "--rungs ranks bots by their wins; rules for one player have no winner "
                                   "(leave --rungs out for each bot's scores and ratings)")
        if not alone_rules and args.difficulties is not None:
            return _fail("ladder", "--difficulties is for rules for one player (e.g. --rules expansions=solo)")
        with _cluster("ladder", args) as client:
            options = dict(seed=args.seed, workers=args.workers, executor=client, progress=args.progress,
                           rules=rules)
            if alone_rules:
                df = alone(bots, games=args.games, difficulties=args.difficulties, **options)
            elif args.rungs:
                df = ladder(bots, games=args.games, players=args.players, **options)
            else:
                result = league(bots, games=args.games, players=args.players, **options)
        if alone_rules:
            return _print_alone(args, bots, df, rules)
    except ThurnError as e:
        return _fail("ladder", e)
    if args.rungs:
        print(f"the ladder: {' < '.join(bots)}; {args.games} games per rung, seats rotated, seed {args.seed}")
        if "rules" in df and len(df) and set(df["rules"]) == {"base"}:
            print("rules: the base game")             # (other rules: format_ladder's first line names them)
        print("(share: games the upper bot won; score and turns: mean per player, upper/lower)")
        print(format_ladder(df))
        if args.csv:
            df.to_csv(args.csv, index=False)
            print(f"\nwrote {len(df)} rungs to {args.csv}")
        return 0
    ratings, tables = result
    print(f"the league: {', '.join(bots)}; {args.games} games a lineup, seats rotated, seed {args.seed}")
    if len(tables) and set(tables["rules"]) == {"base"}:
        print("rules: the base game")                 # (other rules: format_league's first line names them)
    print(f"(Elo: 400 points are 10:1 odds heads-up, {bots[0]} at 0; 95% CI from the fit's curvature; "
          f"games: seats played; share: of those won; fit: the share the ratings give a lineup; score: mean per "
          f"player, bot/against)")
    print(format_league(result))
    if args.csv:
        ratings.to_csv(args.csv, index=False)
        path = Path(args.csv)
        beside = path.with_name(f"{path.stem}-lineups{path.suffix or '.csv'}")
        tables.to_csv(beside, index=False)
        print(f"\nwrote {len(ratings)} ratings to {args.csv} and {len(tables)} lineups to {beside}")
    return 0


def _print_alone(args, bots, df, rules) -> int:
    """The table of bots playing alone (rules for one player), and its CSV file."""
    from .alone import format_alone
    from .rules import rules_in_words

    print(f"alone: {', '.join(bots)}; {args.games} games each a difficulty (the same deals for every bot), "
          f"seed {args.seed}")
    print(f"rules: {rules_in_words(rules)} (one player: a score and its rating, no winner; --players "
          f"is not used)")
    print("(score: mean, sd, least, quartiles, most; then the share of games of each rating)")
    print(format_alone(df))
    if args.csv:
        df.to_csv(args.csv, index=False)
        print(f"\nwrote {len(df)} rows to {args.csv}")
    return 0


def cmd_bench(args) -> int:
    from . import __version__
    from .bench import machine_info

    m = machine_info()
    print(f"thurn {__version__} bench: {', '.join(args.what)}")
    print(f"Python {m['python']} ({m['implementation']}) on {m['platform']}, {m['machine']}, "
          f"{m['cpu_count']} CPUs")
    if "play" in args.what:
        _bench_play(args)
    if "bots" in args.what:
        _bench_bots(args)
    if "parallel" in args.what:
        _bench_parallel(args)
    if "answers" in args.what:
        _bench_answers(args, "answers")
    if "routes" in args.what:
        _bench_answers(args, "routes")
    if "map" in args.what:
        _bench_answers(args, "map")
    if "apps" in args.what:
        _bench_answers(args, "apps")
    if "review" in args.what:
        _bench_review(args)
    return 0


def _bench_play(args) -> None:
    from .bench import bench, bench_lean

    print()
    print(f"random play through the public API (engine: legal_actions + apply) beside the lean playout (lean: "
          f"thurn.lean, the same decisions in plain Python with bit masks), about {args.seconds:g} s each per "
          f"player count; engine/lean: the ratio of their player-turns/s:")
    print(f"{'players':>7} {'playout':>7} {'games':>6} {'seconds':>8} {'games/s':>9} {'player-turns/s':>15} "
          f"{'decisions/s':>12} {'engine/lean':>12}")
    for n in args.players:
        engine = bench(n, args.seconds, seed=args.seed)
        lean = bench_lean(n, args.seconds, seed=args.seed)
        for name, r in (("engine", engine), ("lean", lean)):
            ratio = f"{engine['turns_per_s'] / lean['turns_per_s']:>12.3f}" if name == "lean" else ""
            print(f"{n:>7} {name:>7} {r['games']:>6} {r['seconds']:>8.1f} {r['games_per_s']:>9.2f} "
                  f"{r['turns_per_s']:>15,.0f} {r['decisions_per_s']:>12,.0f} {ratio}".rstrip(), flush=True)


def _bench_bots(args) -> None:
    from .bench import bench_bot, bench_search

    print()
    print(f"GreedyBot games, about {args.seconds:g} s per player count (in-process):")
    print(f"{'players':>7} {'games':>6} {'seconds':>8} {'games/s':>9} {'player-turns/s':>15} {'decisions/s':>12}")
    for n in args.players:
        r = bench_bot("greedy", n, args.seconds, seed=args.seed)
        print(f"{n:>7} {r['games']:>6} {r['seconds']:>8.1f} {r['games_per_s']:>9.2f} {r['turns_per_s']:>15,.0f} "
              f"{r['decisions_per_s']:>12,.0f}", flush=True)
    if getattr(args, "expansions", None):
        rules = {"expansions": list(args.expansions)}
        print()
        print(f"GreedyBot games with {'+'.join(args.expansions)}, about {args.seconds:g} s per player count:")
        print(f"{'players':>7} {'games':>6} {'seconds':>8} {'games/s':>9} {'player-turns/s':>15} {'decisions/s':>12}")
        for n in args.players:
            r = bench_bot("greedy", n, args.seconds, seed=args.seed, rules=rules)
            print(f"{n:>7} {r['games']:>6} {r['seconds']:>8.1f} {r['games_per_s']:>9.2f} "
                  f"{r['turns_per_s']:>15,.0f} {r['decisions_per_s']:>12,.0f}", flush=True)
    print()
    r = bench_search(args.decisions, 4, args.seed)
    print(f"SearchBot decisions over {r['n']} positions of greedy 4-player games, {r['bot']}:")
    print(f"{'decisions/s':>12} {'mean ms':>8} {'p95 ms':>8} {'max ms':>8}")
    print(f"{r['decisions_per_s']:>12.2f} {r['mean_ms']:>8.1f} {r['p95_ms']:>8.1f} {r['max_ms']:>8.1f}", flush=True)


def _bench_parallel(args) -> None:
    from .bench import bench_parallel

    print()
    r = bench_parallel(args.games, "greedy", 4, args.workers, args.seed)
    print(f"{r['games']} greedy 4-player games with thurn.sim.simulate on {r['workers']} processes "
          f"(load average before: {r['load']:.2f}):")
    print(f"{'workers':>7} {'games':>6} {'seconds':>8} {'games/s':>9} {'player-turns/s':>15} {'turns/player':>13}")
    print(f"{r['workers']:>7} {r['games']:>6} {r['seconds']:>8.1f} {r['games_per_s']:>9.2f} "
          f"{r['turns_per_s']:>15,.0f} {r['turns_per_player']:>13.1f}", flush=True)


def _bench_answers(args, what: str) -> None:
    from .bench import bench_answers, bench_apps, bench_map, bench_routes

    print()
    if what == "routes":
        hands = max(3, args.positions // 30)
        print(f"route_options' best 50 on {hands} random hands of each size (milliseconds each; exact: the list is "
              f"sure to be the best 50; complete: every route counted):")
        results = bench_routes(hands, args.seed)
        print(f"{'hand':>22} {'n':>5} {'mean':>8} {'p95':>8} {'max':>8} {'exact':>6} {'complete':>9}")
        for name, r in results.items():
            print(f"{name:>22} {r['n']:>5} {r['mean_ms']:>8.2f} {r['p95_ms']:>8.2f} {r['max_ms']:>8.2f} "
                  f"{r['exact']:>6.0%} {r['complete']:>9.0%}", flush=True)
        return
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


def _bench_review(args) -> None:
    from .bench import bench_review

    cases = (("2-player games between search bots, 20 rounds each (the base game)", "search", 2, None),
             (f"3-player games between greedy bots with every expansion ({_expansions_in_words(False)}), "
              "whole games", "greedy", 3, {"expansions": list(_expansions())}))
    for what, game_bot, players, rules in cases:
        print()
        print(f"the game review (thurn.game_review.review_game) of the first player of {args.reviews} {what}; the "
              f"review's default budget:")
        r = bench_review(args.reviews, 20 if players == 2 else 40, args.seed, game_bot, players, rules)
        print(f"{'game':>5} {'turns':>6} {'actions':>8} {'decisions':>10} {'table s':>8} {'expected s':>11} "
              f"{'total s':>8} {'CPU s':>6}")
        for i, g in enumerate(r["games"]):
            print(f"{i:>5} {g['turns']:>6} {g['actions']:>8} {g['decisions']:>10} {g['table_s']:>8.2f} "
                  f"{g['expected_s']:>11.2f} {g['total_s']:>8.2f} {g['cpu_s']:>6.2f}", flush=True)
        print(f"mean {r['mean_total_s']:.2f} s (CPU {r['mean_cpu_s']:.2f} s), max {r['max_total_s']:.2f} s per review "
              f"(goal: under 10 s); load average before: {r['load']:.2f}")


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return {"simulate": cmd_simulate, "ladder": cmd_ladder, "bench": cmd_bench}[args.command](args)
    except KeyboardInterrupt:
        print(f"python -m thurn {args.command}: interrupted", file=sys.stderr)
        return 130
    except ImportError as e:            # bench --what map/apps without the notebook extra: say which extra
        print(f"python -m thurn {args.command}: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
