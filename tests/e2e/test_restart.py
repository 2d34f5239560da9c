"""A restart in the middle of a game: the new instance refreshes the table (reposting it when it
was deleted meanwhile) and the old components go on working: the table's Show my hand button,
and players' old screens (applied when nothing moved since, "moved on" otherwise). What a stop
at the wrong moment (a crash) leaves behind is mended at the next start: the table of a game
that ended just before, a lobby saved without its message."""

from __future__ import annotations

from storage import GameStatus, Storage
from tests.e2e import scenarios
from tests.e2e.conftest import World
from tests.e2e.driver import expected_table_text, find_table, leak_scan, table_closed
from tests.e2e.helpers import (
    follow_reposted_table,
    open_lobby,
    start_game,
    stored,
)

TABLE_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"


async def test_a_game_goes_on_after_a_restart_with_the_old_components(world: World) -> None:
    await scenarios.a_game_goes_on_after_a_restart_with_the_old_components(world)


async def test_a_table_deleted_while_the_bot_was_down_is_posted_again(world: World) -> None:
    driver = await start_game(world, [world.alice, world.bob], rng=4)
    for _ in range(6):
        assert await driver.step()
    old = driver.table

    await world.handle.stop()
    world.fake.delete_message(old)
    await world.start()
    # Checking every table at a restart would cost a request per game: the stored table
    # shows the current version, so the bot leaves it until the next move, which reposts it.
    assert find_table(world, driver.game_id) is None
    assert await driver.step()  # the players use /game hand

    await follow_reposted_table(world, driver, old)

    await driver.play_to_the_end()
    assert (await stored(world, driver.game_id)).record.status == GameStatus.FINISHED


async def test_a_game_whose_end_the_table_never_showed_shows_it_after_a_restart(
    world: World,
) -> None:
    # Discord fails the table edits of the last moves, and the bot stops before it tries
    # again (as when it is killed right after the last move is saved)
    world.bot.room.tables.retry_delays = (60.0,)
    driver = await start_game(world, [world.alice, world.bob], rng=7, seed=2**62 + 7)  # long
    for _ in range(4):
        assert await driver.step()
    outage = world.fake.fail(TABLE_EDIT, status=503, times=1_000_000)
    driver.checks = False
    await driver.play_to_the_end()
    assert (await stored(world, driver.game_id)).record.status == GameStatus.FINISHED
    assert not table_closed(driver.table)
    outage.times = outage.hits

    await world.restart()

    assert table_closed(driver.table)
    assert driver.table.text() == await expected_table_text(world, driver.game_id)
    await leak_scan(world, driver.game_id)


async def test_a_lobby_whose_message_was_never_posted_does_not_block_its_channel(
    world: World,
) -> None:
    # the bot saved the lobby, then stopped before posting its message
    await world.handle.stop()
    async with await Storage.open(path=world.db_path) as storage:
        lost = await storage.games.create_lobby(
            guild_id=world.guild.id,
            channel_id=world.channel.id,
            game_name="artichokes",
            host_id=world.alice.id,
            max_seats=4,
        )
    await world.start()

    assert (await stored(world, lost.id)).record.status == GameStatus.ABORTED
    lobby, game_id = await open_lobby(world, world.bob)
    assert game_id > lost.id and "Join" in lobby.labels()
