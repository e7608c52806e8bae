"""Issue 33, part "words": the log, the status line and the Score buttons say what the rules do, in every ruleset.

- The play step offers "or start a new route" only where a new route may be started (rules notes R12: the Postal
  Carrier's second card extends the route; issue 33 found it after the Postal Carrier under Power and Glory).
- The last round is marked once the end is triggered (base rules, Game End: the round is finished).
- Power and Glory's horse cards are discarded at a scoring, and the log says so (Power and Glory, Discard city cards).
- The Audience's owed carriage moves name each carriage once (The Audience, Moving the carriages).
- SoloPlay: a display refilled after the hand-management bonus (4.6, 4.7) is not "the deck has cards again"; the last
  house of a colour is named by its colour (6); one player's game ends with his last turn, not a round.
- Each Score option shows what its points are made of, from the ruleset's score items (explore.score_parts).
"""
from __future__ import annotations

import re

import pytest

import thurn

from tests.support.helpers import board_for
from thurn import words
from thurn.explore import score_outcomes, score_parts
from thurn.expansions.audience.rules import moves_text
from thurn.lessons import load_lesson
from thurn.step_text import round_text
from thurn.variants import REGISTRY

#: The expansions the package ships (not the toy variants other test modules register in the same process).
SHIPPED = sorted(name for name, v in REGISTRY.items() if v.__module__.startswith("thurn.expansions"))
RULESETS = [()] + [(name,) for name in SHIPPED]


def _games(expansions, seeds=(1, 2), bots="greedy"):
    """Whole games of ``expansions`` played by bots: every position, in order."""
    from thurn.sim import play_game

    rules = thurn.Rules(board=board_for(expansions), expansions=expansions)
    lo, hi = rules.ruleset.players or (2, 4)
    n = max(lo, min(3, hi))
    for seed in seeds:
        end = play_game(n, bots=bots, seed=seed, rules=rules)
        s = end.root
        states = [s]
        for a in end.history:
            s = s.apply(a)
            states.append(s)
        yield states


@pytest.fixture(scope="module", params=RULESETS, ids=lambda e: "+".join(e) or "base")
def games(request):
    return request.param, list(_games(request.param))


def test_a_new_route_is_offered_in_words_only_where_a_play_may_start_one(games):
    """Rules notes R12: after the Postal Carrier the second card extends the route: the step's words drop "or start
    a new route" then (they offered it under Power and Glory and the base game)."""
    expansions, played = games
    seen = 0
    for states in played:
        for s in states:
            if s.is_over or "play" not in s.ruleset.steps[s.step].kinds:
                continue
            new = any(a.kind == "play" and a.end == "new" for a in s.legal_actions())
            assert ("start a new route" in s.step_info.does) == new, (s.step_info.does, s.plays)
            seen += not new
    if any(st.plays for states in played for st in states if not st.is_over and st.step == "play"):
        assert seen, "no position after the Postal Carrier was met"


def test_the_last_round_is_marked_once_the_end_is_triggered(games):
    """Game End: the round is finished after the end is triggered; the status says it is the last (one player: the
    last turn, SoloPlay, 6)."""
    expansions, played = games
    marked = 0
    for states in played:
        for s in states:
            text = round_text(s)
            assert text.startswith(f"Round {s.round_number}")
            last = s.end_by is not None and not s.is_over
            assert ("the last" in text) == last
            if last:
                assert text.endswith("the last turn" if s.num_players == 1 else "the last round")
                marked += 1
    assert marked


def test_the_play_apps_status_marks_the_last_round():
    from thurn.sim import play_game
    from thurn.widgets import Play

    end = play_game(2, bots="greedy", seed=3)
    s = end.root
    for a in end.history:
        s = s.apply(a)
        if s.end_by is not None and not s.is_over:
            break
    app = Play(state=s, autosave=False)
    try:
        assert f"Round {s.round_number} · the last round" in app._status.value
    finally:
        app.close()


def test_the_logs_words(games):
    """The log of whole games: Power and Glory's horse cards discarded at a scoring are logged; The Audience names
    each owed carriage once; a one-player game has no round to complete; SoloPlay's deck never "has cards again"."""
    expansions, played = games
    for states in played:
        end = states[-1]
        log = [str(line) for line in end.log()]
        if end.num_players == 1:
            assert "The last turn is complete: the game is over." in log
            assert not any("The round is complete" in line or "this round is complete" in line for line in log)
        if "solo" in expansions:
            assert not any("has cards again" in line for line in log)
        for line in log:
            if "without a new house:" in line:
                named = re.findall(r"the [\w/ü]+ carriage(?! is)", line)
                assert len(named) == len(set(named)), line
        if "power_glory" in expansions:
            discards = 0
            for before, after in zip(states, states[1:]):
                cards = before.players[before.to_move].piles.get("horses", ())
                if after.history[-1].kind == "score" and cards:
                    said = [str(x) for x in after.log()[len(before.log()):]]
                    names = [before.board.card_names[c] for c in cards]
                    assert any("discards the horse card" in x and all(n in x for n in names) for x in said), said
                    discards += 1
            assert discards


