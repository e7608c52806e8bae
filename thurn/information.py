"""What a player has seen, and positions sampled consistently with it (for bots that never peek).

City cards are drawn face up from the display or face down from the deck (base rules, 1); everything else
lies open on the table. So a player knows his own hand, the display, every route, house, carriage and tile,
what is left of each stack, the discard pile, and how many cards each hand and the deck hold. He does not know
the order of the deck nor the cards the others drew face down. He does know two things more, from watching:

- a card another player took from the display is in that player's hand until he plays or discards it
  (:func:`known_cards`);
- when the deck ran out, the discard pile was shuffled into a new deck (base rules, 1), so every card left in
  the deck is one of the cards that were shuffled then (or a face-up card put into the deck since: SoloPlay, 4.6).

Where the ruleset's cards show something on their backs (``ruleset.card_back``, a card attribute: Power and Glory's
horseshoes, "The backs of the city cards have 1, 2 or 3 horses"), everyone sees the back of the deck's top card and
of every card held in a hand (:func:`card_backs`), and the views show them: a dealt view deals every hidden card a
card with the same back, a hidden view carries them as ``backs``.

:func:`determinize` deals a full position that agrees with all of that: the unseen cards (:func:`unseen_cards`)
are dealt at random to the other hands' unknown places and to the deck, in a random order, with a random seed
for later shuffles. It reads the true hidden cards only to count them (and to read their backs), so two positions
that differ only in what ``player`` cannot see give the same samples for the same generator.
"""
from __future__ import annotations

import random
from collections import Counter

from .errors import ViewHidden
from .piles import HIDDEN, extra_piles
from .redeal import multiset_order, redeal_values
from .state import GameState, new_instance

__all__ = ["Seen", "Watch", "SeatView", "player_view", "view_for", "hidden_view", "view_rng", "seen_by", "known_cards", "unseen_cards",
           "determinize", "redeal_values", "actions_played", "card_backs"]


