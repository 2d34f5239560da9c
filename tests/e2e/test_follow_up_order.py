"""What follows a move (table edit, players' open screens, pings) runs in commit order: a slow
follow-up of an earlier move never rolls a screen back or replaces a newer ping."""

from __future__ import annotations

import asyncio

import engine
from tests.e2e.conftest import World
from tests.e2e.driver import action_components, public_messages
from tests.e2e.helpers import buttons_by_key, harvest, mover, since_of, start_game, stored

TABLE_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"


async def test_a_slow_table_edit_does_not_roll_back_the_next_players_screen(
    world: World,
) -> None:
    driver = await start_game(world, [world.alice, world.bob])
    a = await mover(driver)
    b = world.bob if a is world.alice else world.alice
    screen = driver.screens[a.id]
    await harvest(a, screen)
    await world.bot.wait_idle()
    # a ends the turn; Discord rate-limits the table edit that follows for 0.5 s
    world.fake.rate_limit(TABLE_EDIT, retry_after=0.5)
    await a.click(screen, custom_id=buttons_by_key(screen)["end"]["custom_id"])
    b_screen = await driver.show_hand(b)  # b does not wait for the table and harvests at once
    await harvest(b, b_screen)
    await world.bot.wait_idle()

    now = await stored(world, driver.game_id)
    seat = now.record.seat_of(b.id).seat
    stamp = engine.decisions(now.state, seat)[0].since
    assert {since_of(c) for c in action_components(b_screen)} == {stamp}
    assert "harvest one card" not in b_screen.text()
    await driver.check_screen(b, b_screen)


async def test_a_slow_follow_up_does_not_replace_a_newer_ping(world: World) -> None:
    world.bot.room.screens.watching_seconds = -1.0  # nobody watches: pings notify
    driver = await start_game(world, [world.alice, world.bob])
    a = await mover(driver)
    b = world.bob if a is world.alice else world.alice
    screen = driver.screens[a.id]
    await harvest(a, screen)
    await world.bot.wait_idle()
    screens = world.bot.room.screens
    original = screens.refresh
    calls: list[int | None] = []

    async def slow_first(played, actor):  # noqa: ANN001, ANN202 — a slow screen edit
        calls.append(actor)
        if len(calls) == 1:
            await asyncio.sleep(0.5)
        await original(played, actor)

    screens.refresh = slow_first  # type: ignore[method-assign]
    await a.click(screen, custom_id=buttons_by_key(screen)["end"]["custom_id"])
    b_screen = await driver.show_hand(b)
    await harvest(b, b_screen)
    await b.click(b_screen, custom_id=buttons_by_key(b_screen)["end"]["custom_id"])
    await world.bot.wait_idle()

    now = await stored(world, driver.game_id)
    assert now.record.seats[now.state.active].user_id == a.id  # a's turn again
    last = max((m for m in public_messages(world) if m.content), key=lambda m: m.id)
    assert [u.id for u in last.mentions] == [a.id], last.content
