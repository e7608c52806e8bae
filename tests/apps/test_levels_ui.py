"""The bots' levels in the apps (issue 35): the New game panel offers each level of :data:`thurn.bots.levels.LEVELS`
by name with its line on how strong it is beside the seat, a seat of a level plays that level's bot, games saved
with the bot kinds of before the levels ("random", "greedy", "search") still load with their bots, and
``GuidedGame`` names its opponent's level and its line."""
from __future__ import annotations

import html
import json

import pytest

import thurn
from thurn.bots import make_bot
from thurn.bots.levels import LEVELS
from thurn.widgets import GameApp, GuidedGame
from thurn.widgets.newgame import DEFAULT_SEATS, SEAT_KINDS, NewGamePanel, level_of, seat_kind, seat_words

from tests.apps.test_app import app_with

AUTOSAVE = "play.thurn-autosave.json"


@pytest.fixture
def panel():
    p = NewGamePanel(seed=1)
    yield p
    p.close()


def _text(markup: str) -> str:
    """The words of an HTML fragment (tags dropped, entities read)."""
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", markup))


# -- the panel offers the levels ---------------------------------------------------------------------------------

def test_a_seat_is_a_human_or_a_level_by_its_name(panel):
    """Every seat offers Human, then each level by its name, weakest first; nothing else."""
    expected = [("Human", "human")] + [(lv.name, lv.key) for lv in LEVELS]
    assert list(SEAT_KINDS) == expected
    for kinds in panel.kinds:
        assert [(label, value) for label, value in kinds.options] == expected


def test_each_level_shows_its_line_beside_the_seat_and_all_of_them_under_the_seats(panel):
    """Choosing a level shows its line on how strong it is beside the seat (escaped: Casual's line has an
    apostrophe); a human seat says what a human does; the note under the seats lists every level with its line."""
    assert "Human" in _text(panel.lines[0].value) and "clicks their own turns" in _text(panel.lines[0].value)
    for lv in LEVELS:
        panel.kinds[1].value = lv.key
        shown = panel.lines[1].value
        assert _text(shown) == f"{lv.name}: {lv.strength}"
        assert html.escape(lv.strength) in shown
    words = _text(panel.levels_note.value)
    assert "levels, weakest first" in words and panel.levels_note in panel.children
    assert all(f"{lv.name}: {lv.strength}" in words for lv in LEVELS)
    assert [words.index(lv.name) for lv in LEVELS] == sorted(words.index(lv.name) for lv in LEVELS)


def test_the_default_seats_are_levels_named_after_them(panel):
    """The learner against a Club bot; with more players a Beginner and an Expert: each bot named after its level."""
    panel.count.value = 4
    assert panel.settings()["seats"] == {"Ann": None, "Club": "club", "Beginner": "beginner", "Expert": "expert"}
    assert all(kind is None or level_of(kind).name == name for name, kind in DEFAULT_SEATS)


def test_a_bot_named_after_its_level_follows_the_level_and_a_name_typed_stays(panel):
    panel.count.value = 4
    panel.kinds[1].value = "master"
    assert panel.names[1].value == "Master"
    panel.kinds[3].value = "master"                      # the name is taken: the next one free
    assert panel.names[3].value == "Master 2"
    panel.names[2].value = "Bea"
    panel.kinds[2].value = "casual"
    assert panel.names[2].value == "Bea"                 # a name typed is the learner's
    panel.kinds[1].value = "human"
    assert panel.names[1].value == "Master"              # a human keeps the name (a person types his own)
    assert panel.settings()["seats"] == {"Ann": None, "Master": None, "Bea": "casual", "Master 2": "master"}


@pytest.mark.parametrize("lv", LEVELS, ids=lambda lv: lv.key)
def test_a_seat_of_a_level_plays_that_levels_bot(tmp_path, lv):
    """The game started from the panel seats the level's own bot (``make_bot(level.key, seed)``, seeded from the
    game's seed and the seat), and the title names the level, its line as the words' tooltip."""
    app = app_with(tmp_path, seats=(("Ann", None), ("Bob", lv.key)), seed=11)
    bot = app.game.bots["Bob"]
    assert repr(bot) == repr(make_bot(lv.key, seed=11 * 10 + 2))
    assert app.game.seats == {"Ann": None, "Bob": lv.key}
    assert f"({lv.name} bot)" in app._title.value and html.escape(str(lv)) in app._title.value
    app.close()


