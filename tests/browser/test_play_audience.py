"""The Audience played to the end in a real browser as a newcomer would (issue 25: "a game was played to the end
with The Audience in the app in a real browser"): under Voilà, the game app's New game panel → The Audience switched
on → Ann (human) against two greedy bots, a fixed deal → the seal step (a clergyman chosen for each carriage in the
dropdowns, the Seal button: The Audience, Preparation) → every turn clicked as the screen offers it: the Postmaster
called, a draw, a card to the route, a scoring, the carriage buttons when a scoring owes steps (Moving the
carriages), the turn ended, the cards kept in the card picker — until the end screen (Game end).

Checked on the way: the Rome strip and its carriages' key are drawn under the board and change when a carriage
moves; after each of Ann's scorings that owes steps the carriage buttons show (the status and the panel's note say
so) or the one legal step is made for her; a carriage reaches Rom (the log says so); the bots' sealed clergymen are
never named on the page nor in the strip's texts and hovers (only "face down"), nor are their seals in the log; at
the end the final table has the clergymen column and the winner is named.

Only under THURN_SIZE=full (make test-all): make test drives the same panels in-process (tests/expansions/audience/test_apps.py)
and tests/browser/test_audience.py plays until the first carriage moves. Screenshots go to ``$THURN_ARTIFACTS`` (default
``artifacts/screenshots/``): ``voila-aup-seal``, ``voila-aup-seal-panel``, ``voila-aup-carriage``,
``voila-aup-strip-moved``, ``voila-aup-rome`` (the first arrival in Rom), ``voila-aup-gameover``. Skips without
``/usr/bin/chromium`` or playwright, except under CI.
"""
from __future__ import annotations

import re


from tests.support import browser as b

SEED = 2026                 # a fixed deal: the game the newcomer plays is the same every run
CLICKS_MAX = 500            # a whole game against two bots takes 70 to 130 of the human's clicks
RANKS = ("Kardinal (5 points)", "Bischof (4 points)", "Abt (3 points)", "Priester (2 points)",
         "Ministrant (1 point)")
CLERGY = "Kardinal|Bischof|Abt|Priester|Ministrant"
BOT, BOT2 = "Bob", "Cleo"
#: Tall enough for the whole Play app: an element screenshot is blank where it lies outside the viewport.
VIEWPORT = {**b.VIEWPORT, "height": 3000}


#: Every text the maps' figures hold (texts and hovers of every trace: what the page draws or shows on hover).
_FIGURE_TEXTS = """() => [...document.querySelectorAll('.thurn-map .js-plotly-plot')].flatMap(gd => (gd.data || [])
  .map(t => ({name: t.name || '', texts: [].concat(t.text || [], t.hovertext || []).map(String)})))"""

#: The carriages' key as drawn (its lines, west to east): where each carriage is and what is sealed in it.
_KEY = """() => [...document.querySelectorAll('.thurn-map .js-plotly-plot')].flatMap(gd => (gd.data || [])
  .filter(t => t.name === 'carriage key').flatMap(t => [].concat(t.text || []).map(String)))"""


def _key(page) -> list[str]:
    return page.evaluate(_KEY)


def _houses(title: str) -> int:
    """The houses a Score button places, read from its typed form ("type: score Ulm+Augsburg"; "score -": none)."""
    m = re.search(r"type: score (\S*)", title)
    return len(m.group(1).split("+")) if m and m.group(1) not in ("", "-") else 0


