"""The Audience's lesson questions (:attr:`thurn.parts.Parts.questions`, asked by
:func:`thurn.lessons.outcome_question`), each answered by the engine from the positions before and after the action:

- ``carriages``: which carriages must move after the scoring (a carriage id, or ``any`` for a free step: Lodz, or a
  carriage already in Rome): :func:`thurn.expansions.audience.rules.moves_for` on the route and the houses placed
  (The Audience, Moving the carriages);
- ``moves``: which carriage moves went where (``baiern:trient``), those the player chose and those made for him
  (a city with one road south);
- ``boxed``: whose clergymen go back to the box (``Ann:Kardinal``) when a carriage arrives in Rome (A carriage
  arrives in Rome);
- ``clergymen``: the points of the player's clergymen on the audience spaces (Game end).
"""
from __future__ import annotations

from ...errors import IllegalAction
from ...lessons import said
from . import rules as au

NONE = "none"
ANY = "any"


def _need(state) -> None:
    if au.NAME not in state.ext:
        raise IllegalAction("no_audience", "Only with The Audience do carriages travel to Rome; this game is played "
                            "without it.", None, au.R_MOVE)


def _said(before, after) -> str:
    return said(before, after)


def _carriages(before, after, seat, board):
    """The carriages the scoring owes a step south: a card of the route without a new house moves its carriage;
    Lodz and a carriage in Rome: any other carriage (Moving the carriages)."""
    _need(before)
    S = au.strip(board)
    route = before.players[seat].route
    new = after.players[seat].houses & ~before.players[seat].houses
    owed = au.moves_for(board, route, new) if after.players[seat].route != route or new else ()
    A = au.audience(before)
    out = {ANY if o == au.JOKER or A.at[o] == S.rome else S.carriages[o] for o in owed}
    why = _said(before, after)
    for o in sorted({o for o in owed if o != au.JOKER and A.at[o] == S.rome}):
        why += f" The {S.names[o]} carriage is in Rome already: its card moves another carriage, any not in Rome."
    if au.JOKER in owed:
        why += " Lodz has no carriage: its card moves any carriage not in Rome."
    return out or {NONE}, why


def _moves(before, after, seat, board):
    """The carriages moved by the action, and where to (the player's moves and those made for him)."""
    _need(before)
    S = au.strip(board)
    a, b = au.audience(before).at, au.audience(after).at
    got = {f"{S.carriages[c]}:{S.map.cities[b[c]].id}" for c in range(len(a)) if a[c] != b[c]}
    return got or {NONE}, _said(before, after)


def _boxed(before, after, seat, board):
    """The clergymen put back in the box by the action (A carriage arrives in Rome: a rank already on its space)."""
    _need(before)
    C = au.clergy()
    old = au.audience(before).box
    new = au.audience(after).box[len(old):]
    got = {f"{after.names[x]}:{C.name(r)}" for x, r in new}
    return got or {NONE}, _said(before, after)


def _clergymen(before, after, seat, board):
    """The points of the player's clergymen on the audience spaces (Game end: each tile on a space adds its
    points)."""
    _need(before)
    C = au.clergy()
    A = au.audience(after)
    mine = [(r, C.name(r)) for r, seats in zip(C.ranks, A.spaces) if seat in seats]
    pts = au.points_in_rome(after, seat)
    words = (", ".join(f"the {n} ({C.value(r)})" for r, n in sorted(mine, reverse=True)) if mine
             else "none of his clergymen")
    said = _said(before, after)
    count = f"{after.names[seat]} has {words} on the audience spaces: {pts} point{'s' if pts != 1 else ''}."
    return {str(pts)}, f"{said} {count}" if said else count


QUESTIONS = {"carriages": _carriages, "moves": _moves, "boxed": _boxed, "clergymen": _clergymen}


def _strip():
    from ...board_file import load_board
    return au.strip(load_board("base"))


def question_label(about: str, value: str) -> str | None:
    """A choice in words: "the Baiern carriage", "Baiern → Trient", "Ann's Kardinal", "5 points"."""
    if value == NONE:
        return {"carriages": "No carriage", "moves": "No carriage moves", "boxed": "Nobody's"}.get(about)
    if about == "carriages":
        if value == ANY:
            return "Another carriage, any not in Rome (a free step)"
        S = _strip()
        return f"The {S.names[S.carriage(value)]} carriage"
    if about == "moves":
        S = _strip()
        c, to = value.split(":", 1)
        return f"{S.names[S.carriage(c)]} → {S.map.city(to).name}"
    if about == "boxed":
        who, rank = value.split(":", 1)
        return f"{who}'s {rank}"
    if about == "clergymen":
        return f"{value} point{'s' if value != '1' else ''}"
    return None


def question_value(about: str, value: str, state) -> str | None:
    """A choice in the engine's spelling: a carriage's id, ``carriage:city`` ids, ``Player:Clergyman``."""
    if about not in QUESTIONS or value in (NONE, ANY):
        return None
    if about == "carriages":
        S = au.strip(state.board)
        return S.carriages[S.carriage(value)]
    if about == "moves":
        S = au.strip(state.board)
        c, to = value.split(":", 1)
        return f"{S.carriages[S.carriage(c)]}:{S.map.city(to).id}"
    if about == "boxed":
        who, rank = value.split(":", 1)
        return f"{state.names[state.seat(who)]}:{au.clergy().name(au._rank(rank))}"
    if about == "clergymen":
        return str(int(value))
    return None


__all__ = ["QUESTIONS", "question_label", "question_value"]
