"""The analysis board in a real browser (issue 36): under Voilà a finished game is reviewed (the base game, and The
Audience); from the review's earliest mistake the learner opens the analysis board, continues from there on a fair
deal against a Club bot, plays the branch to the end by clicking its buttons, names the line, answers the drill's
first exercise and asks for the next one's answer, and saves the game with its lines (the file's link is decoded
and loaded back, the line and the drill's results in it). Screenshots go to ``$THURN_ARTIFACTS`` (default
``artifacts/screenshots/``): ``voila-analysis-board-R``, ``-branch-R``, ``-drill-R``, ``-saved-R`` for each
ruleset ``R``.

Skips on a machine without ``/usr/bin/chromium`` or playwright, except under CI (``CI=true``): there it fails.
"""
from __future__ import annotations

import base64
import json
import re

import pytest

from tests.support import browser as b
from tests.browser.test_notebooks_and_apps import page, screenshot_on_failure  # noqa: F401 (the fixture)

BOARD_CELL = """\
import thurn
from thurn.bots import make_bot
from thurn.sim import play_game
from thurn.widgets import GameReview
print("thurn from", thurn.__file__)
game = play_game(["Ann", "Ben"], [make_bot("casual", seed=3), make_bot("greedy", seed=2)], 7, rules=RULES)
GameReview(game, "Ann", bot={"iterations": 16}, samples=2)
"""
#: The base game, and The Audience (a secret on the table: the sealed tiles) with its carriage steps.
RULES = {"base": None, "audience": {"expansions": ["audience"]}}

#: Ann's click in the branch: a score first (the game ends sooner), else the first button (the keep step's
#: picker: its first three cards).
_CHOOSE = """() => {
  const app = document.querySelector('.thurn-analysis .thurn-play');
  const buttons = [...app.querySelectorAll('.thurn-action, .thurn-keep')].filter(x => !x.disabled);
  const pick = buttons.find(x => /^score/i.test(x.textContent.trim())) || buttons[0];
  if (!pick) return null;
  const label = pick.textContent.trim();
  if (pick.classList.contains('thurn-keep'))     // the keep step's picker: three cards (or all held) first
    [...pick.parentElement.querySelectorAll('.widget-toggle-button')].slice(0, 3)
      .filter(t => !t.classList.contains('mod-active')).forEach(t => t.click());
  pick.click();
  return label;
}"""

_BRANCH = """() => {
  const app = document.querySelector('.thurn-analysis .thurn-play');
  if (!app) return null;
  const log = [...app.querySelectorAll('.thurn-log')].map(x => x.textContent).join('|');
  const enabled = [...app.querySelectorAll('.thurn-action, .thurn-keep')].filter(x => !x.disabled).length;
  const now = document.querySelector('.thurn-analysis .thurn-analysis-now');
  const over = !!now && now.textContent.includes('Game over');        // the line has reached the game's end
  return {log, over, actions: enabled};
}"""


