"""The pictures on a guild's messages: whether the guild wants them (``/cardroom pictures``,
stored per guild, on by default), whether the bot may attach files in the channel, and the
table's or a seat's picture of a stored game, drawn by the painter off the event loop.

How a picture rides on a message (Discord's way): a Components V2 layout holds a media
gallery whose item is ``attachment://NAME``, the file uploaded with ``files=`` on a send and
``attachments=`` on an edit. An edit that lists attachments drops the others, so a new
picture replaces the old one in the same request; an edit that lists none keeps them, so a
picture that did not change is not uploaded again (:func:`edit_files`).
"""

from __future__ import annotations

import io
from typing import Any

import discord

import engine
from bot.i18n import translator
from bot.pictures.base import Picture, PictureContext
from bot.pictures.painter import Painter
from bot.texts.rendering import ended_early, seat_view
from bot.texts.seat_names import seat_labels
from storage import GameRecord, Storage

UNKNOWN = "?"
"""What a message is known to show when nobody knows (after a restart, a failed edit)."""


def as_file(picture: Picture) -> discord.File:
    """A fresh upload of ``picture`` (discord.py closes a file once it is sent). Its alt text
    rides on the media gallery item that shows it (``layouts.gallery``), not on the upload as
    well: a Components V2 message shows its files only through components, and the same
    1,024 characters twice would cost a body up to 4 KB of its 8,000 bytes."""
    return discord.File(io.BytesIO(picture.data), filename=picture.name)


def send_files(picture: Picture | None) -> dict[str, Any]:
    """The arguments of a send that posts ``picture`` (none without one)."""
    return {"files": [as_file(picture)]} if picture is not None else {}


def edit_files(picture: Picture | None, shown: str | None) -> dict[str, Any]:
    """The arguments of an edit of a message showing the picture named ``shown`` (``None``:
    none; :data:`UNKNOWN`: maybe one) so that it shows ``picture``: the new file when the
    picture changed, no attachment at all when there is none now, nothing (the attachment is
    kept, not uploaded again) when it is the same."""
    if picture is not None:
        return {} if shown == picture.name else {"attachments": [as_file(picture)]}
    return {} if shown is None else {"attachments": []}


class Pictures:
    """Which guilds want pictures (read once per guild, then cached) and their drawing."""

    def __init__(self, storage: Storage, client: discord.Client, painter: Painter) -> None:
        self.storage = storage
        self.client = client
        self.painter = painter
        self._wanted: dict[int, bool] = {}

    async def wanted(self, guild_id: int) -> bool:
        """Whether ``guild_id``'s messages carry pictures."""
        if guild_id not in self._wanted:
            self._wanted[guild_id] = (await self.storage.guilds.get(guild_id)).pictures
        return self._wanted[guild_id]

    async def choose(self, guild_id: int, on: bool) -> None:
        """Store an admin's choice."""
        await self.storage.guilds.set(guild_id, pictures=on)
        self._wanted[guild_id] = on

    def can_attach(self, guild_id: int, channel_id: int) -> bool:
        """Whether the bot may attach files in the channel, as far as the client's cache
        knows (a channel it does not know: yes, and Discord's answer tells)."""
        guild = self.client.get_guild(guild_id)
        channel = guild.get_channel(channel_id) if guild is not None else None
        if guild is None or channel is None or guild.me is None:
            return True
        return channel.permissions_for(guild.me).attach_files

    async def _allowed(self, record: GameRecord) -> bool:
        return await self.wanted(record.guild_id) and self.can_attach(
            record.guild_id, record.channel_id
        )

    async def table(
        self, record: GameRecord, state: engine.GameState, language: str, *, urgent: bool = False
    ) -> Picture | None:
        """The public table's picture in ``language`` (``None``: none for this guild, game
        or channel); ``urgent``: an interaction's answer waits for it."""
        if not await self._allowed(record):
            return None
        ctx = self._context(record, language)
        view = engine.view(state, None)
        return await self.painter.picture(record.game_name, "table", view, ctx, urgent=urgent)

    async def seat(
        self,
        record: GameRecord,
        state: engine.GameState,
        seat: int,
        language: str,
        *,
        urgent: bool = True,
    ) -> Picture | None:
        """``seat``'s private screen's picture in ``language``, from that seat's view
        (``urgent``, the default: an interaction's answer waits for it)."""
        if not await self._allowed(record):
            return None
        ctx = self._context(record, language)
        view = seat_view(record, state, seat)
        return await self.painter.picture(record.game_name, "seat", view, ctx, urgent=urgent)

    @staticmethod
    def _context(record: GameRecord, language: str) -> PictureContext:
        _ = translator(language)
        return PictureContext(language, seat_labels(record, _, short=True), ended_early(record))
