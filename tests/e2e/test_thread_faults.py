"""What goes wrong with a game's thread gets an answer and loses nothing: archived mid-game
(unarchived), locked where the bot may not post or deleted (a new thread: the card links it,
the table is posted there), its card deleted (posted again), its channel deleted (its games
aborted, recorded so), and a restart with many threads (every old button works; a thread
deleted meanwhile is replaced)."""

from __future__ import annotations

import sqlite3

from bot.service.reasons import CHANNEL_LOST
from bot.shards import shard_of
from storage import LOBBY, TABLE, GameStatus
from tests.e2e.conftest import World
from tests.e2e.driver import expected_table_text, find_table
from tests.e2e.helpers import advance, set_clock, version_now
from tests.e2e.thread_helpers import (
    ThreadGame,
    card_of,
    card_says,
    check_ended_card,
    open_game,
    thread_now,
    threads_on,
)
from tests.fakediscord.threads import Thread


async def follow(world: World, game: ThreadGame) -> Thread:
    """The game moved to a new thread: the driver plays on with the table posted there."""
    await world.fake.wait_for(
        lambda: _played_in(world, game.game_id) != game.thread.id, what="a new thread"
    )
    await world.bot.wait_idle()
    thread = await thread_now(world, game.game_id)
    assert thread is not game.thread and not thread.deleted
    stored = await world.bot.storage.messages.get(game.game_id, TABLE)
    assert stored is not None and stored.channel_id == thread.id  # posted anew there
    table = world.fake.message(stored.message_id)
    assert table.text() == await expected_table_text(world, game.game_id)
    game.driver.table, game.driver.channel, game.thread = table, thread, thread
    card = await card_of(world, game.game_id)
    assert f"<#{thread.id}>" in card.text() and card.text() == await card_says(world, game.game_id)
    told = [m for m in thread.messages if "so the game goes on here" in m.content]
    assert len(told) == 1 and {u.id for u in told[0].mentions} >= {world.alice.id, world.bob.id}
    return thread


async def test_an_archived_thread_is_unarchived_and_the_game_goes_on(world: World) -> None:
    await threads_on(world)
    game = await open_game(world, [world.alice, world.bob], rng=1)
    for _ in range(3):
        assert await game.driver.step()

    game.thread.archive()
    await world.fake.wait_for(lambda: not game.thread.archived, what="the bot unarchives it")

    await game.driver.play_to_the_end()
    assert (await world.bot.storage.games.get_game(game.game_id)).status == GameStatus.FINISHED
    await world.bot.wait_idle()
    await check_ended_card(world, game.game_id)


async def test_a_thread_archived_unseen_is_unarchived_by_the_tables_next_edit(
    world: World,
) -> None:
    """Discord archived the thread of a turn-based game while the bot did not hear it (a
    missed THREAD_UPDATE: a session that could not resume): Discord takes no edit in an
    archived thread, so the table's next edit unarchives it and is made, rather than the
    table showing the move before until the next one."""
    await threads_on(world)
    game = await open_game(world, [world.alice, world.bob], game="verso", start=False)
    await set_clock(world.alice, game.card, "1 day")
    await world.alice.click(game.card, custom_id=f"cr:lobby:{game.game_id}:start")
    await world.bot.wait_idle()
    table = find_table(world, game.game_id)
    assert table is not None and table.channel is game.thread
    version = version_now(world, game.game_id)

    game.thread.archived = True  # no event: the bot does not know
    await advance(world, 86_400 + 1, lambda: version_now(world, game.game_id) > version)
    expected = await expected_table_text(world, game.game_id)
    await world.fake.wait_for(lambda: table.text() == expected, what="the table after the move")
    assert not game.thread.archived


async def test_a_thread_locked_or_deleted_is_replaced_and_nothing_is_lost(world: World) -> None:
    await threads_on(world)
    game = await open_game(world, [world.alice, world.bob], spectators=[world.carol], rng=2)
    for _ in range(3):
        assert await game.driver.step()
    version = (await world.bot.storage.games.get_game(game.game_id)).version

    # a moderator locks it where the bot may not manage threads: the bot cannot post there
    world.fake.set_bot_permission(world.channel, manage_threads=False)
    locked = game.thread
    locked.lock()
    await follow(world, game)
    assert world.carol.id in game.thread.members  # the spectator follows the game
    world.fake.set_bot_permission(world.channel, manage_threads=None)
    for _ in range(3):
        assert await game.driver.step()

    # a moderator deletes the new one
    world.guild.delete_channel(game.thread)
    await follow(world, game)
    assert (await world.bot.storage.games.get_game(game.game_id)).version >= version + 3

    # and the card: it is posted again when the game ends
    world.fake.delete_message(game.card)
    await game.driver.play_to_the_end()
    await world.bot.wait_idle()
    card = await card_of(world, game.game_id)
    assert card is not game.card and card.channel is world.channel and not card.deleted
    await check_ended_card(world, game.game_id)
    assert (await world.bot.storage.verify_game(game.game_id)).ok


