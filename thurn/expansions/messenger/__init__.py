"""The Princess' Messenger: its rules (:mod:`.rules`), the parts the core reads (:mod:`.parts`) and a module per layer above
(docs/adding-an-expansion.md). Importing it registers its rules and parts; ``__all__`` names its actions, which
``thurn`` exports at the top level."""
from __future__ import annotations

from . import parts as _parts  # noqa: F401  (registers its parts)
from . import rules as _rules  # noqa: F401  (registers its rules; it has no action of its own)

__all__ = []
