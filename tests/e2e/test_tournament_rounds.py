"""A tournament's rounds through the fake Discord: the standings message edited as each table
ends, ``/game tournament`` as a player's table ends and the round goes on, an organiser's
removal handing a running seat to the automatic player, a drop-out taking effect after the
round, the export, and ``/game tournament`` once it is over."""

from __future__ import annotations

import json
import random

from bot.service import tournaments as T
from tests.e2e.conftest import World
from tests.e2e.driver import table_closed
from tests.e2e.helpers import told
from tests.e2e.tournament_helpers import (
    new_tournament,
    places,
    play_round,
    play_table,
    settled,
    shown_standings,
    sign_up,
    start,
    tables,
)


async def test_removal_drop_out_standings_and_export(world: World) -> None:
    admin, alice, bob, carol, dave = world.admin, world.alice, world.bob, world.carol, world.dave
    rng = random.Random(7)
    t = await new_tournament(world, rounds=2)
    await sign_up(t, [alice, bob, carol, dave])
    await start(t)
    standings = await t.standings()
    assert "round 1 of 2 is being played" in standings.text()
    first, second = await tables(t, 1)
    await play_table(t, first, rng)
    assert "Round 1: 1 of 2 tables still playing." in standings.text()
    assert standings.text() == await shown_standings(t)
    (result,) = places(await t.record(), 1).values()
    points = {1: "1 pt", 2: "0 pts"} if result != (1, 1) else {1: "0.5 pts"}  # win or draw
    for user, place in zip(first.people, result, strict=True):
        assert f"{user.mention} — {points[place]}" in standings.text()
    ended_player = first.people[0]
    where = told(await ended_player.slash(world.channel, "game tournament"), ended_player)
    assert "Your table has ended; the next round starts once every table has." in where

    removed, staying = second.people
    refused = await staying.slash(world.channel, "cardroom tournament remove", player=removed,
                                  bypass_default_permissions=True)  # fmt: skip
    assert told(refused, staying) == (
        "⚠️ Only the organiser or a member with Manage Server can do that."
    )
    said = await admin.slash(world.channel, "cardroom tournament remove", player=removed)
    assert told(said, admin) == f"{removed.mention} is out of the tournament."
    await world.bot.wait_idle()
    (now,) = [x for x in await tables(t, 1) if x.link.table_number == second.link.table_number]
    assert now.people == [staying], "the automatic player has the removed player's seat"
    where = told(await removed.slash(world.channel, "game tournament"), removed)
    assert "You are out of the tournament" in where

    asked = await staying.click(t.card, custom_id=f"cr:tour:{t.id}:drop")
    assert told(asked, staying).startswith(f"Drop out of tournament #{t.id}?")
    done = await staying.click(asked.original, custom_id=f"cr:tour:{t.id}:drop_yes")
    assert done.response_type == 7 and "you will not be paired again" in (done.answer_text or "")
    await world.bot.wait_idle()
    where = told(await staying.slash(world.channel, "game tournament"), staying)
    assert "Round 1: your table is" in where, "a drop-out plays their table out"
    await play_table(t, now, rng)
    await settled(world)

    record = await t.record()
    assert len(record.rounds) == 2
    paired = {p for x in record.rounds[1].tables for p in x.players} | set(record.rounds[1].byes)
    assert paired == {f"u:{u.id}" for u in first.people}, "the removed and the dropped are out"
    assert "(removed)" in standings.text() and "(dropped out)" in standings.text()
    assert standings.text() == await shown_standings(t)
    await play_round(t, rng)
    await settled(world)
    assert (await t.row()).status == "over"
    where = told(await alice.slash(world.channel, "game tournament"), alice)
    assert "The tournament is over" in where and "in place" in where

    exported = await carol.slash(world.channel, "cardroom tournament export",
                                 bypass_default_permissions=True)  # fmt: skip
    (attachment,) = exported.original.attachments  # type: ignore[union-attr]
    assert json.loads(attachment.data) == json.loads(json.dumps(T.export(await t.record())))


async def test_a_table_of_automatic_players_alone_pings_nobody(world: World) -> None:
    t = await new_tournament(world, game="verso", seats=3, rounds=1, automatic=3)
    await t.organiser.click(t.card, custom_id=f"cr:tour:{t.id}:start")
    await settled(world)
    (table,) = await tables(t, 1)
    assert table_closed(table.message), "automatic players alone play it out at once"
    assert (await t.row()).status == "over"
    said = [m.text() for m in table.thread.messages if not m.ephemeral and not m.deleted]
    flips = [text for text in said if "series flipped your" in text]
    assert not flips, "a ping addressed to automatic players, who read none"
