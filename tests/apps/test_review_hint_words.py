"""The review answers in seconds and agrees with the hint (the review part of the issue): a whole review of a
three-player game with both expansions within its budget; the hint's advice, when the review ranks it otherwise,
said so with the reason; a mistake's words that agree with its values; the summary in the game's terms; and the
return of office tiles valued and said in words by the greedy bot (the hint)."""
from __future__ import annotations

import re
import time


import thurn
from thurn.bots.greedy import GreedyBot
from thurn.bots.hint import hint
from thurn.game_review import explain, mistakes, review, review_game
from thurn.sim import play_game

BOT = {"iterations": 8, "top": 3}
SEED = 5
BOTH = {"expansions": ["messenger", "offices"]}


class HintFollower:
    """A learner who always plays the hint's first advice (``thurn.bots.hint.hint``), and at a second draw the card
    its advice for the first one named ("then take Salzburg too"), as the issue's learner did."""

    name = "hint follower"

    def __init__(self):
        self.plan = None
        self.planned = 0

    def choose(self, state):
        if self.plan is not None and state.step == "draw" and state.draws:
            planned = [a for a in state.legal_actions() if a.kind == "draw" and a.city is not None
                       and state.board.city_name(state.board.index(a.city)) == self.plan]
            self.plan = None
            if planned:
                self.planned += planned[0] != hint(state)[0].action
                return planned[0]
        h = hint(state)[0]
        m = re.search(r"then take (.+?) too", h.reason)
        self.plan = m.group(1) if m else None
        return h.action


def test_a_learner_who_follows_the_hint_is_told_why_the_review_ranks_it_otherwise():
    ann = HintFollower()
    game = play_game(["Ann", "Ben"], [ann, GreedyBot(2)], 16)
    t = review(game, "Ann", bot=BOT, seed=SEED)
    followed_plan = t[t["hint"] != t["notation"]]
    assert len(followed_plan) == ann.planned > 0                # the plan of the draw before, not the hint's advice now
    assert (followed_plan["step"] == "draw").all()
    # the case: round 1, the second draw the hint planned, ranked lower by the review: said why
    first = followed_plan.iloc[0]
    assert first["round"] == 1 and first["rank"] > 1
    assert "(the hint's plan)" in first["comment"]
    assert "This followed the hint's advice for the draw before (“then take " in first["details"]
    others = t[(t["rank"] > 1) & ~t["excused"]]
    assert len(others) > 0
    for comment, details in zip(others["comment"], others["details"]):
        assert "(the hint's advice)" in comment or "(the hint's plan)" in comment, comment
        assert ("This was the hint's advice; the hint values this turn only" in details
                or "This followed the hint's advice for the draw before (“then take " in details), details
    for words in mistakes(t, n=10):
        assert "(the hint's advice)" in words or "(the hint's plan)" in words
    # the hint's clear favourites (1 point or more ahead) are the search bot's choice too: no look, no loss
    clear = t[t["look"] == "clear"]
    assert len(clear) > 0 and (clear["rank"] == 1).all() and (clear["loss"] == 0).all()


def _carriage_scoring(seed=0):
    """A greedy game's first score step where a Score action takes a carriage and ending the turn is legal: the
    position, that Score action and the End action."""
    s = thurn.new_game(["Ann", "Ben"], seed=seed)
    bots = [GreedyBot(1), GreedyBot(2)]
    while not s.is_over:
        if s.step == "score":
            me = s.players[s.to_move]
            takes = [a for a in s.legal_actions() if a.kind == "score"
                     and len(s.apply(a).players[s.to_move].carriages) > len(me.carriages)]
            end = [a for a in s.legal_actions() if a.kind == "end"]
            if takes and end:
                return s, takes[0], end[0]
        s = s.apply(bots[s.to_move].choose(s))
    raise AssertionError("no such position")


def test_a_mistakes_words_agree_with_its_values():
    # the chosen line takes a carriage this turn and the better one does not: the words must not read as if the
    # better one were better on every count, but say what the chosen one got and where the better one gains
    s, score, end = _carriage_scoring()
    words = explain(s, score, end, 2.5, seed=SEED)
    assert "gave up" not in words
    assert f"“{score}” got carriage " in words and f"this turn, which “{end}” does not" in words
    assert "was worth 2.5 points more (expected) by the end of Ann's turn after next" in words
    assert "later turns" in words


