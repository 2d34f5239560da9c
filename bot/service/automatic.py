"""Automatic players in running games: the moves of automatic seats (and of people away after
timeouts), the moves a turn clock's timeout makes, and a player's return from away (the
deadlines themselves are ``bot.service.deadlines``'; who is away, ``bot.service.seats``').

Automatic moves are never made inside an interaction's reply: the handlers answer first, then
the follow-ups call :meth:`AutomaticPlay.play_automatic` (see ``bot.messages.followups``). A search
player thinks in a worker thread, under the game's lock.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import random
import secrets

import engine
from bot.service.commits import Commits
from bot.service.deadlines import Deadlines, waiting_people
from bot.service.gate import Gate
from bot.service.live import LiveGames
from bot.service.seats import came_back
from bot.service.snapshots import GameSnapshot, Played
from engine import Action
from engine.players import choose, level_named
from storage import GameStatus, Storage

log = logging.getLogger(__name__)

LEAVER_LEVEL = "greedy"
"""The automatic player that takes over a seat whose player left, or is away."""


def seeded_secret(seed: int) -> str:
    """The automatic players' secret (``GameRecord.automatic_secret``, 32 hex digits) of a
    game started with ``seed`` by a service that was given its seeds (tests, ``cardroom play
    --seed``), so that such a game's automatic players play alike every time. A service that
    draws its seeds leaves the secret to storage, which draws 128 bits of its own."""
    return hashlib.sha256(f"cardroom automatic players:{seed}".encode()).hexdigest()[:32]


class AutomaticPlay:
    """The moves of automatic players and the turn clock's timeouts. Every change passes the
    ``gate`` (the game's lock) and is committed by ``commits``.

    ``search_budget_ms`` is the search player's thinking time per move at a table whose host
    chose none (a lobby's "fast").
    """

    def __init__(
        self,
        storage: Storage,
        gate: Gate,
        live: LiveGames,
        commits: Commits,
        search_budget_ms: float = 250.0,
        deadlines: Deadlines | None = None,
    ) -> None:
        self.storage = storage
        self.gate = gate
        self.live = live
        self.commits = commits
        self.search_budget_ms = search_budget_ms
        self.deadlines = deadlines or commits.deadlines

    async def play_automatic(self, game_id: int) -> Played | None:
        """Make every automatic move that is due now (automatic seats, people away), under
        the game's lock; ``None`` when the game is not running or nothing is due."""
        async with self.gate.locked(game_id):
            snapshot = await self.live.snapshot(game_id)
            if snapshot.record.status != GameStatus.ACTIVE or snapshot.state is None:
                return None
            played = Played(snapshot, deciding_before=engine.deciding_seats(snapshot.state))
            await self.play_due_automatic_moves(played)
            return played if played.moves else None

    async def timeout(self, game_id: int, version: int) -> Played | None:
        """A seat's time ran out at ``version``: the automatic player answers, for every
        person still waited for whose bank is spent now (``bot.service.deadlines``), the
        decision that was pending then (each such seat's timeouts grow by one), then the
        automatic seats move.

        A timeout answers only what the clock ran for: a decision that follows (the same
        seat's next one included, such as the take that follows a simultaneous pick or the
        last decision of the game after a turn, or a late seat's decision that another's
        answer changed) is a
        new decision, and gets its own full clock. ``None`` if the game moved on meanwhile
        or nobody's time is up (a player went away meanwhile, say)."""
        async with self.gate.locked(game_id):
            snapshot = await self.live.snapshot(game_id)
            record, state = snapshot.record, snapshot.state
            if record.status != GameStatus.ACTIVE or state is None or record.version != version:
                return None
            await self.deadlines.ready()
            due = self.deadlines.timed_out(record, state)
            late = {s: since for s, since in waiting_people(record, state).items() if s in due}
            if not late:
                return None
            played = Played(snapshot, deciding_before=engine.deciding_seats(state))
            for seat, since in sorted(late.items()):
                if played.ended:
                    break
                current = played.snapshot
                assert current.state is not None
                if waiting_people(current.record, current.state).get(seat) != since:
                    continue  # an earlier answer changed this seat's decision: a new clock
                action = await self.automatic_move(current, seat, LEAVER_LEVEL)
                await self.commits.commit(played, action, actor="timeout", counts_timeout=True)
            await self.play_due_automatic_moves(played)
            return played

    async def come_back(self, game_id: int, user_id: int) -> bool:
        """``user_id``, away after timeouts, opened their screen: they play their seat again.
        Returns whether they were away."""
        async with self.gate.locked(game_id):
            record = await self.live.record(game_id)
            seat = record.seat_of(user_id)
            if seat is None or not seat.away or record.status != GameStatus.ACTIVE:
                return False
            back = await self.storage.games.change_seat(game_id, came_back(seat))
            live = await self.live.snapshot(game_id)
            if back.version == live.record.version:
                self.live.remember(GameSnapshot(back, live.state))
            else:  # another process moved the game since: read record and state afresh
                self.live.forget(game_id)
            return True

    async def automatic_move(self, snapshot: GameSnapshot, seat: int, level: str) -> Action:
        """The move of the automatic player of ``level`` for ``seat`` (a search player thinks
        in a worker thread, for the table's thinking time, else the server's budget). Its
        randomness comes from the game's secret, game id, step and seat, never the seed: the
        last three are public, the secret is not, so nobody can compute a random player's
        hidden pick before it is revealed. A game with no secret (never: the migration gave
        the open games of before one) gets fresh randomness at every move."""
        state = snapshot.state
        assert state is not None
        secret = snapshot.record.automatic_secret or secrets.token_hex(16)
        rng = random.Random(f"{secret}:{snapshot.id}:{state.step}:{seat}")
        if level_named(level) == "search":
            budget = snapshot.record.thinking_ms or self.search_budget_ms
            return await asyncio.to_thread(choose, level, state, seat, rng, budget_ms=budget)
        return choose(level, state, seat, rng)

    async def play_due_automatic_moves(self, played: Played) -> None:
        """Let automatic seats (and people away) make every move that is due."""
        while not played.ended:
            record = played.snapshot.record
            state = played.snapshot.state
            assert state is not None
            automatic = {
                s.seat: (s.level if s.automatic and s.level else LEAVER_LEVEL)
                for s in record.seats
                if s.played_automatically
            }
            due = [s for s in engine.deciding_seats(state) if s in automatic]
            if not due:
                return
            action = await self.automatic_move(played.snapshot, due[0], automatic[due[0]])
            await self.commits.commit(played, action, actor="automatic")


__all__ = ["AutomaticPlay", "seeded_secret"]
