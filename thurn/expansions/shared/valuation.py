"""The bots' valuation of the expansions (their :class:`~thurn.bots.valuation.Valuation`, one object for both, as their
values interact: a paid official earns a tile): GreedyBot's points with The Princess' Messenger (nobility letters, paid
officials, the Messenger figure) and Offices of Honor (office tiles, return rounds, rewards). Used only when an
expansion is on: the base game's values are those of :mod:`thurn.bots.greedy.policy`, untouched.

Everything is counted in points of the final score, like the rest of the evaluation:

- **letters** (Messenger, The Nobility Letters) are worth nothing at the end, only the officials they buy. Holding
  ``n`` letters is worth :func:`letters_worth` ``(n)``: ``letter`` points for the first, each further one ``decay``
  times the one before (a player spends few letters a turn), and nothing on the last turns (the horizon). A further
  official is valued by the base evaluation of what he brings, less the letters' worth (2 letters, 1 with the
  figure); houses placed in cities whose letter still lies there take it (scoring, or a reward house);
- the **Administrator after drawing** (Messenger) is worth what a second draw from a new display brings, when the
  Postmaster can still be paid for after him; nothing otherwise;
- the **Messenger figure** (Messenger, The Princess' Messenger): scoring without a carriage takes it: ``figure``
  points (its point at the end, less the chance that another player takes it first, plus the cheaper officials),
  the full point on the last turns. Declining a carriage pays only when the carriage is worth less;
- **office tiles** (Offices of Honor) are valued by a potential :func:`tiles_worth`: the tiles held are cut into
  layers of different offices (the first layer: one of each office held; the second: the offices held twice...);
  a layer of 4 is worth a reward house, of 3 a victory point chip with a chance of growing to 4, of 2 a card. Later
  layers are discounted (they need more return rounds). On the last turns only the final return counts (3 tiles
  for a chip, 4 for a house). Every official used (the Cartwright too) is worth the tile he gives;
- a **return** (Offices of Honor) is worth its reward plus the potential of the tiles kept: in a normal round the
  bot returns as few tiles as it must when the tiles it keeps promise more (three different ones that may become
  four), 3 for a chip, 4 for a house. The reward card is the display card (or the deck) that the base evaluation
  values most; the reward house goes to the city the base evaluation values most (a point, province tiles and
  progress, the game's end) plus the city's letter.
"""
from __future__ import annotations

from ...bots.greedy.evaluation import NEG, cartwright_loss, takes_carriage
from ...bots.valuation import Valuation
from ..messenger import rules as _messenger
from ..offices import rules as _offices

MESSENGER = _messenger.NAME
OFFICES = _offices.NAME
RETURN_STEPS = (_offices.RETURN, _offices.FINAL)

#: The potential of a layer of ``k`` different office tiles (points), before the discount (see tiles_worth).
LAYER = (0.0, 0.1, 0.45)

_CONF: list = [None, None]     # the components of the Messenger and of Offices of Honor, read once
_CITIES: dict = {}              # id(board) -> (board, {city name: number})


def _conf(module):
    """The expansion's component data, read once (the files do not change while a process runs)."""
    i = module is _offices
    c = _CONF[i]
    if c is None:
        c = _CONF[i] = module.conf()
    return c


def _city_index(s) -> dict:
    """City name (as the engine's actions spell it) -> city number, per board."""
    b = s.board
    hit = _CITIES.get(id(b))
    if hit is None or hit[0] is not b:
        from ...turn.action_table import table
        if len(_CITIES) > 16:
            _CITIES.clear()
        hit = _CITIES[id(b)] = (b, {name: c for c, name in enumerate(table(b).names)})
    return hit[1]


def active(s) -> bool:
    ext = s.ext
    return bool(ext) and (MESSENGER in ext or OFFICES in ext)


# -- letters -------------------------------------------------------------------------------------------------------

