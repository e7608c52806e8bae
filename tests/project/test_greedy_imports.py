"""The import circle in thurn/bots/greedy/ is gone (issue 23): no module of the package imports, at its top or inside a
function, a module that imports it back; each imports alone in a fresh interpreter."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import thurn.bots.greedy

PACKAGE = Path(thurn.bots.greedy.__file__).parent
MODULES = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")


def _type_checking(node) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imports_of(source: str) -> set[str]:
    """The package's modules ``source`` imports (``from .x import``, ``from . import x``), anywhere but under
    ``if TYPE_CHECKING:``."""
    out = set()
    skip = set()
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if _type_checking(node):
            skip.update(id(n) for n in ast.walk(node))
    for node in ast.walk(tree):
        if id(node) in skip or not isinstance(node, ast.ImportFrom) or node.level != 1:
            continue
        if node.module:
            out.add(node.module.split(".")[0])
        else:
            out.update(a.name for a in node.names)
    return out & set(MODULES)


def cycle(graph: dict) -> list | None:
    """A cycle of ``graph`` (module -> modules it imports), or None."""
    state: dict = {}

    def visit(m, path):
        state[m] = 1
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                return path[path.index(n):] + [n] if n in path else [m, n]
            if n not in state:
                found = visit(n, path + [n])
                if found:
                    return found
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            found = visit(m, [m])
            if found:
                return found
    return None


def test_the_greedy_package_has_no_import_circle():
    graph = {m: imports_of((PACKAGE / f"{m}.py").read_text(encoding="utf-8")) for m in MODULES}
    assert cycle(graph) is None, f"import circle in thurn/bots/greedy: {' -> '.join(cycle(graph))}"


def test_the_check_sees_function_level_imports_and_skips_type_checking(monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "MODULES", ["policy", "evaluation"])
    assert imports_of("from . import policy as p\n") == {"policy"}
    assert imports_of("def f():\n    from .policy import x\n") == {"policy"}          # the old circle's way back
    assert imports_of("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .policy import W\n") == set()
    assert imports_of("from ...turn import x\nfrom .other import y\n") == set()
    assert cycle({"policy": {"evaluation"}, "evaluation": {"policy"}}) in (["policy", "evaluation", "policy"],
                                                                            ["evaluation", "policy", "evaluation"])
    assert cycle({"policy": {"evaluation"}, "evaluation": set()}) is None


@pytest.mark.parametrize("module", MODULES)
def test_each_module_imports_alone_in_a_fresh_interpreter(module):
    done = subprocess.run([sys.executable, "-c", f"import thurn.bots.greedy.{module}"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
