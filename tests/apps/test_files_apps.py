"""The apps refuse a crafted or damaged file with a message, never a traceback; they read the engine's save format
(``GameState.from_json`` loads the game app's autosave, ``meta`` and all); Resume offers the game played last; a
temporary autosave file left by an app stopped while writing is removed at the next start."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

import thurn
from thurn import GameState, ThurnError
from thurn.widgets import GameApp, Play
from thurn.widgets.newgame import NewGamePanel

from tests.apps.test_app import app_with, human_move

AUTOSAVE = "play.thurn-autosave.json"


def return_step_position() -> str:
    pos = thurn.new_game(["Ann", "Bob"], seed=3, rules={"expansions": ["offices"]}).position()
    pos["turn"]["step"] = "return_check"
    return json.dumps(pos)


def autosave_with_seats(seats) -> bytes:
    d = thurn.new_game(["Ann", "Bob"], seed=5).apply("draw deck").to_dict()
    d["meta"] = {"game_id": "ab" * 16, "app": "thurn Play", "saved_at": "2026-01-01T00:00:00+00:00", "seats": seats}
    return json.dumps(d).encode()


def test_a_return_step_without_its_round_is_a_message_in_play_and_in_the_app(tmp_path):
    game = Play(autosave=False)
    before = game.state
    assert game.load(return_step_position()) is False
    assert game.messages.kind == "error" and "interruption" in game.messages.text and game.state is before
    app = GameApp(autosave=tmp_path / AUTOSAVE)
    assert app.open_saved(return_step_position().encode(), "crafted.json") is None
    assert app.messages.kind == "error" and "crafted.json" in app.messages.text and app.game is None


@pytest.mark.parametrize("seats", [["Ann", "greedy"], {"Bob": ["greedy"]}, {"Bob": {"kind": "greedy"}}, "greedy"])
def test_meta_seats_of_the_wrong_shape_is_refused_with_a_message(tmp_path, seats):
    data = autosave_with_seats(seats)
    with pytest.raises(thurn.PositionError) as e:
        GameState.from_json(data)
    assert "meta.seats" in str(e.value)
    app = GameApp(autosave=tmp_path / "elsewhere" / AUTOSAVE)
    assert app.open_saved(data, "upload.json") is None
    assert app.messages.kind == "error" and "meta.seats" in app.messages.text
    (tmp_path / AUTOSAVE).write_bytes(data)                 # an autosave of that shape: not offered, said
    again = GameApp(autosave=tmp_path / AUTOSAVE)
    assert again.saved_state is None and again._resume.layout.display != "flex"
    assert again.messages.kind == "error" and AUTOSAVE in again.messages.text
    assert again.resume() is None                           # no Resume to break


def test_the_game_apps_autosave_loads_with_the_engine(tmp_path):
    app = app_with(tmp_path)
    for _ in range(4):
        human_move(app.game)
    text = (tmp_path / AUTOSAVE).read_text()
    assert json.loads(text)["meta"]["seats"] == {"Ann": None, "Bob": "club"}
    assert GameState.from_json(text) == app.game.state
    assert GameState.from_json(text.encode()) == app.game.state


def test_good_meta_seats_loads_and_picks_the_bots(tmp_path):
    app = GameApp(autosave=tmp_path / AUTOSAVE)
    game = app.open_saved(autosave_with_seats({"Ann": None, "Bob": "greedy", "Zed": "nonsense"}), "ok.json")
    assert game is not None and set(game.bots) == {"Bob"}


def test_the_seed_field_refuses_what_is_not_a_number():
    p = NewGamePanel(seed=1)
    for text in ("²", "١٢", "1e3", "-4", "9" * 5000, ""):
        p.seed.value = text
        with pytest.raises(ThurnError):
            p.settings()
        p.start.click()
        assert "seed" in p.message.value
    p.seed.value = " 42 "
    assert p.settings()["seed"] == 42


def test_resume_offers_the_game_played_last(tmp_path):
    app = app_with(tmp_path)
    human_move(app.game)
    game_a = app.game.state
    app.panel.start.click()                 # B over A: asks, then A stays in its file and B autosaves beside it
    app._confirmed()
    for _ in range(3):
        human_move(app.game)
    game_b = app.game.state
    b_file = app.game.autosave_path
    assert b_file.name != AUTOSAVE and GameState.from_json(b_file.read_text()) == game_b
    assert GameState.from_json((tmp_path / AUTOSAVE).read_text()) == game_a
    app.close()
    again = GameApp(autosave=tmp_path / AUTOSAVE)
    assert again.saved_state == game_b and again._resume.layout.display == "flex"
    assert b_file.name in again._resume.children[0].value and AUTOSAVE in again._resume.children[0].value
    again._resume.children[1].click()
    assert again.game.state == game_b and again.game.autosave_path == b_file
    human_move(again.game)
    assert GameState.from_json(b_file.read_text()) == again.game.state          # B goes on in its own file
    assert GameState.from_json((tmp_path / AUTOSAVE).read_text()) == game_a     # A is kept as it was


def dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def test_a_leftover_temporary_autosave_is_removed_at_the_next_start(tmp_path):
    half = tmp_path / f".tmp-{dead_pid()}-0123abcd-{AUTOSAVE}"
    half.write_text('{"format": "thurn-game/1", "pos')
    old = tmp_path / f".tmp-{os.getpid()}-89abcdef-play-2.thurn-autosave.json"
    old.write_text("{")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    live = tmp_path / f".tmp-{os.getpid()}-feedbeef-{AUTOSAVE}"          # a write in progress now: left alone
    live.write_text("{")
    other = tmp_path / f".tmp-{dead_pid()}-0123abcd-notes.json"          # not an autosave of this app
    other.write_text("{")
    GameApp(autosave=tmp_path / AUTOSAVE)
    assert not half.exists() and not old.exists() and live.exists() and other.exists()
    half.write_text("{")
    Play(autosave=tmp_path / AUTOSAVE)
    assert not half.exists() and live.exists()


def test_play_offers_the_game_played_last_too(tmp_path):
    path = tmp_path / AUTOSAVE
    a = Play(("Ann", "Ben"), seed=1, autosave=path)
    human_move(a)
    game_a = a.state
    b = Play(("Cid", "Dan"), seed=2, autosave=path)
    assert b.saved_state == game_a
    b.start_new()
    for _ in range(2):
        human_move(b)
    game_b, b_file = b.state, b.autosave_path
    assert b_file != path
    c = Play(("Eve", "Fay"), seed=3, autosave=path)
    assert c.saved_state == game_b and b_file.name in c._offer_text.value and AUTOSAVE in c._offer_text.value
    c.resume()
    assert c.state == game_b and c.autosave_path == b_file
    human_move(c)
    assert GameState.from_json(b_file.read_text()) == c.state
    assert GameState.from_json(path.read_text()) == game_a
    d = Play.from_state(c.state, autosave=path)             # this very game: it takes over its file, no offer
    assert d.saved_state is None and d.autosave_path == b_file and d.game_id == c.game_id
