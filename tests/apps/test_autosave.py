"""Play's autosave and save never lose a game: a malformed autosave never stops the app (it is kept aside as
``<name>.bad-<time>.json``), two apps on one file never overwrite each other's game, a read-only file or folder
is respected, and ``save`` replaces only a thurn save unless told ``overwrite=True``."""
from __future__ import annotations

import json
import os
import stat

import pytest

import thurn
from thurn import GameState
from thurn.bots import make_bot
from thurn.widgets import Play
from thurn.widgets import play as play_module
from thurn.widgets.play import AUTOSAVE_NAME, MAX_SAVE_BYTES

STAMP = "20261123-193000"


@pytest.fixture
def here(tmp_path, monkeypatch):
    """A fresh working folder (where ``autosave=True`` writes), with the clock of the bad-file names fixed."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(play_module.time, "strftime", lambda fmt, *a: STAMP)
    return tmp_path


def saved(path) -> tuple[GameState, dict]:
    """The game in an autosave file, and its meta."""
    d = json.loads(path.read_text(encoding="utf-8"))
    meta = d.pop("meta")
    return GameState.from_json(d), meta


def first_action(app) -> None:
    assert app.do(app.state.legal_actions()[0])


# -- a malformed autosave ---------------------------------------------------------------------------------------

GOOD_SETUP = {"players": ["Ann", "Bot"], "seed": 1}
MALFORMED = {
    "not json": b"{broken",
    "not UTF-8": b'{"format": "thurn-game/1", "setup": \xff\xfe}',
    "deep nesting": b"[" * 100_000 + b"]" * 100_000,
    "a list": b"[1, 2, 3]",
    "wrong types": json.dumps({"format": "thurn-game/1", "setup": GOOD_SETUP, "actions": [],
                               "position": {"players": None, "tiles": None}}).encode(),
    "actions not a list": json.dumps({"format": "thurn-game/1", "setup": GOOD_SETUP, "actions": 7}).encode(),
    "meta not an object": json.dumps({"format": "thurn-game/1", "setup": GOOD_SETUP, "actions": [],
                                      "meta": "x"}).encode(),
    "an action that cannot be replayed": json.dumps({"format": "thurn-game/1", "setup": GOOD_SETUP,
                                                     "actions": ["play ulm new"]}).encode(),
}


@pytest.mark.parametrize("content", MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_autosave_is_kept_aside_and_a_new_game_starts(here, content):
    (here / AUTOSAVE_NAME).write_bytes(content)
    app = Play(seed=1)
    bad = here / f"play.thurn-autosave.bad-{STAMP}.json"
    assert bad.read_bytes() == content                     # kept, byte for byte
    assert not app.offer_pending and app.state.history == []
    assert app.messages.kind == "error"
    assert AUTOSAVE_NAME in app.message and bad.name in app.message and "could not be loaded" in app.message
    assert not (here / AUTOSAVE_NAME).exists()
    first_action(app)                                      # the new game autosaves where the bad file was
    assert saved(here / AUTOSAVE_NAME)[0] == app.state
    assert bad.read_bytes() == content
    app.close()


def test_a_bad_file_of_the_same_name_is_never_overwritten(here):
    taken = here / f"play.thurn-autosave.bad-{STAMP}.json"
    taken.write_text("an older bad file")
    (here / AUTOSAVE_NAME).write_text("{broken")
    app = Play(seed=1)
    assert taken.read_text() == "an older bad file"
    second = here / f"play.thurn-autosave.bad-{STAMP}-2.json"
    assert second.read_text() == "{broken" and second.name in app.message


def test_an_autosave_that_is_not_a_file_is_not_read(here):
    os.mkfifo(here / "pipe.json")                          # reading a pipe would block forever
    app = Play(seed=1, autosave=here / "pipe.json")
    assert app.autosave_path is None and "Autosave is off" in app.message and "not a regular file" in app.message
    (here / "folder.json").mkdir()
    app = Play(seed=1, autosave=here / "folder.json")
    assert app.autosave_path is None and (here / "folder.json").is_dir()
    first_action(app)
    assert stat.S_ISFIFO((here / "pipe.json").stat().st_mode)


def test_an_autosave_of_another_game_that_turns_bad_while_playing(here):
    app = Play(seed=1)
    first_action(app)
    (here / AUTOSAVE_NAME).write_text('{"format": "thurn-game/1", "setup": 5}')     # written by someone else
    first_action(app)
    bad = here / f"play.thurn-autosave.bad-{STAMP}.json"
    assert bad.read_text() == '{"format": "thurn-game/1", "setup": 5}' and bad.name in app.message
    assert saved(here / AUTOSAVE_NAME)[0] == app.state


# -- two apps, one file --------------------------------------------------------------------------------------

def test_two_apps_on_one_autosave_never_overwrite_each_other(here):
    a = Play(seed=1)
    first_action(a)
    state_a, meta_a = saved(here / AUTOSAVE_NAME)
    assert state_a == a.state and meta_a["game_id"] == a.game_id and meta_a["app"] == "thurn Play"
    assert meta_a["saved_at"].endswith("+00:00")
    # B starts a new game beside it: the saved game stays, B's goes to a free name
    b = Play(seed=2)
    assert b.offer_pending
    b.start_new()
    first_action(b)
    assert b.autosave_path == here / "play-2.thurn-autosave.json" and "play-2.thurn-autosave.json" in b.message
    assert saved(here / AUTOSAVE_NAME)[0] == a.state
    assert saved(b.autosave_path)[0] == b.state and saved(b.autosave_path)[1]["game_id"] == b.game_id
    # C resumes the game played last, B's (takes over its identity and its file); then B and C both play on:
    # neither game is lost
    c = Play(seed=3)
    c.resume()
    assert c.game_id == b.game_id and c.state == b.state and c.autosave_path == b.autosave_path
    first_action(b)
    assert c.do(c.state.legal_actions()[-1])              # another action than B's: the games part ways
    assert b.state != c.state
    assert b.autosave_path == here / "play-2.thurn-autosave.json" and saved(b.autosave_path)[0] == b.state
    assert c.autosave_path == here / "play-3.thurn-autosave.json" and "another game in progress" in c.message
    assert saved(c.autosave_path)[0] == c.state
    first_action(a)
    assert saved(a.autosave_path)[0] == a.state and saved(b.autosave_path)[0] == b.state
    for app in (a, b, c):
        app.close()


def test_an_autosave_without_identity_is_offered_and_taken_over(here):
    old = thurn.new_game(["Ann", "Bot"], seed=5)
    old = old.apply(old.legal_actions()[0])
    (here / AUTOSAVE_NAME).write_text(old.to_json())      # as written before autosaves carried "meta"
    app = Play(seed=1)
    assert app.offer_pending
    app.resume()
    first_action(app)
    state, meta = saved(here / AUTOSAVE_NAME)
    assert state == app.state and meta["game_id"] == app.game_id


def test_a_finished_game_in_the_autosave_may_be_replaced(here):
    s = thurn.new_game(["Ann", "Bot"], seed=1)
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    while not s.is_over:
        s = s.apply(bots[s.to_move].choose(s))
    (here / AUTOSAVE_NAME).write_text(s.to_json())
    app = Play(seed=2)
    assert not app.offer_pending
    first_action(app)
    assert app.autosave_path == here / AUTOSAVE_NAME and saved(here / AUTOSAVE_NAME)[0] == app.state


# -- read-only files and folders --------------------------------------------------------------------------------

def test_a_read_only_autosave_is_respected(here):
    app = Play(seed=1)
    first_action(app)
    path = here / AUTOSAVE_NAME
    before = path.read_bytes()
    path.chmod(0o444)
    try:
        first_action(app)                                  # no exception: autosave switches off and says so
        assert app.autosave_path is None and "Autosave is off" in app.message and "read-only" in app.message
        assert app.messages.kind == "error" and path.read_bytes() == before
        first_action(app)
        assert path.read_bytes() == before
    finally:
        path.chmod(0o644)


def test_a_read_only_folder_is_respected(here):
    folder = here / "shelf"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        app = Play(seed=1, autosave=folder / "game.json")
        first_action(app)
        assert app.autosave_path is None and "read-only" in app.message
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)


# -- save and load ------------------------------------------------------------------------------------------------

def test_save_replaces_only_a_thurn_save_unless_told(here):
    app = Play(seed=1, autosave=False)
    notes = here / "notes.json"
    notes.write_text("my notes, not a game")
    assert app.save(notes) is None
    assert notes.read_text() == "my notes, not a game"
    assert app.messages.kind == "error" and "not a thurn save" in app.message and "overwrite=True" in app.message
    assert app.save(notes, overwrite=True) == notes and GameState.from_json(notes.read_text()) == app.state
    first_action(app)
    assert app.save(notes) == notes and GameState.from_json(notes.read_text()) == app.state   # a save now
    (here / "folder").mkdir()
    assert app.save(here / "folder", overwrite=True) is None and "not a file" in app.message
    notes.chmod(0o444)
    try:
        assert app.save(notes, overwrite=True) is None and "read-only" in app.message
    finally:
        notes.chmod(0o644)


def test_load_reads_only_a_regular_file_of_bounded_size(here):
    app = Play(seed=1, autosave=False)
    before = app.state
    os.mkfifo(here / "pipe.json")
    assert not app.load(here / "pipe.json") and "not a regular file" in app.message
    big = here / "big.json"
    with open(big, "wb") as f:
        f.truncate(MAX_SAVE_BYTES + 1)
    assert not app.load(big) and "larger than" in app.message
    assert not app.load(b" " * (MAX_SAVE_BYTES + 1)) and "larger than" in app.message
    assert not app.load("[" * 100_000) and app.messages.kind == "error"
    assert app.state is before
