"""What a variant brings above the rules, by layer, and the registry each layer loads it through.

The rules of a variant are its :class:`~thurn.variants.Variant` (hooks into the ruleset). What the core's texts, the
lessons and the route explorer say of it is its :class:`Parts` here, registered under the variant's name with
:func:`register_parts`. What the layers above show or count of it lives in modules of its own package, one per layer
(:data:`LAYERS`): its map layers (``map``: :class:`thurn.viz.parts.MapParts`), its panels and columns in the Play
app (``panel``: :class:`thurn.widgets.parts.PanelParts`), its ``simulate`` and ladder columns (``columns``:
:class:`thurn.sim.ColumnParts`) and its bots' valuation (``valuation``: :class:`thurn.bots.valuation.Valuation`),
each module's ``PARTS``. A layer asks :func:`layer_parts` for those of the variants switched on in a game, and the
registry imports ``<package>.<layer>`` when first asked: neither the rules nor the core import the apps or the bots,
and the apps, the bots and the simulation never name a variant. Every hook has an empty default, so a variant brings
only what it has (docs/adding-an-expansion.md).
"""
from __future__ import annotations

import importlib

PARTS: dict[str, "Parts"] = {}
#: The layers above the core, each a module of a variant's package: layer -> what it brings (its ``PARTS``).
LAYERS = {"map": "the map's layers (thurn.viz.parts.MapParts)",
          "panel": "the Play app's panels and columns (thurn.widgets.parts.PanelParts)",
          "columns": "simulate's and the ladder's columns (thurn.sim.ColumnParts)",
          "valuation": "the bots' valuation (thurn.bots.valuation.Valuation)"}
_ON: dict[int, tuple] = {}      # id(ruleset) -> (ruleset, its parts, {layer: their layer parts})
_LOADED: dict[tuple, object] = {}   # (variant name, layer) -> its layer parts, or None when it has none


class Parts:
    """A variant's parts the core reads (every one optional). Override what the variant has; the defaults add
    nothing."""

    name = "variant"
    #: The package holding the variant's layer modules (``map``, ``panel``, ``columns``, ``valuation``: see
    #: :data:`LAYERS`); "" (the default): the package of the module defining the class.
    package = ""
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

    # -- what a player reads (the map's and the Play app's texts) -----------------------------------------------
    def remembered(self, item, seat: int, options) -> str | None:
        """How the player at ``seat`` reads ``item`` (a log line or an action of his own) under the app options
        switched on (:attr:`app_options`): the words to show instead, where an option asks him to remember a secret
        of his own (The Audience's sealed clergymen), or None (as it is)."""
        return None

    def scoring_colours(self, state, seat: int) -> tuple | None:
        """The house colours ``seat`` may score a route in now, for a player with several (SoloPlay's Route
        Planner), as the rules read it; None: every colour he has houses of."""
        return None

    def pile_words(self, state, pile: str, seat: int) -> str | None:
        """A per-player public pile of the variant's own in words, for its cell beside the player's row (the map's
        table and the Play app's players table): "3 cards, 7 horses"; None: counted ("3 cards")."""
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
    """Make ``parts`` the parts of the variant ``parts.name``; its layer modules are those of ``parts.package``."""
    if not isinstance(parts, Parts):
        raise TypeError("register_parts() takes a Parts instance")
    PARTS[parts.name] = parts
    _ON.clear()
    _LOADED.clear()
    return parts


def unregister_parts(name: str) -> None:
    PARTS.pop(name, None)
    _ON.clear()
    _LOADED.clear()


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
    return _on(state)[1]


def layer_parts(state, layer: str) -> tuple:
    """The ``layer`` parts (a key of :data:`LAYERS`) of the variants switched on in the game of ``state`` (a state or
    a ruleset; None: of every variant registered), in registration order, each object once (two variants may share
    one: Messenger's and Offices of Honor's valuation). A variant's are the ``PARTS`` of the module ``layer`` of its
    package, imported when first asked; a variant without that module has none."""
    if layer not in LAYERS:
        raise ValueError(f"no layer {layer!r}: the layers are {', '.join(LAYERS)}")
    if state is None:
        return _unique(_load(p, layer) for p in PARTS.values())
    hit = _on(state)[2]
    got = hit.get(layer)
    if got is None:
        got = hit[layer] = _unique(_load(p, layer) for p in _on(state)[1])
    return got


def _on(state) -> tuple:
    rs = getattr(state, "ruleset", state)
    hit = _ON.get(id(rs))
    if hit is None or hit[0] is not rs:
        names = {v.name for v in getattr(rs, "variants", ())}
        if len(_ON) > 64:
            _ON.clear()
        hit = _ON[id(rs)] = (rs, tuple(p for n, p in PARTS.items() if n in names), {})
    return hit


def _unique(found) -> tuple:
    out = []
    for x in found:
        if x is not None and all(x is not y for y in out):
            out.append(x)
    return tuple(out)


def _load(parts: Parts, layer: str):
    """The ``layer`` parts of the variant of ``parts`` (its package's module ``layer``, attribute ``PARTS``), or
    None when its package has no such module."""
    key = (parts.name, layer)
    if key not in _LOADED:
        package = parts.package or type(parts).__module__.rpartition(".")[0]
        module = None
        if package:
            name = f"{package}.{layer}"
            try:
                module = importlib.import_module(name)
            except ModuleNotFoundError as e:
                if e.name != name:                  # the module is there, something it imports is missing
                    raise
        _LOADED[key] = getattr(module, "PARTS", None) if module is not None else None
    return _LOADED[key]
