"""The base game's turn, declared as data for the turn machine (base rules, Game Play).

A turn runs through the steps draw (1), play (2), score or end (3), and keep (3d) when the hand is over the limit
after scoring. For each step this module says which actions are legal, why any other action is not (a stable
reason code and a sentence citing the rule), and how each action changes the state: each ``do_*`` returns what
comes next (a step, or :data:`~thurn.turn.machine.END_TURN`) and the machine (:mod:`thurn.turn.machine`) runs it.
:func:`base_ruleset` puts it all together; the expansions change a copy of it.
"""
from __future__ import annotations

import random
from bisect import bisect_left, insort
from itertools import combinations

from .. import effects
from ..actions import CallOfficial, Draw, EndTurn, Keep, Play, Score, interned, resolved
from ..board import fold
from ..errors import IllegalAction
from ..logline import Private
from ..piles import BASE_PILE_SPECS, pile, set_pile
from ..rules import option_title
from ..scoring import next_carriage, popcount, route_placements
from .machine import END_TURN, OVER, ActionKind, Decide, Ruleset, StepSpec, forced_event

DRAW, PLAY, SCORE, KEEP = "draw", "play", "score", "keep"
DECIDE_PLAY = Decide(PLAY)

R_DRAW = "base rules, 1"
R_PLAY = "base rules, 2"
R_SCORE = "base rules, 3"
R_HOUSES = "base rules, 3a"
#: The free cities of the northern board: "he may place a house on only one of the free cities".
R_FREE_CITIES = "Power and Glory, Placing houses"
R_CARRIAGE = "base rules, 3c"
R_KEEP = "base rules, 3d"
R_OFFICIAL = "base rules, Game Play: one official per turn"
R_END = "base rules, Game End and Scoring"

# -- interned actions, one table per board ---------------------------------------------------------------

class ActionTable:
    """Every simple action of a board built once, so that listing legal actions allocates nothing."""

    def __init__(self, board):
        names = board.city_names
        cards, kind_of = board.card_names, board.kind_of
        # indexed by card id: every copy of one kind shares its action, resolved to the kind (its lowest id)
        self.draw = _per_kind(kind_of, lambda k: resolved(Draw(cards[k]), k))
        self.draw_deck = resolved(Draw(), -1)
        self.call = {o.id: interned(CallOfficial, ("official", o.id), o.id, official=o.id) for o in board.officials}
        self.play_left = _per_kind(kind_of, lambda k: resolved(Play(cards[k], "left"), k))
        self.play_right = _per_kind(kind_of, lambda k: resolved(Play(cards[k], "right"), k))
        self.play_new = _per_kind(kind_of, lambda k: resolved(Play(cards[k], "new"), k))
        self.end = resolved(EndTurn(), True)
        self.names = names
        self.keys = tuple(fold(n) for n in names)
        self.card_names = cards
        self.card_keys = tuple(fold(n) for n in cards)
        self._score: dict = {}
        self._keep: dict = {}
        # by card id, its kind as a bit, and for an empty display slot (-1, the last) a bit of no kind
        self.kind_bit_slot = board.kind_bit + (1 << len(set(kind_of)),)
        #: whether the copies of each kind of card have neighbouring ids (so that they are neighbours in a sorted hand)
        self.kinds_adjacent = all(k == i or k == kind_of[i - 1] for i, k in enumerate(kind_of))
        #: by card id: the ids of its kind's copies, lowest first (one tuple per kind, shared by its copies)
        self.copies = _per_kind(kind_of, lambda k: tuple(i for i, j in enumerate(kind_of) if j == k))
        #: by city: whether its copies differ (Power and Glory's horseshoes), so that a bare city name cannot say
        #: which card is meant (see :func:`find_card`)
        city_of = board.city_of
        self.copies_differ = tuple(len({k for i, k in enumerate(kind_of) if city_of[i] == c}) > 1
                                   for c in range(len(names)))

    def score(self, mask: int, cartwright: bool, carriage: bool = True, colour: str | None = None,
              coach: int | None = None) -> Score:
        key = (mask, cartwright, carriage, colour, coach)
        a = self._score.get(key)
        if a is None:
            cities = [c for c in range(len(self.names)) if mask >> c & 1]
            akey = ("score", tuple(sorted(self.keys[c] for c in cities)), cartwright, carriage)
            akey = akey if colour is None else akey + (colour,)
            a = interned(Score, akey if coach is None else akey + (("coach", coach),), mask,
                         houses=tuple(self.names[c] for c in cities), cartwright=cartwright, carriage=carriage,
                         colour=colour, coach=coach)
            self._score[key] = a
        return a

    def keep(self, cards: tuple) -> Keep:
        """The Keep action of ``cards``, a sorted tuple of card kinds (see ``board.kind_of``)."""
        a = self._keep.get(cards)
        if a is None:
            a = interned(Keep, ("keep", tuple(sorted(self.card_keys[c] for c in cards))), cards,
                      cards=tuple(self.card_names[c] for c in cards))
            self._keep[cards] = a
        return a


def _per_kind(kind_of, make) -> tuple:
    """A table by card id of ``make(kind)``: one object per kind of card, shared by its copies."""
    made: dict = {}
    for k in kind_of:
        if k not in made:
            made[k] = make(k)
    return tuple(made[k] for k in kind_of)


def table(board) -> ActionTable:
    t = board._actions
    if t is None:
        t = board._actions = ActionTable(board)
    return t


# -- small helpers -----------------------------------------------------------------------------------------

def _may(s, oid: str) -> bool:
    """Whether the officials policy lets ``oid`` help now (base: no official has helped this turn)."""
    rs = s.ruleset
    return not s.officials if rs.one_official else rs.officials.may_call(s, oid)


def _drawable(s) -> bool:
    return bool(s.deck or s.discard) or max(s.display) >= 0


def _fits(board, route, c, rmask) -> tuple[bool, bool]:
    """Whether city ``c`` fits the left and the right end of ``route`` (card ids; ``rmask``: its cities) (base
    rules, 2: "fits in")."""
    if rmask >> c & 1:
        return False, False
    a = board.adj[c]
    city_of = board.city_of
    return bool(a >> city_of[route[0]] & 1), bool(a >> city_of[route[-1]] & 1)


def _extensions(board, route, hand, rmask) -> bool:
    """Whether a card of ``hand`` fits an end of ``route`` (card ids; ``rmask``: its cities as a bit mask)."""
    card_adj, card_bit = board.card_adj, board.card_bit
    ends = card_bit[route[0]] | card_bit[route[-1]]
    for x in hand:
        if card_adj[x] & ends and not rmask & card_bit[x]:
            return True
    return False


def _second_card(s, p) -> bool:
    """Whether the Postal Carrier could help now: a card in hand that may be played as the second card (base
    rules, 2). It must extend the route (rules notes R12), or, with the rule option
    ``postal_carrier_may_restart`` (000: "as long as the second card can be legally placed"), any card will do."""
    if s.rules.postal_carrier_may_restart:
        return bool(p.hand)
    return bool(p.route) and _extensions(s.board, p.route, p.hand, p.rmask)


def earns_carriage(s, p, cartwright: bool) -> bool:
    """Whether scoring the route now earns the next carriage (base rules, 3c): one is left, and the route is as
    long as its number, or two cards shorter with the Cartwright."""
    return effects.carriage_for(s.board, p.carriages, s.carriages_left, len(p.route), cartwright) is not None


