"""Offices of Honor: a tile for every official used; when a stack runs out, every player returns different tiles
for a reward (2: a card, 3: a victory point chip, 4: a house anywhere), and once more after the last round.

Rules: the rule book with the expansions, "Offices of Honor" (cited as "Offices (001)"), and "All Roads Lead to
Rome", "Offices of Honor" (cited as "Offices (002)"); the two texts agree on everything the engine does, and where
002 is more precise (the card of a 2-tile return: face up or from the deck; a round is repeated "until each office
holder has at least one tile") the engine follows it. Rules notes R7: the final return round goes clockwise from
the starting player (001), or, with the rule option ``final_return_reverse_order``, from the last player backwards
(001's note on an online implementation). Component counts: ``data/offices.json``. Switched on with
``Rules(expansions=("offices",))``.

It plugs into the core through the ruleset alone: the ``official_used`` hook takes the tiles (the compulsory
Postmaster and the Cartwright too); a stack emptied starts a return round at once, as an interruption of the turn
(``after_step``, or ``before_decision`` when a forced step emptied it); the round's own steps (``return``,
``return_check``) and the final round (``final_return``, a final phase) are declared as data; the reward house goes
through :func:`thurn.effects.house_placed_effect` (bonus tiles at once, the last house ends the game).

A return is one action: the tiles, and the reward chosen with them (``return postmaster+cartwright take ulm``,
``return administrator+postmaster+postal_carrier+cartwright house basel``, ``return -`` to return none in the final
round).
"""
from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from ... import effects
from ...actions import Action, official_key, set_fields
from ...board import fold
from ...errors import BoardDataError, IllegalAction, PositionError, UnknownName
from ...scoring import popcount
from ...turn.action_table import table
from ...turn.cards import card_named, cards_text, find_card
from ...turn.deck import take_card
from ...turn.machine import DONE, Decide, StepSpec, forced_event, interrupt
from ...words import article
from ...variants import Variant, register
from ..data import component, count

NAME = "offices"
R_TILES = "Offices, a tile for every official used"
R_RETURN = "Offices, returning tiles"
R_FINAL = "Offices, the final return round"
RETURN, CHECK, FINAL = "return", "return_check", "final_return"
STEPS = (RETURN, CHECK, FINAL)
REWARD_WORDS = {"nothing": "nothing", "card": "a card", "chip": "a victory point chip", "house": "a house"}


class Offices(NamedTuple):
    """Offices of Honor's part of a state (``state.ext["offices"]``): everything public."""

    stacks: tuple               # tiles left on each stack, in the order of ``Conf.order``
    tiles: tuple                # per seat: tiles of each office held
    chips: tuple                # victory point chips per seat
    chips_left: int             # chips left in the supply
    pending: bool               # a stack was emptied: a return round is due before the next decision
    rounds: int                 # return rounds of the current series (1, 2, ...)
    series: int                 # series of return rounds started in this game (the final round not counted)


class Conf(NamedTuple):
    order: tuple                # office ids, in the data file's order
    tiles: dict                 # player count -> tiles per office (a tuple in ``order``)
    chips: int
    chip_points: int
    rewards: dict               # tiles returned -> "nothing" | "card" | "chip" | "house"
    final_rewards: dict


