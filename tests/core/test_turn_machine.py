"""The turn machine runs any ruleset: toy variants, defined here only, exercise each hook the expansions need.

- an interruption round in the middle of a turn, repeated until a condition holds (Offices of Honor's return rounds);
- decisions at setup (The Audience's secret tiles), an owner-only and a secret per-player value (visibility);
- an extra official paid for (The Princess' Messenger), each official at most once per turn;
- a step inserted after scoring (The Audience moves carriages after scoring);
- a replacement score with a rating and a player count of 1 (SoloPlay);
- a final phase before the game is over (Offices of Honor's final return round);
- forced steps as logged events that hooks and bots see (the compulsory Postmaster, a turn that cannot score).

None of them is a rule of the game: they are the smallest variants that need each hook, so the tests pin the
machine down before the expansions use it.
"""
from __future__ import annotations

import random

import pytest

import thurn
from thurn.actions import Action, set_fields
from thurn.bots import RandomBot
from thurn.bots.greedy import GreedyBot
from thurn.information import determinize
from thurn import IllegalAction
from thurn.sim import simulate
from thurn.turn import DONE, END_TURN, OfficialsPolicy, StepSpec, interrupt
from thurn.variants import Variant, register, unregister


class Choice(Action):
    """A toy action: ``verb`` with a small whole number (``toll 1``, ``bow 0``, ``pick 2``)."""

    __slots__ = ("verb", "n")
    kind = "choice"

    def __init__(self, verb: str, n: int = 0):
        set_fields(self, verb=verb, n=n, key=("choice", verb, n))

    def __str__(self):
        return f"{self.verb} {self.n}"

    def __repr__(self):
        return f"Choice({self.verb!r}, {self.n})"

    @property
    def notation(self):
        return f"{self.verb} {self.n}"


def _parse(text, verbs):
    words = text.split()
    if len(words) == 2 and words[0] in verbs and words[1].isdigit():
        return Choice(words[0], int(words[1]))
    return None


def _check(state, action, arg, error, step, verb, values):
    """Allow ``verb n`` in ``step`` for n in ``values`` (the variants' own actions: the base rules refuse them)."""
    if action.kind != "choice" or getattr(action, "verb", None) != verb:
        return arg, error
    if state.step != step:
        return None, IllegalAction("not_now", f"You may {verb} only when asked.", action, "toy rules")
    if action.n not in values:
        return None, IllegalAction("bad_choice", f"{verb} {action.n} is not a choice: {sorted(values)}.", action,
                                   "toy rules")
    return action.n, None


# -- an interruption round, repeated until a condition holds ------------------------------------------------------

@register
class TollRound(Variant):
    """After each scoring, every player in turn, from the scorer clockwise, pays a toll of 0 or 1 point into a pot;
    the round repeats until the pot holds at least as many points as players, five rounds at most (Offices of Honor's
    return rounds). ``ext["toy_toll"]``: (rounds, pot) of the last scoring."""

    name = "toy_toll"
    action_kinds = ("choice",)
    fields = {"toy_toll_paid": "public"}

    def __init__(self):
        self.steps = (StepSpec("toll", "pay a toll of 0 or 1 point", "toy rules: tolls", self._legal, None,
                               ("choice",)),
                      StepSpec("toll_check", "see whether the pot is full", "toy rules: tolls", lambda s: [],
                               self._repeat, ()))

    def setup(self, state):
        state.set_ext("toy_toll_paid", (0,) * state.num_players)
        state.set_ext(self.name, (0, 0))

    def _legal(self, state):
        return [Choice("toll", 0), Choice("toll", 1)]

    def _round(self, state):
        n = state.num_players
        return [((state.turn_owner + k) % n, "toll") for k in range(n)] + [(state.turn_owner, "toll_check")]

    def after_step(self, state, step, action, nxt, say):
        if action.kind == "score":
            state.set_ext(self.name, (1, 0))
            interrupt(state, self._round(state), then=nxt)
            return None
        return nxt

    def _repeat(self, state, say):
        rounds, pot = state.ext[self.name]
        if pot < state.num_players and rounds < 5:
            state.set_ext(self.name, (rounds + 1, pot))
            interrupt(state, self._round(state)[:-1])       # another round, then this check again
            return None
        return DONE

    def check(self, state, action, arg, error):
        return _check(state, action, arg, error, "toll", "toll", (0, 1))

    def apply(self, state, action, arg, say):
        seat = state.to_move
        state.set_ext("toy_toll_paid", tuple(v + arg if i == seat else v
                                             for i, v in enumerate(state.ext["toy_toll_paid"])))
        rounds, pot = state.ext[self.name]
        state.set_ext(self.name, (rounds, pot + arg))
        return DONE

    def score(self, state, seat):
        return {"tolls": -state.ext["toy_toll_paid"][seat]}

    def load(self, data):
        return tuple(data)

    def parse(self, text):
        return _parse(text, ("toll",))


