"""The game app's "Review this game" in a real browser (Voilà): its progress and its first findings show and move
while the review works, on a three-player game with both expansions at the review's default budget; then the review
replaces them.

Skips like tests/browser/test_notebooks_and_apps.py without Chromium or playwright (fails under CI)."""
from __future__ import annotations

import json
import time


from tests.support import browser as b

#: A finished three-player game between greedy bots with both expansions, in the game app at its game-over screen.
APP_CELL = """\
from thurn.widgets import GameApp
app = GameApp(autosave=False, seed=3)
app.start(["Ann", "Ben", "Cid"], seats={"Ann": "greedy", "Ben": "greedy", "Cid": "greedy"},
          rules={"expansions": ["messenger", "offices"]}, seed=3, pace=None)
app.game.play_bots()
app
"""

#: A Play app at a return round of Offices of Honor where the player to move holds 3 different tiles and a spare
#: one (the issue: the hint advised 1 tile for nothing, "no heuristic for this kind of action").
RETURN_CELL = """\
import thurn
from thurn.bots.greedy import GreedyBot
from thurn.widgets import Play
s = thurn.new_game(["Ann", "Ben", "Cid"], seed=5, rules={"expansions": ["messenger", "offices"]})
bots = [GreedyBot(i) for i in range(3)]
def spare_and_three(s):
    tiles = s.ext["offices"].tiles[s.to_move]
    return s.step == "return" and sum(1 for x in tiles if x) == 3 and sum(tiles) == 4 and s.ext["offices"].chips_left
while not spare_and_three(s):
    s = s.apply(bots[s.to_move].choose(s))
Play(state=s, autosave=False)
"""

#: Collects, every 40 ms, what the progress of the review says, until the review shows; the moment (ms after the
#: watch began) the first findings showed, and the moment the review did.
WATCH = """() => { window.__progress = []; window.__found = null; window.__done = null;
  const t0 = performance.now(); const t = setInterval(() => {
  const p = document.querySelector('.thurn-review-progress');
  if (p) { const s = p.textContent, seen = window.__progress;
           if (seen[seen.length - 1] !== s) seen.push(s); }
  if (window.__found === null && document.querySelector('.thurn-review-progress .thurn-review-findings'))
    window.__found = performance.now() - t0;
  if (document.querySelector('.thurn-gameover .thurn-review-mistakes')) {
    window.__done = performance.now() - t0; clearInterval(t); } }, 40); }"""


def test_review_this_game_shows_its_progress_in_voila(chromium, tmp_path):
    folder = tmp_path / "app"
    folder.mkdir()
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "app", "metadata": {}, "outputs": [],
                     "source": APP_CELL.splitlines(keepends=True)},
                    {"cell_type": "code", "execution_count": None, "id": "ret", "metadata": {}, "outputs": [],
                     "source": RETURN_CELL.splitlines(keepends=True)}],
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
            page.wait_for_selector(".thurn-review-progress .thurn-review-findings li", timeout=b.WAIT_MS)
            b.screenshot(page, "voila-review-first-findings", ".thurn-review-progress")
            page.wait_for_selector(".thurn-gameover .thurn-review-mistakes", timeout=b.WAIT_MS)
            took = time.monotonic() - start
            seen = page.evaluate("() => window.__progress")
            # the progress showed, and moved: several counts below the total, the decisions then the expected scores
            moving = [s for s in seen if " of " in s]
            assert len(moving) >= 3, seen
            assert any("decisions" in s for s in moving) and any("expected final scores" in s for s in moving), seen
            # the first findings showed while the review worked, long before its end (issue 35: within 2 s; the
            # figures are BENCHMARKS.md's, measured, not asserted here)
            found, done = page.evaluate("() => [window.__found, window.__done]")
            assert found is not None and found < done, (found, done)
            assert any("First findings" in s and "of" in s for s in seen), seen
            print(f"the review showed after {took:.1f} s, its first findings after {found / 1000:.1f} s; its "
                  f"progress said {len(seen)} things: {seen[:3]} ...")
            over = page.locator(".thurn-gameover").first
            over.filter(has_text="Game review: Ann · Ben · Cid").wait_for(timeout=b.WAIT_MS)
            assert page.locator(".thurn-review-progress").count() == 0, "the progress stays after the review"
            b.screenshot(page, "voila-review-progress-done", ".thurn-gameover")
            # the summary in the game's terms; the hint's advice marked in the table, the clear favourites too
            summary = over.locator(".thurn-review p").first.text_content()
            assert "in all" not in summary and ("finished with" in summary or "won with" in summary), summary
            table = over.locator(".thurn-review-table").first.text_content()
            assert "(the hint's advice)" in table
            assert page.evaluate("() => [...document.querySelectorAll('.thurn-review-table td')]"
                                 ".filter(td => td.textContent === 'clear').length") > 0
            # another player picked in the review: reviewed in steps too, the app stays responsive
            over.locator(".thurn-review select").first.select_option(label="Ben")
            page.wait_for_function("() => { const p = document.querySelector('.thurn-gameover .thurn-review p');"
                                   " return p && p.textContent.startsWith('Ben: '); }", timeout=b.WAIT_MS)
            # the hint in a return round of Offices of Honor: the tiles, the reward, in words; not 1 tile for nothing
            play = page.locator(".thurn-play").last
            play.locator("button.thurn-hint").first.click()
            hints = play.locator(".thurn-hints li")
            hints.first.wait_for(timeout=b.WAIT_MS)
            words = [hints.nth(i).text_content() for i in range(hints.count())]
            assert words and all("no heuristic" not in w and "(Offices of Honor, returning tiles)" in w
                                 for w in words), words
            assert all("keeps " in w for w in words), words           # what the tiles kept promise, said
            if ": return 1 different tile " in words[0]:                # a spare tile for nothing: the words say why
                assert "3 different for a chip (a house with the fourth office) at a later return" in words[0]
            b.screenshot(page, "voila-return-hint", ".thurn-play")
            assert b.page_problems(page) == [], "the page shows errors"
            assert page.seen.errors(b.VOILA_NOISE) == [], "JavaScript errors other than Voilà's known harmless ones"
    finally:
        context.close()
