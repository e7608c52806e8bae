"""A game and the lines tried from any of its positions: the analysis board's tree of variations (issue 36).

A *line* is a start position and the moves played from it. Line 0 is the game as played (its start is the game's
first position, its moves the game's history). Any other line *branches* from a position of another line (after
``at`` of that line's moves) and plays on from there, so the lines form a tree: a branch of a branch too.

How a branch deals what its learner could not know there (the other hands, the deck's order, the seed of later
shuffles, every expansion's secrets: base rules, 1, "the cards are drawn face down"; The Audience's sealed tiles):

- ``"fair"`` (the default): dealt again at random, consistently with everything the learner (``seat``) had seen —
  the reading the bots use (:func:`thurn.information.determinize`). A fair branch never tells him a hidden card:
  two games that differ only in what he could not see give the same fair branch for the same seed.
- ``"same"``: the real hidden cards, the game's own deck (for teaching: it shows what really lay there).

Lines have names, and notes (the learner's) and comments (the review's) on any of their positions (``k``: after
``k`` moves of the line, 0 its start). The tree is saved in the game file (``"variations"``, format
:data:`FORMAT`, see docs/save-files.md) and loaded back identical; a file from someone else is bounded and checked
(every move replayed, every fair deal checked against what its learner could see there).

Nothing here is UI: the apps and notebooks show a :class:`Variations` and call its methods.
"""
from __future__ import annotations

import html
import random
import unicodedata

from .errors import PositionError, ThurnError, short_repr
from .io import MAX_VARIATION_LINES as MAX_LINES, VARIATIONS_FORMAT as FORMAT, check_variations_shape
from .state import GameState

__all__ = ["Variations", "Line", "VariationError", "FORMAT", "DEALS", "MAX_LINES", "MAX_NOTES", "MAX_NOTE",
           "MAX_LINE_NAME", "public_view"]

#: How a branch deals the cards its learner cannot see (see the module's docstring).
DEALS = ("fair", "same")
#: At most this many notes and comments in a tree, all lines together, each at most MAX_NOTE characters.
MAX_NOTES = 2000
MAX_NOTE = 1000
#: A line's name: at most this many characters of visible text.
MAX_LINE_NAME = 60
#: All lines' moves together, at most (the game's own are bounded by the game file: thurn.io.MAX_ACTIONS).
MAX_BRANCH_MOVES = 100_000

GAME_NAME = "the game"
#: What became of an exercise of the drill (:mod:`thurn.drill`), as the tree keeps it.
DRILL_RESULTS = ("right", "wrong", "shown")


class VariationError(ThurnError):
    """A tree of variations cannot do what was asked: an unknown line, a position a line does not have, a deal
    that is neither fair nor the same, a note too long. ``reason`` is stable."""

    reason = "variation"


def _visible_text(text, what: str, limit: int) -> str:
    if not isinstance(text, str):
        raise VariationError(f"{what} should be a text, not {short_repr(text)}.", "bad_text")
    if len(text) > limit:
        raise VariationError(f"{what} is {len(text)} characters long; at most {limit}.", "text_too_long")
    bad = next((ch for ch in text if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn")
                and ch not in "\n\t"), None)
    if bad is not None:
        raise VariationError(f"{what} contains a control or invisible character (U+{ord(bad):04X}).", "bad_text")
    return text


def public_view(state: GameState, seat: int) -> dict:
    """What ``seat`` sees of ``state`` with nothing remembered (a position of its own): the position as a dict with
    every card he cannot see as None (the others' hands, the deck), every value hidden from him as None, and
    without the seed of later shuffles; with the backs everyone sees where the ruleset's backs show something. Two
    positions he cannot tell apart give the same dict (a fair deal is checked so)."""
    from .information import Watch, card_backs, hidden_view

    d = hidden_view(state, seat, Watch.start(state), 0).position()
    d.pop("seed", None)
    if state.ruleset.card_back is not None:
        d["backs"] = card_backs(state)
    return d


