"""Slash command descriptions and choice names in the user's language: discord.py asks this
``app_commands.Translator`` for every locale when commands are synced, and it answers from the
same gettext catalogs as every other text (``bot.i18n``). Command and option *names* stay English
(they are typed, and must be unique and lowercase)."""

from __future__ import annotations

import hashlib

import discord
from discord import app_commands

from bot.i18n import DEFAULT_LANGUAGE, LOCALES_DIR, available_languages, language_of, translator

_TRANSLATED = {
    app_commands.TranslationContextLocation.command_description,
    app_commands.TranslationContextLocation.group_description,
    app_commands.TranslationContextLocation.parameter_description,
    app_commands.TranslationContextLocation.choice_name,
}


class CatalogTranslator(app_commands.Translator):
    """Answers descriptions and choice names from the catalog of the locale's language."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The catalog's text for ``string``, or ``None`` (Discord then shows the English one)."""
        language = language_of(locale.value)
        if context.location not in _TRANSLATED or language == DEFAULT_LANGUAGE:
            return None
        if language not in available_languages():
            return None
        text = translator(language)(string.message)
        return text if text != string.message else None


def catalogs_fingerprint() -> str:
    """A digest of every catalog: the commands' translations change when it does."""
    digest = hashlib.sha256()
    for path in sorted(LOCALES_DIR.glob("*.po")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()
