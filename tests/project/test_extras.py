"""The engine works without the notebook stack (``pip install thurn``), and the map and the apps say which extra they
need (``pip install 'thurn[notebook]'``) when it is missing. Checked in a fresh interpreter in which plotly,
ipywidgets, anywidget and jupyterlab cannot be imported."""
from __future__ import annotations

import subprocess
import sys
import tomllib

from tests.support.paths import ROOT

BLOCK = """
import sys
class Missing:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('plotly', 'ipywidgets', 'anywidget', 'jupyterlab'):
            raise ImportError(f"No module named {name!r}")
sys.meta_path.insert(0, Missing())
"""


def run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", BLOCK + code], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_the_engine_bots_and_simulations_need_no_notebook_stack():
    out = run("""
import thurn
from thurn.sim import simulate
from thurn.bots.hint import hint
s = thurn.new_game(['Ann', 'Ben'], seed=1)
s = s.apply(s.legal_actions()[0])
print(len(hint(s)), thurn.route_options(s, limit=3).total > 0)
sim = simulate(4, bots='greedy', players=2, seed=1, workers=1)
print(len(sim.games), sorted({'plotly', 'ipywidgets'} & set(sys.modules)))
""")
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["3", "True", "4", "[]"]


def test_the_map_and_the_apps_name_the_extra_they_need():
    out = run("""
for what in ("import thurn.viz", "from thurn.widgets import Play"):
    try:
        exec(what)
    except ImportError as e:
        print(what, "->", e)
""")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 2
    assert all("pip install 'thurn[notebook]'" in line for line in lines)
    assert "thurn.viz (the plotly map and charts) needs plotly" in lines[0]
    assert "thurn.widgets.Play (an ipywidgets app) needs" in lines[1]


def test_the_extras_are_declared():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert not {"plotly", "ipywidgets", "jupyterlab", "anywidget"} & set(project["dependencies"])
    assert {"plotly", "ipywidgets", "jupyterlab", "anywidget"} <= set(project["optional-dependencies"]["notebook"])
    assert {"open_spiel==2.0.2", "pettingzoo==1.27.0"} <= set(project["optional-dependencies"]["research"])
    assert "'.[notebook,test,docs,research]'" in (ROOT / "Makefile").read_text()


def test_the_research_interfaces_name_their_extra():
    """Without OpenSpiel, thurn.research.openspiel says which extra brings it (issue 37); the engine is unchanged."""
    out = subprocess.run([sys.executable, "-c", """
import sys
class Missing:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('pyspiel', 'open_spiel', 'pettingzoo'):
            raise ImportError(f"No module named {name!r}")
sys.meta_path.insert(0, Missing())
import thurn
print(thurn.new_game(['Ann', 'Ben'], seed=1).to_move)
try:
    import thurn.research.openspiel
except ImportError as e:
    print(e)
"""], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0] == "0"
    assert "needs pyspiel" in out.stdout and "pip install 'thurn[research]'" in out.stdout


def test_the_map_names_the_extra_when_shapely_is_missing():
    """The map's province regions need shapely (the notebook extra)."""
    out = subprocess.run([sys.executable, "-c", """
import sys
class Missing:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] == 'shapely':
            raise ImportError(f"No module named {name!r}")
sys.meta_path.insert(0, Missing())
try:
    import thurn.viz
except ImportError as e:
    print(e)
"""], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "thurn.viz (the plotly map and charts) needs shapely" in out.stdout
    assert "pip install 'thurn[notebook]'" in out.stdout
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert "shapely" in extras["notebook"]
