"""The game review: every decision of one player ranked by the search bot, the biggest mistakes in words, each
player's expected final score over the game, and the positions to replay it (nothing here changes the game).

``thurn.review(state, "Ann")`` is the table (a pandas DataFrame, one row per decision of Ann that had more than one
legal action); :func:`review_game` gives a :class:`Review` with the table, the three biggest mistakes in words
(:meth:`Review.mistakes`) and each player's expected final score at the start of every turn
(:attr:`Review.expected`). Positions are rebuilt from the game's history (``state.root`` and ``apply``), so the
reviewed state is never touched; a finished game, an unfinished one and one loaded from a save file
(``thurn.GameState.from_json``) are reviewed alike.

How a decision is judged: the search bot's own rollouts (:class:`~thurn.bots.search.SearchBot`), at the default
(``bot=None``) those of the strongest search level of :data:`thurn.bots.levels.LEVELS` that meets the review's
budget (:func:`plan_review`: Master, its own rollouts at every look in a short game, else its search with its
rollouts cut to the budget), unless ``bot=`` says otherwise. The candidates
are the greedy policy's favourite ``top`` actions plus the one played; each is played forward on the *same*
sampled futures (the unseen cards dealt at random, consistently with
what the player had seen: :mod:`thurn.information`, never the real deck), ``iterations`` rollouts shared equally
among them, to the review's horizon, then valued by the bot's evaluation: the player's estimated final score minus
the best other player's (Game End and Scoring). The review looks one turn further than the bot plays
(:data:`HORIZON`: to the end of the player's turn after next), so that a route scored now and the same route kept to
be scored next turn are both compared once scored: at the end of the next turn a route kept is still valued by its
promise, which favoured keeping it (a review once called scoring for the outside-Baiern tile a mistake). The loss
of a decision is the best candidate's value minus the chosen one's, in those points; 0 when the chosen action is the
bot's best.
A decision where the player took the greedy policy's clear favourite (the hint's advice, 1 point or more ahead of
the next action) needs no look: the search bot plays it without a search (its ``clear``). At the default budget the
rollouts per decision shrink for a long game with more players (:data:`TABLE_TURNS`), and in a ruleset whose turns
cost more the rollouts and the positions played out for the expected scores shrink alike (:data:`REVIEW_MS`,
counted with the ruleset's measured cost of a turn, never timed), so that any game is reviewed within 10 s of CPU;
where the player followed the hint and the review ranks another action first, the words say why.
Every decision's samples are seeded by ``seed`` and the position, so a review is the same each time. The biggest
losses are then looked at again on twice the budget of other sampled futures (``checked_loss``): only what that
closer look confirms is called a mistake.

What the words say is computed by the engine too: from the real position, the chosen action goes on as the game
went and the better one with the greedy policy, each to the end of that turn, and the two ends are compared
(bonus tiles, carriage, houses, the route scored or still in progress, the cards in hand).
"""
from __future__ import annotations

import html
import math
import random
import re
from dataclasses import dataclass

from .errors import ThurnError
from .log import seen_line
from .state import GameState

__all__ = ["review", "review_game", "review_steps", "Review", "rank_actions", "mistakes", "expected_scores",
           "positions", "HORIZON", "ReviewError", "COLUMNS", "explain", "explain_decision", "said",
           "Words", "plan_review", "Plan", "REVIEW_MS"]

#: The columns of the review table, in order (see :func:`review`).
COLUMNS = ("move", "turn", "round", "player", "step", "choices", "action", "notation", "rank", "candidates",
           "value", "best", "best_notation", "best_value", "loss", "checked_loss", "alternatives", "comment", "look",
           "hint", "details", "excused")

#: How many of the biggest losses of a review are looked at again with more sampled futures (``checked_loss``).
CHECKED = 6

#: A loss below this many points is noise of the sampling, not a mistake (the mistakes list leaves it out).
MISTAKE_MIN = 0.25

ALTERNATIVES = 3            # how many of the ranked actions the table lists

#: The budget of a review at its default (``bot=None``): the player-turns its rollouts may play for the decisions
#: table. Each decision that needs a look gets ``TABLE_TURNS // (decisions × turns per rollout)`` rollouts, between
#: :data:`MIN_ITERATIONS` and the search bot's 32 (below 24, the greedy policy's top 3 actions are ranked, not 4): a
#: longer game with more players (each rollout plays more turns) gets fewer, so that any game is reviewed in seconds.
TABLE_TURNS = 6000
MIN_ITERATIONS = 12

#: The budget of the expected final scores (player-turns played out): with ``every=None`` they are computed at the
#: start of every turn when ``samples`` games from each fit in it, else of every second (third, ...) turn.
EXPECTED_TURNS = 2500

#: The whole review's budget at its default (``bot=None``), in CPU ms of the work it plans:
#: :data:`thurn.bots.costs.REVIEW_MS` (8 s of the issue's 10: the hint's level reads it too). Where the budgets above
#: (in player-turns) cost more than this in a dear ruleset, the table's rollouts and the positions played out for the
#: expected scores are cut alike (:func:`plan_review`), the rollouts to no fewer than :data:`MIN_DEAR`, the positions
#: to no fewer than :data:`MIN_CHART`; elsewhere nothing changes.
from .bots.costs import REVIEW_MS  # noqa: E402
MIN_DEAR = 8
MIN_CHART = 6           # the fewest turns at which a cut review computes the expected scores (besides the end)

#: How many of the player's turns after the current one a review's rollouts play, at every table (the search bot's
#: ``horizon``; Master plays six player-turns ahead: three of its turns heads-up, one at four players).
#: ``bot={"horizon": 1}`` asks for another.
HORIZON = 2


class ReviewError(ThurnError):
    """A review asked for with arguments that cannot work (the message says which and why)."""

    reason = "bad_review"


# -- the positions of a game -----------------------------------------------------------------------------------

def need_game(state) -> GameState:
    if not isinstance(state, GameState):
        raise ReviewError(f"A review needs a game (a thurn.GameState, e.g. thurn.GameState.from_json(text) for a "
                          f"save file), not {type(state).__name__}.")
    return state


def positions(state: GameState) -> list[GameState]:
    """Every position of the game, rebuilt from its history: ``positions(state)[k]`` is the game after its first
    ``k`` actions (``[0]`` is ``state.root``, the last one equals ``state``). ``state`` is left as it is."""
    s = need_game(state).root
    out = [s]
    for a in state.history:
        s = s.apply(a)
        out.append(s)
    return out


