"""A thread per game in storage, on both backends: any number of games played in threads of
one channel beside its one game played in the channel itself, a lobby falling back to its
channel, invitations and set-ups, "play again", spectators, archives, the guild's setting."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

import engine
from storage import AgainOpen, ChannelBusy, GameNotInLobby, GameStatus, LobbySetup, Storage
from tests.storage.helpers import GAME, open_lobby

MAX = engine.get_game(GAME).info.max_players


async def thread_lobby(
    storage: Storage, channel_id: int, host: int, setup: LobbySetup | None = None
) -> int:
    game = await storage.games.create_lobby(
        guild_id=1,
        channel_id=channel_id,
        game_name=GAME,
        host_id=host,
        max_seats=MAX,
        in_thread=True,
        setup=setup,
    )
    assert game.parent_id == channel_id == game.channel_id and not game.in_thread
    return game.id


async def test_any_number_of_games_share_a_channel_in_threads(storage: Storage) -> None:
    in_channel = await open_lobby(storage, 5, [1])
    first = await thread_lobby(storage, 5, 2)
    second = await thread_lobby(storage, 5, 3)
    # a lobby whose thread is being made is played nowhere yet
    assert (await storage.games.find_open_game(5)).id == in_channel.id

    placed = await storage.threads.place(first, 501)
    await storage.threads.place(second, 502)

    assert placed.in_thread and (placed.channel_id, placed.parent_id) == (501, 5)
    assert (await storage.games.find_open_game(501)).id == first
    assert (await storage.threads.game_of_thread(502)).id == second
    assert await storage.threads.game_of_thread(5) is None
    here = await storage.threads.games_here(5)
    assert [g.id for g in here] == [in_channel.id, first, second]
    with pytest.raises(ChannelBusy):  # the channel itself still holds one game
        await open_lobby(storage, 5, [4])
    with pytest.raises(ChannelBusy):  # so does each game's thread
        await open_lobby(storage, 501, [4])
    await storage.threads.place(first, 601)  # its thread was deleted: a new one
    assert await storage.games.find_open_game(501) is None
    assert (await storage.games.find_open_game(601)).id == first


async def test_a_lobby_without_a_thread_is_played_in_its_channel_if_it_is_free(
    storage: Storage,
) -> None:
    lobby = await thread_lobby(storage, 7, 1)
    later = datetime.now(UTC) + timedelta(seconds=1)  # a start after it
    assert await storage.threads.unplaced(datetime.now(UTC) - timedelta(seconds=1)) == []
    assert [g.id for g in await storage.threads.unplaced(later)] == [lobby]
    moved = await storage.threads.in_channel(lobby)
    assert await storage.threads.unplaced(later) == []
    assert (moved.channel_id, moved.parent_id) == (7, None)
    assert (await storage.games.find_open_game(7)).id == lobby

    other = await thread_lobby(storage, 7, 2)
    with pytest.raises(ChannelBusy) as busy:
        await storage.threads.in_channel(other)
    assert busy.value.game_id == lobby


async def test_a_lobby_set_up_with_invitations_and_automatic_players(storage: Storage) -> None:
    setup = LobbySetup(
        invited=(30, 20, 30),
        automatic=(("greedy", "Cardroom AI (greedy)"), ("random", "Cardroom AI (random)")),
        turn_clock=86_400,  # a day a move, a bank of a day up to three (Play again copies it)
        bank_start=86_400,
        bank_cap=3 * 86_400,
        invited_only=True,
    )
    game_id = await thread_lobby(storage, 8, 10, setup)

    game = await storage.games.get_game(game_id)
    assert [(s.seat, s.user_id, s.level) for s in game.seats] == [
        (0, 10, None),
        (1, None, "greedy"),
        (2, None, "random"),
    ]
    assert (game.turn_clock, game.bank_start, game.bank_cap) == (86_400, 86_400, 3 * 86_400)
    assert game.invited_only
    assert await storage.threads.invited(game_id) == (20, 30)
    joined = await storage.games.join_lobby(game_id, 20)
    assert joined.seats[-1].user_id == 20
    opened = await storage.threads.set_invited_only(game_id, False)
    assert not opened.invited_only
    await storage.games.abort_game(game_id, reason="cancelled")
    with pytest.raises(GameNotInLobby):
        await storage.threads.set_invited_only(game_id, True)


async def test_a_game_is_played_again_by_one_open_lobby_at_a_time(storage: Storage) -> None:
    old = await open_lobby(storage, 9, [1])
    again = await thread_lobby(storage, 9, 1, LobbySetup(again_of=old.id))
    assert (await storage.threads.again_open(old.id)).id == again
    with pytest.raises(AgainOpen) as twice:
        await thread_lobby(storage, 9, 2, LobbySetup(again_of=old.id))
    assert twice.value.again_id == again
    await storage.games.abort_game(again, reason="cancelled")
    assert await storage.threads.again_open(old.id) is None
    assert await thread_lobby(storage, 9, 2, LobbySetup(again_of=old.id)) > again


async def test_spectators_watch_and_stop(storage: Storage) -> None:
    first = await open_lobby(storage, 11, [1])
    second = await open_lobby(storage, 12, [1])
    elsewhere = await open_lobby(storage, 13, [1], guild_id=2)
    for game in (first, second, elsewhere):
        assert await storage.threads.watch(game.id, 50)
    assert not await storage.threads.watch(first.id, 50)  # once
    await storage.threads.watch(first.id, 51)
    assert await storage.threads.spectators(first.id) == (50, 51)
    await storage.games.abort_game(first.id, reason="cancelled")

    watched = await storage.threads.watched_by(50, guild_id=1)

    assert [g.id for g in watched] == [second.id, first.id]  # open ones first
    assert watched[1].status == GameStatus.ABORTED
    assert await storage.threads.unwatch(second.id, 50)
    assert not await storage.threads.unwatch(second.id, 50)
    assert [g.id for g in await storage.threads.watched_by(50, guild_id=1)] == [first.id]


async def test_archives_wait_until_done(storage: Storage) -> None:
    first = await open_lobby(storage, 14, [1])
    second = await open_lobby(storage, 15, [1])
    soon = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    await storage.threads.archive_later(second.id, 702, soon + timedelta(hours=1))
    await storage.threads.archive_later(first.id, 701, soon)
    assert await storage.threads.archives() == [
        (1, first.id, 701, soon),
        (1, second.id, 702, soon + timedelta(hours=1)),
    ]
    await storage.threads.archived(first.id)
    assert [a[1] for a in await storage.threads.archives()] == [second.id]


async def test_threads_are_on_until_an_admin_turns_them_off(storage: Storage) -> None:
    assert (await storage.guilds.get(1)).threads
    turned = await storage.guilds.set(1, threads=False)
    assert not turned.threads and turned.pictures
    assert not (await storage.guilds.get(1)).threads
    assert not (await storage.guilds.set(1, pictures=False)).threads  # kept


async def test_forget_me_deletes_what_they_watch_and_were_invited_to(storage: Storage) -> None:
    game = await thread_lobby(storage, 5, 1, LobbySetup(invited=(7, 8)))
    await storage.threads.watch(game, 7)
    await storage.threads.watch(game, 9)

    await storage.history.forget(7)

    assert await storage.threads.invited(game) == (8,)
    assert await storage.threads.spectators(game) == (9,)
    assert await storage.threads.watched_by(7, 1) == []
