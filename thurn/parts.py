"""What a variant brings above the rules: its map layers, its panels in the Play app, its ``simulate`` columns, its
lesson question kinds, its route-explorer extras and its bots' valuation.

The rules of a variant are its :class:`~thurn.variants.Variant` (hooks into the ruleset); everything the apps, the
simulation, the lessons and the bots show or count of it is its :class:`Parts`, registered under the variant's name
with :func:`register_parts` (:mod:`thurn.expansions` registers the expansions' own). The core never names a variant:
it asks the parts of every variant switched on in a game (:func:`parts_on`), in the order they were registered, and
each method has an empty default, so a variant brings only what it has.
"""
from __future__ import annotations

PARTS: dict[str, "Parts"] = {}
_ON: dict[int, tuple] = {}      # id(ruleset) -> (ruleset, its parts, their valuations)


class Parts:
    """A variant's parts (every one optional). Override what the variant has; the defaults add nothing."""

    name = "variant"
    summary = ""                     # what the variant does, in a few words (the New game panel)
    score_words = ""                 # its items of the final score in words ("the clergymen's points in Rome")
    score_formula = ""               # the whole final score in words, where its score items replace the base game's
                                     # (SoloPlay: "bonus tiles + coach sets + ..."); "": the base game's + score_words
    option_words: dict = {}          # its rule options (thurn.rules.Rules) in words: option -> text
    option_values: dict = {}         # the values of its own options (Variant.options) in words: option -> {value: text}
    app_options: dict = {}           # its options of the apps (not rules: what a screen shows) in words: option ->
                                     # text; the New game panel offers them with the variant, the Play app holds them

    def tile_words(self, state, seat: int, stack: int, value: int) -> str | None:
        """One of a player's bonus tiles in the players' table ("1-point tile 1 (on the Baiern stack)"), or None (its
        stack's name and value)."""
        return None

    def score_part_words(self, before, after, seat: int, item: str) -> str | None:
        """One of the variant's score items, changed from ``before`` to ``after``, in words for the parts of a
        scoring (:func:`thurn.explore.score_parts`: "Bischof in Rome"), or None (the item's name)."""
        return None

    # -- the map (thurn.viz.board_figure) ------------------------------------------------------------------------
    def map_traces(self, board, state) -> list:
        """Plotly traces (dicts) drawn on the map of ``state``, after the houses and the route."""
        return []

    def side_map(self, board, state, viewer=-1, options=(), extras=()) -> dict | None:
        """A map of the variant's own drawn beside the board in the same figure, on axes of its own (The Audience's
        Rome strip): ``{"traces": [...], "x": [x0, x1], "y": [y0, y1], "title": text (escaped), "height": px}``, or
        None. ``viewer`` is whose secrets it may show (as :func:`thurn.log.seen_line`: a seat, None for
        everyone's, -1 for nobody's); ``options`` the app options switched on (:attr:`app_options`); ``extras``
        those of a scoring shown on the map (the route explorer's, the what-if's: (name, value) pairs)."""
        return None

    def remembered(self, item, seat: int, options) -> str | None:
        """How the player at ``seat`` reads ``item`` (a log line or an action of his own) under the app options
        switched on (:attr:`app_options`): the words to show instead, where an option asks him to remember a secret
        of his own (The Audience's sealed clergymen), or None (as it is)."""
        return None

    def scoring_colours(self, state, seat: int) -> tuple | None:
        """The house colours ``seat`` may score a route in now, for a player with several (SoloPlay's Route
        Planner), as the rules read it; None: every colour he has houses of."""
        return None

    def map_columns(self, state) -> list:
        """Columns of the table under the map: ``(head, [a cell per player], supply cell)``, texts already escaped."""
        return []

    # -- the Play app (thurn.widgets.play) -----------------------------------------------------------------------
    def player_columns(self, state) -> list:
        """Columns of the Play app's players table: ``(head html, [a cell html per player])``."""
        return []

    def pile_words(self, state, pile: str, seat: int) -> str | None:
        """A per-player public pile of the variant's own in words, for its cell beside the player's row (the map's
        table and the Play app's players table): "3 cards, 7 horses"; None: counted ("3 cards")."""
        return None

    def status_html(self, state, who: str) -> str | None:
        """The status line of a step of the variant's own (``who``: the player to move, escaped), or None."""
        return None

    def official_price(self, state, action) -> str:
        """What calling an official with ``action`` costs the player now, in words (" for 2 letters"), or ""."""
        return ""

    def officials_note(self, state) -> str:
        """A line (html) under the Play app's officials heading, or ""."""
        return ""

    def panel(self, app):
        """The variant's panel in the Play app ``app`` (made once per app), or None: an object with ``reset()``
        (before the actions are shown again) and ``widget(state, groups)``, which takes the groups of legal actions
        it shows out of ``groups`` (group name -> actions) and returns its widget, or None. The app reads the
        panel's public attributes as its own (``app.<name>``: tests and notebooks drive the panel that way)."""
        return None

    # -- simulate (thurn.sim) ------------------------------------------------------------------------------------
    player_columns_sim: tuple = ()   # the per-player columns it adds to simulate's player rows, in order
    game_columns_sim: tuple = ()     # the per-game columns it adds to simulate's game rows
    int_game_columns: tuple = ()     # of them, those holding a seat or nothing (a nullable integer column)

    def tally(self, state):
        """A counter for one game, started on its first position: it has ``see(before, action, after)``,
        ``row(state, seat) -> dict`` and ``game(state) -> dict``; None when it counts nothing."""
        return None

    # -- lessons (thurn.lessons) ---------------------------------------------------------------------------------
    questions: dict = {}             # question kind -> fn(before, after, seat, board) -> (answers, explanation)

    def question_label(self, about: str, value: str) -> str | None:
        """A choice ``value`` of a question of the variant's own in words ("2 letters"), or None (as it is)."""
        return None

    def question_value(self, about: str, value: str, state) -> str | None:
        """A choice of a question of the variant's own in the engine's spelling (a player's name), or None."""
        return None

    # -- the route explorer and what-if (thurn.explore) ----------------------------------------------------------
    outcome_extras: dict = {}        # the extras it counts (name -> the value when the variant is off)
    route_columns: tuple = ()        # of them, those shown as columns of the route explorer's table
    score_columns: tuple = ()        # of them, those shown as columns of the scoring what-if's table

    def placement_extras(self, state, seat: int, mask: int, after=None) -> dict:
        """What houses in the cities of ``mask`` bring ``seat`` beyond points (``after``: the position after the
        scoring, when it is known): ``{name: value}`` read as attributes of the outcome (a whole number ranks
        placements worth the same points: more is better)."""
        return {}

    def scoring_extras(self, state, seat: int, route: tuple, mask: int, after=None) -> dict:
        """What scoring the route ``route`` (its cities, board indices) with houses in the cities of ``mask`` brings
        ``seat`` beyond points, when it depends on the route's cities (The Audience: the carriages its cards without
        a house move): ``{name: value}`` read as attributes of the outcome, like :meth:`placement_extras`'."""
        return {}

    def route_extras(self, state, seat: int, cards: int) -> dict:
        """What scoring a route of ``cards`` cards means for ``seat`` beyond its placement (Power and Glory: the
        horses it needs against those he has): ``{name: value}`` read as attributes of the outcome, like
        :meth:`placement_extras`' (the same for every placement of the route, so they never rank placements)."""
        return {}

    def outcome_words(self, extras) -> tuple[list, list]:
        """Its extras among ``extras`` (name, value pairs) in words: (said after the houses, said at the end)."""
        return [], []

    def outcome_html(self, extras) -> str:
        """Its extras among ``extras`` in a line of the what-if's details (html), or ""."""
        return ""

    # -- the ladder (thurn.ladder) -------------------------------------------------------------------------------
    def ladder_figures(self, upper, lower, games) -> dict:
        """A rung's figures of the variant: means over ``upper``'s and ``lower``'s player rows of a simulation
        (pandas frames) and its ``games`` table; {} when the variant was off."""
        return {}

    def ladder_text(self, row) -> str:
        """Those figures of a ladder ``row`` in words (upper/lower), or "" when the row has none."""
        return ""

    # -- the bots (thurn.bots) -----------------------------------------------------------------------------------
    def valuation(self):
        """The bots' valuation of the variant (greedy's points, the search bot's terms): an object with
        ``steps`` (the steps of its own it values), ``values(ev, s, actions)`` for them, ``adjust(ev, s, values)``,
        ``points(s, seat)``, ``credits(s, seat, w)``, ``as_mover(n, seat)``, optionally ``secret(s)`` (the tolerance
        in points within which a step's secret choice is drawn, else None: :func:`thurn.bots.greedy.policy.
        secret_tolerance`); None when the base values serve. Two
        variants may share one (their values interact): it is asked once."""
        return None


