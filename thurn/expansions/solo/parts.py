"""SoloPlay's parts the core reads (:class:`thurn.parts.Parts`): what a player has in words (the colour series, coach
cards, discard piles, houses, the rating), the colour and the coach card a completion takes in the route explorer and
the scoring what-if, the New game panel's words for SoloPlay's options and its lesson question kinds
(:mod:`.questions`). Beside it: the route house on the starting city and the 1-point tile's stack on the map and the
table under it (:mod:`.map`), the Play app's players table, status lines and panel (:mod:`.panel`), ``simulate``'s
columns (:mod:`.columns`) and the bots' valuation (:mod:`.valuation`).

Every rule is asked of :mod:`.rules` (the one reading of the SoloPlay manual): nothing here decides what is legal."""
from __future__ import annotations

import html

from ...parts import Parts, register_parts
from ...piles import pile
from . import rules as so
from .questions import QUESTIONS, question_label, question_value



def plural(n: int, word: str) -> str:
    """ "1 card", "2 cards"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def html_text(text) -> str:
    """``text`` escaped for html (and plotly's hover texts: a "%" is not a template)."""
    return html.escape(str(text), quote=False).replace("%", "&#37;")


# -- what a player has, in words --------------------------------------------------------------------------------

def coach_words(coaches) -> str:
    """The coach cards taken and the sets they make (SoloPlay, 5): "3 4 4 5 → sets 3–5, 4: 5 points" (a set that
    does not start at 3 scores nothing, so only the sets from 3 are named)."""
    if not coaches:
        return "none"
    sets = so.coach_sets(coaches)
    made = ", ".join(f"3–{top}" if top > 3 else "3" for top in sets) or "no set (no coach 3)"
    return f"{' '.join(map(str, sorted(coaches)))} → {made}: {plural(so.coach_points(coaches), 'point')}"


def piles_words(s) -> tuple[str, str]:
    """Discard pile 1 (its cards and the points they cost so far, SoloPlay 6.4) and pile 2 (the completed routes'
    cards, the only pile made a new deck, 4.7), in words."""
    one = len(pile(s, so.PENALTY))
    lost = -so.penalty(one)
    two = len(s.discard) + len(pile(s, so.COMPLETED))
    first = f"{plural(one, 'card')} (−{plural(lost, 'point')})" if one else "empty"
    second = plural(two, "card") if two else "empty"
    if s.shuffles > s.root.shuffles:
        second += " (made the deck once)"
    return first, second


def series_words(s) -> tuple[str, str]:
    """The colour series (SoloPlay, 4.5): the colours whose route house is on the Route Planner (left in this
    series), and those on the Completion card (done)."""
    S = so.solo(s)
    colours = so.components().colours
    left = " ".join(S.planner) or "—"
    done = " ".join(c for c in colours if c not in S.planner) or "—"
    return left, done


def houses_words(s, seat: int) -> str:
    """The houses left of each colour: "blue 11 · green 9 · red 11 · yellow 10"."""
    return " · ".join(f"{c} {left}" for c, _, left in s.players[seat].colours)


def rating_of(points: int) -> str:
    """The rating ``points`` earn (SoloPlay, 1), as the ratings of data/solo.json name them."""
    C = so.components()
    return next((name for least, name in C.ratings if points >= least), C.below)


def rating_words(s, seat: int = 0) -> str:
    """The rating at the end, or what the score now would earn and what the next rating needs (SoloPlay, 1)."""
    if s.is_over:
        r = s.result()
        return f"{r.rating} ({plural(r.score, 'point')})" if getattr(r, "rating", None) else s.result_text()
    total = s.score_records()[seat]["total"]
    C = so.components()
    need = next((least for least, _ in reversed(C.ratings) if total < least), None)
    more = f"; {need} for a {rating_of(need)}" if need is not None else ""
    return f"{rating_of(total)} now{more}"


# -- the coach card a route takes (4.4d) ------------------------------------------------------------------------

class CoachChoice(int):
    """The coach cards a completed route may take (SoloPlay, 4.4d), as :func:`.rules.coach_choices` reads them: as a
    number the coach of its exact length (0: none), shown as "coach 5 (exact)", "with the Cartwright: coach 6 or
    7", "no coach: cannot be completed"."""

    def __new__(cls, cards: int, exact: tuple, helped: tuple):
        self = super().__new__(cls, exact[0] if exact else 0)
        self.cards, self.exact, self.helped = cards, tuple(exact), tuple(helped)
        return self

    def __bool__(self) -> bool:          # a fact, never "none"
        return True

    @property
    def possible(self) -> bool:
        return bool(self.exact or self.helped)

    def __str__(self) -> str:
        parts = [f"coach {self.exact[0]} (exact)"] if self.exact else []
        if self.helped:
            parts.append(f"with the Cartwright: coach {' or '.join(map(str, self.helped))}")
        return "; ".join(parts) if parts else "no coach: cannot be completed"

    __repr__ = __str__

    def __reduce__(self):
        return (CoachChoice, (self.cards, self.exact, self.helped))

    def words(self) -> str:
        return f"a route of {self.cards} cards: {self}"


def coach_choice(state, cards: int, now: bool = False) -> CoachChoice:
    """What a route of ``cards`` cards may take (SoloPlay, 4.4d); ``now``: completed in this turn, so with the
    Cartwright only if he helps in it (chosen as its official, 4.1), else in any turn."""
    b, rules, left = state.board, state.rules, state.carriages_left
    helps = cards >= b.min_route and (not now or not so.chosen_first(state) or so.cartwright_helps(state))
    return CoachChoice(cards, so.coach_choices(b, rules, left, cards, False),
                       so.coach_choices(b, rules, left, cards, True) if helps else ())


class ColourChoice(str):
    """The colour a completion is made in (SoloPlay, 4.4a: its route house goes to the Completion card, 4.5)."""

    def words(self) -> str:
        return f"a {self} route: the {self} route house goes to the Completion card"


# -- the map ----------------------------------------------------------------------------------------------------


# -- simulate ---------------------------------------------------------------------------------------------------


# -- the parts --------------------------------------------------------------------------------------------------

class SoloParts(Parts):
    """SoloPlay's parts (see the module's docstring)."""

    name = so.NAME
    questions = QUESTIONS
    question_label = staticmethod(question_label)
    question_value = staticmethod(question_value)
    summary = ("for one player: routes in four colours, one official every turn, coach cards of the route's "
               "length; rated on points")
    score_words = "coach sets + remaining houses − discard penalty"
    score_formula = "bonus tiles + coach sets + houses left − discard penalty (SoloPlay, 6)"

    def tile_words(self, state, seat, stack, value):
        """The 1-point tile (4.4c) where it lies: on the province stack it marks, still the player's and counted
        among the bonus tiles (6: "Sum all collected bonus tiles (distance, region, game end)")."""
        if so.NAME not in state.ext or stack != so.game_end_stack(state.board):
            return None
        marker = so.solo(state).marker
        if marker >= 0:
            where = f"on the {state.board.stacks[marker].name} stack"
        elif marker == -2:
            where = "its province stack to choose"
        else:
            where = "no province stack left to mark"
        return f"1-point tile {value} ({where})"

    def score_part_words(self, before, after, seat, item):
        """SoloPlay's score items in a completion's parts (6): the coach card's sets, the houses-left table, pile 1."""
        if item == "coach_sets":
            got = after.players[seat].carriages[len(before.players[seat].carriages):]
            return f"coach card {', '.join(map(str, got))} (sets)" if got else "coach sets"
        return {"houses_left": "houses left (table)", "discard_penalty": "discard pile 1"}.get(item)
    option_words = {
        "difficulty": "SoloPlay difficulty (houses of each colour on the board at the start, 3):",
        "regions": "A region's tile is earned by (4.4c):",
        "houses_left": "The remaining-houses table (6.3) scores:",
        "colour_declared": "A route's colour is chosen (4.4a):",
        "bonus_tile": "The 1-point tile's stack (4.4c) gives:",
        "long_routes": "A route of 8 or more cards (4.4d):",
        "official": "The turn's one official (4.1) is:",
        "cartwright": "The Cartwright (4.1, 4.4d):",
        "administrator": "The six cards the Administrator replaces (3) go to:",
    }
    option_values = {
        "difficulty": {d: f"{d}: {n} houses of each colour" for d, n in so.components().cities.items()},
        "regions": {"colour": "the houses of the route's colour", "any": "the houses of every colour"},
        "houses_left": {"combined": "all colours together", "per_colour": "each colour's, added"},
        "colour_declared": {"completion": "when it is completed", "start": "when it is started (route house on "
                                                                            "its first city)"},
        "bonus_tile": {"repeat": "one more tile at each completion of its region", "once": "one tile, once"},
        "long_routes": {"abandon": "cannot be completed", "coach_7": "takes coach 7"},
        "official": {"first": "chosen as the turn's first step", "when_used": "called when his help is used"},
        "cartwright": {"counts": "is the turn's one official", "extra": "helps besides the turn's official"},
        "administrator": {"pile_1": "discard pile 1 (they cost points)", "pile_2": "discard pile 2 (no cost)"},
    }

    # -- the route explorer and the what-if -------------------------------------------------------------------
    outcome_extras = {"coach": None, "colour": None}
    route_columns = ("coach",)
    score_columns = ("colour", "coach")

    def scoring_colours(self, state, seat: int) -> tuple | None:
        return so._colours_open(state)

    def route_extras(self, state, seat: int, cards: int) -> dict:
        """The coach cards a route of ``cards`` cards may take now (SoloPlay, 4.4d)."""
        return {"coach": coach_choice(state, cards)}

    def scoring_extras(self, state, seat: int, route: tuple, mask: int, after=None) -> dict:
        """The colour a completion was made in (``after`` known: the what-if's; SoloPlay, 4.4a): the colour whose
        houses it placed, else the one it took off the Route Planner (4.5)."""
        if after is None:
            return {}               # (the route explorer: the outcome names the colour its best scoring is made in)
        if after is not None:
            for (c, m, _), (_, m2, left2) in zip(state.players[seat].colours, after.players[seat].colours):
                if m2 != m:
                    return {"colour": ColourChoice(c)}
            before_p, after_p = so.solo(state).planner, so.solo(after).planner
            gone = [c for c in before_p if c not in after_p] or (list(before_p) if len(before_p) == 1 else [])
            if gone:
                return {"colour": ColourChoice(gone[0])}
        return {}

    def outcome_words(self, extras) -> tuple[list, list]:
        d = dict(extras)
        lead: list = []             # (the outcome names its colour itself: "3 green houses")
        tail = [d["coach"].words()] if isinstance(d.get("coach"), CoachChoice) else []
        return lead, tail

    def outcome_html(self, extras) -> str:
        d = dict(extras)
        out = []
        if isinstance(d.get("colour"), ColourChoice):
            out.append(html.escape(d["colour"].words()))
        c = d.get("coach")
        if isinstance(c, CoachChoice):
            text = html.escape(c.words())
            out.append(text if c.possible else f"<b style='color:#b00020'>{text}</b>")
        return " · ".join(out)


PARTS = register_parts(SoloParts())

__all__ = ["PARTS", "SoloParts", "CoachChoice", "ColourChoice", "coach_choice", "coach_words", "piles_words",
           "series_words", "houses_words", "rating_of", "rating_words", "plural", "html_text"]