def _until(state, want, rng, limit=5000):
    """Play random legal actions until ``want(state)``."""
    for _ in range(limit):
        if want(state):
            return state
        assert not state.is_over, "the game ended first"
        state = state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("not reached")


def test_an_interruption_round_lets_every_player_decide_in_turn_then_resumes_the_turn():
    s = thurn.new_game(["Ann", "Ben", "Cat"], seed=5, rules={"expansions": ["toy_toll"]})
    rng = random.Random(5)
    s = _until(s, lambda s: s.step == "score" and any(a.kind == "score" for a in s.legal_actions())
               and s.turn_owner == 1, rng)
    score = next(a for a in s.legal_actions() if a.kind == "score")
    paid = s.ext["toy_toll_paid"]
    s = s.apply(score)
    # Ben scored: the toll round interrupts his turn, from Ben clockwise, while the turn stays Ben's
    assert s.interrupted and s.turn_owner == 1 and s.to_move == 1 and s.step == "toll"
    assert s.legal_actions() == [Choice("toll", 0), Choice("toll", 1)]
    assert s.why_illegal(thurn.Draw()).reason == "not_now"
    assert s.why_illegal(Choice("toll", 2)).reason == "bad_choice"
    order = []
    while s.interrupted and s.step == "toll":
        order.append(s.to_move)
        s = s.apply(Choice("toll", 1))
    assert order[:3] == [1, 2, 0]
    # the pot (3) is full: the turn resumes where the scoring left it (keep, or the next player's turn)
    assert not s.interrupted and s.ext["toy_toll_paid"] == tuple(v + 1 for v in paid) and s.ext["toy_toll"] == (1, 3)
    assert s.turn_owner == (2 if s.step == "draw" else 1) and s.to_move == s.turn_owner
    assert s.score_records()[0]["tolls"] == -s.ext["toy_toll_paid"][0]


def test_an_interruption_round_repeats_until_its_condition_holds_and_saves_midway():
    s = thurn.new_game(["Ann", "Ben"], seed=8, rules={"expansions": ["toy_toll"]})
    rng = random.Random(8)
    s = _until(s, lambda s: s.step == "score" and any(a.kind == "score" for a in s.legal_actions()), rng)
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "score"))
    paid = s.ext["toy_toll_paid"]
    s = s.apply("toll 0").apply("toll 0")          # nobody pays: the pot is empty, so another round
    assert s.interrupted and s.step == "toll" and s.ext["toy_toll"] == (2, 0)
    mid = s.apply("toll 1")
    again = thurn.GameState.from_json(mid.to_json())    # a save in the middle of a round loads back identical
    assert again == mid and again.interruptions == mid.interruptions and again.to_move == mid.to_move
    pos = mid.position()
    assert pos["interruptions"] and pos["to_move"] != pos["turn_owner"]
    s = mid.apply("toll 1")
    assert not s.interrupted and s.ext["toy_toll_paid"] == tuple(v + 1 for v in paid)


def test_bots_and_simulate_follow_to_move_through_interruptions():
    sim = simulate(6, bots=["random", "greedy"], players=2, rules={"expansions": ["toy_toll"]}, workers=1)
    assert len(sim.errors) == 0 and len(sim.games) == 6
    assert "tolls" in sim.players.columns and sim.players["actions_choice"].sum() >= 0
    assert (sim.players["carriage"] + sim.players["tiles"] + sim.players["unplaced_houses"] + sim.players["tolls"]
            == sim.players["total"]).all()


