"""Tournaments in Discord: ``/cardroom tournament new|remove|export``, the sign-up card's
components, ``/game tournament``. What follows a change (the round's tables in threads, the
card, the standings, the clock) is ``bot.handlers.tournament_events``'.

Who may do what: anyone joins, leaves the sign-up or drops out of their own tournament; the
organiser — or a member with Manage Server — starts it, adds or removes automatic players
in sign-up and removes a player.
"""

from __future__ import annotations

import io
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import discord

from bot.context import Cardroom
from bot.handlers.admin import require_admin
from bot.handlers.replies import ephemeral, guarded, say
from bot.handlers.tournament_events import TournamentEvents
from bot.i18n import N_, Translator
from bot.messages import discord_io, layouts
from bot.messages.languages import tr
from bot.messages.tournament_views import confirm_drop
from bot.service import tournaments as T
from bot.service.errors import UserError
from bot.service.tournament_play import Progress, record_of, settings_of
from bot.service.tournament_setup import automatic_levels, settings_for
from bot.texts.tournaments import where_text
from bot.texts.typed_times import parse_until
from storage.tournaments import TournamentNotFound, TournamentRow

log = logging.getLogger(__name__)

NOT_ORGANISER = N_("Only the organiser or a member with Manage Server can do that.")


def organises(interaction: discord.Interaction, row: TournamentRow) -> bool:
    """Whether the interaction's user may run ``row``: its organiser, or a member with Manage
    Server in its guild."""
    if interaction.user.id == row.organiser_id:
        return True
    permissions = interaction.permissions
    return interaction.guild_id == row.guild_id and (
        permissions.manage_guild or permissions.administrator
    )


@asynccontextmanager
async def _known() -> AsyncIterator[None]:
    """A tournament that no longer exists (a forged or very old ``custom_id``) is a user
    error, not a crash."""
    try:
        yield
    except TournamentNotFound:
        raise UserError(N_("That tournament no longer exists.")) from None


