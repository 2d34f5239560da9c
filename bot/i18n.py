"""All user-facing text goes through one translation function, per interaction locale.

Catalogs are gettext ``.po`` files in ``bot/locales/<language>.po``; the msgid is the English
text (``en.po`` is the English catalog and lists every msgid, with empty translations). Engine
texts (card names, the card reference) are msgids too, so translators see them in one place.

Regenerate ``en.po`` after changing texts: ``python -m bot.i18n``.
"""

from __future__ import annotations

import ast
import functools
import gettext
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

import engine

log = logging.getLogger(__name__)

LOCALES_DIR = Path(__file__).resolve().parent / "locales"
DEFAULT_LANGUAGE = "en"
CATALOG_DATE = datetime(2026, 11, 30, tzinfo=UTC)  # fixed, so regenerating is diff-free


Msgid = str | tuple[str, str]
"""A catalog key: a text, or ``(singular, plural)`` for a text that depends on a count."""


@dataclass(frozen=True)
class Messages:
    """One catalog: translated texts, plural texts and the language's plural rule."""

    texts: dict[str, str] = field(default_factory=dict)
    plurals: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    plural_index: Callable[[int], int] = field(default=lambda n: int(n != 1))


class Translator:
    """A translation function bound to one language.

    Call it as ``_(msgid, **fields)``: the catalog's text for ``msgid`` (the English ``msgid``
    when the catalog has none) with ``{field}`` placeholders filled by ``str.format``; and
    ``_.plural(singular, plural, count, **fields)`` for a text that depends on ``count`` (the
    language's own plural forms; ``count`` is also a field).
    """

    def __init__(self, language: str, messages: Messages | None = None) -> None:
        self.language = language
        self._messages = messages or Messages()

    def __call__(self, msgid: str, /, **fields: object) -> str:
        text = self._messages.texts.get(msgid) or msgid
        return text.format(**fields) if fields else text

    def plural(self, singular: str, plural: str, count: int, /, **fields: object) -> str:
        """The form of ``singular``/``plural`` for ``count``, with the fields filled in."""
        forms = self._messages.plurals.get((singular, plural))
        if forms:
            index = self._messages.plural_index(count)
            text = forms[index] if 0 <= index < len(forms) and forms[index] else singular
        else:
            text = singular if count == 1 else plural
        return text.format(count=count, **fields)

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
def _catalog(language: str) -> Messages:
    path = LOCALES_DIR / f"{language}.po"
    if not path.is_file():
        return Messages()
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=None)
    texts = {
        m.id: m.string
        for m in catalog
        if isinstance(m.id, str) and m.id and isinstance(m.string, str) and m.string
    }
    plurals = {
        (m.id[0], m.id[1]): tuple(m.string)
        for m in catalog
        if isinstance(m.id, tuple) and isinstance(m.string, tuple | list) and any(m.string)
    }
    rule = gettext.c2py(catalog.plural_expr) if plurals else (lambda n: int(n != 1))
    return Messages(texts, plurals, rule)


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


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def msgids_in_source(paths: Iterable[Path]) -> set[Msgid]:
    """Every string literal passed as first argument to ``_`` or ``N_`` in ``paths``, and every
    ``(singular, plural)`` pair passed to ``_.plural``."""
    found: set[Msgid] = set()
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "plural"
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "_"
                and len(node.args) >= 2
            ):
                singular, plural = _literal(node.args[0]), _literal(node.args[1])
                if singular is not None and plural is not None:
                    found.add((singular, plural))
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


def all_msgids() -> set[Msgid]:
    """The msgids the English catalog must hold: the bot's ``_()`` texts and every game's
    engine texts (title, reference, card names)."""
    bot_dir = Path(__file__).resolve().parent
    engine_texts: set[Msgid] = set()
    for name in engine.game_names():
        engine_texts.update(engine.get_game(name).reference_texts())
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
    for msgid in sorted(all_msgids(), key=lambda m: m if isinstance(m, str) else m[0]):
        catalog.add(msgid, ("", "") if isinstance(msgid, tuple) else "")
    path = LOCALES_DIR / "en.po"
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, omit_header=False, sort_output=True, no_location=True)
    return path


if __name__ == "__main__":
    print(write_english_catalog())
