"""A tournament's tables as their players meet them in their threads: a table stopped at the
round's deadline says how it was decided, not that it was aborted; a table of automatic
players alone is not announced to people who have nothing to press; a player the organiser
removes is told so at their table."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.tournament_helpers import new_tournament, sign_up, start, tables, to_deadline


async def test_a_table_stopped_at_the_deadline_says_it_was_decided_not_aborted(
    world: World,
) -> None:
    t = await new_tournament(world, rounds=1)
    await sign_up(t, [world.alice, world.bob])
    await start(t)
    (table,) = await tables(t)
    await to_deadline(t)
    stopped = await world.fake.wait_for(
        lambda: "Stopped at the tournament round's deadline" in table.message.text(),
        what="the table's end",
    )
    assert stopped
    text = table.message.text()
    assert "aborted" not in text
    assert "It counts as a loss for the seats out of time" in text
