"""What a change does to a seat's standing: its timeouts in a row, whether it is away.

The service decides; storage writes what it is told (``storage.SeatChange``), in the
transaction of the change. What a change does to the seats' time banks is
``bot.service.deadlines``'.
"""

from __future__ import annotations

import re
from dataclasses import replace

from storage import GameRecord, Seat, SeatChange

AWAY_AFTER = 3
"""Timeouts in a row after which a seat is away: played automatically until its player acts."""

_NUMBERED = re.compile(r"Cardroom AI (\d+) \(")


def numbered_automatic(level: str, number: int) -> str:
    """The stored name of an automatic player that has a number of its own wherever it plays
    (a tournament's, numbered in its sign-up): ``"Cardroom AI 3 (greedy)"``, the same in
    every language (the texts name it in theirs by :func:`automatic_number`)."""
    return f"Cardroom AI {number} ({level})"


def automatic_number(seat: Seat) -> int | None:
    """The number of its own an automatic player seated as such has (see
    :func:`numbered_automatic`), or ``None`` (a lobby's automatic player, or a person)."""
    if seat.user_id is not None or seat.display_name is None:
        return None
    found = _NUMBERED.match(seat.display_name)
    return None if found is None else int(found.group(1))


def change_after_move(
    record: GameRecord, seat: int, actor: str, *, counts_timeout: bool
) -> SeatChange | None:
    """What a move of ``actor`` (``"player"``, ``"automatic"`` or ``"timeout"``) for ``seat``
    does to it, ``record`` being the game the move is applied to; ``None``: nothing.

    A timeout that starts (``counts_timeout``: its first move; the further moves the same
    timeout makes are not counted again) counts one more timeout in a row, and from the
    :data:`AWAY_AFTER`-th the seat is away; it rests on the count read, so storage refuses it
    if the seat changed since. A player who acts is back: no timeouts, not away.
    """
    standing = _seat(record, seat)
    if counts_timeout:
        timeouts = standing.timeouts + 1
        return SeatChange(
            seat, timeouts, timeouts >= AWAY_AFTER, read=(standing.timeouts, standing.away)
        )
    if actor == "player" and (standing.timeouts or standing.away):
        return SeatChange(seat, 0, False)
    return None


def came_back(seat: Seat) -> SeatChange:
    """The player of ``seat``, away after timeouts, plays it again: no timeouts, not away."""
    return SeatChange(seat.seat, 0, False)


def with_player_back(record: GameRecord, seat: int) -> GameRecord:
    """``record`` with the player of ``seat`` back (what a player's own move makes of it)."""
    seats = tuple(replace(s, away=False, timeouts=0) if s.seat == seat else s for s in record.seats)
    return replace(record, seats=seats)


def with_change(record: GameRecord, change: SeatChange | None) -> GameRecord:
    """``record`` with ``change`` made to its seat (``None``: as it is)."""
    if change is None:
        return record
    seats = tuple(
        replace(s, timeouts=change.timeouts, away=change.away) if s.seat == change.seat else s
        for s in record.seats
    )
    return replace(record, seats=seats)


def _seat(record: GameRecord, seat: int) -> Seat:
    return next(s for s in record.seats if s.seat == seat)
