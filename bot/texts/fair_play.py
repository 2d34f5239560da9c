"""The words of fair play: a person's reliability record beside their name ("finishes 96% ·
48 games", "new") and the host's option ("Players who finish")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.i18n import Translator
from storage import GameRecord, Reliability


def reliability_text(record: Reliability, _: Translator) -> str:
    """ "finishes 96% · 48 games", or "new" for a person with too few games to say."""
    if record.new:
        return _("new")
    return _("finishes {percent}% · {count} games", percent=record.percent, count=record.started)


def names_with_records(
    record: GameRecord, names: Sequence[str], records: Mapping[int, Reliability], _: Translator
) -> list[str]:
    """``names`` (one per seat of ``record``), each person's followed by their record."""
    shown = []
    for seat, name in zip(record.seats, names, strict=True):
        found = records.get(seat.user_id) if seat.user_id is not None else None
        shown.append(name if found is None else f"{name} ({reliability_text(found, _)})")
    return shown


def min_reliability_text(percent: int | None, _: Translator) -> str:
    """A choice of the host's option: "anyone" or "at least 80%"."""
    if percent is None:
        return _("anyone")
    return _("at least {percent}%", percent=percent)


def reliability_line(record: Reliability, _: Translator) -> str:
    """``/game stats``'s line of a person's record, over every game: "Reliability: finishes
    96% · 48 games" (or "new")."""
    return _("Reliability: {record}", record=reliability_text(record, _))
