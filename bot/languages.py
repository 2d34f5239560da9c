"""Which language a message is written in: private texts follow the clicking user's locale
(``bot.replies.tr``), public texts (table, pings, lobby) the guild's language."""

from __future__ import annotations

from bot.i18n import Translator, translator
from storage import Storage


async def guild_translator(storage: Storage, guild_id: int) -> Translator:
    """The translator for a guild's public messages (its configured language, else English)."""
    settings = await storage.guilds.get(guild_id)
    return translator(settings.language or "en")
