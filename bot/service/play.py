"""Running games: actions, leaving and aborting."""

from __future__ import annotations

import logging

import engine
from bot.i18n import N_
from bot.service.automatic import LEAVER_LEVEL
from bot.service.commits import MOVED_ON, Commits, Prepare
from bot.service.errors import OutOfDate, UserError
from bot.service.gate import Gate
from bot.service.live import LiveGames
from bot.service.reasons import ABANDONED, ADMIN_ABORT, FORFEIT
from bot.service.snapshots import GameSnapshot, Played
from bot.service.stamps import stamp
from engine import Action
from storage import GameNotFound, GameRecord, GameResult, GameStatus, Storage, WrongStatus

log = logging.getLogger(__name__)

__all__ = ["MOVED_ON", "PlayUseCases", "seat_of"]


def seat_of(record: GameRecord, user_id: int) -> int:
    """The seat ``user_id`` plays in ``record``.

    Raises:
        UserError: they play no seat (never did, or left).
    """
    seat = record.seat_of(user_id)
    if seat is None:
        if any(s.user_id == user_id for s in record.seats):
            raise UserError(N_("You left this game: an automatic player has your seat."))
        raise UserError(N_("You are not playing in this game."))
    return seat.seat


class PlayUseCases:
    """Changes people make to running games. Every change passes the ``gate`` (the game's
    lock) and is committed (``commits``) before it is returned; automatic moves that become
    due follow later (``AutomaticPlay.play_automatic``), never inside a reply."""

    def __init__(self, storage: Storage, gate: Gate, live: LiveGames, commits: Commits) -> None:
        self.storage = storage
        self.gate = gate
        self.live = live
        self.commits = commits

    async def act(
        self, game_id: int, user_id: int, since: int, key: str, *, prepare: Prepare | None = None
    ) -> Played:
        """Apply ``user_id``'s action ``key``, chosen on components shown for the decisions
        stamped ``since``; ``prepare`` is called with the game the action leads to before its
        commit (:data:`bot.service.commits.Prepare`).

        A click counts when its action is still legal for that seat's unchanged decisions
        (the stamp): simultaneous choices of other seats leave it standing; the player's own
        move always re-stamps, so a double click is applied once. A player away after
        timeouts who acts is back.

        Raises:
            UserError: not seated, or the game is over.
            OutOfDate: the click is stale, the same simultaneous answer again, or the action
                is not legal now (or the game ended since the screen was shown).
        """
        async with self.gate.locked(game_id):
            snapshot = await self.live.active(game_id)
            seat = seat_of(snapshot.record, user_id)
            state = snapshot.state
            assert state is not None
            mine = engine.decisions(state, seat)
            if not mine or stamp(snapshot.record, seat, mine[0].since) != since:
                raise OutOfDate(MOVED_ON)
            action = Action(seat, key)
            if action not in engine.legal_actions(state, seat):
                if any(d.committed is not None and d.chosen_in(key) == d.committed for d in mine):
                    raise OutOfDate(N_("That is already your choice."))
                raise OutOfDate(N_("That move is not possible right now."))
            played = Played(snapshot, deciding_before=engine.deciding_seats(state))
            await self.commits.commit(played, action, actor="player", prepare=prepare)
            return played

    async def forfeit(self, game_id: int, user_id: int) -> Played:
        """``user_id`` leaves a running game; the greedy automatic player takes their seat.

        The game ends at once only when nobody is seated any more (abandoned, no winner;
        not a tournament's table: the automatic players play it out and its result counts,
        ``docs/tournaments.md``), or when it started with people only, two or more, and one
        person is left: that person wins (reason ``"forfeit"``). The leave and the end are one
        transaction.
        """
        async with self.gate.locked(game_id):
            snapshot = await self.live.active(game_id)
            record = snapshot.record
            seat_of(record, user_id)
            state = snapshot.state
            assert state is not None
            staying = [s for s in record.seats if s.is_human and s.user_id != user_id]
            finish = abandon = None
            if not staying and await self.storage.tournaments.table_of(game_id) is None:
                abandon = ABANDONED  # a tournament's table is played out: its result counts
            elif record.started_with_people_only and len(record.seats) >= 2 and len(staying) == 1:
                finish = GameResult((staying[0].seat,), False, FORFEIT)
            after = await self.storage.games.leave_game(
                game_id, user_id, finish=finish, abandon=abandon, level=LEAVER_LEVEL
            )
            played = Played(
                GameSnapshot(after, state), deciding_before=engine.deciding_seats(state)
            )
            played.ended = after.status != GameStatus.ACTIVE
            self.live.remember(played.snapshot)
            return played

    async def abort(self, game_id: int, reason: str = ADMIN_ABORT) -> GameRecord:
        """End an open game without a result (admin).

        Raises:
            UserError: no such game, or it has already ended.
        """
        async with self.gate.locked(game_id):
            self.live.forget(game_id)
            try:
                return await self.storage.games.abort_game(game_id, reason=reason)
            except GameNotFound:
                raise UserError(N_("That game no longer exists.")) from None
            except WrongStatus:
                raise UserError(N_("That game has already ended.")) from None