class Seen:
    """What one player has seen of a position; :meth:`sample` deals positions consistent with it.

    Built once per decision (it replays the game's history to learn which display cards the others hold, unless
    given the game's :class:`Watch`), then sampled as often as wanted: each sample costs a shuffle of the unseen
    cards.
    """

    __slots__ = ("state", "player", "known", "shuffled", "_ids", "_cnt", "_slots", "_watch", "_piles", "_backs")

    def __init__(self, state: GameState, player: int, watch: "Watch | None" = None):
        self.state = state
        self.player = player
        if watch is None:
            watch = Watch.of(state)
        self.known, self.shuffled = watch.known, watch.shuffled
        self._watch = watch
        self._ids = _unseen_ids(state, player, self.known)
        self._cnt = None
        sizes = watch.sizes()
        self._slots = [max(0, len(p.hand) - sizes[i]) if i != player else 0 for i, p in enumerate(state.players)]
        self._piles = _hidden_piles(state, player)
        self._backs = _backs_to_deal(state, player, self.known, self._slots)

    @property
    def _counts(self) -> list[int]:
        """The unseen cards as a count per card id (1 unseen, 0 seen)."""
        if self._cnt is None:
            counts = self._cnt = [0] * len(self.state.board.cards)
            for c in self._ids:
                counts[c] = 1
        return self._cnt

    @property
    def unseen(self) -> Counter:
        """The cards the player cannot see, with their counts."""
        return Counter(dict.fromkeys(self._ids, 1))

    def sample(self, rng: random.Random) -> GameState:
        """A full position that agrees with everything the player has seen; the rest dealt at random."""
        return self._deal(rng, self.state.detached())

    def _deal(self, rng: random.Random, n: GameState, shuffle=None) -> GameState:
        """Deal the unseen cards, the seed and the variants' hidden values into ``n`` (a fresh copy of the state);
        ``shuffle(list, rng)`` shuffles in place (default: ``rng.shuffle``)."""
        s = self.state
        if self._backs is not None:
            return self._fill(n, *self._deal_backs(rng), rng)
        if shuffle is None:
            shuffle = random.Random.shuffle
        deck_size = len(s.deck)
        counts = self._counts
        if self.shuffled is not None:
            # the deck holds only cards of the last shuffle; the others' unknown cards are the rest
            shuffled = self.shuffled
            pool = [c for c, k in enumerate(counts) if k and c in shuffled]
            shuffle(rng, pool)
            deck = pool[:deck_size]
            left = list(counts)
            for c in deck:
                left[c] -= 1
            rest = [c for c, k in enumerate(left) for _ in range(k)]
            shuffle(rng, rest)
        else:
            pool = [c for c, k in enumerate(counts) for _ in range(k)]
            shuffle(rng, pool)
            deck, rest = pool[:deck_size], pool[deck_size:]
        return self._fill(n, deck, rest, rng)

    def _deal_backs(self, rng: random.Random) -> tuple[list, list]:
        """``(deck, rest)`` as :meth:`_fill` takes them, every hidden card dealt a card with the same back (the
        ruleset's ``card_back``): the deck's top card one of the unseen cards with its back, each unknown place in
        the others' hands one with the back it shows; the rest of the deck and the variants' hidden piles from the
        cards left. Uniform over the deals that agree with the backs (and with the last shuffle: the deck holds only
        its cards)."""
        top, needs = self._backs
        value, attr = self.state.board.card_value, self.state.ruleset.card_back
        last = self.shuffled
        free: dict = {}             # back -> unseen cards that may lie in the deck
        bound: dict = {}            # back -> unseen cards that are in a hand (not of the last shuffle)
        for c in self._ids:
            (free if last is None or c in last else bound).setdefault(value(c, attr, 0), []).append(c)
        for b in free:
            free[b] = _shuffled(free[b], rng)
        deck = []
        if top is not None:
            deck.append(free[top].pop())
        to_hands: dict = {}
        wanted: dict = {}
        for seat_needs in needs:
            for b in seat_needs:
                wanted[b] = wanted.get(b, 0) + 1
        spill = []                  # bound cards beyond the hands' places of their back (a variant's hidden pile)
        for b in sorted(wanted.keys() | bound.keys() | free.keys(), key=multiset_order):
            need = wanted.get(b, 0)
            mine, cards = bound.get(b, []), free.get(b, [])
            spill += mine[need:]
            k = max(0, need - len(mine))
            to_hands[b] = _shuffled(mine[:need] + cards[:k], rng)
            free[b] = cards[k:]
        pool = _shuffled([c for b in sorted(free, key=multiset_order) for c in free[b]], rng)
        size = len(self.state.deck) - len(deck)
        deck += pool[:size]
        rest = []
        for seat_needs in needs:
            for b in seat_needs:
                rest.append(to_hands[b].pop())
        return deck, rest + pool[size:] + spill

    def _fill(self, n: GameState, deck, rest, rng: random.Random) -> GameState:
        """Deal ``rest`` to the other hands' unknown places, ``deck`` as the deck, a new seed and the variants'
        hidden values into ``n``."""
        s = self.state
        players = list(s.players)
        k = 0
        for i, slots in enumerate(self._slots):
            if i == self.player:
                continue
            p = players[i] = players[i].copy()
            known = self.known[i]
            p.hand = tuple(sorted((*known, *rest[k:k + slots]) if known else rest[k:k + slots]))
            k += slots
        for name, seat, count in self._piles:        # a variant's piles he cannot see (thurn.piles)
            cards = tuple(rest[k:k + count])
            k += count
            if seat is None:
                n.piles = {**n.piles, name: cards}
            else:
                p = players[seat] = players[seat].copy()
                p.piles = {**p.piles, name: cards}
        n.players = tuple(players)
        n.deck = tuple(deck)
        n.seed = rng.getrandbits(64)              # later shuffles of the discard pile are unseen too
        for v in getattr(s.ruleset, "variants", ()):    # per-player values the player cannot see: each variant's
            v.redeal(n, self.player, rng)
        return n

    def view(self, rng: random.Random, actions: int = 0) -> "SeatView":
        """:meth:`sample` as a :class:`SeatView`: it remembers what the player has seen, so that a bot that
        determinizes it again (``Seen(view, seat)``) deals from the same knowledge. Dealt in fewer steps than
        :meth:`sample` (a view is made for every decision): the unseen cards put in an order drawn from ``rng`` in
        one call."""
        v = new_instance(SeatView)
        _copy_state(v, self.state)
        v._root = v._history = v._setup = None
        v.events = ()
        v.viewer = self.player
        v.actions = actions
        v.dealt = True
        # the Watch replaces, never changes, what it holds: the view keeps this moment's
        v.watch = self._watch.snapshot()
        v.backs = None
        if self._backs is not None:
            return self._fill(v, *self._deal_backs(rng), rng)
        ids, deck_size = self._ids, len(self.state.deck)
        if self.shuffled is None:
            pool = _shuffled(ids, rng)
            deck, rest = pool[:deck_size], pool[deck_size:]
        else:
            # the deck holds only cards of the last shuffle; the others' unknown cards are the rest
            last = self.shuffled
            pool = _shuffled([c for c in ids if c in last], rng)
            deck = pool[:deck_size]
            rest = _shuffled([c for c in ids if c not in last] + pool[deck_size:], rng)
        return self._fill(v, deck, rest, rng)


