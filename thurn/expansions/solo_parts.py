"""SoloPlay's parts above the rules (:class:`thurn.parts.Parts`): the four colours' houses on the map (drawn by the core,
each colour in its own place around a city), the route house on the starting city (option ``colour_declared=start``),
the 1-point tile's stack, the colour series, coach cards and discard piles in the table under the map and in the Play
app's players table, the status lines of SoloPlay's own steps, the Play app's panel (:mod:`.solo_panel`), the colour
and the coach card a completion takes in the route explorer and the scoring what-if, ``simulate``'s columns and the
New game panel's words for SoloPlay's options, its lesson question kinds (:mod:`.solo_questions`) and the bots'
valuation (:mod:`.solo_valuation`).

Every rule is asked of :mod:`.solo` (the one reading of the SoloPlay manual): nothing here decides what is legal."""
from __future__ import annotations

import html

from ..parts import Parts, register_parts
from ..piles import pile
from ..step_text import round_text
from . import solo as so
from .solo_questions import QUESTIONS, question_label, question_value

#: The per-player columns of ``simulate`` (beside the score items ``coach_sets``, ``houses_left`` and
#: ``discard_penalty``, in points): the coach cards taken (5), the cards on discard pile 1 and pile 2 at the end (6.4;
#: 4.7), the houses not placed (6.3), the routes given up (their cards to pile 1, 4.3), the completions with the
#: Cartwright's coach card (4.4d), and whether the 1-point tile was taken (4.4c).
PLAYER_COLUMNS = ("coaches_taken", "pile_1", "pile_2", "houses_unplaced", "routes_given_up", "cartwright_coaches",
                  "bonus_tile_taken")
#: The per-game columns: why the game ended (6: "deck", the deck exhausted; "houses", a colour used up) and the turn
#: in which the deck was first made again from pile 2 (4.7; empty: never).
GAME_COLUMNS = ("solo_ended", "deck_remade_turn")

INK = "#333333"
MARKER_COLOR = "#c9a227"          # the 1-point tile's marker on its stack's province


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _esc(text) -> str:
    return html.escape(str(text), quote=False).replace("%", "&#37;")


# -- what a player has, in words --------------------------------------------------------------------------------

def coach_words(coaches) -> str:
    """The coach cards taken and the sets they make (SoloPlay, 5): "3 4 4 5 → sets 3–5, 4: 5 points" (a set that
    does not start at 3 scores nothing, so only the sets from 3 are named)."""
    if not coaches:
        return "none"
    sets = so.coach_sets(coaches)
    made = ", ".join(f"3–{top}" if top > 3 else "3" for top in sets) or "no set (no coach 3)"
    return f"{' '.join(map(str, sorted(coaches)))} → {made}: {_plural(so.coach_points(coaches), 'point')}"


def piles_words(s) -> tuple[str, str]:
    """Discard pile 1 (its cards and the points they cost so far, SoloPlay 6.4) and pile 2 (the completed routes'
    cards, the only pile made a new deck, 4.7), in words."""
    one = len(pile(s, so.PENALTY))
    lost = -so.penalty(one)
    two = len(s.discard) + len(pile(s, so.COMPLETED))
    first = f"{_plural(one, 'card')} (−{_plural(lost, 'point')})" if one else "empty"
    second = _plural(two, "card") if two else "empty"
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
        return f"{r.rating} ({_plural(r.score, 'point')})" if getattr(r, "rating", None) else s.result_text()
    total = s.score_records()[seat]["total"]
    C = so.components()
    need = next((least for least, _ in reversed(C.ratings) if total < least), None)
    more = f"; {need} for a {rating_of(need)}" if need is not None else ""
    return f"{rating_of(total)} now{more}"


# -- the coach card a route takes (4.4d) ------------------------------------------------------------------------

