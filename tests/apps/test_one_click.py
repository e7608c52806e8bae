"""One click in the Play app (issue 23): the action is checked once (by the engine's apply), its log sentence is
written once (from apply's ``say`` callback: the game is not replayed to find the new sentences), and the game is
serialised once (for the download link and the autosave file together)."""
from __future__ import annotations

import json

import pytest

from thurn import GameState
from thurn.bots.greedy import GreedyBot
from thurn.widgets import Play


@pytest.fixture
def counted(monkeypatch):
    """Counts of the engine's calls a click may make: apply, why_illegal, log, to_dict."""
    calls = dict.fromkeys(("apply", "why_illegal", "log", "to_dict"), 0)
    for name in calls:
        original = getattr(GameState, name)

        def wrapper(self, *args, _original=original, _name=name, **kwargs):
            calls[_name] += 1
            return _original(self, *args, **kwargs)
        monkeypatch.setattr(GameState, name, wrapper)
    return calls


def click(app, counted, button) -> dict:
    for k in counted:
        counted[k] = 0
    button.click()
    return dict(counted)


def test_a_click_checks_once_says_once_and_serialises_once(tmp_path, counted):
    app = Play(["Ann", "Ben"], seed=2006, autosave=tmp_path / "play.thurn-autosave.json")
    for _ in range(12):                       # a dozen clicks: draws, plays, a score, a keep...
        if app.pass_pending:
            app.pass_button.click()
        if app.state.is_over or not app.action_buttons:
            break
        before = len(app.state.history)
        calls = click(app, counted, app.action_buttons[0])
        assert len(app.state.history) == before + 1
        assert calls == {"apply": 1, "why_illegal": 0, "log": 0, "to_dict": 1}, calls
        seat = app.state.to_move if app.viewer is None else app.viewer
        assert app._log_of(app.state) == app.state.log(seat) or app._log_of(app.state) == app.state.log()
    saved = json.loads((tmp_path / "play.thurn-autosave.json").read_text(encoding="utf-8"))
    assert saved["meta"]["game_id"] == app.game_id
    del saved["meta"]
    assert saved == app.state.to_dict()
    assert GameState.from_json(json.dumps(saved)).history == app.state.history
    assert "data:application/json;base64," in app.download_html()


def test_the_message_of_a_click_is_the_engine_s_sentence_and_bots_say_theirs(counted):
    app = Play(["Ann", "Bot"], bots={"Bot": GreedyBot(1)}, seed=3, autosave=False)
    before = app.state
    action = next(a for a in before.legal_actions() if a.kind == "draw")
    button = next(b for b in app.action_buttons if b.action == action)
    calls = click(app, counted, button)
    assert calls["why_illegal"] == 0 and calls["log"] == 0
    assert calls["to_dict"] == 0            # no autosave, and the file is made only when asked (issue 33)
    mine = before.apply(action)
    said = mine.log()[len(before.log()):]
    assert app.message.startswith(" ".join(said))
    assert app._log_of(app.state) == app.state.log(0)          # Ann's screen: Bob's hidden cards as counts


def test_an_illegal_typed_action_is_refused_with_the_engine_s_reason_once(counted):
    app = Play(["Ann", "Ben"], seed=2006, autosave=False)
    before = app.state
    for k in counted:
        counted[k] = 0
    assert not app.do("end")
    assert app.state is before and app.message.startswith("Not allowed: ")
    assert app.message == f"Not allowed: {before.why_illegal('end')}"
    assert counted["apply"] == 1 and counted["to_dict"] == 0
