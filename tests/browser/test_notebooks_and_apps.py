"""The notebooks and the Play app seen in a real browser: headless Debian Chromium against JupyterLab and Voilà.

Each notebook runs top to bottom in JupyterLab; the page must show no error, draw its plotly figures and
widgets, and ask nothing of any host but 127.0.0.1 (plotly.js is embedded). In the Play app, a click on a
legal action must change the map and the log, in JupyterLab and under Voilà. Screenshots go to
``$THURN_ARTIFACTS`` (default ``artifacts/screenshots/``).

Skips on a machine without ``/usr/bin/chromium`` or playwright, except under CI (``CI=true``): there it fails.
"""
from __future__ import annotations

import json
import re
from contextlib import contextmanager

import pytest

from tests.support import browser as b
from thurn.sim import full_size

NOTEBOOKS = sorted(b.NOTEBOOKS.glob("*.ipynb"))
#: The notebooks that simulate hundreds of games: the fast lane (make test, THURN_SIZE=small) runs them under nbval
#: only; make test-all (CI) runs them in the browser too, their simulations small there (the ``lab`` fixture).
SIMULATING = {"05_strategy_lab", "06_messenger_and_offices", "07_power_and_glory", "08_the_audience", "09_soloplay"}
#: ... the app notebook, which make test checks served by Voilà (test_game_app_in_voila), and the route explorer's
#: and the what-if's notebooks, whose apps make test drives in-process (tests/apps/test_explorer.py,
#: tests/apps/test_whatif.py): in JupyterLab in make test-all, so that make test keeps to its 5 minutes.
FULL_LANE_ONLY = SIMULATING | {"app", "03_route_explorer", "04_scoring_what_if"}
PLAY = b.NOTEBOOKS / "02_play_a_game.ipynb"
#: Every notebook's printed text fits the page (tests/notebooks/test_text_width.py).
LESSONS = {nb.stem for nb in NOTEBOOKS}
DRAWS_A_FIGURE = re.compile(r"\bboard_figure\(|\bFigureWidget\(|\bgo\.Figure\(")


@pytest.fixture(scope="module")
def lab(chromium, tmp_path_factory):
    """One JupyterLab for the module, serving a copy of notebooks/. Its kernels play the notebooks' simulations
    small (THURN_SIZE=small): what is checked here is what the page shows; the simulations at full size, and the
    numbers they print, are nbval's in make test-all (in JupyterLab at full size they took 26 of CI's worker
    minutes, issue 33)."""
    home = tmp_path_factory.mktemp("lab")
    with b.jupyter_lab(b.copy_notebooks(home / "notebooks"), home, size="small") as lab:
        yield lab


@pytest.fixture
def page(chromium):
    """A fresh browser context and page, with a log of its requests and errors as ``page.seen``."""
    context = chromium.new_context(viewport=b.VIEWPORT)
    page = context.new_page()
    page.add_init_script(b.PLOTLY_WIDGETS_RENDERED)
    page.set_default_timeout(b.WAIT_MS)
    page.seen = b.PageLog().watch(page)
    try:
        yield page
    finally:
        context.close()


@contextmanager
def screenshot_on_failure(page, name: str):
    """A screenshot ``<name>-failed.png`` of what the page showed when a check failed."""
    try:
        yield
    except BaseException:
        try:
            b.screenshot(page, f"{name}-failed")
        except Exception:
            pass
        raise


def check_play_click(page, name: str) -> None:
    """A click on the first legal action changes the map (title or drawing) and the log; shots before and after."""
    b.screenshot(page, f"{name}-before-click", ".thurn-play")
    label, before, after = b.click_first_action(page)
    page.wait_for_timeout(500)  # let plotly finish the redraw before the shot
    b.screenshot(page, f"{name}-after-click", ".thurn-play")
    assert after["log"] != before["log"], f"clicking {label!r} left the log unchanged"
    assert b.page_problems(page) == [], f"errors after clicking {label!r}"


