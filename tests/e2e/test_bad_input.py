"""Clicks that must change nothing: by someone who does not play, on a screen the game has left
behind, and the second of a double click."""

from __future__ import annotations

import asyncio

from tests.e2e.conftest import World
from tests.e2e.driver import leak_scan, public_messages, spectator_text
from tests.e2e.helpers import (
    GAME_OVER,
    MOVED_ON,
    buttons_by_key,
    log_rows,
    mover,
    open_lobby,
    start_game,
    stored,
    told,
)


async def test_someone_who_does_not_play_sees_the_public_view_and_changes_nothing(
    world: World,
) -> None:
    driver = await start_game(world, [world.alice, world.bob])
    before = await stored(world, driver.game_id)
    table = driver.table.text()

    record = await world.eve.click(driver.table, label="Show my hand")

    assert told(record, world.eve) == await spectator_text(world, driver.game_id, world.eve)
    assert driver.table.text() == table
    assert (await stored(world, driver.game_id)).record.version == before.record.version
    assert not [m for m in world.eve.ephemerals(world.channel) if "Your hand" in m.text()]


async def test_someone_outside_the_lobby_cannot_start_it_or_join_it_when_full(
    world: World,
) -> None:
    lobby, game_id = await open_lobby(world, world.alice)
    await world.bob.click(lobby, label="Join")
    text = lobby.text()

    record = await world.eve.click(lobby, label="Start")

    assert told(record, world.eve) == "⚠️ Only the host can do that."
    assert lobby.text() == text and "Start" in lobby.labels()
    assert (await stored(world, game_id)).record.status == "lobby"

    for user in (world.carol, world.dave):
        await user.click(lobby, label="Join")
    full = lobby.text()
    assert "Players (4/4)" in full

    record = await world.eve.click(lobby, label="Join")

    assert told(record, world.eve) == "⚠️ This game is full (4 players)."
    assert lobby.text() == full
    seated = [s.user_id for s in (await stored(world, game_id)).record.seats]
    assert world.eve.id not in seated and len(seated) == 4


async def test_a_button_on_a_screen_the_game_has_left_behind_only_refreshes_it(
    world: World,
) -> None:
    driver = await start_game(world, [world.alice, world.bob])
    user = await mover(driver)
    first = driver.screens[user.id]
    second = await driver.show_hand(user)  # a second screen of the same moment
    key, button = next(iter(buttons_by_key(first).items()))
    await user.click(first, custom_id=button["custom_id"])
    await world.bot.wait_idle()
    before = await stored(world, driver.game_id)
    rows = len(await log_rows(world, driver.game_id))
    table = driver.table.text()

    record = await user.click(second, custom_id=buttons_by_key(second)[key]["custom_id"])

    assert record.response_type == 7 and record.original is second, "replaced in place"
    assert record.answer_text.startswith(MOVED_ON)
    await driver.check_screen(user, second)  # the current hand, buttons of the current version
    assert (await stored(world, driver.game_id)).record.version == before.record.version
    assert len(await log_rows(world, driver.game_id)) == rows
    assert driver.table.text() == table


async def test_a_double_click_is_applied_once(world: World) -> None:
    driver = await start_game(world, [world.alice, world.bob, world.carol])
    user = await mover(driver)
    screen = driver.screens[user.id]
    key, button = next(iter(buttons_by_key(screen).items()))
    before = await stored(world, driver.game_id)

    records = await asyncio.gather(
        user.click(screen, custom_id=button["custom_id"], wait=True),
        user.click(screen, custom_id=button["custom_id"], wait=True),
    )
    await world.bot.wait_idle()

    assert max(r.sent_at for r in records) < min(r.callback_at for r in records), "concurrent"
    after = await stored(world, driver.game_id)
    assert after.record.version == before.record.version + 1
    assert [(r.seq, r.action_key) for r in await log_rows(world, driver.game_id)] == [(1, key)]
    assert all(r.response_type == 7 for r in records)
    assert sorted(r.answer_text.startswith(MOVED_ON) for r in records) == [False, True]
    await driver.check_screen(user, screen)
    await leak_scan(world, driver.game_id)


async def test_a_double_click_on_start_starts_one_game_with_one_table(world: World) -> None:
    lobby, game_id = await open_lobby(world, world.alice)
    await world.bob.click(lobby, label="Join")

    records = await asyncio.gather(
        world.alice.click(lobby, label="Start"), world.alice.click(lobby, label="Start")
    )
    await world.fake.wait_for_message(
        world.channel, lambda m: f"Game #{game_id} has started" in m.content
    )

    answers = sorted(r.response_type for r in records)
    assert answers == [4, 7], "one click starts the game, the other is told why not"
    refused = next(r for r in records if r.response_type == 4)
    assert told(refused, world.alice) == "⚠️ This game has already started or ended."
    tables = [m for m in public_messages(world) if "Show my hand" in m.labels()]
    assert len(tables) == 1
    assert (await stored(world, game_id)).record.status == "active"


async def test_two_game_new_at_once_open_one_lobby(world: World) -> None:
    records = await asyncio.gather(
        world.alice.slash(world.channel, "game new", game="artichokes"),
        world.bob.slash(world.channel, "game new", game="artichokes"),
    )

    lobbies = [r for r in records if not r.ephemeral]
    (busy,) = [r for r in records if r.ephemeral]
    assert len(lobbies) == 1
    assert "There is already a game in this channel" in told(busy, busy.user)
    games = await world.bot.storage.games.list_games(world.guild.id, ("lobby", "active"))
    assert len(games) == 1


async def test_a_menu_on_a_screen_left_open_after_the_game_ended_shows_how_it_ended(
    world: World,
) -> None:
    driver = await start_game(world, [world.alice, world.bob], game="ninjan", rng=3)
    old = await driver.show_screen(world.alice)
    (menu,) = [s for s in old.selects() if ":pick:" in s["custom_id"]]
    await driver.show_screen(world.alice)  # the screen the game keeps current from now on
    await driver.play_to_the_end()
    ended = await stored(world, driver.game_id)
    assert ended.record.status == "finished"

    value = menu["options"][0]["value"]
    record = await world.alice.select(old, [value], custom_id=menu["custom_id"])

    assert record.response_type == 7 and record.original is old, "replaced in place"
    assert record.answer_text.startswith(GAME_OVER)
    assert not old.selects() and not old.buttons(), "nothing of the ended game is left to use"
    assert (await stored(world, driver.game_id)).record.version == ended.record.version
