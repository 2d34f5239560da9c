"""Time, from one injectable place: the turn clocks read it, so tests of hour-long deadlines
run in seconds (``tests/e2e/clock.py`` has a clock the test moves by hand)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Protocol


class Clock(Protocol):
    """What the bot needs of time."""

    def now(self) -> datetime:
        """The current time (timezone-aware UTC)."""
        ...

    async def sleep_until(self, when: datetime) -> None:
        """Return at ``when`` (at once if it has passed)."""
        ...


class SystemClock:
    """The real time."""

    def now(self) -> datetime:
        """The current time (timezone-aware UTC)."""
        return datetime.now(UTC)

    async def sleep_until(self, when: datetime) -> None:
        """Sleep until ``when``."""
        delay = (when - self.now()).total_seconds()
        if delay > 0:
            await asyncio.sleep(delay)
