"""The engine's front door agrees with itself, in every ruleset (issue 33).

For any action ``a`` of any state: ``a in state.legal_actions()`` exactly when ``state.why_illegal(a) is None``,
and exactly then ``state.apply(a)`` works; otherwise ``apply`` raises :class:`~thurn.errors.IllegalAction` (a
``ValueError``) with the same stable reason code that ``why_illegal`` gives, and the state is unchanged.

Random games of every ruleset the registry offers (every shipped expansion alone and together, on each installed
board that plays under it: tests/support/rulesets.py), with the rule options drawn at random (the base game's
readings and each variant's own options). At every state the actions tried are

- every listed action, and its notation read back (a user's copy, checked without the engine's shortcuts);
- each listed action changed in one part: a Score's carriage taken or declined (base rules 000, 3c: the player
  "may" take it; refused under Power and Glory, where no carriage card is taken, and in SoloPlay, 4.4d: "Must take
  a coach card upon completion"), the Cartwright called or not (3c), another colour or coach (SoloPlay, 4.4), one
  house fewer or more (3a); a card named by its bare city name instead of its copy ("Hannover" for "Hannover (2
  horseshoes)": refused with ``which_copy`` wherever the board's copies of that city differ, Power and Glory's
  horseshoes), another end of the route (2);
- random actions of every kind the ruleset has: every card of the hand played at every end and horse side up,
  every face-up card drawn, every official called, the turn ended, random cards kept, random houses scored.

Sized by ``THURN_SIZE``: one game per ruleset, cut after 200 decisions, in ``make test`` (small); 2 whole games per
ruleset in the full run. Measured 2026-11-28 on the shared 2-core machine at a load of 9 to 11: small 20 s (9.5 s
of CPU), full 7 min 18 s wall, 1 min 27 s of CPU.
"""
from __future__ import annotations

import random

import pytest

import thurn
from thurn import CallOfficial, Draw, EndTurn, IllegalAction, Keep, Play, Score
from thurn.rules import Rules
from thurn.sim import sized

from tests.support.rulesets import CONFORMANCE, NAMES, new_game, ruleset_id

GAMES = sized(2, 1)
#: Decisions checked per game (None: the whole game).
DECISIONS = sized(None, 200)


def bare(board, name: str) -> str:
    """A card's bare city name ("Hannover" for "Hannover (2 horseshoes)")."""
    try:
        return board.city_name(board.card_key(name)[0])
    except (ValueError, KeyError, TypeError):
        return name


def changed(s, a) -> list:
    """``a`` changed in one part at a time (see the module's docstring)."""
    b = s.board
    out = []
    kind = a.kind
    if kind == "score":
        p = s.players[s.to_move]
        route_cities = [b.city_name(c) for c in b.cities_of(p.route)]
        colours = [None] + [c for c, _, _ in (p.colours or ())]
        args = dict(houses=a.houses, cartwright=a.cartwright, carriage=a.carriage, colour=a.colour, coach=a.coach)
        out.append(Score(**{**args, "carriage": not a.carriage}))
        out.append(Score(**{**args, "cartwright": not a.cartwright}))
        out.append(Score(**{**args, "cartwright": not a.cartwright, "carriage": not a.carriage}))
        for colour in colours:
            if colour != a.colour:
                out.append(Score(**{**args, "colour": colour}))
        for coach in (None, *b.carriage_levels):
            if coach != a.coach:
                out.append(Score(**{**args, "coach": coach}))
        if a.houses:
            out.append(Score(**{**args, "houses": a.houses + a.houses[:1]}))        # a house named twice
            out.append(Score(**{**args, "houses": tuple(reversed(a.houses))}))     # another order: the same
        for h in a.houses:
            out.append(Score(**{**args, "houses": tuple(x for x in a.houses if x != h)}))
        for c in route_cities:
            if c not in a.houses:
                out.append(Score(**{**args, "houses": a.houses + (c,)}))
    elif kind == "play":
        for end in ("left", "right", "new"):
            out.append(Play(a.city, end))
            out.append(Play(bare(b, a.city), end))
    elif kind == "draw" and a.city is not None:
        out.append(Draw(bare(b, a.city)))
    elif kind == "keep":
        out.append(Keep(tuple(bare(b, c) for c in a.cards)))
        if a.cards:
            out.append(Keep(a.cards[1:]))
    elif kind == "horse":
        out.append(type(a)(bare(b, a.city)))
    elif kind == "return_tiles":
        if a.card is not None:
            out.append(type(a)(a.offices, bare(b, a.card), a.house))
        if a.offices:
            out.append(type(a)(a.offices[1:], a.card, a.house))
            out.append(type(a)(a.offices + a.offices[:1], a.card, a.house))       # a tile named twice
        out.append(type(a)(a.offices, None if a.card is not None else "deck", a.house))
        if a.house is not None:
            out.append(type(a)(a.offices, a.card, None))
    elif kind == "carriage":
        from thurn.expansions.audience.rules import strip

        S = strip(b)
        c = S.carriage(a.carriage)
        names = (S.names[c], S.map.city(a.to).name)
        out.append(type(a)(*names))                        # by the names the board writes
        out.append(type(a)(names[0][:4], a.to))             # the start of the carriage's name (Strip.carriage)
    elif kind == "seal" and a.ranks:
        from thurn.expansions.audience.rules import clergy, strip

        S, C = strip(b), clergy()
        out.append(type(a)({S.names[c]: C.names[C.ranks.index(r)] for c, r in enumerate(a.ranks)}))
        out.append(type(a)({S.carriages[c]: str(r) for c, r in enumerate(a.ranks)}))
    elif kind == "bottom":
        out.append(type(a)(tuple(bare(b, c) for c in a.cards)))
        out.append(type(a)(tuple(reversed(a.cards))))
    return out


