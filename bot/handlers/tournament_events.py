"""What follows a tournament's change in Discord: each new round's tables posted in threads of
the card's channel (their players mentioned there), the card and the standings message kept
current (their picture too, ``bot.messages.standings_message``), the final standings posted at
the end; and the tournaments' clock (their start times
and rounds' deadlines, ``bot.timing.tournament_clock``), resumed at start-up and stopped at
shutdown.

A table's game ending settles its tournament (``followups.ended`` is chained). Every change
goes through :meth:`TournamentEvents.show`, which also tells the clock the tournament's next
time, so the clock never misses a round opened by a game's end, a click or a restart.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

import discord

from bot.context import Cardroom
from bot.i18n import Translator
from bot.messages import discord_io, layouts
from bot.messages.standings_message import StandingsMessage
from bot.messages.tournament_views import card
from bot.service import tournaments as T
from bot.service.snapshots import GameSnapshot
from bot.service.tournament_play import Progress, settings_of
from bot.service.tournament_rounds import Tournaments
from bot.service.tournament_setup import MAX_AUTOMATIC, offered
from bot.texts.seat_names import LEVEL_HINTS, LEVEL_NAMES, seat_names
from bot.texts.tournaments import card_text
from bot.timing.clock import SystemClock
from bot.timing.tournament_clock import TournamentClock
from storage import GameRecord, GameStatus
from storage.rows import parse_time
from storage.tournaments import TournamentRow

log = logging.getLogger(__name__)


def next_time(row: TournamentRow) -> datetime | None:
    """When the clock must next look at ``row``: its start time in sign-up (when it has
    one), its round's deadline while it runs; ``None`` otherwise."""
    if row.status == "signup":
        return settings_of(row).starts_at
    if row.status == "running":
        return parse_time(row.round_deadline)
    return None


