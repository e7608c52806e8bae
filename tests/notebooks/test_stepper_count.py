"""The rules stepper counts its steps one way: the header's "Step i of N" and the navigation's "i / N" agree on
every step (the first game comes after the N steps, and is not counted as a step)."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from thurn.widgets import RulesStepper  # noqa: E402


@pytest.mark.parametrize("lesson", ["base", "expansions"])
def test_the_header_and_the_navigation_count_the_same_steps(lesson):
    stepper = RulesStepper(lesson)
    steps = len(stepper.stops)
    try:
        for k in range(steps):
            stepper.go(k)
            header = re.search(r"Step (\d+) of (\d+)", stepper.header.value)
            shown = re.fullmatch(r"(\d+) / (\d+)", stepper.progress.value)
            assert header and shown, (stepper.header.value, stepper.progress.value)
            assert header.groups() == shown.groups() == (str(k + 1), str(steps))
        stepper.play()
        assert "your game" in stepper.progress.value.lower()
        assert not re.search(r"\d+ / \d+", stepper.progress.value), stepper.progress.value
        stepper.back()
        assert stepper.progress.value == f"{steps} / {steps}"
    finally:
        stepper.close()
