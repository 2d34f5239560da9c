"""How a time left and a day are written: CLDR's own short units (Babel), at most two of
them, the last rounded up; a day with its weekday. In the reader's language."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.texts.durations import day_text, duration_text, when_text


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (30, "30 sec"),  # half of a 1-minute clock
        (29.2, "30 sec"),
        (0.4, "1 sec"),
        (-3, "1 sec"),  # a reminder that fires late never says "0 sec"
        (59.5, "1 min"),
        (60, "1 min"),
        (150, "3 min"),  # half of 5 minutes
        (3600, "1 hr"),
        (3601, "1 hr 1 min"),
        (43_200, "12 hr"),  # half of a 1-day bank
        (86_399.5, "1 day"),  # 23 h 59.5 min: a whole day, not "23 hr 60 min"
        (187_200, "2 days 4 hr"),
        (2 * 86_400 + 3 * 3600 + 1, "2 days 4 hr"),
        (7 * 86_400, "7 days"),
    ],
)
def test_the_time_left_is_written_in_its_two_largest_units_rounded_up(
    seconds: float, text: str
) -> None:
    assert duration_text(seconds, "en") == text


def test_the_time_left_is_in_the_readers_language() -> None:
    assert duration_text(187_200, "es") == "2 d 4 h"
    assert duration_text(187_200, "fr") == "2\u202fj 4\u202fh"
    assert duration_text(187_200, "uk") == "2 дн. 4 год"
    assert duration_text(30, "uk") == "30 с"
    assert duration_text(120, "fr") == "2\u00a0min"


def test_a_day_is_written_with_its_weekday() -> None:
    friday = datetime(2026, 12, 11, 23, 30, tzinfo=UTC)
    assert day_text(friday, "en") == "Fri, Dec 11"
    assert day_text(friday, "fr") == "ven. 11 déc."
    assert day_text(friday, "es") == "vie, 11 dic"
    assert day_text(friday, "uk") == "пт, 11 груд."


def test_a_deadline_a_day_away_is_not_written_as_its_hour_alone() -> None:
    """The terminal's "until ...": a turn-based move's deadline (at 1 day a move, a day from
    now less a few seconds) names its day, since its hour alone is the hour it is now."""
    now = datetime(2026, 12, 6, 9, 19, 30, tzinfo=UTC)
    tomorrow = datetime(2026, 12, 7, 9, 19, 29, tzinfo=UTC)
    hour = tomorrow.astimezone().strftime("%H:%M")
    assert when_text(tomorrow, now, "en") != hour
    assert when_text(tomorrow, now, "en").endswith(hour)
    soon = datetime(2026, 12, 6, 9, 20, 30, tzinfo=UTC)  # a real-time clock's minute
    assert when_text(soon, now, "en") == soon.astimezone().strftime("%H:%M")
