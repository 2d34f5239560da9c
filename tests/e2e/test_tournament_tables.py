"""A tournament's tables as their players meet them in their threads: a table stopped at the
round's deadline says how it was decided, not that it was aborted; a table of automatic
players alone is not announced to people who have nothing to press; a player the organiser
removes is told so at their table."""

from __future__ import annotations

import random

from tests.e2e.conftest import World
from tests.e2e.helpers import told
from tests.e2e.tournament_helpers import (
    new_tournament,
    play_table,
    settled,
    sign_up,
    start,
    tables,
    to_deadline,
)


async def test_a_table_stopped_at_the_deadline_says_it_was_decided_not_aborted(
    world: World,
) -> None:
    t = await new_tournament(world, rounds=1)
    await sign_up(t, [world.alice, world.bob])
    await start(t)
    (table,) = await tables(t)
    await to_deadline(t)
    stopped = await world.fake.wait_for(
        lambda: "Stopped at the round's deadline:" in table.message.text(),
        what="the table's end",
    )
    assert stopped
    text = table.message.text()
    assert "aborted" not in text
    assert "the seats out of time lose this table" in text


async def test_a_table_of_automatic_players_alone_is_not_announced(world: World) -> None:
    """Its thread said "has started … press **Show my hand**" to nobody: no person sits there."""
    t = await new_tournament(world, rounds=1, automatic=4, level="random")
    await sign_up(t, [world.alice, world.bob])
    await start(t)
    found = await tables(t)
    alone = [x for x in found if not x.people]
    people = [x for x in found if x.people]
    assert alone and people
    await world.bot.wait_idle()
    for table in people:
        assert any("has started" in m.text() for m in table.thread.messages)
    for table in alone:
        assert not any("has started" in m.text() for m in table.thread.messages)
        assert not any("Show my hand" in m.text() for m in table.thread.messages)


async def test_exporting_a_cancelled_tournament_says_it_was_cancelled(world: World) -> None:
    """It said "This tournament has not started yet." of a tournament that never will."""
    t = await new_tournament(world, rounds=1, starts="3 h")
    await sign_up(t, [world.alice])
    world.clock.advance(3 * 3600)
    await settled(world)
    assert (await t.row()).status == "cancelled"
    exported = await world.admin.slash(world.channel, "cardroom tournament export")
    assert told(exported, world.admin) == (
        f"⚠️ Tournament #{t.id} was cancelled before it started (too few players had signed "
        "up): it has no rounds or results to export."
    )


async def test_a_removed_player_is_told_at_their_table_or_by_direct_message(
    world: World,
) -> None:
    """Only the organiser's own ephemeral said a player was removed: the player never heard."""
    t = await new_tournament(world, rounds=2)
    await sign_up(t, [world.alice, world.bob, world.carol, world.dave])
    await start(t)
    first, second = await tables(t, 1)
    await play_table(t, first, random.Random(4))
    playing, done = second.people[0], first.people[0]
    for player in (playing, done):
        said = await world.admin.slash(world.channel, "cardroom tournament remove", player=player)
        assert told(said, world.admin) == f"{player.mention} is out of the tournament."
        await world.bot.wait_idle()
    line = next(m for m in second.thread.messages if "removed you" in m.text())
    assert line.text().startswith(f"⛔ {playing.mention}, the organiser removed you from ")
    assert "the automatic player plays for you at this table" in line.text()
    assert [u.id for u in line.mentions] == [playing.id]  # notified
    assert not [m for m in playing.dms() if "removed you" in m.text()]
    (direct,) = [m for m in done.dms() if "removed you" in m.text()]
    assert direct.text() == (
        f"⛔ The organiser removed you from tournament #{t.id} in <#{world.channel.id}>: you "
        "will not be paired again. Your results so far stay in the standings."
    )
    assert not any("removed you" in m.text() for m in first.thread.messages)
