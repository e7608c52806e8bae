"""GreedyBot: legal, deterministic, blind to what its player cannot see, and sensible where the rules make the
right choice plain (province tiles, the Cartwright, a route that cannot grow, the last turn)."""
import random

import pytest

import thurn
from thurn.bots import RandomBot, make_bot
from thurn.bots.greedy import GreedyBot, Weights, placement_kinds, ranks_before
from thurn.scoring import placement_masks
from thurn.sim import play_game

from tests.support.helpers import at_score, route_of, score_with, tiles


def _play_checked(names, bots, seed):
    """A whole game in which every action a bot returns is checked against the legal actions first."""
    state = thurn.new_game(names, seed=seed)
    seen = []
    while not state.is_over:
        action = bots[state.to_move].choose(state)
        assert action in state.legal_actions(), f"{action!r} is not legal in {state!r}"
        seen.append(state)
        state = state.apply(action)
    return state, seen


@pytest.mark.parametrize("players, seed", [(2, 1), (2, 2), (3, 3), (4, 4), (4, 5)])
def test_every_action_is_legal_to_the_end_of_the_game(players, seed):
    names = [f"P{i + 1}" for i in range(players)]
    bots = [GreedyBot(seed + i) if i % 2 == 0 or seed % 2 else RandomBot(seed + i) for i in range(players)]
    final, seen = _play_checked(names, bots, seed)
    assert final.is_over
    assert {s.step for s in seen} >= {"draw", "play", "score"}


def test_the_same_seed_plays_the_same_game():
    a = play_game(4, [GreedyBot] * 4, seed=7)
    b = play_game(4, [GreedyBot] * 4, seed=7)
    assert [x.notation for x in a.history] == [x.notation for x in b.history]
    assert a.returns() == b.returns()


def _positions(seed=3, players=3, every=7):
    """States at each step of a game between greedy bots (one every few decisions, and every keep step)."""
    state = thurn.new_game([f"P{i + 1}" for i in range(players)], seed=seed)
    bots = [GreedyBot(i) for i in range(players)]
    out = []
    k = 0
    while not state.is_over:
        if len(state.legal_actions()) > 1 and (k % every == 0 or state.step == "keep"):
            out.append(state)
        k += 1
        state = state.apply(bots[state.to_move].choose(state))
    return out


def _reshuffled(state, seed):
    """The same position as the player to move sees it, with the cards he cannot see dealt differently: the other
    hands, the deck and the discard pile swap cards (each keeps its size)."""
    pos = state.position()
    me = state.to_move
    others = [i for i in range(len(pos["players"])) if i != me]
    pool = pos["deck"] + pos["discard"] + [c for i in others for c in pos["players"][i]["hand"]]
    random.Random(seed).shuffle(pool)
    for i in others:
        n = len(pos["players"][i]["hand"])
        pos["players"][i]["hand"], pool = pool[:n], pool[n:]
    n = len(pos["deck"])
    pos["deck"], pos["discard"] = pool[:n], pool[n:]
    return thurn.GameState.from_position(pos)


def test_it_never_reads_other_hands_or_the_deck():
    states = _positions()
    assert {s.step for s in states} >= {"draw", "play", "score"}
    changed = 0
    for k, s in enumerate(states):
        other = _reshuffled(s, k)
        if other.deck != s.deck:
            changed += 1
        assert other.hand() == s.hand() and other.display_cards == s.display_cards
        assert [(v, a) for v, a, _ in GreedyBot(1).score_actions(other)] == \
            [(v, a) for v, a, _ in GreedyBot(1).score_actions(s)]
        assert GreedyBot(k).choose(other) == GreedyBot(k).choose(s)
    assert changed > len(states) // 2


