"""The turn clock's half-time reminder in Discord: a ping in the game's channel, in the
guild's language, mentioning the people still waited for (the clock itself is
``bot.timing.turn_clocks``, which knows no Discord)."""

from __future__ import annotations

from bot.messages.languages import GuildLanguages
from bot.messages.pings import Pings
from bot.texts.seat_names import seat_names
from bot.timing.turn_clocks import reminder_text
from storage import GameRecord


class ChannelReminders:
    """``TurnClocks``' ``remind``: pings ``seats`` of ``record`` with ``left`` seconds to go."""

    def __init__(self, pings: Pings, languages: GuildLanguages) -> None:
        self.pings = pings
        self.languages = languages

    async def __call__(self, record: GameRecord, seats: list[int], left: float) -> None:
        """Mention ``seats`` in the channel: half their time is gone, ``left`` seconds remain."""
        _ = await self.languages.public(record.guild_id)
        names = seat_names(record, _)
        await self.pings.ping(
            record, seats, reminder_text(record.id, [names[s] for s in seats], left, _)
        )
