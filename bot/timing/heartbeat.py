"""The bot's liveness signal: a heartbeat file it touches while connected to Discord, and the
check that reads its age (``cardroom health``, and the Docker image's HEALTHCHECK as
``python -m bot.timing.heartbeat``).

The file sits beside the database (``<DATABASE_PATH>.heartbeat``: in the data folder, also
when the games live in PostgreSQL), so the bot and the check agree on it with no setting of
their own; ``HEARTBEAT_PATH`` names another file (one per process when several share a data
folder). The bot touches it at every connection (READY,
RESUMED) and every :data:`BEAT_SECONDS` while connected, and removes it when it stops; the
check calls the bot alive while the file is at most :data:`STALE_AFTER` seconds old. A hung
event loop, a gateway connection lost for good, or a stopped bot all read as not alive.

This module imports nothing but the standard library at run time, so the check starts fast.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
import time
from collections.abc import Callable, Sequence
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from bot.shards import parse_shard_ids, shard_ids_text

if TYPE_CHECKING:
    from bot.timing.clock import Clock

log = logging.getLogger(__name__)

BEAT_SECONDS = 15.0
"""How often the bot touches the file while connected."""
STALE_AFTER = 60.0
"""Seconds after which an untouched file means the bot is not alive (four missed beats)."""
DEFAULT_DATABASE = Path("data/cardroom.sqlite3")
"""``DATABASE_PATH``'s default (``storage.StorageSettings``)."""


def heartbeat_path(
    database_path: Path, heartbeat: Path | str | None = None, shard_ids: Sequence[int] | None = None
) -> Path:
    """The heartbeat file of the bot using ``database_path``: ``heartbeat``
    (``HEARTBEAT_PATH``) when set, else the same name with ``.heartbeat`` added
    (``/data/cardroom.sqlite3`` -> ``/data/cardroom.sqlite3.heartbeat``); a process of some
    shards (``SHARD_IDS``) names them, so processes sharing one folder each have their own
    (``cardroom.sqlite3.shards-0-1.heartbeat``, ``HEARTBEAT_PATH`` + ``.shards-0-1``)."""
    shards = "" if shard_ids is None else f".shards-{shard_ids_text(shard_ids)}"
    if heartbeat:
        path = Path(heartbeat)
        return path.with_name(path.name + shards) if shards else path
    return database_path.with_name(f"{database_path.name}{shards}.heartbeat")


def check(path: Path, *, now: float | None = None) -> tuple[bool, str]:
    """Whether the bot whose heartbeat file is ``path`` is alive, and one line saying why.

    ``now`` is the time in seconds since the epoch (default: the system's); alive means the
    file was touched at most :data:`STALE_AFTER` seconds before it."""
    try:
        touched = path.stat().st_mtime
    except FileNotFoundError:
        return False, f"no heartbeat at {path}: the bot is not running, or not connected yet"
    except OSError as exc:
        return False, f"cannot read the heartbeat {path}: {exc}"
    age = (time.time() if now is None else now) - touched
    if age > STALE_AFTER:
        return False, f"not connected to Discord: the last heartbeat was {age:.0f} s ago"
    return True, f"alive: connected to Discord, heartbeat {max(age, 0):.0f} s ago"


class Heartbeat:
    """Touches ``path`` while ``connected()`` holds: on :meth:`beat`, and every
    :data:`BEAT_SECONDS` of ``clock`` once :meth:`start`-ed; :meth:`stop` removes it."""

    def __init__(self, path: Path, connected: Callable[[], bool], clock: Clock) -> None:
        self.path = path
        self.connected = connected
        self.clock = clock
        self.beats = 0
        """How many times the file was touched."""
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Remove a heartbeat left by an earlier run (it is not this bot's), then beat every
        :data:`BEAT_SECONDS` while connected."""
        self._remove()
        self._task = asyncio.create_task(self._run(), name="heartbeat")

    def beat(self) -> None:
        """Touch the file now, if connected (a failure is logged, never raised)."""
        if not self.connected():
            return
        try:
            self.path.touch()
        except OSError as exc:
            log.warning("could not touch the heartbeat %s: %s", self.path, exc)
            return
        self.beats += 1

    async def stop(self) -> None:
        """Stop beating and remove the file: a stopped bot is not alive."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        self._remove()

    async def _run(self) -> None:
        while True:
            await self.clock.sleep_until(self.clock.now() + timedelta(seconds=BEAT_SECONDS))
            self.beat()

    def _remove(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()


def main() -> int:
    """``python -m bot.timing.heartbeat``: print whether the bot using ``DATABASE_PATH`` (or
    ``HEARTBEAT_PATH``, and running ``SHARD_IDS`` when set, from the environment) is alive;
    exit 0 if so, else 1 (Docker's HEALTHCHECK contract)."""
    database = Path(os.environ.get("DATABASE_PATH") or DEFAULT_DATABASE)
    shards = os.environ.get("SHARD_IDS", "").strip()
    try:
        shard_ids = parse_shard_ids(shards) if shards else None
    except ValueError as exc:
        print(f"cardroom: SHARD_IDS: {exc}", file=sys.stderr)
        return 1
    alive, why = check(heartbeat_path(database, os.environ.get("HEARTBEAT_PATH"), shard_ids))
    print(f"cardroom: {why}", file=sys.stdout if alive else sys.stderr)
    return 0 if alive else 1


if __name__ == "__main__":
    sys.exit(main())
