"""The five army-card powers and their edge cases.

Rules: ``shared/rules/pentaquest.md`` § Powers. Every power but reroll acts on one die and must
change it [ruling]:

- ``add``: +1, not on a 6; ``sub``: -1, not on a 1;
- ``addsub``: +1 or -1, the user's choice; on a 6 only -1, on a 1 only +1;
- ``mirror``: the opposite face (1<->6, 2<->5, 3<->4): every face changes;
- ``reroll``: reroll at least one die (any subset up to all 5); separate from the free reroll.

Several cards may act on the same die (two adds turn a 4 into a 6).
"""

from __future__ import annotations

from collections.abc import Sequence

PLUS = "plus"
MINUS = "minus"


def can_change(power: str, value: int) -> bool:
    """Whether a one-die ``power`` may be played on a die showing ``value``."""
    if power == "add":
        return value < 6
    if power == "sub":
        return value > 1
    return power in ("addsub", "mirror")


def targets(power: str, dice: Sequence[int]) -> list[int]:
    """The die positions a one-die ``power`` may be played on, in order."""
    return [i for i, value in enumerate(dice) if can_change(power, value)]


def usable(power: str, dice: Sequence[int]) -> bool:
    """Whether a card of ``power`` can be used on ``dice`` (a reroll card always can)."""
    return power == "reroll" or any(can_change(power, value) for value in dice)


def directions(value: int) -> tuple[str, ...]:
    """The directions an addsub card may take on a die showing ``value`` (sorted keys)."""
    found = []
    if value > 1:
        found.append(MINUS)
    if value < 6:
        found.append(PLUS)
    return tuple(found)


def changed(power: str, value: int, direction: str | None = None) -> int:
    """The new value of a die showing ``value`` after a one-die ``power`` (``direction`` for
    addsub: :data:`PLUS` or :data:`MINUS`).

    Raises:
        ValueError: the power may not be played on that die (or a bad direction).
    """
    if power == "addsub":
        if direction not in directions(value):
            raise ValueError(f"addsub cannot go {direction} on a {value}")
        return value + 1 if direction == PLUS else value - 1
    if not can_change(power, value):
        raise ValueError(f"{power} cannot be played on a {value}")
    if power == "add":
        return value + 1
    if power == "sub":
        return value - 1
    return 7 - value  # mirror