def test_score_actions_lists_every_legal_action_best_first_with_a_reason():
    for s in _positions(seed=5, players=2, every=5)[:25]:
        ranked = GreedyBot(0).score_actions(s)
        assert sorted(a.notation for _, a, _ in ranked) == sorted(a.notation for a in s.legal_actions())
        values = [v for v, _, _ in ranked]
        assert values == sorted(values, reverse=True)
        assert all(isinstance(why, str) and len(why) > 10 for _, _, why in ranked)
        best = GreedyBot(0).choose(s)
        assert any(a == best and v == values[0] for v, a, _ in ranked)


def test_the_placement_that_earns_a_province_tile():
    """Base rules, 3a–3b: with houses already in Mannheim and Carlsruhe, one house in each province of the route
    (Freiburg among them) completes Baden, worth more than the four houses of Baiern (option B)."""
    route = ["Freiburg", "Sigmaringen", "Ulm", "Augsburg", "Ingolstadt", "München", "Regensburg"]
    s = at_score(route, hand=["Lodz"], houses=["Mannheim", "Carlsruhe"])
    baiern_only = thurn.Score(["Augsburg", "Ingolstadt", "München", "Regensburg"])
    assert s.is_legal(baiern_only)
    action = GreedyBot(0).choose(s)
    assert action.kind == "score" and "Freiburg" in action.houses
    assert ("baden", 3) in tiles(s.apply(action))


def _by_province(b, mask):
    return sorted(b.province_of[c] for c in range(len(b.adj)) if mask >> c & 1)


@pytest.mark.parametrize("optional", [False, True])
def test_the_placements_it_values_hold_the_first_best_of_all(optional):
    """For each placement the rules allow (3a; R1), the bot values one with the same houses by province (what a
    placement is worth) that is legal too and comes no later in the order of placement_masks."""
    b = thurn.load_board("base")
    rng = random.Random(11)
    for _ in range(300):
        route = sorted(rng.sample(range(len(b.adj)), rng.randint(1, 8)))
        rmask = sum(1 << c for c in route)
        owned = rng.getrandbits(len(b.adj)) & rng.getrandbits(len(b.adj))
        left = rng.choice([0, 1, 2, 3, 5, 20])
        legal = placement_masks(b, route, owned, left, optional)
        full = any(all(owned >> d & 1 for d in route if b.province_of[d] == b.province_of[c]) for c in route)
        kinds = placement_kinds(b.province_of, rmask & ~owned, min(left, len(route)), optional, full)
        assert set(kinds) <= set(legal)
        assert all(ranks_before(x, y) for x, y in zip(legal, legal[1:]))
        for m in legal:
            assert any(_by_province(b, k) == _by_province(b, m) and (k == m or ranks_before(k, m)) for k in kinds)


@pytest.mark.parametrize("carriages, n", [([3], 3), ([3, 4], 3), ([3, 4, 5], 4), ([3, 4, 5, 6], 5)])
def test_it_calls_the_cartwright_when_he_gains_a_carriage(carriages, n):
    """Base rules, 3c: the Cartwright makes up two missing cards of the next carriage."""
    s = at_score(route_of(n), hand=["Lodz"], carriages=carriages)
    action = GreedyBot(0).choose(s)
    assert action.kind == "score" and action.cartwright
    assert s.apply(action).player("Ann").carriage == carriages[-1] + 1


def test_no_cartwright_once_another_official_helped():
    s = at_score(route_of(3), hand=["Lodz"], carriages=[3], official="postmaster")
    action = GreedyBot(0).choose(s)
    assert action.kind == "score" and not action.cartwright


def test_a_route_that_cannot_grow_is_scored_not_left_to_die():
    """Base rules, 2: a route no card fits must be discarded next turn; Lodz is a dead end and only Linz fits
    Budweis, so the route is scored now although it earns no carriage."""
    s = at_score(["Budweis", "Pilsen", "Lodz"], hand=["Kempten"], carriages=[3, 4, 5, 6])
    assert GreedyBot(0).choose(s).kind == "score"


