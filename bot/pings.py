"""The short channel messages that notify players ("your move", "game over"): one per game,
replaced each time, mentioning only the people concerned."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot import discord_io
from bot.locks import KeyedLocks
from storage import GameRecord, Storage

PING = "ping"
"""Kind of the stored message that pings players (one per game, replaced each time)."""


class Pings:
    """Posts each game's ping message, replacing the previous one."""

    def __init__(self, client: discord.Client, storage: Storage) -> None:
        self.client = client
        self.storage = storage
        self._locks = KeyedLocks()

    async def ping(self, record: GameRecord, seats: Sequence[int], text: str) -> None:
        """Replace the game's previous ping with ``text``, notifying ``seats`` (people only;
        other mentions in ``text`` show as names but notify nobody)."""
        users = [
            discord.Object(s.user_id)
            for s in record.seats
            if s.seat in seats and s.is_human and s.user_id is not None
        ]
        async with self._locks(record.id):  # one ping message per game, even when racing
            channel = self.client.get_partial_messageable(
                record.channel_id, guild_id=record.guild_id
            )
            previous = await self.storage.messages.get(record.id, PING)
            if previous is not None:
                await discord_io.delete(channel.get_partial_message(previous.message_id))
            posted = await discord_io.send(
                channel,
                content=text,
                allowed_mentions=discord.AllowedMentions(users=users, roles=False, everyone=False),
            )
            if posted is not None:
                await self.storage.messages.set(record.id, PING, record.channel_id, posted.id)
