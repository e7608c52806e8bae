"""The scoring pipeline is the ruleset's: named stages (houses, tiles, carriage, end) that a variant replaces, read
the same way by the turn and by explore (SoloPlay takes a coach card of the route's exact length instead of a
carriage; Power and Glory takes none). The turn counters reset at the end of a turn are the ruleset's too.

The toy variants live here only: they are the smallest rules that need each capability."""
from __future__ import annotations

import pytest

import thurn
from thurn import IllegalAction, effects, explore
from thurn.variants import Variant, register, unregister

from tests.support.helpers import at_score, city_mask, record

ScoringStage = getattr(effects, "ScoringStage", object)     # (so that each test says what it misses on older code)
ROUTE = ["Mannheim", "Carlsruhe", "Stuttgart"]
LENGTHS = (3, 4, 5, 6, 7)


class CoachStage(ScoringStage):
    """Replaces the carriage: a coach card of the route's exact length, from the ruleset's supply
    (``ext["toy_coaches"]``: one count per length 3 to 7), worth 2 points (SoloPlay's "Take Coach Card", 4d)."""

    name = "carriage"

    def read(self, r):
        supply = r.state.ext.get("toy_coaches") if r.state is not None else None
        if supply and r.route_len in LENGTHS and supply[LENGTHS.index(r.route_len)] > 0:
            r.extra = r.extra + (("coach", r.route_len),)

    def do(self, s, seat, p, effect):
        for what, length in effect.extra:
            if what == "coach":
                supply = list(s.ext["toy_coaches"])
                supply[LENGTHS.index(length)] -= 1
                held = list(s.ext["toy_coaches_held"])
                held[seat] += 1
                s.set_ext("toy_coaches", tuple(supply))
                s.set_ext("toy_coaches_held", tuple(held))

    def points(self, board, player, effect):
        return 2 * sum(1 for what, _ in effect.extra if what == "coach")


@pytest.fixture(scope="module", autouse=True)
def toys():
    @register
    class Coaches(Variant):
        """No carriages and no Cartwright: a coach card of the route's exact length instead."""

        name = "toy_coaches"
        fields = {"toy_coaches_held": "public"}

        def extend(self, rs):
            super().extend(rs)
            rs.scoring_stage("carriage", CoachStage())
            del rs.official_handlers["cartwright"]          # (Power and Glory: the Cartwright is not used)

        def setup(self, s):
            s.set_ext("toy_coaches", (1, 1, 1, 1, 1))
            s.set_ext("toy_coaches_held", (0,) * len(s.players))

        def score(self, s, seat):
            return {"coaches": 2 * s.ext["toy_coaches_held"][seat]}

    @register
    class NoCarriage(Variant):
        name = "toy_no_carriage"

        def extend(self, rs):
            super().extend(rs)
            rs.scoring_stage("carriage", None)

    @register
    class TwoDraws(Variant):
        """Every turn two cards are drawn, and a toll counter is reset at each turn's end."""

        name = "toy_two_draws"

        def extend(self, rs):
            super().extend(rs)
            from thurn.turn.machine import BASE_COUNTERS

            rs.turn_counters = tuple((k, 2 if k == "draws_allowed" else v) for k, v in BASE_COUNTERS) \
                + (("toy_toll", 0),)

        def after(self, s, before, action, say):
            s.set_ext("toy_toll", s.ext.get("toy_toll", 0) + 1)

    yield
    for name in ("toy_coaches", "toy_no_carriage", "toy_two_draws"):
        unregister(name)


def coach_position(supply=(1, 1, 1, 1, 1)):
    return at_score(ROUTE, rules={"expansions": ["toy_coaches"]},
                    ext={"toy_coaches": list(supply), "toy_coaches_held": [0, 0]})


def test_the_base_pipeline_is_the_rulesets_named_stages():
    rs = thurn.Rules().ruleset
    assert [st.name for st in rs.scoring] == ["houses", "tiles", "carriage", "end"]
    assert rs.scoring == effects.BASE_SCORING and rs.scoring_helper() == "cartwright"
    with pytest.raises(ValueError, match="no scoring stage"):
        rs.scoring_stage("nothing")


