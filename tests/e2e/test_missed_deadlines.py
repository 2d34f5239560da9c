"""Deadlines survive a stop: the ones that fell while the bot was down are handled as soon as
it starts (read from the stored wakes, soonest first) — each once, in the order they fell —
on SQLite and on PostgreSQL; a reminder that fell meanwhile is said once (the latest only),
and one said before the stop is not said again."""

from __future__ import annotations

import random

from storage import Storage
from tests.e2e.conftest import World
from tests.e2e.helpers import stored
from tests.e2e.slow_play import (
    HOUR,
    move,
    newest_id,
    paced_game,
    pings_after,
    user_of,
    waited,
)


async def timeouts(world: World, game_id: int) -> list[str]:
    """When each timeout of ``game_id`` was committed (storage's time), in log order."""
    return [
        a.created_at.isoformat()
        for a in await world.bot.storage.games.get_actions(game_id)
        if a.actor == "timeout"
    ]


async def test_deadlines_that_fell_during_a_stop_are_handled_at_the_start_in_order_once(
    world: World,
) -> None:
    await deadlines_fall_during_a_stop(world)


async def test_deadlines_that_fell_during_a_stop_are_handled_once_on_postgresql(
    postgresql_world: World,
) -> None:
    await deadlines_fall_during_a_stop(postgresql_world)


async def deadlines_fall_during_a_stop(world: World) -> None:
    """Four games at a day a move, their deadlines an hour apart and not in the order of their
    ids (so that the order is the wakes', not the games'), reminded at half time; the bot
    stops; every deadline falls; the bot starts."""
    channels = [world.channel, *(world.guild.add_text_channel(f"t{n}") for n in range(3))]
    players = [world.alice, world.bob]
    games = []
    for number, channel in enumerate(channels):
        world.channel = channel
        game_id, _table = await paced_game(world, players[::-1] if number % 2 else players, "1 day")
        games.append(game_id)
        world.clock.advance(HOUR.total_seconds())
    rng = random.Random(4)
    for game_id in games[:2]:  # a move starts a new wait: their deadlines fall last
        record = (await stored(world, game_id)).record
        (seat,) = await waited(world, game_id)
        await move(world, user_of(world, record, seat), game_id, rng)
        world.clock.advance(HOUR.total_seconds())
    deadlines = {g: (await stored(world, g)).record.deadline for g in games}
    assert sorted(games, key=lambda g: deadlines[g]) == [*games[2:], *games[:2]]
    before = newest_id(world)
    world.clock.advance(12 * HOUR.total_seconds())  # the half-bank reminders are said

    def reminded() -> bool:
        said = [p for p in pings_after(world, before) if "half your time" in p.text()]
        return len(said) == len(games)

    await world.fake.wait_for(reminded, what="the half-bank reminders")
    await world.bot.wait_idle()
    said = newest_id(world)

    await world.handle.stop()  # type: ignore[union-attr]
    world.clock.advance(14 * HOUR.total_seconds())  # every deadline falls meanwhile
    await world.start()  # returns once resumed

    when = {g: await timeouts(world, g) for g in games}
    assert all(len(times) == 1 for times in when.values()), when  # each exactly once
    in_order = sorted(games, key=lambda g: deadlines[g])
    assert [when[g][0] for g in in_order] == sorted(when[g][0] for g in games)
    await world.bot.wait_idle()
    again = {g: await timeouts(world, g) for g in games}
    assert again == when, "nothing handled twice"
    reminders = [p for p in pings_after(world, said) if "half your time" in p.text()]
    assert reminders == [], "the reminders said before the stop are not said again"
    async with await (
        Storage.open(url=world.database_url)
        if world.database_url
        else Storage.open(path=world.db_path)
    ) as storage:
        for game_id in games:
            record = await storage.games.get_game(game_id)
            assert record.deadline is not None and record.deadline > world.clock.now()
