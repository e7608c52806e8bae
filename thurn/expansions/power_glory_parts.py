"""Power and Glory's parts above the rules (:class:`thurn.parts.Parts`): the horses beside each player in words (the
map's table, the Play app's players table), the Play app's card panel (a card's two uses side by side:
:mod:`.power_glory_panel`), the horses a route needs against those the player has in the route explorer and the
scoring what-if, the bots' valuation (the greedy bot, and through it the search bot's rollouts and leaves, count the
horses a route needs: Power and Glory, Play a city card from the hand; Closing and scoring a route), ``simulate``'s
horse and free-city columns and the ladder's figures (docs/design.md, "Power and Glory", "The bots")."""
from __future__ import annotations

import html
import math

from ..bots.greedy.tables import NEG
from ..parts import Parts, register_parts
from . import power_glory as pg


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class HorseCount(int):
    """The horses a route needs (its cards) against those pulling the carriage (Power and Glory, Closing and scoring
    a route: "at least as many horses as cities in the route"). As a number: the horses to spare (negative: too
    few), so that a table sorts by it; shown as "5 of 7 ✓" (needed of had)."""

    def __new__(cls, have: int, need: int):
        self = super().__new__(cls, have - need)
        self.have, self.need = have, need
        return self

    def __bool__(self) -> bool:           # a count, never "none" (0 horses to spare is enough)
        return True

    @property
    def enough(self) -> bool:
        return self.have >= self.need

    def __str__(self) -> str:
        if self.enough:
            return f"{self.need} of {self.have} ✓"
        return f"{self.need} of {self.have}: {self.need - self.have} short"

    __repr__ = __str__

    def __reduce__(self):
        return (HorseCount, (self.have, self.need))

    def words(self) -> str:
        """In a sentence: "7 horses for 5 cards" / "too few horses: 4 for 5 cards"."""
        what = f"{_plural(self.have, 'horse')} for {_plural(self.need, 'card')}"
        return what if self.enough else f"too few horses: {what}"


def horses_words(state, seat: int) -> str:
    """The horse cards beside a player's carriage and the horses they pull, against his route: "3 cards, 7 horses
    (route needs 5 ✓)" (Power and Glory, Closing and scoring a route)."""
    n = len(pg.horse_cards(state, seat))
    have = pg.horses(state, seat)
    need = len(state.players[seat].route)
    cards = _plural(n, "card") if n else "no card"
    if not need:
        return f"{cards}, {_plural(have, 'horse')}"
    mark = " ✓" if have >= need else f": {need - have} short"
    return f"{cards}, {_plural(have, 'horse')} (route needs {need}{mark})"


#: What a horse card is worth: the horseshoes a card brings on average (a route's future horse cards, counted in
#: turns: Closing and scoring a route), and a horseshoe's worth to break ties between horse cards.
AVERAGE_SHOES, PER_SHOE = 2.0, 0.05
#: A tie-break: a card that fits the route is played horse side up only when it is worth more that way.
FITS = 0.01
#: The Postal Carrier's second card is worth this much less than the same card next turn (the base bot's 0.05).
CARRIER = 0.05


def horse_turns(need: int) -> int:
    """The turns of horse cards a route still lacking ``need`` horses takes (a card brings 2 on average)."""
    return 0 if need <= 0 else math.ceil(need / AVERAGE_SHOES)


def cont_with_horses(ev, rmask: int, l: int, r: int, k: int, have: int) -> float:
    """Building on the route (the greedy bot's plans, :meth:`~thurn.bots.greedy.evaluation.Eval.cont`) with each
    plan charged the turns its missing horses take: a route of ``m`` cards is scored only with ``m`` horses
    (Power and Glory, Closing and scoring a route), and a card played horse side up is a turn's play (Play a city
    card from the hand)."""
    n = rmask.bit_count()
    plan = ev.plan_memo.get(n << 6 | k)
    if plan is None:
        plan = ev.plans.of(n, k)
    if not plan:
        return 0.0
    safe, risky, lead = plan
    h, _ = ev.hcache.get(rmask) or ev.houses(rmask)
    rate = ev.w.rate
    best = NEG
    for j, ext, tiles, cost in safe:
        v = h + ext + tiles - cost - rate * horse_turns(n + j - have)
        if v > best:
            best = v
    if risky:
        p = ev.p_fit(l, r, rmask)
        pp = p ** lead if lead >= 0 else 1.0
        for j, ext, tiles, cost in risky:
            pp *= p
            v = pp * (h + ext + tiles) - cost - rate * horse_turns(n + j - have)
            if v > best:
                best = v
    return best


