"""How few requests keep the tables current: moves in quick succession share one table edit,
a restart edits only the tables that are behind their game, and a ping that notifies nobody
is edited rather than posted again."""

from __future__ import annotations

import asyncio
import random
import sqlite3

from storage import TABLE
from tests.e2e.conftest import World
from tests.e2e.driver import (
    Driver,
    action_components,
    expected_table_text,
    leak_scan,
    public_messages,
    table_closed,
)
from tests.e2e.helpers import abort_game, buttons_by_key, harvest, mover, start_game, stored
from tests.fakediscord.model import Message
from tests.fakediscord.users import User

TABLE_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
POST = "POST /channels/{channel_id}/messages"


def table_edits(world: World, message_id: int) -> int:
    return sum(1 for r in world.fake.requests_to(TABLE_EDIT) if str(message_id) in r.path)


async def test_moves_in_quick_succession_are_shown_by_fewer_table_edits(world: World) -> None:
    world.table_edit_interval = 0.4
    await world.restart()
    driver = await start_game(world, [world.alice, world.bob], rng=8)
    driver.remote, driver.checks = True, False  # click on without waiting for the table
    before = table_edits(world, driver.table.id)
    version = (await stored(world, driver.game_id)).record.version
    for _ in range(12):
        assert await driver.step()
    await world.bot.wait_idle()
    moves = (await stored(world, driver.game_id)).record.version - version
    edits = table_edits(world, driver.table.id) - before
    assert 1 <= edits < moves, f"{edits} table edits for {moves} moves"
    assert driver.table.text() == await expected_table_text(world, driver.game_id)
    await leak_scan(world, driver.game_id, driver.secret_words)


async def test_a_restart_edits_only_the_tables_behind_their_game(world: World) -> None:
    drivers = []
    for n, (players, game) in enumerate(
        [
            ([world.alice, world.bob], "artichokes"),
            ([world.carol, world.dave], "artichokes"),
            ([world.eve, world.alice], "ninjan"),
        ]
    ):
        driver = Driver(world, players, random.Random(n), game)
        driver.channel = world.guild.add_text_channel(f"table-{n}")
        await driver.open_and_start()
        drivers.append(driver)
    for driver in drivers:
        for _ in range(4):
            assert await driver.step()
    await world.handle.stop()
    behind = drivers[1]
    with sqlite3.connect(world.db_path) as conn:  # as if its last edit never reached Discord
        conn.execute(
            "UPDATE game_messages SET shown_version = shown_version - 1 "
            "WHERE game_id = ? AND kind = ?",
            (behind.game_id, TABLE),
        )
    edits = {d.game_id: table_edits(world, d.table.id) for d in drivers}

    await world.start()
    await world.bot.wait_idle()

    made = {d.game_id: table_edits(world, d.table.id) - edits[d.game_id] for d in drivers}
    assert made == {d.game_id: int(d is behind) for d in drivers}
    for driver in drivers:
        assert driver.table.text() == await expected_table_text(world, driver.game_id)
        assert await driver.step()  # and every game goes on


async def test_a_ping_is_posted_when_it_notifies_someone_and_edited_otherwise(
    world: World,
) -> None:
    driver = await start_game(world, [world.alice, world.bob], rng=5)
    record = (await stored(world, driver.game_id)).record
    pings = world.bot.room.pings
    alice, bob = (record.seat_of(u.id).seat for u in (world.alice, world.bob))

    def newest() -> tuple[int, str, list[int]]:
        message = max(
            (m for m in public_messages(world) if m.content.startswith("test")),
            key=lambda m: m.id,
        )
        return message.id, message.content, [u.id for u in message.mentions]

    await pings.ping(record, [alice], f"test one <@{world.alice.id}>")
    first, _text, mentions = newest()
    assert mentions == [world.alice.id]
    posts = len(world.fake.requests_to(POST))

    await pings.ping(record, [], "test two")  # it names nobody to notify: an edit
    await pings.ping(record, [], "test two")  # the same again: no request
    assert newest()[:2] == (first, "test two")
    assert len(world.fake.requests_to(POST)) == posts
    assert len([r for r in world.fake.requests_to(TABLE_EDIT) if str(first) in r.path]) == 1

    await pings.ping(record, [bob], f"test three <@{world.bob.id}>")  # bob to notify: a post
    second, _text, mentions = newest()
    assert second > first and mentions == [world.bob.id]
    assert world.fake.message(first).deleted

    await pings.ping(record, [bob], f"test three <@{world.bob.id}>")  # notified again
    third, _text, mentions = newest()
    assert third > second and mentions == [world.bob.id]
    assert world.fake.message(second).deleted


