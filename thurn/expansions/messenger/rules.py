"""The Princess' Messenger: nobility letters buy the help of more officials in a turn; the Messenger figure goes to
whoever scores a route without taking a carriage, and is worth a point at the end.

Rules: the rule book with the expansions, "The Princess' Messenger" (cited below as "Messenger"); the component
counts, costs and points are in ``data/messenger.json``. Switched on with ``Rules(expansions=("messenger",))``.

It plugs into the core through the ruleset alone:

- its officials policy (:class:`LettersPolicy`): one official free per turn, each further one for 2 letters (1 for
  the holder of the figure), each official at most once per turn, paid only with letters held at the start of
  the turn;
- the Administrator's handler, so that he may also help after drawing (before the card is played);
- hooks: the setup (a letter on every city, 0/1/2/3 to the players in turn order), the start of a turn (the
  letters that may be spent), houses placed (the first house in a city takes its letter, however it is placed:
  scoring, or an Offices of Honor reward), after each action (the figure, and the log), and the score item (the
  figure's point; letters are worth nothing).

Rules notes R8 (an empty hand with the Administrator and the Postmaster): the engine takes the compulsory
Postmaster at the start of the turn, before any choice, so with an empty hand the Administrator is always the
second official and the paid one. The two readings of R8 (the second one pays; the Administrator pays) give the
same price in every position, so there is no rule option for it (tests/expansions/messenger/test_rules.py shows it).
"""
from __future__ import annotations

from typing import NamedTuple

from ...errors import BoardDataError, IllegalAction, PositionError, UnknownName
from ...scoring import popcount
from ...turn.action_table import table
from ...turn.base_officials import draw_skipped
from ...turn.machine import OVER
from ...turn.steps import DRAW, PLAY, illegal
from ...turn.machine import OfficialsPolicy
from ...variants import Variant, register
from ..data import component, count

NAME = "messenger"
R_LETTERS = "Messenger, The Nobility Letters"
R_FIGURE = "Messenger, The Princess' Messenger"
R_SETUP = "Messenger, Preparation"


class Letters(NamedTuple):
    """The Princess' Messenger's part of a state (``state.ext["messenger"]``): everything public."""

    cities: int                 # bit mask of the cities whose letter still lies there
    held: tuple                 # letters in front of each player
    holder: int                 # the seat holding the Messenger figure, -1 while it stands beside the board
    budget: int                 # letters the player whose turn it is may still spend (held at the turn's start)
    paid: tuple                 # ((official id, letters), ...) paid for this turn
    spent: int                  # letters paid in this game (out of the game)


class Conf(NamedTuple):
    letters: int
    per_city: int
    start: tuple
    free: int
    cost: int
    cost_holder: int
    points: int


def conf() -> Conf:
    """The component data (``data/messenger.json``), checked."""
    d = component(NAME)
    path = "data/messenger.json"
    start = d.get("start_letters")
    if not isinstance(start, list) or not start or not all(isinstance(v, int) and 0 <= v <= 28 for v in start):
        raise BoardDataError(f"{path}: \"start_letters\" should be a list of whole numbers, one per seat.")
    return Conf(count(d, "letters", path, 1, 200), count(d, "letters_per_city", path, 0, 1), tuple(start),
                count(d, "free_officials", path, 0, 4), count(d, "extra_official_cost", path, 0, 20),
                count(d, "extra_official_cost_with_messenger", path, 0, 20), count(d, "messenger_points", path, 0, 20))


def _most_letters(c: Conf, cities: int) -> int:
    """The letters of a game on a board of ``cities`` cities: the box's (28), or one on each city and the players'
    (Messenger, Preparation 1: "place one nobility letter in each city on the game board") where a board has more
    cities than the base board (the northern board of Power and Glory: 23 cities, 29 letters)."""
    return max(c.letters, cities * c.per_city + sum(c.start))


def figure_used(s) -> bool:
    """Whether the Messenger figure is in the game: only where routes earn carriages (a carriage stage in the
    scoring). Without carriages every scoring would take it; the rule book's Yucata note: "The Princess' Messenger
    is not used when the Princess' Messenger expansion is used with Power and Glory"."""
    return any(st.name == "carriage" for st in s.ruleset.scoring)


def letters(s) -> Letters:
    return s.ext[NAME]


def _plural(n: int) -> str:
    return f"{n} letter" if n == 1 else f"{n} letters"


