"""The New game panel offers what means something and deals a new game each time (issue 33): only the rule
options that change anything on the board and under the rules chosen (base rules 000, 3b/3c; the rules notes R4,
R9; Power and Glory's northern board needs every province and has no carriages), a new seed for each game unless
the learner keeps one, and no combination of expansions that cannot be played (SoloPlay manual, 1: one player
against the system), with the reason under the expansions."""
from __future__ import annotations

import pytest

import thurn
from thurn.rules import BOOLEAN_OPTIONS, option_applies
from thurn.rulesets import build_ruleset, check_board
from thurn.variants import REGISTRY
from thurn.widgets import GameApp
from thurn.widgets.newgame import NewGamePanel, combination_refusal

SHIPPED = sorted(name for name, v in REGISTRY.items() if v.__module__.startswith("thurn.expansions"))


def _shown(panel) -> set[str]:
    return {key for key, box in panel.options.items() if box.layout.display != "none"}


def _plays(board, expansions) -> bool:
    try:
        check_board(board, tuple(expansions))
        thurn.Rules(expansions=tuple(expansions))
    except thurn.ThurnError:
        return False
    return True


@pytest.fixture
def panel():
    p = NewGamePanel(seed=1)
    yield p
    p.close()


# -- the rule options offered ----------------------------------------------------------------------------------------

def test_the_northern_board_offers_no_option_about_baiern(panel):
    """Power and Glory's northern board: its all-provinces tile needs every province (no "Outside of Baiern"), so
    R4 (base rules 000/004, 3b against 001) changes nothing there."""
    assert "all_provinces_includes_baiern" in _shown(panel)
    panel.options["all_provinces_includes_baiern"].value = True
    panel.board.value = "northern"
    assert "all_provinces_includes_baiern" not in _shown(panel)
    assert panel.options["all_provinces_includes_baiern"].value is False
    assert "all_provinces_includes_baiern" not in panel.settings()["rules"]
    panel.board.value = "base"
    assert "all_provinces_includes_baiern" in _shown(panel)


def test_power_and_glory_offers_no_option_about_the_carriage(panel):
    """Power and Glory has no carriages (its horses instead): "the carriage is always taken" (R9, base rules 3c)
    means nothing there; the base game on the same board has them."""
    panel.board.value = "northern"
    assert "carriage_compulsory" in _shown(panel)                       # the base game on the northern board
    panel.options["carriage_compulsory"].value = True
    panel.expansions["power_glory"].value = True
    assert "carriage_compulsory" not in _shown(panel) and panel.options["carriage_compulsory"].value is False
    assert panel.settings()["rules"] == {"board": "northern", "expansions": ["power_glory"]}
    assert _shown(panel) >= {"optional_houses", "hand_limit_at_most", "postal_carrier_may_restart"}


def test_an_expansion_s_own_options_only_with_it_ticked(panel):
    """Offices of Honor's final return order (R7) is offered with Offices ticked; its reward for tiles in play only
    where an office cannot be called (Power and Glory: "the cartwright ... not used")."""
    assert not _shown(panel) & {"final_return_reverse_order", "top_reward_for_tiles_in_play"}
    panel.expansions["offices"].value = True
    assert "final_return_reverse_order" in _shown(panel) and "top_reward_for_tiles_in_play" not in _shown(panel)
    panel.board.value = "northern"
    panel.expansions["offices"].value = True
    panel.expansions["power_glory"].value = True
    assert {"final_return_reverse_order", "top_reward_for_tiles_in_play"} <= _shown(panel)


def test_every_board_and_ruleset_offers_exactly_the_options_that_apply():
    """For every installed board and every ruleset it plays (the registry's expansions, one at a time), the panel
    shows an option exactly when the rules core says it changes something, and a hidden one is never asked for."""
    p = NewGamePanel(seed=1)
    try:
        for name in thurn.available_boards():
            board = thurn.load_board(name)
            p.board.value = name
            for exp in [()] + [(x,) for x in SHIPPED]:
                if not _plays(board, exp):
                    continue
                for key, box in p.expansions.items():
                    box.value = key in exp
                for box in p.options.values():
                    box.value = True
                rs = build_ruleset(exp)[1]
                want = {k for k in BOOLEAN_OPTIONS if option_applies(k, rs, board)}
                assert _shown(p) == want, (name, exp)
                assert {k for k in p.settings()["rules"] if k in BOOLEAN_OPTIONS} == want, (name, exp)
    finally:
        p.close()


