"""Trying background work again while the database cannot be reached.

A click that meets an unreachable database is answered "please try again", and the player
does. Work nobody clicks for — an automatic player's move, a turn clock's timeout — has
nobody to try again: without this, a PostgreSQL restart or failover in the middle of it would
leave the game waiting for a move until the bot restarted. The version check in every commit
makes trying again safe: work that did land the first time finds the game moved on.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

from storage import DatabaseBusy, DatabaseUnavailable

log = logging.getLogger(__name__)

T = TypeVar("T")

DATABASE_RETRY_S: Sequence[float] = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 60.0)
"""The pauses, in seconds, before each new try (about two minutes in all: a failover of a
managed PostgreSQL takes seconds to a minute)."""


async def when_reachable(
    work: Callable[[], Awaitable[T]],
    what: str,
    delays: Sequence[float] = DATABASE_RETRY_S,
    *,
    retried: list[Exception] | None = None,
) -> T:
    """``await work()``, called again after each pause of ``delays`` (seconds) while it raises
    :class:`~storage.DatabaseUnavailable` or :class:`~storage.DatabaseBusy`; ``what`` names
    it in the log (a warning per try, no traceback: not a bug of the bot). Each error met is
    appended to ``retried``: a try that failed may still have committed (the connection broke
    during its ``COMMIT``), so a caller whose next try finds nothing to do shows the game
    as stored instead.

    Raises:
        DatabaseUnavailable, DatabaseBusy: still so after the last pause.
    """
    for delay in (*delays, None):
        try:
            return await work()
        except (DatabaseUnavailable, DatabaseBusy) as exc:
            if retried is not None:
                retried.append(exc)
            if delay is None:
                raise
            log.warning("%s: the database is unreachable (%s); again in %s s", what, exc, delay)
            await asyncio.sleep(delay)
    raise AssertionError("unreachable")  # the last pass returns or raises