class CoachChoice(int):
    """The coach cards a completed route may take (SoloPlay, 4.4d), as :func:`.solo.coach_choices` reads them: as a
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

def route_house_trace(board, s) -> dict | None:
    """The route house on the starting city of the route being built (option ``colour_declared=start``), beside
    the city, up and left (clear of its houses below and of the route's numbered stop on it)."""
    from ..viz.board import house_color

    S = so.solo(s)
    if not S.declared or S.start < 0 or s.is_over:
        return None
    x, y = board.cities[S.start].pos
    city = _esc(board.cities[S.start].name)
    return dict(type="scatter", name=f"route house · {S.declared}", x=[x - 10.0], y=[y - 9.0], mode="markers",
                hovertext=[f"the {S.declared} route house on {city}: this route is {S.declared} (SoloPlay, 4.4a)"],
                hoverinfo="text", showlegend=True, legendrank=900,
                marker=dict(symbol="pentagon", size=17, color=house_color(S.declared, INK),
                            line=dict(width=2, color=INK)))


def bonus_marker_trace(board, s) -> dict | None:
    """The 1-point tile on its province stack (SoloPlay, 4.4c), drawn on the province's name."""
    from ..viz.regions import map_layout

    S = so.solo(s)
    if S.marker < 0:
        return None
    st = board.stacks[S.marker]
    labels = [part.label for part in map_layout(board).parts if part.province in st.provinces and part.label]
    if not labels:
        return None
    x, y = labels[0]
    more = " each completion of its region takes one more tile" if s.rules.option("bonus_tile") == "repeat" else ""
    left = _plural(len(s.stacks[S.marker]), "tile")
    return dict(type="scatter", name=f"1-point tile · {_esc(st.name)}", x=[x], y=[y + 9.0], mode="markers+text",
                text=["1"], textposition="middle center", textfont=dict(size=10, color=INK, family="Arial Black"),
                hovertext=[f"the 1-point tile lies on the {_esc(st.name)} stack ({left} left)"
                           f"{':' + more if more else ''} (SoloPlay, 4.4c)"], hoverinfo="text",
                showlegend=True, legendrank=900, marker=dict(symbol="circle", size=18, color=MARKER_COLOR,
                                                             line=dict(width=1.5, color=INK)))


# -- simulate ---------------------------------------------------------------------------------------------------

class _Tally:
    """What one game's actions say of SoloPlay (see :data:`PLAYER_COLUMNS`, :data:`GAME_COLUMNS`)."""

    __slots__ = ("given_up", "cartwright", "remade")

    def __init__(self, s):
        self.given_up = [0] * s.num_players
        self.cartwright = [0] * s.num_players
        self.remade = None

    def see(self, before, action, after) -> None:
        seat = before.to_move
        kind = action.kind
        if kind == "play" and action.end == "new" and before.players[seat].route:
            self.given_up[seat] += 1
        elif kind == "score" and action.cartwright:
            self.cartwright[seat] += 1
        if self.remade is None and after.shuffles > before.shuffles:
            self.remade = after.turns

    def row(self, state, seat: int) -> dict:
        p = state.players[seat]
        one = len(pile(state, so.PENALTY))
        ge = so.game_end_stack(state.board)
        return {"coaches_taken": len(p.carriages), "pile_1": one,
                "pile_2": len(state.discard) + len(pile(state, so.COMPLETED)), "houses_unplaced": p.houses_left,
                "routes_given_up": self.given_up[seat], "cartwright_coaches": self.cartwright[seat],
                "bonus_tile_taken": any(si == ge for si, _ in p.tiles)}

    def game(self, state) -> dict:
        return {"solo_ended": so.solo(state).ended or None, "deck_remade_turn": self.remade}


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

    # -- the map ----------------------------------------------------------------------------------------------
    def map_traces(self, board, state) -> list:
        if state is None or so.NAME not in state.ext:
            return []
        return [t for t in (route_house_trace(board, state), bonus_marker_trace(board, state)) if t is not None]

    def map_columns(self, state) -> list:
        """The colour series (4.5), the coach cards (5; the supply's left of each) and the two discard piles (3)."""
        if so.NAME not in state.ext:
            return []
        left, done = series_words(state)
        one = len(pile(state, so.PENALTY))
        two = len(state.discard) + len(pile(state, so.COMPLETED))
        n = state.num_players
        supply = " ".join(f"{k}×{c}" for k, c in zip(state.board.carriage_levels, state.carriages_left)) + " left"
        return [("Route Planner", [_esc(left)] * n, ""),
                ("Completion<br>card", [_esc(done)] * n, ""),
                ("coach cards", [_esc(" ".join(map(str, sorted(state.players[i].carriages))) or "none")
                                 for i in range(n)], _esc(supply)),
                ("discard piles<br>1 · 2", [_esc(f"{one} (−{-so.penalty(one)}) · {two}" if one else f"0 · {two}")] * n,
                 _esc(f"deck {len(state.deck)}"))]

    # -- the Play app -----------------------------------------------------------------------------------------
    def player_columns(self, state) -> list:
        n = state.num_players
        left, done = series_words(state)
        one, two = piles_words(state)
        S = so.solo(state)
        declared = f" · this route: {S.declared}" if S.declared and not state.is_over else ""
        cols = [
            ("<th title='SoloPlay, 4.5: one route of each colour before a colour is used again; the route houses on "
             "the Route Planner are the colours left'>colour series</th>",
             [f"<td>left: <b>{_esc(left)}</b><br><small>done: {_esc(done)}{_esc(declared)}</small></td>"] * n),
            ("<th title='the houses left of each colour (19 each at most; the game ends when a colour runs out)'>"
             "houses left</th>", [f"<td>{_esc(houses_words(state, i))}</td>" for i in range(n)]),
            ("<th title='SoloPlay, 5: coach cards score in sets 3, 3–4, 3–5, 3–6, 3–7 (2, 3, 5, 7, 10 points)'>"
             "coach cards</th>", [f"<td>{_esc(coach_words(state.players[i].carriages))}</td>" for i in range(n)]),
            ("<th title='SoloPlay, 3 and 6: pile 1 costs 1 point for every 2 cards; pile 2 (completed routes) "
             "becomes the new deck once'>discard piles</th>",
             [f"<td>pile 1: {_esc(one)}<br><small>pile 2: {_esc(two)}</small></td>"] * n),
            ("<th title='SoloPlay, 1: 48 minor, 54 major, 60 complete victory'>rating</th>",
             [f"<td class='thurn-solo-rating'>{_esc(rating_words(state, i))}</td>" for i in range(n)]),
        ]
        return cols

    def status_html(self, state, who: str) -> str | None:
        if state.is_over:
            return None
        info = state.step_info
        rule = f" <i>({html.escape(info.rule)})</i>"
        if state.step == so.COLOUR:
            left = ", ".join(d.colour for d in state.legal_actions() if d.kind == "declare")
            return (f"<b>{round_text(state)}</b> · <b>{who}</b> declares the colour of the route just started "
                    f"(one of {_esc(left)}): its route house goes on the starting city{rule}")
        if state.step == so.BONUS:
            return (f"<b>{round_text(state)}</b> · <b>{who}</b> holds a tile of each province: the 1-point tile "
                    f"goes on a province stack, whose top tile is taken now{rule}")
        if state.step == so.BOTTOM:
            return (f"<b>{round_text(state)}</b> · <b>{who}</b>'s hand is empty after the completion: up to "
                    f"3 face-up cards may go under the deck, in the order chosen (or none){rule}")
        return None

    def panel(self, app):
        from .solo_panel import SoloPanel
        return SoloPanel(app)

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

    # -- simulate ---------------------------------------------------------------------------------------------
    player_columns_sim = PLAYER_COLUMNS
    game_columns_sim = GAME_COLUMNS
    int_game_columns = ("deck_remade_turn",)

    def tally(self, state):
        return _Tally(state)

    # -- the ladder -------------------------------------------------------------------------------------------
    def ladder_figures(self, upper, lower, games) -> dict:
        return {}           # (a ladder is played by 2 to 4: thurn.ladder refuses a one-player ruleset)


    def valuation(self):
        """The bots' valuation: SoloPlay's score formula and its own decisions (:mod:`.solo_valuation`)."""
        from .solo_valuation import valuation

        return valuation()


PARTS = register_parts(SoloParts())

__all__ = ["PARTS", "SoloParts", "CoachChoice", "ColourChoice", "coach_choice", "coach_words", "piles_words",
           "series_words", "houses_words", "rating_of", "rating_words", "PLAYER_COLUMNS", "GAME_COLUMNS"]
