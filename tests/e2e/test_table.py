"""The public table deleted by a moderator during a game: the next move posts it again and
play goes on with the new one."""

from __future__ import annotations

import pytest

from storage import GameStatus
from tests.e2e.conftest import World
from tests.e2e.helpers import follow_reposted_table, mover, start_game, stored, told
from tests.fakediscord.errors import NotVisible


async def test_a_table_deleted_mid_game_is_posted_again_by_the_next_move(world: World) -> None:
    driver = await start_game(world, [world.alice, world.bob], rng=2)
    for _ in range(4):
        await driver.step()
    await mover(driver)  # everyone has a fresh screen: the next move needs no table
    old = driver.table

    world.fake.delete_message(old)
    with pytest.raises(NotVisible):
        await world.alice.click(old, label="Show my hand")
    assert await driver.step()  # a player moves on their screen

    await follow_reposted_table(world, driver, old)
    record = await world.carol.slash(world.channel, "game new", game="artichokes")
    assert f"/{driver.table.id} " in told(record, world.carol), "the link goes to the new table"

    await driver.play_to_the_end()
    assert (await stored(world, driver.game_id)).record.status == GameStatus.FINISHED
