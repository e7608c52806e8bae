"""The other players' cards stay hidden, in a real browser: the game app served by Voilà, Ann against a greedy bot
(a fair game, the app's default). The bot's hand is a count; its cards drawn from the deck are "a card".

Skips on a machine without ``/usr/bin/chromium`` or playwright, except under CI (``CI=true``): there it fails.
"""
from __future__ import annotations

import re


from tests.support import browser as b
from tests.browser.test_notebooks_and_apps import APP, screenshot_on_failure

NAMED_DRAW = re.compile(r"\b(\w+) draws (?!a card)([^.|]+?) from the deck\.")

_VIEW = """() => {
  const app = document.querySelector('.thurn-app .thurn-play');
  const text = sel => [...app.querySelectorAll(sel)].map(el => el.textContent.trim()).join(' | ');
  return {hand: text('.thurn-hand'), table: text('.thurn-players'), log: text('.thurn-log'),
          message: text('.thurn-message'), actions: text('.thurn-action'),
          next: app.querySelectorAll('.thurn-next:not([disabled])').length};
}"""


SEED = "2006"     # a deal whose first turns need no keep picker (Ann clicks her first button each time)


def _seed(page, seed: str) -> None:
    box = page.locator(".thurn-newgame .thurn-seed input").first
    box.fill(seed)
    box.press("Tab")
    page.wait_for_timeout(300)      # let the kernel receive the value before Start


def test_the_bot_s_cards_stay_hidden_in_voila(chromium, tmp_path):
    from thurn import GameState

    context = chromium.new_context(viewport=b.VIEWPORT, accept_downloads=True)
    page = context.new_page()
    page.add_init_script(b.PLOTLY_WIDGETS_RENDERED)
    page.set_default_timeout(b.WAIT_MS)
    root = b.copy_notebooks(tmp_path / "notebooks")
    try:
        with b.voila(root / APP.name, tmp_path) as url, screenshot_on_failure(page, "voila-fair"):
            page.goto(url, timeout=b.WAIT_MS)
            page.wait_for_selector(".thurn-app .thurn-newgame .thurn-start", timeout=b.WAIT_MS)
            b.fill_new_game(page, [("Ann", "Human"), ("Bob", "Club")])
            _seed(page, SEED)
            page.locator(".thurn-start").first.click()
            page.wait_for_selector(".thurn-app .thurn-play .thurn-map .js-plotly-plot .main-svg", timeout=b.WAIT_MS)
            b.wait_for_app(page)
            views, bot_steps = [], 0
            for _ in range(80):                    # Ann's first buttons and the bot's Next, until it drew blind
                view = page.evaluate(_VIEW)
                views.append(view)
                if bot_steps >= 4 and "Bob draws a card from the deck." in view["log"]:
                    break
                if view["next"]:
                    bot_steps += 1
                    assert "Ann's hand" in view["hand"] and "Bob's hand" not in view["hand"], view["hand"]
                    b.click_and_wait(page, page.locator(".thurn-next").first)
                else:
                    b.click_and_wait(page, page.locator(".thurn-play .thurn-action:not([disabled])").first)
            b.screenshot(page, "voila-fair", ".thurn-play")
            view = page.evaluate(_VIEW)
            assert "Bob draws a card from the deck." in view["log"]
            for v in views + [view]:
                said = v["log"] + " | " + v["message"]
                assert not [m.group(0) for m in NAMED_DRAW.finditer(said) if m.group(1) == "Bob"]
                assert "Bob keeps" not in said or re.search(r"Bob keeps \d cards?", said)
                assert "Bob's hand" not in v["hand"]

            assert page.locator(".thurn-download-link").count() == 0     # no file until asked (issue 33)
            page.locator(".thurn-play .thurn-download").first.click()
            with page.expect_download(timeout=b.WAIT_MS) as info:     # the game as it is: what Bob holds
                page.locator(".thurn-download-yes").first.click()
            state = GameState.from_json(open(info.value.path(), encoding="utf-8").read())
            bob = state.player("Bob")
            public = set(state.display_cards) | set(state.player("Ann").hand)
            public |= {c for i in range(state.num_players) for c in state.player(i).route}
            secret = [c for c in bob.hand if c not in public]
            assert secret, "the bot holds no card that only it has seen: play on longer"
            shown = view["hand"] + " | " + view["actions"]
            assert [c for c in secret if c in shown] == [], f"the bot's cards are on the page: {shown}"
            assert re.search(rf"Bob \(bot\)\s*{len(bob.hand)}(?!\d)", view["table"]), view["table"]

            # two humans at one screen, in teaching mode: the pass step, and the "show every hand" switch
            page.locator(".thurn-newgame-open").first.click()
            b.fill_new_game(page, [("Ann", "Human"), ("Ben", "Human")])
            page.locator(".thurn-undo-mode label", has_text="Teaching mode").locator("input").check()
            _seed(page, SEED)
            page.locator(".thurn-start").first.click()
            page.locator(".thurn-confirm-new-yes").first.click(timeout=b.WAIT_MS)      # the bot game is in progress
            page.locator(".thurn-play .thurn-hand", has_text="Ann's hand").first.wait_for(timeout=b.WAIT_MS)
            for _ in range(12):                    # Ann plays her turn
                if page.locator(".thurn-play .thurn-pass").count():
                    break
                page.locator(".thurn-play .thurn-action:not([disabled])").first.click()
                page.wait_for_timeout(700)
            pass_button = page.locator(".thurn-play .thurn-pass").first
            pass_button.wait_for(timeout=b.WAIT_MS)
            assert pass_button.text_content().strip() == "Pass to Ben: show my hand"
            view = page.evaluate(_VIEW)
            assert "hidden" in view["hand"] and view["actions"] == "", view
            assert not NAMED_DRAW.search(view["log"] + " | " + view["message"]), view["log"]
            switch = page.locator(".thurn-play .thurn-every-hand input").first
            assert not switch.is_checked()
            b.screenshot(page, "voila-fair-pass", ".thurn-play")
            pass_button.click()
            page.locator(".thurn-play .thurn-action:not([disabled])").first.wait_for(timeout=b.WAIT_MS)
            view = page.evaluate(_VIEW)
            assert "Ben's hand" in view["hand"] and "hidden" not in view["hand"], view["hand"]
            switch.check()
            page.locator(".thurn-play .thurn-hand", has_text="Ann's hand").first.wait_for(timeout=b.WAIT_MS)
            b.screenshot(page, "voila-fair-every-hand", ".thurn-play")
    finally:
        context.close()