class Line:
    """One line of a :class:`Variations` tree: ``start`` (its first position), the moves played from it
    (``actions``, the engine's own), where it branches off (``parent`` line and ``at``, that line's moves before
    the branch; None and 0 for the game), how its hidden cards were dealt (``deal``: ``"game"`` for the game as
    played, else :data:`DEALS`), whose knowledge a fair deal keeps (``seat``), its ``name``, and the ``notes`` and
    ``comments`` on its positions (``{k: text}``, ``k`` moves from its start)."""

    __slots__ = ("id", "name", "parent", "at", "deal", "seat", "start", "actions", "notes", "comments", "_states")

    def __init__(self, id: int, name: str, parent: int | None, at: int, deal: str, seat: int | None,
                 start: GameState, actions=()):
        self.id, self.name, self.parent, self.at, self.deal, self.seat = id, name, parent, at, deal, seat
        self.start = start
        self.actions: list = []
        self.notes: dict[int, str] = {}
        self.comments: dict[int, str] = {}
        self._states = [start]
        for a in actions:
            self._push(a)

    def _push(self, action) -> GameState:
        after = self._states[-1].apply(action)
        self._states.append(after)
        self.actions.append(after.last_action)
        return after

    def __len__(self) -> int:
        return len(self.actions)

    def state(self, k: int | None = None) -> GameState:
        """The position after ``k`` of the line's moves (default: all of them, where the line stands)."""
        if k is None:
            return self._states[-1]
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= len(self.actions):
            raise VariationError(f"{self.title} has positions 0 to {len(self.actions)} (after that many of its "
                                 f"moves), not {short_repr(k)}.", "bad_position")
        return self._states[k]

    @property
    def title(self) -> str:
        return GAME_NAME if self.id == 0 else f"line {self.id} ({self.name})"

    def describe(self) -> str:
        """The line in one sentence: what it is, where it branches off, how it was dealt, its moves."""
        moves = f"{len(self.actions)} move{'s' if len(self.actions) != 1 else ''}"
        if self.id == 0:
            return f"The game as played: {moves}."
        deal = (f"dealt again for {self.start.names[self.seat]} (fair)" if self.deal == "fair"
                else "the game's own hidden cards (same deck: teaching)")
        return f"{self.name}: from line {self.parent} after {self.at} moves, {deal}, {moves}."

    def __repr__(self) -> str:
        return f"<Line {self.id} {self.name!r}: {self.describe()}>"


def _lines_entry(tree: "Variations") -> dict:
    lines = []
    for line in tree.lines.values():
        if line.id == 0:
            continue
        entry = {"id": line.id, "name": line.name, "parent": line.parent, "at": line.at, "deal": line.deal,
                 "seat": line.start.names[line.seat] if line.seat is not None else None,
                 "actions": [a.notation for a in line.actions]}
        if line.deal == "fair":
            entry["start"] = line.start.position()
        lines.append(entry)
    main = tree.lines[0]
    return {"format": FORMAT, "order": [[p, kids] for p, kids in tree._order_entry()], "lines": lines,
            "notes": _texts_entry(main.notes), "comments": _texts_entry(main.comments),
            "line_notes": {str(l.id): _texts_entry(l.notes) for l in tree.lines.values() if l.id and l.notes},
            "line_comments": {str(l.id): _texts_entry(l.comments) for l in tree.lines.values()
                              if l.id and l.comments},
            "drill": {str(k): v for k, v in sorted(tree.drill.items())}}


def _texts_entry(texts: dict) -> dict:
    return {str(k): v for k, v in sorted(texts.items())}


