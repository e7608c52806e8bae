"""Issue 35: the bots' named levels (thurn.bots.levels): each a bot with its budget, taken by name wherever a bot is
(simulate, the ladder, the command line, make_bot); the Casual level's blunders; a level's secret choices drawn by
its own seeded generator (The Audience, Preparation: the clergymen are sealed "secretly")."""
from __future__ import annotations

import collections
import random

import pytest

import thurn
from thurn.bots import make_bot
from thurn.bots.greedy import GreedyBot
from thurn.bots.levels import LEVELS, find_level, level, level_names
from thurn.errors import SimulationError, UnknownName
from thurn.expansions.audience import rules as au
from thurn.information import view_for
from thurn.sim import simulate

from tests.support.rulesets import RULESETS, player_counts, ruleset_id


def test_the_levels_are_named_once_each_and_say_how_strong_they_are():
    names = level_names()
    assert len(names) == len(set(n.lower() for n in names)) >= 5
    assert names[0] == "Beginner" and names[-1] == "Master"
    for lv in LEVELS:
        assert lv.strength and len(lv.strength) <= 120 and lv.name in str(lv)
        assert find_level(f"  {lv.name.upper()} ") is lv
        bot = make_bot(lv.key, seed=1)
        assert repr(bot) == repr(make_bot(lv.bot, seed=1, **dict(lv.options)))


def positions(ruleset, n: int = 2, seed: int = 0):
    """``n`` positions of a random game of ``ruleset`` (board, expansions) where the player to move has a choice."""
    board, expansions = ruleset
    players = min(player_counts(board, expansions))
    rng = random.Random(seed)
    s = thurn.new_game(["Ann", "Ben", "Cat", "Dan"][:players], seed=seed,
                       rules={"board": board, "expansions": list(expansions)})
    out = []
    while not s.is_over and len(out) < n:
        acts = s.legal_actions()
        if len(acts) > 1 and rng.random() < 0.3:
            out.append(s)
        s = s.apply(acts[rng.randrange(len(acts))])
    return out


@pytest.mark.parametrize("ruleset", RULESETS, ids=ruleset_id)
def test_every_level_chooses_a_legal_action_in_every_ruleset(ruleset):
    """Handed its player's view (thurn.information), as the apps and simulate hand it."""
    for k, s in enumerate(positions(ruleset)):
        for lv in LEVELS:
            bot = make_bot(lv.key, seed=k)
            assert s.why_illegal(bot.choose(view_for(bot, s))) is None, (lv.name, s.step)


def test_simulate_takes_level_names_and_labels_the_tables_with_them():
    """A level plays as its bot with its budget: the same games as the bot named with the same options."""
    by_level = simulate(4, bots=["club", "beginner"], players=2, seed=5, workers=1, rotate=True)
    by_bot = simulate(4, bots=["greedy", "random"], players=2, seed=5, workers=1, rotate=True)
    assert set(by_level.players["bot"]) == {"Club", "Beginner"}
    assert list(by_level.players["total"]) == list(by_bot.players["total"])
    assert list(by_level.players["winner"]) == list(by_bot.players["winner"])


def test_a_level_takes_no_options_and_a_misspelt_level_gets_the_close_match():
    with pytest.raises(SimulationError) as e:
        simulate(2, bots=["master:iterations=4", "club"], players=2, workers=1)
    assert e.value.reason == "level_with_options" and "search:" in str(e.value)
    with pytest.raises(TypeError):
        make_bot("expert", seed=1, iterations=4)
    with pytest.raises(UnknownName) as e:
        simulate(2, bots=["clob", "club"], players=2, workers=1)
    assert "club" in str(e.value)
    with pytest.raises(UnknownName):
        level("grandmaster")


def test_the_command_line_takes_level_names(capsys):
    from thurn.__main__ import main

    assert main(["simulate", "--games", "2", "--players", "2", "--bots", "club", "beginner", "--workers", "1"]) in (0, None)
    out = capsys.readouterr().out
    assert "Club" in out and "Beginner" in out


# -- Casual: the greedy bot's blunders ---------------------------------------------------------------------------

def greedy_game(seed: int, **options) -> list:
    s = thurn.new_game(["A", "B"], seed=seed)
    bots = [GreedyBot(seed=seed * 2 + i, **options) for i in range(2)]
    while not s.is_over:
        s = s.apply(bots[s.to_move].choose(view_for(bots[s.to_move], s)))
    return [a.notation for a in s.history]


