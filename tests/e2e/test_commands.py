"""``/game hand``, ``/game rules`` and ``/game leave``."""

from __future__ import annotations

from engine.artichokes.cards import ALL_KINDS, CARD_TEXT, OVERVIEW, RHUBARB
from storage import GameStatus
from tests.e2e.conftest import World
from tests.e2e.driver import leak_scan, spectator_text, table_closed
from tests.e2e.helpers import open_lobby, start_game, stored, told

RHUBARB_ON = (
    "Rhubarb promo: on · Automatic end of turn: off · Automatic target: on · Draw after: 300 turns"
)
"""The options of a game started with the Rhubarb promo switched on (the others as default)."""


def reference(kinds: list[str], game_id: int | None = None) -> list[str]:
    """What /game rules shows: the title, how the game goes, one line per card, and the
    options of ``game_id`` when it is this channel's game."""
    lines = [
        "**Abandon All Artichokes**",
        *OVERVIEW,
        "",
        "**The cards**",
        *(f"**{k}** — {CARD_TEXT[k]}" for k in kinds),
    ]
    if game_id is not None:
        lines += ["", f"**Options of game #{game_id}**: {RHUBARB_ON}"]
    return lines


async def test_game_hand_opens_the_players_screen(world: World) -> None:
    record = await world.alice.slash(world.channel, "game hand")
    assert told(record, world.alice) == (
        "⚠️ There is no game in this channel. Start one with /game new."
    )
    lobby, _ = await open_lobby(world, world.alice)
    record = await world.alice.slash(world.channel, "game hand")
    assert told(record, world.alice) == "⚠️ This game has not started yet."
    await world.alice.click(lobby, label="Cancel")

    driver = await start_game(world, [world.alice, world.bob])
    record = await world.bob.slash(world.channel, "game hand")

    told(record, world.bob)
    await driver.check_screen(world.bob, record.original)  # bob's own hand, current buttons
    record = await world.eve.slash(world.channel, "game hand")  # a spectator: the public view
    assert told(record, world.eve) == await spectator_text(world, driver.game_id, world.eve)


async def test_game_rules_lists_every_card_and_rhubarb_only_with_the_option(
    world: World,
) -> None:
    without = [k for k in ALL_KINDS if k != RHUBARB]
    record = await world.eve.slash(world.channel, "game rules")
    listed = told(record, world.eve).splitlines()  # no game here: which games there are
    assert listed[0].startswith("**Games you can play here**")
    assert any(line.startswith("**Abandon All Artichokes** (2–4 players)") for line in listed)
    record = await world.eve.slash(world.channel, "game rules", game="artichokes")
    assert told(record, world.eve).splitlines() == reference(without)

    driver = await start_game(world, [world.alice, world.bob], toggles=("Rhubarb promo",))

    here = reference(list(ALL_KINDS), driver.game_id)  # with the options of the game here
    record = await world.eve.slash(world.channel, "game rules")
    assert told(record, world.eve).splitlines() == here
    record = await world.eve.slash(world.channel, "game rules", game="artichokes")
    assert told(record, world.eve).splitlines() == here, "named, same game"
    elsewhere = world.guild.add_text_channel("no-game-here")
    record = await world.eve.slash(elsewhere, "game rules", game="artichokes")
    assert told(record, world.eve).splitlines() == reference(without)


