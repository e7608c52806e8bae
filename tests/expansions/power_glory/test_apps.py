"""What a user meets of a second board (issue 24, Power and Glory's northern board, built generically): the New game
panel offers the installed boards and, for the board chosen, only the rulesets it plays under (saying why not the
others); a game keeps its board through saves and resumes; the map says when a board is reconstructed, draws free
cities as such, names a province in parts at each part, draws a ``first_house`` tile on its city until it is
taken, and shows each player's per-player public piles beside his row.

The board is ``tests/data/pg_toy.json``: a format-2 toy board ("reconstructed", two free cities with their tiles,
Nordmark in two parts, horseshoes per card copy, ``rulesets`` base and messenger)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import thurn
import thurn.board_file
from thurn import GameState, viz
from thurn.bots import make_bot
from thurn.parts import PARTS, Parts, pile_columns, register_parts, unregister_parts
from thurn.piles import PileSpec, move_cards
from thurn.variants import Variant, register, unregister
from thurn.widgets import GameApp, Play
from thurn.widgets.newgame import NewGamePanel, board_choices, ruleset_refusals

from tests.support.paths import DATA

TOY = str(DATA / "pg_toy.json")
TOY_NAME = "Toy north"


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """A data folder holding the base board, the toy board installed as ``pg_toy``, an expansion's component file
    (not a board) and a broken board file: what ``available_boards`` finds there."""
    folder = tmp_path / "data"
    folder.mkdir()
    real = thurn.board_file.data_dir()
    shutil.copy(real / "base.json", folder / "base.json")
    shutil.copy(TOY, folder / "pg_toy.json")
    shutil.copy(real / "messenger.json", folder / "messenger.json")
    broken = json.loads(Path(TOY).read_text(encoding="utf-8"))
    broken["roads"] = [["husum", "nowhere"]]
    (folder / "broken.json").write_text(json.dumps(broken), encoding="utf-8")
    monkeypatch.setattr(thurn.board_file, "data_dir", lambda: folder)
    return folder


def start(app: GameApp, board: str, seats=(("Ann", None), ("Bob", "club")), **expansions) -> Play:
    p = app.panel
    for i, (name, kind) in enumerate(seats):
        p.names[i].value = name
        p.kinds[i].value = kind
    p.board.value = board
    for key, value in expansions.items():
        p.expansions[key].value = value
    p.start.click()
    return app.game


def _trace(fig, name):
    return next((t for t in fig.data if t.name == name), None)


# -- the New game panel --------------------------------------------------------------------------------------------

def test_the_panel_offers_the_installed_boards_and_nothing_else(installed):
    p = NewGamePanel(seed=1)
    assert list(p.board.options) == [("Thurn und Taxis — base game board", "base"),
                                     (f"{TOY_NAME} (reconstructed)", "pg_toy")]
    assert p.board.value == "base" and "board" not in p.settings()["rules"]      # the base game, as before
    assert "thurn-board" in p.board._dom_classes and "thurn-board-note" in p.board_note._dom_classes


def test_board_files_from_code_are_offered_beside_the_installed_ones():
    labels = [label for label, _, _ in board_choices([TOY])]
    assert labels[0] == "Thurn und Taxis — base game board" and labels[-1] == f"{TOY_NAME} (reconstructed)"
    p = NewGamePanel(seed=1, boards=[TOY])
    p.board.value = TOY
    assert p.settings()["rules"] == {"board": TOY}
    assert p.chosen_board.id == "pg_toy"


def test_the_panel_offers_only_the_rulesets_the_board_plays_under_and_says_why_not(installed):
    p = NewGamePanel(seed=1)
    shown = lambda: {k for k, box in p.expansions.items() if box.layout.display != "none"}   # noqa: E731
    assert shown() == {"messenger", "offices", "audience", "solo"}                 # the base board: all but one
    assert "Not with Power and Glory: its city cards show no horseshoes" in p.board_note.value
    assert "is a reconstructed board" not in p.board_note.value
    p.expansions["offices"].value = True
    p.board.value = "pg_toy"                                                        # rulesets: base, messenger
    assert shown() == {"messenger"}
    assert p.expansions["offices"].value is False                                   # switched off, not kept
    note = p.board_note.value
    assert "Not with Offices of Honor: it plays under the base game and The Princess&#x27; Messenger only." in note
    assert "is a reconstructed board" in note and "Toy north" in note
    p.expansions["messenger"].value = True
    assert p.settings()["rules"] == {"board": "pg_toy", "expansions": ["messenger"]}
    own = [key for key in PARTS["offices"].option_words]                  # the refused expansion's rule options
    assert own and all(p.options[key].layout.display == "none" for key in own)
    p.board.value = "base"
    assert shown() == {"messenger", "offices", "audience", "solo"} and "reconstructed" not in p.board_note.value
    assert all(p.options[key].layout.display == "none" for key in own)             # offered with Offices ticked
    p.expansions["offices"].value = True
    assert p.options["final_return_reverse_order"].layout.display != "none"


def test_a_board_not_played_under_the_base_game_alone_switches_on_its_expansion(tmp_path):
    data = json.loads(Path(TOY).read_text(encoding="utf-8"))
    data["rulesets"] = ["offices"]
    path = tmp_path / "offices_only.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    p = NewGamePanel(seed=1, boards=[str(path)])
    p.board.value = str(path)
    assert p.expansions["offices"].value is True and p.expansions["messenger"].layout.display == "none"
    assert "not played under the base game alone: switch on Offices of Honor" in p.board_note.value
    assert p.settings()["rules"]["expansions"] == ["offices"]


def test_a_refusal_from_the_variant_when_the_board_lists_no_rulesets():
    @register
    class NeedsRome(Variant):
        name = "toy_pg_needs_rome"

        def board_refusal(self, board):
            return None if "toy_strip" in board.maps else "it needs the Rome strip."

    try:
        base = thurn.load_board("base")
        assert base.rulesets is None
        assert ruleset_refusals(base, ["messenger", "toy_pg_needs_rome"]) == {
            "toy_pg_needs_rome": "it needs the Rome strip."}
        toy = thurn.load_board(TOY)
        assert ruleset_refusals(toy, ["messenger", "offices"]) == {
            "offices": "it plays under the base game and The Princess' Messenger only."}
    finally:
        unregister("toy_pg_needs_rome")


def test_a_hidden_expansion_is_never_asked_for(installed):
    p = NewGamePanel(seed=1)
    p.board.value = "pg_toy"
    p.expansions["offices"].value = True           # a hidden box set from code: not asked for
    assert "expansions" not in p.settings()["rules"]


def test_a_refused_ruleset_started_from_code_says_why_in_the_panel(tmp_path):
    app = GameApp(autosave=False, seed=3, boards=[TOY])
    assert app.start(["Ann", "Bob"], rules={"board": TOY, "expansions": ["offices"]}, seed=3) is None
    assert ("not played under the rules of Offices of Honor: it plays under the base game and The Princess&#x27; "
            "Messenger only") in app.panel.message.value
    assert app.messages.text == ""                          # no "Starting the game…" beside the refusal
    app.close()


# -- saves and resumes keep the board ------------------------------------------------------------------------------

def test_a_game_on_an_installed_board_keeps_it_through_its_save(installed, tmp_path):
    auto = tmp_path / "play.thurn-autosave.json"
    app = GameApp(autosave=auto, seed=5)
    game = start(app, "pg_toy")
    assert game.state.board.id == "pg_toy" and game.state.rules.board == "pg_toy"
    assert f"board: {TOY_NAME} (reconstructed board)" in app._title.value
    game.action_buttons[0].click()
    saved = GameState.from_json(auto.read_text(encoding="utf-8"))        # a save names an installed board: no code
    assert saved.board.id == "pg_toy" and saved.history == game.state.history
    app.close()
    again = GameApp(autosave=auto, seed=6)                               # the autosave offered, and resumed
    assert again.saved_state is not None and again.saved_state.board.id == "pg_toy"
    assert f"Resume it ({TOY_NAME}: round 1" in again._resume.children[1].description   # the offer names it
    resumed = again.resume()
    assert resumed.state.board.id == "pg_toy" and resumed.state.history == game.state.history
    again.close()


def test_a_game_on_a_board_file_from_code_keeps_it_through_saves_and_uploads(tmp_path):
    auto = tmp_path / "play.thurn-autosave.json"
    app = GameApp(autosave=auto, seed=5, boards=[TOY])
    game = start(app, TOY, messenger=True)
    assert game.state.board.id == "pg_toy" and game.state.rules.expansions == ("messenger",)
    game.action_buttons[0].click()
    text = auto.read_text(encoding="utf-8")
    app.close()
    again = GameApp(autosave=auto, seed=6, boards=[TOY])                 # this app reads its own saves back
    assert again.saved_state is not None and again.resume().state.board.id == "pg_toy"
    again.close()
    third = GameApp(autosave=False, seed=7, boards=[TOY])                # an upload of the downloaded game
    opened = third.open_saved(text.encode("utf-8"), "game.json")
    assert opened is not None and opened.state.board.id == "pg_toy"
    third.close()


# -- the map -------------------------------------------------------------------------------------------------------

def test_the_map_title_says_a_board_is_reconstructed():
    s = thurn.new_game(["Ann", "Ben"], seed=1, rules={"board": TOY})
    assert f"{TOY_NAME} (reconstructed board)" in viz.board_figure(s).layout.title.text
    assert viz.board_figure(TOY).layout.title.text == f"{TOY_NAME} (reconstructed board)"
    base = thurn.new_game(["Ann", "Ben"], seed=1)
    assert "reconstructed" not in viz.board_figure(base).layout.title.text        # the printed board: as before
    assert "reconstructed" not in viz.board_figure("base").layout.title.text


def test_free_cities_are_drawn_as_such_and_named_in_the_legend():
    """Power and Glory, Placing houses: the free cities "are not provinces themselves and are not part of the
    surrounding provinces": their own colour, a diamond, and a legend entry of their own."""
    fig = viz.board_figure(TOY)
    board = thurn.load_board(TOY)
    cities = _trace(fig, "cities")
    symbols = dict(zip(board.city_names, cities.marker.symbol))
    assert symbols["Lübeck"] == symbols["Bremen"] == "diamond" and symbols["Kiel"] == "circle"
    colours = dict(zip(board.city_names, cities.marker.color))
    assert colours["Lübeck"] == colours["Bremen"] != colours["Kiel"]
    legend = [sh.name for sh in fig.layout.shapes if sh.showlegend]
    assert legend.count("free city") == 1 and "Nordmark" in legend
    base = viz.board_figure("base")
    assert _trace(base, "cities").marker.symbol is None                 # the base board: unchanged
    assert "free city" not in [sh.name for sh in base.layout.shapes]


