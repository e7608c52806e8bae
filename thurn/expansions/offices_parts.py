"""Offices of Honor's parts above the rules (:class:`thurn.parts.Parts`): the office tiles and chips in the table
under the map and in the Play app, the return round's status line and tile picker, ``simulate``'s tile and reward
columns, and the bots' valuation (Offices of Honor, returning tiles)."""
from __future__ import annotations

import html

from ..parts import Parts, register_parts
from . import offices


class OfficesParts(Parts):
    name = offices.NAME

    def valuation(self):
        from .valuation import VALUATION
        return VALUATION


PARTS = register_parts(OfficesParts())
