"""What the Discord-facing parts of the bot share: one :class:`Cardroom` object, built by
``bot.app`` and handed to every handler (so handlers never import the client module)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

import discord

from storage import DatabaseBusy, DatabaseUnavailable, Storage

if TYPE_CHECKING:
    from bot.messages.followups import FollowUps
    from bot.messages.languages import GuildLanguages
    from bot.messages.lobby import LobbyMessages
    from bot.messages.open_screens import OpenScreens
    from bot.messages.pictures import Pictures
    from bot.messages.pings import Pings
    from bot.messages.tables import TableKeeper
    from bot.messages.threads import GameThreads
    from bot.service import GameService
    from bot.service.history import PlayHistory
    from bot.timing.turn_clocks import TurnClocks

log = logging.getLogger(__name__)


class ThreadChecks(Protocol):
    """What a start asks of the games' threads (``bot.handlers.thread_events.ThreadEvents``)."""

    async def check_all(self) -> None:
        """Look at every running game's thread, for what happened while the bot was away."""


class TournamentWatch(Protocol):
    """What a start and a shutdown ask of the tournaments
    (``bot.handlers.tournament_events.TournamentEvents``)."""

    async def resume(self, owns: Callable[[int], bool]) -> None:
        """Bring the open tournaments of the guilds ``owns`` says are this process's up to
        date, and watch their start times and rounds' deadlines."""

    async def stop(self) -> None:
        """Stop watching (shutdown)."""


class Cardroom:
    """The bot's shared parts: the Discord client, storage, the use cases (games, and the
    memory of play), and the keepers of tables, pings, open screens, lobby messages, pictures,
    threads, follow-ups and tournaments (set by ``bot.app`` once built)."""

    client: discord.Client
    storage: Storage
    service: GameService
    history: PlayHistory
    tables: TableKeeper
    pings: Pings
    screens: OpenScreens
    followups: FollowUps
    lobbies: LobbyMessages
    clocks: TurnClocks
    languages: GuildLanguages
    pictures: Pictures
    threads: GameThreads
    thread_events: ThreadChecks
    tournaments: TournamentWatch

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._background: set[asyncio.Task[None]] = set()

    def channel(self, channel_id: int, guild_id: int) -> discord.PartialMessageable:
        """A channel to send to or edit in, without fetching it."""
        return self.client.get_partial_messageable(channel_id, guild_id=guild_id)

    def spawn(self, work: Coroutine[Any, Any, None], what: str) -> None:
        """Run ``work`` (follow-ups of an interaction: table edits, pings) in the background;
        a failure is logged, never raised into the interaction."""

        async def guarded() -> None:
            try:
                await work
            except (DatabaseUnavailable, DatabaseBusy) as exc:  # no traceback: not a bug
                log.warning("background work failed: %s; no database (%s)", what, exc)
            except Exception:
                log.exception("background work failed: %s", what)

        task = asyncio.create_task(guarded(), name=what)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def stop_clocks(self) -> None:
        """Stop the turn clocks and the tournaments' clock (shutdown), after the work each is
        doing; what they wait for stays stored."""
        for name in ("clocks", "tournaments"):
            watcher = getattr(self, name, None)
            if watcher is not None:
                await watcher.stop()

    async def wait_idle(self) -> None:
        """Wait until all background work (also work started meanwhile) has finished."""
        while self._background:
            await asyncio.gather(*self._background, return_exceptions=True)
