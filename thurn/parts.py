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

    # -- the map (thurn.viz.board_figure) ------------------------------------------------------------------------
    def map_traces(self, board, state) -> list:
        """Plotly traces (dicts) drawn on the map of ``state``, after the houses and the route."""
        return []

    def map_columns(self, state) -> list:
        """Columns of the table under the map: ``(head, [a cell per player], supply cell)``, texts already escaped."""
        return []

    # -- the Play app (thurn.widgets.play) -----------------------------------------------------------------------
    def player_columns(self, state) -> list:
        """Columns of the Play app's players table: ``(head html, [a cell html per player])``."""
        return []

    def status_html(self, state, who: str) -> str | None:
        """The status line of a step of the variant's own (``who``: the player to move, escaped), or None."""
        return None

    def official_price(self, state, action) -> str:
        """What calling an official with ``action`` costs the player now, in words (" for 2 letters"), or ""."""
        return ""

    def officials_note(self, state) -> str:
        """A line (html) under the Play app's officials heading, or ""."""
        return ""

    def action_panel(self, app, state, groups: dict):
        """A widget for some of the legal actions (``groups``: group name -> actions): take the groups it shows out
        of ``groups`` and return the widget, or None."""
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

    def answer_words(self, about: str, value: str) -> str | None:
        """A lesson's answer ``value`` to a question of the variant's own in words, or None (as it is)."""
        return None

    # -- the route explorer and what-if (thurn.explore) ----------------------------------------------------------
    def placement_extras(self, state, seat: int, mask: int, after=None) -> dict:
        """What houses in the cities of ``mask`` bring ``seat`` beyond points (``after``: the position after the
        scoring when known): ``{name: value}`` shown beside an outcome (a count ranks placements of equal points)."""
        return {}

    # -- the bots (thurn.bots) -----------------------------------------------------------------------------------
    def valuation(self):
        """The bots' valuation of the variant (greedy's points, the search bot's terms): an object with
        ``steps`` (the steps of its own it values), ``values(ev, s, actions)`` for them, ``adjust(ev, s, values)``,
        ``points(s, seat)``, ``credits(s, seat, w)``, ``as_mover(n, seat)``; None when the base values serve. Two
        variants may share one (their values interact): it is asked once."""
        return None


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