class Variations:
    """A game and its lines (:class:`Line`): ``lines`` by id, line 0 the game as played. Built from any game
    (finished or not, dealt from a seed or from a position written by hand) or loaded from a game file
    (:meth:`from_json`). The game itself is never changed: it is line 0's last position (:attr:`game`)."""

    def __init__(self, game: GameState):
        if not isinstance(game, GameState):
            raise VariationError(f"Variations is built from a game (a GameState), not {short_repr(game)}.",
                                 "not_a_game")
        self.lines: dict[int, Line] = {0: Line(0, GAME_NAME, None, 0, "game", None, game.root, game.history)}
        self._kids: dict[int, list[int]] = {0: []}
        self._next = 1
        self._notes = 0
        #: What became of each exercise of a drill through this game's mistakes: ``{move: result}``
        #: (:class:`thurn.drill.Drill` keeps it here, so that it is saved with the game).
        self.drill: dict[int, str] = {}

    # -- reading -------------------------------------------------------------------------------------------------
    @property
    def game(self) -> GameState:
        """The game as played (line 0 where it stands)."""
        return self.lines[0].state()

    @property
    def main(self) -> Line:
        return self.lines[0]

    def line(self, ref) -> Line:
        """A line by its id (0: the game) or its name (case and spaces aside); a :class:`Line` is returned as it
        is if it belongs to this tree."""
        if isinstance(ref, Line):
            if self.lines.get(ref.id) is ref:
                return ref
            raise VariationError(f"{ref.title} is not a line of this tree (was it deleted?).", "unknown_line")
        if isinstance(ref, int) and not isinstance(ref, bool):
            if ref in self.lines:
                return self.lines[ref]
        elif isinstance(ref, str):
            key = " ".join(ref.split()).casefold()
            for line in self.lines.values():
                if " ".join(line.name.split()).casefold() == key:
                    return line
        names = ", ".join(f"{l.id} ({l.name})" for l in self.lines.values())
        raise VariationError(f"no line {short_repr(ref)}: the lines are {names}.", "unknown_line")

    def children(self, ref=0) -> list[Line]:
        """The lines branching off ``ref``, in their order (the first is shown first: see :meth:`promote`)."""
        return [self.lines[i] for i in self._kids[self.line(ref).id]]

    def walk(self) -> list[tuple[int, Line]]:
        """Every line with its depth in the tree (the game 0, its branches 1, ...), each line followed by its
        branches, those off earlier positions first."""
        out = []

        def visit(i, depth):
            out.append((depth, self.lines[i]))
            for j in sorted(self._kids[i], key=lambda j: self.lines[j].at):
                visit(j, depth + 1)

        visit(0, 0)
        return out

    def path(self, ref) -> list[tuple[Line, int]]:
        """From the game to ``ref``: each line on the way and how many of its moves lead there (the last: all)."""
        line = self.line(ref)
        out = [(line, len(line))]
        while line.parent is not None:
            at = line.at
            line = self.lines[line.parent]
            out.append((line, at))
        out.reverse()
        return out

    def branches_at(self, ref, k: int) -> list[Line]:
        """The lines that branch off ``ref`` at its position ``k``."""
        return [l for l in self.children(ref) if l.at == k]

    # -- changing ------------------------------------------------------------------------------------------------
    def branch(self, ref=0, at: int | None = None, *, deal: str = "fair", seat=None, seed=None,
               name: str | None = None) -> Line:
        """A new line from line ``ref``'s position after ``at`` of its moves (default: where it stands), dealt
        ``deal`` (:data:`DEALS`): ``"fair"`` deals again what ``seat`` (seat or name; default the player to move
        there) could not know; ``"same"`` keeps the real cards (teaching). ``seed``: the fair deal's generator (a
        seed or a :class:`random.Random`; the same seed deals the same); by default a fresh one from the system's
        entropy, never from the game's own seed (which would tie the deal to the hidden cards). The deal is kept in
        the line (and in the file), so a saved tree loads back identical. ``name`` (default "line N")."""
        parent = self.line(ref)
        if at is None:
            at = len(parent)
        s = parent.state(at)
        if deal not in DEALS:
            raise VariationError(f"a branch is dealt 'fair' (what the player could not know dealt again) or 'same' "
                                 f"(the game's own hidden cards), not {short_repr(deal)}.", "bad_deal")
        if len(self.lines) > MAX_LINES:
            raise VariationError(f"this tree has {MAX_LINES} lines besides the game, the most a tree holds: delete "
                                 f"one first.", "too_many_lines")
        seat = s.to_move if seat is None else s.seat(seat)
        name = self._new_name(name)
        i = self._next
        if deal == "fair":
            from .information import determinize

            if seed is None:
                seed = random.SystemRandom().getrandbits(64)
            rng = seed if isinstance(seed, random.Random) else random.Random(seed)
            start = determinize(s, seat, rng)
        else:
            start = s
        line = Line(i, name, parent.id, at, deal, seat, start)
        self._add(line)
        return line

    def _add(self, line: Line) -> None:
        self.lines[line.id] = line
        self._kids[line.id] = []
        self._kids[line.parent].append(line.id)
        self._next = max(self._next, line.id + 1)

    def _new_name(self, name) -> str:
        if name is None:
            name = f"line {self._next}"
        name = " ".join(_visible_text(name, "a line's name", MAX_LINE_NAME).split())
        if not name:
            raise VariationError("a line's name needs some visible text.", "bad_text")
        key = name.casefold()
        if any(" ".join(l.name.split()).casefold() == key for l in self.lines.values()):
            raise VariationError(f"there is a line named {name!r} already: choose another name.", "name_taken")
        return name

    def play(self, ref, action) -> GameState:
        """Play ``action`` (an action or its notation) at the end of line ``ref`` (not the game as played: play the
        game itself, or branch off it with ``deal="same"``); the new position. An illegal action raises the engine's
        :class:`~thurn.errors.IllegalAction` and changes nothing."""
        line = self.line(ref)
        if line.id == 0:
            raise VariationError("the game as played is not changed here: branch off it to try another move "
                                 "(deal='same' keeps its cards).", "game_line")
        if sum(len(l) for l in self.lines.values() if l.id) >= MAX_BRANCH_MOVES:
            raise VariationError(f"the branches hold {MAX_BRANCH_MOVES:,} moves, the most a tree holds.",
                                 "too_many_moves")
        s = line.state()
        if isinstance(action, str):
            action = s.ruleset.parse(action)
        return line._push(action)

    def play_bots(self, ref, bots, *, seed=None, max_moves: int = 20_000) -> GameState:
        """Let bots play line ``ref`` on: ``bots`` a bot name or level (``"club"``) for every seat, or
        ``{player name or seat: bot name, level or bot}`` for some (a seat without one is a human's: the line stops
        at his turn); until the game ends, a human is to move, or ``max_moves``. Each bot is handed its player's view
        (:func:`thurn.information.view_for`), never the line's hidden cards. ``seed``: the bots' seeds (default:
        fresh ones). The new position."""
        from .bots import make_bot
        from .information import Watch, actions_played, view_for

        line = self.line(ref)
        s = line.state()
        if isinstance(bots, dict):
            chosen = {s.seat(k): v for k, v in bots.items()}
        else:
            chosen = dict.fromkeys(range(s.num_players), bots)
        made = {seat: make_bot(b, seed=None if seed is None else f"{seed}:{seat}") if isinstance(b, str) else b
                for seat, b in chosen.items()}
        watch = Watch.of(s)
        k = actions_played(s)
        for _ in range(max_moves):
            if s.is_over or s.to_move not in made:
                break
            bot = made[s.to_move]
            a = bot.choose(view_for(bot, s, s.to_move, watch, k))
            after = self.play(line, a)
            watch.see(s, after.last_action, after)
            s, k = after, k + 1
        return s

    def take_back(self, ref, n: int = 1) -> GameState:
        """Take back the last ``n`` moves of a line (not the game as played); refused while a branch starts after
        the position it would go back to (delete that branch first)."""
        line = self.line(ref)
        if line.id == 0:
            raise VariationError("the game as played is not changed here.", "game_line")
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= len(line):
            raise VariationError(f"{line.title} has {len(line)} moves to take back, not {short_repr(n)}.",
                                 "bad_position")
        keep = len(line) - n
        later = [l for l in self.children(line) if l.at > keep]
        if later:
            raise VariationError(f"line {later[0].id} ({later[0].name}) branches off a move that would be taken "
                                 f"back: delete it first.", "branch_after")
        del line.actions[keep:]
        del line._states[keep + 1:]
        for texts in (line.notes, line.comments):
            for k in [k for k in texts if k > keep]:
                del texts[k]
                self._notes -= 1
        return line.state()

    def rename(self, ref, name: str) -> Line:
        line = self.line(ref)
        if line.id == 0:
            raise VariationError("the game as played keeps its name.", "game_line")
        old, line.name = line.name, ""
        try:
            line.name = self._new_name(name)
        except VariationError:
            line.name = old
            raise
        return line

    def delete(self, ref) -> list[int]:
        """Delete a line and every line that branches off it; their ids. The game as played is never deleted."""
        line = self.line(ref)
        if line.id == 0:
            raise VariationError("the game as played cannot be deleted.", "game_line")
        gone = []

        def drop(i):
            for j in list(self._kids[i]):
                drop(j)
            gone.append(i)
            l = self.lines.pop(i)
            self._notes -= len(l.notes) + len(l.comments)
            del self._kids[i]

        self._kids[line.parent].remove(line.id)
        drop(line.id)
        return gone

    def promote(self, ref) -> Line:
        """Put a line first among the lines branching off the same line (it is listed and shown first there). The
        game as played stays the game: a line dealt differently is another game, never a continuation of it."""
        line = self.line(ref)
        if line.id == 0:
            raise VariationError("the game as played is already first.", "game_line")
        kids = self._kids[line.parent]
        kids.remove(line.id)
        kids.insert(0, line.id)
        return line

    def note(self, ref, k: int, text: str | None) -> None:
        """The learner's note on line ``ref``'s position ``k`` (after ``k`` of its moves); None or "" removes it."""
        self._text(ref, k, text, "notes")

    def comment(self, ref, k: int, text: str | None) -> None:
        """A comment (the review's words) on line ``ref``'s position ``k``; None or "" removes it."""
        self._text(ref, k, text, "comments")

    def _text(self, ref, k, text, where) -> None:
        line = self.line(ref)
        line.state(k)                                   # (checks k)
        texts = getattr(line, where)
        if text is None or text == "":
            if k in texts:
                del texts[k]
                self._notes -= 1
            return
        text = _visible_text(text, "a note", MAX_NOTE)
        if k not in texts:
            if self._notes >= MAX_NOTES:
                raise VariationError(f"this tree holds {MAX_NOTES} notes and comments, the most it holds.",
                                     "too_many_notes")
            self._notes += 1
        texts[k] = text

    def add_review(self, review) -> int:
        """The review's words as comments on the game as played: on the position before each decision the review
        would have made otherwise (its ``comment`` column); how many were added."""
        table = getattr(review, "table", review)
        n = 0
        for move, row in table.iterrows():
            comment = row.get("comment")
            if isinstance(comment, str) and comment:
                self.comment(0, int(move), comment[:MAX_NOTE])
                n += 1
        return n

    # -- files ---------------------------------------------------------------------------------------------------
    def _order_entry(self):
        return [(i, list(kids)) for i, kids in self._kids.items() if len(kids) > 1]

    def to_dict(self) -> dict:
        """The game file of the game as played with the tree as its ``"variations"`` (see docs/save-files.md)."""
        d = self.game.to_dict()
        d["variations"] = _lines_entry(self)
        return d

    def to_json(self, indent=None) -> str:
        import json

        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    @classmethod
    def from_json(cls, data, *, boards=None) -> "Variations":
        """The game and its tree from a game file (text, bytes or dict); a file without ``"variations"`` (an
        older one, or any game file) gives the game alone. Every line is checked: its moves replayed, a fair
        deal agreeing with all its learner could see where it branches off; a problem is a
        :class:`~thurn.errors.PositionError` naming the line."""
        from .io import load_game, parse_json

        if isinstance(data, (str, bytes, bytearray, memoryview)):
            data = parse_json(data)
        game = load_game(data, boards=boards)
        tree = cls(game)
        entry = data.get("variations") if isinstance(data, dict) else None
        if entry is not None:
            try:
                _read_entry(tree, entry, boards)
            except VariationError as e:
                raise PositionError(f"variations: {e}", "bad_variations") from None
            except RecursionError:
                raise PositionError("variations: nested too deeply to be a tree.", "bad_variations") from None
        return tree

    # -- showing -------------------------------------------------------------------------------------------------
    def __repr__(self) -> str:
        return "\n".join("  " * depth + f"{line.id}: {line.describe()}" for depth, line in self.walk())

    def _repr_html_(self) -> str:
        items = []
        for depth, line in self.walk():
            items.append(f'<li style="margin-left:{1.5 * depth}em">{html.escape(line.describe())}</li>')
        return f'<ul class="thurn-variations" style="list-style:none;padding-left:0">{"".join(items)}</ul>'


