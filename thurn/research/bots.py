"""thurn's bots and OpenSpiel's search through the OpenSpiel interface (issue 37).

- :class:`ThurnBot`: any bot of thurn (``"greedy"``, ``"search"``, a level such as ``"club"``) as a ``pyspiel.Bot``:
  it is handed its player's view (thurn.information: the hidden cards dealt again from its own generator, never
  the game's), chooses a thurn action, and plays its words.
- :func:`resampler`: the worlds OpenSpiel's information-set MCTS searches (``ISMCTSBot.set_resampler``): what the
  player cannot see dealt again (:meth:`Table.resampled`).
- :class:`ScoreEvaluator`: a leaf's value for OpenSpiel's MCTS without a rollout to the end (a random game takes
  thousands of turns): each player's lead in points as they stand, scaled into -1..1.
"""
from __future__ import annotations

import random

import numpy as np
import pyspiel

from ..bots import make_bot
from ..information import hidden_view, player_view


class ThurnBot(pyspiel.Bot):
    """A bot of thurn (``spec``: a name or a bot) for the seat ``player`` of an OpenSpiel game of thurn."""

    def __init__(self, player: int, spec="greedy", seed=None):
        pyspiel.Bot.__init__(self)
        self.player = player
        self.rng = random.Random(seed)
        self.bot = make_bot(spec, seed=self.rng.getrandbits(32))
        self.plan = None

    def restart_at(self, state):
        self.plan = None

    def step(self, state):
        t = state.table
        ch = t.choosing
        if self.plan is None or self.plan[:len(ch.chosen)] != ch.chosen:
            seat, k = self.player, len(t.actions)
            if getattr(self.bot, "view", "dealt") == "hidden":
                view = hidden_view(t.state, seat, t.watch, k)
            else:
                view = player_view(t.state, seat, random.Random(self.rng.getrandbits(64)), t.watch, k)
            action = self.bot.choose(view)
            self.plan = next(key for key, a in ch.actions.items() if a == action)
        word = self.plan[len(ch.chosen)]
        if word == 0:
            self.plan = None
        return word


def resampler(seed=None):
    """A resampler for ``ISMCTSBot.set_resampler``: ``(state, player) -> a state he cannot tell from it``."""
    rng = random.Random(seed)

    def resample(state, player):
        return state.__class__(state.get_game(), state.table.resampled(player, rng))

    return resample


class ScoreEvaluator:
    """OpenSpiel's MCTS evaluator (``evaluate`` and ``prior``) from the points as they stand: each player's
    points less the best of the others', over ``scale``, cut to -1..1 (a finished game: its returns). Uniform
    priors."""

    def __init__(self, scale: float = 20.0):
        self.scale = scale

    def evaluate(self, state):
        if state.is_terminal():
            return np.array(state.returns(), dtype=float)
        points = [float(x) for x in state.table.state.returns()]
        if len(points) == 1:
            return np.array([np.clip(points[0] / (2 * self.scale), -1, 1)])
        out = [np.clip((p - max(points[:i] + points[i + 1:])) / self.scale, -1, 1) for i, p in enumerate(points)]
        return np.array(out)

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class GreedyPriorEvaluator(ScoreEvaluator):
    """:class:`ScoreEvaluator`'s leaf values, with priors from the greedy bot's values of the legal actions
    (``thurn.bots.greedy``, in points: a softmax at ``temperature`` points), each action's share given to the word
    that continues it: for a search that follows the priors (``ISMCTSBot(..., child_selection_policy=PUCT)``)."""

    def __init__(self, scale: float = 20.0, temperature: float = 1.0):
        super().__init__(scale)
        self.temperature = temperature

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        from ..bots.greedy.policy import action_values
        from ..bots.greedy.weights import Weights

        t = state.table
        ch = t.choosing
        values = {a: v for v, a in action_values(t.state, Weights(), always=True)}
        k = len(ch.chosen)
        here = [(key[k], values.get(a, 0.0)) for key, a in ch.actions.items() if key[:k] == ch.chosen]
        best = max(v for _, v in here)
        weight: dict = {}
        for word, v in here:
            weight[word] = weight.get(word, 0.0) + float(np.exp((v - best) / self.temperature))
        total = sum(weight.values())
        return [(w, weight[w] / total) for w in ch.options]
