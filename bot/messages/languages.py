"""Which language a message is written in: private texts follow the clicking user's locale
(:func:`tr`), public texts (table, pings, lobby) the guild's language — the one an
admin chose with ``/cardroom language``, else the server's own language in Discord (its
preferred locale, which Discord keeps current in the guild cache), else English."""

from __future__ import annotations

import discord

from bot.i18n import DEFAULT_LANGUAGE, Translator, available_languages, language_of, translator
from storage import Storage


class GuildLanguages:
    """The public language of each guild; the admins' choices are read once, then cached."""

    def __init__(self, storage: Storage, client: discord.Client) -> None:
        self.storage = storage
        self.client = client
        self._chosen: dict[int, str | None] = {}

    async def chosen(self, guild_id: int) -> str | None:
        """The language an admin chose for ``guild_id`` (``None``: Discord's)."""
        if guild_id not in self._chosen:
            self._chosen[guild_id] = (await self.storage.guilds.get(guild_id)).language
        return self._chosen[guild_id]

    async def language(self, guild_id: int) -> str:
        """The language code of the guild's public messages (``"en"``, ``"uk"`` ...)."""
        chosen = await self.chosen(guild_id)
        if chosen is not None:
            return language_of(chosen)
        guild = self.client.get_guild(guild_id)
        if guild is not None:
            language = language_of(guild.preferred_locale.value)
            if language in available_languages():
                return language
        return DEFAULT_LANGUAGE

    async def public(self, guild_id: int) -> Translator:
        """The translator of the guild's public messages."""
        return translator(await self.language(guild_id))

    async def choose(self, guild_id: int, language: str | None) -> None:
        """Store an admin's choice (``None``: follow Discord's server language again)."""
        await self.storage.guilds.set(guild_id, language=language)
        self._chosen[guild_id] = language


def tr(interaction: discord.Interaction) -> Translator:
    """The translator for the user who made ``interaction`` (their Discord language)."""
    return translator(interaction.locale)
