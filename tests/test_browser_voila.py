"""The Play app and the game review alone under Voilà, in a real browser (headless Debian Chromium): a module of
their own beside ``tests/test_browser.py`` (whose fixtures and checks they use), so that the two test workers of
``make test`` share the browser tests evenly (``--dist loadfile`` gives a file to one worker).

Skips on a machine without ``/usr/bin/chromium`` or playwright, except under CI (``CI=true``): there it fails.
"""
from __future__ import annotations

import json

import pytest

import browser as b
from thurn.sim import full_size
from test_browser import PLAY, check_play_click, chromium, page, screenshot_on_failure  # noqa: F401 (fixtures)


def test_play_app_in_voila(chromium, page, tmp_path):
    assert PLAY.exists(), f"{PLAY.relative_to(b.ROOT)} is missing: the Play app is checked on that notebook"
    root = b.copy_notebooks(tmp_path / "notebooks")  # its own copy: no autosave left by the JupyterLab run
    with b.voila(root / PLAY.name, tmp_path) as url, screenshot_on_failure(page, "voila-play"):
        page.goto(url, timeout=b.WAIT_MS)
        page.wait_for_selector(".thurn-play .thurn-map .js-plotly-plot .main-svg", timeout=b.WAIT_MS)
        page.wait_for_selector(".thurn-play .thurn-action:not([disabled])", timeout=b.WAIT_MS)
        b.wait_for_app(page)
        b.screenshot(page, "voila-play")
        assert b.page_problems(page) == [], "the page shows errors"
        check_play_click(page, "voila-play")

        assert page.seen.external_hosts() <= b.VOILA_CDN_HOSTS, "requests to unexpected hosts"
        assert page.seen.errors(b.VOILA_NOISE) == [], "JavaScript errors other than Voilà's known harmless ones"


REVIEW_CELL = """\
import thurn
from thurn.bots import make_bot
from thurn.sim import play_game
from thurn.widgets import GameReview
print("thurn from", thurn.__file__)
game = play_game(["Ann", "Ben"], [make_bot("greedy", seed=1), make_bot("greedy", seed=2)], 7)
GameReview(game, "Ann", bot={"iterations": 16}, samples=2)
"""


def test_game_review_app_in_voila(chromium, page, tmp_path):
    """The game review under Voilà: the mistakes in words, the chart, the decisions table and the replay, whose
    next button steps the map and the log line on; screenshots before and after."""
    if not full_size():
        pytest.skip("make test-all (CI) runs it; make test opens the review from the game app")
    folder = tmp_path / "review"
    folder.mkdir()
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "review", "metadata": {},
                     "outputs": [], "source": REVIEW_CELL.splitlines(keepends=True)}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (folder / "game_review.ipynb").write_text(json.dumps(nb))
    with b.voila(folder / "game_review.ipynb", tmp_path) as url, screenshot_on_failure(page, "voila-review"):
        page.goto(url, timeout=b.WAIT_MS)
        page.wait_for_selector(".thurn-review .thurn-map .js-plotly-plot .main-svg", timeout=b.WAIT_MS)
        b.wait_for_app(page)
        app = page.locator(".thurn-review").first
        assert "Game review: Ann · Ben" in app.text_content()
        mistakes = app.locator(".thurn-review-mistakes").first.text_content()
        assert mistakes.count("Turn ") == 3 and "points more (expected)" in mistakes, mistakes[:400]
        assert app.locator(".thurn-review-table table tr").count() > 20, "the decisions table is missing"
        assert app.locator(".js-plotly-plot").count() == 2, "the chart or the map is missing"
        b.screenshot(page, "voila-review")
        now = app.locator(".thurn-review-now").first
        assert "The start" in now.text_content()
        title = app.locator(".thurn-map .gtitle").first.text_content()
        app.locator(".thurn-review-replay button", has_text="next").first.click()
        now.filter(has_text="Action 1 of").wait_for()
        page.wait_for_function(
            "old => { const t = document.querySelector('.thurn-review .thurn-map .gtitle');"
            " return t && t.textContent !== old; }", arg=title, timeout=b.WAIT_MS)
        assert "Ann draws" in now.text_content()
        app.locator(".thurn-review-mistakes button").first.click()
        now.filter(has_text="the search bot:").wait_for()
        page.wait_for_function(                  # the map shows the position the replay's text says
            "() => { const t = document.querySelector('.thurn-review .thurn-map .gtitle');"
            " const m = /Action (\\d+) of (\\d+)/.exec(document.querySelector('.thurn-review-now').textContent);"
            " return t && m && t.textContent.includes(`after action ${m[1]} of ${m[2]}`); }", timeout=b.WAIT_MS)
        page.wait_for_timeout(500)  # let plotly finish the redraw before the shot
        b.screenshot(page, "voila-review-mistake", ".thurn-review")
        b.screenshot(page, "voila-review-replay", ".thurn-review-replay")
        assert b.page_problems(page) == [], "the page shows errors"
        assert page.seen.external_hosts() <= b.VOILA_CDN_HOSTS, "requests to unexpected hosts"
        assert page.seen.errors(b.VOILA_NOISE) == [], "JavaScript errors other than Voilà's known harmless ones"
