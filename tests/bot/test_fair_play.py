"""Fair play through the use cases, on both backends: the host's minimum share refuses a
join below it with a line that says why (new players are always taken), only the host sets
it, and only in the lobby."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.i18n import translator
from bot.service import GameService
from bot.service.errors import UserError
from bot.texts.fair_play import reliability_text
from storage import GameStatus
from tests.backends import OpenStorage
from tests.bot.helpers import BOB, CAROL, HOST
from tests.bot.races import click_during_change


@pytest.fixture
async def service(open_storage: OpenStorage) -> AsyncIterator[GameService]:
    storage = await open_storage()
    seeds = iter(range(1000, 2000))
    yield GameService(storage, seed=lambda: next(seeds))
    await storage.close()


async def left_games(service: GameService, user: int, count: int) -> None:
    """``user`` starts ``count`` games with HOST and leaves each (forfeits)."""
    for channel in range(10, 10 + count):
        lobby = await service.open_lobby(
            guild_id=1, channel_id=channel, host_id=HOST, game_name="artichokes"
        )
        await service.join(lobby.id, user)
        await service.start(lobby.id, HOST)
        played = await service.forfeit(lobby.id, user)
        assert played.snapshot.record.status == GameStatus.FINISHED  # HOST wins by forfeit


async def test_a_join_below_the_hosts_minimum_is_refused_with_why(service: GameService) -> None:
    lobby = await service.open_lobby(guild_id=1, channel_id=2, host_id=HOST, game_name="ninjan")
    with pytest.raises(UserError, match="Only the host"):
        await service.set_min_reliability(lobby.id, BOB, 80)
    with pytest.raises(UserError, match="does not exist"):
        await service.set_min_reliability(lobby.id, HOST, 50)
    record = await service.set_min_reliability(lobby.id, HOST, 80)
    assert record.min_reliability == 80

    await service.join(lobby.id, CAROL)  # new: always taken
    await left_games(service, BOB, 3)
    records = await service.reliability(1, [BOB, HOST])
    assert (records[BOB].started, records[BOB].finished) == (3, 0)
    assert reliability_text(records[BOB], translator("en")) == "finishes 0% · 3 games"
    assert reliability_text(records[HOST], translator("en")) == "finishes 100% · 3 games"
    with pytest.raises(UserError) as refused:
        await service.join(lobby.id, BOB)
    said = refused.value.text(translator("en"))
    assert "finished games is at least 80%." in said and "Yours here: 0%" in said
    assert BOB not in [s.user_id for s in (await service.record(lobby.id)).seats]

    await service.set_min_reliability(lobby.id, HOST, None)  # anyone again
    await service.join(lobby.id, BOB)
    await service.start(lobby.id, HOST)
    with pytest.raises(UserError, match="already started"):
        await service.set_min_reliability(lobby.id, HOST, 90)


async def test_a_join_while_the_host_raises_the_minimum_is_held_to_it(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host raises the minimum while someone below it clicks Join: the join waits for the
    host's change and is judged by the new minimum (it reads it under the game's lock)."""
    lobby = await service.open_lobby(guild_id=1, channel_id=2, host_id=HOST, game_name="ninjan")
    await left_games(service, BOB, 3)  # BOB finishes 0%
    raised, joining = await click_during_change(
        service,
        monkeypatch,
        service.storage.games,
        "set_min_reliability",
        lambda: service.set_min_reliability(lobby.id, HOST, 80),
        lambda: service.join(lobby.id, BOB),
    )
    assert raised.min_reliability == 80
    with pytest.raises(UserError, match="at least"):
        await joining
    assert BOB not in [s.user_id for s in (await service.record(lobby.id)).seats]
