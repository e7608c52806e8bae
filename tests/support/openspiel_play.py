"""Random play of an OpenSpiel game (the tests of thurn.research): chance by its probabilities, a player's word at
random."""
from __future__ import annotations


def play_randomly(state, rng, until=None):
    """Play ``state`` on at random to its end, or until ``until(state)`` holds; returns it (changed in place)."""
    while not state.is_terminal():
        if until is not None and until(state):
            return state
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state
