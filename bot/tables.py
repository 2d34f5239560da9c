"""The public table message of each game: posting it, keeping it current (one edit per
change), and reposting it when it was deleted."""

from __future__ import annotations

import logging

import discord

from bot import discord_io, layouts
from bot.games import presentation
from bot.languages import guild_translator
from bot.locks import KeyedLocks
from bot.rendering import context_for, recent_lines, table_screen
from bot.service import GameService, GameSnapshot
from storage import TABLE, GameStatus, Storage

log = logging.getLogger(__name__)


class TableKeeper:
    """Posts and edits the table messages of every game (one per game)."""

    def __init__(self, client: discord.Client, storage: Storage, service: GameService) -> None:
        self.client = client
        self.storage = storage
        self.service = service
        self._locks = KeyedLocks()

    async def render(
        self, snapshot: GameSnapshot, thinking: int | None = None
    ) -> discord.ui.LayoutView:
        """The table layout of ``snapshot`` in its guild's language (``thinking``: the seat
        of an automatic player thinking for a while)."""
        record = snapshot.record
        _ = await guild_translator(self.storage, record.guild_id)
        if snapshot.state is None:
            return layouts.notice(_("This game was closed before it started."))
        show = presentation(record.game_name)
        logged = await self.service.recent_actions(record.id)
        recent = recent_lines(show, logged, context_for(record, _))
        screen = table_screen(record, snapshot.state, recent, _, thinking=thinking)
        return layouts.table(
            record.id,
            screen,
            _,
            accent=show.accent,
            private_label=_(show.private_label),
            finished=record.status in (GameStatus.FINISHED, GameStatus.ABORTED),
        )

    async def refresh(self, game_id: int, thinking: int | None = None) -> None:
        """Edit the table to show the stored game now; repost it if it was deleted."""
        async with self._locks(game_id):
            snapshot = await self.service.snapshot(game_id)
            record = snapshot.record
            if record.status == GameStatus.LOBBY:
                return
            view = await self.render(snapshot, thinking)
            stored = await self.storage.messages.get(game_id, TABLE)
            target = self.client.get_partial_messageable(
                record.channel_id, guild_id=record.guild_id
            )
            if stored is not None:
                message = target.get_partial_message(stored.message_id)
                edited = await discord_io.edit(message, view=view)
                if edited is not False:
                    return
                log.info("table of game %s was deleted; posting it again", game_id)
            if record.status != GameStatus.ACTIVE and stored is None:
                return
            posted = await discord_io.send(target, view=view)
            if posted is not None:
                await self.storage.messages.set(game_id, TABLE, record.channel_id, posted.id)

    async def post(self, snapshot: GameSnapshot, channel: discord.abc.Messageable) -> bool:
        """Post the first table of a game that just started; ``False`` if Discord refused."""
        async with self._locks(snapshot.id):
            posted = await discord_io.send(channel, view=await self.render(snapshot))
            if posted is None:
                return False
            await self.storage.messages.set(
                snapshot.id, TABLE, snapshot.record.channel_id, posted.id
            )
            return True
