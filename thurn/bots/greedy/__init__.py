"""GreedyBot: every legal action valued by a one-turn lookahead with a hand-made evaluation, the best one played.

The evaluation counts in points of the final score (Game End and Scoring) less a *tempo* cost: every turn spent
on a route is a card played that could have gone into another route, worth about ``rate`` points. So

- **scoring now** is worth what it brings now: one point per house placed (an unplaced house costs a point),
  the bonus tiles it takes (province tiles completed, and a share of a province tile per house towards it), the
  route-length tile, the carriage (its points over the old one, plus ``carriage_step`` for the step up the track)
  (base rules, 3a–3c);
- **building on** (ending the turn, or playing a card) is worth the best of scoring the route ``j`` turns later:
  the houses of the route now plus ``house_ext`` per card added, the carriage and length tile of the longer route,
  less ``rate`` per turn, where the first ``k`` turns are safe (``k`` = the longest run of hand cards that extend
  the route one after the other) and every further one succeeds only with the chance of drawing a card that fits
  an end (from the display or the unseen cards); a route that cannot be extended is lost (base rules, 2);
- a **draw** is worth the best play it allows this turn (a card from the deck: the chance-weighted average over
  the unseen cards that would change the plan); the **Postmaster** the best two draws (less the Cartwright or
  Postal Carrier he rules out: one official per turn); the **Administrator** a new display when nothing in it
  fits; the **Postal Carrier** the second card's play; the **Cartwright** the carriage he gains (base rules, 1–3c);
- after scoring, the bot **keeps** the three cards that start the best new route (base rules, 3d);
- taking the last carriage first or placing the last house ends the game (Game End and Scoring): worth it when
  the bot is ahead, a heavy penalty when it is behind; on the last turn of a game only scoring now counts.

The bot sees what its player sees: its own hand, the display, every route, house, carriage and tile, and the
stacks; it never reads another player's hand or the deck (the unseen cards are counted as 3 copies of each city
less those in view). Inside the package it reads the engine's tables (``board.adj``, the players' ``hand``,
``route``, ``rmask``, ``houses``) for speed, and keeps between decisions what it works out, each keyed by all it
depends on: runs of cards per board, house values per player signature, plans per length tiles, carriage, horizon
and weights, what the scores say while they stay the same. Ties are broken with the bot's own seeded
:class:`random.Random`.

The modules: :mod:`.tables` (what a board says once, the plans shared between decisions), :mod:`.evaluation`
(:class:`~.evaluation.Eval`, the values of positions), :mod:`.policy` (:class:`GreedyBot`, :class:`Weights`, the
values of the legal actions) and :mod:`.explain` (the reasons in words).
"""
from .policy import GreedyBot, action_values, takes_carriage
from .weights import Weights
from .tables import placement_kinds, ranks_before

__all__ = ["GreedyBot", "Weights", "action_values", "takes_carriage", "placement_kinds", "ranks_before"]
