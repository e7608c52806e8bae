"""The bots' league: a round robin at each table size, rated on the Elo scale (:mod:`thurn.ratings`).

Heads-up, every two bots play ``games`` games, ``[stronger, weaker]`` in the order given (weakest first), seats
rotated. At three or four players each bot sits alone against copies of each other bot (``[bot, other, other,
other]``), ``games`` games a lineup, seats rotated, so every two bots meet at a table both ways round. Why these
tables: each holds two strengths only, so the share the lone bot wins checks the model directly (Luce: ``w / (w +
3 w')``, the ``fit`` column beside the share won); every pair of bots is measured, each from both sides; and
``k`` bots need ``k (k - 1)`` lineups, not the ``C(k + 3, 4)`` of every table with repeats. A pairing is a
:func:`thurn.sim.simulate` run (so it plays on any executor: ``workers``, ``executor``), with its own seed drawn from
``seed``, the table size and the two bots' places: the same seed, the same tables; a bot added at the end leaves
the others' games as they were. Ties count as the rules break them (R6), like every winner in :mod:`thurn.sim`.
Rules for one player (a rating, no winner: SoloPlay) have no league: see :mod:`thurn.alone`.

    from thurn.league import league, format_league
    print(format_league(league(["random", "greedy", "search:iterations=8"], games=100, seed=1)))
"""
from __future__ import annotations

import math
from typing import NamedTuple

from .errors import SimulationError
from .ladder import check_league, league_rules, wilson

__all__ = ["league", "League", "format_league", "pairings", "pairing_seed", "MAX_LEAGUE_BOTS", "TABLE_COLUMNS"]

#: The most bots in one league (16 bots at four players are 240 lineups).
MAX_LEAGUE_BOTS = 16
#: The columns of :attr:`League.tables`, one row per lineup played.
TABLE_COLUMNS = ["players", "bot", "against", "games", "wins", "share", "ci_low", "ci_high", "if_equal", "fit",
                 "score", "against_score", "rules"]


class League(NamedTuple):
    """What :func:`league` returns: ``ratings`` (a row per table size and bot, strongest first:
    :data:`thurn.ratings.RATING_COLUMNS` after ``players``) and ``tables`` (a row per lineup:
    :data:`TABLE_COLUMNS`)."""

    ratings: "pandas.DataFrame"  # noqa: F821
    tables: "pandas.DataFrame"  # noqa: F821


def pairings(n_bots: int, players: int) -> list[tuple[int, int]]:
    """The lineups of a round robin of ``n_bots`` bots at ``players`` players, as ``(bot, other)``: the lineup
    ``[bot] + [other] * (players - 1)``. Heads-up each pair once, the later bot first; else every ordered pair."""
    if players == 2:
        return [(j, i) for i in range(n_bots) for j in range(i + 1, n_bots)]
    return [(i, j) for i in range(n_bots) for j in range(n_bots) if i != j]


def pairing_seed(seed, players: int, bot: int, other: int) -> str:
    """The seed of one pairing's :func:`thurn.sim.simulate` run (its games' seeds are in its ``seed`` column)."""
    return f"league:{seed}:{players}:{bot}:{other}"


def _labels(bots) -> list[str]:
    from .bots.spec import bot_entry

    labels = []
    for i, b in enumerate(bots):
        e = bot_entry(b, i)                     # a bad name fails now, before any game is played
        labels.append(e.label or getattr(e.what, "__name__", None) or type(e.what).__name__)
    twice = sorted({x for x in labels if labels.count(x) > 1})
    if twice:
        raise SimulationError(f"each bot plays in a league once; {', '.join(map(repr, twice))} is named twice (give "
                              f"it different options to rate two budgets).", reason="bot_twice")
    return labels


