"""The package build compiles the translation catalogs (``bot/locales/*/LC_MESSAGES/*.po``) to
the ``.mo`` files the bot reads, with Babel's own ``compile`` command; everything else about the
package is in ``pyproject.toml``."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

LOCALES = Path(__file__).resolve().parent / "bot" / "locales"


class BuildPyWithCatalogs(build_py):
    """``build_py`` (also run by editable installs) that first compiles the catalogs."""

    def run(self) -> None:
        from babel.messages.frontend import CommandLineInterface

        if LOCALES.is_dir():  # (a tree without the bot's sources has none)
            compile_all = ["compile", "--directory", str(LOCALES), "--domain", "cardroom"]
            errors = CommandLineInterface().run(["pybabel", "--quiet", *compile_all])
            # Babel skips a catalog marked fuzzy without failing: the bot would be English
            stale = [
                po
                for po in LOCALES.glob("*/LC_MESSAGES/cardroom.po")
                if not po.with_suffix(".mo").is_file()
                or po.with_suffix(".mo").stat().st_mtime < po.stat().st_mtime
            ]
            if errors or stale:
                raise SystemExit(f"the translation catalogs did not compile: {stale or errors}")
        super().run()


setup(cmdclass={"build_py": BuildPyWithCatalogs})
