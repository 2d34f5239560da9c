"""Every user-facing text is in the English catalog; translation falls back to English."""

from babel.messages.pofile import read_po

from bot.i18n import LOCALES_DIR, all_msgids, language_of, translator


def test_the_english_catalog_lists_every_text_and_nothing_else() -> None:
    with (LOCALES_DIR / "en.po").open("rb") as handle:
        catalog = read_po(handle)
    in_catalog = {m.id for m in catalog if m.id}
    missing = all_msgids() - in_catalog
    obsolete = in_catalog - all_msgids()
    assert not missing, f"run `python -m bot.i18n` to add: {sorted(missing)[:5]}"
    assert not obsolete, f"run `python -m bot.i18n` to drop: {sorted(obsolete)[:5]}"


def test_every_catalog_translates_every_text() -> None:
    for path in LOCALES_DIR.glob("*.po"):
        if path.stem == "en":
            continue
        with path.open("rb") as handle:
            catalog = read_po(handle)
        translated = {m.id for m in catalog if m.id and m.string}
        assert all_msgids() <= translated, f"{path.name} lacks translations"


def test_locales_fall_back_to_english() -> None:
    assert language_of("en-US") == "en" and language_of("es-ES") == "es"
    _ = translator("pt-BR")
    assert _.language == "en"
    assert _("{player} harvested {card}.", player="A", card="Corn") == "A harvested Corn."


async def test_command_descriptions_come_from_the_catalog_of_the_locale(
    tmp_path, monkeypatch
) -> None:
    import discord
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po
    from discord import app_commands

    from bot import i18n
    from bot.command_text import CatalogTranslator

    catalog = Catalog(locale="uk")
    catalog.add("Open a game lobby in this channel", "Відкрити лобі гри в цьому каналі")
    with (tmp_path / "uk.po").open("wb") as handle:
        write_po(handle, catalog)
    (tmp_path / "en.po").write_bytes((LOCALES_DIR / "en.po").read_bytes())
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path)
    i18n._catalog.cache_clear()
    try:
        translate = CatalogTranslator().translate
        description = app_commands.TranslationContext(
            app_commands.TranslationContextLocation.command_description, None
        )
        name = app_commands.TranslationContext(
            app_commands.TranslationContextLocation.command_name, None
        )
        text = app_commands.locale_str("Open a game lobby in this channel")
        assert await translate(text, discord.Locale.ukrainian, description) == (
            "Відкрити лобі гри в цьому каналі"
        )
        assert await translate(text, discord.Locale.american_english, description) is None
        assert await translate(text, discord.Locale.spain_spanish, description) is None
        assert (
            await translate(app_commands.locale_str("new"), discord.Locale.ukrainian, name) is None
        )
    finally:
        i18n._catalog.cache_clear()


def test_counts_use_the_plural_forms_of_the_language(tmp_path, monkeypatch) -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    from bot import i18n

    english = translator("en")
    assert (
        english.plural("{player} drew {count} card.", "{player} drew {count} cards.", 1, player="A")
        == "A drew 1 card."
    )
    assert (
        english.plural("{player} drew {count} card.", "{player} drew {count} cards.", 5, player="A")
        == "A drew 5 cards."
    )

    catalog = Catalog(locale="uk")  # Ukrainian: three forms (1 / 2-4 / 5+)
    catalog.add(
        ("{player} drew {count} card.", "{player} drew {count} cards."),
        (
            "{player} взяв {count} карту.",
            "{player} взяв {count} карти.",
            "{player} взяв {count} карт.",
        ),
    )
    with (tmp_path / "uk.po").open("wb") as handle:
        write_po(handle, catalog)
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path)
    i18n._catalog.cache_clear()
    try:
        _ = translator("uk")
        forms = [
            _.plural("{player} drew {count} card.", "{player} drew {count} cards.", n, player="A")
            for n in (1, 3, 5, 21)
        ]
        assert forms == ["A взяв 1 карту.", "A взяв 3 карти.", "A взяв 5 карт.", "A взяв 21 карту."]
    finally:
        i18n._catalog.cache_clear()