def _check(bots, games, players) -> tuple[list, list, list]:
    from .sim import MAX_GAMES

    bots = [bots] if isinstance(bots, str) else list(bots)
    if len(bots) < 2:
        raise SimulationError(f"a league needs at least two bots, weakest first (e.g. random greedy), not "
                              f"{len(bots)}: {bots!r}.", reason="ladder_needs_two_bots")
    if len(bots) > MAX_LEAGUE_BOTS:
        raise SimulationError(f"a league has at most {MAX_LEAGUE_BOTS} bots (every two of them play), not "
                              f"{len(bots)}.", reason="too_many_bots")
    labels = _labels(bots)
    players = [players] if isinstance(players, int) else list(players)
    for n in players:
        if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= 4:
            raise SimulationError(f"a league is played with 2 to 4 players, not {n!r}.")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SimulationError(f"a league plays a whole number of games a lineup, 1 or more, not {games!r}.")
    total = games * sum(len(pairings(len(bots), n)) for n in players)
    if total > MAX_GAMES:
        raise SimulationError(f"this league would play {total:,} games, more than {MAX_GAMES:,}: play fewer games a "
                              f"lineup or fewer bots.", reason="too_many_games")
    return bots, labels, players


def _table(sim, lineup: list[int], n: int):
    """The games of one pairing as ``(seats, winner)`` pairs of bot numbers (:func:`thurn.ratings.fit_ratings`)."""
    import numpy as np

    p = sim.players.sort_values(["game", "seat"])
    if not len(p):
        return []
    if p["winner"].isna().any():
        from .ladder import NO_WINNER
        raise SimulationError(NO_WINNER.format(what="these games end with a rating, not a winner"),
                              reason="ladder_needs_a_winner")
    where = np.asarray(lineup)[p["lineup"].to_numpy()].reshape(-1, n)
    won = p["winner"].to_numpy(dtype=bool).reshape(-1, n)
    return [(tuple(int(k) for k in seats), int(seats[w.argmax()])) for seats, w in zip(where, won)]


def league(bots, games: int = 1000, players=(2, 4), seed=0, progress: bool = False, expansions=None,
           **simulate_options) -> League:
    """A round robin of ``bots`` (weakest first; as :func:`thurn.sim.simulate` takes them) at each table size in
    ``players``, ``games`` games a lineup (see the module), rated with :func:`thurn.ratings.fit_ratings` (the first
    bot at 0). ``expansions`` and ``rules`` as for :func:`thurn.ladder.ladder`; the other options (``workers``,
    ``executor``, ``chunksize``, ...) go to every :func:`thurn.sim.simulate` run. At most
    :data:`MAX_LEAGUE_BOTS` bots and :data:`thurn.sim.MAX_GAMES` games in all."""
    import pandas as pd
    from tqdm.auto import tqdm

    from .ratings import RATING_COLUMNS, fit_ratings, win_chance
    from .rules import rules_text
    from .sim import column_parts, simulate

    rules = league_rules(simulate_options.pop("rules", None), expansions)
    check_league(rules)
    bots, labels, players = _check(bots, games, players)
    text = rules_text(rules)
    plan = [(n, b, o) for n in players for b, o in pairings(len(bots), n)]
    found: dict[int, list] = {n: [] for n in players}
    rows = []
    for n, b, o in tqdm(plan, disable=not progress, desc="lineups", unit="lineup"):
        lineup = [b] + [o] * (n - 1)
        sim = simulate(games, bots=[bots[k] for k in lineup], players=n, seed=pairing_seed(seed, n, b, o),
                       rotate=True, rules=rules, progress=progress, **simulate_options)
        played = _table(sim, lineup, n)
        found[n] += played
        alone = sim.players[sim.players["lineup"] == 0]
        rest = sim.players[sim.players["lineup"] != 0]
        wins = int(alone["winner"].sum())
        low, high = wilson(wins, len(played))
        rows.append({"players": n, "bot": labels[b], "against": labels[o], "games": len(played), "wins": wins,
                     "share": wins / len(played) if played else math.nan, "ci_low": low, "ci_high": high,
                     "if_equal": 1 / n, "b": b, "o": o, "score": alone["total"].mean(),
                     "against_score": rest["total"].mean(), "rules": text})
        for part in column_parts(None):     # the variants' figures, as a rung has them (ColumnParts.ladder_figures)
            rows[-1].update(part.ladder_figures(alone, rest, sim.games))
    ratings = []
    for n in players:
        fit = fit_ratings(found[n], labels)
        fit.insert(0, "players", n)
        ratings.append(fit)
        rating = dict(zip(fit["bot"], fit["rating"]))
        for r in rows:
            if r["players"] == n:
                r["fit"] = win_chance([rating[labels[r["b"]]], rating[labels[r["o"]]]], [0] + [1] * (n - 1))[0]
    ratings = pd.concat(ratings, ignore_index=True)[["players", *RATING_COLUMNS]]
    extra = [c for r in rows for c in r if c not in TABLE_COLUMNS and c not in ("b", "o")]
    return League(ratings, pd.DataFrame(rows, columns=TABLE_COLUMNS + list(dict.fromkeys(extra))))


