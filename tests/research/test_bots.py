"""thurn's bots and OpenSpiel's information-set MCTS through the OpenSpiel interface (issue 37;
thurn/research/bots.py): a thurn bot is handed its player's view, never the game; the worlds IS-MCTS searches are
ones the player cannot tell from the game (his information state is the same) and never depend on what he cannot
see; a game between the two plays to its end."""
from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from thurn.information import SeatView                                  # noqa: E402
from thurn.research.arena import play, play_randomly, pyspiel_ismcts, wilson   # noqa: E402
from thurn.research.bots import GreedyPriorEvaluator, ScoreEvaluator, ThurnBot, resampler   # noqa: E402
from thurn.research.openspiel import SHORT_NAME                         # noqa: E402
from thurn.sim import sized                                             # noqa: E402



class Spy:
    """A bot that records what it is handed and plays the first legal action."""
    name = "spy"

    def __init__(self):
        self.handed = []

    def choose(self, state):
        self.handed.append(state)
        return state.legal_actions()[0]


def _hidden_from(state, me):
    """The other seats that hold a card ``me`` has not seen them take."""
    t = state.table
    return [i for i, p in enumerate(t.state.players) if i != me and any(c not in t.watch.known[i] for c in p.hand)]


def _at_decision(game, seed, turns, hidden=False):
    """A state at the start of a player's decision after ``turns`` turns (``hidden``: where another player holds a
    card drawn face down)."""
    def there(state):
        return (state.table.state is not None and state.table.state.turns >= turns and not state.is_chance_node()
                and not state.table.choosing.chosen and (not hidden or _hidden_from(state, state.current_player())))

    return play_randomly(game.new_initial_state(), random.Random(seed), until=there)


def test_a_thurn_bot_is_handed_its_players_view():
    game = pyspiel.load_game(SHORT_NAME, {"players": 2, "max_turns": 6})
    spies = [ThurnBot(0, Spy(), seed=1), ThurnBot(1, Spy(), seed=2)]
    state = play(game, spies, seed=3)
    assert state.is_terminal()
    for seat, bot in enumerate(spies):
        assert bot.bot.handed and all(isinstance(v, SeatView) and v.viewer == seat for v in bot.bot.handed)


@pytest.mark.parametrize("expansions", ["", "power_glory"])
def test_the_worlds_ismcts_searches_are_ones_the_player_cannot_tell_apart(expansions):
    board = "northern" if expansions else "base"
    game = pyspiel.load_game(SHORT_NAME, {"players": 3, "board": board, "expansions": expansions})
    state = _at_decision(game, 4, 8, hidden=True)
    me = state.current_player()
    worlds = [resampler(k)(state, me) for k in range(2)]
    for w in worlds:
        assert w.information_state_string(me) == state.information_state_string(me)
        assert w.observation_string(me) == state.observation_string(me)
        assert np.array_equal(w.observation_tensor(me), state.observation_tensor(me))
        assert w.legal_actions() == state.legal_actions()
    assert any(w.table.state.players[i].hand != state.table.state.players[i].hand
               for w in worlds for i in range(3) if i != me and state.table.state.players[i].hand)
    other = state.clone()                       # the same game, another player's hidden card changed
    t = other.table
    s = t.state.detached()
    seat = _hidden_from(state, me)[0]
    hidden = next(c for c in s.players[seat].hand if c not in t.watch.known[seat])
    deck = list(s.deck)
    back = s.board.card_value if s.ruleset.card_back else None      # (a card of the same back: everyone sees it)
    j = next(k for k, c in enumerate(deck[1:], 1) if s.board.kind_of[c] != s.board.kind_of[hidden]
             and (back is None or back(c, s.ruleset.card_back, 0) == back(hidden, s.ruleset.card_back, 0)))
    p = s.player_copy(seat)
    p.hand = tuple(sorted(deck[j] if c == hidden else c for c in p.hand))
    deck[j] = hidden
    s.deck = tuple(deck)
    t.state = s
    a, b = resampler(9)(state, me), resampler(9)(other, me)
    assert a.table.state.same_position(b.table.state)


def test_ismcts_and_a_thurn_bot_play_a_game_to_its_end():
    game = pyspiel.load_game(SHORT_NAME, {"players": 2, "returns": "win_loss", "max_turns": sized(30, 8)})
    bots = [pyspiel_ismcts(game, sized(20, 5), seed=1), ThurnBot(1, "greedy", seed=1)]
    state = play(game, bots, seed=1)
    assert state.is_terminal() and sorted(state.returns()) in ([-1.0, 1.0],)
    values = ScoreEvaluator().evaluate(_at_decision(game, 2, 3))
    assert values.shape == (2,) and all(-1 <= v <= 1 for v in values)


def test_the_wilson_interval():
    lo, hi = wilson(15, 20)
    assert lo == pytest.approx(0.531, abs=1e-3) and hi == pytest.approx(0.888, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_greedy_priors_favour_the_greedy_bots_choice():
    """The priors are the legal words' shares of the greedy bot's softmax; its own choice's first word leads."""
    from thurn.bots.greedy import GreedyBot
    from thurn.information import hidden_view

    game = pyspiel.load_game(SHORT_NAME, {"players": 2})
    state = _at_decision(game, 6, 5)
    priors = dict(GreedyPriorEvaluator(temperature=0.5).prior(state))
    assert sorted(priors) == state.legal_actions() and sum(priors.values()) == pytest.approx(1)
    t = state.table
    choice = GreedyBot(seed=1).choose(hidden_view(t.state, t.state.to_move, t.watch, len(t.actions)))
    key = next(k for k, a in t.choosing.actions.items() if a == choice)
    assert max(priors, key=priors.get) == key[len(t.choosing.chosen)]
