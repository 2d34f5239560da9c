"""Fair play end to end: each person's reliability record beside their name in the lobby
("finishes 96% · 48 games", "new") and in /game stats; the host's "Players who finish"
menu refuses a join below it with a line that says why."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.helpers import lobby_menu, open_lobby, told


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
