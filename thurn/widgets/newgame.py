"""The New game panel of the game app: who plays (2–4 seats, each a human or a bot), the board (the boards
installed in ``data/``, and any board file the calling code passes), the rule options and the expansions as
toggles (only those the chosen board plays under: its ``rulesets``, else :meth:`thurn.variants.Variant.board_refusal`;
the others are hidden and the note under the board says why), the seed (random by default, shown so that the deal
can be played again), how the bots' turns are shown and whether undo is fair or teaching.

No rules here: the options are the fields of :class:`thurn.rules.Rules` (explained in words below), a bot seat is
one of the named levels of :mod:`thurn.bots.levels` (Beginner to Master, each with its line on how strong it is,
shown beside the seat), and the game is dealt by ``thurn.new_game``, whose errors (two players with one name, ...)
are shown as they are.
"""
from __future__ import annotations

import html
import random
import secrets

import ipywidgets as widgets

from ..board import Board
from ..board_file import available_boards, installed_board, load_board
from ..bots.levels import LEVELS, Level, find_level
from ..errors import ThurnError
from ..parts import PARTS
from ..option_words import and_list, ruleset_name
from ..rules import BOOLEAN_OPTIONS, Rules, option_applies
from ..rulesets import build_ruleset, check_board
from ..variants import REGISTRY, variant
from ..viz.board import reconstructed_words

__all__ = ["NewGamePanel", "SEAT_KINDS", "DEFAULT_SEATS", "NAME_MAX", "level_of", "seat_kind", "seat_words", "new_seed",
           "board_choices", "ruleset_refusals"]

#: What each seat can be: a human clicks; a bot is one of the levels (thurn.bots.levels), weakest first, by its key
#: ("club"), which ``make_bot`` takes. (A dropdown cannot hold None as a value: it shows an empty choice, so a human
#: is HUMAN here and None in ``settings()``.)
HUMAN = "human"
SEAT_KINDS = (("Human", HUMAN), *((lv.name, lv.key) for lv in LEVELS))
NAME_MAX = 20                     # a player's name is cut to this many characters
SEATS_MAX = 4                     # the seats the panel has
NOTE_MAX = 300                    # a board's note is shown up to this many characters, cut after a sentence
SEED_MAX = 10**9
#: The seats offered first: the learner against a Club bot; with more players a Beginner and an Expert join. A bot
#: is named after its level (the name follows the level while the learner leaves it so).
DEFAULT_SEATS = (("Ann", None), ("Club", "club"), ("Beginner", "beginner"), ("Expert", "expert"))
HUMAN_WORDS = "clicks their own turns (several humans take turns at this screen)"


#: The bots' names that games saved before the levels wrote for a seat, and the level each plays as now.
SAVED_KINDS = {"random": "beginner", "greedy": "club", "search": "expert"}


def level_of(name) -> Level | None:
    """The level that plays as the bot called ``name``: the level of that name, or for a bot's name that a game
    saved before the levels wrote (:data:`SAVED_KINDS`: ``"greedy"`` is Club, ``"random"`` Beginner, ``"search"``
    Expert) that level; None for any other name or a bot object. (What a seat of a game saved before the levels
    shows, and the level ``GuidedGame(bot="greedy")`` names.)"""
    found = find_level(name)
    if found is not None or not isinstance(name, str):
        return found
    return find_level(SAVED_KINDS.get(name.strip().lower(), ""))


def seat_kind(kind) -> str:
    """The panel's value for a seat given as None (a human), a level's name ("Club") or a bot's name that plays as
    a level ("greedy" is Club: :func:`thurn.bots.levels.level_of`); a ValueError for any other."""
    if kind in (None, HUMAN):
        return HUMAN
    found = level_of(kind)
    if found is None:
        raise ValueError(f"a seat is a human (None) or a level ({', '.join(lv.key for lv in LEVELS)}), not {kind!r}.")
    return found.key


def seat_words(kind) -> str:
    """A seat's kind in words: "human", a level's name ("Club bot", also for a bot's name that plays as a level,
    such as "greedy" in a game saved before the levels), else the bot's name ("search:iterations=8 bot")."""
    if kind in (None, HUMAN):
        return "human"
    found = level_of(kind)
    if found is not None:
        return f"{found.name} bot"
    return str(kind) if str(kind).endswith("bot") else f"{kind} bot"


