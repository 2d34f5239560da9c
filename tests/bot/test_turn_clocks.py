"""How the turn clock's reminder writes the time left: seconds under a minute, then minutes,
then hours, always rounded up, in the reader's language."""

from __future__ import annotations

import pytest

from bot.i18n import translator
from bot.timing.turn_clocks import duration_text


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (30, "30 s"),  # half of a 1-minute clock
        (29.2, "30 s"),
        (0.4, "1 s"),
        (-3, "1 s"),  # a reminder that fires late never says "0 s"
        (59.5, "1 min"),
        (60, "1 min"),
        (150, "3 min"),  # half of 5 minutes
        (1800, "30 min"),
        (3600, "1 h"),
        (43_200, "12 h"),  # half of 24 hours
    ],
)
def test_the_time_left_is_written_in_its_largest_unit_rounded_up(seconds: float, text: str) -> None:
    assert duration_text(seconds, translator("en")) == text


def test_the_time_left_is_translated() -> None:
    assert duration_text(30, translator("uk")) == "30 с"
    assert duration_text(30, translator("fr")) == "30\u00a0s"  # like « 5 min », « 1 h »
    assert duration_text(120, translator("uk")) == "2 хв"
