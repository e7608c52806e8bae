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

__all__ = ["REVIEW_MS", "REVIEW_COSTS", "ruleset_key", "turn_ms", "decision_ms", "strongest_level"]

#: The whole review's budget at its default, in CPU ms of the work it plans, costed per ruleset by :func:`turn_ms`
#: (measured, not timed: the same game and seed give the same review). Issue 35 asks "Review this game" within 10 s
#: of CPU on 2 cores: the plan (:func:`thurn.game_review.plan_review`) keeps 2 s of it for the machine's load.
REVIEW_MS = 8000

#: The file of the measured costs (``data/review_costs.json``, format ``thurn-review-costs/1``): CPU ms a player-turn
#: costs in a whole review, per ruleset (``board:expansion+expansion``) and player count: (a rollout's player-turn of
#: the search bot, a player-turn of a greedy game played to the end). Measured on the machine of BENCHMARKS.md
#: ("Issue 35: the review within 10 s", main at b747657, load average about 4 on 2 cores): ``tests/bench/review_costs.py``
#: (2 rounds, the fastest kept), each ruleset's row then scaled by the most, over its player counts, that its whole
#: review (``tests/bench/review_every.py``) took beyond the work so counted (0.88 to 2.25 times: the views, the
#: greedy rankings and the words). Data, not code: the rulesets are named in the file, never in a module.
COSTS_FILE = "review_costs.json"
#: The most a cost of a player-turn may be in the file (ms): a larger one is refused as no measure of this engine.
COST_MAX = 1000.0


def _read_costs() -> dict:
    import json

    from ..board_file import data_dir

    data = json.loads((data_dir() / COSTS_FILE).read_text(encoding="utf-8"))
    if data.get("format") != "thurn-review-costs/1" or not isinstance(data.get("costs"), dict):
        raise ValueError(f"{COSTS_FILE} is not a thurn-review-costs/1 file.")
    out = {}
    for key, row in data["costs"].items():
        out[str(key)] = {}
        for n, pair in row.items():
            roll, play = (float(x) for x in pair)
            if not (0 < roll <= COST_MAX and 0 < play <= COST_MAX) or not 1 <= int(n) <= 4:
                raise ValueError(f"{COSTS_FILE}: {key} at {n} players: costs must be from 0 to {COST_MAX:g} ms.")
            out[str(key)][int(n)] = (roll, play)
    return out


#: Per ruleset and player count, (ms a rollout's player-turn, ms a played-out game's player-turn): the file's table.
REVIEW_COSTS = _read_costs()


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


def decision_ms(level, state, every: bool = False, actions: int | None = None) -> float:
    """The CPU ms (:func:`turn_ms`) of one decision of ``level`` (a :class:`~thurn.bots.levels.Level`) in
    ``state``: a random choice costs nothing, a greedy one a player-turn of the greedy policy, a search its rollouts
    (``iterations`` of them, ``1 + horizon × players`` player-turns each,
    :meth:`~thurn.bots.search.SearchBot.rollout_turns`) after the greedy ranking. ``every``: the
    search values every legal action (a hint's ``score_actions``), not the greedy top few. ``actions``: cost a
    decision among that many legal actions rather than ``state``'s own."""
    roll, play = turn_ms(state)
    if level.bot == "random":
        return 0.0
    if level.bot == "greedy":
        return play
    if level.bot != "search":
        raise ValueError(f"no cost measured for the bot {level.bot!r} of the level {level.name}.")
    from .search import SearchBot
    from .valuation import turn_cost

    bot = SearchBot(0, **dict(level.options))
    legal = len(state.legal_actions()) if actions is None else actions
    cands = legal if every or bot.top is None else min(bot.top, legal)
    per = bot.rollout_turns(len(state.players), turn_cost(state))
    return play + _search_rollouts(bot.iterations, cands) * per * roll


def strongest_level(state, budget_ms: float, *, every: bool = False, levels=None, actions: int | None = None):
    """The strongest of ``levels`` (default :data:`thurn.bots.levels.LEVELS`, weakest first) whose decision in
    ``state`` costs at most ``budget_ms`` (:func:`decision_ms`); the weakest if none does."""
    from .levels import LEVELS

    levels = LEVELS if levels is None else levels
    fits = [lv for lv in levels if decision_ms(lv, state, every, actions) <= budget_ms]
    return fits[-1] if fits else levels[0]