# -- decisions at setup; an owner-only and a secret value ------------------------------------------------------------

@register
class SealedOrders(Variant):
    """At setup each player picks a favourite province (0-3, seen by him only); each is dealt a sealed bonus (0-2)
    nobody sees until the end. Both score at the end (The Audience's secret tiles, decided at setup)."""

    name = "toy_sealed"
    action_kinds = ("choice",)
    fields = {"toy_favourite": "owner", "toy_sealed": "secret"}

    def __init__(self):
        self.steps = (StepSpec("pick", "pick a favourite province (0-3)", "toy rules: orders", self._legal, None,
                               ("choice",)),)

    def _legal(self, state):
        return [Choice("pick", k) for k in range(4)]

    def setup(self, state):
        rng = random.Random(f"toy:{state.seed}")
        n = state.num_players
        state.set_ext("toy_favourite", (None,) * n)
        state.set_ext("toy_sealed", tuple(rng.randrange(3) for _ in range(n)))
        interrupt(state, [((state.start_player + k) % n, "pick") for k in range(n)])

    def check(self, state, action, arg, error):
        return _check(state, action, arg, error, "pick", "pick", range(4))

    def apply(self, state, action, arg, say):
        seat = state.to_move
        state.set_ext("toy_favourite", tuple(arg if i == seat else v for i, v in enumerate(state.ext["toy_favourite"])))
        return DONE

    def score(self, state, seat):
        return {"favourite": state.ext["toy_favourite"][seat] or 0, "sealed": state.ext["toy_sealed"][seat]}

    def parse(self, text):
        return _parse(text, ("pick",))


def test_decisions_at_setup_come_before_the_first_turn():
    s = thurn.new_game(["Ann", "Ben", "Cat"], seed=2, rules={"expansions": ["toy_sealed"]}, start_player=1)
    assert s.step == "pick" and s.to_move == 1 and s.turn_owner == 1 and s.interrupted
    s = s.apply("pick 3").apply("pick 0").apply("pick 2")
    assert not s.interrupted and s.step == "draw" and s.to_move == 1
    assert s.ext["toy_favourite"] == (2, 3, 0)
    assert s.events == (("compulsory_postmaster", 1),)     # the forced Postmaster of Ben's first turn


def test_owner_only_and_secret_values_are_hidden_from_whoever_may_not_see_them():
    s = thurn.new_game(["Ann", "Ben"], seed=3, rules={"expansions": ["toy_sealed"]})
    s = s.apply("pick 1").apply("pick 2")
    truth = s.ext["toy_sealed"]
    ann = s.seen_by("Ann")
    assert ann.ext["toy_favourite"] == (1, None)                 # her own, not Ben's
    assert ann.ext["toy_sealed"] == (None, None)                 # nobody sees a sealed bonus
    assert s.seen_by("Ben").ext["toy_favourite"] == (None, 2)
    assert s.position(seen_by=0)["ext"]["toy_favourite"] == [1, None]
    assert s.position()["ext"]["toy_sealed"] == list(truth)       # the save file holds everything
    again = thurn.GameState.from_json(s.to_json())
    assert again == s and again.ext == s.ext
    # a determinized position (what bots imagine) deals the values Ann cannot see again, never reading them one by one
    samples = {determinize(s, "Ann", rng=k).ext["toy_favourite"] for k in range(40)}
    assert all(f[0] == 1 for f in samples) and {f[1] for f in samples} == {2}
    sealed = {determinize(s, "Ann", rng=k).ext["toy_sealed"] for k in range(40)}
    assert all(sorted(v) == sorted(truth) for v in sealed)


def test_no_bot_decides_on_another_players_hidden_value():
    """Two positions that differ only in what Ann cannot see (Ben's favourite and the sealed bonuses, exchanged):
    every bot chooses alike for Ann."""
    s = thurn.new_game(["Ann", "Ben"], seed=4, rules={"expansions": ["toy_sealed"]})
    s = s.apply("pick 1").apply("pick 3")
    other = s.detached()
    other.set_ext("toy_favourite", (1, 0))
    other.set_ext("toy_sealed", tuple(reversed(s.ext["toy_sealed"])))
    for make in (lambda: GreedyBot(1), lambda: RandomBot(1), lambda: thurn.bots.make_bot("search", seed=1,
                                                                                           iterations=8)):
        assert make().choose(s) == make().choose(other)


