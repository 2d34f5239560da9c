"""Seeded randomness kept in the game state.

Every random event (a shuffle, a random pick) takes a fresh ``random.Random`` derived from the
state's seed and a counter stored in the state, so the state stays small (two integers instead
of a Mersenne Twister's 2.5 KB) and replays are exact.
"""

from __future__ import annotations

import random

from engine.state import GameState

_MIX = 0x9E3779B97F4A7C15  # 2**64 / golden ratio: spreads consecutive seeds apart


def next_rng(state: GameState) -> random.Random:
    """Advance ``state.rng_counter`` and return the generator for this random event."""
    state.rng_counter += 1
    return random.Random((state.seed * _MIX) ^ state.rng_counter)


def shuffle(state: GameState, cards: list[str]) -> None:
    """Shuffle ``cards`` in place with the next generator of ``state``."""
    next_rng(state).shuffle(cards)
