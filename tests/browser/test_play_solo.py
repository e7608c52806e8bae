"""SoloPlay played to the end in a real browser as a newcomer would (issue 26): under Voilà, the game app's New game
panel → SoloPlay ticked (the seats become one player), its difficulty and the colour declared when a route starts
chosen in its option dropdowns → every turn clicked as the screen offers it: the Postmaster or a draw, a card to the
route, the route's colour declared (the SoloPlay panel's colour buttons: SoloPlay, 4.4a), a completion from the
panel's row of the colour (4.4d: the coach card named in its note), the cards kept, the 1-point tile's stack and the
hand-management bonus when they come — until the end screen shows the rating (SoloPlay, 1).

Checked on the way: the map draws the four colours' houses (a legend entry each) and the route house on the starting
city; the players table has the colour series, the coach cards, the discard piles and the rating; the panel's note
names the coach card; nothing the newcomer clicks is refused; the end screen has the rating, the final table with
SoloPlay's score items and the chart.

Only under THURN_SIZE=full (make test-all): make test drives the same panels in-process (tests/expansions/solo/test_apps.py).
Screenshots go to ``$THURN_ARTIFACTS`` (default ``artifacts/screenshots/``): ``voila-solo-newgame``,
``voila-solo-start`` (the map with the four colours), ``voila-solo-declare``, ``voila-solo-score``,
``voila-solo-gameover``. Skips without ``/usr/bin/chromium`` or playwright, except under CI.
"""
from __future__ import annotations

import re


from tests.support import browser as b

SEED = 11                   # a fixed deal: the game the newcomer plays is the same every run
CLICKS_MAX = 400            # a whole game takes about 150 clicks
COLOURS = ("blue", "green", "red", "yellow")
#: Tall enough for the whole Play app: an element screenshot is blank where it lies outside the viewport.
VIEWPORT = {**b.VIEWPORT, "height": 2600}


_TRACES = "[...(document.querySelector('.thurn-play .thurn-map .js-plotly-plot').data || [])].map(t => t.name || '')"
_LEGEND = """() => [...document.querySelectorAll('.thurn-play .thurn-map .legendtext')].map(t => t.textContent)"""


def _options(select) -> list[str]:
    """A dropdown's choices as shown (ipywidgets writes its spaces as no-break spaces)."""
    return [o.replace("\xa0", " ") for o in select.evaluate("s => [...s.options].map(o => o.textContent)")]


def _pick(select, words: str) -> None:
    select.select_option(index=_options(select).index(words))


def _points(label: str) -> int:
    m = re.search(r"→ ([+-]\d+)", label)
    return int(m.group(1)) if m else -99


def _choose(view) -> tuple[str, int, str]:
    """What a newcomer clicks now, read from the screen: (selector, its index, what it is). The Postmaster first
    (one official every turn: SoloPlay, 4.1), the best completion the panel offers, a card to the route's end."""
    actions = view["actions"]
    titles = [a["title"] for a in actions]

    def first(prefix, avoid=None):
        return next((i for i, t in enumerate(titles) if f"type: {prefix}" in t.lower()     # (the game's words:
                     and (avoid is None or avoid not in t.split("type:")[1])), None)          # "call Postmaster")
    if view["bottom"]:
        return ".thurn-solo-bottom", 0, "bottom"
    if view["keep"]:
        return ".thurn-keep", 0, "keep"
    for prefix, what in (("declare", "declare"), ("bonus", "bonus"), ("keep", "keep")):
        if (i := first(prefix)) is not None:
            return ".thurn-action", i, what
    scores = [i for i, t in enumerate(titles) if "type: score" in t]
    if scores:
        return ".thurn-action", max(scores, key=lambda i: _points(actions[i]["text"])), "score"
    for prefix, what in (("call postmaster", "postmaster"), ("draw", "draw")):
        if (i := first(prefix)) is not None:
            return ".thurn-action", i, what
    ends = [i for i, a in enumerate(actions) if "type: play" in a["title"] and re.search(r"▶|◀", a["text"])]
    if ends:
        return ".thurn-action", ends[0], "play"
    for prefix, what in (("play", "new route"), ("end", "end"), ("call", "official")):
        if (i := first(prefix)) is not None:
            return ".thurn-action", i, what
    raise AssertionError(f"nothing a newcomer would click: {view}")


