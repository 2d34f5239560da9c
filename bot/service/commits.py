"""Committing an applied action: the game it leaves, with what the service decided of it
(the deadline that follows, the seat's standing), stored before anything is shown."""

from __future__ import annotations

import time
from collections.abc import Callable

import engine
from bot.i18n import N_
from bot.service.banks import as_before, rules_of
from bot.service.deadlines import Deadlines
from bot.service.errors import OutOfDate
from bot.service.live import LiveGames
from bot.service.seats import change_after_move, with_change, with_player_back
from bot.service.snapshots import GameSnapshot, Move, Played
from bot.service.wakes import wake_after, with_banks
from engine import Action
from engine.undo import is_final
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


class Commits:
    """Applies an action to a copy of a running game's state and commits it, with the
    deadline (``deadlines``), the wake time (``bot.service.wakes``), the seat change
    (``bot.service.seats``) that follow and whether its seat may take it back (``engine.undo``:
    a person's move only); only then is the copy adopted in ``live``. Callers hold the game's
    lock."""

    def __init__(self, storage: Storage, live: LiveGames, deadlines: Deadlines) -> None:
        self.storage = storage
        self.live = live
        self.deadlines = deadlines
        self.observe: Callable[[float], None] | None = None
        """Called with the seconds each commit took, from the request to storage's answer
        (queued, written and on disk, or refused): the bot's metrics."""

    async def commit(
        self,
        played: Played,
        action: Action,
        *,
        actor: str,
        counts_timeout: bool = False,
        prepare: Prepare | None = None,
    ) -> None:
        """Apply ``action`` (made by ``actor``: ``"player"``, ``"automatic"`` or
        ``"timeout"``; ``counts_timeout``: the first move of a timeout) to ``played``'s game
        and commit it; ``played`` then holds the game after it and the move. ``prepare`` (see
        :data:`Prepare`) is called with the game as the action leaves it just before the
        commit is sent.

        Raises:
            OutOfDate: another process moved the game since it was read (it is read afresh
                next time).
            DatabaseUnavailable: the commit may or may not have been applied (read afresh).
        """
        current = played.snapshot
        assert current.state is not None
        state = engine.clone(current.state)
        events = engine.apply(state, action)
        outcome = engine.outcome(state)
        record = current.record
        change = change_after_move(record, action.seat, actor, counts_timeout=counts_timeout)
        if actor == "player":  # a person who acts is back: their clock counts again
            record = with_player_back(record, action.seat)
        await self.deadlines.ready()
        standing = with_change(record, change)
        clock = self.deadlines.after(
            standing,
            current.state,
            state,
            mover=action.seat,
            previous=current.record,
            timeout=actor == "timeout",
        )
        wake = wake_after(self.deadlines, with_banks(standing, clock.banks, clock.deadline), state)
        # a person's move the engine's rule lets them take back is offered to them (undo),
        # with the banks it replaces: a take-back gives them back
        takeback = actor == "player" and not is_final(current.state, action, state)
        rules, changed = rules_of(record), {bank.seat for bank in clock.banks}
        before = [
            as_before(s, rules)
            for s in current.record.seats
            if takeback and rules is not None and s.seat in changed
        ]
        if prepare is not None:
            prepare(record, state)
        started = time.perf_counter()
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
                deadline=clock.deadline,
                wake_at=wake,
                seat_changes=() if change is None else (change,),
                seat_banks=clock.banks,
                takeback=takeback,
                banks_before=before,
            )
        except StaleVersion:
            self.live.forget(current.id)  # another process moved it: read it afresh next time
            raise OutOfDate(MOVED_ON) from None
        except DatabaseUnavailable:
            self.live.forget(current.id)  # the commit may have been applied: read it afresh
            raise
        finally:
            if self.observe is not None:
                self.observe(time.perf_counter() - started)
        played.snapshot = GameSnapshot(stored, state)
        played.moves.append(Move(action.seat, action.key, events, actor))
        played.ended = outcome is not None
        public = tuple(PublicEvent(e.kind, e.seat, e.data) for e in events if e.visible_to is None)
        self.live.remember(
            played.snapshot,
            LoggedAction(
                stored.id, stored.version, action.seat, action.key, public, stored.updated_at, actor
            ),
        )
