"""Tournament use cases: sign-up, start, each round's tables as games, results as games end,
the round's deadline, drop-outs and removals, and resuming after a restart.

The record is the pure core's (``bot.service.tournaments``), stored whole on the tournament's
row under its version (``storage.tournaments``); a game's end is marked on its table's link in
the ending transaction, and :meth:`TournamentPlay.settle` folds every end not yet recorded into
the record (once: the fold and the links' ``recorded`` are one version-checked write). So
whatever a process saw or missed before a restart, :meth:`TournamentPlay.resume` brings the
tournament to where its games are. The tables are opened as ``bot.service.tournament_tables``
opens them. Nothing here knows Discord: a thread for each table comes from the ``place``
callback the caller gives.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from typing import TypeVar

from bot.i18n import N_
from bot.service import GameService
from bot.service import tournaments as T
from bot.service.errors import UserError
from bot.service.snapshots import GameSnapshot
from bot.service.tournament_setup import (
    MAX_AUTOMATIC,
    PlaySettings,
    automatic_ids,
    offered,
    person_id,
    user_of,
)
from bot.service.tournament_tables import Place, TournamentTables, settings_of
from storage.rows import time_text
from storage.tournaments import SignUpClosed, StaleTournament, TournamentRow

RETRIES = 3
"""How often a change is tried again when another change came first (a stale version)."""

R = TypeVar("R")


@dataclass(frozen=True)
class Progress:
    """What a change did: the tournament after it, its record (``None`` in sign-up), the games
    opened for a new round, whether the tournament ended with it, the running games whose
    seat it handed to the automatic player (a removal: their automatic moves are due), and
    the games it stopped at the round's deadline."""

    row: TournamentRow
    record: T.Tournament | None
    opened: tuple[GameSnapshot, ...] = ()
    ended: bool = False
    handed: tuple[int, ...] = ()
    stopped: tuple[int, ...] = ()


def record_of(row: TournamentRow) -> T.Tournament | None:
    """The core's record of a stored tournament (``None`` in sign-up)."""
    return None if row.record is None else T.load(row.record)


