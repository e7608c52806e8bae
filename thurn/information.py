"""What a player has seen, and positions sampled consistently with it (for bots that never peek).

City cards are drawn face up from the display or face down from the deck (base rules, 1); everything else
lies open on the table. So a player knows his own hand, the display, every route, house, carriage and tile,
what is left of each stack, the discard pile, and how many cards each hand and the deck hold. He does not know
the order of the deck nor the cards the others drew face down. He does know two things more, from watching:

- a card another player took from the display is in that player's hand until he plays or discards it
  (:func:`known_cards`);
- when the deck ran out, the discard pile was shuffled into a new deck (base rules, 1), so every card left in
  the deck is one of the cards that were shuffled then.

:func:`determinize` deals a full position that agrees with all of that: the unseen cards (:func:`unseen_cards`)
are dealt at random to the other hands' unknown places and to the deck, in a random order, with a random seed
for later shuffles. It reads the true hidden cards only to count them, so two positions that differ only in
what ``player`` cannot see give the same samples for the same generator.
"""
from __future__ import annotations

import random
from collections import Counter

from .piles import extra_piles
from .state import GameState

__all__ = ["Seen", "seen_by", "known_cards", "unseen_cards", "determinize"]


class Seen:
    """What one player has seen of a position; :meth:`sample` deals positions consistent with it.

    Built once per decision (it replays the game's history to learn which display cards the others hold), then
    sampled as often as wanted: each sample costs a shuffle of the unseen cards.
    """

    __slots__ = ("state", "player", "known", "shuffled", "unseen", "_slots", "_piles")

    def __init__(self, state: GameState, player: int):
        self.state = state
        self.player = player
        self.known, self.shuffled = _watch(state, player)
        self.unseen = _unseen(state, player, self.known)
        self._slots = [max(0, len(p.hand) - sum(self.known[i].values())) if i != player else 0
                       for i, p in enumerate(state.players)]
        self._piles = _hidden_piles(state, player)

    def sample(self, rng: random.Random) -> GameState:
        """A full position that agrees with everything the player has seen; the rest dealt at random."""
        s = self.state
        deck_size = len(s.deck)
        unseen = self.unseen
        if self.shuffled is not None:
            # the deck holds only cards of the last shuffle; the others' unknown cards are the rest
            pool = list((unseen & self.shuffled).elements())
            rng.shuffle(pool)
            deck = pool[:deck_size]
            rest = list((unseen - Counter(deck)).elements())
            rng.shuffle(rest)
        else:
            pool = list(unseen.elements())
            rng.shuffle(pool)
            deck, rest = pool[:deck_size], pool[deck_size:]
        n = s.detached()
        players = list(s.players)
        k = 0
        for i, slots in enumerate(self._slots):
            if i == self.player:
                continue
            p = players[i] = players[i].copy()
            p.hand = tuple(sorted(tuple(self.known[i].elements()) + tuple(rest[k:k + slots])))
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
        for name, vis in s.ruleset.hidden.items():      # per-player values the player cannot see
            values = s.ext.get(name)
            if values is not None:
                n.set_ext(name, _dealt(values, hidden_seats(vis, self.player, len(values)), rng))
        return n


def _watch(state: GameState, player: int):
    """Replay the game from its start as ``player`` watched it: the cards each other player took from the
    display and still holds (a multiset per seat), and the cards of the last shuffle of the discard pile (None
    if the deck was never reshuffled during this history)."""
    known = [Counter() for _ in state.players]
    shuffled = None
    s = state.root
    for action in state.history:
        seat = s.to_move
        n = s.apply(action)
        kind = action.kind
        if seat != player:
            if kind == "draw" and action.city is not None:
                known[seat][_taken(s, n, seat)] += 1
            elif kind == "return_tiles" and action.card is not None and action.key[2] != "deck":
                known[seat][_taken(s, n, seat)] += 1                # a reward card taken face up (Offices)
            elif kind == "play":
                _forget(known[seat], [_played(s, n, seat)])
            elif kind == "keep":
                _forget(known[seat], n.discard[len(s.discard):])       # the discarded cards lie face up
        if n.shuffles > s.shuffles:
            gone = s.discard
            if kind == "official" and "administrator" in n.officials:
                gone = gone + tuple(c for c in s.display if c >= 0)
            shuffled = Counter(gone)
        s = n
    return known, shuffled


def _hidden_piles(state, player) -> list:
    """``(pile, seat or None, count)`` of every variant pile whose cards ``player`` may not see (thurn.piles)."""
    shared, own = extra_piles(state.ruleset)
    out = [(sp.name, None, len(state.piles.get(sp.name, ()))) for sp in shared if sp.hidden_from(player, None)]
    out += [(sp.name, i, len(p.piles.get(sp.name, ()))) for sp in own for i, p in enumerate(state.players)
            if sp.hidden_from(player, i)]
    return [x for x in out if x[2]]


def _visible_pile_cards(state, player) -> list:
    """The cards of the variant piles that ``player`` sees."""
    shared, own = extra_piles(state.ruleset)
    cards = [c for sp in shared if not sp.hidden_from(player, None) for c in state.piles.get(sp.name, ())]
    cards += [c for sp in own for i, p in enumerate(state.players) if not sp.hidden_from(player, i)
              for c in p.piles.get(sp.name, ())]
    return cards


def _taken(before, after, seat) -> int:
    """The card (id) that ``seat`` took into his hand between two states."""
    return next(iter(Counter(after.players[seat].hand) - Counter(before.players[seat].hand)))


def _played(before, after, seat) -> int:
    """The card (id) that ``seat`` played from his hand between two states."""
    return next(iter(Counter(before.players[seat].hand) - Counter(after.players[seat].hand)))


def hidden_seats(visibility: str, player: int, n: int) -> list[int]:
    """The seats whose value of a per-player field ``player`` cannot see: the others' for an "owner" field, every
    seat's for a "secret" one (see :mod:`thurn.variants`)."""
    return [i for i in range(n) if visibility == "secret" or i != player]


def _dealt(values, seats, rng) -> tuple:
    """The values of ``seats`` dealt again among them at random (read only as a multiset, like hidden cards)."""
    pool = [values[i] for i in seats]
    rng.shuffle(pool)
    out = list(values)
    for i, v in zip(seats, pool):
        out[i] = v
    return tuple(out)


def _forget(known: Counter, cards) -> None:
    for c in cards:
        if known[c] > 0:
            known[c] -= 1
            if not known[c]:
                del known[c]


def _unseen(state: GameState, player: int, known) -> Counter:
    b = state.board
    seen = Counter(state.players[player].hand)
    for p in state.players:
        seen.update(p.route)
    seen.update(c for c in state.display if c >= 0)
    seen.update(state.discard)
    seen.update(_visible_pile_cards(state, player))
    for i, k in enumerate(known):
        if i != player:
            seen.update(k)
    total = Counter(range(len(b.cards)))          # every card (id) once
    return total - seen


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


def _named(names, cards: Counter) -> Counter:
    out = Counter()
    for c, k in cards.items():
        out[names[c]] += k
    return out


def determinize(state: GameState, player=None, rng=None) -> GameState:
    """A full position that agrees with everything ``player`` has seen of ``state``, the unseen cards dealt at
    random (the others' unknown hand cards and the deck order); ``rng`` is a :class:`random.Random` or a seed.

    The result has no history: it is a position of its own, and its seed for later shuffles is drawn from
    ``rng`` too."""
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    return seen_by(state, player).sample(rng)
