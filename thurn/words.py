"""The words of actions as a player sees them: the Play app's button labels and row titles, which hints use too.

One place, so that a hint names an action with the words of its button ("Ingolstadt ▶", not "play Ingolstadt at
the left end" where no such button shows). Words only, no widgets: the Play app (``thurn.widgets.play``) draws the
buttons, :func:`thurn.bots.hint` names its hints. An expansion's action kind words its own actions through
``ActionKind.words`` (``(state, action) -> str``); an official's price comes from the ruleset's officials policy
(``cost_words``).
"""
from __future__ import annotations

__all__ = ["GROUPS", "ENDS", "group", "group_order", "group_titles", "merge_ends", "labels", "label", "title", "words",
           "article", "outcomes", "parts_text", "score_parts"]

#: A card played at an end: its button shows the end as an arrow.
ENDS = {"left": "◀ {}", "right": "{} ▶", "new": "{}"}
#: The rows of buttons, in their order, with their titles (an expansion's kinds follow, titled by their label).
GROUPS = (("draw", "Draw"), ("official", "Officials"), ("play left", "Play at the left end"),
          ("play right", "Play at the right end"), ("play new", "Start a new route"), ("score", "Score the route"),
          ("keep", "Keep three cards"), ("end", "Or"))
_NO_TITLE = ("Or",)       # a row title that names nothing: a hint says the label alone


def article(word: str) -> str:
    """'a Postmaster', 'an Administrator' (by the first letter's sound: a vowel takes 'an')."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


# -- the game's words for a screen: the rules played, the step, what may be typed (issue 33) ------------------------
__all__ += ["typed_examples", "typed_placeholder", "rules_in_words", "step_words"]

from .rules import rules_in_words  # noqa: E402  (the rules played, in words: for a screen's status line)

#: Examples the typed-action box shows at most.
TYPED_EXAMPLES = 3


def typed_examples(state, legal=None, most: int = TYPED_EXAMPLES) -> list[str]:
    """Actions the player could type now, in the game's words (:func:`typed`, which :func:`read_typed` reads back):
    one of each row in the buttons' order ("draw deck", "play Augsburg right", "end"), taken from the legal
    actions, so that the example is a city of this board that can be played now (never Ulm on the northern board)
    and no engine id ("play Berlin (3 horseshoes) left", not "play berlin_3_horseshoes left")."""
    legal = state.legal_actions() if legal is None else list(legal)
    by_group: dict = {}
    for a in legal:
        by_group.setdefault(group(a), []).append(a)
    out = []
    for key in sorted(by_group, key=group_order):
        out.append(typed(state, by_group[key][0]))
        if len(out) >= most:
            break
    return out


def typed_placeholder(state, legal=None) -> str:
    """The typed-action box's placeholder: "type an action: draw deck · play augsburg right · end" (from
    :func:`typed_examples`; "type an action" alone when none is legal)."""
    examples = typed_examples(state, legal)
    return "type an action" + (": " + " · ".join(examples) if examples else "")


def step_words(state, step: str | None = None) -> str:
    """The step a player is at, in words for a status line ("draw", "choose the turn's one official"): a base game
    step by its name (base rules, 2: draw, play, score, keep), an expansion's step by what the player does in it
    (its :class:`~thurn.turn.machine.StepSpec` ``does``, up to its first explanation), never its internal name
    ("solo_official", "final_return")."""
    from .rulesets import build_ruleset

    name = state.step if step is None else step
    if name in build_ruleset(())[1].steps:
        return name
    spec = state.ruleset.steps.get(name)
    if spec is None or not spec.does:
        return str(name).replace("_", " ")
    does = spec.does
    for mark in (":", " (", ", "):
        does = does.split(mark, 1)[0]
    return does


def group(action) -> str:
    """The row an action's button stands in: its kind, and for a card played, its end ('play left')."""
    return f"play {action.end}" if action.kind == "play" else action.kind


def group_order(key: str) -> tuple:
    """The base game's rows in their order (GROUPS), then an expansion's action kinds by name."""
    order = [k for k, _ in GROUPS]
    return (order.index(key), "") if key in order else (len(order), key)


def group_titles(state) -> dict:
    """Each row's title now: the base game's (a route of one card has one end to add to; a new route discards the
    route), then each expansion kind's declared label."""
    titles = dict(GROUPS)
    route = state.player().route
    if len(route) == 1:
        titles["play right"] = f"Add to your route (beside {route[0]})"
    if route:
        titles["play new"] = "Start a new route (yours is discarded)"
    for key, kind in state.ruleset.kinds.items():
        titles.setdefault(key, kind.label or key)
    return titles


def title(state, action) -> str:
    """The title of the row an action's button stands in ("Draw", "Score the route")."""
    return group_titles(state).get(_shown(state, action), action.kind)


def merge_ends(state, actions) -> list:
    """The actions that have a button: with a route of one card its two ends are the same place, so a card that
    fits both gets one button (the right end's)."""
    route = state.player().route
    if len(route) != 1:
        return list(actions)
    right = {a.city for a in actions if a.kind == "play" and a.end == "right"}
    return [a for a in actions if not (a.kind == "play" and a.end == "left" and a.city in right)]


