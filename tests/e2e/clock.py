"""A clock the test moves by hand, so hour-long turn clocks run in milliseconds."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta


class ManualClock:
    """``bot.timing.clock.Clock`` whose time only moves when :meth:`advance` is called."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
        self._moved = asyncio.Event()

    def now(self) -> datetime:
        """The clock's time."""
        return self._now

    async def sleep_until(self, when: datetime) -> None:
        """Return once the clock has been moved to ``when`` or later."""
        while self._now < when:
            moved = self._moved
            await moved.wait()

    def advance(self, seconds: float) -> None:
        """Move the time on by ``seconds`` and wake the sleepers."""
        self._now += timedelta(seconds=seconds)
        moved, self._moved = self._moved, asyncio.Event()
        moved.set()
