"""The arithmetic of time banks and away time (pure functions): time runs except while away;
a deadline moves by the away time met before it; the rule of 14 days in any 30; and the times
people type for ``/game away``, in their own words."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.service.away import MOST_AWAY, latest_end, most_in_any_window
from bot.service.banks import running, when_spent
from bot.texts.typed_times import parse_until

T = datetime(2026, 12, 1, 12, tzinfo=UTC)
H, D = timedelta(hours=1), timedelta(days=1)


def test_a_bank_does_not_run_while_its_player_is_away() -> None:
    away = [(T + 2 * H, T + 5 * H), (T + 10 * H, T + 11 * H)]
    assert running(T, T + 12 * H, away) == 8 * 3600
    assert running(T + 3 * H, T + 4 * H, away) == 0  # all of it away
    assert running(T, T - H) == 0
    assert when_spent(T, 2 * 3600, away) == T + 2 * H  # just before the first away time
    assert when_spent(T, 3 * 3600, away) == T + 6 * H  # three hours away on the way
    assert when_spent(T, 8 * 3600, away) == T + 12 * H
    assert when_spent(T + 3 * H, 3600, away) == T + 6 * H  # a wait that began while away


def test_fourteen_days_in_any_thirty() -> None:
    assert most_in_any_window([(T, T + 10 * D), (T + 25 * D, T + 30 * D)]) == 15 * D
    assert most_in_any_window([(T, T + 10 * D), (T + 45 * D, T + 50 * D)]) == 10 * D
    earlier = [(T, T + 10 * D)]
    assert latest_end(earlier, T + 20 * D, T + 30 * D) == T + 24 * D
    assert latest_end(earlier, T + 40 * D, T + 54 * D) == T + 54 * D  # out of the window
    assert latest_end([(T, T + MOST_AWAY)], T + MOST_AWAY, T + 20 * D) is None


@pytest.mark.parametrize(
    ("typed", "language", "until"),
    [
        ("3 days", "en", T + 3 * D),
        ("1 week", "en", T + 7 * D),
        ("36 h", "en", T + 36 * H),
        ("3 días", "es", T + 3 * D),
        ("2 semaines", "fr", T + 14 * D),
        ("5 днів", "uk", T + 5 * D),
        ("2026-12-24", "en", datetime(2026, 12, 24, tzinfo=UTC)),
        ("24/12/2026", "fr", datetime(2026, 12, 24, tzinfo=UTC)),
        ("12/24/2026", "en", datetime(2026, 12, 24, tzinfo=UTC)),
        ("soon", "en", None),
        ("3 bananas", "en", None),
        ("31/02/2026", "fr", None),
    ],
)
def test_the_end_of_an_away_time_is_read_in_the_players_words(
    typed: str, language: str, until: datetime | None
) -> None:
    assert parse_until(typed, T, language) == until
