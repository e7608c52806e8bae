"""The game app served by Voilà, in Chromium: Resume offers the game played last (not the first autosave file), a
temporary autosave file left by a stopped app is gone, and an uploaded file with ``meta.seats`` of the wrong shape
is a message, never a traceback. Skips like tests/browser/test_notebooks_and_apps.py."""
from __future__ import annotations

import json
import os
import time


from tests.support import browser as b
import thurn

AUTOSAVE = "play.thurn-autosave.json"


def autosave(names, seed, actions, saved_at, seats) -> str:
    s = thurn.new_game(names, seed=seed)
    for _ in range(actions):
        s = s.apply(s.legal_actions()[0])
    d = s.to_dict()
    d["meta"] = {"game_id": f"{seed:032x}", "app": "thurn Play", "saved_at": saved_at, "seats": seats}
    return json.dumps(d)


def test_game_app_resumes_the_game_played_last_and_refuses_a_bad_file_in_voila(chromium, tmp_path):
    root = b.copy_notebooks(tmp_path / "notebooks")
    (root / AUTOSAVE).write_text(autosave(["Ann", "Bob"], 1, 2, "2026-01-01T10:00:00+00:00", {"Bob": "greedy"}))
    (root / "play-2.thurn-autosave.json").write_text(
        autosave(["Cid", "Dan"], 2, 3, "2026-01-01T11:00:00+00:00", {"Dan": "random"}))
    stale = root / f".tmp-{os.getpid()}-0123abcd-{AUTOSAVE}"
    stale.write_text('{"format": "thurn-game/1", "posi')
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    bad = tmp_path / "bad-seats.json"
    bad.write_text(autosave(["Eve", "Fay"], 3, 1, "2026-01-01T12:00:00+00:00", ["Eve", "greedy"]))
    context = chromium.new_context(viewport=b.VIEWPORT)
    page = context.new_page()
    page.add_init_script(b.PLOTLY_WIDGETS_RENDERED)
    page.set_default_timeout(b.WAIT_MS)
    try:
        with b.voila(root / "app.ipynb", tmp_path) as url:
            page.goto(url, timeout=b.WAIT_MS)
            resume = page.locator(".thurn-resume-saved").first
            resume.wait_for(timeout=b.WAIT_MS)
            offer = page.locator(".thurn-app").first.text_content()
            assert "Cid, Dan" in offer and "play-2.thurn-autosave.json" in offer and AUTOSAVE in offer
            assert not stale.exists()
            with page.expect_file_chooser(timeout=b.WAIT_MS) as chooser:
                page.locator(".thurn-app-upload").first.click()
            chooser.value.set_files(str(bad))
            message = page.locator(".thurn-app > .thurn-message", has_text="meta.seats").first
            message.wait_for(timeout=b.WAIT_MS)
            assert "bad-seats.json" in message.text_content() and "Traceback" not in page.content()
            resume.click()
            page.locator(".thurn-app > .thurn-message", has_text="Resumed").first.wait_for(timeout=b.WAIT_MS)
            page.wait_for_selector(".thurn-app .thurn-play .thurn-map .js-plotly-plot .main-svg", timeout=b.WAIT_MS)
            assert "Cid" in page.locator(".thurn-app-bar").first.text_content()
            assert b.page_problems(page) == [], "the page shows errors"
    finally:
        context.close()