def seen_line(line: str, seat) -> str:
    """``line`` as the player at ``seat`` reads it: a private sentence of another player in its public form
    (``seat`` None: every sentence in full; -1: as someone who holds no hand of the game sees it)."""
    if seat is not None and isinstance(line, Private) and line.seat != seat:
        return line.public
    return str(line)


def seen_action(action, actor: int, seat) -> str:
    """``action`` of the player at ``actor`` as the player at ``seat`` reads it (as :func:`seen_line`): the cards
    another player keeps in hand are a count (base rules, 3d); every other action is played in the open."""
    if seat is not None and actor != seat and getattr(action, "kind", None) == "keep":
        n = len(action.cards)
        return f"keep {n} card{'s' if n != 1 else ''}"
    if seat is not None and actor != seat:
        hidden = getattr(action, "seen_by_others", None)        # an action with a secret (a variant's own)
        if hidden is not None:
            return hidden()
    return str(action)


def _names(board, cards) -> str:
    """Card ids as text: "Ulm, Basel" ("nothing" for none)."""
    names = [board.card_names[c] for c in cards]
    if not names:
        return "nothing"
    return ", ".join(names)


def _city_names(board, cities) -> str:
    """City numbers as text: "Ulm, Basel" ("nothing" for none)."""
    return ", ".join(board.city_name(c) for c in cities) or "nothing"


def route_text(board, route) -> str:
    """A route of card ids as text, left to right: "Ulm–Basel"."""
    return "–".join(board.card_names[c] for c in route) if route else "(no route)"


# -- legal actions per step ----------------------------------------------------------------------------------

def legal_draw(s) -> list:
    t = s.board._actions or table(s.board)
    display = s.display
    acts = []
    if s.draws == 0:                # (an empty hand has had a compulsory official: see the forced draw)
        rs = s.ruleset
        offers = rs.roles.offers[DRAW]
        if offers:
            if not rs.one_official:
                _policy_calls(s, t, offers, acts)
            elif not s.officials:
                call = t.call
                for oid, offer in offers:       # (the Administrator and the Postmaster: the handlers' offers)
                    if offer is None or offer(s):
                        acts.append(call[oid])
    draw = t.draw
    append = acts.append
    kind_bit = t.kind_bit_slot
    seen = kind_bit[-1]             # (an empty slot, -1, reads as seen)
    for c in display:                # one action per kind of card face up, however many copies show
        if not seen & kind_bit[c]:
            seen |= kind_bit[c]
            append(draw[c])
    if s.deck or s.discard:
        append(t.draw_deck)
    return acts


def legal_play(s) -> list:
    board = s.board
    t = board._actions or table(board)
    p = s.players[s.to_move]
    acts = []
    rs = s.ruleset
    offers = rs.roles.offers[PLAY]
    if offers:
        if not rs.one_official:
            _policy_calls(s, t, offers, acts)
        elif not s.officials:
            for oid, offer in offers:       # (the Postmaster after one card: the handlers' offers)
                if offer is None or offer(s):
                    acts.append(t.call[oid])
    route = p.route
    prev = None
    append = acts.append
    play_new = t.play_new
    # one action per kind of card: the copies of a kind are neighbours in a sorted hand (and share their actions),
    # or the list is made unique at the end (ActionTable.kinds_adjacent)
    if route:
        card_adj, card_bit = board.card_adj, board.card_bit
        rmask = p.rmask
        fit_left = card_adj[route[0]] & ~rmask      # the cities a card may be to fit each end (roads both ways)
        fit_right = card_adj[route[-1]] & ~rmask
        play_left, play_right = t.play_left, t.play_right
        second = s.plays > 0 and not s.rules.postal_carrier_may_restart
        for x in p.hand:
            new = play_new[x]
            if new is prev:
                continue
            prev = new
            c = card_bit[x]
            if fit_left & c:
                append(play_left[x])
            if fit_right & c:
                append(play_right[x])
            if not second:
                append(new)
    else:
        for x in p.hand:
            new = play_new[x]
            if new is not prev:
                prev = new
                append(new)
    return acts if t.kinds_adjacent else list(dict.fromkeys(acts))


def legal_score(s) -> list:
    board = s.board
    t = board._actions or table(board)
    p = s.players[s.to_move]
    acts = [t.end]
    route = p.route
    rs = s.ruleset
    offers = rs.roles.offers[SCORE]
    if offers:
        if not rs.one_official:
            _policy_calls(s, t, offers, acts)
        elif not s.officials:
            for oid, offer in offers:       # (the Postal Carrier after the first card)
                if offer is None or offer(s):
                    acts.append(t.call[oid])
    if len(route) >= board.min_route:
        cw = _helper_problem(s, p) is None
        decline = not s.rules.carriage_compulsory and _declinable(s, p)
        per_colour = rs.house_per_colour
        for colour, owned, left in ((None, p.houses, p.houses_left),) if p.colours is None else _colours_left(p, per_colour):
            masks = route_placements(board, route, p.rmask, owned, left, s.rules.optional_houses)
            for m in masks:
                acts.append(t.score(m, False, True, colour))
                if decline:
                    acts.append(t.score(m, False, False, colour))
                if cw:
                    acts.append(t.score(m, True, True, colour))
    return acts


def _colours_left(p, per_colour: bool):
    """(colour, the houses a placement in it avoids, houses left) of each of the player's colours (base rules, 3a,
    in the colour chosen: SoloPlay): his houses of every colour, or with ``per_colour`` those of that colour."""
    return tuple((c, m if per_colour else p.houses, left) for c, m, left in p.colours)


def _policy_calls(s, t, offers, acts) -> None:
    """Add a call of each official of ``offers`` (a step's, from the handlers) whom the policy lets help now (a
    policy other than one free official per turn: The Princess' Messenger's letters)."""
    may = s.ruleset.officials.may_call
    for oid, offer in offers:
        if may(s, oid) and (offer is None or offer(s)):
            acts.append(t.call[oid])


def _offered(s, step):
    """The first official offered in ``step`` who may help now, or None (for the explanations)."""
    for oid, offer in s.ruleset.roles.offers[step]:
        if _may(s, oid):
            return oid
    return None


def _declinable(s, p) -> bool:
    """Whether a scoring stage gives something the player may decline now (base: the carriage, R9)."""
    for stage in s.ruleset.decliners:
        if stage.declinable(s, p):
            return True
    return False


def legal_keep(s) -> list:
    """Keep exactly the hand limit's number of cards (001, 3d), or up to it with ``hand_limit_at_most`` (000, R11)."""
    t = s.board._actions or table(s.board)
    kind_of = s.board.kind_of
    kinds = sorted(kind_of[c] for c in s.players[s.to_move].hand)
    limit = s.board.hand_limit
    sizes = range(limit, -1, -1) if s.rules.hand_limit_at_most else (limit,)
    return [t.keep(k) for n in sizes for k in sorted(set(combinations(kinds, n)))]


# -- why an action is illegal ------------------------------------------------------------------------------------

def _illegal(reason, message, action, rule):
    return IllegalAction(reason, message, action, rule)


