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
