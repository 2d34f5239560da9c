"""Once a change is saved, a failure afterwards never says "nothing was changed" and never leaves
the game half shown; a damaged game can still be inspected and ended."""

from __future__ import annotations

import json

from tests.e2e.conftest import World
from tests.e2e.driver import public_messages, table_closed
from tests.e2e.helpers import (
    abort_game,
    buttons_by_key,
    mover,
    open_lobby,
    start_game,
    stored,
    told,
)

CALLBACK = "POST /interactions/{interaction_id}/{token}/callback"


async def test_a_failed_reply_after_a_saved_move_still_shows_the_move(world: World) -> None:
    driver = await start_game(world, [world.alice, world.bob])
    user = await mover(driver)
    screen = driver.screens[user.id]
    before = (await stored(world, driver.game_id)).record.version
    keys = buttons_by_key(screen)
    key = next(k for k in keys if k.startswith("harvest:"))
    world.fake.fail(CALLBACK, status=400)  # Discord refuses the screen update once

    record = await user.click(screen, custom_id=keys[key]["custom_id"], wait=False)
    await world.fake.wait_for(lambda: record.outcome != "pending", what="the answer")
    await world.bot.wait_idle()

    assert (await stored(world, driver.game_id)).record.version == before + 1
    assert not [f for f in record.followups if "Nothing was changed" in f.text()]
    assert f"harvested {key.removeprefix('harvest:')}" in driver.table.text()


async def test_a_failed_start_reply_still_posts_the_table(world: World) -> None:
    lobby, game_id = await open_lobby(world, world.alice)
    await world.bob.click(lobby, label="Join")
    world.fake.fail(CALLBACK, status=400)

    record = await world.alice.click(lobby, label="Start", wait=False)
    await world.fake.wait_for(lambda: record.outcome != "pending", what="the answer")
    await world.bot.wait_idle()
    table = await world.fake.wait_for_message(
        world.channel, lambda m: f"· game #{game_id}" in m.text() and "Show my hand" in m.labels()
    )
    assert (await stored(world, game_id)).record.status == "active"
    assert not table_closed(table)
    assert any(f"Game #{game_id} has started" in m.content for m in public_messages(world))


async def test_a_damaged_game_can_be_inspected_and_aborted(world: World) -> None:
    driver = await start_game(world, [world.alice, world.bob])
    game_id = driver.game_id

    def damage(conn):  # noqa: ANN001, ANN202 — a bad deploy wrote a state nobody can read
        (state,) = conn.execute("SELECT state FROM games WHERE id = ?", (game_id,)).fetchone()
        broken = json.loads(state)
        broken["schema_version"] = 999
        conn.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(broken), game_id))

    await world.bot.storage.db.write(damage)
    await world.restart()

    refused = await world.alice.click(driver.table, label="Show my hand")
    assert told(refused, world.alice).startswith("⚠️ This game is damaged and cannot go on")
    rules = await world.alice.click(driver.table, label="Rules")
    assert "**The cards**" in told(rules, world.alice)
    inspected = told(
        await world.admin.slash(world.channel, "cardroom inspect", game_id=game_id), world.admin
    )
    assert "The stored state cannot be read" in inspected
    assert await abort_game(world, game_id) == f"Game #{game_id} was aborted."
    lobby, new_id = await open_lobby(world, world.carol)
    assert new_id != game_id


async def test_a_leave_and_the_end_it_causes_are_one_write(world: World) -> None:
    # bob leaves a 2-player game: his seat becomes automatic and alice wins, in one transaction;
    # when that write fails nothing at all has changed, and a restart never ends the game
    driver = await start_game(world, [world.alice, world.bob])
    games = world.bot.storage.games
    real = games.leave_game

    async def disk_full(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202 — the write fails
        raise OSError("disk I/O error")

    games.leave_game = disk_full  # type: ignore[method-assign]
    refused = await world.bob.slash(world.channel, "game leave")
    games.leave_game = real  # type: ignore[method-assign]
    assert "Nothing was changed" in told(refused, world.bob)
    record = (await stored(world, driver.game_id)).record
    assert record.status == "active" and record.seat_of(world.bob.id) is not None

    await world.restart()
    assert (await stored(world, driver.game_id)).record.status == "active"

    await world.bob.slash(world.channel, "game leave")
    record = (await stored(world, driver.game_id)).record
    assert record.status == "finished" and record.result.reason == "forfeit"
    assert record.result.winners == (record.seat_of(world.alice.id).seat,)
    assert [s.rank for s in record.seats] == [
        1 if s.user_id == world.alice.id else 2 for s in record.seats
    ]
    await world.fake.wait_for(lambda: table_closed(driver.table), what="the table closed")