_EXPLORER = """() => {
  const app = document.querySelector('.thurn-explorer');
  const rows = [...app.querySelectorAll('.thurn-route-row')].filter(r => r.offsetParent !== null);
  return {
    head: [...app.querySelectorAll('.thurn-routes-head button')].map(x => x.textContent.trim()),
    rows: rows.map(r => [r.querySelector('button').textContent.trim(),
                         ...[...r.querySelectorAll('.thurn-cells > span')].map(c => c.textContent.trim())]),
    selected: rows.findIndex(r => r.classList.contains('thurn-row-selected')),
    title: [...app.querySelectorAll('.thurn-map .gtitle')].map(t => t.textContent).join(' '),
  };
}"""


def check_explorer(page, name: str) -> None:
    """The first RouteExplorer: clicking a column's name sorts its rows, clicking a row's number draws that route,
    and a typed route makes the map show the best option for it (issue 14). Shot after the clicks."""
    app = page.locator(".thurn-explorer").first
    before = page.evaluate(_EXPLORER)
    assert before["rows"] and before["head"][0].startswith("#"), f"no sortable route table: {before['head']}"
    column = before["head"].index("cards")
    app.locator(".thurn-routes-head button", has_text="cards").click()
    page.wait_for_function(f"() => {{ const t = ({_EXPLORER})(); const c = t.rows.map(r => +r[{column}]);"
                           " return t.head.includes('cards ▼') && c.every((x, i) => i === 0 || c[i - 1] >= x); }")
    after = page.evaluate(_EXPLORER)
    cards = [int(r[column]) for r in after["rows"]]
    assert cards == sorted(cards, reverse=True) and cards != [int(r[column]) for r in before["rows"]], cards
    route = after["rows"][3][before["head"].index("route")]
    app.locator(".thurn-route-row").nth(3).locator("button").click()
    page.wait_for_function("route => [...document.querySelector('.thurn-explorer').querySelectorAll("
                           "'.thurn-map .gtitle')].some(t => t.textContent.includes(route))", arg=route)
    assert page.evaluate(_EXPLORER)["selected"] == 3
    box = app.locator(".widget-text input").first
    box.fill("Basel, Freiburg")
    box.press("Enter")
    page.wait_for_function("() => [...document.querySelector('.thurn-explorer').querySelectorAll("
                           "'.thurn-map .gtitle')].some(t => t.textContent.includes('Basel–Freiburg')"
                           " && t.textContent.includes('suggested (extension'))")
    page.wait_for_timeout(500)  # let plotly finish the redraw before the shot
    b.screenshot(page, f"{name}-explorer", ".thurn-explorer")
    assert b.page_problems(page) == [], "errors after using the route explorer"


def _in_this_lane(notebook):
    if notebook.stem in FULL_LANE_ONLY and not full_size():
        return pytest.param(notebook, marks=pytest.mark.skip(reason="in JupyterLab in make test-all (CI); here "
                                                                    "under nbval (and the app in Voilà)"))
    return notebook