def test_a_replaced_carriage_stage_read_by_explore_as_the_turn_carries_it_out():
    s = coach_position()
    legal = [a for a in s.legal_actions() if a.kind == "score"]
    assert legal and not any(a.cartwright or not a.carriage for a in legal)   # nothing to decline, no Cartwright
    action = next(a for a in legal if set(a.houses) == {"Mannheim", "Carlsruhe"})
    p = s.players[0]
    read = effects.route_effect(s.board, s.rules, p, s.stacks, s.carriages_left, True, len(ROUTE),
                                city_mask(["Mannheim", "Carlsruhe"]), state=s)
    assert read.extra == (("coach", 3),) and read.carriage is None and read.placed == 2
    before = record(s)["total"]
    after = s.apply(action)
    assert after.ext["toy_coaches"] == (0, 1, 1, 1, 1) and after.ext["toy_coaches_held"] == (1, 0)
    assert after.player("Ann").carriages == () and after.carriages_left == s.carriages_left
    gained = record(after)["total"] - before
    assert gained == effects.effect_points(s.board, p, read, s.rules) == 2 + 2      # two houses, one coach
    # explore's what-if reads the same effect: the best outcome of the route, and every scoring's outcome
    assert explore.route_outcome(s, ROUTE).points == gained
    outcomes = {frozenset(o.action.houses): o.outcome.points for o in explore.score_outcomes(s)}
    assert outcomes[frozenset({"Mannheim", "Carlsruhe"})] == gained
    # no coach of that length left: nothing but the houses, read and carried out alike
    empty = coach_position((0, 1, 1, 1, 1))
    assert explore.route_outcome(empty, ROUTE).points == 2
    assert record(empty.apply(action))["total"] - record(empty)["total"] == 2


def test_the_official_who_helps_while_scoring_goes_with_his_handler():
    s = coach_position()
    with pytest.raises(IllegalAction) as e:
        s.apply("score mannheim+carlsruhe cartwright")
    assert e.value.reason == "no_helper"
    with pytest.raises(IllegalAction) as e:
        s.apply("call cartwright")
    assert e.value.reason == "not_called"


def test_a_pipeline_without_a_carriage_stage():
    s = at_score(ROUTE, rules={"expansions": ["toy_no_carriage"]})
    assert [st.name for st in s.ruleset.scoring] == ["houses", "tiles", "end"]
    after = s.apply("score mannheim+carlsruhe")
    assert after.player("Ann").carriages == () and not any(not a.carriage for a in s.legal_actions()
                                                           if a.kind == "score")
    base = at_score(ROUTE).apply("score mannheim+carlsruhe")
    assert base.player("Ann").carriages == (3,)


def _next_turn(s):
    """Play on (the first draw, the first play, no scoring) until the next player's turn."""
    owner = s.turn_owner
    while s.turn_owner == owner and not s.is_over:
        legal = s.legal_actions()
        s = s.apply(next((a for a in legal if a.kind in ("draw", "play", "end", "keep")), legal[0]))
    return s


def test_the_turn_counters_are_the_rulesets():
    from thurn.turn.machine import BASE_COUNTERS

    s = thurn.new_game(["Ann", "Ben"], seed=3, rules={"expansions": ["toy_two_draws"]})
    base = thurn.new_game(["Ann", "Ben"], seed=3)
    assert s.ext["toy_toll"] == 0 and s.draws_allowed == 2          # the ruleset's counters from the start
    for _ in range(2):                  # (the first turns: empty hands, the compulsory Postmaster)
        s, base = _next_turn(s), _next_turn(base)
    assert s.turns == base.turns == 2 and s.step == base.step == "draw" and not s.officials
    assert s.draws_allowed == 2 and s.draws == 0 and s.ext["toy_toll"] == 0    # reset at the end of each turn
    assert base.draws_allowed == 1 and base.ruleset.turn_counters is BASE_COUNTERS
    s = s.apply("draw deck")
    assert s.step == "draw" and s.ext["toy_toll"] == 1              # a second draw, without the Postmaster
    assert base.apply("draw deck").step == "play"
