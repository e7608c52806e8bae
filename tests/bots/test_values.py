"""The bots' value formulas against the engine's effects (issue 23): the search bot's score-now and Score-action values,
and the greedy bot's expansion points (letters taken and paid, the Messenger figure, office tiles, chips), checked on
the positions of games of every ruleset (base, messenger, offices, both) by applying the actions with the engine."""
from __future__ import annotations

import pytest

from thurn.bots import search
from thurn.bots.greedy import GreedyBot, takes_carriage
from thurn.bots.greedy.evaluation import Eval
from thurn.effects import base_score_items, score_record
from thurn.expansions.messenger import rules as messenger
from thurn.expansions.offices import rules as offices
from thurn.expansions.shared.valuation import Context
from thurn.bots.valuation import valuations
from thurn.scoring import popcount
from thurn.sim import play_game

RULESETS = [(), ("messenger",), ("offices",), ("messenger", "offices")]


def positions(expansions, seeds=(1, 2), players=3):
    """Every position of greedy games under ``expansions``."""
    for seed in seeds:
        end = play_game(players, bots="greedy", seed=seed, rules={"expansions": list(expansions)})
        s = end.root
        yield s
        for a in end.history:
            s = s.apply(a)
            yield s


@pytest.fixture(scope="module", params=RULESETS, ids=lambda e: "+".join(e) or "base")
def games(request):
    return request.param, list(positions(request.param))


def test_the_valuations_are_those_of_the_variants_on(games):
    expansions, states = games
    assert bool(valuations(states[0])) == bool(expansions)


def test_the_score_now_is_the_engine_s_final_score(games):
    """The search bot's leaf at a finished game, and the expansions' points the bots add (the figure's point, the
    chips), are the engine's score items (Game End and Scoring; Messenger; Offices)."""
    _, states = games
    for s in states[::7] + [states[-1]]:
        for seat in range(s.num_players):
            rec = score_record(s, seat)
            own = rec["total"] - sum(base_score_items(s, seat).values())
            assert search._ext_points(s, seat) == own
            if s.is_over:
                assert search._player_value(s, seat) == rec["total"]
                assert search.greedy_value(s, seat) == rec["total"]


def test_a_score_action_s_values_are_what_applying_it_brings(games):
    """Houses placed and bonus tiles taken (the search bot's _score_value), the carriage taken (takes_carriage), the
    letters the houses take and the Messenger figure (GreedyBot's Context), as the engine applies the action."""
    expansions, states = games
    w = GreedyBot(0).weights
    seen = 0
    for s in states:
        if s.step != "score" or s.interrupted:
            continue
        seat = s.to_move
        p = s.players[seat]
        cx = Context(Eval(s, w), s) if expansions else None
        for a in s.legal_actions():
            if a.kind != "score":
                continue
            after = s.apply(a)
            q = after.players[seat]
            houses = popcount(q.houses & ~p.houses)
            new = q.tiles[len(p.tiles):]
            tiles = sum(v for si, v in new if s.board.stacks[si].kind != "game_end")
            # the rollout's rough value leaves the game-end tile to the leaf's evaluation, which counts every tile
            assert search._score_value(s, p, a) == houses + tiles + (1.5 if a.cartwright else 0.0), a
            assert takes_carriage(s, a) == (len(q.carriages) > len(p.carriages)), a
            if "messenger" in expansions:
                L, L2 = messenger.letters(s), messenger.letters(after)
                got = L2.held[seat] - L.held[seat] + (L2.spent - L.spent)
                assert cx.letters_of(a.resolved) == got == messenger.letters_for(s, a.resolved), a
                takes_figure = L2.holder == seat != L.holder
                assert takes_figure == (not takes_carriage(s, a) and L.holder != seat), a
                assert (cx.figure() > 0) == (L.holder != seat)
            seen += 1
    assert seen > 10


def test_an_official_s_price_and_tile_are_what_the_engine_takes_and_gives(games):
    """GreedyBot's price of a further official (Messenger: letters, one official free a turn) and the office tile an
    official gives while his stack lasts (Offices of Honor), against the engine's apply."""
    expansions, states = games
    if not expansions:
        pytest.skip("the base game has no price and no tile")
    w = GreedyBot(0).weights
    seen = 0
    for s in states:
        acts = [a for a in s.legal_actions() if a.kind == "official" or (a.kind == "score" and a.cartwright)]
        if not acts or s.interrupted:
            continue
        seat = s.to_move
        cx = Context(Eval(s, w), s)
        for a in acts:
            after = s.apply(a)
            oid = a.resolved if a.kind == "official" else "cartwright"
            if "messenger" in expansions:
                spent = messenger.letters(after).spent - messenger.letters(s).spent
                assert spent == (cx.price if cx.paid() else 0), (a, cx.price, cx.paid())
                assert cx.may_pay(cx.price) or not cx.paid()
            if "offices" in expansions:
                i = offices.order().index(oid)
                stack = offices.offices(s).stacks[i]
                gained = offices.offices(after).tiles[seat][i] - offices.offices(s).tiles[seat][i]
                assert gained == (1 if stack else 0), a
                assert (cx.tile_gain(oid) == 0.0) == (stack == 0 or cx.tiles_worth(
                    offices.offices(after).tiles[seat]) == cx.tiles_worth(cx.mine))
            seen += 1
    assert seen > 5


def test_the_final_return_s_worth_is_the_expansion_s_final_rewards():
    """GreedyBot's worth of office tiles on the last turns: 3 different tiles a chip, 4 a house (Offices of Honor,
    the final return), read from the same component data as the engine."""
    from thurn.expansions.shared.valuation import tiles_worth

    w = GreedyBot(0).weights
    rewards = offices.conf().final_rewards
    for k in range(0, 5):
        counts = (1,) * k + (0,) * (4 - k)
        expected = {"house": w.house_reward, "chip": 1.0}.get(rewards.get(k), 0.0)
        assert tiles_worth(counts, True, w, w.house_reward) == expected
