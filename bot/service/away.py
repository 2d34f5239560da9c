"""Away time (``/game away``): a player pauses their banks in every turn-based game of a guild,
up to :data:`MOST_AWAY` in any :data:`WINDOW`; ``/game back`` ends it early. Real-time games
are not paused (``bot.service.banks`` counts away time only under a turn-based pace).

:class:`AwayTimes` keeps every away time that still counts in memory (read once from storage:
a few rows), so the deadlines read them without a query; :class:`AwayUseCases` changes them
and gives the games they touch their new deadline.
"""

from __future__ import annotations

import asyncio
import heapq
import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from bot.i18n import N_
from bot.service.banks import Interval, merged
from bot.service.deadlines import Deadlines, Now
from bot.service.errors import UserError
from bot.service.gate import Gate
from bot.service.live import LiveGames
from bot.service.snapshots import GameSnapshot
from bot.service.wakes import wake_after
from storage import AwayTime, GameRecord, GameStatus, StaleVersion, Storage

log = logging.getLogger(__name__)

MOST_AWAY = timedelta(days=14)
"""The most away time a player may have in any :data:`WINDOW`."""
WINDOW = timedelta(days=30)
"""The span :data:`MOST_AWAY` is counted over."""


def most_in_any_window(intervals: Sequence[Interval], window: timedelta = WINDOW) -> timedelta:
    """The most time ``intervals`` cover in any span of ``window`` (the busiest one starts
    where an interval starts, or ends where one ends)."""
    spans = merged(intervals)
    starts = [start for start, _end in spans] + [end - window for _start, end in spans]
    most = timedelta(0)
    for begin in starts:
        end = begin + window
        covered = sum(
            (min(e, end) - max(s, begin) for s, e in spans if min(e, end) > max(s, begin)),
            timedelta(0),
        )
        most = max(most, covered)
    return most


class AwayTooLong(UserError):
    """More away time than :data:`MOST_AWAY` in a :data:`WINDOW`; ``latest``: the latest end
    the player may choose now (``None``: none, they used it all)."""

    def __init__(self, latest: datetime | None) -> None:
        super().__init__(
            N_("You can be away at most 14 days in any 30, and you have used them already.")
        )
        self.latest = latest


def latest_end(earlier: Sequence[Interval], start: datetime, wanted: datetime) -> datetime | None:
    """The latest end up to ``wanted`` of an away time from ``start`` that keeps the rule
    with the ``earlier`` ones, to the minute (``None``: not even a minute)."""

    def allowed(end: datetime) -> bool:
        return most_in_any_window([*earlier, (start, end)]) <= MOST_AWAY

    if allowed(wanted):
        return wanted
    low, high = start, wanted
    while high - low > timedelta(seconds=1):
        middle = low + (high - low) / 2
        low, high = (middle, high) if allowed(middle) else (low, middle)
    minute = low.replace(second=0, microsecond=0)
    if allowed(minute + timedelta(minutes=1)):  # the search stops within a second below it
        minute += timedelta(minutes=1)
    return minute if minute - start >= timedelta(minutes=1) else None