def conf() -> Conf:
    """The component data (``data/offices.json``), checked."""
    d = component(NAME)
    path = "data/offices.json"
    tiles = d.get("tiles")
    if not isinstance(tiles, dict) or not tiles:
        raise BoardDataError(f"{path}: \"tiles\" should map a player count to the tiles of each office.")
    order = None
    per: dict = {}
    for n, stacks in tiles.items():
        if not (isinstance(n, str) and n.isdigit() and isinstance(stacks, dict) and stacks):
            raise BoardDataError(f"{path}: \"tiles\" should map a player count (\"2\") to {{office: tiles}}.")
        if order is None:
            order = tuple(stacks)
        if tuple(stacks) != order:
            raise BoardDataError(f"{path}: every player count should list the same offices in the same order.")
        per[int(n)] = tuple(count(stacks, o, path, 1, 100) for o in order)
    rewards = {}
    for key in ("rewards", "final_rewards"):
        r = d.get(key)
        if not isinstance(r, dict) or not all(k.isdigit() and v in REWARD_WORDS for k, v in r.items()):
            raise BoardDataError(f"{path}: \"{key}\" should map a number of tiles to one of {sorted(REWARD_WORDS)}.")
        rewards[key] = {int(k): v for k, v in r.items()}
    return Conf(order, per, count(d, "chips", path, 0, 1000), count(d, "chip_points", path, 0, 20),
                rewards["rewards"], rewards["final_rewards"])


def offices(s) -> Offices:
    return s.ext[NAME]


class ReturnTiles(Action):
    """Return different office tiles, with the reward chosen (Offices of Honor): ``card`` a city face up or
    ``"deck"`` (2 tiles), ``house`` a city (4 tiles); ``offices=()`` returns none (the final round)."""

    __slots__ = ("offices", "card", "house")
    kind = "return_tiles"

    def __init__(self, offices=(), card: str | None = None, house: str | None = None):
        if isinstance(offices, str):
            offices = (offices,)
        offices = tuple(offices)
        card_key = None if card is None else "deck" if fold(card) == "deck" else fold(card)
        set_fields(self, offices=offices, card=card, house=house,
                   key=("return_tiles", tuple(sorted(official_key(o) for o in offices)), card_key,
                        None if house is None else fold(house)))

    def __str__(self):
        if not self.offices:
            return "return no tile"
        text = "return " + ", ".join(o.replace("_", " ") for o in self.offices)
        if self.card is not None:
            text += ", taking " + ("the top card of the deck" if fold(self.card) == "deck" else self.card)
        if self.house is not None:
            text += f", a house in {self.house}"
        return text

    def __repr__(self):
        extra = (f", card={self.card!r}" if self.card is not None else "") + (
            f", house={self.house!r}" if self.house is not None else "")
        return f"ReturnTiles({self.offices!r}{extra})"

    def __reduce__(self):
        return (ReturnTiles, (self.offices, self.card, self.house))

    @property
    def notation(self):
        text = "return " + ("+".join(fold(o) for o in self.offices) if self.offices else "-")
        if self.card is not None:
            text += " take " + fold(self.card)
        if self.house is not None:
            text += " house " + fold(self.house)
        return text


def parse_return(text: str):
    """A :class:`ReturnTiles` from its notation ("return postal_carrier+administrator take deck") or the game's
    words ("return Postal Carrier+Administrator house St. Gallen"), or None."""
    words = str(text)[:400].split()
    if len(words) < 2 or words[0].lower() != "return":
        return None
    keys = [w.lower() for w in words]
    marks = [i for i in range(2, len(words)) if keys[i] in ("take", "house")]
    if len(marks) != len({keys[i] for i in marks}):
        return None
    ends = marks + [len(words)]
    tiles = " ".join(words[1:ends[0]])
    offices = () if tiles == "-" else tuple(o.strip() for o in tiles.split("+") if o.strip())
    parts = {keys[i]: " ".join(words[i + 1:j]) for i, j in zip(marks, ends[1:])}
    if not offices and tiles != "-" or not all(parts.values()):
        return None
    return ReturnTiles(offices, card=parts.get("take"), house=parts.get("house"))