def action_lines(state: GameState, viewer=None) -> list[list[str]]:
    """What the engine's log says for each action of the game (``[k]``: the sentences of action ``k``), replayed
    from ``state.root``; ``viewer`` (a seat or name): as that player read it (see :meth:`GameState.log`)."""
    from . import turn

    s = need_game(state).root
    seat = None if viewer is None else state.seat(viewer)
    out = []
    for a in state.history:
        said: list[str] = []
        s = turn.apply(s, a, said.append)
        out.append([seen_line(line, seat) for line in said])
    return out


# -- ranking one decision --------------------------------------------------------------------------------------

def _level_bot(level, seed):
    """The search bot of ``level`` (a search level of :data:`thurn.bots.levels.LEVELS`) with its budget, at the
    review's horizon at every table (:data:`HORIZON`, no ``reach``: a review looks as far at every table)."""
    from .bots.search import SearchBot

    return SearchBot(seed, **{**dict(level.options), "horizon": HORIZON, "reach": None})


def search_levels() -> list:
    """The search levels of :data:`thurn.bots.levels.LEVELS`, weakest first: the bots a review may rank with."""
    from .bots.levels import LEVELS

    return [lv for lv in LEVELS if lv.bot == "search"]


def _search_bot(bot, seed):
    from .bots.search import SearchBot

    if bot is None:
        return _level_bot(search_levels()[-1], seed)
    if isinstance(bot, dict):
        try:
            return SearchBot(seed, **{"horizon": HORIZON, **bot})
        except TypeError as e:
            raise ReviewError(f"bot= options are SearchBot's (iterations, top, horizon, ...): {e}") from None
    if isinstance(bot, SearchBot):
        return bot
    raise ReviewError(f"A review ranks decisions with the search bot: bot= is None, a SearchBot or a dict of its "
                      f"options (e.g. {{'iterations': 64}}), not {bot!r}.")