def letter_rate(ev) -> float:
    """What the first letter held is worth now: ``letter`` points, nothing when the game ends before it can be
    spent (the last turns, or a horizon of one turn)."""
    w = ev.w
    if ev.final or ev.horizon <= 1:
        return 0.0
    return w.letter if ev.horizon > 2 else 0.5 * w.letter


def letters_worth(n: int, rate: float, decay: float) -> float:
    """Holding ``n`` letters: ``rate`` for the first, each further one ``decay`` times the one before."""
    if n <= 0 or rate <= 0:
        return 0.0
    return rate * (1.0 - decay ** n) / (1.0 - decay) if decay != 1.0 else rate * n


class Context:
    """What one decision reads of the expansions (built once per decision)."""

    __slots__ = ("s", "ev", "w", "seat", "L", "price", "rate", "held", "O", "order", "mine", "house_worth",
                 "final", "free")

    def __init__(self, ev, s):
        self.s, self.ev, self.w = s, ev, ev.w
        seat = self.seat = s.to_move
        self.final = ev.final
        L = self.L = s.ext.get(MESSENGER)
        if L is not None:
            c = _conf(_messenger)
            self.free = c.free
            self.price = c.cost_holder if L.holder == seat else c.cost
            self.held = L.held[seat]
            self.rate = letter_rate(ev)
        else:
            self.free, self.price, self.held, self.rate = 1, 0, 0, 0.0
        O = self.O = s.ext.get(OFFICES)
        if O is not None:
            self.order = _conf(_offices).order
            self.mine = O.tiles[seat]
        else:
            self.order, self.mine = (), ()
        self.house_worth = ev.w.house_reward

    # letters
    def letter_cost(self, n: int) -> float:
        d = self.w.letter_decay
        return letters_worth(self.held, self.rate, d) - letters_worth(self.held - n, self.rate, d)

    def letter_gain(self, n: int) -> float:
        if not n:
            return 0.0
        d = self.w.letter_decay
        return letters_worth(self.held + n, self.rate, d) - letters_worth(self.held, self.rate, d)

    def paid(self) -> bool:
        """Whether the next official of this turn is paid for (Messenger: one free per turn)."""
        return self.L is not None and len(self.s.officials) >= self.free

    def may_pay(self, n: int) -> bool:
        return self.L is not None and self.L.budget >= n

    def letters_of(self, mask: int) -> int:
        L = self.L
        return (L.cities & mask).bit_count() if L is not None else 0

    def figure(self) -> float:
        """Taking the Messenger figure (scoring without a carriage): its point, less the chance of losing it."""
        L = self.L
        if L is None or L.holder == self.seat:
            return 0.0
        c = _conf(_messenger)
        if self.final:
            return 0.9 * c.points
        return self.w.figure * c.points

    # office tiles
    def tiles_worth(self, counts) -> float:
        return tiles_worth(counts, self.final, self.w, self.house_worth)

    def tile_gain(self, oid: str) -> float:
        """What the tile of official ``oid`` adds to the potential of the tiles held (Offices of Honor)."""
        if self.O is None or oid not in self.order:
            return 0.0
        i = self.order.index(oid)
        if not self.O.stacks[i]:
            return 0.0
        mine = self.mine
        more = mine[:i] + (mine[i] + 1,) + mine[i + 1:]
        return self.tiles_worth(more) - self.tiles_worth(mine)


_TILES: dict = {}       # (counts, final, house, id(weights)) -> (weights, tiles_worth)


def tiles_worth(counts, final: bool, w, house: float) -> float:
    """:func:`new_tiles_worth`, kept per counts, end, house's worth and weights."""
    key = (tuple(counts), final, house, id(w))
    hit = _TILES.get(key)
    if hit is None or hit[0] is not w:
        if len(_TILES) > 20_000:
            _TILES.clear()
        hit = _TILES[key] = (w, new_tiles_worth(counts, final, w, house))
    return hit[1]