def _shuffled(cards: list, rng: random.Random) -> list:
    """``cards`` in a random order drawn from ``rng``: one 32-bit key per card from a single call, the cards
    sorted by their keys (ties kept in order)."""
    n = len(cards)
    if n < 2:
        return list(cards)
    keys = memoryview(rng.getrandbits(32 * n).to_bytes(4 * n, "little")).cast("I").tolist()
    return list(map(cards.__getitem__, sorted(range(n), key=keys.__getitem__)))


class Watch:
    """What the whole table has watched of a game: the cards each player took face up from the display and still
    holds (a frozenset of card ids per seat, base rules 1: the display lies face up), and the cards of the last
    shuffle of the discard pile into a new deck (a frozenset; None if there was none). Kept action by action with :meth:`see` (``simulate``
    does so, so that a view costs no replay), or replayed from a game's history with :meth:`of`. A player's own
    entry is never read for him: he knows his whole hand."""

    __slots__ = ("known", "shuffled", "hidden", "_snap")

    def __init__(self, known, shuffled=None):
        self.known, self.shuffled = known, shuffled
        self.hidden = None      # seat -> (his record, what he was seen to hold, its copy for hidden views); and
        #                         "secrets" -> (ruleset, whether it has values or piles to hide)
        self._snap = None

    def snapshot(self) -> "Watch":
        """What was watched until now, kept unchanged when this Watch sees more (a view keeps one; the same one
        is handed out until something new is seen)."""
        snap = self._snap
        if snap is None:
            snap = self._snap = Watch(tuple(self.known), self.shuffled)
        return snap

    @classmethod
    def start(cls, state: GameState) -> "Watch":
        """Nothing watched yet (a new game, or a position without history)."""
        return cls([_NONE_KNOWN] * len(state.players))

    def copy(self) -> "Watch":
        return Watch(list(self.known), self.shuffled)

    @classmethod
    def of(cls, state: GameState) -> "Watch":
        """Replay ``state``'s history as the table watched it, from its start or from the :class:`SeatView` it
        was played on from (which carries what the table had watched; it is the same for every player)."""
        s = state.root
        w = s.watch.copy() if isinstance(s, SeatView) else cls.start(state)
        for action in state.history:
            n = s.apply(action)
            w.see(s, action, n)
            s = n
        return w

    def see(self, s: GameState, action, n: GameState) -> None:
        """Watch ``action`` lead from ``s`` to ``n``."""
        seat = s.to_move
        kind = action.kind
        if kind == "draw":
            if action.city is not None:                         # a card taken face up (base rules, 1)
                self.known[seat] = self.known[seat] | {_taken(s, n, seat)}
                self._snap = None
        elif kind == "play":
            known = self.known[seat]
            if known:
                c = _played(s, n, seat)
                if c in known:
                    self.known[seat] = known - {c}
                    self._snap = None
        elif kind == "keep":
            self._forget(seat, n.discard[len(s.discard):])       # the discarded cards lie face up
        elif kind not in _NO_CARD:
            known = self.known[seat]
            if known:                       # a card he was seen to take, played by a variant's action (a horse)
                hand = n.players[seat].hand
                gone = [c for c in known if c not in hand]
                if gone:
                    self._forget(seat, gone)
            if getattr(action, "card", None) is not None and str(action.card).strip().lower() != "deck":
                self._add(seat, _taken(s, n, seat))             # a variant's card taken face up (a reward)
            if self.shuffled is not None:
                added = frozenset(n.deck).difference(s.deck)
                if added:           # face-up cards a variant's action put into the deck (SoloPlay, 4.6: up to 3
                    self.shuffled = self.shuffled | added       # display cards under it): besides the last shuffle's
                    self._snap = None
        if n.shuffles > s.shuffles:
            gone = s.discard
            if kind == "official" and "administrator" in n.officials:
                gone = gone + tuple(c for c in s.display if c >= 0)
            self.shuffled = frozenset(gone)
            self._snap = None

    # a seat's set of cards (ids) is replaced, never changed, so that the views handed out keep what they were
    # dealt from
    def _add(self, seat: int, card: int) -> None:
        self.known[seat] = self.known[seat] | {card}
        self._snap = None

    def _forget(self, seat: int, cards) -> None:
        old = self.known[seat]
        if not old.isdisjoint(cards):
            self.known[seat] = old.difference(cards)
            self._snap = None

    def sizes(self) -> list[int]:
        """How many cards each player is known to hold."""
        return [len(k) for k in self.known]