def route_value(ev, rmask: int, l: int, r: int, hm: int, have: int) -> float:
    """The route ``rmask`` (ends ``l``, ``r``) with the hand ``hm`` and ``have`` horses: the better of scoring it
    this turn (enough horses, at least the shortest route) and building on (:func:`cont_with_horses`)."""
    k = ev.run(rmask, l, r, hm)
    v = cont_with_horses(ev, rmask, l, r, k, have)
    m = rmask.bit_count()
    if m >= ev.min_route and have >= m:
        x = ev.houses(rmask)[0] + ev.L[m if m < 16 else 15]
        if x > v:
            v = x
    return v


def _carrier(ev, s, have: int) -> float:
    """The Postal Carrier after the turn's card (base rules, 2): the best second card either way, to the route or
    horse side up (Power and Glory, Play a city card from the hand: "he may choose with each card whether to add a
    city to his route or add horses to his carriage"), less a little (the official used)."""
    b, p, route = s.board, ev.p, ev.route
    l, r = route[0], route[-1]
    adj = ev.adj
    best = NEG
    for kind in {b.kind_of[x] for x in p.hand}:
        hm = _without(b, p.hand, kind)
        c = b.city_of[kind]
        if not p.rmask >> c & 1:
            if adj[c] >> l & 1:
                best = max(best, route_value(ev, p.rmask | 1 << c, c, r, hm, have))
            if adj[c] >> r & 1:
                best = max(best, route_value(ev, p.rmask | 1 << c, l, c, hm, have))
        if len(pg.horse_cards(s)) < pg.MAX_HORSE_CARDS:
            shoes = b.card_value(kind, pg.ATTRIBUTE, 1)
            best = max(best, route_value(ev, p.rmask, l, r, hm, have + shoes) + PER_SHOE * shoes)
    return best - CARRIER if best > NEG / 2 else best


_CARDS: dict = {}      # (board, the action's folded card name) -> (card kind, its horseshoes)


def _card_of(b, a) -> tuple:
    """The card kind a PlayHorse action names and its horseshoes (kept: the rollouts ask often)."""
    key = (b, a.key[1])
    hit = _CARDS.get(key)
    if hit is None:
        card = b.card_key(a.city)[1]
        if len(_CARDS) > 4096:
            _CARDS.clear()
        hit = _CARDS[key] = (card, b.card_value(card, pg.ATTRIBUTE, 1) if card is not None else 1)
    return hit


def _without(b, hand, card: int) -> int:
    """The hand's cities (a mask) once one copy of the card ``card``'s kind has left it."""
    hm, gone = 0, False
    kind = b.kind_of
    for x in hand:
        if not gone and kind[x] == card:
            gone = True
            continue
        hm |= b.card_bit[x]
    return hm


def adjust(ev, s, values: list) -> list:
    """The values of the play step and the score step counted with horses (Power and Glory, Play a city card from
    the hand; Closing and scoring a route): a card played to the route is worth its route with the horse turns the
    route still needs; a card played horse side up is worth the route it leaves (scored this turn if the horses
    now suffice) with the horses it adds and the hand without it; building on (``end``) counts the horse turns
    too."""
    step = s.step
    if step == "score":
        if ev.route:
            have = pg.horses(s)
            out = []
            route, rmask = ev.route, ev.p.rmask
            for v, a in values:
                if a.kind == "end":
                    v = cont_with_horses(ev, rmask, route[0], route[-1], ev.run(rmask, route[0], route[-1], ev.hm),
                                         have)
                elif a.kind == "official" and a.resolved == "postal_carrier" and have < len(route):
                    v = max(v, _carrier(ev, s, have))
                out.append((v, a))
            return out
        return values
    if step == "draw":
        return _draw(ev, s, values)
    if step != "play" or not any(a.kind == "horse" for _, a in values):
        return values
    b = s.board
    p = ev.p
    have = pg.horses(s)
    route = ev.route
    plays = [v for v, a in values if a.kind == "play"]
    best = max(plays) if plays else 0.0
    ends = ev.adj[route[0]] | ev.adj[route[-1]] if route else 0
    out = []
    for v, a in values:
        kind = a.kind
        if kind == "play" and route and a.end != "new":
            c = b.city_of[a.resolved]
            rmask = p.rmask | 1 << c
            l, r = (c, route[-1]) if a.end == "left" else (route[0], c)
            v = route_value(ev, rmask, l, r, _without(b, p.hand, b.kind_of[a.resolved]), have)
        elif kind == "horse":
            card, shoes = _card_of(b, a)
            if route:
                hm = _without(b, p.hand, card)
                v = route_value(ev, p.rmask, route[0], route[-1], hm, have + shoes) + PER_SHOE * shoes
                if ends >> b.city_of[card] & 1:
                    v -= FITS                    # (a card that fits the route is kept for it, or for the next)
            else:       # no route yet: a horse only with no card worth starting one
                v = (best if best > NEG / 2 else 0.0) - ev.w.rate + PER_SHOE * shoes
        out.append((v, a))
    return out