class LettersPolicy(OfficialsPolicy):
    """One official free per turn; each further one costs letters (Messenger, The Nobility Letters)."""

    rule = f"{R_LETTERS}: one official free, each further one for nobility letters"
    text = "one free per turn; each further one costs 2 letters (1 with the Messenger), each at most once"
    sentence = "only one official helps for free; each further one costs nobility letters"

    def __init__(self, c: Conf):
        self.c = c

    def price(self, s) -> int:
        """What a further official costs the player to move now (Messenger: 2 letters, 1 for the figure's holder)."""
        return self.c.cost_holder if letters(s).holder == s.to_move else self.c.cost

    def problem(self, s, oid: str, action=None):
        if oid in s.officials or len(s.officials) < self.c.free:
            return None                 # (the base rules explain "each official at most once per turn")
        L = letters(s)
        price = self.price(s)
        if L.budget >= price:
            return None
        held = L.held[s.to_move]
        name = s.board.official(oid).name
        which = "a second" if len(s.officials) == 1 else "another"
        if held >= price:
            return IllegalAction("letters_not_held_at_start",
                                 f"You hold {_plural(held)}, but only letters held at the start of the turn may be "
                                 f"spent ({_plural(L.budget)} left of them); {which} official ({name}) costs "
                                 f"{price}.", action, R_LETTERS)
        return IllegalAction("letters_short", f"You hold {_plural(held)}; {which} official ({name}) costs {price}.",
                             action, R_LETTERS)

    def may_call(self, s, oid: str) -> bool:
        if oid in s.officials:
            return False
        return len(s.officials) < self.c.free or letters(s).budget >= self.price(s)

    def cost_words(self, s, action) -> str:
        """'free' or '2 letters': the letters the call takes (the engine's answer, the action applied on a copy)."""
        seat = s.to_move
        taken = letters(s).held[seat] - letters(s.apply(action)).held[seat]
        return "free" if taken == 0 else _plural(taken)

    def called(self, s, oid: str, say=None) -> None:
        """Pay for an official beyond the free one: the letters leave the game (Messenger)."""
        if len(s.officials) <= self.c.free:
            return
        L = letters(s)
        price = self.price(s)
        seat = s.to_move
        held = tuple(h - price if i == seat else h for i, h in enumerate(L.held))
        s.set_ext(NAME, L._replace(held=held, budget=L.budget - price, paid=L.paid + ((oid, price),),
                                   spent=L.spent + price))
        if say is not None:
            say(f"{s.names[seat]} pays {_plural(price)} for the {s.board.official(oid).name} "
                f"({_plural(held[seat])} left).")


def check_administrator(s, a, p):
    """The Administrator before drawing, or after drawing one or two cards, before the card is played
    (Messenger: "The Administrator can be used after the player has drawn one or two cards")."""
    if s.step == PLAY and s.draws == 0 and s.plays == 0:
        return draw_skipped(s, a)
    if not (s.step == DRAW or (s.step == PLAY and s.plays == 0)):
        return illegal("administrator_after_play", "The Administrator replaces the display before you play your "
                       "card (with the Princess' Messenger also after drawing); you have played this turn.", a,
                       R_LETTERS)
    if not any(c >= 0 for c in s.display):
        return illegal("nothing_to_replace", "The display is empty: there is nothing to replace.", a, R_LETTERS)
    return None


