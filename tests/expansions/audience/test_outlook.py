"""The Audience's outlook (thurn/expansions/audience/valuation.py), counted with numpy, against its definition: each
fixed draw's arrival times sorted, a carriage counted as arriving when its time is within the rounds left, and every
carriage after it in that order counted as arriving after it (issue 35: the same values, to the last bit)."""
import random

from thurn.expansions.audience import valuation as av


def _by_definition(dist, shares, n, rounds):
    draws = av._draws()
    m = len(dist)
    rate = [av.RATE * n * sh for sh in shares]
    arrive = [0.0] * m
    after = [[0.0] * m for _ in range(m)]
    for row in draws:
        times = sorted((0.0 if dist[c] == 0 else row[c][min(dist[c], 16)] / rate[c], c)
                       for c in range(m) if dist[c] is not None)
        times = [(t, c) for t, c in times if t <= rounds]
        for i, (_, c) in enumerate(times):
            arrive[c] += 1.0
            for _, k in times[i + 1:]:
                after[c][k] += 1.0
    for c in range(m):
        if arrive[c]:
            after[c] = [x / arrive[c] for x in after[c]]
        arrive[c] /= len(draws)
    return tuple(arrive), tuple(tuple(r) for r in after)


def test_the_outlook_is_its_definition():
    rng = random.Random(35)
    for _ in range(300):
        m = rng.randint(1, 5)
        dist = tuple(rng.choice([None, 0, 0, 1, 2, 3, 5, 8, 13, 20]) for _ in range(m))
        shares = tuple(rng.uniform(0.05, 0.5) for _ in range(m))
        n = rng.randint(1, 4)
        rounds = rng.choice([0.5, 1.0, 2.5, 6.0, 21.5])
        av._OUT.clear()
        assert av.outlook(dist, shares, n, rounds) == _by_definition(dist, shares, n, rounds), (dist, n, rounds)