def test_the_summary_speaks_in_the_games_terms():
    game = play_game(["Ann", "Ben"], [GreedyBot(1), GreedyBot(2)], 0)
    r = review_game(game, "Ann", bot=BOT, seed=SEED, samples=1)
    text = r.summary()
    assert "in all" not in text                                 # never a sum of the losses
    final = dict(zip(game.names, game.returns()))
    gap = abs(final["Ann"] - final["Ben"])
    if game.winner() == "Ann":
        assert f"Ann won with {final['Ann']} points, {gap} ahead of Ben ({final['Ben']})." in text
    else:
        assert f"Ann finished with {final['Ann']} points, {gap} behind the winner, Ben ({final['Ben']})." in text
    n = len(r.mistake_moves(n=len(r.table)))
    if n:
        assert f"{n} mistake{'s' if n > 1 else ''} confirmed; the biggest cost about " in text
        assert "do not add up" in text
    else:
        assert "No mistake" in text


def _return_positions(seed=5):
    s = thurn.new_game(["Ann", "Ben", "Cid"], seed=seed, rules=BOTH)
    bots = [GreedyBot(i) for i in range(3)]
    out = []
    while not s.is_over:
        if s.step in ("return", "final_return") and len(s.legal_actions()) > 1:
            out.append(s)
        s = s.apply(bots[s.to_move].choose(s))
    return out


def test_the_hint_says_why_for_a_return_of_office_tiles():
    # the hint in a return round once said "no heuristic for this kind of action"; now the tiles, the reward they
    # earn and what the tiles kept promise (Offices of Honor, returning tiles). Returning a spare tile to keep three
    # different ones is the greedy bot's choice where its valuation says so: a bot that took the chip instead won
    # 25.8 % ± 3.5 % of 600 three-player games against two that keep them (BENCHMARKS.md), so the words say why.
    seen = spare = 0
    for s in _return_positions():
        hints = hint(s, n=len(s.legal_actions()))
        for h in hints:
            assert "no heuristic" not in h.reason
            n = len(h.action.offices)
            assert h.reason.startswith(f"return {n} different tile" if n else "return no tile"), h.reason
            assert "(Offices of Honor, " in h.reason
        seen += 1
        tiles = s.ext["offices"].tiles[s.to_move]
        best = hints[0]
        if s.step == "return" and len(best.action.offices) == 1 and sum(1 for x in tiles if x) == 3:
            assert ": nothing; keeps " in best.reason and "3 different for a chip (a house with the fourth office) " \
                   "at a later return" in best.reason, best.reason
            spare += 1
        for h in hints:
            if len(h.action.offices) == 3 and s.step == "return" and s.ext["offices"].chips_left:
                assert "a victory point chip (1 point at the end)" in h.reason
    assert seen > 10 and spare > 0


def test_a_review_of_a_three_player_game_with_both_expansions_keeps_to_its_budget(monkeypatch):
    from thurn.bots.search import SearchBot

    game = play_game(["Ann", "Ben", "Cid"], [GreedyBot(i) for i in range(3)], 1, BOTH)
    rollouts = []
    real = SearchBot._rollout

    def counted(self, s, me, horizon, rng):
        rollouts.append(1)
        return real(self, s, me, horizon, rng)
    monkeypatch.setattr(SearchBot, "_rollout", counted)
    start = time.process_time()
    r = review_game(game, "Ann")                                   # the default budget, as the app asks
    cpu = time.process_time() - start
    print(f"review of a 3-player game with both expansions: {cpu:.1f} s of CPU, {len(rollouts)} rollouts, "
          f"{len(r.table)} decisions, expected scores at {len(r.expected)} positions")
    assert len(rollouts) <= 1200                                   # 32 rollouts for each decision were ~2,800
    assert len(r.expected) <= 25                                   # every second or third turn, not all 49
    # (the budget is counted, not timed: the CPU seconds are printed, and BENCHMARKS.md records them per ruleset;
    # a timed assertion failed by 0.08 s on a loaded CI machine, issue 36's run)
