"""The sized notebooks run top to bottom at full size (``make test-all``; ``THURN_SIZE=full``), where their
statistical checks (the ``assert`` cells) hold. A sized notebook is saved at its small size, so its outputs cannot be
compared with nbval as the others' are (the Makefile's ``SIZED_NOTEBOOKS`` leaves it out of the comparison); this
test runs it like ``nbval --nbval-lax``: every cell must run without an error. Being a test among the others, it
shares CI's two workers with them instead of running alone after them. ``make test`` (small) leaves it out: at small
size the notebook's checks are not its claims."""
from __future__ import annotations

import re

import nbformat
import pytest
from nbclient import NotebookClient

from thurn.sim import full_size

from tests.support.browser import copy_notebooks
from tests.support.paths import ROOT

#: The sized notebooks (the Makefile's SIZED_NOTEBOOKS names the same: checked below).
SIZED = ("05_strategy_lab.ipynb",)
#: The longest a cell may run at full size (the lab's largest simulation took 2 to 3 minutes on one core).
CELL_TIMEOUT_S = 1200


@pytest.mark.skipif(not full_size(), reason="make test-all runs the sized notebooks at full size")
@pytest.mark.parametrize("name", SIZED)
def test_a_sized_notebook_runs_to_the_end_at_full_size(name, tmp_path, monkeypatch):
    monkeypatch.setenv("THURN_SIZE", "full")            # the kernel inherits it
    copy = copy_notebooks(tmp_path / "notebooks")
    notebook = nbformat.read(copy / name, as_version=4)
    client = NotebookClient(notebook, timeout=CELL_TIMEOUT_S, kernel_name="python3",
                            resources={"metadata": {"path": str(copy)}})
    client.execute()                                    # a cell's error fails the test with its traceback
    said = "".join(out.get("text", "") for cell in notebook.cells if cell.cell_type == "code"
                   for out in cell.get("outputs", ()) if out.get("output_type") == "stream")
    assert "full size:" in said, "the notebook did not run at full size"


def test_the_makefile_leaves_the_sized_notebooks_out_of_nbval():
    line = next(x for x in (ROOT / "Makefile").read_text().splitlines() if x.startswith("SIZED_NOTEBOOKS :="))
    assert sorted(re.findall(r"notebooks/([\w.]+\.ipynb)", line)) == sorted(SIZED)
