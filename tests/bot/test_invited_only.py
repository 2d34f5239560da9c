"""A lobby of invited players only, through the use cases on both backends: the people the
host invited join, nobody else does, only the host turns it on or off, and a join racing the
host's switch is judged by it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.service import GameService
from bot.service.errors import UserError
from tests.backends import OpenStorage
from tests.bot.helpers import BOB, CAROL, EVE, HOST
from tests.bot.races import click_during_change


@pytest.fixture
async def service(open_storage: OpenStorage) -> AsyncIterator[GameService]:
    storage = await open_storage()
    yield GameService(storage)
    await storage.close()


async def seated(service: GameService, game_id: int) -> list[int | None]:
    return [s.user_id for s in (await service.record(game_id)).seats]


async def test_only_the_people_invited_join_while_the_host_says_so(service: GameService) -> None:
    lobby = await service.threads.open_lobby(
        guild_id=1, channel_id=2, host_id=HOST, game_name="ninjan", invited=[BOB]
    )
    with pytest.raises(UserError, match="Only the host"):
        await service.threads.toggle_invited_only(lobby.id, BOB)
    assert (await service.threads.toggle_invited_only(lobby.id, HOST)).invited_only
    with pytest.raises(UserError, match="Only the people the host invited"):
        await service.threads.join(lobby.id, CAROL)
    await service.threads.join(lobby.id, BOB)
    assert not (await service.threads.toggle_invited_only(lobby.id, HOST)).invited_only
    await service.threads.join(lobby.id, CAROL)  # anyone again
    assert await seated(service, lobby.id) == [HOST, BOB, CAROL]


async def test_a_join_while_the_host_closes_the_lobby_to_the_invited_is_held_to_it(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host turns "invited players only" on while someone not invited clicks Join: the
    join waits for the host's change and is refused (it reads the switch under the game's
    lock; read before, it seated a stranger at a closed table)."""
    lobby = await service.threads.open_lobby(
        guild_id=1, channel_id=2, host_id=HOST, game_name="ninjan", invited=[BOB]
    )
    closed, joining = await click_during_change(
        service,
        monkeypatch,
        service.storage.threads,
        "set_invited_only",
        lambda: service.threads.toggle_invited_only(lobby.id, HOST),
        lambda: service.threads.join(lobby.id, EVE),
    )
    assert closed.invited_only
    with pytest.raises(UserError, match="Only the people the host invited"):
        await joining
    assert EVE not in await seated(service, lobby.id)
