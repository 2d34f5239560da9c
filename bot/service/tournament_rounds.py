"""Tournament use cases after the start: results folded in as tables end, the round's deadline,
drop-outs and removals, where a player is, and resuming after a restart.

:class:`Tournaments` is the whole of the tournament use cases (sign-up and rounds from
``bot.service.tournament_play``, this module's on top). Every result goes through
:meth:`Tournaments.settle`, which reads the tables whose game has ended and is not recorded yet
(``storage.tournaments``) and folds them into the record in one version-checked write, then
pairs the next round once every table has its result: the same call after a game's end, at the
deadline, or at start-up, so nothing is recorded twice or lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from functools import partial
from typing import Literal

import engine
from bot.i18n import N_
from bot.service import tournaments as T
from bot.service.automatic import LEAVER_LEVEL
from bot.service.errors import UserError
from bot.service.reasons import DEADLINE_REASON
from bot.service.tournament_play import (
    Place,
    Progress,
    TournamentPlay,
    record_of,
)
from bot.service.tournament_setup import outcome_of, person_id, user_of
from storage import GameStatus, WrongStatus
from storage.ends import EndedGame
from storage.rows import parse_time
from storage.tournaments import TournamentRow


@dataclass(frozen=True)
class Where:
    """A player's whereabouts in a tournament (``T.Whereabouts``) and the game of their table
    in the current round (``None``: a bye, no round yet, or they are out)."""

    row: TournamentRow
    whereabouts: T.Whereabouts
    game_id: int | None


class Tournaments(TournamentPlay):
    """Every tournament use case (see the module)."""

    async def settle(
        self, tournament_id: int, place: Place | None = None, *, at_deadline: bool = False
    ) -> Progress:
        """Fold the ended tables' results into the record; once the round is complete, pair
        the next one (or end the tournament). Idempotent: nothing to fold changes nothing.
        ``at_deadline``: the round's deadline has passed, so a table whose game never started
        (closed before it could be opened again) is decided too, as a draw: nobody at it was
        out of time."""
        async with self._lock(tournament_id):
            return await self._again_if_stale(
                partial(self._settle, tournament_id, place, at_deadline)
            )

    async def _unplayed(self, tournament_id: int, current: T.Round) -> list[int]:
        """The tables of ``current`` without a result whose game never started."""
        links = {
            link.table_number: link
            for link in await self.storage.tournaments.tables(tournament_id, current.number)
        }
        found = []
        for table in current.tables:
            link = links.get(table.number)
            if table.result is None and link is not None and not link.ended:
                game = await self.storage.games.get_game(link.game_id)
                if game.started_at is None and game.status != GameStatus.LOBBY:
                    found.append(table.number)
            elif table.result is None and link is None:
                found.append(table.number)
        return found

    async def _settle(
        self, tournament_id: int, place: Place | None, at_deadline: bool = False
    ) -> Progress:
        row = await self.storage.tournaments.get(tournament_id)
        record = record_of(row)
        if row.status != "running" or record is None:
            return Progress(row, record)
        current = T.current_round(record)
        assert current is not None
        folded = []
        for link, ended in await self.storage.tournaments.unrecorded_ends(tournament_id):
            folded.append(link.game_id)
            if link.round != current.number:
                continue  # a table of a round already complete (cannot happen; kept safe)
            try:
                record = await self._fold(record, link.table_number, ended)
            except T.TournamentError:
                continue  # the table has its result already
        unplayed = await self._unplayed(tournament_id, current) if at_deadline else []
        for number in unplayed:
            record = T.record_deadline(record, number, ())
        if folded or unplayed:
            row = await self.storage.tournaments.update(
                tournament_id, row.version, record=record.model_dump_json(), recorded=folded
            )
        last = T.current_round(record)
        if last is not None and last.finished:
            return await self._next_round(row, record, place)
        return Progress(row, record)

    async def _fold(self, record: T.Tournament, table: int, ended: EndedGame) -> T.Tournament:
        if ended.status == "aborted" and ended.result.reason == DEADLINE_REASON:
            snapshot = await self.service.live.snapshot(ended.id)
            assert snapshot.state is not None
            waited = set(engine.deciding_seats(snapshot.state))
            return T.record_deadline(record, table, waited)
        return T.record_outcome(record, table, outcome_of(ended))

    async def close_round(self, tournament_id: int, place: Place | None = None) -> Progress:
        """At or after the round's deadline, stop every table still running (counted as a loss
        for the seats the game waits for: ``docs/tournaments.md``) and settle. Before the
        deadline, only settles."""
        row = await self.storage.tournaments.get(tournament_id)
        deadline = parse_time(row.round_deadline)
        now = self.service.deadlines.clock.now()
        stopped = []
        if row.status == "running" and deadline is not None and now >= deadline:
            record = record_of(row)
            current = T.current_round(record) if record else None
            if current is not None:
                for link in await self.storage.tournaments.tables(tournament_id, current.number):
                    if not link.ended and await self._stop(link.game_id):
                        stopped.append(link.game_id)
        at_deadline = deadline is not None and now >= deadline
        progress = await self.settle(tournament_id, place, at_deadline=at_deadline)
        return replace(progress, stopped=tuple(stopped))

    async def _stop(self, game_id: int) -> bool:
        """Stop a running table at the deadline; whether this stopped it."""
        async with self.service.gate.locked(game_id):
            self.service.live.forget(game_id)
            try:
                await self.storage.games.abort_game(game_id, reason=DEADLINE_REASON)
            except WrongStatus:  # it ended meanwhile: its own result counts
                return False
            return True

    async def leave(self, tournament_id: int, user_id: int) -> Progress:
        """Take ``user_id`` off the sign-up or, once it runs, drop them out: not paired again
        (a table of theirs still running is played out by them and counts).

        Raises:
            UserError: not in the tournament, or it is over.
        """
        row = await self.storage.tournaments.get(tournament_id)
        if row.status == "signup":
            if user_id not in row.signups:
                raise UserError(N_("You have not joined this tournament."))
            after = await self._sign_up(tournament_id, user_id, join=False)
            return Progress(after, None)
        return await self.withdraw(tournament_id, person_id(user_id), "dropped")

    async def remove(self, tournament_id: int, organiser_id: int, user_id: int) -> Progress:
        """The organiser removes ``user_id``: not paired again, and a table of theirs still
        running is played out by the automatic player, as for a leaver."""
        row = await self.storage.tournaments.get(tournament_id)
        if row.organiser_id != organiser_id:
            raise UserError(N_("Only the organiser can do that."))
        return await self.withdraw(tournament_id, person_id(user_id), "removed")

    async def withdraw(
        self, tournament_id: int, entrant: str, how: Literal["dropped", "removed"]
    ) -> Progress:
        """Withdraw ``entrant`` from a running tournament (see :meth:`leave`, :meth:`remove`).

        Raises:
            UserError: not running, a stranger, or withdrawn already.
        """
        async with self._lock(tournament_id):
            row = await self.storage.tournaments.get(tournament_id)
            record = record_of(row)
            if row.status != "running" or record is None:
                raise UserError(N_("This tournament is not running."))
            try:
                record = T.withdraw(record, entrant, how)
            except T.TournamentError:
                raise UserError(N_("That player is not playing in this tournament.")) from None
            row = await self.storage.tournaments.update(
                tournament_id, row.version, record=record.model_dump_json()
            )
        handed = await self._hand_over(row, record, entrant) if how == "removed" else ()
        return Progress(row, record, handed=handed)

    async def _hand_over(
        self, row: TournamentRow, record: T.Tournament, entrant: str
    ) -> tuple[int, ...]:
        """The automatic player takes ``entrant``'s seat at their running table, if any; the
        games handed over."""
        user = user_of(entrant)
        current = T.current_round(record)
        if user is None or current is None:
            return ()
        handed = []
        for link in await self.storage.tournaments.tables(row.id, current.number):
            game = await self.storage.games.get_game(link.game_id)
            seat = game.seat_of(user)
            if game.status == GameStatus.ACTIVE and seat is not None and seat.is_human:
                async with self.service.gate.locked(game.id):
                    with suppress(WrongStatus):  # it ended meanwhile
                        await self.storage.games.leave_game(game.id, user, level=LEAVER_LEVEL)
                        handed.append(game.id)
                    self.service.live.forget(game.id)
        return tuple(handed)

    async def where(self, tournament_id: int, user_id: int) -> Where:
        """Where ``user_id`` stands: their place, and their table in the current round.

        Raises:
            UserError: the tournament has not started, or they are not in it.
        """
        row = await self.storage.tournaments.get(tournament_id)
        record = record_of(row)
        if record is None:
            raise UserError(N_("This tournament has not started yet."))
        try:
            found = T.whereabouts(record, person_id(user_id))
        except T.TournamentError:
            raise UserError(N_("You are not playing in this tournament.")) from None
        game_id = None
        if found.table is not None:
            for link in await self.storage.tournaments.tables(row.id, found.round):
                if link.table_number == found.table:
                    game_id = link.game_id
        return Where(row, found, game_id)

    async def resume(
        self, guild_ids: Sequence[int] | None, place: Place | None = None
    ) -> list[Progress]:
        """Bring the running tournaments of ``guild_ids`` (this process's guilds; ``None``:
        all) up to date after a restart or at a clock's tick: results folded, a round past its
        deadline closed, the next round paired, tables not yet opened opened."""
        done = []
        for row in await self.storage.tournaments.open_in(guild_ids):
            if row.status != "running":
                continue
            progress = await self.close_round(row.id, place)
            if progress.record is not None and not progress.opened and not progress.ended:
                async with self._lock(row.id):
                    opened = await self.open_tables(progress.row, progress.record, place)
                progress = Progress(progress.row, progress.record, opened)
            done.append(progress)
        return done
