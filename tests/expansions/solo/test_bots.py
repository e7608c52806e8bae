"""The bots on SoloPlay (thurn/expansions/solo/valuation.py): legal games to the end at every difficulty and under
the other readings, the bot's own reading of a completion against the core's scoring stages, the bot's view, and
the valuation's gain measured (the figures: BENCHMARKS.md, "Issue 26: SoloPlay", tests/bench/solo_bench.py)."""
from __future__ import annotations

import random

import pytest

import thurn
from thurn.bots.greedy import GreedyBot
from thurn.bots.greedy.policy import evaluation
from thurn.bots.search import SearchBot
from thurn.effects import route_effect, score_record
from thurn.expansions.solo import rules as so
from thurn.expansions.solo import valuation as sv
from thurn.information import Watch, hidden_view, player_view
from thurn.bots.valuation import valuations
from thurn.parts import PARTS, register_parts
from thurn.sim import full_size, play_game, sized


def rules(**options):
    return thurn.Rules(expansions=("solo",), options=options)


def game(seed, bot="greedy", **options):
    return play_game(["Ann"], [bot], seed=seed, rules=rules(**options))


def positions(seed, **options):
    """The positions of a greedy game, each with the action played."""
    s = thurn.new_game(["Ann"], rules=rules(**options), seed=seed)
    bot = GreedyBot(seed)
    out = []
    while not s.is_over:
        a = bot.choose(s)
        out.append((s, a))
        s = s.apply(a)
    return out, s


def test_the_valuation_is_solo_s():
    s = thurn.new_game(["Ann"], rules=rules(), seed=1)
    assert valuations(s) == (sv.VALUATION,)
    assert evaluation(s) is sv.SoloEval
    base = thurn.new_game(["Ann", "Bob"], seed=1)
    assert sv.VALUATION not in valuations(base)
    assert sv.PARTS is sv.VALUATION


@pytest.mark.parametrize("difficulty", so.OPTIONS["difficulty"][1])
def test_greedy_plays_to_the_end_at_each_difficulty(difficulty):
    for seed in range(sized(6, 1)):
        s = game(seed, difficulty=difficulty)
        assert s.is_over
        rec = score_record(s, 0)
        assert rec["total"] == rec["tiles"] + rec["coach_sets"] + rec["houses_left"] + rec["discard_penalty"]
        assert s.result()["rating"] in {"no victory", "minor victory", "major victory", "complete victory"}
        assert so.solo(s).ended in ("deck", "houses")


READINGS = [(name, value) for name, (default, allowed, _) in so.OPTIONS.items() if name != "difficulty"
            for value in allowed if value != default]


@pytest.mark.parametrize("name,value", READINGS)
def test_greedy_plays_each_reading(name, value):
    seeds = range(sized(4, 1))
    kinds = set()
    for seed in seeds:
        states, s = positions(seed + 40, **{name: value})
        assert s.is_over
        kinds.update(a.kind for _, a in states)
    if name == "colour_declared":
        assert "declare" in kinds          # the bot declares the colour of each route it starts


def test_search_plays_a_solo_game():
    bot = SearchBot(3, iterations=4)
    s = play_game(["Ann"], [lambda seed: bot], seed=5, rules=rules(difficulty="hard"))
    assert s.is_over and s.result()["rating"]


def test_the_bot_reads_a_completion_as_the_core_does():
    """The bot's fast reading of each legal completion (houses placed, tiles, coach card, the end) against
    thurn.effects.route_effect through SoloPlay's scoring stages, in the positions of a few games and readings."""
    checked = 0
    for seed, options in ((0, {}), (1, {"regions": "any"}), (2, {"long_routes": "coach_7", "bonus_tile": "once"}),
                          (3, {"difficulty": "easy"})):
        states, _ = positions(seed, **options)
        for s, _ in states:
            if s.step != "score":
                continue
            ev = sv.SoloEval(s, GreedyBot(0).weights)
            p = s.players[0]
            for a in s.legal_actions():
                if a.kind != "score":
                    continue
                placed, tiles, coach, ends = sv.completion(ev, a)
                e = route_effect(s.board, s.rules, p, s.stacks, s.carriages_left, s.end_by is None, len(p.route),
                                 a.resolved, a.cartwright, True, state=s, colour=a.colour, coach=a.coach)
                assert placed == e.placed
                extra = sum(v for what, v in e.extra if what == "bonus_tile")
                assert tiles == sum(v for _, v in e.tiles), (a, e)
                assert coach == e.carriage
                assert ends == (e.ends == "houses")
                after = s.apply(a)
                gained = score_record(after, 0)["tiles"] - score_record(s, 0)["tiles"]
                assert gained == tiles + extra
                got = so.coach_points(after.players[0].carriages) - so.coach_points(p.carriages)
                assert got == so.coach_points(p.carriages + (coach,)) - so.coach_points(p.carriages)
                checked += 1
    assert checked > 50


