"""The Play app's map follows every click under Voilà while the machine is busy (issue 33: a map not redrawn
after a click, a plotly ``FigureWidget`` update lost while the CPU was loaded).

Games of a human against a bot (whose moves follow each click at once) are clicked through in Voilà with every
core kept busy by busy-loop processes, two per core (each ends by itself after :data:`BUSY_S` seconds and is
killed when the test ends); each game after the first is started by a New game button and clicked as soon as its
buttons show, as a user does, while its map may still be starting. Beside the app the kernel keeps a small HTML
widget (``.thurn-map-expected``) saying what the map must show: its title as text and the number of points of each
trace, taken from ``app.map`` after every update. After each click the page's map (its SVG title and the plotly
graph's data) must come to say the same within :data:`SETTLE_MS`; a map left one click behind fails (as it did on
the code before the fix: "click 1 ('Salzburg')": the page still showed "no action played yet" after 60 s).

make test-all's alone (THURN_SIZE=full): :data:`GAMES` games of :data:`CLICKS` clicks on a loaded machine, about
two minutes. Skips without ``/usr/bin/chromium`` or playwright, except under CI (``CI=true``).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys


from tests.support import browser as b

#: How many games are started (each but the first by a New game button, its map clicked as soon as its buttons
#: show, as a user does), and how many clicks each is played for: a few turns, with the bot's moves between.
GAMES = 4
CLICKS = 8
#: How long the page may take to show the state after a click (the kernel answers at once, plotly redraws).
SETTLE_MS = 60_000
#: The longest a busy-loop process lives, whatever happens to the test.
BUSY_S = 900

CELL = """\
import html, json, re
import ipywidgets as widgets
from thurn.bots import RandomBot
from thurn.widgets import Play
expected = widgets.HTML()
expected.add_class("thurn-map-expected")
box = widgets.VBox()
games = []
def say_what_the_map_shows(a):
    title = html.unescape(re.sub(r"<[^>]+>", "", a.map.layout.title.text or ""))
    points = [len(t.x) if t.x is not None else 0 for t in a.map.data]
    expected.value = html.escape(json.dumps({"game": len(games), "title": title, "points": points}))
def new_game(_=None):
    old = box.children[0] if box.children else None
    games.append(len(games) + 1)
    app = Play(["Ann", "Bot"], bots={"Bot": RandomBot(seed=len(games))}, seed=2006 + len(games), autosave=False)
    app.on_change(say_what_the_map_shows)
    say_what_the_map_shows(app)
    box.children = (app,)
    if old is not None:
        old.close()
new = widgets.Button(description="New game")
new.add_class("thurn-test-new")
new.on_click(new_game)
new_game()
widgets.VBox([new, box, expected])
"""

_SHOWN = """() => {
  const gd = document.querySelector('.thurn-play .thurn-map .js-plotly-plot');
  const said = document.querySelector('.thurn-map-expected');
  if (!gd || !said) return null;
  return {title: [...gd.querySelectorAll('.gtitle')].map(t => t.textContent).join('').replace(/\u200b/g, ''),
          points: (gd.data || []).map(t => (t.x || []).length),
          expected: JSON.parse(said.textContent || 'null')};
}"""

_MATCHES = """() => {
  const gd = document.querySelector('.thurn-play .thurn-map .js-plotly-plot');
  const said = document.querySelector('.thurn-map-expected');
  if (!gd || !said || !said.textContent) return false;
  const want = JSON.parse(said.textContent);
  const title = [...gd.querySelectorAll('.gtitle')].map(t => t.textContent).join('').replace(/\u200b/g, '');
  const points = (gd.data || []).map(t => (t.x || []).length);
  return title === want.title && JSON.stringify(points) === JSON.stringify(want.points);
}"""


def notebook(folder) -> str:
    name = "map_under_load.ipynb"
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "game", "metadata": {}, "outputs": [],
                     "source": CELL.splitlines(keepends=True)}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (folder / name).write_text(json.dumps(nb))
    return name


def busy_cores(n: int) -> list[subprocess.Popen]:
    """``n`` processes that spin until killed or :data:`BUSY_S` seconds have passed."""
    loop = f"import time\nend = time.monotonic() + {BUSY_S}\nwhile time.monotonic() < end: pass\n"
    return [subprocess.Popen([sys.executable, "-c", loop], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL) for _ in range(n)]


def settle(page, what: str) -> None:
    """Wait until the page's map shows what the kernel's map holds; say what each shows when it does not."""
    try:
        page.wait_for_function(_MATCHES, timeout=SETTLE_MS)
    except Exception as error:  # playwright's TimeoutError: say what the page shows
        shown = page.evaluate(_SHOWN)
        b.screenshot(page, "map-under-load-failed")
        raise AssertionError(
            f"{what}: the map on the page is not the kernel's after {SETTLE_MS // 1000} s with every core busy: "
            f"the page shows {shown}") from error


def click_and_settle(page, what: str) -> None:
    """Click the Play app's first legal action, wait until the kernel's map has changed (the expected-text widget),
    then until the page's map shows the same (:func:`settle`)."""
    expected = page.evaluate(_SHOWN)["expected"]
    button = page.locator(".thurn-play .thurn-action:not([disabled])").first
    label = button.text_content().strip()
    button.click()
    page.wait_for_function(
        "old => JSON.stringify(JSON.parse(document.querySelector('.thurn-map-expected').textContent)) !== old",
        arg=json.dumps(expected, separators=(",", ":"), ensure_ascii=False), timeout=b.WAIT_MS)
    settle(page, f"{what} ({label!r})")