def test_moves_text_names_each_carriage_once():
    """The Audience, Moving the carriages: one city south for each card without a new house."""
    b, z = "the Baiern carriage", "the Baden carriage"
    assert moves_text({b: 1}) == "the Baiern carriage one city south"
    assert moves_text({b: 2}) == "the Baiern carriage one city south twice"
    assert moves_text({z: 1, b: 1}) == "the Baden carriage and the Baiern carriage one city south each"
    assert moves_text({z: 1, b: 2}) == ("the Baiern carriage one city south twice and the Baden carriage one city "
                                        "south once")


# -- SoloPlay's words --------------------------------------------------------------------------------------------

SOLO = {st.step.id: st for st in load_lesson("solo").stops()}


def test_the_display_refilled_after_the_hand_bonus_is_not_a_deck_that_ran_out():
    """SoloPlay, 4.6 and 4.7: cards put under the deck leave display slots empty; they are refilled from the deck,
    which never ran out (issue 33: "The deck has cards again")."""
    s = SOLO["hand_bonus"].state
    a = next(a for a in s.legal_actions() if len(a.cards) == 2)
    n = len(s.log())
    s = s.apply(a)
    while None in s.display_cards and not s.is_over:
        s = s.apply(s.legal_actions()[0])
    said = [str(x) for x in s.log()[n:]]
    assert any("refilled from the deck with" in x and "(SoloPlay, 4.7)" in x for x in said), said
    assert not any("has cards again" in x for x in said)


def test_the_last_house_of_a_colour_is_named_by_its_colour():
    """SoloPlay, 6: "One color of houses is exhausted during route completion" ends the game: the log names the
    colour (issue 33: "places the last house" while other colours had houses left)."""
    after = SOLO["goal"].state.apply("score basel+zurich colour=green")
    log = [str(x) for x in after.log()]
    assert "Ann places the last green house: the game ends when this turn is complete." in log
    assert not any("places the last house" in x for x in log)
    assert "The last turn is complete: the game is over." in log


def test_the_1_point_tile_taken_is_logged():
    """SoloPlay, 4.4c: the completion that gives a tile of each province takes the 1-point tile, and the log says so
    (it said only the region's tile)."""
    st = SOLO["bonus_tile"]
    after = st.state.apply(st.step.question["action"])
    said = " ".join(str(x) for x in after.log())
    assert "takes the 1-point tile" in said and "counts among the bonus tiles at the end" in said


# -- the Score buttons' parts ------------------------------------------------------------------------------------

def test_each_score_option_shows_its_parts_and_they_add_up(games):
    """Every Score option of every ruleset: its parts (explore.score_parts, the ruleset's score items) add up to its
    points, name each new bonus tile, and the Play app shows them on the button (tooltip) and under the row."""
    expansions, played = games
    checked = 0
    for states in played:
        for s in states[::3]:
            if s.is_over or s.step != "score":
                continue
            for o in score_outcomes(s):
                parts = o.outcome.parts
                assert sum(p for _, p in parts) == o.outcome.points
                assert parts == score_parts(s, o.state, s.to_move)
                assert all(p for _, p in parts) and all(w for w, _ in parts)
                for name, v in o.outcome.tiles:
                    assert any(w.endswith("tile") and p == v for w, p in parts), (name, parts)
                text = words.parts_text(o.outcome)
                assert text.startswith(f"{o.outcome.points:+d}")
                checked += 1
    assert checked


def test_the_audiences_clergymen_reaching_rome_are_named_in_a_scorings_parts():
    """The Audience, Game end: the clergymen on the audience spaces score; a scoring that brings one there says so
    (issue 33: "Ulm (option B …) → +5" with a Bischof arriving in Rome, and nothing said so)."""
    found = 0
    for states in _games(("audience",), seeds=range(8)):     # until a scoring brings a clergyman to Rome
        for s in states:
            if s.is_over or s.step != "score":
                continue
            for o in score_outcomes(s):
                rome = [(w, p) for w, p in o.outcome.parts if w.endswith(" in Rom")]
                if rome:
                    assert all(p > 0 for _, p in rome)
                    assert words.score_parts(s, o.action) == words.parts_text(o.outcome)
                    found += 1
            if found:
                return
    assert found


def test_the_play_app_shows_the_parts_on_and_under_the_score_buttons():
    from thurn.widgets import Play

    for states in _games(("audience",), seeds=(0,)):
        s = next(s for s in states if not s.is_over and s.step == "score"
                 and any(len(o.outcome.parts) > 1 for o in score_outcomes(s)))
        app = Play(state=s, autosave=False)
        try:
            buttons = [b for b in app.action_buttons if b.action.kind == "score"]
            assert buttons
            notes = []
            stack = [app._actions]
            while stack:
                w = stack.pop()
                if "thurn-score-parts" in getattr(w, "_dom_classes", ()):
                    notes.append(w.value)
                stack.extend(getattr(w, "children", ()))
            assert len(notes) == 1
            for b in buttons:
                parts = words.score_parts(s, b.action)
                assert b.tooltip.startswith(parts)
                assert parts.replace("'", "&#x27;") in notes[0] or parts in notes[0]
        finally:
            app.close()
