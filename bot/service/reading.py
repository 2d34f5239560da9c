"""Reading stored games for the use cases: records, parsed states, the per-game locks."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import engine
from bot.i18n import N_
from bot.service.errors import UserError
from bot.service.locks import KeyedLocks
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

SEED_BITS = 63
RESTARTING = N_("Cardroom is restarting: please try again in a moment.")


LIVE_GAMES = 20_000
"""How many running games the service keeps parsed in memory (least recently used go)."""
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


class GameReader:
    """The shared base of the use cases: storage, the seed source, the per-game locks, and
    the running games kept parsed in memory.

    ``seed`` returns the seed of each new game (default: 63 random bits). Every change goes
    through the use cases, which keep the memory current (:meth:`remember`); so a click
    costs no database read and no parsing of the stored state.
    """

    def __init__(self, storage: Storage, seed: Callable[[], int] | None = None) -> None:
        self.storage = storage
        self._seed = seed or (lambda: secrets.randbits(SEED_BITS))
        self._seeded = seed is not None  # games replay alike, automatic players included
        self._locks = KeyedLocks()
        self._live: OrderedDict[int, LiveGame] = OrderedDict()
        self._changed: set[int] | None = None  # games changed or read since watch_changes()
        self._closing = False
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock serialising every change to ``game_id`` in this process."""
        return self._locks(game_id)

    @asynccontextmanager
    async def locked(self, game_id: int) -> AsyncIterator[None]:
        """Hold ``game_id``'s lock for one change; refused once the bot is shutting down (the
        changes in flight are finished first, see :meth:`shutdown`).

        Raises:
            UserError: the bot is shutting down.
        """
        if self._closing:
            raise UserError(RESTARTING)
        self._in_flight += 1
        self._idle.clear()
        try:
            async with self._locks(game_id):
                yield
        finally:
            self._in_flight -= 1
            if self._in_flight == 0:
                self._idle.set()

    async def shutdown(self) -> None:
        """Take no new changes and wait until those in flight are committed."""
        self._closing = True
        await self._idle.wait()

    async def record(self, game_id: int) -> GameRecord:
        """The stored game without its state.

        Raises:
            UserError: no such game.
        """
        live = self._live.get(game_id)
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
        live = self._live.get(game_id)
        if live is not None:
            self._live.move_to_end(game_id)
            return live.snapshot
        snapshot = self.parse(await self.record(game_id))
        self.remember(snapshot)
        return snapshot

    def watch_changes(self) -> None:
        """Start noting the games changed (or read afresh) from now on, so that snapshots
        read from storage now can be :meth:`adopt`-ed later without undoing those changes."""
        self._changed = set()

    def adopt(self, snapshot: GameSnapshot) -> bool:
        """Keep ``snapshot``, read from storage after :meth:`watch_changes`, unless its game
        was changed or read since (a restart's resume, while clicks are already answered:
        the snapshot it loaded may be older than a move made meanwhile, or the game may have
        ended). Whether it was kept."""
        if self._changed is not None and snapshot.id in self._changed:
            return False
        self.remember(snapshot)
        return True

    def stop_watching(self) -> None:
        """Stop noting changes (the resume is over)."""
        self._changed = None

    def remember(self, snapshot: GameSnapshot, logged: LoggedAction | None = None) -> None:
        """Keep ``snapshot`` as the game's current one (a running game; others are dropped),
        with ``logged`` (its newest log row) added to its recent actions."""
        game_id = snapshot.id
        if self._changed is not None:
            self._changed.add(game_id)
        if snapshot.record.status != GameStatus.ACTIVE or snapshot.state is None:
            self._live.pop(game_id, None)
            return
        live = self._live.get(game_id)
        if live is None:
            live = self._live[game_id] = LiveGame(snapshot)
            while len(self._live) > LIVE_GAMES:
                self._live.popitem(last=False)
        else:
            live.snapshot = snapshot
            self._live.move_to_end(game_id)
        if logged is not None and live.recent is not None:
            live.recent = _packed([*json.loads(live.recent), _row(logged)])

    def forget(self, game_id: int) -> None:
        """Drop what is kept of ``game_id`` (read it from storage next time)."""
        if self._changed is not None:
            self._changed.add(game_id)
        self._live.pop(game_id, None)

    async def recent_actions(self, game_id: int) -> list[LoggedAction]:
        """The game's last logged actions (with their public events), oldest first."""
        live = self._live.get(game_id)
        if live is not None and live.recent is not None:
            return _unpacked(live.recent)
        logged = await self.storage.games.recent_actions(game_id, RECENT_ACTIONS)
        live = self._live.get(game_id)
        if live is not None and live.recent is None:
            live.recent = _packed([_row(action) for action in logged])
        return logged

    def live_games(self) -> int:
        """How many running games are kept in memory."""
        return len(self._live)

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
            UserError: no such game, not started yet, or over (``refresh_screen`` when it was
                played: a click from a screen left open shows its final state).
        """
        snapshot = await self.snapshot(game_id)
        if snapshot.record.status == GameStatus.LOBBY:
            raise UserError(N_("This game has not started yet."))
        if snapshot.record.status != GameStatus.ACTIVE:
            raise UserError(N_("This game is over."), refresh_screen=snapshot.state is not None)
        return snapshot

    @staticmethod
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
