"""A game of thurn whose chance is explicit (issue 37): the deck is not put in order at the start. Each card that
comes from it — a draw, a refill of the display, the display dealt, the first cards of a deck shuffled from the
discard pile (base rules, 1) — is decided by a chance event when the rules first need it, its outcomes the kinds
of cards that can come with their probabilities (how many such cards lie unseen in the deck, over how many cards
are unseen there). The rules themselves are thurn's (``GameState.apply``); this module only decides, before an
action is applied, the cards it will read from the deck.

:class:`Table` is what :mod:`thurn.research.openspiel` and :mod:`thurn.research.pettingzoo` show; it imports
neither.

How the deck is kept: ``state.deck`` holds its cards; the first ``fixed`` are decided (in order), the last
``bottom`` were put under the deck face up (SoloPlay, 4.6: their order is known), the ones between are undecided
(their order in ``state.deck`` means nothing). Where the backs of the cards show something (Power and Glory: "The
backs of the city cards have 1, 2 or 3 horses"), the top card is always decided, since everyone sees its back.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from functools import lru_cache

from .. import turn
from ..information import Seen, Watch, card_backs, hidden_view
from ..log import Private, seen_line
from ..preparation import new_game
from ..rules import Rules
from ..turn.deck import reshuffles_ordered_by

#: The chance events of the start that make the setup's seed (4 bytes, each 0-255), where the setup is random
#: beyond the deal (SoloPlay's houses: "Solo Setup Specifics").
SEED_BYTES = 4
NAMES = ("P0", "P1", "P2", "P3")


@lru_cache(maxsize=64)
def setup_is_random(rules: Rules, players: int) -> bool:
    """Whether two seeds set up different tables once the cards are gathered back (SoloPlay's houses drawn at
    random); the deal itself is left to chance events in any case."""
    a, b = (_gathered(new_game(NAMES[:players], seed=k, rules=rules)) for k in (1, 2))
    return not a.same_position(b)


def _gathered(s):
    """The table with the display's cards gathered back into the deck, sorted, and no seed."""
    n = s.detached()
    cards = sorted([*n.deck, *(c for c in n.display if c >= 0)])
    n.deck, n.display, n.seed = tuple(cards), (-1,) * len(n.display), 0
    return n


