"""The bot missing a channel permission it needs: ``/game new`` and Start say which one,
privately, and create nothing."""

from __future__ import annotations

import pytest

from bot.i18n import translator
from storage import GameStatus
from tests.e2e.conftest import World
from tests.e2e.driver import public_messages
from tests.e2e.helpers import open_lobby, stored, told

MISSING = (
    "⚠️ I am missing permissions in this channel: {names}. Ask a server admin to grant them, "
    "then try again."
)


@pytest.mark.parametrize(
    ("permission", "names"),
    [
        pytest.param("send_messages", "Send Messages", id="send-messages"),
        pytest.param("view_channel", "View Channel, Send Messages", id="view-channel"),
    ],
)
async def test_game_new_names_the_missing_permission_and_creates_nothing(
    world: World, permission: str, names: str
) -> None:
    world.fake.set_bot_permission(world.channel, **{permission: False})

    record = await world.alice.slash(world.channel, "game new", game="artichokes")

    assert told(record, world.alice) == MISSING.format(names=names)
    assert public_messages(world) == []
    assert await world.bot.storage.games.find_open_game(world.channel.id) is None
    assert await world.bot.storage.games.list_games(world.guild.id, tuple(GameStatus)) == []


async def test_start_is_refused_when_a_permission_went_away_after_the_lobby_opened(
    world: World,
) -> None:
    lobby, game_id = await open_lobby(world, world.alice)
    await world.bob.click(lobby, label="Join")
    world.fake.set_bot_permission(world.channel, send_messages=False)

    record = await world.alice.click(lobby, label="Start")

    assert told(record, world.alice) == MISSING.format(names="Send Messages")
    assert (await stored(world, game_id)).record.status == GameStatus.LOBBY
    assert "Start" in lobby.labels() and "Players (2/4)" in lobby.text()
    assert public_messages(world) == [lobby]

    world.fake.set_bot_permission(world.channel, send_messages=None)  # an admin fixes it
    await world.alice.click(lobby, label="Start")
    table = await world.fake.wait_for_message(world.channel, lambda m: "Show my hand" in m.labels())
    assert f"· game #{game_id}" in table.text()
    assert (await stored(world, game_id)).record.status == GameStatus.ACTIVE


async def test_start_cancels_the_game_when_discord_refuses_the_table(world: World) -> None:
    lobby, game_id = await open_lobby(world, world.alice)
    await world.bob.click(lobby, label="Join")
    world.fake.fail("POST /channels/{channel_id}/messages", status=403)

    record = await world.alice.click(lobby, label="Start")

    assert (await record.followup(0)).text() == (
        "⚠️ I could not post the table in this channel, so the game was cancelled. Check my "
        "permissions and start a new game."
    )
    assert (await stored(world, game_id)).record.status == GameStatus.ABORTED
    await world.fake.wait_for(lambda: "This lobby was closed." in lobby.text())
    assert "The game has started" not in lobby.text() and lobby.buttons() == []
    assert public_messages(world) == [lobby]
    _, next_id = await open_lobby(world, world.alice)  # the channel is free for a new try
    assert next_id != game_id


async def test_a_game_needs_neither_embed_links_nor_read_message_history(world: World) -> None:
    # the bot sends Components V2 messages (no embeds) and never reads the channel's history
    world.fake.set_bot_permission(world.channel, embed_links=False, read_message_history=False)
    lobby, game_id = await open_lobby(world, world.alice)
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    table = await world.fake.wait_for_message(world.channel, lambda m: "Show my hand" in m.labels())
    screen = (await world.alice.click(table, label="Show my hand")).original
    assert screen is not None and f"Game #{game_id}" in screen.text()


async def test_the_missing_permissions_are_named_in_the_users_language(world: World) -> None:
    world.users["alice"].locale = "fr"
    world.fake.set_bot_permission(world.channel, view_channel=False)

    record = await world.alice.slash(world.channel, "game new", game="artichokes")

    fr = translator("fr")
    names = f"{fr('View Channel')}, {fr('Send Messages')}"
    assert names == "Voir le salon, Envoyer des messages"
    template = (
        "I am missing permissions in this channel: {permissions}. Ask a server admin to grant "
        "them, then try again."
    )
    assert told(record, world.alice) == "⚠️ " + fr(template, permissions=names)
    assert "View Channel" not in told(record, world.alice)