def _resolve(s, name, action, key=None):
    """City number for a name in an action (``key``: its folded form), or an IllegalAction naming the close match."""
    c = s.board._lookup.get(key) if key is not None else None
    if c is not None:
        return c, None
    try:
        return s.board.index(name), None
    except ValueError as e:
        return None, _illegal("unknown_city", str(e), action, None)


#: What :func:`find_card` answers when a bare city name fits copies of that city that read differently.
AMBIGUOUS = -2


def card_named(s, action, name, key):
    """``(city, kind)`` that a card's name in an action means: ``kind`` the lowest id of the copies it names
    ("Hamburg (3 horseshoes)"), or None for a bare city name (any copy of that city); or an IllegalAction."""
    board = s.board
    k = board._card_lookup.get(key)
    if k is not None:
        return (board.city_of[k], k), None
    c = board._lookup.get(key)
    if c is None:
        c, err = _resolve(s, name, action)
        if err is not None:
            return None, err
    return (c, None), None


def find_card(board, cards, city: int, kind) -> int:
    """The card of ``cards`` (ids; -1 an empty place) that an action names: the first of kind ``kind``, or for a
    bare city name (``kind`` None) the first of city ``city`` (a hand is sorted: its lowest id). -1 if none;
    :data:`AMBIGUOUS` when a bare name is given for a city whose copies differ on this board (Power and Glory's
    horseshoes) and a card of that city is there: the card must be named ("Hannover (2 horseshoes)"), even where
    only one of its copies is there, so that an action means the same card in every position and is listed by
    ``legal_actions()`` exactly when it is legal (as python-chess wants a pawn's promotion piece named)."""
    if kind is not None:
        kind_of = board.kind_of_slot        # (-1, an empty slot, reads as -1)
        for x in cards:
            if kind_of[x] == kind:
                return x
        return -1
    city_of = board.city_of
    t = board._actions or table(board)
    for x in cards:
        if x >= 0 and city_of[x] == city:
            return AMBIGUOUS if t.copies_differ[city] else x
    return -1


def _which_copy(s, cards, city, action, rule):
    board = s.board
    named = sorted({board.card_names[x] for x in cards if x >= 0 and board.city_of[x] == city})
    return _illegal("which_copy", f"The {board.city_name(city)} cards of this board differ from copy to copy: name "
                    f"the card you mean ({' or '.join(named)}).", action, rule)


def _wrong_step(s, action):
    step = s.step
    p = s.players[s.to_move]
    if step == OVER:
        return _illegal("game_over", "The game is over: nobody takes another turn.", action, R_END)
    if step == DRAW:
        return _illegal("draw_first", "First draw a city card, from the display or the deck.", action, R_DRAW)
    if step == PLAY:
        return _illegal("play_first", "Now play a city card from your hand to your route.", action, R_PLAY)
    if step == SCORE:
        return _illegal("already_played",
                        "You have played your card this turn: score the route, or end the turn.", action, R_SCORE)
    if step == KEEP:
        return _illegal("keep_first", f"You scored and hold {len(p.hand)} cards: choose the "
                        f"{s.board.hand_limit} to keep first.", action, R_KEEP)
    spec = s.ruleset.steps[step]
    return _illegal("not_now", f"Now {s.names[s.to_move]} must {spec.does}.", action, spec.rule)


def check_draw(s, a):
    if s.step != DRAW:
        if s.step == PLAY and s.draws >= s.draws_allowed and s.plays == 0:
            oid = _offered(s, PLAY)
            more = (f" (the {s.board.official(oid).name} lets you {s.ruleset.official_handlers[oid].lets})"
                    if oid is not None else "")
            return None, _illegal("already_drew", f"You have drawn this turn{more}; now play a card.", a, R_DRAW)
        return None, _wrong_step(s, a)
    if a.city is None:
        if not (s.deck or s.discard):
            return None, _illegal("deck_empty", "The deck and the discard pile are both empty: draw from the display.",
                                  a, R_DRAW)
        return -1, None
    board = s.board
    k = a.resolved                      # an engine-made action carries its kind of card (see ActionTable)
    if k is None:
        named, err = card_named(s, a, a.city, a.key[1])
        if err is not None:
            return None, err
        c, k = named
    else:
        kind_of = board.kind_of_slot        # (the first slot showing that kind: -1, an empty slot, reads -1)
        for x in s.display:
            if kind_of[x] == k:
                return x, None
        c = board.city_of[k]
    x = find_card(board, s.display, c, k)
    if x < 0:
        if x == AMBIGUOUS:
            return None, _which_copy(s, s.display, c, a, R_DRAW)
        shown = _names(board, [x for x in s.display if x >= 0])
        what = board.city_name(c) if k is None else board.card_names[k]
        return None, _illegal("not_in_display", f"{what} is not face up; the display shows {shown}.", a, R_DRAW)
    return x, None


class OfficialHandler:
    """What one official does (his name and aliases come from the board's data file; what he does from here).

    - ``helps``: ``"alone"``, called by an action of his own (``check(state, action, player) -> error or None``,
      ``do(state, say) -> next``), or ``"scoring"``, helping inside a Score action (base rules, 3c: the Cartwright;
      ``problem(state, player) -> reason code or None`` says whether he can help this scoring, ``message(state,
      player, reason)`` why not);
    - ``offers``: ``((step, offer), ...)``: the steps in which his call is listed, ``offer(state) -> bool`` (None:
      always) whether he can help now; ``lets``: what he lets the player do, for the explanations;
    - ``forced(state, say) -> bool``: asked when the hand is empty at the start of the turn: he must help now, and
      did (base rules, 1: the Postmaster);
    - ``waits(state) -> bool``: a route too short to score waits for him (base rules, 2: a second card).
    """

    __slots__ = ("check", "do", "helps", "offers", "lets", "forced", "waits", "problem", "message")

    def __init__(self, check=None, do=None, *, helps="alone", offers=(), lets="", forced=None, waits=None,
                 problem=None, message=None):
        self.check, self.do, self.helps, self.offers, self.lets = check, do, helps, tuple(offers), lets
        self.forced, self.waits, self.problem, self.message = forced, waits, problem, message

    def replace(self, **changes) -> "OfficialHandler":
        """A copy with some parts replaced (a variant's own check, say)."""
        parts = {k: getattr(self, k) for k in self.__slots__}
        parts.update(changes)
        check, do = parts.pop("check"), parts.pop("do")
        return OfficialHandler(check, do, **parts)


def check_official(s, a):
    board = s.board
    oid = a.resolved or board._official_lookup.get(a.key[1])
    if oid is None:
        try:
            board.official(a.official)
        except ValueError as e:
            return None, _illegal("unknown_official", str(e), a, None)
    if s.step == OVER:
        return None, _wrong_step(s, a)
    rs = s.ruleset
    handler = rs.official_handlers.get(oid)
    if handler is None or handler.helps != "alone":
        name = board.official(oid).name
        if handler is not None and handler.helps == "scoring":
            return None, _illegal(f"{oid}_when_scoring", f"The {name} helps while you score: choose a scoring "
                                  f"with the {name}.", a, R_CARRIAGE)
        return None, _illegal("not_called", f"The {name} is not called on his own in this game.", a, None)
    if (s.officials or not rs.one_official) and (oid in s.officials or not _may(s, oid)):
        policy = rs.officials
        err = policy.problem(s, oid, a)
        forced = _forced_official(s) if err is not None and err.reason == "one_official_per_turn" else None
        if forced is not None:
            return None, _illegal(f"{forced}_compulsory",
                                  f"Your hand was empty at the start of the turn, so the {board.official(forced).name} "
                                  f"must help you draw two cards, and {policy.sentence}.", a, R_DRAW)
        if err is not None:
            return None, err
        return None, _illegal("official_twice", f"You already had the help of the {board.official(oid).name} this "
                              f"turn; each official helps at most once per turn.", a, R_OFFICIAL)
    err = handler.check(s, a, s.players[s.to_move])
    return (None, err) if err is not None else (oid, None)


