"""A thread per game, on Discord's side: making the thread (from the card in a text channel,
or as a forum post with the card as its first message), naming it as seats fill, adding and
removing spectators, keeping the card current, archiving the thread some time after the end,
and moving a game whose thread was lost (deleted, or locked to the bot) to a new one.

Requests: making a thread is one (the card's is the lobby's own answer); a rename is made at
most once per ``rename_interval`` (Discord allows a channel two per 10 minutes), the names
asked for meanwhile becoming one; the card is edited when the game starts (the Start click's
own answer) and ends — never per move. Discord's refusals are logged and answered: a thread
that cannot be made leaves the game in its channel (the caller tells the host why).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Literal

import aiohttp
import discord

from bot.i18n import Translator
from bot.messages import discord_io
from bot.messages.cards import card_layout
from bot.messages.languages import GuildLanguages
from bot.messages.lobby import lobby_layout
from bot.service import GameService
from bot.service.locks import KeyedLocks
from bot.texts.cards import thread_name
from bot.timing.clock import Clock
from storage import LOBBY, GameRecord, Storage

log = logging.getLogger(__name__)

AUTO_ARCHIVE_MINUTES: Literal[10080] = 10080
"""How long a quiet game's thread stays in the channel list (Discord's longest, a week): a
game with a day's turn clock may be quiet that long."""

Spawn = Callable[[Coroutine[Any, Any, None], str], None]


@dataclass(slots=True)
class Naming:
    """What a thread is called now, and when the bot last renamed it (``loop.time()``)."""

    name: str | None = None
    at: float | None = None


def _failed(exc: BaseException) -> str:
    if isinstance(exc, discord.HTTPException):
        return f"{exc.status} {exc.code} {exc.text}"
    return repr(exc)


