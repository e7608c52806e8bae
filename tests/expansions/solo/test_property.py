"""SoloPlay, random legal games to the end (property tests), for each difficulty, under the default readings and a
mix of the others (``thurn.expansions.solo.rules.OPTIONS``). After every action:

- houses conserved: for each colour, placed + left = 19, one house of a colour a city at most (SoloPlay, 3); houses
  are placed only by a completion, in its colour, in cities of its route (4.4b), and never taken back;
- all 66 city cards in exactly one place: deck, display, hand, route, pile 2 (``discard``, then ``completed``), pile 1
  (``penalty``) (2; 4.4e; 4.7); pile 1 only grows and is never drawn from; pile 2 is made the new deck once;
- exactly one official every turn, chosen as its first step (4.1; option ``official=first``, the default): counted
  from the officials named at each turn's end (the Cartwright chosen first is named again when he helps), none named
  in the step ``solo_official`` and one in every later step, no official called after it, no ``no_official``;
- under ``official=when_used`` (the random mix draws it): one official a turn at most, and a turn that ends without
  one says so (event ``no_official``) and ends where no official could have helped any more: no card in hand that
  extends the route (Postal Carrier), no coach card one or two longer for a route of 3 or more (Cartwright) (4.1) —
  judged here from the position, not asked of the engine;
- the colour series (4.5): a completion in a colour of the Route Planner, which leaves it; all four done, a new
  series; under ``colour_declared=start`` only in the colour declared;
- at the end: the game ended by the deck (exhausted, pile 2 used) or by a colour of houses used up (6), the final
  steps left no hand and no route; the score is the manual's formula, recomputed here from its tables (tiles, coach
  sets, remaining houses, pile 1), and the rating its band (1);
- saves round-trip (``to_json``/``from_json`` and ``position()``) mid-game and at the end, the same seed and actions
  give the same game, and the player's view shows the deck only as a count (another order of the deck gives the
  same view) — these every few games.

Every fifth game starts from a crowded board (14 to 18 houses of each colour placed), so that colours run out and
games end by houses too. Sized by ``THURN_SIZE``: 2 games per difficulty in ``make test`` (small; with the rules
file about 4 s of CPU); 3,000 per difficulty in the full run (12,000 games, the deep checks in every 25th; measured
2026-11-27 on the shared 2-core machine: 2 min 56 s wall; 5,000 per difficulty took 4 min 28 s, too much for CI's
45 minutes).
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

import thurn
from thurn import BottomCards, CallOfficial, DeclareColour, Draw, EndTurn, IllegalAction, PlaceBonusTile, Score
from thurn.effects import score_record
from thurn.expansions.solo.rules import OPTIONS
from thurn.information import Watch, player_view
from thurn.sim import sized

from tests.expansions.solo import conformance

B = thurn.load_board("base")
COLOURS = ("blue", "green", "red", "yellow")
ALL_CARDS = Counter({k: 3 for k in range(len(B.cities))})          # by kind: 3 copies of each of 22 cities
KIND = B.city_of
LEVELS = B.carriage_levels
#: SoloPlay, 5 and 6.3, as printed.
SET_POINTS = {3: 2, 4: 3, 5: 5, 6: 7, 7: 10}                       # highest card of the set -> points
HOUSES_TABLE = {3: 15, 4: 10, 5: 7, 6: 5, 7: 2, 8: 0, 9: 0}
RATINGS = ((60, "complete victory"), (54, "major victory"), (48, "minor victory"))
DIFFICULTY = {"easy": 10, "normal": 8, "intermediate": 9, "hard": 7}
GAMES = sized(3000, 2)           # per difficulty
DEEP_EVERY = 25                  # the round trips, the replay, the views and the probes: every 25th game


def readings(g: int, rng) -> dict:
    """The options of game ``g``: the defaults in every other game, else each reading drawn at random."""
    if g % 2 == 0:
        return {}
    return {name: rng.choice(values) for name, (_, values, _) in OPTIONS.items() if name != "difficulty"}


def policy(s, rng):
    """Random play that completes routes when it can, lengthens them more often than it starts new ones, and calls
    officials now and then."""
    acts = s.legal_actions()
    if s.step == "score":
        scores = [a for a in acts if a.kind == "score"]
        if scores and rng.random() < 0.85:
            if rng.random() < 0.5:                  # the most houses: colours run out, the game ends by houses
                most = max(len(a.houses) for a in scores)
                scores = [a for a in scores if len(a.houses) == most]
            return rng.choice(scores)
    elif s.step == "play":
        extend = [a for a in acts if a.kind == "play" and a.end != "new"]
        if extend and rng.random() < 0.85:
            return rng.choice(extend)
    elif s.step == "draw" and rng.random() < 0.7:
        return rng.choice([a for a in acts if a.kind == "draw"] or acts)
    return rng.choice(acts)


# -- what is checked after each action ---------------------------------------------------------------------------

def check_houses(s, before, action, where):
    p = s.players[0]
    union, total = 0, 0
    for c, mask, left in p.colours:
        assert bin(mask).count("1") + left == 19 and left >= 0, f"{where}: {c}: {bin(mask).count('1')} + {left}"
        union |= mask
        total += left
    assert p.houses == union and p.houses_left == total, f"{where}: union/total"
    if before is None:
        return
    old = {c: m for c, m, _ in before.players[0].colours}
    new = {c: m for c, m, _ in p.colours}
    grown = [c for c in COLOURS if new[c] != old[c]]
    for c in COLOURS:
        assert new[c] & old[c] == old[c], f"{where}: a {c} house was taken back"
    if grown:
        assert action.kind == "score" and grown == [action.colour], f"{where}: houses placed by {action}"
        assert new[action.colour] & ~old[action.colour] & ~before.players[0].rmask == 0, f"{where}: off the route"


def cards_of(s) -> Counter:
    p = s.players[0]
    cards = [c for c in s.display if c >= 0] + list(s.deck) + list(s.discard) + list(p.hand) + list(p.route)
    cards += [c for name in ("penalty", "completed") for c in s.piles.get(name, ())]
    return Counter(cards)


def check_cards(s, before, where):
    cards = cards_of(s)
    assert all(v == 1 for v in cards.values()) and len(cards) == 66, f"{where}: a card twice or missing"
    assert Counter(KIND[c] for c in cards) == ALL_CARDS, where
    conformance.check(s, before, where)          # the discard piles (tests/expansions/solo/conformance.py)


def counted(s, officials) -> tuple:
    """The turn's officials, each once (the Cartwright helping besides the turn's official not among them)."""
    if s.rules.option("cartwright") == "extra":
        officials = (o for o in officials if o != "cartwright")
    return tuple(dict.fromkeys(officials))


def could_help(s) -> list:
    """Which official could still help this turn, judged from the position (4.1; 4.3; 4.4d): in the step of
    scoring, the Postal Carrier with a card that extends the route; the Cartwright with a coach card one or two
    longer than a route of 3 or more, in a colour that may be completed."""
    if s.step != "score":
        return []
    p = s.players[0]
    out = []
    route = [B.city_of[c] for c in p.route]
    if s.plays_allowed == 1 and route:
        for c in p.hand:
            k = B.city_of[c]
            if k not in route and (B.adj[route[0]] >> k & 1 or B.adj[route[-1]] >> k & 1):
                out.append("postal_carrier")
                break
    if s.rules.option("cartwright") == "counts" and len(route) >= 3:
        S = s.ext["solo"]
        colours = (S.declared,) if S.declared else tuple(c for c in S.planner
                                                          if dict((x, l) for x, _, l in p.colours)[c] > 0)
        n = len(route)
        if colours and any(k in LEVELS and s.carriages_left[LEVELS.index(k)] for k in (n + 1, n + 2)):
            out.append("cartwright")
    return out


def check_officials(s, before, action, where, tally):
    assert len(counted(s, s.officials)) <= 1, f"{where}: officials {s.officials}"
    if s.rules.option("official") == "first":
        check_official_first(s, before, action, where, tally)
        return
    if before is None or not (s.turns > before.turns or s.is_over):
        return
    used = counted(before, before.officials + (("cartwright",) if action.kind == "score" and action.cartwright
                                               else ()))
    said = ("no_official", 0) in s.events
    if s.is_over and before.turns == s.turns:          # the last turn's end
        said = said or ("no_official", 0) in s.events
    assert said == (not used), f"{where}: officials {used}, said {said}"
    if not used:
        tally["without"] += 1
        if action.kind in ("end", "score"):
            helpers = could_help(before)
            assert not helpers, f"{where}: the turn ended without an official, but {helpers} could help"
    else:
        tally["with"] += 1


def check_official_first(s, before, action, where, tally):
    """Option ``official=first`` (4.1): the official is chosen in the turn's first step, and every turn has one."""
    if not s.is_over:
        assert (s.step == "solo_official") == (not counted(s, s.officials)), f"{where}: {s.step}, {s.officials}"
    if action.kind == "official":
        assert before.step == "solo_official", f"{where}: {action} called in the step {before.step}"
    assert ("no_official", 0) not in s.events, f"{where}: a turn without an official"
    if s.turns > before.turns or s.is_over:
        used = counted(before, before.officials)
        assert len(used) == 1, f"{where}: the turn ended with the officials {before.officials}"
        tally["with"] += 1
        tally["first"] += 1


