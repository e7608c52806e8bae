"""The game review (``thurn.review``, :mod:`thurn.game_review`, the GameReview app): one row per decision of the
player, ranked by the search bot; the bot's own choices cost nothing and bad moves show up in words; the game is
never changed; a save file reviews the same; unknown players are named.

The search budget is small here (8 rollouts per decision) to keep the tests quick; the review of a whole game at
the default budget is timed by ``python -m thurn bench --what review`` (BENCHMARKS.md).
"""
from __future__ import annotations

import subprocess
import sys

import pytest

import thurn
from thurn.bots.greedy import GreedyBot
from thurn.bots.random import RandomBot
from thurn.errors import UnknownName
from thurn.game_review import (CHECKED, COLUMNS, HORIZON, MISTAKE_MIN, ReviewError, check_loss, expected_scores,
                               mistakes, positions, rank_actions, review, review_game)
from thurn.sim import play_game

BOT = {"iterations": 8, "top": 3}
SEED = 5


def greedy_game(seed=0, names=("Ann", "Ben")):
    return play_game(list(names), [GreedyBot(seed + 1), GreedyBot(seed + 2)], seed)


@pytest.fixture(scope="module")
def game():
    return greedy_game()


@pytest.fixture(scope="module")
def table(game):
    return review(game, "Ann", bot=BOT, seed=SEED)


def decisions(state, seat):
    return [k for k, s in enumerate(positions(state)[:-1]) if s.to_move == seat and len(s.legal_actions()) > 1]


class RankingPolicy:
    """Plays the review's own ranking: its best (``pick=0``) or its worst candidate (``pick=-1``)."""

    name = "ranking"

    def __init__(self, pick: int):
        self.pick = pick

    def choose(self, state):
        return rank_actions(state, bot=BOT, seed=SEED)[self.pick][1]


