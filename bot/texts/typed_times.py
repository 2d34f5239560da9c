"""Times people type (``/game away until:``): a time from now ("3 days", "1 week", "36 h", in
English, Spanish, French or Ukrainian words) or a date ("2026-12-24", or as the reader's
language writes dates: "24/12/2026" in French, "12/24/2026" in English)."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta

from babel.dates import parse_date

UNITS: dict[str, tuple[str, ...]] = {
    "weeks": (
        "w", "wk", "wks", "week", "weeks", "sem", "semana", "semanas", "semaine", "semaines",
        "тиж", "тиждень", "тижні", "тижнів",
    ),
    "days": (
        "d", "day", "days", "día", "días", "dia", "dias", "j", "jour", "jours",
        "д", "дн", "день", "дні", "днів", "доба", "доби", "діб",
    ),
    "hours": (
        "h", "hr", "hrs", "hour", "hours", "hora", "horas", "heure", "heures",
        "г", "год", "година", "години", "годин",
    ),
}  # fmt: skip
"""The words of each unit a time from now may be typed in (lower case, without a dot)."""

_FROM_NOW = re.compile(r"^\s*(\d{1,4})\s*([^\d\s.]+)\.?\s*$")
_ISO_DATE = re.compile(r"^\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*$")


def parse_until(text: str, now: datetime, language: str) -> datetime | None:
    """The moment ``text`` names, from ``now``: a time from now, or the start (00:00 UTC)
    of a date; ``None`` when it names neither."""
    found = _FROM_NOW.match(text.lower())
    if found is not None:
        amount, word = int(found.group(1)), found.group(2)
        for unit, words in UNITS.items():
            if word in words:
                return now + timedelta(**{unit: amount})
        return None
    iso = _ISO_DATE.match(text)
    try:
        if iso is not None:
            year, month, number = (int(part) for part in iso.groups())
            day = date(year, month, number)
        else:
            day = parse_date(text.strip(), locale=language)
    except (ValueError, IndexError):
        return None
    return datetime.combine(day, time(0), tzinfo=UTC)
