"""What the bot keeps of each game while it is in use, let go once the game rests.

A slow game is touched a few times a day: what the bot keeps of it (its parsed state, its
table's state, its last ping) serves the next click only if that comes soon. :class:`Recent`
keeps each entry while it is used and lets go of those not used for ``keep`` seconds (and of
the least recently used beyond ``limit``), so that memory grows with the games being played,
not with the games stored: a game read again costs a database read and a parse.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from typing import Generic, TypeVar, overload

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
D = TypeVar("D")

SWEEP_EVERY = 60.0
"""Seconds between two looks for entries to let go (not at every use: there may be many)."""


class Recent(Generic[K, V]):
    """A mapping that keeps an entry while it is used: one not read or written for ``keep``
    seconds goes (looked for at most every :data:`SWEEP_EVERY` seconds, when an entry is
    written), and beyond ``limit`` entries the least recently used goes at once. An entry
    for which ``busy(key)`` holds is kept on (work under way needs it). ``now`` gives
    monotonic seconds (tests pass their own)."""

    def __init__(
        self,
        keep: float,
        *,
        limit: int | None = None,
        busy: Callable[[K], bool] | None = None,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.keep = keep
        self.limit = limit
        self._busy = busy
        self._now = now
        self._entries: OrderedDict[K, tuple[float, V]] = OrderedDict()  # least recent first
        self._swept = now()

    @overload
    def get(self, key: K) -> V | None: ...
    @overload
    def get(self, key: K, default: D) -> V | D: ...
    def get(self, key: K, default: object = None) -> object:
        """The entry of ``key`` (now used), or ``default``."""
        entry = self._entries.get(key)
        if entry is None:
            return default
        self._entries[key] = (self._now(), entry[1])
        self._entries.move_to_end(key)
        return entry[1]

    def peek(self, key: K) -> V | None:
        """The entry of ``key`` without using it (``None``: none)."""
        entry = self._entries.get(key)
        return None if entry is None else entry[1]

    def __setitem__(self, key: K, value: V) -> None:
        now = self._now()
        self._entries[key] = (now, value)
        self._entries.move_to_end(key)
        if self.limit is not None:
            while len(self._entries) > self.limit:
                self._entries.popitem(last=False)
        if now - self._swept >= SWEEP_EVERY:
            self._swept = now
            self.sweep()

    def __getitem__(self, key: K) -> V:
        value = self.get(key, _MISSING)
        if value is _MISSING:
            raise KeyError(key)
        return value  # type: ignore[return-value]

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[K]:
        return iter(list(self._entries))

    def pop(self, key: K, default: V | None = None) -> V | None:
        """Let go of ``key``'s entry; it, or ``default``."""
        entry = self._entries.pop(key, None)
        return default if entry is None else entry[1]

    def clear(self) -> None:
        """Let go of every entry."""
        self._entries.clear()

    def sweep(self) -> None:
        """Let go of the entries not used for ``keep`` seconds (unless busy)."""
        oldest = self._now() - self.keep
        for key, (used, _value) in list(self._entries.items()):
            if used > oldest:
                break  # the rest were used later
            if self._busy is None or not self._busy(key):
                del self._entries[key]


_MISSING = object()
