"""Actions: small immutable values, one per decision a player makes in a turn (base rules, Game Play).

Each has a readable ``str`` ("play Nürnberg at the right end") and a compact ``notation`` ("play nurnberg
right") that :func:`parse_action` reads back. Two actions are equal when they mean the same thing, whatever
accents or case the city names were written with.

One front door (issue 33): for any action ``a``, ``a in state.legal_actions()`` exactly when
``state.why_illegal(a) is None``, and exactly then ``state.apply(a)`` works; otherwise ``apply`` raises
:class:`~thurn.errors.IllegalAction` with the reason ``why_illegal`` gives, and the state is unchanged. So an
action means one thing in every position, as a move does in python-chess:

- a card is named by its city where the board's copies of that city are alike (the base board), and by its copy
  where they differ (Power and Glory's horseshoes: ``Play("Hannover (2 horseshoes)", "right")``); there a bare
  city name is refused (``which_copy``, the cards at hand named), even where one copy is at hand, as python-chess
  wants a pawn's promotion piece named;
- ``Score(..., carriage=False)`` declines a carriage only where scoring takes one that may be declined (base rules
  000, 3c; R9); elsewhere it is refused: ``no_carriage_to_decline`` (none earned, or Power and Glory, where no
  carriage card is taken), ``carriage_compulsory`` (the rule option), ``coach_compulsory`` (SoloPlay, 4.4d);
- ``Score(..., coach=k)`` names the coach card exactly where the player chooses it (SoloPlay, 4.4d: with the
  Cartwright, even when one is left: ``coach_needed`` without it); where the route's length decides, a coach named
  is refused (``no_coach_choice``).
"""
from __future__ import annotations

from .board import fold
from .errors import PositionError

ENDS = ("left", "right", "new")


_OFFICIAL_KEYS: dict | None = None


def official_key(name: str) -> str:
    """Which official a name means (his id), by the names and aliases that the installed boards' data files give
    ("Bailiff" and "Amtmann" mean the Administrator); any other name is kept, folded, for the rules to refuse."""
    global _OFFICIAL_KEYS
    if _OFFICIAL_KEYS is None:
        from .board_file import available_boards, installed_board

        table: dict = {}
        for board in filter(None, map(installed_board, available_boards())):
            for o in board.officials:
                for alias in (o.id, o.name, *o.aliases):
                    table.setdefault(fold(alias), o.id)
        _OFFICIAL_KEYS = table
    key = fold(name)
    return _OFFICIAL_KEYS.get(key, key)


class Action:
    """Base class of all actions: immutable, hashable, equal by meaning."""

    __slots__ = ("key", "resolved")
    kind = "action"

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other):
        return isinstance(other, Action) and self.key == other.key

    def __hash__(self):
        return hash(self.key)

    def __reduce__(self):
        return (parse_action, (self.notation,))

    def to_json(self) -> str:
        return self.notation


def set_fields(obj, **values):
    """Set the fields of a new action (in ``__init__``; actions never change afterwards). ``key`` is what makes two
    actions equal; ``resolved`` is None for an action written by a user."""
    object.__setattr__(obj, "resolved", None)      # the engine's own copies carry their resolved argument
    for k, v in values.items():
        object.__setattr__(obj, k, v)


def resolved(action, arg):
    """Mark an engine-made action with its argument in engine form (city numbers, masks), so that a legal one
    needs no second look-up (see ``turn.action_table.ActionTable``)."""
    object.__setattr__(action, "resolved", arg)
    return action


def interned(cls, key, arg, **fields):
    """An engine-made action built from parts already known (its key and resolved argument), without folding
    names again."""
    a = object.__new__(cls)
    for k, v in fields.items():
        object.__setattr__(a, k, v)
    object.__setattr__(a, "key", key)
    object.__setattr__(a, "resolved", arg)
    return a


class Draw(Action):
    """Draw a city card: ``city`` from the face-up display, or ``None`` for the top of the deck (base rules, 1)."""

    __slots__ = ("city",)
    kind = "draw"

    def __init__(self, city: str | None = None):
        set_fields(self, city=city, key=("draw", None if city is None else fold(city)))

    @property
    def from_deck(self) -> bool:
        return self.city is None

    def __str__(self):
        return "draw from the deck" if self.city is None else f"draw {self.city} from the display"

    def __repr__(self):
        return "Draw()" if self.city is None else f"Draw({self.city!r})"

    @property
    def notation(self):
        return "draw deck" if self.city is None else f"draw {fold(self.city)}"


