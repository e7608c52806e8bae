"""A second board in the game app, in a real browser (issue 24): under Voilà, the New game panel switches to the toy
board (``tests/data/pg_toy.json``, a reconstructed board with free cities, given to ``GameApp(boards=...)``),
offers only the expansions it plays under, starts a game, and the map shows the toy board: its title says
"(reconstructed board)", its cities, its free cities in the legend and a city's bonus tile. Screenshots go to
``$THURN_ARTIFACTS`` (default ``artifacts/screenshots/``): ``voila-pg-newgame``, ``voila-pg-started``.

Skips on a machine without ``/usr/bin/chromium`` or playwright, except under CI (``CI=true``): there it fails.
"""
from __future__ import annotations

from pathlib import Path

import nbformat

from tests.support import browser as b
from tests.support.paths import DATA

TOY = DATA / "pg_toy.json"
LABEL = "Toy north (reconstructed)"


def app_notebook(folder: Path) -> Path:
    """The app notebook as ``make play`` serves it, with the toy board offered beside the installed ones."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(f"from thurn.widgets import GameApp\n\nGameApp(boards=[{str(TOY)!r}])")]
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    path = folder / "pg_app.ipynb"
    nbformat.write(nb, path)
    return path


def test_the_new_game_panel_starts_a_game_on_another_board_in_voila(chromium, tmp_path):
    context = chromium.new_context(viewport=b.VIEWPORT)
    page = context.new_page()
    page.add_init_script(b.PLOTLY_WIDGETS_RENDERED)
    page.set_default_timeout(b.WAIT_MS)
    page.seen = b.PageLog().watch(page)
    folder = tmp_path / "notebooks"
    folder.mkdir()
    try:
        with b.voila(app_notebook(folder), tmp_path) as url:
            try:
                page.goto(url, timeout=b.WAIT_MS)
                panel = page.locator(".thurn-app .thurn-newgame").first
                panel.locator(".thurn-start").wait_for(timeout=b.WAIT_MS)
                assert panel.locator(".thurn-expansion-offices").first.is_visible()       # the base board: all
                b.fill_new_game(page, [("Ann", "Human"), ("Bob", "Club")])
                panel.locator(".thurn-board select").first.select_option(label=LABEL)
                panel.locator(".thurn-board-note", has_text="Not with Offices of Honor").first.wait_for(
                    timeout=b.WAIT_MS)
                assert "is a reconstructed board" in panel.locator(".thurn-board-note").first.text_content()
                assert not panel.locator(".thurn-expansion-offices").first.is_visible()
                assert panel.locator(".thurn-expansion-messenger").first.is_visible()
                b.screenshot(page, "voila-pg-newgame", ".thurn-app")
                panel.locator(".thurn-start").first.click()
                page.wait_for_selector(".thurn-app .thurn-play .thurn-map .js-plotly-plot .main-svg",
                                       timeout=b.WAIT_MS)
                b.wait_for_app(page)
                bar = page.locator(".thurn-app-bar").first.text_content()
                assert "board: Toy north (reconstructed board)" in bar, bar
                svg = page.locator(".thurn-map .js-plotly-plot").first
                title = svg.locator(".gtitle").first.text_content()
                assert "Toy north (reconstructed board)" in title, title
                drawn = svg.text_content()
                for word in ("Lübeck", "Bremen", "Flensburg", "Nordmark", "free city", "city tiles"):
                    assert word in drawn, f"{word!r} is not on the map"
                assert "Carlsruhe" not in drawn                                  # not the base board
                page.wait_for_timeout(500)
                b.screenshot(page, "voila-pg-started", ".thurn-play")
                before, after = b.click_and_wait(page, page.locator(".thurn-play .thurn-action:not([disabled])").first)
                assert after["log"] != before["log"]
                assert b.page_problems(page) == [], "the page shows errors"
                assert page.seen.external_hosts() <= b.VOILA_CDN_HOSTS, "requests to unexpected hosts"
                assert page.seen.errors(b.VOILA_NOISE) == [], "JavaScript errors other than Voilà's harmless ones"
            except BaseException:
                try:
                    b.screenshot(page, "voila-pg-failed")
                except Exception:
                    pass
                raise
    finally:
        context.close()
