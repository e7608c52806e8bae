"""SearchBot: determinized rollouts that never peek at the hidden cards.

For each decision the bot samples positions consistent with what it has seen (:mod:`thurn.information`:
the others' unknown cards and the deck order dealt at random from the unseen cards), and in each sample tries
every candidate action: the action, then a quick policy for everyone up to a horizon (by default the end of the
bot's next turn), then a heuristic evaluation of the position (:func:`evaluate`: the final score now, plus what
the route in progress, the hand and the carriage promise). All candidates share the same samples and the same
random numbers, so their differences are measured precisely; the budget goes to the best candidates by
successive halving. Flat Monte Carlo over determinizations ("perfect information Monte Carlo").

The bot reads the engine form of positions (numbers and masks) for speed, but only of the sampled positions:
the true hidden cards never reach the search. Like every bot it is handed its player's view
(:func:`thurn.information.player_view`), which carries what the table watched, and samples from that.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import replace
from itertools import combinations

from ..actions import Action
from ..information import Seen
from .valuation import turn_cost, valuations
from ..scoring import earned_tiles, placement_masks, popcount

__all__ = ["SearchBot", "evaluate", "quick_action"]


# -- a quick policy for the rollouts (and for forced-looking choices) ---------------------------------------

def _fits(adj, route, rmask, c) -> bool:
    return not rmask >> c & 1 and bool(adj[c] >> route[0] & 1 or adj[c] >> route[-1] & 1)


def _fitting(adj, route, rmask, hand) -> int:
    """How many cards of ``hand`` fit an end of ``route``."""
    if not route:
        return 0
    ends = 1 << route[0] | 1 << route[-1]
    return sum(1 for c in hand if adj[c] & ends and not rmask >> c & 1)


def draw_value(adj, route, rmask, hand, c) -> float:
    """How useful card ``c`` is to a player with ``route`` and ``hand`` (a rough count of ways it helps)."""
    v = 0.0
    if route:
        if rmask >> c & 1:
            return -1.0
        ends = 1 << route[0] | 1 << route[-1]
        if adj[c] & ends:
            v += 2.0
        for h in hand:
            if adj[c] >> h & 1 and not rmask >> h & 1:
                v += 0.5
    else:
        for h in hand:
            if adj[c] >> h & 1:
                v += 1.0
    if c in hand:
        v -= 0.7
    return v


def _score_value(s, p, a) -> float:
    """Points a Score action adds now: houses placed, tiles earned (the game-end tile aside: the leaf's evaluation
    counts it), the Cartwright's carriage (roughly)."""
    b = s.board
    mask = a.resolved
    houses = p.houses | mask
    held = {si for si, _ in p.tiles}
    v = popcount(mask) + sum(s.stacks[st.index][0] for st in earned_tiles(b, s.rules, houses, held, s.stacks,
                                                                          len(p.route)))
    if a.cartwright:
        v += 1.5
    return v