# -- reading a tree from a file -----------------------------------------------------------------------------------

_LINE_FIELDS = ("id", "name", "parent", "at", "deal", "seat", "actions", "start")


def _whole(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _need(cond, message) -> None:
    if not cond:
        raise VariationError(message, "bad_variations")


def _int_field(d, key, where, lo=0, hi=None) -> int:
    v = d.get(key)
    _need(isinstance(v, int) and not isinstance(v, bool) and v >= lo and (hi is None or v <= hi),
          f"{where}.{key} should be a whole number from {lo}{'' if hi is None else f' to {hi}'}, not {short_repr(v)}.")
    return v


def _read_texts(tree: Variations, line: Line, raw, where: str, kind: str) -> None:
    if raw is None:
        return
    _need(isinstance(raw, dict) and len(raw) <= MAX_NOTES, f"{where} should map positions to texts.")
    for k, text in raw.items():
        _need(isinstance(k, str) and k.isdigit() and len(k) <= 7, f"{where}: {short_repr(k)} is not a position.")
        getattr(tree, kind)(line, int(k), text)


def _read_entry(tree: Variations, entry, boards) -> None:
    from .io import state_from_position

    check_variations_shape(entry)
    moves = 0
    for n, raw in enumerate(entry.get("lines", [])):
        where = f"lines[{n}]"
        _need(isinstance(raw, dict), f"{where} should be a JSON object.")
        unknown = [k for k in raw if k not in _LINE_FIELDS]
        _need(not unknown, f"{where} has an unknown field {short_repr(unknown[:1])}.")
        i = _int_field(raw, "id", where, 1, 10 ** 6)
        _need(i not in tree.lines, f"{where}: line {i} appears twice.")
        parent = tree.line(_int_field(raw, "parent", where, 0, 10 ** 6))   # (an earlier line: no cycles)
        at = _int_field(raw, "at", where, 0, len(parent))
        deal = raw.get("deal")
        _need(deal in DEALS, f"{where}.deal should be 'fair' or 'same', not {short_repr(deal)}.")
        branch_point = parent.state(at)
        seat = raw.get("seat")
        _need(seat is None or isinstance(seat, str), f"{where}.seat should be a player's name.")
        try:
            seat = branch_point.seat(seat) if seat is not None else None
        except ThurnError:
            raise VariationError(f"{where}.seat names no player of the game: {short_repr(seat)}.",
                                 "bad_variations") from None
        actions = raw.get("actions")
        _need(isinstance(actions, list) and all(isinstance(a, str) and len(a) <= 1000 for a in actions),
              f"{where}.actions should be a list of notations.")
        moves += len(actions)
        _need(moves <= MAX_BRANCH_MOVES, f"the branches hold more than {MAX_BRANCH_MOVES:,} moves.")
        if deal == "fair":
            _need(seat is not None, f"{where}: a fair deal names the player whose knowledge it keeps ('seat').")
            _need("start" in raw, f"{where}: a fair line needs its dealt 'start' position.")
            try:
                start = state_from_position(raw["start"], boards=boards)
            except ThurnError as e:
                raise VariationError(f"{where}.start: {e}", "bad_variations") from None
            _need(public_view(start, seat) == public_view(branch_point, seat),
                  f"{where}: its deal does not agree with what {branch_point.names[seat]} saw where it branches "
                  f"off (a fair deal changes only what that player could not know).")
        else:
            _need("start" not in raw, f"{where}: a line with the same deck starts where it branches off; it has "
                                      f"no 'start' of its own.")
            start = branch_point
        name = raw.get("name")
        line = Line(i, "", parent.id, at, deal, seat, start)
        try:
            line.name = tree._new_name(name)
        except VariationError as e:
            raise VariationError(f"{where}.name: {e}", "bad_variations") from None
        for k, a in enumerate(actions):
            s = line.state()
            try:
                from . import turn

                line._push(turn.canonical(s, s.ruleset.parse(a)))
            except ThurnError as e:
                raise VariationError(f"{where}: move #{k + 1} ({short_repr(a)}) cannot be played: {e}",
                                     "bad_variations") from None
        tree._add(line)
    order = entry.get("order", [])
    _need(isinstance(order, list) and len(order) <= MAX_LINES + 1, "'order' should be a list.")
    for item in order:
        _need(isinstance(item, list) and len(item) == 2 and isinstance(item[1], list),
              "each 'order' entry is [line, [its branches in order]].")
        p, kids = item
        _need(_whole(p) and p in tree._kids and all(_whole(j) for j in kids) and
              sorted(kids) == sorted(tree._kids[p]), f"'order' of line {short_repr(p)} does not list its branches.")
        tree._kids[p] = list(kids)
    _read_texts(tree, tree.main, entry.get("notes"), "notes", "note")
    _read_texts(tree, tree.main, entry.get("comments"), "comments", "comment")
    for kind, key in (("note", "line_notes"), ("comment", "line_comments")):
        raw = entry.get(key) or {}
        _need(isinstance(raw, dict), f"'{key}' should map lines to their texts.")
        for lid, texts in raw.items():
            _need(isinstance(lid, str) and lid.isdigit() and int(lid) in tree.lines and lid != "0",
                  f"'{key}' names no line {short_repr(lid)}.")
            _read_texts(tree, tree.lines[int(lid)], texts, f"{key}.{lid}", kind)
    drill = entry.get("drill") or {}
    _need(isinstance(drill, dict) and len(drill) <= MAX_NOTES, "'drill' should map moves to results.")
    for k, result in drill.items():
        _need(isinstance(k, str) and k.isdigit() and len(k) <= 7 and int(k) < len(tree.main),
              f"'drill' names no move of the game: {short_repr(k)}.")
        _need(result in DRILL_RESULTS, f"'drill.{k}' should be one of {', '.join(DRILL_RESULTS)}, not "
                                       f"{short_repr(result)}.")
        tree.drill[int(k)] = result