_COPIED = tuple(n for n in GameState.__slots__ if n not in ("_root", "_history", "_setup", "events"))
_space: dict = {}
exec("def _copy_state(v, s):\n" + "".join(f"    v.{n} = s.{n}\n" for n in _COPIED), _space)
_copy_state = _space["_copy_state"]       # a state's fields copied one by one, as quick as GameState.successor
_OPEN = tuple(n for n in _COPIED if n not in ("players", "deck", "seed"))
exec("def _open_view(s, seat, actions, snap):\n    v = new_instance(SeatView)\n"
     + "".join(f"    v.{n} = s.{n}\n" for n in _OPEN)
     + "    v._root = v._history = v._setup = v.seed = None\n    v.events = ()\n"
     + "    v.viewer, v.actions, v.dealt, v.watch, v.backs = seat, actions, False, snap, None\n    return v\n", _space)
_open_view = _space["_open_view"]       # a hidden view's open fields, in one call (see hidden_view)


class SeatView(GameState):
    """A position as one player (``viewer``) may know it (:func:`player_view`): what every bot is handed. It has no
    history; ``watch`` is what the table watched (the :class:`Watch`) up to it, ``actions`` how many actions the
    game had seen (:func:`actions_played`). A *dealt* view (``dealt`` true) is a full position, what the player
    cannot see dealt again at random; a *hidden* one shows those cards as :data:`~thurn.piles.HIDDEN` and cannot be
    played forward (deal one from it with :func:`determinize`). ``backs``: what the backs of the hidden cards show
    (:func:`card_backs`), kept in a hidden view of a ruleset whose backs show something; None otherwise (a dealt
    view's cards show their own backs)."""

    __slots__ = ("viewer", "watch", "actions", "dealt", "backs")

    def apply(self, action):
        if not self.dealt:
            raise ViewHidden(self.viewer, self.names[self.viewer])
        return super().apply(action)


_space.update(new_instance=new_instance, SeatView=SeatView)       # (for _open_view)