def quick_action(s, rng: random.Random, actions=None) -> Action:
    """A quick, sensible action for the player to move (the rollout policy): draw what fits the route, extend
    it, score when the next carriage is reached or no card in hand fits, place the most houses."""
    if actions is None:
        actions = s.legal_actions()
    if len(actions) == 1:
        return actions[0]
    step = s.step
    b = s.board
    adj = b.adj
    p = s.players[s.to_move]
    city_of = b.city_of                 # (the rollouts reason in cities)
    route, rmask, hand = b.cities_of(p.route), p.rmask, b.cities_of(p.hand)
    if step == "draw":
        best, best_v = None, 0.9
        postmaster = None
        for a in actions:
            k = a.kind
            if k == "draw":
                if a.resolved >= 0:
                    v = draw_value(adj, route, rmask, hand, city_of[a.resolved]) + rng.random() * 0.1
                    if v > best_v:
                        best, best_v = a, v
                elif best is None:
                    best = a
            elif a.resolved == "postmaster":
                postmaster = a
        if postmaster is not None and not s.officials and s.draws == 0 and len(hand) < 3 \
                and _fitting(adj, route, rmask, hand) < 2:
            return postmaster
        return best if best is not None else actions[-1]
    if step == "play":
        best, best_v = None, -99.0
        for a in actions:
            if a.kind != "play":
                continue
            c = city_of[a.resolved]
            rest = list(hand)
            rest.remove(c)
            if a.end == "new":
                if route and len(route) >= 2 and _fitting(adj, route, rmask, hand):
                    continue
                v = -3.0 - 1.5 * len(route) + sum(1 for h in rest if adj[c] >> h & 1 and h != c)
            else:
                nr = (c,) + route if a.end == "left" else route + (c,)
                v = 5.0 + _fitting(adj, nr, rmask | 1 << c, rest) + (0.0 if p.houses >> c & 1 else 0.3)
            v += rng.random() * 0.1
            if v > best_v:
                best, best_v = a, v
        return best if best is not None else actions[0]
    if step == "score":
        carrier = None
        scores = []
        end = None
        for a in actions:
            k = a.kind
            if k == "score":
                scores.append(a)
            elif k == "official":
                carrier = a
            else:
                end = a
        n = len(route)
        if carrier is not None and n < 7:
            return carrier
        if not scores:
            return end
        level = b.carriage_levels[len(p.carriages)] if len(p.carriages) < len(b.carriage_levels) else 7
        goal = max(3, min(level, 7))
        if s.end_by is not None or n >= goal or _fitting(adj, route, rmask, hand) == 0 \
                or any(a.cartwright for a in scores):
            return max(scores, key=lambda a: _score_value(s, p, a) + rng.random() * 0.01)
        return end
    for val in valuations(s):
        if step in val.steps:
            return val.quick(s, actions, rng)
    if step == "keep":
        def keep_value(a):
            cards = b.cities_of(a.resolved)
            v = 0.0
            for x, y in combinations(cards, 2):
                v += 1.0 if adj[x] >> y & 1 else (-0.5 if x == y else 0.0)
            return v + rng.random() * 0.01
        return max(actions, key=keep_value)
    return actions[rng.randrange(len(actions))]


# -- evaluation ----------------------------------------------------------------------------------------------

def _player_value(s, seat: int) -> float:
    """An estimate of what ``seat`` will end the game with: the final score now (carriage, tiles, unplaced
    houses: Game End and Scoring), plus part of what the route in progress and the hand promise."""
    b = s.board
    p = s.players[seat]
    v = _base_points(s, seat)
    if s.ext:
        v += _ext_points(s, seat)
    if s.step == "over":
        return v
    route = b.cities_of(p.route)
    n = len(route)
    if n:
        fit = _fitting(b.adj, route, p.rmask, b.cities_of(p.hand))
        if n >= b.min_route:
            masks = placement_masks(b, route, p.houses, p.houses_left, s.rules.optional_houses)
            houses = popcount(masks[0]) if masks else 0
            level = b.carriage_levels[len(p.carriages)] if len(p.carriages) < len(b.carriage_levels) else None
            gain = houses
            if level is not None and n >= level:
                gain += b.carriage_points[level] - (b.carriage_points[p.carriages[-1]] if p.carriages else 0)
            v += 0.6 * gain + 0.25 * n
        else:
            v += 0.5 * n
        v += 0.3 * min(fit, 3)
    v += 0.1 * len(p.hand)
    return v


def _as_mover(s, seat: int):
    """The position as if ``seat`` were about to start a turn (to value his prospects the same way for all)."""
    if s.to_move == seat and s.step == "draw" and s.draws == 0 and not s.officials and not s.interruptions:
        return s
    n = s.detached()
    n.turn_owner = n.to_move = seat
    n.interruptions = ()
    n.step, n.draws, n.draws_allowed, n.plays, n.plays_allowed, n.officials = "draw", 0, 1, 0, 1, ()
    n.step_set()
    if not s.players[seat].hand:
        n.officials, n.draws_allowed = ("postmaster",), 2       # an empty hand: the Postmaster must help (1)
    if n.ext:
        for val in valuations(n):
            val.as_mover(n, seat)
    return n


_NEEDS: dict = {}       # (board, rules) -> [(stack index, kind, [province masks])] of the province tiles


def _province_needs(s):
    key = (s.board, s.rules.all_provinces_includes_baiern)
    needs = _NEEDS.get(key)
    if needs is None:
        b = s.board
        needs = []
        for st in b.stacks:
            if st.kind == "all_cities":
                need = 0
                for pid in st.provinces:
                    need |= b.province_mask[b._province_index[pid]]
                needs.append((st.index, st.kind, need))
            elif st.kind == "one_house_per_province":
                needs.append((st.index, st.kind, [b.province_mask[i] for i, pr in enumerate(b.provinces)
                                                  if key[1] or pr.id not in st.except_provinces]))
        _NEEDS[key] = needs
    return needs