def new_tiles_worth(counts, final: bool, w, house: float) -> float:
    """The potential of the office tiles ``counts`` (one count per office): the layers of different offices, a
    layer of 4 worth a reward house, of 3 a chip and the chance of a house, of 2 a card; each later layer
    discounted by ``tile_layer``, the first by ``tile_return``. On the last turns only the final return: 3
    different tiles for a chip, 4 for a house (Offices of Honor, returning tiles)."""
    if final:
        k = sum(1 for c in counts if c)
        return house if k >= 4 else (1.0 if k == 3 else 0.0)
    v = 0.0
    f = w.tile_return
    top = max(counts, default=0)
    three = 1.0 + w.tile_grow * (house - 1.0)
    for j in range(top):
        k = sum(1 for c in counts if c > j)
        v += f * (house if k >= 4 else three if k == 3 else LAYER[k])
        f *= w.tile_layer
    return v


# -- the values ------------------------------------------------------------------------------------------------------

def adjust(ev, s, values: list) -> list:
    """The base values of the actions of a turn's steps, with what the expansions add (see the module docstring)."""
    cx = Context(ev, s)
    out = []
    step = s.step
    for v, a in values:
        kind = a.kind
        if kind == "official":
            v = _official(cx, ev, s, a, v, step)
        elif kind == "score":
            v = _score(cx, s, a, v)
        out.append((v, a))
    return out


def _official(cx: Context, ev, s, a, v: float, step: str) -> float:
    oid = a.resolved
    paid = cx.paid()
    if step == "play" and oid == "administrator" and s.draws:
        v = _administrator_after_draw(cx, ev, s)
    elif paid:
        v -= cx.letter_cost(cx.price)
    elif cx.L is not None and not s.officials and step == "draw":
        # the free official now: the Cartwright may still be paid for later (base: lost for this turn)
        loss = cartwright_loss(ev)
        if loss and cx.may_pay(cx.price):
            v += loss - min(loss, cx.letter_cost(cx.price) + ev.w.cartwright_cost)
    if v > NEG / 2:
        v += cx.tile_gain(oid)
    return v


def _administrator_after_draw(cx: Context, ev, s) -> float:
    """The Administrator after drawing (Messenger): a new display, worth it only for a second draw with the
    Postmaster, which must still be affordable after him."""
    if "postmaster" in s.officials or not cx.L:
        return NEG
    cost = (cx.price if cx.paid() else 0) + cx.price
    if not cx.may_pay(cost):
        return NEG
    w = ev.w
    base, shown, deck = ev.draw_gains(False)
    if base <= NEG / 2:
        return NEG
    best_shown = max(shown.values(), default=base)
    if best_shown > deck:
        return NEG                  # the display has a card worth more than a new one: the Postmaster alone
    q = ev.fit_chance()
    avg = (deck - base) / q if q > 0 else 0.0
    gain = (1.0 - (1.0 - q) ** len(s.display)) * avg
    return base + w.second_draw * gain - 2 * w.official_cost - cx.letter_cost(cost)


def _score(cx: Context, s, a, v: float) -> float:
    if a.cartwright:
        if cx.paid():
            v -= cx.letter_cost(cx.price)
        v += cx.tile_gain("cartwright")
    if cx.L is not None:
        v += cx.letter_gain(cx.letters_of(a.resolved))
        if not takes_carriage(s, a):
            v += cx.figure()
    return v