def test_a_field_with_an_unknown_visibility_is_refused():
    class Bad(Variant):
        name = "toy_bad"
        fields = {"x": "everyone"}

    register(Bad)
    try:
        with pytest.raises(ValueError, match="visibility"):
            thurn.Rules(expansions=("toy_bad",))
    finally:
        unregister("toy_bad")


# -- an extra official, paid for -------------------------------------------------------------------------------------

class CoinPolicy(OfficialsPolicy):
    """One official free per turn, a second for one coin (The Princess' Messenger pays with letters)."""

    rule = "toy rules: coins"
    text = "one official free per turn, a second for a coin"

    def problem(self, s, oid, action=None):
        if len(s.officials) >= 2:
            return IllegalAction("officials_used_up", "Two officials have helped you this turn already.", action,
                                 self.rule)
        if s.officials and s.ext["toy_coins"][s.to_move] < 1:
            return IllegalAction("no_coin", "You hold no coin; a second official costs 1.", action, self.rule)
        return None

    def may_call(self, s, oid):
        return oid not in s.officials and self.problem(s, oid) is None

    def called(self, s, oid, say=None):
        if len(s.officials) == 2:
            seat = s.to_move
            s.set_ext("toy_coins", tuple(c - 1 if i == seat else c for i, c in enumerate(s.ext["toy_coins"])))
            if say is not None:
                say(f"{s.names[seat]} pays a coin for the {s.board.official(oid).name}.")


@register
class Coins(Variant):
    name = "toy_coins"
    officials = CoinPolicy()
    fields = {"toy_coins": "public"}

    def setup(self, state):
        state.set_ext("toy_coins", (1,) * state.num_players)


def test_a_second_official_is_paid_for_and_none_comes_twice():
    s = thurn.new_game(["Ann", "Ben"], seed=6, rules={"expansions": ["toy_coins"]})
    assert s.officials == ("postmaster",)               # Ann's empty hand: the compulsory Postmaster, free
    assert thurn.CallOfficial("administrator") in s.legal_actions()
    s = s.apply("call administrator")                   # the second official: a coin
    assert s.officials == ("postmaster", "administrator") and s.ext["toy_coins"] == (0, 1)
    assert "Ann pays a coin for the Administrator." in s.log()
    err = s.why_illegal(thurn.CallOfficial("postal_carrier"))
    assert err.reason == "officials_used_up"
    assert s.ruleset.texts["officials"] == CoinPolicy.text
    rng = random.Random(1)
    s = _until(s, lambda s: s.to_move == 1 and s.step == "draw" and s.officials == ("postmaster",), rng)
    assert s.why_illegal(thurn.CallOfficial("postmaster")).reason == "official_twice"


def test_without_a_coin_the_second_official_is_refused_with_the_reason():
    s = thurn.new_game(["Ann", "Ben"], seed=6, rules={"expansions": ["toy_coins"]})
    broke = s.detached()
    broke.set_ext("toy_coins", (0, 0))
    assert thurn.CallOfficial("administrator") not in broke.legal_actions()
    err = broke.why_illegal(thurn.CallOfficial("administrator"))
    assert err.reason == "no_coin" and "a second official costs 1" in str(err)


# -- a step inserted after scoring -------------------------------------------------------------------------------

@register
class Bow(Variant):
    """After scoring (and keeping cards), the player bows to the Princess before the turn ends (The Audience moves
    carriages after scoring)."""

    name = "toy_bow"
    action_kinds = ("choice",)
    action_info = {"choice": ("Bow", "bow 0", "bow to the Princess")}
    rule_source = "toy rules: bows"

    def __init__(self):
        self.steps = (StepSpec("bow", "bow to the Princess", "toy rules: bows", lambda s: [Choice("bow", 0)], None,
                               ("choice",)),)

    def after_step(self, state, step, action, nxt, say):
        if action.kind in ("score", "keep") and nxt == END_TURN:
            return "bow"
        return nxt

    def check(self, state, action, arg, error):
        return _check(state, action, arg, error, "bow", "bow", (0,))

    def apply(self, state, action, arg, say):
        if say is not None:
            say(f"{state.to_move_name} bows.")
        return END_TURN

    def parse(self, text):
        return _parse(text, ("bow",))


