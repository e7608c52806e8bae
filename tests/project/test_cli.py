"""python -m thurn: the simulate and bench subcommands; and the packaging list in pyproject.toml."""
import csv
import subprocess
import sys

import pandas as pd
import pytest

from thurn.__main__ import main, tables_paths
from thurn.bots import BOTS, RandomBot
from thurn.sim import COLUMNS, GAME_COLUMNS, simulate

from tests.support.paths import ROOT


def _simulate(tmp_path, name, *extra):
    out = tmp_path / name
    assert main(["simulate", "--players", "3", "--games", "4", "--seed", "7", "--csv", str(out), *extra]) == 0
    return out


def test_simulate_csv_columns_and_summary(tmp_path, capsys):
    out = _simulate(tmp_path, "a.csv")
    text = capsys.readouterr().out
    assert "4 games, 3 players" in text
    for word in ("mean", "min", "max", "score", "turns", "wins by seat", "share"):
        assert word in text
    with open(out, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == COLUMNS
    assert len(rows) == 4 * 3
    for r in rows:
        assert int(r["carriage"]) + int(r["tiles"]) + int(r["unplaced_houses"]) == int(r["total"])
        assert r["winner"] in ("True", "False")
    assert sum(r["winner"] == "True" for r in rows) == 4
    games = out.with_name("a-games.csv")
    assert tables_paths(out) == (out, games)
    with open(games, newline="", encoding="utf-8") as f:
        game_rows = list(csv.DictReader(f))
    assert list(game_rows[0]) == GAME_COLUMNS and len(game_rows) == 4
    assert [int(g["winner_seat"]) for g in game_rows] == [int(r["seat"]) for r in rows if r["winner"] == "True"]


DUEL = ["simulate", "--players", "2", "--games", "4", "--seed", "3", "--bots", "greedy", "random", "--rotate",
        "--rules", "optional_houses", "--workers", "1"]


def _duel():
    return simulate(4, bots=["greedy", "random"], players=2, seed=3, rotate=True, rules="optional_houses", workers=1)


def test_simulate_bots_rules_rotate_to_parquet(tmp_path, capsys):
    pytest.importorskip("pyarrow")
    out = tmp_path / "duel.parquet"
    assert main([*DUEL, "--parquet", str(out)]) == 0
    text = capsys.readouterr().out
    assert "4 games, 2 players (bots greedy, random, seats rotated)" in text
    by_bot = text[text.index("by bot"):].splitlines()
    assert [line.split()[:3] for line in by_bot[3:5]] == [["greedy", "4", "4"], ["random", "4", "0"]]
    expected = _duel()
    pd.testing.assert_frame_equal(pd.read_parquet(out), expected.players)
    pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / "duel-games.parquet"), expected.games)
    assert set(expected.games["rules"]) == {"optional_houses"}


def test_simulate_csv_round_trip(tmp_path, capsys):
    out = tmp_path / "duel.csv"
    assert main([*DUEL, "--csv", str(out)]) == 0
    assert "wrote 8 rows to" in capsys.readouterr().out
    expected = _duel()
    text = {"player": str, "bot": str, "route_lengths": str, "first_route": str}
    players = pd.read_csv(out, dtype=text, keep_default_na=False, na_values={"mean_route_length": [""]})
    assert players.astype(expected.players.dtypes.to_dict()).equals(expected.players)
    games = pd.read_csv(tmp_path / "duel-games.csv", dtype={"ended_by": "Int64"})
    pd.testing.assert_frame_equal(games, expected.games, check_dtype=False)


def test_simulate_one_bot_for_all_and_bad_bots(capsys):
    assert main(["simulate", "--players", "2", "--games", "2", "--bots", "greedy", "--workers", "1"]) == 0
    text = capsys.readouterr().out
    assert "(greedy bots)" in text and "by bot" not in text
    assert main(["simulate", "--bots", "grredy"]) == 2
    assert "Did you mean 'greedy'?" in capsys.readouterr().err
    assert main(["simulate", "--players", "3", "--bots", "greedy", "random"]) == 2
    assert "3 players need 3 bots" in capsys.readouterr().err
    assert main(["simulate", "--rules", "optional_hoses"]) == 2
    assert "optional_houses" in capsys.readouterr().err


def test_same_seed_same_csv(tmp_path, capsys):
    a = _simulate(tmp_path, "a.csv")
    b = _simulate(tmp_path, "b.csv")
    assert a.read_bytes() == b.read_bytes()
    c = tmp_path / "c.csv"
    main(["simulate", "--players", "3", "--games", "4", "--seed", "8", "--csv", str(c)])
    assert c.read_bytes() != a.read_bytes()


def _run(*args, timeout=120):
    return subprocess.run([sys.executable, "-m", "thurn", *args], capture_output=True, text=True, timeout=timeout,
                          cwd=ROOT)


def test_simulate_as_a_subprocess(tmp_path):
    r = _run("simulate", "--players", "2", "--games", "2", "--seed", "1", "--csv", str(tmp_path / "x.csv"))
    assert r.returncode == 0, r.stderr
    assert "2 games, 2 players" in r.stdout
    assert (tmp_path / "x.csv").read_text(encoding="utf-8").splitlines()[0] == ",".join(COLUMNS)


