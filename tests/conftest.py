"""The two lanes (Makefile): ``make test`` (THURN_SIZE=small, at most 3 minutes on 2 cores) opens no browser: the
apps are driven in-process (tests/apps/, the conformance suite's Play app games); every check marked ``browser``
(JupyterLab and Voilà, each app and notebook, 10 to 120 s each; tests/browser/conftest.py marks its folder) is
``make test-all``'s, which CI runs.

Both lanes run in two pytest-xdist workers with ``--dist loadgroup``: a file's tests stay together on one worker (its
module fixtures built once, a notebook's cells in order in one kernel) unless the file is marked ``spread`` (its
tests independent and long: the random games of every ruleset), whose tests go to whichever worker is free."""
from __future__ import annotations

import pytest

from thurn.sim import full_size


class _Workers:
    """A test's xdist group: its file's, unless the file is marked ``spread`` (tests/conftest.py's docstring)."""

    @pytest.hookimpl(tryfirst=True)      # before xdist's own hook reads the groups
    def pytest_collection_modifyitems(self, items) -> None:
        for item in items:
            if not item.get_closest_marker("spread") and not item.get_closest_marker("xdist_group"):
                item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


def pytest_configure(config) -> None:
    config.pluginmanager.register(_Workers(), "thurn-workers")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items) -> None:
    if full_size():
        return
    skip = pytest.mark.skip(reason="a browser check of make test-all (CI); make test drives the apps in-process "
                                   "(tests/conftest.py)")
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(skip)
