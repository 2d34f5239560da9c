"""The catalogs' maintenance, with Babel's own commands::

python -m bot.i18n update     # extract the template from the source, merge it into every
                              # language's catalog (new texts untranslated, gone ones obsolete)
python -m bot.i18n compile    # build every language's .mo (the package install does this)
python -m bot.i18n init LANG  # start the catalog of a new language
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

from bot.i18n import DOMAIN, LOCALES_DIR

ROOT = LOCALES_DIR.parent.parent
TEMPLATE = LOCALES_DIR / f"{DOMAIN}.pot"
WIDTH = "100"


def babel(*args: str) -> None:
    """Run one ``pybabel`` command."""
    CommandLineInterface().run(["pybabel", "--quiet", *args])


def extract(output: Path = TEMPLATE) -> Path:
    """Write the template of every text in the source (``[tool.babel]`` in pyproject.toml)."""
    babel(
        "extract",
        "--mapping-file", str(ROOT / "pyproject.toml"),
        "--no-location", "--sort-output", "--width", WIDTH,
        "--project", "Cardroom", "--copyright-holder", "Cardroom",
        "--add-comments", "Translators:",
        "--output-file", str(output),
        str(ROOT),
    )  # fmt: skip
    return output


def update() -> None:
    """Extract, then merge the template into every catalog."""
    extract()
    babel(
        "update", "--input-file", str(TEMPLATE), "--output-dir", str(LOCALES_DIR),
        "--domain", DOMAIN, "--width", WIDTH, "--no-fuzzy-matching", "--ignore-obsolete",
    )  # fmt: skip


def compile_catalogs() -> None:
    """Build the ``.mo`` of every catalog (fuzzy entries left out: they show in English)."""
    babel("compile", "--directory", str(LOCALES_DIR), "--domain", DOMAIN, "--statistics")


def init(language: str) -> None:
    """Start ``language``'s catalog from the template."""
    babel(
        "init", "--input-file", str(TEMPLATE), "--output-dir", str(LOCALES_DIR),
        "--domain", DOMAIN, "--locale", language, "--width", WIDTH,
    )  # fmt: skip


def main(argv: list[str]) -> None:
    """Dispatch ``update``, ``compile`` or ``init LANG``."""
    match argv:
        case ["update"]:
            update()
        case ["compile"]:
            compile_catalogs()
        case ["init", language]:
            init(language)
        case _:
            sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
