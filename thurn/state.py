"""The game state: immutable, cheap to copy, one interface for everyone (legal actions, apply, scores).

``state.apply(action)`` returns the next state and leaves ``state`` as it was. Inside, cities are numbers and
house sets are bit masks; the public methods speak in names. The log is the replay: a state remembers the
state it started from and the actions since, and ``log()`` replays them to tell the story.
"""
from __future__ import annotations

import html
import unicodedata
from dataclasses import dataclass, field, replace

from . import turn
from .errors import IllegalAction
from .log import seen_line
from .result import Result
from . import effects
from . import piles
from .piles import BASE_PILES, HIDDEN, extra_piles
from .scoring import carriage_points
from .step_text import does_now

new_instance = object.__new__
_NO_PILES: dict = {}             # (shared, never changed: a pile is changed by replacing the dict)
_OVER = turn.OVER

#: How states are written to and read from positions and game files: thurn.io registers its functions here when it
#: is imported (``import thurn`` does), so that this module never imports io (io builds states through
#: :meth:`GameState.blank`).
FILES: dict = {}


def register_files(**functions) -> None:
    """Register the readers and writers of positions and game files (``position_dict``, ``game_dict``,
    ``load_game``, ``state_from_position``); called by :mod:`thurn.io`."""
    FILES.update(functions)


def name_key(name: str) -> str:
    """What tells two player names apart: not case, spaces or Unicode form ('Ann', ' ANN', 'A nn' are one name)."""
    return "".join(unicodedata.normalize("NFKC", name).casefold().split())


class PlayerState:
    """One player's cards, route, houses, carriages and tiles (engine form: card ids, numbers and masks).

    Cards are card ids (``board.cards[id]``; its city is ``board.city_of[id]``, its name ``board.card_names[id]``:
    see docs/design.md, "Cards and piles"). ``piles``: the player's own card piles that a variant declares
    (name -> tuple of card ids; see :class:`thurn.piles.PileSpec`)."""

    __slots__ = ("hand", "route", "rmask", "houses", "houses_left", "carriages", "tiles", "piles")
    #: None: the player's houses are of one colour. A player with several colours is a :class:`ColouredPlayerState`
    #: (so that the base game's record, copied at every action, carries nothing more).
    colours = None

    def __init__(self, hand=(), route=(), houses=0, houses_left=20, carriages=(), tiles=(), city_of=None, piles=None,
                 colours=None):
        self.hand = hand              # sorted tuple of card ids
        self.route = route            # tuple of card ids, left to right
        cities = route if city_of is None else [city_of[c] for c in route]
        self.rmask = sum(1 << c for c in set(cities))   # the route's cities as a bit mask
        self.houses = houses          # bit mask of cities with this player's house
        self.houses_left = houses_left
        self.carriages = carriages    # levels taken, in order
        self.tiles = tiles            # ((stack index, value), ...)
        self.piles = piles or _NO_PILES
        if colours is not None:
            self.colours = colours    # ((colour, houses mask, houses left), ...) (SoloPlay: four colours)

    def copy(self) -> "PlayerState":
        p = new_instance(PlayerState)
        p.hand = self.hand
        p.route = self.route
        p.rmask = self.rmask
        p.houses = self.houses
        p.houses_left = self.houses_left
        p.carriages = self.carriages
        p.tiles = self.tiles
        p.piles = self.piles
        return p

    def key(self, kind_of=None):
        """What tells two records apart; with ``kind_of`` (``board.kind_of``) copies that read the same are one
        card (a position file names a card by its city where the copies do not differ). An empty pile is no
        pile (a position read gives each player every pile of the ruleset; a game gives a pile its first card)."""
        if kind_of is None:
            return (self.hand, self.route, self.houses, self.houses_left, self.carriages, self.tiles,
                    tuple(sorted(item for item in self.piles.items() if item[1])), self.colours)
        return (kinds(kind_of, self.hand), kinds(kind_of, self.route), self.houses, self.houses_left,
                self.carriages, self.tiles, tuple(sorted((n, kinds(kind_of, c)) for n, c in self.piles.items() if c)),
                self.colours)


def kinds(kind_of, cards) -> tuple:
    """Cards (ids; -1 an empty place) as their kinds (see ``board.kind_of``): what a position file can tell apart."""
    return tuple(kind_of[c] if c >= 0 else c for c in cards)