def test_a_step_inserted_after_scoring_comes_before_the_turn_ends():
    s = thurn.new_game(["Ann", "Ben"], seed=9, rules={"expansions": ["toy_bow"]})
    rng = random.Random(9)
    s = _until(s, lambda s: s.step == "bow", rng)
    owner = s.turn_owner
    assert s.legal_actions() == [Choice("bow", 0)] and s.history[-1].kind in ("score", "keep")
    after = s.apply("bow 0")
    assert after.turn_owner == 1 - owner or after.is_over
    assert any(line.endswith("bows.") for line in after.log())
    done = _until(after, lambda s: s.is_over, rng, 20000)
    assert done.is_over


# -- a replacement score and result, for one player -----------------------------------------------------------------

@register
class Rating(Variant):
    """One player alone: the score is tiles and carriage only, and the result is a rating (SoloPlay's)."""

    name = "toy_rating"
    players = (1, 1)

    def extend(self, rs):
        super().extend(rs)
        rs.score_items = (lambda s, seat: {"tiles": sum(v for _, v in s.players[seat].tiles)},)
        rs.result = lambda s, totals: {"winner": 0, "rating": "courier" if totals[0] < 20 else "postmaster general"}


def test_a_replacement_score_with_a_rating_and_one_player():
    with pytest.raises(thurn.PositionError, match="is for 1 player under these rules"):
        thurn.new_game(["Ann", "Ben"], rules={"expansions": ["toy_rating"]})
    s = thurn.new_game(["Ann"], seed=1, rules={"expansions": ["toy_rating"]})
    s = _until(s, lambda s: s.is_over, random.Random(1), 20000)
    rec = s.score_records()[0]
    assert set(rec) == {"player", "seat", "tiles", "total"} and rec["total"] == rec["tiles"]
    assert s.result()["rating"] in ("courier", "postmaster general") and s.winner() == "Ann"
    assert thurn.GameState.from_json(s.to_json()) == s


# -- hooks of the turn's lifecycle, the final phase, forced events ------------------------------------------------

@register
class Diary(Variant):
    """Writes down every lifecycle event in its part of the state, and adds a final round of farewells."""

    name = "toy_diary"
    action_kinds = ("choice",)

    def __init__(self):
        self.steps = (StepSpec("farewell", "say farewell", "toy rules: diary", lambda s: [Choice("farewell", 0)],
                               None, ("choice",)),)

    def _note(self, state, what):
        state.set_ext(self.name, state.ext.get(self.name, ()) + (what,))

    def turn_start(self, state, say):
        self._note(state, f"start {state.turn_owner}")

    def turn_end(self, state, say):
        self._note(state, f"end {state.turn_owner}")

    def end_triggered(self, state, seat, reason, say):
        self._note(state, f"triggered {seat} {reason}")

    def houses_placed(self, state, seat, mask):
        self._note(state, f"houses {seat} {bin(mask).count('1')}")

    def forced(self, state, code, seat, say):
        self._note(state, f"forced {code} {seat}")

    def final_phase(self, state, say):
        self._note(state, "final")
        interrupt(state, [(k, "farewell") for k in range(state.num_players)])

    def game_over(self, state, say):
        self._note(state, "over")

    def check(self, state, action, arg, error):
        return _check(state, action, arg, error, "farewell", "farewell", (0,))

    def apply(self, state, action, arg, say):
        return DONE

    def dump(self, value):
        return list(value)

    def load(self, data):
        return tuple(data)

    def parse(self, text):
        return _parse(text, ("farewell",))


