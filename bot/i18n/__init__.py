"""All user-facing text goes through one translation function, per language.

The msgid is the English text. The catalogs are Babel's standard gettext layout under
``bot/locales``: the template ``cardroom.pot`` (extracted from the source by Babel, engine texts
included), one ``<language>/LC_MESSAGES/cardroom.po`` per language, and beside it that
language's ``glossary.csv`` (one term per game concept). The package install compiles each
``.po`` to its ``.mo`` (``setup.py``); at run time only the compiled catalogs are read, with
the standard library's ``gettext``.

After changing texts: ``python -m bot.i18n update`` (extract, then merge into every catalog);
``python -m bot.i18n compile`` rebuilds the ``.mo`` files without reinstalling.
"""

from __future__ import annotations

import functools
import gettext
import logging
from pathlib import Path

from babel import Locale

log = logging.getLogger(__name__)

LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"
DOMAIN = "cardroom"
DEFAULT_LANGUAGE = "en"


class Translator:
    """A translation function bound to one language.

    Call it as ``_(msgid, **fields)``: the catalog's text for ``msgid`` (the English ``msgid``
    when the catalog has none) with ``{field}`` placeholders filled by ``str.format``;
    ``_.plural(singular, plural, count, **fields)`` for a text that depends on ``count`` (the
    language's own plural forms; ``count`` is also a field); ``_.context(context, msgid)``
    for a text whose translation depends on where it is used (a command name).
    """

    def __init__(self, language: str, catalog: gettext.NullTranslations | None = None) -> None:
        self.language = language
        self._catalog = catalog or gettext.NullTranslations()

    def __call__(self, msgid: str, /, **fields: object) -> str:
        text = self._catalog.gettext(msgid) if msgid else msgid
        return text.format(**fields) if fields else text

    def plural(self, singular: str, plural: str, count: int, /, **fields: object) -> str:
        """The form of ``singular``/``plural`` for ``count``, with the fields filled in."""
        return self._catalog.ngettext(singular, plural, count).format(count=count, **fields)

    def context(self, context: str, msgid: str, /) -> str:
        """The catalog's text for ``msgid`` in ``context`` (gettext's ``pgettext``)."""
        return self._catalog.pgettext(context, msgid)

    def card(self, kind: str) -> str:
        """The translated name of a card kind."""
        return self(kind)


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalog without translating it yet (gettext's ``gettext_noop``)."""
    return msgid


def NC_(context: str, msgid: str) -> str:
    """Mark ``msgid`` in ``context`` for the catalog without translating it (``pgettext``'s
    no-op); returns ``msgid``."""
    return msgid


def language_of(locale: object) -> str:
    """The language part of a Discord locale: ``"en-US"`` -> ``"en"``, ``"es-419"`` ->
    ``"es"``, ``"uk"`` -> ``"uk"``."""
    text = str(locale or DEFAULT_LANGUAGE).replace("_", "-")
    return text.split("-", 1)[0].lower() or DEFAULT_LANGUAGE


def catalog_path(language: str, suffix: str = ".po") -> Path:
    """Where the catalog of ``language`` is (``suffix`` ``".mo"``: its compiled form)."""
    return LOCALES_DIR / language / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


def available_languages() -> list[str]:
    """Languages that have a catalog, sorted (English, the msgids' language, has none)."""
    return list(_available())


@functools.cache
def _available() -> tuple[str, ...]:
    return tuple(
        sorted(p.parent.parent.name for p in LOCALES_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    )


@functools.cache
def language_names() -> dict[str, str]:
    """Each supported language (English and every catalog's) by code, named in its own words
    by Babel's locale data: ``{"en": "English", "uk": "Українська", ...}``."""
    return {
        code: _capitalized(Locale.parse(code).get_display_name(code) or code)
        for code in (DEFAULT_LANGUAGE, *_available())
    }


def _capitalized(name: str) -> str:
    return name[:1].upper() + name[1:]


@functools.cache
def _compiled(language: str) -> gettext.NullTranslations | None:
    try:
        return gettext.translation(DOMAIN, LOCALES_DIR, languages=[language])
    except FileNotFoundError:
        log.error(
            "the %s catalog is not compiled: reinstall (pip install -e .) or run "
            "`python -m bot.i18n compile`; English is shown meanwhile",
            language,
        )
        return None


def translator(locale: object) -> Translator:
    """The ``Translator`` for a Discord locale (``interaction.locale``) or a language code;
    languages without a catalog fall back to English."""
    language = language_of(locale)
    if language == DEFAULT_LANGUAGE or language not in _available():
        return Translator(DEFAULT_LANGUAGE)
    catalog = _compiled(language)
    if catalog is None:
        return Translator(DEFAULT_LANGUAGE)
    return Translator(language, catalog)
