"""thurn — a rules engine for the board game Thurn und Taxis, to learn, teach and analyse in Jupyter.

The public API (stable names)::

    import thurn
    state = thurn.new_game(["Ann", "Ben"], seed=1)
    state.legal_actions()            # every legal action of the current step
    state = state.apply(action)      # the next state; raises thurn.IllegalAction if the rules forbid it
    state.why_illegal(action)        # None, or the explanation
    state.scores(), state.winner(), state.log(), state.to_json()
"""
from .actions import Action, CallOfficial, Draw, EndTurn, Keep, Play, Score, parse_action
from .board import Board, City, Province
from .board_file import available_boards, load_board
from .errors import BoardDataError, IllegalAction, PositionError, RulesetRefused, ThurnError, UnknownCity, UnknownName
from .explore import Outcome, RouteOption, ScoreOutcome, route_options, score_outcomes
from .io import replay, state_from_position
from .preparation import new_game
from .routes import Route, buildable_routes, extensions, fitting_ends
from .rules import Rules
from .scoring import Placement, placement_options
from .state import GameState, PlayerView
from . import expansions  # registers every expansion folder (thurn/expansions/<name>/)

__version__ = "0.1.0"

__all__ = [
    "Action", "Board", "BoardDataError", "CallOfficial", "City", "Draw", "EndTurn", "GameState", "IllegalAction",
    "Keep", "Placement", "Play", "PlayerView", "PositionError", "Province", "Rules", "Score", "ThurnError",
    "UnknownCity", "UnknownName", "available_boards", "load_board", "new_game", "parse_action", "placement_options",
    "replay", "state_from_position", "Route", "buildable_routes", "extensions", "fitting_ends",
    "Outcome", "RouteOption", "ScoreOutcome", "route_options", "score_outcomes",
]
__all__.append("RulesetRefused")      # a board that does not play under the rules asked for (its "rulesets")

# every expansion's actions at the top level too (thurn.ReturnTiles, thurn.PlayHorse, ...)
globals().update({name: getattr(expansions, name) for name in expansions.__all__})
__all__ += expansions.__all__


def review(state, player=None, **options):
    """Every decision of ``player`` in the game ``state``, ranked by the search bot: a pandas DataFrame (see
    :func:`thurn.game_review.review`; :func:`thurn.game_review.review_game` adds the mistakes in words and each
    player's expected final score). Imported when first called, so ``import thurn`` stays light."""
    from .game_review import review as _review

    return _review(state, player, **options)


__all__.append("review")