def _draw(ev, s, values: list) -> list:
    """The draw step's values less the horse turns the route will need once the card drawn is played to it (the
    same for every draw: the greedy bot's choice is the base game's; the search bot's leaves, valued by the draw
    step, count the horses: Power and Glory, Closing and scoring a route)."""
    n = len(ev.route)
    if not n:
        return values
    cost = ev.w.rate * horse_turns(n + 1 - pg.horses(s))
    return [(v - cost, a) for v, a in values] if cost else values


def _zero(*args) -> float:
    return 0.0


def _nothing(*args) -> None:
    return None


class Valuation:
    """Power and Glory's valuation as :meth:`thurn.parts.Parts.valuation` gives it to the bots."""

    steps = ()
    values = staticmethod(lambda ev, s, actions: [])
    adjust = staticmethod(adjust)
    points = staticmethod(_zero)
    credits = staticmethod(_zero)
    as_mover = staticmethod(_nothing)
    quick = staticmethod(lambda s, actions, rng: actions[0])

    @staticmethod
    def reason(s, a) -> str | None:
        """Why GreedyBot plays a card horse side up, or None."""
        if a.kind != "horse":
            return None
        b = s.board
        c, k = b.card_key(a.city)
        name = b.city_name(c) if k is None else b.card_names[k]        # as the card reads, never its id
        n = len(s.players[s.to_move].route)
        return (f"plays {name} horse side up: the carriage has {pg.horses(s)} horses now for a route of "
                f"{n} card{'' if n == 1 else 's'} ({pg.R_PLAY})")


VALUATION = Valuation()


#: The per-player columns of ``simulate`` (only when the expansion is on): the cards played horse side up, the horses
#: pulling the carriage when a route was scored (mean; none scored: empty), the routes scored of 5 cards or more (the
#: route tiles' lengths, 5 to "8 or more": Power and Glory, components), the free cities with the player's house at
#: the end, and the free-city tiles he took (Power and Glory, Collect bonus tiles).
PLAYER_COLUMNS = ("horse_cards_played", "horses_when_scoring", "routes_5_8", "free_cities_housed",
                  "free_city_tiles")
#: The per-game columns: the share of the scored routes 5 cards or more long, the free-city tiles nobody took.
GAME_COLUMNS = ("long_route_share", "free_city_tiles_left")
#: The stack kind of the free cities' tiles (the board file's ``first_house`` stacks).
FREE_CITY_TILE = "first_house"
LONG_ROUTE = 5


class _Tally:
    """What one game's log says of horses and free cities (see :data:`PLAYER_COLUMNS`)."""

    __slots__ = ("horse_cards", "horses", "lengths")

    def __init__(self, s):
        n = s.num_players
        self.horse_cards = [0] * n
        self.horses = [[] for _ in range(n)]      # the horses at each scoring
        self.lengths = [[] for _ in range(n)]     # the length of each route scored

    def see(self, before, action, after) -> None:
        seat = before.to_move
        kind = action.kind
        if kind == pg.PlayHorse.kind:
            self.horse_cards[seat] += 1
        elif kind == "score":
            self.horses[seat].append(pg.horses(before, seat))
            self.lengths[seat].append(len(before.players[seat].route))

    def row(self, state, seat: int) -> dict:
        b, p = state.board, state.players[seat]
        horses = self.horses[seat]
        return {"horse_cards_played": self.horse_cards[seat],
                "horses_when_scoring": sum(horses) / len(horses) if horses else math.nan,
                "routes_5_8": sum(1 for n in self.lengths[seat] if n >= LONG_ROUTE),
                "free_cities_housed": (p.houses & b.free_cities).bit_count(),
                "free_city_tiles": sum(1 for i, _ in p.tiles if b.stacks[i].kind == FREE_CITY_TILE)}

    def game(self, state) -> dict:
        lengths = [n for seat in self.lengths for n in seat]
        b = state.board
        return {"long_route_share": (sum(1 for n in lengths if n >= LONG_ROUTE) / len(lengths)
                                     if lengths else math.nan),
                "free_city_tiles_left": sum(len(state.stacks[st.index]) for st in b.stacks
                                            if st.kind == FREE_CITY_TILE)}


