"""The short channel messages that notify players ("your move", "game over"): one per game,
replaced each time, mentioning only the people concerned."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.messages import discord_io
from bot.service.locks import KeyedLocks
from storage import GameMessage, GameRecord, GameStatus, Storage

PING = "ping"
"""Kind of the stored message that pings players (one per game, replaced each time)."""
TURN_PING = "turn_ping"
"""Kind of the stored ping when it only says whose move it is (stored, so that a restart
knows it may be deleted once the turn moved on)."""
KINDS = (PING, TURN_PING)


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
            previous = await self._stored(record.id)
            last = self._last.get(record.id)
            if previous is not None and not users:
                if last == text:
                    return  # it says this already
                message = channel.get_partial_message(previous.message_id)
                edited = await discord_io.edit(message, content=text, allowed_mentions=mentions)
                if edited is discord_io.Edit.DONE:
                    self._last[record.id] = text  # nobody to notify: an edit is enough
                    await self._store(record, previous.message_id, turn_only, previous)
                    return
            posted = await discord_io.send(channel, content=text, allowed_mentions=mentions)
            if posted is None:
                return
            if previous is not None:
                await discord_io.delete(channel.get_partial_message(previous.message_id))
            await self._store(record, posted.id, turn_only, previous)
            self._last[record.id] = text
            if record.status != GameStatus.ACTIVE:
                self._last.pop(record.id, None)

    async def _stored(self, game_id: int) -> GameMessage | None:
        """The game's ping, of either kind (``None``: none)."""
        found = [m for m in await self.storage.messages.for_game(game_id) if m.kind in KINDS]
        return found[0] if found else None

    async def _store(
        self, record: GameRecord, message_id: int, turn_only: bool, previous: GameMessage | None
    ) -> None:
        """Record ``message_id`` as the game's ping, under the kind ``turn_only`` says."""
        kind = TURN_PING if turn_only else PING
        if previous is not None and previous.kind != kind:
            await self.storage.messages.delete(record.id, previous.kind)
        if previous is None or previous.kind != kind or previous.message_id != message_id:
            await self.storage.messages.set(record.id, kind, record.channel_id, message_id)

    async def clear(self, record: GameRecord) -> None:
        """Delete the game's ping if it only said whose move it was (a ping made with
        ``turn_only``): the turn has moved on, and nobody needs a new one (whoever is to move
        now is watching). Any other ping (the start, an event naming players) stays."""
        async with self._locks(record.id):
            previous = await self.storage.messages.get(record.id, TURN_PING)
            if previous is None:
                return
            channel = self.client.get_partial_messageable(
                record.channel_id, guild_id=record.guild_id
            )
            if not await discord_io.delete(channel.get_partial_message(previous.message_id)):
                return  # still there: kept, and tried again at the next turn
            await self.storage.messages.delete(record.id, TURN_PING)
            self._last.pop(record.id, None)
