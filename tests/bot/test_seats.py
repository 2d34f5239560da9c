"""What a move does to its seat's standing (``bot.service.seats``): the service decides it and
storage writes what it is told, so the rule "away after three timeouts in a row, back the
moment the player acts" is checked here, move by move."""

from __future__ import annotations

from dataclasses import replace

import engine
from bot.service.seats import AWAY_AFTER, came_back, change_after_move, with_player_back
from storage import GameRecord, SeatChange
from tests.bot.records import record_for


def _applied(record: GameRecord, change: SeatChange | None) -> GameRecord:
    """``record`` as storage leaves it after writing ``change``."""
    if change is None:
        return record
    seats = tuple(
        replace(s, timeouts=change.timeouts, away=change.away) if s.seat == change.seat else s
        for s in record.seats
    )
    return replace(record, seats=seats)


def test_three_timeouts_in_a_row_make_a_seat_away_until_its_player_acts() -> None:
    record = record_for(engine.new_game("artichokes", 2, None, 5))

    def move(seat: int, actor: str, counts: bool = False) -> tuple[int, bool]:
        nonlocal record
        change = change_after_move(record, seat, actor, counts_timeout=counts)
        record = _applied(record, change)
        return record.seats[seat].timeouts, record.seats[seat].away

    assert AWAY_AFTER == 3
    assert move(0, "timeout", counts=True) == (1, False)
    assert move(0, "timeout") == (1, False)  # the same timeout's next move
    assert move(1, "automatic") == (0, False)
    assert move(0, "timeout", counts=True) == (2, False)
    assert move(0, "timeout", counts=True) == (3, True)  # away: played automatically
    assert move(0, "automatic") == (3, True)
    assert move(0, "player") == (0, False)  # back the moment they act
    assert move(0, "timeout", counts=True) == (1, False)


def test_a_counted_timeout_rests_on_the_count_read_and_a_return_on_nothing() -> None:
    record = record_for(engine.new_game("artichokes", 2, None, 5))
    seats = list(record.seats)
    seats[1] = replace(seats[1], timeouts=2)
    record = replace(record, seats=tuple(seats))
    assert change_after_move(record, 1, "timeout", counts_timeout=True) == SeatChange(
        1, 3, True, read=(2, False)
    )
    assert change_after_move(record, 1, "player", counts_timeout=False) == SeatChange(1, 0, False)
    assert change_after_move(record, 0, "player", counts_timeout=False) is None  # present
    assert came_back(record.seats[1]) == SeatChange(1, 0, False)
    assert with_player_back(record, 1).seats[1].timeouts == 0
    assert with_player_back(record, 1).seats[0] == record.seats[0]
