"""How late an event loop runs what is due: a probe that sleeps :data:`INTERVAL` seconds again
and again and records by how much each sleep overran. A loop busy with one long callback (a
render holding the interpreter, a big JSON parse) shows as a lag; a loop that only waits on
I/O shows none, whatever the latency of its requests. Less bound to the machine's load than
latency: a lag is time the loop's own process kept it from running, plus the scheduler's.

Used two ways by ``benchmarks/bot_latency.py``:

- in its own process (the fake Discord and the players): :class:`LagProbe`;
- in the bot's: ``python benchmarks/loop_lag.py ARGS...`` runs ``python -m bot ARGS...`` with a
  probe in the bot's event loop, which writes ``LOOP-LAG [ms, ...]`` lines to stderr every
  :data:`BATCH` samples (the benchmark keeps those written during play).
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path

INTERVAL = 0.02
"""Seconds each probe sleeps."""
BATCH = 50
"""Samples per ``LOOP-LAG`` line."""
PREFIX = "LOOP-LAG "


class LagProbe:
    """Samples this process's running loop's lag (ms) into :attr:`lags` while started."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start sampling (in the running loop)."""
        self._task = asyncio.get_running_loop().create_task(self._sample())

    def stop(self) -> None:
        """Stop sampling."""
        if self._task is not None:
            self._task.cancel()

    async def _sample(self) -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(INTERVAL)
            self.lags.append((time.perf_counter() - before - INTERVAL) * 1000)


def summary(lags: list[float]) -> dict[str, float]:
    """``p50``, ``p99`` and ``max`` of ``lags`` (ms), and the share over 50 ms."""
    if not lags:
        return {}
    ordered = sorted(lags)
    at = lambda share: ordered[min(len(ordered) - 1, int(share * len(ordered)))]  # noqa: E731
    return {
        "p50_ms": round(at(0.5), 1),
        "p99_ms": round(at(0.99), 1),
        "max_ms": round(ordered[-1], 1),
        "over_50ms": round(sum(1 for v in ordered if v > 50) / len(ordered), 4),
    }


def parse(line: str) -> list[float] | None:
    """The samples of a ``LOOP-LAG`` line of the bot's stderr (``None``: another line)."""
    at = line.find(PREFIX)
    if at < 0:
        return None
    values: list[float] = json.loads(line[at + len(PREFIX) :])
    return values


async def _report() -> None:
    batch: list[float] = []
    while True:
        before = time.perf_counter()
        await asyncio.sleep(INTERVAL)
        batch.append(round((time.perf_counter() - before - INTERVAL) * 1000, 2))
        if len(batch) >= BATCH:
            print(PREFIX + json.dumps(batch), file=sys.stderr, flush=True)
            batch = []


def _bot_with_probe() -> int:
    """``python -m bot`` with :func:`_report` in its (first) event loop."""
    original = asyncio.BaseEventLoop.run_forever
    probed: list[bool] = []

    def run_forever(self: asyncio.BaseEventLoop) -> None:
        if not probed:
            probed.append(True)
            self.call_soon(lambda: self.create_task(_report()))
        original(self)

    asyncio.BaseEventLoop.run_forever = run_forever  # type: ignore[method-assign]
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from bot.launcher import main

    return main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(_bot_with_probe())