class TournamentEvents:
    """The follow-ups of tournament changes and the tournaments' clock, over ``room``."""

    def __init__(self, room: Cardroom) -> None:
        self.room = room
        self.play = Tournaments(room.service)
        self.standings = StandingsMessage(room.pictures)
        clock = getattr(room.client, "clock", None) or SystemClock()
        self.clock = TournamentClock(clock, self.due, room.spawn)
        followups = getattr(room, "followups", None)
        if followups is not None:
            previous = followups.ended

            async def ended(record: GameRecord, refresh_card: bool) -> None:
                link = await room.storage.tournaments.table_of(record.id)
                if previous is not None:  # a table has no card: its thread is archived
                    await previous(record, refresh_card and link is None)
                if link is not None:
                    room.spawn(self.after_end(link.tournament_id), f"tournament after {record.id}")

            followups.ended = ended

    # -- the clock -----------------------------------------------------------------------------

    async def resume(self, owns: Callable[[int], bool]) -> None:
        """At start-up: bring the open tournaments of the guilds ``owns`` says are this
        process's up to date (results folded, a round past its deadline closed, tables not
        opened yet opened: ``Tournaments.resume``), show them, and watch their times."""
        rows = [r for r in await self.room.storage.tournaments.open_in() if owns(r.guild_id)]
        for progress in await self.play.resume(sorted({r.guild_id for r in rows}), self.place):
            unannounced = await self._unannounced(progress)
            await self.show(replace(progress, opened=progress.opened + unannounced))
        for row in rows:
            if row.status == "signup":
                self.clock.schedule(row.id, next_time(row))

    async def _unannounced(self, progress: Progress) -> tuple[GameSnapshot, ...]:
        """The current round's running tables whose table was never posted (the process
        stopped while opening the round, after they started): posted and announced now, so
        their players hear of them (call before the start-up posts the tables behind)."""
        record, opened = progress.record, {s.id for s in progress.opened}
        current = T.current_round(record) if record is not None else None
        if current is None or progress.row.status != "running":
            return ()
        found = []
        room = self.room
        for link in await room.storage.tournaments.tables(progress.row.id, current.number):
            if link.ended or link.game_id in opened:
                continue
            snapshot = await room.service.snapshot(link.game_id)
            if snapshot.record.status != GameStatus.ACTIVE:
                continue
            if await room.tables.message(link.game_id) is None:
                found.append(snapshot)
        return tuple(found)

    async def due(self, tournament_id: int) -> datetime | None:
        """The clock's time for ``tournament_id`` came: start it (in sign-up, at its start
        time) or close its round (at the deadline); its next time."""
        row = await self.room.storage.tournaments.get(tournament_id)
        at = next_time(row)
        if at is None or at > self.clock.clock.now():
            return at
        if row.status == "signup":
            progress = await self.play.start_on_time(tournament_id, self.place)
        else:
            progress = await self.play.close_round(tournament_id, self.place)
        await self.show(progress, schedule=False)
        return next_time(progress.row)

    async def caught_up(self) -> None:
        """Return once every tournament time passed now has been handled."""
        await self.clock.caught_up()

    async def stop(self) -> None:
        """Stop the clock (shutdown); the times stay stored."""
        await self.clock.stop()

    # -- follow-ups ----------------------------------------------------------------------------

    async def place(self, lobby: GameRecord) -> int | None:
        """A thread in the card's channel for a table's game."""
        return await self.room.threads.open_bare(lobby)

    async def after_end(self, tournament_id: int) -> None:
        """A game playing one of ``tournament_id``'s tables ended: settle the tournament."""
        await self.show(await self.play.settle(tournament_id, self.place))

    async def show(self, progress: Progress, *, schedule: bool = True) -> None:
        """Post the tables of a new round, refresh the card and the standings, post the final
        standings at the end; and (``schedule``) watch the tournament's next time."""
        room, row = self.room, progress.row
        if schedule:
            self.clock.schedule(row.id, next_time(row))
        for game_id in progress.stopped:
            room.spawn(self.stopped(game_id, progress), f"game {game_id} at its round's deadline")
        for snapshot in progress.opened:
            record = snapshot.record
            room.threads.rename(record.id)
            channel = room.channel(record.channel_id, record.guild_id)
            if not await room.tables.post(snapshot, channel):
                continue
            if any(seat.person for seat in record.seats):
                room.spawn(room.followups.announce_start(snapshot), f"start of game {record.id}")
            else:  # nobody to tell: the automatic players just play
                room.spawn(room.followups.play_automatic(record.id), f"game {record.id}")
        _ = await room.languages.public(row.guild_id)
        channel = room.channel(row.channel_id, row.guild_id)
        if row.card_id is not None:
            message = channel.get_partial_message(row.card_id)
            await discord_io.edit(message, view=self.card(row, _))
        tournament = progress.record
        if tournament is None:
            return
        if row.standings_id is None:
            posted = await self.standings.post(channel, row, tournament, _)
            if posted is not None:
                await room.storage.tournaments.set_messages(row.id, standings_id=posted.id)
        else:
            message = channel.get_partial_message(row.standings_id)
            await self.standings.edit(message, row, tournament, _)
        if progress.ended:
            await self.standings.post(channel, row, tournament, _)

    async def stopped(self, game_id: int, progress: Progress) -> None:
        """A table stopped at its round's deadline: its table shows it ended, its thread says
        how the table was decided (the seats out of time lose) and is archived later."""
        room = self.room
        record = await room.storage.games.get_game(game_id)
        link = await room.storage.tournaments.table_of(game_id)
        if link is None or progress.record is None:
            return
        table = progress.record.rounds[link.round - 1].tables[link.table_number - 1]
        room.tables.request(game_id)
        _ = await room.languages.public(record.guild_id)
        names = seat_names(record, _)
        late = [names[seat] for seat in table.result.out_of_time] if table.result else []
        if late:
            text = _(
                "⏰ The round's deadline has passed: this table is decided, a loss for the "
                "seats out of time ({players}).",
                players=", ".join(late),
            )
        else:
            text = _("⏰ The round's deadline has passed: this table is decided as a draw.")
        channel = room.channel(record.channel_id, record.guild_id)
        await discord_io.send(
            channel, view=layouts.notice(text), allowed_mentions=discord_io.NOTHING
        )
        await room.threads.ended(record, False)

    def card(self, row: TournamentRow, _: Translator) -> discord.ui.LayoutView:
        """The tournament's card as ``row`` stands, its components for what may be done now:
        in sign-up Join, Leave, Start and the organiser's automatic players (a menu to add
        one, a button to take the last one off); Drop out while it runs; none after."""
        settings = settings_of(row)
        if row.status == "running":
            return card(card_text(row, settings, _), row.id, {"drop": _("Drop out")})
        if row.status != "signup":
            return card(card_text(row, settings, _), row.id, None)
        labels = {"join": _("Join"), "leave": _("Leave"), "start": _("Start")}
        if settings.automatic:
            labels["remove_ai"] = _("Remove an automatic player")
        levels = [
            (
                level,
                _("Cardroom AI ({level})", level=_(LEVEL_NAMES[level])),
                _(LEVEL_HINTS[level]),
            )
            for level in offered(row.game_name, settings.seats)
        ]
        if len(settings.automatic) >= MAX_AUTOMATIC:
            levels = []
        return card(
            card_text(row, settings, _), row.id, labels, levels, _("Add an automatic player")
        )
