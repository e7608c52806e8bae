"""The Princess' Messenger's parts above the rules (:class:`thurn.parts.Parts`): the seals of the nobility letters on
the map and the letters in the tables under it and in the Play app, the letters' price beside the officials,
``simulate``'s letter columns, the lesson questions on letters and the figure, the letters a placement takes in the
route explorer, and the bots' valuation (Messenger, The Nobility Letters; The Princess' Messenger)."""
from __future__ import annotations

import html

from ..parts import Parts, register_parts
from . import messenger


class MessengerParts(Parts):
    name = messenger.NAME

    def valuation(self):
        from .valuation import VALUATION
        return VALUATION


PARTS = register_parts(MessengerParts())
