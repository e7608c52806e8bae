"""The analysis board in-process (issue 36, thurn/widgets/analysis.py), in the base game and each shipped expansion:
reviewed, continued from a mistake on a fair deal against bots and played to the end by clicks, the line kept,
named, promoted, noted, saved and loaded back; the drill answered by its buttons; and the page of an unfinished
game's board never tells a hidden card (base rules, 1): two games that differ only in what the learner could not
see give the same page, before and after "Continue from here".

Sized by ``THURN_SIZE``: a branch is played out by clicks in the base game in ``make test``, in each ruleset in the
full run.
"""
from __future__ import annotations

import functools
import random

import pytest

import thurn
from thurn.game_review import review_game
from thurn.information import determinize
from thurn.sim import full_size, play_game
from thurn.variations import Variations
from thurn.widgets import AnalysisBoard, GameApp, GameReview

from tests.apps.test_fair_page import RULESETS, _players, _rules, page, read, secrets

#: A branch played out by clicks in every ruleset in the full run; the base game's in make test.
PLAYED = RULESETS if full_size() else RULESETS[:1]


@functools.lru_cache(maxsize=None)
def _finished(expansions):
    """A finished game with a random Ann (made once a ruleset: the tests only read it)."""
    names = _players(expansions)
    bots = ["random"] + ["greedy"] * (len(names) - 1)
    return play_game(names, bots, seed=21, rules=_rules(expansions))


@functools.lru_cache(maxsize=None)
def _review(expansions):
    return review_game(_finished(expansions), "Ann", bot={"iterations": 8}, samples=2)


def _click_to_the_end(app, rng) -> None:
    for _ in range(3000):
        s = app.state
        if s.is_over:
            return
        if app.bots_pending:
            assert app.step_bot()
            continue
        buttons = app.action_buttons
        if buttons:
            rng.choice(buttons).click()
        else:                                   # a step chosen otherwise (a picker): through the front door
            assert app.do(rng.choice(list(s.legal_actions()))), app.message
    raise AssertionError("the branch did not end")


@pytest.mark.parametrize("expansions", PLAYED, ids=lambda e: "+".join(e) or "base")
def test_continue_from_a_mistake_play_it_out_keep_and_save_the_line(expansions, tmp_path):
    game, review = _finished(expansions), _review(expansions)
    board = AnalysisBoard(game, "Ann", review=review, seed=3)
    try:
        assert board.teaching and board.tree.main.comments          # a finished game: the review's words
        k = review.mistake_moves(1)[0] if review.mistake_moves(1) else len(game.history) // 2
        board.go_to(k)
        assert board.position.same_position(board.tree.main.state(k))
        app = board.continue_from_here(deal="fair", opponents="club")
        line = board.line
        assert line.deal == "fair" and line.seat == 0 and line.at == k and board.branch_app is app
        _click_to_the_end(app, random.Random(4))
        assert app.state.is_over and line.state().same_position(app.state)       # every move kept in the line
        assert board.slider.max == len(line) and "Game over" in board.now_html.value
        board.name_text.value = "my try"
        board.rename_button.click()
        board.note_text.value = "better: keep the cards"
        board.note_button.click()
        assert line.name == "my try" and line.notes[len(line)] == "better: keep the cards"
        board.go_to(0)
        board.next_note_button.click()                               # an annotated replay: to the next note
        assert board.move == len(line) and "better: keep the cards" == board.note_text.value
        assert board.log_html.value.count("<div><b>") == min(len(line), 12)
        board.show_line(0, k)
        second = board.continue_from_here(deal="same", opponents="hotseat")
        assert board.line.deal == "same" and not second.bots
        board.show_line("my try")
        board.promote_button.click()
        assert board.tree.children(0)[0].name == "my try"
        path = board.save(tmp_path / "analysis.json")
        with pytest.raises(thurn.ThurnError):
            board.save(path)                                        # an existing file is kept
        back = Variations.from_json(path.read_text(encoding="utf-8"))
        assert back.to_json() == board.tree.to_json()
        assert "thurn-download-link" in board.download()
        # the drill, by its buttons
        if board.drill is not None and len(board.drill):
            ex = board.drill.exercise(0)
            choice = next(b for b in board.drill_box.children[2].children if b.tooltip == ex.best.notation)
            choice.click()
            assert board.drill.results[ex.move] == "right"
            assert "Right" in board.drill_box.children[-1].value
    finally:
        board.close()


