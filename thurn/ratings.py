"""Ratings on the Elo scale from who won each game: Luce's choice model fitted with choix.

Each bot ``k`` has a strength ``w_k = exp(theta_k)``; a game is won by one of the bots at its table with the chance
``w_k / (sum of w over the seats)`` (Luce's choice axiom; a bot seated three times counts three times). Heads-up this
is the Bradley–Terry model, so one scale serves every table size. The fit is choix's maximum-likelihood estimate
for top-1 data (``choix.ilsr_top1``, iterative Luce spectral ranking, exact with a bot seated more than once). The
rating is ``theta`` on the Elo scale, ``400 * log10`` of the odds: 400 points apart, the stronger bot wins ten
heads-up games for one it loses; at a table, a bot's chance of winning goes with ``10 ** (rating / 400)``. The
anchor is the first bot given (the weakest of a ladder, weakest first): rated 0.

Prior: between every two bots, one virtual heads-up game won by each (BayesElo's "virtual draws"). It keeps a
rating finite when a bot won every game against another (random against greedy) and barely moves one that was
measured; its games are not counted in ``games`` or ``wins``.

Confidence intervals (95 %): from the curvature of the log-likelihood at the fit (the Laplace approximation, as
BayesElo gives its error bars): the inverse of the Fisher information, the anchor held fixed, gives each rating's
standard error and each gap's. A bootstrap over games would give no interval at all where one bot won every game
(every resample the same); the curvature still says how little those games pin the gap down.

    fit_ratings([((0, 1), 1), ((1, 0), 1), ((0, 1), 0)], ["random", "greedy"])
"""
from __future__ import annotations

import math
from collections import Counter

from .errors import SimulationError

__all__ = ["fit_ratings", "ELO", "Z95", "PRIOR_GAMES", "RATING_COLUMNS", "win_chance"]

#: Elo points per unit of ``theta`` (natural log of the strength): 400 points are odds of 10 to 1.
ELO = 400 / math.log(10)
#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054
#: Virtual heads-up games between every two bots, half won by each (the prior).
PRIOR_GAMES = 2
#: The columns of the table :func:`fit_ratings` returns.
RATING_COLUMNS = ["rank", "bot", "rating", "ci_low", "ci_high", "gap", "gap_low", "gap_high", "games", "wins",
                  "win_share", "if_equal"]


def win_chance(ratings, seats) -> list[float]:
    """Each seat's chance of winning at a table of bots rated ``ratings`` (Elo) in the model of this module:
    ``10 ** (r / 400)`` over the table's sum."""
    w = [10 ** (r / 400) for r in ratings]
    total = sum(w[k] for k in seats)
    return [w[k] / total for k in seats]


def _check(games, n: int) -> list[tuple[tuple, int]]:
    out = []
    for g in games:
        try:
            seats, winner = g
            seats = tuple(int(k) for k in seats)
            winner = int(winner)
        except (TypeError, ValueError):
            raise SimulationError(f"a game to rate is (the bots at the table by number, the winner's number), not "
                                  f"{str(g)[:80]!r}.", reason="bad_rating_data") from None
        if len(seats) < 2 or winner not in seats or not all(0 <= k < n for k in seats):
            raise SimulationError(f"a game to rate has two or more bots of the {n} numbered 0 to {n - 1}, and its "
                                  f"winner is one of them: not {str(g)[:80]!r}.", reason="bad_rating_data")
        out.append((seats, winner))
    return out


def _information(theta, tables: Counter):
    """The Fisher information of the Luce model at ``theta``: the sum over tables (seats as a multiset) of
    ``diag(q) - q q^T``, ``q`` each bot's chance of winning there (summed over its seats), times the games there."""
    import numpy as np

    n = len(theta)
    info = np.zeros((n, n))
    w = np.exp(theta - theta.max())
    for seats, count in tables.items():
        q = np.zeros(n)
        for k in seats:
            q[k] += w[k]
        q /= q.sum()
        info += count * (np.diag(q) - np.outer(q, q))
    return info


def fit_ratings(games, bots, anchor: int = 0):
    """The ratings of ``bots`` (their names, in order) from ``games``: ``(seats, winner)`` pairs, ``seats`` the
    numbers (positions in ``bots``) of the bots at the table, one per seat, ``winner`` the number of the bot that
    won. A pandas DataFrame, strongest first (:data:`RATING_COLUMNS`): the rating on the Elo scale (``anchor``, the
    first bot by default, at 0) with its 95 % interval, the gap to the next weaker bot with its interval, and each
    bot's games (seats played: a bot seated three times in a game plays three), wins and their share, against the
    share equal bots would get (the mean of ``1 / players`` over its seats)."""
    import choix
    import numpy as np
    import pandas as pd

    bots = [str(b) for b in bots]
    n = len(bots)
    if n < 2:
        raise SimulationError(f"ratings need at least two bots, not {n}.", reason="ladder_needs_two_bots")
    if not 0 <= anchor < n:
        raise SimulationError(f"the anchor is one of the {n} bots (0 to {n - 1}), not {anchor!r}.")
    played = _check(games, n)
    data, tables = [], Counter()
    seats_played, wins, equal = np.zeros(n), np.zeros(n), np.zeros(n)
    for seats, winner in played:
        losers = list(seats)
        losers.remove(winner)
        data.append((winner, losers))
        tables[tuple(sorted(seats))] += 1
        for k in seats:
            seats_played[k] += 1
            equal[k] += 1 / len(seats)
        wins[winner] += 1
    for i in range(n):                          # the prior: one virtual heads-up game won by each of two bots
        for j in range(i + 1, n):
            for _ in range(PRIOR_GAMES // 2):
                data += [(i, [j]), (j, [i])]
                tables[(i, j)] += 2
    try:
        theta = np.asarray(choix.ilsr_top1(n, data, max_iter=1000, tol=1e-10), dtype=float)
    except RuntimeError as e:                   # (choix: "Did not converge"; the prior makes it converge)
        raise SimulationError(f"the ratings' fit did not settle: {e}.", reason="fit_failed") from None
    theta -= theta[anchor]
    keep = [k for k in range(n) if k != anchor]
    cov = np.zeros((n, n))                      # of theta - theta[anchor]: the anchor's row and column are 0
    cov[np.ix_(keep, keep)] = np.linalg.inv(_information(theta, tables)[np.ix_(keep, keep)])
    rating = theta * ELO
    sd = np.sqrt(np.clip(np.diag(cov), 0, None)) * ELO
    order = sorted(range(n), key=lambda k: (-rating[k], k))
    rows = []
    for r, k in enumerate(order):
        below = order[r + 1] if r + 1 < n else None
        if below is None:
            gap = gap_sd = math.nan
        else:
            gap = rating[k] - rating[below]
            gap_sd = math.sqrt(max(0.0, cov[k, k] + cov[below, below] - 2 * cov[k, below])) * ELO
        rows.append({"rank": r + 1, "bot": bots[k], "rating": rating[k], "ci_low": rating[k] - Z95 * sd[k],
                     "ci_high": rating[k] + Z95 * sd[k], "gap": gap, "gap_low": gap - Z95 * gap_sd,
                     "gap_high": gap + Z95 * gap_sd, "games": int(seats_played[k]), "wins": int(wins[k]),
                     "win_share": wins[k] / seats_played[k] if seats_played[k] else math.nan,
                     "if_equal": equal[k] / seats_played[k] if seats_played[k] else math.nan})
    return pd.DataFrame(rows, columns=RATING_COLUMNS)