def _seat_line(kind) -> str:
    """The grey line beside a seat: what its kind does (a level's line on how strong it is), escaped."""
    found = find_level(kind)
    text = (f"<b>{html.escape(found.name)}</b>: {html.escape(found.strength)}" if found is not None
            else f"<b>Human</b>: {html.escape(HUMAN_WORDS)}")
    return f"<div style='font-size:0.9em;color:#555;line-height:1.3;margin:2px 0'>{text}</div>"


#: What the levels' Elo numbers are, under their lines.
ELO_WORDS = ("Elo: each level's rating from games of every level against every other, the base game, two players; "
             "Beginner at 0, and 400 points more win about ten games in eleven.")


def levels_html() -> str:
    """Every level and its line, weakest first: a note under the seats (opened by a click)."""
    items = "".join(f"<li><b>{html.escape(lv.name)}</b>: {html.escape(lv.strength)}</li>" for lv in LEVELS)
    return ("<details style='font-size:0.9em;color:#444;margin:2px 0'><summary style='cursor:pointer'>The bots' "
            f"levels, weakest first: {html.escape(', '.join(lv.name for lv in LEVELS))}</summary>"
            f"<ul style='margin:2px 0;padding-left:20px'>{items}</ul>"
            f"<div style='margin:2px 0 0 20px'>{html.escape(ELO_WORDS)}</div></details>")

#: The rule options in words (the documents they come from: README, "Rule options"; thurn.rules.Rules).
OPTION_WORDS = {
    "optional_houses": "Houses are optional: a scoring may place only some of the houses its option allows "
                       "(the base rules, 3a, in one translation). Off: every house the option allows is placed.",
    "all_provinces_includes_baiern": "The all-provinces tile needs Baiern too (another translation's wording, "
                                     "3b). Off: every province outside Baiern.",
    "carriage_compulsory": "The carriage is always taken when a route earns it (3c, as most translations say). "
                           "Off: the player may decline it (3c, \"may take\").",
    "hand_limit_at_most": "Over the hand limit, keep up to three cards (3d, one translation). Off: keep exactly "
                          "three (3d, another).",
    "postal_carrier_may_restart": "The Postal Carrier's second card may start a new route (one translation). Off: it "
                                  "must extend the route (another).",
    **{key: text for part in PARTS.values() for key, text in part.option_words.items()},   # the variants' options
}
#: The expansions that exist (their parts registered by thurn.expansions), by their names in Rules.expansions, with
#: what each does (its rule source and :attr:`thurn.parts.Parts.summary`).
EXPANSIONS = tuple((name, f"{REGISTRY[name].rule_source}: {part.summary}" if part.summary
                    else REGISTRY[name].rule_source) for name, part in PARTS.items() if name in REGISTRY)
PACES = (("Step by step: a Next button for each bot action", "step"),
         ("A short pause (0.6 s) between bot actions", 0.6),
         ("At once", None))
UNDO = (("Fair game: undo never goes back before a card revealed from the deck or a bot's action", "fair"),
        ("Teaching mode: undo goes back to any action (to try another way)", "teaching"))


MAX_BOARDS = 40                   # boards offered at most (installed and passed by code)


def board_choices(extra=()) -> list[tuple[str, str, Board]]:
    """The boards a new game may be played on: ``(label, rules.board value, board)`` for each board installed in
    ``data/`` (the base board first; a file that does not load is left out), then each board file of ``extra``
    (paths given by the calling code, named by their path). A reconstructed board says so in its label."""
    names = available_boards()
    names = sorted(names, key=lambda n: (n != "base", n))
    found = [(name, installed_board(name)) for name in names]
    for path in extra:
        found.append((str(path), load_board(str(path))))
    out = []
    for value, board in found[:MAX_BOARDS]:
        if board is None:
            continue
        label = board.name + reconstructed_words(board, " (reconstructed)")
        out.append((label, value, board))
    return out