async def test_leaving_a_three_player_game_hands_the_seat_to_an_automatic_player(
    world: World,
) -> None:
    driver = await start_game(world, [world.alice, world.bob, world.carol], rng=7)
    for _ in range(5):
        await driver.step()

    record = await world.carol.slash(world.channel, "game leave")

    assert told(record, world.carol) == (
        f"You left game #{driver.game_id}. An automatic player takes over your seat."
    )
    await world.fake.wait_for(lambda: f"{world.carol.mention} (automatic)" in driver.table.text())
    carol = (await stored(world, driver.game_id)).record.seats[2]
    assert carol.user_id == world.carol.id and carol.automatic and carol.left_at is not None
    refused = await world.carol.click(driver.table, label="Show my hand")
    assert told(refused, world.carol) == await spectator_text(world, driver.game_id, world.carol)
    assert told(refused, world.carol).startswith(
        "👀 You left this game: an automatic player has your seat."
    )
    left = await world.fake.wait_for_message(world.channel, lambda m: "left game" in m.content)
    assert left.content.startswith(
        f"{world.carol.mention} left game #{driver.game_id}; an automatic player takes over"
    )
    assert world.carol not in left.mentions  # the leaver is named, not notified
    await world.bot.wait_idle()  # the automatic player's moves, and the table's edits
    await leak_scan(world, driver.game_id)

    driver.players = [world.alice, world.bob]
    await driver.play_to_the_end()

    snapshot = await stored(world, driver.game_id)
    assert snapshot.record.status == GameStatus.FINISHED
    assert any(a.seat == 2 for a in await world.bot.storage.games.get_actions(driver.game_id))
    assert (await world.bot.storage.verify_game(driver.game_id)).ok


async def test_leaving_a_two_player_game_makes_the_other_player_win(world: World) -> None:
    driver = await start_game(world, [world.alice, world.bob])
    await driver.step()

    record = await world.bob.slash(world.channel, "game leave")

    assert told(record, world.bob) == f"You left game #{driver.game_id}. The game is over."
    banner = f"**{world.alice.mention} wins: everyone else left the game.**"
    await world.fake.wait_for(lambda: driver.table.text().startswith(banner))
    assert table_closed(driver.table)
    snapshot = await stored(world, driver.game_id)
    assert snapshot.record.status == GameStatus.FINISHED
    assert snapshot.record.result.winners == (0,) and snapshot.record.result.reason == "forfeit"
    ping = await world.fake.wait_for_message(
        world.channel, lambda m: f"game #{driver.game_id} is over" in m.content
    )
    assert ping.content == (
        f"{world.bob.mention} left game #{driver.game_id}.\n"
        f"{world.alice.mention}: game #{driver.game_id} is over — see the table for the result."
    )
    assert ping.mentions == [world.alice]
    await leak_scan(world, driver.game_id)
    assert "Final hands" not in driver.table.text()  # a forfeit reveals no hand


async def test_the_table_rules_button_shows_the_rules_of_that_game(world: World) -> None:
    driver = await start_game(world, [world.alice, world.bob], toggles=("Rhubarb promo",))
    record = await world.eve.click(driver.table, label="Rules")  # spectators may read them too
    assert told(record, world.eve).splitlines() == reference(list(ALL_KINDS), driver.game_id)
    assert "Rhubarb promo" not in driver.table.text()  # the table does not repeat the options


async def test_help_lists_every_command_and_game(world: World) -> None:
    text = told(await world.eve.slash(world.channel, "help"), world.eve)
    for command in ("/game new", "/game hand", "/game rules", "/game leave", "/help"):
        assert f"`{command}` — " in text
    admin = text.split("**For server admins** (Manage Server)")[1]
    for command in ("/cardroom list", "/cardroom inspect", "/cardroom abort"):
        assert f"`{command}` — " in admin
    assert "**Abandon All Artichokes** (2–4 players)" in text and "**Ninjan** (2–5 players)" in text


async def test_the_turn_ping_links_to_the_table(world: World) -> None:
    world.bot.room.screens.watching_seconds = -1.0  # nobody watches: turns are pinged
    driver = await start_game(world, [world.alice, world.bob])
    link = f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{driver.table.id}"
    start = next(m for m in world.channel.messages if "has started" in m.content)
    assert start.content.endswith(f"press **Show my hand** on the table: {link}")
    while (
        "your move"
        not in max(
            (m for m in world.channel.messages if m.content and not m.deleted), key=lambda m: m.id
        ).content
    ):
        assert await driver.step()
    ping = max(
        (m for m in world.channel.messages if m.content and not m.deleted), key=lambda m: m.id
    )
    assert ping.content.endswith(f"press **Show my hand** on the table: {link}")
