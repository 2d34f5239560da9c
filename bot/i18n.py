"""All user-facing text goes through one translation function, per interaction locale.

Catalogs are gettext ``.po`` files in ``bot/locales/<language>.po``; the msgid is the English
text (``en.po`` is the English catalog and lists every msgid, with empty translations). Engine
texts (card names, the card reference) are msgids too, so translators see them in one place.

Regenerate ``en.po`` after changing texts: ``python -m bot.i18n``.
"""

from __future__ import annotations

import ast
import functools
import logging
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from engine.artichokes.cards import ALL_KINDS, CARD_TEXT, OVERVIEW

log = logging.getLogger(__name__)

LOCALES_DIR = Path(__file__).resolve().parent / "locales"
DEFAULT_LANGUAGE = "en"
CATALOG_DATE = datetime(2026, 11, 30, tzinfo=UTC)  # fixed, so regenerating is diff-free


class Translator:
    """A translation function bound to one language.

    Call it as ``_(msgid, **fields)``: the catalog's text for ``msgid`` (the English ``msgid``
    when the catalog has none) with ``{field}`` placeholders filled by ``str.format``.
    """

    def __init__(self, language: str, messages: dict[str, str]) -> None:
        self.language = language
        self._messages = messages

    def __call__(self, msgid: str, /, **fields: object) -> str:
        text = self._messages.get(msgid) or msgid
        return text.format(**fields) if fields else text

    def card(self, kind: str) -> str:
        """The translated name of a card kind."""
        return self(kind)


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalog without translating it yet (gettext's ``gettext_noop``)."""
    return msgid


def language_of(locale: object) -> str:
    """The language part of a Discord locale: ``"en-US"`` -> ``"en"``, ``"uk"`` -> ``"uk"``."""
    text = str(locale or DEFAULT_LANGUAGE).replace("_", "-")
    return text.split("-", 1)[0].lower() or DEFAULT_LANGUAGE


@functools.cache
def _catalog(language: str) -> dict[str, str]:
    path = LOCALES_DIR / f"{language}.po"
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=None)
    return {m.id: m.string for m in catalog if m.id and isinstance(m.string, str) and m.string}


def translator(locale: object) -> Translator:
    """The ``Translator`` for a Discord locale (``interaction.locale``) or a language code;
    languages without a catalog fall back to English."""
    language = language_of(locale)
    if not (LOCALES_DIR / f"{language}.po").is_file():
        language = DEFAULT_LANGUAGE
    return Translator(language, _catalog(language))


def available_languages() -> list[str]:
    """Languages that have a catalog, sorted."""
    return sorted(p.stem for p in LOCALES_DIR.glob("*.po"))


def msgids_in_source(paths: Iterable[Path]) -> set[str]:
    """Every string literal passed as first argument to ``_`` or ``N_`` in ``paths``."""
    found: set[str] = set()
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in {"_", "N_"}
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return found


def all_msgids() -> set[str]:
    """The msgids the English catalog must hold: the bot's ``_()`` texts and the engine's card
    names, reference texts and game overview."""
    bot_dir = Path(__file__).resolve().parent
    engine_texts = set(ALL_KINDS) | set(CARD_TEXT.values()) | set(OVERVIEW)
    return msgids_in_source(bot_dir.rglob("*.py")) | engine_texts


def write_english_catalog() -> Path:
    """Rewrite ``locales/en.po`` from the source (sorted msgids, empty translations)."""
    catalog = Catalog(
        locale="en",
        project="Cardroom",
        domain="cardroom",
        creation_date=CATALOG_DATE,
        revision_date=CATALOG_DATE,
    )
    for msgid in sorted(all_msgids()):
        catalog.add(msgid, "")
    path = LOCALES_DIR / "en.po"
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, omit_header=False, sort_output=True, no_location=True)
    return path


if __name__ == "__main__":
    print(write_english_catalog())
