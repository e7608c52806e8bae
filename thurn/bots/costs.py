"""What the bots' work costs in each ruleset, and the strongest level that fits a time budget (issue 35: "the hint
and the review use the strongest level that meets their time budget"; "Review this game" within 10 s of CPU).

The costs are measured, not guessed: :data:`REVIEW_COSTS` holds, per ruleset and player count, the CPU milliseconds
of one player-turn of the search bot's rollouts and of one player-turn of a greedy game played to its end, on the
machine of BENCHMARKS.md ("Issue 35: the review within 10 s"; ``tests/bench/review_costs.py`` measures them, the
fastest of its rounds, scaled to what a whole review took under the load of that run). A budget is then
counted in work (rollouts, games played out, decisions) derived from the game and this table, never from the
clock: the same game and seed give the same review and the same hint on any machine, loaded or not.

    from thurn.bots.costs import decision_ms, strongest_level
    strongest_level(state, 1000)          # the strongest level whose decision here fits in 1 s: a Level
"""
from __future__ import annotations

import math

__all__ = ["REVIEW_COSTS", "ruleset_key", "turn_ms", "decision_ms", "strongest_level"]

#: CPU ms a player-turn costs in a whole review, per ruleset (``board:expansion+expansion``) and player count: (a
#: rollout's player-turn of the search bot, a player-turn of a greedy game played to the end). Measured on the
#: machine of BENCHMARKS.md ("Issue 35: the review within 10 s", main at b747657, load average about 4 on 2 cores):
#: ``tests/bench/review_costs.py`` (2 rounds, the fastest kept), each ruleset's row then scaled by the most, over
#: its player counts, that its whole review (``tests/bench/review_every.py``) took beyond the work so counted (0.88
#: to 2.25 times: the views, the greedy rankings and the words; The Audience's hidden seals dearest).
REVIEW_COSTS = {
    'base:base': {2: (0.222, 0.340), 3: (0.285, 0.404), 4: (0.268, 0.325)},
    'base:audience': {2: (0.684, 0.637), 3: (0.581, 0.581), 4: (0.798, 0.997)},
    'base:messenger': {2: (0.275, 0.290), 3: (0.277, 0.360), 4: (0.282, 0.335)},
    'base:offices': {2: (0.381, 0.586), 3: (0.407, 0.464), 4: (0.429, 0.586)},
    'base:solo': {1: (0.441, 0.608)},
    'base:audience+messenger': {2: (0.669, 0.964), 3: (0.735, 0.754), 4: (0.652, 0.536)},
    'base:audience+offices': {2: (0.957, 2.026), 3: (1.054, 1.387), 4: (0.988, 1.398)},
    'base:messenger+offices': {2: (0.482, 0.672), 3: (0.516, 0.567), 4: (0.497, 0.673)},
    'base:audience+messenger+offices': {2: (1.307, 1.428), 3: (1.072, 1.478), 4: (1.255, 0.963)},
    'northern:base': {2: (0.243, 0.327), 3: (0.273, 0.300), 4: (0.283, 0.271)},
    'northern:messenger': {2: (0.305, 0.331), 3: (0.315, 0.216), 4: (0.327, 0.279)},
    'northern:offices': {2: (0.582, 0.764), 3: (0.631, 0.884), 4: (0.551, 0.665)},
    'northern:power_glory': {2: (0.348, 0.248), 3: (0.352, 0.491), 4: (0.311, 0.379)},
    'northern:messenger+offices': {2: (0.617, 0.631), 3: (0.574, 0.728), 4: (0.688, 0.803)},
    'northern:messenger+power_glory': {2: (0.363, 0.563), 3: (0.398, 0.549), 4: (0.407, 0.366)},
    'northern:offices+power_glory': {2: (0.599, 0.708), 3: (0.588, 0.758), 4: (0.594, 0.592)},
    'northern:messenger+offices+power_glory': {2: (0.648, 0.843), 3: (0.739, 0.934), 4: (0.601, 0.804)},
}


def ruleset_key(state) -> str:
    """``board:expansion+expansion`` (``base:base`` for the base game) of ``state``'s rules."""
    rules = state.rules
    return f"{rules.board}:{'+'.join(sorted(rules.expansions)) or 'base'}"


def turn_ms(state) -> tuple[float, float]:
    """(ms a rollout's player-turn, ms a played-out game's player-turn) in ``state``'s ruleset at its player count
    (:data:`REVIEW_COSTS`). A ruleset the table does not know (a variant registered later) is costed as the dearest
    one it knows at that player count, so that a budget is never overrun for want of a measure."""
    n = len(state.players)
    row = REVIEW_COSTS.get(ruleset_key(state), {}).get(n)
    if row is None:
        rows = [r[n] for r in REVIEW_COSTS.values() if n in r] or [c for r in REVIEW_COSTS.values() for c in r.values()]
        row = (max(r[0] for r in rows), max(r[1] for r in rows))
    return row


def _search_rollouts(iterations: int, candidates: int) -> int:
    """The rollouts of one :meth:`SearchBot._search <thurn.bots.search.SearchBot._search>` over ``candidates``
    actions at ``iterations`` (successive halving: each round the survivors' samples, at least one)."""
    rounds = max(1, math.ceil(math.log2(max(1, candidates))))
    total, c = 0, candidates
    for _ in range(rounds):
        total += max(1, iterations // (rounds * c)) * c
        c = (c + 1) // 2
    return total


def decision_ms(level, state, every: bool = False) -> float:
    """The CPU ms (:func:`turn_ms`) of one decision of ``level`` (a :class:`~thurn.bots.levels.Level`) in
    ``state``: a random choice costs nothing, a greedy one a player-turn of the greedy policy, a search its rollouts
    (``iterations`` of them, ``1 + horizon × players`` player-turns each) after the greedy ranking. ``every``: the
    search values every legal action (a hint's ``score_actions``), not the greedy top few."""
    roll, play = turn_ms(state)
    if level.bot == "random":
        return 0.0
    if level.bot == "greedy":
        return play
    if level.bot != "search":
        raise ValueError(f"no cost measured for the bot {level.bot!r} of the level {level.name}.")
    from .search import SearchBot

    bot = SearchBot(0, **dict(level.options))
    legal = len(state.legal_actions())
    cands = legal if every or bot.top is None else min(bot.top, legal)
    horizon = bot.horizon if bot.horizon is not None else 8
    return play + _search_rollouts(bot.iterations, cands) * (1 + horizon * len(state.players)) * roll


def strongest_level(state, budget_ms: float, *, every: bool = False, levels=None):
    """The strongest of ``levels`` (default :data:`thurn.bots.levels.LEVELS`, weakest first) whose decision in
    ``state`` costs at most ``budget_ms`` (:func:`decision_ms`); the weakest if none does."""
    from .levels import LEVELS

    levels = LEVELS if levels is None else levels
    fits = [lv for lv in levels if decision_ms(lv, state, every) <= budget_ms]
    return fits[-1] if fits else levels[0]
