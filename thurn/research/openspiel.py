"""Thurn und Taxis and every expansion as an OpenSpiel game (issue 37): ``import thurn.research.openspiel`` registers
``python_thurn_und_taxis`` with ``pyspiel.register_game``; then
``pyspiel.load_game("python_thurn_und_taxis", {"players": 3, "board": "northern", "expansions": "power_glory"})``.

Parameters: ``players`` (1 to 4, as the ruleset allows: SoloPlay is one), ``board`` (an installed board),
``expansions`` (names joined by ``+``, "" for the base game), ``options`` (rule options as JSON, the keys of
:class:`thurn.rules.Rules`), ``returns`` ("points": each player's final score; "win_loss": +1 for the winner, -1
for the others; SoloPlay: the points either way, since it has no winner but a rating), ``max_turns`` (0: play to the
game's end; more: cut the game after so many turns, with the scores as they stand: no rule, a limit for tests and
quick experiments, since random play rarely ends a game before a few thousand turns).

- Chance is explicit (:mod:`thurn.research.table`): every card that comes from the deck is a chance node whose
  outcomes are the kinds of cards that can come (a card id, the lowest of its alike copies), with their
  probabilities; a random setup (SoloPlay's houses) is four chance nodes of a byte each, the setup's seed.
- Actions are words (:mod:`thurn.research.words`): an integer is one word of the game's word list, 0 ends the
  action; ``action_to_string`` gives the word, and the state's ``thurn_action`` the action it builds.
- The information state and the observation are what the player's view in thurn holds
  (:meth:`Table.view`): the string as JSON (the information state's after the log as he saw it), the tensor as
  counts of cards by kind and place, each player's houses and supply, and the observation string's bytes (the
  information state's with the cards of the last shuffle, which he remembers).

The game's information (players, words, chance outcomes, utilities, length) is built from the parameters when
the game is loaded.
"""
from __future__ import annotations

import json

from .._extras import require

require("thurn.research.openspiel (Thurn und Taxis as an OpenSpiel game)", ("numpy", "pyspiel"), "research")

import pyspiel              # noqa: E402

from ..board_file import installed_board   # noqa: E402
from ..rules import Rules          # noqa: E402
from .observation import MAX_OBSERVATION_BYTES, Observation   # noqa: E402
from .table import Table          # noqa: E402
from .words import DONE, vocabulary   # noqa: E402

SHORT_NAME = "python_thurn_und_taxis"
#: Actions are words; a game of thurn takes a few hundred actions: this bounds the words and chance nodes.
MAX_GAME_LENGTH = 1_000_000
RETURNS = ("points", "win_loss")

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Thurn und Taxis (thurn: the base game and every expansion)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 2, "board": "base", "expansions": "", "options": "{}",
                             "returns": "points", "max_turns": 0})


def rules_of(params: dict) -> Rules:
    """The thurn rules the game's parameters name (a :class:`thurn.errors.PositionError` names a bad one)."""
    expansions = tuple(e for e in str(params.get("expansions", "")).split("+") if e)
    options = json.loads(params.get("options", "{}") or "{}")
    if not isinstance(options, dict):
        raise ValueError("options: a JSON object of rule options")
    return Rules.from_dict({**options, "board": params.get("board", "base"), "expansions": list(expansions)})


class ThurnGame(pyspiel.Game):
    """The game, for one set of parameters (see the module)."""

    def __init__(self, params=None):
        params = {**_GAME_TYPE.parameter_specification, **(params or {})}
        self.rules = rules_of(params)
        players = int(params["players"])
        lo, hi = self.rules.ruleset.players or (2, 4)
        if not lo <= players <= min(hi, 4):
            raise ValueError(f"this ruleset is for {lo} to {hi} players, not {players}")
        self.max_turns = int(params["max_turns"])
        if self.max_turns < 0:
            raise ValueError(f"max_turns: 0 (no limit) or more, not {self.max_turns}")
        self.returns_kind = params["returns"]
        if self.returns_kind not in RETURNS:
            raise ValueError(f"returns: one of {RETURNS}, not {self.returns_kind!r}")
        board = installed_board(self.rules.board)
        self.words = vocabulary(board, self.rules.expansions)
        self.ids = {w: i for i, w in enumerate(self.words)}
        self.board = board
        self.solo = players == 1
        points = max(200, 10 * board.houses)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.words),
            max_chance_outcomes=max(256, len(board.cards)),
            num_players=players,
            min_utility=-1.0 if self.returns_kind == "win_loss" and not self.solo else -float(points),
            max_utility=1.0 if self.returns_kind == "win_loss" and not self.solo else float(points),
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH)
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self):
        return ThurnState(self)

    def __reduce__(self):               # (pickled by its parameters: thurn's rulesets hold functions)
        return (ThurnGame, (self.get_parameters(),))

    def make_py_observer(self, iig_obs_type=None, params=None):
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return ThurnObserver(self, perfect_recall)