class Table:
    """A game with explicit chance: ``chance`` (the outcomes and their probabilities, when a chance event is
    next), ``to_move`` (-1 for chance, None when over), ``choosing`` (the player's decision as words,
    :class:`thurn.research.words.Choosing`). Copy with :meth:`copy`; it never shares what it changes."""

    def __init__(self, rules: Rules, players: int, ids: dict, max_turns: int = 0):
        self.rules, self.players, self.ids = rules, players, ids
        self.max_turns = max_turns      # > 0: the game is cut after so many turns (an interface's limit, no rule)
        self.state = None               # the thurn state, once the table is set up
        self.fixed = self.bottom = 0
        self.events: list = []          # chance events still to come before ``waiting`` is applied
        self.waiting = None             # the action whose cards the chance events decide
        self.orders: list = []          # per reshuffle of ``waiting``: the cards decided so far
        self.pools: list = []           # per reshuffle of ``waiting``: the cards it shuffles (Counter of kinds)
        self.seed_bytes: list = []
        self.lines: list = []           # what happened, as the log's lines (thurn.log: private ones per seat)
        self.actions: list = []         # the thurn actions applied
        self.watch = None
        self.choosing = None
        self.history: list = []         # every chance outcome and word, in order
        self.start = None               # the state after the deal (its deck's order undecided)
        self.came: list = []            # per deck (the first, then each shuffled from the discard pile): its cards
        #                                 in the order chance decided them
        self.random_setup = setup_is_random(rules, players)
        self.events = [("seed",)] * SEED_BYTES if self.random_setup else []
        if not self.events:
            self._set_up(0)

    # -- the start ---------------------------------------------------------------------------------------------
    def _set_up(self, seed: int) -> None:
        s = new_game(NAMES[:self.players], seed=seed, rules=self.rules).detached()
        face_up = len(s.display)
        s.deck = tuple(sorted([*s.deck, *(c for c in s.display if c >= 0)]))
        s.display = (-1,) * face_up
        s.seed = 0                     # (never read: every reshuffle is ordered by chance events)
        self.state = s
        self.events = [("deck",)] * min(face_up, len(s.deck)) + [("deal",)]

    def _deal(self) -> None:
        s = self.state.detached()
        k = len(s.display)
        shown = s.deck[:k]
        s.display = tuple(shown) + (-1,) * (k - len(shown))
        s.deck = s.deck[k:]
        self.fixed -= len(shown)
        self.came = [[]]
        self.state = s
        self.start = s
        self.watch = Watch.start(s)
        names = s.board.card_names
        self.lines.append(f"The display is dealt: {', '.join(names[c] for c in shown)}.")
        self._settled()

    # -- reading -----------------------------------------------------------------------------------------------
    @property
    def to_move(self):
        if self.events:
            return -1
        if self.is_over:
            return None
        return self.state.to_move

    @property
    def is_over(self) -> bool:
        """The game is over (Game End), or cut after ``max_turns`` turns (its scores then as they stand)."""
        s = self.state
        return not self.events and s is not None and (s.is_over or self.cut)

    @property
    def cut(self) -> bool:
        """Whether ``max_turns`` turns have been played (the game is cut there, between two turns)."""
        s = self.state
        return bool(self.max_turns) and s is not None and s.turns >= self.max_turns and not s.is_over

    def undecided(self) -> tuple:
        deck = self.state.deck
        return deck[self.fixed:len(deck) - self.bottom]

    @property
    def chance(self) -> list[tuple[int, float]]:
        """The next chance event's outcomes (card kinds, or a seed byte) with their probabilities."""
        event = self.events[0]
        if event[0] == "seed":
            return [(b, 1 / 256) for b in range(256)]
        if event[0] == "deal":
            return [(0, 1.0)]
        pool = self._pool(event)
        total = sum(pool.values())
        return [(k, n / total) for k, n in sorted(pool.items())]

    def _pool(self, event) -> Counter:
        kind_of = self.state.board.kind_of
        if event[0] == "deck":
            return Counter(kind_of[c] for c in self.undecided())
        return self.pools[event[1]]

    # -- playing -----------------------------------------------------------------------------------------------
    def apply_chance(self, outcome: int) -> None:
        event = self.events.pop(0)
        self.history.append(outcome)
        kind = event[0]
        if kind == "seed":
            self.seed_bytes.append(outcome)
            if len(self.seed_bytes) == SEED_BYTES:
                self._set_up(int.from_bytes(bytes(self.seed_bytes), "big"))
            return
        if kind == "deal":
            self._deal()
            return
        if kind == "deck":
            self._decide_top(outcome)
        else:                                   # ("reshuffle", i): the next card of that reshuffle's deck
            pool = self.pools[event[1]]
            if pool[outcome] <= 0:
                raise ValueError(f"no card of kind {outcome} is left to come")
            pool[outcome] -= 1
            self.orders[event[1]].append(outcome)
        if not self.events:
            if self.waiting is not None:
                self._apply_waiting()
            elif not self.is_over:
                self.choosing = _choosing(self.ids, self.state)

    def _decide_top(self, kind: int) -> None:
        """Put an undecided card of ``kind`` at the first undecided place of the deck."""
        s = self.state
        deck = list(s.deck)
        kind_of = s.board.kind_of
        at = self.fixed
        try:
            j = next(i for i in range(at, len(deck) - self.bottom) if kind_of[deck[i]] == kind)
        except StopIteration:
            raise ValueError(f"no card of kind {kind} is left undecided in the deck") from None
        deck[at], deck[j] = deck[j], deck[at]
        n = s.detached()
        n.deck = tuple(deck)
        self.state = n
        self.fixed += 1
        if self.came:
            self.came[-1].append(deck[at])

    def apply_word(self, word: int) -> None:
        self.history.append(word)
        action = self.choosing.choose(word)
        if action is not None:
            self.choosing = None
            self.apply_action(action)

    def apply_action(self, action) -> None:
        """Apply a thurn action: first the chance events for the cards it reads from the deck (the probe: the
        action applied with every undecided card in any order tells how many it reads), then the action."""
        s = self.state
        seen: list = []

        def record(cards):
            seen.append(tuple(cards))
            return sorted(cards)

        with reshuffles_ordered_by(record):
            after = s.apply(action)
        events = []
        deck = s.deck
        if not seen:
            reads = _reads(deck, after.deck)
            undecided_end = len(deck) - self.bottom
            events += [("deck",)] * max(0, min(reads, undecided_end) - self.fixed)
        else:
            events += [("deck",)] * max(0, len(deck) - self.bottom - self.fixed)
        kind_of = s.board.kind_of
        self.pools, self.orders = [], []
        for i, cards in enumerate(seen):
            size = len(cards)
            left = len(after.deck) if i == len(seen) - 1 else 0
            self.pools.append(Counter(kind_of[c] for c in cards))
            self.orders.append([])
            events += [("reshuffle", i)] * (size - left)
        self.waiting = action
        self.events = events
        if not events:
            self._apply_waiting()

    def _apply_waiting(self) -> None:
        action, self.waiting = self.waiting, None
        s = self.state
        orders = iter(self.orders)
        kind_of = s.board.kind_of

        sizes: list = []

        def ordered(cards):
            sizes.append(len(cards))
            kinds = next(orders, [])
            rest = sorted(cards)
            first = []
            for k in kinds:
                c = next(c for c in rest if kind_of[c] == k)
                rest.remove(c)
                first.append(c)
            self.came.append(list(first))
            return first + rest

        lines: list = []
        with reshuffles_ordered_by(ordered):
            n = turn.apply(s, action, lines.append)
        self.watch.see(s, action, n)
        self.lines += lines
        self.actions.append(n.last_action)
        if n.shuffles > s.shuffles:          # the new deck's cards read were decided; the rest are undecided
            read = sizes[-1] - len(n.deck)      # from the last new deck
            if len(sizes) != len(self.orders) or read > len(self.orders[-1]):
                raise RuntimeError(f"{action.notation!r} shuffled the discard pile {len(sizes)} times and read {read} "
                                   f"cards of the last deck; its trial run: {len(self.orders)} times, "
                                   f"{len(self.orders[-1]) if self.orders else 0} cards decided by chance")
            self.fixed, self.bottom = 0, 0
        else:
            reads = _reads(s.deck, n.deck)
            if reads > self.fixed and reads <= len(s.deck) - self.bottom:
                raise RuntimeError(f"{action.notation!r} read {reads} cards from the deck, {self.fixed} of them decided "
                                   f"by chance: its trial run read fewer")
            added = len(n.deck) - (len(s.deck) - reads)
            self.fixed = max(0, self.fixed - reads)
            self.bottom = min(len(n.deck), max(0, self.bottom - max(0, reads - (len(s.deck) - self.bottom))) + added)
        self.state = n.detached()
        self.pools, self.orders = [], []
        self._settled()

    def _settled(self) -> None:
        """After the deal or an action: where the backs show, the deck's top card is decided at once."""
        s = self.state
        if self.cut:
            return
        if s.ruleset.card_back is not None and not s.is_over and self.fixed == 0 and self.undecided():
            self.events.append(("deck",))
        if not self.events and not s.is_over:
            self.choosing = _choosing(self.ids, s)

    # -- what a player sees ------------------------------------------------------------------------------------
    def view(self, seat: int) -> dict:
        """What ``seat`` sees now, as thurn's hidden view of the position (:func:`thurn.information.hidden_view`):
        his hand, the table, the others' hands as counts (less the cards he saw them take face up), the deck as a
        count; no seed. The backs everyone sees where the ruleset's backs show something."""
        s = self.state
        if s is None:
            return {"setting_up": True}
        watch = self.watch if self.watch is not None else Watch.start(s)
        d = hidden_view(s, seat, watch, 0).position()
        d.pop("seed", None)
        if s.ruleset.card_back is not None:
            d["backs"] = card_backs(s)
        d["seat"] = seat
        if self.choosing is not None and s.to_move == seat and not self.events:
            words = [self.vocabulary[w] for w in self.choosing.chosen]
            d["choosing"] = words
        return d

    @property
    def vocabulary(self) -> tuple:
        return tuple(sorted(self.ids, key=self.ids.get))

    def observation_string(self, seat: int) -> str:
        return json.dumps(self.view(seat), ensure_ascii=False, sort_keys=True, separators=(",", ":"))

    def information_state_string(self, seat: int) -> str:
        """What ``seat`` has seen from the start: the log as he saw it (another player's card from the deck is "a
        card"), then what he sees now."""
        seen = [seen_line(line, seat) for line in self.lines]
        return "\n".join([f"seat {seat}", *seen, self.observation_string(seat)])

    def resampled(self, seat: int, rng: random.Random) -> "Table":
        """A table that ``seat`` cannot tell from this one (what IS-MCTS searches): what he cannot see dealt again
        at random (:class:`thurn.information.Seen`: the others' unknown cards, the deck), every other player's
        private log line in its public form, and the deck's order undecided again (where the backs show, its top
        keeps a card with the back everyone sees)."""
        t = self.copy()
        t.state = Seen(self.state, seat, self.watch).sample(rng)
        t.state.seed = 0
        t.lines = [Private(seen_line(line, seat), line.seat, line.public) if isinstance(line, Private) and
                   line.seat != seat else line for line in self.lines]
        t.fixed = 1 if t.state.ruleset.card_back is not None and t.state.deck else 0
        t.bottom = self.bottom
        return t

    # -- copies ------------------------------------------------------------------------------------------------
    def copy(self) -> "Table":
        t = object.__new__(Table)
        t.__dict__.update(self.__dict__)
        t.events = list(self.events)
        t.orders = [list(o) for o in self.orders]
        t.pools = [Counter(p) for p in self.pools]
        t.seed_bytes = list(self.seed_bytes)
        t.lines = list(self.lines)
        t.actions = list(self.actions)
        t.watch = None if self.watch is None else self.watch.copy()
        t.choosing = None if self.choosing is None else self.choosing.copy()
        t.history = list(self.history)
        t.came = [list(c) for c in self.came]
        return t

    def __deepcopy__(self, memo):
        return self.copy()

    def __reduce__(self):       # (pickled as its rules and every chance outcome and word, replayed)
        return (_replay, (self.rules.to_dict(), self.players, self.ids, self.max_turns, list(self.history)))

    # -- the game in thurn -------------------------------------------------------------------------------------
    def replayed(self):
        """The game replayed by thurn alone (``GameState.apply``): from the start position with each deck, the first
        and each shuffled from the discard pile, in the order its cards came (the cards still undecided after
        them, as they lie now)."""
        final = self.state.deck
        decks = iter(self.came[1:])

        def order(cards, came=None):
            came = next(decks) if came is None else came
            taken = set(came)
            lying = [c for c in final if c in cards and c not in taken]
            return came + lying + sorted(set(cards) - taken - set(lying))

        s = self.start.detached()
        s.deck = tuple(order(s.deck, self.came[0]))
        with reshuffles_ordered_by(order):
            for a in self.actions:
                s = s.apply(a)
        return s


def _replay(rules: dict, players: int, ids: dict, max_turns: int, history) -> Table:
    t = Table(Rules.from_dict(rules), players, ids, max_turns)
    for x in history:
        if t.events:
            t.apply_chance(x)
        else:
            t.apply_word(x)
    return t


def _reads(before: tuple, after: tuple) -> int:
    """How many cards were taken from the top of ``before`` to leave ``after`` (cards put under it aside)."""
    for r in range(len(before) + 1):
        rest = before[r:]
        if after[:len(rest)] == rest:
            return r
    return len(before)


def _choosing(ids, s):
    from .words import Choosing

    return Choosing(ids, s.legal_actions())
