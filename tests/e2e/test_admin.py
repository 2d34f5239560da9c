"""``/cardroom list|inspect|abort``: refused at run time to members without Manage Server (even
when a server shows them the commands), and what an admin sees and does with them."""

from __future__ import annotations

import pytest

from bot.games.artichokes.events import cards_text
from bot.i18n import translator
from engine.artichokes.cards import ALL_KINDS
from storage import GameStatus
from tests.e2e.conftest import World
from tests.e2e.driver import action_components, leak_scan, table_closed
from tests.e2e.helpers import (
    GAME_OVER,
    abort_game,
    buttons_by_key,
    hand_of,
    mover,
    open_lobby,
    start_game,
    stored,
    told,
)
from tests.fakediscord.errors import CommandUnavailable

_ = translator("en")
REFUSED = "⚠️ You need the Manage Server permission to use this command."


async def test_a_member_without_manage_server_is_refused_every_admin_command(
    world: World,
) -> None:
    driver = await start_game(world, [world.alice, world.bob])
    for _i in range(3):
        await driver.step()
    before = await stored(world, driver.game_id)
    table = driver.table.text()

    for command, options in (
        ("cardroom list", {}),
        ("cardroom inspect", {"game_id": driver.game_id}),
        ("cardroom abort", {"game_id": driver.game_id}),
    ):
        with pytest.raises(CommandUnavailable):  # Discord hides the commands from bob ...
            await world.bob.slash(world.channel, command, **options)
        # ... unless the server unhid them: then the bot refuses
        record = await world.bob.slash(
            world.channel, command, bypass_default_permissions=True, **options
        )
        assert told(record, world.bob) == REFUSED

    after = await stored(world, driver.game_id)
    assert after.record.status == GameStatus.ACTIVE
    assert after.record.version == before.record.version
    assert driver.table.text() == table


async def test_an_admin_lists_and_inspects_a_game_and_sees_the_hands(world: World) -> None:
    driver = await start_game(world, [world.alice, world.bob])
    for _i in range(4):
        await driver.step()
    snapshot = await stored(world, driver.game_id)
    record, state = snapshot.record, snapshot.state
    alice, bob = world.alice.mention, world.bob.mention

    listed = told(await world.admin.slash(world.channel, "cardroom list"), world.admin)

    assert listed.splitlines() == [
        "**Open games**",
        f"#{record.id} · Abandon All Artichokes · <#{world.channel.id}> · active · "
        f"{alice}, {bob} · {record.version} moves · opened 0 min ago",
    ]

    inspected = told(
        await world.admin.slash(world.channel, "cardroom inspect", game_id=record.id),
        world.admin,
    )

    assert inspected.splitlines() == [
        f"**Game #{record.id}** · Abandon All Artichokes · <#{world.channel.id}>",
        f"Status: active · {record.version} moves · opened 0 min ago",
        f"Players: {alice}, {bob}",
        f"Replay check: ✅ replayed {record.version} actions; the stored state matches",
        f"Waiting for: {alice if state.active == 0 else bob}",
        "**What each seat alone sees** (hidden from the others)",
        f"{alice}: {cards_text(hand_of(snapshot, 0), _)}",
        f"{bob}: {cards_text(hand_of(snapshot, 1), _)}",
    ]
    await leak_scan(world, driver.game_id)  # nothing of it reached a public message


async def test_an_admin_who_plays_does_not_see_the_hands(world: World) -> None:
    driver = await start_game(world, [world.admin, world.alice])
    await driver.step()

    inspected = told(
        await world.admin.slash(world.channel, "cardroom inspect", game_id=driver.game_id),
        world.admin,
    )

    assert "You play in this game, so its hidden cards are not shown." in inspected
    assert "Hands" not in inspected
    shown = inspected.replace("Abandon All Artichokes", "")
    assert not [kind for kind in ALL_KINDS if kind in shown], inspected


async def test_an_admin_who_left_the_game_still_does_not_see_the_hands(world: World) -> None:
    driver = await start_game(world, [world.alice, world.bob, world.admin])
    await driver.step()
    await world.admin.slash(world.channel, "game leave")
    await world.bot.wait_idle()

    inspected = told(
        await world.admin.slash(world.channel, "cardroom inspect", game_id=driver.game_id),
        world.admin,
    )

    assert "Hands" not in inspected
    assert "(automatic)" in inspected  # the seat they left is played automatically


