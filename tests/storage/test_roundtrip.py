"""Every table round-trips through a closed and reopened file; the finders find."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import engine
from storage import LOBBY, TABLE, GameResult, GameStatus, GuildSettings, Storage
from tests.backends import OpenStorage
from tests.storage.helpers import open_lobby, play_one, play_to_end, start_game


async def test_everything_survives_a_reopen(open_storage: OpenStorage) -> None:
    started = datetime.now(UTC)
    async with await open_storage() as storage:
        game, state = await start_game(storage, 20, [100, 200, 300], seed=42, guild_id=10)
        await storage.games.leave_game(game.id, 300)
        rng = random.Random(9)
        for _ in range(5):
            await play_one(storage, game.id, state, rng)
        lobby = await open_lobby(storage, 21, [400], guild_id=10)
        await storage.games.join_lobby(lobby.id, None)
        table = await storage.messages.set(game.id, TABLE, 20, 555)
        await storage.messages.set(lobby.id, LOBBY, 21, 556)
        guild = await storage.guilds.set(
            10, language="fr", default_options={"artichokes": {"turn_limit": 40}}
        )
        before_game = await storage.games.get_game(game.id)
        before_lobby = await storage.games.get_game(lobby.id)
        before_log = await storage.games.get_actions(game.id)

    async with await open_storage() as storage:
        game_after = await storage.games.get_game(game.id)
        assert game_after == before_game
        assert game_after.state_json == engine.dumps(state)
        assert (game_after.guild_id, game_after.channel_id, game_after.game_name) == (
            10,
            20,
            "artichokes",
        )
        assert (game_after.seed, game_after.version, game_after.status) == (42, 5, "active")
        assert game_after.created_at >= started.replace(microsecond=0)
        assert [(s.seat, s.user_id, s.automatic) for s in game_after.seats] == [
            (0, 100, False),
            (1, 200, False),
            (2, 300, True),
        ]
        assert await storage.games.get_game(lobby.id) == before_lobby
        log = await storage.games.get_actions(game.id)
        assert log == before_log and [a.seq for a in log] == [1, 2, 3, 4, 5]
        assert await storage.games.get_actions(game.id, after=3) == log[3:]
        assert await storage.games.recent_actions(game.id, 2) == log[3:]
        assert await storage.messages.get(game.id, TABLE) == table
        assert (await storage.messages.get(lobby.id, LOBBY)).message_id == 556
        assert await storage.guilds.get(10) == guild
        assert guild.language == "fr" and guild.default_options == {
            "artichokes": {"turn_limit": 40}
        }


async def test_finders(storage: Storage) -> None:
    a, _ = await start_game(storage, 1, [100, 200], seed=1, guild_id=7)
    b = await open_lobby(storage, 2, [200, 300], guild_id=7)
    c, c_state = await start_game(storage, 3, [300, 100], seed=2, guild_id=8)
    await play_to_end(storage, c.id, c_state, random.Random(0))

    assert (await storage.games.find_open_game(1)).id == a.id
    assert (await storage.games.find_open_game(2)).id == b.id
    assert await storage.games.find_open_game(3) is None  # finished
    assert [g.id for g in await storage.games.find_games_by_player(200)] == [a.id, b.id]
    assert [g.id for g in await storage.games.find_games_by_player(100)] == [a.id]
    everything = await storage.games.find_games_by_player(100, open_only=False)
    assert [g.id for g in everything] == [a.id, c.id]
    assert [g.id for g in await storage.games.list_games(7)] == [a.id]
    assert [g.id for g in await storage.games.list_games(7, [GameStatus.LOBBY, "active"])] == [
        a.id,
        b.id,
    ]
    assert [g.id for g in await storage.games.list_games(8, ["finished"])] == [c.id]
    finished = await storage.games.get_game(c.id)
    assert isinstance(finished.result, GameResult)


async def test_messages_are_replaced_and_found(storage: Storage) -> None:
    game = await open_lobby(storage, 1, [1])
    first = await storage.messages.set(game.id, TABLE, 1, 1000)
    second = await storage.messages.set(game.id, TABLE, 1, 2000)  # reposted
    assert second.message_id == 2000 and second.updated_at >= first.updated_at
    await storage.messages.set(game.id, LOBBY, 1, 900)
    assert [m.kind for m in await storage.messages.for_game(game.id)] == [LOBBY, TABLE]
    assert (await storage.messages.find(2000)).kind == TABLE
    assert await storage.messages.find(1000) is None
    assert await storage.messages.delete(game.id, LOBBY) is True
    assert await storage.messages.delete(game.id, LOBBY) is False
    assert await storage.messages.get(game.id, LOBBY) is None


async def test_guild_settings_defaults_and_partial_updates(storage: Storage) -> None:
    assert await storage.guilds.get(5) == GuildSettings(5)
    await storage.guilds.set(5, language="de")
    updated = await storage.guilds.set(5, default_options={"artichokes": {"rhubarb": True}})
    assert updated.language == "de"
    assert updated.default_options == {"artichokes": {"rhubarb": True}}
    cleared = await storage.guilds.set(5, language=None)
    assert cleared.language is None and cleared.default_options == updated.default_options


async def test_pictures_are_on_until_an_admin_turns_them_off(storage: Storage) -> None:
    assert (await storage.guilds.get(6)).pictures is True
    await storage.guilds.set(6, language="fr")
    off = await storage.guilds.set(6, pictures=False)
    assert off.pictures is False and off.language == "fr"
    assert (await storage.guilds.get(6)).pictures is False
    assert (await storage.guilds.set(6, language=None)).pictures is False
    assert (await storage.guilds.set(6, pictures=True)).pictures is True
