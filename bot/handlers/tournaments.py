"""Tournaments in Discord: ``/cardroom tournament new|remove|export``, the sign-up card's
buttons, ``/game tournament``, and what follows a change: each new round's tables posted in
threads of the card's channel (their players mentioned), the standings kept current in one
message under the card, the final standings posted at the end.

A table's game ending settles its tournament (``followups.ended`` is chained); a clock watches
the rounds' deadlines; at the first ``on_ready`` the process resumes its own guilds'
tournaments (``Tournaments.resume``).
"""

from __future__ import annotations

import io
import json
import logging
from datetime import timedelta

import discord

from bot.context import Cardroom
from bot.handlers.admin import require_admin
from bot.handlers.replies import guarded, say
from bot.i18n import N_, Translator
from bot.messages import discord_io, layouts
from bot.messages.languages import tr
from bot.messages.tournament_views import card
from bot.service import tournaments as T
from bot.service.errors import UserError
from bot.service.tournament_play import Progress, record_of, settings_of
from bot.service.tournament_rounds import Tournaments
from bot.service.tournament_setup import settings_for
from bot.texts.tournaments import card_text, standings_text, where_text
from storage import GameRecord
from storage.rows import parse_time
from storage.tournaments import TournamentRow

log = logging.getLogger(__name__)

WATCH_AT_MOST = timedelta(minutes=10)
"""The longest the deadline watch sleeps before looking again."""


