"""The conformance suite's toy expansions (tests/support/rulesets.py, ``TOY_RULESETS``) are registered while a test
of theirs runs, and only then (the registry stays thurn's for every other test)."""
from __future__ import annotations

import pytest

from tests.support.rulesets import TOYS, toys_registered


@pytest.fixture(autouse=True)
def _toys_registered(request):
    callspec = getattr(request.node, "callspec", None)
    expansions = callspec.params.get("expansions", ()) if callspec is not None else ()
    with toys_registered([name for name in expansions if name in TOYS]):
        yield