@register
class Messenger(Variant):
    """The Princess' Messenger (see the module's docstring)."""

    name = NAME
    rule_source = "The Princess' Messenger"
    requires_ext = True

    def __init__(self):
        self.c = conf()
        self.officials = LettersPolicy(self.c)

    def extend(self, rs) -> None:
        super().extend(rs)
        rs.official_handlers["administrator"] = rs.official_handlers["administrator"].replace(check=check_administrator)
        rs.texts["official administrator"] = ("replace all six face-up cards before drawing, or after drawing one "
                                              "or two cards, before the card is played")

    def legal_actions(self, s, actions: list) -> list:
        """The Administrator also after drawing one or two cards, before the card is played (Messenger)."""
        if s.draws and not s.plays and (s.step == PLAY or s.step == DRAW) and max(s.display) >= 0 \
                and self.officials.may_call(s, "administrator"):
            call = table(s.board).call["administrator"]
            if call not in actions:
                actions = [call] + actions
        return actions

    # -- setup and the turn ------------------------------------------------------------------------------------
    def setup(self, s) -> None:
        """A letter on every city; the first to fourth players take 0, 1, 2 and 3 (Messenger, Preparation 1-2)."""
        n = s.num_players
        if n > len(self.c.start):
            raise PositionError(f"The Princess' Messenger gives letters to {len(self.c.start)} players at most.")
        held = [0] * n
        for k in range(n):
            held[(s.start_player + k) % n] = self.c.start[k]
        cities = s.board.all_mask if self.c.per_city else 0
        s.set_ext(NAME, Letters(cities, tuple(held), -1, held[s.turn_owner], (), 0))

    def turn_start(self, s, say) -> None:
        """Only letters held at the start of the turn may be spent in it (Messenger, The Nobility Letters)."""
        L = letters(s)
        s.set_ext(NAME, L._replace(budget=L.held[s.turn_owner], paid=()))

    def turn_end(self, s, say) -> None:
        """Letters not spent in a turn stay with the player; the next turn counts them again (see turn_start)."""
        L = letters(s)
        s.set_ext(NAME, L._replace(budget=0, paid=()))

    def houses_placed(self, s, seat, mask) -> None:
        """The first house placed in a city takes its letter (Messenger, The Nobility Letters)."""
        L = letters(s)
        taken = L.cities & mask
        if taken:
            held = tuple(h + popcount(taken) if i == seat else h for i, h in enumerate(L.held))
            s.set_ext(NAME, L._replace(cities=L.cities & ~taken, held=held))

    def after(self, s, before, action, say) -> None:
        """The figure goes to a player who scores a route and takes no carriage (Messenger; rules notes R9: declining
        is a choice); the log says which letters were taken."""
        L, B = letters(s), letters(before)
        if action.kind == "score" and figure_used(s):
            seat = before.to_move
            if len(s.players[seat].carriages) == len(before.players[seat].carriages) and L.holder != seat:
                s.set_ext(NAME, L._replace(holder=seat))
                L = letters(s)
                if say is not None:
                    had = f" from {s.names[B.holder]}" if B.holder >= 0 else ""
                    say(f"{s.names[seat]} takes no carriage, so takes the Princess' Messenger{had}.")
        if say is not None and L.cities != B.cities:
            for seat in range(s.num_players):
                got = (B.cities & ~L.cities) & s.players[seat].houses & ~before.players[seat].houses
                if got:
                    names = ", ".join(s.board.city_name(c) for c in range(len(s.board.cities)) if got >> c & 1)
                    say(f"{s.names[seat]} takes the nobility letter{'s' if popcount(got) > 1 else ''} of {names} "
                        f"({_plural(L.held[seat])}).")

    def score(self, s, seat) -> dict:
        """The figure's holder at the end: one point; letters are worth nothing (Messenger)."""
        return {"messenger": self.c.points if letters(s).holder == seat else 0}

    def player_extras(self, s, seat) -> dict:
        """The nobility letters in front of the player, and the Princess' Messenger if he holds it (Messenger)."""
        L = letters(s)
        return {"letters": L.held[seat], "Princess' Messenger": L.holder == seat}

    # -- saved positions -----------------------------------------------------------------------------------------
    def dump(self, L: Letters) -> dict:
        return {"cities": L.cities, "held": list(L.held), "holder": None if L.holder < 0 else L.holder,
                "budget": L.budget, "paid": [[o, n] for o, n in L.paid], "spent": L.spent}

    def load(self, data) -> Letters:
        if not isinstance(data, dict):
            raise PositionError("ext.messenger should be an object with cities, held, holder, budget, paid, spent.")
        c = self.c

        def whole(key, low, high):
            v = data.get(key)
            if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
                raise PositionError(f"ext.messenger.{key} should be a whole number from {low} to {high}, not "
                                    f"{str(v)[:40]!r}.")
            return v

        cities = whole("cities", 0, (1 << 64) - 1)
        held = data.get("held")
        if not isinstance(held, list) or not 1 <= len(held) <= 8 or not all(
                isinstance(h, int) and not isinstance(h, bool) and 0 <= h <= _most_letters(c, 60) for h in held):
            raise PositionError(f"ext.messenger.held should list each player's letters (0 to {_most_letters(c, 60)}).")
        holder = data.get("holder")
        if holder is None:
            holder = -1
        elif not isinstance(holder, int) or isinstance(holder, bool) or not 0 <= holder < len(held):
            raise PositionError("ext.messenger.holder should be a seat or null.")
        paid = data.get("paid", [])
        if not isinstance(paid, list) or len(paid) > 4 or not all(
                isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) and isinstance(p[1], int)
                and not isinstance(p[1], bool) and 0 <= p[1] <= 20 for p in paid):
            raise PositionError("ext.messenger.paid should list [official, letters] pairs (4 at most).")
        top = _most_letters(c, 60)
        L = Letters(cities, tuple(held), holder, whole("budget", 0, top), tuple((o[:40], n) for o, n in paid),
                    whole("spent", 0, top))
        if popcount(L.cities) + sum(L.held) + L.spent > top:
            raise PositionError(f"ext.messenger counts more than the {top} nobility letters of a game.")
        return L

    def dump_position(self, s, L: Letters) -> dict:
        """The letters as a position writes them: the cities by name, the figure's holder by name; the turn's
        budget, the officials paid and the letters spent only where they differ from what the rest derives (see
        :meth:`load_position`)."""
        out = {"cities": s.board.names_of(L.cities), "held": list(L.held),
               "holder": None if L.holder < 0 else s.names[L.holder]}
        if L.budget != self._budget(s, L.held):
            out["budget"] = L.budget
        if L.paid != self._paid(s, L.holder):
            out["paid"] = [[o, n] for o, n in L.paid]
        if L.spent != self._spent(s, L.cities, L.held):
            out["spent"] = L.spent
        return out

    def load_position(self, s, data) -> Letters:
        """The letters of a position (Messenger, Preparation and The Nobility Letters); every field may be left out:

        - ``cities`` (city names; a bit mask in older files): the cities whose letter still lies there; default
          every city without a house (the first house placed in a city takes its letter);
        - ``held`` (one number per seat): default the letters dealt at the start (0, 1, 2, 3 from the start player)
          and the letter of each city where one player alone has a house (several players there: give ``held``);
        - ``holder`` (a player's name or seat, or null): the Messenger figure; default beside the board;
        - ``budget``: the letters the turn's owner may still spend; default the letters he holds;
        - ``paid`` (``[[official, letters], ...]``): default the officials of this turn beyond the free one, each
          at the price now;
        - ``spent``: the letters paid in this game; default the letters dealt out less those on the board and held.
        """
        if not isinstance(data, dict):
            raise PositionError("ext.messenger should be an object with cities, held, holder, budget, paid, spent.")
        _known(data, ("cities", "held", "holder", "budget", "paid", "spent"))
        d = dict(data)
        cities = d.get("cities")
        if isinstance(cities, list):
            d["cities"] = _city_mask(s.board, cities)
        elif cities is None:
            d["cities"] = (s.board.all_mask & ~_built(s)) if self.c.per_city else 0
        if d.get("held") is None:
            d["held"] = self._held(s)
        holder = d.get("holder")
        if isinstance(holder, str):
            try:
                d["holder"] = s.seat(holder[:100])
            except ValueError as e:
                raise PositionError(f"ext.messenger.holder: {e}") from None
        if d.get("budget") is None:
            d["budget"] = self._budget(s, d["held"]) if isinstance(d["held"], list) else 0
        if d.get("paid") is None:
            seat = d.get("holder")
            d["paid"] = [list(p) for p in self._paid(s, seat if isinstance(seat, int) else -1)]
        if d.get("spent") is None:
            ok = isinstance(d["cities"], int) and isinstance(d["held"], list) and all(
                isinstance(h, int) for h in d["held"])
            d["spent"] = self._spent(s, d["cities"], tuple(d["held"])) if ok else 0
        return self.load(d)

    # the values a position may leave out, derived from the rest of it
    def _held(self, s) -> list:
        n = s.num_players
        held = [0] * n
        for k in range(n):
            held[(s.start_player + k) % n] = self.c.start[k] if k < len(self.c.start) else 0
        if not self.c.per_city:
            return held
        board = s.board
        shared = []
        for c in range(len(board.cities)):
            owners = [i for i, p in enumerate(s.players) if p.houses >> c & 1]
            if len(owners) == 1:
                held[owners[0]] += 1
            elif owners:
                shared.append(board.city_name(c))
        if shared:
            raise PositionError(f"ext.messenger.held cannot be derived: several players have houses in "
                                f"{', '.join(shared[:5])}, and only the first house placed there took its letter "
                                f"({R_LETTERS}); give each player's letters in ext.messenger.held.", "letters_unknown")
        return held

    def _budget(self, s, held) -> int:
        """Letters held at the start of the turn and not spent since: the letters the turn's owner holds now
        (those he paid have left his hand); none once the game is over."""
        if s.step == OVER or not 0 <= s.turn_owner < len(held):
            return 0
        return held[s.turn_owner]

    def _paid(self, s, holder: int) -> tuple:
        """The officials of this turn beyond the free ones, each at the price for the turn's owner."""
        price = self.c.cost_holder if holder == s.turn_owner else self.c.cost
        return tuple((o, price) for o in s.officials[self.c.free:])

    def _spent(self, s, cities: int, held) -> int:
        """Letters only move from a city to a player and from a player out of the game: those dealt out (one per
        city, the start letters) less those on the board and held have been spent."""
        n = s.num_players
        dealt = (len(s.board.cities) if self.c.per_city else 0) + sum(self.c.start[:n])
        return max(0, dealt - popcount(cities) - sum(held))

    def check_loaded(self, s) -> None:
        """A loaded position's letters agree with its board and players."""
        L = letters(s)
        if L.cities & ~s.board.all_mask or len(L.held) != s.num_players:
            raise PositionError("ext.messenger does not fit the board and the players of the position.")
        if L.budget > L.held[s.turn_owner]:
            raise PositionError("ext.messenger.budget is more than the letters the player whose turn it is holds.")
        most = _most_letters(self.c, len(s.board.cities))
        if popcount(L.cities) + sum(L.held) + L.spent > most:
            raise PositionError(f"ext.messenger counts more than the {most} nobility letters of the game.")
        self._check_letters_on_board(s, L)

    def _check_letters_on_board(self, s, L: Letters) -> None:
        """A city keeps its letter until the first house is placed there, and only then loses it (Messenger, The
        Nobility Letters)."""
        board = s.board
        built = 0
        for p in s.players:
            built |= p.houses
        laid = board.all_mask if self.c.per_city else 0
        with_letter = L.cities & built
        if with_letter:
            raise PositionError(f"ext.messenger: a letter still lies in {', '.join(board.names_of(with_letter))}, "
                                f"where a house stands; the first house placed in a city takes its letter "
                                f"({R_LETTERS}).", "letters_inconsistent")
        gone = laid & ~L.cities & ~built
        if gone:
            raise PositionError(f"ext.messenger: the letter of {', '.join(board.names_of(gone))} is gone, but nobody "
                                f"has a house there; only the first house placed in a city takes its letter "
                                f"({R_LETTERS}).", "letters_inconsistent")