def _shown(state, action):
    """The group of the button that carries ``action`` (a left end merged into the right one is shown there)."""
    key = group(action)
    if key == "play left" and len(state.player().route) == 1:
        right = type(action)(action.city, "right")
        if right in state.legal_actions():
            return "play right"
    return key


def labels(state, actions=None) -> dict:
    """``{action: its button's label}`` for ``actions`` (default: every legal action now)."""
    legal = state.legal_actions()
    actions = legal if actions is None else list(actions)
    out = {a: _plain(state, a) for a in actions}
    scores = [a for a in actions if a.kind == "score"]
    if scores:
        out.update(_score_labels(state, scores))
    calls = [a for a in actions if a.kind == "official"]
    cost = getattr(state.ruleset.officials, "cost_words", None)
    for a in calls:
        price = cost(state, a) if cost is not None else None
        if price:
            out[a] = f"{a}: {price}"
    route = state.player().route
    if route:
        old = "–".join(route)
        out.update({a: f"discard {old}, start with {a.city}" for a in actions if a.kind == "play" and a.end == "new"})
    if len(route) == 1:
        for a in actions:
            if a.kind == "play" and a.end == "left" and _shown(state, a) == "play right":
                out[a] = ENDS["right"].format(a.city)
    return out


def label(state, action) -> str:
    """An action's button label ("the deck", "Ulm ▶", "end the turn")."""
    return labels(state, [action])[action]


def words(state, action) -> str:
    """An action named as the app shows it: its row's title and its button's label ("Draw: the deck",
    "Add to your route (beside Ulm): Augsburg ▶"); the label alone where the row's title names nothing ("end the
    turn")."""
    head = title(state, action)
    text = label(state, action)
    return text if head in _NO_TITLE else f"{head}: {text}"


def _plain(state, a) -> str:
    kind = a.kind
    if kind == "draw":
        return "the deck" if a.city is None else a.city
    if kind == "play":
        return ENDS[a.end].format(a.city)
    if kind == "official":
        return str(a).replace("call the ", "call ")
    if kind == "keep":
        return ", ".join(a.cards)
    if kind == "end":
        return "end the turn"
    declared = state.ruleset.kinds.get(kind)
    if declared is not None and declared.words is not None:
        return declared.words(state, a)
    return str(a)


_OUTCOMES: list = [None, None]     # the last state asked and its score_outcomes (a button row asks for each)


def outcomes(state) -> dict:
    """``{Score action: its Outcome}`` of ``state`` (:func:`thurn.explore.score_outcomes`, kept for the last state
    asked: the labels and the parts of one row of buttons read the same answer)."""
    from .explore import score_outcomes

    if _OUTCOMES[0] is not state:
        _OUTCOMES[1] = {o.action: o.outcome for o in score_outcomes(state)}
        _OUTCOMES[0] = state
    return _OUTCOMES[1]


def parts_text(outcome) -> str:
    """What a scoring brings, part by part, from the rules core's score items (:func:`thurn.explore.score_parts`):
    "+5 = 2 houses placed +2, Bischof in Rom +3"; "+0: the score does not change"."""
    total = f"{outcome.points:+d}"
    if not outcome.parts:
        return f"{total}: the score does not change"
    said = ", ".join(f"{words} {points:+d}" for words, points in outcome.parts)
    return f"{total} = {said}"


def score_parts(state, action) -> str | None:
    """A Score action's parts in words (:func:`parts_text`), or None for another action."""
    if action.kind != "score":
        return None
    outcome = outcomes(state).get(action)
    return parts_text(outcome) if outcome is not None else None


def _score_labels(state, scores) -> dict:
    """Each Score action named by its placement option (``placement_options``) and what it brings."""
    from .scoring import placement_options

    s = state
    p = s.player()
    per_colour = s.ruleset.house_per_colour and p.colours     # each colour's houses its own (SoloPlay)
    supplies = [(c, houses if per_colour else p.houses, left) for c, houses, left in p.colours] or \
        [(None, p.houses, p.houses_left)]
    options = {(c, frozenset(o.cities)): "; ".join(o.options) for c, houses, left in supplies
               for o in placement_options(s.board, p.route, houses, left, s.rules.optional_houses)}
    brings = outcomes(s)
    out = {}
    for a in scores:
        where = ", ".join(a.houses) if a.houses else "no house"
        option = options.get((getattr(a, "colour", None) if p.colours else None, frozenset(a.houses)), "")
        text = f"{where} ({option})" if option else where
        if getattr(a, "colour", None) is not None:       # a player with several house colours names one (SoloPlay)
            text = f"{a.colour}: {text}"
        if a.cartwright:
            text += " + Cartwright"
        if getattr(a, "coach", None) is not None:        # the coach card named, where the player chooses it
            text += f", coach {a.coach}"
        if not a.carriage:
            text += " − declines the carriage"
        if a in brings:
            text += f" → {brings[a].points:+d}"
        out[a] = text
    return out



