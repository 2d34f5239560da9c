"""Seasons: ``/game leaderboard [season:]`` with its suggestions, ``/cardroom season start``
with its confirmation, and each player's season and all-time ratings under ``/game stats``.

Every answer is private (ephemeral), but for the notice of a season's end, posted in the
channel where an admin confirmed it. Names given by default (and season 1's name, the first
time a season is closed) are in the server's public language: a season's name is the
server's, as a channel's is.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord
from discord import app_commands

import engine
from bot.context import Cardroom
from bot.handlers.admin import require_admin
from bot.handlers.replies import ephemeral, guarded, say
from bot.i18n import N_, Translator
from bot.messages import discord_io, layouts
from bot.messages.history_views import confirm
from bot.messages.languages import tr
from bot.messages.season_views import SeasonStartButton
from bot.service.errors import UserError
from bot.service.seasons import (
    ALL_TIME,
    CURRENT,
    Seasons,
    default_name,
    new_name,
    season_name,
)
from bot.texts.history import game_title
from bot.texts.seasons import (
    all_time_choice,
    season_board_text,
    season_choice,
    season_over,
    standing_lines,
    start_question,
)
from storage.seasons import Season

log = logging.getLogger(__name__)

CHOICES = 25
"""Suggestions Discord shows at most."""


class SeasonHandlers:
    """Handlers of the seasons' commands and components."""

    def __init__(self, room: Cardroom) -> None:
        self.room = room

    @property
    def seasons(self) -> Seasons:
        return Seasons(self.room.storage)

    @staticmethod
    def _guild(interaction: discord.Interaction) -> int:
        if interaction.guild_id is None:
            raise UserError(N_("Games are played in server channels."))
        return interaction.guild_id

    @guarded("/game leaderboard")
    async def leaderboard(
        self, interaction: discord.Interaction, game_name: str, season: str | None
    ) -> None:
        """A leaderboard of one game: the current season's, a past one's by name, or the
        all-time one, with the caller's own place."""
        _ = tr(interaction)
        shown = await self.seasons.leaderboard(
            self._guild(interaction), game_name, interaction.user.id, season
        )
        await say(interaction, season_board_text(shown, _))

    async def season_choices(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        """Suggestions for ``season:``: the current season, the past ones newest first, and
        all time, those that hold what was typed (all time always among them: the oldest
        seasons make room for it when there are more than Discord shows)."""
        game_name = getattr(interaction.namespace, "game", None)
        if interaction.guild_id is None:
            return []
        _ = tr(interaction)
        offered: list[tuple[str, str]] = []
        if isinstance(game_name, str) and game_name:
            for season in await self.seasons.seasons(interaction.guild_id, game_name):
                value = CURRENT if season.current else season_name(season, _)
                offered.append((season_choice(season, _), value))
        offered.append((all_time_choice(_), ALL_TIME))
        wanted = typed.casefold().strip()
        found = [
            app_commands.Choice(name=name[:100], value=value)
            for name, value in offered
            if wanted in name.casefold() or wanted in value.casefold()
        ]
        if len(found) > CHOICES and found[-1].value == ALL_TIME:
            return found[: CHOICES - 1] + found[-1:]
        return found[:CHOICES]

    async def _names(
        self, guild_id: int, game_name: str, current: Season, given: str | None
    ) -> tuple[str, str, Translator]:
        """The names of the season closing and of the one starting (the admin's, else the
        default), in the server's public language (returned too)."""
        public = await self.room.languages.public(guild_id)
        closing = season_name(current, public)
        starting = (
            new_name(given) if given is not None else default_name(current.number + 1, public)
        )
        return closing, starting, public

    @guarded("/cardroom season start")
    async def start(
        self, interaction: discord.Interaction, game_name: str, name: str | None
    ) -> None:
        """Ask the admin to confirm closing the current season of a game."""
        require_admin(interaction)
        _ = tr(interaction)
        guild_id = self._guild(interaction)
        current = await self.seasons.current(guild_id, game_name)
        closing, starting, _public = await self._names(guild_id, game_name, current, name)
        await self.seasons.check_free(guild_id, game_name, starting, closing)
        given = None if name is None else starting
        yes = SeasonStartButton(
            game_name, current.number, True, _("Start {season}", season=starting), given
        )
        no = SeasonStartButton(
            game_name, current.number, False, _("Keep {season} going", season=closing)
        )
        question = start_question(game_title(game_name, _), closing, starting, _)
        await ephemeral(interaction, view=confirm(question, yes, no))

    @guarded("season start confirmation")
    async def on_start(
        self,
        interaction: discord.Interaction,
        game_name: str,
        current: int,
        confirmed: bool,
        name: str | None,
    ) -> None:
        """The confirmation's buttons: close season ``current`` and start the next, or
        change nothing."""
        require_admin(interaction)
        _ = tr(interaction)
        guild_id = self._guild(interaction)
        title = game_title(game_name, _)
        season = await self.seasons.current(guild_id, game_name)
        closing, starting, public = await self._names(guild_id, game_name, season, name)
        if confirmed and season.number != current:  # a second click, or another admin's
            raise UserError(
                N_("That season of {title} is already over: nothing changed."),
                title=[engine.get_game(game_name).info.title],
            )
        if not confirmed:
            text = _("Nothing changed: {season} of {title} goes on.", season=closing, title=title)
            await interaction.response.edit_message(view=layouts.notice(text))
            return
        first_name = default_name(1, public)
        closed, started = await self.seasons.start(
            guild_id, game_name, current, starting, first_name
        )
        log.info(
            "guild %s: season %d of %s closed by admin %s",
            guild_id,
            closed.number,
            game_name,
            interaction.user.id,
        )
        text = _(
            "{closed} of {title} is over, its leaderboard kept as it stood; {started} starts now.",
            closed=closed.name,
            title=title,
            started=started.name,
        )
        await interaction.response.edit_message(view=layouts.notice(text))
        if interaction.channel_id is not None:
            self.room.spawn(
                self._announce(interaction.channel_id, guild_id, game_name, closed, started),
                f"season end notice in guild {guild_id}",
            )

    async def _announce(
        self, channel_id: int, guild_id: int, game_name: str, closed: Season, started: Season
    ) -> None:
        """Tell the channel, in the server's language, that a season is over: its final
        top players (named, not pinged) and the season that starts."""
        public = await self.room.languages.public(guild_id)
        board = await self.room.storage.seasons.leaderboard(guild_id, game_name, closed.number)
        text = season_over(
            game_title(game_name, public),
            season_name(closed, public),
            season_name(started, public),
            board.top,
            public,
        )
        channel = self.room.channel(channel_id, guild_id)
        await discord_io.send(channel, view=layouts.notice(text))


async def rating_lines(
    room: Cardroom, guild_id: int, user_id: int, game_names: Sequence[str], _: Translator
) -> list[str]:
    """The ratings under ``/game stats``: in each game, this season's and the all-time."""
    if not game_names:
        return []
    standings = await Seasons(room.storage).standings(guild_id, user_id, game_names)
    return standing_lines(standings, _)