@pytest.mark.parametrize("notebook", [_in_this_lane(n) for n in NOTEBOOKS], ids=lambda path: path.stem)
def test_notebook_runs_in_lab(notebook, lab, page):
    name = f"lab-{notebook.stem}"
    try:
        with screenshot_on_failure(page, name):
            b.open_notebook(page, lab, notebook.name)
            cells = b.run_all_cells(page)
            assert b.error_outputs(cells) == [], "error outputs"
            b.wait_for_rendering(page)
            b.screenshot_notebook(page, name)

            assert b.page_problems(page) == [], "the page shows errors"
            if b.count_mime(cells, b.PLOTLY_MIME) or any(DRAWS_A_FIGURE.search(cell["source"]) for cell in cells):
                assert b.count(page, ".js-plotly-plot .main-svg") > 0, "the notebook draws a figure; none is drawn"
            if b.count_mime(cells, b.WIDGET_MIME):
                assert b.count(page, ".jupyter-widgets, [class*='widget-']") > 0, "widget outputs, but no widget drawn"
            answered = page.evaluate("() => Array.from(document.querySelectorAll('.thurn-verdict'))"
                                     ".map(e => e.innerText.trim()).filter(t => t)")
            assert answered == [], f"a quiz is answered after Run All: {answered[:2]}"   # the learner answers them
            for header, count in b.stepper_counts(page):        # "Step 1 of 12" beside "1 / 12"
                step = re.search(r"Step (\d+) of (\d+)", header)
                assert step and count == f"{step[1]} / {step[2]}", (header, count)
            if notebook.stem in LESSONS:
                assert b.wrapped_text(page) == [], "printed lines wrap (JupyterLab breaks them inside words)"
            if notebook == PLAY:
                assert b.count(page, ".thurn-play") > 0, "the Play notebook shows no Play app (.thurn-play)"
            if b.count(page, ".thurn-play"):
                check_play_click(page, name)
            if b.count(page, ".thurn-explorer"):
                check_explorer(page, name)

            assert page.seen.external == [], "requests to hosts other than 127.0.0.1"
            assert page.seen.errors() == [], "JavaScript errors in the console or uncaught"
    finally:
        lab.shut_down_kernels()


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


#: A game with both expansions, played at random up to a return round in which the player to move holds two
#: different office tiles or more; the app shows it (hotseat, no autosave). The first line says where thurn comes
#: from, so the test knows the kernel runs this checkout.
EXPANSIONS_CELL = """\
import random
import thurn
from thurn.expansions.offices import rules as offices
from thurn.widgets import Play
print("thurn from", thurn.__file__)
s = thurn.new_game(["Ann", "Ben", "Cid"], seed=1, rules={"expansions": ["messenger", "offices"]})
rng = random.Random(3)
while s.step != "return" or sum(1 for k in offices.held(s, s.to_move).values() if k) < 2:
    s = s.apply(rng.choice(s.legal_actions()))
app = Play(state=s, autosave=False)
app
"""


def expansions_notebook(folder) -> str:
    """Write the notebook of :data:`EXPANSIONS_CELL` into ``folder``; its name."""
    name = "expansions_play.ipynb"
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "expansions", "metadata": {},
                     "outputs": [], "source": EXPANSIONS_CELL.splitlines(keepends=True)}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (folder / name).write_text(json.dumps(nb))
    return name