def test_a_province_in_parts_is_named_at_each_part():
    """Power and Glory, Collect bonus tiles: "both parts of Preußen" (here Nordmark, in two parts)."""
    names = list(_trace(viz.board_figure(TOY), "provinces").text)
    assert names.count("Nordmark") == 2 and names.count("Westgau") == 1


def _game_until_tile_taken(tile: str, seed: int = 1):
    """A game of greedy bots on the toy board: (the position before the action that took ``tile``, after)."""
    s = thurn.new_game(["Ann", "Ben"], seed=seed, rules={"board": TOY})
    bots = [make_bot("greedy", seed=seed), make_bot("greedy", seed=seed + 1)]
    while not s.is_over:
        after = s.apply(bots[s.to_move].choose(s))
        if not after.stacks_left()[tile] and s.stacks_left()[tile]:
            return s, after
        s = after
    raise AssertionError(f"nobody took the {tile} in this game")


def test_a_first_house_tile_is_drawn_on_its_city_until_it_is_taken():
    """Power and Glory: "Place the round bonus tiles for the free cities on their respective cities"; Collect
    bonus tiles: "The player who places the first house on one of the free cities immediately takes the bonus
    tile for that city"."""
    board = thurn.load_board(TOY)
    start_fig = viz.board_figure(thurn.new_game(["Ann", "Ben"], seed=1, rules={"board": TOY}))
    tiles = _trace(start_fig, "city tiles")
    assert list(tiles.text) == ["1", "1"] and len(tiles.x) == 2
    assert list(zip(tiles.x, tiles.y)) == [board.city("lubeck").pos, board.city("bremen").pos]   # on its city
    assert any("Lübeck tile: 1 point for the first house in Lübeck" in h for h in tiles.hovertext)

    before, after = _game_until_tile_taken("lubeck_tile")
    taker = before.to_move
    assert "lubeck_tile" in [t for t, _ in after.player(taker).tiles]
    assert "Lübeck" in after.player(taker).houses
    assert any("Lübeck" in h for h in _trace(viz.board_figure(before), "city tiles").hovertext)
    left = _trace(viz.board_figure(after), "city tiles")
    assert left is None or not any("Lübeck" in h for h in left.hovertext)     # gone once taken
    assert _trace(viz.board_figure("base"), "city tiles") is None           # no such tile on the base board


