"""The discard pile's shuffle (:func:`thurn.turn.deck.shuffle`) gives Python's own order for a seed: what
``random.Random(seed).shuffle`` gives, for piles of every size a game has and more, so that every seeded game and the
replay corpus play as before."""
from __future__ import annotations

import random

from thurn.turn.deck import shuffle


def test_the_same_order_as_random_shuffle():
    for seed in range(60):
        for n in (0, 1, 2, 3, 7, 31, 32, 33, 66, 100, 129, 300):
            ours, theirs = list(range(n)), list(range(n))
            shuffle(random.Random(f"thurn:{seed}:{n}"), ours)
            random.Random(f"thurn:{seed}:{n}").shuffle(theirs)
            assert ours == theirs, (seed, n)


def test_the_generator_left_where_random_shuffle_leaves_it():
    ours, theirs = random.Random(7), random.Random(7)
    shuffle(ours, list(range(66)))
    theirs.shuffle(list(range(66)))
    assert ours.getstate() == theirs.getstate()
