"""The lessons of 07_power_and_glory in a real browser (JupyterLab, headless Debian Chromium), as a learner runs them:
the notebook's cells up to its simulation run top to bottom, as tests/browser/test_lessons.py runs 06's.

No quiz shows a verdict until it is clicked, and a click shows the engine's; the rules stepper on the northern board
counts its steps one way, after Next too; no printed line wraps. Screenshots in ``artifacts/screenshots/``.
"""
from __future__ import annotations

import re

import pytest

from tests.support import browser as b
from tests.browser.test_lessons import VERDICTS, check_counts, lesson_part
from thurn.sim import full_size

POWER_GLORY = b.NOTEBOOKS / "07_power_and_glory.ipynb"


def test_the_power_and_glory_lessons_in_lab(tmp_path):
    if not full_size():      # as tests/browser/test_notebooks_and_apps.py's SIMULATING: 07 is opened in the browser by make test-all
        pytest.skip("07's lessons run in JupyterLab in make test-all (CI); make test compares them under nbval")
    b.require_browser()
    home = tmp_path / "lab"
    root = b.copy_notebooks(home / "notebooks")
    name = lesson_part(POWER_GLORY, root)
    with b.chromium() as browser, b.jupyter_lab(root, home) as lab:
        context = browser.new_context(viewport=b.VIEWPORT)
        page = context.new_page()
        page.add_init_script(b.PLOTLY_WIDGETS_RENDERED)
        page.set_default_timeout(b.WAIT_MS)
        page.seen = b.PageLog().watch(page)
        try:
            b.open_notebook(page, lab, name)
            cells = b.run_all_cells(page)
            assert b.error_outputs(cells) == [], "error outputs"
            b.wait_for_rendering(page)
            b.screenshot_notebook(page, "lab-07-lessons")
            assert b.page_problems(page) == [], "the page shows errors"
            quizzes = page.locator(".thurn-quiz")
            assert quizzes.count() >= 7, "the notebook's six quizzes and the stepper's are drawn"
            assert page.evaluate(VERDICTS) == [], "a quiz is answered after Run All"
            assert b.wrapped_text(page) == [], "printed lines wrap (JupyterLab breaks them inside words)"
            check_counts(page)
            assert "Step 1 of 14" in page.locator(".thurn-stepper").first.inner_text()

            stepper = page.locator(".thurn-stepper").first
            stepper.locator(".thurn-next").click()
            page.wait_for_function("() => /^2 \\//.test(document.querySelector('.thurn-stepper .thurn-step-count')"
                                   ".innerText)")
            check_counts(page)
            first = quizzes.first                      # the learner answers: the engine's verdict, and why
            first.locator(".thurn-choice").first.click()
            page.wait_for_function(VERDICTS.replace("() =>", "() => (") + ").length > 0")
            verdict = page.evaluate(VERDICTS)
            assert len(verdict) == 1 and re.match(r"(Right|Not quite):", verdict[0]), verdict
            assert "horse" in verdict[0].lower()       # the stepper's second step: a card horse side up
            first.scroll_into_view_if_needed()
            b.screenshot(page, "lab-07-lessons-answered", ".thurn-quiz")
            assert page.seen.external == [], "requests to hosts other than 127.0.0.1"
            assert page.seen.errors() == [], "JavaScript errors in the console or uncaught"
        finally:
            lab.shut_down_kernels()
            context.close()