def return_values(ev, s, actions) -> list:
    """A return of office tiles (Offices of Honor): its reward plus the potential of the tiles kept."""
    cx = Context(ev, s)
    order = cx.order
    mine = cx.mine
    final = s.step == _offices.FINAL
    O = cx.O
    cards = None
    houses = {}
    index = _city_index(s)
    out = []
    for a in actions:
        idx = [order.index(o) for o in a.offices] if a.offices else ()
        rest = tuple(k - (i in idx) for i, k in enumerate(mine)) if not final else mine
        n = len(idx)
        reward = 0.0
        if a.card is not None:
            if cards is None:
                cards = _card_values(ev, s)
            c = -1 if a.card == "deck" else index.get(a.card)
            reward = cards.get(_card_of(s, a.card) if c is None else c, 0.3)
        elif a.house is not None:
            c = index.get(a.house)
            if c is None:
                c = s.board.index(a.house)
            h = houses.get(c)
            if h is None:
                h = houses[c] = ev.mask_value(1 << c) + cx.letter_gain(cx.letters_of(1 << c))
            reward = h
        elif _offices.reward_table(s, final).get(n) == "chip":
            reward = _conf(_offices).chip_points if O.chips_left else 0.0
        if final:
            out.append((reward + 0.001 * n, a))
        else:
            out.append((reward + cx.tiles_worth(rest), a))
    return out


def return_reason(s, a) -> str:
    """Why a return of office tiles (Offices of Honor, returning tiles): the tiles, the reward they earn, and what
    the tiles kept promise at a later return."""
    O = s.ext.get(OFFICES)
    if O is None or not hasattr(a, "offices"):
        return "a return of office tiles (Offices of Honor, returning tiles)"
    c = _conf(_offices)
    final = s.step == _offices.FINAL
    rule = "Offices of Honor, the final return" if final else "Offices of Honor, returning tiles"
    n = len(a.offices)
    if not n:
        return f"return no tile: fewer than 3 different tiles earn nothing at the end ({rule})"
    names = ", ".join(o.replace("_", " ") for o in a.offices)
    kind = _offices.reward_table(s, final).get(n, "nothing")
    if kind == "card":
        what = "a card: " + ("the top card of the deck" if str(a.card).lower() == "deck" else f"{a.card}, face up")
    elif kind == "house":
        what = f"a house in {a.house}" if a.house else "a house"
    elif kind == "chip":
        what = (f"a victory point chip ({_plural(c.chip_points, 'point')} at the end)" if O.chips_left
                else "nothing: no victory point chip is left")
    else:
        what = "nothing"
    text = f"return {_plural(n, 'different tile')} ({names}): {what}"
    if not final:
        mine = O.tiles[s.to_move]
        idx = {c.order.index(o) for o in a.offices}
        kept = [k - (i in idx) for i, k in enumerate(mine)]
        k = sum(1 for x in kept if x)
        if sum(kept):
            later = {4: "4 different for a house", 3: "3 different for a chip (a house with the fourth office)",
                     2: "2 different for a card"}.get(min(k, 4), "no set of different tiles")
            text += f"; keeps {_plural(sum(kept), 'tile')}, {later} at a later return"
    return f"{text} ({rule})"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _card_of(s, card: str) -> int:
    from ...board import fold
    return -1 if fold(card) == "deck" else s.board.card_key(card)[0]     # (a copy's name: its city)


def _card_values(ev, s) -> dict:
    """What a card taken for 2 tiles is worth: a card in hand (``0.3``) plus what it adds to the best play
    (the base evaluation's draw values), at most ``card_reward`` (a card saves a draw, not a turn); the deck as
    ``-1``."""
    out = {}
    try:
        base, shown, deck = ev.draw_gains(False)
    except (ValueError, IndexError):
        return out
    if base <= NEG / 2:                 # an empty hand: any card starts a route
        for c in shown:
            out[c] = 0.5 + 0.01 * (ev.adj[c] & ev.dmask).bit_count()
        out[-1] = 0.5
        return out
    cap = ev.w.card_reward
    for c, v in shown.items():
        out[c] = 0.3 + min(cap, max(0.0, v - base))
    out[-1] = 0.3 + min(cap, max(0.0, deck - base))
    return out


# -- for the search bot's leaf -------------------------------------------------------------------------------------

def points(s, seat: int) -> float:
    """The expansions' score items of ``seat`` now: the figure's point, the chips (Messenger; Offices)."""
    v = 0.0
    L = s.ext.get(MESSENGER)
    if L is not None and L.holder == seat:
        v += _conf(_messenger).points
    O = s.ext.get(OFFICES)
    if O is not None:
        v += O.chips[seat] * _conf(_offices).chip_points
    return v


