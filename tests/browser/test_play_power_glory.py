"""Power and Glory played in a real browser as a newcomer would (issue 24: "a game was played to the end on the
northern board in the app in a real browser"): under Voilà, the game app's New game panel → the northern board →
Power and Glory switched on → a game against a greedy bot, clicking only what the screen offers: a draw, a card of
the hand to the route or "as horses +N" (the card panel), a score when the horses suffice (the note counts them),
the turn ended, until the end screen. Checked on the way: the map is drawn (the reconstructed title, the free
cities; the horses in the players table), the card panel and the horses note show and respond, a horse play and a score
happen, and the end screen has its table and chart.

Under THURN_SIZE=small (make test) the game is played until a horse play and a score are done (a few minutes of
clicks are make test-all's); the whole game, to the end screen, under THURN_SIZE=full. Screenshots go to
``$THURN_ARTIFACTS`` (default ``artifacts/screenshots/``): ``voila-pgp-newgame``, ``voila-pgp-cards``,
``voila-pgp-score``, ``voila-pgp-gameover``. Skips without ``/usr/bin/chromium`` or playwright, except under CI.
"""
from __future__ import annotations

import re


from tests.support import browser as b

LABEL = "Thurn und Taxis: Power and Glory — northern board (reconstructed)"
SEED = 2024                 # a fixed deal: the game the newcomer plays is the same every run
CLICKS_MAX = 600            # a whole game of two players takes about 150 of the human's clicks


def _choose(view) -> tuple[str, int, str]:
    """What a newcomer clicks now, read from the screen: (selector, its index, what it is)."""
    actions = view["actions"]
    titles = [a["title"] for a in actions]
    def first(prefix):
        return next((i for i, t in enumerate(titles) if f"type: {prefix}" in t), None)
    if view["keep"]:
        return ".thurn-keep", 0, "keep"
    if (i := first("score")) is not None:
        return ".thurn-action", i, "score"
    if (i := first("draw")) is not None:
        return ".thurn-action", i, "draw"
    if view["cards"]:
        horses = re.search(r"(\d+) horses", view["cards"])
        route = re.search(r"route needs (\d+)", view["cards"])
        have = int(horses.group(1)) if horses else 2
        need = int(route.group(1)) if route else 0
        horse = next((i for i, a in enumerate(actions) if a["text"].startswith("as horses")), None)
        end = next((i for i, a in enumerate(actions) if a["text"] in ("right end ▶", "◀ left end",
                                                                      "add to the route ▶")), None)
        start = next((i for i, a in enumerate(actions) if a["text"] == "start a route"), None)
        anew = next((i for i, a in enumerate(actions) if a["text"].startswith("new route")), None)
        if horse is not None and have <= need:
            return ".thurn-action", horse, "horse"
        spare = horse if have < need + 3 else None          # a few horses to spare are enough
        for i, what in ((end, "route"), (start, "route"), (spare, "horse"), (anew, "route"), (horse, "horse")):
            if i is not None:
                return ".thurn-action", i, what
    if (i := first("end")) is not None:
        return ".thurn-action", i, "end"
    if (i := first("keep")) is not None:
        return ".thurn-action", i, "keep"
    raise AssertionError(f"nothing a newcomer would click: {view}")


def test_a_power_and_glory_game_against_a_bot_in_voila(chromium, tmp_path):
    with b.app_in_voila(chromium, tmp_path, "voila-pgp") as (page, panel):
        screen = b.PlayScreen(page, texts={"note": ".thurn-horses-note", "cards": ".thurn-card-uses"})
        b.fill_new_game(page, [("Ann", "Human"), ("Bob", "Club")], pace="At once")
        b.set_seed(panel, SEED)          # the same deal every run
        panel.locator(".thurn-board select").first.select_option(label=LABEL)
        box = panel.locator(".thurn-expansion-power_glory input").first
        box.wait_for(state="visible", timeout=b.WAIT_MS)
        box.check()
        page.wait_for_timeout(400)
        select = panel.locator(".thurn-board select").first
        assert select.evaluate("s => s.scrollWidth <= s.clientWidth + 2"), "the board's name is cut"
        b.screenshot(page, "voila-pgp-newgame", ".thurn-newgame")
        b.start_game(page, panel)
        svg = page.locator(".thurn-map .js-plotly-plot").first
        title = svg.locator(".gtitle").first.text_content()
        assert "northern board (reconstructed)" in title and title.count("reconstructed") == 1, title
        drawn = svg.text_content()
        for word in ("Lübeck", "Hamburg", "Preußen", "free city"):
            assert word in drawn, f"{word!r} is not on the map"
        table = page.locator(".thurn-play .thurn-players").first.text_content()
        assert "horses" in table, f"the players table counts no horses: {table!r}"   # not under the map

        done: list[str] = []
        shots = set()
        for _ in range(CLICKS_MAX):
            view = screen.view()
            if view["gameover"]:
                break
            if not view["actions"] and not view["keep"]:     # the screen is being redrawn: wait for it
                screen.wait_until_ready()
                continue
            selector, index, what = _choose(view)
            if what == "horse" and "cards" not in shots:
                assert "as horses +" in view["cards"] and "Your carriage:" in view["cards"], view["cards"]
                b.screenshot(page, "voila-pgp-cards", ".thurn-play")
                shots.add("cards")
            if what == "score" and "score" not in shots:
                assert re.search(r"Score: a route of \d+ cards, \d+ horses ✓", view["note"]), view["note"]
                b.screenshot(page, "voila-pgp-score", ".thurn-play")
                shots.add("score")
            if selector == ".thurn-keep":
                for t in range(3):
                    page.locator(".thurn-play .widget-toggle-button").nth(t).click()
                page.wait_for_timeout(300)
            screen.click(selector, index)
            done.append(what)
            message = page.locator(".thurn-play .thurn-message").first.text_content()
            assert "Not allowed" not in message, (what, message)
        assert "horse" in done and "score" in done, (len(done), view["gameover"], done[-40:])
        log = page.locator(".thurn-log").first.text_content()
        assert "horse side up" in log and "scores" in log
        page.wait_for_selector(".thurn-gameover .js-plotly-plot .main-svg", timeout=b.WAIT_MS)
        page.wait_for_timeout(800)
        over = page.locator(".thurn-gameover").first
        said = over.text_content()
        assert "wins" in said or "tie" in said
        assert over.locator("table.thurn-scores").count() == 1
        assert "carriage" not in said, "no carriage is taken under Power and Glory"
        b.screenshot(page, "voila-pgp-gameover", ".thurn-app")
        b.check_clean_voila_page(page)
