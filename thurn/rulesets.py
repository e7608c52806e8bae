"""A game's ruleset: the base game's (:func:`thurn.turn.base.base_ruleset`) changed by each variant switched on, in
order (:meth:`thurn.variants.Variant.extend`), and whether a board plays under it. Above the turn's steps and the
registry; :class:`thurn.rules.Rules` builds its ruleset here."""
from __future__ import annotations

from .errors import RulesetRefused
from .option_words import and_list, ruleset_name
from .turn.base import base_ruleset
from .variants import REGISTRY, variant

#: The rulesets built, by the expansions' names and the classes registered under them then (a variant registered
#: again under a name is built afresh).
BUILT: dict[tuple, tuple] = {}


def check_board(board, expansions: tuple[str, ...]) -> None:
    """Raise :class:`~thurn.errors.RulesetRefused` when ``board`` does not play under the rules with ``expansions``
    switched on: a board listing its ``rulesets`` plays the base game alone only if it lists ``"base"``, and an
    expansion only if it lists its name; a board that lists none plays every ruleset whose variants need nothing it
    lacks (:meth:`Variant.board_refusal`)."""
    listed = getattr(board, "rulesets", None)
    if listed is None:
        for name in expansions:
            why = variant(name).board_refusal(board)
            if why:
                raise RulesetRefused(f"The board {board.name} cannot be played with the {name} rules: {why}")
        return
    wanted = tuple(expansions) or ("base",)
    refused = [name for name in wanted if name not in listed]
    if refused:
        what = "the base game alone" if refused == ["base"] else f"the rules of {and_list(map(ruleset_name, refused))}"
        raise RulesetRefused(f"The board {board.name} is not played under {what}: it plays under "
                             f"{and_list(map(ruleset_name, listed))} only.")


def build_ruleset(expansions: tuple[str, ...]):
    """(variants, ruleset) for the expansions switched on: the base ruleset changed by each, in order (kept per
    list of names)."""
    key = (expansions, tuple(REGISTRY.get(name) for name in expansions))
    hit = BUILT.get(key)
    if hit is None:
        variants = tuple(variant(name) for name in expansions)
        rs = base_ruleset("+".join(("base",) + expansions))
        for v in variants:
            v.extend(rs)
        rs.variants = variants
        hit = BUILT[key] = (variants, rs)
    return hit
