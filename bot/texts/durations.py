"""Durations and dates in the reader's language, from CLDR's own words (Babel): "2 days 4 hr",
"30 sec", "Sat, Dec 12" — and "2 d 4 h", "sáb, 12 dic" in Spanish, "2 j 4 h", "sam. 12 déc."
in French, "2 дн. 4 год", "сб, 12 груд." in Ukrainian."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta
from typing import Literal

from babel.dates import format_skeleton, format_timedelta

MINUTE, HOUR, DAY = 60, 3600, 86400
Unit = Literal["day", "hour", "minute", "second"]


def _unit(amount: int, unit: Unit, language: str) -> str:
    """``amount`` of ``unit`` (``"day"``, ``"hour"``, ``"minute"``, ``"second"``), short."""
    seconds = {"day": DAY, "hour": HOUR, "minute": MINUTE, "second": 1}[unit]
    return format_timedelta(
        timedelta(seconds=amount * seconds),
        granularity=unit,
        threshold=10**9,  # never rounded into a larger unit
        format="short",
        locale=language,
    )


def duration_text(seconds: float, language: str) -> str:
    """A time left, rounded up, in at most two units: ``30`` -> "30 sec", ``90`` -> "2 min",
    ``7260`` -> "2 hr 1 min", ``187200`` -> "2 days 4 hr" (English); never less than a
    second."""
    whole = max(1, math.ceil(seconds))
    if whole < MINUTE:
        return _unit(whole, "second", language)
    if whole < HOUR:
        return _unit(-(-whole // MINUTE), "minute", language)
    big, small = (DAY, HOUR) if whole >= DAY else (HOUR, MINUTE)
    unit: Unit = "day" if whole >= DAY else "hour"
    smaller: Unit = "hour" if whole >= DAY else "minute"
    first, rest = divmod(whole, big)
    second = -(-rest // small)
    if second * small >= big:  # 23 h 59.5 min rounds up to a whole day
        first, second = first + 1, 0
    text = _unit(first, unit, language)
    return text if second == 0 else f"{text} {_unit(second, smaller, language)}"


def day_text(moment: datetime, language: str) -> str:
    """The day of ``moment`` (UTC) with its weekday: "Sat, Dec 12" in English."""
    return format_skeleton("MMMEd", moment.astimezone(UTC), locale=language)


def until_text(moment: datetime, now: datetime, language: str) -> str:
    """When ``moment`` is, for an end some time off: its day (:func:`day_text`), with the
    hour (UTC) when it is within a day of ``now`` ("Sat, Dec 12 15:00")."""
    day = day_text(moment, language)
    if moment - now < timedelta(days=1):
        return f"{day} {format_skeleton('Hm', moment.astimezone(UTC), locale=language)}"
    return day


def when_text(moment: datetime, now: datetime, language: str) -> str:
    """When ``moment`` is, in the local time zone (a terminal's): its hour ("15:00") within
    half a day of ``now``, else its day and hour ("Sat, Dec 12 15:00"): a deadline nearly a
    day away (a turn-based move) has the hour it is now, which alone reads as now."""
    local = moment.astimezone()
    hour = format_skeleton("Hm", local, locale=language)
    if moment - now < timedelta(hours=12):
        return hour
    return f"{format_skeleton('MMMEd', local, locale=language)} {hour}"