def _interval(low: float, high: float, fmt: str = "{:+.0f}") -> str:
    if math.isnan(low):
        return ""
    if low == high:
        return "(anchor)"
    return f"{fmt.format(low)} to {fmt.format(high)}"


def format_league(result: League) -> str:
    """The league as text: for each table size the rating table (rating with its 95 % interval, the gap to the
    next bot below with its interval, seats played, wins and their share against what equal bots would get), then
    each lineup's share won with its Wilson interval and the share the ratings give it (``fit``), and the variants'
    figures when they were on (:meth:`thurn.sim.ColumnParts.ladder_text`)."""
    from .rules import rules_in_words
    from .sim import column_parts

    ratings, tables = result
    lines = []
    if len(tables) and set(tables["rules"]) != {"base"}:
        lines.append("rules: " + "; ".join(rules_in_words(r) for r in dict.fromkeys(tables["rules"])))
    for n in dict.fromkeys(ratings["players"]):
        fit = ratings[ratings["players"] == n]
        lines.append("heads-up" if n == 2 else f"{n} players (each bot alone against {n - 1} of each other bot)")
        lines.append(f"{'rank':>4} {'bot':>28} {'Elo':>6} {'95% CI':>14} {'gap below':>9} {'95% CI':>14} "
                     f"{'games':>6} {'wins':>6} {'share':>6} {'if equal':>8}")
        for r in fit.itertuples():
            gap = "" if math.isnan(r.gap) else f"{r.gap:+.0f}"
            lines.append(f"{r.rank:>4} {r.bot:>28} {r.rating:>6.0f} {_interval(r.ci_low, r.ci_high, '{:.0f}'):>14} "
                         f"{gap:>9} {_interval(r.gap_low, r.gap_high):>14} {r.games:>6} {r.wins:>6} "
                         f"{r.win_share:>6.1%} {r.if_equal:>8.0%}")
        lines.append(f"{'bot':>33} {'against':>28} {'games':>6} {'share':>6} {'95% CI':>13} {'fit':>6} "
                     f"{'score':>11}")
        for r in tables[tables["players"] == n].itertuples():
            lines.append(f"{r.bot:>33} {r.against:>28} {r.games:>6} {r.share:>6.1%} "
                         f"{f'{r.ci_low:.0%}–{r.ci_high:.0%}':>13} {r.fit:>6.1%} "
                         f"{f'{r.score:.1f}/{r.against_score:.1f}':>11}")
        extra = []
        for r in tables[tables["players"] == n].itertuples():
            parts = [t for t in (part.ladder_text(r) for part in column_parts(None)) if t]
            if parts:
                extra.append(f"{r.bot:>33} {r.against:>28}  " + "; ".join(parts))
        if extra:
            lines += ["(the expansions: mean per player, bot/against)"] + extra
        lines.append("")
    return "\n".join(lines).rstrip()
