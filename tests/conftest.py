"""The two lanes (Makefile): ``make test`` (THURN_SIZE=small, at most 3 minutes on 2 cores) opens no browser and
starts no cluster: the apps are driven in-process (tests/apps/, the conformance suite's Play app games); every check
marked ``browser`` (JupyterLab and Voilà, each app and notebook, 10 to 120 s each; tests/browser/conftest.py marks
its folder) or ``cluster`` (a Dask cluster on 127.0.0.1: tests/sim/test_sim_dask*.py) is ``make test-all``'s, which
CI runs."""
from __future__ import annotations

import pytest

from thurn.sim import full_size


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items) -> None:
    if full_size():
        return
    skip = pytest.mark.skip(reason="a browser check of make test-all (CI); make test drives the apps in-process "
                                   "(tests/conftest.py)")
    skip_cluster = pytest.mark.skip(reason="a Dask cluster's check of make test-all (CI); make test starts no "
                                           "cluster (tests/conftest.py)")
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(skip)
        elif item.get_closest_marker("cluster"):
            item.add_marker(skip_cluster)