def rank_actions(state: GameState, chosen=None, *, bot=None, seed=0, view=None,
                 watch=None) -> list[tuple[float, object]]:
    """The search bot's ranking of the actions of the player to move in ``state``, best first, as
    ``(value, action)``: the greedy policy's favourite ``bot.top`` actions and ``chosen`` (if given), each played
    forward on the same ``bot.iterations // candidates`` sampled futures (at least 2) to the review's horizon
    (:data:`HORIZON`, or that of a ``SearchBot`` given); value = points ahead of the best other player there (the
    bot's evaluation). One legal action: ``[(0.0, it)]``. Deterministic for ``seed`` and the position. ``view``
    (the player's :func:`~thurn.information.player_view` of ``state``) and ``watch`` (the game's
    :class:`~thurn.information.Watch` at ``state``), when the caller has them: the same ranking, without replaying
    the game's history for each (a review's positions are watched once, from the first)."""
    state = need_game(state)
    bot = _search_bot(bot, seed)
    legal = state.legal_actions()
    if isinstance(chosen, str):
        chosen = state.ruleset.parse(chosen)
    if len(legal) < 2:
        return [(0.0, a) for a in legal]
    from .information import player_view

    if view is None:
        view = player_view(state, None, None, watch)
    cands = list(bot._candidates(view, legal))       # the greedy ranking sees what the player saw
    if chosen is not None and chosen not in cands:
        why = state.why_illegal(chosen)
        if why is not None:
            raise why
        cands.append(chosen)
    n = max(2, bot.iterations // len(cands))
    from .information import actions_played

    rng = random.Random(f"thurn.review:{seed}:{state.turns}:{actions_played(state)}")      # alike for a bot's view
    totals = [sum(v) for v in _sampled_values(state, cands, bot, n, rng, watch)]
    order = sorted(range(len(cands)), key=lambda i: -totals[i])       # ties: in the greedy policy's order
    return [(totals[i] / n, cands[i]) for i in order]


def _sampled_values(state, actions, bot, n: int, rng, watch=None) -> list[list[float]]:
    """Each action's value in each of ``n`` sampled futures (the same futures and random numbers for all: the
    search bot's rollout to its horizon, then its evaluation)."""
    from .information import Seen

    me = state.to_move
    seen = Seen(state, me, watch)
    horizon = math.inf if bot.horizon is None else state.turns + 1 + bot.horizon * len(state.players)
    values = [[] for _ in actions]
    for _ in range(n):
        world = seen.sample(rng)
        r = rng.getrandbits(64)
        for i, a in enumerate(actions):
            values[i].append(bot._rollout(world.apply(a), me, horizon, random.Random(r)))
    return values


def check_loss(state: GameState, chosen, best, *, bot=None, seed=0, watch=None) -> float:
    """A second, closer look at one decision: ``best`` less ``chosen`` in points, each played forward on the same
    ``2 * bot.iterations`` sampled futures (other ones than the ranking's)."""
    bot = _search_bot(bot, seed)
    from .information import actions_played

    rng = random.Random(f"thurn.review.check:{seed}:{state.turns}:{actions_played(state)}")
    n = 2 * bot.iterations
    b, c = _sampled_values(state, [best, chosen], bot, n, rng, watch)
    return (sum(b) - sum(c)) / n


# -- what an action leads to, in words -------------------------------------------------------------------------

def _play_out_turn(s: GameState, action, seed, then=(), watch=None) -> tuple[GameState, list]:
    """``action`` in ``s``, then the actions ``then`` (what was played after it, if known), then the greedy policy,
    to the end of that turn: the position then and the routes the player scored on the way (city names).
    ``watch``: the game's :class:`~thurn.information.Watch` at ``s`` (a copy is kept up to date), so that the
    greedy policy's views are not replayed from the game's start at each action."""
    from .bots.greedy import GreedyBot
    from .information import player_view

    seat, t0 = s.to_move, s.turns
    bot = GreedyBot(f"thurn.review.turn:{seed}:{t0}")
    then = iter(then)
    scored = []
    a = action
    watch = None if watch is None else watch.copy()
    while True:
        if a.kind == "score" and s.to_move == seat:
            scored.append(tuple(s.board.card_names[c] for c in s.players[seat].route))
        n = s.apply(a)
        if watch is not None:
            watch.see(s, n.last_action, n)
        s = n
        if s.is_over or s.turns != t0:
            return s, scored
        a = next(then, None) or bot.choose(player_view(s, None, None, watch))


def _placed(p0, p1) -> list[int]:
    """The cities where the player placed a house between ``p0`` and ``p1``: in each colour (SoloPlay's four colours
    share a city, SoloPlay, 3), else in his one colour (base rules, 3a)."""
    if p1.colours is None:
        return [p1.houses & ~p0.houses]
    before = {c: m for c, m, _ in (p0.colours or ())}
    return [m & ~before.get(c, 0) for c, m, _ in p1.colours]


def _line(before: GameState, after: GameState, seat: int, scored) -> dict:
    b = before.board
    p0, p1 = before.players[seat], after.players[seat]
    houses = [name for m in _placed(p0, p1) for name in b.names_of(m)]
    return {"tiles": [(b.stacks[si].name, v) for si, v in p1.tiles if (si, v) not in p0.tiles],
            "houses": houses,
            "carriage": p1.carriages[-1] if p1.carriages and p1.carriages != p0.carriages else None,
            "scored": scored, "route": [b.card_names[c] for c in p1.route], "hand": len(p1.hand),
            "word": before.ruleset.texts.get("carriage", "carriage"),
            "over": after.result_text() if after.is_over else None,
            "margin": _margin(after, seat) if after.is_over else None}


def _margin(s: GameState, seat: int) -> float:
    """The player's final score less the best other player's (his score alone in a game of one: SoloPlay)."""
    scores = s.returns()
    others = [v for i, v in enumerate(scores) if i != seat]
    return scores[seat] - (max(others) if others else 0)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _join(parts) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    parts = list(parts)
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _describe(line: dict) -> str:
    parts = []
    if line["scored"]:
        route = line["scored"][-1]
        parts.append(f"scores a route of {_plural(len(route), 'card')} ({'–'.join(route)})")
        parts.append(f"places {_plural(len(line['houses']), 'house')}"
                     + (f" ({', '.join(line['houses'])})" if line["houses"] else ""))
    if line["carriage"] is not None:
        parts.append(f"takes {line['word']} {line['carriage']}")
    for name, v in line["tiles"]:
        parts.append(f"takes the {name} tile ({v})")
    if line["over"] is not None:
        parts.append(f"ends the game: {line['over']}")
        return ", ".join(parts)
    if line["route"]:
        parts.append(f"has a route of {_plural(len(line['route']), 'card')} in progress ({'–'.join(line['route'])})")
    else:
        parts.append("has no route in progress")
    parts.append(f"holds {_plural(line['hand'], 'card')}")
    return ", ".join(parts)


def _gave_up(chosen: dict, best: dict) -> list[str]:
    """What the chosen line lacks that the better one has, in game terms."""
    out = []
    mine = {n for n, _ in chosen["tiles"]}
    for name, v in best["tiles"]:
        if name not in mine:
            out.append(f"the {name} tile ({_plural(v, 'point')})")
    if best["carriage"] is not None and (chosen["carriage"] or 0) < best["carriage"]:
        out.append(f"{best['word']} {best['carriage']}")
    extra = len(best["houses"]) - len(chosen["houses"])
    if extra > 0:
        out.append(f"{_plural(extra, 'house')} placed")
    longer = len(best["route"]) - len(chosen["route"])
    if longer > 0 and not best["scored"] and not chosen["scored"] and best["over"] is None:
        out.append(f"a route {_plural(longer, 'card')} longer in progress")
    return out


def _hint_plan(states, history, k: int, seat: int, watches=None) -> str:
    """The hint's words of the decision before ``k`` in the same turn, when the player followed them there and they
    named the card drawn at ``k`` ("then take Salzburg too"): the hint's plan, followed; else ``""``."""
    if k == 0 or history[k].kind != "draw" or getattr(history[k], "city", None) is None:
        return ""
    s = states[k - 1]
    if s.to_move != seat or s.step != "draw" or s.turns != states[k].turns:
        return ""
    from .bots.greedy import GreedyBot

    from .information import player_view

    ranked = GreedyBot(0).score_actions(player_view(s, seat, None, None if watches is None else watches[k - 1]))
    if not ranked or ranked[0][1] != history[k - 1]:
        return ""
    reason = ranked[0][2]
    board = states[k].board
    card = board.city_name(board.card_key(history[k].city)[0])
    return reason.split(":")[0] if f"then take {card} too" in reason else ""


def _hint_words(who: str, hint: bool, plan: str = "") -> str:
    """For a decision where the played action was the hint's advice (or the plan of its advice for the draw
    before, ``plan``): why the review may see it otherwise (the full words, shown on demand)."""
    if not (hint or plan):
        return ""
    what = ("This was the hint's advice" if hint else
            f"This followed the hint's advice for the draw before (“{plan}”)")
    return (f"{what}; the hint values this turn only, with the cards in view (the greedy policy), while the search "
            f"bot plays it on over sampled futures to the end of {who}'s turn after next and sees it otherwise. ")


def said(s: GameState, action) -> str:
    """``action`` in ``s`` in the game's words: as the history keeps it once played (a card named as it reads,
    "play Magdeburg (2 horseshoes) horse side up", never its id), else as written."""
    try:
        return str(s.apply(action).last_action)
    except Exception:           # noqa: BLE001 -- an action that cannot be played here is named as written
        return str(action)


def _same_end(a_end: GameState, b_end: GameState, seat: int) -> bool:
    """Whether two lines end the turn in the same position for the player: his own part and the table alike."""
    return (_holding(a_end.players[seat]) == _holding(b_end.players[seat]) and a_end.display == b_end.display
            and a_end.stacks == b_end.stacks and a_end.is_over == b_end.is_over)


def _holding(p) -> tuple:
    """What a player has, to compare two lines: his cards (in any order), his route (read from either end: base
    rules, 2), houses, carriages, tiles and piles."""
    route = tuple(p.route)
    return (sorted(p.hand), min(route, route[::-1]), p.houses, p.houses_left, tuple(p.carriages), sorted(p.tiles),
            sorted((k, tuple(v)) for k, v in p.piles.items()), getattr(p, "colours", None))


def step_words(s: GameState) -> str:
    """The step the player is in, in words: its name where it is one ("draw", "score"), else what he does in it
    as the ruleset says (SoloPlay's ``solo_official``: "choose the turn's one official")."""
    if s.step.isalpha():
        return s.step
    spec = s.ruleset.steps.get(s.step)
    return re.split(r"[:;,(]", spec.does)[0].strip() if spec is not None else s.step.replace("_", " ")


@dataclass(frozen=True)
class Words:
    """A decision's words (:func:`explain_decision`): ``line``, the one line a learner reads first (what he did,
    what was better, by how much, why in a few words); ``details``, the full lines of both, on demand; ``excused``:
    no mistake after all (both lines end the turn the same, or the turn as played won the game or ended it as well
    as the better one would: its result is known, not expected)."""

    line: str
    details: str
    excused: bool = False

    def __str__(self):
        return f"{self.line} {self.details}".strip()


def explain(s: GameState, chosen, best, loss: float, seed=0, then=(), checked=math.nan, samples: int = 0,
            hint: bool = False, plan: str = "", unfinished: bool = False) -> str:
    """The words for a decision whose ``best`` action the bot prefers to ``chosen`` by ``loss`` points, as one
    text: its one line, then the full lines (:func:`explain_decision`)."""
    return str(explain_decision(s, chosen, best, loss, seed, then, checked, samples, hint, plan, unfinished))


def explain_decision(s: GameState, chosen, best, loss: float, seed=0, then=(), checked=math.nan, samples: int = 0,
                     hint: bool = False, plan: str = "", unfinished: bool = False, watch=None) -> Words:
    """The words for a decision whose ``best`` action the bot prefers to ``chosen`` by ``loss`` points: one line
    (what was played, what was better, by how much, and why in a few words: what the chosen one gave up, or,
    when it did better this turn, that the better one gains in the later turns), then the full lines: what each
    leads to by the end of the turn. The chosen line goes on as the game went (``then``: the actions played
    after it), the better one with the greedy policy, from the real position. ``checked``: the loss found by the
    closer look over ``samples`` futures, which the words then give. ``hint``: the chosen action was the hint's
    advice (:func:`thurn.bots.hint.hint`), and the words say why the review ranks it otherwise; ``plan``: the
    hint's words of the draw before, whose plan the chosen draw followed (the same said). ``unfinished``: the game
    goes on, so the better line is played from a position dealt as the player saw it
    (:func:`thurn.information.determinize`), never from the real deck (base rules, 1: it is drawn face down).
    Actions are named in the game's words (:func:`said`). Two lines that end the turn the same, or a turn as played
    that ended the game as well as the better one would (Game End and Scoring: the result is known), are no
    mistake (``excused``)."""
    seat = s.to_move
    a_end, a_scored = _play_out_turn(s, chosen, seed, then, watch)
    if unfinished:
        from .information import determinize

        b_end, b_scored = _play_out_turn(determinize(s, seat, random.Random(f"thurn.review.seen:{seed}:{s.turns}")),
                                         best, seed)
    else:
        b_end, b_scored = _play_out_turn(s, best, seed, watch=watch)
    mine, better = _line(s, a_end, seat, a_scored), _line(s, b_end, seat, b_scored)
    who = s.names[seat]
    c_name, b_name = said(s, chosen), said(s, best)
    lost, won = _gave_up(mine, better), _gave_up(better, mine)
    head = f"Turn {s.turns + 1} (round {s.round_number}), {who} to {step_words(s)}: "
    why_hint = _hint_words(who, hint, plan)
    advice = " (the hint's advice)" if hint else " (the hint's plan)" if plan else ""
    a_text, b_text = _describe(mine), _describe(better)
    if a_end.is_over and (a_end.winner() == who
                          or better["margin"] is not None and mine["margin"] >= better["margin"]):
        won_it = a_end.winner() == who
        return Words(head + f"“{c_name}” {'won the game' if won_it else 'ended the game as well as'}"
                     f"{'' if won_it else f' “{b_name}” would'}: no mistake ({a_end.result_text()}).",
                     f"As played, {who} {a_text}.", True)
    if not unfinished and _same_end(a_end, b_end, seat) or a_text == b_text and not (lost or won) and \
            a_end.is_over and b_end.is_over:
        return Words(head + f"“{c_name}” and “{b_name}” end the turn the same: no mistake.",
                     f"Both: {who} {a_text}.", True)
    if checked == checked and checked < MISTAKE_MIN:          # looked at again: not a mistake after all
        return Words(head + f"“{c_name}”{advice}, about as good as “{b_name}” ({-checked:+.1f} on a closer look).",
                     f"The search bot first preferred “{b_name}” by {loss:.1f} points, but a closer look "
                     f"({samples} sampled futures each) finds “{c_name}” about as good ({-checked:+.1f}).", True)
    if checked == checked:
        loss = checked
    if lost:
        reason = f"it gave up {_join(lost)}"
    elif won:
        reason = f"it got {_join(won[:2])} now, but the other gains more later"
    elif a_text == b_text:
        reason = "the turn ends the same, but it leaves less for the next turns"
    else:
        reason = "it leaves less for the next turns (the cards, the display, the officials)"
    line = head + f"“{c_name}”{advice}; “{b_name}” was about {loss:.1f} points better (expected): {reason}."
    details = why_hint
    if won and not lost:
        details += (f"“{c_name}” got {_join(won)} this turn, which “{b_name}” does not; yet “{b_name}” was worth "
                    f"{loss:.1f} points more (expected) by the end of {who}'s turn after next: its gain comes in "
                    f"the later turns (the cards kept, the display, the officials' chances). ")
    elif lost and won:
        details += f"“{c_name}” had {_join(won)} instead, worth less by the bot's estimate. "
    if a_text == b_text:
        details += (f"By the end of the turn both lead to the same: {who} {a_text}; the difference is in what they "
                    f"leave for the next turns (the cards, the display, the officials' chances).")
    else:
        details += (f"By the end of the turn, as played, {who} {a_text}; with “{b_name}” (then the greedy policy) "
                    f"{who} {b_text}.")
    return Words(line, details.strip())


# -- the review ----------------------------------------------------------------------------------------------

def _progress(progress, total: int, what: str):
    """A function ``step()`` to call after each unit of work: tqdm for ``progress=True``, a callable
    ``progress(done, total, what)`` as given, or nothing."""
    if progress is True and total:
        from tqdm.auto import tqdm

        bar = tqdm(total=total, desc=what)

        def step(done):
            bar.update(1)
            if done == total:
                bar.close()
        return step
    if callable(progress):
        return lambda done: progress(done, total, what)
    return lambda done: None


def seat_of(state: GameState, player) -> int:
    if player is None:
        return 0
    return state.seat(player)           # UnknownName (a close name suggested) or the seats there are


def _watches(states) -> list:
    """The game's :class:`~thurn.information.Watch` at each of ``states`` (a game's positions in order,
    :func:`positions`), watched once from the first, as :meth:`Watch.of <thurn.information.Watch.of>` would replay
    each: a review hands them to every view and sample it makes of those positions."""
    from .information import SeatView, Watch

    root = states[0]
    watch = root.watch.copy() if isinstance(root, SeatView) else Watch.start(root)
    out = []
    for k, s in enumerate(states):
        out.append(watch.copy())
        if k + 1 < len(states):
            watch.see(s, states[k + 1].last_action, states[k + 1])
    return out


def _views(states, seat: int, wanted, watches=None) -> dict:
    """``seat``'s view (:func:`thurn.information.player_view`) of ``states[k]`` for each ``k`` of ``wanted``:
    ``states`` are a game's positions in order (:func:`positions`), watched once from the first."""
    from .information import player_view, view_rng

    watches = _watches(states) if watches is None else watches
    return {k: player_view(states[k], seat, view_rng(states[k], seat, k), watches[k], k) for k in sorted(set(wanted))}


def _favourite(s: GameState, bot):
    """The greedy policy's favourite action in ``s`` (the hint's first advice, :func:`thurn.bots.hint.hint`) and by
    how many points it leads the next one (``inf`` with one action), or ``(None, 0)`` for a bot without the greedy
    ranking."""
    if bot._greedy is None:
        return None, 0.0
    ranked = bot._ranked(s)
    lead = ranked[0][0] - ranked[1][0] if len(ranked) > 1 else math.inf
    return ranked[0][1], lead


def turn_cost(state) -> float:
    """What a player-turn of ``state``'s ruleset costs the bots' valuation, against the base game's (1):
    :func:`thurn.bots.valuation.turn_cost`, each variant's measured cost multiplied (SoloPlay's, several steps a turn
    each valued with its four colours, is dearer). The review's budgets (:data:`TABLE_TURNS`, :data:`EXPECTED_TURNS`)
    are in base-game player-turns, so that a review takes about as long in every ruleset."""
    from .bots.valuation import turn_cost as cost

    return cost(state)


def _budgeted(bot, looks: int, players: int, cost: float = 1.0):
    """The review's default bot with its rollouts per decision cut to the budget (:data:`TABLE_TURNS`)."""
    per = (1 + (bot.horizon if bot.horizon is not None else 8) * players) * cost    # player-turns one rollout plays
    bot.iterations = max(MIN_ITERATIONS, min(bot.iterations, int(TABLE_TURNS // max(1, looks * per))))
    if bot.iterations < 24 and bot.top is not None:
        bot.top = min(bot.top, 3)          # fewer candidates, each on as many sampled futures as before
    return bot


@dataclass(frozen=True)
class Plan:
    """A review's budget at its default (:func:`plan_review`): the ``level`` it ranks with (a name of
    :data:`thurn.bots.levels.LEVELS`), its rollouts per decision that needs a look (``iterations``) among the greedy
    policy's ``top`` actions and the one played, every how many turns the expected scores are computed (``every``),
    the CPU ms the planned work is costed at (``ms``, :func:`thurn.bots.costs.turn_ms`), whether the ruleset's
    cost ``cut`` the budgets in player-turns (:data:`REVIEW_MS`), and how many of the biggest losses are looked at
    again (``checked``)."""

    level: str
    iterations: int
    top: int | None
    every: int
    ms: float
    cut: bool = False
    checked: int = CHECKED


def _starts(states) -> list[int]:
    """The positions (indices of ``states``) where a player-turn starts."""
    return [k for k, s in enumerate(states) if k == 0 or s.turns != states[k - 1].turns]


def _left(states, starts, every: int) -> int:
    """The player-turns the games played out from every ``every``-th turn's start have left (as the game went)."""
    end = states[-1].turns
    return sum(end - states[i].turns for i in starts if states[i].turns % every == 0)


def _look_rollouts(iterations: int, top) -> int:
    """The rollouts of one look (:func:`rank_actions`): the greedy ``top`` and the action played (when it is not
    among them), each on ``iterations // candidates`` sampled futures, at least 2."""
    cands = (top if top is not None else 4) + 1
    return max(2, iterations // cands) * cands


def plan_review(state, states, looks: int, decisions: int, samples: int = 8, seed=0):
    """The default review's bot and :class:`Plan` for a game whose player has ``decisions`` decisions with a
    choice, ``looks`` of them to search (the others took the greedy policy's clear favourite): ``states`` are the
    game's positions (:func:`positions`).

    The level: the strongest search level of :data:`thurn.bots.levels.LEVELS` (Master), its own rollouts at every
    look where they fit in :data:`TABLE_TURNS` player-turns (a short game), else cut to that budget (between
    :data:`MIN_ITERATIONS` and its own: a whole game). The expected scores: every turn that
    :data:`EXPECTED_TURNS` allows (:func:`expected_scores`). Then the whole is costed in CPU ms with the ruleset's
    measured cost of a player-turn (:func:`thurn.bots.costs.turn_ms`): the rollouts of the looks and of the closer
    looks, the games played out and the greedy rankings. Over :data:`REVIEW_MS` (a dear ruleset), the rollouts and
    the games played out are cut by the same factor, the rollouts to no fewer than :data:`MIN_DEAR`; where that is
    still too much, the greedy policy's top 2 are looked at (not 3) and the 3 biggest losses looked at again (the
    mistakes the review lists; not :data:`CHECKED`); the games played out take what is left, at no fewer than
    :data:`MIN_CHART` positions. Work counted, never timed: the same game gives the same plan on any machine."""
    from .bots.costs import turn_ms

    roll, play = turn_ms(state)
    n = len(state.players)
    level = search_levels()[-1]
    bot = _budgeted(_level_bot(level, seed), looks, n)
    per = 1 + (bot.horizon if bot.horizon is not None else 8) * n
    starts = _starts(states)
    every = _every(states, starts, samples)
    checked = CHECKED
    other = 2 * decisions * play                # the views, the greedy rankings and the words

    def table_ms():
        return (looks * _look_rollouts(bot.iterations, bot.top) + checked * 4 * bot.iterations) * per * roll

    def expected_ms(every):
        return samples * _left(states, starts, every) * play

    ms = table_ms() + expected_ms(every) + other
    cut = ms > REVIEW_MS
    if cut:
        f = max(0.0, REVIEW_MS - other) / max(1e-9, ms - other)
        iterations = max(MIN_DEAR, int(bot.iterations * f))
        if iterations < bot.iterations:
            bot.iterations = iterations
            if bot.top is not None:
                bot.top = min(bot.top, 3)
        share = expected_ms(every) * f
        if table_ms() + share + other > REVIEW_MS:          # the rollouts at their floor: fewer candidates
            bot.top = min(bot.top or 3, 2)
            checked = min(checked, 3)
        goal = min(share, REVIEW_MS - other - table_ms())
        most = max(every, states[-1].turns // MIN_CHART)
        while every < most and expected_ms(every) > goal:
            every += 1
        ms = table_ms() + expected_ms(every) + other
    return bot, Plan(level.name, bot.iterations, bot.top, every, round(ms, 1), cut, checked)


def drain(steps):
    """Run a generator of review steps to its end; its return value."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value


def _table(state, seat, bot, seed, progress, states=None, budget=False):
    return drain(_table_steps(state, seat, bot, seed, progress, states, budget))


def _table_steps(state, seat, bot, seed, progress, states=None, budget=False, on_row=None, samples=8, plan=None):
    """The decisions table, a step (``yield``) after each decision and each closer look: see :func:`review`.
    ``on_row(row)``: called with each decision's first finding as it is made (:func:`finding`). ``budget``: the
    default review's (:func:`plan_review`, for ``samples`` games played out from each turn), its :class:`Plan`
    kept in ``plan["plan"]`` when ``plan`` is a dict."""
    import pandas as pd

    states = positions(state) if states is None else states
    history = state.history
    todo = [k for k, s in enumerate(states[:-1]) if s.to_move == seat and len(s.legal_actions()) > 1]
    # a decision needs no look when the player took the greedy policy's clear favourite (the search bot plays it
    # without searching, ``clear``): it is the hint's advice and the bot's choice alike
    watches = _watches(states)
    views = _views(states, seat, todo, watches)
    favourite = {k: _favourite(views[k], bot) for k in todo}
    clear = bot.clear
    looks = [k for k in todo if not (clear is not None and favourite[k][0] == history[k]
                                     and favourite[k][1] >= clear)]
    chosen_plan = None
    if budget:
        bot, chosen_plan = plan_review(state, states, len(looks), len(todo), samples, seed)
        if plan is not None:
            plan["plan"] = chosen_plan
    looked = set(looks)
    step = _progress(progress, len(todo), f"reviewing {state.names[seat]}'s decisions")
    rows = []
    for done, k in enumerate(todo, 1):
        s, chosen = states[k], history[k]
        hint = favourite[k][0]
        row = {"move": k, "turn": s.turns + 1, "round": s.round_number, "player": state.names[seat],
               "step": s.step, "choices": len(s.legal_actions()), "action": str(states[k + 1].last_action),
               "notation": chosen.notation, "checked_loss": math.nan, "comment": "", "details": "",
               "excused": False,
               "hint": "" if hint is None else hint.notation}
        if k not in looked:
            row.update(rank=1, candidates=1, value=math.nan, best=row["action"], best_notation=chosen.notation,
                       best_value=math.nan, loss=0.0, alternatives=f"{chosen} (the clear favourite)", look="clear",
                       _best=chosen)
            rows.append(row)
            step(done)
            if on_row is not None:
                on_row(finding(row))
            yield
            continue
        ranked = rank_actions(s, chosen, bot=bot, seed=seed, view=views[k], watch=watches[k])
        rank = next(i for i, (_, a) in enumerate(ranked) if a == chosen) + 1
        value = ranked[rank - 1][0]
        best_value, best = ranked[0]
        row.update(rank=rank, candidates=len(ranked), value=round(value, 2),
                   best=row["action"] if best == chosen else said(s, best),
                   best_notation=best.notation, best_value=round(best_value, 2),
                   loss=round(max(0.0, best_value - value), 2),
                   alternatives="; ".join(f"{row['action'] if a == chosen else said(s, a)} ({v:+.1f})"
                                          for v, a in ranked[:ALTERNATIVES]), look="searched",
                   _best=best)
        rows.append(row)
        step(done)
        if on_row is not None:
            on_row(finding(row))
        yield
    # the biggest losses looked at again with more sampled futures: the sampling's noise is not called a mistake
    checked = CHECKED if chosen_plan is None else chosen_plan.checked
    worst = sorted((r for r in rows if r["rank"] > 1 and r["loss"] >= MISTAKE_MIN),
                   key=lambda r: (-r["loss"], r["move"]))[:checked]
    for r in worst:
        k = r["move"]
        r["checked_loss"] = round(check_loss(states[k], history[k], r["_best"], bot=bot, seed=seed,
                                             watch=watches[k]), 2)
        yield
    for r in rows:
        if r["rank"] > 1:
            k = r["move"]
            hint = r["hint"] == r["notation"]
            words = explain_decision(states[k], history[k], r["_best"], r["loss"], seed, history[k + 1:],
                                     r["checked_loss"], 2 * bot.iterations, hint=hint,
                                     plan="" if hint else _hint_plan(states, history, k, seat, watches),
                                     unfinished=not state.is_over, watch=watches[k])
            r["comment"], r["details"], r["excused"] = words.line, words.details, words.excused
        del r["_best"]
    df = pd.DataFrame(rows, columns=list(COLUMNS)).set_index("move")
    if budget:
        df.attrs["plan"] = chosen_plan          # the default budget's Plan (plan_review), for whoever asks
    return df


def finding(row: dict) -> dict:
    """A decision's first finding, as the review makes it (before the biggest losses are looked at again and the
    mistakes put in words): the table's row so far, without the engine's own objects."""
    return {k: v for k, v in row.items() if not k.startswith("_")}


def review(state: GameState, player=None, *, bot=None, seed=0, progress=False):
    """Every decision of ``player`` (name or seat; default seat 0) in the game, ranked by the search bot: a pandas
    DataFrame indexed by ``move`` (the action's place in ``state.history``, for the replay), one row per
    position where the player had more than one legal action (forced actions are left out).

    Columns: ``turn`` (the game's player-turns, from 1), ``round``, ``player``, ``step`` (draw, play, score, ...),
    ``choices`` (legal actions there), ``action`` and ``notation`` (what was played), ``rank`` (its place in the
    bot's ranking, 1 = the bot's choice), ``candidates`` (actions ranked), ``value`` (the bot's estimate of it:
    points ahead of the best other player), ``best``/``best_notation``/``best_value`` (the bot's choice), ``loss``
    (best − chosen value, ≥ 0), ``checked_loss`` (for the :data:`CHECKED` biggest losses: the same difference on
    twice the budget of other sampled futures, so that the sampling's noise is not called a mistake; else NaN),
    ``alternatives`` (the best three with their values), ``comment`` (for a decision the bot would have made
    otherwise: one line, what was played, what was better, by how much and why in a few words), ``look`` (``"searched"``, or
    ``"clear"``: the player took the greedy policy's clear favourite, which the search bot plays without a search,
    its ``clear``; rank 1, no loss, the values NaN), ``hint`` (the hint's first advice there, its notation),
    ``details`` (the full lines behind ``comment``: what each leads to by the end of the turn) and ``excused``
    (True where the words find no mistake after all: both end the turn the same, or the turn won the game).
    Actions are named in the game's words, as the history keeps them (:func:`said`).
    With ``bot=None`` the level and the rollouts per decision are budgeted (:func:`plan_review`).

    ``bot``: None (the search bot's default budget), a SearchBot or a dict of its options. ``seed``: the sampled
    futures (same seed, same table). ``progress``: True for a progress bar, or a function ``(done, total, what)``.
    The game itself is never changed (its positions are rebuilt from its history)."""
    state = need_game(state)
    seat = seat_of(state, player)
    return _table(state, seat, _search_bot(bot, seed), seed, progress, budget=bot is None)


def mistakes(table, n: int = 3) -> list[str]:
    """The ``n`` biggest mistakes of a review table (:func:`review`), each in one line, biggest first: decisions
    where the bot prefers another action by at least :data:`MISTAKE_MIN` points, confirmed by the closer look
    (``checked_loss``: the :data:`CHECKED` biggest losses played out again on twice the budget) and not
    ``excused``. Their full lines: the ``details`` column (:meth:`Review.mistake_details`)."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ReviewError(f"n is how many mistakes to list, a whole number of 0 or more, not {n!r}.")
    table = getattr(table, "table", table)
    return list(table.loc[_mistake_moves(table, n), "comment"])


def _mistake_moves(table, n: int) -> list:
    """The moves of the ``n`` biggest mistakes: decisions the bot would have made otherwise, by at least
    :data:`MISTAKE_MIN` points, as the closer look (``checked_loss``) finds where it looked (else ``loss``)."""
    loss = table["checked_loss"].where(table["checked_loss"].notna(), table["loss"])
    if table["checked_loss"].notna().any():
        loss = loss.where(table["checked_loss"].notna(), -math.inf)     # only what was looked at again
    worst = table.assign(_loss=loss)
    worst = worst[(worst["rank"] > 1) & (worst["_loss"] >= MISTAKE_MIN)]
    if "excused" in worst:
        worst = worst[~worst["excused"].astype(bool)]          # the same end, or a won game: no mistake
    return list(worst.sort_values(["_loss", "turn"], ascending=[False, True], kind="stable").index[:n])


def _every(states, starts, samples: int) -> int:
    """Every how many turns the expected scores are computed to stay within :data:`EXPECTED_TURNS` played out
    (base-game player-turns: :func:`turn_cost`)."""
    end = states[-1].turns
    cost = turn_cost(states[-1])
    for k in range(1, end + 2):
        if cost * samples * sum(end - states[i].turns for i in starts if states[i].turns % k == 0) <= EXPECTED_TURNS:
            return k
    return end + 1


def expected_scores(state: GameState, player=None, *, samples: int = 8, seed=0, progress=False, states=None,
                    every: int | None = None):
    """Each player's expected final score at the start of every turn of the game: a DataFrame indexed by
    ``turns`` (player-turns played before that position) with a column per player. Each row is the mean final
    score (Game End and Scoring) of ``samples`` games played to the end with the greedy policy for everyone,
    from positions dealt consistently with what ``player`` (default seat 0) had seen; the last row of a finished
    game is its actual final score. ``every``: at the start of every ``every``-th turn only (and at the end);
    None: every turn while the games played out fit in :data:`EXPECTED_TURNS` player-turns, else every second
    (third, ...) turn, so that a long game is drawn in as little time as a short one."""
    return drain(_expected_steps(state, player, samples=samples, seed=seed, progress=progress, states=states,
                                  every=every))


def _expected_steps(state, player=None, *, samples=8, seed=0, progress=False, states=None, every=None):
    """:func:`expected_scores`, a step (``yield``) after each position."""
    import pandas as pd
    from .bots.greedy import GreedyBot
    from .information import Seen

    state = need_game(state)
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= 1000:
        raise ReviewError(f"samples is how many games to play out from each turn, 1 to 1000, not {samples!r}.")
    seat = seat_of(state, player)
    states = positions(state) if states is None else states
    starts = [k for k, s in enumerate(states) if k == 0 or s.turns != states[k - 1].turns]
    if every is None:
        every = _every(states, starts, samples)
    if isinstance(every, bool) or not isinstance(every, int) or every < 1:
        raise ReviewError(f"every is every how many turns to compute the expected scores, 1 or more, not {every!r}.")
    starts = [k for k in starts if states[k].turns % every == 0]
    if starts[-1] != len(states) - 1:
        starts.append(len(states) - 1)
    step = _progress(progress, len(starts), "expected final scores")
    watches = _watches(states)
    bot = GreedyBot(0)
    rows, index = [], []
    for done, k in enumerate(starts, 1):
        s = states[k]
        if s.is_over:
            rows.append([float(x) for x in s.returns()])
        else:
            rng = random.Random(f"thurn.review.expected:{seed}")     # the same random numbers at every turn
            seen = Seen(s, seat, watches[k])
            total = [0.0] * len(s.names)
            for _ in range(samples):
                w = seen.sample(rng)
                bot.rng = random.Random(rng.getrandbits(64))
                while not w.is_over:
                    w = w.apply(bot.choose(w))
                total = [t + x for t, x in zip(total, w.returns())]
            rows.append([round(t / samples, 2) for t in total])
        index.append(s.turns)
        step(done)
        yield
    df = pd.DataFrame(rows, columns=list(state.names), index=pd.Index(index, name="turns"))
    return df[~df.index.duplicated(keep="last")]


@dataclass
class Review:
    """A game reviewed for one player: ``table`` (:func:`review`), ``expected`` (:func:`expected_scores`),
    ``final`` (the actual final scores, None for a game not over), the game (``state``, never changed) and, at the
    default budget, its ``plan`` (:class:`Plan`: the level ranked with, the rollouts, the expected scores' turns)."""

    state: GameState
    player: str
    seat: int
    table: object
    expected: object
    final: dict | None
    plan: Plan | None = None            # the default budget's plan (:func:`plan_review`); None for a bot given

    def mistakes(self, n: int = 3) -> list[str]:
        """The ``n`` biggest mistakes in words, biggest first (see :func:`mistakes`)."""
        return mistakes(self.table, n)

    def mistake_details(self, n: int = 3) -> list[str]:
        """The full lines of each of the ``n`` biggest mistakes (what both lines lead to by the end of the turn,
        why the hint saw it otherwise), in the order of :meth:`mistakes`: shown on demand under its one line."""
        return list(self.table.loc[_mistake_moves(self.table, n), "details"])

    def mistake_moves(self, n: int = 3) -> list[int]:
        """The ``move`` (place in the history) of each of the ``n`` biggest mistakes, biggest first."""
        return _mistake_moves(self.table, n)

    def summary(self) -> str:
        """The review in the game's terms: the decisions the search bot agrees with, how many were mistakes and
        what the biggest cost (each by itself: the figures do not add up), beside the final scores."""
        t = self.table
        if not len(t):
            return f"{self.player} had no decision with more than one legal action."
        agree = int((t["rank"] == 1).sum())
        text = (f"{self.player}: {len(t)} decisions with a choice; the search bot agrees with {agree} "
                f"({agree / len(t):.0%}). ")
        moves = _mistake_moves(t, len(t))
        if not moves:
            text += f"No mistake: no other choice was worth {MISTAKE_MIN} points more, as a closer look confirms."
        else:
            cost = t["checked_loss"].where(t["checked_loss"].notna(), t["loss"])
            big = ", ".join(f"{cost[m]:.1f} (turn {t.loc[m, 'turn']})" for m in moves[:3])
            against = " against the best other player" if len(self.state.players) > 1 else ""
            text += (f"{_plural(len(moves), 'mistake')} confirmed; the biggest cost about {big} points, each by "
                     f"itself{against} a few turns on (such figures do not add up).")
        return text + self._final_words()

    def _final_words(self) -> str:
        """Where the player finished: his score and the gap to the winner (or to the runner-up)."""
        if not self.final:
            return ""
        me = self.final[self.player]
        others = sorted(((v, n) for n, v in self.final.items() if n != self.player), reverse=True)
        winner = self.state.winner()
        if winner is None:                      # a rating, no winner (SoloPlay)
            return f" {self.player} finished with {_plural(me, 'point')}: {self.state.result().rating}."
        if winner == self.player and not others:
            return f" {self.player} won with {_plural(me, 'point')}."
        if winner == self.player:
            v, n = others[0]
            return f" {self.player} won with {_plural(me, 'point')}, {me - v} ahead of {n} ({v})."
        top = self.final[winner]
        return f" {self.player} finished with {_plural(me, 'point')}, {top - me} behind the winner, {winner} ({top})."

    def chart(self):
        """Each player's expected final score over the game (:func:`thurn.viz.charts.review_chart`)."""
        from .viz.charts import review_chart

        return review_chart(self)

    def __repr__(self):
        return f"<Review of {self.player}: {self.summary()}>"

    def _repr_html_(self):
        esc = html.escape
        items = "".join(f"<li>{esc(m)}<details><summary>the full lines</summary>{esc(d)}</details></li>"
                        for m, d in zip(self.mistakes(), self.mistake_details()))
        shown = self.table[["turn", "step", "action", "rank", "value", "best", "best_value", "loss", "checked_loss"]]
        return (f"<div class='thurn-review'><h4>Review of {esc(self.player)}</h4><p>{esc(self.summary())}</p>"
                f"<b>The biggest mistakes</b><ol>{items or '<li>none: every choice was the bot&#x27;s or close</li>'}"
                f"</ol>{shown.to_html(escape=True, classes='thurn-review-table')}</div>")


def review_game(state: GameState, player=None, *, bot=None, seed=0, samples: int = 8, progress=False) -> Review:
    """The whole review of ``player`` (name or seat; default seat 0): the decisions table (:func:`review`), the
    mistakes in words and each player's expected final score over the game (:func:`expected_scores`, ``samples``
    games played out from each turn). ``state`` is never changed."""
    return drain(review_steps(state, player, bot=bot, seed=seed, samples=samples, progress=progress))


def review_steps(state: GameState, player=None, *, bot=None, seed=0, samples: int = 8, progress=False,
                 on_finding=None):
    """:func:`review_game` as a generator: it does one decision (one position of the expected scores) at each
    ``next()`` and returns the :class:`Review` at its end (``StopIteration.value``); an app runs it in steps, so
    that its progress shows while it works, and ``on_finding(row)`` is handed each decision's first finding as it
    is made (:func:`finding`), so that the first findings show long before the end. The arguments are checked at
    the first step."""
    state = need_game(state)
    seat = seat_of(state, player)
    budget = bot is None
    bot = _search_bot(bot, seed)
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= 1000:
        raise ReviewError(f"samples is how many games to play out from each turn, 1 to 1000, not {samples!r}.")
    states = positions(state)
    plan: dict = {}
    table = yield from _table_steps(state, seat, bot, seed, progress, states, budget, on_finding, samples, plan)
    every = plan["plan"].every if "plan" in plan else None
    expected = yield from _expected_steps(state, seat, samples=samples, seed=seed, progress=progress, states=states,
                                          every=every)
    final = dict(zip(state.names, state.returns())) if state.is_over else None
    return Review(state, state.names[seat], seat, table, expected, final, plan.get("plan"))