def _forced_official(s):
    """The official who was forced to help this turn before the draw (base rules, 1: an empty hand), or None."""
    if s.step != DRAW or s.draws or s.players[s.to_move].hand:
        return None
    for oid, _ in s.ruleset.roles.forced:
        if oid in s.officials:
            return oid
    return None


def _draw_skipped(s, a):
    return _illegal("nothing_to_draw", "No card is left to draw this turn (the display, the deck and the discard "
                    "pile are empty), so the draw was skipped.", a, R_DRAW)


def check_postmaster(s, a, p):
    """The Postmaster: draw a second card (base rules, 1)."""
    if s.step == PLAY and s.draws == 0 and s.plays == 0:
        return _draw_skipped(s, a)
    if not ((s.step == DRAW and s.draws == 0) or (s.step == PLAY and s.draws == 1 and s.plays == 0)):
        return _illegal("postmaster_too_late",
                        "The Postmaster helps while you draw; you have already played a card this turn.", a, R_DRAW)
    if not _drawable(s):
        return _illegal("nothing_to_draw", "There is no card left to draw.", a, R_DRAW)
    return None


def check_administrator(s, a, p):
    """The Administrator: replace the display before drawing (base rules, 1)."""
    if s.step == PLAY and s.draws == 0 and s.plays == 0:
        return _draw_skipped(s, a)
    if s.step != DRAW or s.draws > 0:
        return _illegal("administrator_after_draw",
                        "The Administrator replaces the display before you draw; you have already drawn.", a, R_DRAW)
    if not any(c >= 0 for c in s.display):
        return _illegal("nothing_to_replace", "The display is empty: there is nothing to replace.", a, R_DRAW)
    return None


def check_postal_carrier(s, a, p):
    """The Postal Carrier: play a second card after the first (base rules, 2; rules notes R12)."""
    board = s.board
    if s.step in (DRAW, PLAY) and s.plays == 0:
        return _illegal("postal_carrier_too_early",
                        "The Postal Carrier lets you play a second card: play your first card, then call him.", a, R_PLAY)
    if s.step != SCORE:
        return _wrong_step(s, a)
    route = p.route
    if not _second_card(s, p):
        if not p.hand:
            return _illegal("no_second_card", "You have no card left in your hand, so the Postal Carrier cannot help.",
                            a, R_PLAY)
        return _illegal("no_second_card",
                        f"None of your cards fits an end of your route ({board.card_names[route[0]]} or "
                        f"{board.card_names[route[-1]]}), so the Postal Carrier cannot help.", a, R_PLAY)
    return None


def check_play(s, a):
    board = s.board
    if s.step != PLAY:
        oid = _offered(s, SCORE) if s.step == SCORE and s.plays_allowed == 1 else None
        if oid is not None:
            return None, _illegal("already_played", f"You have played your card this turn; the "
                                  f"{s.board.official(oid).name} would let you {s.ruleset.official_handlers[oid].lets}.",
                                  a, R_PLAY)
        return None, _wrong_step(s, a)
    k = a.resolved                      # an engine-made action carries its kind of card (see ActionTable)
    p = s.players[s.to_move]
    if k is not None:
        c = board.city_of[k]
        hand = p.hand
        t = board._actions or table(board)
        if t.kinds_adjacent:            # the lowest id held of that kind (find_card's): the first card from k on
            i = bisect_left(hand, k)
            x = hand[i] if i < len(hand) and board.kind_of[hand[i]] == k else -1
        else:
            for x in t.copies[k]:
                if x in hand:
                    break
            else:
                x = -1
    else:
        named, err = card_named(s, a, a.city, a.key[1])
        if err is not None:
            return None, err
        c, k = named
        x = find_card(board, p.hand, c, k)
    if x < 0:
        if x == AMBIGUOUS:
            return None, _which_copy(s, p.hand, c, a, R_PLAY)
        what = board.city_name(c) if k is None else board.card_names[k]
        return None, _illegal("card_not_in_hand",
                              f"You have no {what} card in your hand (your hand: {_names(board, p.hand)}).",
                              a, R_PLAY)
    route = p.route
    if a.end == "new":
        if s.plays > 0 and not s.rules.postal_carrier_may_restart:
            return None, _illegal("second_card_must_extend",
                                  "The Postal Carrier's second card must extend your route, not start a new one "
                                  f"(the rule option \"{option_title('postal_carrier_may_restart')}\" allows it).",
                                  a, "rules notes R12")
        return x, None
    if not route:
        return None, _illegal("no_route", f"You have no route yet: start one with {board.card_names[x]}.", a, R_PLAY)
    if not p.rmask >> c & 1 and board.card_adj[route[0] if a.end == "left" else route[-1]] >> c & 1:
        return x, None                  # it fits that end (base rules, 2)
    name = board.city_name(c)
    if p.rmask >> c & 1:
        return None, _illegal("city_in_route",
                              f"{name} is already in your route; a city appears only once in a route.", a, R_PLAY)
    left, right = _fits(board, route, c, p.rmask)
    end_city = board.card_names[route[0] if a.end == "left" else route[-1]]
    if len(route) == 1:
        msg = f"{name} has no road to {end_city}, the only city of your route."
    elif left or right:
        msg = (f"{name} has no road to {end_city}, the {a.end} end of your route; it fits at the "
               f"{'left' if left else 'right'} end.")
    else:
        msg = (f"{name} has no road to {board.card_names[route[0]]} or {board.card_names[route[-1]]}, "
               f"the two ends of your route.")
    return None, _illegal("no_road", msg, a, R_PLAY)


def _helper_problem(s, p):
    """None if the official who helps while scoring (the Cartwright, base rules 3c) can help this scoring, else the
    reason code: the policy's, or his handler's."""
    rs = s.ruleset
    oid = rs.roles.helper
    if oid is None:
        return "no_helper"
    if s.officials if rs.one_official else (oid in s.officials or not rs.officials.may_call(s, oid)):
        return "one_official_per_turn"
    return rs.official_handlers[oid].problem(s, p)


def cartwright_problem(s, p):
    """None if the Cartwright can help this scoring, else the reason code (base rules, 3c): the next carriage is
    left and the route is one or two cards short of it."""
    level = next_carriage(s.board, p.carriages)
    if level is None:
        return "no_carriage_left"
    n = len(p.route)
    if n >= level:
        return "cartwright_not_needed"
    if n < level - 2:
        return "cartwright_too_short"
    if not s.carriages_left[s.board.carriage_levels.index(level)]:
        return "no_carriage_left"
    return None


