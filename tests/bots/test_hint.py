"""thurn.bots.hint: the best few legal actions with reasons, the cities they concern, and clear errors."""
import pytest

import thurn
from thurn.bots.greedy import GreedyBot
from thurn.bots.hint import Hint, hint
from thurn.sim import play_game

from tests.support.helpers import at_play, at_score, route_of


def _states(seed=4, n=30):
    """Positions of a greedy 2-player game, each with more than one legal action."""
    state = thurn.new_game(["Ann", "Ben"], seed=seed)
    bot, out = GreedyBot(1), []
    while not state.is_over and len(out) < n:
        if len(state.legal_actions()) > 1:
            out.append(state)
        state = state.apply(bot.choose(state))
    return out


def test_hints_are_legal_best_first_with_reasons():
    for s in _states():
        hints = hint(s)
        assert 1 <= len(hints) <= 3
        assert all(isinstance(h, Hint) and s.is_legal(h.action) for h in hints)
        assert [h.value for h in hints] == sorted((h.value for h in hints), reverse=True)
        assert all(len(h.reason) > 10 for h in hints)
        assert hints[0].value == max(v for v, _, _ in GreedyBot(0).score_actions(s))


def test_how_many_and_for_whom():
    s = _states()[0]
    assert len(hint(s, n=1)) == 1
    assert len(hint(s, n=100)) == len(s.legal_actions())
    assert hint(s, s.to_move_name) == hint(s) == hint(s, s.to_move)


def test_a_hint_for_a_player_not_to_move_is_refused():
    s = thurn.new_game(["Ann", "Ben"], seed=1)
    with pytest.raises(thurn.ThurnError, match="It is Ann's turn, not Ben's") as e:
        hint(s, "Ben")
    assert e.value.reason == "not_to_move"
    with pytest.raises(thurn.UnknownName, match="Did you mean 'Ann'"):
        hint(s, "Anne")
    with pytest.raises(ValueError, match="whole number of 1 or more"):
        hint(s, n=0)


def test_no_hint_after_the_game():
    final = play_game(["Ann", "Ben"], [GreedyBot, GreedyBot], seed=3)
    with pytest.raises(thurn.ThurnError, match="game is over") as e:
        hint(final)
    assert e.value.reason == "game_over"


def test_the_cities_a_hint_concerns():
    s = at_play(route=["Carlsruhe", "Stuttgart"], hand=["Ulm", "Lodz"])
    top = hint(s, n=1)[0]
    assert top.action == thurn.Play("Ulm", "right")
    assert top.cities == ("Ulm",) and top.route == ("Carlsruhe", "Stuttgart", "Ulm")
    assert "Carlsruhe–Stuttgart–Ulm" in top.reason
    assert str(top).startswith("Play at the right end: Ulm ▶ (")

    s = at_score(route_of(3), hand=["Lodz"])
    top = hint(s, n=1)[0]
    assert top.action.kind == "score"
    assert top.houses == tuple(top.action.houses) and set(top.houses) <= set(route_of(3))
    assert top.route == tuple(route_of(3))
    assert "carriage 3" in top.reason

    draws = [h for h in hint(_states()[0], n=10) if h.action.kind == "draw" and h.action.city]
    assert draws and all(h.cities == (h.action.city,) for h in draws)


class Reversed:
    """A stand-in for a search bot: the worst greedy action first."""

    def score_actions(self, state):
        return [(-v, a, "reversed") for v, a, _ in GreedyBot(0).score_actions(state)]


class Evaluator:
    """A stand-in for a search bot that only estimates each action."""

    def evaluate(self, state):
        return {a: float(i) for i, a in enumerate(state.legal_actions())}


def test_another_bot_gives_its_own_estimates():
    s = at_score(route_of(3), hand=["Lodz"])
    legal = s.legal_actions()
    worst = min(GreedyBot(0).score_actions(s), key=lambda t: t[0])[1]
    assert hint(s, n=1, bot=Reversed())[0].action == worst
    top = hint(s, n=1, bot=Evaluator())[0]
    assert top.action == legal[-1] and top.value == len(legal) - 1
    assert top.reason == dict((a, why) for _, a, why in GreedyBot(0).score_actions(s))[legal[-1]]
    with pytest.raises(TypeError, match="score_actions"):
        hint(s, bot=object())


def test_the_hint_asks_the_strongest_level_within_its_budget_in_every_ruleset():
    """Issue 35: the hint uses the strongest level that meets its time budget (thurn.bots.hint.hint_budget_ms,
    costed per ruleset by thurn.bots.costs): a level that gives advice (no random or blundering one)."""
    from thurn.bots.costs import decision_ms
    from thurn.bots.hint import hint_budget_ms, hint_level
    from thurn.bots.levels import LEVELS

    from tests.support.rulesets import NAMES, RULESETS, player_counts

    assert 0 < hint_budget_ms() <= 1000
    advisers = [lv for lv in LEVELS if lv.bot != "random" and "blunders" not in dict(lv.options)]
    for board, expansions in RULESETS:
        n = max(player_counts(board, expansions))
        s = thurn.new_game(NAMES[:n], seed=2, rules={"board": board, "expansions": list(expansions)})
        level = hint_level(s)
        assert level.bot != "random" and "blunders" not in dict(level.options)
        assert decision_ms(level, s, every=True) <= hint_budget_ms() or level is advisers[0]
        stronger = advisers[advisers.index(level) + 1:]
        assert all(decision_ms(lv, s, every=True) > hint_budget_ms() for lv in stronger)
        if level.bot == "greedy":
            assert [h.value for h in hint(s, n=3)] == [v for v, _, _ in GreedyBot(0).score_actions(s)[:3]]


def test_a_larger_budget_makes_the_hint_a_search_levels_in_greedys_words(monkeypatch):
    from thurn.bots import hint as hint_module
    from thurn.bots.levels import LEVELS

    monkeypatch.setattr(hint_module, "HINT_SHARE", 1000.0)       # the review's words aside: a second a hint
    s = _states()[3]
    level = hint_module.hint_level(s)
    assert level.bot == "search" and level is LEVELS[-1]
    hints = hint(s, n=100)
    assert hints == hint(s, n=100)                                # seeded by the position: the same each time
    assert [h.value for h in hints] == sorted((h.value for h in hints), reverse=True)
    assert {h.action for h in hints} == set(s.legal_actions())
    words = {a: why for _, a, why in GreedyBot(0).score_actions(s)}
    assert all(h.reason == words[h.action] for h in hints)       # the reasons in GreedyBot's words
    assert hint(s, n=1, bot=GreedyBot(0))[0].value == GreedyBot(0).score_actions(s)[0][0]     # bot= still rules


def test_the_hint_asks_one_level_throughout_a_game():
    """The hint's level is costed at HINT_ACTIONS legal actions, not at each position's own: a position with two
    actions asks the same level as one with many, so that the review's "the hint's advice" holds at every decision."""
    from thurn.bots.hint import hint_level

    levels = {hint_level(s).name for s in _states(40)}
    assert len(levels) == 1, levels
