"""What a start of the bot mends and resumes, for the guilds of its own shards: the running
games (kept in memory, their tables brought up to date, their automatic players and turn
clocks going on), the tables of games that ended just before the stop, and the lobbies whose
message was never posted."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from bot.context import Cardroom
from bot.service import GameSnapshot
from bot.service.reasons import LOBBY_LOST
from bot.shards import Shards
from storage import LoadReport

log = logging.getLogger(__name__)

ENDED_TABLES_WINDOW = timedelta(minutes=15)
"""At startup, the tables of games that ended this long before the last change of any game
are refreshed too: a stop (a crash) right after a game's last move can leave its table
showing the game still running."""


RESUME_EDITS_PER_SECOND = 20
"""Pace of the table edits a restart makes (Discord allows 50 requests per second in all;
players' interactions keep the rest)."""


class Startup:
    """The start-up work of one bot process over ``room``; ``shards()`` says which shards
    it runs (known once logged in), ``started_at`` when it started."""

    def __init__(self, room: Cardroom, shards: Callable[[], Shards], started_at: datetime) -> None:
        self.room = room
        self.shards = shards
        self.started_at = started_at

    async def resume(self) -> None:
        """Resume the running games of this process's guilds, and refresh the tables of
        their games that ended just before the stop."""
        room = self.room
        room.service.watch_changes()  # clicks are answered meanwhile: keep what they did
        try:
            shards = self.shards()  # the others resume, or set aside, their own guilds' games
            games = room.storage.games
            if shards.all or shards.count is None or shards.ids is None:
                report = await games.load_active_games()
            else:
                report = await games.load_active_games(shards.count, shards.ids)
            await self._resume_loaded(report)
        finally:
            room.service.stop_watching()
        await room.thread_events.check_all()  # threads lost or archived while away
        ended_games = await room.storage.games.recently_ended(ENDED_TABLES_WINDOW)
        for ended in (game for game in ended_games if self.shards().owns(game.guild_id)):
            try:
                if not await room.tables.is_current(ended.id):
                    await room.tables.refresh(ended.id)
            except Exception:
                log.exception("could not refresh the table of game %s", ended.id)

    async def _resume_loaded(self, report: LoadReport) -> None:
        """Keep each loaded game in memory (unless a click changed it since), bring its table
        up to date, and go on with its automatic players and turn clock."""
        room = self.room
        for failure in report.failures:
            log.error(
                "game %s was set aside: its stored state is invalid (%s; details in its "
                "set_aside_reason column, not logged: they may quote hidden cards)",
                failure.game_id,
                failure.error.split(":", 1)[0],
            )
        for loaded in report.games:
            try:
                room.service.adopt(GameSnapshot(loaded.game, loaded.state))
                if not await room.tables.is_current(loaded.game.id):
                    await room.tables.refresh(loaded.game.id)
                    await asyncio.sleep(1 / RESUME_EDITS_PER_SECOND)  # under the global limit
                await room.followups.play_automatic(loaded.game.id)  # and its turn clock
                await asyncio.sleep(0)  # let interactions in between
            except Exception:
                log.exception("could not resume game %s", loaded.game.id)
        log.info("resumed %d game(s); %d set aside", len(report.games), len(report.failures))

    async def close_lost_lobbies(self) -> None:
        """Close the lobbies saved before this start whose message was never posted (the bot
        stopped in between): nobody can see, join or cancel them, and each blocks its
        channel."""
        room = self.room
        try:
            lost = await room.storage.games.lobbies_without_message(self.started_at)
        except Exception:
            log.exception("could not look for lobbies without their message")
            return
        for lobby in (lobby for lobby in lost if self.shards().owns(lobby.guild_id)):
            try:
                await room.service.abort(lobby.id, reason=LOBBY_LOST)
                log.info("closed lobby %s: its message was never posted", lobby.id)
            except Exception:
                log.exception("could not close lobby %s", lobby.id)
