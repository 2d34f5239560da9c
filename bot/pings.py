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
    whose move it is to players who see it on their open screens (or to automatic players)
    is not made, and a previous ping that only said whose move it was is deleted
    (:meth:`clear`), so the channel does not show an old "your move".
    """

    def __init__(self, client: discord.Client, storage: Storage) -> None:
        self.client = client
        self.storage = storage
        self._locks = KeyedLocks()
        self._last: dict[int, str] = {}  # game -> the text its ping shows
        self._turn_only: set[int] = set()  # games whose ping only says whose move it is

    async def ping(
        self, record: GameRecord, seats: Sequence[int], text: str, *, turn_only: bool = False
    ) -> None:
        """Replace the game's previous ping with ``text``, notifying ``seats`` (people only;
        other mentions in ``text`` show as names but notify nobody). ``turn_only``: it only
        says whose move it is (a later :meth:`clear` may delete it)."""
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
                    self._mark(record.id, turn_only)
                    return
            posted = await discord_io.send(channel, content=text, allowed_mentions=mentions)
            if posted is None:
                return
            if previous is not None:
                await discord_io.delete(channel.get_partial_message(previous.message_id))
            await self.storage.messages.set(record.id, PING, record.channel_id, posted.id)
            self._last[record.id] = text
            self._mark(record.id, turn_only)
            if record.status != GameStatus.ACTIVE:
                self._last.pop(record.id, None)
                self._turn_only.discard(record.id)

    def _mark(self, game_id: int, turn_only: bool) -> None:
        if turn_only:
            self._turn_only.add(game_id)
        else:
            self._turn_only.discard(game_id)

    async def clear(self, record: GameRecord) -> None:
        """Delete the game's ping if it only said whose move it was (a ping made with
        ``turn_only``): the turn has moved on, and nobody needs a new one (whoever is to move
        now is watching). Any other ping (the start, an event naming players, one sent before
        a restart) stays."""
        async with self._locks(record.id):
            if record.id not in self._turn_only:
                return
            previous = await self.storage.messages.get(record.id, PING)
            if previous is None:
                self._turn_only.discard(record.id)
                return
            channel = self.client.get_partial_messageable(
                record.channel_id, guild_id=record.guild_id
            )
            if not await discord_io.delete(channel.get_partial_message(previous.message_id)):
                return  # still there: kept, and tried again at the next turn
            await self.storage.messages.delete(record.id, PING)
            self._last.pop(record.id, None)
            self._turn_only.discard(record.id)
