"""Hints: the best few legal actions of the player to move, with the reason in words and the bot's estimate.

``hint(state)`` asks the strongest level of :data:`thurn.bots.levels.LEVELS` that meets the hint's time budget
(:func:`hint_level`; issue 35): at present Club, :class:`~thurn.bots.greedy.GreedyBot` (its ``score_actions``), in
every ruleset, because the budget is the one that holds the review's words true as well as the learner's wait: the
review names the hint's advice at every decision of a game (up to :data:`REVIEW_DECISIONS` of them), so a hint may
cost no more than its share (:data:`HINT_SHARE`) of the review's budget a decision, and at most :data:`HINT_MS` (an
answer within about a second on 2 cores). The search levels cost 30-260 ms a decision (BENCHMARKS.md, "Issue 35:
the named levels"); a search level that fits a larger budget ranks the actions by its own rollouts, in GreedyBot's
words. Another bot passed as ``bot=``
gives its own estimates: one with ``score_actions(state)`` (a list of ``(value, action, reason)``), or one with
``evaluate(state)`` (its estimate for each legal action, as a mapping ``action -> value`` or a list of pairs), in
which case the reasons are GreedyBot's words for the same actions. Each :class:`Hint` also names the cities it
concerns, so that a map can draw it (``thurn.viz.board_figure(state, candidates=h.cities, suggestion=h.route,
placement=h.houses)``).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action
from ..errors import ThurnError

__all__ = ["Hint", "hint", "hint_level", "HINT_MS", "HINT_SHARE", "REVIEW_DECISIONS"]

#: A hint answers within about a second of CPU on 2 cores (issue 35), costed by :func:`thurn.bots.costs.decision_ms`.
HINT_MS = 1000.0
#: The share of the review's budget (:data:`thurn.bots.costs.REVIEW_MS`) that naming the hint's advice at each
#: decision may take, and the most decisions of one player in a reviewed game (213 in SoloPlay, 206 in a 2-player
#: Power and Glory game: BENCHMARKS.md, "Issue 35: the review in every ruleset").
HINT_SHARE = 0.1
REVIEW_DECISIONS = 220


@dataclass(frozen=True)
class Hint:
    """One suggested action: its ``value`` (the bot's estimate, higher is better), the ``reason`` in words,
    ``words`` (the action named as its button in the Play app names it, :func:`thurn.words.words`), and
    the cities it concerns: ``cities`` (the card to draw, play or keep; the houses to place), ``route`` (the route
    after the action) and ``houses`` (the houses a scoring places)."""

    action: Action
    value: float
    reason: str
    cities: tuple[str, ...] = ()
    route: tuple[str, ...] = ()
    houses: tuple[str, ...] = ()
    words: str = ""             # the action in the words of its button in the Play app (thurn.words.words)

    def __str__(self):
        return f"{self.words or self.action} ({self.value:+.1f}): {self.reason}"


def hint(state, player=None, n: int = 3, bot=None) -> list[Hint]:
    """The ``n`` best legal actions of ``player`` (seat or name; default: the player to move), best first.

    Raises :class:`~thurn.errors.ThurnError` when the game is over or ``player`` is not the one to move (only
    the player to move has legal actions), and a ``TypeError`` for a ``bot`` that cannot estimate actions.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n is how many hints to give, a whole number of 1 or more, not {n!r}.")
    if state.is_over:
        raise ThurnError("The game is over: there is no action left to hint at.", reason="game_over")
    seat = state.seat(player)
    if seat != state.to_move:
        raise ThurnError(f"It is {state.to_move_name}'s turn, not {state.names[seat]}'s: only the player to move "
                         f"has actions to hint at.", reason="not_to_move")
    from ..information import player_view

    ranked = _ranked(player_view(state, seat), bot)      # the bot sees what the player sees, never the deck
    return [_named(state, make_hint(state, v, a, why)) for v, a, why in ranked[:n]]


def _named(state, h: Hint) -> Hint:
    """The hint with its action named in the words of its button (thurn.words)."""
    from dataclasses import replace

    from ..words import words

    return replace(h, words=words(state, h.action))


def hint_budget_ms() -> float:
    """The CPU ms a hint's decision may cost: :data:`HINT_MS`, and no more than its share of the review's budget at
    each of a game's decisions (:data:`HINT_SHARE`, :data:`REVIEW_DECISIONS`), so that the review can say at every
    decision whether the hint's advice was followed."""
    from .costs import REVIEW_MS

    return min(HINT_MS, REVIEW_MS * HINT_SHARE / REVIEW_DECISIONS)


#: The legal actions a hint's level is costed at (a draw: the six open cards, the deck, an official or two): the
#: level is chosen for the ruleset and the table, not position by position, so that a learner asks one level
#: throughout a game, and the review's "the hint's advice" is that level's at every decision.
HINT_ACTIONS = 10


def hint_level(state):
    """The level a hint in ``state`` asks (a :class:`~thurn.bots.levels.Level`): the strongest whose decision,
    valuing every one of :data:`HINT_ACTIONS` legal actions, fits :func:`hint_budget_ms`
    (:func:`thurn.bots.costs.strongest_level`) among the levels that play their best (a level with blunders gives
    no advice)."""
    from .costs import strongest_level
    from .levels import LEVELS

    advisers = [lv for lv in LEVELS if lv.bot != "random" and "blunders" not in dict(lv.options)]
    return strongest_level(state, hint_budget_ms(), every=True, levels=advisers, actions=HINT_ACTIONS)


def _level_bot(level, state):
    """``level``'s bot for a hint in ``state``, seeded by the position (the same hint each time it is asked)."""
    from . import make_bot
    from ..information import actions_played

    return make_bot(level.key, seed=f"thurn.hint:{state.turns}:{actions_played(state)}")


def _ranked(state, bot) -> list[tuple[float, Action, str]]:
    """Every legal action as (value, action, reason), best first."""
    from .greedy import GreedyBot

    greedy = GreedyBot(seed=0)
    if bot is None:
        level = hint_level(state)
        if level.bot == "greedy":
            return greedy.score_actions(state)
        bot = _level_bot(level, state)
        reasons = {a: why for _, a, why in greedy.score_actions(state)}
        ranked = [(float(v), a, reasons.get(a, "the bot's estimate")) for v, a, _ in bot.score_actions(state)]
        ranked.sort(key=lambda t: -t[0])
        return ranked
    if callable(getattr(bot, "score_actions", None)):
        ranked = [(float(v), a, str(why)) for v, a, why in bot.score_actions(state)]
    elif callable(getattr(bot, "evaluate", None)):
        reasons = {a: why for _, a, why in greedy.score_actions(state)}
        ranked = [(v, a, reasons.get(a, "the bot's estimate")) for a, v in _estimates(bot.evaluate(state))]
    else:
        raise TypeError(f"a hint needs a bot with score_actions(state) or evaluate(state), not {bot!r}.")
    ranked.sort(key=lambda t: -t[0])
    return ranked


def _estimates(result) -> list[tuple[Action, float]]:
    """``evaluate``'s answer as (action, value) pairs: a mapping, or pairs in either order."""
    items = result.items() if hasattr(result, "items") else result
    out = []
    for pair in items:
        a, v = pair
        if isinstance(v, Action) and not isinstance(a, Action):
            a, v = v, a
        if not isinstance(a, Action):
            raise TypeError(f"evaluate(state) should give a value for each action, not {pair!r}.")
        out.append((a, float(v)))
    return out


def make_hint(state, value: float, a: Action, reason: str) -> Hint:
    """A :class:`Hint` with the cities the action concerns, in the board's spelling."""
    b = state.board
    p = state.players[state.to_move]
    route = tuple(b.city_name(c) for c in b.cities_of(p.route))
    kind = a.kind
    if kind == "draw":
        return Hint(a, value, reason, () if a.city is None else (b.city_name(b.card_key(a.city)[0]),), route)
    if kind == "play":
        city = b.city_name(b.card_key(a.city)[0])       # (a copy's name: its city, for the map)
        after = (city,) if a.end == "new" else (city,) + route if a.end == "left" else route + (city,)
        return Hint(a, value, reason, (city,), after)
    if kind == "score":
        houses = tuple(b.city_name(b.index(h)) for h in a.houses)
        return Hint(a, value, reason, houses, route, houses)
    if kind == "keep":
        return Hint(a, value, reason, tuple(b.city_name(b.card_key(c)[0]) for c in a.cards), route)
    return Hint(a, value, reason, (), route)
