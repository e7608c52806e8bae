"""ipywidgets apps on top of the rules core: they ask the state what is legal and show its explanations.

- :class:`Play` — a whole game in the notebook, hotseat or against bots, with undo, save/load and autosave;
- :class:`GameApp` — the game as an app (``make play``): a New game panel, the bots' turns step by step, the
  game-over screen;
- :class:`RouteExplorer` — every route a set of cards can build, ranked by what scoring it would bring;
- :class:`ScoringWhatIf` — every placement option of a position side by side, and the final table;
- :class:`RulesStepper` — a turn one rule at a time, with a question to answer by clicking;
- :class:`GuidedGame` — a first game against a bot, one decision at a time, each with its rule cited;
- :class:`GameReview` — a game reviewed for one player: his decisions ranked by the search bot, the biggest
  mistakes in words, each player's expected final score, and a replay on the map;
- :class:`AnalysisBoard` — a game and its lines: continue from any position (fair deal or the same deck), a tree of
  variations saved with the game, notes, a comparison over many deals, and a drill through the review's mistakes.

Each app is imported when first used, so ``import thurn.widgets`` stays light.
"""
from __future__ import annotations

import importlib

_APPS = {
    "Play": ".play",
    "GameApp": ".app",
    "RouteExplorer": ".explorer",
    "ScoringWhatIf": ".whatif",
    "RulesStepper": ".stepper",
    "Quiz": ".stepper",
    "GuidedGame": ".stepper",
    "GameReview": ".review",
    "AnalysisBoard": ".analysis",
}

__all__ = sorted(_APPS)


def __getattr__(name: str):
    module = _APPS.get(name)
    if module is None:
        raise AttributeError(f"module 'thurn.widgets' has no attribute {name!r}")
    from .._extras import require

    require(f"thurn.widgets.{name} (an ipywidgets app)")
    return getattr(importlib.import_module(module, __name__), name)


def __dir__():
    return sorted(set(globals()) | set(_APPS))