async def test_an_admin_aborts_a_game_and_the_channel_is_free_again(world: World) -> None:
    driver = await start_game(world, [world.alice, world.bob])
    user = await mover(driver)
    screen = driver.screens[user.id]
    version = (await stored(world, driver.game_id)).record.version

    answer = await abort_game(world, driver.game_id)

    assert answer == f"Game #{driver.game_id} was aborted."
    # the answer comes first, then the table is edited
    await world.fake.wait_for(lambda: driver.table.text().startswith("**This game was aborted.**"))
    assert table_closed(driver.table)
    aborted = await stored(world, driver.game_id)
    assert aborted.record.status == GameStatus.ABORTED
    assert aborted.record.version == version
    await leak_scan(world, driver.game_id)
    assert "Final hands" not in driver.table.text()
    lobby = next(
        m for m in world.channel.messages if f"lobby of game #{driver.game_id}" in m.text()
    )
    assert "The game was aborted by an admin." in lobby.text()
    inspected = told(
        await world.admin.slash(world.channel, "cardroom inspect", game_id=driver.game_id),
        world.admin,
    )
    assert "aborted" in inspected and "Waiting for" not in inspected, inspected

    # a player's screen from before cannot move any more: it shows the game as it ended
    button = next(iter(buttons_by_key(screen).values()))
    refused = await user.click(screen, custom_id=button["custom_id"])
    assert refused.response_type == 7, "the stale screen is updated in place"
    assert GAME_OVER in screen.text().splitlines()
    assert not action_components(screen), "no button of the aborted game is left to click"
    assert (await stored(world, driver.game_id)).record.version == version

    lobby, game_id = await open_lobby(world, world.carol)
    assert game_id != driver.game_id and "Join" in lobby.labels()


async def test_an_unknown_game_number_is_named_in_the_refusal(world: World) -> None:
    for command in ("cardroom inspect", "cardroom abort"):
        record = await world.admin.slash(world.channel, command, game_id=999)
        assert told(record, world.admin) == "⚠️ There is no game #999 in this server."


async def test_the_players_of_an_aborted_game_are_told(world: World) -> None:
    driver = await start_game(world, [world.alice, world.bob])
    await abort_game(world, driver.game_id)
    ping = await world.fake.wait_for_message(world.channel, lambda m: "was aborted" in m.content)
    assert sorted(u.id for u in ping.mentions) == sorted([world.alice.id, world.bob.id])


async def test_abort_asks_first_and_keep_it_leaves_the_game_alone(world: World) -> None:
    driver = await start_game(world, [world.alice, world.bob])
    record = await world.admin.slash(world.channel, "cardroom abort", game_id=driver.game_id)
    question = told(record, world.admin)
    assert question == (
        f"Abort game #{driver.game_id} (Abandon All Artichokes in <#{world.channel.id}>, active, "
        f"0 moves, players: {world.alice.mention}, {world.bob.mention})? It ends at once, "
        "without a result."
    )
    assert record.original.labels() == [f"Abort game #{driver.game_id}", "Keep it"]
    # someone without Manage Server who got hold of the buttons is refused
    forged = await world.bob.forge(record.original, f"cr:abort:{driver.game_id}:yes")
    assert told(forged, world.bob) == REFUSED
    kept = await world.admin.click(record.original, label="Keep it")
    assert kept.answer_text == f"Game #{driver.game_id} goes on."
    assert (await stored(world, driver.game_id)).record.status == GameStatus.ACTIVE
    assert not table_closed(driver.table)


async def test_game_numbers_are_suggested_as_an_admin_types(world: World) -> None:
    first = await start_game(world, [world.alice, world.bob])
    elsewhere = world.guild.add_text_channel("more-games")
    second, _id = await open_lobby(world, world.carol, elsewhere, game="ninjan")
    suggested = await world.admin.autocomplete(
        world.channel, "cardroom abort", focused="game_id", typed=""
    )
    assert [c["value"] for c in suggested] == [_id, first.game_id]  # newest first
    assert suggested[0]["name"] == f"#{_id} · Ninjan · #more-games · lobby · 1 players"
    typed = await world.admin.autocomplete(
        world.channel, "cardroom inspect", focused="game_id", typed="artich"
    )
    assert [c["value"] for c in typed] == [first.game_id]
    nothing = await world.bob.autocomplete(
        world.channel, "cardroom abort", focused="game_id", typed=""
    )
    assert nothing == []  # not an admin


async def test_a_click_on_an_aborted_games_table_before_its_edit_says_the_game_is_over(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Verso's table carries the active player's controls; the abort's table edit is late
    driver = await start_game(world, [world.alice, world.bob], game="verso")
    table = driver.table
    assert table is not None
    (component, *_rest) = action_components(table)

    async def late(*_args: object, **_kwargs: object) -> None:
        return None

    monkeypatch.setattr(world.bot.room.followups, "after_abort", late)
    await abort_game(world, driver.game_id)
    assert not table_closed(table), "the table still shows its controls"
    version = (await stored(world, driver.game_id)).record.version

    for user in (world.alice, world.bob):  # on turn or not: the game is over, nobody's turn
        record = await user.click(table, custom_id=component["custom_id"])
        assert record.response_type == 4 and record.original.ephemeral_for is user
        lines = record.answer_text.splitlines()
        assert GAME_OVER in lines and not [line for line in lines if "turn" in line], lines
    refused = await world.eve.click(table, custom_id=component["custom_id"])
    assert told(refused, world.eve) == GAME_OVER  # not a player: told only that
    assert (await stored(world, driver.game_id)).record.version == version