def test_one_row_per_decision_of_the_player(game, table):
    assert list(table.columns) == [c for c in COLUMNS if c != "move"]
    assert list(table.index) == decisions(game, 0)
    history = game.history
    assert [history[k].notation for k in table.index] == list(table["notation"])
    assert set(table["player"]) == {"Ann"}
    assert (table["choices"] > 1).all()
    assert (table["loss"] >= 0).all()
    # the loss is the best value less the chosen one; the bot's own choice is rank 1 with no loss
    assert ((table["best_value"] - table["value"]).round(2) - table["loss"]).abs().max() <= 0.011
    first = table[table["rank"] == 1]
    assert (first["best_notation"] == first["notation"]).all() and (first["loss"] == 0).all()
    others = table[table["rank"] > 1]
    assert len(others) and (others["best_notation"] != others["notation"]).all()
    assert (others["comment"].str.len() > 0).all() and (first["comment"] == "").all()
    # turns and rounds follow the game: Ann (seat 0 of 2) moves in odd turns
    assert (table["turn"] % 2 == 1).all() and ((table["turn"] + 1) // 2 == table["round"]).all()


def test_rank_and_loss_are_the_bots_ranking(game, table):
    states = positions(game)
    for k in list(table.index[table["rank"] > 1][:3]) + [table.index[0]]:
        ranked = rank_actions(states[k], game.history[k], bot=BOT, seed=SEED)
        row = table.loc[k]
        chosen = next(i for i, (_, a) in enumerate(ranked) if a == game.history[k])
        assert row["rank"] == chosen + 1 and row["candidates"] == len(ranked)
        assert row["best_notation"] == ranked[0][1].notation
        assert row["loss"] == pytest.approx(ranked[0][0] - ranked[chosen][0], abs=0.011)
        assert [v for v, _ in ranked] == sorted((v for v, _ in ranked), reverse=True)


def test_the_biggest_losses_are_looked_at_again_and_only_what_that_confirms_is_a_mistake(game, table):
    checked = table[table["checked_loss"].notna()]
    assert 0 < len(checked) <= CHECKED
    candidates = table[(table["rank"] > 1) & (table["loss"] >= MISTAKE_MIN)]
    assert list(checked.index) == sorted(candidates.sort_values(["loss"], ascending=False, kind="stable")
                                         .index[:CHECKED])
    states = positions(game)
    k = checked.index[0]
    best = next(a for a in states[k].legal_actions() if a.notation == table.loc[k, "best_notation"])
    assert check_loss(states[k], game.history[k], best, bot=BOT, seed=SEED) == pytest.approx(
        table.loc[k, "checked_loss"], abs=0.006)
    said = mistakes(table, n=CHECKED)
    confirmed = checked[(checked["checked_loss"] >= MISTAKE_MIN) & ~checked["excused"]]
    assert said == list(confirmed.sort_values("checked_loss", ascending=False)["comment"])
    for move, row in checked.iterrows():
        if row["checked_loss"] >= MISTAKE_MIN and not row["excused"]:
            assert f"was about {row['checked_loss']:.1f} points better" in row["comment"]
        elif not row["excused"] or "closer look" in row["comment"]:
            assert "a closer look" in row["comment"] and row["comment"] not in said
            assert "a closer look" in row["details"]


def test_the_bots_own_choices_cost_nothing_and_its_worst_cost_points():
    best = play_game(["Ann", "Ben"], [RankingPolicy(0), GreedyBot(2)], 3)
    t = review(best, "Ann", bot=BOT, seed=SEED)
    assert len(t) > 20
    assert (t["rank"] == 1).all() and (t["loss"] == 0).all()
    assert mistakes(t) == []
    # the same review with another seed samples other futures: it no longer agrees everywhere
    assert (review(best, "Ann", bot=BOT, seed=SEED + 1)["rank"] > 1).any()

    worst = play_game(["Ann", "Ben"], [RankingPolicy(-1), GreedyBot(2)], 3)
    worst = positions(worst)[min(len(worst.history), 120)]
    w = review(worst, "Ann", bot=BOT, seed=SEED)
    assert (w["rank"] == w["candidates"]).all()
    assert w["loss"].mean() > 1.0 and len(mistakes(w)) == 3


def test_a_search_bot_loses_less_than_a_random_player():
    from thurn.bots.search import SearchBot

    searcher = play_game(["Ann", "Ben"], [SearchBot(1, iterations=8, top=3), GreedyBot(2)], 4)
    rand = play_game(["Ann", "Ben"], [RandomBot(1), GreedyBot(2)], 4)
    rand = positions(rand)[min(len(rand.history), 100)]               # an unfinished game is reviewed too
    s, r = review(searcher, "Ann", bot=BOT, seed=SEED), review(rand, "Ann", bot=BOT, seed=SEED)
    assert s["loss"].mean() < 0.5 * r["loss"].mean()
    assert (s["rank"] == 1).mean() > (r["rank"] == 1).mean()


def tile_given_up(seed):
    """A greedy game in which a player, at the score step of his last turn (the end of the game is triggered:
    Game End and Scoring) where a way to score earns a bonus tile, ends his turn instead, so that the route is
    never scored. The finished game, that player's seat, the move's index and the tile's stack name; or None."""
    s = thurn.new_game(["Ann", "Ben"], seed=seed)
    bots = [GreedyBot(1), GreedyBot(2)]
    found = None
    while not s.is_over:
        a = bots[s.to_move].choose(s)
        if found is None and s.end_by is not None and s.step == "score":
            me = s.players[s.to_move]
            tiles = [t for x in s.legal_actions() if x.kind == "score"
                     for t in s.apply(x).players[s.to_move].tiles if t not in me.tiles]
            skip = [x for x in s.legal_actions() if x.kind == "end"]
            if tiles and skip:
                found = (s.to_move, len(s.history), s.board.stacks[tiles[0][0]].name)
                a = skip[0]
        s = s.apply(a)
    return None if found is None else (s, *found)


def test_a_bonus_tile_given_up_is_among_the_mistakes_in_words():
    state, seat, k, stack = next(filter(None, (tile_given_up(seed) for seed in range(40))))
    r = review_game(state, seat, bot=BOT, seed=SEED, samples=1)
    row = r.table.loc[k]
    assert row["action"] == "end the turn" and row["rank"] > 1 and row["loss"] >= 2
    assert row["best"].startswith("score the route")
    assert k in r.mistake_moves()                            # among the three biggest mistakes of the game
    words = r.mistakes()[r.mistake_moves().index(k)]
    assert words == row["comment"]
    assert words.startswith(f"Turn {row['turn']} (round {row['round']}), {state.names[seat]} to score: "
                            f"“end the turn”; “{row['best']}” was about ")
    assert row["checked_loss"] >= 2                          # confirmed by the closer look, whose figure is said
    assert f"it gave up the {stack} tile" in words
    assert f"“{row['best']}” was about {row['checked_loss']:.1f} points better (expected)" in words
    details = r.mistake_details()[r.mistake_moves().index(k)]          # the full lines, on demand
    assert details == row["details"] and "scores a route of" in details
    assert "ends the game: " in details                      # the last turn: both lines' results, known


def test_scoring_for_a_province_tile_is_not_called_a_mistake():
    # Gus (a greedy bot, game seed 0) scores Innsbruck-Salzburg-Passau at turn 36 for the tile of one house in
    # every province outside Baiern and a Tyrol tile (base rules, 3a and 3b). Ending the turn instead keeps the
    # route to score next turn: a review once valued that 4.9 points better (the progress towards the tiles was
    # counted twice in a route kept, and the rollouts stopped while the route kept was still valued by its promise).
    # The review looks to the end of the turn after next (HORIZON) and ranks the scoring first, whatever the seed.
    s = thurn.new_game(["Gus", "Rita"], seed=0)
    bots = [GreedyBot(0), GreedyBot(1)]
    while not (s.turns == 36 and s.step == "score"):
        s = s.apply(bots[s.to_move].choose(s))
    scored = bots[s.to_move].choose(s)
    assert scored.kind == "score" and {s.board.stacks[i].kind for i, _ in s.apply(scored).players[0].tiles
                                       if (i, _) not in s.players[0].tiles} >= {"one_house_per_province"}
    assert HORIZON == 2
    for seed in range(3):
        ranked = rank_actions(s, scored, seed=seed)
        value = {a.kind if a.kind == "end" else a: v for v, a in ranked}
        assert ranked[0][1] == scored and value[scored] - value["end"] >= 2


def test_the_review_never_changes_the_game(game):
    before = (game.to_json(), [a.notation for a in game.history], game.log())
    r = review_game(game, "Ben", bot=BOT, seed=SEED, samples=1)
    assert len(r.table) > 0
    assert (game.to_json(), [a.notation for a in game.history], game.log()) == before
    assert positions(game)[-1] == game and positions(game)[0] is game.root


def test_a_save_file_reviews_the_same(game, table, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(game.to_json(), encoding="utf-8")
    loaded = thurn.GameState.from_json(path.read_text(encoding="utf-8"))
    assert loaded == game and loaded is not game
    again = thurn.review(loaded, "Ann", bot=BOT, seed=SEED)
    assert again.equals(table)


def test_same_seed_same_review_other_seed_other_samples(game, table):
    assert review(game, 0, bot=BOT, seed=SEED).equals(table)              # by seat or by name
    assert not review(game, "Ann", bot=BOT, seed=SEED + 1)["value"].equals(table["value"])


def test_unknown_player_and_bad_arguments_are_named(game):
    with pytest.raises(UnknownName, match="Did you mean 'Ann'") as e:
        thurn.review(game, "Anne")
    assert isinstance(e.value, ValueError) and e.value.suggestions == ["Ann"]
    with pytest.raises(thurn.IllegalAction, match="no seat 3"):
        review(game, 3)
    with pytest.raises(ReviewError, match="needs a game"):
        review(game.to_json(), "Ann")
    with pytest.raises(ReviewError, match="search bot"):
        review(game, "Ann", bot="greedy")
    with pytest.raises(ReviewError, match="samples"):
        expected_scores(game, samples=0)
    with pytest.raises(ReviewError, match="how many mistakes"):
        mistakes(review(positions(game)[10], "Ann", bot=BOT), n=-1)


def test_expected_final_scores_over_the_game(game):
    e = expected_scores(game, "Ann", samples=2, seed=SEED)
    assert list(e.columns) == ["Ann", "Ben"] and e.index.name == "turns"
    assert list(e.index) == list(range(game.turns + 1))
    assert list(e.iloc[-1]) == [float(x) for x in game.returns()]          # the actual final score at the end
    assert e.iloc[:-1].notna().all().all() and (e.iloc[:-1].abs() < 200).all().all()
    assert e.equals(expected_scores(game, "Ann", samples=2, seed=SEED))
    part = positions(game)[40]                                             # an unfinished game: up to now
    p = expected_scores(part, "Ann", samples=2, seed=SEED)
    assert p.index[-1] == part.turns and len(p) == part.turns + 1


def test_thurn_review_is_light_to_import():
    code = ("import sys, thurn; "
            "print(callable(thurn.review), 'thurn.game_review' in sys.modules, 'pandas' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True", "False", "False"]


def test_review_html_escapes_names():
    evil = greedy_game(1, names=("<b>Ann</b>", "Ben&Co"))
    r = review_game(evil, "<b>Ann</b>", bot=BOT, seed=SEED, samples=1)
    page = r._repr_html_()
    assert "<b>Ann</b>" not in page and "&lt;b&gt;Ann&lt;/b&gt;" in page
    from thurn.widgets import GameReview
    from thurn.widgets.common import close_tree

    app = GameReview(evil, "<b>Ann</b>", bot=BOT, seed=SEED, samples=1)
    shown = [w.value for w in (app.children[0], app.summary, app.table_html, app.replay_text)]
    shown += [row.children[1].value for row in app.mistakes_box.children if hasattr(row, "children")]
    app.go_to(len(evil.history))
    shown.append(app.replay_text.value)
    assert all("<b>Ann</b>" not in v and "Ben&Co" not in v for v in shown)
    assert "&lt;b&gt;Ann&lt;/b&gt;" in shown[0] and "Ben&amp;Co" in shown[0]
    assert app.player_picker.label == "<b>Ann</b>"                 # a dropdown shows its labels as text
    close_tree(app)


# -- the chart ---------------------------------------------------------------------------------------------

def test_review_chart_draws_each_player_in_his_colour(game):
    from thurn.viz import PLAYER_COLORS
    from thurn.viz.charts import review_chart

    r = review_game(game, "Ann", bot=BOT, seed=SEED, samples=1)
    fig = review_chart(r)
    lines = [t for t in fig.data if t.mode == "lines+markers"]
    assert [t.name for t in lines] == ["Ann", "Ben"]
    assert [t.line.color for t in lines] == list(PLAYER_COLORS[:2])
    assert list(lines[1].y) == list(r.expected["Ben"])
    stars = [t for t in fig.data if t.mode == "markers"]
    assert [t.y[0] for t in stars] == game.returns()
    assert len(fig.layout.shapes) == len(r.mistake_moves())
    evil = review_chart(r.expected.rename(columns={"Ann": "<i>A%</i>"}))
    assert evil.data[0].name == "&lt;i&gt;A&#37;&lt;/i&gt;"
    # the title in two lines (one line was cut at the app's width), a title given escaped
    assert fig.layout.title.text == ("Expected final score over the game<br><sup>games played out with the greedy "
                                     "policy; ★ the actual final score</sup>")
    assert evil.layout.title.text.startswith("Expected final score over the game so far<br><sup>")
    assert review_chart(r, title="<b>Ann & Ben</b>").layout.title.text == "&lt;b&gt;Ann &amp; Ben&lt;/b&gt;"


# -- the app ----------------------------------------------------------------------------------------------

def test_game_review_app_replays_without_changing_the_game_and_closes_everything(game):
    from tests.apps.test_leaks import reachable
    from thurn.widgets import GameReview
    from thurn.widgets.common import live_widgets

    saved = game.to_json()
    before = live_widgets()
    app = GameReview(game, "Ben", bot=BOT, seed=SEED, samples=1)
    assert app.player == "Ben" and app.review.player == "Ben" and app.move == 0
    assert app.position is game.root or app.position == positions(game)[0]
    title = app.map.layout.title.text
    app.next()
    app.next()
    assert app.move == 2 and app.position == positions(game)[2]
    assert "Action 2 of" in app.replay_text.value and app.map.layout.title.text != title
    app.back()
    assert app.move == 1
    app.slider.value = len(game.history)
    assert app.position == game and "Game over" in app.replay_text.value and app.next_button.disabled
    if app.mistake_buttons:
        app.mistake_buttons[0].click()
        assert app.move == app.review.mistake_moves()[0]
        assert "the search bot" in app.replay_text.value
        shown = {t.name for t in app.map.data}                        # its choice drawn on the map
        assert "candidates" in shown and "the search bot's choice" in app.map.layout.title.text
    assert "<table" in app.table_html.value and app.review.table["action"].iloc[0] in app.table_html.value
    app.sort_picker.value = "biggest loss first"
    app.player_picker.value = 0                                      # review the other player
    assert app.review.player == "Ann" and set(app.review.table["player"]) == {"Ann"}
    assert [t.name for t in app.chart.data if t.mode == "lines+markers"] == ["Ann", "Ben"]
    with pytest.raises(ValueError, match="go_to takes"):
        app.go_to(len(game.history) + 1)
    assert game.to_json() == saved                                   # the replay never changed the game
    assert live_widgets() - before == reachable(app)                 # no widget left behind by the recompute
    app.close()
    assert live_widgets() == before


# -- the benchmark -----------------------------------------------------------------------------------------

def test_bench_review_times_the_review_of_games_cut_at_a_round():
    from thurn.__main__ import WHAT
    from thurn.bench import bench_review, review_games

    assert "review" in WHAT
    games = review_games(1, rounds=3, seed=1, bot="greedy")
    assert len(games) == 1 and games[0].turns == 6 and not games[0].is_over
    r = bench_review(1, rounds=3, seed=1, game_bot="greedy", samples=1)
    g = r["games"][0]
    assert g["turns"] == 6 and g["actions"] == len(games[0].history)
    assert g["decisions"] == len(decisions(games[0], 0)) > 0
    assert 0 < g["table_s"] <= g["total_s"] and r["mean_total_s"] == r["max_total_s"] == g["total_s"]


def test_progress_is_reported_for_the_decisions_and_the_expected_scores(game):
    seen = []
    r = review_game(positions(game)[30], "Ann", bot=BOT, seed=SEED, samples=1,
                    progress=lambda done, total, what: seen.append((done, total, what)))
    parts = {what for _, _, what in seen}
    assert parts == {"reviewing Ann's decisions", "expected final scores"}
    for what in parts:
        mine = [(d, t) for d, t, w in seen if w == what]
        assert [d for d, _ in mine] == list(range(1, len(mine) + 1)) and {t for _, t in mine} == {len(mine)}
    assert len([1 for _, _, w in seen if w.startswith("reviewing")]) == len(r.table)