def pile_columns(state) -> list:
    """The per-player public piles of the game's ruleset (those beyond the hand and the route, e.g. Power and
    Glory's horse cards beside the carriage) as columns beside each player's row: ``(pile name, [a text per
    player])``, unescaped. A pile is counted ("3 cards") unless a variant's :meth:`Parts.pile_words` says more;
    an empty pile is "—". Only public piles: whatever a player's view may not show is not shown."""
    from .piles import extra_piles, pile

    out = []
    for spec in extra_piles(state.ruleset)[1]:
        if spec.visibility != "public":
            continue
        cells = []
        for seat in range(state.num_players):
            n = len(pile(state, spec.name, seat))
            words = next((w for p in parts_on(state) if (w := p.pile_words(state, spec.name, seat))), None)
            cells.append(words or (f"{n} card{'s' if n != 1 else ''}" if n else "—"))
        out.append((spec.name, cells))
    return out


def remembered(state, item, seat, options, said: str) -> str:
    """``said`` (``item`` as the player at ``seat`` reads it) unless an app option of a variant switched on asks
    him to remember it (:meth:`Parts.remembered`)."""
    if options and seat is not None and seat >= 0:
        for part in parts_on(state):
            text = part.remembered(item, seat, options)
            if text is not None:
                return text
    return said


