"""The pace's reminders: at half a waited seat's bank, and an hour before it runs out (a bank
of more than two hours). Each reminder is claimed before it is said: noted in storage
(``Seat.reminders``) with the game's next wake time, written only if the game is still at
its version with the wake that was read (compare-and-set), so of two tries or two
processes one only says it, and a restart never says it twice; one that fell while the bot
was down is said at the start, unless a later one is due too (then only the later) or the
bank ran out meanwhile (then the timeout speaks)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.deadlines import Deadlines
from bot.service.gate import Gate
from bot.service.live import LiveGames
from bot.service.snapshots import GameSnapshot
from bot.service.wakes import wake_after, with_banks
from storage import GameRecord, GameStatus, SeatBank, StaleVersion, Storage


@dataclass(frozen=True)
class Reminder:
    """A reminder to the player of ``seat``: ``left`` seconds of their bank remain; ``last``:
    the one an hour before the end (else the one at half the bank)."""

    seat: int
    left: float
    last: bool = False


@dataclass(frozen=True)
class Reminded:
    """The reminders due now in a game, noted in storage, and the game after that."""

    record: GameRecord
    reminders: list[Reminder]


class Reminding:
    """Finds, under the game's lock (``gate``), the reminders due now (``deadlines``) and
    notes them in storage before they are said."""

    def __init__(self, storage: Storage, gate: Gate, live: LiveGames, deadlines: Deadlines) -> None:
        self.storage = storage
        self.gate = gate
        self.live = live
        self.deadlines = deadlines

    async def claim(self, game_id: int) -> Reminded | None:
        """Claim the reminders due now in game ``game_id`` (what the turn clocks do when its
        wake comes): see :meth:`remind`."""
        return await self.remind(game_id)

    async def remind(self, game_id: int, version: int | None = None) -> Reminded | None:
        """The reminders due now in game ``game_id`` (if it is still at ``version``, when
        given), each noted as sent with the game's next wake, by compare-and-set on the wake
        read (``None``: it moved on, ended, nothing is due, or another try claimed them first).

        Raises:
            DatabaseUnavailable: nothing was noted (the caller may try again).
        """
        async with self.gate.locked(game_id):
            snapshot = await self.live.snapshot(game_id)
            record, state = snapshot.record, snapshot.state
            if record.status != GameStatus.ACTIVE or state is None:
                return None
            if version is not None and record.version != version:
                return None
            await self.deadlines.ready()
            due = self.deadlines.reminders_due(record, state)
            if not due:
                return None
            banks = [SeatBank(c.seat, c.bank_ms, c.since, index + 1) for c, index in due]
            wake = wake_after(self.deadlines, with_banks(record, banks, record.deadline), state)
            try:
                stored = await self.storage.games.set_clock(
                    game_id,
                    expected_version=record.version,
                    deadline=record.deadline,
                    seat_banks=banks,
                    wake_at=wake,
                    read_wake=record.wake_at,
                )
            except StaleVersion:  # another process moved it or claimed them: its clock now
                self.live.forget(game_id)
                return None
            self.live.remember(GameSnapshot(stored, state))
            reminders = [
                Reminder(clock.seat, self.deadlines.left(stored, clock), index > 0)
                for clock, index in due
            ]
            return Reminded(stored, reminders)
