"""The short channel messages that notify players ("your move", "game over"): one per game,
replaced each time, mentioning only the people concerned."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot import discord_io
from bot.locks import KeyedLocks
from storage import GameRecord, GameStatus, Storage

PING = "ping"
"""Kind of the stored message that pings players (one per game, replaced each time)."""


class Pings:
    """Posts each game's ping message, replacing the previous one.

    A mention notifies only in a new message, so a ping that notifies someone replaces the
    previous one (post, then delete); one that notifies nobody (only automatic players are
    named) edits it, or is no request at all if it says the same. A ping that would only say
    whose move it is to players who see it on their open screens is not made: the previous
    one is deleted (:meth:`clear`), so the channel never shows an old "your move".
    """

    def __init__(self, client: discord.Client, storage: Storage) -> None:
        self.client = client
        self.storage = storage
        self._locks = KeyedLocks()
        self._last: dict[int, str] = {}  # game -> the text its ping shows

    async def ping(self, record: GameRecord, seats: Sequence[int], text: str) -> None:
        """Replace the game's previous ping with ``text``, notifying ``seats`` (people only;
        other mentions in ``text`` show as names but notify nobody)."""
        users = [
            discord.Object(s.user_id)
            for s in record.seats
            if s.seat in seats and s.is_human and s.user_id is not None
        ]
        mentions = discord.AllowedMentions(users=users, roles=False, everyone=False)
        async with self._locks(record.id):  # one ping message per game, even when racing
            channel = self.client.get_partial_messageable(
                record.channel_id, guild_id=record.guild_id
            )
            previous = await self.storage.messages.get(record.id, PING)
            last = self._last.get(record.id)
            if previous is not None and not users:
                if last == text:
                    return  # it says this already
                message = channel.get_partial_message(previous.message_id)
                edited = await discord_io.edit(message, content=text, allowed_mentions=mentions)
                if edited is discord_io.Edit.DONE:
                    self._last[record.id] = text  # nobody to notify: an edit is enough
                    return
            posted = await discord_io.send(channel, content=text, allowed_mentions=mentions)
            if posted is None:
                return
            if previous is not None:
                await discord_io.delete(channel.get_partial_message(previous.message_id))
            await self.storage.messages.set(record.id, PING, record.channel_id, posted.id)
            self._last[record.id] = text
            if record.status != GameStatus.ACTIVE:
                self._last.pop(record.id, None)

    async def clear(self, record: GameRecord) -> None:
        """Delete the game's ping, if it has one: what it said is over (the players it named
        have moved) and nobody needs a new one (whoever is to move now is watching)."""
        async with self._locks(record.id):
            previous = await self.storage.messages.get(record.id, PING)
            if previous is None:
                return
            channel = self.client.get_partial_messageable(
                record.channel_id, guild_id=record.guild_id
            )
            await discord_io.delete(channel.get_partial_message(previous.message_id))
            await self.storage.messages.delete(record.id, PING)
            self._last.pop(record.id, None)
