"""Numbers in words as each language writes them: a value that may be fractional (a
tournament's points: ``1.5``) in the language's form (Babel: fr, es, uk write ``1,5``), and the
count that picks its plural form in a catalog (gettext's forms count whole numbers; the
language's plural rules, CLDR's through Babel, say which form a fraction takes)."""

from __future__ import annotations

from functools import cache

from babel import Locale
from babel.numbers import format_decimal

from bot.i18n import Translator


def number_text(value: float, _: Translator) -> str:
    """``value`` as ``_``'s language writes it, to two decimals at most: ``2``, ``1.5`` in
    English, ``1,5`` in French."""
    return str(format_decimal(value, format="0.##", locale=_.language))


def plural_count(value: float, _: Translator) -> int:
    """The whole number to give ``_.plural`` for ``value``: the value itself when it is
    whole; for a fraction, the smallest whole number the language puts in the same plural
    category (French says "1,5 point" as "1 point", English "1.5 points" as "2 points");
    2 when no whole number shares it (Ukrainian's fractions)."""
    if value == int(value):
        return int(value)
    return _fraction_count(_.language, Locale.parse(_.language).plural_form(value))


@cache
def _fraction_count(language: str, category: str) -> int:
    rule = Locale.parse(language).plural_form
    return next((n for n in range(100) if rule(n) == category), 2)
