"""The Audience's parts the core reads (:class:`thurn.parts.Parts`): the clergymen and the carriages in words, the
seal as its player remembers it (the app option ``audience_memory``), the carriages a scoring moves in the route
explorer and the scoring what-if (read by :func:`.rules.moves_for`, the one reading of the rule) and the lesson
questions. The Rome strip under the board (:mod:`.map`), the Play app's columns, status lines and panel
(:mod:`.panel`), ``simulate``'s columns (:mod:`.columns`) and the bots' valuation (:mod:`.valuation`) are beside it.

Fair: another player's sealed tiles are never named, only counted face down (The Audience, Preparation: "secretly");
the viewer's own are shown unless the app's option ``audience_memory`` asks him to remember them."""
from __future__ import annotations

import html

from ...parts import Parts, register_parts
from ...log import Private
from . import rules as au
from .questions import QUESTIONS, question_label, question_value

#: The app option: the player's own sealed clergymen hidden once sealed (Preparation: the players remember them).
MEMORY = "audience_memory"

#: How the others read a seal in the log (:meth:`.rules.TheAudience.do_seal`'s public words).
SEALED_WORDS = "seals a clergyman in each carriage, face down."


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# -- what the viewer may see --------------------------------------------------------------------------------------

def sealed_done(s, seat: int) -> bool:
    """Whether ``seat`` has sealed his clergymen (public: everyone sees the tiles go into the carriages)."""
    return s.step != au.SEAL or s.ext[au.TILES][seat] is not None


def seen_tiles(s, viewer=-1, options=()) -> list:
    """Each seat's ranks in the carriages as ``viewer`` may see them (as :func:`thurn.log.seen_line`: a seat,
    None for everyone's, -1 for nobody's): his own (unless the memory option hides them once sealed), None for
    the others'. Never another player's ranks (The Audience, Preparation: "secretly")."""
    out = []
    for seat in range(s.num_players):
        mine = s.ext[au.TILES][seat]
        show = viewer is None or (viewer == seat and MEMORY not in options)
        out.append(mine if show else None)
    return out


def face_down(s, c: int) -> list:
    """The seats with a tile face down in carriage ``c``: everyone who has sealed, until it reaches Rome."""
    if au.audience(s).at[c] == au.strip(s.board).rome:
        return []
    return [seat for seat in range(s.num_players) if sealed_done(s, seat)]


class CarriageMoves(int):
    """The carriages a scoring moves, one step each (The Audience, Moving the carriages: one per card of the route
    without a new house), as :func:`.rules.moves_for` reads them. As a number: how many steps, so that a table
    sorts by it (never a rank of placements: the explorer ranks by points); shown as "Baiern, Baden ×2"."""

    def __new__(cls, moves, names):
        self = super().__new__(cls, len(moves))
        self.moves = tuple(moves)
        self.names = tuple(names)
        return self

    def __bool__(self) -> bool:       # a count, never "none": no carriage moved is a fact too
        return True

    def __str__(self) -> str:
        if not self.moves:
            return "none"
        counts: dict = {}
        for m in self.moves:
            counts[m] = counts.get(m, 0) + 1
        return ", ".join(("any (Lodz)" if m == au.JOKER else self.names[m]) + (f" ×{k}" if k > 1 else "")
                         for m, k in counts.items())

    __repr__ = __str__

    def __reduce__(self):
        return (CarriageMoves, (self.moves, self.names))

    def words(self) -> str:
        if not self.moves:
            return "no carriage moves (a house on every card)"
        return f"carriage steps south: {self}"


_CARDS: dict = {}


def _card_of_city(board) -> dict:
    """A card of each city (its first copy): :func:`.rules.moves_for` reads cards."""
    hit = _CARDS.get(id(board))
    if hit is None or hit[0] is not board:
        table = {}
        for card, city in enumerate(board.city_of):
            table.setdefault(city, card)
        hit = _CARDS[id(board)] = (board, table)
    return hit[1]


def carriage_moves(board, cities, mask: int) -> CarriageMoves:
    """The carriages scoring the route of ``cities`` (board indices) with houses in ``mask`` moves."""
    table = _card_of_city(board)
    moves = au.moves_for(board, [table[c] for c in cities], mask)
    return CarriageMoves(moves, au.strip(board).names)


