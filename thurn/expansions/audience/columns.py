"""The Audience's columns of ``simulate`` and figures of the ladder (:class:`thurn.sim.ColumnParts`): the clergymen
in Rome and in the box, the carriage steps, the arrivals."""
from __future__ import annotations

from ...sim import ColumnParts
from . import rules as au

#: The per-player columns of ``simulate``: the player's clergymen in Rome at the end and those sent to the box, the
#: carriage steps he made (the ``clergymen`` score item counts their points: Game end).
PLAYER_COLUMNS = ("clergymen_in_rome", "clergymen_boxed", "carriage_steps")


#: The per-game columns: the carriages that reached Rome, the tiles sent to the box, the turn of the first arrival.
GAME_COLUMNS = ("arrivals", "tiles_boxed", "first_arrival_turn")


class _Tally:
    """What one game's actions say of the carriages (see :data:`PLAYER_COLUMNS`, :data:`GAME_COLUMNS`)."""

    __slots__ = ("steps", "first")

    def __init__(self, s):
        self.steps = [0] * s.num_players
        self.first = None

    def see(self, before, action, after) -> None:
        A2 = au.audience(after)
        made = (action.kind == au.MoveCarriage.kind) + sum(1 for code, _ in after.events if code == "carriage_moved")
        if made:                            # a step chosen, or made for him (one legal move)
            self.steps[before.turn_owner] += made
        if self.first is None and A2.arrived:
            self.first = after.turns

    def row(self, state, seat: int) -> dict:
        A = au.audience(state)
        return {"clergymen_in_rome": sum(x.count(seat) for x in A.spaces),
                "clergymen_boxed": sum(1 for x, _ in A.box if x == seat),
                "carriage_steps": self.steps[seat]}

    def game(self, state) -> dict:
        A = au.audience(state)
        return {"arrivals": len(A.arrived), "tiles_boxed": len(A.box), "first_arrival_turn": self.first}


class AudienceColumns(ColumnParts):
    player_columns_sim = PLAYER_COLUMNS
    game_columns_sim = GAME_COLUMNS
    int_game_columns = ("first_arrival_turn",)

    def tally(self, state):
        return _Tally(state)

    def ladder_figures(self, upper, lower, games) -> dict:
        if "arrivals" not in games:
            return {}
        return dict(upper_clergymen=upper["clergymen"].mean(), lower_clergymen=lower["clergymen"].mean(),
                    arrivals=games["arrivals"].mean())

    def ladder_text(self, r) -> str:
        if not (hasattr(r, "arrivals") and r.arrivals == r.arrivals):
            return ""
        return (f"clergymen points {r.upper_clergymen:.1f}/{r.lower_clergymen:.1f}, carriages in Rom a game "
                f"{r.arrivals:.1f}")


PARTS = AudienceColumns()
