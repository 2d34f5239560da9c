"""Tournaments through the fake Discord, driving the real bot: the sign-up card and its friendly
refusals, starting by the organiser, by a member with Manage Server or at the start time, and
a small Swiss played to its final standings by people's clicks."""

from __future__ import annotations

import random

import pytest

from storage import GameStatus
from tests.e2e.conftest import World
from tests.e2e.helpers import told
from tests.e2e.tournament_helpers import (
    add_automatic,
    join,
    new_tournament,
    play_round,
    refused,
    restart,
    settled,
    sign_up,
    start,
    tables,
)
from tests.fakediscord.errors import OptionError

NOT_ORGANISER = "Only the organiser or a member with Manage Server can do that."


def _write_reliability(guild: int, user: int, started: int, finished: int):  # noqa: ANN202
    def write(conn) -> None:  # noqa: ANN001 - games played before (the end hook's rows)
        conn.execute(
            "INSERT INTO reliability (user_id, guild_id, started, finished) VALUES (?, ?, ?, ?)",
            (user, guild, started, finished),
        )

    return write


async def test_the_sign_up_card_refuses_kindly_and_changes_nothing(world: World) -> None:
    admin, alice, bob, carol, eve = world.admin, world.alice, world.bob, world.carol, world.eve
    bad = await admin.slash(
        world.channel, "cardroom tournament new", game="verso", format="elimination",
        rounds=1, pace="1d", seats=3,
    )  # fmt: skip
    assert told(bad, admin) == "⚠️ Single elimination is for 2-seat tables."
    not_admin = await alice.slash(
        world.channel, "cardroom tournament new", game="ninjan", format="swiss", rounds=1,
        pace="1d", bypass_default_permissions=True,
    )  # fmt: skip
    assert told(not_admin, alice) == "⚠️ You need the Manage Server permission to use this command."
    await world.bot.storage.db.write(_write_reliability(world.guild.id, eve.id, 10, 5))
    t = await new_tournament(world, rounds=1, min_reliability=80)
    assert "Nobody has signed up yet." in t.card_text()
    assert "at least 80%" in t.card_text()

    await join(t, alice)
    refused(await alice.click(t.card, custom_id=f"cr:tour:{t.id}:join"), alice,
            "You have already joined this tournament.")  # fmt: skip
    refused(await bob.click(t.card, custom_id=f"cr:tour:{t.id}:leave"), bob,
            "You have not joined this tournament.")  # fmt: skip
    low = await eve.click(t.card, custom_id=f"cr:tour:{t.id}:join")
    assert told(low, eve) == (
        "⚠️ This tournament takes players whose share of finished games is at least 80%. "
        "Yours here: 50% (10 games)."
    )
    refused(await bob.click(t.card, custom_id=f"cr:tour:{t.id}:start"), bob, NOT_ORGANISER)
    refused(await bob.select(t.card, ["greedy"], custom_id=f"cr:tourai:{t.id}"), bob,
            NOT_ORGANISER)  # fmt: skip
    too_few = await admin.click(t.card, custom_id=f"cr:tour:{t.id}:start")
    assert told(too_few, admin) == "⚠️ Not enough players have joined to start."
    row = await t.row()
    assert row.status == "signup" and row.signups == (alice.id,)
    assert eve.mention not in t.card_text() and bob.mention not in t.card_text()

    await join(t, bob)
    await bob.click(t.card, custom_id=f"cr:tour:{t.id}:leave")
    assert bob.mention not in t.card_text()
    await sign_up(t, [bob, carol])
    await start(t)
    late = await world.dave.forge(t.card, f"cr:tour:{t.id}:join")  # a card not yet redrawn
    assert told(late, world.dave) == "⚠️ This button is no longer in use."
    drop = await world.dave.click(t.card, custom_id=f"cr:tour:{t.id}:drop")
    assert told(drop, world.dave) == "⚠️ You are not playing in this tournament."
    assert "Join" not in t.card.labels() and "Drop out" in t.card.labels()
    assert len(await t.links(1)) == 1  # three players at 2 seats: one table and a bye