@register
class OfficesOfHonor(Variant):
    """Offices of Honor (see the module's docstring)."""

    name = NAME
    rule_source = "Offices of Honor"
    rule_options = ("final_return_reverse_order", "top_reward_for_tiles_in_play")
    rule_option_titles = {"final_return_reverse_order": "the final return from the last player (R7)",
                          "top_reward_for_tiles_in_play": "return rewards counted over the offices in play"}

    def rule_option_applies(self, key, ruleset, board) -> bool:
        """``top_reward_for_tiles_in_play`` changes the rewards only where some office cannot be called (Power and
        Glory: "the cartwright ... not used"; :func:`reward_table`); the final return's order always matters."""
        if key == "top_reward_for_tiles_in_play":
            return any(o not in ruleset.official_handlers for o in conf().order)
        return True
    requires_ext = True
    action_kinds = ()

    def __init__(self):
        self.c = conf()
        self._made: dict = {}
        self.steps = (
            StepSpec(RETURN, "return 1 to 4 different office tiles (2: a card, 3: a point, 4: a house)", R_RETURN,
                     self.legal_return, self.forced_return, ("return_tiles",), interruption=True),
            StepSpec(CHECK, "see whether every office has a tile again", R_RETURN, _nothing, self.forced_check, (),
                     interruption=True),
            StepSpec(FINAL, "return 3 or 4 different office tiles for a point or a house, or none", R_FINAL,
                     self.legal_return, self.forced_return, ("return_tiles",), interruption=True),
        )

    def extend(self, rs) -> None:
        from ...turn.machine import ActionKind

        super().extend(rs)
        rs.action(ActionKind("return_tiles", self.check_return, self.do_return, "Return tiles",
                             "return postmaster+cartwright take deck", "return different office tiles for a reward",
                             R_RETURN, words=return_words))

    # -- the supply and the tiles ----------------------------------------------------------------------------------
    def setup(self, s) -> None:
        """Stacks of office tiles by the number of players (Offices, Preparation)."""
        n = s.num_players
        if n not in self.c.tiles:
            raise PositionError(f"Offices of Honor is played by {min(self.c.tiles)} to {max(self.c.tiles)} players.")
        zero = (0,) * len(self.c.order)
        s.set_ext(NAME, Offices(self.c.tiles[n], (zero,) * n, (0,) * n, self.c.chips, False, 0, 0))

    def official_used(self, s, oid, say) -> None:
        """Every time a player uses an official he takes that office's tile (Offices); the last tile of a stack
        starts a return round at once."""
        if oid not in self.c.order:
            return
        O = offices(s)
        i = self.c.order.index(oid)
        if not O.stacks[i]:
            return                      # (never with the rounds taken at once; a hand-made position may try)
        seat = s.to_move
        stacks = O.stacks[:i] + (O.stacks[i] - 1,) + O.stacks[i + 1:]
        mine = O.tiles[seat]
        tiles = O.tiles[:seat] + (mine[:i] + (mine[i] + 1,) + mine[i + 1:],) + O.tiles[seat + 1:]
        s.set_ext(NAME, O._replace(stacks=stacks, tiles=tiles, pending=O.pending or not stacks[i]))
        if say is not None:
            name = s.board.official(oid).name
            last = "; it was the last one: every player returns tiles."
            say(f"{s.names[seat]} takes {article(name)} tile" + (last if not stacks[i] else f" ({stacks[i]} left)."))

    def _round(self, s) -> list:
        n = s.num_players
        return [((s.turn_owner + k) % n, RETURN) for k in range(n)]

    def _start_series(self, s, then) -> None:
        O = offices(s)
        s.set_ext(NAME, O._replace(pending=False, rounds=1, series=O.series + 1))
        interrupt(s, self._round(s) + [(s.turn_owner, CHECK)], then=then)

    def after_step(self, s, step, action, nxt, say):
        """A stack emptied by this action: the return round begins now, with the player whose turn it is."""
        if offices(s).pending:
            self._start_series(s, nxt.step if type(nxt) is Decide else nxt)
            return None
        return nxt

    def before_decision(self, s, say) -> None:
        """A stack emptied by a forced step (the compulsory Postmaster): the return round begins before the player
        decides."""
        if offices(s).pending:
            self._start_series(s, None)

    def forced_check(self, s, say):
        """Another complete round while an office has no tile (Offices (001): "until the emptied stack is no
        longer empty"; (002): "until each office holder has at least one tile")."""
        O = offices(s)
        if all(O.stacks):
            return DONE
        s.set_ext(NAME, O._replace(rounds=O.rounds + 1))
        if say is not None:
            empty = [s.board.official(o).name for o, k in zip(self.c.order, O.stacks) if not k]
            say(f"The {', '.join(empty)} stack is still empty: another round of returns.")
        interrupt(s, self._round(s))
        return None

    def final_phase(self, s, say) -> None:
        """After the last round, one final return each: 3 or 4 tiles (Offices (001)); the order is R7's."""
        n = s.num_players
        first = s.start_player
        if s.rules.final_return_reverse_order:
            seats = [(first - 1 - k) % n for k in range(n)]
        else:
            seats = [(first + k) % n for k in range(n)]
        if say is not None:
            words = {"chip": "a point", "house": "a house", "card": "a card"}
            say("The final return of office tiles: " + ", ".join(
                f"{n} tiles for {words.get(r, r)}" for n, r in sorted(reward_table(s, True).items())) + ".")
        interrupt(s, [(seat, FINAL) for seat in seats])

    # -- the return --------------------------------------------------------------------------------------------
    def _sizes(self, s) -> dict:
        return reward_table(s, s.step == FINAL)

    def _action(self, names, card=None, house=None) -> ReturnTiles:
        """The engine's copy of a return (made once: folding the names is the costly part of listing returns)."""
        key = (names, card, house)
        a = self._made.get(key)
        if a is None:
            if len(self._made) > 100_000:
                self._made.clear()
            a = self._made[key] = ReturnTiles(names, card=card, house=house)
        return a

    def legal_return(self, s) -> list:
        O = offices(s)
        seat = s.to_move
        mine = O.tiles[seat]
        held = [i for i, k in enumerate(mine) if k]
        rewards = self._sizes(s)
        out = []
        make = self._action
        if s.step == FINAL:
            out.append(make(()))
        board = s.board
        t = table(board)
        p = s.players[seat]
        for size in sorted(rewards):
            for combo in combinations(held, size):
                names = tuple(self.c.order[i] for i in combo)
                reward = rewards[size]
                out.append(make(names))
                if reward == "card":
                    seen = set()
                    for c in s.display:             # one per kind of card face up (see board.kind_of)
                        if c >= 0 and board.kind_of[c] not in seen:
                            seen.add(board.kind_of[c])
                            out.append(make(names, card=t.card_names[c]))
                    if s.deck or s.discard:
                        out.append(make(names, card="deck"))
                elif reward == "house" and p.houses_left > 0:
                    for c in range(len(board.cities)):
                        if not p.houses >> c & 1:
                            out.append(make(names, house=t.names[c]))
        return out

    def forced_return(self, s, say):
        """A player with no tile returns none (Offices: "if a player has no tiles, he returns none"); in the final
        round, one without 3 different tiles has nothing to return."""
        mine = offices(s).tiles[s.to_move]
        kinds = sum(1 for k in mine if k)
        least = min(self._sizes(s))
        if kinds >= least:
            return None
        who = s.names[s.to_move]
        if s.step == FINAL:
            forced_event(s, "final_return_none", say, f"{who} holds {kinds} different office tile"
                         f"{'s' if kinds != 1 else ''}, fewer than {least}: no final return.")
        else:
            forced_event(s, "returns_nothing", say, f"{who} has no office tile to return.")
        return DONE

    def check_return(self, s, a):
        """(arg, error): arg = (office indices, card or None, house or None)."""
        if s.step not in (RETURN, FINAL):
            return None, IllegalAction("not_returning", "Office tiles are returned only when a stack has run out "
                                       "(a return round) or after the last round.", a, R_RETURN)
        board = s.board
        O = offices(s)
        seat = s.to_move
        mine = O.tiles[seat]
        idx = []
        for o in a.offices:
            oid = board._official_lookup.get(fold(o))
            if oid is None or oid not in self.c.order:
                try:
                    board.official(o)
                except ValueError as e:
                    return None, IllegalAction("unknown_official", str(e), a, R_RETURN)
                return None, IllegalAction("no_such_office", f"There is no office tile of the {o}.", a, R_RETURN)
            idx.append(self.c.order.index(oid))
        if len(set(idx)) != len(idx):
            return None, IllegalAction("tiles_not_different", "The tiles returned together must be different "
                                       "offices.", a, R_RETURN)
        for i in idx:
            if not mine[i]:
                name = board.official(self.c.order[i]).name
                return None, IllegalAction("tile_not_held", f"You hold no {name} tile (yours: "
                                           f"{self.held_text(s, seat)}).", a, R_RETURN)
        rewards = self._sizes(s)
        n = len(idx)
        if n not in rewards and not (n == 0 and s.step == FINAL):
            if s.step == FINAL:
                why = "In the final return round you return 3 or 4 different tiles, or none."
            else:
                why = "Return 1 to 4 different tiles (you hold some, so at least one)."
            return None, IllegalAction("return_size", why, a, R_FINAL if s.step == FINAL else R_RETURN)
        reward = rewards.get(n, "nothing")
        card = house = None
        if a.card is not None:
            if reward != "card":
                return None, IllegalAction("no_card_reward", f"Only a return of 2 tiles earns a card; you return "
                                           f"{n}.", a, R_RETURN)
            if fold(a.card) == "deck":
                if not (s.deck or s.discard):
                    return None, IllegalAction("deck_empty", "The deck and the discard pile are empty: take a card "
                                               "face up.", a, R_RETURN)
                card = -1
            else:
                named, err = card_named(s, a, a.card, fold(a.card))
                if err is not None:
                    return None, IllegalAction("unknown_city", err.explanation, a, R_RETURN)
                c, kind = named
                card = find_card(board, s.display, c, kind)
                if card < 0:
                    what = board.city_name(c) if kind is None else board.card_names[kind]
                    return None, IllegalAction("not_in_display", f"{what} is not face up (or name the copy); the "
                                               f"display shows {cards_text(board, [x for x in s.display if x >= 0])}.", a,
                                               R_RETURN)
        if a.house is not None:
            if reward != "house":
                return None, IllegalAction("no_house_reward", f"Only a return of 4 tiles earns a house; you return "
                                           f"{n}.", a, R_RETURN)
            c, err = _city(board, a.house, a)
            if err is not None:
                return None, err
            p = s.players[seat]
            if p.houses >> c & 1:
                return None, IllegalAction("house_there", f"You have a house in {board.city_name(c)} already.", a,
                                           R_RETURN)
            if p.houses_left <= 0:
                return None, IllegalAction("no_house_left", "You have no house left to place.", a, R_RETURN)
            house = c
        mask = 0
        for i in idx:
            mask |= 1 << i
        return (mask, card, house), None

    def held_text(self, s, seat) -> str:
        mine = offices(s).tiles[seat]
        parts = [f"{k} {s.board.official(o).name}" for o, k in zip(self.c.order, mine) if k]
        return ", ".join(parts) if parts else "none"

    def do_return(self, s, arg, action, say):
        mask, card, house = arg
        O = offices(s)
        seat = s.to_move
        who = s.names[seat]
        n = popcount(mask)
        mine = tuple(k - (mask >> i & 1) for i, k in enumerate(O.tiles[seat]))
        stacks = tuple(k + (mask >> i & 1) for i, k in enumerate(O.stacks))
        O = O._replace(stacks=stacks, tiles=O.tiles[:seat] + (mine,) + O.tiles[seat + 1:])
        reward = self._sizes(s).get(n, "nothing")
        got = "nothing"
        if reward == "chip":
            if O.chips_left:
                O = O._replace(chips=tuple(c + (i == seat) for i, c in enumerate(O.chips)), chips_left=O.chips_left - 1)
                got = "a victory point chip"
            else:
                got = "nothing (no chip is left)"
        s.set_ext(NAME, O)
        if card is not None:
            take_card(s, s.player_copy(seat), card, say)
            got = "the top card of the deck" if card < 0 else f"{s.board.card_names[card]} from the display"
        elif reward == "card":
            got = "no card (declined)"
        if house is not None:
            p = s.player_copy(seat)
            placed, tiles, ends = effects.house_placed_effect(s, seat, p, 1 << house)
            got = f"a house in {s.board.city_name(house)}"
            if tiles:
                got += " and " + ", ".join(f"the {s.board.stacks[si].name} tile ({v})" for si, v in tiles)
            if ends and say is not None:
                say(f"{who} places the last house: the game ends when this round of turns is complete.")
        elif reward == "house":
            got = "no house (declined)"
        if say is not None:
            if n == 0:
                say(f"{who} returns no tile.")
            else:
                names = ", ".join(s.board.official(self.c.order[i]).name for i in range(len(self.c.order))
                                  if mask >> i & 1)
                say(f"{who} returns {n} tile{'s' if n != 1 else ''} ({names}) and gets {got}.")
        return DONE

    # -- the end -----------------------------------------------------------------------------------------------
    def score(self, s, seat) -> dict:
        """Victory point chips: one point each (Offices); the tiles themselves are worth nothing."""
        return {"chips": offices(s).chips[seat] * self.c.chip_points}

    def parse(self, text):
        return parse_return(text)

    def player_extras(self, s, seat) -> dict:
        """The office tiles in front of the player (by office) and his victory point chips (Offices)."""
        O = offices(s)
        tiles = {s.board.official(o).name: k for o, k in zip(self.c.order, O.tiles[seat]) if k}
        return {"office tiles": tiles, "chips": O.chips[seat]}

    # -- saved positions -----------------------------------------------------------------------------------------
    def dump(self, O: Offices) -> dict:
        order = self.c.order
        return {"stacks": dict(zip(order, O.stacks)), "tiles": [dict(zip(order, t)) for t in O.tiles],
                "chips": list(O.chips), "chips_left": O.chips_left, "pending": O.pending, "rounds": O.rounds,
                "series": O.series}

    def load(self, data) -> Offices:
        if not isinstance(data, dict):
            raise PositionError("ext.offices should be an object with stacks, tiles, chips and chips_left.")
        order = self.c.order
        most = max(sum(t) for t in self.c.tiles.values())

        def per_office(v, what):
            if not isinstance(v, dict) or set(v) != set(order) or not all(
                    isinstance(v[o], int) and not isinstance(v[o], bool) and 0 <= v[o] <= most for o in order):
                raise PositionError(f"ext.offices.{what} should give a number of tiles (0 to {most}) for each of "
                                    f"{', '.join(order)}.")
            return tuple(v[o] for o in order)

        def whole(key, high, default=None):
            v = data.get(key, default)
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= high:
                raise PositionError(f"ext.offices.{key} should be a whole number from 0 to {high}.")
            return v

        stacks = per_office(data.get("stacks"), "stacks")
        tiles = data.get("tiles")
        if not isinstance(tiles, list) or not 1 <= len(tiles) <= 8:
            raise PositionError("ext.offices.tiles should list each player's tiles.")
        tiles = tuple(per_office(t, f"tiles[{i}]") for i, t in enumerate(tiles))
        chips = data.get("chips")
        if not isinstance(chips, list) or len(chips) != len(tiles) or not all(
                isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= self.c.chips for c in chips):
            raise PositionError(f"ext.offices.chips should list each player's chips (0 to {self.c.chips}).")
        pending = data.get("pending", False)
        if not isinstance(pending, bool):
            raise PositionError("ext.offices.pending should be true or false.")
        O = Offices(stacks, tiles, tuple(chips), whole("chips_left", self.c.chips), pending, whole("rounds", 1000, 0),
                    whole("series", 100000, 0))
        if sum(O.chips) + O.chips_left != self.c.chips:
            raise PositionError(f"ext.offices: the chips held and left should add up to {self.c.chips}.")
        return O

    def load_position(self, s, data) -> Offices:
        """Offices of Honor's part of a position (Offices, Preparation and Returning tiles); every field may be left
        out, and an office left out of a player's ``tiles`` counts none:

        - ``tiles`` (per seat, ``{office: count}``): default none;
        - ``stacks`` (``{office: count}``): default the tiles for this many players less those held;
        - ``chips`` (per seat): default none; ``chips_left``: default the chips not held;
        - ``pending``: default whether a stack is empty outside a return round (the round is due at once);
        - ``rounds``, ``series``: default 1 inside a return round, else 0.
        """
        if not isinstance(data, dict):
            raise PositionError("ext.offices should be an object with stacks, tiles, chips and chips_left.")
        for k in data:
            if k not in ("stacks", "tiles", "chips", "chips_left", "pending", "rounds", "series"):
                raise UnknownName("field of ext.offices", k if not isinstance(k, str) else k[:100],
                                  ["stacks", "tiles", "chips", "chips_left", "pending", "rounds", "series"])
        n = s.num_players
        if n not in self.c.tiles:
            raise PositionError(f"Offices of Honor is played by {min(self.c.tiles)} to {max(self.c.tiles)} players.")
        order, full = self.c.order, dict(zip(self.c.order, self.c.tiles[n]))
        d = dict(data)
        tiles = d.get("tiles")
        if tiles is None:
            tiles = [{} for _ in range(n)]
        if isinstance(tiles, list) and len(tiles) <= 8 and all(isinstance(t, dict) for t in tiles):
            tiles = [{o: t.get(o, 0) for o in order} | {k: v for k, v in t.items() if k not in order} for t in tiles]
        d["tiles"] = tiles
        stacks = d.get("stacks")
        if stacks is None and isinstance(tiles, list) and all(isinstance(t, dict) for t in tiles):
            held = {o: sum(v for v in (t.get(o, 0) for t in tiles) if isinstance(v, int)) for o in order}
            stacks = {o: max(0, full[o] - held[o]) for o in order}
        d["stacks"] = stacks
        chips = d.get("chips")
        if chips is None:
            chips = d["chips"] = [0] * n
        if d.get("chips_left") is None and isinstance(chips, list) and all(
                isinstance(c, int) and not isinstance(c, bool) for c in chips):
            d["chips_left"] = max(0, self.c.chips - sum(chips))
        returning = s.step in (RETURN, CHECK)
        for key in ("rounds", "series"):
            if d.get(key) is None:
                d[key] = 1 if returning else 0
        if d.get("pending") is None:
            d["pending"] = (not returning and s.step != FINAL and isinstance(stacks, dict)
                            and any(stacks.get(o) == 0 for o in order))
        return self.load(d)

    def check_loaded(self, s) -> None:
        O = offices(s)
        n = s.num_players
        if len(O.tiles) != n or n not in self.c.tiles:
            raise PositionError("ext.offices does not fit the players of the position.")
        for i, o in enumerate(self.c.order):
            if O.stacks[i] + sum(t[i] for t in O.tiles) != self.c.tiles[n][i]:
                raise PositionError(f"ext.offices: the {o} tiles on the stack and held should add up to "
                                    f"{self.c.tiles[n][i]} with {n} players.")
        empty = [s.board.official(o).name for o, k in zip(self.c.order, O.stacks) if not k]
        if O.pending and not empty:
            raise PositionError("ext.offices.pending is true, but no office stack is empty: a return round is due only "
                                f"when a stack has run out ({R_RETURN}).", "return_round_inconsistent")
        if empty and not O.pending and s.step not in STEPS:
            raise PositionError(f"ext.offices: the {' and '.join(empty)} stack is empty, but no return round is due "
                                f"or under way: the round begins as soon as a stack runs out ({R_RETURN}).",
                                "return_round_inconsistent")