def test_expansions_map_and_return_picker_in_lab(lab, page):
    """Both expansions in JupyterLab: the map shows the letters and the office stacks (the table under it), the
    status line the return round, and a return chosen through the picker (two tiles, the deck's top card) is
    played: the log, the status and the map change."""
    name = "lab-expansions"
    try:
        with screenshot_on_failure(page, name):
            b.open_notebook(page, lab, expansions_notebook(lab.root))
            cells = b.run_all_cells(page)
            assert b.error_outputs(cells) == [], "error outputs"
            printed = "".join("".join(o.get("text", "")) for o in cells[0]["outputs"] if o["output_type"] == "stream")
            assert f"thurn from {b.ROOT}" in printed, f"the kernel does not run this checkout's thurn: {printed!r}"
            b.wait_for_rendering(page)
            app = page.locator(".thurn-play").first
            svg = app.locator(".thurn-map svg.main-svg").first
            # the players table beside the map holds the expansions' columns and the supply's row (issue 33: the
            # map draws no table of its own, so that each player is shown once)
            table = app.locator(".thurn-players").first.text_content()
            for words in ("letters", "Messenger", "Administrator", "Postmaster", "Cartwright", "chips", "supply",
                          "on cities", "empty"):
                assert words in table, f"the players table does not show {words!r}: {table[:400]!r}"
            assert svg.is_visible()
            assert app.locator(".thurn-map .legendtext", has_text="letters").count() == 1, "no letters on the map"
            status = app.locator(".thurn-status").first.text_content()
            assert "return round" in status and "returns tiles (return round started by" in status, status
            b.screenshot(page, f"{name}-return-round", ".thurn-play")

            before = b.play_state(page)
            tiles = app.locator(".thurn-return-tile")
            assert tiles.count() >= 2, "the return picker shows fewer than two tiles"
            assert app.locator(".thurn-return").first.is_disabled(), "returning is possible before choosing"
            tiles.nth(0).click()
            tiles.nth(1).click()
            note = app.locator(".thurn-return-note")
            note.filter(has_text="earns a card").wait_for()
            reward = app.locator(".thurn-return-reward select")
            reward.select_option(label="the top card of the deck")
            confirm = app.locator(".thurn-return:not([disabled])")
            confirm.wait_for()
            assert "the top card of the deck" in confirm.text_content()
            b.screenshot(page, f"{name}-picker", ".thurn-play")
            confirm.click()
            page.wait_for_function(b._CHANGED, arg=[before["title"], before["svg"], before["log"]], timeout=b.WAIT_MS)
            page.wait_for_timeout(500)  # let plotly finish the redraw before the shot
            after = b.play_state(page)
            assert re.search(r"returns 2 tiles \(.*\) and gets the top card of the deck", after["message"]), after
            assert app.locator(".thurn-status").first.text_content() != status, "the status line did not change"
            b.screenshot(page, f"{name}-after-return", ".thurn-play")
            assert b.page_problems(page) == [], "the page shows errors"
            assert page.seen.external == [], "requests to hosts other than 127.0.0.1"
            assert page.seen.errors() == [], "JavaScript errors in the console or uncaught"
    finally:
        lab.shut_down_kernels()


#: The tutorial's rules stepper on its last step (a cell of its own, so that the test needs no Run All of notebook
#: 01, which test_notebook_runs_in_lab covers).
STEPPER_CELL = """\
import thurn
from thurn.widgets import RulesStepper
print("thurn from", thurn.__file__)
RulesStepper(start="final_score")
"""

_GAME_STATE = """() => {
  const game = document.querySelector('.thurn-stepper .thurn-guided-game');
  if (!game) return null;
  return {happened: (game.querySelector('.thurn-happened') || {}).textContent || '',
          rule: (game.querySelector('.thurn-rule') || {}).textContent || '',
          svg: [...game.querySelectorAll('.thurn-map svg.main-svg')].map(s => s.innerHTML).join(''),
          actions: [...game.querySelectorAll('.thurn-action')].filter(b => !b.disabled).length,
          botMove: [...game.querySelectorAll('.thurn-next')].some(b => !b.disabled)};
}"""


