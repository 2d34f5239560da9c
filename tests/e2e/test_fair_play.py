"""Fair play end to end: each person's reliability record beside their name in the lobby
("finishes 96% · 48 games", "new") and in /game stats; the host's "Players who finish"
menu refuses a join below it with a line that says why, also for a game played in a thread
(its card, ``/game open``, Play again)."""

from __future__ import annotations

import re

from tests.e2e.conftest import World
from tests.e2e.driver import find_table
from tests.e2e.helpers import lobby_menu, open_lobby, told
from tests.e2e.thread_helpers import open_game, threads_on


async def test_records_in_the_lobby_and_stats_and_the_hosts_filter(world: World) -> None:
    alice, bob, eve = world.alice, world.bob, world.eve
    guild = world.guild.id

    def records(conn) -> None:  # noqa: ANN001 - games played before (the hook's rows)
        conn.execute(
            "INSERT INTO reliability (user_id, guild_id, started, finished) "
            "VALUES (?, ?, 50, 48), (?, ?, 4, 1)",
            (alice.id, guild, eve.id, guild),
        )

    await world.bot.storage.db.write(records)
    lobby, game_id = await open_lobby(world, alice)
    assert f"<@{alice.id}> (finishes 96% · 50 games)" in lobby.text()
    await bob.click(lobby, label="Join")
    assert f"<@{bob.id}> (new)" in lobby.text()

    menu = lobby_menu(lobby, "min_reliability")
    labels = [o["label"] for o in menu["options"]]
    assert labels == [
        "Players who finish: anyone",
        "Players who finish: at least 80%",
        "Players who finish: at least 90%",
    ]
    record = await bob.select(lobby, [menu["options"][1]["value"]], custom_id=menu["custom_id"])
    assert told(record, bob) == "⚠️ Only the host can do that."
    await alice.select(lobby, [menu["options"][1]["value"]], custom_id=menu["custom_id"])
    assert (await world.bot.service.record(game_id)).min_reliability == 80

    record = await eve.click(lobby, label="Join")
    assert told(record, eve) == (
        "⚠️ This table takes players whose share of finished games is at least 80%. Yours "
        "here: 25% (4 games). Games you finish raise it; try another table meanwhile."
    )
    assert f"<@{eve.id}>" not in lobby.text()
    await world.carol.click(lobby, label="Join")  # new players are always taken
    assert f"<@{world.carol.id}> (new)" in lobby.text()

    stats = told(await eve.slash(world.channel, "game stats"), eve)
    assert stats.endswith("Reliability: finishes 25% · 4 games")
    stats = told(await bob.slash(world.channel, "game stats"), bob)
    assert stats.endswith("Reliability: new")


async def test_a_game_in_a_thread_keeps_the_hosts_minimum_to_every_join(world: World) -> None:
    """The card of a game played in its thread shows each person's record while it is a
    lobby; the host's minimum refuses a join from the card and from ``/game open``; Play
    again copies the minimum and refuses a player of the old game below it."""
    alice, bob, dave, eve = world.alice, world.bob, world.dave, world.eve
    guild = world.guild.id

    def records(conn) -> None:  # noqa: ANN001 - games played before (the hook's rows)
        conn.execute(
            "INSERT INTO reliability (user_id, guild_id, started, finished) "
            "VALUES (?, ?, 50, 48), (?, ?, 4, 1), (?, ?, 4, 1)",
            (alice.id, guild, eve.id, guild, dave.id, guild),
        )

    await world.bot.storage.db.write(records)
    await threads_on(world)
    old = await open_game(world, [alice, dave, bob], game="ninjan", start=False)
    card, game_id = old.card, old.game_id
    assert card.channel is world.channel and old.thread.id == card.id
    assert f"<@{alice.id}> (finishes 96% · 50 games)" in card.text()
    assert f"<@{dave.id}> (finishes 25% · 4 games)" in card.text()
    menu = lobby_menu(card, "min_reliability")
    await alice.select(card, [menu["options"][1]["value"]], custom_id=menu["custom_id"])
    assert (await world.bot.service.record(game_id)).min_reliability == 80

    below = (
        "⚠️ This table takes players whose share of finished games is at least 80%. Yours "
        "here: 25% (4 games). Games you finish raise it; try another table meanwhile."
    )
    assert told(await eve.click(card, label="Join"), eve) == below
    listed = await eve.slash(world.channel, "game open")
    assert told(await eve.click(listed.original, label=f"Join #{game_id}"), eve) == below
    assert f"<@{eve.id}>" not in card.text()

    await alice.click(card, custom_id=f"cr:lobby:{game_id}:start")
    old.driver.table = await world.fake.wait_for(lambda: find_table(world, game_id))
    await old.driver.play_to_the_end()
    await world.bot.wait_idle()

    opened = await alice.click(card, label="Play again")
    new_id = int(re.search(r"game #(\d+)", (await opened.reply()).text()).group(1))  # type: ignore[union-attr]
    assert (await world.bot.service.record(new_id)).min_reliability == 80
    refused = await dave.click(card, label="Play again")  # 2 of 5 games finished: 40%
    assert "at least 80%. Yours here: 40% (5 games)" in (await refused.reply()).text()
    joined = await bob.click(card, label="Play again")  # new: always taken
    assert (await joined.reply()).text().startswith(f"🔁 You joined game #{new_id}")
    seated = (await world.bot.service.record(new_id)).seats
    assert [s.user_id for s in seated] == [alice.id, bob.id]
