"""The league (issue 35, "Named levels on one scale"): the Elo fit recovers known strengths within its intervals
(thurn.ratings), a round robin is the same for a seed and ranks greedy above random (thurn.league), rules for one
player give each bot's score and rating distribution per difficulty (thurn.alone), ``python -m thurn ladder`` prints
them, and bad leagues are refused before any game is played."""
from __future__ import annotations

import math

import numpy as np
import pytest

from thurn.__main__ import main
from thurn.alone import alone, difficulties_of, format_alone, plays_alone, rating_words
from thurn.errors import SimulationError, UnknownName
from thurn.league import MAX_LEAGUE_BOTS, format_league, league, pairings
from thurn.ratings import ELO, PRIOR_GAMES, fit_ratings, win_chance
from thurn.rules import Rules
from thurn.sim import MAX_GAMES
from tests.support.rulesets import ALONE, ruleset_id

SOLO = next(Rules(board=b, expansions=ex) for b, ex in ALONE if plays_alone(Rules(board=b, expansions=ex)))


def luce_games(strengths, tables, games_each, seed):
    """Games drawn from Luce's model with the Elo ratings ``strengths``: for each table (bot numbers by seat),
    ``games_each`` winners drawn with a seeded generator."""
    rng = np.random.default_rng(seed)
    out = []
    for seats in tables:
        chance = win_chance(strengths, seats)
        for _ in range(games_each):
            out.append((tuple(seats), seats[rng.choice(len(seats), p=chance)]))
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_the_fit_recovers_known_strengths_within_its_intervals(players):
    truth = [0, 150, 400, 800]
    tables = [[b] + [o] * (players - 1) for b, o in pairings(len(truth), players)]
    fit = fit_ratings(luce_games(truth, tables, 300, seed=players), ["a", "b", "c", "d"])
    assert list(fit["bot"]) == ["d", "c", "b", "a"]                   # strongest first: the order recovered
    got = fit.set_index("bot")
    for name, r in zip("abcd", truth):
        assert got.at[name, "ci_low"] <= r <= got.at[name, "ci_high"], (name, r, got.loc[name].to_dict())
    assert got.at["a", "rating"] == 0 and got.at["a", "ci_low"] == got.at["a", "ci_high"] == 0     # the anchor
    assert (fit["gap_low"].dropna() > 0).all()                        # neighbours told apart
    assert (fit["ci_high"] - fit["ci_low"]).iloc[:3].max() < 200
    assert fit["games"].sum() == len(tables) * 300 * players


def test_the_intervals_cover_the_truth_about_95_percent_of_the_time():
    truth = [0, 100, 300]
    tables = [[b, o] for b, o in pairings(3, 2)]
    hits = 0
    for seed in range(40):
        got = fit_ratings(luce_games(truth, tables, 60, seed), ["a", "b", "c"]).set_index("bot")
        hits += all(got.at[n, "ci_low"] <= r <= got.at[n, "ci_high"] for n, r in zip("abc", truth))
    assert hits >= 33                                                  # 2 ratings at 95 %: about 36 of 40