def test_the_panel_takes_the_old_bot_kinds_as_the_levels_they_play_as():
    """Code that seats "greedy" (before the levels) gets Club, the same bot; "search" gets Expert, the search bot at
    Expert's budget; a kind no level plays is refused."""
    assert [seat_kind(k) for k in (None, "random", "greedy", "search", "Club")] == \
        ["human", "beginner", "club", "expert", "club"]
    for old in ("random", "greedy"):
        assert repr(make_bot(old, seed=4)) == repr(make_bot(seat_kind(old), seed=4))
    assert type(make_bot("search", seed=4)) is type(make_bot(seat_kind("search"), seed=4))
    p = NewGamePanel(seed=1, seats=(("Ann", None), ("Gus", "greedy")))
    assert p.settings()["seats"] == {"Ann": None, "Gus": "club"}
    p.close()
    with pytest.raises(ValueError, match="a seat is a human"):
        seat_kind("grumpy")
    assert seat_words(None) == "human" and seat_words("greedy") == "Club bot" and seat_words("bot") == "bot"


# -- saved games name the old kinds ------------------------------------------------------------------------------

def _autosave(seats: dict) -> bytes:
    d = thurn.new_game(["Ann", "Bob"], seed=5).apply("draw deck").to_dict()
    d["meta"] = {"game_id": "cd" * 16, "app": "thurn Play", "saved_at": "2026-01-01T00:00:00+00:00", "seats": seats}
    return json.dumps(d).encode()


@pytest.mark.parametrize("kind", ["random", "greedy", "search", "club", "master"])
def test_a_saved_game_resumes_with_its_bot_old_kinds_and_levels_alike(tmp_path, kind):
    """An autosave naming a bot kind of before the levels (or a level) resumes with that bot, seeded as before;
    the title says the level it plays as."""
    (tmp_path / AUTOSAVE).write_bytes(_autosave({"Ann": None, "Bob": kind}))
    app = GameApp(autosave=tmp_path / AUTOSAVE)
    assert app.saved_state is not None
    game = app.resume()
    assert set(game.bots) == {"Bob"} and game.seats == {"Ann": None, "Bob": kind}
    assert repr(game.bots["Bob"]) == repr(make_bot(kind, seed=len(game.state.history) * 10 + 2))
    assert f"({level_of(kind).name} bot)" in app._title.value
    app.close()
    opened = GameApp(autosave=tmp_path / "other.json")
    assert opened.open_saved(_autosave({"Ann": None, "Bob": kind}), "old.json").bots.keys() == {"Bob"}
    opened.close()


def test_an_unknown_kind_in_a_save_is_a_human(tmp_path):
    (tmp_path / AUTOSAVE).write_bytes(_autosave({"Ann": None, "Bob": "grandmaster"}))
    app = GameApp(autosave=tmp_path / AUTOSAVE)
    game = app.resume()
    assert game.bots == {} and "(human)" in app._title.value
    app.close()


# -- GuidedGame ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lv", LEVELS, ids=lambda lv: lv.key)
def test_a_guided_game_against_a_level_names_it_and_its_line(lv):
    game = GuidedGame(bot=lv.name, seed=3)
    assert game.level is lv and repr(game.bot) == repr(make_bot(lv.key, seed=3))
    assert f"Bot plays at the level {lv.name}: {lv.strength}." in _text(game.header.value)
    assert html.escape(lv.strength) in game.header.value
    assert repr(game) == "<GuidedGame Ann against Bot: 0 actions, Ann to move; moment 0 shown>"
    game.close()


def test_a_guided_game_takes_a_bot_name_or_a_bot_as_before():
    """``bot="greedy"`` is Club's bot (and says so); a bot object plays as given and is named by its class; the
    default is Club."""
    old = GuidedGame(bot="greedy", seed=3)
    assert old.level.name == "Club" and repr(old.bot) == repr(make_bot("greedy", seed=3))
    assert "level Club" in _text(old.header.value)
    mine = make_bot("greedy", seed=9)
    own = GuidedGame(bot=mine, seed=3)
    assert own.bot is mine and own.level is None and "Bot is a GreedyBot of your own." in _text(own.header.value)
    default = GuidedGame(seed=3)
    assert default.level.name == "Club" and repr(default.bot) == repr(make_bot("club", seed=3))
    for g in (old, own, default):
        g.close()
    with pytest.raises(thurn.ThurnError):
        GuidedGame(bot="grandmaster")
