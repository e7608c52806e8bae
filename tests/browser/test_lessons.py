"""The expansions' lessons in a real browser (JupyterLab, headless Debian Chromium), as a learner runs them: each
lesson notebook's cells up to its simulations (which the fast lane leaves to nbval) run top to bottom — 06 (The
Princess' Messenger and Offices of Honor), 07 (Power and Glory, on the northern board), 08 (The Audience).

No quiz shows a verdict until it is clicked, and a click shows the engine's; the rules stepper's header and
navigation count the same steps, after Next too; no printed line wraps (JupyterLab would break it inside a word).
Notebook 01 is checked the same way in ``tests/browser/test_notebooks_and_apps.py``. Screenshots in
``artifacts/screenshots/``.
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.support import browser as b

#: Each lesson notebook: (notebook, the quizzes drawn at least, the stepper's first header or None, a word of the
#: verdict on its second step's first choice or None).
LESSONS = [
    pytest.param("06_messenger_and_offices", 5, None, None, id="06"),
    pytest.param("07_power_and_glory", 7, "Step 1 of 14", "horse", id="07"),      # six quizzes and the stepper's
    pytest.param("08_the_audience", 10, "Step 1 of 13", "seals", id="08"),        # nine quizzes and the stepper's
]
VERDICTS = ("() => [...document.querySelectorAll('.thurn-verdict')].map(e => e.innerText.trim())"
            ".filter(t => t)")


def lesson_part(notebook, folder) -> str:
    """A copy of ``notebook`` in ``folder`` cut before its first simulation (its first cell whose output varies,
    tagged ``nbval-ignore-output``); its name."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    cells = nb["cells"]
    cut = next(k for k, c in enumerate(cells) if "nbval-ignore-output" in c.get("metadata", {}).get("tags", []))
    nb["cells"] = cells[:cut]
    name = f"{notebook.stem}-lessons.ipynb"
    (folder / name).write_text(json.dumps(nb), encoding="utf-8")
    return name


def check_counts(page) -> None:
    counts = b.stepper_counts(page)
    assert counts, "no rules stepper on the page"
    for header, count in counts:
        step = re.search(r"Step (\d+) of (\d+)", header)
        assert step and count == f"{step[1]} / {step[2]}", (header, count)


@pytest.mark.parametrize("notebook, quizzes_drawn, first_step, verdict_word", LESSONS)
def test_the_lessons_in_lab(tmp_path, notebook, quizzes_drawn, first_step, verdict_word):
    number = notebook[:2]
    b.require_browser()
    home = tmp_path / "lab"
    root = b.copy_notebooks(home / "notebooks")
    name = lesson_part(b.NOTEBOOKS / f"{notebook}.ipynb", root)
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
            b.screenshot_notebook(page, f"lab-{number}-lessons")
            assert b.page_problems(page) == [], "the page shows errors"
            quizzes = page.locator(".thurn-quiz")
            assert quizzes.count() >= quizzes_drawn, "the lessons' quizzes and the stepper's are drawn"
            assert page.evaluate(VERDICTS) == [], "a quiz is answered after Run All"
            assert b.wrapped_text(page) == [], "printed lines wrap (JupyterLab breaks them inside words)"
            check_counts(page)
            if first_step:
                assert first_step in page.locator(".thurn-stepper").first.inner_text()

            stepper = page.locator(".thurn-stepper").first
            stepper.locator(".thurn-next").click()
            # the header and the count are two widgets, updated by two messages: wait for both to show step 2
            page.wait_for_function("() => { const s = document.querySelector('.thurn-stepper');"
                                   " return /^2 \\//.test(s.querySelector('.thurn-step-count').innerText)"
                                   " && /Step 2 of/.test(s.querySelector('.thurn-step-header').innerText); }")
            check_counts(page)
            first = quizzes.first                      # the learner answers: the engine's verdict, and why
            answered = VERDICTS.replace("() =>", "() => (") + ").length > 0"
            for attempt in range(3):
                # under CI's load a click sent while JupyterLab is still busy with Run All's last messages has been
                # lost (twice in CI, never alone): as a learner would, click again when nothing answers
                first.locator(".thurn-choice").first.click()
                try:
                    page.wait_for_function(answered, timeout=b.WAIT_MS // 3)
                    break
                except PlaywrightTimeout:
                    if attempt == 2:
                        raise
            verdict = page.evaluate(VERDICTS)
            assert len(verdict) == 1 and re.match(r"(Right|Not quite):", verdict[0]), verdict
            if verdict_word:               # the stepper's second step: 07 a card horse side up, 08 Ben seals
                assert verdict_word in verdict[0].lower(), verdict
            first.scroll_into_view_if_needed()
            b.screenshot(page, f"lab-{number}-lessons-answered", ".thurn-quiz")
            assert page.seen.external == [], "requests to hosts other than 127.0.0.1"
            assert page.seen.errors() == [], "JavaScript errors in the console or uncaught"
        finally:
            lab.shut_down_kernels()
            context.close()
