"""The liveness signal: the heartbeat file is touched while connected, on the bot's clock, and
read by its age; a stopped bot leaves none."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

from bot.timing.heartbeat import BEAT_SECONDS, STALE_AFTER, Heartbeat, check, heartbeat_path
from tests.e2e.clock import ManualClock


def test_the_file_sits_beside_the_database() -> None:
    assert heartbeat_path(Path("/data/cardroom.sqlite3")) == Path(
        "/data/cardroom.sqlite3.heartbeat"
    )


def test_alive_means_touched_within_the_last_minute(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3.heartbeat"
    alive, why = check(path)
    assert not alive and why.startswith(f"no heartbeat at {path}: the bot is not running")
    path.touch()
    touched = path.stat().st_mtime
    assert check(path, now=touched + 5) == (
        True,
        "alive: connected to Discord, heartbeat 5 s ago",
    )
    assert check(path, now=touched + STALE_AFTER)[0]
    assert check(path, now=touched + STALE_AFTER + 1) == (
        False,
        f"not connected to Discord: the last heartbeat was {STALE_AFTER + 1:.0f} s ago",
    )


async def test_it_beats_only_while_connected_and_stops_with_the_bot(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3.heartbeat"
    path.touch()
    os.utime(path, (0, 0))  # left by an earlier run, long ago
    connected = False
    clock = ManualClock()
    heartbeat = Heartbeat(path, lambda: connected, clock)
    heartbeat.start()
    await clock_turn()  # its task waits for the clock
    assert not path.exists(), "an earlier run's heartbeat is not this bot's"
    heartbeat.beat()  # not connected yet
    assert not path.exists()
    connected = True
    heartbeat.beat()  # READY
    assert path.exists() and abs(path.stat().st_mtime - time.time()) < 60
    assert heartbeat.beats == 1
    for beats in (2, 3):  # every BEAT_SECONDS of the bot's clock
        os.utime(path, (0, 0))
        clock.advance(BEAT_SECONDS)
        for _ in range(5):
            await clock_turn()
        assert heartbeat.beats == beats
        assert check(path)[0]
    connected = False  # the gateway connection is lost
    os.utime(path, (0, 0))
    clock.advance(BEAT_SECONDS)
    for _ in range(5):
        await clock_turn()
    assert heartbeat.beats == 3 and not check(path)[0]
    await heartbeat.stop()
    assert not path.exists()


async def clock_turn() -> None:
    """Let the heartbeat's task run once."""
    await asyncio.sleep(0)
