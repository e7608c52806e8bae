"""Text made safe for HTML and for plotly's HTML-like labels: every name from a save file, a board file or a user
goes through :func:`esc` before it is put into markup, and every colour from a board file through
:func:`css_color` before it is put into a style."""
from __future__ import annotations

import html
import re

__all__ = ["esc", "css_color", "FALLBACK_COLOR"]

FALLBACK_COLOR = "#999999"
_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")


def esc(text, quote: bool = True) -> str:
    """``text`` (any value, as ``str``) with ``& < >`` (and quotes unless ``quote=False``) escaped."""
    return html.escape(str(text), quote=quote)


def css_color(color) -> str:
    """``color`` as ``#rrggbb`` when it is a ``#rgb`` or ``#rrggbb`` colour, else a neutral grey: a colour from a
    board file then never breaks out of a ``style`` attribute nor stops a map from being drawn."""
    if not (isinstance(color, str) and _HEX.fullmatch(color)):
        return FALLBACK_COLOR
    return color if len(color) == 7 else "#" + "".join(2 * c for c in color[1:])
