"""The documentation (README.md, docs/*.md, the site built from them): every Python example runs as written and shows
what the engine gives, every function named by its dotted name is callable, and the site builds offline with
warnings as errors (issue 34: "every code example in it run by the tests").

What a page shows an example giving is checked, in two forms:

- a comment line (or several) right below an expression, as an interpreter would print it::

      example.legal_actions()
      # [CallOfficial('postmaster'), Play('Innsbruck', 'new'), ...]

  the expression's ``repr`` must be that text (a line break is a space or nothing; ``...`` stands for anything);
- a comment beside an expression that starts with a Python literal: ``horses(pg, 0)   # 2: the carriage card's own
  horses`` -- the expression must equal the literal (the words after it explain it).

Each page runs in a process of its own (its examples share one namespace, top to bottom, as a reader runs them),
in a temporary folder (the apps' autosave files land there).
"""
from __future__ import annotations

import ast
import importlib
import importlib.util
import io
import json
import os
import re
import subprocess
import sys
import time
import tokenize
from pathlib import Path

import pytest

from thurn.sim import full_size

ROOT = next(p for p in Path(__file__).resolve().parents if (p / "mkdocs.yml").exists())  # wherever tests/ puts it
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def python_blocks(page: Path) -> list[tuple[int, str]]:
    """``(line number, code)`` of each fenced ```python block of a page."""
    text = page.read_text(encoding="utf-8")
    return [(text[:m.start(1)].count("\n") + 1, m.group(1))
            for m in re.finditer(r"^```python\n(.*?)^```", text, flags=re.S | re.M)]


def _shown_below(lines: list[str], end: int) -> str | None:
    """The output written as comment lines right below a statement ending on line ``end`` (1-based), if any."""
    shown = []
    for line in lines[end:]:
        if not line.startswith("#"):
            break
        shown.append(line[1:].strip())
    if not shown or not re.match(r"""[\[({'"]|-?\d|None\b|True\b|False\b|[A-Z]\w*\(""", shown[0]):
        return None
    return " ".join(shown)


def _literal_beside(line: str) -> tuple[bool, object]:
    """``(True, value)`` when the comment beside a one-line expression starts with a Python literal."""
    tokens = [t for t in _tokens(line) if t.type == tokenize.COMMENT]
    if not tokens:
        return False, None
    comment = tokens[-1].string[1:].strip()
    found = (False, None)
    for end in [m.start() for m in re.finditer(r"[:\s]", comment)] + [len(comment)]:
        try:
            found = (True, ast.literal_eval(comment[:end].strip()))
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
    return found


def _tokens(line: str):
    try:
        return list(tokenize.generate_tokens(io.StringIO(line).readline))
    except (tokenize.TokenError, SyntaxError):
        return []


def matches_shown(shown: str, actual: str) -> bool:
    """Whether ``actual`` (a repr) is what the page shows: whitespace loose, ``...`` for anything."""
    parts = [r"\s*".join(re.escape(word) for word in fragment.split()) for fragment in shown.split("...")]
    return re.fullmatch(r"\s*" + ".*?".join(parts) + r"\s*", actual, flags=re.S) is not None


def run_page(page: Path) -> dict:
    """Run a page's examples in one namespace; return what was checked: ``{"blocks", "shown", "literals"}``."""
    namespace: dict = {"__name__": "__docs__"}
    checked = {"blocks": 0, "shown": 0, "literals": 0}
    for first_line, code in python_blocks(page):
        checked["blocks"] += 1
        lines = code.split("\n")
        for stmt in ast.parse(code).body:
            where = f"{page.name}, line {first_line + stmt.lineno}"
            source = ast.get_source_segment(code, stmt)
            if isinstance(stmt, ast.Expr):
                value = eval(compile(ast.Expression(stmt.value), where, "eval"), namespace)
                shown = _shown_below(lines, stmt.end_lineno)
                if shown is not None:
                    assert matches_shown(shown, repr(value)), f"{where}: {source} gives\n{value!r}\nthe page shows\n{shown}"
                    checked["shown"] += 1
                elif stmt.lineno == stmt.end_lineno:
                    has, literal = _literal_beside(lines[stmt.lineno - 1])
                    if has:
                        assert value == literal and type(value) is type(literal) or repr(value) == repr(literal), \
                            f"{where}: {source} gives {value!r}, the page says {literal!r}"
                        checked["literals"] += 1
            else:
                exec(compile(ast.Module([stmt], type_ignores=[]), where, "exec"), namespace)
    return checked


