"""The interactions being handled right now, so a shutdown can let them finish."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager


class InFlight:
    """Counts the interaction handlers running; once :meth:`close` is called no new one
    starts, and :meth:`idle` waits for the running ones."""

    def __init__(self) -> None:
        self.closed = False
        self._count = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @contextmanager
    def held(self) -> Iterator[None]:
        """Count one handler while the block runs."""
        self._count += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._count -= 1
            if self._count == 0:
                self._idle.set()

    def close(self) -> None:
        """Start no new handler from now on."""
        self.closed = True

    def idle_now(self) -> bool:
        """Whether no handler runs."""
        return self._count == 0

    async def idle(self) -> None:
        """Wait until no handler runs."""
        await self._idle.wait()