def test_a_solo_game_to_the_rating_in_voila(chromium, tmp_path):
    with b.app_in_voila(chromium, tmp_path, "voila-solo", VIEWPORT) as (page, panel):
        screen = b.PlayScreen(page, texts={"note": ".thurn-solo-coach-note", "table": ".thurn-players-box",
                                           "message": ".thurn-message"},
                              counts={"bottom": ".thurn-solo-bottom"}, pause_ms=150)
        box = panel.locator(".thurn-expansion-solo input").first
        box.wait_for(state="visible", timeout=b.WAIT_MS)
        box.check()
        seats = panel.locator(".thurn-seats button", has_text="1 player")
        seats.wait_for(state="visible", timeout=b.WAIT_MS)       # the seats become one player
        assert panel.locator(".thurn-seats button").count() == 1
        difficulty = panel.locator(".thurn-variant-option-difficulty select").first
        difficulty.wait_for(state="visible", timeout=b.WAIT_MS)
        assert "hard: 7 houses of each colour" in _options(difficulty)
        _pick(difficulty, "easy: 10 houses of each colour")
        _pick(panel.locator(".thurn-variant-option-colour_declared select").first,
              "when it is started (route house on its first city)")
        name = panel.locator(".thurn-seat-name input").first
        name.fill("Ann")
        name.press("Tab")
        b.set_seed(panel, SEED)          # the same deal every run
        page.wait_for_timeout(400)
        b.screenshot(page, "voila-solo-newgame", ".thurn-newgame")
        b.start_game(page, panel)
        title = page.locator(".thurn-app-bar").first.text_content()
        assert "SoloPlay" in title and "difficulty: easy" in title and "colour declared: start" in title
        legend = page.evaluate(_LEGEND)
        for colour in COLOURS:                          # the four colours' houses, a legend entry each
            assert any(f"Ann ({colour})" in t for t in legend), (colour, legend)
        drawn = page.locator(".thurn-map .js-plotly-plot").first.text_content()
        assert "Route Planner" not in drawn, "the Play app's map shows the players a second time"
        table = screen.view()["table"]
        for word in ("colour series", "coach cards", "discard piles", "rating", "blue 9"):
            assert word in table, (word, table)
        b.screenshot(page, "voila-solo-start", ".thurn-play")

        done: list[str] = []
        shots = set()
        view = screen.view()
        for _ in range(CLICKS_MAX):
            view = screen.view()
            if view["gameover"]:
                break
            if not view["actions"] and not view["keep"] and not view["bottom"]:
                screen.wait_until_ready()     # the screen is being redrawn
                continue
            selector, index, what = _choose(view)
            if what == "declare" and "declare" not in shots:
                assert "declares the colour of the route just started" in view["status"], view["status"]
                b.screenshot(page, "voila-solo-declare", ".thurn-play")
                shots.add("declare")
            if what == "score" and "score" not in shots:
                assert re.search(r"Complete the route \(\d+ cards\): coach \d \(exact\)", view["note"]) or \
                    "with the Cartwright: coach" in view["note"], view["note"]
                b.screenshot(page, "voila-solo-score", ".thurn-play")
                shots.add("score")
            if selector == ".thurn-keep":
                toggles = page.locator(".thurn-play .widget-toggle-button")
                for t in range(3):
                    toggles.nth(t).click()
                page.wait_for_timeout(300)
            screen.click(selector, index)
            done.append(what)
            message = page.locator(".thurn-play .thurn-message").first.text_content()
            assert "Not allowed" not in message and "went wrong" not in message, (what, message)
            if what == "declare" and "route house" not in shots:     # on the starting city
                page.wait_for_function(f"() => {_TRACES}.some(n => n.startsWith('route house'))",
                                       timeout=b.WAIT_MS)
                shots.add("route house")
        assert view["gameover"], (len(done), done[-30:])
        assert {"declare", "score", "postmaster"} <= set(done), sorted(set(done))
        log = page.locator(".thurn-log").first.text_content()
        assert "declares" in log and "route house" in log and "scores" in log
        page.wait_for_selector(".thurn-gameover .js-plotly-plot .main-svg", timeout=b.WAIT_MS)
        page.wait_for_timeout(800)
        over = page.locator(".thurn-gameover").first
        said = over.text_content()
        assert re.search(r"Game over — -?\d+ points?, (no victory|minor victory|major victory|complete "
                         r"victory)", said), said[:300]
        assert "coach sets" in said and "discard penalty" in said and "houses left" in said
        assert over.locator("table.thurn-scores").count() == 1
        assert "highest carriage" not in said
        rating = page.locator(".thurn-play .thurn-solo-rating").first.text_content()
        assert "victory" in rating
        b.screenshot(page, "voila-solo-gameover", ".thurn-app")
        b.check_clean_voila_page(page)
