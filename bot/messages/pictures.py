"""The pictures on a guild's messages: whether the guild wants them (``/cardroom pictures``,
stored per guild, on by default), whether the bot may attach files in the channel, and the
table's or a seat's picture of a stored game, drawn by the painter off the event loop.

How a picture rides on a message (docs/discord.md, "Pictures"): a Components V2 layout holds
a media gallery whose item is ``attachment://NAME``, and the file NAME is uploaded in that
same request, every time: ``files=`` on a send or an interaction's answer, ``attachments=``
(that file alone, so that the earlier one is dropped) on an edit or an update. No request
names a file uploaded by an earlier one (documented for embeds, not for components; Discord
refuses it at times), so nobody needs to know which picture a message shows now. Every such
request goes through the :class:`~bot.messages.picture_guard.PictureGuard`
(:attr:`Pictures.guard`): refused with its picture, it is made again without.
"""

from __future__ import annotations

import io
from typing import Any

import discord

import engine
from bot.i18n import translator
from bot.messages.picture_guard import PictureGuard, Route
from bot.pictures.base import Picture, PictureContext
from bot.pictures.painter import Painter
from bot.texts.rendering import ended_early, seat_view
from bot.texts.seat_names import seat_labels
from storage import GameRecord, Storage


def as_file(picture: Picture) -> discord.File:
    """A fresh upload of ``picture`` (discord.py closes a file once it is sent). Its alt text
    rides on the media gallery item that shows it (``layouts.gallery``), not on the upload as
    well: a Components V2 message shows its files only through components, and the same
    1,024 characters twice would cost a body up to 4 KB of its 8,000 bytes."""
    return discord.File(io.BytesIO(picture.data), filename=picture.name)


def send_files(picture: Picture | None) -> dict[str, Any]:
    """The arguments of a send that posts ``picture`` (none without one)."""
    return {"files": [as_file(picture)]} if picture is not None else {}


def edit_files(picture: Picture | None) -> dict[str, Any]:
    """The arguments of an edit (of a message, of an interaction's answer, or an update) so
    that the message shows ``picture``: its file uploaded in this very request, as the only
    attachment kept; without a picture, no attachment at all."""
    return {"attachments": [as_file(picture)] if picture is not None else []}


class Pictures:
    """Which guilds want pictures (read once per guild, then cached) and their drawing."""

    def __init__(self, storage: Storage, client: discord.Client, painter: Painter) -> None:
        self.storage = storage
        self.client = client
        self.painter = painter
        self._wanted: dict[int, bool] = {}
        self.guard = PictureGuard(client)
        """Pictures Discord refused, held off per channel and form of request."""

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

    async def _allowed(self, record: GameRecord, route: Route | None) -> bool:
        if not await self.wanted(record.guild_id):
            return False
        if not self.can_attach(record.guild_id, record.channel_id):
            return False
        if route is not None and self.guard.held(route):
            self.guard.went_without()
            return False
        return True

    async def table(
        self,
        record: GameRecord,
        state: engine.GameState,
        language: str,
        *,
        urgent: bool = False,
        route: Route | None = None,
    ) -> Picture | None:
        """The public table's picture in ``language`` (``None``: none for this guild, game
        or channel, or held off on ``route``, where it is to ride); ``urgent``: an
        interaction's answer waits for it."""
        if not await self._allowed(record, route):
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
        route: Route | None = None,
    ) -> Picture | None:
        """``seat``'s private screen's picture in ``language``, from that seat's view
        (``urgent``, the default: an interaction's answer waits for it; ``None`` also when
        held off on ``route``, where it is to ride)."""
        if not await self._allowed(record, route):
            return None
        ctx = self._context(record, language)
        view = seat_view(record, state, seat)
        return await self.painter.picture(record.game_name, "seat", view, ctx, urgent=urgent)

    @staticmethod
    def _context(record: GameRecord, language: str) -> PictureContext:
        _ = translator(language)
        return PictureContext(language, seat_labels(record, _, short=True), ended_early(record))
