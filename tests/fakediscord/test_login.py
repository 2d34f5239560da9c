"""Logging in against the fake: REST login, gateway READY/GUILD_CREATE, command sync."""

from __future__ import annotations

import aiohttp
import discord
import pytest
from discord import app_commands

from tests.fakediscord import FakeDiscord, FakeDiscordProblems
from tests.fakediscord.tinybot import TinyBot


def _game_commands(bot: TinyBot) -> None:
    game = app_commands.Group(name="game", description="Card games")

    @game.command(name="new", description="Start a game")
    @app_commands.choices(game=[app_commands.Choice(name="Artichokes", value="artichokes")])
    async def new(interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        await interaction.response.send_message(game.value)

    @bot.tree.command(name="ping", description="Ping")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    bot.tree.add_command(game)


async def test_login_gets_user_application_guilds_and_syncs_commands(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Test Guild")
    general = guild.add_text_channel("general")
    alice = fake.add_user("alice")
    guild.add_member(alice)
    bot = TinyBot(_game_commands)

    await fake.start_bot(bot)

    assert bot.user is not None and bot.user.id == fake.bot.id
    assert bot.application_id == fake.bot.id
    assert [r.route for r in fake.requests[:3]] == [
        "GET /users/@me",
        "GET /oauth2/applications/@me",
        "PUT /applications/{application_id}/commands",
    ]
    assert bot.events[:2] == ["READY", "GUILD_CREATE"]
    seen = bot.get_guild(guild.id)
    assert seen is not None and seen.name == "Test Guild"
    assert seen.get_channel(general.id) is not None
    assert seen.member_count == len(guild.members)
    synced = {c["name"]: c for c in fake.world.commands.list(None)}
    assert set(synced) == {"game", "ping"}
    assert [o["name"] for o in synced["game"]["options"]] == ["new"]
    assert fake.world.commands.paths(guild.id) == ["game new", "ping"]

    again = await bot.tree.sync()
    assert {c.name: c.id for c in again} == {n: int(c["id"]) for n, c in synced.items()}
    assert fake.world.commands.syncs == 2
    await fake.wait_for(lambda: bot.latency < 1, what="a heartbeat ACK")  # inf until ACKed
    assert [c.heartbeats for c in fake.gateway.connections] == [1]


async def test_guild_commands_are_synced_to_their_guild(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    guild = fake.add_guild("Test Guild")
    bot = TinyBot(_game_commands, guild_id=guild.id)

    await fake.start_bot(bot)

    assert sorted(c["name"] for c in fake.world.commands.list(guild.id)) == ["game", "ping"]
    assert fake.world.commands.list(None) == []
    assert all(c["guild_id"] == str(guild.id) for c in fake.world.commands.list(guild.id))


async def test_json_answers_carry_exactly_application_json(fake_discord: FakeDiscord) -> None:
    headers = {"Authorization": f"Bot {fake_discord.token}"}
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{fake_discord.url}/api/v10/users/@me", headers=headers) as ok:
            assert ok.status == 200
            assert ok.headers["Content-Type"] == "application/json"
        async with session.get(f"{fake_discord.url}/api/v10/users/@me") as refused:
            assert refused.status == 401
            assert refused.headers["Content-Type"] == "application/json"
            assert await refused.json() == {"message": "401: Unauthorized", "code": 0}


async def test_an_unknown_route_answers_404_json_and_fails_the_test() -> None:
    with pytest.raises(FakeDiscordProblems, match="unknown route: GET /api/v10/guilds/1/bans"):
        async with FakeDiscord.running() as fake:
            fake.add_guild("Test Guild")
            bot = TinyBot()
            await fake.start_bot(bot)
            with pytest.raises(discord.NotFound) as raised:
                await bot.http.request(discord.http.Route("GET", "/guilds/1/bans"))
            assert raised.value.text == "404: Not Found"


async def test_a_wrong_token_is_refused() -> None:
    async with FakeDiscord.running() as fake:
        bot = TinyBot()
        with pytest.raises(discord.LoginFailure):
            await bot.start("not-the-token")
        await bot.close()
        assert fake.requests[0].status == 401


async def test_privileged_intents_the_application_lacks_are_refused(
    fake_discord: FakeDiscord,
) -> None:
    fake_discord.gateway.privileged_intents = 0
    bot = TinyBot(intents=discord.Intents.all())

    with pytest.raises(discord.PrivilegedIntentsRequired):
        await fake_discord.start_bot(bot)

    assert bot.is_closed()
