"""A tournament's standings message (issue 52): its text (``bot.texts.tournaments``) under the
standings' picture (``bot.pictures.standings``), where the guild wants pictures and the bot may
attach files in the card's channel.

The picture is drawn off the event loop (``Painter.apart``) each time the standings change,
and uploaded in full with every post and edit that shows it, as the tables' pictures are
(docs/discord.md, "Pictures": no request names a file uploaded by an earlier one). Every such
request goes through the picture guard (``bot.messages.picture_guard``): refused with its
picture, it is made again at once with the text alone, and pictures are held off on that route
for a while; the standings never wait for a picture Discord will not take.
"""

from __future__ import annotations

import functools
from typing import Any

import discord

from bot.i18n import Translator
from bot.messages import discord_io, layouts
from bot.messages.picture_guard import EDIT, POST, Route
from bot.messages.pictures import Pictures, edit_files, send_files
from bot.pictures.base import Picture
from bot.pictures.standings import standings_picture
from bot.service import tournaments as T
from bot.service.tournament_setup import level_of, number_of, user_of
from bot.texts.history import game_title
from bot.texts.seat_names import automatic_name
from bot.texts.tournaments import TIE_BREAK_NAMES, standings_text
from storage.tournaments import TournamentRow


def picture_names(row: TournamentRow, record: T.Tournament, _: Translator) -> dict[str, str]:
    """Each entrant's name as the picture draws it: a person's display name when they joined
    (unknown: left out, the picture says "Player N"), an automatic player as "AI 2 (greedy)"
    (its number in the sign-up, as the standings' text numbers it)."""
    names = {}
    for entrant in record.entrants:
        user = user_of(entrant.id)
        if user is None:
            level, number = level_of(entrant.id), number_of(entrant.id)
            names[entrant.id] = automatic_name(level, _, number, short=True)
        elif (name := row.name_of(user)) is not None:
            names[entrant.id] = name
    return names


def layout(text: str, picture: Picture | None) -> discord.ui.LayoutView:
    """The standings message: ``picture`` (if any) above ``text``."""
    view = layouts.notice(text)
    if picture is not None:
        text_item = view.children[0]
        view.remove_item(text_item)
        view.add_item(layouts.gallery(picture))
        view.add_item(text_item)
    return view


class StandingsMessage:
    """Draws, posts and edits a tournament's standings message over ``pictures`` (which
    guilds want pictures, the painter, the guard)."""

    def __init__(self, pictures: Pictures) -> None:
        self.pictures = pictures

    async def picture(
        self, row: TournamentRow, record: T.Tournament, _: Translator, route: Route
    ) -> Picture | None:
        """The standings' picture now, in the guild's language; ``None`` where the guild
        wants none, the bot may not attach files, pictures are held off on ``route``, or the
        drawing failed."""
        pictures = self.pictures
        if not await pictures.wanted(row.guild_id):
            return None
        if not pictures.can_attach(row.guild_id, row.channel_id):
            return None
        if pictures.guard.held(route):
            pictures.guard.went_without()
            return None
        return await pictures.painter.apart(
            standings_picture,
            T.standings(record),
            picture_names(row, record, _),
            {name: _(label) for name, label in TIE_BREAK_NAMES.items()},
            title=f"{game_title(row.game_name, _)} · #{row.id}",
            total_rounds=T.total_rounds(record),
            language=_.language,
        )

    async def post(
        self, channel: discord.abc.Messageable, row: TournamentRow, record: T.Tournament,
        _: Translator,
    ) -> discord.Message | None:  # fmt: skip
        """Post the standings (with their picture); the message, or ``None`` (logged) when
        Discord refused or failed it even without the picture."""
        text = standings_text(row, record, _)
        route = Route(row.channel_id, POST)
        drawn = await self.picture(row, record, _, route)

        async def post(picture: Picture | None) -> discord.Message:
            fresh = functools.partial(send_files, picture)  # new files for each try
            view = layout(text, picture)
            return await discord_io.post(
                channel, view=view, fresh=fresh, allowed_mentions=discord_io.NOTHING
            )

        try:
            return await self.pictures.guard.carry(route, drawn, post)
        except BaseException as exc:
            if not discord_io.unsent(exc, f"posting the standings of tournament {row.id}"):
                raise
            return None

    async def edit(
        self, message: discord.PartialMessage, row: TournamentRow, record: T.Tournament,
        _: Translator,
    ) -> discord_io.Edit:  # fmt: skip
        """Edit the standings message to the standings now, their picture uploaded again
        (the one before dropped in the same request); what became of the edit."""
        text = standings_text(row, record, _)
        route = Route(row.channel_id, EDIT)
        drawn = await self.picture(row, record, _, route)

        async def edit(picture: Picture | None) -> Any:
            return await message.edit(view=layout(text, picture), **edit_files(picture))

        return await discord_io.outcome(message.id, self.pictures.guard.carry(route, drawn, edit))