def test_tutorial_stepper_note_and_first_game_in_lab(lab, page):
    """The rules stepper in JupyterLab: the other rulebooks' headings open on request (a <details> note naming
    the books); "Play a game" opens the first game; a click on a legal action plays it (the rule is cited, the map
    changes), and on the bot's turn Next shows its action in words."""
    name = "lab-tutorial-stepper"
    try:
        with screenshot_on_failure(page, name):
            nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "stepper", "metadata": {},
                             "outputs": [], "source": STEPPER_CELL.splitlines(keepends=True)}],
                  "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
                  "nbformat": 4, "nbformat_minor": 5}
            (lab.root / "tutorial_stepper.ipynb").write_text(json.dumps(nb))
            b.open_notebook(page, lab, "tutorial_stepper.ipynb")
            cells = b.run_all_cells(page)
            assert b.error_outputs(cells) == [], "error outputs"
            printed = "".join("".join(o.get("text", "")) for o in cells[0]["outputs"] if o["output_type"] == "stream")
            assert f"thurn from {b.ROOT}" in printed, f"the kernel does not run this checkout's thurn: {printed!r}"
            b.wait_for_rendering(page)
            stepper = page.locator(".thurn-stepper").first
            assert "base rules, Game End and Scoring — The end of the game" in stepper.text_content()
            note = stepper.locator("details.thurn-rulebooks").first
            assert not note.locator("li").first.is_visible(), "the other rulebooks' headings show unasked"
            note.locator("summary").click()
            note.locator("li", has_text="Polish rulebook").wait_for()
            assert "000" not in note.text_content() and "004" not in note.text_content()
            b.screenshot(page, f"{name}-rulebooks-note", ".thurn-stepper")

            stepper.locator(".thurn-next", has_text="Play a game").click()
            page.wait_for_function("() => { const g = document.querySelector('.thurn-stepper .thurn-guided-game');"
                                   " return !!g && !!g.querySelector('.thurn-map .main-svg')"
                                   " && g.querySelectorAll('.thurn-action').length > 0; }", timeout=b.WAIT_MS)
            page.wait_for_timeout(500)
            first = page.evaluate(_GAME_STATE)
            assert "base rules, 1 — Drawing a city card" in first["rule"] and first["actions"] > 0, first
            b.screenshot(page, f"{name}-game-start", ".thurn-stepper")
            game = stepper.locator(".thurn-guided-game")
            for _ in range(12):                      # Ann's first turn, one click per decision
                state = page.evaluate(_GAME_STATE)
                if state["botMove"]:
                    break
                changed = ("old => { const g = document.querySelector('.thurn-guided-game .thurn-happened');"
                           " return !!g && g.textContent !== old; }")
                for attempt in range(3):
                    # a click that lands on a button the kernel is replacing (the last action's buttons, under load)
                    # is lost with it: click the buttons shown now again, at most twice
                    game.locator(".thurn-action:not([disabled])").first.click()
                    try:
                        page.wait_for_function(changed, arg=state["happened"], timeout=b.WAIT_MS // 6)
                        break
                    except Exception:
                        if attempt == 2:
                            raise
                assert "Your move" in page.evaluate(_GAME_STATE)["happened"]
            state = page.evaluate(_GAME_STATE)
            assert state["botMove"], "Ann's turn did not end within 12 clicks"
            assert state["svg"] != first["svg"], "the map did not change with Ann's moves"
            game.locator(".thurn-next:not([disabled])").click()
            page.wait_for_function("() => { const g = document.querySelector('.thurn-guided-game .thurn-happened');"
                                   " return !!g && g.textContent.includes(\"Bot's move\"); }", timeout=b.WAIT_MS)
            page.wait_for_timeout(500)
            after = page.evaluate(_GAME_STATE)
            assert "Bot" in after["happened"] and "base rules, " in after["happened"], after
            b.screenshot(page, f"{name}-bot-move", ".thurn-stepper")
            assert b.page_problems(page) == [], "the page shows errors"
            assert page.seen.external == [], "requests to hosts other than 127.0.0.1"
            assert page.seen.errors() == [], "JavaScript errors in the console or uncaught"
    finally:
        lab.shut_down_kernels()


#: A finished greedy game reviewed for Ann with a small search budget (the review app, issue 14). The first line
#: says where thurn comes from, so the test knows the kernel runs this checkout.
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
        # each mistake one line first (issue 33), its full lines folded under it
        assert mistakes.count("Turn ") == 3 and "points better (expected)" in mistakes, mistakes[:400]
        assert app.locator(".thurn-review-mistakes details").count() == 3, "the full lines are not folded"
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


# -- the game app (notebooks/app.ipynb, `make play`) -----------------------------------------------------------

APP = b.NOTEBOOKS / "app.ipynb"


def check_game_app(page, name: str) -> None:
    """The game app as a newcomer uses it: the New game panel filled and started (Ann against a greedy bot, the
    bots step by step); Ann's actions until the bot's turn; the bot's turn one Next at a time, each action said in
    words and drawn; the game downloaded in the browser (the file loads with thurn) and opened again by upload (a
    game in progress: asked first); then a new game between two bots over the one in progress (asked first),
    played at once to the game-over screen, and its review opened there. Screenshots of each."""
    from thurn import GameState

    page.wait_for_selector(".thurn-app .thurn-newgame .thurn-start", timeout=b.WAIT_MS)
    fill_seats = [("Ann", "Human"), ("Bob", "Club")]
    b.fill_new_game(page, fill_seats)
    b.screenshot(page, f"{name}-newgame", ".thurn-app")
    page.locator(".thurn-start").first.click()
    page.wait_for_selector(".thurn-app .thurn-play .thurn-map .js-plotly-plot .main-svg", timeout=b.WAIT_MS)
    b.wait_for_app(page)
    assert "Ann" in page.locator(".thurn-app-bar").first.text_content()
    assert "seed" not in page.locator(".thurn-app-bar").first.text_content()      # a fair game (issue 33)
    b.screenshot(page, f"{name}-started")

    for _ in range(10):                            # Ann plays until the bot is to move
        if b.app_view(page)["next"]:
            break
        b.click_and_wait(page, page.locator(".thurn-play .thurn-action:not([disabled])").first)
    assert b.app_view(page)["next"], "no Next button: the bot's turn is not shown step by step"
    b.screenshot(page, f"{name}-bot-turn", ".thurn-play")

    steps = 0
    while b.app_view(page)["next"] and steps < 12:
        before, after = b.click_and_wait(page, page.locator(".thurn-next").first)
        steps += 1
        # each Next says the bot's new action (the log changed: click_and_wait waits for it); two draws from the
        # deck in a row (the Postmaster's) read the same, so the message itself may repeat
        assert "Bob" in after["message"] and after["log"] != before["log"], after["message"]
        assert "see the log" not in after["message"]
        page.wait_for_timeout(300)
        b.screenshot(page, f"{name}-bot-step{steps}", ".thurn-play")
    assert steps >= 2, f"the bot's turn took {steps} step(s)"

    assert page.locator(".thurn-download-link").count() == 0       # no file in the page until asked (issue 33)
    page.locator(".thurn-play .thurn-download").first.click()      # a fair game: what the file holds, said first
    page.locator(".thurn-download-confirm", has_text="holds the whole game").first.wait_for(timeout=b.WAIT_MS)
    with page.expect_download(timeout=b.WAIT_MS) as info:         # made on the click and saved at once
        page.locator(".thurn-download-yes").first.click()
    download = info.value
    assert re.fullmatch(r"thurn-[0-9a-f]{12}\.json", download.suggested_filename), download.suggested_filename
    saved = GameState.from_json(open(download.path(), encoding="utf-8").read())
    assert saved.names == ("Ann", "Bob") and len(saved.history) >= steps

    page.locator(".thurn-newgame-open").first.click()          # the downloaded file opened again (upload)
    with page.expect_file_chooser(timeout=b.WAIT_MS) as chooser:          # ipywidgets' FileUpload: a button
        page.locator(".thurn-app-upload").first.click()
    chooser.value.set_files(download.path())
    page.locator(".thurn-confirm-new-yes").first.click(timeout=b.WAIT_MS)   # a game is in progress: asked first
    page.locator(".thurn-app > .thurn-message", has_text="Opened").first.wait_for(timeout=b.WAIT_MS)
    page.wait_for_selector(".thurn-app .thurn-play .thurn-map .js-plotly-plot .main-svg", timeout=b.WAIT_MS)

    page.locator(".thurn-newgame-open").first.click()
    b.fill_new_game(page, [("Gus", "Club"), ("Rita", "Club")], pace="At once")
    page.locator(".thurn-start").first.click()
    confirm = page.locator(".thurn-confirm-new-yes")
    confirm.wait_for(timeout=b.WAIT_MS)
    assert "A game is in progress" in page.locator(".thurn-confirm-new").first.text_content()
    confirm.click()
    page.locator(".thurn-bots-all").first.click(timeout=b.WAIT_MS)
    page.wait_for_selector(".thurn-gameover h2", timeout=b.WAIT_MS)
    page.wait_for_selector(".thurn-gameover .js-plotly-plot .main-svg", timeout=b.WAIT_MS)
    page.wait_for_timeout(800)
    over = page.locator(".thurn-gameover").first
    assert "Game over" in over.text_content() and "wins" in over.text_content()
    assert over.locator("table.thurn-scores tr").count() == 3        # a header row and a row per player
    assert over.locator(".thurn-gameover-new").count() == 1 and over.locator("button.thurn-review").count() == 1
    b.screenshot(page, f"{name}-gameover")

    over.locator("button.thurn-review").first.click()          # Review this game: the search bot's review of Gus
    page.wait_for_selector(".thurn-gameover .thurn-review-mistakes", timeout=b.WAIT_MS)
    review = page.locator(".thurn-gameover .thurn-review-mistakes").first
    # the review is done when its summary shows (the game's seed is random: its mistakes, if any, differ run by run)
    over.filter(has_text="decisions with a choice; the search bot agrees with").wait_for(timeout=b.WAIT_MS)
    review.scroll_into_view_if_needed()
    page.wait_for_function("() => [...document.querySelectorAll('.thurn-gameover .js-plotly-plot')]"
                           ".filter(p => p.querySelector('.main-svg')).length >= 3",
                           timeout=b.WAIT_MS)             # the scores chart, the review's chart and its replay map
    assert "Game review: Gus · Rita" in over.text_content()
    page.wait_for_timeout(500)
    b.screenshot(page, f"{name}-review", ".thurn-gameover")
    assert b.page_problems(page) == [], "the page shows errors"


def test_game_app_in_voila(chromium, tmp_path):
    assert APP.exists(), f"{APP.relative_to(b.ROOT)} is missing: `make play` serves it"
    context = chromium.new_context(viewport=b.VIEWPORT, accept_downloads=True)
    page = context.new_page()
    page.add_init_script(b.PLOTLY_WIDGETS_RENDERED)
    page.set_default_timeout(b.WAIT_MS)
    page.seen = b.PageLog().watch(page)
    root = b.copy_notebooks(tmp_path / "notebooks")
    try:
        with b.voila(root / APP.name, tmp_path) as url, screenshot_on_failure(page, "voila-app"):
            page.goto(url, timeout=b.WAIT_MS)
            b.screenshot(page, "voila-app")
            text = page.locator("body").text_content()
            assert "python" not in text.lower().replace("thurn", ""), "the app hints at running Python"
            check_game_app(page, "voila-app")
            assert page.seen.external_hosts() <= b.VOILA_CDN_HOSTS, "requests to unexpected hosts"
            assert page.seen.errors(b.VOILA_NOISE) == [], "JavaScript errors other than Voilà's known harmless ones"
    finally:
        context.close()


def test_game_app_in_lab(chromium, lab):
    context = chromium.new_context(viewport=b.VIEWPORT, accept_downloads=True)
    page = context.new_page()
    page.add_init_script(b.PLOTLY_WIDGETS_RENDERED)
    page.set_default_timeout(b.WAIT_MS)
    page.seen = b.PageLog().watch(page)
    try:
        with screenshot_on_failure(page, "lab-app-game"):
            b.open_notebook(page, lab, APP.name)
            cells = b.run_all_cells(page)
            assert b.error_outputs(cells) == [], "error outputs"
            check_game_app(page, "lab-app")
            assert page.seen.external == [], "requests to hosts other than 127.0.0.1"
            assert page.seen.errors() == [], "JavaScript errors in the console or uncaught"
    finally:
        context.close()
        lab.shut_down_kernels()