def cartwright_message(s, p, reason):
    """Why the Cartwright cannot help this scoring (base rules, 3c), for :func:`cartwright_problem`'s reason."""
    level = next_carriage(s.board, p.carriages)
    n = len(p.route)
    if reason == "no_carriage_left":
        return ("You already have the highest carriage." if level is None else f"No carriage {level} is left.")
    if reason == "cartwright_not_needed":
        return f"Your route of {n} cards earns carriage {level} without the Cartwright."
    return (f"Carriage {level} needs {level} cards; the Cartwright makes up at most two, and your route has {n}.")


def _helper_error(s, p, a):
    """Why the official who helps while scoring cannot help this one (Score with ``cartwright=True``), or None."""
    why = _helper_problem(s, p)
    if why is None:
        return None
    rs = s.ruleset
    oid = rs.roles.helper
    if why == "no_helper":
        return _illegal("no_helper", "No official helps while scoring in this game.", a, None)
    if why == "one_official_per_turn":
        err = rs.officials.problem(s, oid, a)
        if err is not None and oid not in s.officials:
            return err                  # the policy's own reason and rule (The Princess' Messenger's letters)
        text = err.explanation if err is not None else f"The {s.board.official(oid).name} has helped you this turn already."
        return _illegal(why, text, a, R_OFFICIAL)
    return _illegal(why, rs.official_handlers[oid].message(s, p, why), a, R_CARRIAGE)


def _decline_problem(s, p, a):
    """Why the carriage cannot be declined now, or None (rules notes R9; base rules 000, 3c): the same test as the
    listing's (:func:`_declinable`), so that a declining Score is legal exactly when it is listed. A ruleset whose
    scoring takes no carriage that may be declined says why in its stage's ``no_decline`` (Power and Glory: no
    carriage card is taken; SoloPlay, 4.4d: the coach card must be taken)."""
    for stage in s.ruleset.scoring:
        if stage.no_decline is not None:
            reason, text, rule = stage.no_decline
            return _illegal(reason, text, a, rule)
    if s.rules.carriage_compulsory:
        return _illegal("carriage_compulsory", f"Under the rule option \"{option_title('carriage_compulsory')}\" a "
                        "route that earns a carriage always takes it (001, 3c: the player takes it).", a,
                        "rules notes R9")
    if a.cartwright:
        return _illegal("cartwright_declined", "The Cartwright helps you take a carriage; if you decline the "
                        "carriage, do not call him.", a, R_CARRIAGE)
    if not _declinable(s, p):
        level = next_carriage(s.board, p.carriages)
        n = len(p.route)
        if level is None:
            why = "you already have the highest carriage"
        elif n < level:
            why = f"carriage {level} needs {level} cards and your route has {n}"
        else:
            why = f"no carriage {level} is left"
        return _illegal("no_carriage_to_decline", f"Scoring this route earns no carriage ({why}), so there is none "
                        f"to decline.", a, R_CARRIAGE)
    return None


def check_score(s, a):
    board = s.board
    if s.step != SCORE:
        if s.step == PLAY and s.plays == 0:
            return None, _illegal("play_first", "Play a card first; you score the route after playing.", a, R_SCORE)
        return None, _wrong_step(s, a)
    p = s.players[s.to_move]
    route = p.route
    rs = s.ruleset
    if not rs.one_official:             # scoring ends the turn: the policy may want an official first (SoloPlay)
        err = rs.officials.end_problem(s, a)
        if err is not None:
            return None, err
    if len(route) < board.min_route:
        return None, _illegal("route_too_short",
                              f"Your route {route_text(board, route)} has {len(route)} card"
                              f"{'s' if len(route) != 1 else ''}; a route needs at least {board.min_route} to be "
                              f"scored.", a, R_SCORE)
    mask = a.resolved                   # an engine-made action carries its houses' mask (see ActionTable.score)
    if mask is None:
        cache = board._names_cache
        mask = cache.get(a.key)
        if mask is None:
            mask = 0
            for h in a.houses:
                c, err = _resolve(s, h, a)
                if err:
                    return None, err
                if mask >> c & 1:
                    return None, _illegal("house_twice", f"{board.city_name(c)} is named twice.", a, R_HOUSES)
                mask |= 1 << c
            cache[a.key] = mask
    if not a.carriage:
        why = _decline_problem(s, p, a)
        if why is not None:
            return None, why
    if a.cartwright:
        err = _helper_error(s, p, a)
        if err is not None:
            return None, err
    left = p.houses_left
    if p.colours is not None or a.colour is not None:
        err = _colour_problem(s, p, a)
        if err is not None:
            return None, err
        left = effects.colour_left(p, a.colour)
    owned = p.houses if p.colours is None or not rs.house_per_colour else effects.colour_houses(p, a.colour)
    masks = route_placements(board, route, p.rmask, owned, left, s.rules.optional_houses)
    if mask in masks:
        if a.coach is not None:         # (the mask comes with the error: a ruleset that lets the player choose his
            return mask, _illegal(      #  coach card allows it in its check, SoloPlay's Cartwright)
                "no_coach_choice", "The carriage you take follows from your route: name no coach card.", a, R_CARRIAGE)
        return mask, None
    off = mask & ~p.rmask
    if off:
        return None, _illegal("house_not_on_route", f"{_city_names(board, _bits_list(off))} is not on the route "
                              f"{route_text(board, route)}; houses go only in cities of the route.", a, R_HOUSES)
    twice = mask & owned
    if twice:
        per = p.colours is not None and rs.house_per_colour         # (the colour's own houses: SoloPlay)
        return None, _illegal("already_has_house", f"You already have a {a.colour + ' ' if per else ''}"
                              f"house in {_city_names(board, _bits_list(twice))}; a player has at most one house "
                              f"{'of a colour ' if per else ''}in a city.", a, R_HOUSES)
    if popcount(mask) > left:
        return None, _illegal("not_enough_houses", f"You have only {left} house{'s' if left != 1 else ''} left"
                              f"{'' if a.colour is None else ' in ' + a.colour}.", a, "rules notes: houses run out")
    if any(mask & m == mask for m in masks):
        return None, _illegal("must_place_all", "You must place every house the chosen option allows (the rule "
                              f"option \"{option_title('optional_houses')}\" lets you place fewer).", a, R_HOUSES)
    free = mask & board.free_cities
    if free & (free - 1):               # (the board's free cities belong to no province: the northern board)
        both = " and ".join(board.city_name(c) for c in _bits_list(free))
        return None, _illegal("one_free_city", f"Houses go on only one of the free cities of a route when it is "
                              f"scored, not on {both}.", a, R_FREE_CITIES)
    return None, _illegal("not_a_placement", "Houses go either in one city of each province of the route, or in "
                          "every city of one province of the route.", a, R_HOUSES)


def _colour_problem(s, p, a):
    """Why the colour named by a Score action cannot be placed, or None: a player with one colour names none; a
    player with several names one of his (SoloPlay, 4: "Declare Color")."""
    if p.colours is None:
        return _illegal("no_colours", "You have houses of one colour only: score without naming a colour.", a,
                        R_HOUSES)
    mine = [c for c, _, _ in p.colours]
    if a.colour is None:
        return _illegal("colour_needed", f"You have houses of several colours: name the colour you place "
                        f"({', '.join(mine)}).", a, R_HOUSES)
    if a.colour not in mine:
        return _illegal("unknown_colour", f"You have no {a.colour[:40]} houses; your colours are {', '.join(mine)}.",
                        a, R_HOUSES)
    return None


