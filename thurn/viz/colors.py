"""Colours of the map: the players' houses and the provinces (the provinces' colours come from the board data)."""
from __future__ import annotations

#: House colours in seat order: the game's red, blue, green and yellow, then two more for variants. Chosen
#: brighter and purer than the province colours of the base board, so a house never reads as a city.
PLAYER_COLORS: tuple[str, ...] = ("#e41a1c", "#1f3fff", "#00a843", "#ffcc00", "#d63cd6", "#222222")

ROAD_COLOR = "#a7a199"
INK = "#333333"          # outlines, labels, and routes drawn without a player


def player_colors(n: int) -> list[str]:
    """The house colours of ``n`` players, in seat order."""
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= len(PLAYER_COLORS):
        raise ValueError(f"player_colors takes a number of players from 0 to {len(PLAYER_COLORS)}, not {n!r}.")
    return list(PLAYER_COLORS[:n])


def darker(color: str, factor: float = 0.6) -> str:
    """``color`` (``#rrggbb``) darkened towards black, for text drawn in a province's colour."""
    rgb = [int(color[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(v * factor):02x}" for v in rgb)
