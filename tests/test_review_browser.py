"""The game app's "Review this game" in a real browser (Voilà): its progress shows and moves while the review works,
on a three-player game with both expansions at the review's default budget; then the review replaces it.

Skips like tests/test_browser.py without Chromium or playwright (fails under CI)."""
from __future__ import annotations

import json
import time

import pytest

import browser as b

#: A finished three-player game between greedy bots with both expansions, in the game app at its game-over screen.
APP_CELL = """\
from thurn.widgets import GameApp
app = GameApp(autosave=False, seed=3)
app.start(["Ann", "Ben", "Cid"], seats={"Ann": "greedy", "Ben": "greedy", "Cid": "greedy"},
          rules={"expansions": ["messenger", "offices"]}, seed=3, pace=None)
app.game.play_bots()
app
"""

#: Collects, every 40 ms, what the progress of the review says, until the review shows.
WATCH = """() => { window.__progress = []; const t = setInterval(() => {
  const p = document.querySelector('.thurn-review-progress');
  if (p) { const s = p.textContent; if (window.__progress[window.__progress.length - 1] !== s) window.__progress.push(s); }
  if (document.querySelector('.thurn-gameover .thurn-review-mistakes')) clearInterval(t); }, 40); }"""


@pytest.fixture(scope="module")
def chromium():
    b.require_browser()
    with b.chromium() as browser:
        yield browser


def test_review_this_game_shows_its_progress_in_voila(chromium, tmp_path):
    folder = tmp_path / "app"
    folder.mkdir()
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "app", "metadata": {}, "outputs": [],
                     "source": APP_CELL.splitlines(keepends=True)}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (folder / "review_app.ipynb").write_text(json.dumps(nb))
    context = chromium.new_context(viewport=b.VIEWPORT)
    page = context.new_page()
    page.add_init_script(b.PLOTLY_WIDGETS_RENDERED)
    page.set_default_timeout(b.WAIT_MS)
    page.seen = b.PageLog().watch(page)
    try:
        with b.voila(folder / "review_app.ipynb", tmp_path) as url:
            page.goto(url, timeout=b.WAIT_MS)
            page.wait_for_selector(".thurn-gameover button.thurn-review", timeout=b.WAIT_MS)
            page.wait_for_timeout(500)
            page.evaluate(WATCH)
            start = time.monotonic()
            page.locator(".thurn-gameover button.thurn-review").first.click()
            page.wait_for_selector(".thurn-gameover .thurn-review-mistakes", timeout=b.WAIT_MS)
            took = time.monotonic() - start
            seen = page.evaluate("() => window.__progress")
            # the progress showed, and moved: several counts below the total, the decisions then the expected scores
            moving = [s for s in seen if " of " in s]
            assert len(moving) >= 3, seen
            assert any("decisions" in s for s in moving) and any("expected final scores" in s for s in moving), seen
            print(f"the review showed after {took:.1f} s; its progress said {len(seen)} things: {seen[:3]} ...")
            over = page.locator(".thurn-gameover").first
            over.filter(has_text="Game review: Ann · Ben · Cid").wait_for(timeout=b.WAIT_MS)
            assert page.locator(".thurn-review-progress").count() == 0, "the progress stays after the review"
            b.screenshot(page, "voila-review-progress-done", ".thurn-gameover")
            assert b.page_problems(page) == [], "the page shows errors"
            assert page.seen.errors(b.VOILA_NOISE) == [], "JavaScript errors other than Voilà's known harmless ones"
    finally:
        context.close()