def random_plays(s, rng) -> list:
    """Actions of every kind the ruleset has, with arguments drawn from the position (see the module's docstring)."""
    b = s.board
    rs = s.ruleset
    p = s.players[s.to_move]
    hand = sorted({b.card_names[c] for c in p.hand if c >= 0})
    out = [EndTurn(), Draw()]
    out += [CallOfficial(name) for o in b.officials for name in (o.id, o.name, *o.aliases)]
    for name in hand:
        for end in ("left", "right", "new"):
            out.append(Play(name, end))
        out.append(Play(bare(b, name), rng.choice(("left", "right", "new"))))
    out += [Draw(b.card_names[c]) for c in s.display if c >= 0]
    out += [Draw(bare(b, b.card_names[c])) for c in s.display if c >= 0]
    names = [b.card_names[c] for c in p.hand if c >= 0]
    for _ in range(2):
        out.append(Keep(rng.sample(names, min(len(names), rng.randint(0, b.hand_limit + 1)))))
    route_cities = [b.city_name(c) for c in b.cities_of(p.route)]
    colours = [None] + [c for c, _, _ in (p.colours or ())]
    for _ in range(3):
        houses = rng.sample(route_cities, rng.randint(0, len(route_cities))) if route_cities else []
        if rng.random() < 0.2:
            houses.append(b.city_name(rng.randrange(len(b.cities))))
        out.append(Score(houses, cartwright=rng.random() < 0.3, carriage=rng.random() < 0.7,
                         colour=rng.choice(colours), coach=rng.choice((None, None, *b.carriage_levels))))
    if "horse" in rs.kinds:
        from thurn.expansions.power_glory.rules import PlayHorse

        out += [PlayHorse(name) for name in hand] + [PlayHorse(bare(b, name)) for name in hand[:2]]
    if "declare" in rs.kinds or "bonus" in rs.kinds or "bottom" in rs.kinds:
        from thurn.expansions.solo.rules import BottomCards, DeclareColour, PlaceBonusTile

        if "declare" in rs.kinds:
            out += [DeclareColour(c) for c in ("red", "blue", "green", "yellow", "purple")]
        if "bonus" in rs.kinds:
            out += [PlaceBonusTile(name) for st in b.stacks for name in {st.id, st.name}]
        if "bottom" in rs.kinds:
            shown = [b.card_names[c] for c in s.display if c >= 0]
            out.append(BottomCards(rng.sample(shown, min(len(shown), rng.randint(0, 4)))))
    if "return_tiles" in rs.kinds:
        from thurn.expansions.offices.rules import ReturnTiles

        offices = [rng.choice((o.id, o.name, *o.aliases)) for o in b.officials]
        shown = [b.card_names[c] for c in s.display if c >= 0] + ["deck"]
        for _ in range(2):
            out.append(ReturnTiles(rng.sample(offices, rng.randint(0, len(offices))),
                                   card=rng.choice((None, *shown)),
                                   house=rng.choice((None, b.city_name(rng.randrange(len(b.cities)))))))
    if "carriage" in rs.kinds:
        from thurn.expansions.audience.rules import MoveCarriage

        for a in s.legal_actions():
            if a.kind == "carriage":
                out.append(MoveCarriage(a.carriage, b.city_name(rng.randrange(len(b.cities)))))
    if "seal" in rs.kinds:
        from thurn.expansions.audience.rules import Seal

        for a in s.legal_actions():
            if a.kind == "seal" and a.ranks:
                ranks = list(a.ranks)
                rng.shuffle(ranks)
                out.append(Seal(ranks))
                break
    return out


