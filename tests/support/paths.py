"""Where the tests find the project's files: the repository root, its notebooks and the tests' own data."""
from __future__ import annotations

from pathlib import Path

#: The repository root (the folder holding ``pyproject.toml``).
ROOT = Path(__file__).resolve().parents[2]
#: The notebooks (``notebooks/``) and their jupytext pairs.
NOTEBOOKS = ROOT / "notebooks"
#: The tests' own data files (``tests/data/``: the toy board of Power and Glory's tests).
DATA = ROOT / "tests" / "data"
