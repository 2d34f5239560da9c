"""Take-backs in rule tests: play a position forward on an ``engine.undo.Timeline`` and ask
whether a step may be taken back (``docs/undo.md``)."""

from __future__ import annotations

import engine
from engine import Action, GameState
from engine.undo import Timeline


def timeline(state: GameState) -> Timeline[int]:
    """A timeline starting at ``state`` (steps tagged 1, 2, ... as a log numbers them)."""
    return Timeline(state)


def play(line: Timeline[int], seat: int, key: str) -> None:
    """Apply ``seat``'s action ``key`` on ``line``."""
    line.apply(Action(seat, key), line.state.step + 1)


def may_take_back(line: Timeline[int], seat: int) -> bool:
    """Whether ``seat`` may take back its last move now."""
    return line.last(seat) is not None


def taken_back_exactly(line: Timeline[int], seat: int, before: GameState) -> bool:
    """Take back ``seat``'s last move; whether the state is ``before`` byte for byte."""
    line.take_back(seat)
    return engine.dumps(line.state) == engine.dumps(before)