def view_rng(state: GameState, seat: int, actions: int | None = None) -> random.Random:
    """The generator of ``seat``'s view of ``state``, seeded from the game (its first seed, the number of actions
    played, ``actions`` if the caller counted them, and the seat): the same view each time, and the game's own
    generator untouched."""
    seed = state.root.seed
    k = actions_played(state) if actions is None else actions
    if isinstance(seed, int):
        return random.Random(((seed * 1_000_003 + k) << 3 | seat) ^ 0x7468_7572_6E2E_7669_6577)      # "thurn.view"
    return random.Random(f"thurn.view:{seed}:{k}:{seat}")


def actions_played(state: GameState) -> int:
    """How many actions were played in ``state``'s game up to it (a bot's view counts those of the game it
    shows, and then its own)."""
    root = state.root
    k, node = (root.actions if isinstance(root, SeatView) else 0), state.history_node
    while node is not None:
        node, k = node[0], k + 1
    return k


def player_view(state: GameState, seat=None, rng=None, watch: Watch | None = None,
                actions: int | None = None, hidden: bool = False) -> SeatView:
    """What ``seat`` (seat or name; default: who is to move) may know of ``state``, as a full position handed to his
    bot: the other players' hands (less the cards he saw them take face up), the deck's order and the seed of
    later shuffles dealt again at random from the cards he cannot see, and each variant's hidden per-player values
    re-dealt by its :meth:`~thurn.variants.Variant.redeal`. ``rng``: a :class:`random.Random` or a seed (default:
    :func:`view_rng`); ``watch``: the game's :class:`Watch` kept up to date by the caller (default: replayed from
    the history); ``actions``: :func:`actions_played` if the caller counted them. Two states that differ only in
    what ``seat`` cannot see give the same view for the same ``rng``.

    With ``hidden``, nothing is dealt: those cards are :data:`~thurn.piles.HIDDEN` (the cards he saw the others
    take face up stay in their hands), the seed and the hidden per-player values ``None`` — quicker, for a bot that
    reads only what is open (a bot says so with ``view = "hidden"``, see :func:`view_for`)."""
    seat = state.seat(seat)
    if actions is None:
        actions = actions_played(state)
    if hidden:
        return hidden_view(state, seat, Watch.of(state) if watch is None else watch, actions)
    if rng is None:
        rng = view_rng(state, seat, actions)
    elif not isinstance(rng, random.Random):
        rng = random.Random(rng)
    return Seen(state, seat, watch).view(rng, actions)


def view_for(bot, state: GameState, seat=None, watch: Watch | None = None, actions: int | None = None) -> SeatView:
    """The view of ``seat`` (default: who is to move) to hand ``bot``: hidden if the bot says it reads only what is
    open (its ``view`` is ``"hidden"``), else dealt (:func:`player_view`, from :func:`view_rng`)."""
    if getattr(bot, "view", "dealt") == "hidden":
        return player_view(state, seat, None, watch, actions, hidden=True)
    seat = state.seat(seat)
    if actions is None:
        actions = actions_played(state)
    return player_view(state, seat, view_rng(state, seat, actions), watch, actions)


_HIDDEN_CARDS: dict[int, tuple] = {}


def _hidden_cards(n: int) -> tuple:
    got = _HIDDEN_CARDS.get(n)
    if got is None:
        got = _HIDDEN_CARDS[n] = (HIDDEN,) * n if n <= 1000 else None
    return got or (HIDDEN,) * n