class ColouredPlayerState(PlayerState):
    """A player with houses of several colours, each with its own supply (SoloPlay, 2 and 4): ``colours`` is
    ``((colour, houses mask, houses left), ...)``; ``houses`` and ``houses_left`` are those of all colours."""

    __slots__ = ("colours",)

    def copy(self) -> "ColouredPlayerState":
        p = new_instance(ColouredPlayerState)
        for name in PlayerState.__slots__ + ColouredPlayerState.__slots__:
            setattr(p, name, getattr(self, name))
        return p


def new_player(board, ruleset) -> PlayerState:
    """A player's empty record: the board's houses in one colour, or each colour the ruleset gives him with its own
    supply (SoloPlay: four colours)."""
    colours = ruleset.house_colours
    if not colours:
        return PlayerState(houses_left=board.houses)
    return ColouredPlayerState(houses_left=sum(n for _, n in colours), colours=tuple((c, 0, n) for c, n in colours))


@dataclass(frozen=True)
class PlayerView:
    """What one player has, in names: a read-only snapshot for notebooks, widgets and tests."""

    seat: int
    name: str
    hand: tuple[str, ...]
    route: tuple[str, ...]
    houses: tuple[str, ...]
    houses_left: int
    carriages: tuple[int, ...]
    tiles: tuple[tuple[str, int], ...]
    #: each house colour of a player with several (SoloPlay): ``((colour, houses, houses left), ...)``; () for one
    colours: tuple = ()
    #: The expansions' things in front of the player, in the game's words ({"letters": 2, "chips": 1, ...}): each
    #: variant switched on fills its part through its ``player_extras`` hook.
    extras: dict = field(default_factory=dict, hash=False)

    @property
    def carriage(self) -> int:
        """The highest carriage (0 for none)."""
        return self.carriages[-1] if self.carriages else 0

    def __repr__(self):
        extra = (f", colours={self.colours!r}" if self.colours else "") + (
            f", extras={self.extras!r}" if self.extras else "")
        return (f"PlayerView(seat={self.seat!r}, name={self.name!r}, hand={self.hand!r}, route={self.route!r}, "
                f"houses={self.houses!r}, houses_left={self.houses_left!r}, carriages={self.carriages!r}, "
                f"tiles={self.tiles!r}{extra})")

    def _repr_html_(self):
        esc = html.escape
        rows = [("hand", ", ".join(self.hand) or "—"), ("route", "–".join(self.route) or "—"),
                ("houses", f"{len(self.houses)} placed ({', '.join(self.houses) or 'none'}), {self.houses_left} left"),
                ("carriage", str(self.carriage or "—")),
                ("tiles", ", ".join(f"{s} {v}" for s, v in self.tiles) or "—")]
        rows += [(f"{c} houses", f"{len(h)} placed ({', '.join(h) or 'none'}), {left} left")
                 for c, h, left in self.colours]
        rows += [(str(k), extra_words(v)) for k, v in self.extras.items()]
        body = "".join(f"<tr><th style='text-align:left'>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in rows)
        return f"<b>{esc(self.name)}</b> (seat {self.seat})<table>{body}</table>"


def extra_words(value) -> str:
    """An expansion's value shown in words: a mapping as "2 Postmaster, 1 Cartwright", a flag as yes/no."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{v} {k}" for k, v in value.items()) or "none"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value) or "none"
    return "—" if value is None else str(value)


class LegalActions:
    """A view of the legal actions of a state, like python-chess's ``board.legal_moves``."""

    def __init__(self, state):
        self._state = state

    def __iter__(self):
        return iter(self._state.legal_actions())

    def __len__(self):
        return len(self._state.legal_actions())

    def __contains__(self, action):
        return self._state.why_illegal(action) is None

    def __repr__(self):
        return f"<LegalActions: {', '.join(str(a) for a in self)}>"

    def _repr_html_(self):
        return "<ul>" + "".join(f"<li>{html.escape(str(a))}</li>" for a in self) + "</ul>"


class GameState:
    """A position of a game of Thurn und Taxis, with the history that led to it. Never changes."""

    __slots__ = ("board", "rules", "ruleset", "names", "players", "display", "deck", "discard", "piles", "stacks",
                 "carriages_left",
                 "turn_owner", "to_move", "interruptions", "start_player", "step", "draws", "draws_allowed", "plays",
                 "plays_allowed", "officials", "end_by", "turns", "seed", "shuffles", "ext", "events", "_root",
                 "_history", "_setup", "is_over")

    # -- building a state (only here: io, new games and positions call these) ------------------------------------
    @classmethod
    def blank(cls, board, rules, names, seed) -> "GameState":
        """An empty table for ``names`` on ``board``: full stacks and supply, no cards dealt, seat 0 to draw."""
        s = new_instance(cls)
        s.board, s.rules, s.ruleset, s.names = board, rules, rules.ruleset, tuple(names)
        s.players = tuple(new_player(board, rules.ruleset) for _ in names)
        s.display = (-1,) * board.face_up
        s.deck, s.discard = (), ()
        s.piles = {name: () for name, spec in rules.ruleset.piles.items() if spec.shared and name not in BASE_PILES}
        s.stacks = tuple(st.values for st in board.stacks)
        s.carriages_left = tuple(c.copies for c in board.carriages)
        s.turn_owner = s.to_move = s.start_player = 0
        s.interruptions = ()
        s.step, s.draws, s.draws_allowed, s.plays, s.plays_allowed, s.officials = turn.DRAW, 0, 1, 0, 1, ()
        s.end_by, s.turns, s.seed, s.shuffles = None, 0, seed, 0
        s._root, s._history, s._setup, s.ext, s.events = None, None, None, {}, ()
        s.is_over = False
        if s.ruleset.turn_counters is not turn.machine.BASE_COUNTERS:
            turn.machine.reset_counters(s, s.ruleset.turn_counters)     # the ruleset's own turn counters
        return s

    def set_setup(self, setup: dict | None) -> None:
        """Record how a new game was dealt (players, seed, rules, start player): such a game's origin is "seed"."""
        self._setup = setup

    @property
    def setup(self) -> dict | None:
        """How this game was dealt, for a game from a seed (see :attr:`origin`); None for a position."""
        return self.root._setup

    @property
    def history_node(self):
        """The history as a linked list ``(previous node, action)`` (None at the root): cheap to share."""
        return self._history

    def detached(self) -> "GameState":
        """This position as a game of its own: no history, no way back to the game it came from (for bots that
        imagine positions)."""
        n = self._clone()
        n._root = n._history = n._setup = None
        return n

    def seen_by(self, player=None) -> "GameState":
        """The position as ``player`` (seat or name; default: who is to move) sees it: every per-player value of an
        expansion that he may not see (another player's "owner" value, anybody's "secret" one) is ``None``, and
        every card of a variant's pile that he may not see (see :mod:`thurn.piles`) is :data:`~thurn.piles.HIDDEN`
        (-1: its number stays known). The base game's cards he cannot see are handled by :mod:`thurn.information`
        (see ``Seen``). A position of its own."""
        seat = self.seat(player)
        hidden = self.ruleset.hidden
        n = self.detached()
        for name, vis in hidden.items():
            values = self.ext.get(name)
            if values is not None:
                n.set_ext(name, tuple(None if vis == "secret" or i != seat else v for i, v in enumerate(values)))
        shared, own = extra_piles(self.ruleset)
        for spec in shared:
            if spec.hidden_from(seat, None) and n.piles.get(spec.name):
                n.piles = {**n.piles, spec.name: (HIDDEN,) * len(n.piles[spec.name])}
        for spec in own:
            for i, p in enumerate(self.players):
                cards = p.piles.get(spec.name)
                if cards and spec.hidden_from(seat, i):
                    q = n.player_copy(i)
                    q.piles = {**q.piles, spec.name: (HIDDEN,) * len(cards)}
        return n

    def pile(self, name: str, player=None) -> list:
        """The cards of a named pile (see :mod:`thurn.piles`; a per-player pile: of ``player``, seat or name,
        default who is to move), as card names (``None`` for a card hidden in a position seen by a player)."""
        names = self.board.card_names
        return [names[c] if c >= 0 else None for c in piles.pile(self, name, self.seat(player))]

    def ext_value(self, name: str, player=None):
        """An expansion's per-player value for ``player`` (seat or name; default: who is to move)."""
        return self.ext[name][self.seat(player)]

    @property
    def last_action(self):
        """The action that led to this state (the engine's own copy), or None at the start."""
        return None if self._history is None else self._history[1]

    def with_history(self, root: "GameState", actions) -> "GameState":
        """This position with ``actions`` from ``root`` as its history (for a loaded game, checked by replay)."""
        n = self._clone()
        n._root = root
        node = None
        for a in actions:
            node = (node, a)
        n._history = node
        return n

    # -- engine plumbing -----------------------------------------------------------------------------------
    def successor(self, action) -> "GameState":
        """A fresh copy for the turn machine to change: the state after ``action``, not yet published (its
        history already holds the action). Only the machine calls it (see thurn.turn.apply)."""
        n = GameState()         # (no __init__: a bare state, made faster by the call than by object.__new__)
        n.board = self.board
        n.rules = self.rules
        n.ruleset = self.ruleset
        n.names = self.names
        n.players = self.players
        n.display = self.display
        n.deck = self.deck
        n.discard = self.discard
        n.piles = self.piles
        n.stacks = self.stacks
        n.carriages_left = self.carriages_left
        n.turn_owner = self.turn_owner
        n.to_move = self.to_move
        n.interruptions = self.interruptions
        n.start_player = self.start_player
        n.step = self.step
        n.draws = self.draws
        n.draws_allowed = self.draws_allowed
        n.plays = self.plays
        n.plays_allowed = self.plays_allowed
        n.officials = self.officials
        n.end_by = self.end_by
        n.turns = self.turns
        n.seed = self.seed
        n.shuffles = self.shuffles
        n._history = (self._history, action)
        n.ext = self.ext
        n.events = ()
        n._root = self._root or self
        n.is_over = self.is_over
        return n

    def _clone(self) -> "GameState":
        """A copy with the same history (for :meth:`detached` and :meth:`with_history`, which change it)."""
        n = self.successor(None)
        n._history = self._history
        n._setup = None
        return n

    def player_copy(self, seat: int | None = None) -> PlayerState:
        """A player's record (default: whoever is to move), copied into this fresh, unpublished clone (call once per
        action and player, then change the copy)."""
        i = self.to_move if seat is None else seat
        pl = list(self.players)
        p = pl[i]
        if type(p) is PlayerState:      # PlayerState.copy written out: a call less per action (tests/core/test_turn.py
            q = new_instance(PlayerState)   # checks that the two copy every field)
            q.hand = p.hand
            q.route = p.route
            q.rmask = p.rmask
            q.houses = p.houses
            q.houses_left = p.houses_left
            q.carriages = p.carriages
            q.tiles = p.tiles
            q.piles = p.piles
        else:
            q = p.copy()
        pl[i] = q
        self.players = tuple(pl)
        return q

    def set_ext(self, name: str, value) -> None:
        """Replace a variant's part of the state (only on a fresh, unpublished state: inside a hook)."""
        ext = dict(self.ext)
        ext[name] = value
        self.ext = ext

    def _key(self):
        k = self.board.kind_of          # (copies that read the same are one card: see PlayerState.key)
        return (self.board.id, self.rules, self.names, tuple(p.key(k) for p in self.players), kinds(k, self.display),
                kinds(k, self.deck), kinds(k, self.discard),
                tuple(sorted((n, kinds(k, c)) for n, c in self.piles.items())), self.stacks, self.carriages_left, self.turn_owner, self.to_move, self.interruptions,
                self.start_player, self.step, self.draws, self.draws_allowed, self.plays, self.plays_allowed,
                self.officials, self.end_by,
                self.turns, self.seed, self.shuffles, tuple(sorted(self.ext.items())))

    def __eq__(self, other):
        return (isinstance(other, GameState) and self._key() == other._key()
                and [a.notation for a in self.history] == [a.notation for a in other.history])

    def __hash__(self):
        return hash(self._key())

    def same_position(self, other) -> bool:
        """True when both states are the same position, whatever history led to them."""
        return self._key() == other._key()

    # -- the one interface: legal actions, apply, why ------------------------------------------------------
    legal_actions = turn.legal_actions

    @property
    def legal(self) -> LegalActions:
        """A lazy view of the legal actions (iterate, ``len``, ``in``)."""
        return LegalActions(self)

    apply = turn.apply              # the state after an action (see turn.apply)

    def why_illegal(self, action) -> IllegalAction | None:
        """``None`` if ``action`` is legal now, else the :class:`IllegalAction` explaining why (not raised)."""
        if isinstance(action, str):
            try:
                action = self.ruleset.parse(action)
            except ValueError as e:
                return IllegalAction("not_an_action", str(e), action)
        return turn.check(self, action)[1]



    def is_legal(self, action) -> bool:
        return self.why_illegal(action) is None

    # -- reading the position ----------------------------------------------------------------------------------
    # ``is_over`` (a slot: read after every action, so a field rather than a property): True once the game is over,
    # ``step == "over"``; the machine sets it after each action (thurn.turn.apply), and whatever else sets the step
    # of a position calls :meth:`step_set`.

    def step_set(self) -> None:
        """Say that the step of this fresh, unpublished state was set: ``is_over`` follows it."""
        self.is_over = self.step == _OVER

    @property
    def to_move_name(self) -> str:
        """The name of the player who decides now (see ``to_move``; ``turn_owner`` is whose turn it is)."""
        return self.names[self.to_move]

    @property
    def turn_owner_name(self) -> str:
        return self.names[self.turn_owner]

    @property
    def interrupted(self) -> bool:
        """True while another decision interrupts the turn (``to_move`` may then differ from ``turn_owner``)."""
        return bool(self.interruptions)

    @property
    def player_names(self) -> tuple[str, ...]:
        return self.names

    @property
    def num_players(self) -> int:
        return len(self.names)

    @property
    def step_info(self) -> turn.StepSpec:
        """What the current step is about, and its rule (from the ruleset); its ``does`` names only what is legal
        now where the step offers several kinds of action (see :func:`thurn.step_text.does_now`)."""
        spec = self.ruleset.steps[self.step]
        does = does_now(self)
        return spec if does == spec.does else replace(spec, does=does)

    @property
    def end_triggered_by(self) -> str | None:
        """Who took the last carriage first or placed the last house (the game ends after this round)."""
        return None if self.end_by is None else self.names[self.end_by]

    def seat(self, player) -> int:
        """A seat number for a player given by seat or name: the exact name first, else the one name that differs
        from it only by case, spaces or Unicode form (see :func:`name_key`)."""
        if isinstance(player, int) and not isinstance(player, bool):
            if 0 <= player < len(self.names):
                return player
            raise IllegalAction("unknown_player", f"There is no seat {player}; seats are 0 to {len(self.names) - 1}.")
        if player is None:
            return self.to_move
        if player in self.names:
            return self.names.index(player)         # the exact name first: "ann" is the seat named "ann"
        key = name_key(player) if isinstance(player, str) and len(player) <= 200 else None
        found = [i for i, n in enumerate(self.names) if key and name_key(n) == key]
        if len(found) == 1:                         # then any case, spacing or Unicode form, if only one seat fits
            return found[0]
        from .errors import UnknownName
        if len(found) > 1:
            raise UnknownName("player", player, self.names, "Several players' names differ from it only by case or "
                              "spacing: give the exact name or the seat.")
        raise UnknownName("player", player if not isinstance(player, str) else player[:60], self.names)

    def player(self, player=None) -> PlayerView:
        """What a player (seat or name; default: whose turn it is) has, in names."""
        i = self.seat(player)
        p, b = self.players[i], self.board
        return PlayerView(i, self.names[i], tuple(b.card_names[c] if c >= 0 else None for c in p.hand), tuple(b.card_names[c] for c in p.route),
                          tuple(b.names_of(p.houses)), p.houses_left, p.carriages,
                          tuple((b.stacks[s].id, v) for s, v in p.tiles),
                          () if p.colours is None else tuple((c, tuple(b.names_of(m)), left)
                                                             for c, m, left in p.colours),
                          self._extras(i))

    def _extras(self, seat: int) -> dict:
        """The expansions' things in front of ``seat`` (each variant's ``player_extras``), in the game's words."""
        out: dict = {}
        for v in self.rules.variants:
            out.update(v.player_extras(self, seat))
        return out

    def hand(self, player=None) -> list[str]:
        return list(self.player(player).hand)

    def route(self, player=None):
        """The player's current route, left to right (a :class:`~thurn.routes.Route` of its cities' names: a card
        named by its copy, "Hamburg (3 horseshoes)", is its city here; ``player().route`` names the cards)."""
        from .routes import Route

        b = self.board
        return Route([b.city_name(c) for c in b.cities_of(self.players[self.seat(player)].route)], b)

    def houses(self, player=None) -> list[str]:
        return list(self.player(player).houses)

    @property
    def display_cards(self) -> list[str | None]:
        """The face-up cards, slot by slot (``None`` for an empty slot)."""
        names = self.board.card_names
        return [names[c] if c >= 0 else None for c in self.display]

    @property
    def deck_size(self) -> int:
        return len(self.deck)

    @property
    def discard_size(self) -> int:
        return len(self.discard)

    def stacks_left(self) -> dict[str, list[int]]:
        """The bonus tiles left on each stack, top first."""
        return {s.id: list(self.stacks[s.index]) for s in self.board.stacks}

    def carriages_available(self) -> dict[int, int]:
        return dict(zip(self.board.carriage_levels, self.carriages_left))

    def turns_taken(self, player=None) -> int:
        """How many turns a player has finished."""
        i = self.seat(player)
        n = len(self.names)
        full, extra = divmod(self.turns, n)
        return full + (1 if (i - self.start_player) % n < extra else 0)

    @property
    def turn_number(self) -> int:
        """Completed player-turns so far (all players)."""
        return self.turns

    @property
    def round_number(self) -> int:
        """The round in progress, from 1: each player takes a turn in a round, clockwise from the start player
        (base rules, Game Play); once the game is over, the number of rounds played."""
        n = len(self.names)
        return -(-self.turns // n) if self.step == "over" else self.turns // n + 1

    # -- scores ---------------------------------------------------------------------------------------------------
    def score_records(self) -> list[dict]:
        """Per player: the ruleset's score items (base game: carriage points, bonus tiles, unplaced houses as a
        negative number) and the total (Game End and Scoring; see :func:`thurn.effects.score_record`)."""
        return [{"player": self.names[i], "seat": i, **effects.score_record(self, i)} for i in range(len(self.players))]

    def scores(self):
        """The score table as a pandas DataFrame indexed by player."""
        import pandas as pd

        return pd.DataFrame(self.score_records()).set_index("player")

    def returns(self) -> list[int]:
        """Each player's total, in seat order (the OpenSpiel name)."""
        return [effects.score_record(self, i)["total"] for i in range(len(self.players))]

    def result(self) -> Result:
        """The result (see :mod:`thurn.result`): ``{"winner": seat}`` in the base game, or a rating without a winner
        (``{"rating": "major victory", "score": 57}``, SoloPlay); before the end, what it would be if the game ended
        now."""
        return Result.of(effects.result(self), len(self.players))

    def winner(self) -> str | None:
        """The winner's name (R6 tie-break), or None when the result is a rating without a winner (SoloPlay);
        before the end, who would win if the game ended now."""
        win = self.result().winner
        return None if win is None else self.names[win]

    def result_text(self) -> str:
        """The result in words: "Ann wins", or "57 points, major victory" for a rating (see :meth:`result`)."""
        return self.result().text(self.names)

    # -- history, log, files -------------------------------------------------------------------------------------
    @property
    def history(self) -> list:
        """The actions since the starting position, oldest first."""
        out, node = [], self._history
        while node is not None:
            node, a = node
            out.append(a)
        out.reverse()
        return out

    @property
    def origin(self) -> str:
        """Where this game came from: ``"seed"`` (a new game dealt from its seed, so every card, tile and house
        arose in legal play) or ``"position"`` (a position built by hand or loaded, then legal play)."""
        return "seed" if self.root._setup is not None else "position"

    @property
    def root(self) -> "GameState":
        """The position this game's history starts from."""
        return self if self._root is None else self._root

    def log(self, viewer=None, *, public: bool = False) -> list[str]:
        """What happened, in sentences, replayed from the starting position. ``viewer`` (a seat or name): as that
        player saw it — another player's card drawn from the deck is "a card" and the cards he kept in hand a
        count (base rules, 1: the deck's cards are drawn face down); a draw from the display stays named.
        ``public=True``: as someone at the table who holds no hand sees it. Default: every card named."""
        seat = -1 if public else None if viewer is None else self.seat(viewer)
        s = self.root
        lines: list[str] = turn.start_text(s)
        for a in self.history:
            s = turn.apply(s, a, lines.append)
        return [seen_line(line, seat) for line in lines]

    def to_dict(self) -> dict:
        """The game as a dict: the position, the setup and the actions (see :meth:`to_json`)."""
        return FILES["game_dict"](self)

    def to_json(self, indent=None) -> str:
        """The game as JSON: the position, plus the setup and actions that led to it (loads back identical)."""
        import json

        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    def position(self, seen_by=None) -> dict:
        """The position alone as a readable dict (see README: positions); ``seen_by`` (a seat or name): as that
        player sees it, every expansion value hidden from him as null (see :meth:`seen_by`)."""
        return FILES["position_dict"](self if seen_by is None else self.seen_by(seen_by))

    @classmethod
    def from_json(cls, data, *, boards=None) -> "GameState":
        """A state from :meth:`to_json` text, bytes or dict (or a position). ``boards`` (from code only): boards the
        file may name besides the installed ones, ``{name in the file: Board or path}`` (see README, "What a save
        file guarantees")."""
        return FILES["load_game"](data, boards=boards)

    @classmethod
    def from_position(cls, data, *, boards=None) -> "GameState":
        """A state from a position dict or its JSON text (see README: positions)."""
        return FILES["state_from_position"](data, boards=boards)

    # -- display --------------------------------------------------------------------------------------------------
    def __repr__(self):
        if self.is_over:
            res = self.result()
            said = f", {res.text(self.names)}" if res.winner is not None else f": {res.text(self.names)}"
            return f"<GameState {self.board.id}: game over after {self.turns} turns{said}>"
        return f"<GameState {self.board.id}: turn {self.turns + 1}, {self.to_move_name} to {self.step}>"

    def __str__(self):
        b = self.board
        head = "Game over: " + self.result_text() if self.is_over else f"{self.to_move_name} to {self.step_info.does}"
        lines = [f"{head} — display: {', '.join(c or '·' for c in self.display_cards)}; deck {len(self.deck)}, "
                 f"discard {len(self.discard)}"]
        for i, p in enumerate(self.players):
            lines.append(f"{'>' if i == self.to_move and not self.is_over else ' '} {self.names[i]}: "
                         f"hand [{', '.join(b.card_names[c] if c >= 0 else '?' for c in p.hand)}], route {turn.route_text(b, p.route)}, "
                         f"{effects.houses_placed(p)} houses, carriage {p.carriages[-1] if p.carriages else '—'}, "
                         f"tiles {sum(v for _, v in p.tiles)}"
                         + "".join(f"; {k} {extra_words(v)}" for k, v in self._extras(i).items()))
        return "\n".join(lines)

    def _over_words(self) -> str:
        """The result at game over for the HTML view: "winner: Ann", or "57 points, major victory"."""
        res = self.result()
        return res.text(self.names) if res.winner is None else f"winner: {self.names[res.winner]}"

    def _repr_html_(self):
        from .parts import tiles_text

        b = self.board
        esc = html.escape
        head = ("<tr><th></th><th>player</th><th>hand</th><th>route</th><th>houses</th><th>carriage</th>"
                "<th>tiles</th><th>score</th></tr>")
        rows = []
        for i, p in enumerate(self.players):
            mark = "▶" if i == self.to_move and not self.is_over else ""
            sc = effects.score_record(self, i)["total"]
            rows.append(
                f"<tr><td>{mark}</td><td><b>{esc(self.names[i])}</b></td>"
                f"<td>{esc(', '.join(b.card_names[c] if c >= 0 else '?' for c in p.hand))}</td>"
                f"<td>{esc(turn.route_text(b, p.route))}</td>"
                f"<td>{effects.houses_placed(p)} placed, {p.houses_left} left</td>"
                f"<td>{p.carriages[-1] if p.carriages else '—'} ({carriage_points(b, p.carriages)} pts)</td>"
                f"<td>{esc(tiles_text(self, i))}</td>"
                f"<td>{sc}</td></tr>")
        status = ("<b>Game over</b> — " + esc(self._over_words()) if self.is_over else
                  f"<b>{esc(self.to_move_name)}</b>: {esc(self.step_info.does)} <i>({esc(self.step_info.rule)})</i>")
        display = ", ".join(esc(c or "·") for c in self.display_cards)
        return (f"<div class='thurn-state'><p>{status}</p><p>Display: {display} · deck {len(self.deck)} · "
                f"discard {len(self.discard)}</p><table>{head}{''.join(rows)}</table></div>")
