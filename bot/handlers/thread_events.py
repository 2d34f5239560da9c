"""What goes wrong with a game's thread, and the answer: a thread archived while its game runs
is unarchived; one deleted, or locked where the bot may not post, is replaced by a new one
(the card links to it, the table is posted there anew, the players are told); a deleted
channel aborts its games (recorded so). Discord tells of these on the gateway (THREAD_UPDATE,
THREAD_DELETE, CHANNEL_DELETE); a start of the bot looks at every running game's thread, for
what happened while it was away. Only the games of this process's guilds are looked after:
a thread's guild decides its shard."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from typing import Any

import discord

from bot.context import Cardroom
from bot.messages import discord_io
from bot.messages.pings import KINDS as PING_KINDS
from bot.service.errors import ChannelHasGame, UserError
from bot.service.locks import KeyedLocks
from bot.service.reasons import CHANNEL_LOST, LOBBY_LOST
from storage import LOBBY, TABLE, GameRecord, GameStatus

log = logging.getLogger(__name__)

STARTUP_CHECKS_PER_SECOND = 20
"""Pace of the requests a start makes for threads it does not find in Discord's cache."""


class ThreadEvents:
    """Keeps each running game's thread usable (see the module)."""

    def __init__(self, room: Cardroom, owns_guild: Any) -> None:
        self.room = room
        self.owns_guild = owns_guild
        self.started_at = datetime.now(UTC)
        """When this process started (storage's time): a lobby opened since has its thread
        made by its own ``/game new``, which a start's check leaves alone."""
        self._moving = KeyedLocks()

    def listen(self, bot: Any) -> None:
        """Hear the gateway events of threads and channels on ``bot`` (a
        ``discord.ext.commands.Bot``)."""
        bot.add_listener(self.on_raw_thread_delete)
        bot.add_listener(self.on_raw_thread_update)
        bot.add_listener(self.on_guild_channel_delete)

    def _me_manages(self, guild_id: int, channel_id: int | None) -> bool:
        guild = self.room.client.get_guild(guild_id)
        channel = guild.get_channel(channel_id) if guild and channel_id else None
        if guild is None or channel is None or guild.me is None:
            return True  # not known: Discord's answer tells
        return channel.permissions_for(guild.me).manage_threads

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A game's thread was deleted: the game goes on in a new one."""
        if not self.owns_guild(payload.guild_id):
            return
        game = await self.room.service.threads.game_of_thread(payload.thread_id)
        if game is not None:
            self.room.spawn(self.relocate(game), f"new thread of game {game.id}")

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """A game's thread was archived (it is unarchived) or locked where the bot may not
        post (the game moves to a new thread)."""
        if not self.owns_guild(payload.guild_id):
            return
        meta = payload.data.get("thread_metadata") or {}
        archived, locked = bool(meta.get("archived")), bool(meta.get("locked"))
        if not archived and not locked:
            return
        game = await self.room.service.threads.game_of_thread(payload.thread_id)
        if game is None:
            return
        stuck = locked and not self._me_manages(payload.guild_id, payload.parent_id)
        if stuck or (archived and not await self.room.threads.unarchive(payload.thread_id)):
            self.room.spawn(self.relocate(game), f"new thread of game {game.id}")

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A channel was deleted: its games, in it or in its threads, are aborted."""
        if not self.owns_guild(channel.guild.id):
            return
        for game in await self.room.service.threads.games_here(channel.id):
            self.room.spawn(self.lost(game), f"game {game.id} lost its channel")

    async def lost(self, game: GameRecord) -> None:
        """``game``'s channel is gone: abort it (recorded with :data:`CHANNEL_LOST`), and let
        go of its messages, which went with the channel."""
        room = self.room
        try:
            record = await room.service.abort(game.id, reason=CHANNEL_LOST)
        except UserError:  # it ended meanwhile
            return
        for kind in (TABLE, LOBBY, *PING_KINDS):
            await room.storage.messages.delete(game.id, kind)
        room.screens.forget_game(game.id)
        await room.storage.threads.archived(record.id)  # nothing to archive
        log.info("game %s aborted: its channel was deleted", game.id)

    async def relocate(self, game: GameRecord) -> None:
        """See :meth:`_relocate`: one at a time per game."""
        async with self._moving(game.id):
            await self._relocate(game)

    async def _relocate(self, game: GameRecord) -> None:
        """``game``'s thread is lost: the game goes on in a new thread of the same channel (a
        new post in a forum, with its card), its card links there, its table is posted there
        anew, its players and spectators are told. A channel that is gone aborts it."""
        room = self.room
        guild = room.client.get_guild(game.guild_id)
        parent = guild.get_channel(game.parent_id) if guild and game.parent_id else None
        if guild is not None and parent is None:
            await self.lost(game)
            return
        record = await room.service.record(game.id)
        if not record.is_open or record.channel_id != game.channel_id:
            return  # it ended, or another event moved it already
        lost = record

        async def make() -> int | None:  # under the game's lock: its moves wait for it
            if isinstance(parent, discord.ForumChannel):
                made = await room.threads.open_post(lost, parent)
                if made is not None:
                    await room.storage.messages.set(lost.id, LOBBY, made[0], made[1])
                return None if made is None else made[0]
            return await room.threads.open_bare(lost)

        placed = await room.service.threads.place_in(record.id, make)
        if placed is None:
            return
        record = placed
        log.info("game %s goes on in a new thread %s", record.id, record.channel_id)
        if not isinstance(parent, discord.ForumChannel):
            await room.threads.refresh_card(record)
        for kind in PING_KINDS:  # its last ping went with the old thread
            await room.storage.messages.delete(record.id, kind)
        if record.status == GameStatus.ACTIVE:
            await room.tables.moved(record.id)
            await room.tables.refresh(record.id)  # posted anew in the new thread
        await self._tell(record)

    async def _tell(self, record: GameRecord) -> None:
        """Mention the players and spectators in the new thread (a mention adds them)."""
        room = self.room
        _ = await room.languages.public(record.guild_id)
        people = [s.user_id for s in record.seats if s.is_human and s.user_id is not None]
        people += [u for u in await room.storage.threads.spectators(record.id) if u not in people]
        text = _(
            "{players}: the thread of game #{game} was lost, so the game goes on here, as it "
            "stood.",
            players=", ".join(f"<@{u}>" for u in people) or "-",
            game=record.id,
        )
        mentions = discord.AllowedMentions(users=[discord.Object(u) for u in people])
        channel = room.channel(record.channel_id, record.guild_id)
        await discord_io.send(channel, content=text, allowed_mentions=mentions)

    async def check_all(self) -> None:
        """At start-up: every running game of this process's guilds whose thread is not in
        Discord's cache of active threads is looked up; archived, it is unarchived; gone, the
        game moves to a new thread (or, its channel gone, is aborted). Then the archives of
        ended games' threads are scheduled."""
        room = self.room
        for game_id, guild_id, thread_id in await room.storage.threads.open_in_threads():
            if not self.owns_guild(guild_id):
                continue
            guild = room.client.get_guild(guild_id)
            if guild is not None and guild.get_thread(thread_id) is not None:
                continue  # active, as Discord told at connection
            try:
                game = await room.storage.games.get_game(game_id)
                if game.channel_id == thread_id and game.is_open:  # not moved meanwhile
                    await self._check(game)
            except Exception:
                log.exception("could not check the thread of game %s", game_id)
            await asyncio.sleep(1 / STARTUP_CHECKS_PER_SECOND)
        for lobby in await room.storage.threads.unplaced(self.started_at):
            if self.owns_guild(lobby.guild_id):
                await self._place_lobby(lobby)
        await room.threads.schedule_archives(self.owns_guild)

    async def _place_lobby(self, lobby: GameRecord) -> None:
        """A lobby whose thread was never made (the bot stopped in between): made now from
        its card, else the lobby is played in its channel, else (another game is played
        there) closed."""
        room = self.room
        stored = await room.storage.messages.get(lobby.id, LOBBY)
        thread_id = (
            None if stored is None else await room.threads.open_from(lobby, stored.message_id)
        )
        try:
            if thread_id is not None:
                await room.service.threads.place(lobby.id, thread_id)
                return
            record = await room.service.threads.in_channel(lobby.id)
        except ChannelHasGame:
            record = await room.service.abort(lobby.id, reason=LOBBY_LOST)
        except UserError:
            return  # it was closed meanwhile
        await room.lobbies.refresh(record)

    async def _check(self, game: GameRecord) -> None:
        try:
            channel = await self.room.client.fetch_channel(game.channel_id)
        except discord.NotFound:
            await self.relocate(game)
            return
        except discord.HTTPException as exc:
            log.info("could not look at the thread of game %s: %s", game.id, exc.text)
            return
        archived = isinstance(channel, discord.Thread) and channel.archived
        if archived and not await self.room.threads.unarchive(game.channel_id):
            await self.relocate(game)
