"""Chance: every random event of every game (shuffles, picks, dice) goes through here.

Each random event draws from a fresh ``random.Random`` derived from the state's seed and a
counter stored in the state, so the state stays small (two integers instead of a Mersenne
Twister's 2.5 KB) and replays are exact.

Only ``Random(int)`` seeding and ``Random.random()`` are guaranteed by Python to give the same
sequence in every version, so shuffles, picks and dice are built on ``random()`` alone: a game
stored today replays identically after a Python upgrade.

Tests can script chance: inside ``with scripted(rolls=[...], picks=[...])`` the next die
results and picks come from the given lists (shuffles are unaffected).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TypeVar

from engine.state import GameState

_MIX = 0x9E3779B97F4A7C15  # 2**64 / golden ratio: spreads consecutive seeds apart

T = TypeVar("T")


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

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates)."""
        rand = self._random
        for i in range(len(items) - 1, 0, -1):
            j = int(rand() * (i + 1))
            if j > i:  # float rounding could in theory give i + 1
                j = i
            items[i], items[j] = items[j], items[i]


@dataclass
class _Script:
    rolls: list[int] = field(default_factory=list)
    picks: list[int] = field(default_factory=list)


_SCRIPT: ContextVar[_Script | None] = ContextVar("engine_chance_script", default=None)


@contextmanager
def scripted(*, rolls: Iterable[int] = (), picks: Iterable[int] = ()) -> Iterator[None]:
    """Within the block, :func:`roll` returns the next values of ``rolls`` and :func:`below`
    the next values of ``picks`` (each falls back to the seed once its list is used up).
    For rule tests only: a scripted game does not replay from its seed."""
    token = _SCRIPT.set(_Script(list(rolls), list(picks)))
    try:
        yield
    finally:
        _SCRIPT.reset(token)


def next_rng(state: GameState) -> GameRandom:
    """Advance ``state.rng_counter`` and return the generator for this random event."""
    state.rng_counter += 1
    return GameRandom((state.seed * _MIX) ^ state.rng_counter)


def shuffle(state: GameState, items: list[T]) -> None:
    """Shuffle ``items`` in place with the next generator of ``state``."""
    next_rng(state).shuffle(items)


def below(state: GameState, n: int) -> int:
    """A uniform integer in ``0 .. n-1`` from the next generator of ``state`` (or the script).

    Raises:
        ValueError: ``n`` is not positive, or a scripted pick is out of range.
    """
    script = _SCRIPT.get()
    if script is not None and script.picks:
        value = script.picks.pop(0)
        if not 0 <= value < n:
            raise ValueError(f"scripted pick {value} is not below {n}")
        state.rng_counter += 1
        return value
    return next_rng(state).below(n)


def roll(state: GameState, count: int, sides: int = 6) -> list[int]:
    """``count`` dice of ``sides`` faces (values 1..sides), one random event.

    Raises:
        ValueError: a scripted value is not a face of the die.
    """
    script = _SCRIPT.get()
    rng = next_rng(state)
    values = []
    for _ in range(count):
        if script is not None and script.rolls:
            value = script.rolls.pop(0)
            if not 1 <= value <= sides:
                raise ValueError(f"scripted roll {value} is not a face of a d{sides}")
            values.append(value)
        else:
            values.append(1 + rng.below(sides))
    return values


def reseed(state: GameState, rng: random.Random) -> None:
    """Give ``state`` a fresh hidden seed from ``rng`` (for states re-dealt by a viewer's
    sampler: what comes next is unknown to them too)."""
    state.seed = rng.randrange(2**62)
    state.rng_counter = rng.randrange(2**20)
