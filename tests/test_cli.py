"""python -m thurn: the simulate and bench subcommands; and the packaging list in pyproject.toml."""
import csv
import subprocess
import sys
from pathlib import Path

import pytest

from thurn.__main__ import main
from thurn.sim import COLUMNS

ROOT = Path(__file__).resolve().parent.parent


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
    for word in ("games/s", "player-turns/s", "legal_actions/s"):
        assert word in out
    rows = [line.split() for line in out.splitlines() if line.split()[:1] in (["2"], ["4"])]
    assert [row[0] for row in rows] == ["2", "4"]
    for row in rows:
        assert int(row[1]) >= 1 and float(row[3]) > 0


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
