"""A result that is a rating, not a winner (SoloPlay, goal: 48–53 minor, 54–59 major, 60+ complete victory).

A toy ruleset for one player (the base rules, a player range of (1, 1), a rating of the total instead of a
winner) played through the state's texts, ``simulate`` with the random, greedy and search bots, the summary and
the command line, the review, the ladder (refused) and the Play app. Beside it: the shape of a result checked,
``simulate``'s rank taken from the engine's result alone, and the dead copy of the score formula gone.
"""
from __future__ import annotations

import pytest

import thurn
from thurn import effects, scoring
from thurn.bots.search import SearchBot, evaluate

from thurn.errors import ResultError, SimulationError
from thurn.result import Result, rating_result
from thurn.sim import play_game, simulate
from thurn.variants import Variant, register

#: The toy's ratings: SoloPlay's shape, on the points a player alone makes under the base rules (20 to 35).
RATINGS = ((30, "complete victory"), (26, "major victory"), (22, "minor victory"))


@register
class Rated(Variant):
    """One player alone under the base rules; the result rates his total and names no winner (SoloPlay's)."""

    name = "toy_rated"
    players = (1, 1)

    def extend(self, rs):
        super().extend(rs)
        rs.result = rating_result(RATINGS, below="no victory")


@register
class Ordered(Variant):
    """The result gives the seats in reverse order: the last seat wins, whatever the points."""

    name = "toy_reversed"

    def extend(self, rs):
        super().extend(rs)
        rs.result = lambda s, totals: {"winner": len(totals) - 1, "order": list(range(len(totals)))[::-1]}


RULES = {"expansions": ["toy_rated"]}


def rated_game(bot="greedy", seed=1) -> thurn.GameState:
    return play_game(["Ann"], [bot], seed=seed, rules=RULES)


def expected_rating(total: int) -> str:
    return next((name for least, name in RATINGS if total >= least), "no victory")


# -- the shape --------------------------------------------------------------------------------------------------------

def test_a_result_is_a_winner_or_a_rating_and_anything_else_is_refused():
    assert Result.of({"winner": 1}, 2).winner == 1 and Result.of({"winner": 1}, 2).rating is None
    rated = Result.of({"rating": "major victory", "score": 57}, 1)
    assert rated.winner is None and rated.rating == "major victory" and rated.score == 57
    assert rated == {"rating": "major victory", "score": 57}
    assert rated.text(["Ann"]) == "57 points, major victory"
    assert Result.of({"winner": 0}, 2).text(["Ann", "Ben"]) == "Ann wins"
    assert Result.of({"winner": 0, "rating": "courier"}, 1).text(["Ann"]) == "Ann wins (courier)"
    for bad, players in [({}, 2), ({"winner": 2}, 2), ({"winner": True}, 2), ({"winner": "Ann"}, 2), (None, 1),
                         ({"rating": ""}, 1), ({"rating": 3}, 1), ({"rating": "x", "score": "many"}, 1),
                         ({"winner": 0, "order": [0, 0]}, 2), ({"winner": 0, "order": "01"}, 2)]:
        with pytest.raises(ResultError) as e:
            Result.of(bad, players)
        assert e.value.reason == "bad_result" and isinstance(e.value, ValueError)


def test_soloplays_ratings_rate_the_total():
    """SoloPlay, goal: 48–53 minor, 54–59 major, 60 and more complete victory (its ruleset's result, from its data)."""
    rate = thurn.Rules(expansions=("solo",)).ruleset.result
    said = {t: rate(None, [t])["rating"] for t in (47, 48, 53, 54, 59, 60, 75)}
    assert said == {47: "no victory", 48: "minor victory", 53: "minor victory", 54: "major victory",
                    59: "major victory", 60: "complete victory", 75: "complete victory"}
    assert rate(None, [57]) == {"rating": "major victory", "score": 57}


def test_a_ruleset_whose_result_names_nobody_is_refused_with_a_reason():
    s = thurn.new_game(["Ann", "Ben"], seed=1)
    s.ruleset.result, keep = (lambda s, totals: {"points": totals}), s.ruleset.result
    try:
        with pytest.raises(ResultError, match="winner .* or a rating"):
            s.result()
    finally:
        s.ruleset.result = keep


# -- the state at game over ---------------------------------------------------------------------------------------------

def test_a_rated_game_has_no_winner_and_says_its_rating():
    s = rated_game()
    total = s.returns()[0]
    assert s.is_over and s.result() == {"rating": expected_rating(total), "score": total}
    assert s.winner() is None
    said = f"{total} points, {expected_rating(total)}"
    assert s.result_text() == said
    assert repr(s) == f"<GameState base: game over after {s.turns} turns: {said}>"
    assert str(s).startswith(f"Game over: {said} — display")
    assert f"<b>Game over</b> — {said}" in s._repr_html_()
    assert thurn.GameState.from_json(s.to_json()) == s


def test_a_game_with_a_winner_says_so_as_before():
    s = play_game(["Ann", "Ben"], "greedy", seed=2)
    name = s.names[s.result()["winner"]]
    assert s.winner() == name and s.result_text() == f"{name} wins"
    assert repr(s).endswith(f"game over after {s.turns} turns, {name} wins>")
    assert str(s).startswith(f"Game over: {name} wins — ") and f"— winner: {name}" in s._repr_html_()


