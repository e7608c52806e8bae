"""What a move is worth over many deals: "take Salzburg: over 200 deals, +1.8 points on average" (issue 36).

:func:`compare_moves` plays each candidate from one position on the same fair deals (what the player could not know
there dealt again for each game, :func:`thurn.sim.simulate` with ``start=``), the bots playing on to the end, and
tables the player's mean points, his lead over the best other player, and how often he won, each beside the first
candidate (the move played, say).
"""
from __future__ import annotations

from .errors import SimulationError

__all__ = ["compare_moves", "TRIAL_COLUMNS"]

#: The columns of :func:`compare_moves`'s table, in order.
TRIAL_COLUMNS = ["move", "deals", "points", "lead", "won", "points_vs_first", "lead_vs_first"]


def compare_moves(state, moves, *, deals: int = 200, bots="greedy", viewer=None, seed=0, deal: str = "fair",
                  workers: int | None = 1, progress=False):
    """Each of ``moves`` (actions or notations, legal where ``state`` stands) played on the same ``deals`` deals of
    what ``viewer`` (default: the player to move) could not know, then ``bots`` for every seat to the end (as in
    :func:`~thurn.sim.simulate`). A pandas DataFrame, one row per move: ``move`` (its notation), ``deals``,
    ``points`` (the viewer's mean final score), ``lead`` (his mean lead over the best other player; his score in
    SoloPlay), ``won`` (his share of wins; NaN in SoloPlay), and ``points_vs_first`` and ``lead_vs_first``: the same
    less the first move's, on the same deals."""
    import pandas as pd

    from .sim import simulate

    if isinstance(moves, str) or not hasattr(moves, "__iter__"):
        raise SimulationError(f"moves should be a list of moves to compare, not {moves!r}.")
    moves = list(moves)
    if not 1 <= len(moves) <= 20:
        raise SimulationError(f"compare 1 to 20 moves, not {len(moves)}.")
    seat = state.to_move if viewer is None else state.seat(viewer)
    rows, base = [], None
    for m in moves:
        sim = simulate(deals, bots, start=state, deal=deal, viewer=seat, moves=[m], seed=seed, workers=workers,
                       progress=progress, on_error="raise")
        p = sim.players
        mine = p[p.seat == seat].set_index("game")
        if state.num_players > 1:
            best_other = p[p.seat != seat].groupby("game")["total"].max()
            lead = mine["total"] - best_other
            won = float(mine["winner"].astype(bool).mean())
        else:
            lead, won = mine["total"], float("nan")
        notation = m if isinstance(m, str) else m.notation
        row = {"move": state.ruleset.parse(notation).notation if isinstance(m, str) else notation,
               "deals": len(mine), "points": float(mine["total"].mean()), "lead": float(lead.mean()), "won": won}
        if base is None:
            base = (mine["total"], lead)
        row["points_vs_first"] = float((mine["total"] - base[0]).mean())
        row["lead_vs_first"] = float((lead - base[1]).mean())
        rows.append(row)
    return pd.DataFrame(rows, columns=TRIAL_COLUMNS)