class TournamentHandlers:
    """Handlers of the tournament commands and buttons, and their follow-ups."""

    def __init__(self, room: Cardroom) -> None:
        self.room = room
        self._play: Tournaments | None = None
        self._watching = False
        followups = getattr(room, "followups", None)
        if followups is not None:
            previous = followups.ended

            async def ended(record: GameRecord, refresh_card: bool) -> None:
                if previous is not None:
                    await previous(record, refresh_card)
                room.spawn(self.after_end(record), f"tournament after game {record.id}")

            followups.ended = ended
        listen = getattr(room.client, "add_listener", None)  # a bot, not a bare client
        if listen is not None:
            listen(self._on_ready, "on_ready")

    @property
    def play(self) -> Tournaments:
        """The tournament use cases (made at first use: the room's service exists then)."""
        if self._play is None:
            self._play = Tournaments(self.room.service)
        return self._play

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
    ) -> None:
        """Post a tournament's sign-up card in this channel."""
        require_admin(interaction)
        guild_id, channel_id = interaction.guild_id, interaction.channel_id
        assert guild_id is not None and channel_id is not None  # require_admin: a guild
        settings = settings_for(game_name, format, rounds, pace, seats, min_reliability)
        row = await self.play.create(guild_id, channel_id, interaction.user.id, game_name, settings)
        _ = await self.room.languages.public(guild_id)
        await interaction.response.send_message(
            view=self._card(row, _), allowed_mentions=discord_io.NOTHING
        )
        message = await interaction.original_response()
        await self.room.storage.tournaments.set_messages(row.id, card_id=message.id)

    @guarded("tournament button")
    async def on_button(self, interaction: discord.Interaction, tournament: int, op: str) -> None:
        """Join, Leave (a drop-out once it runs) or the organiser's Start."""
        user = interaction.user.id
        if op == "start":
            await interaction.response.defer()
            progress = await self.play.start(tournament, user, self._place)
            await self.show(progress)
            return
        if op == "join":
            row = await self.play.join(tournament, user)
        else:
            progress = await self.play.leave(tournament, user)
            row = progress.row
            if progress.record is not None:
                _ = tr(interaction)
                await say(interaction, _("You are out: you will not be paired again."))
                await self.show(progress)
                return
        _ = await self.room.languages.public(row.guild_id)
        await interaction.response.edit_message(view=self._card(row, _))

    @guarded("/game tournament")
    async def where(self, interaction: discord.Interaction) -> None:
        """Where the caller stands in their newest tournament in this server."""
        _ = tr(interaction)
        user = interaction.user.id
        rows = await self.room.storage.tournaments.open_in([interaction.guild_id or 0])
        mine = [r for r in rows if user in r.signups]
        if not mine:
            raise UserError(N_("You are not playing in a tournament in this server."))
        row = mine[-1]
        if row.status == "signup":
            await say(interaction, _("You are signed up; the organiser starts the tournament."))
            return
        found = await self.play.where(row.id, user)
        thread = None
        if found.game_id is not None:
            thread = (await self.room.storage.games.get_game(found.game_id)).channel_id
        await say(interaction, where_text(row, found.whereabouts, thread, _))

    @guarded("/cardroom tournament remove")
    async def remove(self, interaction: discord.Interaction, player: discord.abc.User) -> None:
        """Remove a player from this channel's running tournament: not paired again, their
        running table's seat played by the automatic player."""
        row = await self._here(interaction)
        if row.organiser_id != interaction.user.id:
            require_admin(interaction)
        progress = await self.play.remove(row.id, row.organiser_id, player.id)
        _ = tr(interaction)
        await say(interaction, _("{player} is out of the tournament.", player=player.mention))
        await self.show(progress)

    @guarded("/cardroom tournament export")
    async def export(self, interaction: discord.Interaction) -> None:
        """This channel's newest tournament as a JSON file."""
        row = await self._here(interaction, running=False)
        record = record_of(row)
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

    # -- follow-ups ----------------------------------------------------------------------------

    async def _place(self, lobby: GameRecord) -> int | None:
        """A thread in the card's channel for a table's game."""
        return await self.room.threads.open_bare(lobby)

    async def after_end(self, record: GameRecord) -> None:
        """A game ended: if it plays a tournament table, settle the tournament."""
        link = await self.room.storage.tournaments.table_of(record.id)
        if link is not None:
            await self.show(await self.play.settle(link.tournament_id, self._place))

    async def show(self, progress: Progress) -> None:
        """Post the tables of a new round, refresh the card and the standings, post the final
        standings at the end."""
        room, row = self.room, progress.row
        for snapshot in progress.opened:
            record = snapshot.record
            room.threads.rename(record.id)
            channel = room.channel(record.channel_id, record.guild_id)
            if await room.tables.post(snapshot, channel):
                room.spawn(room.followups.announce_start(snapshot), f"start of game {record.id}")
        _ = await room.languages.public(row.guild_id)
        channel = room.channel(row.channel_id, row.guild_id)
        if row.card_id is not None:
            message = channel.get_partial_message(row.card_id)
            await discord_io.edit(message, view=self._card(row, _))
        if progress.record is None:
            return
        standings = layouts.notice(standings_text(row, progress.record, _))
        if row.standings_id is None:
            posted = await discord_io.send(
                channel, view=standings, allowed_mentions=discord_io.NOTHING
            )
            if posted is not None:
                await room.storage.tournaments.set_messages(row.id, standings_id=posted.id)
        else:
            message = channel.get_partial_message(row.standings_id)
            await discord_io.edit(message, view=standings)
        if progress.ended:
            await discord_io.send(channel, view=standings, allowed_mentions=discord_io.NOTHING)

    def _card(self, row: TournamentRow, _: Translator) -> discord.ui.LayoutView:
        labels = None
        if row.status == "signup":
            labels = {"join": _("Join"), "leave": _("Leave"), "start": _("Start")}
        elif row.status == "running":
            labels = {"leave": _("Drop out")}
        return card(card_text(row, settings_of(row), _), row.id, labels)

    # -- restarts and deadlines ----------------------------------------------------------------

    async def _on_ready(self) -> None:
        if self._watching:
            return
        self._watching = True
        self.room.spawn(self._watch(), "tournament deadlines")

    def _owns(self, guild_id: int) -> bool:
        owns = getattr(self.room.client, "owns_guild", None)
        return True if owns is None else bool(owns(guild_id))

    async def _watch(self) -> None:
        """Resume this process's tournaments, then close each round at its deadline."""
        room = self.room
        clock = getattr(room.client, "clock", None)
        rows = await room.storage.tournaments.open_in()
        guilds = sorted({r.guild_id for r in rows if self._owns(r.guild_id)})
        for progress in await self.play.resume(guilds, self._place):
            await self.show(progress)
        while clock is not None:
            now = clock.now()
            rows = [r for r in await room.storage.tournaments.open_in() if self._owns(r.guild_id)]
            deadlines = [parse_time(r.round_deadline) for r in rows if r.round_deadline]
            wake = min([d for d in deadlines if d is not None] + [now + WATCH_AT_MOST])
            await clock.sleep_until(wake)
            for row in rows:
                deadline = parse_time(row.round_deadline)
                if row.status == "running" and deadline is not None and clock.now() >= deadline:
                    try:
                        await self.show(await self.play.close_round(row.id, self._place))
                    except Exception:
                        log.exception("could not close a round of tournament %s", row.id)
