"""Data objects of slow play (frozen dataclasses): a seat's time bank as a change leaves it, a
player's away time, and how a player hears that a move waits for them.

Times are timezone-aware UTC ``datetime`` values; Discord ids are plain ``int`` snowflakes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

NOTIFY_WAYS = ("mention", "dm", "none")
"""How a player may hear that a move waits for them (``PlayerSettings.notify``)."""


@dataclass(frozen=True, slots=True)
class SeatBank:
    """A seat's time bank after a change, as the bot's service decided it; storage writes it
    in the change's transaction, which checks the game's version.

    Attributes:
        seat: the seat number.
        bank_ms: milliseconds in the bank at ``since`` (or now, when it is not waited for).
        since: when the game began to wait for the seat (timezone-aware); ``None``: it does
            not wait for it.
        reminders: the reminders already sent in that wait.
    """

    seat: int
    bank_ms: int
    since: datetime | None
    reminders: int = 0


@dataclass(frozen=True, slots=True)
class AwayTime:
    """A time a player is away from a guild's turn-based games (``/game away``): their banks
    there do not run from ``starts_at`` to ``ends_at``."""

    guild_id: int
    user_id: int
    starts_at: datetime
    ends_at: datetime


@dataclass(frozen=True, slots=True)
class PlayerSettings:
    """A player's own settings, the same in every guild.

    Attributes:
        user_id: the Discord user.
        notify: how they hear that a move waits for them: ``"mention"`` in the game's
            channel (the default), ``"dm"`` (a direct message) or ``"none"``.
        language: the language of their direct messages (their Discord language when they
            last set ``notify``), ``None`` if never known.
        dm_refused_told: they were told how to allow direct messages, after Discord refused
            one (they are told once).
    """

    user_id: int
    notify: str = "mention"
    language: str | None = None
    dm_refused_told: bool = False