def _choose(view) -> tuple[str, int, str]:
    """What the newcomer clicks now, read from the screen: a carriage move when asked, the kept cards, a scoring
    (the one with the fewest houses, so that the cards without one move carriages), the Postmaster whenever he is
    offered (one more card to draw: more cards in hand that fit the route), a draw, a card to the route, the end of
    the turn.

    The Postmaster matters: with one card drawn a turn (the display's first) the hand holds two cards when one is
    played, so a route of three is luck. Without him the newcomer never scored in about a quarter of the deals
    (seeds 2026-2066), this one among them since the bots draw their secret seals among near-equal orders (issue
    33: their seals, hence their draws and the display, changed); with him he scored in every deal tried."""
    if view["moves"]:
        return ".thurn-carriage-move", 0, "carriage"
    if view["keep"]:
        return ".thurn-keep", 0, "keep"
    titles = [a["title"] for a in view["actions"]]
    scores = [i for i, t in enumerate(titles) if "type: score" in t]
    if scores:
        return ".thurn-action", min(scores, key=lambda i: _houses(titles[i])), "score"
    postmaster = next((i for i, t in enumerate(titles) if "type: call Postmaster" in t), None)
    if postmaster is not None:
        return ".thurn-action", postmaster, "postmaster"
    for prefix in ("draw", "play", "end", "keep"):
        i = next((i for i, t in enumerate(titles) if f"type: {prefix}" in t and "new" not in t.split("type:")[1]),
                 None)
        if i is None:
            i = next((i for i, t in enumerate(titles) if f"type: {prefix}" in t), None)
        if i is not None:
            return ".thurn-action", i, prefix
    raise AssertionError(f"nothing a newcomer would click: {view}")


def _no_bot_rank(page, view) -> None:
    """The bot's sealed clergymen are never named: not in the page's text, not in the log, not in any text or hover
    of the maps, except the tiles public by the rules (at the audience in Rom, in the box: A carriage arrives in
    Rome)."""
    for bot in (BOT, BOT2):
        assert not re.search(rf"{bot} seals the ({CLERGY})", view["page"]), "a bot's seal is named on the page"
    for trace in page.evaluate(_FIGURE_TEXTS):
        if trace["name"] in ("audience tiles", "box"):
            continue
        for text in trace["texts"]:
            assert not re.search(rf"({BOT}|{BOT2})\S*\s+({CLERGY}|[1-5]\b)", text), (trace["name"], text)


