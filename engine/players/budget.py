"""How long a search may think: its budget in CPU time, with a wall-clock ceiling.

A search counts the CPU time of the thread it runs in (``time.thread_time``), not the wall
clock: on a busy machine (a bot's event loop, other games' searches, other processes) the
thread gets fewer slices, and a wall-clock budget would make the player think less — and play
weaker — the busier the machine. In CPU time it does the same work whatever the load. So that a
move never hangs when the thread gets almost no CPU, the wall clock still stops it at
:data:`WALL_CEILING` times the budget.

A search asks :meth:`Budget.spent` before each of its iterations (whatever it counts: a tree
iteration, a playout) and stops while :data:`RESERVE` iterations of the mean length so far
would still fit, on either clock: room for the answer, a slow iteration and a garbage
collection. :attr:`Tally.iterations` keeps the iterations of each decision (``engine.arena``
reports them).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

RESERVE = 2.0
"""A search stops while this many of its iterations of the mean length would still fit."""
WALL_CEILING = 4.0
"""A search stops, whatever CPU time it has used, once the wall clock nears this many times
its budget."""

Clock = Callable[[], float]
"""A clock in seconds (only differences are read)."""


@dataclass
class Tally:
    """What searches did, decision after decision (the arena keeps one per level).

    Attributes:
        iterations: per decision searched, the iterations it took (tree iterations, or
            complete rounds of every candidate of the paired search).
        cpu_ms: per decision searched, the CPU time its thread used, in ms.
        fallbacks: decisions searched whose answer was the greedy player's (or the game's
            ``lookahead_action``) for too few iterations to trust: a tree the clock stopped before
            ``ismcts.MIN_ITERATIONS``, paired rounds fewer than ``paired.MIN_ROUNDS``.
    """

    iterations: list[int] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)
    fallbacks: int = 0


class Budget:
    """One decision's allowance: ``budget_ms`` milliseconds of CPU time (``None``: no time
    limit) and at most ``iterations`` iterations (``None``: no limit), the first reached ending the
    search, and never more than :data:`WALL_CEILING` times the budget of wall time.

    ``cpu`` and ``wall`` are the clocks (defaults ``time.thread_time`` and
    ``time.perf_counter``; tests inject their own). Both start at construction.

    Raises:
        ValueError: neither a budget nor an iteration count.
    """

    def __init__(
        self,
        budget_ms: float | None,
        iterations: int | None,
        *,
        cpu: Clock = time.thread_time,
        wall: Clock = time.perf_counter,
    ) -> None:
        if budget_ms is None and iterations is None:
            raise ValueError("the search needs a budget or an iteration count")
        self.limit = budget_ms / 1000 if budget_ms is not None else math.inf
        self.iterations = iterations if iterations is not None else 1 << 60
        self.cpu = cpu
        self.wall = wall
        self.cpu_started = cpu()
        self.wall_started = wall()

    def spent(self, done: int) -> bool:
        """Whether a search that has made ``done`` iterations (of whatever it counts) must stop
        before the next: ``done`` reached the iteration count, or (after at least one)
        :data:`RESERVE` more of the mean length so far would pass the CPU budget or the wall
        ceiling."""
        return done >= self.iterations or self.out_of_time(done)

    def out_of_time(self, done: int) -> bool:
        """Whether, after ``done`` iterations (at least one), :data:`RESERVE` more of the mean
        length so far would pass the CPU budget or the wall ceiling."""
        if not done or self.limit == math.inf:
            return False
        used = self.cpu() - self.cpu_started
        if used + RESERVE * used / done >= self.limit:
            return True
        waited = self.wall() - self.wall_started
        return waited + RESERVE * waited / done >= WALL_CEILING * self.limit

    def fits(self, done: int, total: int) -> bool:
        """Whether ``total`` iterations of the mean CPU length of the ``done`` ones fit in the
        budget (a search that needs ``total`` iterations to say anything stops early when
        not)."""
        if not done or self.limit == math.inf:
            return True
        return (self.cpu() - self.cpu_started) / done * total <= self.limit

    def cpu_ms(self) -> float:
        """The CPU time used since the budget started, in ms."""
        return (self.cpu() - self.cpu_started) * 1000

    def cut_short(self, done: int, minimum: int) -> bool:
        """Whether the clock, not the iteration count, stopped a search after ``done``
        iterations, fewer than ``minimum``."""
        return done < min(minimum, self.iterations)

    def add_to(self, tally: Tally | None, done: int, fell_back: bool = False) -> None:
        """Add this decision (``done`` iterations, the CPU time so far, and whether its answer
        ``fell_back`` to greedy's for too few iterations) to ``tally`` if given."""
        if tally is not None:
            tally.iterations.append(done)
            tally.cpu_ms.append(self.cpu_ms())
            tally.fallbacks += fell_back
