"""Seeded randomness kept in the game state.

Every random event (a shuffle, a random pick) draws from a fresh ``random.Random`` derived from
the state's seed and a counter stored in the state, so the state stays small (two integers
instead of a Mersenne Twister's 2.5 KB) and replays are exact.

Only ``Random(int)`` seeding and ``Random.random()`` are guaranteed by Python to give the same
sequence in every version, so shuffles and picks are built on ``random()`` alone: a game stored
today replays identically after a Python upgrade.
"""

from __future__ import annotations

import random

from engine.state import GameState

_MIX = 0x9E3779B97F4A7C15  # 2**64 / golden ratio: spreads consecutive seeds apart


class GameRandom:
    """The generator of one random event (see :func:`next_rng`)."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed).random

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1``.

        Raises:
            ValueError: ``n`` is not positive.
        """
        if n <= 0:
            raise ValueError("n must be positive")
        return min(int(self._random() * n), n - 1)

    def shuffle(self, items: list[str]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates)."""
        rand = self._random
        for i in range(len(items) - 1, 0, -1):
            j = int(rand() * (i + 1))
            if j > i:  # float rounding could in theory give i + 1
                j = i
            items[i], items[j] = items[j], items[i]


def next_rng(state: GameState) -> GameRandom:
    """Advance ``state.rng_counter`` and return the generator for this random event."""
    state.rng_counter += 1
    return GameRandom((state.seed * _MIX) ^ state.rng_counter)


def shuffle(state: GameState, cards: list[str]) -> None:
    """Shuffle ``cards`` in place with the next generator of ``state``."""
    next_rng(state).shuffle(cards)