@pytest.mark.parametrize("page", [p for p in PAGES if python_blocks(p)], ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_examples_run_and_give_what_the_page_shows(page, tmp_path):
    """Each page's examples, in a fresh process (an example may register things, e.g. a stack kind)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, __file__, str(page)], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-6000:]
    checked = json.loads(done.stdout.strip().splitlines()[-1])
    assert checked["blocks"] == len(python_blocks(page))
    if page.name in ("README.md", "getting-started.md"):
        assert checked["shown"] >= 4       # the short example: legal actions, the log, a refusal, the legal actions


def test_the_checker_reads_what_a_page_shows():
    """The checker is no rubber stamp: a wrong output, a wrong literal and a line break read as the pages mean."""
    assert matches_shown("[Draw('Pilsen'), ..., Draw()]", "[Draw('Pilsen'), Draw('Ulm'), Draw()]")
    assert not matches_shown("[Draw('Pilsen'), ..., Draw()]", "[Draw('Ulm'), Draw()]")
    assert matches_shown("IllegalAction('x', 'a (Messenger, The Nobility Letters)')",
                         "IllegalAction('x', 'a (Messenger, The Nobility Letters)')")
    assert _shown_below(["x", "# the next example: prose"], 1) is None
    assert _shown_below(["x", "# [1,", "#  2]"], 1) == "[1, 2]"
    assert _literal_beside("horses(pg, 0)   # 2: the carriage card's own horses") == (True, 2)
    assert _literal_beside("f()   # [3, 4, 5]: the region tiles") == (True, [3, 4, 5])
    assert _literal_beside("Play(...)   # Ann is you") == (False, None)


def test_every_function_the_docs_call_by_its_dotted_name_is_callable():
    """Issue 33: the README showed ``thurn.bots.hint(state, ...)`` as a function; it is a module (the function is
    ``from thurn.bots.hint import hint``). Each ```thurn.a.b(...)``` the README or a page names is a callable."""
    text = "\n".join(page.read_text(encoding="utf-8") for page in PAGES)
    names = set(re.findall(r"`(thurn(?:\.\w+)+)\(", text))
    assert "thurn.load_board" in names
    for dotted in sorted(names):
        parts = dotted.split(".")
        obj = importlib.import_module("thurn")
        for k, part in enumerate(parts[1:], 1):
            try:
                obj = getattr(obj, part)
            except AttributeError:
                obj = importlib.import_module(".".join(parts[:k + 1]))
        assert callable(obj), f"the docs call {dotted}(...), which is a {type(obj).__name__}"


def test_the_readme_is_a_front_page_that_links_every_guide_page():
    """Issue 34: the README is at most 250 lines, and links each page of docs/ (relative links, as on GitHub)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 250
    for page in sorted((ROOT / "docs").glob("*.md")):
        if page.name != "index.md":
            assert f"](docs/{page.name})" in text, f"the README does not link docs/{page.name}"
    for link in re.findall(r"\]\(([^)#\s]+)\)", text):
        assert link.startswith("http") or (ROOT / link).exists(), f"the README links {link}, which is not there"


@pytest.mark.skipif(not full_size(), reason="the site's build (about 30 s on the shared 2 cores): make test-all (CI)")
def test_the_site_builds_offline_with_warnings_as_errors(tmp_path):
    """``mkdocs build --strict`` (as ``make docs``): the guide, every notebook, the API reference of every public
    module; the pages load no script, style or font from the network."""
    pytest.importorskip("mkdocs", reason="the docs extra (make setup installs it)")
    site = tmp_path / "site"
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site)],
                          cwd=ROOT, env=dict(os.environ, NO_MKDOCS_2_WARNING="1"), capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-6000:]
    print(f"mkdocs build: {time.perf_counter() - started:.1f} s")
    spec = importlib.util.spec_from_file_location("thurn_docs_hooks", ROOT / "docs" / "hooks.py")
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    for dotted, path in hooks.modules():
        assert (site / hooks.page_of(dotted, path)).with_suffix(".html").exists(), dotted
    assert {"thurn.state", "thurn.turn", "thurn.widgets", "thurn.bots"} <= {d for d, _ in hooks.modules()}
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        html = (site / "notebooks" / notebook.with_suffix(".html").name).read_text(encoding="utf-8")
        figures = notebook.read_text(encoding="utf-8").count('"application/vnd.plotly.v1+json"')
        assert html.count('class="thurn-figure"') == figures, f"{notebook.name}: its maps and charts on the page"
    assert (site / hooks.PLOTLY_JS).exists()
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        remote = re.findall(r"""<(?:script|img|iframe)\b[^>]*\bsrc=["']?(?:https?:)?//[^"'\s>]+"""
                            r"""|<link\b[^>]*\bhref=["']?(?:https?:)?//[^"'\s>]+[^>]*\bstylesheet"""
                            r"""|<link\b[^>]*\bstylesheet[^>]*\bhref=["']?(?:https?:)?//[^"'\s>]+"""
                            r"""|@import\s+url\(\s*["']?(?:https?:)?//""", html)
        assert not remote, f"{page.relative_to(site)} loads {remote[:3]} from the network"


if __name__ == "__main__":
    print(json.dumps(run_page(Path(sys.argv[1]))))
