"""A host's change and a player's click on the same lobby at once, in the worst order: the
change holds the game's lock and is about to store; the click runs as far as it can (up to
the game's lock); then the change is stored and the click goes on. A check the click reads
outside the lock is then judged by the lobby as it was before the change."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.service import GameService


async def click_during_change(
    service: GameService,
    monkeypatch: pytest.MonkeyPatch,
    store: object,
    method: str,
    change: Callable[[], Awaitable[Any]],
    click: Callable[[], Awaitable[Any]],
) -> tuple[Any, asyncio.Task[Any]]:
    """Run ``change`` (a host's change, under the game's lock) until it calls ``store``'s
    ``method`` (its storage write), start ``click`` and let it run up to the game's lock, then
    let the change store. Returns what the change returned and the click's task (awaiting it
    gives the click's result or raises its error)."""
    storing, release, waiting = asyncio.Event(), asyncio.Event(), asyncio.Event()
    write = getattr(store, method)

    async def held(*args: Any, **kwargs: Any) -> Any:
        storing.set()
        await release.wait()
        return await write(*args, **kwargs)

    locked = service.gate.locked

    def spy(game_id: int) -> Any:
        waiting.set()  # everything the click does before the game's lock is done
        return locked(game_id)

    monkeypatch.setattr(store, method, held)
    changing = asyncio.create_task(change())
    await storing.wait()  # the change holds the game's lock, not yet stored
    monkeypatch.setattr(service.gate, "locked", spy)
    clicking = asyncio.create_task(click())
    await waiting.wait()
    release.set()
    return await changing, clicking
