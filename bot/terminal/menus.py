"""The pieces of a terminal question: a numbered :class:`Choice`, and the :class:`Menu` (a row
of buttons, a select menu) it belongs to."""

from __future__ import annotations

from dataclasses import dataclass

from engine import Decision


@dataclass(frozen=True)
class Choice:
    """One numbered choice: its ``label`` (with an optional ``emoji`` and ``description``),
    ``current`` when it is the player's present answer to a simultaneous decision, and what
    it means: the action ``key`` (a button, or an option of a single-select menu), the menu
    ``value`` (an option of a multi-select menu), or ``back`` (an "are you sure?"'s way
    back to the screen, changing nothing)."""

    number: int
    label: str
    description: str = ""
    emoji: str | None = None
    current: bool = False
    key: str | None = None
    value: str | None = None
    back: bool = False


@dataclass(frozen=True)
class Menu:
    """The choices of one component row: a row of buttons (``title`` empty), or a select
    menu with its placeholder as ``title``; a multi-select (``decision`` set) takes from
    ``least`` to ``most`` of its numbers together."""

    title: str
    choices: tuple[Choice, ...]
    decision: Decision | None = None
    least: int = 1
    most: int = 1

    @property
    def multi(self) -> bool:
        """Several of its numbers answer it together."""
        return self.decision is not None
