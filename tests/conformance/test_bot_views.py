"""Every bot call receives its player's view, never the true state, in every ruleset of the registry (issue 23:
"Bots are handed the true state"; tests/support/rulesets.py).

Base rules, 1: the deck is drawn face down, so a player knows his own hand, what lies open, and which display cards
the others took; the others' other cards, the deck's order and every secret value (an "owner" value of another
player, any "secret" value) are dealt again at random in the position his bot is handed
(:func:`thurn.information.player_view`). A recording bot (greedy bots, each call recorded) plays games of every
ruleset: each state it was handed is its player's view, exactly the view function's re-deal, reading the hidden
parts only as what they could be (another truth that agrees with everything he has seen gives the same view).
The toy variants with secrets of tests/bots/test_view.py are checked the same way there.

Sized by ``THURN_SIZE``: 1 game a ruleset in ``make test``, 30 in the full run.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

import thurn
from thurn.bots.greedy import GreedyBot
from thurn.information import SeatView, Seen, Watch, actions_played, player_view, view_rng
from thurn.sim import game_seed, play_game, sized

from tests.support.helpers import public
from tests.support.rulesets import CONFORMANCE, player_counts, ruleset_id

GAMES = sized(30, 1)         # games per ruleset: 1 in make test, 30 under THURN_SIZE=full


class Recorder:
    """A bot that records every state it is handed, then plays as ``inner`` does."""

    name = "recorder"

    def __init__(self, inner):
        self.inner = inner
        self.handed = []

    def choose(self, state):
        self.handed.append(state)
        return self.inner.choose(state)


def hidden(s: thurn.GameState, seat: int) -> tuple:
    """What ``seat`` may not know: the others' hands, the deck's order, the seed, the values hidden from him."""
    vis = s.ruleset.hidden
    return (tuple(p.hand for i, p in enumerate(s.players) if i != seat), s.deck, s.seed,
            tuple((name, tuple(v for i, v in enumerate(s.ext[name]) if vis[name] == "secret" or i != seat))
                  for name in sorted(vis) if name in s.ext))


def _check_handed(true: thurn.GameState, k: int, h, watch: Watch, counts: Counter) -> None:
    seat = true.to_move
    assert isinstance(h, SeatView) and h is not true and h.viewer == seat
    assert h.root is h and not h.history and h.setup is None and h.actions == k == actions_played(true)
    assert public(h, seat) == public(true, seat)                          # all he sees, as it is
    # exactly the view function's re-deal of what he cannot see
    rng = view_rng(true, seat, k)
    assert h._key() == player_view(true, seat, view_rng(true, seat, k), watch, k)._key()
    # ... and it reads the hidden parts only as what they could be: another truth that agrees with everything he
    # has seen (the others' hands, the deck, the seed and the secrets dealt otherwise) gives the very same view
    other = Seen(true, seat, watch).sample(random.Random(k))
    assert h._key() == player_view(other, seat, rng, watch, k)._key()
    if len(true.deck) >= 8:
        counts["deck"] += 1
        counts["deck_equal"] += h.deck == true.deck
    if hidden(h, seat) != hidden(true, seat):
        counts["differ"] += 1
    counts["calls"] += 1


def check_every_call(board: str, expansions: tuple, games: int) -> None:
    """Play ``games`` games of greedy bots that record every state they are handed, and check each one."""
    counts = Counter()
    rules = {"board": board, "expansions": list(expansions)}
    seats = player_counts(board, expansions)
    for g in range(games):
        n = seats[g % len(seats)]
        recorders = [Recorder(GreedyBot(g * 10 + i)) for i in range(n)]
        final = play_game(n, recorders, seed=game_seed(23, g), rules=rules)
        handed = [None] * len(final.history)
        taken = [0] * n
        s = final.root
        for k, a in enumerate(final.history):
            handed[k] = recorders[s.to_move].handed[taken[s.to_move]]
            taken[s.to_move] += 1
            s = s.apply(a)
        assert taken == [len(r.handed) for r in recorders]               # one call per action, nothing else
        s, watch = final.root, Watch.start(final.root)
        for k, a in enumerate(final.history):
            if k % 40 == 0:                                                # the replayed Watch is the one kept
                assert list(Watch.of(s).known) == list(watch.known)
            _check_handed(s, k, handed[k], watch, counts)
            n_ = s.apply(a)
            watch.see(s, a, n_)
            s = n_
        assert final.is_over
    assert counts["calls"] > 50 * games
    assert counts["differ"] > 0.9 * counts["calls"]                      # the hidden parts are dealt again
    assert counts["deck_equal"] == 0 < counts["deck"]                     # never the deck's order




@pytest.mark.parametrize("board,expansions", CONFORMANCE, ids=[ruleset_id(r) for r in CONFORMANCE])
def test_no_bot_call_is_handed_another_players_hand_the_deck_or_a_secret(board, expansions):
    check_every_call(board, expansions, GAMES)
