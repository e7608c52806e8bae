"""The game app (``make play``) as its words and its layout show in a real browser: Voilà, headless Chromium at the
1280-px viewport of ``tests/support/browser.py``, both expansions.

One served app, two games: Ann against a greedy bot (the New game panel's Human seat, "Starting the game…" at once,
an action typed and sent with Do it, the fair undo slider, the hints in the buttons' words, the players' table and
its note without a sideways scroll bar), then two bots played to the end (the final table's words, the score
chart's titles apart and its x axis ending at the game's last round). Screenshots in ``artifacts/screenshots/``
(``app-1280-*.png``).
"""
from __future__ import annotations

import re


from tests.support import browser as b

APP = b.NOTEBOOKS / "app.ipynb"

#: The choice a dropdown shows ('' when none), its spaces plain.
_SHOWN = "s => s.selectedIndex < 0 ? '' : s.options[s.selectedIndex].text.replace(/\\s/g, ' ')"

#: Every text the app's own message area (the app's, not the game's) shows, as it changes.
_WATCH_MESSAGES = """() => {
  window.__appMessages = [];
  const area = document.querySelector('.thurn-app > .thurn-message');
  new MutationObserver(() => window.__appMessages.push(area.textContent.trim()))
    .observe(area, {subtree: true, childList: true, characterData: true});
}"""

#: Each action button named as a hint names it: its row's title, then its label (the label alone in the row "Or").
_BUTTON_WORDS = """() => [...document.querySelectorAll('.thurn-play .thurn-action')].map(button => {
  const head = button.parentElement.firstElementChild.textContent.trim();
  const label = button.textContent.trim();
  return head === 'Or' ? label : `${head}: ${label}`; })"""

#: The players' table: its box does not scroll sideways, every header is inside the viewport, the note is whole.
_TABLE = """() => {
  const box = document.querySelector('.thurn-players-box');
  const inner = box.querySelector('.widget-html-content') || box;
  const heads = [...box.querySelectorAll('.thurn-players th')].map(th => {
      const r = th.getBoundingClientRect(); return {text: th.textContent.trim(), left: r.left, right: r.right}; });
  const scrolls = [box, inner, ...box.querySelectorAll('div')].filter(el => el.scrollWidth > el.clientWidth + 1)
      .map(el => `${el.className || el.tagName}: ${el.scrollWidth} > ${el.clientWidth}`);
  return {heads, scrolls, width: window.innerWidth, note: box.textContent.includes('Hover over a score'),
          page: document.documentElement.scrollWidth};
}"""

#: The undo slider: disabled or not, its readout, and where its handle sits along its track (0: left, 1: right).
_UNDO = """() => {
  const slider = [...document.querySelectorAll('.thurn-play .widget-slider')]
      .find(s => s.textContent.includes('history'));
  const track = slider.querySelector('.noUi-target, .slider-container').getBoundingClientRect();
  const handle = slider.querySelector('.noUi-handle').getBoundingClientRect();
  const at = (handle.left + handle.width / 2 - track.left) / track.width;
  return {disabled: slider.classList.contains('mod-disabled') || !!slider.querySelector('[disabled]'),
          readout: slider.querySelector('.widget-readout').textContent.trim(), at};
}"""

#: The game-over chart: its title, axis titles (boxes) and the x axis range as plotly drew it.
_CHART = """() => {
  const plot = document.querySelector('.thurn-gameover .js-plotly-plot');
  const box = sel => { const el = plot.querySelector(sel); if (!el) return null;
      const r = el.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  return {title: box('.g-gtitle'), ytitle: box('.g-ytitle'), xtitle: box('.g-xtitle'),
          range: plot._fullLayout.xaxis.range,
          ticks: [...plot.querySelectorAll('.xtick text')].map(t => t.textContent)};
}"""


def _apart(a, b_) -> bool:
    return a["right"] <= b_["left"] or b_["right"] <= a["left"] or a["bottom"] <= b_["top"] or b_["bottom"] <= a["top"]


def test_game_app_words_and_layout_at_1280_px(chromium, tmp_path):
    context = chromium.new_context(viewport=b.VIEWPORT)
    page = context.new_page()
    page.add_init_script(b.PLOTLY_WIDGETS_RENDERED)
    page.set_default_timeout(b.WAIT_MS)
    root = b.copy_notebooks(tmp_path / "notebooks")
    try:
        with b.voila(root / APP.name, tmp_path) as url:
            page.goto(url, timeout=b.WAIT_MS)
            page.wait_for_selector(".thurn-app .thurn-newgame .thurn-start", timeout=b.WAIT_MS)
            try:
                _first_game(page)
                _bots_to_the_end(page)
            except Exception:
                b.screenshot(page, "app-1280-failed")
                raise
    finally:
        context.close()