class CallOfficial(Action):
    """Call a postal official: ``"postmaster"``, ``"administrator"`` or ``"postal_carrier"`` (base rules, 1 and 2), or
    any name or alias the board's data file gives him (``"Bailiff"``); the engine's own copy names him by his id.

    The Cartwright helps while scoring, so he is called as part of :class:`Score` (``cartwright=True``).
    """

    __slots__ = ("official",)
    kind = "official"

    def __init__(self, official: str):
        set_fields(self, official=official, key=("official", official_key(official)))

    def __str__(self):
        name = self.official.replace("_", " ")
        return f"call the {name.title() if name.islower() else name}"

    def __repr__(self):
        return f"CallOfficial({self.official!r})"

    @property
    def notation(self):
        return f"call {self.key[1]}"


class Play(Action):
    """Play a city card from the hand (base rules, 2).

    ``end`` is ``"left"`` or ``"right"`` to extend the current route at that end, or ``"new"`` to start a new
    route with the card (discarding the current route, if there is one, without scoring it). ``city``: the city's
    name, or the card's where the board's copies of the city differ ("Hannover (2 horseshoes)"; see the module's
    docstring).
    """

    __slots__ = ("city", "end")
    kind = "play"

    def __init__(self, city: str, end: str = "new"):
        if end not in ENDS:
            raise PositionError(f"a card is played at the 'left' or 'right' end, or 'new' to start a new route; "
                                f"not {end!r}.")
        set_fields(self, city=city, end=end, key=("play", fold(city), end))

    def __str__(self):
        if self.end == "new":
            return f"start a new route with {self.city}"
        return f"play {self.city} at the {self.end} end"

    def __repr__(self):
        return f"Play({self.city!r}, {self.end!r})"

    @property
    def notation(self):
        return f"play {fold(self.city)} {self.end}"


class Score(Action):
    """Close and score the route, placing houses in ``houses`` (base rules, 3a–d).

    ``cartwright=True`` calls the Cartwright to take the next carriage with a route up to two cards short (3c).
    ``carriage=False`` declines the carriage the route earns (000, 3c: the player "**may** take that Coach Card";
    rules notes R9); refused where there is none to decline: under the rule option ``carriage_compulsory``, a
    route that earns none, Power and Glory (no carriage card is taken) and SoloPlay (4.4d: "Must take a coach
    card upon completion").
    ``colour``: the colour of the houses placed, for a player with several (SoloPlay: "Declare Color"); None for
    the player's one colour.
    ``coach``: the coach (carriage) card taken, where the rules let the player choose (SoloPlay, 4.4d: with the
    Cartwright a coach one or two cards longer than the route; named even where only one of them is left); None
    where the rules decide (a coach named there is refused, ``no_coach_choice``).
    """

    __slots__ = ("houses", "cartwright", "carriage", "colour", "coach")
    kind = "score"

    def __init__(self, houses=(), cartwright: bool = False, carriage: bool = True, colour: str | None = None,
                 coach: int | None = None):
        if isinstance(houses, str):
            houses = (houses,)
        houses = tuple(houses)
        colour = None if colour is None else str(colour).strip().lower()
        if coach is not None and (isinstance(coach, bool) or not isinstance(coach, int)):
            raise PositionError(f"a coach card is named by its number (3 to 7), not {str(coach)[:20]!r}.")
        # (the houses sorted, not a set: a house named twice is another action, refused with ``house_twice``)
        key = ("score", tuple(sorted(fold(h) for h in houses)), bool(cartwright), bool(carriage))
        key = key if colour is None else key + (colour,)
        set_fields(self, houses=houses, cartwright=bool(cartwright), carriage=bool(carriage), colour=colour,
                   coach=coach, key=key if coach is None else key + (("coach", coach),))

    @property
    def declines(self) -> bool:
        """True when the player declines the carriage the route earns (R9)."""
        return not self.carriage

    def __str__(self):
        text = "score the route, " + ("houses in " + ", ".join(self.houses) if self.houses else "no house")
        if self.colour is not None:
            text += f" ({self.colour})"
        if self.coach is not None:
            text += f", taking coach {self.coach}"
        if not self.carriage:
            text += ", declining the carriage"
        return text + (", with the Cartwright" if self.cartwright else "")

    def __repr__(self):
        cw = ", cartwright=True" if self.cartwright else ""
        dc = ", carriage=False" if not self.carriage else ""
        co = f", colour={self.colour!r}" if self.colour is not None else ""
        ch = f", coach={self.coach!r}" if self.coach is not None else ""
        return f"Score({self.houses!r}{cw}{dc}{co}{ch})"

    @property
    def notation(self):
        text = "score " + ("+".join(fold(h) for h in self.houses) if self.houses else "-")
        text += (" cartwright" if self.cartwright else "") + (" decline" if not self.carriage else "")
        text += f" colour={self.colour}" if self.colour is not None else ""
        return text + (f" coach={self.coach}" if self.coach is not None else "")


