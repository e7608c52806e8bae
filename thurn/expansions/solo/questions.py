"""SoloPlay's lesson questions (:attr:`thurn.parts.Parts.questions`, asked by :func:`thurn.lessons.outcome_question`),
each answered by the engine from the positions before and after the action (or the position itself, with none):

- ``rating``: the rating the game ends with (before the end: the rating of the points if it ended now) (SoloPlay, 1);
- ``colours``: the colours the route may be completed in, by the completions the engine allows (4.4a, 4.5);
- ``planner``: the colours on the Route Planner afterwards: those left in the series (4.5);
- ``coach``: the coach card a completion takes; with no action, those the route's completions may take (4.4d);
- ``coach_points``: what the player's coach cards score afterwards, in sets (5);
- ``penalty``: the points discard pile 1 costs afterwards (6: one for every 2 cards);
- ``houses_points``: what the houses left score afterwards, all colours together (6.3; option ``houses_left``);
- ``tiles_taken``: the bonus tiles a completion takes, all of them as one answer (choices: stack ids joined with
  ``+``, ``"bohmen_salzburg+game_end"``, or ``"none"``), so that exactly one choice is right (4.4c; the 1-point
  tile among them counts at the end, 6).
"""
from __future__ import annotations

from ...actions import Score
from ...errors import IllegalAction
from ...lessons import said
from ...piles import pile
from . import rules as so

NONE = "none"


def _need(state) -> None:
    if so.NAME not in state.ext:
        raise IllegalAction("no_solo", "Only in SoloPlay are routes completed in colours and rated on points; this "
                            "game is played without it.", None, so.R_GOAL)


def _said(before, after) -> str:
    if after is before:
        return ""
    return said(before, after)


def _with(said: str, count: str) -> str:
    return f"{said} {count}" if said else count


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if abs(n) == 1 else f"{n} {word}s"


def _points(n: int) -> str:
    return _plural(n, "point").replace("-", "−")


def _rating(before, after, seat, board):
    """The rating of the game's score (SoloPlay, 1), with the score's items."""
    _need(before)
    result = after.result()
    items = after.score_records()[seat]
    parts = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in items.items() if k not in ("player", "seat", "total"))
    when = "The game is over" if after.is_over else "If the game ended now"
    count = f"{when}: {parts}; {_points(result.score)}, {result.rating} (SoloPlay, 1)."
    return {result.rating}, _with(_said(before, after), count)


def _completions(state) -> list:
    return [a for a in state.legal_actions() if a.kind == "score"]


def _colours(before, after, seat, board):
    """The colours the route may be completed in now: those of the completions the engine allows (4.4a, 4.5)."""
    _need(before)
    legal = _completions(after)
    open_ = {a.colour for a in legal}
    S = so.solo(after)
    why = [f"On the Route Planner: {so.series_text(S, so.components().colours)}."]
    sample = legal[0] if legal else None
    for c in so.components().colours:
        if c in open_:
            continue
        if sample is not None:
            error = after.why_illegal(Score(sample.houses, sample.cartwright, True, c, sample.coach))
            if error is not None:
                why.append(f"Not {c}: {error}")
    if not legal:
        route = after.players[seat].route
        houses = tuple(board.card_names[c] for c in route[:1])
        error = after.why_illegal(Score(houses, False, True, (S.planner or ("blue",))[0])) if route else None
        why.append(f"The route cannot be completed now{': ' + str(error) if error else '.'}")
    return open_ or {NONE}, _with(_said(before, after), " ".join(why))


def _planner(before, after, seat, board):
    """The colours on the Route Planner after the action: those the series still needs, or all four anew (4.5)."""
    _need(before)
    S = so.solo(after)
    count = f"On the Route Planner now: {so.series_text(S, so.components().colours)}."
    return set(S.planner) or {NONE}, _with(_said(before, after), count)


def _coach(before, after, seat, board):
    """The coach card the action's completion takes; without an action, the coach cards the route's completions may
    take now (4.4d: the exact length; with the Cartwright one or two longer)."""
    _need(before)
    if after is not before:
        got = after.players[seat].carriages[len(before.players[seat].carriages):]
        return {str(c) for c in got} or {NONE}, _said(before, after)
    p = after.players[seat]
    n = len(p.route)
    takes = set()
    for a in _completions(after):
        k = a.coach if a.coach is not None else next(iter(so.coach_choices(board, after.rules, after.carriages_left, n,
                                                                            a.cartwright)), None)
        if k is not None:
            takes.add(str(k))
    left = ", ".join(f"{k}: {m}" for k, m in zip(board.carriage_levels, after.carriages_left))
    plain = so.coach_choices(board, after.rules, after.carriages_left, n, False)
    why = [f"The route has {n} cards; coach cards left ({left})."]
    if not plain:
        why.append(f"No coach card {n} is left (or none has {n} cards): without the Cartwright it cannot be "
                   f"completed (SoloPlay, 4.4d).")
    if takes:
        why.append(f"The completions allowed now take coach {' or '.join(sorted(takes))}.")
    else:
        why.append("No completion is allowed now.")
    problem = after.ruleset.officials.end_problem(after)
    if problem is not None and plain:
        why.append(f"Not coach {n} now: {problem}")
    return takes or {NONE}, " ".join(why)