def test_coach_worth_counts_the_sets():
    """The sets (5) are counted as the core counts them; a gap is worth a share of the set it would complete."""
    for coaches in ((3,), (3, 4), (3, 4, 5, 6, 7), (3, 3, 4, 4, 5, 5, 6, 7), (3, 3)):
        assert sv.coach_worth(tuple(sorted(coaches))) == so.coach_points(coaches)
    example = (3, 3, 3, 4, 4, 5, 5, 6, 6, 6, 7)                 # SoloPlay, 5: 19, and a third 6 above a lone 3
    assert so.coach_points(example) == 19 < sv.coach_worth(tuple(sorted(example))) < 19 + 5
    assert 0 < sv.coach_worth((5,)) < sv.coach_worth((3, 4, 5))
    assert sv.coach_gain((3,), 4) == 1.0
    assert sv.coach_gain((3, 4), 3) == 2.0       # a second 3 starts a second set


def test_the_houses_table_is_expected_smoothly():
    assert sv.smooth_points(30, 0.5) == pytest.approx(-22, abs=0.01)
    assert sv.smooth_points(0, 0.5) == pytest.approx(15, abs=0.01)
    values = [sv.smooth_points(x, 1.5) for x in range(0, 40)]
    assert all(a >= b for a, b in zip(values, values[1:]))      # fewer houses left is never worse


def test_own_decisions():
    """The 1-point tile on the stack with the best top tile; the hand-management bonus keeps what helps."""
    seen = set()
    for seed in range(sized(30, 5)):
        states, _ = positions(seed, difficulty="easy")
        for s, a in states:
            if a.kind == "bonus":
                tops = {st.name: s.stacks[st.index][0] for st in s.board.stacks if st.index in so.province_stacks(
                    s.board) and s.stacks[st.index]}
                assert tops[a.stack] == max(tops.values())
                seen.add("bonus")
            elif a.kind == "bottom":
                seen.add("bottom")
    assert "bottom" in seen


def test_the_bot_sees_only_its_view():
    """GreedyBot reads the hidden view: the deck's order does not change its choices; and the view it is handed
    has the deck hidden."""
    states, _ = positions(7)
    for s, a in states[:: max(1, len(states) // 12)]:
        watch = Watch.start(s.root)
        x = s.root
        for act in s.history:
            after = x.apply(act)
            watch.see(x, after.last_action, after)
            x = after
        k = len(s.history)
        v1 = hidden_view(s, 0, watch, k)
        v2 = player_view(s, 0, random.Random(1), watch, k)
        v3 = player_view(s, 0, random.Random(2), watch, k)
        assert GreedyBot(1).choose(v1) == GreedyBot(1).choose(v2) == GreedyBot(1).choose(v3)
        assert v2.deck != v3.deck or len(v2.deck) < 2          # (the views deal the unseen cards differently)


def test_the_valuation_improves_the_bot():
    """The same seeds with SoloPlay's valuation and without it (its parts' valuation off): measured, the means far
    apart (about 35 points against about 0: BENCHMARKS.md)."""
    n = sized(30, 4)
    seeds = range(100, 100 + n)
    with_v = [score_record(game(seed), 0)["total"] for seed in seeds]
    try:
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(sv, "PARTS", None)           # SoloPlay's valuation layer brings nothing
            register_parts(PARTS["solo"])           # (the registry reads its layers again)
            without = [score_record(game(seed), 0)["total"] for seed in seeds]
    finally:
        register_parts(PARTS["solo"])
    assert sum(with_v) / n > sum(without) / n + 15


@pytest.mark.skipif(not full_size(), reason="THURN_SIZE=full: many games")
def test_search_is_stronger_than_greedy():
    seeds = range(200, 208)
    greedy = [score_record(game(seed, "greedy"), 0)["total"] for seed in seeds]
    search = [score_record(game(seed, "search"), 0)["total"] for seed in seeds]
    assert sum(search) > sum(greedy)
