"""Slash commands in the user's language: discord.py asks this ``app_commands.Translator`` for
every locale when commands are synced, and it answers from the same gettext catalogs as every
other text (``bot.i18n``).

Descriptions and choice names are msgids as they are; command, group and option *names* are
msgids in the ``"command name"`` context (:data:`COMMAND_NAMES`), and a translated name is used
only if Discord would accept it (lowercase, 1-32 letters, digits, ``-`` or ``_``).
"""

from __future__ import annotations

import hashlib
import re

import discord
from discord import app_commands

from bot.i18n import (
    DEFAULT_LANGUAGE,
    LOCALES_DIR,
    NC_,
    Translator,
    available_languages,
    language_of,
    translator,
)

NAME_CONTEXT = "command name"
COMMAND_NAMES = (
    NC_("command name", "game"),
    NC_("command name", "new"),
    NC_("command name", "hand"),
    NC_("command name", "rules"),
    NC_("command name", "leave"),
    NC_("command name", "help"),
    NC_("command name", "cardroom"),
    NC_("command name", "list"),
    NC_("command name", "inspect"),
    NC_("command name", "abort"),
    NC_("command name", "language"),
    NC_("command name", "pictures"),
    NC_("command name", "show"),
    NC_("command name", "game_id"),
    NC_("command name", "stats"),
    NC_("command name", "leaderboard"),
    NC_("command name", "history"),
    NC_("command name", "replay"),
    NC_("command name", "export"),
    NC_("command name", "forget-me"),
    NC_("command name", "reset"),
    NC_("command name", "player"),
    NC_("command name", "everywhere"),
    NC_("command name", "season"),
    NC_("command name", "start"),
    NC_("command name", "name"),
    NC_("command name", "mine"),
    NC_("command name", "away"),
    NC_("command name", "until"),
    NC_("command name", "back"),
    NC_("command name", "notify"),
    NC_("command name", "how"),
    NC_("command name", "open"),
    NC_("command name", "watching"),
    NC_("command name", "threads"),
    NC_("command name", "invite"),
    NC_("command name", "choice"),
    NC_("command name", "tournament"),
    NC_("command name", "format"),
    NC_("command name", "rounds"),
    NC_("command name", "pace"),
    NC_("command name", "seats"),
    NC_("command name", "min_reliability"),
    NC_("command name", "remove"),
    NC_("command name", "starts"),
    NC_("command name", "automatic"),
    NC_("command name", "level"),
)
"""Every command, group and option name (a test checks the command tree against it)."""

VALID_NAME = re.compile(r"^[-_\w]{1,32}$")
"""Discord's rule for a command or option name (``\\w``: letters and digits of any script)."""

_DESCRIBED = {
    app_commands.TranslationContextLocation.command_description,
    app_commands.TranslationContextLocation.group_description,
    app_commands.TranslationContextLocation.parameter_description,
    app_commands.TranslationContextLocation.choice_name,
}
_NAMED = {
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
}


def valid_name(name: str) -> bool:
    """Whether Discord accepts ``name`` as a command or option name."""
    return bool(VALID_NAME.match(name)) and name == name.lower()


def command_name(name: str, _: Translator) -> str:
    """The name of a command, group or option in ``_``'s language (English if its translation
    would not be a valid name)."""
    text = _.context(NAME_CONTEXT, name)
    return text if valid_name(text) else name


def qualified_name(command: app_commands.Command | app_commands.Group, _: Translator) -> str:
    """``/game new`` as the ``_`` language shows it: every part translated."""
    return " ".join(command_name(part, _) for part in command.qualified_name.split())


class CatalogTranslator(app_commands.Translator):
    """Answers names, descriptions and choice names from the catalog of the locale's
    language."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The catalog's text for ``string``, or ``None`` (Discord then shows the English one)."""
        language = language_of(locale.value)
        if language == DEFAULT_LANGUAGE or language not in available_languages():
            return None
        _ = translator(language)
        if context.location in _NAMED:
            text = command_name(string.message, _)
        elif context.location in _DESCRIBED:
            text = _(string.message)
        else:
            return None
        return text if text != string.message else None


def catalogs_fingerprint() -> str:
    """A digest of every catalog: the commands' translations change when it does."""
    digest = hashlib.sha256()
    for path in sorted(LOCALES_DIR.glob("*/LC_MESSAGES/*.po")):
        digest.update(str(path.relative_to(LOCALES_DIR)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()
