"""The wakes a process keeps in memory: one time per game, soonest first (a binary heap).

One structure for every deadline instead of a sleeping task per game: a wake costs a heap
entry and a dict entry (about 200 bytes), a task with its coroutine about 1 KB. Replacing a
game's wake leaves its old heap entry behind, skipped when it comes up (and dropped when
the heap holds twice as many entries as games).
"""

from __future__ import annotations

import heapq
from datetime import datetime


class WakeHeap:
    """Each game's wake time (at most one), in order of time, then game id."""

    def __init__(self) -> None:
        self._heap: list[tuple[datetime, int]] = []
        self._at: dict[int, datetime] = {}

    def set(self, game_id: int, at: datetime | None) -> None:
        """``game_id`` wakes at ``at`` (``None``: not at all), whatever it was before."""
        if at is None:
            self._at.pop(game_id, None)
            return
        if self._at.get(game_id) == at:
            return
        self._at[game_id] = at
        heapq.heappush(self._heap, (at, game_id))
        if len(self._heap) > 2 * len(self._at) + 64:
            self._heap = [(when, game) for game, when in self._at.items()]
            heapq.heapify(self._heap)

    def merge(self, game_id: int, at: datetime) -> None:
        """``game_id`` wakes at ``at`` unless it wakes earlier already (a wake read from
        storage may be older than one set since: waking too early only costs a look)."""
        kept = self._at.get(game_id)
        if kept is None or at < kept:
            self.set(game_id, at)

    def soonest(self) -> tuple[datetime, int] | None:
        """The soonest wake and its game (``None``: none)."""
        heap = self._heap
        while heap and self._at.get(heap[0][1]) != heap[0][0]:
            heapq.heappop(heap)  # replaced or dropped since
        return heap[0] if heap else None

    def pop(self) -> tuple[datetime, int] | None:
        """Take the soonest wake out (``None``: none)."""
        first = self.soonest()
        if first is not None:
            heapq.heappop(self._heap)
            del self._at[first[1]]
        return first

    def clear(self) -> None:
        """Let go of every wake."""
        self._heap.clear()
        self._at.clear()

    def __len__(self) -> int:
        return len(self._at)