class AwayTimes:
    """Every away time that still counts (ending less than :data:`WINDOW` ago, or later),
    by guild and player, read once from ``storage``; ``clock`` gives the time.

    One that ended :data:`WINDOW` ago is let go at the next read or change, whoever's it is
    (a heap of the ends finds them), so a bot that runs for months keeps only those that
    count: it can no longer count towards :data:`MOST_AWAY`, nor pause a bank (a turn waits
    at most a bank's cap, 7 days, plus 14 days away).
    """

    def __init__(self, storage: Storage, clock: Now) -> None:
        self.storage = storage
        self.clock = clock
        self._times: dict[tuple[int, int], list[AwayTime]] = {}
        self._ends: list[tuple[datetime, int, int, datetime]] = []
        """(end, guild, player, start) of every away time kept, a heap; an away time ended
        early or made longer leaves its former end here, let go in its turn."""
        self._loaded = False
        self._loading = asyncio.Lock()

    async def ensure(self) -> None:
        """Read the away times that count from storage, the first time only."""
        if self._loaded:
            return
        async with self._loading:
            if self._loaded:
                return
            since = self.clock.now() - WINDOW
            for away in await self.storage.away.ending_after(since):
                self._keep(away)
            self._loaded = True

    def _keep(self, away: AwayTime) -> None:
        kept = self._times.setdefault((away.guild_id, away.user_id), [])
        kept[:] = [a for a in kept if a.starts_at != away.starts_at] + [away]
        kept.sort(key=lambda a: a.starts_at)
        heapq.heappush(self._ends, (away.ends_at, away.guild_id, away.user_id, away.starts_at))
        self._prune()

    def _prune(self) -> None:
        """Let go of the away times that ended :data:`WINDOW` ago or earlier."""
        since = self.clock.now() - WINDOW
        while self._ends and self._ends[0][0] <= since:
            ends_at, guild_id, user_id, starts_at = heapq.heappop(self._ends)
            kept = self._times.get((guild_id, user_id))
            if kept is None:  # forgotten
                continue
            kept[:] = [a for a in kept if (a.starts_at, a.ends_at) != (starts_at, ends_at)]
            if not kept:
                del self._times[(guild_id, user_id)]

    def __len__(self) -> int:
        """How many away times are kept."""
        self._prune()
        return sum(len(kept) for kept in self._times.values())

    def forget(self, user_id: int) -> None:
        """Let go of ``user_id``'s away times in every guild (forget-me deleted them)."""
        for key in [k for k in self._times if k[1] == user_id]:
            del self._times[key]

    def windows(self, guild_id: int, user_id: int) -> Sequence[Interval]:
        """The times ``user_id`` is (or was, or will be) away in ``guild_id``, of those that
        still count."""
        self._prune()
        return [(a.starts_at, a.ends_at) for a in self._times.get((guild_id, user_id), ())]

    def current(self, guild_id: int, user_id: int) -> AwayTime | None:
        """``user_id``'s away time in ``guild_id`` now (``None``: they are here)."""
        self._prune()
        now = self.clock.now()
        found = [a for a in self._times.get((guild_id, user_id), ()) if a.starts_at <= now]
        found = [a for a in found if now < a.ends_at]
        return found[-1] if found else None

    def away_until(self, guild_id: int, user_ids: Sequence[int | None]) -> dict[int, datetime]:
        """Of ``user_ids``, those away in ``guild_id`` now, with the end of their away time."""
        found = {}
        for user_id in user_ids:
            if user_id is not None and (away := self.current(guild_id, user_id)) is not None:
                found[user_id] = away.ends_at
        return found

    async def go_away(self, guild_id: int, user_id: int, until: datetime) -> AwayTime:
        """``user_id`` is away in ``guild_id`` from now (or since their current away time
        began) until ``until``.

        Raises:
            UserError: ``until`` is not in the future.
            AwayTooLong: it would make more than 14 days in some 30.
        """
        await self.ensure()
        now = self.clock.now()
        if until <= now:
            raise UserError(N_("Choose a time in the future."))
        current = self.current(guild_id, user_id)
        start = current.starts_at if current is not None else now
        earlier = [w for w in self.windows(guild_id, user_id) if w[0] != start]
        latest = latest_end(earlier, start, until)
        if latest != until:
            raise AwayTooLong(latest if latest is None or latest > now else None)
        away = await self.storage.away.save(AwayTime(guild_id, user_id, start, until))
        self._keep(away)
        return away

    async def come_back(self, guild_id: int, user_id: int) -> AwayTime | None:
        """End ``user_id``'s away time in ``guild_id`` now; the one ended (``None``: they were
        not away)."""
        await self.ensure()
        current = self.current(guild_id, user_id)
        if current is None:
            return None
        ended = AwayTime(guild_id, user_id, current.starts_at, self.clock.now())
        away = await self.storage.away.save(ended)
        self._keep(away)
        return away


@dataclass(frozen=True)
class AwayChange:
    """What going away (or coming back) did: the ``away`` time as it stands (``None``: the
    player was not away), and the player's lobbies and turn-based running games in the guild
    (their lobbies and tables show it; the running ones have their new deadline)."""

    away: AwayTime | None
    games: list[GameRecord]


class AwayUseCases:
    """``/game away`` and ``/game back``: change ``times``, then give each running game of the
    player in the guild the deadline its seats now have (``deadlines``), under its lock."""

    def __init__(
        self, storage: Storage, gate: Gate, live: LiveGames, deadlines: Deadlines, times: AwayTimes
    ) -> None:
        self.storage = storage
        self.gate = gate
        self.live = live
        self.deadlines = deadlines
        self.times = times

    async def go_away(self, guild_id: int, user_id: int, until: datetime) -> AwayChange:
        """``user_id`` is away in ``guild_id`` until ``until`` (see :meth:`AwayTimes.go_away`)."""
        away = await self.times.go_away(guild_id, user_id, until)
        return AwayChange(away, await self._reclock(guild_id, user_id))

    async def come_back(self, guild_id: int, user_id: int) -> AwayChange:
        """``user_id`` is back in ``guild_id`` now (see :meth:`AwayTimes.come_back`)."""
        away = await self.times.come_back(guild_id, user_id)
        games = await self._reclock(guild_id, user_id) if away is not None else []
        return AwayChange(away, games)

    async def _reclock(self, guild_id: int, user_id: int) -> list[GameRecord]:
        """The player's open games in the guild, each running one with its new deadline."""
        games = []
        for game in await self.storage.games.find_games_by_player(user_id):
            if game.guild_id != guild_id:
                continue
            if game.status == GameStatus.LOBBY:
                games.append(game)
                continue
            if game.bank_start is None:  # real time: not paused
                continue
            async with self.gate.locked(game.id):
                snapshot = await self.live.snapshot(game.id)
                record = snapshot.record
                deadline = self.deadlines.deadline_of(record)
                wake = record.wake_at
                if snapshot.state is not None:  # the reminders move with the deadline
                    moved = replace(record, deadline=deadline)
                    wake = wake_after(self.deadlines, moved, snapshot.state)
                changed = (deadline, wake) != (record.deadline, record.wake_at)
                if record.status == GameStatus.ACTIVE and changed:
                    try:
                        record = await self.storage.games.set_clock(
                            game.id,
                            expected_version=record.version,
                            deadline=deadline,
                            wake_at=wake,
                        )
                    except StaleVersion:  # another process moved it: its next move reclocks
                        self.live.forget(game.id)
                        log.info("game %s moved on while its deadline was being set", game.id)
                    else:
                        self.live.remember(GameSnapshot(record, snapshot.state))
                games.append(record)
        return games
