"""Keeping messages current with as few edits as they need: a burst of refreshes of one
message becomes one edit, and two edits of one message are kept apart.

A :class:`Debouncer` edits many messages, each named by a key (a game, a game and a player).
Per key:

- One edit at a time. A refresh asked for while one is being made (or waits for its turn)
  only joins it: one more edit follows, with the requests made meanwhile merged into one
  (by default the newest wins). None is lost: a request that joins after the last edit began
  gets an edit of its own, also when an edit raised.
- Edits are at least ``spacing`` seconds apart (a number, or a function of the key and the
  coming request, judged again whenever another request joins a wait: a request that changes
  it may shorten the wait). The time of the last edit is kept by the caller, in its own state
  of the message (:class:`Paced`), so that forgetting the message forgets it too.
- An edit that failed in a way that may pass later (the edit says so) is made again after
  each of ``retry_delays``, until one passes.
- :meth:`Debouncer.stop` (shutdown): the edits that wait for their turn are made at once, the
  tries again are cancelled and no new ones start.

Time comes from an injectable :class:`Timer` (monotonic seconds), so tests move it by hand.
This module knows no Discord: what an edit is, is the caller's.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine, Hashable, Sequence
from typing import Any, Generic, Protocol, TypeVar

log = logging.getLogger(__name__)

K = TypeVar("K", bound=Hashable)
P = TypeVar("P")

Spawn = Callable[[Coroutine[Any, Any, None], str], None]
"""``spawn(work, name)``: run ``work`` in the background (a failure is the spawner's to log)."""


class Timer(Protocol):
    """Monotonic time, and waiting on it."""

    def now(self) -> float:
        """Seconds on a monotonic scale (only differences mean anything)."""
        ...

    async def wait(self, event: asyncio.Event, seconds: float) -> bool:
        """Return once ``event`` is set (``True``) or ``seconds`` have passed (``False``)."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Return after ``seconds``."""
        ...


class MonotonicTimer:
    """The real :class:`Timer`: ``time.monotonic`` and the event loop's timers."""

    def now(self) -> float:
        """``time.monotonic()``, in seconds."""
        return time.monotonic()

    async def wait(self, event: asyncio.Event, seconds: float) -> bool:
        """Return once ``event`` is set (``True``) or ``seconds`` have passed (``False``)."""
        try:
            await asyncio.wait_for(event.wait(), seconds)
        except TimeoutError:
            return False
        return True

    async def sleep(self, seconds: float) -> None:
        """``asyncio.sleep(seconds)``."""
        await asyncio.sleep(seconds)


class Paced(Protocol):
    """What the caller keeps of each message it edits through a :class:`Debouncer`: when it
    was last edited, in :meth:`Timer.now` seconds (``None``: not that anyone knows, so the
    next edit need not wait). A field of the caller's own state of the message."""

    edited: float | None


def newest(older: P | None, newer: P | None) -> P | None:
    """The default merge of two requests: the newer one."""
    return newer


class _Run(Generic[P]):
    """The edits of one key under way: the requests that joined and wait for the next edit
    (``asked``, merged into ``pending``), the future of those whose caller awaits that edit
    (``served``: set to the error it raised, or ``None``), and the event that tells the wait
    for a turn that a request joined (``nudge``)."""

    __slots__ = ("asked", "pending", "served", "nudge")

    def __init__(self) -> None:
        self.asked = False
        self.pending: P | None = None
        self.served: asyncio.Future[BaseException | None] | None = None
        self.nudge: asyncio.Event | None = None

    def take(self) -> P | None:
        """The requests that joined (and none joined since)."""
        pending, self.pending, self.asked = self.pending, None, False
        return pending


class Debouncer(Generic[K, P]):
    """Edits many messages, one key each (see the module's docstring for the rules).

    ``edit(key, request)`` makes one edit of ``key``'s message showing what is current now,
    ``request`` being the merged requests it serves (``None``: a plain refresh); it returns
    whether it failed in a way that may pass later (then it is tried again). ``state(key)``
    is the caller's :class:`Paced` state of that message (``None``: none, so no wait), which
    the caller marks with :meth:`mark_edited` whenever the message is edited; ``spacing``
    the seconds two edits of one message are at least apart, or an async function of the
    key and the coming request giving them. ``merge(older, newer)`` makes
    one request of two (default: :func:`newest`). ``spawn`` runs :meth:`request`'s work
    (default: a task of the debouncer's own). ``label`` names the tasks ("``label`` ``key``",
    "``label`` ``key`` again") and the log lines.
    """

    def __init__(
        self,
        edit: Callable[[K, P | None], Awaitable[bool]],
        *,
        state: Callable[[K], Paced | None] | None = None,
        spacing: float | Callable[[K, P | None], Awaitable[float]] = 0.0,
        merge: Callable[[P | None, P | None], P | None] = newest,
        retry_delays: Sequence[float] = (),
        spawn: Spawn | None = None,
        timer: Timer | None = None,
        label: str = "message",
    ) -> None:
        self._edit = edit
        self._state = state
        self.spacing = spacing
        self._merge = merge
        self.retry_delays: tuple[float, ...] = tuple(retry_delays)
        """Seconds before each new try of an edit that failed (after the last, the next
        request shows the message)."""
        self._spawn = spawn or self._own_task
        self.timer: Timer = timer or MonotonicTimer()
        self.label = label
        self._runs: dict[K, _Run[P]] = {}
        self._failing: set[K] = set()  # keys whose last edit failed
        self._retries: dict[K, asyncio.Task[None]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._stopped = False

    def request(self, key: K, request: P | None = None) -> None:
        """Bring ``key``'s message up to date in the background (:meth:`run`): the caller
        does not wait out the spacing between two edits."""
        if not self._join(key, request):
            self._spawn(self.run(key, request), f"{self.label} {key}")

    async def run(self, key: K, request: P | None = None, *, wait: bool = False) -> None:
        """Bring ``key``'s message up to date, after its spacing from the last edit. While
        an edit of ``key`` is being made or waits, this only joins it and returns at once;
        with ``wait``, once the edit that serves it is made (raising what that edit raised).

        Raises:
            Exception: what an edit made by this call raised (after the edits the requests
                that joined meanwhile still get).
        """
        if key in self._runs:
            joined = self._join(key, request, wait=wait)
            if isinstance(joined, asyncio.Future):
                error = await asyncio.shield(joined)
                if error is not None:
                    raise error
            return
        run: _Run[P] = _Run()
        self._runs[key] = run
        first: Exception | None = None
        try:
            while True:
                await self._wait_for_turn(key, run, request)
                if run.asked:
                    request = self._merge(request, run.take())
                served, run.served = run.served, None
                outcome: BaseException | None = asyncio.CancelledError()  # till it returns
                try:
                    failed = await self._edit(key, request)
                    outcome = None
                except Exception as exc:  # the requests that joined still get their edit
                    outcome, first = exc, first or exc
                    failed = key in self._failing
                finally:
                    if served is not None and not served.done():
                        served.set_result(outcome)
                if failed:
                    self._failing.add(key)
                else:
                    self._failing.discard(key)
                if not run.asked:
                    break
                request = run.take()
        finally:
            del self._runs[key]
            if run.served is not None and not run.served.done():  # cancelled: never made
                run.served.set_result(asyncio.CancelledError())
        if key in self._failing:
            self._retry_later(key)
        if first is not None:
            raise first

    def _join(
        self, key: K, request: P | None, *, wait: bool = False
    ) -> asyncio.Future[BaseException | None] | bool:
        """If an edit of ``key`` is under way, have it make one more (with ``request``
        merged in), judging its wait anew: with ``wait``, the future of that edit; else
        whether one was under way."""
        run = self._runs.get(key)
        if run is None:
            return False
        run.pending = self._merge(run.pending, request) if run.asked else request
        run.asked = True
        if run.nudge is not None:
            run.nudge.set()
        if not wait:
            return True
        if run.served is None:
            run.served = asyncio.get_running_loop().create_future()
        return run.served

    async def _wait_for_turn(self, key: K, run: _Run[P], request: P | None) -> None:
        """Wait until ``key``'s message may be edited: its spacing after its last edit,
        judged anew whenever a request joins meanwhile (and no wait once stopped)."""
        while not self._stopped:
            nudge = run.nudge = asyncio.Event()  # before any await: no request is missed
            try:
                state = self._state(key) if self._state is not None else None
                if state is None or state.edited is None:
                    return
                edited = state.edited
                coming = self._merge(request, run.pending) if run.asked else request
                spacing = self.spacing
                if not isinstance(spacing, (int, float)):
                    spacing = await spacing(key, coming)
                wait = edited + spacing - self.timer.now()
                if wait <= 0 or self._stopped:
                    return
                if nudge.is_set():
                    continue  # asked again meanwhile: judge anew
                if not await self.timer.wait(nudge, wait):
                    return
            finally:
                run.nudge = None

    def mark_edited(self, state: Paced) -> None:
        """The message whose state is ``state`` was edited just now (by an edit, or
        elsewhere: an interaction's answer): its next edit waits its spacing from now."""
        state.edited = self.timer.now()

    def busy(self, key: K) -> bool:
        """Whether an edit of ``key`` is being made or waits for its turn."""
        return key in self._runs

    def _retry_later(self, key: K) -> None:
        """Run ``key`` again after each of :attr:`retry_delays` while its edits fail (one
        series per key at a time)."""
        if self._stopped or key in self._retries:
            return
        task = asyncio.create_task(self._retry(key), name=f"{self.label} {key} again")
        self._retries[key] = task

    async def _retry(self, key: K) -> None:
        try:
            for delay in self.retry_delays:
                await self.timer.sleep(delay)
                if key not in self._failing:
                    return  # another edit got through
                await self.run(key)
                if key not in self._failing:
                    log.info("%s %s is up to date again", self.label, key)
                    return
            self._failing.discard(key)
            log.warning("%s %s: its edits kept failing; the next change shows it", self.label, key)
        except Exception:
            log.exception("trying %s %s again failed", self.label, key)
        finally:
            if self._retries.get(key) is asyncio.current_task():
                del self._retries[key]

    def stop(self) -> None:
        """Shutdown: cancel the tries again that wait, start no more, and make the edits
        that wait for their turn now."""
        self._stopped = True
        for task in self._retries.values():
            task.cancel()
        for run in self._runs.values():
            if run.nudge is not None:
                run.nudge.set()

    def _own_task(self, work: Coroutine[Any, Any, None], name: str) -> None:
        async def logged() -> None:
            try:
                await work
            except Exception:
                log.exception("%s failed", name)

        task = asyncio.create_task(logged(), name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