def test_the_fit_is_the_maximum_of_the_likelihood_with_a_bot_seated_three_times():
    """choix's top-1 fit (ilsr) against a direct maximisation of Luce's likelihood, virtual games included: a bot
    seated three times counts three times."""
    from scipy.optimize import minimize
    from scipy.special import logsumexp

    games = luce_games([0, 250, 500], [[0, 1, 1, 1], [1, 0, 0, 0], [2, 1, 1, 1], [0, 2, 2, 2]], 40, seed=7)
    fit = fit_ratings(games, ["a", "b", "c"]).set_index("bot")
    prior = [((i, j), w) for i in range(3) for j in range(i + 1, 3) for w in (i, j)] * (PRIOR_GAMES // 2)

    def minus_log_likelihood(x):
        t = np.concatenate([[0.0], x])
        return sum(logsumexp(t[list(seats)]) - t[w] for seats, w in games + prior)

    best = minimize(minus_log_likelihood, np.zeros(2)).x * ELO
    assert fit.at["b", "rating"] == pytest.approx(best[0], abs=1.0)
    assert fit.at["c", "rating"] == pytest.approx(best[1], abs=1.0)


def test_a_bot_that_won_every_game_has_a_finite_rating_and_a_wide_interval():
    fit = fit_ratings([((0, 1), 1), ((1, 0), 1)] * 25, ["random", "greedy"]).set_index("bot")
    r = fit.loc["greedy"]
    assert math.isfinite(r["rating"]) and 400 < r["rating"] < 1200           # the prior: one virtual game each way
    assert r["ci_low"] > 0 and r["ci_high"] - r["ci_low"] > 400
    assert (r["wins"], r["games"], r["win_share"]) == (50, 50, 1.0)


@pytest.mark.parametrize("games, why", [([((0, 1), 2)], "bad_rating_data"), ([((0,), 0)], "bad_rating_data"),
                                         (["0 beat 1"], "bad_rating_data")])
def test_bad_rating_data_is_refused(games, why):
    with pytest.raises(SimulationError) as e:
        fit_ratings(games, ["a", "b"])
    assert e.value.reason == why
    with pytest.raises(SimulationError, match="at least two bots"):
        fit_ratings([], ["a"])


def test_a_league_is_the_same_for_a_seed_and_ranks_greedy_above_random():
    a = league(["random", "greedy"], games=10, players=(2, 4), seed=3, workers=1)
    b = league(["random", "greedy"], games=10, players=(2, 4), seed=3, workers=1)
    assert a.ratings.equals(b.ratings) and a.tables.equals(b.tables)
    for n in (2, 4):
        fit = a.ratings[a.ratings["players"] == n].set_index("bot")
        assert fit.at["random", "rating"] == 0 and fit.at["greedy", "rank"] == 1
        assert fit.at["greedy", "rating"] > 300 and fit.at["greedy", "ci_low"] > 0     # apart by a margin
        assert fit["if_equal"].eq(1 / n).all()
    heads_up = a.tables[a.tables["players"] == 2]
    assert list(heads_up[["bot", "against", "games"]].itertuples(index=False, name=None)) == [("greedy", "random",
                                                                                              10)]
    four = a.tables[a.tables["players"] == 4]
    assert sorted(four["bot"]) == ["greedy", "random"] and (four["games"] == 10).all()
    text = format_league(a)
    assert "heads-up" in text and "4 players" in text and "(anchor)" in text and "Elo" in text
    c = league(["random", "greedy"], games=10, players=(2,), seed=4, workers=1)
    assert not c.tables["score"].equals(a.tables[a.tables["players"] == 2]["score"].reset_index(drop=True))


def test_a_bot_added_at_the_end_leaves_the_others_games_as_they_were():
    two = league(["random", "greedy"], games=2, players=(2,), seed=5, workers=1)
    three = league(["random", "greedy", "greedy:letter=0.4"], games=2, players=(2,), seed=5, workers=1)
    assert len(three.tables) == 3
    games = [c for c in two.tables.columns if c != "fit"]          # (the fit is of all the games together)
    assert three.tables.iloc[[0]][games].reset_index(drop=True).equals(two.tables[games])


def test_a_four_player_lineup_rotates_one_bot_through_every_seat():
    from thurn.league import pairing_seed
    from thurn.sim import simulate

    result = league(["random", "greedy"], games=4, players=(4,), seed=2, workers=1)
    sim = simulate(4, bots=["random"] + ["greedy"] * 3, players=4, seed=pairing_seed(2, 4, 0, 1), rotate=True,
                   workers=1)
    lone = sim.players[sim.players["lineup"] == 0]
    assert sorted(lone["seat"]) == [0, 1, 2, 3]
    row = result.tables[result.tables["bot"] == "random"].iloc[0]
    assert row["wins"] == int(lone["winner"].sum()) and row["score"] == pytest.approx(lone["total"].mean())


@pytest.mark.parametrize("ruleset", ALONE, ids=ruleset_id)
def test_every_ruleset_has_a_table(ruleset):
    """A league in every ruleset that has a winner, the scores per difficulty in every one that has a rating."""
    board, expansions = ruleset
    rules = Rules(board=board, expansions=expansions)
    if plays_alone(rules):
        df = alone(["random", "greedy"], games=1, rules=rules, workers=1, difficulties=difficulties_of(rules)[:1])
        assert list(df["bot"]) == ["random", "greedy"] and (df["games"] == 1).all()
        assert df[rating_words(rules)].sum(axis=1).tolist() == [1.0, 1.0]
        return
    lo = max(2, (rules.ruleset.players or (2, 4))[0])
    result = league(["random", "greedy"], games=1, players=(lo,), rules=rules, workers=1)
    assert sorted(result.ratings["bot"]) == ["greedy", "random"] and result.ratings["rating"].notna().all()
    assert list(result.tables["games"]) == [1] and list(result.tables["players"]) == [lo]


def test_one_player_rules_give_the_scores_and_ratings_per_difficulty():
    declared = next(spec[1] for v in SOLO.variants for k, spec in type(v).options.items() if k == "difficulty")
    assert difficulties_of(SOLO) == list(declared)                       # every difficulty, in the declared order
    hard = Rules.from_dict({**SOLO.to_dict(), "options": {"difficulty": declared[-1]}})
    assert difficulties_of(hard) == [declared[-1]]                        # the one the rules name
    df = alone(["random", "greedy"], games=3, rules=SOLO, difficulties=declared[:2], seed=1, workers=1)
    words = rating_words(SOLO)
    assert len(words) >= 2 and list(df.columns[-len(words):]) == words
    assert list(df["difficulty"]) == [declared[0]] * 2 + [declared[1]] * 2
    assert df[words].sum(axis=1).round(9).eq(1).all()
    assert (df["q1"] <= df["median"]).all() and (df["median"] <= df["q3"]).all()
    by = df.set_index(["difficulty", "bot"])
    assert by.at[(declared[0], "greedy"), "mean"] > by.at[(declared[0], "random"), "mean"]
    again = alone(["random", "greedy"], games=3, rules=SOLO, difficulties=declared[:2], seed=1, workers=1)
    assert df.equals(again)
    text = format_alone(df)
    assert f"difficulty: {declared[0]}" in text and words[0] in text and "median" in text


def test_the_command_prints_the_rating_table(tmp_path, capsys):
    out = tmp_path / "league.csv"
    assert main(["ladder", "--bots", "random", "greedy", "--games", "2", "--players", "2", "--workers", "1",
                 "--csv", str(out)]) == 0
    text = capsys.readouterr().out
    assert "the league: random, greedy" in text and "Elo" in text and "(anchor)" in text and "95% CI" in text
    assert out.read_text().startswith("players,rank,bot,rating,ci_low,ci_high")
    assert (tmp_path / "league-lineups.csv").read_text().startswith("players,bot,against,games,wins,share")
    assert main(["ladder", "--bots", "random", "greedy", "--games", "2", "--players", "2", "--workers", "1",
                 "--rungs"]) == 0
    assert "random < greedy" in capsys.readouterr().out


def test_the_command_prints_the_scores_of_one_player(capsys):
    words = [w for w in SOLO.to_dict()["expansions"]]
    assert main(["ladder", "--bots", "random", "greedy", "--games", "1", "--workers", "1", "--rules",
                 f"expansions={words[0]}", "--difficulties", difficulties_of(SOLO)[-1]]) == 0
    text = capsys.readouterr().out
    assert f"difficulty: {difficulties_of(SOLO)[-1]}" in text and rating_words(SOLO)[0] in text
    assert main(["ladder", "--bots", "random", "greedy", "--games", "1", "--workers", "1", "--rules",
                 f"expansions={words[0]}", "--rungs"]) == 2
    assert "no winner" in capsys.readouterr().err
    assert main(["ladder", "--bots", "random", "greedy", "--games", "1", "--workers", "1", "--difficulties",
                 "hard"]) == 2
    assert "one player" in capsys.readouterr().err


def test_bad_leagues_are_refused_before_any_game():
    def reason(call):
        with pytest.raises(SimulationError) as e:
            call()
        return e.value.reason

    assert reason(lambda: league(["random"], games=10**6, workers=1)) == "ladder_needs_two_bots"
    assert reason(lambda: league(["random", "greedy", "random"], games=10**6, workers=1)) == "bot_twice"
    many = [f"search:iterations={k}" for k in range(1, MAX_LEAGUE_BOTS + 2)]
    assert reason(lambda: league(many, games=1, workers=1)) == "too_many_bots"
    assert reason(lambda: league(["random", "greedy"], games=MAX_GAMES, players=(2, 4), workers=1)) == \
        "too_many_games"
    with pytest.raises(UnknownName, match="greedy"):
        league(["random", "gredy"], games=10**6, workers=1)
    with pytest.raises(SimulationError, match="2 to 4 players"):
        league(["random", "greedy"], games=1, players=(2, 5), workers=1)
    with pytest.raises(SimulationError, match="1 or more"):
        league(["random", "greedy"], games=0, workers=1)
    assert reason(lambda: league(["random", "greedy"], games=1, rules=SOLO, workers=1)) == "ladder_needs_a_winner"
    assert reason(lambda: alone(["random", "greedy"], games=1, workers=1)) == "not_alone"
    with pytest.raises(ValueError, match="difficulty"):
        alone(["random"], games=1, rules=SOLO, difficulties=["hardest"], workers=1)
    assert reason(lambda: alone(["random"], games=MAX_GAMES, rules=SOLO, workers=1)) == "too_many_games"
