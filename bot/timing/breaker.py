"""Circuit breakers: after a failure, something is held off for a while rather than tried
(and refused) again at every turn, then tried once to see whether it passes again.

Per key (for the bot: a channel and a form of request that would carry a picture):

- **closed**: allowed. A failure opens it for ``hold`` seconds.
- **open**: not allowed until its hold has passed; then it is **half-open**: the next caller
  of :meth:`CircuitBreakers.allows` is let through, alone, as its trial. A trial that passes
  closes the breaker; one that fails opens it again for twice the last hold (at most
  ``longest``); one that ends with no verdict (:meth:`CircuitBreakers.released`) lets the
  next caller try.

Time comes from an injectable monotonic clock (seconds), so tests move it by hand. This module
knows no Discord: what is held off, and what counts as a failure, is the caller's.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)

HOLD = 300.0
"""Seconds a breaker stays open after its first failure."""

LONGEST = 3600.0
"""The longest hold, in seconds, however many trials failed."""


@dataclass(slots=True)
class _Open:
    until: float
    """When its hold ends (clock seconds)."""
    hold: float
    """The length of its hold, in seconds (doubled at each failed trial)."""
    trying: bool = False
    """A trial is under way."""


class CircuitBreakers(Generic[K]):
    """One circuit breaker per key; a key never failed (or closed again) holds nothing."""

    def __init__(
        self,
        hold: float = HOLD,
        longest: float = LONGEST,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.hold = hold
        self.longest = max(longest, hold)
        self.clock = clock
        self._open: dict[K, _Open] = {}

    def held(self, key: K) -> bool:
        """Whether ``key`` is held off now (open and within its hold, or its trial under way);
        asking changes nothing."""
        found = self._open.get(key)
        return found is not None and (found.trying or self.clock() < found.until)

    def allows(self, key: K) -> bool:
        """Whether to go ahead for ``key`` now: closed, or half-open and nobody trying yet
        (then this caller is the trial, and must report :meth:`succeeded`,
        :meth:`failed` or :meth:`released`)."""
        found = self._open.get(key)
        if found is None:
            return True
        if found.trying or self.clock() < found.until:
            return False
        found.trying = True
        return True

    def succeeded(self, key: K) -> bool:
        """It passed: ``key`` is closed; whether it was open until now."""
        return self._open.pop(key, None) is not None

    def failed(self, key: K) -> bool:
        """It failed: ``key`` opens (for :attr:`hold` seconds; after a failed trial, twice
        the last hold, at most :attr:`longest`). Whether it was closed until now. A failure
        of a request let through before the breaker opened changes nothing."""
        found = self._open.get(key)
        if found is None:
            self._open[key] = _Open(self.clock() + self.hold, self.hold)
            return True
        if found.trying:
            found.hold = min(found.hold * 2, self.longest)
            found.until = self.clock() + found.hold
            found.trying = False
        return False

    def released(self, key: K) -> None:
        """A trial ended with no verdict (it was not the held thing that failed): the next
        caller may try."""
        found = self._open.get(key)
        if found is not None:
            found.trying = False

    def hold_of(self, key: K) -> float:
        """The length in seconds of ``key``'s hold (0: closed)."""
        found = self._open.get(key)
        return 0.0 if found is None else found.hold

    def opened(self) -> Iterator[K]:
        """The keys open now (half-open included)."""
        return iter(list(self._open))
