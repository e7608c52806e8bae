"""Colours of the map: the players' houses and routes, and the provinces (the provinces' colours come from the
board data; the map fills each province's region with a light tint of it, outlines it and writes its name in a
darker shade)."""
from __future__ import annotations

#: House colours in seat order: the game's red, blue, green and yellow, then two more for variants. Chosen
#: brighter and purer than the province colours of the base board, so a house never reads as a city.
PLAYER_COLORS: tuple[str, ...] = ("#e41a1c", "#1f3fff", "#00a843", "#ffcc00", "#d63cd6", "#222222")

ROAD_COLOR = "#9a948b"
INK = "#333333"          # outlines, labels, and routes drawn without a player
CITY_OUTLINE = "#222222"  # a city marker's rim: dark, so that a pale province colour (Baiern's beige) stands out
SEA = "#fbfaf6"          # the map outside the land
REGION_TINT = 0.62       # how far a province's fill goes from its colour towards white
OUTLINE_SHADE = 0.72     # a province's outline: its colour darkened by this factor
NAME_SHADE = 0.5         # a province's name: its colour darkened by this factor


def player_colors(n: int) -> list[str]:
    """The house colours of ``n`` players, in seat order."""
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= len(PLAYER_COLORS):
        raise ValueError(f"player_colors takes a number of players from 0 to {len(PLAYER_COLORS)}, not {n!r}.")
    return list(PLAYER_COLORS[:n])


def _rgb(color: str) -> list[int]:
    return [int(color[i:i + 2], 16) for i in (1, 3, 5)]


def darker(color: str, factor: float = 0.6) -> str:
    """``color`` (``#rrggbb``) darkened towards black, for text drawn in a province's colour."""
    return "#" + "".join(f"{round(v * factor):02x}" for v in _rgb(color))


def lighter(color: str, amount: float = REGION_TINT) -> str:
    """``color`` (``#rrggbb``) moved ``amount`` (0 to 1) of the way towards white: a tint to fill a region or a
    table cell with, light enough to draw and write on."""
    return "#" + "".join(f"{round(v + (255 - v) * amount):02x}" for v in _rgb(color))


def luminance(color: str) -> float:
    """The relative luminance of ``color`` (WCAG 2: 0 black, 1 white)."""
    def lin(v):
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in _rgb(color))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The contrast ratio of two colours (WCAG 2: 1 to 21; 4.5 is enough for normal text)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
