"""Values a player cannot see, dealt again at random for his view (:func:`thurn.information.player_view`): which
seats' values of a per-player field he cannot see, and those values shuffled among them as a multiset. The default
of :meth:`thurn.variants.Variant.redeal`; below both (it imports nothing of thurn)."""
from __future__ import annotations

from collections.abc import Mapping


def hidden_seats(visibility: str, player: int, n: int) -> list[int]:
    """The seats whose value of a per-player field ``player`` cannot see: the others' for an "owner" field, every
    seat's for a "secret" one (see :mod:`thurn.variants`)."""
    return [i for i in range(n) if visibility == "secret" or i != player]


def multiset_order(v):
    """A sort key for values of any type, so that a multiset is read in one order whatever order it was given in."""
    return type(v).__name__, repr(v)


def redeal_values(values, seats, rng) -> tuple:
    """The per-player ``values`` of ``seats`` dealt again among them at random, read only as a multiset (like
    hidden cards): single values change seats; lists pool their items and each seat gets back as many as it held;
    mappings keep their keys and pool their values. The default of :meth:`~thurn.variants.Variant.redeal`."""
    out = list(values)
    hidden = [values[i] for i in seats]
    if hidden and all(isinstance(v, (tuple, list)) for v in hidden):
        pool = sorted((x for v in hidden for x in v), key=multiset_order)
        rng.shuffle(pool)
        k = 0
        for i, v in zip(seats, hidden):
            out[i] = tuple(pool[k:k + len(v)])
            k += len(v)
    elif hidden and all(isinstance(v, Mapping) for v in hidden):
        pool = sorted((x for v in hidden for x in v.values()), key=multiset_order)
        rng.shuffle(pool)
        k = 0
        for i, v in zip(seats, hidden):
            keys = sorted(v, key=multiset_order)
            out[i] = type(v)(zip(keys, pool[k:k + len(keys)]))
            k += len(keys)
    else:
        pool = sorted(hidden, key=multiset_order)
        rng.shuffle(pool)
        for i, v in zip(seats, pool):
            out[i] = v
    return tuple(out)