async def test_a_server_manager_starts_it_and_people_see_their_tables(world: World) -> None:
    admin, alice, bob, carol, dave = world.admin, world.alice, world.bob, world.carol, world.dave
    t = await new_tournament(world, rounds=1, pace="1d")
    await sign_up(t, [alice, bob, carol, dave])
    t.organiser = admin
    await start(t, by=admin)
    row = await t.row()
    assert row.status == "running" and row.standings_id is not None
    found = await tables(t, 1)
    assert len(found) == 2 and sorted(u.id for x in found for u in x.people) == sorted(
        u.id for u in (alice, bob, carol, dave)
    )
    for table in found:
        assert table.record.status == GameStatus.ACTIVE
        assert table.record.bank_start == 24 * 3600  # the tournament's pace
        pings = [m for m in table.thread.messages if "has started" in m.text()]
        assert pings and all(u.mention in pings[0].text() for u in table.people)
        where = await table.people[0].slash(world.channel, "game tournament")
        text = told(where, table.people[0])
        assert f"your table is {table.link.table_number}" in text
        assert f"<#{table.thread.id}>" in text
    standings = await t.standings()
    assert "Standings" in standings.text() and "Round 1: 2 of 2 tables still playing" in (
        standings.text()
    )


async def test_a_small_swiss_is_played_to_its_final_standings(world: World) -> None:
    alice, bob, carol, dave = world.alice, world.bob, world.carol, world.dave
    rng = random.Random(52)
    t = await new_tournament(world, rounds=2)
    await sign_up(t, [alice, bob, carol, dave])
    await start(t)
    assert await play_round(t, rng) == 1
    record = await t.record()
    assert len(record.rounds) == 2, "round 2 opened once every table of round 1 ended"
    met = {frozenset(x.players) for x in record.rounds[0].tables}
    assert not met & {frozenset(x.players) for x in record.rounds[1].tables}, "no rematch"
    assert "after round 1 of 2" in (await t.standings()).text()
    await play_round(t, rng)
    await settled(world)
    row = await t.row()
    assert row.status == "over" and row.round_deadline is None
    shown = [m for m in world.channel.messages if m.ephemeral_for is None and not m.deleted]
    assert [m.id for m in shown[:2]] == [t.card.id, (await t.standings()).id]
    finals = [m for m in shown if "Final standings" in m.text()]
    assert len(finals) == 2  # the standings message, and the final standings posted
    assert len(shown) == 3, "nothing else in the card's channel: the tables are in threads"
    assert "Over: the final standings are below." in t.card_text()
    assert not t.card.buttons()
    exported = await alice.slash(world.channel, "cardroom tournament export",
                                 bypass_default_permissions=True)  # fmt: skip
    assert exported.original is not None and exported.original.attachments


async def test_it_starts_at_its_start_time_even_after_a_restart(world: World) -> None:
    alice, bob = world.alice, world.bob
    unread = await world.admin.slash(
        world.channel, "cardroom tournament new", game="ninjan", format="swiss", rounds=1,
        pace="off", starts="someday",
    )  # fmt: skip
    assert told(unread, world.admin).startswith("⚠️ I cannot read “someday” as a time to come")
    t = await new_tournament(world, rounds=1, starts="3 h")
    empty = await new_tournament(world, rounds=1, starts="3 h")
    assert "It starts <t:" in t.card_text()
    await sign_up(t, [alice, bob])
    await restart(world)
    world.clock.advance(2 * 3600)
    await settled(world)
    assert (await t.row()).status == "signup"
    world.clock.advance(3600)
    await settled(world)
    assert (await t.row()).status == "running" and len(await t.links(1)) == 1
    assert "Under way" in t.card_text()
    assert (await empty.row()).status == "cancelled"
    assert "Cancelled: too few players" in empty.card_text() and not empty.card.buttons()