def _bits_list(mask):
    out, i = [], 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


def check_keep(s, a):
    board = s.board
    if s.step != KEEP:
        return None, (_illegal("no_hand_limit", "You keep cards only after scoring, when you hold more than "
                               f"{board.hand_limit}; there is no hand limit otherwise.", a, R_KEEP)
                      if s.step != OVER else _wrong_step(s, a))
    resolved = a.resolved
    if resolved is not None:            # an engine-made action names kinds of cards (see ActionTable.keep)
        named = resolved                # (as (city, kind) pairs below, if a kind is not held)
    else:
        cache = board._names_cache
        named = cache.get(a.key)
        if named is None:
            named = []
            for n in a.cards:
                ck, err = card_named(s, a, n, fold(n))
                if err:
                    return None, err
                named.append(ck)
            cache[a.key] = named = tuple(sorted(named, key=lambda ck: (ck[1] is None, ck[0], ck[1] or 0)))
    held = s.players[s.to_move].hand
    cards = named
    if s.rules.hand_limit_at_most:
        if len(cards) > board.hand_limit:
            return None, _illegal("keep_count", f"Keep at most {board.hand_limit} of your {len(held)} cards.", a,
                                  "base rules 000, 3d; rules notes R11")
    elif len(cards) != board.hand_limit:
        more = (f" (the rule option \"{option_title('hand_limit_at_most')}\" lets you keep fewer)"
                if len(cards) < board.hand_limit else "")
        return None, _illegal("keep_count", f"Keep exactly {board.hand_limit} of your {len(held)} cards{more}.", a,
                              R_KEEP)
    if resolved is not None:
        kind_of = board.kind_of_slot    # the first copy of each kind held (find_card), the kinds' list read in C
        kinds = [kind_of[x] for x in held]
        kept = []
        try:
            for k in resolved:
                i = kinds.index(k)
                kinds[i] = None         # (taken)
                kept.append(held[i])
        except ValueError:              # a kind not held: find_card below says which
            pass
        else:
            return tuple(sorted(kept)), None
        city_of = board.city_of
        named = [(city_of[k], k) for k in resolved]
    hand = list(held)
    kept = []
    for c, k in named:
        x = find_card(board, hand, c, k)
        if x == AMBIGUOUS:
            return None, _which_copy(s, hand, c, a, R_KEEP)
        if x < 0:
            what = board.city_name(c) if k is None else board.card_names[k]
            other = find_card(board, held, c, k) != -1
            return None, _illegal("card_not_in_hand", f"You hold no {'other ' if other else ''}{what} card to keep "
                                  f"(your hand: {_names(board, held)}).", a, R_KEEP)
        hand.remove(x)
        kept.append(x)
    return tuple(sorted(kept)), None


def canonical(s, action):
    """The engine's own copy of a legal base action (city names as the board spells them); others unchanged."""
    from .machine import check

    arg, err = check(s, action)
    if err is not None:
        return action
    kind = s.ruleset.kinds.get(action.kind)
    return kind.canonical(s, action, arg) if kind is not None and kind.canonical is not None else action


def _canonical(s, action, arg):
    t = s.board._actions or table(s.board)
    kind = action.kind
    if kind == "draw":
        return t.draw_deck if arg < 0 else t.draw[arg]          # (a table by card id)
    if kind == "play":
        return {"left": t.play_left, "right": t.play_right, "new": t.play_new}[action.end][arg]
    if kind == "official":
        return t.call.get(arg, action)
    if kind == "score":
        return t.score(arg, action.cartwright, action.carriage, action.colour, action.coach)
    if kind == "keep":
        kind_of = s.board.kind_of
        return t.keep(tuple(sorted(kind_of[c] for c in arg)))
    if kind == "end":
        return t.end
    return action


# -- how each action changes the state (on a fresh clone) -----------------------------------------------------

def discard(s, cards: tuple, why: str) -> None:
    """Put ``cards`` on the discard pile (base rules, 1), or on the pile the ruleset sends them to for ``why``
    (``rs.discard_pile(s, why)``: SoloPlay's two discard piles): ``"scored"`` a scored route, ``"route"`` a route
    given up for a new one, ``"keep"`` the cards over the hand limit, ``"display"`` the display replaced (the Administrator), or
    a variant's own reason."""
    if not cards:
        return
    to = s.ruleset.discard_pile
    name = "discard" if to is None else to(s, why)
    if name == "discard":
        s.discard = s.discard + cards
    else:
        set_pile(s, name, pile(s, name) + cards)


def _shuffle_discard(s, say):
    """The draw pile ran out: the discard pile is shuffled to form a new one (base rules, 1)."""
    cards = list(s.discard)
    random.Random(f"thurn:{s.seed}:{s.shuffles}").shuffle(cards)
    s.shuffles += 1
    s.deck = tuple(cards)
    s.discard = ()
    if say is not None:
        say(f"The deck ran out: the {len(cards)} discarded cards are shuffled into a new deck.")


def _take_top(s, say):
    deck = s.deck
    if not deck:
        if not s.discard:
            return -1
        _shuffle_discard(s, say)
        deck = s.deck
    s.deck = deck[1:]
    return deck[0]


def _refill_display(s, say):
    """Fill the display's empty slots from the deck, as far as it (and the discard pile) goes (rules notes)."""
    d = list(s.display)
    filled = []
    for slot, c in enumerate(d):
        if c < 0:
            c = _take_top(s, say)
            if c < 0:
                break
            d[slot] = c
            filled.append(c)
    s.display = tuple(d)
    if say is not None and filled:
        slots = f"the empty display slot{'s are' if len(filled) != 1 else ' is'}"
        words = s.ruleset.texts.get("display_refilled", "The deck has cards again: {slots} refilled with {cards}.")
        say(words.format(slots=slots, Slots=slots[:1].upper() + slots[1:], cards=_names(s.board, filled)))



def take_card(s, p, c: int, say) -> int:
    """Take a city card into ``p``'s hand (a fresh copy): the face-up card ``c``, its slot refilled from the deck at
    once, or with ``c < 0`` the top of the deck (base rules, 1). Returns the card (-1: none was left)."""
    if c < 0:
        c = _take_top(s, say)
    else:
        d = list(s.display)
        d[d.index(c)] = _take_top(s, say)
        s.display = tuple(d)
    if c >= 0:
        hand = list(p.hand)             # (the hand stays sorted: the card inserted in its place)
        insort(hand, c)
        p.hand = tuple(hand)
    return c


def do_draw(s, c, action, say):
    p = s.player_copy()
    where = "from the deck" if c < 0 else "from the display"
    c = take_card(s, p, c, say)
    s.draws += 1
    if say is not None:
        who = s.names[s.to_move]
        text = f"{who} draws {s.board.card_names[c] if c >= 0 else 'nothing'} {where}."
        say(Private(text, s.to_move, f"{who} draws a card from the deck.") if where == "from the deck" and c >= 0
            else text)
    # after a draw the player holds a card, and an empty display slot means no card is left to refill it: the play
    # is a real decision (see machine.Decide)
    return DECIDE_PLAY if s.draws >= s.draws_allowed else DRAW