def _known(data: dict, fields) -> None:
    for k in data:
        if k not in fields:
            raise UnknownName("field of ext.messenger", k if not isinstance(k, str) else k[:100], list(fields))


def _built(s) -> int:
    built = 0
    for p in s.players:
        built |= p.houses
    return built


def _city_mask(board, names) -> int:
    """A bit mask from a list of city names (ext.messenger.cities)."""
    if len(names) > len(board.cities):
        raise PositionError(f"ext.messenger.cities lists {len(names)} cities; the board has {len(board.cities)}.")
    mask = 0
    for name in names:
        if not isinstance(name, str):
            raise PositionError(f"ext.messenger.cities: a city is given by its name (text), not {str(name)[:40]!r}.")
        try:
            c = board.index(name[:100])
        except ValueError as e:
            raise PositionError(f"ext.messenger.cities: {e}") from None
        if mask >> c & 1:
            raise PositionError(f"ext.messenger.cities names {board.city_name(c)} twice; a city has one letter.")
        mask |= 1 << c
    return mask


# -- pure readings for the apps, the what-if answers and the bots ---------------------------------------------------

def active(s) -> bool:
    """Whether The Princess' Messenger is switched on in this game."""
    return NAME in s.ext


def letters_for(s, mask: int) -> int:
    """How many nobility letters houses placed in the cities of ``mask`` would take now (the first house in a city
    takes its letter; Messenger). 0 when the expansion is off."""
    return popcount(s.ext[NAME].cities & mask) if NAME in s.ext else 0


def price(s, seat: int | None = None) -> int:
    """What a further official costs ``seat`` (default: the player to move): 2 letters, 1 for the figure's holder."""
    c = conf()
    seat = s.to_move if seat is None else seat
    return c.cost_holder if letters(s).holder == seat else c.cost


def summary(s) -> dict:
    """The letters in words and numbers, for tables and maps: per seat the letters held, the holder of the figure,
    the cities whose letter still lies there, the letters spent."""
    L = letters(s)
    return {"held": dict(zip(s.names, L.held)), "holder": s.names[L.holder] if L.holder >= 0 else None,
            "cities": [s.board.city_name(c) for c in range(len(s.board.cities)) if L.cities >> c & 1],
            "spendable_now": L.budget, "spent": L.spent}
