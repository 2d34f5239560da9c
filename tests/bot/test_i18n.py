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
