"""``/game mine``: every running game the player sits in, here (or ``everywhere:``), whose move
it is and the time left, with a link to its table — the player's own moves first, least time
left first."""

from __future__ import annotations

import random
import re

from tests.e2e.conftest import World
from tests.e2e.driver import find_table
from tests.e2e.helpers import stored
from tests.e2e.slow_play import HOUR, mine, move, paced_game, user_of, waited


async def test_the_list_shows_my_moves_first_then_the_others_with_links(world: World) -> None:
    alice, bob, carol = world.alice, world.bob, world.carol
    assert "You are in no running game in this server." in await mine(world, alice)
    rng = random.Random(1)
    games = {}
    for name, pace, players in (
        ("slow", "1 day", [alice, bob]),
        ("slower", "3 days", [carol, alice]),
        ("quick", "5 min", [alice, carol]),
    ):
        world.channel = world.guild.add_text_channel(name)
        games[name], _table = await paced_game(world, players, pace)
        world.clock.advance(HOUR.total_seconds())
    other = world.fake.add_guild("Elsewhere")
    world.channel = other.add_text_channel("games")
    other.add_member(alice)
    other.add_member(bob)
    games["elsewhere"], _table = await paced_game(world, [bob, alice], "6 hr")
    world.channel = world.guild.channels[0]
    for name in ("slow", "slower", "quick", "elsewhere"):  # alice is to move in none but quick
        game_id = games[name]
        while True:
            record = (await stored(world, game_id)).record
            (seat,) = await waited(world, game_id)
            player = user_of(world, record, seat)
            if (player is alice) == (name == "quick"):
                break
            await move(world, player, game_id, rng)

    listed = (await mine(world, alice)).splitlines()
    assert listed[0] == "**Your games** · 1 waits for your move"
    lines = listed[1:]
    assert [int(re.search(r"#(\d+)", line).group(1)) for line in lines] == [  # type: ignore[union-attr]
        games["quick"],
        games["slow"],
        games["slower"],
    ]
    assert lines[0].startswith(f"- **Verso #{games['quick']}**: your move, ")
    assert f"<@{bob.id}> to move, " in lines[1] and f"<@{carol.id}> to move, " in lines[2]
    for line, name in zip(lines, ("quick", "slow", "slower"), strict=True):
        table = find_table(world, games[name])
        assert table is not None and line.endswith(f"/{table.channel.id}/{table.id}"), line
    everywhere = (await mine(world, alice, everywhere=True)).splitlines()
    assert (
        len(everywhere) == 5 and f"#{games['elsewhere']}**: <@{bob.id}> to move" in everywhere[-1]
    )