def test_bench_prints_rates_and_machine():
    r = _run("bench", "--seconds", "0.2", "--what", "play")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "Python " + sys.version.split()[0] in out and "CPUs" in out
    for word in ("games/s", "player-turns/s", "decisions/s", "legal_actions", "engine/lean"):
        assert word in out
    rows = [line.split() for line in out.splitlines() if line.split()[:1] in (["2"], ["4"])]
    assert [row[:2] for row in rows] == [["2", "engine"], ["2", "lean"], ["4", "engine"], ["4", "lean"]]
    for row in rows:
        assert int(row[2]) >= 1 and float(row[4]) > 0
    for engine, lean in (rows[0:2], rows[2:4]):     # the ratio of their player-turns/s, on the lean row
        turns = [float(r[5].replace(",", "")) for r in (engine, lean)]
        assert len(engine) == 7 and len(lean) == 8
        assert abs(float(lean[7]) - turns[0] / turns[1]) < 0.01 + 0.01 * turns[0] / turns[1]


def test_bench_times_the_bots_and_the_pool():
    r = _run("bench", "--what", "bots", "parallel", "--seconds", "0.1", "--players", "2", "--decisions", "2",
             "--games", "4", "--workers", "2")
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    assert "legal_actions/s" not in r.stdout
    greedy = out[out.index(next(line for line in out if line.startswith("GreedyBot"))) + 2].split()
    assert greedy[0] == "2" and int(greedy[1]) >= 1 and float(greedy[3]) > 0 and int(greedy[5].replace(",", "")) > 0
    search = out[out.index(next(line for line in out if line.startswith("SearchBot"))) + 2].split()
    assert "over 2 positions" in r.stdout and float(search[0]) > 0
    pool = out[-1].split()
    assert pool[:2] == ["2", "4"] and float(pool[2]) > 0 and 15 < float(pool[5]) < 40


def test_bench_times_the_what_if_answers():
    r = _run("bench", "--what", "answers", "map", "apps", "--positions", "5")
    assert r.returncode == 0, r.stderr
    assert "games/s" not in r.stdout
    names = {"route_options", "route_options_top50", "score_outcomes", "board_figure", "refresh_widget",
             "play_click", "explorer_card_click"}
    rows = {line.split()[0]: line.split()[1:] for line in r.stdout.splitlines() if line.split()[:1] in
            [[n] for n in names]}
    assert set(rows) == names
    for n, mean, p95, top in rows.values():
        assert int(n) == 5 and 0 < float(mean) <= float(top) and float(p95) <= float(top)


