"""The toy expansion's parts the core reads: a lesson question kind and a placement extra (the corner cities)."""
from __future__ import annotations

from thurn.parts import Parts

from .rules import NAME, watched

CORNERS = ("Basel", "Lodz", "Carlsruhe", "Innsbruck")


def _watched(before, after, seat, board):
    n = watched(after, seat)
    return {str(n)}, f"{after.names[seat]} has placed {n} houses."


class WatchParts(Parts):
    name = NAME
    summary = "houses counted"
    questions = {"watched": _watched}
    outcome_extras = {"corners": None}
    route_columns = ("corners",)

    def placement_extras(self, state, seat, mask, after=None):
        return {"corners": sum(1 for c in CORNERS if mask >> state.board.index(c) & 1)}

    def outcome_words(self, extras):
        e = dict(extras)
        return ([f"{e['corners']} corners"] if e.get("corners") is not None else []), []