# -- what a learner types and reads, in the game's words (issue 33, "Internal ids on screen") ----------------------
__all__ += ["typed", "read_typed", "printed_names"]

import re as _re  # noqa: E402

#: The notation's own words, never read as a name ("draw deck", "play … left", "score … cartwright decline").
_KEYWORDS = frozenset(("deck", "left", "right", "new", "cartwright", "decline", "take", "house", "colour", "coach",
                       "-"))
_SPLIT = _re.compile(r"(\s+|\+|=)")


def printed_names(state) -> dict:
    """Each name an action may hold, by its folded id, as the game prints it: the board's cities and card copies
    ("hamburg_3_horseshoes" -> "Hamburg (3 horseshoes)"), officials, provinces and bonus stacks, then what each
    variant of the ruleset adds (its ``printed_names`` hook: The Audience's carriages and Rome strip's cities).
    Kept per board and ruleset."""
    from .board import fold

    board, rs = state.board, state.ruleset
    key = (id(board), id(rs))
    hit = _PRINTED.get(key)
    if hit is not None and hit[0] is board and hit[1] is rs:
        return hit[2]
    table: dict = {}

    def add(ident, name):
        if ident is not None and name:
            table.setdefault(fold(ident), str(name))
            table.setdefault(fold(name), str(name))

    for c in board.cities:                  # (cities first: most actions name one)
        add(c.id, c.name)
    for name in board.card_names:
        add(name, name)
    for o in board.officials:
        add(o.id, o.name)
        for alias in o.aliases:
            table.setdefault(fold(alias), o.name)
    for p in board.provinces:
        add(p.id, p.name)
    for st in board.stacks:
        add(st.id, st.name)
    for v in rs.variants:
        hook = getattr(v, "printed_names", None)
        if hook is not None:
            for ident, name in hook(state).items():
                add(ident, name)
    if len(_PRINTED) > 64:
        _PRINTED.clear()
    _PRINTED[key] = (board, rs, table)
    return table


_PRINTED: dict = {}


def typed(state, action) -> str:
    """An action as a learner reads and types it: its notation with every name as the game prints it ("play Berlin
    (3 horseshoes) left", "call Postal Carrier", "carriage Württemberg-Hohenzollern Bologna"), never an engine id.
    :func:`read_typed` reads it back to the same action; the notation (``action.notation``) stays the form files
    store."""
    from .board import fold

    text = getattr(action, "notation", None)
    if not isinstance(text, str):
        return str(action)
    names = printed_names(state)
    parts = _SPLIT.split(text)
    out = [parts[0]]
    for i, part in enumerate(parts[1:], 1):
        if i % 2 or part.lower() in _KEYWORDS or part.isdigit() or (i >= 2 and parts[i - 1] == "=" and
                                                                     parts[i - 2].lower() in ("colour", "coach")):
            out.append(part)
            continue
        out.append(names.get(fold(part), part))
    return "".join(out)


def _multiword(state) -> dict:
    """The printed names of more than one word, by their words folded (for :func:`read_typed`)."""
    from .board import fold

    key = ("multi", id(state.board), id(state.ruleset))
    hit = _PRINTED.get(key)
    if hit is not None and hit[0] is state.board and hit[1] is state.ruleset:
        return hit[2]
    multi: dict = {}
    for name in printed_names(state).values():
        words_ = name.split()
        if len(words_) > 1:
            multi[tuple(fold(w) for w in words_)] = fold(name)
    _PRINTED[key] = (state.board, state.ruleset, multi)
    return multi


def read_typed(state, text):
    """The action a learner typed (:func:`typed`'s words, or the notation files store: "play Berlin (3 horseshoes)
    left", "call postal carrier", "play berlin_3_horseshoes left"), read by the ruleset's parser (any case, accents
    optional). A name of several words is read as one; text that is no action is refused with a
    :class:`~thurn.errors.PositionError` whose examples are actions legal now, in the game's words."""
    from .board import fold
    from .errors import PositionError

    if not isinstance(text, str):
        return state.ruleset.parse(text)
    raw = str(text)[:400]
    parts = _SPLIT.split(raw.strip())
    multi = _multiword(state)
    longest = max((len(k) for k in multi), default=1)
    out, i = [], 0
    while i < len(parts):
        found = None
        if i % 2 == 0 and i > 0:
            for n in range(min(longest, (len(parts) - i + 1) // 2), 1, -1):
                span = parts[i:i + 2 * n - 1]
                if all(not d.strip() and d for d in span[1::2]):
                    hit = multi.get(tuple(fold(w) for w in span[::2]))
                    if hit is not None:
                        found = (hit, 2 * n - 1)
                        break
        if found:
            out.append(found[0])
            i += found[1]
        else:
            out.append(parts[i])
            i += 1
    try:
        return state.ruleset.parse("".join(out))
    except ValueError:
        examples = " · ".join(f"'{t}'" for t in typed_examples(state))
        raise PositionError(f"cannot read the action {raw[:60]!r}: write an action"
                            + (f" like {examples}." if examples else ".")) from None
