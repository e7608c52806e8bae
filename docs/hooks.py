"""MkDocs hooks (mkdocs.yml, ``hooks:``): the site's generated parts, found at each build, never listed by hand.

- **API reference**: one page per public module of the package, found by walking ``thurn/`` (a module or package
  whose name starts with ``_`` is private and left out), each page a mkdocstrings ``::: thurn.module`` directive;
  and ``reference/index.md``, the package's layout: each module with the first line of its docstring, and each data
  file in ``data/`` with its format and title. A module moved, split or added appears at the next build.
- **Notebooks**: every ``notebooks/*.ipynb``, with its stored outputs (mkdocs-jupyter, ``execute: false``), titled by
  its first heading. nbconvert cannot show a plotly figure stored as ``application/vnd.plotly.v1+json`` (the maps and
  charts), so each is given to the page as HTML drawn by plotly.js, which the site carries itself
  (``assets/javascripts/plotly.min.js``, from the installed plotly package): the site loads nothing from the network.

Both are appended to the ``nav`` of mkdocs.yml, and so is any page of ``docs/`` that the nav does not list yet (to the
guide).
"""
from __future__ import annotations

import ast
import json
import re
import shutil
import tempfile
from pathlib import Path

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "thurn"
NOTEBOOKS = ROOT / "notebooks"
DATA = ROOT / "data"
PLOTLY_MIME = "application/vnd.plotly.v1+json"
PLOTLY_JS = "assets/javascripts/plotly.min.js"
_STAGED: Path | None = None   # this build's notebooks with their figures as HTML, removed after the build


def modules() -> list[tuple[str, Path]]:
    """``(dotted name, file)`` of every public module and package of ``thurn``, in path order."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if any(p.startswith("_") for p in parts) or "__pycache__" in path.parts:
            continue
        if not all((ROOT.joinpath(*parts[:k]) / "__init__.py").exists() for k in range(1, len(parts))):
            continue  # a folder that is not a package
        found.append((".".join(parts), path))
    return found


def page_of(dotted: str, path: Path) -> str:
    """The reference page of a module: ``reference/thurn/board.md``; a package's is its folder's ``index.md``."""
    base = "reference/" + dotted.replace(".", "/")
    return base + "/index.md" if path.name == "__init__.py" else base + ".md"


def summary(path: Path) -> str:
    """The first line of a module's docstring (empty when it has none)."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    first = (doc or "").strip().split("\n\n")[0].replace("\n", " ")
    first = re.sub(r":\w+:`~?([^`<]*?)\s*(?:<[^>]*>)?`", r"`\1`", first)   # Sphinx roles as code: :class:`Eval`
    return first.replace("|", "\\|")


def notebooks() -> list[tuple[str, str]]:
    """``(title, path under the docs)`` of every notebook: the title is its first markdown heading."""
    found = []
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        title = path.stem
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                first = "".join(cell["source"]).strip().split("\n")[0]
                title = first.lstrip("#").strip() or title
                break
        found.append((f"{path.stem}: {title}", f"notebooks/{path.name}"))
    return found


def plotly_js() -> Path | None:
    """The plotly.js of the installed plotly package (the notebook extra), or None without it."""
    try:
        import plotly
    except ImportError:
        return None
    path = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    return path if path.exists() else None


def figures_as_html(notebook: dict, script: str) -> int:
    """Give each stored plotly figure of ``notebook`` an HTML form drawn by plotly.js (loaded from ``script``, a
    path relative to the page, before the first figure); the figure's JSON is kept. Returns the figures found."""
    count = 0
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            figure = output.get("data", {}).get(PLOTLY_MIME)
            if figure is None:
                continue
            div = f"thurn-figure-{count}"
            spec = json.dumps({"data": figure.get("data", []), "layout": figure.get("layout", {}),
                               "config": {"responsive": True, **figure.get("config", {})}})
            spec = spec.replace("</", "<\\/")
            load = f'<script src="{script}"></script>' if count == 0 else ""
            output["data"] = {"text/html": f'{load}<div id="{div}" class="thurn-figure"></div><script>'
                                           f'(function(f){{Plotly.newPlot("{div}", f.data, f.layout, f.config);}})'
                                           f'({spec});</script>'}
            count += 1
    return count


def reference_nav(mods: list[tuple[str, Path]]) -> list:
    """The reference's nav: the layout page, then each package as a section holding its modules and subpackages."""
    tree: dict = {}
    for dotted, path in mods:
        *parents, last = dotted.split(".")
        node = tree
        for part in parents:
            node = node.setdefault(part, {})
        if path.name == "__init__.py":
            node.setdefault(last, {})["__page__"] = page_of(dotted, path)
        else:
            node[last] = page_of(dotted, path)

    def build(name: str, node: dict) -> dict:
        items = [node["__page__"]] if "__page__" in node else []
        for key, value in node.items():
            if key == "__page__":
                continue
            items.append(build(key, value) if isinstance(value, dict) else {key: value})
        return {name: items}

    return [{"Package layout": "reference/index.md"}, build("thurn", tree["thurn"])]