def test_map_follows_every_click_with_the_cpu_busy(tmp_path):
    b.require_browser()
    folder = tmp_path / "nb"
    folder.mkdir()
    name = notebook(folder)
    busy: list[subprocess.Popen] = []
    with b.chromium() as browser:
        context = browser.new_context(viewport=b.VIEWPORT)
        page = context.new_page()
        page.add_init_script(b.PLOTLY_WIDGETS_RENDERED)
        page.set_default_timeout(b.WAIT_MS)
        page.seen = b.PageLog().watch(page)
        try:
            with b.voila(folder / name, tmp_path) as url:
                busy = busy_cores(2 * max(2, os.cpu_count() or 2))   # two per core, from the first load on
                page.goto(url, timeout=b.WAIT_MS)
                page.wait_for_selector(".thurn-play .thurn-action:not([disabled])", timeout=b.WAIT_MS)
                page.wait_for_selector(".thurn-map-expected", state="attached", timeout=b.WAIT_MS)
                settle(page, "the first drawing")
                for game in range(1, GAMES + 1):
                    if game > 1:        # a new game's map, clicked at once: as soon as its buttons show
                        page.locator(".thurn-test-new").click()
                        page.wait_for_function(
                            "n => { const e = document.querySelector('.thurn-map-expected');"
                            " return !!e && JSON.parse(e.textContent).game === n; }", arg=game, timeout=b.WAIT_MS)
                    for click in range(CLICKS):
                        click_and_settle(page, f"game {game}, click {click + 1}")
                b.screenshot(page, "map-under-load")
                assert b.page_problems(page) == [], "the page shows errors"
        finally:
            for proc in busy:
                proc.kill()
                proc.wait(10)
            context.close()


#: Added to the page before it loads: while ``window.__thurnDeaf`` is true, anywidget's two-second wait for a
#: widget's module (``AbortSignal.timeout(2000)``) ends at once, as it does on a busy machine, so every plotly
#: FigureWidget drawn at load is deaf: drawn, then dropping every change sent to it.
DEAF_AT_LOAD = """
window.__thurnDeaf = true;
const thurnTimeout = AbortSignal.timeout.bind(AbortSignal);
AbortSignal.timeout = ms => thurnTimeout(window.__thurnDeaf && ms === 2000 ? 0 : ms);
"""


def test_a_map_that_went_deaf_at_load_is_renewed_and_follows(tmp_path):
    """The cause of the maps frozen under load (issue 33, CI at b73b5bb): anywidget gives a widget two seconds to
    load plotly's module, and one that took longer drops every later change. Here every map drawn at load goes
    deaf on purpose (:data:`DEAF_AT_LOAD`): the first click's change goes unanswered, is sent whole again, then
    the app's FigureBox puts a fresh widget in its place, which shows the click and follows every later one."""
    b.require_browser()
    folder = tmp_path / "nb"
    folder.mkdir()
    name = notebook(folder)
    with b.chromium() as browser:
        context = browser.new_context(viewport=b.VIEWPORT)
        page = context.new_page()
        page.add_init_script(DEAF_AT_LOAD)
        page.add_init_script(b.PLOTLY_WIDGETS_RENDERED)
        page.set_default_timeout(b.WAIT_MS)
        try:
            with b.voila(folder / name, tmp_path) as url:
                page.goto(url, timeout=b.WAIT_MS)
                page.wait_for_selector(".thurn-play .thurn-action:not([disabled])", timeout=b.WAIT_MS)
                page.wait_for_selector(".thurn-map-expected", state="attached", timeout=b.WAIT_MS)
                settle(page, "the first drawing")
                page.evaluate("() => { window.__thurnDeaf = false; }")
                for click in range(3):
                    click_and_settle(page, f"click {click + 1} on a map deaf since the page loaded")
                assert page.locator(".thurn-play .thurn-map .js-plotly-plot").count() == 1, \
                    "one map, the renewed one, is shown"
                b.screenshot(page, "map-renewed")
        finally:
            context.close()
