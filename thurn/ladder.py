"""The bots' strength ladder: each bot against the one below it, heads-up and at a table of four.

A rung is played as a :func:`thurn.sim.simulate` run with the seats rotated, so each bot sits in each seat equally
often (the first player has an edge: base rules, preparation). Heads-up the lineup is ``[upper, lower]``; at
four players it is ``[upper, lower, lower, lower]``: the upper bot against three of the one below, so equal bots
would share the wins 25 % to 75 %. The share of games the upper bot wins comes with a Wilson 95 % confidence
interval. Ties count as the rules break them (R6), like every winner in :mod:`thurn.sim`. Rules whose result is a
rating without a winner (one player, SoloPlay) have no ladder: it is refused (compare the bots' scores and
ratings with :func:`thurn.alone.alone` or :func:`thurn.sim.simulate` instead). The round robin of every two bots,
rated on the Elo scale, is :mod:`thurn.league` (what ``python -m thurn ladder`` prints; ``--rungs`` prints these).

    from thurn.ladder import ladder
    ladder(["random", "greedy"], games=200, players=(2, 4), seed=1)
"""
from __future__ import annotations

import math

from .bots.levels import LEVELS
from .errors import SimulationError

__all__ = ["ladder", "rung", "wilson", "LADDER", "format_ladder", "league_rules", "check_league"]

#: The default ladder and league: the bots' named levels, weakest first (:data:`thurn.bots.levels.LEVELS`).
LADDER = tuple(level.key for level in LEVELS)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win share ``wins / n`` (95 % for ``z = 1.96``)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def league_rules(rules=None, expansions=None):
    """The ruleset of a league: ``rules`` (as :func:`thurn.sim.simulate` takes them) with the expansions
    ``expansions`` switched on too (a name, names joined by ``+``, or a list: ``"messenger"``, ``"offices"``); an
    expansion named twice (here, or here and in ``rules``) is refused."""
    from .errors import SimulationError
    from .rules import Rules, as_rules

    rules = as_rules(rules)
    if expansions is None:
        return rules
    if isinstance(expansions, str):
        expansions = [e for e in expansions.replace(",", "+").split("+") if e.strip()]
    names = list(rules.expansions)
    for e in expansions:
        e = str(e).strip().lower()
        if e in names:
            where = "in the rules and in expansions" if e in rules.expansions else "in expansions"
            raise SimulationError(f"the expansion {e[:100]!r} is named twice ({where}); each expansion is switched "
                                  f"on once.", "expansion_twice")
        names.append(e)
    d = rules.to_dict()
    d["expansions"] = names
    return Rules.from_dict(d)


NO_WINNER = ("a ladder ranks bots by the games they win against each other, and {what}: compare the bots' "
             "scores and ratings with thurn.alone.alone (python -m thurn ladder prints them) or simulate(..., "
             "players=1) instead.")


def check_league(rules) -> None:
    """Refuse rules a ladder cannot rank bots under: rules for one player, whose result is a rating (SoloPlay)."""
    own = rules.ruleset.players
    if own is not None and own[1] < 2:
        from .rules import rules_text
        raise SimulationError(NO_WINNER.format(what=f"the rules {rules_text(rules)!r} are for one player, rated "
                                                    f"without a winner"), reason="ladder_needs_a_winner")


def rung(upper, lower, games: int, players: int = 2, seed=0, expansions=None, **simulate_options) -> dict:
    """One rung: ``upper`` against ``lower`` (bots as :func:`thurn.sim.simulate` takes them) over ``games`` games
    of ``players`` players, seats rotated, on the rules ``rules`` with the ``expansions`` switched on (see
    :func:`league_rules`). Returns the wins, the share with its interval, the share equal bots would get, the mean
    score and turns per player of each side and the rules played; with The Princess' Messenger the letters each side
    spent and the officials it bought, with Offices of Honor each side's chips and reward houses and the return
    rounds a game."""
    from .rules import rules_text
    from .sim import simulate

    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise SimulationError(f"a rung is played with 2 to 4 players, not {players!r}.")
    rules = league_rules(simulate_options.pop("rules", None), expansions)
    check_league(rules)
    sim = simulate(games, bots=[upper] + [lower] * (players - 1), players=players, seed=seed, rotate=True,
                   rules=rules, **simulate_options)
    rows = sim.players
    top = rows[rows["lineup"] == 0]
    rest = rows[rows["lineup"] != 0]
    if len(rows) and rows["winner"].isna().all():
        raise SimulationError(NO_WINNER.format(what=f"the games of the rules {rules_text(rules)!r} end with a rating, "
                                                    f"not a winner"), reason="ladder_needs_a_winner")
    wins = int(top["winner"].sum())
    low, high = wilson(wins, games)
    out = {"upper": top["bot"].iat[0] if len(top) else str(upper),
           "lower": rest["bot"].iat[0] if len(rest) else str(lower),
           "players": players, "games": games, "wins": wins, "share": wins / games if games else float("nan"),
           "ci_low": low, "ci_high": high, "if_equal": 1 / players,
           "upper_score": top["total"].mean(), "lower_score": rest["total"].mean(),
           "upper_turns": top["turns"].mean(), "lower_turns": rest["turns"].mean(),
           "winning_score": sim.games["winning_score"].mean(), "rules": rules_text(rules)}
    from .sim import column_parts
    for part in column_parts(None):         # the variants' figures (thurn.sim.ColumnParts.ladder_figures)
        out.update(part.ladder_figures(top, rest, sim.games))
    return out


