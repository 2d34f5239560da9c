"""Lobbies: create, join, leave (renumbering), one open game per channel, start, cancel."""

from __future__ import annotations

import pytest

import engine
from storage import (
    AlreadySeated,
    ChannelBusy,
    GameNotInLobby,
    GameStatus,
    LobbyChanged,
    LobbyFull,
    NotSeated,
    Storage,
    WrongStatus,
)
from storage.sql import IntegrityError
from tests.storage.helpers import GAME, open_lobby, sql, start_game


async def test_create_lobby_seats_the_host(storage: Storage) -> None:
    game = await storage.games.create_lobby(
        guild_id=10,
        channel_id=20,
        game_name=GAME,
        host_id=100,
        max_seats=4,
        options={"turn_limit": 50},
    )
    assert game.status == GameStatus.LOBBY and game.is_open
    assert (game.guild_id, game.channel_id, game.host_id, game.max_seats) == (10, 20, 100, 4)
    assert game.options == {"turn_limit": 50}
    assert game.state_json is None and game.seed is None and game.version == 0
    assert [(s.seat, s.user_id, s.automatic) for s in game.seats] == [(0, 100, False)]
    assert game.seat_of(100) is not None and game.seat_of(999) is None


async def test_one_open_game_per_channel(storage: Storage) -> None:
    first = await open_lobby(storage, 5, [1])
    with pytest.raises(ChannelBusy) as info:
        await open_lobby(storage, 5, [2])
    assert (info.value.channel_id, info.value.game_id) == (5, first.id)
    # Another channel is fine; once the first game is over the channel is free again.
    await open_lobby(storage, 6, [2])
    await storage.games.abort_game(first.id, reason="cancelled")
    again = await open_lobby(storage, 5, [3])
    assert again.id > first.id
    assert (await storage.games.find_open_game(5)).id == again.id


async def test_the_schema_itself_refuses_a_second_open_game(storage: Storage) -> None:
    await open_lobby(storage, 5, [1])
    with pytest.raises(IntegrityError, match="(?i)unique"):
        await sql(
            storage,
            "INSERT INTO games (guild_id, channel_id, game_name, host_id, max_seats, created_at, "
            "updated_at) VALUES (1, 5, 'artichokes', 2, 4, 'now', 'now')",
        )


async def test_join_and_leave_keep_join_order(storage: Storage) -> None:
    game = await open_lobby(storage, 1, [10, 20, 30])
    assert [s.user_id for s in game.seats] == [10, 20, 30]
    game = await storage.games.join_lobby(game.id, None)  # an automatic player
    assert [(s.seat, s.user_id, s.automatic) for s in game.seats][-1] == (3, None, True)
    game = await storage.games.leave_lobby(game.id, 20)
    assert [(s.seat, s.user_id) for s in game.seats] == [(0, 10), (1, 30), (2, None)]
    game = await storage.games.remove_lobby_seat(game.id, 0)
    assert [(s.seat, s.user_id) for s in game.seats] == [(0, 30), (1, None)]
    game = await storage.games.join_lobby(game.id, 10)
    assert [(s.seat, s.user_id) for s in game.seats] == [(0, 30), (1, None), (2, 10)]


async def test_join_refusals(storage: Storage) -> None:
    game = await open_lobby(storage, 1, [1, 2, 3, 4])
    with pytest.raises(AlreadySeated) as seated:
        await storage.games.join_lobby(game.id, 2)
    assert seated.value.seat == 1
    with pytest.raises(LobbyFull) as full:
        await storage.games.join_lobby(game.id, 5)
    assert full.value.max_seats == 4
    with pytest.raises(NotSeated):
        await storage.games.leave_lobby(game.id, 99)
    with pytest.raises(NotSeated):
        await storage.games.remove_lobby_seat(game.id, 7)


async def test_start_makes_the_game_active_at_version_zero(storage: Storage) -> None:
    lobby = await open_lobby(storage, 1, [1, 2, 3])
    state = engine.new_game(GAME, 3, lobby.options, 1234)
    game = await storage.games.start_game(lobby.id, seed=1234, state_json=engine.dumps(state))
    assert game.status == GameStatus.ACTIVE
    assert (game.seed, game.version, game.state_json) == (1234, 0, engine.dumps(state))
    assert game.started_at is not None
    with pytest.raises(GameNotInLobby):
        await storage.games.join_lobby(game.id, 9)
    with pytest.raises(GameNotInLobby):
        await storage.games.leave_lobby(game.id, 2)
    with pytest.raises(GameNotInLobby):
        await storage.games.start_game(game.id, seed=1234, state_json=engine.dumps(state))


async def test_start_refuses_a_state_for_another_seat_count(storage: Storage) -> None:
    lobby = await open_lobby(storage, 1, [1, 2])
    state = engine.new_game(GAME, 2, None, 7)
    await storage.games.join_lobby(lobby.id, 3)  # joined after the state was built
    with pytest.raises(LobbyChanged) as info:
        await storage.games.start_game(lobby.id, seed=7, state_json=engine.dumps(state))
    assert (info.value.state_seats, info.value.lobby_seats) == (2, 3)
    assert (await storage.games.get_game(lobby.id)).status == GameStatus.LOBBY


async def test_start_refuses_a_mismatched_state(storage: Storage) -> None:
    lobby = await open_lobby(storage, 1, [1, 2])
    state = engine.new_game(GAME, 2, None, 7)
    with pytest.raises(ValueError, match="seed"):
        await storage.games.start_game(lobby.id, seed=8, state_json=engine.dumps(state))
    engine.apply(state, engine.legal_actions(state, engine.deciding_seats(state)[0])[0])
    with pytest.raises(ValueError, match="step 0"):
        await storage.games.start_game(lobby.id, seed=7, state_json=engine.dumps(state))
    with pytest.raises(ValueError, match="JSON"):
        await storage.games.start_game(lobby.id, seed=7, state_json="{not json")


async def test_cancel_a_lobby(storage: Storage) -> None:
    lobby = await open_lobby(storage, 1, [1])
    game = await storage.games.abort_game(lobby.id, reason="host_cancelled")
    assert game.status == GameStatus.ABORTED and not game.is_open
    assert game.result is not None and game.result.reason == "host_cancelled"
    assert game.ended_at is not None
    with pytest.raises(WrongStatus):
        await storage.games.abort_game(lobby.id)
    assert await storage.games.find_open_game(1) is None


async def test_lobby_options_can_change_until_start(storage: Storage) -> None:
    lobby = await open_lobby(storage, 1, [1, 2])
    game = await storage.games.set_lobby_options(lobby.id, {"rhubarb": True})
    assert game.options == {"rhubarb": True}
    started, _ = await start_game(storage, 2, [1, 2], seed=3)
    with pytest.raises(GameNotInLobby):
        await storage.games.set_lobby_options(started.id, {})