async def test_a_deleted_channel_aborts_its_games(world: World) -> None:
    await threads_on(world)
    other = world.guild.add_text_channel("other")
    running = await open_game(world, [world.alice, world.bob], channel=other)
    lobby = await open_game(world, [world.carol], channel=other, start=False)
    elsewhere = await open_game(world, [world.dave, world.eve])

    world.guild.delete_channel(other)

    for game_id in (running.game_id, lobby.game_id):
        record = await world.fake.wait_for(
            lambda g=game_id: _aborted(world, g), what=f"game {game_id} aborted"
        )
        assert (await record).result.reason == CHANNEL_LOST
    await world.bot.wait_idle()
    record = await world.bot.storage.games.get_game(elsewhere.game_id)
    assert record.status == GameStatus.ACTIVE
    assert world.fake.problems == []


def _played_in(world: World, game_id: int) -> int:
    """Where the game is played now, read straight from the database file."""
    with sqlite3.connect(world.db_path) as conn:
        (channel,) = conn.execute(
            "SELECT channel_id FROM games WHERE id = ?", (game_id,)
        ).fetchone()
    return int(channel)


def _aborted(world: World, game_id: int):  # noqa: ANN202
    """A coroutine of the game once aborted (checked through the database file)."""
    with sqlite3.connect(world.db_path) as conn:
        (status,) = conn.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
    if status != "aborted":
        return None
    return world.bot.storage.games.get_game(game_id)


async def test_after_a_restart_every_old_button_in_every_thread_works(world: World) -> None:
    await threads_on(world)
    games = [
        await open_game(world, [world.alice, world.bob], rng=5),
        await open_game(world, [world.carol, world.dave], game="ninjan", rng=6),
        await open_game(world, [world.eve], game="pentaquest", levels=["random"], rng=7),
    ]
    for game in games:
        for _ in range(2):
            assert await game.driver.step()
    gone = games[0]

    assert world.handle is not None
    await world.handle.stop()
    world.guild.delete_channel(gone.thread)  # while the bot is away
    await world.start()

    await follow(world, gone)
    for game in games:  # the tables, screens and cards shown before the restart
        await game.driver.play_to_the_end()
        await world.bot.wait_idle()
        await check_ended_card(world, game.game_id)
        assert (await world.bot.storage.verify_game(game.game_id)).ok


async def test_a_lobby_whose_thread_was_never_made_gets_it_at_the_next_start(
    world: World,
) -> None:
    await threads_on(world)
    # the bot stopped after posting a lobby's message, before starting its thread
    game = await world.bot.room.service.threads.open_lobby(
        guild_id=world.guild.id,
        channel_id=world.channel.id,
        host_id=world.alice.id,
        game_name="verso",
        in_thread=True,
    )
    posted = await world.bot.room.channel(world.channel.id, world.guild.id).send("lobby")
    await world.bot.storage.messages.set(game.id, LOBBY, world.channel.id, posted.id)
    assert await world.bot.storage.games.find_open_game(world.channel.id) is None

    await world.restart()

    thread = await thread_now(world, game.id)
    assert thread.id == posted.id and thread.parent is world.channel
    stored = await world.bot.storage.games.get_game(game.id)
    assert stored.in_thread and stored.status == GameStatus.LOBBY


async def test_a_lobby_opened_while_the_start_checks_threads_keeps_its_thread(
    world: World,
) -> None:
    """A ``/game new`` answered while a start looks at the threads (the first minutes after a
    restart, when people come back): its lobby has no thread yet, being made by the command
    itself, and the start's check leaves it alone: before, it moved the lobby to the channel
    (or closed it, the channel busy) and the command's own placing then failed."""
    await threads_on(world)
    room = world.bot.room
    lobby = await room.service.threads.open_lobby(  # /game new, its thread being made
        guild_id=world.guild.id,
        channel_id=world.channel.id,
        host_id=world.alice.id,
        game_name="verso",
        in_thread=True,
    )
    posted = await room.channel(world.channel.id, world.guild.id).send("lobby")
    await world.bot.storage.messages.set(lobby.id, LOBBY, world.channel.id, posted.id)

    await room.thread_events.check_all()  # the start's look, at that moment

    made = await room.threads.open_from(lobby, posted.id)
    assert made is not None
    placed = await room.service.threads.place(lobby.id, made)  # the command goes on
    assert placed.in_thread and placed.status == GameStatus.LOBBY
    assert [t.id for t in world.guild.threads if t.parent is world.channel] == [made]  # type: ignore[attr-defined]


async def test_a_threads_guild_decides_which_process_mends_it(world: World) -> None:
    await threads_on(world)
    game = await open_game(world, [world.alice, world.bob], rng=8)
    assert await game.driver.step()
    own = shard_of(world.guild.id, 2)
    assert world.handle is not None
    await world.handle.stop()
    world.guild.delete_channel(game.thread)  # while no process runs

    world.shard_count, world.shard_ids = 2, [1 - own]  # the other shard's process starts
    await world.start()
    await world.bot.wait_idle()
    assert _played_in(world, game.game_id) == game.thread.id  # not its game: left alone

    world.shard_ids = [own]  # the process of the guild's shard
    await world.restart()
    await follow(world, game)
    await game.driver.play_to_the_end()
    assert (await world.bot.storage.verify_game(game.game_id)).ok