# -- simulate, the bots, the summary, the command line ---------------------------------------------------------------------

@pytest.mark.parametrize("bot", ["random", "greedy", "search:iterations=4"])
def test_simulate_plays_the_one_player_game_with_each_bot_and_rates_it(bot):
    sim = simulate(2, bots=bot, players=1, rules=RULES, seed=3, workers=1)
    assert len(sim.games) == 2 and not len(sim.errors)
    p, g = sim.players, sim.games
    assert list(p["rating"]) == [expected_rating(t) for t in p["total"]]
    assert list(g["rating"]) == list(p["rating"])
    assert p["winner"].isna().all() and (p["rank"] == 1).all()
    for column in ("winner_seat", "winner_player", "winner_bot", "winning_score"):
        assert g[column].isna().all(), column
    assert (g["spread"] == 0).all() and (g["players"] == 1).all()


def test_the_search_bot_alone_maximises_its_score():
    """Alone, the search bot's value is its own expected score (no best other player to subtract)."""
    s = thurn.new_game(["Ann"], seed=4, rules=RULES)
    assert evaluate(s, 0, value=lambda s, seat: 7.5) == 7.5
    bot = SearchBot(4, iterations=4)
    ranked = bot.score_actions(s)
    assert ranked and all("against" not in why for _, _, why in ranked)
    game = rated_game(SearchBot(4, iterations=4), seed=4)
    greedy = rated_game("greedy", seed=4)
    assert game.is_over and game.winner() is None and game.returns()[0] >= greedy.returns()[0] - 6


def test_the_summary_and_the_command_line_show_ratings(capsys):
    from thurn.__main__ import main, summary

    sim = simulate(3, bots=["greedy"], players=1, rules=RULES, seed=5, workers=1)
    text = summary(sim)
    assert "3 games, 1 player (greedy bots)" in text and "ratings:" in text and "wins" not in text
    for r in set(sim.players["rating"]):
        assert r in text
    assert main(["simulate", "--players", "1", "--games", "2", "--bots", "greedy", "--rules",
                 "expansions=toy_rated", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "2 games, 1 player" in out and "ratings:" in out


def test_simulates_rank_follows_the_engines_result_only():
    """The rank column is the engine's order of the seats when its result gives one (no tie-break of its own)."""
    sim = simulate(2, bots="greedy", players=3, rules={"expansions": ["toy_reversed"]}, seed=6, workers=1)
    for _, g in sim.players.groupby("game"):
        assert list(g.sort_values("rank")["seat"]) == [2, 1, 0]
        assert list(g["winner"]) == [False, False, True]
    assert (sim.games["winner_seat"] == 2).all()


# -- the review, the ladder ---------------------------------------------------------------------------------------------

def test_a_one_player_game_is_reviewed_with_its_rating():
    from thurn.game_review import review_game

    s = rated_game(seed=7)
    r = review_game(s, "Ann", bot=SearchBot(7, iterations=4), samples=1)
    total = s.returns()[0]
    assert r.summary().endswith(f"Ann finished with {total} points: {expected_rating(total)}.")
    assert "against the best other player" not in r.summary()
    assert len(r.table) > 5
    from thurn.widgets.review import GameReview

    app = GameReview(s, "Ann", bot=SearchBot(7, iterations=4), samples=1, review=r)
    shown = " ".join(w.value for w in _walk(app) if isinstance(getattr(w, "value", None), str))
    assert f"{total} points, {expected_rating(total)}" in shown and " wins" not in shown


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def test_the_ladder_refuses_rules_for_one_player_and_says_why():
    from thurn.ladder import ladder, rung

    for call in (lambda: ladder(["random", "greedy"], games=2, players=2, rules=RULES),
                 lambda: rung("greedy", "random", games=2, players=2, rules=RULES)):
        with pytest.raises(SimulationError, match="rating") as e:
            call()
        assert e.value.reason == "ladder_needs_a_winner" and "simulate" in str(e.value)


# -- the Play app -------------------------------------------------------------------------------------------------------

def test_the_play_app_plays_the_one_player_game_to_its_rating():
    from thurn.bots.greedy import GreedyBot
    from thurn.widgets import Play

    app = Play(["Ann"], seed=8, rules=RULES, autosave=False)
    bot = GreedyBot(8)
    for _ in range(500):
        if app.state.is_over:
            break
        action = bot.choose(app.state)
        button = next((b for b in app.action_buttons if b.action == action), None)
        if button is not None:
            button.click()
        else:
            assert app.do(action)
    s = app.state
    assert s.is_over and s.winner() is None
    said = s.result_text()
    assert said.endswith(expected_rating(s.returns()[0]))
    assert f"Game over</b> after {s.turn_number} turns: <b>{said}</b>" in app._status.value
    assert said in repr(app) and "wins" not in app._status.value
    assert said in app._final.children[0].value and said in app.map.layout.title.text


# -- the dead copy of the score formula ---------------------------------------------------------------------------------

def test_the_score_formula_lives_in_the_ruleset_score_items_only():
    """Game End and Scoring: one formula, the ruleset's score items (effects.score_record); no copy beside it."""
    assert not hasattr(scoring, "final_score")
    s = play_game(["Ann", "Ben"], "greedy", seed=9)
    assert [r["total"] for r in s.score_records()] == [effects.score_record(s, i)["total"] for i in (0, 1)]