def test_the_board_says_what_it_refuses():
    game = _finished(())
    board = AnalysisBoard(game, "Ann", seed=1)
    board.delete_button.click()
    assert "cannot be deleted" in board.message
    board.compare_button.click()
    assert board.message_area.kind == "error"
    board.close()
    live = thurn.new_game(["Ann", "Bob"], seed=2)
    for _ in range(12):
        live = live.apply(live.legal_actions()[0])
    unfinished = AnalysisBoard(live, "Ann", seed=1)
    assert not unfinished.teaching and [v for _, v in unfinished.deal_picker.options] == ["fair"]
    with pytest.raises(thurn.ThurnError, match="not over"):
        unfinished.continue_from_here(deal="same")
    unfinished.close()


def test_the_review_and_the_game_app_open_the_board():
    game = _finished(())
    rv = GameReview(game, "Ann", review=_review(()))
    rv.go_to(10)
    rv.analysis_button.click()
    assert rv.analysis.move == 10 and rv.analysis.drill is not None
    rv.close()
    app = GameApp(autosave=False)
    game_app = app.start(["Ann", "Bob"], seats={"Ann": None, "Bob": "club"}, seed=4, pace=None, undo="fair")
    for _ in range(8):
        game_app.do(game_app.state.legal_actions()[0])
    analyse = game_app.history_tools.children[0]
    analyse.click()
    board = app.analysis
    assert board.move == game_app.history_at and not board.teaching and board.seat == 0     # the history slider
    assert game_app.below.children == (board,)
    before = game_app.state
    board.continue_from_here()
    assert game_app.state is before                                      # the game goes on unchanged
    app.close()


@pytest.mark.parametrize("expansions", RULESETS, ids=lambda e: "+".join(e) or "base")
def test_the_board_of_an_unfinished_game_tells_no_hidden_card(expansions):
    """Two positions that differ only in what Ann could not see (two fair deals of one): the same page, before
    and after continuing from there on a fair deal with the same seed; and no page holds the real game's seed,
    deck order or the others' hands."""
    names = _players(expansions)
    live = thurn.new_game(names, seed=77, rules=_rules(expansions))
    rng = random.Random(2)
    for _ in range(30):
        if live.is_over:
            break
        live = live.apply(rng.choice(list(live.legal_actions())))
    one, two = determinize(live, 0, random.Random(1)), determinize(live, 0, random.Random(2))
    boards = [AnalysisBoard(s, "Ann", seed=9) for s in (one, two)]
    try:
        assert page(boards[0]) == page(boards[1])
        for b in boards:
            b.continue_from_here(opponents="beginner")
        assert page(boards[0]) == page(boards[1])
        for b, s in zip(boards, (one, two)):
            text = read(page(b))
            found = [x for x in secrets(s, 0) if x in text]
            assert not found, f"the page holds {found[:3]}"
    finally:
        for b in boards:
            b.close()


def test_the_game_app_opens_a_saved_game_with_its_lines():
    """A file saved with its lines opens as the game (to play on) with its analysis board below, the lines in it; a
    file whose lines are tampered opens the game alone and says that its lines could not be read."""
    import json

    tree = Variations(_finished(()))
    line = tree.branch(0, 30, seed=2, name="kept")
    tree.play_bots(line, "club", seed=1)
    app = GameApp(autosave=False)
    try:
        app.open_saved(tree.to_json().encode(), "mine.json")
        assert app.game.state.same_position(tree.game)
        board = app.analysis
        assert board is not None and app.game.below.children == (board,)
        assert board.tree.line("kept").state().same_position(line.state())
        assert "1 line(s) of analysis" in app.messages.text
        view = GameReview(_finished(()), "Ann", review=_review(()), lines=board.tree)    # as the app's review
        view.analysis_button.click()                                 # the review's board opens with the lines
        assert view.analysis.tree is board.tree and view.analysis.drill.results is board.tree.drill
        view.close()
        bad = json.loads(tree.to_json())
        bad["variations"]["lines"][0]["actions"][0] = "score"
        app.open_saved(json.dumps(bad).encode(), "bad.json")
        assert "could not be read" in app.messages.text and app.game is not None
    finally:
        app.close()