def _sets_words(coaches) -> str:
    C = so.components()
    table = dict(C.sets)
    sets = so.coach_sets(coaches)
    if not sets:
        return "no set (a set starts with a 3)"
    return ", ".join(f"({'–'.join(map(str, range(3, top + 1))) if top > 3 else '3'}) {table.get(top, 0)}"
                     for top in sets)


def _coach_points(before, after, seat, board):
    """What the player's coach cards score afterwards: the most valuable sets, each from 3 without a gap (5)."""
    _need(before)
    coaches = after.players[seat].carriages
    pts = so.coach_points(coaches)
    held = ", ".join(map(str, sorted(coaches))) or "none"
    count = f"Coach cards {held}: sets {_sets_words(coaches)}; {_points(pts)} (SoloPlay, 5)."
    return {str(pts)}, _with(_said(before, after), count)


def _penalty(before, after, seat, board):
    """The points discard pile 1 costs afterwards (6.4: one for every 2 cards, rounded down)."""
    _need(before)
    n = len(pile(after, so.PENALTY))
    pts = so.penalty(n)
    count = (f"Discard pile 1 holds {_plural(n, 'card')}: {_points(pts)} (one for every "
             f"{so.components().penalty_cards}, SoloPlay, 6).")
    return {str(pts)}, _with(_said(before, after), count)


def _houses_points(before, after, seat, board):
    """What the houses left to place score afterwards (6.3, option ``houses_left``)."""
    _need(before)
    p = after.players[seat]
    pts = so.houses_left_score(after.rules, p)
    each = ", ".join(f"{c} {left}" for c, _, left in p.colours)
    how = ("all colours together" if after.rules.option("houses_left") == "combined" else "each colour's scored "
           "on its own and added")
    count = f"{_plural(p.houses_left, 'house')} left ({each}), {how}: {_points(pts)} (SoloPlay, 6)."
    return {str(pts)}, _with(_said(before, after), count)


def _tiles_taken(before, after, seat, board):
    """The bonus tiles the action takes, together (4.4c): the distance and region tiles and, once a tile of each
    province is held, the 1-point tile, which stays the player's on the stack it marks and counts among the bonus
    tiles at the end (6: "Sum all collected bonus tiles (distance, region, game end)")."""
    _need(before)
    old, new = before.players[seat].tiles, after.players[seat].tiles
    got = [si for si, _ in new[len(old):]]
    names = [_tile_name(board, si) for si in got]
    count = (f"{after.names[seat]} takes {_and(names)}; bonus tiles now "
             f"{_points(sum(v for _, v in new))} (SoloPlay, 4.4c and 6)." if got else
             f"{after.names[seat]} takes no tile (SoloPlay, 4.4c).")
    return {_joined(board.stacks[si].id for si in got)}, _with(_said(before, after), count)


def _tile_name(board, si) -> str:
    st = board.stacks[si]
    return "the 1-point tile" if st.kind == "game_end" else f"the {st.name} tile"


def _and(names) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _joined(ids) -> str:
    return "+".join(sorted(set(ids))) or NONE


QUESTIONS = {"rating": _rating, "colours": _colours, "planner": _planner, "coach": _coach,
             "coach_points": _coach_points, "penalty": _penalty, "houses_points": _houses_points,
             "tiles_taken": _tiles_taken}


def question_label(about: str, value: str) -> str | None:
    """A choice in words: "Minor victory", "Red", "Coach card 5", "19 points", "−2 points"."""
    if about not in QUESTIONS:
        return None
    if value == NONE:
        return {"colours": "None: it cannot be completed now", "planner": "None", "coach": "No coach card"}.get(about)
    if about in ("rating", "colours", "planner"):
        return value[:1].upper() + value[1:]
    if about == "coach":
        return f"Coach card {value}"
    if about == "tiles_taken":
        names = ["the 1-point tile" if v == "game_end" else f"the {v.replace('_', '/')} tile" for v in value.split("+")]
        return _and(names)[:1].upper() + _and(names)[1:]
    try:
        return _points(int(value))
    except ValueError:
        return None


def question_value(about: str, value: str, state) -> str | None:
    """A choice in the engine's spelling: a rating or colour in lower case, a number of points as a whole number."""
    if about not in QUESTIONS or value == NONE:
        return None
    if about in ("rating", "colours", "planner"):
        return value.strip().lower()
    if about == "tiles_taken":
        try:
            return _joined(state.board.stack(v.strip()).id for v in str(value).split("+"))
        except (KeyError, ValueError):
            return None
    try:
        return str(int(str(value).replace("−", "-")))
    except ValueError:
        return None


__all__ = ["QUESTIONS", "question_label", "question_value"]
