"""Running games: actions, leaving, aborting, and the moves of automatic seats."""

from __future__ import annotations

import logging
import random

import engine
from bot.errors import UserError
from bot.i18n import N_
from bot.reasons import ABANDONED, ADMIN_ABORT, FORFEIT
from bot.service.reading import GameReader
from bot.service.snapshots import GameSnapshot, Played, Step
from engine import Action
from storage import GameNotFound, GameRecord, GameResult, GameStatus, StaleVersion, WrongStatus

log = logging.getLogger(__name__)

MOVED_ON = N_("The game has moved on since that button was shown.")


class PlayUseCases(GameReader):
    """Changes to running games. Every change runs under the game's lock and is committed
    before it is returned."""

    async def act(self, game_id: int, user_id: int, since: int, key: str) -> Played:
        """Apply ``user_id``'s action ``key``, chosen on components shown for the decisions
        stamped ``since``.

        A click counts when its action is still legal for that seat's unchanged decisions
        (the stamp): simultaneous choices of other seats leave it standing; the player's own
        move always re-stamps, so a double click is applied once.

        Raises:
            UserError: not seated, the game is over, the click is stale (``refresh_screen``),
                the same simultaneous answer again (``refresh_screen``), or the action is not
                legal now (``refresh_screen``).
        """
        async with self.locked(game_id):
            snapshot = await self.active(game_id)
            seat = self.seat_of(snapshot.record, user_id)
            state = snapshot.state
            assert state is not None
            mine = engine.decisions(state, seat)
            if not mine or mine[0].since != since:
                raise UserError(MOVED_ON, refresh_screen=True)
            action = Action(seat, key)
            if action not in engine.legal_actions(state, seat):
                if any(d.committed is not None and d.chosen_in(key) == d.committed for d in mine):
                    raise UserError(N_("That is already your choice."), refresh_screen=True)
                raise UserError(N_("That move is not possible right now."), refresh_screen=True)
            played = Played(snapshot, deciding_before=engine.deciding_seats(state))
            await self._commit(played, action, actor="player")
            await self._play_automatic_seats(played, after_a_saved_move=True)
            return played

    async def forfeit(self, game_id: int, user_id: int) -> Played:
        """``user_id`` leaves a running game; their seat is played automatically from now on.

        The game ends at once only when nobody is seated any more (abandoned, no winner), or
        when it started with people only, two or more, and one person is left: that person
        wins (reason ``"forfeit"``). The leave and the end are one transaction.
        """
        async with self.locked(game_id):
            snapshot = await self.active(game_id)
            record = snapshot.record
            self.seat_of(record, user_id)
            state = snapshot.state
            assert state is not None
            staying = [s for s in record.seats if s.is_human and s.user_id != user_id]
            finish = abandon = None
            if not staying:
                abandon = ABANDONED
            elif record.started_with_people_only and len(record.seats) >= 2 and len(staying) == 1:
                finish = GameResult((staying[0].seat,), False, FORFEIT)
            after = await self.storage.games.leave_game(
                game_id, user_id, finish=finish, abandon=abandon
            )
            played = Played(
                GameSnapshot(after, state), deciding_before=engine.deciding_seats(state)
            )
            played.ended = after.status != GameStatus.ACTIVE
            if not played.ended:
                await self._play_automatic_seats(played, after_a_saved_move=True)
            return played

    async def abort(self, game_id: int, reason: str = ADMIN_ABORT) -> GameRecord:
        """End an open game without a result (admin).

        Raises:
            UserError: no such game, or it has already ended.
        """
        async with self.locked(game_id):
            try:
                return await self.storage.games.abort_game(game_id, reason=reason)
            except GameNotFound:
                raise UserError(N_("That game no longer exists.")) from None
            except WrongStatus:
                raise UserError(N_("That game has already ended.")) from None

    async def resume(self, game_id: int) -> Played:
        """Let automatic seats make any move that is due (after a restart). A restart never
        ends a game otherwise."""
        async with self.locked(game_id):
            snapshot = await self.active(game_id)
            assert snapshot.state is not None
            played = Played(snapshot, deciding_before=engine.deciding_seats(snapshot.state))
            await self._play_automatic_seats(played)
            return played

    async def _commit(self, played: Played, action: Action, *, actor: str) -> None:
        """Apply ``action`` to a copy of the state and commit it; only then adopt the copy."""
        current = played.snapshot
        assert current.state is not None
        state = engine.clone(current.state)
        events = engine.apply(state, action)
        outcome = engine.outcome(state)
        try:
            await self.storage.games.commit_action(
                current.id,
                current.record.version,
                action.seat,
                action.key,
                engine.dumps(state),
                public_events=events,
                status=GameStatus.FINISHED if outcome else None,
                result=outcome,
                actor=actor,
            )
        except StaleVersion:
            raise UserError(MOVED_ON, refresh_screen=True) from None
        record = await self.storage.games.get_game(current.id)
        played.snapshot = GameSnapshot(record, state)
        played.steps.append(Step(action.seat, action.key, events, actor))
        played.ended = outcome is not None

    async def _play_automatic_seats(self, played: Played, after_a_saved_move: bool = False) -> None:
        """Let automatic seats make every move that is due. ``after_a_saved_move``: a failure
        here must not look like a failure of the user's own move, which is saved already; it is
        logged and the moves are tried again at the next action or restart."""
        try:
            await self._play_due_automatic_moves(played)
        except Exception:
            if not after_a_saved_move:
                raise
            log.exception("automatic moves of game %s failed", played.snapshot.id)

    async def _play_due_automatic_moves(self, played: Played) -> None:
        while not played.ended:
            record = played.snapshot.record
            state = played.snapshot.state
            assert state is not None
            automatic = {s.seat for s in record.seats if s.automatic}
            due = [s for s in engine.deciding_seats(state) if s in automatic]
            if not due:
                return
            # the automatic player's own randomness: from the game and step, never the seed
            rng = random.Random(f"{record.id}:{state.step}:{due[0]}")
            action = engine.automatic_action(state, due[0], rng)
            await self._commit(played, action, actor="automatic")