async def test_the_organiser_signs_up_automatic_players_beside_people(world: World) -> None:
    alice, bob = world.alice, world.bob
    t = await new_tournament(world, rounds=1, automatic=1, level="random")
    assert "Signed up (1): 🤖 Cardroom AI 1 (random)" in t.card_text()
    menu = next(s for s in t.card.selects() if s["custom_id"] == f"cr:tourai:{t.id}")
    assert [o["value"] for o in menu["options"]] == ["random", "greedy", "search"]
    await add_automatic(t, "greedy", 2)
    remove = await t.organiser.click(t.card, custom_id=f"cr:tour:{t.id}:remove_ai")
    assert remove.response_type == 7
    assert "🤖 Cardroom AI 2 (greedy)" in t.card_text()
    assert "🤖 Cardroom AI 3 (greedy)" not in t.card_text()
    refused(await alice.click(t.card, custom_id=f"cr:tour:{t.id}:remove_ai"), alice,
            NOT_ORGANISER)  # fmt: skip
    await sign_up(t, [alice, bob])
    await start(t)
    record = await t.record()
    assert [e.id for e in record.entrants] == [
        f"u:{alice.id}",
        f"u:{bob.id}",
        "a:random:1",
        "a:greedy:2",
    ]
    await play_round(t, random.Random(3))
    await settled(world)
    assert (await t.row()).status == "over"
    assert all(x.result is not None for x in (await t.record()).rounds[0].tables)
    final = (await t.standings()).text()
    assert "🤖 Cardroom AI 1 (random)" in final and "🤖 Cardroom AI 2 (greedy)" in final


async def test_automatic_players_asked_for_at_once_are_checked(world: World) -> None:
    with pytest.raises(OptionError):  # Discord itself refuses past the option's maximum
        await world.admin.slash(
            world.channel, "cardroom tournament new", game="ninjan", format="swiss", rounds=1,
            pace="off", automatic=40,
        )  # fmt: skip
    no_search = await world.admin.slash(
        world.channel, "cardroom tournament new", game="pentaquest", format="swiss", rounds=1,
        pace="off", seats=2, automatic=2, level="search",
    )  # fmt: skip
    assert told(no_search, world.admin) == (
        "⚠️ At 2 seats this game's automatic players are: random, greedy."
    )
    fine = await new_tournament(world, rounds=1, automatic=3)
    assert "Signed up (3)" in fine.card_text() and "3 (greedy)" in fine.card_text()


async def test_forged_and_stale_components_get_a_friendly_answer(world: World) -> None:
    alice, bob, eve = world.alice, world.bob, world.eve
    t = await new_tournament(world, rounds=1)
    odd = await t.organiser.forge(t.card, f"cr:tourai:{t.id}", ["cheater"])
    assert told(odd, t.organiser) == "⚠️ That option does not exist."
    gone = await alice.forge(t.card, "cr:tour:424242:leave")
    assert told(gone, alice) == "⚠️ This button is no longer in use."
    await sign_up(t, [alice, bob])
    await start(t)
    stranger = await eve.forge(t.card, f"cr:tour:{t.id}:drop_yes")
    assert told(stranger, eve) == "⚠️ This button is no longer in use."  # not on the card
    asked = await alice.click(t.card, custom_id=f"cr:tour:{t.id}:drop")
    await alice.click(asked.original, custom_id=f"cr:tour:{t.id}:drop_yes")
    assert not asked.original.buttons()  # the question became the answer
    twice = await alice.click(t.card, custom_id=f"cr:tour:{t.id}:drop")
    assert told(twice, alice) == "⚠️ You are out of this tournament already."
    late = await t.organiser.forge(t.card, f"cr:tourai:{t.id}", ["greedy"])
    assert told(late, t.organiser) == "⚠️ This button is no longer in use."
    assert (await t.row()).status == "running"
