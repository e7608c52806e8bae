"""thurn.sim and thurn.bots: deterministic simulations whose score columns add up."""
import pandas as pd
import pytest

import thurn
from thurn.bots import Bot, RandomBot
from thurn.sim import COLUMNS, game_seed, play_game, simulate


@pytest.fixture(scope="module")
def df4():
    return simulate(3, players=4, seed=11)


def test_columns_and_shape(df4):
    assert list(df4.columns) == COLUMNS
    assert len(df4) == 3 * 4
    assert list(df4["game"]) == [g for g in range(3) for _ in range(4)]
    assert list(df4["seat"]) == [0, 1, 2, 3] * 3
    assert list(df4["player"]) == ["P1", "P2", "P3", "P4"] * 3


def test_same_seed_same_games(df4):
    pd.testing.assert_frame_equal(df4, simulate(3, players=4, seed=11))


def test_other_seed_other_games(df4):
    assert not df4.equals(simulate(3, players=4, seed=12))


def test_score_formula(df4):
    df = pd.concat([df4, simulate(4, players=2, seed=5)])
    assert (df["carriage"] + df["tiles"] + df["unplaced_houses"] == df["total"]).all()
    assert (df["unplaced_houses"] <= 0).all() and (df["carriage"] >= 0).all() and (df["tiles"] >= 0).all()


def test_one_winner_per_game_and_ended_by_a_player(df4):
    assert (df4.groupby("game")["winner"].sum() == 1).all()
    assert df4["winner"].dtype == bool
    for _, g in df4.groupby("game"):
        assert g["ended_by"].iloc[0] in set(g["player"])
        assert g["turns"].max() - g["turns"].min() <= 1      # turns go round the table
        assert g["seed"].nunique() == 1


def test_a_row_replays_its_game(df4):
    rows = df4[df4["game"] == 1]
    seed = int(rows["seed"].iloc[0])
    assert seed == game_seed(11, 1)
    state = play_game(["P1", "P2", "P3", "P4"], None, seed=seed)
    assert state.is_over
    assert state.returns() == list(rows["total"])
    assert state.winner() == rows.loc[rows["winner"], "player"].item()
    assert [state.turns_taken(i) for i in range(4)] == list(rows["turns"])
    assert state.end_triggered_by == rows["ended_by"].iloc[0]


def test_bot_factories_and_names():
    a = simulate(2, players=["Ann", "Ben"], seed=3, bots=RandomBot)
    b = simulate(2, players=["Ann", "Ben"], seed=3, bots=[RandomBot, lambda s: RandomBot(s)])
    pd.testing.assert_frame_equal(a, b)
    assert list(a["player"][:2]) == ["Ann", "Ben"]
    with pytest.raises(ValueError):
        simulate(1, players=3, bots=[RandomBot, RandomBot])


def test_zero_games():
    df = simulate(0)
    assert list(df.columns) == COLUMNS and len(df) == 0


def test_random_bot_is_seeded_and_plays_legal_actions():
    state = thurn.new_game(["A", "B", "C"], seed=2)
    b1, b2 = RandomBot(seed=9), RandomBot(seed=9)
    assert isinstance(b1, Bot) and b1.name
    for _ in range(300):
        if state.is_over:
            break
        a = b1.choose(state)
        assert a == b2.choose(state)
        assert state.why_illegal(a) is None
        state = state.apply(a)


def test_random_bot_is_uniform_enough():
    state = thurn.new_game(["A", "B"], seed=4)
    actions = state.legal_actions()
    bot = RandomBot(seed=0)
    counts = {}
    for _ in range(200 * len(actions)):
        a = bot.choose(state)
        counts[a] = counts.get(a, 0) + 1
    assert set(counts) == set(actions)
    assert min(counts.values()) > 100      # expected 200 each