def test_help_and_bad_arguments(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--help"])
    assert e.value.code == 0
    assert "simulate" in capsys.readouterr().out
    with pytest.raises(SystemExit) as e:
        main(["simulate", "--players", "5"])
    assert e.value.code == 2
    assert "2 to 4 players" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([])


def test_every_subpackage_is_packaged():
    """A wheel holds only the packages pyproject.toml lists: a new folder of thurn/ must be added there."""
    tomllib = pytest.importorskip("tomllib")
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    listed = set(conf["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "thurn").rglob("__init__.py")}
    assert found <= listed, f"add {sorted(found - listed)} to [tool.setuptools] packages in pyproject.toml"
    assert conf["package-dir"]["thurn.data"] == "data" and (ROOT / "data" / "base.json").is_file()


# -- misuse: a clean one-line message and exit code 2, checked before any game is played -----------------------

@pytest.mark.parametrize("argv, words", [
    (["simulate", "--games", str(10**11)], "at most 10,000,000"),
    (["simulate", "--games", "many"], "whole number"),
    (["simulate", "--workers", "100000"], "at most 1,024"),
    (["ladder", "--workers", "100000"], "at most 1,024"),
    (["bench", "--seconds", "inf"], "at most 3600"),
    (["bench", "--seconds", "nan"], "more than 0"),
    (["bench", "--seconds", "-1"], "more than 0"),
    (["bench", "--seconds", "soon"], "number of seconds"),
    (["bench", "--positions", str(10**9)], "at most 100,000"),
    (["simulate", "--seed", "1.5"], "whole number"),
])
def test_bad_numbers_are_refused_by_the_parser(argv, words, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def _one_line_error(capsys, command):
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"python -m thurn {command}: error: "), captured.err
    return lines[0]


def test_an_output_folder_that_does_not_exist_is_refused_before_the_run(tmp_path, capsys):
    missing = tmp_path / "no" / "such" / "games.csv"
    assert main(["simulate", "--games", "1", "--workers", "1", "--csv", str(missing)]) == 2
    assert "does not exist" in _one_line_error(capsys, "simulate")
    assert main(["simulate", "--games", "1", "--workers", "1", "--parquet", str(missing)]) == 2
    assert "--parquet" in _one_line_error(capsys, "simulate")
    assert main(["simulate", "--games", "1", "--workers", "1", "--csv", str(tmp_path)]) == 2
    assert "is a folder" in _one_line_error(capsys, "simulate")
    assert main(["ladder", "--bots", "random", "greedy", "--games", "1", "--csv", str(missing)]) == 2
    assert "does not exist" in _one_line_error(capsys, "ladder")
    assert not missing.parent.exists()


def test_a_ladder_of_one_bot_is_a_message(capsys):
    assert main(["ladder", "--bots", "random", "--games", "2", "--workers", "1"]) == 2
    assert "at least two bots" in _one_line_error(capsys, "ladder")


def test_a_bad_rule_option_is_a_message(capsys):
    assert main(["simulate", "--games", "1", "--workers", "1", "--rules", "optional_house"]) == 2
    assert "optional_houses" in _one_line_error(capsys, "simulate")


class CliCrasher(RandomBot):
    """A bot that raises in the games where its seed is odd."""

    name = "crasher"

    def choose(self, state):
        if state.turn_number >= 4 and self.seed % 2:
            raise RuntimeError("crashed")
        return super().choose(state)


def test_failed_games_are_printed_and_the_others_written(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(BOTS, "crasher", f"{__name__}:CliCrasher")
    out = tmp_path / "games.csv"
    code = main(["simulate", "--players", "2", "--games", "6", "--workers", "1", "--bots", "crasher", "random",
                 "--csv", str(out)])
    captured = capsys.readouterr()
    assert code == 1
    assert "games failed" in captured.err and "RuntimeError: crashed" in captured.err and "play_game(" in captured.err
    errors = pd.read_csv(tmp_path / "games-errors.csv")
    games = pd.read_csv(tmp_path / "games-games.csv")
    assert len(errors) + len(games) == 6 and len(errors) > 0
    assert "games, 2 players" in captured.out or "no game" in captured.out


# -- --rules as a user types it (issue 33) ---------------------------------------------------------------------------

def test_expansions_named_in_several_words_are_joined(tmp_path, capsys):
    """``expansions=audience expansions=messenger`` plays both, not the Messenger alone; the summary names the
    rules played in the rule documents' words."""
    out = tmp_path / "both.csv"
    assert main(["simulate", "--players", "3", "--games", "2", "--workers", "1", "--csv", str(out),
                 "--rules", "expansions=audience", "expansions=messenger"]) == 0
    text = capsys.readouterr().out
    assert "rules: The Audience with The Princess' Messenger" in text
    games = pd.read_csv(tables_paths(out)[1])
    assert set(games["rules"]) == {"expansions=audience+messenger"}


@pytest.mark.parametrize("words, named", [(["expansions=solo", "difficulty=hard", "difficulty=easy"], "difficulty"),
                                          (["optional_houses", "optional_houses=false"], "optional_houses"),
                                          (["board=base", "board=northern"], "board")])
def test_a_word_given_twice_with_different_values_is_refused(words, named, capsys):
    players = "1" if "expansions=solo" in words else "2"
    assert main(["simulate", "--players", players, "--games", "1", "--workers", "1", "--rules", *words]) == 2
    line = _one_line_error(capsys, "simulate")
    assert f"'{named}' is given twice with different values" in line


def test_a_word_given_twice_with_the_same_value_is_that_value(capsys):
    assert main(["simulate", "--players", "1", "--games", "1", "--workers", "1",
                 "--rules", "expansions=solo", "difficulty=hard", "difficulty=hard"]) == 0
    assert "rules: SoloPlay · difficulty: hard" in capsys.readouterr().out


def test_the_summaries_name_the_rules_in_words(capsys):
    assert main(["simulate", "--players", "2", "--games", "1", "--workers", "1"]) == 0
    assert "rules: the base game" in capsys.readouterr().out
    assert main(["ladder", "--bots", "random", "greedy", "--games", "2", "--players", "2", "--workers", "1",
                 "--board", "northern", "--rules", "expansions=power_glory"]) == 0
    text = capsys.readouterr().out
    assert "rules: Power and Glory on the northern board" in text and "power_glory" not in text
    assert main(["ladder", "--bots", "random", "greedy", "--games", "2", "--players", "2", "--workers", "1"]) == 0
    assert "rules: the base game" in capsys.readouterr().out


def test_parse_rules_joins_expansions_and_refuses_a_second_value():
    from thurn.errors import SimulationError
    from thurn.rules import parse_rules, rules_in_words

    assert parse_rules("expansions=audience expansions=messenger").expansions == ("audience", "messenger")
    assert parse_rules(["expansions=messenger", "expansions=offices"]).expansions == ("messenger", "offices")
    with pytest.raises(SimulationError) as e:
        parse_rules("difficulty=hard difficulty=easy expansions=solo")
    assert e.value.reason == "option_twice"
    with pytest.raises(thurn_errors().PositionError, match="named twice"):
        parse_rules("expansions=messenger expansions=messenger")
    assert rules_in_words("base") == "the base game"
    assert rules_in_words("expansions=offices final_return_reverse_order") == \
        "Offices of Honor · the final return from the last player (R7)"


def thurn_errors():
    import thurn.errors
    return thurn.errors