def test_no_blunders_is_the_greedy_bot_itself():
    """blunders=0 draws nothing from the blunders' generator: the same game, decision for decision."""
    assert greedy_game(3, blunders=0.0) == greedy_game(3)


def test_blunders_are_drawn_from_the_bot_s_own_generator():
    """Reproducible for a seed, another game for another share; every blunder is a legal action (the game plays
    to the end through apply)."""
    assert greedy_game(4, blunders=0.3) == greedy_game(4, blunders=0.3)
    assert greedy_game(4, blunders=0.3) != greedy_game(4)
    assert repr(GreedyBot(seed=1, blunders=0.3)) == "GreedyBot(seed=1, blunders=0.3)"


@pytest.mark.parametrize("bad", [-0.1, 1.5, "0.3", True, float("nan")])
def test_a_share_of_blunders_outside_0_to_1_is_refused(bad):
    with pytest.raises(ValueError):
        GreedyBot(seed=1, blunders=bad)


def test_blunders_make_the_greedy_bot_weaker():
    """Casual against Club, seats rotated: Club wins most games (the levels' order; the ratings: BENCHMARKS.md)."""
    sim = simulate(16, bots=["club", "casual"], players=2, seed=11, workers=1, rotate=True)
    wins = sim.players.groupby("bot")["winner"].sum()
    assert wins["Club"] > wins["Casual"], wins


# -- a level's secret choices ----------------------------------------------------------------------------------

@pytest.mark.parametrize("lv", LEVELS, ids=lambda lv: lv.name)
def test_a_level_s_seals_differ_from_seed_to_seed(lv):
    """(The Audience, Preparation: sealed "secretly") The first seal of a game, by the level's bot seeded with eight
    seeds: not one order every time; the same seed seals the same order."""
    rules = thurn.Rules(expansions=("audience",))
    s = thurn.new_game(["A", "B"], seed=1, rules=rules)
    assert s.step == au.SEAL
    orders = collections.Counter()
    for seed in range(8):
        bot, again = make_bot(lv.key, seed=seed), make_bot(lv.key, seed=seed)
        a = bot.choose(view_for(bot, s))
        assert a == again.choose(view_for(again, s))
        orders[a.ranks] += 1
    assert len(orders) >= 2, (lv.name, orders)


# -- the search levels' budget in player-turns (SearchBot(turns=...), thurn.bots.valuation.turn_cost) -------------

@pytest.mark.parametrize("ruleset", RULESETS, ids=ruleset_id)
def test_a_search_level_s_rollouts_follow_what_a_turn_costs_in_every_ruleset(ruleset):
    """Master's rollouts a decision: its ``iterations`` where its ``turns`` budget pays for them, else the budget
    over what one rollout costs (the player-turns to its horizon at the table, times the ruleset's ``turn_cost``), never fewer
    than two a candidate in each round; so its work a decision (rollouts times their cost) is within its budget
    in every ruleset and player count, and dearer rulesets get no more rollouts than the base game."""
    from thurn.bots.valuation import turn_cost

    board, expansions = ruleset
    master = make_bot("master", seed=0)
    for n in player_counts(board, expansions):
        s = thurn.new_game(["Ann", "Ben", "Cat", "Dan"][:n], seed=3, rules={"board": board, "expansions": list(expansions)})
        cost = turn_cost(s)
        assert cost >= 1.0
        per = (1 + master.horizon_at(n, cost) * n) * cost
        got = master.rollouts(s)
        assert got <= master.iterations
        assert got * per <= master.turns or got == 2 * master.top * 2        # the floor: 2 a candidate a round
        assert got == min(master.iterations, max(16, int(master.turns / per)))
        base = thurn.new_game(["Ann", "Ben", "Cat", "Dan"][:max(n, 2)], seed=3, rules={"board": board})
        assert got <= master.rollouts(base)