@pytest.mark.parametrize("rules", list(RULES))
def test_continue_from_a_mistake_play_the_branch_and_save_it_in_voila(chromium, page, tmp_path, rules):
    folder = tmp_path / "board"
    folder.mkdir()
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "board", "metadata": {},
                     "outputs": [], "source": BOARD_CELL.replace("RULES", repr(RULES[rules]))
                     .splitlines(keepends=True)}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (folder / "board.ipynb").write_text(json.dumps(nb))
    with b.voila(folder / "board.ipynb", tmp_path) as url, screenshot_on_failure(page, f"voila-analysis-{rules}"):
        page.goto(url, timeout=b.WAIT_MS)
        page.wait_for_selector(".thurn-review .thurn-map .js-plotly-plot .main-svg", timeout=b.WAIT_MS)
        b.wait_for_app(page)
        review = page.locator(".thurn-review").first
        buttons = review.locator(".thurn-review-mistakes button")        # to the earliest of the mistakes
        turns = [int(re.search(r"action (\d+)", buttons.nth(i).get_attribute("title")).group(1))
                 for i in range(buttons.count())]
        buttons.nth(turns.index(min(turns))).click()
        review.locator(".thurn-review-now").filter(has_text="the search bot:").wait_for()
        review.locator(".thurn-open-analysis").first.click()
        board = page.locator(".thurn-analysis").first
        board.wait_for(timeout=b.WAIT_MS)
        page.wait_for_selector(".thurn-analysis .thurn-map .js-plotly-plot .main-svg", timeout=b.WAIT_MS)
        now = board.locator(".thurn-analysis-now").first
        assert "Move " in now.text_content() and "Review:" in now.text_content(), now.text_content()
        assert board.locator(".thurn-drill").first.text_content().count("Exercise 1 of") == 1
        page.wait_for_timeout(500)
        b.screenshot(page, f"voila-analysis-board-{rules}", ".thurn-analysis")
        board.locator("button", has_text="Continue from here").first.click()
        page.wait_for_selector(".thurn-analysis .thurn-play .thurn-map .js-plotly-plot .main-svg",
                               timeout=b.WAIT_MS)
        assert "starts here" in board.locator(".thurn-message").first.text_content()
        clicks = 0
        for _ in range(400):
            state = page.evaluate(_BRANCH)
            if state["over"]:
                break
            if not state["actions"]:
                page.wait_for_timeout(200)          # the bot's turn is being shown
                continue
            label = page.evaluate(_CHOOSE)
            assert label, "no enabled action in the branch"
            clicks += 1
            page.wait_for_function("old => { const a = document.querySelector('.thurn-analysis .thurn-play');"
                                   " return a && [...a.querySelectorAll('.thurn-log')].map(x => x.textContent)"
                                   ".join('|') !== old; }", arg=state["log"], timeout=b.WAIT_MS)
        assert page.evaluate(_BRANCH)["over"], f"the branch did not end after {clicks} clicks"
        lines = board.locator(".thurn-lines").first
        listed = " ".join(lines.text_content().split())
        assert re.search(r"line 1 — after move \d+ of the game, fair deal, \d+ moves", listed), listed
        assert "Game over" in now.text_content()
        page.wait_for_timeout(500)
        b.screenshot(page, f"voila-analysis-branch-{rules}", ".thurn-analysis")
        name = board.locator("input[placeholder='a name for this line']").first
        name.fill("my better try")
        board.locator("button", has_text="Rename").first.click()
        lines.filter(has_text="my better try").wait_for()
        drill = board.locator(".thurn-drill").first                 # the drill: an answer, then the answer shown
        drill.locator(".thurn-drill-choice").first.click()
        drill.locator(".thurn-drill-verdict").filter(has_text="The review's best move").wait_for()
        assert re.search(r"right [01], wrong [01], shown 0, open \d+", " ".join(drill.text_content().split()))
        following = drill.locator("button:not([disabled])", has_text="next exercise")
        if following.count():
            following.first.click()
            drill.filter(has_text="Exercise 2 of").wait_for()
        drill.locator("button", has_text="Show the answer").first.click()
        drill.locator(".thurn-drill-verdict").filter(has_text="The answer:").wait_for()
        page.wait_for_timeout(300)
        b.screenshot(page, f"voila-analysis-drill-{rules}", ".thurn-drill")
        board.locator("button", has_text="Save the game with its lines").first.click()
        link = board.locator("a.thurn-download-link").first
        link.wait_for(timeout=b.WAIT_MS)
        data = re.search(r"base64,(.*)", link.get_attribute("href")).group(1)
        saved = json.loads(base64.b64decode(data))
        from thurn.variations import Variations

        tree = Variations.from_json(saved)
        mine = tree.line("my better try")
        assert mine.state().is_over and mine.deal == "fair" and len(mine) > 0
        assert sorted(tree.drill.values()) in (["shown"], ["right", "shown"], ["shown", "wrong"])   # kept in the file
        b.screenshot(page, f"voila-analysis-saved-{rules}", ".thurn-analysis")
        assert b.page_problems(page) == [], "the page shows errors"
        assert page.seen.external_hosts() <= b.VOILA_CDN_HOSTS, "requests to unexpected hosts"
        assert page.seen.errors(b.VOILA_NOISE) == [], "JavaScript errors other than Voilà's known harmless ones"
