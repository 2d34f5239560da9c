"""Slash commands as Discord would deliver them: nested options built from what the bot synced,
typed and checked values, and who may use a command."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from tests.fakediscord import CommandNotFound, CommandUnavailable, FakeDiscord, OptionError
from tests.fakediscord.tinybot import TinyBot, scene

Seen = list[tuple[object, ...]]


def _bot(seen: Seen) -> TinyBot:
    def setup(bot: TinyBot) -> None:
        admin = app_commands.Group(
            name="cardroom-admin",
            description="Admin tools",
            default_permissions=discord.Permissions(manage_guild=True),
        )
        games = app_commands.Group(name="game", description="Games", parent=admin)

        @games.command(name="inspect", description="Inspect a game")
        async def inspect(interaction: discord.Interaction, game_id: int) -> None:
            seen.append(("inspect", game_id))
            await interaction.response.send_message(f"game {game_id}", ephemeral=True)

        @admin.command(name="abort", description="Abort a game")
        @app_commands.checks.has_permissions(manage_guild=True)
        async def abort(interaction: discord.Interaction, game_id: int) -> None:
            await interaction.response.send_message(f"aborted {game_id}")

        @bot.tree.command(name="give", description="Give cards")
        @app_commands.choices(
            colour=[
                app_commands.Choice(name="Red", value="red"),
                app_commands.Choice(name="Green", value="green"),
            ]
        )
        async def give(
            interaction: discord.Interaction,
            user: discord.Member,
            amount: app_commands.Range[int, 1, 10],
            colour: str,
            face_up: bool = False,
        ) -> None:
            seen.append(("give", user, amount, colour, face_up))
            await interaction.response.send_message("given", ephemeral=True)

        @bot.tree.command(name="whoami", description="Permissions seen by the bot")
        async def whoami(interaction: discord.Interaction) -> None:
            you, me = interaction.permissions, interaction.app_permissions
            seen.append((interaction.user.name, you.manage_guild, me.send_messages, me.embed_links))
            await interaction.response.send_message("ok", ephemeral=True)

        bot.tree.add_command(admin)

    return TinyBot(setup)


async def test_subcommand_groups_and_typed_options_reach_the_bot(fake_discord: FakeDiscord) -> None:
    s = scene(fake_discord)
    seen: Seen = []
    await fake_discord.start_bot(_bot(seen))
    fake_discord.make_admin(s.alice)

    inspect = await s.alice.slash(s.channel, "cardroom-admin game inspect", game_id=42)
    await s.alice.slash(s.channel, "/give", user=s.bob, amount=3, colour="green", face_up=True)

    assert inspect.data["options"] == [
        {
            "type": 2,
            "name": "game",
            "options": [
                {
                    "type": 1,
                    "name": "inspect",
                    "options": [{"type": 4, "name": "game_id", "value": 42}],
                }
            ],
        }
    ]
    assert seen[0] == ("inspect", 42)
    _, member, amount, colour, face_up = seen[1]
    assert isinstance(member, discord.Member) and member.id == s.bob.id and member.name == "bob"
    assert (amount, colour, face_up) == (3, "green", True)


async def test_commands_and_options_not_synced_fail_loudly(fake_discord: FakeDiscord) -> None:
    s = scene(fake_discord)
    await fake_discord.start_bot(_bot([]))
    fake_discord.make_admin(s.alice)
    alice, channel = s.alice, s.channel

    with pytest.raises(CommandNotFound, match=r"/nope is not among .*/cardroom-admin game inspect"):
        await alice.slash(channel, "nope")
    with pytest.raises(CommandNotFound, match="needs a subcommand"):
        await alice.slash(channel, "cardroom-admin game")
    with pytest.raises(CommandNotFound, match="has no 'list' there"):
        await alice.slash(channel, "cardroom-admin list")
    with pytest.raises(OptionError, match=r"has no option\(s\) \['gameid'\]"):
        await alice.slash(channel, "cardroom-admin game inspect", gameid=1)
    with pytest.raises(OptionError, match=r"requires option\(s\) \['game_id'\]"):
        await alice.slash(channel, "cardroom-admin game inspect")
    with pytest.raises(OptionError, match="cannot take '42'"):
        await alice.slash(channel, "cardroom-admin game inspect", game_id="42")
    with pytest.raises(OptionError, match="outside"):
        await alice.slash(channel, "give", user=s.bob, amount=11, colour="red")
    with pytest.raises(OptionError, match="did you mean the value 'red'"):
        await alice.slash(channel, "give", user=s.bob, amount=1, colour="Red")
    assert fake_discord.interactions == []


async def test_permissions_reach_the_bot_from_roles_and_overwrites(
    fake_discord: FakeDiscord,
) -> None:
    s = scene(fake_discord)
    seen: Seen = []
    bot = _bot(seen)
    await fake_discord.start_bot(bot)
    fake_discord.make_admin(s.alice)

    await s.alice.slash(s.channel, "whoami")
    await s.bob.slash(s.channel, "whoami")
    fake_discord.set_bot_permission(s.channel, send_messages=False)
    await s.bob.slash(s.channel, "whoami")

    assert seen == [
        ("alice", True, True, True),
        ("bob", False, True, True),
        ("bob", False, False, False),  # no Send Messages also means no Embed Links
    ]
    cached = bot.get_channel(s.channel.id)
    assert isinstance(cached, discord.TextChannel)
    assert not cached.permissions_for(cached.guild.me).send_messages  # CHANNEL_UPDATE arrived


async def test_default_member_permissions_hide_a_command_and_the_bot_checks_at_run_time(
    fake_discord: FakeDiscord,
) -> None:
    s = scene(fake_discord)
    bot = _bot([])
    await fake_discord.start_bot(bot)

    with pytest.raises(CommandUnavailable, match="manage_guild"):
        await s.bob.slash(s.channel, "cardroom-admin abort", game_id=1)
    refused = await s.bob.slash(
        s.channel, "cardroom-admin abort", game_id=1, bypass_default_permissions=True
    )
    fake_discord.make_admin(s.alice)
    allowed = await s.alice.slash(s.channel, "cardroom-admin abort", game_id=1)

    assert refused.original is not None and refused.original.ephemeral
    assert isinstance(bot.errors[0], app_commands.MissingPermissions)
    assert allowed.original is not None and allowed.original.text() == "aborted 1"
