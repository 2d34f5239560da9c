"""A throwaway discord.py bot for the fake's own tests (each test gives it its commands), and
a small scene of a guild, a channel and two users."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from . import Channel, FakeDiscord, Guild, User


class TinyBot(discord.Client):
    """A ``discord.Client`` with a command tree; ``setup(bot)`` adds commands/items in
    ``setup_hook``, then the tree is synced (to ``guild_id`` if given, else globally).

    ``events`` lists the gateway event names received; ``errors`` collects exceptions raised
    in commands and views, so tests can assert on them.
    """

    def __init__(
        self,
        setup: Callable[[TinyBot], Any] | None = None,
        *,
        intents: discord.Intents | None = None,
        guild_id: int | None = None,
    ) -> None:
        super().__init__(intents=intents or discord.Intents.default(), guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = self._command_error  # type: ignore[method-assign]
        self._setup = setup
        self._guild_id = guild_id
        self.events: list[str] = []
        self.errors: list[BaseException] = []
        self.seen_messages: list[discord.Message] = []
        self.deleted_message_ids: list[int] = []

    async def setup_hook(self) -> None:
        if self._setup is not None:
            self._setup(self)
        if self._guild_id is None:
            await self.tree.sync()
        else:
            guild = discord.Object(self._guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No 5 s pause before a re-IDENTIFY (discord.py's default), to keep tests fast."""

    async def on_socket_event_type(self, event: str) -> None:
        self.events.append(event)

    async def on_message(self, message: discord.Message) -> None:
        self.seen_messages.append(message)

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        self.deleted_message_ids.append(payload.message_id)

    async def _command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        self.errors.append(error)
        if not interaction.response.is_done():
            with contextlib.suppress(discord.HTTPException):
                await interaction.response.send_message(f"error: {error}", ephemeral=True)


@dataclass
class Scene:
    """A guild "Test Guild" with #general and two members, alice and bob."""

    fake: FakeDiscord
    guild: Guild
    channel: Channel
    alice: User
    bob: User


def scene(fake: FakeDiscord) -> Scene:
    guild = fake.add_guild("Test Guild")
    channel = guild.add_text_channel("general")
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    guild.add_member(alice)
    guild.add_member(bob)
    return Scene(fake, guild, channel, alice, bob)
