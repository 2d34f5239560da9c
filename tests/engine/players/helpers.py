"""Helpers shared by the automatic players' tests: seeded positions to decide in, and a clock
that starves a search."""

from __future__ import annotations

import random

import engine
from engine.players.budget import Budget


def states(name: str, seats: int, count: int, seed: int):  # noqa: ANN201
    """``(state, deciding seat)`` pairs from seeded random games."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = engine.new_game(name, seats, None, rng.randrange(2**32))
        while engine.outcome(state) is None and len(found) < count:
            seat = rng.choice(engine.deciding_seats(state))
            if rng.random() < 0.3:
                found.append((engine.clone(state), seat))
            engine.apply(state, engine.random_action(state, seat, rng))
    return found


class Starved:
    """A :class:`~engine.players.budget.Budget` factory whose clocks jump 100 ms at every
    reading: a 250 ms search stops after its first iteration, as on a starved machine."""

    def __init__(self) -> None:
        self.readings = 0

    def __call__(self, budget_ms: float | None, iterations: int | None) -> Budget:
        def clock() -> float:
            self.readings += 1
            return self.readings * 0.1

        return Budget(budget_ms, iterations, cpu=clock, wall=clock)
