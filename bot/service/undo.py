"""Taking back a move (undo): the use case behind the private screen's "↶ Undo" and the
terminal's ``u``.

The engine decides what may be taken back (``engine.undo``: Board Game Arena's rule); each
commit tells storage whether its move may be (``bot.service.commits``), and the game offers
that move to its seat (``GameRecord.takeback``). A take-back replays the game's log with the
engine, checks that the rule still allows it, and stores the state before the move with the
log's marks (``storage.takebacks``), one version later: a second click on the same Undo, or
one after anything else happened, is refused like any stale click. Only a person takes back,
and only a move they made themselves (automatic players never undo).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import engine
from bot.service.commits import MOVED_ON
from bot.service.errors import OutOfDate
from bot.service.gate import Gate
from bot.service.live import LiveGames
from bot.service.play import seat_of
from bot.service.snapshots import GameSnapshot, Played
from engine.undo import UNDO_KEY, Timeline
from storage import (
    DatabaseUnavailable,
    GameRecord,
    LoggedAction,
    PublicEvent,
    StaleVersion,
    Storage,
    TakeBackMove,
)

TOOK_BACK = "took_back"
"""The public event of a take-back, ``{"seq": the move taken back}``, with the taking seat:
the table words it ("alice took back a move") for every game alike."""


def replay_log(record: GameRecord, actions: Sequence[LoggedAction]) -> Timeline[int]:
    """``record``'s game rebuilt by the engine from its setup and ``actions`` (its log, or
    the start of it), take-backs included, each step tagged with its log ``seq``.

    Raises:
        engine.IllegalAction: the log does not replay (a damaged game).
    """
    timeline: Timeline[int] = Timeline(
        engine.new_game(record.game_name, len(record.seats), record.options, record.seed or 0)
    )
    for action in actions:
        if action.action_key == UNDO_KEY:
            timeline.take_back(action.seat)
        else:
            timeline.apply(engine.Action(action.seat, action.action_key), action.seq)
    return timeline


class TakeBacks:
    """Take-backs of running games. Every change passes the ``gate`` (the game's lock)."""

    def __init__(self, storage: Storage, gate: Gate, live: LiveGames) -> None:
        self.storage = storage
        self.gate = gate
        self.live = live

    async def take_back(self, game_id: int, user_id: int, seq: int) -> Played:
        """Take back ``user_id``'s move logged as ``seq`` (the one their Undo named).

        Returns the game after it (no moves: the table's line comes from the log).

        Raises:
            UserError: not seated, or the game is over.
            OutOfDate: that move is no longer the one they may take back (another seat
                acted, the game moved on, or this Undo was already applied).
            DatabaseUnavailable: the take-back may or may not have been stored (read afresh).
        """
        async with self.gate.locked(game_id):
            snapshot = await self.live.active(game_id)
            record = snapshot.record
            seat = seat_of(record, user_id)
            offer = record.takeback
            if offer is None or offer.seq != seq or offer.seat != seat:
                raise OutOfDate(MOVED_ON)
            actions = await self.storage.games.get_actions(game_id)
            if not actions or actions[-1].seq != record.version:
                self.live.forget(game_id)  # another process moved it: read it afresh
                raise OutOfDate(MOVED_ON)
            timeline = await asyncio.to_thread(replay_log, record, actions)
            last = timeline.last(seat)
            if last is None or last.tag != seq:
                raise OutOfDate(MOVED_ON)  # the engine's rule does not allow it (any more)
            timeline.take_back(seat)
            public = (PublicEvent(TOOK_BACK, seat, {"seq": seq}),)
            try:
                stored = await self.storage.games.take_back(
                    game_id,
                    record.version,
                    seq,
                    engine.dumps(timeline.state),
                    next_takeback=_next_offer(timeline, actions, seat),
                    public_events=public,
                )
            except StaleVersion:
                self.live.forget(game_id)
                raise OutOfDate(MOVED_ON) from None
            except DatabaseUnavailable:
                self.live.forget(game_id)
                raise
            after = GameSnapshot(stored, timeline.state)
            self.live.remember(
                after,
                LoggedAction(
                    game_id, stored.version, seat, UNDO_KEY, public, stored.updated_at, undoes=seq
                ),
            )
            return Played(after, deciding_before=engine.deciding_seats(timeline.state))


def _next_offer(
    timeline: Timeline[int], actions: Sequence[LoggedAction], seat: int
) -> TakeBackMove | None:
    """The move ``seat`` may take back next, once the last one is taken back: the one before
    it, when the rule allows it and the person made it (not the automatic player or the
    turn clock)."""
    step = timeline.last(seat)
    if step is None or actions[step.tag - 1].actor != "player":
        return None
    return TakeBackMove(step.tag, seat, step.action.key)
