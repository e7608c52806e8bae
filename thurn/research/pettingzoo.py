"""Every ruleset as a PettingZoo AEC environment (issue 37): ``env = thurn.research.pettingzoo.env(players=3,
board="northern", expansions="power_glory")``. The agents are ``"player_0"``... in seat order; each acts with the
words of :mod:`thurn.research.words` (a ``Discrete`` space of the game's word list) under an ``action_mask`` of the
words that continue a legal action; chance (the cards that come from the deck) is drawn inside from the
environment's generator, seeded by ``reset(seed=...)``.

Observations: ``{"observation": the tensor of thurn.research.observation, "action_mask": ...}``, of what the agent's
view in thurn holds. Rewards come at the end: each agent's final points (``returns="points"``) or +1 for the winner
and -1 for the others (``"win_loss"``); a game cut by ``max_turns`` ends in a truncation. The last ``infos`` hold
thurn's result (``{"result": {"winner": seat}}``, or SoloPlay's ``{"rating": ..., "score": ...}``). Rendering: ``"ansi"``
(the position as the agent to move sees it, in words) or ``"human"`` (printed); :meth:`ThurnEnv.figure` is the map
(a plotly figure of the agent's view; the notebook extra).
"""
from __future__ import annotations

from .._extras import require

require("thurn.research.pettingzoo (Thurn und Taxis as a PettingZoo environment)",
        ("numpy", "gymnasium", "pettingzoo"), "research")

import numpy as np                       # noqa: E402
from gymnasium import spaces             # noqa: E402
from pettingzoo import AECEnv            # noqa: E402

from ..board_file import installed_board   # noqa: E402
from ..information import hidden_view      # noqa: E402
from ..rules import Rules                  # noqa: E402
from .observation import Observation, pieces   # noqa: E402
from .table import Table                   # noqa: E402
from .words import vocabulary              # noqa: E402

RETURNS = ("points", "win_loss")


def env(**kwargs) -> "ThurnEnv":
    """A new environment (see :class:`ThurnEnv`)."""
    return ThurnEnv(**kwargs)


class ThurnEnv(AECEnv):
    """Thurn und Taxis for ``players`` (1 to 4, as the ruleset allows) on ``board`` with ``expansions`` (names
    joined by ``+``) and rule ``options`` (a dict); see the module."""

    metadata = {"name": "thurn_und_taxis_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, players: int = 2, board: str = "base", expansions: str = "", options: dict | None = None,
                 returns: str = "points", max_turns: int = 0, render_mode: str | None = None):
        super().__init__()
        exp = tuple(e for e in expansions.split("+") if e)
        self.rules = Rules.from_dict({**(options or {}), "board": board, "expansions": list(exp)})
        lo, hi = self.rules.ruleset.players or (2, 4)
        if not lo <= players <= min(hi, 4):
            raise ValueError(f"this ruleset is for {lo} to {hi} players, not {players}")
        if returns not in RETURNS:
            raise ValueError(f"returns: one of {RETURNS}, not {returns!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.board = installed_board(self.rules.board)
        self.words = vocabulary(self.board, exp)
        self.ids = {w: i for i, w in enumerate(self.words)}
        self.players, self.returns, self.max_turns, self.render_mode = players, returns, max_turns, render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        size = sum(int(np.prod(shape)) for _, shape in pieces(self.board, players))
        self._spaces = {a: spaces.Dict({
            "observation": spaces.Box(0.0, 255.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (len(self.words),), np.int8)}) for a in self.possible_agents}
        self._actions = {a: spaces.Discrete(len(self.words)) for a in self.possible_agents}
        self._encodings = {a: Observation(self.board, players) for a in self.possible_agents}
        self.table = None

    def observation_space(self, agent):
        return self._spaces[agent]

    def action_space(self, agent):
        return self._actions[agent]

    # -- playing -----------------------------------------------------------------------------------------------
    def reset(self, seed=None, options=None):
        self.np_random = np.random.default_rng(seed)
        self.table = Table(self.rules, self.players, self.ids, self.max_turns)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._chance()
        self.agent_selection = self.possible_agents[self.table.to_move]

    def _chance(self) -> None:
        """Draw the chance events up to the next decision (or the end) from the environment's generator."""
        t = self.table
        while t.events:
            outcomes = t.chance
            probs = np.array([p for _, p in outcomes])
            k = self.np_random.choice(len(outcomes), p=probs / probs.sum())
            t.apply_chance(outcomes[k][0])

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        tensor = self._encodings[agent].set_from(self.table, seat).copy()
        mask = np.zeros(len(self.words), np.int8)
        if not self.table.is_over and self.table.to_move == seat:
            mask[self.table.choosing.options] = 1
        return {"observation": tensor, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        t = self.table
        word = int(action)
        if word not in t.choosing.options:
            raise ValueError(f"{agent}: the word {word} ({self.words[word] if 0 <= word < len(self.words) else '?'})"
                             f" does not continue a legal action; the mask says which do")
        self._cumulative_rewards[agent] = 0.0
        t.apply_word(word)
        self._chance()
        self.rewards = {a: 0.0 for a in self.agents}
        if t.is_over:
            result = dict(t.state.result())
            for a, r in zip(self.agents, self._final()):
                self.rewards[a] = r
                self.infos[a] = {"result": result}
                if t.cut:
                    self.truncations[a] = True
                else:
                    self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[t.to_move]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _final(self) -> list[float]:
        s = self.table.state
        points = [float(x) for x in s.returns()]
        if self.returns == "points" or self.players == 1:
            return points
        winner = s.result().winner
        return [1.0 if i == winner else -1.0 for i in range(self.players)]

    # -- showing -----------------------------------------------------------------------------------------------
    def seen(self, agent=None):
        """The position as ``agent`` (default: the one to act) sees it: thurn's hidden view (others' hands and
        the deck as hidden cards)."""
        seat = self.possible_agents.index(agent or self.agent_selection)
        t = self.table
        return hidden_view(t.state, seat, t.watch, len(t.actions))

    def render(self):
        if self.render_mode is None or self.table is None or self.table.state is None:
            return None
        agent = self.agent_selection
        text = f"{agent} sees:\n{self.seen(agent)}"
        if self.table.choosing is not None and self.table.choosing.chosen:
            text += "\nchosen so far: " + " ".join(self.words[w] for w in self.table.choosing.chosen)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def figure(self, agent=None):
        """The map as ``agent`` (default: the one to act) sees it: a plotly figure (``thurn.viz.board_figure``)."""
        from ..viz import board_figure

        seat = self.possible_agents.index(agent or self.agent_selection)
        return board_figure(self.seen(agent), viewer=seat)

    def close(self):
        pass
