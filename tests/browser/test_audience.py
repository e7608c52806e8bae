"""The Audience played in a real browser as a newcomer would (issue 25): under Voilà, the game app's New game panel →
The Audience switched on → a game against a greedy bot: the seal step (a clergyman chosen for each carriage, a rank
twice refused in the engine's words, then sealed), then draws, cards to the route and scorings (the one with the
fewest houses, so that cards without a house move carriages), until the carriage step shows and a carriage moves
with its button ("Baiern → Trient"). Checked on the way: the Rome strip is drawn under the board (its title says
reconstructed, its cities, the carriages' key with Ann's own clergymen), the bot's clergymen are never named.

It runs under THURN_SIZE=full (make test-all, a few minutes of clicks); make test drives the same panels in-process
(tests/expansions/audience/test_apps.py). Screenshots go to ``$THURN_ARTIFACTS`` (default ``artifacts/screenshots/``):
``voila-au-seal``, ``voila-au-strip``, ``voila-au-carriage``. Skips without ``/usr/bin/chromium`` or playwright,
except under CI.
"""
from __future__ import annotations

import re


from tests.support import browser as b

SEED = 2025                 # a fixed deal: the game the newcomer plays is the same every run
CLICKS_MAX = 300
RANKS = ("Kardinal (5 points)", "Bischof (4 points)", "Abt (3 points)", "Priester (2 points)",
         "Ministrant (1 point)")


#: Ann's own ranks drawn inside the five carriages (the marker texts "1" to "5" on the map, no route drawn yet).
_RANKS_DRAWN = """() => [...document.querySelectorAll('.thurn-map .js-plotly-plot .textpoint text')]
  .map(t => t.textContent.trim()).filter(t => /^[1-5]$/.test(t)).sort().join('') === '12345'"""


def _houses(title: str) -> int:
    m = re.search(r"type: score (\S*)", title)
    return len(m.group(1).split("+")) if m and m.group(1) else 0


def _choose(view) -> tuple[str, int, str]:
    """What the newcomer clicks now: a carriage move, a scoring with the fewest houses, a draw, a card to the
    route, the end of the turn."""
    if view["moves"]:
        return ".thurn-carriage-move", 0, "carriage"
    if view["keep"]:
        return ".thurn-keep", 0, "keep"
    titles = [a["title"] for a in view["actions"]]
    scores = [i for i, t in enumerate(titles) if "type: score" in t]
    if scores:
        return ".thurn-action", min(scores, key=lambda i: _houses(titles[i])), "score"
    for prefix in ("draw", "play", "end", "keep"):
        i = next((i for i, t in enumerate(titles) if f"type: {prefix}" in t and "new" not in t.split("type:")[1]),
                 None)
        if i is None:
            i = next((i for i, t in enumerate(titles) if f"type: {prefix}" in t), None)
        if i is not None:
            return ".thurn-action", i, prefix
    raise AssertionError(f"nothing a newcomer would click: {view}")


def test_the_audience_in_voila_seals_and_moves_a_carriage(chromium, tmp_path):
    with b.app_in_voila(chromium, tmp_path, "voila-au") as (page, panel):
        screen = b.PlayScreen(page, counts={"seal": ".thurn-seal"}, buttons={"moves": ".thurn-carriage-move"},
                              whole="play")
        b.fill_new_game(page, [("Ann", "Human"), ("Bob", "Club")], pace="At once")
        b.set_seed(panel, SEED)
        panel.locator(".thurn-expansion-audience input").first.check()
        page.wait_for_timeout(400)
        b.start_game(page, panel)
        svg = page.locator(".thurn-map .js-plotly-plot").first
        drawn = svg.text_content()
        for word in ("Rome strip", "reconstructed", "Lörrach", "Rom", "Kardinal", "box: empty"):
            assert word in drawn, f"{word!r} is not on the map"

        # the seal step: a rank twice is refused in the engine's words, then each carriage its own
        view = screen.view()
        assert view["seal"] == 1 and "seals one clergyman in each carriage" in view["status"], view
        picks = page.locator(".thurn-play .thurn-seal-pick select")
        assert picks.count() == 5
        picks.nth(0).select_option(label=RANKS[0])
        picks.nth(1).select_option(label=RANKS[0])
        page.wait_for_function("() => (document.querySelector('.thurn-seal-note') || {}).textContent"
                               "?.includes('each clergyman once')", timeout=b.WAIT_MS)
        for i, label in enumerate(RANKS):
            picks.nth(i).select_option(label=label)
        page.wait_for_function("() => (document.querySelector('.thurn-seal-note') || {}).textContent"
                               "?.includes('Ready')", timeout=b.WAIT_MS)
        b.screenshot(page, "voila-au-seal", ".thurn-play")
        screen.click(".thurn-seal")
        b.wait_for_app(page)
        view = screen.view()
        assert "Ann seals the Kardinal in the Baden carriage" in view["log"]
        assert "Bob seals a clergyman in each carriage, face down" in view["log"]
        page.wait_for_function(_RANKS_DRAWN, timeout=b.WAIT_MS)     # Ann's ranks in her carriages
        key = svg.text_content()
        assert "your Kardinal" in key and "face down" in key, key
        b.screenshot(page, "voila-au-strip", ".thurn-map")

        done: list[str] = []
        for _ in range(CLICKS_MAX):
            view = screen.view()
            if view["gameover"] or "carriage" in done:
                break
            if not (view["actions"] or view["keep"] or view["moves"]):
                screen.wait_until_ready()
                continue
            selector, index, what = _choose(view)
            if what == "carriage":
                assert all("→" in m["text"] for m in view["moves"]), view["moves"]
                assert "Scored without a house:" in view["page"]
                assert "moves the carriages" in view["status"]
                b.screenshot(page, "voila-au-carriage", ".thurn-play")
            if selector == ".thurn-keep":
                for t in range(3):
                    page.locator(".thurn-play .widget-toggle-button").nth(t).click()
                page.wait_for_timeout(300)
            screen.click(selector, index)
            done.append(what)
            message = page.locator(".thurn-play .thurn-message").first.text_content()
            assert "Not allowed" not in message, (what, message)
        assert "carriage" in done, (len(done), done[-30:])
        log = page.locator(".thurn-log").first.text_content()
        assert re.search(r"Ann moves the .+ carriage from .+ to ", log), log[-600:]
        page_text = page.locator(".thurn-play").first.text_content()
        assert not re.search(r"Bob seals the (Kardinal|Bischof|Abt|Priester|Ministrant)", page_text)
        b.check_clean_voila_page(page)