def test_lifecycle_hooks_see_every_event_in_order():
    s = thurn.new_game(["Ann", "Ben"], seed=11, rules={"expansions": ["toy_diary"]})
    assert s.ext["toy_diary"] == ("forced compulsory_postmaster 0",)
    rng = random.Random(11)
    s = _until(s, lambda s: s.step == "farewell", rng, 20000)
    diary = s.ext["toy_diary"]
    assert diary[-1] == "final" and not s.is_over and s.to_move == 0
    ends = [d for d in diary if d.startswith("end ")]
    starts = [d for d in diary if d.startswith("start ")]
    assert len(ends) == s.turns and len(starts) == s.turns - 1      # the last turn's end started no turn
    triggered = [d for d in diary if d.startswith("triggered")]
    assert len(triggered) == 1 and triggered[0].split()[1] == str(s.end_by)
    placed = sum(int(d.split()[2]) for d in diary if d.startswith("houses"))
    assert placed == sum(20 - p.houses_left for p in s.players)
    forced = [d for d in diary if d.startswith("forced")]
    assert any("turn_ends_short" in d for d in forced)
    s = s.apply("farewell 0").apply("farewell 0")
    assert s.is_over and s.ext["toy_diary"][-1] == "over"


def test_forced_steps_are_events_of_the_state():
    s = thurn.new_game(["Ann", "Ben"], seed=1)
    assert s.events == (("compulsory_postmaster", 0),)
    s = s.apply(s.legal_actions()[0]).apply("draw deck")
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "play"))
    # a route of one card cannot be scored: Ann's turn ends by itself, and Ben's compulsory Postmaster follows
    assert s.events == (("turn_ends_short", 0), ("compulsory_postmaster", 1))
    assert s.turn_owner == 1


@register
class Ledger(Variant):
    """Every official who helps is written down (Offices of Honor takes a tile for each): called, forced or the
    Cartwright inside a Score."""

    name = "toy_ledger"

    def setup(self, state):
        state.set_ext(self.name, ())

    def official_used(self, state, oid, say):
        state.set_ext(self.name, state.ext[self.name] + ((state.to_move, oid),))


def test_every_official_who_helps_is_seen_by_the_official_used_hook():
    s = thurn.new_game(["Ann", "Ben"], seed=1, rules={"expansions": ["toy_ledger"]})
    assert s.ext["toy_ledger"] == ((0, "postmaster"),)          # the compulsory Postmaster of the first turn
    rng = random.Random(3)
    seen = {"postmaster"}
    for _ in range(4000):
        if s.is_over:
            break
        before = s
        s = s.apply(rng.choice(s.legal_actions()))
        new = s.ext["toy_ledger"][len(before.ext["toy_ledger"]):]
        helped = [o for o in s.officials if o not in before.officials] if s.turns == before.turns else None
        a = s.history[-1]
        if a.kind == "official":
            assert new[0] == (before.to_move, before.board.official(a.official).id)
        if a.kind == "score" and a.cartwright:
            assert (before.to_move, "cartwright") in new
        if helped is not None:
            assert [o for _, o in new] == helped
        seen.update(o for _, o in new)
    assert seen == {"postmaster", "administrator", "postal_carrier", "cartwright"}


def test_the_ruleset_declares_its_steps_and_action_kinds():
    rs = thurn.Rules().ruleset
    assert list(rs.steps) == ["draw", "play", "score", "keep", "over"]
    assert [k.kind for k in rs.action_kinds] == ["draw", "official", "play", "score", "keep", "end"]
    assert all(k.label and k.notation and k.text and k.rule for k in rs.action_kinds)
    for k in rs.action_kinds:                       # each example notation reads back as its kind
        assert thurn.parse_action(k.notation).kind == k.kind
    assert rs.texts == {"officials": "one may help per turn", "officials_rule": "base rules, Game Play"}
    bow = thurn.Rules(expansions=("toy_bow",)).ruleset
    assert "bow" in bow.steps and "choice" in bow.kinds and "bow" not in rs.steps


def test_the_play_app_shows_a_button_for_each_action_kind_the_ruleset_declares():
    from thurn.widgets import Play

    app = Play(players=("Ann", "Ben"), seed=9, rules={"expansions": ["toy_bow"]}, autosave=False)
    rng = random.Random(9)
    while app.state.step != "bow":
        app.do(rng.choice(app.state.legal_actions()))
    buttons = app.action_buttons
    assert [b.description for b in buttons] == ["bow 0"]
    rows = app._actions.children
    head = rows[-1].children[0]
    assert "Bow" in head.value and "bow to the Princess" in head.tooltip
    buttons[0].click()
    assert app.state.step != "bow" and any(line.endswith("bows.") for line in app.state.log())