def check_series(s, before, action, where):
    S = s.ext["solo"]
    assert len(set(S.planner)) == len(S.planner) and S.planner, where
    if before is None:
        return
    S0 = before.ext["solo"]
    if action.kind == "score":
        assert action.colour in S0.planner, f"{where}: {action.colour} not on the Planner {S0.planner}"
        if s.rules.option("colour_declared") == "start":
            assert action.colour == S0.declared, f"{where}: declared {S0.declared}, completed in {action.colour}"
        rest = tuple(c for c in S0.planner if c != action.colour)
        assert S.planner == (rest or COLOURS), f"{where}: planner {S0.planner} -> {S.planner}"
    else:
        assert S.planner == S0.planner, f"{where}: the Planner changed without a completion"
    if action.kind == "declare":
        assert action.colour in S0.planner and S.declared == action.colour, where
        route = s.players[0].route or before.players[0].route        # (the game may end at once: final steps)
        assert S.start == B.city_of[route[0]], where


def check_ending(s, before, where):
    """The end is triggered (6) when the deck is exhausted and pile 2 cannot make a new one, or when a colour's last
    house is placed; once triggered it stays so, and the game is over after that turn."""
    S, S0 = s.ext["solo"], before.ext["solo"]
    if S0.ended:
        assert S.ended == S0.ended, where
    elif S.ended == "deck":
        assert not s.deck and not s.discard, f"{where}: the end by the deck with cards to draw"
    elif S.ended == "houses":
        assert min(left for _, _, left in s.players[0].colours) == 0, f"{where}: the end by houses"
    assert S.ended or not s.is_over, f"{where}: over without an end"