def _city(board, name, a):
    """(city number, None) for a name in a return, or (None, the error naming the close match)."""
    c = board._lookup.get(fold(name))
    if c is not None:
        return c, None
    try:
        return board.index(name), None
    except ValueError as e:
        return None, IllegalAction("unknown_city", str(e), a, R_RETURN)


def _nothing(s) -> list:
    return []


# -- pure readings for the apps, the what-if answers and the bots ---------------------------------------------------

def active(s) -> bool:
    """Whether Offices of Honor is switched on in this game."""
    return NAME in s.ext


def order() -> tuple:
    """The office ids in the order of the stacks and of each player's tiles."""
    return conf().order


def held(s, seat: int) -> dict:
    """The office tiles ``seat`` holds: {office id: count}."""
    return dict(zip(conf().order, offices(s).tiles[seat]))


def summary(s) -> dict:
    """Stacks, tiles, chips in plain values for tables and maps."""
    O = offices(s)
    o = conf().order
    return {"stacks": dict(zip(o, O.stacks)), "tiles": {name: dict(zip(o, t)) for name, t in zip(s.names, O.tiles)},
            "chips": dict(zip(s.names, O.chips)), "chips_left": O.chips_left, "return_rounds": O.series,
            "returning": s.step in STEPS}


def return_words(s, action) -> str:
    """A return in the words of the Play app's return picker and of hints: "return Postmaster + Cartwright: the top
    card of the deck", "return no tile" (Offices, Returning tiles)."""
    if not action.offices:
        return "return no tile"
    chosen = {official_key(o) for o in action.offices}
    names = " + ".join(s.board.official(o).name for o in order() if o in chosen)
    return f"return {names}: {reward_words(s, action)}"