def backs_words(state) -> tuple[list, str] | None:
    """What the card backs show everyone (Power and Glory, components: "The backs of the city cards have 1, 2 or 3
    horses"; :func:`power_glory.card_backs`): each hand's horseshoes ("1·2·3") and the deck's top card's, in words;
    None where the backs show nothing."""
    backs = pg.card_backs(state)
    if backs is None:
        return None
    hands = ["·".join(str(n) for n in hand) or "—" for hand in backs["hands"]]
    top = backs["deck_top"]
    return hands, ("deck empty" if top is None else f"deck's top card: {_plural(top, 'horseshoe')}")


class PowerGloryParts(Parts):
    name = pg.NAME
    summary = "the northern board: cards played horse side up pull the carriage"

    # -- simulate ---------------------------------------------------------------------------------------------
    player_columns_sim = PLAYER_COLUMNS
    game_columns_sim = GAME_COLUMNS

    def tally(self, state):
        return _Tally(state)

    # -- the ladder -------------------------------------------------------------------------------------------
    def ladder_figures(self, upper, lower, games) -> dict:
        if "long_route_share" not in games:
            return {}
        return dict(upper_routes_5_8=upper["routes_5_8"].mean(), lower_routes_5_8=lower["routes_5_8"].mean(),
                    upper_horse_cards=upper["horse_cards_played"].mean(),
                    lower_horse_cards=lower["horse_cards_played"].mean(),
                    long_route_share=games["long_route_share"].mean())

    def ladder_text(self, r) -> str:
        if not (hasattr(r, "long_route_share") and r.long_route_share == r.long_route_share):
            return ""
        return (f"routes of 5+ {r.upper_routes_5_8:.1f}/{r.lower_routes_5_8:.1f}, horse cards "
                f"{r.upper_horse_cards:.1f}/{r.lower_horse_cards:.1f}, share of routes 5+ a game "
                f"{r.long_route_share:.0%}")

    # -- the map's table and the Play app's players table -------------------------------------------------------
    def pile_words(self, state, pile: str, seat: int) -> str | None:
        return horses_words(state, seat) if pile == pg.PILE else None

    def map_columns(self, state) -> list:
        seen = backs_words(state)
        if seen is None:
            return []
        hands, top = seen
        return [("hand's<br>backs", hands, top)]

    # -- the Play app -----------------------------------------------------------------------------------------
    def player_columns(self, state) -> list:
        """Each hand's card backs (their horseshoes, public), the deck's top card's in the head."""
        seen = backs_words(state)
        if seen is None:
            return []
        hands, top = seen
        head = (f"<th title='the horseshoes on the backs of the cards in each hand: everyone sees them'>hand's backs"
                f"<br><small>{html.escape(top, quote=False)}</small></th>")
        return [(head, [f"<td>{html.escape(h)}</td>" for h in hands])]

    def panel(self, app):
        from .power_glory_panel import CardPanel
        return CardPanel(app)

    # -- the route explorer and the what-if -------------------------------------------------------------------
    outcome_extras = {"horses": None}
    route_columns = ("horses",)
    score_columns = ("horses",)

    def route_extras(self, state, seat: int, cards: int) -> dict:
        """The horses a route of ``cards`` cards needs against the player's (Closing and scoring a route)."""
        return {"horses": HorseCount(pg.horses(state, seat), cards)}

    def outcome_words(self, extras) -> tuple[list, list]:
        h = dict(extras).get("horses")
        return ([], [h.words()]) if isinstance(h, HorseCount) else ([], [])

    def outcome_html(self, extras) -> str:
        h = dict(extras).get("horses")
        if not isinstance(h, HorseCount):
            return ""
        text = h.words()
        return text if h.enough else f"<b style='color:#b00020'>{text}</b>"

    def valuation(self):
        return VALUATION


PARTS = register_parts(PowerGloryParts())

# the lesson questions (thurn.lessons.outcome_question): how many horses pull the carriage
from .power_glory_questions import QUESTIONS as _QUESTIONS, question_label as _question_label  # noqa: E402

PowerGloryParts.questions = _QUESTIONS
PowerGloryParts.question_label = staticmethod(_question_label)