def official_used(s, oid: str, say) -> None:
    """An official helps (called, or forced: the compulsory Postmaster; the Cartwright while scoring): he is one of
    the turn's officials, the policy takes its price (The Princess' Messenger's letters), and the ruleset's
    ``on_official`` hooks see him (Offices of Honor's tiles)."""
    s.officials = s.officials + (oid,)
    rs = s.ruleset
    if not rs.one_official:
        rs.officials.called(s, oid, say)
    if rs.on_official:
        for hook in rs.on_official:
            hook(s, oid, say)


def do_official(s, oid, action, say):
    official_used(s, oid, say)
    return s.ruleset.official_handlers[oid].do(s, say)


def _called(s) -> str:
    """The name of the official being called (the last to help this turn: see :func:`do_official`)."""
    return s.board.official(s.officials[-1]).name


def do_postmaster(s, say):
    s.draws_allowed = 2
    if say is not None:
        say(f"{s.names[s.to_move]} calls the {_called(s)} to draw a second card.")
    return DRAW


def do_administrator(s, say):
    old = [c for c in s.display if c >= 0]
    discard(s, tuple(old), "display")
    s.display = tuple([_take_top(s, say) for _ in range(len(s.display))])    # slot by slot, from the deck
    if say is not None:
        say(f"{s.names[s.to_move]} calls the {_called(s)}: {_names(s.board, old)} go to "
            f"the discard pile; the display now shows {_names(s.board, [c for c in s.display if c >= 0])}.")
    return None


def do_postal_carrier(s, say):
    s.plays_allowed = 2
    if say is not None:
        say(f"{s.names[s.to_move]} calls the {_called(s)} to play a second card.")
    return DECIDE_PLAY          # (he is called only with a card that may be played: a real decision)


def do_play(s, c, action, say):
    end = action.end
    p = s.player_copy()
    hand = list(p.hand)                 # (one list and one tuple: cheaper than two slices joined)
    hand.remove(c)
    p.hand = tuple(hand)
    if end == "new":
        if say is not None:
            who, name = s.names[s.to_move], s.board.card_names[c]
            say(f"{who} discards the route {route_text(s.board, p.route)} and starts a new route with {name}."
                if p.route else f"{who} starts a new route with {name}.")
        if p.route:
            discard(s, p.route, "route")
        p.route = (c,)
        p.rmask = s.board.card_bit[c]
    else:
        p.route = (c,) + p.route if end == "left" else p.route + (c,)
        p.rmask |= s.board.card_bit[c]
        if say is not None:
            say(f"{s.names[s.to_move]} plays {s.board.card_names[c]} at the {end} end: "
                f"{route_text(s.board, p.route)}.")
    s.plays += 1
    return PLAY if s.plays < s.plays_allowed else SCORE


def do_score(s, mask, action, say):
    """Score the route (base rules, 3a-3c): the effects come from :func:`thurn.effects.score_route`."""
    cartwright = action.cartwright
    board = s.board
    seat = s.to_move
    p = s.player_copy()
    route = p.route
    level = next_carriage(board, p.carriages) if say is not None else None      # (told when declined)
    if cartwright:
        helper = s.ruleset.roles.helper
        if helper not in s.officials:       # (chosen already at the start of the turn: SoloPlay, 4.1)
            official_used(s, helper, say)
    effect = effects.score_route(s, seat, p, mask, cartwright, action.carriage, getattr(action, "colour", None),
                                 getattr(action, "coach", None))
    discard(s, route, "scored")
    p.route = ()
    p.rmask = 0
    if say is not None:
        who = s.names[seat]
        city_of = board.city_of
        houses = ("houses in " + _city_names(board, [city_of[c] for c in route if mask >> city_of[c] & 1])
                  if effect.placed else "no house")
        parts = [f"{who} scores {route_text(board, route)} ({len(route)} cards): {houses}"]
        if effect.tiles:
            parts.append("takes " + ", ".join(f"the {board.stacks[si].name} tile ({v})" for si, v in effect.tiles))
        rs = s.ruleset
        word = rs.texts.get("carriage", "carriage")        # (SoloPlay: "coach card", scored in sets at the end)
        if effect.carriage is not None:
            helped = f" with the {board.official(helper).name}'s help" if cartwright else ""
            worth = f" ({board.carriage_points[effect.carriage]} points)" if rs.carriages_in_order else ""
            parts.append(f"takes {word} {effect.carriage}{helped}{worth}")
        elif not action.carriage:
            parts.append(f"declines {word} {level}")
        say(", ".join(parts) + ".")
        if effect.ends:
            colour = getattr(action, "colour", None)     # a player with several colours ends with one (SoloPlay, 6)
            last = f"the last {colour} house" if colour and p.colours else "the last house"
            ends = f"takes {word} {effect.carriage} first" if effect.ends == "carriage" else f"places {last}"
            for si, v in effect.end_tiles:
                ends += f" and takes the {board.stacks[si].name} tile ({v})"
            say(f"{who} {ends}: the game ends when this "
                f"{'turn' if len(s.players) == 1 else 'round'} is complete.")
    return KEEP if len(p.hand) > board.hand_limit else END_TURN


def do_keep(s, cards, action, say):
    p = s.player_copy()
    hand = list(p.hand)
    for c in cards:
        hand.remove(c)
    discard(s, tuple(hand), "keep")
    p.hand = cards
    if say is not None:
        who, n = s.names[s.to_move], len(cards)
        say(Private(f"{who} keeps {_names(s.board, cards)} and discards {_names(s.board, hand)}.", s.to_move,
                    f"{who} keeps {n} card{'s' if n != 1 else ''} and discards {_names(s.board, hand)}."))
    return END_TURN


def do_end(s, arg, action, say):
    if say is not None:
        say(f"{s.names[s.to_move]} ends the turn.")
    return END_TURN


# -- steps without a choice (the machine's settle takes them) -------------------------------------------------

def compulsory_text(s, oid: str) -> str:
    who = s.names[s.to_move]
    return f"{who}'s hand is empty: the {s.board.official(oid).name} must help, so {who} draws two cards."


def start_text(s) -> list[str]:
    """What a log says about a starting position: the display dealt by the loader (a position that gives the deck
    but not the display: README, Positions), a forced step already taken."""
    lines = []
    if any(code == "display_dealt" for code, _ in s.events):
        shown = [s.board.card_names[c] for c in s.display if c >= 0]
        lines.append(f"The position gives the deck but not the display: the display is dealt the "
                     f"{len(shown)} card{'s' if len(shown) != 1 else ''} it names nowhere else "
                     f"({', '.join(shown)}).")
    oid = _forced_official(s)
    if oid is not None:
        lines.append(compulsory_text(s, oid))
    return lines


def refill_display(s, say):
    """An empty display slot is refilled as soon as the deck (or the discard pile, shuffled) has cards again
    (rules notes: the deck runs out), before the next decision: each base step without a choice begins with it
    (``-1 in s.display`` is the quick test, so that the common case costs no call)."""
    if (s.deck or s.discard) and s.step != OVER:
        _refill_display(s, say)


def forced_keep(s, say):
    """Keeping cards is always a decision; only the display is refilled first (see :func:`refill_display`)."""
    if -1 in s.display:
        refill_display(s, say)
    return None


