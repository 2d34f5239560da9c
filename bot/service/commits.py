"""Committing an applied action, with what the service decided of it: the deadline of the turn
clock that follows it, and the seat's standing (``bot.service.seats``)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

import engine
from bot.i18n import N_
from bot.service.errors import UserError
from bot.service.reading import GameReader
from bot.service.seats import change_after_move, with_player_back
from bot.service.snapshots import GameSnapshot, Played, Step
from bot.timing.clock import Clock, SystemClock
from engine import Action
from storage import (
    DatabaseUnavailable,
    GameRecord,
    GameStatus,
    LoggedAction,
    PublicEvent,
    StaleVersion,
    Storage,
)

Prepare = Callable[[GameRecord, engine.GameState], None]
"""A hook called with the record and the state an action leads to, before its commit is
sent, to start work that is only shown once the commit stands — the answer's picture is
drawn while the database writes (nothing may be shown from it before then: the commit can
still be refused). It must not block: it starts a task and returns."""

MOVED_ON = N_("The game has moved on since that button was shown.")


def waiting_people(record: GameRecord, state: engine.GameState) -> dict[int, int]:
    """The seats of people (not away) the game waits for, with their decision stamps."""
    people = {s.seat for s in record.seats if s.is_human and not s.away}
    return {
        d.seat: d.since for d in engine.decisions(state) if d.seat in people and d.committed is None
    }


class Committing(GameReader):
    """Applying and committing actions; the turn clock's deadlines.

    ``clock`` gives the time (default: the system's); ``search_budget_ms`` is the search
    player's thinking time per move at a table whose host chose none (a lobby's "fast").
    """

    def __init__(
        self,
        storage: Storage,
        seed: Callable[[], int] | None = None,
        *,
        clock: Clock | None = None,
        search_budget_ms: float = 250.0,
    ) -> None:
        super().__init__(storage, seed)
        self.clock: Clock = clock or SystemClock()
        self.search_budget_ms = search_budget_ms

    def deadline_after(
        self,
        record: GameRecord,
        before: engine.GameState | None,
        after: engine.GameState,
        previous: datetime | None,
    ) -> datetime | None:
        """The deadline once ``after`` stands: none without a turn clock or when no person is
        waited for; the ``previous`` one while everyone waited for was already waited for on
        the same decision (a simultaneous choice shares one clock); else a new full clock."""
        if record.turn_clock is None or engine.outcome(after) is not None:
            return None
        now_waiting = waiting_people(record, after)
        if not now_waiting:
            return None
        if previous is not None and before is not None:
            then_waiting = waiting_people(record, before)
            if all(then_waiting.get(seat) == since for seat, since in now_waiting.items()):
                return previous
        return self.clock.now() + timedelta(seconds=record.turn_clock)

    async def _commit(
        self,
        played: Played,
        action: Action,
        *,
        actor: str,
        counts_timeout: bool = False,
        prepare: Prepare | None = None,
    ) -> None:
        """Apply ``action`` to a copy of the state and commit it with the deadline that
        follows; only then adopt the copy. ``prepare`` (see :data:`Prepare`) is called with
        the game as the action leaves it just before the commit is sent."""
        current = played.snapshot
        assert current.state is not None
        state = engine.clone(current.state)
        events = engine.apply(state, action)
        outcome = engine.outcome(state)
        record = current.record
        change = change_after_move(record, action.seat, actor, counts_timeout=counts_timeout)
        if actor == "player":  # a person who acts is back: their clock counts again
            record = with_player_back(record, action.seat)
        deadline = self.deadline_after(record, current.state, state, current.record.deadline)
        if prepare is not None:
            prepare(record, state)
        try:
            stored = await self.storage.games.commit_action_record(
                current.id,
                current.record.version,
                action.seat,
                action.key,
                engine.dumps(state),
                public_events=events,
                status=GameStatus.FINISHED if outcome else None,
                result=outcome,
                actor=actor,
                deadline=deadline,
                seat_changes=() if change is None else (change,),
            )
        except StaleVersion:
            self.forget(current.id)  # another process moved it: read it afresh next time
            raise UserError(MOVED_ON, refresh_screen=True) from None
        except DatabaseUnavailable:
            self.forget(current.id)  # the commit may have been applied: read it afresh
            raise
        played.snapshot = GameSnapshot(stored, state)
        played.steps.append(Step(action.seat, action.key, events, actor))
        played.ended = outcome is not None
        public = tuple(PublicEvent(e.kind, e.seat, e.data) for e in events if e.visible_to is None)
        self.remember(
            played.snapshot,
            LoggedAction(
                stored.id, stored.version, action.seat, action.key, public, stored.updated_at, actor
            ),
        )
