"""What the bots' work costs in each ruleset, and the strongest level that fits a time budget (issue 35: "the hint
and the review use the strongest level that meets their time budget"; "Review this game" within 10 s of CPU).

The costs are measured, not guessed: :data:`REVIEW_COSTS` holds, per ruleset and player count, the CPU milliseconds
of one player-turn of the search bot's rollouts and of one player-turn of a greedy game played to its end, on the
machine of BENCHMARKS.md ("Issue 35: the review within 10 s"; ``tests/bench/review_costs.py`` measures them, the
fastest of its rounds, scaled by :data:`LOADED` to what a review took under the load of that run). A budget is then
counted in work (rollouts, games played out, decisions) derived from the game and this table, never from the
clock: the same game and seed give the same review and the same hint on any machine, loaded or not.

    from thurn.bots.costs import decision_ms, strongest_level
    strongest_level(state, 1000)          # the strongest level whose decision here fits in 1 s: a Level
"""
from __future__ import annotations

import math

__all__ = ["REVIEW_COSTS", "LOADED", "ruleset_key", "turn_ms", "decision_ms", "strongest_level"]

#: CPU ms a player-turn costs, per ruleset (``board:expansion+expansion``) and player count: (a rollout's player-turn
#: of the search bot, a player-turn of a greedy game played to the end), from
#: ``PYTHONPATH=$PWD .venv/bin/python tests/bench/review_costs.py`` (2 rounds, the fastest kept; main at b747657).
REVIEW_COSTS = {
    'base:base': {2: (0.196, 0.300), 3: (0.252, 0.357), 4: (0.237, 0.287)},
    'base:audience': {2: (0.340, 0.317), 3: (0.289, 0.289), 4: (0.397, 0.496)},
    'base:messenger': {2: (0.311, 0.328), 3: (0.313, 0.407), 4: (0.319, 0.379)},
    'base:offices': {2: (0.390, 0.600), 3: (0.417, 0.475), 4: (0.439, 0.600)},
    'base:solo': {1: (0.442, 0.609)},
    'base:audience+messenger': {2: (0.461, 0.664), 3: (0.506, 0.519), 4: (0.449, 0.369)},
    'base:audience+offices': {2: (0.425, 0.900), 3: (0.468, 0.616), 4: (0.439, 0.621)},
    'base:messenger+offices': {2: (0.440, 0.613), 3: (0.471, 0.517), 4: (0.454, 0.614)},
    'base:audience+messenger+offices': {2: (0.756, 0.826), 3: (0.620, 0.855), 4: (0.726, 0.557)},
    'northern:base': {2: (0.201, 0.270), 3: (0.225, 0.248), 4: (0.234, 0.224)},
    'northern:messenger': {2: (0.278, 0.302), 3: (0.287, 0.197), 4: (0.298, 0.254)},
    'northern:offices': {2: (0.385, 0.506), 3: (0.418, 0.585), 4: (0.365, 0.440)},
    'northern:power_glory': {2: (0.291, 0.207), 3: (0.294, 0.410), 4: (0.260, 0.317)},
    'northern:messenger+offices': {2: (0.489, 0.500), 3: (0.455, 0.577), 4: (0.545, 0.636)},
    'northern:messenger+power_glory': {2: (0.333, 0.516), 3: (0.365, 0.503), 4: (0.373, 0.335)},
    'northern:offices+power_glory': {2: (0.479, 0.566), 3: (0.470, 0.606), 4: (0.475, 0.473)},
    'northern:messenger+offices+power_glory': {2: (0.525, 0.683), 3: (0.599, 0.757), 4: (0.487, 0.652)},
}

#: The table's figures are the fastest of their rounds; a whole review on the same machine, loaded as it was
#: (load average about 4 on 2 cores), took this many times the work the table counts (the fit over the 40 games
#: of ``tests/bench/review_every.py``: the views, the words and the Python around the rollouts included).
LOADED = 1.7


def ruleset_key(state) -> str:
    """``board:expansion+expansion`` (``base:base`` for the base game) of ``state``'s rules."""
    rules = state.rules
    return f"{rules.board}:{'+'.join(sorted(rules.expansions)) or 'base'}"


def turn_ms(state) -> tuple[float, float]:
    """(ms a rollout's player-turn, ms a played-out game's player-turn) in ``state``'s ruleset at its player count,
    loaded (:data:`LOADED`). A ruleset the table does not know (a variant registered later) is costed as the dearest
    one it knows at that player count, so that a budget is never overrun for want of a measure."""
    n = len(state.players)
    row = REVIEW_COSTS.get(ruleset_key(state), {}).get(n)
    if row is None:
        rows = [r[n] for r in REVIEW_COSTS.values() if n in r] or [c for r in REVIEW_COSTS.values() for c in r.values()]
        row = (max(r[0] for r in rows), max(r[1] for r in rows))
    return row[0] * LOADED, row[1] * LOADED


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
    """The CPU ms (loaded, :func:`turn_ms`) of one decision of ``level`` (a :class:`~thurn.bots.levels.Level`) in
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