def reward_words(s, action) -> str:
    """What a legal return takes, in words: the card or the house, or the reward declined or earned."""
    if action.card is not None:
        return "the top card of the deck" if fold(action.card) == "deck" else f"{action.card} (face up)"
    if action.house is not None:
        return f"a house in {action.house}"
    reward = rewards(s).get(len(action.offices), "nothing")
    if reward in ("card", "house"):
        return f"no {reward} (decline it)"
    return REWARD_WORDS[reward]


def rewards(s) -> dict:
    """What a return of each size earns now (Offices: 2 a card, 3 a chip, 4 a house; the final round only 3 and 4):
    ``{size: "nothing" | "card" | "chip" | "house"}``, smallest first."""
    return dict(sorted(reward_table(s, s.step == FINAL).items()))


_TABLES: dict = {}


def reward_table(s, final: bool) -> dict:
    """``{tiles returned: reward}`` of a return (``final``: of the final round) under ``s``'s rules. As printed
    (Offices of Honor: 1 nothing, 2 a card, 3 a chip, 4 a house; the final round 3 or 4), unless the rule option
    ``top_reward_for_tiles_in_play`` is on and some office cannot be called in this ruleset (Power and Glory:
    "the cartwright ... not used", his handler removed): then those offices' tiles are out of the game and the
    rewards are counted from the top, so that one tile of every office in play earns the house (3 offices: 1 a
    card, 2 a chip, 3 a house; the final round 2 or 3). docs/design.md, "Power and Glory", reading 7."""
    key = (id(s.ruleset), s.rules.top_reward_for_tiles_in_play, final)
    hit = _TABLES.get(key)
    if hit is None or hit[0] is not s.ruleset:      # (the ruleset is kept with its table: an id is never reused)
        c = conf()
        table = c.final_rewards if final else c.rewards
        out = sum(1 for o in c.order if o not in s.ruleset.official_handlers) \
            if s.rules.top_reward_for_tiles_in_play else 0
        if out:
            table = {n - out: r for n, r in table.items() if n - out >= 1}
        hit = _TABLES[key] = (s.ruleset, table)
    return hit[1]