class Keep(Action):
    """After scoring, keep these cards and discard the rest of the hand (base rules, 3d: at most three)."""

    __slots__ = ("cards",)
    kind = "keep"

    def __init__(self, cards=()):
        if isinstance(cards, str):
            cards = (cards,)
        cards = tuple(cards)
        set_fields(self, cards=cards, key=("keep", tuple(sorted(fold(c) for c in cards))))

    def __str__(self):
        return "keep " + (", ".join(self.cards) if self.cards else "no card")

    def __repr__(self):
        return f"Keep({self.cards!r})"

    @property
    def notation(self):
        return "keep " + ("+".join(fold(c) for c in self.cards) if self.cards else "-")


class EndTurn(Action):
    """End the turn without scoring the route (base rules, 3: scoring is optional)."""

    __slots__ = ()
    kind = "end"

    def __init__(self):
        set_fields(self, key=("end",))

    def __str__(self):
        return "end the turn"

    def __repr__(self):
        return "EndTurn()"

    @property
    def notation(self):
        return "end"


def _names(text: str) -> tuple[str, ...]:
    return () if text in ("", "-") else tuple(text.split("+"))


def _joined(words) -> str:
    """Words of one name typed with spaces ("Postal Carrier", "Hamburg (3 horseshoes)"): read as one (names are
    looked up folded, where a space is a separator like ``_``)."""
    return " ".join(words)


def _name_list(words) -> tuple[str, ...]:
    """Names joined by ``+``, each of one or more words ("St. Gallen+Ulm")."""
    return _names(" ".join(words).replace(" + ", "+").strip())


def parse_action(text) -> Action:
    """Read an action back from its ``notation`` (``"play nurnberg right"``, ``"score ulm+augsburg cartwright"``,
    ``"score ulm+augsburg decline"``) or from the game's words a learner types (:func:`thurn.words.typed`: ``"play
    Berlin (3 horseshoes) left"``, ``"call Postal Carrier"``, ``"score St. Gallen+Zürich"``): a name may have
    spaces, words may be in any case (``"DRAW DECK"``), accents are optional; any ``str`` subclass is read
    (``numpy.str_`` from a DataFrame)."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str) or not text.strip():
        raise PositionError(f"an action is written like 'draw deck' or 'play ulm right', not {text!r}.")
    words = str(text)[:400].split()
    verb, args = words[0].lower(), words[1:]
    keys = [w.lower() for w in args]
    try:
        if verb == "draw" and args:
            return Draw(None if keys == ["deck"] else _joined(args))
        if verb == "call" and args:
            return CallOfficial(_joined(args))
        if verb == "play" and len(args) == 1:
            return Play(args[0], "new")
        if verb == "play" and len(args) > 1 and keys[-1] in ENDS:     # a name of several words: its end written
            return Play(_joined(args[:-1]), keys[-1])
        if verb == "score" and args:
            n = len(keys)
            while n > 1 and (keys[n - 1] in ("cartwright", "decline") or keys[n - 1].startswith(("colour=", "coach="))):
                n -= 1
            extra = keys[n:]
            colours = [k[7:] for k in extra if k.startswith("colour=") and len(k) > 7]
            coaches = [k[6:] for k in extra if k.startswith("coach=") and k[6:].isdigit() and len(k) <= 8]
            extra = [k for k in extra if not k.startswith(("colour=", "coach="))]
            if len(set(extra)) == len(extra) and len(colours) <= 1 and len(coaches) <= 1 \
                    and len(extra) + len(colours) + len(coaches) == len(keys) - n:
                return Score(_name_list(args[:n]), cartwright="cartwright" in extra, carriage="decline" not in extra,
                             colour=colours[0] if colours else None, coach=int(coaches[0]) if coaches else None)
        if verb == "keep" and args:
            return Keep(_name_list(args))
        if verb == "end" and not args:
            return EndTurn()
    except PositionError:
        pass
    raise PositionError(f"cannot read the action {str(text)[:60]!r}: write one of 'draw deck', 'draw <city>', "
                        f"'call <official>', 'play <city> right|left|new', "
                        f"'score <city>+<city> [cartwright] [decline] [colour=red] [coach=5]', "
                        f"'keep <city>+<city>', 'end' (thurn.words.read_typed gives examples of the game at hand).")
