"""The running games as they stand: kept parsed in memory while they are played, read from
storage otherwise."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import engine
from bot.i18n import N_
from bot.service.errors import OutOfDate, UserError
from bot.service.recent import Recent
from bot.service.snapshots import GameSnapshot
from storage import (
    GameNotFound,
    GameRecord,
    GameStatus,
    LoggedAction,
    Storage,
    public_event_list,
    public_events_from_list,
)

log = logging.getLogger(__name__)

LIVE_GAMES = 20_000
"""How many running games the service keeps parsed in memory at most (least recently used go)."""
KEEP_IDLE = 600.0
"""Seconds a running game nobody touched stays in memory: a slow game, touched a few times a
day, is read again when its turn comes (a database read and a parse, about a millisecond)."""
RECENT_ACTIONS = 6
"""How many of a running game's last logged actions are kept with it (the table's events)."""


@dataclass
class LiveGame:
    """A running game kept in memory: its snapshot and its last logged actions as
    :func:`_packed` text (``None`` until read once from storage)."""

    snapshot: GameSnapshot
    recent: str | None = None


def _row(action: LoggedAction) -> list[Any]:
    """One logged action as a JSON-ready row of :func:`_packed` text."""
    return [
        action.game_id,
        action.seq,
        action.seat,
        action.action_key,
        action.actor,
        action.created_at.isoformat(),
        public_event_list(action.public_events),
    ]


def _packed(rows: list[list[Any]]) -> str:
    """The last :data:`RECENT_ACTIONS` of ``rows`` (see :func:`_row`) as one JSON text: about
    1.5 KB for a game, where the objects take about 6 KB (the events' dicts above all)."""
    return json.dumps(rows[-RECENT_ACTIONS:], separators=(",", ":"))


def _unpacked(text: str) -> list[LoggedAction]:
    """The logged actions :func:`_packed` made ``text`` of, oldest first."""
    return [
        LoggedAction(
            game_id=game_id,
            seq=seq,
            seat=seat,
            action_key=key,
            public_events=public_events_from_list(events),
            created_at=datetime.fromisoformat(created),
            actor=actor,
        )
        for game_id, seq, seat, key, actor, created, events in json.loads(text)
    ]


class LiveGames:
    """The running games being played, kept parsed in memory, over storage: one not touched
    for :data:`KEEP_IDLE` seconds goes (and the least recently used beyond
    :data:`LIVE_GAMES`), so memory grows with the games played, not with the games stored.

    Every change goes through the use cases, which keep the memory current
    (:meth:`remember`); so a click costs no database read and no parsing of the stored state.
    """

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._games: Recent[int, LiveGame] = Recent(KEEP_IDLE, limit=LIVE_GAMES)

    async def record(self, game_id: int) -> GameRecord:
        """The stored game without its state.

        Raises:
            UserError: no such game.
        """
        live = self._games.get(game_id)
        if live is not None:
            return live.snapshot.record
        try:
            return await self.storage.games.get_game(game_id)
        except GameNotFound:
            raise UserError(N_("That game no longer exists.")) from None

    async def snapshot(self, game_id: int) -> GameSnapshot:
        """The stored game and its parsed state (a running game from memory). The state is
        shared: never change it (the use cases apply actions to copies).

        Raises:
            UserError: no such game, or its stored state cannot be read (set aside).
        """
        live = self._games.get(game_id)
        if live is not None:
            return live.snapshot
        snapshot = self.parse(await self.record(game_id))
        self.remember(snapshot)
        return snapshot

    def remember(self, snapshot: GameSnapshot, logged: LoggedAction | None = None) -> None:
        """Keep ``snapshot`` as the game's current one (a running game; others are dropped),
        with ``logged`` (its newest log row) added to its recent actions."""
        game_id = snapshot.id
        if snapshot.record.status != GameStatus.ACTIVE or snapshot.state is None:
            self._games.pop(game_id, None)
            return
        live = self._games.get(game_id)
        if live is None:
            live = LiveGame(snapshot)
        live.snapshot = snapshot
        self._games[game_id] = live
        if logged is not None and live.recent is not None:
            rows = json.loads(live.recent)
            if not rows or rows[-1][1] < logged.seq:  # a read may have seen it already
                live.recent = _packed([*rows, _row(logged)])

    def forget(self, game_id: int) -> None:
        """Drop what is kept of ``game_id`` (read it from storage next time)."""
        self._games.pop(game_id, None)

    async def recent_actions(self, game_id: int) -> list[LoggedAction]:
        """The game's last logged actions (with their public events), oldest first."""
        live = self._games.get(game_id)
        if live is not None and live.recent is not None:
            return _unpacked(live.recent)
        before = None if live is None else live.snapshot.record.version
        logged = await self.storage.games.recent_actions(game_id, RECENT_ACTIONS)
        live = self._games.peek(game_id)
        # kept only if the game did not change during the read: a move committed meanwhile
        # was not added (nothing was kept yet), and the read may not have seen it
        if live is not None and live.recent is None and live.snapshot.record.version == before:
            live.recent = _packed([_row(action) for action in logged])
        return logged

    def live_games(self) -> int:
        """How many running games are kept in memory."""
        return len(self._games)

    @staticmethod
    def parse(record: GameRecord) -> GameSnapshot:
        """``record`` with its state parsed.

        Raises:
            UserError: the stored state cannot be read.
        """
        try:
            state = engine.loads(record.state_json) if record.state_json is not None else None
        except ValueError:
            log.error("game %s: stored state unreadable (see /cardroom inspect)", record.id)
            raise UserError(
                N_(
                    "This game is damaged and cannot go on; a server admin can end it with "
                    "/cardroom abort."
                )
            ) from None
        return GameSnapshot(record, state)

    async def active(self, game_id: int) -> GameSnapshot:
        """The running game ``game_id``.

        Raises:
            UserError: no such game, not started yet, or over (an ``OutOfDate`` when it was
                played: a click from a screen left open, where its final state can be shown).
        """
        snapshot = await self.snapshot(game_id)
        if snapshot.record.status == GameStatus.LOBBY:
            raise UserError(N_("This game has not started yet."))
        if snapshot.record.status != GameStatus.ACTIVE:
            over = OutOfDate if snapshot.state is not None else UserError
            raise over(N_("This game is over."))
        return snapshot
