"""Translation at run time: a Discord locale picks its language's compiled catalog, languages
without one fall back to English, and slash commands are described and named from the same
catalogs."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from bot.handlers.command_text import NAME_CONTEXT, CatalogTranslator, command_name, valid_name
from bot.i18n import catalog_path, language_names, language_of, translator

DRAW = ("{player} drew {count} card.", "{player} drew {count} cards.")


def test_a_discord_locale_picks_its_language() -> None:
    assert language_of("en-US") == "en" and language_of("es-ES") == "es"
    assert language_of("es-419") == "es" and language_of("uk") == "uk"
    assert translator("es-419").language == translator("es-ES").language == "es"
    assert translator("fr").language == "fr" and translator("uk").language == "uk"


def test_languages_without_a_catalog_fall_back_to_english() -> None:
    _ = translator("pt-BR")
    assert _.language == "en"
    assert _("{player} harvested {card}.", player="A", card="Corn") == "A harvested Corn."
    assert _.plural(*DRAW, 1, player="A") == "A drew 1 card."
    assert _.plural(*DRAW, 5, player="A") == "A drew 5 cards."
    assert _.context(NAME_CONTEXT, "new") == "new"


@pytest.mark.parametrize("language", ["uk", "es", "fr"])
def test_every_catalog_is_compiled_by_the_install(language: str) -> None:
    assert catalog_path(language, ".mo").is_file(), "pip install -e . compiles the catalogs"
    assert catalog_path(language, ".mo").stat().st_mtime >= catalog_path(language).stat().st_mtime
    _ = translator(language)
    assert _("Join") != "Join" and _("{player} harvested {card}.", player="A", card="B")


def test_every_language_is_named_in_its_own_words() -> None:
    assert language_names() == {
        "en": "English",
        "es": "Español",
        "fr": "Français",
        "uk": "Українська",
    }


async def test_commands_are_described_and_named_in_the_locale_of_the_client() -> None:
    translate = CatalogTranslator().translate
    description = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.command_description, None
    )
    name = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.command_name, None
    )
    text = app_commands.locale_str("Open a game lobby in this channel")
    ukrainian = await translate(text, discord.Locale.ukrainian, description)
    assert ukrainian == translator("uk")("Open a game lobby in this channel") != text.message
    assert await translate(text, discord.Locale.american_english, description) is None
    assert await translate(text, discord.Locale.brazil_portuguese, description) is None
    for locale in (discord.Locale.ukrainian, discord.Locale.spain_spanish, discord.Locale.french):
        new = await translate(app_commands.locale_str("new"), locale, name)
        assert new is not None and valid_name(new)
        assert new == command_name("new", translator(locale.value))


def test_a_translated_name_discord_would_refuse_is_not_used() -> None:
    class Loose:
        language = "xx"

        def context(self, context: str, msgid: str) -> str:
            return "Nouvelle Partie"  # capitals and a space: Discord refuses it

    assert command_name("new", Loose()) == "new"  # type: ignore[arg-type]
    assert not valid_name("Nouvelle Partie") and valid_name("нова") and valid_name("créer")
