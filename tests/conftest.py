"""The two lanes (Makefile): ``make test`` (THURN_SIZE=small, at most 3 minutes on 2 cores) runs one check in a real
browser, the Play app clicked in Voilà (marked ``small_lane``); every other check marked ``browser`` (JupyterLab and
Voilà, each app and notebook, 10 to 40 s each; tests/browser/conftest.py marks its folder) is ``make test-all``'s,
which CI runs."""
from __future__ import annotations

import pytest

from thurn.sim import full_size


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items) -> None:
    if full_size():
        return
    skip = pytest.mark.skip(reason="a browser check of make test-all (CI); make test opens the Play app in Voilà "
                                   "(tests/conftest.py)")
    for item in items:
        if item.get_closest_marker("browser") and not item.get_closest_marker("small_lane"):
            item.add_marker(skip)