def credits(s, seat: int, w) -> float:
    """What GreedyBot credits beyond points for the letters and office tiles ``seat`` holds."""
    v = 0.0
    final = s.end_by is not None
    L = s.ext.get(MESSENGER)
    if L is not None and not final:
        v += letters_worth(L.held[seat], w.letter, w.letter_decay)
    O = s.ext.get(OFFICES)
    if O is not None:
        v += tiles_worth(O.tiles[seat], final, w, w.house_reward)
    return v


def as_mover(n, seat: int) -> None:
    """The expansions' part of a position made to start ``seat``'s turn (the search bot's leaf): the letters held
    may be spent, none paid yet."""
    L = n.ext.get(MESSENGER)
    if L is not None:
        n.set_ext(MESSENGER, L._replace(budget=L.held[seat], paid=()))


# -- for the search bot's rollouts ---------------------------------------------------------------------------------

def quick_return(s, actions, rng):
    """A return of office tiles for the rollouts (Offices of Honor): the most tiles with their reward taken (a
    house, a chip, a card face up that fits the route or the deck)."""
    from ...bots.search import draw_value
    p = s.players[s.to_move]
    b = s.board
    adj, route, rmask, hand = b.adj, b.cities_of(p.route), p.rmask, b.cities_of(p.hand)
    table = _offices.reward_table(s, s.step == _offices.FINAL)

    def value(a):
        n = len(a.offices)
        v = 2.0 * n
        if a.house is not None:
            v += 1.0
        elif a.card is not None:
            v += 0.5 if a.card == "deck" else 0.5 + 0.2 * draw_value(adj, route, rmask, hand,
                                                                         s.board.card_key(a.card)[0])
        elif table.get(n) in ("card", "house"):
            v -= 1.5                    # the reward declined
        return v + rng.random() * 0.1
    return max(actions, key=value)


class OfficialsValuation(Valuation):
    """The valuation of The Princess' Messenger and Offices of Honor, one object for both (:mod:`..messenger.valuation`
    and :mod:`..offices.valuation` give it to the bots: it is asked once)."""

    steps = RETURN_STEPS
    #: the greedy bot's numbers of the two expansions, in points of the final score (GreedyBot(seed, letter=0.5))
    weights = {
        "letter": 0.45,         # the first nobility letter held (Messenger): a share of the official it buys
        "letter_decay": 0.85,   # each further letter held is worth this much of the one before
        "figure": 0.7,          # taking the Messenger figure: its point, less the chance of losing it
        "house_reward": 1.8,    # a house placed for 4 office tiles, in the tiles' potential (Offices of Honor)
        "tile_return": 0.9,     # the first layer of different office tiles: the share of its reward counted
        "tile_layer": 0.6,      # each further layer (it needs another return) counts this much of the one before
        "tile_grow": 0.6,       # the chance that 3 different office tiles become 4 before they are returned
        "card_reward": 0.6,     # the most a card taken for 2 office tiles adds beyond a card in hand (0.3)
    }
    #: what a player-turn costs the search bot with each of them on, against the base game's (tests/bench/turn_cost.py,
    #: BENCHMARKS.md "Issue 35: the levels' budgets"): the letters' and the office tiles' values in every decision
    turn_cost = {"messenger": 1.35, "offices": 1.75}
    values = staticmethod(return_values)
    adjust = staticmethod(adjust)
    points = staticmethod(points)
    credits = staticmethod(credits)
    as_mover = staticmethod(as_mover)
    quick = staticmethod(quick_return)

    @staticmethod
    def reason(s, a) -> str | None:
        """Why GreedyBot plays an action of the expansions' own (a return of office tiles), or None."""
        return return_reason(s, a) if a.kind == "return_tiles" else None


VALUATION = OfficialsValuation()