async def test_a_player_watching_the_game_gets_no_ping_and_one_away_is_notified(
    world: World,
) -> None:
    """A player whose open screen shows their turn gets no ping; one who has not clicked for a
    while is notified; and a "your move" ping is deleted once the turn moved on to someone
    watching (the start announcement, which named everyone, stays)."""
    driver = await start_game(world, [world.alice, world.bob], rng=6)
    a = await mover(driver)  # both players open their screens
    b = world.bob if a is world.alice else world.alice
    start_ping = max(m.id for m in public_messages(world) if m.content)

    async def take_turn(user: User) -> None:
        await harvest(user, driver.screens[user.id])
        screen = driver.screens[user.id]
        await user.click(screen, custom_id=buttons_by_key(screen)["end"]["custom_id"])
        await world.bot.wait_idle()

    def channel_texts() -> list[Message]:
        return [m for m in public_messages(world) if m.content]

    await take_turn(a)  # b is watching: no ping for b
    assert [m.id for m in channel_texts()] == [start_ping]
    assert action_components(driver.screens[b.id]), "b's open screen shows the turn"

    world.bot.room.screens.watching_seconds = -1.0  # now nobody has clicked for a while
    await take_turn(b)
    (ping,) = channel_texts()
    assert f"{a.mention}: your move" in ping.content and [u.id for u in ping.mentions] == [a.id]
    assert world.fake.message(start_ping).deleted  # replaced: a new mention needs a new message

    world.bot.room.screens.watching_seconds = 60.0  # b is back at the screen
    await take_turn(a)
    assert world.fake.message(ping.id).deleted and channel_texts() == []


async def test_a_turn_of_several_moves_waits_for_the_turn_interval_and_a_passed_turn_does_not(
    world: World,
) -> None:
    """While the same player is to move, their moves share one table edit at most every
    ``TABLE_TURN_INTERVAL`` seconds; the move that passes the turn is shown at once (after
    ``TABLE_EDIT_INTERVAL``), and the ping to the next player does not wait for either."""
    world.table_turn_interval = 30.0
    await world.restart()
    world.bot.room.screens.watching_seconds = -1.0  # nobody watches: the next player is pinged
    driver = await start_game(world, [world.alice, world.bob], rng=4)
    a = await mover(driver)
    b = world.bob if a is world.alice else world.alice
    await world.bot.wait_idle()
    before = table_edits(world, driver.table.id)
    shown = driver.table.text()

    await harvest(a, driver.screens[a.id])  # a's turn goes on: the edit waits
    for _ in range(20):
        await asyncio.sleep(0.01)
    assert table_edits(world, driver.table.id) == before and driver.table.text() == shown

    screen = driver.screens[a.id]
    await a.click(screen, custom_id=buttons_by_key(screen)["end"]["custom_id"])  # b's turn
    await asyncio.wait_for(world.bot.wait_idle(), timeout=10.0)  # not the 30 s of a turn

    assert table_edits(world, driver.table.id) == before + 1
    assert driver.table.text() == await expected_table_text(world, driver.game_id)
    newest = max((m for m in public_messages(world) if m.content), key=lambda m: m.id)
    assert [u.id for u in newest.mentions] == [b.id]
    await leak_scan(world, driver.game_id, driver.secret_words)


async def test_a_shutdown_makes_the_table_edit_a_turn_was_waiting_for(world: World) -> None:
    """``docker stop`` gives 10 s: a table edit waiting out a turn's interval is made at once
    when the bot stops, so the table shows every move made before it went down."""
    world.table_turn_interval = 30.0
    await world.restart()
    driver = await start_game(world, [world.alice, world.bob], rng=4)
    a = await mover(driver)
    await world.bot.wait_idle()
    shown = driver.table.text()
    await harvest(a, driver.screens[a.id])  # a's turn goes on: the edit waits
    assert driver.table.text() == shown

    await asyncio.wait_for(world.handle.stop(), timeout=10.0)

    assert driver.table.text() != shown
    await world.start()
    assert driver.table.text() == await expected_table_text(world, driver.game_id)


async def test_a_your_move_ping_from_before_a_restart_is_deleted_once_the_turn_moved_on(
    world: World,
) -> None:
    """The bot restarts while a "your move" ping names a; a then moves, and b (watching) is
    to move: the old ping does not stay in the channel naming a."""
    driver = await start_game(world, [world.alice, world.bob], rng=6)
    a = await mover(driver)
    b = world.bob if a is world.alice else world.alice
    world.bot.room.screens.watching_seconds = -1.0  # nobody watches: the turns are pinged
    for user in (a, b):  # a's turn, then b's: a is pinged
        await harvest(user, driver.screens[user.id])
        screen = driver.screens[user.id]
        await user.click(screen, custom_id=buttons_by_key(screen)["end"]["custom_id"])
        await world.bot.wait_idle()
    (ping,) = [m for m in public_messages(world) if m.content]
    assert f"{a.mention}: your move" in ping.content

    await world.restart()
    for user in (b, a):  # both look at the game again: b watches from now on
        await driver.show_hand(user)
    await harvest(a, driver.screens[a.id])
    screen = driver.screens[a.id]
    await a.click(screen, custom_id=buttons_by_key(screen)["end"]["custom_id"])
    await world.bot.wait_idle()

    assert world.fake.message(ping.id).deleted
    assert [m for m in public_messages(world) if m.content] == []


async def test_an_ended_games_table_is_closed_and_the_keeper_lets_go_of_it(world: World) -> None:
    """What the table keeper knows of a running game's table is kept while it runs, and let go
    of once its table shows the end: a bot that saw many games keeps only the running ones."""
    driver = await start_game(world, [world.alice, world.bob], rng=3)
    assert await driver.step()
    await world.bot.wait_idle()
    tables = world.bot.room.tables
    assert driver.game_id in tables._tables

    await abort_game(world, driver.game_id)
    await world.bot.wait_idle()

    assert driver.table is not None and table_closed(driver.table)
    assert driver.game_id not in tables._tables