def test_an_audience_game_against_a_bot_to_the_end_in_voila(chromium, tmp_path):
    with b.app_in_voila(chromium, tmp_path, "voila-aup", VIEWPORT) as (page, panel):
        screen = b.PlayScreen(page, counts={"seal": ".thurn-seal"}, buttons={"moves": ".thurn-carriage-move"},
                              whole="app")
        b.fill_new_game(page, [("Ann", "Human"), (BOT, "Club"), (BOT2, "Club")], pace="At once")
        b.set_seed(panel, SEED)
        panel.locator(".thurn-expansion-audience input").first.check()
        page.wait_for_timeout(400)
        b.start_game(page, panel)
        drawn = page.locator(".thurn-map .js-plotly-plot").first.text_content()
        for word in ("Rome strip", "reconstructed", "Rom", "Kardinal", "box: empty"):
            assert word in drawn, f"{word!r} is not on the map"

        # the seal step (Preparation): a clergyman for each carriage in the dropdowns, then the button
        view = screen.view()
        assert view["seal"] == 1 and "seals one clergyman in each carriage" in view["status"], view
        picks = page.locator(".thurn-play .thurn-seal-pick select")
        assert picks.count() == 5
        for i, label in enumerate(RANKS):
            picks.nth(i).select_option(label=label)
        page.wait_for_function("() => (document.querySelector('.thurn-seal-note') || {}).textContent"
                               "?.includes('Ready')", timeout=b.WAIT_MS)
        b.screenshot(page, "voila-aup-seal", ".thurn-play")
        b.screenshot(page, "voila-aup-seal-panel", ".thurn-audience-seal")
        screen.click(".thurn-seal")
        b.wait_for_app(page)
        view = screen.view()
        assert "Ann seals the Kardinal in the Baden carriage" in view["log"]
        for bot in (BOT, BOT2):
            assert f"{bot} seals a clergyman in each carriage, face down" in view["log"]
        key = _key(page)
        assert len(key) == 5 and all("face down" in k for k in key), key
        assert "your Kardinal" in key[0], key
        _no_bot_rank(page, view)

        done: list[str] = []
        keys = {tuple(key)}
        shots: set = set()
        scored_owing = offered = 0
        moved_by_ann = False
        for _ in range(CLICKS_MAX):
            view = screen.view()
            if view["gameover"]:
                break
            if not (view["actions"] or view["keep"] or view["moves"] or view["seal"]):
                screen.wait_until_ready()      # the screen is being redrawn
                continue
            selector, index, what = _choose(view)
            if what == "carriage":
                offered += 1
                assert all("→" in m["text"] for m in view["moves"]), view["moves"]
                assert "moves the carriages" in view["status"], view["status"]
                assert "Move the carriages" in view["page"] and "owed" in view["page"]
                if "carriage" not in shots:
                    b.screenshot(page, "voila-aup-carriage", ".thurn-play")
                    shots.add("carriage")
            if selector == ".thurn-keep":
                for t in range(3):
                    page.locator(".thurn-play .widget-toggle-button").nth(t).click()
                page.wait_for_timeout(300)
            before = _key(page)
            screen.click(selector, index)
            done.append(what)
            message = page.locator(".thurn-play .thurn-message").first.text_content()
            assert "Not allowed" not in message, (what, message)
            if what in ("carriage", "score"):
                page.wait_for_timeout(400)      # the strip's restyle follows the log
                after = _key(page)
                keys.add(tuple(after))
                now = screen.view()
                tail = now["log"][-700:]
                if what == "score" and re.search(r"without a new house: Ann moves", tail):
                    # the steps owed are offered as buttons, or made for her when only one move is legal
                    assert now["moves"] or re.search(r"Ann moves the .+ carriage from .+ to ", tail), tail
                    scored_owing += 1
                if what == "carriage" and after != before and "strip-moved" not in shots:
                    b.screenshot(page, "voila-aup-strip-moved", ".thurn-map")
                    shots.add("strip-moved")
                if what == "carriage" and re.search(r"Ann moves the .+ carriage from .+ to ", now["log"]):
                    moved_by_ann = True
            if "rome" not in shots and any("in Rom (" in k for k in _key(page)):
                page.wait_for_timeout(400)
                assert "arrives in Rome" in screen.view()["log"]
                b.screenshot(page, "voila-aup-rome", ".thurn-play")
                shots.add("rome")
            if len(done) % 10 == 0:
                _no_bot_rank(page, screen.view())
        assert view["gameover"], ("the game did not end", len(done), done[-30:])
        assert "carriage" in done and "score" in done, (view["gameover"], len(done), " ".join(done),
                                                        view["log"][-3000:])
        assert offered >= 1 and scored_owing >= 1, (offered, scored_owing)
        assert len(keys) > 2, "the carriages' key never changed"
        assert "rome" in shots, "no carriage reached Rom in the game (the fixed deal has two arrivals)"
        assert moved_by_ann, "Ann's carriage move is not in the log"

        # the end (Game end): the table with the clergymen's points, the winner
        page.wait_for_selector(".thurn-gameover .js-plotly-plot .main-svg", timeout=b.WAIT_MS)
        page.wait_for_timeout(800)
        over = page.locator(".thurn-gameover").first
        said = over.text_content()
        assert "wins" in said or "tie" in said, said
        table = over.locator("table.thurn-scores").first
        heads = [h.strip() for h in table.locator("th").all_text_contents()]
        assert "clergymen" in heads, heads
        col = heads.index("clergymen")
        rows = table.locator("tr").all()[1:]
        assert len(rows) == 3
        for row in rows:
            cells = [c.strip() for c in row.locator("td").all_text_contents()]
            assert re.fullmatch(r"\d+", cells[col]), cells
        _no_bot_rank(page, screen.view())
        b.screenshot(page, "voila-aup-gameover", ".thurn-app")
        b.check_clean_voila_page(page)