def test_the_option_words_are_shown_whole(panel):
    """A long option's words wrap: never cut with "…" (the check boxes' labels may wrap in the panel)."""
    style = panel.children[[i for i, w in enumerate(panel.children) if "Expansions" in str(getattr(w, "value", ""))][0]]
    assert "white-space:normal" in style.value and "text-overflow:clip" in style.value


# -- expansions that cannot be played together ---------------------------------------------------------------------

@pytest.mark.parametrize("alone", [n for n in SHIPPED if REGISTRY[n].alone])
def test_an_expansion_played_alone_cannot_be_ticked_with_another(panel, alone):
    others = [n for n in SHIPPED if n != alone and panel.expansions[n].layout.display != "none"]
    assert others
    panel.expansions[others[0]].value = True                   # left ticked from the last game
    assert panel.expansions[alone].disabled and panel.expansions[alone].value is False
    assert "is played on its own" in panel.combination_note.value
    panel.expansions[others[0]].value = False
    assert not panel.expansions[alone].disabled and panel.combination_note.value == ""
    panel.expansions[alone].value = True
    assert all(panel.expansions[n].disabled and panel.expansions[n].value is False for n in others)
    note = panel.combination_note.value
    assert "is played on its own" in note and "SoloPlay manual" in note
    assert panel.settings()["rules"]["expansions"] == [alone]
    panel.expansions[alone].value = False
    assert not any(panel.expansions[n].disabled for n in others)


def test_what_can_be_ticked_is_what_can_be_played(panel):
    """Every pair of expansions the panel lets be ticked together on the base board deals a game."""
    board = panel.chosen_board
    for a in SHIPPED:
        for box in panel.expansions.values():
            box.value = False
        if panel.expansions[a].layout.display == "none":
            continue
        panel.expansions[a].value = True
        for b in SHIPPED:
            box = panel.expansions[b]
            if b == a or box.layout.display == "none":
                continue
            assert box.disabled == (combination_refusal(board, [a, b]) is not None), (a, b)


def test_a_refusal_is_not_shown_beside_starting_the_game():
    app = GameApp(autosave=False, seed=3)
    try:
        app._start_clicked(dict(players=["Ann", "Bob"], seats={"Ann": None, "Bob": "greedy"},
                                rules={"expansions": ["audience", "solo"]}, seed=3))
        assert app.game is None and "played on its own" in app.panel.message.value
        assert "Starting the game" not in app.messages.value
    finally:
        app.close()


# -- the seed ------------------------------------------------------------------------------------------------------

def _start(app) -> int:
    app.panel.start.click()
    assert app.game is not None, app.panel.message.value
    return app.game.state.setup["seed"]


def test_each_new_game_gets_a_new_seed_unless_the_learner_keeps_it():
    app = GameApp(autosave=False, seed=5)
    try:
        first = _start(app)
        second = _start(app)
        third = _start(app)
        assert len({first, second, third}) == 3                      # New game deals new cards
        again = GameApp(autosave=False, seed=5)
        assert again.panel.seed.value == str(first)                   # (seeded: the same series again)
        again.close()
        app.panel.fix_seed.value = True
        kept = int(app.panel.seed.value)
        assert _start(app) == kept and _start(app) == kept            # the same deal again, asked for
        app.panel.seed.value = "1234"                                  # a seed typed is kept
        assert app.panel.fix_seed.value is True
        assert _start(app) == 1234 and _start(app) == 1234
        app.panel.roll_seed()                                          # "another seed": new ones again
        assert app.panel.fix_seed.value is False
        a = _start(app)
        assert _start(app) != a
    finally:
        app.close()


def test_a_panel_without_a_seed_draws_from_the_system():
    seeds = {NewGamePanel().seed.value for _ in range(3)}
    assert len(seeds) > 1
