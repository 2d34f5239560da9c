"""The pace's reminders in Discord (the clock itself is ``bot.timing.turn_clocks``, which knows
no Discord; when they are due is ``bot.service.deadlines``'): each reminded player hears it as
they chose (``bot.messages.notices``): a mention in the game's channel, in the guild's
language; a direct message in their own; or nothing. The table is redrawn too, as the time
each waited seat has left shows there."""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot.i18n import Translator
from bot.messages.direct_views import direct_message, game_name
from bot.messages.notices import Notices
from bot.service.reminders import Reminder
from bot.texts.durations import duration_text
from bot.texts.paces import reminder_text
from bot.texts.seat_names import seat_names
from storage import GameRecord


def direct_reminder_text(record: GameRecord, reminder: Reminder, _: Translator) -> str:
    """A reminder as a direct message says it, in the reader's language."""
    left = duration_text(reminder.left, _.language)
    if reminder.last:
        return _(
            "⏳ Only {left} left for your move in {game}, then the automatic player moves for you.",
            left=left,
            game=game_name(record, _),
        )
    return _(
        "⏳ Half your time in {game} is gone — {left} left, then the automatic player moves "
        "for you.",
        left=left,
        game=game_name(record, _),
    )


class Reminders:
    """``TurnClocks``' ``remind``: tells each reminded player (``notices``), then asks for
    the table to be redrawn (``redraw(game_id)``)."""

    def __init__(self, notices: Notices, redraw: Callable[[int], None]) -> None:
        self.notices = notices
        self.redraw = redraw

    async def __call__(self, record: GameRecord, reminders: list[Reminder]) -> None:
        """Remind the players of ``reminders``' seats: the ones who chose a mention in one
        channel message, each with their own time left."""
        self.redraw(record.id)
        link = await self.notices.table_link(record)
        mention: list[int] = []
        hints: list[str] = []
        for reminder in reminders:

            def build(
                _: Translator, _seat: int, reminder: Reminder = reminder
            ) -> discord.ui.LayoutView:
                return direct_message(record, direct_reminder_text(record, reminder, _), link, _)

            seats, told = await self.notices.route(record, [reminder.seat], [reminder.seat], build)
            mention += seats
            hints += told
        if not mention:
            return
        _ = await self.notices.languages.public(record.guild_id)
        names = seat_names(record, _)
        lines = [
            reminder_text(record.id, [names[r.seat]], r.left, _, last=r.last)
            for r in reminders
            if r.seat in mention
        ]
        await self.notices.pings.ping(record, mention, "\n".join([*lines, *hints]))
