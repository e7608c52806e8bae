"""The layers are fenced (issue 34; docs/design.md, "Layers"): the contracts of ``[tool.importlinter]`` in
pyproject.toml hold (the rules core imports no expansion; an expansion's rules import only the core; the bots,
simulate, the map and the apps name no expansion and stand in their order), ``import thurn`` loads no bot and no UI
library, the import graph has no circle but a type-only one, and no private name is imported across modules."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import thurn

ROOT = Path(thurn.__file__).parent.parent

def test_the_layers_contracts_hold():
    pytest.importorskip("importlinter")
    cli = Path(sys.executable).parent / "lint-imports"
    run = subprocess.run([str(cli), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "BROKEN" not in run.stdout and run.stdout.count("KEPT") >= 7


def test_every_module_of_thurn_stands_in_a_layer_of_the_contracts():
    """A new module of the package is put in the rules core's contract or in a layer above it (pyproject.toml), so
    that the fence covers it."""
    import pkgutil
    tomllib = pytest.importorskip("tomllib")

    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    placed = {"thurn.expansions"}
    for c in contracts:
        if c["type"] == "layers":
            placed.update(c["layers"])
        elif c["name"].startswith("the rules core"):
            placed.update(c["source_modules"])
    modules = {f"thurn.{m.name}" for m in pkgutil.iter_modules(thurn.__path__)}
    assert modules - placed == set()


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


def test_no_circle_in_the_import_graph():
    """No module imports, even inside a function, a module that imports it back (a ``TYPE_CHECKING`` import may)."""
    found = _circles()
    assert not found, f"import circles: {[sorted(c) for c in found]}"


def test_the_circle_check_sees_a_circle():
    nx = pytest.importorskip("networkx")
    g = nx.DiGraph([("a", "b"), ("b", "a"), ("b", "c")])
    assert [set(c) for c in nx.simple_cycles(g)] == [{"a", "b"}]


def private_imports(root: Path = ROOT / "thurn") -> set:
    """(importer, module, name) of every ``from <a module of thurn> import _name``, at the top or in a function."""
    import ast

    out = set()
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            if source.split(".")[0] == "thurn":
                out |= {(module, source, a.name) for a in node.names
                        if a.name.startswith("_") and not a.name.startswith("__")}
    return out


def test_no_private_name_is_imported_across_modules():
    """What one module shares with another is a public name of it (issue 34)."""
    found = sorted(private_imports())
    assert not found, f"private names imported across modules (make them public where they are defined): {found}"


def test_the_private_import_check_sees_one(tmp_path):
    pkg = tmp_path / "thurn"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def _x():\n    pass\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text("def f():\n    from ..a import _x, y\n    from os import _exit\n")
    assert private_imports(pkg) == {("thurn.sub.b", "thurn.a", "_x")}
