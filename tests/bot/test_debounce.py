"""The debouncer that keeps tables, screens and pings current with few edits: bursts become
one edit, edits of one message keep their spacing, failed edits are tried again, a shutdown
makes the waiting edits at once — all on a timer the test moves by hand."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.timing.debounce import Debouncer


async def settle() -> None:
    """Let every task that can run, run (no time passes on the test's timer)."""
    for _ in range(100):
        await asyncio.sleep(0)


class ManualTimer:
    """A ``Timer`` whose time moves only by :meth:`advance`."""

    def __init__(self) -> None:
        self.time = 100.0
        self._sleepers: list[tuple[float, asyncio.Future[None]]] = []

    def now(self) -> float:
        return self.time

    async def sleep(self, seconds: float) -> None:
        entry = (self.time + seconds, asyncio.get_running_loop().create_future())
        self._sleepers.append(entry)
        try:
            await entry[1]
        finally:
            self._sleepers.remove(entry)

    async def wait(self, event: asyncio.Event, seconds: float) -> bool:
        sleeper = asyncio.ensure_future(self.sleep(seconds))
        nudged = asyncio.ensure_future(event.wait())
        try:
            done, _ = await asyncio.wait({sleeper, nudged}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            sleeper.cancel()
            nudged.cancel()
        return nudged in done

    async def advance(self, seconds: float) -> None:
        """Let whatever can run start its sleep, then move the time on and let whatever
        became due run."""
        await settle()
        self.time += seconds
        for when, future in list(self._sleepers):
            if when <= self.time and not future.done():
                future.set_result(None)
        await settle()


@dataclass
class Shown:
    """A message's state as its owner keeps it."""

    edited: float | None = None


@dataclass
class Messages:
    """Messages edited through a debouncer: each edit is recorded as (time, key, request)."""

    timer: ManualTimer = field(default_factory=ManualTimer)
    states: dict[str, Shown] = field(default_factory=dict)
    edits: list[tuple[float, str, object]] = field(default_factory=list)
    gate: asyncio.Event | None = None
    """While set to an unset event, edits wait for it (an edit Discord is slow to make)."""
    failing: int = 0
    """How many edits to come fail in a way that may pass later."""
    raising: int = 0
    """How many edits to come raise."""
    debouncer: Debouncer[str, object] = field(init=False)

    def make(self, **kw: Any) -> Debouncer[str, object]:
        self.debouncer = Debouncer(self.edit, state=self.states.get, timer=self.timer, **kw)
        return self.debouncer

    async def edit(self, key: str, request: object) -> bool:
        if self.gate is not None:
            await self.gate.wait()
        self.edits.append((self.timer.now(), key, request))
        self.debouncer.mark_edited(self.states.setdefault(key, Shown()))
        if self.raising:
            self.raising -= 1
            raise RuntimeError("the edit broke")
        if self.failing:
            self.failing -= 1
            return True
        return False

    def shown(self, key: str = "t") -> list[object]:
        return [request for _when, k, request in self.edits if k == key]


def start(work: Callable[[], Coroutine[Any, Any, None]]) -> asyncio.Task[None]:
    return asyncio.ensure_future(work())


async def test_refreshes_asked_for_during_an_edit_are_one_more_edit_with_the_newest() -> None:
    messages = Messages()
    debouncer = messages.make()
    messages.gate = asyncio.Event()
    first = start(lambda: debouncer.run("t", "move 1"))
    await settle()
    for n in (2, 3, 4):
        debouncer.request("t", f"move {n}")
    await settle()
    assert messages.edits == []  # the first edit is still being made

    messages.gate.set()
    await settle()

    assert messages.shown() == ["move 1", "move 4"]
    assert first.done() and not debouncer.busy("t")


async def test_edits_of_one_message_keep_their_spacing_and_other_messages_do_not_wait() -> None:
    messages = Messages()
    debouncer = messages.make(spacing=1.0)
    await debouncer.run("t", "move 1")  # never edited before: at once
    await messages.timer.advance(0.2)
    debouncer.request("t", "move 2")
    debouncer.request("other", "move 1")
    await settle()
    assert messages.shown("other") == ["move 1"]  # another message: at once
    await messages.timer.advance(0.7)
    debouncer.request("t", "move 3")  # joins the edit that waits
    await settle()
    assert messages.shown() == ["move 1"]

    await messages.timer.advance(0.1)

    assert [(when - 100.0, request) for when, k, request in messages.edits if k == "t"] == [
        (0.0, "move 1"),
        (pytest.approx(1.0), "move 3"),
    ]


async def test_a_request_that_shortens_the_spacing_ends_the_wait() -> None:
    """As a table's: a long spacing while the same player's turn goes on (a plain request),
    a short one once a request says the turn passed."""
    judged: list[object] = []

    async def spacing(key: str, request: object) -> float:
        judged.append(request)
        return 8.0 if request is None else 1.0

    messages = Messages()
    debouncer = messages.make(spacing=spacing)
    await debouncer.run("t", "start")
    debouncer.request("t")  # the same turn goes on: 8 s
    await messages.timer.advance(2.0)
    assert messages.shown() == ["start"]

    debouncer.request("t", "turn passed")  # judged anew: 1 s, which has passed

    await settle()
    assert messages.shown() == ["start", "turn passed"]
    assert messages.edits[-1][0] == pytest.approx(102.0)
    assert judged == [None, "turn passed"]


async def test_a_caller_that_waits_returns_once_the_edit_with_its_request_is_made() -> None:
    """As pings: every request kept, in order (merged into a tuple), and each caller back
    once its own is made."""
    messages = Messages()
    debouncer = messages.make(merge=lambda older, newer: (*(older or ()), *(newer or ())))
    messages.gate = asyncio.Event()
    first = start(lambda: debouncer.run("t", ("a",), wait=True))
    await settle()
    second = start(lambda: debouncer.run("t", ("b",), wait=True))
    third = start(lambda: debouncer.run("t", ("c",), wait=True))
    await settle()
    assert not (first.done() or second.done() or third.done())

    messages.gate.set()
    await settle()

    assert messages.shown() == [("a",), ("b", "c")]
    assert first.done() and second.done() and third.done()


async def test_a_request_that_joined_an_edit_that_raised_still_gets_its_edit() -> None:
    messages = Messages(raising=1)
    debouncer = messages.make()
    messages.gate = asyncio.Event()
    first = start(lambda: debouncer.run("t", "move 1"))
    await settle()
    debouncer.request("t", "move 2")
    messages.gate.set()
    await settle()

    assert messages.shown() == ["move 1", "move 2"]  # the last refresh is not lost
    with pytest.raises(RuntimeError, match="the edit broke"):
        first.result()  # and the error reaches the caller that made the edit


async def test_a_failed_edit_is_tried_again_until_one_passes() -> None:
    messages = Messages(failing=2)
    debouncer = messages.make(spacing=1.0, retry_delays=(2.0, 5.0, 10.0), label="table")
    await debouncer.run("t", "end")
    (again,) = [t for t in asyncio.all_tasks() if t.get_name() == "table t again"]

    await messages.timer.advance(2.0)
    await messages.timer.advance(5.0)
    await messages.timer.advance(10.0)

    assert [when - 100.0 for when, _k, _r in messages.edits] == [0.0, 2.0, 7.0]
    assert messages.shown() == ["end", None, None]  # a try again is a plain refresh
    assert again.done() and not again.cancelled()


async def test_tries_again_end_after_the_last_delay_and_the_next_request_edits() -> None:
    messages = Messages(failing=10)
    debouncer = messages.make(retry_delays=(1.0, 1.0))
    await debouncer.run("t", "move 1")
    for _ in range(4):
        await messages.timer.advance(1.0)
    assert len(messages.edits) == 3  # the edit and its two tries again

    messages.failing = 0
    await debouncer.run("t", "move 2")

    assert messages.shown()[-1] == "move 2"


async def test_stop_makes_the_waiting_edits_now_and_cancels_the_tries_again() -> None:
    messages = Messages(failing=1)
    debouncer = messages.make(spacing=30.0, retry_delays=(5.0,))
    await debouncer.run("failing", "move 1")
    await debouncer.run("t", "move 1")
    debouncer.request("t", "move 2")  # waits 30 s
    await settle()
    (again,) = [t for t in asyncio.all_tasks() if t.get_name().endswith("failing again")]

    debouncer.stop()
    await settle()

    assert messages.shown() == ["move 1", "move 2"]  # made at once, no time passed
    assert messages.edits[-1][0] == 100.0
    assert again.cancelled()
    await messages.timer.advance(60.0)
    assert messages.shown("failing") == ["move 1"]  # no try again after the stop
