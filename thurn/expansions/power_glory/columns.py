"""Power and Glory's columns of ``simulate`` and figures of the ladder (:class:`thurn.sim.ColumnParts`): the horse
cards played, the horses when scoring, the long routes, the free cities."""
from __future__ import annotations

import math

from ...sim import ColumnParts
from . import rules as pg

#: The per-player columns of ``simulate`` (only when the expansion is on): the cards played horse side up, the horses
#: pulling the carriage when a route was scored (mean; none scored: empty), the routes scored of 5 cards or more (the
#: route tiles' lengths, 5 to "8 or more": Power and Glory, components), the free cities with the player's house at
#: the end, and the free-city tiles he took (Power and Glory, Collect bonus tiles).
PLAYER_COLUMNS = ("horse_cards_played", "horses_when_scoring", "routes_5_8", "free_cities_housed",
                  "free_city_tiles")


#: The per-game columns: the share of the scored routes 5 cards or more long, the free-city tiles nobody took.
GAME_COLUMNS = ("long_route_share", "free_city_tiles_left")


#: The stack kind of the free cities' tiles (the board file's ``first_house`` stacks).
FREE_CITY_TILE = "first_house"


LONG_ROUTE = 5


class _Tally:
    """What one game's log says of horses and free cities (see :data:`PLAYER_COLUMNS`)."""

    __slots__ = ("horse_cards", "horses", "lengths")

    def __init__(self, s):
        n = s.num_players
        self.horse_cards = [0] * n
        self.horses = [[] for _ in range(n)]      # the horses at each scoring
        self.lengths = [[] for _ in range(n)]     # the length of each route scored

    def see(self, before, action, after) -> None:
        seat = before.to_move
        kind = action.kind
        if kind == pg.PlayHorse.kind:
            self.horse_cards[seat] += 1
        elif kind == "score":
            self.horses[seat].append(pg.horses(before, seat))
            self.lengths[seat].append(len(before.players[seat].route))

    def row(self, state, seat: int) -> dict:
        b, p = state.board, state.players[seat]
        horses = self.horses[seat]
        return {"horse_cards_played": self.horse_cards[seat],
                "horses_when_scoring": sum(horses) / len(horses) if horses else math.nan,
                "routes_5_8": sum(1 for n in self.lengths[seat] if n >= LONG_ROUTE),
                "free_cities_housed": (p.houses & b.free_cities).bit_count(),
                "free_city_tiles": sum(1 for i, _ in p.tiles if b.stacks[i].kind == FREE_CITY_TILE)}

    def game(self, state) -> dict:
        lengths = [n for seat in self.lengths for n in seat]
        b = state.board
        return {"long_route_share": (sum(1 for n in lengths if n >= LONG_ROUTE) / len(lengths)
                                     if lengths else math.nan),
                "free_city_tiles_left": sum(len(state.stacks[st.index]) for st in b.stacks
                                            if st.kind == FREE_CITY_TILE)}


class PowerGloryColumns(ColumnParts):
    player_columns_sim = PLAYER_COLUMNS
    game_columns_sim = GAME_COLUMNS
    def tally(self, state):
        return _Tally(state)

    def ladder_figures(self, upper, lower, games) -> dict:
        if "long_route_share" not in games:
            return {}
        return dict(upper_routes_5_8=upper["routes_5_8"].mean(), lower_routes_5_8=lower["routes_5_8"].mean(),
                    upper_horse_cards=upper["horse_cards_played"].mean(),
                    lower_horse_cards=lower["horse_cards_played"].mean(),
                    long_route_share=games["long_route_share"].mean())

    def ladder_text(self, r) -> str:
        if not (hasattr(r, "long_route_share") and r.long_route_share == r.long_route_share):
            return ""
        return (f"routes of 5+ {r.upper_routes_5_8:.1f}/{r.lower_routes_5_8:.1f}, horse cards "
                f"{r.upper_horse_cards:.1f}/{r.lower_horse_cards:.1f}, share of routes 5+ a game "
                f"{r.long_route_share:.0%}")


PARTS = PowerGloryColumns()