class ThurnState(pyspiel.State):
    """A position: the :class:`Table` (thurn's state with its deck decided by chance as it is read)."""

    def __init__(self, game, table: Table | None = None):
        super().__init__(game)
        self.table = table if table is not None else Table(game.rules, game.num_players(), game.ids, game.max_turns)

    def current_player(self):
        t = self.table
        if t.is_over:
            return pyspiel.PlayerId.TERMINAL
        if t.events:
            return pyspiel.PlayerId.CHANCE
        return t.to_move

    def _legal_actions(self, player):
        t = self.table
        if t.events or t.is_over or player != t.to_move:
            return []
        return list(t.choosing.options)

    def chance_outcomes(self):
        return self.table.chance

    def _apply_action(self, action):
        t = self.table
        if t.events:
            t.apply_chance(int(action))
        else:
            t.apply_word(int(action))

    def _action_to_string(self, player, action):
        game = self.get_game()
        if player == pyspiel.PlayerId.CHANCE:
            event = self.table.events[0] if self.table.events else ("deck",)
            if event[0] == "seed":
                return f"setup seed byte {action}"
            if event[0] == "deal":
                return "deal the display"
            return f"the next card: {game.board.card_names[action]}"
        return game.words[action] if 0 <= action < len(game.words) else f"word {action}?"

    @property
    def thurn_state(self):
        """The position in thurn (the deck as decided so far: the undecided cards in no particular order)."""
        return self.table.state

    def is_terminal(self):
        return self.table.is_over

    def returns(self):
        t = self.table
        n = self.get_game().num_players()
        if not t.is_over:
            return [0.0] * n
        points = [float(x) for x in t.state.returns()]
        if self.get_game().returns_kind == "points" or n == 1:
            return points
        winner = t.state.result().winner
        return [1.0 if i == winner else -1.0 for i in range(n)]

    def result(self):
        """thurn's result of the game (:class:`thurn.result.Result`): ``{"winner": seat}``, or SoloPlay's rating
        and points (``{"rating": "major victory", "score": 57}``); before the end, what it would be now."""
        return self.table.state.result()

    def clone(self):
        return ThurnState(self.get_game(), self.table.copy())

    def __deepcopy__(self, memo):      # (pyspiel copies a Python state so; thurn's states are immutable, shared)
        return self.clone()

    def __reduce__(self):               # (pickled as the game and the actions from the start, replayed)
        return (_replayed, (self.get_game(), list(self.table.history)))

    def __str__(self):
        t = self.table
        if t.state is None:
            return "setting up"
        return str(t.state)


def _replayed(game: ThurnGame, history) -> ThurnState:
    state = game.new_initial_state()
    for a in history:
        state.apply_action(a)
    return state


class ThurnObserver:
    """The observation (``perfect_recall`` False) or information state (True) of a player, as OpenSpiel's Python
    observers are: ``tensor`` and ``dict`` set by :meth:`set_from` (:class:`Observation`; the information state's
    with what he remembers of the last shuffle), the string by :meth:`string_from` (the information state's with
    the log as he saw it)."""

    def __init__(self, game: ThurnGame, perfect_recall: bool):
        self.perfect_recall = perfect_recall
        self.encoding = Observation(game.board, game.num_players(), memory=perfect_recall)
        self.tensor, self.dict = self.encoding.tensor, self.encoding.dict

    def set_from(self, state: ThurnState, player: int):
        self.encoding.set_from(state.table, player)

    def string_from(self, state: ThurnState, player: int) -> str:
        t = state.table
        if t.state is None:
            return f"seat {player}: setting up"
        if self.perfect_recall:
            return t.information_state_string(player)
        return t.observation_string(player)


pyspiel.register_game(_GAME_TYPE, ThurnGame)

__all__ = ["SHORT_NAME", "ThurnGame", "ThurnState", "ThurnObserver", "rules_of", "DONE"]