# -- the strip under the board -----------------------------------------------------------------------------------


# -- the parts ------------------------------------------------------------------------------------------------------

class AudienceParts(Parts):
    name = au.NAME
    # the lesson questions (thurn.lessons.outcome_question): which carriages move, where to, who goes to the box,
    # points
    questions = QUESTIONS
    question_label = staticmethod(question_label)
    question_value = staticmethod(question_value)
    score_words = "the points of the clergymen on the audience spaces in Rome"

    def score_part_words(self, before, after, seat, item):
        """The clergymen a scoring brings to the audience ("Bischof in Rom"; Game end: their points count)."""
        if item != "clergymen" or au.NAME not in before.ext:
            return None
        C = au.clergy()
        was = [r for k, r in enumerate(C.ranks) for x in au.audience(before).spaces[k] if x == seat]
        now = [r for k, r in enumerate(C.ranks) for x in au.audience(after).spaces[k] if x == seat]
        for r in was:
            if r in now:
                now.remove(r)
        return f"{', '.join(C.name(r) for r in sorted(now, reverse=True))} in Rom" if now else "clergymen in Rom"
    summary = "clergymen sealed in five carriages travel the Rome strip; cards scored without a house move them"
    app_options = {MEMORY: "The Audience: hide my own clergymen once sealed (the rules ask the players to remember "
                           "them). Off: the app shows each player his own."}

    def remembered(self, item, seat: int, options) -> str | None:
        """With the memory option, the player's own seal reads as the others read it once it is made (Preparation:
        "During the game, players may not check to see what tile they placed in which carriage")."""
        if MEMORY not in options:
            return None
        if isinstance(item, Private) and item.seat == seat and item.public.endswith(SEALED_WORDS):
            return item.public
        if getattr(item, "kind", None) == au.Seal.kind:
            return item.seen_by_others()
        return None

    # -- the route explorer and the what-if --------------------------------------------------------------------------
    outcome_extras = {"carriages": None}
    route_columns = ("carriages",)
    score_columns = ("carriages",)

    def scoring_extras(self, state, seat: int, route: tuple, mask: int, after=None) -> dict:
        """The carriages the scoring moves (Moving the carriages), read by :func:`.rules.moves_for`."""
        return {"carriages": carriage_moves(state.board, route, mask)}

    def outcome_words(self, extras) -> tuple[list, list]:
        m = dict(extras).get("carriages")
        return ([m.words()], []) if isinstance(m, CarriageMoves) else ([], [])

    def outcome_html(self, extras) -> str:
        m = dict(extras).get("carriages")
        return html.escape(m.words()) if isinstance(m, CarriageMoves) else ""


def clergy_words(s, seat: int) -> str:
    """A player's clergymen in public words: "5 sealed" / "3 sealed · in Rom: Kardinal, Abt (8 points)"."""
    if not sealed_done(s, seat):
        return "not sealed yet"
    C = au.clergy()
    A = au.audience(s)
    sealed = sum(1 for c in range(5) if face_down(s, c))
    ranks = [r for k, r in enumerate(C.ranks) for x in A.spaces[k] if x == seat]
    boxed = sum(1 for x, _ in A.box if x == seat)
    out = f"{sealed} sealed"
    if ranks:
        out += f" · in Rom: {', '.join(C.name(r) for r in sorted(ranks, reverse=True))} " \
               f"({plural(au.points_in_rome(s, seat), 'point')})"
    if boxed:
        out += f" · {boxed} boxed"
    return out


def owed_words(s) -> str:
    """The steps the scorer still owes, in words: "the Baiern carriage, another carriage (Lodz)"."""
    S = au.strip(s.board)
    A = au.audience(s)
    out = []
    for o in A.owed:
        if o == au.JOKER:
            out.append("any carriage (a Lodz card)")
        elif A.at[o] == S.rome:
            out.append(f"any carriage (the {S.names[o]} carriage is in Rom)")
        else:
            out.append(f"the {S.names[o]} carriage")
    k = len(A.owed)
    return f"{plural(k, 'step')} owed — " + ", ".join(out) if out else "no step owed"


PARTS = register_parts(AudienceParts())