def _first_game(page) -> None:
    panel = page.locator(".thurn-newgame").first
    kinds = panel.locator(".thurn-seat-kind select")
    assert kinds.nth(0).evaluate(_SHOWN) == "Human", "seat 1's kind shows empty"
    assert kinds.nth(1).evaluate(_SHOWN) == "Club"
    for key in ("messenger", "offices"):
        panel.locator(f".thurn-expansion-{key} input").check()
    panel.locator(".thurn-pace label", has_text="At once").locator("input").check()
    page.wait_for_timeout(300)
    page.evaluate(_WATCH_MESSAGES)
    page.locator(".thurn-start").first.click()
    page.wait_for_selector(".thurn-app .thurn-play .thurn-map .js-plotly-plot .main-svg", timeout=b.WAIT_MS)
    b.wait_for_app(page)
    seen = page.evaluate("() => window.__appMessages")
    assert any(m.startswith("Starting the game") for m in seen), seen
    assert "begins" in page.locator(".thurn-app > .thurn-message").first.text_content()

    undo = page.evaluate(_UNDO)                 # a new game: nothing to undo, the handle at the right (0 actions)
    assert undo["disabled"] and undo["readout"] == "0", undo

    log = page.locator(".thurn-log").first.text_content()
    page.locator(".thurn-play input[placeholder^='type an action']").fill("draw deck")
    page.locator(".thurn-play button", has_text="Do it").click()     # the box loses focus, then the click comes
    page.wait_for_function("log => document.querySelector('.thurn-log').textContent !== log", arg=log)
    page.wait_for_timeout(1500)                 # the click's own message, if any, arrives after the action's
    message = page.locator(".thurn-play .thurn-message").first.text_content()
    assert "Type an action first" not in message and "draws" in message, message
    assert page.locator(".thurn-app > .thurn-message").first.text_content().strip() == "", \
        "the app's 'Ann begins' message stays after the game moved on"
    undo = page.evaluate(_UNDO)                 # fair game: the card drawn from the deck cannot be undone
    assert undo["disabled"] and undo["readout"] == "1" and undo["at"] > 0.9, undo

    page.locator(".thurn-play .thurn-hint").first.click()          # the hints name actions as the buttons do
    page.wait_for_selector(".thurn-hints li", timeout=b.WAIT_MS)
    named = page.evaluate(_BUTTON_WORDS)
    hinted = page.locator(".thurn-hints li b").all_text_contents()
    assert hinted and set(hinted) <= set(named), (hinted, named)

    table = page.evaluate(_TABLE)
    assert table["scrolls"] == [], f"the players' table scrolls sideways: {table['scrolls']}"
    assert table["note"] and [h["text"] for h in table["heads"]][-1] == "score now"
    assert all(0 <= h["left"] and h["right"] <= table["width"] for h in table["heads"]), table["heads"]
    assert table["page"] <= table["width"], f"the page scrolls sideways: {table['page']} px"
    status = page.locator(".thurn-status").first.text_content()
    assert re.search(r"Round \d+", status) and "Turn" not in status, status
    b.screenshot(page, "app-1280-game", ".thurn-app")


def _bots_to_the_end(page) -> None:
    page.locator(".thurn-newgame-open").first.click()
    b.fill_new_game(page, [("Gus", "Club"), ("Rita", "Club")], pace="At once")
    page.locator(".thurn-start").first.click()
    page.locator(".thurn-confirm-new-yes").first.click(timeout=b.WAIT_MS)   # Ann's game is in progress: asked
    page.locator(".thurn-bots-all").first.click(timeout=b.WAIT_MS)
    page.wait_for_selector(".thurn-gameover .js-plotly-plot .main-svg", timeout=b.WAIT_MS)
    page.wait_for_timeout(800)
    over = page.locator(".thurn-gameover").first
    rounds = int(re.search(r"\((\d+) rounds\)", over.text_content()).group(1))
    heads = over.locator("table.thurn-scores th").all_text_contents()
    assert "carriage points" in heads and "carriage" not in heads, heads
    chart = page.evaluate(_CHART)
    assert _apart(chart["ytitle"], chart["title"]) and _apart(chart["xtitle"], chart["title"]), chart
    assert chart["range"][1] == rounds and chart["ticks"] and int(chart["ticks"][-1]) <= rounds, (chart, rounds)
    b.screenshot(page, "app-1280-gameover", ".thurn-gameover")