def test_the_play_app_says_whose_turn_an_interruption_is_in():
    from thurn.widgets import Play

    app = Play(players=("Ann", "Ben"), seed=8, rules={"expansions": ["toy_toll"]}, autosave=False)
    rng = random.Random(8)
    while not app.state.interrupted:
        app.do(rng.choice(app.state.legal_actions()))
    s = app.state
    status = app._status.value
    assert f"<b>{s.to_move_name}</b> to pay a toll" in status and f"middle of <b>{s.turn_owner_name}</b>'s turn" in status
    assert [b.description for b in app.action_buttons] == ["toll 0", "toll 1"]


def test_upkeep_before_each_decision_runs_even_when_the_next_decision_is_certain():
    """A draw tells the machine that the play is a real decision (machine.Decide, a hint for speed); an
    expansion's upkeep before each decision (ruleset.before_decision) still runs then."""
    seen = []

    @register
    class Upkeep(Variant):
        name = "toy_upkeep"

        def extend(self, rs):
            super().extend(rs)
            rs.add("before_decision", lambda s, say: seen.append((s.step, s.to_move)))

    try:
        s = thurn.new_game(["Ann", "Ben"], seed=1, rules={"expansions": ["toy_upkeep"]})
        s = s.apply("draw deck").apply("draw deck")
        assert s.step == "play" and seen[-1] == ("play", 0)
        plain = thurn.new_game(["Ann", "Ben"], seed=1).apply("draw deck").apply("draw deck")
        assert [p.key() for p in plain.players] == [p.key() for p in s.players]
        assert (plain.display, plain.deck, plain.step) == (s.display, s.deck, s.step)
    finally:
        unregister("toy_upkeep")


def test_the_quiet_path_plays_as_the_hooked_one_in_every_ruleset():
    """``apply``'s one path for a ruleset without hooks (``Ruleset.quiet``) gives what the general path gives
    (``_apply_hooked``, which every ruleset with hooks takes): the same states, the same legal actions, the same
    result, over random games of every ruleset of the registry; and ``listing`` lists what the step's legal function
    and the filters list."""
    import random as _random

    from tests.support.rulesets import RULESETS, new_game, ruleset_id
    from thurn.turn import _apply_hooked, check

    for rs_id in RULESETS:
        rng = _random.Random(ruleset_id(rs_id))
        s = new_game(*rs_id, rng)
        for _ in range(150):
            if s.is_over:
                break
            rs = s.ruleset
            acts = s.legal_actions()
            plain = rs.legal_of[s.step](s)
            for f in rs.filters:
                plain = f(s, plain)
            assert acts == plain
            a = acts[rng.randrange(len(acts))]
            arg, err = check(s, a)
            hooked = _apply_hooked(s, rs, rs.kinds[a.kind], a, *rs.kinds[a.kind].check(s, a), None)
            n = s.apply(a)
            assert err is None and n.same_position(hooked), ruleset_id(rs_id)
            assert n.legal_actions() == hooked.legal_actions() and n.is_over == hooked.is_over
            assert n.result() == hooked.result()
            s = n


def test_the_action_kind_is_kept_by_class_and_forgotten_when_the_kinds_change():
    """``apply`` finds an action's kind by its class (``Ruleset.by_type``): only where the kind is the class's own,
    and the record is emptied when a kind is added or the kinds replaced."""
    from dataclasses import replace

    from thurn.actions import Action, Draw
    from thurn.turn import base_ruleset

    rs = base_ruleset()
    assert rs.kind_for(Draw()) is rs.kinds["draw"] and rs.by_type[Draw] is rs.kinds["draw"]
    rs.action(replace(rs.kinds["draw"], label="Take"))
    assert rs.by_type == {}
    rs.kind_for(Draw())
    rs.kinds = dict(rs.kinds)
    assert rs.by_type == {}

    class Either(Action):                   # a kind of its own per action: never kept by class
        __slots__ = ("which",)

        @property
        def kind(self):
            return self.which

    odd = object.__new__(Either)
    object.__setattr__(odd, "which", "end")
    assert rs.kind_for(odd) is rs.kinds["end"] and Either not in rs.by_type
