"""Offices of Honor's columns of ``simulate`` and figures of the ladder (:class:`thurn.sim.ColumnParts`): office
tiles taken, returned and held, the rewards taken, the return rounds."""
from __future__ import annotations

from ...scoring import popcount
from ...sim import ColumnParts
from . import rules as offices

#: The per-player columns of ``simulate`` (only when the expansion is on): office tiles taken, returns made (of one tile
#: or more) and tiles returned, of them in the final round, the tiles held at the end, and the rewards taken: cards,
#: victory point chips (the ``chips`` score item counts their points), houses.
PLAYER_COLUMNS = ("office_tiles_taken", "returns", "tiles_returned", "final_return_tiles", "office_tiles_held",
                  "reward_cards", "reward_chips", "reward_houses")


#: The per-game columns: the series of return rounds (a stack emptied) and the rounds they took.
GAME_COLUMNS = ("return_series", "return_rounds")


class _Tally:
    """The office tiles that came and went in one game, and the return rounds (see :data:`PLAYER_COLUMNS`)."""

    __slots__ = ("rows", "rounds")

    def __init__(self, s):
        self.rows = [dict.fromkeys(PLAYER_COLUMNS, 0) for _ in s.players]
        self.rounds = 0
        for i, t in enumerate(offices.offices(s).tiles):
            self.rows[i]["office_tiles_taken"] += sum(t)

    def see(self, before, action, after) -> None:
        seat = before.to_move
        rows = self.rows
        O, O2 = offices.offices(before), offices.offices(after)
        if O2.series > O.series:
            self.rounds += O2.rounds
        elif O2.rounds > O.rounds:
            self.rounds += O2.rounds - O.rounds
        for i, (t, t2) in enumerate(zip(O.tiles, O2.tiles)):
            for k, k2 in zip(t, t2):
                if k2 > k:
                    rows[i]["office_tiles_taken"] += k2 - k
        if action.kind == offices.ReturnTiles.kind and action.offices:
            n = len(action.offices)
            row = rows[seat]
            row["returns"] += 1
            row["tiles_returned"] += n
            if before.step == offices.FINAL:
                row["final_return_tiles"] += n
            row["reward_chips"] += O2.chips[seat] - O.chips[seat]
            row["reward_houses"] += popcount(after.players[seat].houses & ~before.players[seat].houses)
            row["reward_cards"] += len(after.players[seat].hand) > len(before.players[seat].hand)

    def row(self, state, seat: int) -> dict:
        return dict(self.rows[seat], office_tiles_held=sum(offices.offices(state).tiles[seat]))

    def game(self, state) -> dict:
        return {"return_series": offices.offices(state).series, "return_rounds": self.rounds}


class OfficesColumns(ColumnParts):
    player_columns_sim = PLAYER_COLUMNS
    game_columns_sim = GAME_COLUMNS
    def tally(self, state):
        return _Tally(state)

    def ladder_figures(self, upper, lower, games) -> dict:
        if "return_series" not in games:
            return {}
        return dict(upper_chips=upper["chips"].mean(), lower_chips=lower["chips"].mean(),
                    upper_reward_houses=upper["reward_houses"].mean(),
                    lower_reward_houses=lower["reward_houses"].mean(),
                    return_rounds=games["return_rounds"].mean())

    def ladder_text(self, r) -> str:
        if not (hasattr(r, "return_rounds") and r.return_rounds == r.return_rounds):
            return ""
        return (f"chips {r.upper_chips:.1f}/{r.lower_chips:.1f}, reward houses "
                f"{r.upper_reward_houses:.1f}/{r.lower_reward_houses:.1f}, return rounds a game {r.return_rounds:.1f}")


PARTS = OfficesColumns()
