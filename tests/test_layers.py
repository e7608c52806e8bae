"""The layers are fenced (issue 34; docs/design.md, "Layers"): the contracts of ``[tool.importlinter]`` in
pyproject.toml hold (the rules core imports no expansion; an expansion's rules import only the core; the bots,
simulate, the map and the apps name no expansion and stand in their order), ``import thurn`` loads no bot and no UI
library, and the import graph has no circle but a type-only one."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import thurn

ROOT = Path(thurn.__file__).parent.parent

#: The circles of the rules core found when the layers were fenced, left to the split of ``turn/base.py`` and
#: ``rules``/``variants`` (issue 34, "One concept a module"): each is a set of modules. A circle not listed fails the
#: test, and a listed one that is gone fails it too, so that the list only shrinks.
KNOWN_CIRCLES = [
    {"thurn.rules", "thurn.variants"},
    {"thurn.rules", "thurn.variants", "thurn.turn.base"},
    {"thurn.information", "thurn.state", "thurn.turn", "thurn.turn.base", "thurn.rules", "thurn.variants"},
]

def test_the_layers_contracts_hold():
    pytest.importorskip("importlinter")
    cli = Path(sys.executable).parent / "lint-imports"
    run = subprocess.run([str(cli), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "BROKEN" not in run.stdout and run.stdout.count("KEPT") >= 6


def test_import_thurn_loads_no_bot_and_no_ui_library():
    code = ("import sys, thurn; s = thurn.new_game(['Ann', 'Ben'], seed=1, rules={'expansions': ['audience', "
            "'messenger', 'offices']}); s.apply(s.legal_actions()[0]); "
            "print(' '.join(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'plotly') or "
            "m.startswith(('thurn.bots', 'thurn.widgets', 'thurn.viz', 'thurn.sim'))))")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == []


def _circles() -> list[set]:
    grimp = pytest.importorskip("grimp")
    import networkx as nx

    graph = grimp.build_graph("thurn", exclude_type_checking_imports=True)
    g = nx.DiGraph()
    for m in graph.modules:
        g.add_edges_from((m, d) for d in graph.find_modules_directly_imported_by(m))
    return [set(c) for c in nx.simple_cycles(g)]


def test_no_circle_in_the_import_graph_but_the_core_s_known_ones():
    found = _circles()
    new = [sorted(c) for c in found if c not in KNOWN_CIRCLES]
    assert not new, f"import circles: {new}"
    gone = [sorted(c) for c in KNOWN_CIRCLES if c not in found]
    assert not gone, f"circles gone (take them off KNOWN_CIRCLES): {gone}"


def test_the_circle_check_sees_a_circle():
    nx = pytest.importorskip("networkx")
    g = nx.DiGraph([("a", "b"), ("b", "a"), ("b", "c")])
    assert [set(c) for c in nx.simple_cycles(g)] == [{"a", "b"}]