class GameThreads:
    """The threads and cards of the games played in threads of their own."""

    def __init__(
        self,
        client: discord.Client,
        storage: Storage,
        service: GameService,
        languages: GuildLanguages,
        clock: Clock,
        spawn: Spawn,
        *,
        archive_after: float,
        rename_interval: float,
    ) -> None:
        self.client = client
        self.storage = storage
        self.service = service
        self.languages = languages
        self.clock = clock
        self.spawn = spawn
        self.archive_after = archive_after
        self.rename_interval = rename_interval
        self._names: dict[int, Naming] = {}  # game -> its thread's name
        self._renaming = KeyedLocks()
        self._later: dict[int, asyncio.Task[None]] = {}  # renames and archives that wait
        self._closed = False
        self._wanted: dict[int, bool] = {}

    # -- the guild's choice ------------------------------------------------------------------

    async def wanted(self, guild_id: int) -> bool:
        """Whether ``guild_id``'s new games get a thread each (``/cardroom threads``; read
        once, then cached)."""
        if guild_id not in self._wanted:
            self._wanted[guild_id] = (await self.storage.guilds.get(guild_id)).threads
        return self._wanted[guild_id]

    async def choose(self, guild_id: int, on: bool) -> None:
        """Store an admin's choice."""
        await self.storage.guilds.set(guild_id, threads=on)
        self._wanted[guild_id] = on

    # -- making threads ----------------------------------------------------------------------

    async def open_from(self, record: GameRecord, message_id: int) -> int | None:
        """Start the thread of ``record`` (a lobby whose card is ``message_id`` in its
        channel); its id (the card's), or ``None`` when Discord refused or failed."""
        _ = await self.languages.public(record.guild_id)
        name = thread_name(record, _)
        try:
            data = await self.client.http.start_thread_with_message(
                record.parent_id or record.channel_id,
                message_id,
                name=name,
                auto_archive_duration=AUTO_ARCHIVE_MINUTES,
            )
        except (discord.HTTPException, aiohttp.ClientError, OSError) as exc:
            log.warning("could not start the thread of game %s: %s", record.id, _failed(exc))
            return None
        self._names[record.id] = Naming(name)  # made, not renamed: a rename may follow at once
        return int(data["id"])

    async def open_bare(self, record: GameRecord) -> int | None:
        """Start a new thread for ``record`` in the channel of its card, without a starter
        message (its thread was lost); its id, or ``None``."""
        _ = await self.languages.public(record.guild_id)
        name = thread_name(record, _)
        try:
            data = await self.client.http.start_thread_without_message(
                record.parent_id or record.channel_id,
                name=name,
                auto_archive_duration=AUTO_ARCHIVE_MINUTES,
                type=discord.ChannelType.public_thread.value,
            )
        except (discord.HTTPException, aiohttp.ClientError, OSError) as exc:
            log.warning("could not start a new thread for game %s: %s", record.id, _failed(exc))
            return None
        self._names[record.id] = Naming(name)  # made, not renamed: a rename may follow at once
        return int(data["id"])

    async def open_post(
        self, record: GameRecord, forum: discord.ForumChannel
    ) -> tuple[int, int] | None:
        """Start ``record``'s post in ``forum``, its card as the first message: ``(thread id,
        card id)``, or ``None`` when Discord refused or failed."""
        _ = await self.languages.public(record.guild_id)
        name = thread_name(record, _)
        try:
            made = await forum.create_thread(
                name=name,
                view=await self._card(record, _),
                auto_archive_duration=AUTO_ARCHIVE_MINUTES,
                allowed_mentions=discord_io.NOTHING,
            )
        except (discord.HTTPException, aiohttp.ClientError, OSError) as exc:
            log.warning("could not start the post of game %s: %s", record.id, _failed(exc))
            return None
        self._names[record.id] = Naming(name)  # made, not renamed: a rename may follow at once
        return made.thread.id, made.message.id

    # -- naming ------------------------------------------------------------------------------

    def rename(self, game_id: int) -> None:
        """Name the game's thread after its seats, in the background: at once, or
        ``rename_interval`` after the last rename (the newest seats then)."""
        self.spawn(self._rename(game_id), f"rename the thread of game {game_id}")

    async def _rename(self, game_id: int) -> None:
        async with self._renaming(game_id):
            if self._closed:
                return
            record = await self.service.record(game_id)
            if not record.in_thread or not record.is_open:
                return
            _ = await self.languages.public(record.guild_id)
            name = thread_name(record, _)
            naming = self._names.setdefault(game_id, Naming())
            if naming.name == name:
                return
            now = asyncio.get_running_loop().time()
            wait = 0.0 if naming.at is None else naming.at + self.rename_interval - now
            if wait > 0:
                if game_id not in self._later:
                    self._later[game_id] = asyncio.create_task(self._rename_after(game_id, wait))
                return
            try:
                await self.client.http.edit_channel(record.channel_id, name=name)
            except (discord.HTTPException, aiohttp.ClientError, OSError) as exc:
                log.info("could not rename the thread of game %s: %s", game_id, _failed(exc))
                return
            naming.name, naming.at = name, now

    async def _rename_after(self, game_id: int, wait: float) -> None:
        try:
            await asyncio.sleep(wait)
        finally:
            self._later.pop(game_id, None)
        self.rename(game_id)

    # -- the card ----------------------------------------------------------------------------

    async def _card(self, record: GameRecord, _: Translator) -> discord.ui.LayoutView:
        """``record``'s card, or its lobby (its people's reliability records beside their
        names) while it shows as one."""
        people = [s.user_id for s in record.seats if s.user_id is not None]
        records = await self.storage.reliability.records(record.guild_id, people)
        return card_layout(record, _) or lobby_layout(record, _, records)

    async def refresh_card(self, record: GameRecord) -> None:
        """Show ``record`` on its card; a card that was deleted is posted again (in the
        channel, or in a forum post's thread) and remembered."""
        stored = await self.storage.messages.get(record.id, LOBBY)
        _ = await self.languages.public(record.guild_id)
        view = await self._card(record, _)
        if stored is not None:
            channel = self.client.get_partial_messageable(
                stored.channel_id, guild_id=record.guild_id
            )
            edited = await discord_io.edit(
                channel.get_partial_message(stored.message_id), view=view
            )
            if edited is not discord_io.Edit.GONE:
                return
            log.info("the card of game %s was deleted: posting it again", record.id)
        where = record.parent_id if record.parent_id is not None else record.channel_id
        if self._is_forum(record.guild_id, where):
            where = record.channel_id  # a forum takes posts only: the card goes in the post
        channel = self.client.get_partial_messageable(where, guild_id=record.guild_id)
        posted = await discord_io.send(channel, view=view)
        if posted is not None:
            await self.storage.messages.set(record.id, LOBBY, where, posted.id)

    def _is_forum(self, guild_id: int, channel_id: int) -> bool:
        guild = self.client.get_guild(guild_id)
        channel = guild.get_channel(channel_id) if guild is not None else None
        return isinstance(channel, discord.ForumChannel)

    # -- spectators --------------------------------------------------------------------------

    async def add_member(self, record: GameRecord, user_id: int) -> discord_io.Edit:
        """Add ``user_id`` to the game's thread (Discord notifies them of it from now on);
        ``DONE``, ``GONE`` (no thread any more), ``REFUSED`` or ``FAILED``."""
        return await self._members(record, user_id, add=True)

    async def remove_member(self, record: GameRecord, user_id: int) -> discord_io.Edit:
        """Take ``user_id`` out of the game's thread; ``REFUSED`` without Manage Threads."""
        return await self._members(record, user_id, add=False)

    async def _members(self, record: GameRecord, user_id: int, *, add: bool) -> discord_io.Edit:
        http = self.client.http
        for attempt in (1, 2):
            try:
                if add:
                    await http.add_user_to_thread(record.channel_id, user_id)
                else:
                    await http.remove_user_from_thread(record.channel_id, user_id)
                return discord_io.Edit.DONE
            except discord.NotFound as exc:
                if exc.code == 10007:  # not a member (any more): nothing to take out
                    return discord_io.Edit.DONE
                return discord_io.Edit.GONE
            except discord.HTTPException as exc:
                if (
                    exc.code == ARCHIVED
                    and attempt == 1
                    and await self.unarchive(record.channel_id)
                ):
                    continue
                log.info("thread members of game %s: %s", record.id, _failed(exc))
                return discord_io.Edit.REFUSED
            except (aiohttp.ClientError, OSError) as exc:
                log.info("thread members of game %s: %r", record.id, exc)
                return discord_io.Edit.FAILED
        return discord_io.Edit.REFUSED

    async def unarchive(self, thread_id: int) -> bool:
        """Unarchive ``thread_id``; whether it is active now."""
        return await discord_io.unarchive(self.client, thread_id)

    # -- the end -----------------------------------------------------------------------------

    async def ended(self, record: GameRecord, card: bool = True) -> None:
        """``record`` has ended: its card shows how (unless ``card`` is false: it was
        shown already), and its thread is archived ``archive_after`` seconds from now."""
        if record.parent_id is None:
            return
        if card:
            await self.refresh_card(record)
        self._names.pop(record.id, None)
        if not record.in_thread:
            return
        due = self.clock.now() + timedelta(seconds=self.archive_after)
        await self.storage.threads.archive_later(record.id, record.channel_id, due)
        self._archive_at(record.id, record.channel_id, due)

    def _archive_at(self, game_id: int, thread_id: int, due: Any) -> None:
        if self._closed or game_id in self._later:
            return

        async def archive() -> None:
            try:
                await self.clock.sleep_until(due)
            finally:
                self._later.pop(game_id, None)
            self.spawn(self.archive(game_id, thread_id), f"archive the thread of game {game_id}")

        self._later[game_id] = asyncio.create_task(archive())

    async def archive(self, game_id: int, thread_id: int) -> None:
        """Archive the thread of the ended ``game_id`` now (a thread gone or refused is given
        up: the card keeps the result)."""
        try:
            await self.client.http.edit_channel(thread_id, archived=True)
        except discord.HTTPException as exc:
            if exc.status >= 500:
                log.info("archiving thread %s failed; tried again at the next start", thread_id)
                return
            log.info("could not archive thread %s: %s", thread_id, _failed(exc))
        except (aiohttp.ClientError, OSError) as exc:
            log.info("archiving thread %s failed: %r", thread_id, exc)
            return
        await self.storage.threads.archived(game_id)

    async def schedule_archives(self, owns: Callable[[int], bool]) -> None:
        """At start-up: archive the threads (of the guilds ``owns`` says are this process's)
        whose time came while the bot was away, and wait for the others."""
        for guild_id, game_id, thread_id, due in await self.storage.threads.archives():
            if owns(guild_id):
                self._archive_at(game_id, thread_id, due)

    def stop(self) -> None:
        """Stop waiting (shutdown): renames and archives that wait are made at the next start
        (archives) or the next change (renames)."""
        self._closed = True
        for task in list(self._later.values()):
            task.cancel()
        self._later.clear()


ARCHIVED = discord_io.ARCHIVED_THREAD
