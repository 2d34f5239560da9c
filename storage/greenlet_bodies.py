"""Running a synchronous transaction body over asyncio, as SQLAlchemy runs its synchronous code
over asyncpg: the body runs in a greenlet, and each :func:`await_` inside it hands a coroutine
to the event loop's task that runs :func:`run_body`, then resumes with its result. So the
PostgreSQL backend (``storage.postgres``) runs exactly the bodies SQLite runs on its thread.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import greenlet

T = TypeVar("T")


class _Body(greenlet.greenlet):
    """A greenlet running one transaction body."""


def await_(coroutine: Coroutine[Any, Any, T]) -> T:
    """Inside a transaction body: wait for ``coroutine`` on the event loop, return its result.

    Raises:
        RuntimeError: not called from a body that :func:`run_body` runs.
    """
    current = greenlet.getcurrent()
    if not isinstance(current, _Body):
        coroutine.close()
        raise RuntimeError("await_ is only for transaction bodies run by run_body")
    result: T = current.parent.switch(coroutine)
    return result


async def run_body(fn: Callable[..., T], *args: Any) -> T:
    """Run the synchronous ``fn(*args)``; every :func:`await_` inside it is awaited here."""
    body = _Body(fn)
    value = body.switch(*args)
    while not body.dead:
        try:
            result = await value
        except BaseException as exc:
            value = body.throw(exc)
        else:
            value = body.switch(result)
    return value  # type: ignore[no-any-return]