class TournamentHandlers:
    """Handlers of the tournament commands and components (see the module)."""

    def __init__(self, room: Cardroom) -> None:
        self.room = room
        self.events = TournamentEvents(room)
        room.tournaments = self.events
        self.play = self.events.play

    # -- commands ------------------------------------------------------------------------------

    @guarded("/cardroom tournament new")
    async def new(
        self,
        interaction: discord.Interaction,
        game_name: str,
        format: str,
        rounds: int,
        pace: str,
        seats: int | None,
        min_reliability: int | None,
        starts: str | None = None,
        automatic: int = 0,
        level: str | None = None,
    ) -> None:
        """Post a tournament's sign-up card in this channel (Manage Server): ``starts``, a time
        people type (``bot.texts.typed_times``) it starts at by itself; ``automatic``
        automatic players of ``level`` signed up at once."""
        require_admin(interaction)
        guild_id, channel_id = interaction.guild_id, interaction.channel_id
        assert guild_id is not None and channel_id is not None  # require_admin: a guild
        _ = tr(interaction)
        starts_at = None
        if starts:
            now = self.room.service.deadlines.clock.now()
            starts_at = parse_until(starts, now, _.language)
            if starts_at is None or starts_at <= now:
                raise UserError(
                    N_(
                        "I cannot read “{text}” as a time to come: try 2026-12-24, 3 hours or "
                        "2 days."
                    ),
                    text=starts[:40],
                )
        settings = settings_for(game_name, format, rounds, pace, seats, min_reliability)
        levels = automatic_levels(game_name, settings.seats, automatic, level)
        settings = settings.model_copy(update={"automatic": levels, "starts_at": starts_at})
        row = await self.play.create(guild_id, channel_id, interaction.user.id, game_name, settings)
        public = await self.room.languages.public(guild_id)
        await interaction.response.send_message(
            view=self.events.card(row, public), allowed_mentions=discord_io.NOTHING
        )
        message = await interaction.original_response()
        await self.room.storage.tournaments.set_messages(row.id, card_id=message.id)
        self.events.clock.schedule(row.id, starts_at)

    @guarded("tournament button")
    async def on_button(self, interaction: discord.Interaction, tournament: int, op: str) -> None:
        """A card's button: Join, Leave, Drop out (asks first), the organiser's Start and
        "Remove an automatic player"; the drop-out's confirmation."""
        async with _known():
            row = await self.room.storage.tournaments.get(tournament)
            if op in ("start", "remove_ai"):
                await self._organised(interaction, row, op)
            elif op == "join":
                user = interaction.user
                await self._card(
                    interaction, await self.play.join(tournament, user.id, user.display_name)
                )
            elif op == "leave":
                await self._leave(interaction, row)
            elif op == "drop":
                await self._ask_drop(interaction, row)
            else:
                await self._drop(interaction, row)

    @guarded("tournament automatic player")
    async def on_level(self, interaction: discord.Interaction, tournament: int, level: str) -> None:
        """The card's "Add an automatic player" menu (the organiser, during sign-up)."""
        async with _known():
            row = await self.room.storage.tournaments.get(tournament)
            if not organises(interaction, row):
                raise UserError(NOT_ORGANISER)
            row = await self.play.add_automatic(tournament, row.organiser_id, level)
            await self._card(interaction, row)

    async def _organised(
        self, interaction: discord.Interaction, row: TournamentRow, op: str
    ) -> None:
        if not organises(interaction, row):
            raise UserError(NOT_ORGANISER)
        if op == "remove_ai":
            await self._card(
                interaction, await self.play.remove_automatic(row.id, row.organiser_id)
            )
            return
        if row.status != "signup":
            raise UserError(N_("This tournament has already started or ended."))
        if len(row.signups) + len(settings_of(row).automatic) < 2:  # said before deferring
            raise UserError(N_("Not enough players have joined to start."))
        await interaction.response.defer()  # pairing and opening the tables takes a while
        progress = await self.play.start(row.id, row.organiser_id, self.events.place)
        await self.events.show(progress)

    async def _card(self, interaction: discord.Interaction, row: TournamentRow) -> None:
        public = await self.room.languages.public(row.guild_id)
        await interaction.response.edit_message(view=self.events.card(row, public))

    async def _leave(self, interaction: discord.Interaction, row: TournamentRow) -> None:
        if row.status != "signup":
            raise UserError(N_("Sign-up for this tournament is closed."))
        progress = await self.play.leave(row.id, interaction.user.id)
        await self._card(interaction, progress.row)

    async def _ask_drop(self, interaction: discord.Interaction, row: TournamentRow) -> None:
        _ = tr(interaction)
        where = await self.play.where(row.id, interaction.user.id)  # refuses a stranger
        if where.whereabouts.status != "active":
            raise UserError(N_("You are out of this tournament already."))
        text = _(
            "Drop out of tournament #{number}? You will not be paired again; your results so "
            "far stay in the standings. A table you are playing now is played out and counts.",
            number=row.id,
        )
        await ephemeral(interaction, view=confirm_drop(text, row.id, _("Drop out")))

    async def _drop(self, interaction: discord.Interaction, row: TournamentRow) -> None:
        _ = tr(interaction)
        progress = await self.play.leave(row.id, interaction.user.id)
        text = _(
            "You are out of tournament #{number}: you will not be paired again.", number=row.id
        )
        await interaction.response.edit_message(view=layouts.notice(text))
        self.room.spawn(self.events.show(progress), f"tournament {row.id} drop-out")

    @guarded("/game tournament")
    async def where(self, interaction: discord.Interaction) -> None:
        """Where the caller stands in their newest tournament in this server."""
        _ = tr(interaction)
        user = interaction.user.id
        row = await self.room.storage.tournaments.latest_for(interaction.guild_id or 0, user)
        if row is None:
            raise UserError(N_("You are not playing in a tournament in this server."))
        if row.status == "signup":
            await say(interaction, _("You are signed up; the organiser starts the tournament."))
            return
        found = await self.play.where(row.id, user)
        thread = None
        if found.game_id is not None:
            thread = (await self.room.storage.games.get_game(found.game_id)).channel_id
        record = record_of(found.row)
        assert record is not None  # it has started
        await say(interaction, where_text(found.row, record, found.whereabouts, thread, _))

    @guarded("/cardroom tournament remove")
    async def remove(self, interaction: discord.Interaction, player: discord.abc.User) -> None:
        """Remove a player from this channel's running tournament: not paired again, their
        running table's seat played by the automatic player."""
        row = await self._here(interaction)
        if not organises(interaction, row):
            raise UserError(NOT_ORGANISER)
        progress = await self.play.remove(row.id, row.organiser_id, player.id)
        _ = tr(interaction)
        await say(interaction, _("{player} is out of the tournament.", player=player.mention))
        self.room.spawn(self._removed(progress, player.id), f"tournament {row.id} removal")

    async def _removed(self, progress: Progress, user_id: int) -> None:
        room = self.room
        for game_id in progress.handed:  # the automatic player's moves now due, the table
            room.tables.request(game_id)
            await room.followups.play_automatic(game_id)
        await self._tell_removed(progress, user_id)
        await self.events.show(progress)

    async def _tell_removed(self, progress: Progress, user_id: int) -> None:
        """Tell ``user_id`` the organiser removed them: in the thread of the table they were
        playing (a mention there), else by a direct message (in their own language)."""
        room, row = self.room, progress.row
        for game_id in progress.handed:
            record = await room.storage.games.get_game(game_id)
            _ = await room.languages.public(record.guild_id)
            text = _(
                "⛔ <@{user}>, the organiser removed you from tournament #{number}: the "
                "automatic player plays for you at this table from now on. Your results so "
                "far stay in the standings.",
                user=user_id,
                number=row.id,
            )
            await discord_io.send(  # content, as the pings: it notifies them
                room.channel(record.channel_id, record.guild_id),
                content=text,
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]),
            )
        if progress.handed:
            return

        def direct(_: Translator) -> discord.ui.LayoutView:
            return layouts.notice(
                _(
                    "⛔ The organiser removed you from tournament #{number} in <#{channel}>: "
                    "you will not be paired again. Your results so far stay in the standings.",
                    number=row.id,
                    channel=row.channel_id,
                )
            )

        await room.followups.notices.direct(user_id, direct)

    @guarded("/cardroom tournament export")
    async def export(self, interaction: discord.Interaction) -> None:
        """This channel's newest tournament as a JSON file."""
        row = await self._here(interaction, running=False)
        record = record_of(row)
        if row.status == "cancelled":  # at its start time, before any round: nothing played
            raise UserError(
                N_(
                    "Tournament #{number} was cancelled before it started (too few players had "
                    "signed up): it has no rounds or results to export."
                ),
                number=row.id,
            )
        if record is None:
            raise UserError(N_("This tournament has not started yet."))
        _ = tr(interaction)
        name = f"cardroom-tournament-{row.id}.json"
        data = json.dumps(T.export(record), indent=1).encode()
        view = layouts.notice(
            _(
                "The record of tournament #{number}: every round, result and standing.",
                number=row.id,
            )
        )
        view.add_item(discord.ui.File(f"attachment://{name}"))
        file = discord.File(io.BytesIO(data), filename=name)
        await interaction.response.send_message(view=view, file=file, ephemeral=True)

    async def _here(self, interaction: discord.Interaction, running: bool = True) -> TournamentRow:
        row = await self.room.storage.tournaments.latest_in(interaction.channel_id or 0)
        if row is None or (running and row.status != "running"):
            raise UserError(N_("No tournament is running in this channel."))
        return row
