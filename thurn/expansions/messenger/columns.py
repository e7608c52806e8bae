"""The Princess' Messenger's columns of ``simulate`` and figures of the ladder (:class:`thurn.sim.ColumnParts`):
letters taken, spent and held, officials bought, the figure's holder."""
from __future__ import annotations

from ...sim import ColumnParts
from . import rules as messenger

#: The per-player columns of ``simulate`` (only when the expansion is on): letters that came to the player (at the
#: start and from the cities), of them from the cities, letters spent, officials bought with them, letters held at the
#: end, and whether the player holds the Messenger figure at the end.
PLAYER_COLUMNS = ("letters_taken", "letters_from_cities", "letters_spent", "officials_bought", "letters_held",
                  "messenger_holder")


#: The per-game columns: letters spent in the game and the seat holding the figure at the end (missing if nobody).
GAME_COLUMNS = ("letters_spent", "messenger_seat")


class _Tally:
    """The letters that came and went in one game, action by action (see :data:`PLAYER_COLUMNS`)."""

    __slots__ = ("rows",)

    def __init__(self, s):
        self.rows = [dict.fromkeys(PLAYER_COLUMNS[:4], 0) for _ in s.players]
        for i, h in enumerate(messenger.letters(s).held):
            self.rows[i]["letters_taken"] += h

    def see(self, before, action, after) -> None:
        seat = before.to_move
        rows = self.rows
        L, L2 = messenger.letters(before), messenger.letters(after)
        spent = L2.spent - L.spent
        if spent > 0:
            rows[seat]["letters_spent"] += spent
            rows[seat]["officials_bought"] += 1     # one official an action (the Cartwright inside a Score)
        for i, (h, h2) in enumerate(zip(L.held, L2.held)):
            got = h2 - h + (spent if i == seat else 0)
            if got > 0:
                rows[i]["letters_taken"] += got
                rows[i]["letters_from_cities"] += got

    def row(self, state, seat: int) -> dict:
        L = messenger.letters(state)
        return dict(self.rows[seat], letters_held=L.held[seat], messenger_holder=L.holder == seat)

    def game(self, state) -> dict:
        L = messenger.letters(state)
        return {"letters_spent": L.spent, "messenger_seat": L.holder if L.holder >= 0 else None}


class MessengerColumns(ColumnParts):
    player_columns_sim = PLAYER_COLUMNS
    game_columns_sim = GAME_COLUMNS
    int_game_columns = ("messenger_seat",)

    def tally(self, state):
        return _Tally(state)

    def ladder_figures(self, upper, lower, games) -> dict:
        if "letters_spent" not in upper:
            return {}
        return dict(upper_letters_spent=upper["letters_spent"].mean(),
                    lower_letters_spent=lower["letters_spent"].mean(), upper_bought=upper["officials_bought"].mean(), lower_bought=lower["officials_bought"].mean())

    def ladder_text(self, r) -> str:
        if not (hasattr(r, "upper_letters_spent") and r.upper_letters_spent == r.upper_letters_spent):
            return ""
        return (f"letters spent {r.upper_letters_spent:.1f}/{r.lower_letters_spent:.1f}, officials bought "
                f"{r.upper_bought:.1f}/{r.lower_bought:.1f}")


PARTS = MessengerColumns()