def layout_page(mods: list[tuple[str, Path]]) -> str:
    """``reference/index.md``: the package's modules and the data files, in words, from the files themselves."""
    lines = ["# Package layout", "",
             "Every public module of `thurn`, with the first line of its docstring (this page is generated from the",
             "package at each build), and the data files the engine loads.", "",
             "The rules core imports no UI library (`thurn.viz` and `thurn.widgets` are imported only when asked "
             "for). Data flows one way: data files → board → state → (turn steps) → new state → viz / widgets / sim "
             "read it.", "",
             "| module | what it is |", "| --- | --- |"]
    here = "reference/index.md"
    for dotted, path in mods:
        target = Path(page_of(dotted, path)).relative_to(Path(here).parent).as_posix()
        lines.append(f"| [{dotted}]({target}) | {summary(path)} |")
    lines += ["", "## Data files", "", "In `data/`; the board files' format is [the board file format](../board-format.md).",
              "", "| file | format | what it is |", "| --- | --- | --- |"]
    for path in sorted(DATA.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        what = data.get("title") or data.get("name") or ""
        if data.get("name") and data.get("title") and data["name"] != data["title"]:
            what = f"{data['title']} (`{data['name']}`)"
        lines.append(f"| `data/{path.name}` | `{data.get('format', '')}` | {what} |")
    lines += ["", "## The rest of the repository", "",
              "| folder | what it holds |", "| --- | --- |",
              "| `docs/` | this site's pages (MkDocs: `mkdocs.yml`, `make docs`) |",
              "| `notebooks/` | the tutorials, each `.ipynb` paired with a jupytext `.py` (see *Notebooks*) |",
              "| `tests/` | unit, rulebook examples, property tests, apps, browser; the notebooks are tested by nbval "
              "([Testing and CI](../testing.md)) |",
              "| `.ci/run` | what CI runs: everything installed, the whole test suite, the site built |", ""]
    return "\n".join(lines)


def _listed(nav) -> set[str]:
    """The pages a nav (or part of one) names."""
    if isinstance(nav, str):
        return {nav}
    if isinstance(nav, dict):
        return set().union(*(_listed(v) for v in nav.values()))
    return set().union(*(_listed(v) for v in nav)) if nav else set()


def unlisted_pages(nav) -> list[tuple[str, str]]:
    """``(title, file)`` of each page of ``docs/`` that mkdocs.yml's nav does not list (one written since), titled
    by its first heading: the hook adds them to the guide, so that a new page is never left out of the site."""
    found = []
    for path in sorted(Path(__file__).parent.glob("*.md")):
        if path.name not in _listed(nav):
            first = next((line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("# ")),
                         "# " + path.stem)
            found.append((first[2:].strip(), path.name))
    return found


def on_config(config):
    guide = next((item["Guide"] for item in config.nav if isinstance(item, dict) and "Guide" in item), None)
    for title, name in unlisted_pages(config.nav):
        (guide if guide is not None else config.nav).append({title: name})
    config.nav.append({"Notebooks": [{title: path} for title, path in notebooks()]})
    config.nav.append({"API reference": reference_nav(modules())})
    return config


@event_priority(100)  # before mkdocs-jupyter's on_files, which makes the notebooks pages
def on_files(files, config):
    js = plotly_js()
    global _STAGED
    staged = _STAGED = Path(tempfile.mkdtemp(prefix="thurn-docs-"))  # the notebooks with their figures as HTML
    for _, uri in notebooks():
        notebook = json.loads((ROOT / uri).read_text(encoding="utf-8"))
        if js is not None and figures_as_html(notebook, "../" + PLOTLY_JS):
            (staged / uri).parent.mkdir(parents=True, exist_ok=True)
            (staged / uri).write_text(json.dumps(notebook), encoding="utf-8")
            src = staged
        else:
            src = ROOT
        files.append(File(uri, src_dir=str(src), dest_dir=config.site_dir, use_directory_urls=config.use_directory_urls))
    if js is not None:
        files.append(File.generated(config, PLOTLY_JS, abs_src_path=str(js)))
    mods = modules()
    files.append(File.generated(config, "reference/index.md", content=layout_page(mods)))
    for dotted, path in mods:
        files.append(File.generated(config, page_of(dotted, path), content=f"::: {dotted}\n"))
    return files


def on_post_build(config):
    global _STAGED
    if _STAGED is not None:
        shutil.rmtree(_STAGED, ignore_errors=True)
        _STAGED = None


_ROLE = re.compile(r":(?:py:)?(?:class|meth|func|data|attr|mod|obj|exc|const|ref|doc):<code>~?([^<]*?)(?:\s*&lt;[^&]*&gt;)?</code>")


def on_page_content(html, page, config, files):
    """The docstrings' Sphinx roles (``:class:`Eval```) shown as code, without the role's name."""
    if page.file.src_uri.startswith("reference/"):
        html = _ROLE.sub(r"<code>\1</code>", html)
    return html
