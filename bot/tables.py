"""The public table message of each game: posting it, keeping it current (one edit per
change, tried again later when Discord fails it), and reposting it when it was deleted."""

from __future__ import annotations

import asyncio
import logging

import discord

from bot import discord_io, layouts
from bot.games import presentation
from bot.languages import guild_translator
from bot.locks import KeyedLocks
from bot.rendering import RECENT_ACTIONS, context_for, recent_lines, table_screen
from bot.service import GameService, GameSnapshot
from storage import TABLE, GameStatus, Storage

log = logging.getLogger(__name__)

RETRY_DELAYS = (2.0, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0)
"""Seconds before each new try of a table edit that Discord failed (a server error, or no
answer): the table catches up once Discord is back, even when no change follows (after a
game's last move none does). After the last try, the next change or restart refreshes it."""


class TableKeeper:
    """Posts and edits the table messages of every game (one per game)."""

    def __init__(self, client: discord.Client, storage: Storage, service: GameService) -> None:
        self.client = client
        self.storage = storage
        self.service = service
        self._locks = KeyedLocks()
        self.retry_delays: tuple[float, ...] = RETRY_DELAYS
        self._retries: dict[int, asyncio.Task[None]] = {}
        self._closed = False

    async def render(self, snapshot: GameSnapshot) -> discord.ui.LayoutView:
        """The table layout of ``snapshot`` in its guild's language."""
        record = snapshot.record
        _ = await guild_translator(self.storage, record.guild_id)
        if snapshot.state is None:
            return layouts.notice(_("This game was closed before it started."))
        show = presentation(record.game_name)
        logged = await self.storage.games.recent_actions(record.id, RECENT_ACTIONS)
        recent = recent_lines(show, logged, context_for(record, _))
        screen = table_screen(record, snapshot.state, recent, _)
        return layouts.table(
            record.id,
            screen,
            _,
            accent=show.accent,
            private_label=_(show.private_label),
            finished=record.status in (GameStatus.FINISHED, GameStatus.ABORTED),
        )

    async def refresh(self, game_id: int) -> None:
        """Edit the table to show the stored game now; repost it if it was deleted. An edit
        Discord failed is tried again later (:data:`RETRY_DELAYS`), showing the game as
        stored then."""
        if await self._refresh(game_id) is discord_io.Edit.FAILED:
            self._retry_later(game_id)
            return
        pending = self._retries.get(game_id)
        if pending is not None:
            pending.cancel()  # the table shows the game now

    async def _refresh(self, game_id: int) -> discord_io.Edit | None:
        """:meth:`refresh` once; what became of the edit (``None``: none was made)."""
        async with self._locks(game_id):
            snapshot = await self.service.snapshot(game_id)
            record = snapshot.record
            if record.status == GameStatus.LOBBY:
                return None
            view = await self.render(snapshot)
            stored = await self.storage.messages.get(game_id, TABLE)
            target = self.client.get_partial_messageable(
                record.channel_id, guild_id=record.guild_id
            )
            if stored is not None:
                message = target.get_partial_message(stored.message_id)
                edited = await discord_io.edit(message, view=view)
                if edited is not discord_io.Edit.GONE:
                    return edited
                log.info("table of game %s was deleted; posting it again", game_id)
            if record.status != GameStatus.ACTIVE and stored is None:
                return None
            posted = await discord_io.send(target, view=view)
            if posted is not None:
                await self.storage.messages.set(game_id, TABLE, record.channel_id, posted.id)
            return None

    def _retry_later(self, game_id: int) -> None:
        """Try the table of ``game_id`` again after each of :attr:`retry_delays` until an
        edit is not failed (one series per game at a time)."""
        if self._closed or game_id in self._retries:
            return
        task = asyncio.create_task(self._retry(game_id), name=f"table {game_id} again")
        self._retries[game_id] = task

    async def _retry(self, game_id: int) -> None:
        try:
            for delay in self.retry_delays:
                await asyncio.sleep(delay)
                if await self._refresh(game_id) is not discord_io.Edit.FAILED:
                    log.info("table of game %s is up to date again", game_id)
                    return
            log.warning("table of game %s: Discord kept failing; the next change shows it", game_id)
        except Exception:
            log.exception("trying the table of game %s again failed", game_id)
        finally:
            if self._retries.get(game_id) is asyncio.current_task():
                del self._retries[game_id]

    def close(self) -> None:
        """Stop trying failed edits again (the bot is shutting down)."""
        self._closed = True
        for task in self._retries.values():
            task.cancel()

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