def test_it_builds_on_when_the_hand_extends_the_route_towards_the_next_carriage():
    """Carriage 6 needs 6 cards (4 with the Cartwright, 3c); Ulm and Augsburg extend the route safely."""
    s = at_score(route_of(3), hand=["Ulm", "Augsburg"], carriages=[3, 4, 5])
    assert GreedyBot(0).choose(s).kind in ("end", "official")


def test_on_the_last_turn_it_scores_what_it_can():
    """Game End and Scoring: once the end is triggered, this turn is the last; a route left unscored is lost."""
    s = at_score(route_of(3), hand=["Ulm"], end_triggered_by=1)
    assert GreedyBot(0).choose(s).kind == "score"


def test_it_keeps_cards_that_start_a_route():
    """Base rules, 3d: after scoring with five cards in hand, keep three; Ulm and Augsburg share a road."""
    s = at_score(route_of(3), hand=["Ulm", "Augsburg", "Lodz", "Basel", "Budweis"], carriages=[3, 4])
    s = s.apply(score_with(s))
    assert s.step == "keep"
    assert {"Ulm", "Augsburg"} <= set(GreedyBot(0).choose(s).cards)


def test_it_beats_random_heads_up():
    for seed, greedy_seat in [(11, 0), (12, 1), (13, 0), (14, 1)]:
        bots = [GreedyBot, RandomBot] if greedy_seat == 0 else [RandomBot, GreedyBot]
        final = play_game(["A", "B"], bots, seed=seed)
        assert final.winner() == "AB"[greedy_seat]


def test_options_and_registry():
    bot = GreedyBot(3, rate=1.2)
    assert bot.weights == Weights(rate=1.2) and bot.seed == 3
    assert isinstance(make_bot("greedy", seed=1), GreedyBot)
    with pytest.raises(TypeError, match="no option 'speed'"):
        GreedyBot(speed=2)
    assert repr(GreedyBot(5)) == "GreedyBot(seed=5)"


def test_a_finished_game_has_nothing_to_choose():
    final = play_game(2, [GreedyBot, GreedyBot], seed=2)
    with pytest.raises(ValueError, match="no legal action"):
        GreedyBot(0).choose(final)
    assert GreedyBot(0).score_actions(final) == []


def test_avoid_never_calls_those_officials():
    # an experiment on what an official is worth: a greedy bot that never calls it (base rules, 1-3c)
    from thurn.bots import make_bot
    from thurn.sim import simulate

    bot = make_bot("greedy", seed=1, avoid="cartwright+postmaster")
    assert bot.avoid == {"cartwright", "postmaster"} and "avoid" in repr(bot)
    sim = simulate(6, bots=["greedy:avoid=cartwright+postmaster", "greedy"], players=2, seed=3, rotate=True,
                   workers=1)
    me = sim.players[sim.players.lineup == 0]
    assert me.cartwright.sum() == 0
    assert (me.postmaster == me.postmaster_forced).all()      # only when an empty hand makes it compulsory
    others = sim.players[sim.players.lineup == 1]
    assert others.cartwright.sum() + others.postmaster.sum() > 0


def test_avoid_names_are_checked():
    from thurn.errors import UnknownName

    with pytest.raises(UnknownName, match="postmaster"):
        GreedyBot(1, avoid="postmastr")


def test_rush_scores_as_soon_as_a_carriage_is_earned():
    # the carriage-7 rush: whenever a Score action takes the next carriage (3c), the rusher scores then
    from thurn.bots.greedy import takes_carriage
    from thurn.preparation import new_game

    rusher, other = GreedyBot(1, rush=True), GreedyBot(2)
    assert "rush=True" in repr(rusher)
    state, checked = new_game(["Ann", "Ben"], seed=4), 0
    while not state.is_over:
        bot = rusher if state.to_move == 0 else other
        a = bot.choose(state)
        if bot is rusher and state.step == "score" and any(takes_carriage(state, b) for b in state.legal_actions()):
            assert takes_carriage(state, a)
            checked += 1
        state = state.apply(a)
    assert checked >= 3
    with pytest.raises(TypeError, match="rush"):
        GreedyBot(1, rush="yes")