def _credits(s, seat: int, w) -> float:
    """What GreedyBot credits beyond points for what a player already has, so that a banked route and one still
    in hand are valued alike: ``carriage_step`` per step up the carriage track (3c), and ``progress`` of each
    province tile for each house towards it (3b)."""
    b = s.board
    p = s.players[seat]
    v = w.carriage_step * min(len(p.carriages), len(b.carriage_levels) - 1)
    held = {si for si, _ in p.tiles}
    for si, kind, need in _province_needs(s):
        if si in held or not s.stacks[si]:
            continue
        if kind == "all_cities":
            v += w.progress * s.stacks[si][0] * popcount(p.houses & need) / popcount(need)
        else:
            v += w.progress * s.stacks[si][0] * sum(1 for m in need if m & p.houses) / len(need)
    return v


def greedy_value(s, seat: int, bot=None) -> float:
    """What ``seat`` has and can expect, in GreedyBot's terms: the final score now (Game End and Scoring), the
    credits GreedyBot gives for carriages and houses towards province tiles, and its value of his best next
    turn (the route in progress, the hand, the draw), as if his turn began now. In that value a province tile the
    route would complete counts net of the progress credited for it already (``Weights.net_tiles``): counted in
    full, a route kept in hand was worth that progress twice, more than the same route scored."""
    v = _base_points(s, seat)
    if s.ext:
        v += _ext_points(s, seat)
    if s.step == "over":
        return v
    from .greedy import GreedyBot, action_values
    if bot is None:
        bot = GreedyBot(0)
    w = _net_weights(bot.weights)
    x = max((value for value, _ in action_values(_as_mover(s, seat), w, always=True)), default=0.0)
    v += (_credits(s, seat, bot.weights) if not _own_score(s) else 0.0) + (x if x > -100 else 0.0)
    if s.ext:
        for val in valuations(s):
            v += val.credits(s, seat, bot.weights)
    return v


_NET: dict = {}


def _net_weights(w):
    """``w`` with ``net_tiles`` on (one object per weights, for the evaluation's caches)."""
    net = _NET.get(w)
    if net is None:
        net = _NET[w] = w if w.net_tiles else replace(w, net_tiles=True)
    return net


def _own_score(s) -> bool:
    """Whether a variant's valuation counts the whole score itself (``own_score``: a variant whose score has no
    carriage, tile and unplaced-house items of the base game's kind, SoloPlay): then the base items and credits are
    left to it."""
    return bool(s.ext) and any(getattr(val, "own_score", False) for val in valuations(s))


def _base_points(s, seat: int) -> float:
    """The base game's score items of ``seat`` now (carriage, tiles, unplaced houses: Game End and Scoring); none
    when a variant's valuation counts the score itself (:func:`_own_score`)."""
    if _own_score(s):
        return 0.0
    p = s.players[seat]
    return (s.board.carriage_points[p.carriages[-1]] if p.carriages else 0) + sum(x for _, x in p.tiles) - \
        p.houses_left


def _ext_points(s, seat: int) -> float:
    """The variants' score items of ``seat`` now, as their valuations count them (thurn.bots.valuation.Valuation)."""
    v = 0.0
    for val in valuations(s):
        v += val.points(s, seat)
    return v


def evaluate(s, seat: int, value=_player_value) -> float:
    """How good ``s`` is for ``seat``: its estimated final score minus the best of the others' (points); alone
    (SoloPlay), its estimated final score. A finished game with a winner counts the winner's margin with a bonus
    for the win (base rules, Game End and Scoring); a rating rates the score alone, so the score is the value."""
    mine = value(s, seat)
    if len(s.players) == 1:
        return mine
    others = max(value(s, i) for i in range(len(s.players)) if i != seat)
    v = mine - others
    if s.step == "over":
        win = s.result().winner
        if win is not None:
            v += 5.0 if win == seat else -5.0
    return v


# -- the bot -----------------------------------------------------------------------------------------------

def _greedy_policy():
    from .greedy import GreedyBot
    bot = GreedyBot(0)

    def policy(s, rng, actions=None):
        bot.rng = rng
        return bot.choose(s)
    return policy, bot


