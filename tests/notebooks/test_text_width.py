"""Every notebook's printed text fits the page: JupyterLab breaks an output line that is too wide anywhere, even inside a
word ("earns a c" / "ard": its outputs are ``word-break: break-all``), so every line the notebooks print or show as
text is at most :data:`WIDTH` characters, broken between words (at the project's browser width, 1280 pixels, an
output is about 107 characters wide). Checked on the stored outputs, which ``pytest --nbval`` compares with a fresh
run; the browser test checks the same in JupyterLab."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.paths import NOTEBOOKS

LESSONS = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))      # every notebook
WIDTH = 100
#: The notebooks that show only an app (its words are in widgets, checked in the browser tests).
TEXTLESS = {"app"}
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def text_lines(notebook: Path):
    """``(cell, line)`` for every line the notebook shows as plain text: printed, or an output with no richer form
    (a widget's text stands in for it only until the widget is drawn)."""
    cells = [c for c in json.loads(notebook.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
    for k, cell in enumerate(cells):
        for out in cell.get("outputs", []):
            if out["output_type"] == "stream":
                text = "".join(out["text"])
            elif set(out.get("data", {})) == {"text/plain"}:
                text = "".join(out["data"]["text/plain"])
            else:
                continue
            for line in text.splitlines():
                yield k, line


@pytest.mark.parametrize("name", LESSONS)
def test_every_printed_line_fits(name):
    notebook = NOTEBOOKS / f"{name}.ipynb"
    lines = list(text_lines(notebook))
    assert lines or name in TEXTLESS, f"{notebook.name} shows no text"
    wide = [f"code cell {k}: {len(line)} characters: {line[:60]}..." for k, line in lines if len(line) > WIDTH]
    assert wide == []