def forced_draw(s, say):
    """No card can be drawn at all: the draw is skipped (rules notes). An empty hand at the start of the turn: the
    Postmaster must help, drawing two cards (base rules, 1) — a forced event, then the player draws."""
    if -1 in s.display:
        refill_display(s, say)
    if not (s.deck or s.discard) and max(s.display) < 0:       # nothing to draw anywhere
        forced_event(s, "draw_skipped", say, f"No card is left to draw: {s.names[s.to_move]} skips the draw.")
        return PLAY
    if s.draws == 0 and not s.officials and not s.players[s.to_move].hand:
        handlers = s.ruleset.official_handlers
        for oid, forced in handlers.roles.forced:
            if forced(s, say):
                break
    return None


def force_postmaster(oid):
    """The Postmaster's compulsory help (base rules, 1): a player whose hand is empty at the start of his turn draws
    two cards. Returns the handler's ``forced`` function for official ``oid``."""
    def forced(s, say) -> bool:
        if s.players[s.to_move].hand:
            return False
        s.draws_allowed = 2
        official_used(s, oid, say)
        forced_event(s, f"compulsory_{oid}", say, compulsory_text(s, oid) if say is not None else None)
        return True
    return forced


def forced_play(s, say):
    """No card in hand to play: the play is skipped (rules notes)."""
    if -1 in s.display:
        refill_display(s, say)
    if not s.players[s.to_move].hand:
        forced_event(s, "play_skipped", say, f"{s.names[s.to_move]} has no card to play.")
        return SCORE
    return None


def forced_score(s, say):
    """A route too short to score and no second card to play: the turn ends (base rules, 3)."""
    if -1 in s.display:
        refill_display(s, say)
    p = s.players[s.to_move]
    route = p.route
    n = len(route)
    if n >= s.board.min_route:
        return None
    if route:                           # the Postal Carrier may still help with a second card: the turn waits
        rs = s.ruleset
        if rs.one_official:
            if not s.officials:         # (one official per turn: only before any helped)
                for oid, waits in rs.roles.waits:
                    if waits(s):
                        return None
        else:
            for oid, waits in rs.roles.waits:
                if waits(s) and rs.officials.may_call(s, oid):
                    return None
    forced_event(s, "turn_ends_short", say, f"{s.names[s.to_move]}'s route has {n} card{'s' if n != 1 else ''}, "
                 f"too few to score: the turn ends." if say is not None else None)
    return END_TURN


def check_end(s, a):
    if s.step == SCORE:
        rs = s.ruleset
        err = None if rs.one_official else rs.officials.end_problem(s, a)
        return (None, err) if err is not None else (True, None)
    if s.step == PLAY:
        return None, _illegal("must_play", "You must play a card each turn: extend your route or start a new one.",
                              a, R_PLAY)
    return None, _wrong_step(s, a)


# -- the base game as a ruleset ---------------------------------------------------------------------------------

def base_ruleset(name: str = "base") -> Ruleset:
    """The base game's rules as data: its steps, action kinds, officials, score items and result (base rules)."""
    rs = Ruleset(name)
    rs.step(StepSpec(DRAW, "draw a city card from the display or the deck", R_DRAW, legal_draw, forced_draw,
                     ("draw", "official")))
    rs.step(StepSpec(PLAY, "play a city card at either end of the route, or start a new route", R_PLAY, legal_play,
                     forced_play, ("play", "official")))
    rs.step(StepSpec(SCORE, "score the route (3 or more cards), call the Postal Carrier for a second card, or end "
                     "the turn", R_SCORE, legal_score, forced_score, ("score", "official", "end")))
    rs.step(StepSpec(KEEP, "keep three cards and discard the rest of the hand", R_KEEP, legal_keep, forced_keep,
                     ("keep",)))
    rs.step(StepSpec(OVER, "the game is over", R_END, _nothing, None, ()))
    rs.first_step = DRAW
    rs.action(ActionKind("draw", check_draw, do_draw, "Draw", "draw deck", "draw a city card from the display or "
                         "the deck", R_DRAW, _canonical))
    rs.action(ActionKind("official", check_official, do_official, "Call", "call postmaster", "call an official "
                         "for help", R_OFFICIAL, _canonical))
    rs.action(ActionKind("play", check_play, do_play, "Play", "play ulm right", "play a card at an end of the "
                         "route, or start a new route", R_PLAY, _canonical))
    rs.action(ActionKind("score", check_score, do_score, "Score", "score ulm+augsburg", "score the route and place "
                         "houses", R_SCORE, _canonical))
    rs.action(ActionKind("keep", check_keep, do_keep, "Keep", "keep ulm+basel+bern", "keep cards up to the hand "
                         "limit", R_KEEP, _canonical))
    rs.action(ActionKind("end", check_end, do_end, "End turn", "end", "end the turn without scoring", R_SCORE,
                         _canonical))
    rs.official_handlers.update(base_officials())
    rs.scoring = effects.BASE_SCORING
    rs.piles.update((spec.name, spec) for spec in BASE_PILE_SPECS)
    rs.add("score_items", effects.base_score_items)
    rs.result = effects.base_result
    rs.texts.update(officials_texts(rs.officials))
    return rs


def base_officials() -> dict:
    """What each official of the base game does (base rules, 1-3c), by his id in the board's data file: the
    Administrator and the Postmaster are offered before the draw, the Postmaster again after one card, the Postal
    Carrier after the first card played; the Postmaster is compulsory with an empty hand; the Cartwright helps while
    scoring. (The order is the order of their calls in the legal actions.)"""
    return {
        "administrator": OfficialHandler(check_administrator, do_administrator,
                                         offers=((DRAW, _display_shown),), lets="replace the display"),
        "postmaster": OfficialHandler(check_postmaster, do_postmaster, offers=((DRAW, None), (PLAY, _second_draw)),
                                      lets="draw a second card", forced=force_postmaster("postmaster")),
        "postal_carrier": OfficialHandler(check_postal_carrier, do_postal_carrier,
                                          offers=((SCORE, _second_play),), lets="play a second one",
                                          waits=_second_extends),
        "cartwright": OfficialHandler(helps="scoring", problem=cartwright_problem, message=cartwright_message),
    }


def _display_shown(s) -> bool:
    """The Administrator while a card is face up (base rules, 1)."""
    return max(s.display) >= 0


def _second_draw(s) -> bool:
    """The Postmaster after one card drawn, before any is played, with a card left to draw (base rules, 1)."""
    return s.draws == 1 and s.plays == 0 and s.draws_allowed == 1 and bool(s.deck or s.discard or max(s.display) >= 0)


def _second_play(s) -> bool:
    """The Postal Carrier after the first card played (base rules, 2): see :func:`_second_card`."""
    return s.plays_allowed == 1 and _second_card(s, s.players[s.to_move])


def _second_extends(s) -> bool:
    """A card of the hand extends the route: a route too short to score waits for a second card (base rules, 3;
    see :func:`_extensions`)."""
    p = s.players[s.to_move]
    return s.plays_allowed == 1 and _extensions(s.board, p.route, p.hand, p.rmask)


def officials_texts(policy) -> dict:
    """The officials panel's texts from a policy: what it allows, and the rule's document and section (a citation
    "document, section: detail" without its detail)."""
    return {"officials": policy.text, "officials_rule": policy.rule.split(":")[0]}


def _nothing(s) -> list:
    return []