def hidden_view(state: GameState, seat: int, watch: Watch, actions: int) -> SeatView:
    """``seat``'s view with what he cannot see hidden (:func:`player_view` with ``hidden``), from the game's
    :class:`Watch` kept up to date and the number of actions played (``simulate`` calls it for every decision)."""
    v = _open_view(state, seat, actions, watch.snapshot())
    known = watch.known
    players = list(state.players)
    made = watch.hidden           # the records made for earlier views, while a player and what he showed last
    if made is None:
        made = watch.hidden = {}
    for i, p in enumerate(players):
        if i != seat and p.hand:
            k = known[i]
            got = made.get(i)
            if got is not None and got[0] is p and got[1] is k:
                players[i] = got[2]
                continue
            q = players[i] = p.copy()
            seen = tuple(sorted(k)) if k else ()
            q.hand = seen + _hidden_cards(len(p.hand) - len(seen))
            made[i] = (p, k, q)
    v.players = tuple(players)
    deck = _HIDDEN_CARDS.get(len(state.deck))
    v.deck = deck if deck is not None else _hidden_cards(len(state.deck))
    ruleset = state.ruleset
    secrets = made.get("secrets")
    if secrets is None or secrets[0] is not ruleset:
        shared, own = extra_piles(ruleset)
        secrets = made["secrets"] = (ruleset, bool(ruleset.hidden or shared or own))
    if secrets[1]:
        hidden = GameState.seen_by(v, seat)      # a variant's hidden values and piles (see GameState.seen_by)
        v.ext, v.piles, v.players = hidden.ext, hidden.piles, hidden.players
    if ruleset.card_back is not None:
        v.backs = card_backs(state)              # the backs everyone sees (the hidden cards' own are HIDDEN)
    return v


def card_backs(state: GameState) -> dict | None:
    """What everyone sees of the cards that lie face down or are held, where the ruleset's backs show something (its
    ``card_back``, a card attribute; Power and Glory, components: "The backs of the city cards have 1, 2 or 3
    horses"): ``{"deck_top": the back of the deck's top card (None with an empty deck), "hands": each player's
    hand's backs, sorted}``. None where the backs are all alike (the base game; the base rules on the northern board:
    "The backs of the city cards are ignored"). A hidden view answers from what it kept (a position copied from it
    has lost them: its hidden cards read as 0, its hidden top as None)."""
    attr = state.ruleset.card_back
    if attr is None:
        return None
    kept = getattr(state, "backs", None)
    if kept is not None:
        return kept
    value = _back_values(state.board, attr)
    top = value[state.deck[0]] if state.deck and state.deck[0] >= 0 else None
    hands = tuple(tuple(sorted([value[c] if c >= 0 else 0 for c in p.hand])) for p in state.players)
    return {"deck_top": top, "hands": hands}


_BACKS: dict = {}       # (id(board), attribute) -> (board, each card's back): see _back_values


def _back_values(board, attr: str) -> tuple:
    """The back of every card of ``board`` by card id: its attribute ``attr`` (0 where it has none), kept per board."""
    key = (id(board), attr)
    hit = _BACKS.get(key)
    if hit is None or hit[0] is not board:
        if len(_BACKS) > 64:
            _BACKS.clear()
        hit = _BACKS[key] = (board, tuple(board.card_value(c, attr, 0) for c in range(len(board.cards))))
    return hit[1]


def _backs_to_deal(state: GameState, player: int, known, slots) -> tuple | None:
    """``(the deck's top card's back or None, the backs of each other hand's unknown places)`` that a deal must
    keep, or None where the ruleset's backs show nothing. A hand's unknown places show its backs less those of the
    cards he was seen to take."""
    backs = card_backs(state)
    if backs is None:
        return None
    value, attr = state.board.card_value, state.ruleset.card_back
    needs = []
    for i, (hand, k) in enumerate(zip(backs["hands"], known)):
        if i == player or not slots[i]:
            continue
        left = list(hand)
        for c in k:
            left.remove(value(c, attr, 0))
        needs.append(tuple(left))
    return (backs["deck_top"] if state.deck else None), tuple(needs)


def _hidden_piles(state, player) -> list:
    """``(pile, seat or None, count)`` of every variant pile whose cards ``player`` may not see (thurn.piles)."""
    shared, own = extra_piles(state.ruleset)
    if not shared and not own:
        return []
    out = [(sp.name, None, len(state.piles.get(sp.name, ()))) for sp in shared if sp.hidden_from(player, None)]
    out += [(sp.name, i, len(p.piles.get(sp.name, ()))) for sp in own for i, p in enumerate(state.players)
            if sp.hidden_from(player, i)]
    return [x for x in out if x[2]]