def ruleset_refusals(board: Board, names) -> dict[str, str]:
    """The expansions of ``names`` that ``board`` is not played with, each with the reason in a sentence: not in
    the board's ``rulesets`` (when it lists them), else what its variant says it lacks
    (:meth:`~thurn.variants.Variant.board_refusal`)."""
    out = {}
    listed = board.rulesets
    for name in names:
        if listed is not None:
            if name not in listed:
                out[name] = f"it plays under {and_list(ruleset_name(n) for n in listed)} only."
        else:
            why = variant(name).board_refusal(board)
            if why:
                out[name] = why
    return out


def _first_sentences(text: str, most: int) -> str:
    """``text`` cut after its last whole sentence within ``most`` characters ("…" where more was left out)."""
    text = " ".join(text.split())
    if len(text) <= most:
        return text
    cut = text[:most]
    end = max(cut.rfind(". "), cut.rfind("; "))
    return (cut[:end + 1] if end > 0 else cut.rstrip()) + " …"


def _option_row(variant_name: str, option: str, spec) -> tuple:
    """A dropdown for a variant's own rule option (:attr:`thurn.variants.Variant.options`: its default, its values
    and what it means), labelled in the words of the variant's parts (:attr:`thurn.parts.Parts.option_words`,
    :attr:`~thurn.parts.Parts.option_values`) or else its meaning; the default first and marked. Returns
    (the dropdown, its row)."""
    default, values, meaning = spec
    part = PARTS.get(variant_name)
    words = part.option_values.get(option, {}) if part is not None else {}
    label = (part.option_words.get(option) if part is not None else None) or f"{option.replace('_', ' ')}: {meaning}"
    ordered = [default] + [v for v in values if v != default]
    pick = widgets.Dropdown(options=[(str(words.get(v, v)) + (" (default)" if v == default else ""), v)
                                     for v in ordered], value=default,
                            layout=widgets.Layout(width="auto", min_width="260px"))
    pick.add_class(f"thurn-variant-option-{option}")
    pick.variant, pick.option, pick.default = variant_name, option, default
    head = widgets.HTML(f"<span style='font-size:0.92em'>{html.escape(label)}</span>",
                        layout=widgets.Layout(width="auto", max_width="560px", margin="0 8px 0 24px"))
    row = widgets.HBox([head, pick], layout=widgets.Layout(display="none", align_items="center",
                                                           flex_flow="row wrap"))
    row.add_class("thurn-variant-option")
    return pick, row


def new_seed(rng=None) -> int:
    """A random seed, shown so that the deal can be played again: from ``rng`` (a seeded ``random.Random``: the
    app's seeds reproducible) or else the operating system's randomness."""
    return rng.randrange(SEED_MAX) if rng is not None else secrets.randbelow(SEED_MAX)


def combination_refusal(board: Board, expansions) -> str | None:
    """Why the expansions ``expansions`` cannot be played together on ``board`` (a sentence from the rules: SoloPlay
    is played on its own; the board's rulesets), or None when they can: asked of :class:`thurn.rules.Rules` and
    :func:`thurn.rulesets.check_board`, so that the panel holds no rule of its own."""
    try:
        Rules(expansions=tuple(expansions))
        if board is not None:
            check_board(board, tuple(expansions))
    except ThurnError as e:
        return str(e)
    return None

#: The panel's check boxes wrap their words (a long rule option is shown whole, never cut with "…").
WRAP_STYLE = ("<style>.thurn-newgame .widget-checkbox, .thurn-newgame .widget-checkbox label {height:auto;"
              "white-space:normal;overflow:visible;text-overflow:clip;line-height:1.3}</style>")


