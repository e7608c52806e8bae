"""The strength ladder (thurn.ladder; issue 4): Wilson intervals, rungs with rotated seats, the command."""
import pytest

from thurn.__main__ import main
from thurn.errors import UnknownName
from thurn.ladder import format_ladder, ladder, rung, wilson


def test_wilson_interval_known_values():
    low, high = wilson(50, 100)
    assert (round(low, 3), round(high, 3)) == (0.404, 0.596)
    low, high = wilson(10, 10)
    assert high == pytest.approx(1.0) and round(low, 3) == 0.722
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(700, 1000)
    assert low < 0.7 < high and high - low < 0.06


def test_greedy_beats_random_heads_up_with_seats_rotated():
    r = rung("greedy", "random", games=6, players=2, seed=3, workers=1)
    assert (r["upper"], r["lower"], r["games"], r["if_equal"]) == ("greedy", "random", 6, 0.5)
    assert r["wins"] == 6 and r["share"] == 1.0
    assert r["ci_low"] < 0.9 and r["ci_high"] == pytest.approx(1.0)
    assert r["upper_score"] > r["lower_score"]


def test_four_player_rung_is_one_upper_against_three_lower():
    r = rung("random", "random", games=8, players=4, seed=1, workers=1)
    assert r["if_equal"] == 0.25 and 0 <= r["wins"] <= 8
    from thurn.sim import simulate
    sim = simulate(8, bots=["random"] * 4, players=4, seed=1, rotate=True, workers=1)
    upper = sim.players[sim.players["lineup"] == 0]
    assert sorted(upper["seat"]) == [0, 0, 1, 1, 2, 2, 3, 3]       # each seat twice: rotated
    assert r["wins"] == int(upper["winner"].sum())


def test_ladder_rows_and_determinism():
    a = ladder(["random", "greedy"], games=4, players=(2, 3), seed=5, workers=1)
    b = ladder(["random", "greedy"], games=4, players=(2, 3), seed=5, workers=1)
    assert list(a["players"]) == [2, 3] and list(a["upper"]) == ["greedy", "greedy"]
    assert a.equals(b)
    text = format_ladder(a)
    assert "greedy" in text and "95%" in text.splitlines()[0]


@pytest.mark.parametrize("bots, players", [(["greedy"], 2), (["random", "greedy"], 5)])
def test_bad_ladders_are_explained(bots, players):
    with pytest.raises(ValueError):
        ladder(bots, games=2, players=players, workers=1)


def test_ladder_command(tmp_path, capsys):
    out = tmp_path / "ladder.csv"
    assert main(["ladder", "--bots", "random", "greedy", "--games", "3", "--players", "2", "--workers", "1",
                 "--rungs", "--csv", str(out)]) == 0
    text = capsys.readouterr().out
    assert "random < greedy" in text and "greedy" in text
    assert out.read_text().startswith("upper,lower,players")
    assert main(["ladder", "--bots", "random", "gredy", "--games", "2", "--players", "2", "--workers", "1"]) == 2
    assert "greedy" in capsys.readouterr().err


def test_a_ladder_is_checked_before_any_rung_is_played():
    from thurn.sim import SimulationError

    with pytest.raises(SimulationError) as e:
        ladder("random", games=2, workers=1)
    assert e.value.reason == "ladder_needs_two_bots" and "at least two bots" in str(e.value)
    with pytest.raises(UnknownName, match="greedy"):       # the top bot's name, before the first rung is played
        ladder(["random", "greedy", "gredy"], games=10**6, players=2, workers=1)
    with pytest.raises(SimulationError, match="2 to 4 players"):
        ladder(["random", "greedy"], games=2, players=[2, 5], workers=1)
    with pytest.raises(SimulationError, match="2 to 4 players"):          # a rung on its own, too
        rung("random", "greedy", games=2, players=5, workers=1)
