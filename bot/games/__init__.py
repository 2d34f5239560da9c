"""Per-game presentation: how each engine game is shown in Discord.

Presentations are discovered like engine games: every sub-package of ``bot.games`` whose
``__init__`` defines ``PRESENTATION`` shows the engine game of the same name.
"""

from __future__ import annotations

import importlib
import pkgutil

from bot.games.base import Confirmation, LobbyOption, OptionText, Presentation, RenderContext

_FOUND: dict[str, Presentation] = {}


def presentation(game: str) -> Presentation:
    """The presentation of engine game ``game``.

    Raises:
        KeyError: the bot cannot show that game.
    """
    if not _FOUND:
        _discover()
    return _FOUND[game]


def presented_games() -> list[str]:
    """Names of the games the bot can show, sorted."""
    if not _FOUND:
        _discover()
    return sorted(_FOUND)


def _discover() -> None:
    import bot.games as package

    for module in pkgutil.iter_modules(package.__path__):
        if module.ispkg:
            found = importlib.import_module(f"bot.games.{module.name}")
            shown: Presentation | None = getattr(found, "PRESENTATION", None)
            if shown is not None:
                _FOUND[shown.game] = shown


__all__ = [
    "Confirmation",
    "LobbyOption",
    "OptionText",
    "Presentation",
    "RenderContext",
    "presentation",
    "presented_games",
]
