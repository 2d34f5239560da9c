"""The use cases of the memory of play, with no Discord: a player's stats, a guild's
leaderboard and last games, a finished game rebuilt step by step for its replay, its export
file, forgetting a player.

Nothing here shows a running game: only games that ended are read, and a replay is built from
the stored setup and log by the engine (``engine.undo``'s replay, take-backs included), one
step at a time.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime

import engine
from bot.i18n import N_
from bot.service.errors import UserError
from bot.service.undo import replay_log
from engine.records import GameRecordFile, RecordedAction, RecordedResult, RecordedSeat
from storage import (
    Forgotten,
    GameNotFound,
    GameRecord,
    GameStatus,
    Leaderboard,
    LoggedAction,
    PastGame,
    PlayerInOpenGame,
    PlayerStats,
    Storage,
)

KEPT_GAMES = 32
"""Finished games (record and log) kept in memory for the replays being stepped through."""


@dataclass(frozen=True)
class ReplayStep:
    """One step of a replay: the game as it stood after ``step`` of its ``steps`` actions
    (``record``: its seats and status then; ``state``: the engine state), and the log up to
    there (``logged``, for the table's last events)."""

    record: GameRecord
    state: engine.GameState
    logged: tuple[LoggedAction, ...]
    step: int
    steps: int

    @property
    def last(self) -> bool:
        """The end screen: every action replayed."""
        return self.step == self.steps


def record_at(record: GameRecord, actions: list[LoggedAction], step: int) -> GameRecord:
    """``record`` as it stood after ``step`` actions: running, without a result, each person
    who forfeited later still in their seat. The last step is the stored record itself."""
    if step >= len(actions):
        return record
    moment = actions[step - 1].created_at if step > 0 else record.started_at
    assert moment is not None
    seats = []
    for seat in record.seats:
        gone = seat.left_at is not None and seat.left_at <= moment
        if seat.person and seat.left_at is not None and not gone:
            seat = replace(seat, automatic=False, left_at=None, level=None)
        seats.append(replace(seat, score=None, rank=None, away=False, timeouts=0))
    return replace(
        record,
        status=GameStatus.ACTIVE,
        result=None,
        ended_at=None,
        deadline=None,
        seats=tuple(seats),
    )


def export_file(record: GameRecord, actions: list[LoggedAction]) -> GameRecordFile:
    """The file ``/game export`` gives of a finished game (see ``engine.records``)."""
    assert record.seed is not None and record.result is not None
    assert record.started_at is not None and record.ended_at is not None
    seats = []
    for seat in record.seats:
        if seat.former:
            kind, player = "former", "a former player"
        elif seat.user_id is None:
            kind, player = "automatic", f"Cardroom AI ({seat.level or 'greedy'})"
        else:
            kind, player = "person", seat.display_name or f"Player {seat.seat + 1}"
        seats.append(
            RecordedSeat(
                seat=seat.seat,
                player=player,
                kind=kind,  # type: ignore[arg-type]
                user_id=None if seat.user_id is None else str(seat.user_id),
                level=seat.level,
                left=seat.left_at is not None and seat.person,
                score=seat.score,
                rank=seat.rank,
            )
        )
    result = record.result
    return GameRecordFile(
        game=record.game_name,
        game_id=record.id,
        options=record.options,
        seed=record.seed,
        automatic_secret=record.automatic_secret,
        started_at=record.started_at,
        ended_at=record.ended_at,
        seats=seats,
        result=RecordedResult(
            winners=list(result.winners),
            draw=result.draw,
            reason=result.reason,
            scores=None if result.scores is None else list(result.scores),
            ranks=None if result.ranks is None else list(result.ranks),
        ),
        actions=[
            RecordedAction(
                seq=a.seq,
                seat=a.seat,
                key=a.action_key,
                actor=a.actor,  # type: ignore[arg-type]
                time=a.created_at,
                undoes=a.undoes,
                undone_by=a.undone_by,
            )
            for a in actions
        ],
    )


class PlayHistory:
    """Stats, leaderboards, past games, replays and exports over :class:`storage.Storage`;
    ``forgotten`` is told the id of each player forgotten (what is kept of them in memory
    goes)."""

    def __init__(self, storage: Storage, forgotten: Callable[[int], None] | None = None) -> None:
        self.storage = storage
        self.forgotten = forgotten
        self._games: OrderedDict[int, tuple[GameRecord, list[LoggedAction]]] = OrderedDict()

    async def stats(
        self, user_id: int, guild_id: int | None, game_name: str | None
    ) -> list[PlayerStats]:
        """``user_id``'s stats per game in ``guild_id`` (``None``: everywhere)."""
        return await self.storage.history.stats(user_id, guild_id=guild_id, game_name=game_name)

    async def leaderboard(self, guild_id: int, game_name: str, user_id: int) -> Leaderboard:
        """``guild_id``'s leaderboard of ``game_name``, with ``user_id``'s own place."""
        return await self.storage.history.leaderboard(guild_id, game_name, user_id=user_id)

    async def past_games(self, guild_id: int, user_id: int | None, limit: int) -> list[PastGame]:
        """The last ``limit`` ended games of ``guild_id`` (``user_id``'s only, when given)."""
        return await self.storage.history.past_games(guild_id, user_id=user_id, limit=limit)

    async def finished(self, game_id: int, guild_id: int) -> tuple[GameRecord, list[LoggedAction]]:
        """A finished game of ``guild_id`` with its whole log.

        Raises:
            UserError: no such game in this guild, or it has not finished (a running game
                shows only its table; an aborted one has no end to replay).
        """
        kept = self._games.get(game_id)
        if kept is not None and kept[0].guild_id == guild_id:
            self._games.move_to_end(game_id)
            return kept
        try:
            record, actions = await self.storage.games.snapshot(game_id)
        except GameNotFound:
            record, actions = None, []
        if record is None or record.guild_id != guild_id:
            raise UserError(N_("There is no game #{game} in this server."), game=game_id)
        if record.status in (GameStatus.LOBBY, GameStatus.ACTIVE):
            raise UserError(
                N_("Game #{game} is still going on: its table in the channel shows it."),
                game=game_id,
            )
        if record.status != GameStatus.FINISHED:
            raise UserError(N_("Game #{game} was aborted: it has no end to show."), game=game_id)
        self._games[game_id] = (record, actions)
        while len(self._games) > KEPT_GAMES:
            self._games.popitem(last=False)
        return record, actions

    async def step(self, game_id: int, guild_id: int, step: int) -> ReplayStep:
        """The finished game ``game_id`` after ``step`` actions (clamped to the game),
        replayed by the engine from its seed and log in a worker thread.

        Raises:
            UserError: see :meth:`finished`.
        """
        record, actions = await self.finished(game_id, guild_id)
        step = max(0, min(step, len(actions)))
        # the game as played: a move taken back, then its take-back (``engine.undo``)
        timeline = await asyncio.to_thread(replay_log, record, actions[:step])
        state = timeline.state
        return ReplayStep(
            record_at(record, actions, step),
            state,
            tuple(actions[:step]),
            step,
            len(actions),
        )

    async def export(self, game_id: int, guild_id: int) -> GameRecordFile:
        """The export file of the finished game ``game_id``.

        Raises:
            UserError: see :meth:`finished`.
        """
        record, actions = await self.finished(game_id, guild_id)
        return export_file(record, actions)

    async def reset_leaderboard(self, guild_id: int, game_name: str) -> int:
        """Start the leaderboard afresh; the ratings deleted."""
        return await self.storage.history.reset_leaderboard(guild_id, game_name)

    async def forget(self, user_id: int) -> Forgotten:
        """Forget ``user_id`` everywhere (see ``storage.HistoryStore.forget``).

        Raises:
            UserError: they are in an open game (its numbers are given).
        """
        try:
            forgotten = await self.storage.history.forget(user_id)
        except PlayerInOpenGame as exc:
            raise UserError(
                N_(
                    "You are still in game {games}: leave it or let it end, then ask again. "
                    "Nothing was deleted."
                ),
                games=", ".join(f"#{g}" for g in exc.game_ids),
            ) from None
        self._games.clear()  # kept games still name them
        if self.forgotten is not None:
            self.forgotten(user_id)
        return forgotten


def ended_at(past: PastGame) -> datetime:
    """When a past game ended."""
    assert past.game.ended_at is not None
    return past.game.ended_at
