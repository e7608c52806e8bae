"""The real-browser checks: headless Debian Chromium against JupyterLab and Voilà (tests/support/browser.py).

Every test of this folder is marked ``browser`` (registered in pyproject.toml); tests/conftest.py runs in
``make test`` none of them, ``make test-all`` every one."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import browser as b

HERE = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items) -> None:
    """Mark every test of this folder ``browser`` (before tests/conftest.py reads the marks)."""
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="module")
def chromium():
    """One headless Chromium for a module's tests (skips without it or playwright, except under CI)."""
    b.require_browser()
    with b.chromium() as browser:
        yield browser
