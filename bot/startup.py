"""What a start of the bot mends and resumes, for the guilds of its own shards: the turn
clocks (the wakes due soonest read from storage: deadlines and reminders that passed while
the bot was down, automatic players' moves a stop left due), the tables behind their game, the
tables of games that ended just before the stop, and the lobbies whose message was never
posted. A running game nothing is due for is not read at all: it is read when someone
touches it or its next wake comes (``bot.timing.turn_clocks``), so a start does not grow with
the games stored."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from bot.context import Cardroom
from bot.service.reasons import LOBBY_LOST
from bot.shards import Shards
from storage import Wake

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
        """Start the turn clocks of this process's guilds (handling every wake that passed
        while the bot was down, soonest first), bring the tables behind their game up to date,
        and refresh the tables of their games that ended just before the stop."""
        room = self.room
        games = room.storage.games
        shards = self.shards()  # the others resume their own guilds' games
        count: int | None = None  # None: every guild's games
        ids: frozenset[int] = frozenset()
        if not shards.all and shards.count is not None and shards.ids is not None:
            count, ids = shards.count, shards.ids

        async def load(
            after: tuple[datetime, int] | None, until: datetime, limit: int
        ) -> list[Wake]:
            return await games.due_wakes(
                after=after, until=until, limit=limit, shard_count=count, shard_ids=ids
            )

        await room.clocks.start(load)
        # before the tables behind: a round's table never posted is announced to its players
        await room.tournaments.resume(self.shards().owns)
        for game_id in await games.tables_behind(count, ids):
            try:
                await room.tables.refresh(game_id)
            except Exception:
                log.exception("could not bring the table of game %s up to date", game_id)
            await asyncio.sleep(1 / RESUME_EDITS_PER_SECOND)  # under the global limit
        await room.clocks.caught_up()
        running, set_aside = await games.running_games(count, ids)
        if set_aside:
            log.error(
                "%d running game(s) are set aside: their stored state is invalid (see their "
                "set_aside_reason column, not logged: it may quote hidden cards)",
                set_aside,
            )
        log.info("resumed %d game(s); %d set aside", running, set_aside)
        await room.thread_events.check_all()  # threads lost or archived while away
        ended_games = await room.storage.games.recently_ended(ENDED_TABLES_WINDOW)
        for ended in (game for game in ended_games if self.shards().owns(game.guild_id)):
            try:
                if not await room.tables.is_current(ended.id):
                    await room.tables.refresh(ended.id)
            except Exception:
                log.exception("could not refresh the table of game %s", ended.id)

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