class TournamentPlay(TournamentTables):
    """The tournament use cases over a :class:`GameService` (its storage, clock, locks and
    the lobby's seeds; the tables opened as ``TournamentTables`` opens them); one lock per
    tournament serialises this process's changes, the row's version the processes'."""

    def __init__(self, service: GameService) -> None:
        super().__init__(service)
        self._locks: dict[int, asyncio.Lock] = {}

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    async def _again_if_stale(self, change: Callable[[], Awaitable[R]]) -> R:
        """``change()`` (which reads the tournament itself), made again on the tournament as
        it now stands when another change moved its version first: a Join or Leave takes no
        lock (storage checks it), so it may land while the organiser's change is under way."""
        for _ in range(RETRIES):
            try:
                return await change()
            except StaleTournament:
                continue
        return await change()

    # -- sign-up -----------------------------------------------------------------------------

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        game_name: str,
        settings: PlaySettings,
    ) -> TournamentRow:
        """A new tournament of ``game_name`` in sign-up, its card to go in ``channel_id``."""
        return await self.storage.tournaments.create(
            guild_id, channel_id, organiser_id, game_name, settings.model_dump_json()
        )

    async def join(
        self, tournament_id: int, user_id: int, display_name: str | None = None
    ) -> TournamentRow:
        """Sign ``user_id`` up (named ``display_name`` at the tables), when their share of
        finished games in the guild meets the tournament's minimum (a new player always may).

        Raises:
            UserError: sign-up is over, signed up already, or the share is too low.
        """
        row = await self.storage.tournaments.get(tournament_id)
        if user_id in row.signups:
            raise UserError(N_("You have already joined this tournament."))
        minimum = settings_of(row).min_reliability
        if minimum is not None:
            mine = (await self.storage.reliability.records(row.guild_id, [user_id]))[user_id]
            if not mine.allowed_by(minimum):
                raise UserError(
                    N_(
                        "This tournament takes players whose share of finished games is at "
                        "least {minimum}%. Yours here: {percent}% ({count} games)."
                    ),
                    minimum=minimum,
                    percent=mine.percent,
                    count=mine.started,
                )
        return await self._sign_up(tournament_id, user_id, join=True, name=display_name)

    async def add_automatic(
        self, tournament_id: int, organiser_id: int, level: str
    ) -> TournamentRow:
        """Sign up an automatic player of ``level`` (the organiser, during sign-up)."""
        async with self._lock(tournament_id):
            return await self._again_if_stale(
                partial(self._add_automatic, tournament_id, organiser_id, level)
            )

    async def _add_automatic(
        self, tournament_id: int, organiser_id: int, level: str
    ) -> TournamentRow:
        row = await self._organised(tournament_id, organiser_id, "signup")
        settings = settings_of(row)
        if level not in offered(row.game_name, settings.seats):
            raise UserError(N_("That option does not exist."))
        if len(settings.automatic) >= MAX_AUTOMATIC:
            raise UserError(
                N_("A tournament takes at most {count} automatic players."),
                count=MAX_AUTOMATIC,
            )
        more = settings.model_copy(update={"automatic": (*settings.automatic, level)})
        return await self.storage.tournaments.update(
            tournament_id, row.version, settings=more.model_dump_json()
        )

    async def remove_automatic(self, tournament_id: int, organiser_id: int) -> TournamentRow:
        """Take the automatic player signed up last off the sign-up (the organiser).

        Raises:
            UserError: not the organiser, not in sign-up, or no automatic player signed up.
        """
        async with self._lock(tournament_id):
            return await self._again_if_stale(
                partial(self._remove_automatic, tournament_id, organiser_id)
            )

    async def _remove_automatic(self, tournament_id: int, organiser_id: int) -> TournamentRow:
        row = await self._organised(tournament_id, organiser_id, "signup")
        settings = settings_of(row)
        if not settings.automatic:
            raise UserError(N_("No automatic player has been signed up."))
        fewer = settings.model_copy(update={"automatic": settings.automatic[:-1]})
        return await self.storage.tournaments.update(
            tournament_id, row.version, settings=fewer.model_dump_json()
        )

    async def _sign_up(
        self, tournament_id: int, user_id: int, *, join: bool, name: str | None = None
    ) -> TournamentRow:
        try:
            return await self.storage.tournaments.sign_up(
                tournament_id, user_id, join=join, display_name=name
            )
        except SignUpClosed:
            raise UserError(N_("Sign-up for this tournament is closed.")) from None

    async def _organised(self, tournament_id: int, user_id: int, status: str) -> TournamentRow:
        row = await self.storage.tournaments.get(tournament_id)
        if row.organiser_id != user_id:
            raise UserError(N_("Only the organiser can do that."))
        if row.status != status:
            raise UserError(N_("This tournament has already started or ended."))
        return row

    # -- rounds --------------------------------------------------------------------------------

    async def start(
        self, tournament_id: int, organiser_id: int, place: Place | None = None
    ) -> Progress:
        """Close sign-up and play round 1 (the organiser): entrants seeded by their rating in
        the guild's game (its conservative estimate), then the automatic players.

        Raises:
            UserError: not the organiser, not in sign-up, or fewer than two entrants.
        """
        async with self._lock(tournament_id):
            return await self._again_if_stale(
                partial(self._start, tournament_id, organiser_id, place)
            )

    async def _start(self, tournament_id: int, organiser_id: int, place: Place | None) -> Progress:
        row = await self._organised(tournament_id, organiser_id, "signup")
        settings = settings_of(row)
        people = [person_id(u) for u in row.signups]
        entrants = [T.Entrant(id=p, rating=await self._rating(row, p)) for p in people]
        entrants += [T.Entrant(id=a, rating=0.0) for a in automatic_ids(settings)]
        try:
            record = T.new_tournament(settings.core(row.game_name), entrants)
            if T.is_over(record):
                raise T.TournamentError("no table can be formed")
        except T.TournamentError:
            raise UserError(N_("Not enough players have joined to start.")) from None
        row = await self.storage.tournaments.update(
            tournament_id, row.version, record=record.model_dump_json(), status="running"
        )
        return await self._next_round(row, record, place)

    async def start_on_time(self, tournament_id: int, place: Place | None = None) -> Progress:
        """At its start time: start it as its organiser would; with too few entrants to form
        a table, cancel it. A tournament no longer in sign-up is left as it is. A Join landing
        meanwhile makes it all again on the tournament as it now stands (never cancelled with
        enough players signed up)."""
        async with self._lock(tournament_id):
            return await self._again_if_stale(partial(self._start_or_cancel, tournament_id, place))

    async def _start_or_cancel(self, tournament_id: int, place: Place | None) -> Progress:
        row = await self.storage.tournaments.get(tournament_id)
        if row.status != "signup":
            return Progress(row, record_of(row))
        try:
            return await self._start(tournament_id, row.organiser_id, place)
        except UserError:  # too few: cancelled, unless someone joined since ``row`` was read
            row = await self.storage.tournaments.update(
                tournament_id, row.version, status="cancelled"
            )
            return Progress(row, None)

    async def _rating(self, row: TournamentRow, entrant: str) -> float:
        user = user_of(entrant)
        if user is None:
            return 0.0
        board = await self.storage.history.leaderboard(row.guild_id, row.game_name, user_id=user)
        own = board.own
        return 0.0 if own is None else own.mu - 3 * own.sigma

    async def _next_round(
        self, row: TournamentRow, record: T.Tournament, place: Place | None
    ) -> Progress:
        """Pair the next round and open its tables, or end the tournament when it is over."""
        if T.is_over(record):
            row = await self.storage.tournaments.update(
                row.id, row.version, status="over", clear_deadline=True
            )
            return Progress(row, record, ended=True)
        record = T.start_round(record)
        deadline = self.service.deadlines.clock.now() + timedelta(
            seconds=settings_of(row).round_seconds
        )
        row = await self.storage.tournaments.update(
            row.id, row.version, record=record.model_dump_json(), round_deadline=time_text(deadline)
        )
        opened = await self.open_tables(row, record, place)
        return Progress(row, record, opened)