def extra_score_words(state) -> str:
    """The final score's items that the variants switched on add, in words, each after " + " (the score's
    explanations under the Play app's table, the score chart and the game-over words); "" for none."""
    return "".join(f" + {p.score_words}" for p in parts_on(state) if p.score_words)


def score_formula(state, base: str, extras: bool = True) -> str:
    """The final score in words: ``base`` (the base game's formula as the caller says it) with the items the
    variants switched on add (:func:`extra_score_words`), or the formula of a variant whose score items replace the
    base game's (:attr:`Parts.score_formula`); ``extras=False``: ``base`` alone unless a variant replaces it."""
    own = next((p.score_formula for p in parts_on(state) if p.score_formula), "")
    return own or base + (extra_score_words(state) if extras else "")


def register_parts(parts: Parts) -> Parts:
    """Make ``parts`` the parts of the variant ``parts.name``."""
    if not isinstance(parts, Parts):
        raise TypeError("register_parts() takes a Parts instance")
    PARTS[parts.name] = parts
    _ON.clear()
    return parts


def unregister_parts(name: str) -> None:
    PARTS.pop(name, None)
    _ON.clear()


def tiles_text(state, seat: int) -> str:
    """A player's bonus tiles in words for the players' tables: "Baiern 3, Baden 1" (a variant may word a tile of its
    own: :meth:`Parts.tile_words`); "—" for none."""
    board = state.board
    parts = parts_on(state)
    out = []
    for si, v in state.players[seat].tiles:
        said = next((w for w in (p.tile_words(state, seat, si, v) for p in parts) if w), None)
        out.append(said or f"{board.stacks[si].name} {v}")
    return ", ".join(out) or "—"


def parts_on(state) -> tuple:
    """The parts of the variants switched on in the game of ``state`` (a state or a ruleset), in registration order."""
    rs = getattr(state, "ruleset", state)
    hit = _ON.get(id(rs))
    if hit is None or hit[0] is not rs:
        names = {v.name for v in getattr(rs, "variants", ())}
        parts = tuple(p for n, p in PARTS.items() if n in names)
        vals = []
        for p in parts:
            v = p.valuation()
            if v is not None and all(v is not w for w in vals):
                vals.append(v)
        if len(_ON) > 64:
            _ON.clear()
        hit = _ON[id(rs)] = (rs, parts, tuple(vals))
    return hit[1]


def valuations(state) -> tuple:
    """The bots' valuations of the variants switched on, each once (see :meth:`Parts.valuation`)."""
    rs = getattr(state, "ruleset", state)
    hit = _ON.get(id(rs))
    if hit is None or hit[0] is not rs:
        parts_on(rs)
        hit = _ON[id(rs)]
    return hit[2]
