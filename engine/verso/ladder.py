"""The published solo ladder — rules: ``shared/rules/verso.md`` § Solo mode.

Each rung is a score threshold and the line shown at the end of a solo game (English msgids,
from the published rules). Below 35 VP there is no line.
"""

from __future__ import annotations

LADDER: tuple[tuple[int, str], ...] = (
    (60, "This performance is incredible! The legend of the Draw Pile is among us!"),
    (55, "You're definitely a pro!"),
    (50, "You're a model player! Respect."),
    (45, "What talent!"),
    (40, "Nice move!"),
    (35, "Congratulations! You've reached the average score for a game of Verso!"),
)
"""``(threshold, line)`` from the highest rung down: a score reaches a rung when it is at
least the threshold (60 means 60 or more)."""


def ladder_rung(score: int) -> int | None:
    """The highest ladder threshold ``score`` reaches (35, 40, ..., 60), or ``None`` below 35."""
    for threshold, _line in LADDER:
        if score >= threshold:
            return threshold
    return None


def ladder_line(score: int) -> str | None:
    """The ladder line for ``score`` (an English msgid), or ``None`` below 35."""
    for threshold, line in LADDER:
        if score >= threshold:
            return line
    return None