# -- a player's per-player public piles beside his row -------------------------------------------------------------

SAID = "<script>x</script> beside"


@pytest.fixture
def with_horses():
    """A toy variant with a per-player public pile ``horses`` (two cards from the deck for each player at the
    start, as Power and Glory's horse cards lie beside the carriage) and an owner's pile ``secret_notes``; its parts
    say the first player's horses in words of their own (escaped where shown)."""

    @register
    class Horses(Variant):
        name = "toy_pg_horses"
        piles = (PileSpec("horses", shared=False, visibility="public", rule="toy: Power and Glory's horse cards"),
                 PileSpec("secret_notes", shared=False, visibility="owner", rule="toy: an owner's pile"))

        def setup(self, state):
            for seat in range(state.num_players):
                move_cards(state, "deck", "horses", state.deck[:2 + seat], seat=seat)
            move_cards(state, "deck", "secret_notes", state.deck[:1], seat=0)

    class HorseParts(Parts):
        name = "toy_pg_horses"

        def pile_words(self, state, pile, seat):
            return SAID if pile == "horses" and seat == 0 else None

    register_parts(HorseParts())
    try:
        yield thurn.new_game(["Ann", "Ben"], seed=2, rules={"expansions": ["toy_pg_horses"]})   # the base board
    finally:
        unregister_parts("toy_pg_horses")
        unregister("toy_pg_horses")


def test_per_player_public_piles_are_columns_beside_each_player(with_horses):
    s = with_horses
    assert pile_columns(s) == [("horses", [SAID, "3 cards"])]                     # the owner's pile: not shown
    assert pile_columns(thurn.new_game(["Ann", "Ben"], seed=2, rules={"board": TOY})) == []


def test_the_map_shows_the_piles_in_its_table_under_the_map(with_horses):
    notes = [a.text for a in viz.board_figure(with_horses).layout.annotations]
    assert "<b>horses</b>" in notes and "3 cards" in notes
    assert "&lt;script&gt;x&lt;/script&gt; beside" in notes and SAID not in notes
    assert not any("secret_notes" in n for n in notes)
    assert viz.board_figure(thurn.new_game(["Ann", "Ben"], seed=2)).layout.annotations == ()   # none: no table


def test_the_play_app_shows_the_piles_in_its_players_table(with_horses, tmp_path):
    app = Play(state=with_horses, autosave=False)
    table = app._players_html(app.state)
    assert "<th>horses</th>" in table and "<td>3 cards</td>" in table
    assert "<td>&lt;script&gt;x&lt;/script&gt; beside</td>" in table and "<script>x" not in table
    assert "secret_notes" not in table
    app.close()
