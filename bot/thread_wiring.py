"""Wiring a thread per game into the bot: the keeper of threads and cards, the card as the
lobby message's look once a game runs, the end of a game (its card, its thread's archive),
and the gateway events of threads and channels (``bot.handlers.thread_events``)."""

from __future__ import annotations

from discord.ext import commands

from bot.context import Cardroom
from bot.handlers.thread_events import ThreadEvents
from bot.messages.cards import card_layout
from bot.messages.threads import GameThreads
from bot.settings import BotSettings
from bot.timing.clock import Clock


def install_threads(
    bot: commands.AutoShardedBot, room: Cardroom, settings: BotSettings, clock: Clock
) -> None:
    """Build ``room.threads`` and ``room.thread_events`` (after the room's keepers) and make
    ``bot`` hear thread events; ``bot.owns_guild`` says which guilds' games are its."""
    room.threads = GameThreads(
        bot,
        room.storage,
        room.service,
        room.languages,
        clock,
        room.spawn,
        archive_after=settings.thread_archive_after,
        rename_interval=settings.thread_rename_interval,
    )
    room.lobbies.card = card_layout
    room.followups.ended = room.threads.ended
    room.thread_events = ThreadEvents(room, getattr(bot, "owns_guild", lambda _guild: True))
    room.thread_events.listen(bot)