#: The fewest rollouts a decision that ``reach`` looks further for (see :meth:`SearchBot.horizon_at`): heads-up in
#: The Audience with Messenger and Offices of Honor, three turns ahead left 18 rollouts and lost more games than
#: one turn ahead on 43 (BENCHMARKS.md, "Issue 35: Master six player-turns ahead").
REACH_ROLLOUTS = 32
#: The largest budget of one decision: rollouts (the default is 32, about 25 ms heads-up), or seconds.
MAX_ITERATIONS = 100_000
MAX_SECONDS = 600.0


class SearchBot:
    """Chooses by sampling the unseen cards and playing each candidate action forward (see the module doc).

    ``seed``: any int or str (its own generator; the global one is never touched). ``iterations``: rollouts per
    decision, shared out among the candidates (the budget; deterministic for a seed); ``seconds``: a time budget
    per decision instead (then ``iterations`` is only a cap on the samples per round). ``horizon``: how many of
    the bot's own turns the rollouts look beyond the current one (0: to the end of this turn; None: to the end
    of the game). ``policy``: ``"greedy"`` or ``"quick"`` for the rollouts; ``leaf``: ``"greedy"`` or
    ``"simple"`` for the evaluation at the horizon. ``top``: how many of the rollout policy's favourite
    actions are searched (None: all). ``clear``: when the greedy policy values its favourite at least this many
    points above the next, the bot plays it without searching (None: always search); a cheap way to spend the
    budget on the close decisions only. ``reach``: the horizon by the size of the table, in player-turns: the
    rollouts look ``reach // players`` of the bot's own turns ahead (at least ``horizon``), the same look-ahead in
    play at any table, so further heads-up where a round is short, and less far where the ``turns`` budget would
    leave fewer than :data:`REACH_ROLLOUTS` rollouts (:meth:`horizon_at`; None: ``horizon`` at every table). ``turns``: a cap on the rollouts' work a decision, in base-game player-turns
    (:func:`thurn.bots.valuation.turn_cost`): where a rollout plays many player-turns (four players) of a dearer
    valuation (The Audience, Offices of Honor), fewer rollouts, never fewer than two a candidate in each round;
    None: ``iterations`` in every ruleset. Counted in turns, not seconds, so that a seed gives the same game on
    every machine. The defaults (32 rollouts, the greedy top 4, clear at 1 point) are the
    budget of the ladder in BENCHMARKS.md: about 25 ms a decision heads-up. A budget is bounded: at most
    :data:`MAX_ITERATIONS` rollouts or :data:`MAX_SECONDS` seconds a decision.
    """

    name = "search"

    def __init__(self, seed=None, *, seconds: float | None = None, iterations: int = 32, horizon: int | None = 1,
                 policy: str = "greedy", leaf: str = "greedy", top: int | None = 4, clear: float | None = 1.0,
                 turns: int | None = None, reach: int | None = None):
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or not 0 < seconds <= MAX_SECONDS):       # (refuses nan and inf too)
            raise ValueError(f"seconds should be a number of seconds per decision, more than 0 and at most "
                             f"{MAX_SECONDS:g}, not {seconds!r}.")
        if isinstance(iterations, bool) or not isinstance(iterations, int) or not 1 <= iterations <= MAX_ITERATIONS:
            raise ValueError(f"iterations should be a whole number of rollouts per decision from 1 to "
                             f"{MAX_ITERATIONS:,}, not {iterations!r}.")
        if horizon is not None and (not isinstance(horizon, int) or horizon < 0):
            raise ValueError(f"horizon should be a whole number of at least 0 or None, not {horizon!r}.")
        if policy not in ("greedy", "quick"):
            raise ValueError(f"policy should be 'greedy' or 'quick', not {policy!r}.")
        if leaf not in ("greedy", "simple"):
            raise ValueError(f"leaf should be 'greedy' or 'simple', not {leaf!r}.")
        if top is not None and (not isinstance(top, int) or top < 1):
            raise ValueError(f"top should be a whole number of at least 1 or None, not {top!r}.")
        if clear is not None and (isinstance(clear, bool) or not isinstance(clear, (int, float)) or clear < 0):
            raise ValueError(f"clear should be a number of points >= 0 or None, not {clear!r}.")
        if turns is not None and (isinstance(turns, bool) or not isinstance(turns, int)
                                  or not 1 <= turns <= MAX_ITERATIONS * 100):
            raise ValueError(f"turns should be a whole number of player-turns of rollouts per decision from 1 to "
                             f"{MAX_ITERATIONS * 100:,} or None, not {turns!r}.")
        if reach is not None and (isinstance(reach, bool) or not isinstance(reach, int) or not 1 <= reach <= 1000):
            raise ValueError(f"reach should be a whole number of player-turns from 1 to 1,000 or None, not {reach!r}.")
        self.reach = reach
        self.turns = turns
        self.clear = clear
        self.seed = seed
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.iterations = iterations
        self.horizon = horizon
        self.top = top
        self._greedy = None
        if policy == "greedy" or leaf == "greedy":
            self.policy_fn, self._greedy = _greedy_policy()
        if policy == "quick":
            self.policy_fn = quick_action
        if self._greedy is None and (top is not None or clear is not None):
            self._greedy = _greedy_policy()[1]          # ranks the actions for top and clear
        if leaf == "greedy":
            bot = self._greedy
            self.value = lambda s, seat: greedy_value(s, seat, bot)
        else:
            self.value = _player_value
        self.last = []          # (value, action, samples) of the last search, best first

    def __repr__(self):
        budget = f"seconds={self.seconds!r}" if self.seconds is not None else f"iterations={self.iterations}"
        extra = "".join(f", {k}={v!r}" for k, v in (("top", self.top), ("clear", self.clear), ("turns", self.turns),
                                                     ("reach", self.reach)) if v is not None)
        return f"SearchBot(seed={self.seed!r}, {budget}, horizon={self.horizon}{extra})"

    def choose(self, state) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise ValueError(f"{self.name}: no legal action to choose from in {state!r}.")
        if len(actions) == 1:
            return actions[0]
        if self._greedy is not None:
            near = self._secret_candidates(state)
            if near is not None:
                return near[0] if len(near) == 1 else self._search(state, near, every=True)[0][1]
        if self.clear is not None:
            ranked = self._ranked(state)
            if ranked[0][0] - ranked[1][0] >= self.clear:
                self.last = []
                return ranked[0][1]
        return self._search(state, actions)[0][1]

    def score_actions(self, state) -> list[tuple[float, Action, str]]:
        """Each legal action (all of them, whatever ``top``) with its estimated value (points ahead of the best
        other player at the horizon) and the reason in words, best first."""
        actions = state.legal_actions()
        if len(actions) <= 1:
            return [(0.0, a, "the only legal action") for a in actions]
        out = []
        against = " against the best other player" if len(state.players) > 1 else ""
        for value, a, n in self._search(state, actions, every=True):
            out.append((value, a, f"{value:+.1f} points{against} at the horizon ({n} sampled futures)"))
        return out

    # -- the search ---------------------------------------------------------------------------------------
    def _ranked(self, state) -> list[tuple[float, Action]]:
        """The legal actions as the greedy policy values them, best first (ties in the order of the actions)."""
        from .greedy import action_values

        values = action_values(self._known(state), self._greedy.weights, always=True)
        order = sorted(range(len(values)), key=lambda i: -values[i][0])
        return [values[i] for i in order]

    def _secret_candidates(self, state):
        """At a step whose choice the others may not see (The Audience's seal, Preparation: "secretly"), the
        actions the greedy ranking values within its tolerance of the best, drawn by the bot's own generator (at
        most ``top`` of them; :func:`thurn.bots.greedy.policy.secret_tolerance`): the search picks among those, so
        its secret is not the same in every game. None at an open step."""
        from .greedy.policy import secret_tolerance

        tolerance = secret_tolerance(state)
        if tolerance is None:
            return None
        ranked = self._ranked(state)
        near = [a for v, a in ranked if v >= ranked[0][0] - max(tolerance, 1e-9)]
        self.rng.shuffle(near)
        return near[:self.top] if self.top is not None else near

    def _known(self, state):
        """What the ranking reads: the position as the player to move knows it. A dealt view deals the others'
        hidden values again at random (a variant's per-player secrets, see ``Variant.redeal``); ranked on those, the
        greedy values would read a guess as a fact, so they are hidden again (``GameState.seen_by``)."""
        if state.ruleset.hidden:
            return state.seen_by(state.to_move)
        return state

    def _sampler(self, state, me: int) -> Seen:
        """The positions the rollouts start from: dealt from what ``me`` has seen (:class:`thurn.information.Seen`)."""
        return Seen(state, me)

    def _candidates(self, state, actions):
        if self.top is None or len(actions) <= self.top or self._greedy is None:
            return list(actions)
        return [a for _, a in self._ranked(state)[:self.top]]

    def horizon_at(self, players: int, cost: float = 1.0) -> int | None:
        """How many of the bot's own turns after the current one its rollouts play at a table of ``players``:
        ``horizon``, or with ``reach`` ``reach // players`` (at least ``horizon``; None: to the end of the game),
        shortened, a turn at a time down to ``horizon``, while the ``turns`` budget would pay for fewer than
        :data:`REACH_ROLLOUTS` rollouts of player-turns that cost ``cost`` (:func:`~thurn.bots.valuation.turn_cost`):
        in a dear ruleset further needs more futures than are left."""
        if self.reach is None or self.horizon is None:
            return self.horizon
        h = max(self.horizon, self.reach // players)
        if self.turns is not None:
            while h > self.horizon and self.turns / ((1 + h * players) * cost) < REACH_ROLLOUTS:
                h -= 1
        return h

    def rollout_turns(self, players: int, cost: float = 1.0) -> int:
        """The player-turns one rollout plays at a table of ``players``: this turn and :meth:`horizon_at`'s turns
        of each player (to the end of the game counted as 8 rounds)."""
        horizon = self.horizon_at(players, cost)
        return 1 + (horizon if horizon is not None else 8) * players

    def rollouts(self, state, candidates: int | None = None) -> int:
        """The rollouts a decision in ``state`` may play: ``iterations``, cut to the ``turns`` budget by what one
        rollout costs there (the player-turns to the horizon times :func:`~thurn.bots.valuation.turn_cost`), and
        never below two a candidate in each round of the halving."""
        if self.turns is None:
            return self.iterations
        cost = turn_cost(state)
        per = self.rollout_turns(len(state.players), cost) * cost
        n = candidates if candidates is not None else (self.top or 4)
        floor = 2 * n * max(1, math.ceil(math.log2(n))) if n > 1 else 2
        return max(min(self.iterations, floor), min(self.iterations, int(self.turns / per)))

    def _search(self, state, actions, every: bool = False):
        """Successive halving over the candidates: each round gives the survivors the same sampled positions
        and random numbers, then keeps the better half. Returns (mean value, action, samples), best first."""
        me = state.to_move
        start = time.perf_counter()
        seen = self._sampler(state, me)
        rng = random.Random(self.rng.getrandbits(64))
        ahead = self.horizon_at(len(state.players), turn_cost(state))
        horizon = math.inf if ahead is None else state.turns + 1 + ahead * len(state.players)
        cands = list(actions) if every else self._candidates(state, actions)
        total = {a: 0.0 for a in actions}
        count = {a: 0 for a in actions}
        rounds = max(1, math.ceil(math.log2(len(cands))))
        budget = self.rollouts(state, len(cands))
        for r in range(rounds):
            if self.seconds is None:
                samples, stop = max(1, budget // (rounds * len(cands))), None
            else:
                samples, stop = self.iterations, start + self.seconds * (r + 1) / rounds
            for _ in range(samples):
                world = seen.sample(rng)
                seed = rng.getrandbits(64)
                for a in cands:
                    total[a] += self._rollout(world.apply(a), me, horizon, random.Random(seed))
                    count[a] += 1
                if stop is not None and time.perf_counter() >= stop:
                    break
            if r < rounds - 1:
                cands.sort(key=lambda a: -total[a] / count[a])
                cands = cands[:(len(cands) + 1) // 2]
        ranked = sorted((a for a in actions if count[a]), key=lambda a: (-count[a], -total[a] / count[a]))
        self.last = [(total[a] / count[a], a, count[a]) for a in ranked]
        return self.last

    def _rollout(self, s, me: int, horizon, rng: random.Random) -> float:
        policy = self.policy_fn
        while s.step != "over" and s.turns < horizon:
            try:
                a = policy(s, rng, None)
            except (ValueError, IndexError):
                if s.legal_actions():
                    raise
                # a sample dealt another player cards that do not fit the turn he is in the middle of (a decision
                # made during an interruption of his turn: Offices of Honor's returns): the sample stops here
                break
            s = s.apply(a)
        return evaluate(s, me, self.value)