def agree(s, action, legal, where) -> bool:
    """The three doors agree on ``action``; True when it is legal."""
    listed = action in legal
    why = s.why_illegal(action)
    try:
        after = s.apply(action)
    except IllegalAction as e:
        assert isinstance(e, ValueError)
        assert not listed, f"{where}: {action!r} is listed but apply refuses it: {e}"
        assert why is not None, f"{where}: {action!r}: why_illegal says legal, apply refuses: {e}"
        assert e.reason == why.reason, f"{where}: {action!r}: why_illegal {why.reason!r}, apply {e.reason!r}"
        assert isinstance(e.reason, str) and e.reason and e.reason != "error", f"{where}: {action!r}: {e!r}"
        assert str(e), f"{where}: {action!r}: no explanation"
        return False
    assert after is not None
    assert listed, f"{where}: {action!r} is applied but not listed (why_illegal: {why!r}); listed: {legal}"
    assert why is None, f"{where}: {action!r} is applied and listed but why_illegal says {why!r}"
    return True


def check_state(s, rng, where) -> None:
    legal = s.legal_actions()
    assert len(set(legal)) == len(legal), f"{where}: an action listed twice: {legal}"
    before = s.position()
    for a in legal:
        assert agree(s, a, legal, where)
        assert agree(s, s.ruleset.parse(a.notation), legal, where + " (its notation)")
    tried = set(legal)
    for a in [c for a in legal for c in changed(s, a)] + random_plays(s, rng):
        if a not in tried:
            tried.add(a)
            agree(s, a, legal, where)
    assert s.position() == before, f"{where}: the state changed while actions were tried"


def policy(s, rng):
    """Random play that scores more often than not, so that games reach their end."""
    acts = s.legal_actions()
    scores = [a for a in acts if a.kind == "score"]
    if scores and rng.random() < 0.7:
        return rng.choice(scores)
    extend = [a for a in acts if a.kind == "play" and a.end != "new"]
    if extend and rng.random() < 0.8:
        return rng.choice(extend)
    return rng.choice(acts)


@pytest.mark.parametrize("board,expansions", CONFORMANCE, ids=[ruleset_id(r) for r in CONFORMANCE])
def test_legal_actions_why_illegal_and_apply_agree(board, expansions):
    rng = random.Random(f"front-door:{board}:{expansions}")
    for g in range(GAMES):
        s = new_game(board, expansions, rng)
        n = 0
        while not s.is_over and (DECISIONS is None or n < DECISIONS):
            check_state(s, rng, f"{board}:{'+'.join(expansions) or 'base'} game {g} decision {n} ({s.step})")
            s = s.apply(policy(s, rng))
            n += 1
        if s.is_over:
            check_state(s, rng, f"{board}:{'+'.join(expansions)} game {g} over")


# -- the disagreements found (each failed before issue 33's fix) --------------------------------------------------

def first(board: str, expansions: tuple, find, seed=5, limit=3000):
    """The first state of a seeded random game (default rules) where ``find(state)`` gives an action, and it."""
    rng = random.Random(seed)
    s = thurn.new_game(NAMES[:1] if "solo" in expansions else NAMES[:2], seed=seed,
                       rules=Rules(board=board, expansions=expansions))
    for _ in range(limit):
        if s.is_over:
            break
        a = find(s)
        if a is not None:
            return s, a
        s = s.apply(policy(s, rng))
    raise AssertionError(f"no state found on {board} with {expansions}")