def ladder(bots=LADDER, games: int = 1000, players=(2, 4), seed=0, progress: bool = False, expansions=None,
           **simulate_options):
    """Each bot of ``bots`` (weakest first) against the one below it, for each table size in ``players``: a pandas
    DataFrame with one row per rung (see :func:`rung`). The same seed gives the same games. ``expansions``: play
    the league with these expansions on (``"messenger"``, ``"offices"``, ``"messenger+offices"`` or a list), on
    top of ``rules``; the table's ``rules`` column says what was played."""
    import pandas as pd
    from tqdm.auto import tqdm

    from .errors import SimulationError
    from .bots.spec import bot_entry

    simulate_options["rules"] = league_rules(simulate_options.get("rules"), expansions)   # bad names fail now
    check_league(simulate_options["rules"])

    bots = [bots] if isinstance(bots, str) else list(bots)
    if len(bots) < 2:
        raise SimulationError(f"a ladder needs at least two bots, weakest first (e.g. random greedy), not "
                              f"{len(bots)}: {bots!r}.", reason="ladder_needs_two_bots")
    for i, b in enumerate(bots):                # a bad name fails now, not after the rungs below it were played
        bot_entry(b, i)
    players = [players] if isinstance(players, int) else list(players)
    for n in players:
        if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= 4:
            raise SimulationError(f"a rung is played with 2 to 4 players, not {n!r}.")
    pairs = [(bots[i + 1], bots[i], n) for i in range(len(bots) - 1) for n in players]
    rows = [rung(up, low, games, n, seed=seed, progress=progress, **simulate_options)
            for up, low, n in tqdm(pairs, disable=not progress, desc="rungs", unit="rung")]
    return pd.DataFrame(rows)


def format_ladder(df) -> str:
    """The ladder as a text table: win share with its 95 % interval, against what equal bots would get; the rules
    played when they are not the base game's, and the expansions' figures (letters spent, officials bought; chips,
    reward houses, return rounds a game) when they are on."""
    from .rules import rules_in_words

    lines = []
    if "rules" in df and len(df) and set(df["rules"]) != {"base"}:
        lines.append("rules: " + "; ".join(rules_in_words(r) for r in dict.fromkeys(df["rules"])))
    lines += [f"{'upper':>28} {'lower':>10} {'players':>7} {'games':>6} {'wins':>6} {'share':>7} {'95% CI':>15} "
             f"{'if equal':>8} {'score':>11} {'turns':>11}"]
    for r in df.itertuples():
        lines.append(f"{r.upper:>28} {r.lower:>10} {r.players:>7} {r.games:>6} {r.wins:>6} {r.share:>7.1%} "
                     f"{f'{r.ci_low:.1%}–{r.ci_high:.1%}':>15} {r.if_equal:>8.0%} "
                     f"{f'{r.upper_score:.1f}/{r.lower_score:.1f}':>11} "
                     f"{f'{r.upper_turns:.1f}/{r.lower_turns:.1f}':>11}")
    from .sim import column_parts
    extra = []
    for r in df.itertuples():
        parts = [text for text in (part.ladder_text(r) for part in column_parts(None)) if text]
        if parts:
            extra.append(f"{r.upper:>28} {r.lower:>10} {r.players:>7}  " + "; ".join(parts))
    if extra:
        lines += ["(the expansions: mean per player, upper/lower)"] + extra
    return "\n".join(lines)