class NewGamePanel(widgets.VBox):
    """The New game panel: ``settings()`` is the game asked for (a dict of ``players``, ``seats`` {name: a level's
    key such as ``"club"`` (its bot: ``make_bot(key, seed)``) or None, a human}, ``rules``, ``seed``, ``pace``,
    ``undo``); ``start`` (a button) calls the handlers given to ``on_start``. Errors in what was typed are said in
    ``message`` (CSS class ``thurn-newgame-message``). ``seats``: (name, None or a level, or a bot that plays as one
    such as ``"greedy"``) for the first seats.
    CSS classes: ``thurn-newgame`` (the panel), ``thurn-seat-name`` / ``thurn-seat-kind`` (each seat's name and
    kind: Human or a level), ``thurn-seat-level`` (beside each seat: what it does, a level's line on how strong it
    is), ``thurn-levels-note`` (every level's line, under the seats), ``thurn-seats`` (how many players),
    ``thurn-board`` (the board), ``thurn-board-note`` (what the board is, and the rules it is not played with),
    ``thurn-expansion-<name>``, ``thurn-seed``, ``thurn-start``.
    ``boards``: board files (paths) offered beside the installed boards."""

    def __init__(self, seed: int | None = None, seats=DEFAULT_SEATS[:2], boards=()):
        super().__init__(layout=widgets.Layout(border="2px solid #1d6b2f", padding="6px 10px", margin="4px 0"))
        self.add_class("thurn-newgame")
        self._handlers: list = []
        self._seeds = random.Random(seed) if seed is not None else None    # the next games' seeds
        self.count = widgets.ToggleButtons(options=[("2 players", 2), ("3 players", 3), ("4 players", 4)],
                                           value=max(2, min(4, len(seats))))
        self.count.add_class("thurn-seats")
        self.count.style.button_width = "90px"
        self.names, self.kinds, self.lines, self._rows = [], [], [], []
        for i in range(4):
            name, kind = seats[i] if i < len(seats) else DEFAULT_SEATS[i]
            text = widgets.Text(value=name, placeholder=f"player {i + 1}", layout=widgets.Layout(width="180px"))
            text.add_class("thurn-seat-name")
            choice = widgets.Dropdown(options=SEAT_KINDS, value=seat_kind(kind),
                                      layout=widgets.Layout(width="120px"))
            choice.add_class("thurn-seat-kind")
            line = widgets.HTML(_seat_line(choice.value), layout=widgets.Layout(flex="1 1 300px", min_width="240px",
                                                                                 margin="0 0 0 8px"))
            line.add_class("thurn-seat-level")
            choice.observe(lambda change, i=i: self._kind_chosen(i, change), names="value")
            self.names.append(text)
            self.kinds.append(choice)
            self.lines.append(line)
            self._rows.append(widgets.HBox([widgets.HTML(f"<b>Seat {i + 1}</b>", layout=widgets.Layout(
                width="60px")), text, choice, line], layout=widgets.Layout(align_items="center", flex_flow="row wrap")))
        self.count.observe(lambda _: self._show_seats(), names="value")
        self.options = {}
        for key in BOOLEAN_OPTIONS:
            box = widgets.Checkbox(value=False, description=OPTION_WORDS.get(key, key.replace("_", " ")),
                                   indent=False, layout=widgets.Layout(width="auto"))
            box.option = key
            self.options[key] = box
        self.app_options = {}             # the variants' app options (Parts.app_options), offered with their variant
        for part in PARTS.values():
            for key, text in part.app_options.items():
                box = widgets.Checkbox(value=False, description=text, indent=False,
                                       layout=widgets.Layout(width="auto"))
                box.add_class(f"thurn-app-option-{key}")
                box.option = key
                self.app_options[key] = box
        self.expansions = {}
        for key, words in EXPANSIONS:
            box = widgets.Checkbox(value=False, description=words, indent=False, layout=widgets.Layout(width="auto"))
            box.add_class(f"thurn-expansion-{key}")
            self.expansions[key] = box
        self.variant_options = {}         # the variants' own rule options (Variant.options): a dropdown each, shown
        self._variant_rows = {}           # with its variant ticked
        for key in self.expansions:
            for option, spec in REGISTRY[key].options.items():
                pick, row = _option_row(key, option, spec)
                self.variant_options[option] = pick
                self._variant_rows[option] = row
        for box in self.expansions.values():
            box.observe(lambda _: self._show_variant_options(), names="value")
            box.observe(lambda _: self._show_combinations(), names="value")
        self.combination_note = widgets.HTML()
        self.combination_note.add_class("thurn-combination-note")
        choices = board_choices(boards)
        self._boards = {value: board for _, value, board in choices}
        self.board = widgets.Dropdown(options=[(label, value) for label, value, _ in choices],
                                      value="base" if "base" in self._boards else None,
                                      layout=widgets.Layout(width="auto", min_width="420px", max_width="100%"))
        self.board.add_class("thurn-board")
        self.board_note = widgets.HTML()
        self.board_note.add_class("thurn-board-note")
        self.board.observe(lambda _: self._show_rulesets(), names="value")
        self.seed = widgets.Text(value=str(new_seed() if seed is None else seed), description="seed",
                                 layout=widgets.Layout(width="220px"))
        self.seed.add_class("thurn-seed")
        self.fix_seed = widgets.Checkbox(value=False, indent=False, layout=widgets.Layout(width="auto"),
                                         description="Keep this seed for the next game too (the same deal again)")
        self.fix_seed.add_class("thurn-fix-seed")
        self._rolling = False
        self.seed.observe(lambda _: self._seed_typed(), names="value")
        dice = widgets.Button(description="another seed", icon="random", layout=widgets.Layout(width="auto"))
        dice.on_click(lambda _: self.roll_seed())
        self.pace = widgets.RadioButtons(options=PACES, value="step", layout=widgets.Layout(width="auto"))
        self.pace.add_class("thurn-pace")
        self.undo = widgets.RadioButtons(options=UNDO, value="fair", layout=widgets.Layout(width="auto"))
        self.undo.add_class("thurn-undo-mode")
        self.start = widgets.Button(description="Start the game", button_style="success", icon="play",
                                    layout=widgets.Layout(width="auto", align_self="flex-start"))
        self.start.add_class("thurn-start")
        self.start.on_click(lambda _: self._started())
        self.message = widgets.HTML()
        self.message.add_class("thurn-newgame-message")
        small = "<div style='font-size:0.9em;color:#444;margin:2px 0'>{}</div>"
        self.levels_note = widgets.HTML(levels_html())
        self.levels_note.add_class("thurn-levels-note")
        self.children = [
            widgets.HTML("<h3 style='margin:4px 0'>New game</h3>"),
            self.count, *self._rows,
            self.levels_note,
            widgets.HTML("<b>Board</b>"), self.board, self.board_note,
            widgets.HTML(WRAP_STYLE + "<b>Expansions</b>"),
            *[w for key, box in self.expansions.items()     # each expansion with its own options under it
              for w in [box] + [row for option, row in self._variant_rows.items()
                                if self.variant_options[option].variant == key]],
            *self.app_options.values(), self.combination_note,
            widgets.HTML("<b>Rule options</b> <small>(where the rulebooks disagree; all off is the base game as "
                         "the rules notes settle it)</small>"), *self.options.values(),
            widgets.HTML("<b>The deal</b>"), widgets.HBox([self.seed, dice]), self.fix_seed,
            widgets.HTML(small.format("The seed deals the cards: each new game gets a new one, unless you type one "
                                      "or keep this one (the same deal played again).")),
            widgets.HTML("<b>The bots' turns</b>"), self.pace,
            widgets.HTML("<b>Undo</b>"), self.undo,
            self.start, self.message]
        self._show_seats()
        self._show_rulesets()
        self._show_variant_options()
        self._show_combinations()

    # -- the seed -------------------------------------------------------------------------------------------------
    def roll_seed(self) -> None:
        """A new seed in the box (the learner's "another seed", and after each game dealt unless the seed is kept)."""
        self._rolling = True
        try:
            self.seed.value = str(new_seed(self._seeds))
        finally:
            self._rolling = False
        self.fix_seed.value = False

    def _seed_typed(self) -> None:
        """A seed the learner types is kept for the games that follow, until he asks for another."""
        if not self._rolling:
            self.fix_seed.value = True

    def dealt(self) -> None:
        """A game was dealt with the panel's seed: the next game gets a new one, unless the learner keeps it."""
        if not self.fix_seed.value:
            self.roll_seed()

    # -- the expansions played together, and the options that mean something -------------------------------------
    def _ticked(self) -> list[str]:
        return [key for key, box in self.expansions.items() if box.value and box.layout.display != "none"]

    def _show_combinations(self) -> None:
        """Each expansion that cannot be played with those ticked is unticked and cannot be ticked (a ticked one
        that cannot go with those before it is unticked); the note under the expansions says why, in the rules'
        words (SoloPlay is played on its own). Then the rule options that mean something now."""
        if getattr(self, "_combining", False):
            return
        self._combining = True
        try:
            board = self.chosen_board
            kept: list[str] = []
            for key in self._ticked():
                if combination_refusal(board, kept + [key]) and not combination_refusal(board, kept):
                    self.expansions[key].value = False
                else:
                    kept.append(key)
            refused = []
            for key, box in self.expansions.items():
                off = (box.layout.display != "none" and key not in kept and kept
                       and combination_refusal(board, kept + [key]) is not None
                       and combination_refusal(board, kept) is None)
                box.disabled = bool(off)
                if off:
                    refused.append(key)
            why = combination_refusal(board, kept + refused) if refused else None
            self.combination_note.value = "" if not refused else (
                f"<div style='font-size:0.9em;color:#444;margin:2px 0'>"
                f"{html.escape(and_list(ruleset_name(k) for k in refused))} cannot be ticked with "
                f"{html.escape(and_list(ruleset_name(k) for k in kept))}: {html.escape(why or '')}</div>")
        finally:
            self._combining = False
        self._show_options()

    def _show_options(self) -> None:
        """Offer only the rule options that change something on the board chosen under the rulesets ticked
        (:func:`thurn.rules.option_applies`: none about Baiern on the northern board, none about the carriage
        under Power and Glory); an option hidden is switched off."""
        board = self.chosen_board
        if board is None:
            return
        try:
            ruleset = build_ruleset(tuple(self._ticked()))[1]
        except ThurnError:
            ruleset = build_ruleset(())[1]
        ticked = set(self._ticked())
        for name, part in PARTS.items():             # an expansion's app options: offered with it ticked
            for key in part.app_options:
                if key in self.app_options:
                    if name not in ticked:
                        self.app_options[key].value = False
                    self.app_options[key].layout.display = None if name in ticked else "none"
        for key, box in self.options.items():
            shown = option_applies(key, ruleset, board)
            if not shown:
                box.value = False
            box.layout.display = None if shown else "none"

    def _show_variant_options(self) -> None:
        """Show the rule options of each expansion ticked (a dropdown per option its variant declares); the numbers
        of players follow the expansions ticked (a variant's player range: SoloPlay is for one)."""
        for option, row in self._variant_rows.items():
            box = self.expansions[self.variant_options[option].variant]
            row.layout.display = "flex" if box.value and box.layout.display != "none" else "none"
        board = self.chosen_board
        if board is not None:
            self._show_counts(board)

    @property
    def chosen_board(self) -> Board | None:
        """The board chosen (a :class:`~thurn.board.Board`), or None when none is offered."""
        return self._boards.get(self.board.value)

    def _show_rulesets(self) -> None:
        """Offer only the expansions the chosen board plays under; the note says what the board is (its provenance,
        when not the printed board) and why each other expansion is not offered. A board not played under the base
        game alone has its first expansion switched on."""
        board = self.chosen_board
        if board is None:
            return
        self._show_counts(board)
        refused = ruleset_refusals(board, self.expansions)
        for name, box in self.expansions.items():
            if name in refused:
                box.value = False
            box.layout.display = "none" if name in refused else None
            for key in PARTS[name].app_options:          # its app options go with it
                if key in self.app_options:
                    if name in refused:
                        self.app_options[key].value = False
                    self.app_options[key].layout.display = "none" if name in refused else None
        lines = []
        if board.provenance not in ("published", "unknown"):
            lines.append(f"<i>{html.escape(board.name)}</i> is a {html.escape(board.provenance)} board: "
                         f"{html.escape(_first_sentences(board.note, NOTE_MAX)) or 'not the printed board.'}")
        for name, why in refused.items():
            lines.append(f"Not with {html.escape(REGISTRY[name].rule_source)}: {html.escape(why)}")
        listed = board.rulesets
        if listed is not None and "base" not in listed:
            offered = [name for name in self.expansions if name not in refused]
            lines.append("This board is not played under the base game alone: switch on "
                         + (" or ".join(html.escape(REGISTRY[n].rule_source) for n in offered) or "an expansion")
                         + ".")
            if offered and not any(self.expansions[n].value for n in offered):
                self.expansions[offered[0]].value = True
        self.board_note.value = "".join(f"<div style='font-size:0.9em;color:#444;margin:2px 0'>{line}</div>"
                                        for line in lines)
        if hasattr(self, "combination_note"):
            self._show_combinations()

    def _show_counts(self, board: Board) -> None:
        """Offer the numbers of players the chosen board is played by (its ``components.players``, at most the
        panel's 4 seats); the number chosen stays when the board allows it, else the nearest one."""
        lo, hi = board.players
        fewest = 2                        # the base game's; a variant ticked may play with fewer (SoloPlay: one)
        for name, box in self.expansions.items():
            own = REGISTRY[name].players
            if box.value and box.layout.display != "none" and own is not None:
                lo, hi = own             # (the ruleset's range replaces the board's: thurn.io)
                fewest = min(fewest, lo)
        counts = list(range(max(fewest, lo), min(SEATS_MAX, hi) + 1)) or [max(fewest, min(SEATS_MAX, lo))]
        options = [(f"{n} player{'s' if n != 1 else ''}", n) for n in counts]
        if list(self.count.options) != options:
            keep = min(max(self.count.value, counts[0]), counts[-1])
            self.count.options = options
            self.count.value = keep

    def _kind_chosen(self, i: int, change) -> None:
        """Seat ``i`` is now ``change.new``: its line says what that level does; a bot still named after its old
        level is named after the new one (when no other seat has that name)."""
        self.lines[i].value = _seat_line(change.new)
        old, new = find_level(change.old), find_level(change.new)
        name = self.names[i]
        if old is None or new is None or " ".join(name.value.split()) != old.name:
            return
        taken = {" ".join(t.value.split()).casefold() for j, t in enumerate(self.names) if j != i}
        name.value = next(n for n in [new.name] + [f"{new.name} {k}" for k in range(2, SEATS_MAX + 2)]
                          if n.casefold() not in taken)

    def _show_seats(self) -> None:
        for i, row in enumerate(self._rows):
            row.layout.display = "flex" if i < self.count.value else "none"

    def on_start(self, fn) -> None:
        """Call ``fn(settings)`` when Start is clicked and the settings are good."""
        self._handlers.append(fn)

    def settings(self) -> dict:
        """The game asked for; a ThurnError (a ValueError) with a sentence to show when something typed is wrong."""
        n = self.count.value
        names = [" ".join(t.value.split())[:NAME_MAX] for t in self.names[:n]]
        for i, name in enumerate(names):
            if not name:
                raise ThurnError(f"seat {i + 1} has no name: type one.")
        if len({name.casefold() for name in names}) < n:
            raise ThurnError("two seats have the same name: give each player a name of their own.")
        text = self.seed.value.strip()
        if not (text.isascii() and text.isdigit()) or len(text) > len(str(SEED_MAX)) or int(text) >= SEED_MAX:
            raise ThurnError(f"the seed is a whole number from 0 to {SEED_MAX - 1}, not {text[:30]!r}.")
        rules = {key: True for key, box in self.options.items() if box.value and box.layout.display != "none"}
        if self.board.value not in (None, "base"):
            rules["board"] = self.board.value
        expansions = [key for key, box in self.expansions.items()
                      if box.value and box.layout.display != "none"]
        if expansions:
            rules["expansions"] = expansions
        chosen_options = {option: pick.value for option, pick in self.variant_options.items()
                          if pick.variant in expansions and pick.value != pick.default}
        if chosen_options:
            rules["options"] = chosen_options
        seats = {name: (None if kind.value in (HUMAN, None) else kind.value)
                 for name, kind in zip(names, self.kinds[:n])}
        chosen = set(expansions)
        options = [key for name in chosen for key in PARTS[name].app_options
                   if key in self.app_options and self.app_options[key].value]
        out = dict(players=names, seats=seats, rules=rules, seed=int(text), pace=self.pace.value, undo=self.undo.value)
        if options:
            out["options"] = sorted(options)
        return out

    def _started(self) -> None:
        try:
            settings = self.settings()
        except ThurnError as e:
            self.message.value = f"<div style='color:#b00020;font-weight:bold'>{html.escape(str(e))}</div>"
            return
        self.message.value = ""
        for fn in self._handlers:
            fn(settings)