def test_a_turn_costs_the_product_of_the_variants_costs_and_a_shared_valuation_counts_each_variant_on():
    """The Princess' Messenger and Offices of Honor share one valuation, with a cost for each: each switched on
    counts (both: the product); The Audience with both multiplies again; the base game costs 1."""
    from thurn.bots.valuation import turn_cost

    def cost(*ex):
        return turn_cost(thurn.new_game(["Ann", "Ben"], seed=1, rules={"expansions": list(ex)}))
    assert cost() == 1.0
    m, o, a = cost("messenger"), cost("offices"), cost("audience")
    assert m > 1 and o > 1 and a > 1 and m != o
    assert cost("messenger", "offices") == pytest.approx(m * o)
    assert cost("audience", "messenger", "offices") == pytest.approx(a * m * o)


def test_a_turns_budget_is_checked_and_without_one_the_rollouts_are_the_iterations():
    from thurn.bots.search import SearchBot

    s = thurn.new_game(["Ann", "Ben", "Cat", "Dan"], seed=1, rules={"expansions": ["audience", "offices"]})
    assert SearchBot(0, iterations=40).rollouts(s) == 40
    assert SearchBot(0, iterations=40, turns=100).rollouts(s) < 40
    assert "turns=100" in repr(SearchBot(0, turns=100))
    for bad in (0, -5, 2.5, True, "many"):
        with pytest.raises(ValueError, match="turns should be"):
            SearchBot(0, turns=bad)


def test_a_reach_looks_as_many_player_turns_ahead_at_every_table_and_is_checked():
    """``reach``: the rollouts look ``reach // players`` of the bot's own turns ahead, at least ``horizon`` (Master:
    six player-turns, three of its turns heads-up, its next one at four players); the rollouts stop there."""
    from thurn.bots.search import SearchBot

    bot = SearchBot(0, reach=6)
    assert [bot.horizon_at(n) for n in (1, 2, 3, 4)] == [6, 3, 2, 1]
    assert SearchBot(0, reach=6, horizon=2).horizon_at(4) == 2          # never less than horizon
    assert SearchBot(0, horizon=2).horizon_at(2) == 2 and SearchBot(0, reach=6, horizon=None).horizon_at(2) is None
    assert "reach=6" in repr(bot)
    for bad in (0, -1, 2.5, True, "far"):
        with pytest.raises(ValueError, match="reach should be"):
            SearchBot(0, reach=bad)
    s = thurn.new_game(["Ann", "Ben"], seed=4)
    while len(s.legal_actions()) < 2:
        s = s.apply(s.legal_actions()[0])
    ends = []
    real = SearchBot._rollout

    def rollout(self, state, me, horizon, rng):
        ends.append(horizon - s.turns)
        return real(self, state, me, horizon, rng)
    bot = SearchBot(0, reach=6, iterations=8, clear=None)
    bot._rollout = rollout.__get__(bot)
    bot.choose(view_for(bot, s))
    assert set(ends) == {1 + 3 * 2}                 # to the end of its third turn after this one


def test_the_master_level_reaches_further_heads_up_and_the_review_keeps_its_own_horizon():
    from thurn.game_review import HORIZON, _level_bot

    master = make_bot("master", seed=0)
    assert master.horizon_at(2) == 3 and master.horizon_at(4) == 1
    review = _level_bot(level("master"), 0)
    assert review.reach is None and review.horizon_at(2) == review.horizon_at(4) == HORIZON


@pytest.mark.parametrize("ruleset", RULESETS, ids=ruleset_id)
def test_master_looks_less_far_where_its_budget_would_leave_too_few_futures(ruleset):
    """Where ``reach``'s horizon would leave fewer than REACH_ROLLOUTS rollouts (a dear ruleset heads-up), Master
    looks a turn less far, down to its next turn; never below it, and never further than ``reach`` allows."""
    from thurn.bots.search import REACH_ROLLOUTS
    from thurn.bots.valuation import turn_cost

    board, expansions = ruleset
    master = make_bot("master", seed=0)
    for n in player_counts(board, expansions):
        s = thurn.new_game(["Ann", "Ben", "Cat", "Dan"][:n], seed=3, rules={"board": board, "expansions": list(expansions)})
        cost = turn_cost(s)
        h = master.horizon_at(n, cost)
        assert master.horizon <= h <= master.reach // n or h == master.horizon
        if h > master.horizon:
            assert master.turns / ((1 + h * n) * cost) >= REACH_ROLLOUTS
        if h < master.reach // n:
            assert master.turns / ((1 + (h + 1) * n) * cost) < REACH_ROLLOUTS
