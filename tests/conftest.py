"""The two lanes (Makefile): ``make test`` (THURN_SIZE=small, at most 3 minutes on 2 cores) runs one check in a real
browser, the Play app clicked in Voilà (:data:`SMALL_LANE_BROWSER`); every other browser check (JupyterLab and
Voilà, each app and notebook, 10 to 40 s each) is ``make test-all``'s, which CI runs."""
from __future__ import annotations

from pathlib import Path

import pytest

from thurn.sim import full_size

#: The browser checks ``make test`` runs: the game app opened in Voilà and one click on its map.
SMALL_LANE_BROWSER = {"tests/browser/test_notebooks_and_apps.py::test_play_app_in_voila"}


def pytest_collection_modifyitems(config, items) -> None:
    if full_size():
        return
    skip = pytest.mark.skip(reason="a browser check of make test-all (CI); make test opens the Play app in Voilà "
                                   "(tests/conftest.py)")
    for item in items:
        path = Path(str(item.fspath))
        if "browser" in path.stem and path.stem.startswith("test_") and \
                f"tests/{path.name}::{item.name}" not in SMALL_LANE_BROWSER:
            item.add_marker(skip)