def _visible_pile_cards(state, player) -> list:
    """The cards of the variant piles that ``player`` sees."""
    shared, own = extra_piles(state.ruleset)
    if not shared and not own:
        return []
    cards = [c for sp in shared if not sp.hidden_from(player, None) for c in state.piles.get(sp.name, ())]
    cards += [c for sp in own for i, p in enumerate(state.players) if not sp.hidden_from(player, i)
              for c in p.piles.get(sp.name, ())]
    return cards


def _taken(before, after, seat) -> int:
    """The card (id) that ``seat`` took into his hand between two states (hands are sorted tuples of ids): the card
    of the display slot that changed, if he holds it now, else found by comparing the hands."""
    for a, b in zip(before.display, after.display):
        if a != b:
            if a >= 0 and a in after.players[seat].hand:
                return a
            break
    old, new = before.players[seat].hand, after.players[seat].hand
    for a, b in zip(old, new):
        if a != b:
            return b
    return new[len(old)]


def _played(before, after, seat) -> int:
    """The card (id) that ``seat`` played from his hand between two states: the card his route gained at one end,
    else found by comparing the hands."""
    r0, r1 = before.players[seat].route, after.players[seat].route
    if len(r1) == len(r0) + 1:
        return r1[-1] if r0 and r1[0] == r0[0] else r1[0]
    old, new = before.players[seat].hand, after.players[seat].hand
    for a, b in zip(old, new):
        if a != b:
            return a
    return old[len(new)]


def _unseen_ids(state: GameState, player: int, known) -> list[int]:
    """The cards (ids, ascending) ``player`` cannot see: every card less his hand, the routes, the display, the
    discard pile, the variant piles he sees and the cards he knows the others hold."""
    ids = _ALL_IDS.get(len(state.board.cards))
    if ids is None:
        ids = _ALL_IDS[len(state.board.cards)] = frozenset(range(len(state.board.cards)))
    players = state.players
    seen = [players[player].hand, state.display, state.discard, *(p.route for p in players),
            *(k for i, k in enumerate(known) if i != player and k)]
    piles = _visible_pile_cards(state, player)
    if piles:
        seen.append(piles)
    return sorted(ids.difference(*seen))


_ALL_IDS: dict[int, frozenset] = {}
#: The base game's action kinds, none of which takes a card by a ``card`` field (a variant's reward may).
_NO_CARD = frozenset(("draw", "play", "keep", "official", "score", "end"))
_NONE_KNOWN = frozenset()


def seen_by(state: GameState, player=None) -> Seen:
    """What ``player`` (seat or name; default: whose turn it is) has seen of ``state``."""
    return Seen(state, state.seat(player))


def known_cards(state: GameState, player=None) -> dict[str, Counter]:
    """The cards ``player`` knows to be in the other hands: taken from the display and not played or
    discarded since (base rules, 1: the display lies face up). By player name; card names with counts."""
    s = seen_by(state, player)
    name = state.board.card_names
    return {state.names[i]: _named(name, known)
            for i, known in enumerate(s.known) if i != s.player}


def unseen_cards(state: GameState, player=None) -> Counter:
    """The cards ``player`` cannot see or place: the 3 copies of each city less his hand, the display, the
    routes, the discard pile and the cards he knows the others hold. They are in the deck or in the others'
    hands. City names with counts."""
    s = seen_by(state, player)
    return _named(state.board.card_names, s.unseen)


def _named(names, cards) -> Counter:
    """Cards (ids, each once) as their names with counts."""
    return Counter(names[c] for c in cards)


def determinize(state: GameState, player=None, rng=None) -> GameState:
    """A full position that agrees with everything ``player`` has seen of ``state``, the unseen cards dealt at
    random (the others' unknown hand cards and the deck order); ``rng`` is a :class:`random.Random` or a seed.

    The result has no history: it is a position of its own, and its seed for later shuffles is drawn from
    ``rng`` too."""
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    return seen_by(state, player).sample(rng)