def coach_points(coaches) -> int:
    """SoloPlay, 5, computed here: the k-th set runs 3, 4, ... while there are k cards of each."""
    n = Counter(coaches)
    total, k = 0, 1
    while n[3] >= k:
        top = 3
        while n[top + 1] >= k:
            top += 1
        total += SET_POINTS[top]
        k += 1
    return total


def houses_points(left: int) -> int:
    return HOUSES_TABLE.get(max(left, 3), -(left - 8))


def check_end(s, where):
    p = s.players[0]
    S = s.ext["solo"]
    assert not p.hand and not p.route, f"{where}: final steps left cards"
    lefts = {c: left for c, _, left in p.colours}
    assert S.ended in ("deck", "houses"), f"{where}: ended {S.ended!r}"
    houses = (sum(houses_points(x) for x in lefts.values()) if s.rules.option("houses_left") == "per_colour"
              else houses_points(sum(lefts.values())))
    parts = {"tiles": sum(v for _, v in p.tiles), "coach_sets": coach_points(p.carriages), "houses_left": houses,
             "discard_penalty": -(len(s.piles.get("penalty", ())) // 2)}
    rec = score_record(s, 0)
    assert {k: rec[k] for k in parts} == parts, f"{where}: {rec} vs {parts}"
    total = sum(parts.values())
    assert rec["total"] == total == s.result()["score"], where
    rating = next((r for least, r in RATINGS if total >= least), "no victory")
    assert s.result()["rating"] == rating, where


def check_round_trips(s, where):
    back = thurn.GameState.from_json(s.to_json())
    assert back == s and back.ext == s.ext, f"{where}: to_json/from_json"
    again = thurn.GameState.from_position(s.position())
    assert again.same_position(s) and again.position() == s.position(), f"{where}: position()"


def check_view(s, rng, where):
    """The player sees the deck as a count only: the hidden view lists no card of it, and a deck in another order
    gives the same dealt view."""
    k = len(s.history)
    hidden = player_view(s, 0, random.Random(k), hidden=True)
    assert len(hidden.deck) == len(s.deck) and all(c < 0 for c in hidden.deck), f"{where}: the deck shown"
    if len(s.deck) > 1:
        other = s.detached()
        deck = list(s.deck)
        rng.shuffle(deck)
        other.deck = tuple(deck)
        watch = Watch.of(s)
        a = player_view(s, 0, random.Random(k), watch, k)
        b = player_view(other, 0, random.Random(k), watch, k)
        assert a._key() == b._key(), f"{where}: the view reads the deck's order"


def probe(s, rng, where):
    """A few listed actions are legal; a few others are either listed or refused with a typed error, a reason and
    a sentence, and change nothing."""
    legal = s.legal_actions()
    for a in rng.sample(legal, min(3, len(legal))):
        assert s.why_illegal(a) is None, f"{where}: listed {a} but {s.why_illegal(a)}"
    pool = [EndTurn(), Draw(), BottomCards(()), PlaceBonusTile("Baden"), DeclareColour(rng.choice(COLOURS))]
    pool += [CallOfficial(o) for o in ("postmaster", "postal_carrier", "administrator")]
    for a in legal:
        if a.kind == "score":
            pool.append(Score(a.houses, cartwright=a.cartwright, colour=rng.choice(COLOURS), coach=a.coach))
            pool.append(Score(a.houses, cartwright=not a.cartwright, colour=a.colour))
            break
    before = s.position()
    for a in rng.sample(pool, 4):
        err = s.why_illegal(a)
        if a in legal:
            assert err is None, f"{where}: {a} listed but {err}"
            continue
        if err is None:             # a listed action written otherwise (a Cartwright's only coach card not named)
            assert a.kind == "score" and a.cartwright and a.coach is None, f"{where}: {a} legal but not listed"
            s.apply(a)
            continue
        assert isinstance(err, IllegalAction) and isinstance(err, ValueError) and err.reason and str(err), \
            f"{where}: {a}: {err!r}"
        with pytest.raises(IllegalAction):
            s.apply(a)
    assert s.position() == before, f"{where}: a refused action changed the state"


# -- one game ----------------------------------------------------------------------------------------------------

def crowded(s, rng):
    """The new game ``s`` with most houses of each colour already on the board (14 to 18 of 19, in cities drawn at
    random): random play then uses a colour up, and the game ends by houses (6)."""
    pos = s.position()
    ann = pos["players"][0]
    del ann["houses"], ann["houses_left"]
    names = [c.name for c in B.cities]
    ann["colours"] = {c: {"houses": rng.sample(names, rng.randint(14, 18))} for c in COLOURS}
    return thurn.GameState.from_position(pos)


def start(options, seed, crowd, rng=None):
    s = thurn.new_game(["Ann"], rules=thurn.Rules(expansions=("solo",), options=options), seed=seed)
    return crowded(s, rng or random.Random(seed)) if crowd else s


def play(difficulty, g, tally, deep=False):
    rng = random.Random(f"solo:{difficulty}:{g}")
    options = {"difficulty": difficulty, **readings(g, rng)}
    seed = rng.randrange(2**32)
    crowd = g % 5 == 4                    # every fifth game from a crowded board
    s = start(options, seed, crowd)
    where0 = f"{difficulty} game {g} ({options}, seed {seed}{', crowded' if crowd else ''})"
    if not crowd:
        assert all(bin(m).count("1") == DIFFICULTY[difficulty] for _, m, _ in s.players[0].colours), where0
    first = s
    save_at = rng.randrange(5, 80)
    before, action = None, None
    for k in range(5000):
        where = f"{where0}, action #{k}"
        check_houses(s, before, action, where)
        check_cards(s, before, where)
        if before is not None:
            check_officials(s, before, action, where, tally)
            check_series(s, before, action, where)
            check_ending(s, before, where)
        if deep and (k == save_at or k % 17 == 0):
            check_round_trips(s, where)
            check_view(s, rng, where)
            probe(s, rng, where)
        if s.is_over:
            check_end(s, where)
            if deep:
                check_round_trips(s, where)
                again = start(options, seed, crowd)
                assert again == first, f"{where}: another start from the same seed"
                for a in s.history:
                    again = again.apply(a)
                assert again == s and again.position() == s.position(), f"{where}: replay"
            tally["games"] += 1
            tally["when_used"] += s.rules.option("official") == "when_used"
            tally["completions"] += len(s.players[0].carriages)
            tally[s.ext["solo"].ended] += 1
            tally["bonus"] += s.ext["solo"].marker != -1
            tally["reshuffled"] += s.shuffles == 2
            tally["victory"] += s.result()["score"] >= 48
            return s
        action = policy(s, rng)
        before, s = s, s.apply(action)
        tally["actions"] += 1
        tally[action.kind] += 1
    raise AssertionError(f"{where0}: no end after 5000 actions")


@pytest.mark.parametrize("difficulty", list(DIFFICULTY))
def test_random_soloplay_games_keep_every_rule(difficulty):
    tally = Counter()
    for g in range(GAMES):
        play(difficulty, g, tally, deep=g % DEEP_EVERY == 0)
    assert tally["games"] == GAMES
    # the games reach what the tests are about
    assert tally["completions"] > 0 and tally["with"] > 0 and tally["first"] > 0 and tally["deck"] > 0
    if tally["when_used"]:
        assert tally["without"] > 0
    if GAMES >= 100:
        assert tally["when_used"] > 0
        assert tally["houses"] > 0 and tally["reshuffled"] > 0 and tally["bottom"] > 0 and tally["keep"] > 0
        assert tally["declare"] > 0 and tally["bonus"] > 0


def test_the_same_seed_and_actions_give_the_same_game():
    """Same seed, same actions: the same game (and another seed another setup)."""
    tally = Counter()
    a = play("hard", 1, tally, deep=True)
    b = thurn.new_game(["Ann"], rules=a.rules, seed=a.seed)
    for x in a.history:
        b = b.apply(x)
    assert b == a and b.log() == a.log()
    c = thurn.new_game(["Ann"], rules=a.rules, seed=a.seed + 1)
    assert c.position()["players"] != thurn.new_game(["Ann"], rules=a.rules, seed=a.seed).position()["players"]
