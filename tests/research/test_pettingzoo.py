"""Every ruleset as a PettingZoo AEC environment (issue 37; thurn/research/pettingzoo.py): PettingZoo's own
``api_test`` and ``seed_test`` for each number of players in every ruleset of the registry (``make test``: each
ruleset with the most players it allows), rewards at the end as the game scores them, and what the environment
shows an agent (its text and its map) holds no card hidden from him (base rules, 1).

Sized by ``THURN_SIZE``: games cut after 4 turns in ``make test``, 12 in the full run.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test     # noqa: E402

from thurn.research.pettingzoo import env          # noqa: E402
from thurn.sim import full_size, sized             # noqa: E402

from tests.support.rulesets import RULESETS, player_counts, ruleset_id   # noqa: E402

TURNS = sized(12, 4)
CASES = [(board, ex, n) for board, ex in RULESETS
         for n in (player_counts(board, ex) if full_size() else [max(player_counts(board, ex))])]


def _env(board, expansions, players, **more):
    return env(players=players, board=board, expansions="+".join(expansions), **more)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("board,expansions,players", CASES,
                         ids=[f"{ruleset_id((b, e))}:{n}" for b, e, n in CASES])
def test_pettingzoos_api_and_seed_tests_pass(board, expansions, players):
    api_test(_env(board, expansions, players, max_turns=TURNS), num_cycles=100, verbose_progress=False)
    seed_test(lambda: _env(board, expansions, players, max_turns=TURNS), num_cycles=100)


def _play(e, rng, last=None):
    """Random agents that read the mask, to the end; the rewards each agent got (``last``: a dict given the
    infos each agent read at its end)."""
    got = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        got[agent] += reward
        if (term or trunc) and last is not None:
            last[agent] = info
        e.step(None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return got


def test_rewards_are_the_final_scores_or_the_win():
    e = _env("base", (), 3, max_turns=30)
    e.reset(seed=3)
    got = _play(e, random.Random(3))
    assert list(got.values()) == [float(x) for x in e.table.state.returns()]
    assert all(e.truncations.values()) or all(e.terminations.values())
    w = _env("base", (), 3, max_turns=30, returns="win_loss")
    w.reset(seed=3)
    got = _play(w, random.Random(3))
    winner = w.table.state.result().winner
    assert list(got.values()) == [1.0 if i == winner else -1.0 for i in range(3)]


def test_solo_play_is_one_agent_scored_by_its_points():
    e = _env("base", ("solo",), 1)
    e.reset(seed=1)
    last: dict = {}
    got = _play(e, random.Random(1), last)
    assert e.table.state.is_over
    assert got == {"player_0": float(e.table.state.returns()[0])}
    result = last["player_0"]["result"]          # SoloPlay is rated (Game End: the ratings by points)
    assert result["score"] == got["player_0"] and result["rating"] == e.table.state.result().rating


def test_what_an_agent_is_shown_holds_no_hidden_card():
    """Base rules, 1: player_0's observation, text and map are the same whatever player_1 drew face down (his
    hand's hidden cards swapped with cards of the deck)."""
    e = _env("base", (), 2, render_mode="ansi")
    e.reset(seed=11)
    rng = random.Random(11)
    t = e.table

    def hidden():
        return [c for c in t.state.players[1].hand if c not in t.watch.known[1]]

    for _ in range(5000):
        if e.agent_selection == "player_0" and hidden() and not t.choosing.chosen:
            break
        obs, *_ = e.last()
        e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    s = t.state
    kind = s.board.kind_of
    hidden = hidden()
    assert hidden, "player_1 holds a card drawn face down"

    def shown():
        obs = e.observe("player_0")
        return obs["observation"].tobytes(), obs["action_mask"].tobytes(), e.render(), e.figure("player_0").to_json()

    before = shown()
    other = s.detached()
    deck = list(other.deck)
    j = next(k for k, c in enumerate(deck) if kind[c] != kind[hidden[0]])
    p = other.player_copy(1)
    p.hand = tuple(sorted([deck[j] if c == hidden[0] else c for c in p.hand]))
    deck[j] = hidden[0]
    other.deck = tuple(deck)
    t.state = other
    assert shown() == before


def test_a_word_outside_the_mask_is_refused():
    e = _env("base", (), 2)
    e.reset(seed=2)
    obs, *_ = e.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = list(e.table.history)
    with pytest.raises(ValueError, match="does not continue a legal action"):
        e.step(bad)
    assert e.table.history == before