def refused(s, action, reason):
    """``action`` is not listed, ``why_illegal`` and ``apply`` refuse it with ``reason``, the state unchanged."""
    before = s.position()
    assert action not in s.legal_actions()
    why = s.why_illegal(action)
    assert why is not None and why.reason == reason, why
    with pytest.raises(IllegalAction) as e:
        s.apply(action)
    assert e.value.reason == reason and isinstance(e.value, ValueError)
    assert s.position() == before
    return why


def listed_score(s):
    return next((a for a in s.legal_actions() if a.kind == "score" and not a.cartwright and a.houses), None)


@pytest.mark.parametrize("expansions,reason", [(("power_glory",), "no_carriage_to_decline"),
                                               (("solo",), "coach_compulsory")])
def test_a_carriage_is_declined_only_where_scoring_takes_one(expansions, reason):
    """Power and Glory, Preparation: "The carriage cards ... are not used with this expansion" (nothing to decline);
    SoloPlay, 4.4d: "Must take a coach card upon completion". ``Score(..., carriage=False)`` was applied (and SoloPlay
    took the coach anyway) though not listed."""
    board = "northern" if "power_glory" in expansions else "base"
    s, a = first(board, expansions, listed_score)
    declined = Score(a.houses, carriage=False, colour=a.colour)
    why = refused(s, declined, reason)
    assert ("Power and Glory" if board == "northern" else "SoloPlay, 4.4d") in str(why)
    assert s.apply(Score(a.houses, colour=a.colour)) is not None          # the same scoring, taking it


def test_a_bare_city_name_is_refused_where_the_boards_copies_differ():
    """Power and Glory: "Each card shows 1, 2 or 3 horseshoes" (components): ``Play("Hannover", "right")`` and
    ``PlayHorse("Hannover")`` were applied (the copy in hand) though the list names the card; now they are refused
    with ``which_copy`` naming the card, and the card's own name is listed."""
    from thurn.expansions.power_glory.rules import PlayHorse

    def play(s):
        return next((a for a in s.legal_actions() if a.kind == "play" and a.end != "new"), None)

    s, a = first("northern", ("power_glory",), play)
    city = bare(s.board, a.city)
    assert city != a.city
    why = refused(s, Play(city, a.end), "which_copy")
    assert a.city in str(why)
    assert agree(s, Play(a.city, a.end), s.legal_actions(), "the card's name")
    horse = PlayHorse(a.city)
    assert horse in s.legal_actions() and s.why_illegal(horse) is None
    refused(s, PlayHorse(city), "which_copy")


def test_a_house_named_twice_is_another_action():
    """Base rules, 3a: one house a city. ``Score(["Ulm", "Ulm"])`` was equal to ``Score(["Ulm"])`` (so listed) while
    ``why_illegal`` refused it (``house_twice``) until the same houses had been checked once by name."""
    s, a = first("base", (), listed_score)
    twice = Score(a.houses + a.houses[:1])
    refused(s, twice, "house_twice")
    assert Score(tuple(reversed(a.houses))) in s.legal_actions()           # any order: the same action


def test_the_audience_reads_names_as_its_own_actions():
    """The Audience, Preparation and Moving the carriages: a seal by names and a move by the carriage's name (or the
    start of it) were applied though not equal to the listed seal by ranks and move by ids."""
    from thurn.expansions.audience.rules import MoveCarriage, Seal, clergy, strip

    s, a = first("base", ("audience",), lambda s: next((x for x in s.legal_actions() if x.kind == "seal"), None))
    S, C = strip(s.board), clergy()
    by_names = Seal({S.names[c]: C.names[C.ranks.index(r)] for c, r in enumerate(a.ranks)})
    assert by_names == a and by_names in s.legal_actions() and s.why_illegal(by_names) is None
    s, a = first("base", ("audience",), lambda s: next((x for x in s.legal_actions() if x.kind == "carriage"), None))
    c = S.carriage(a.carriage)
    for move in (MoveCarriage(S.names[c], S.map.city(a.to).name), MoveCarriage(S.names[c][:4], a.to)):
        assert move == a and move in s.legal_actions() and s.why_illegal(move) is None
        assert s.apply(move).position() == s.apply(a).position()
