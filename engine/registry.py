"""Games are found by name: each game package (``engine/<name>/``) registers one ``Game``.

Game packages are discovered: every sub-package of ``engine`` whose ``__init__`` defines
``GAME`` is a game, so adding a game means adding its package, nothing else.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from engine.contract import Game
from engine.errors import UnknownGame

_GAMES: dict[str, Game[Any, Any]] = {}
_DISCOVERED = False


def register(game: Game[Any, Any]) -> Game[Any, Any]:
    """Add ``game`` to the registry under ``game.info.name`` (idempotent for the same object).

    Raises:
        ValueError: another game already uses this name.
    """
    name = game.info.name
    existing = _GAMES.get(name)
    if existing is not None and existing is not game:
        raise ValueError(f"a game named {name!r} is already registered")
    _GAMES[name] = game
    return game


def get_game(name: str) -> Game[Any, Any]:
    """The game registered as ``name``.

    Raises:
        UnknownGame: no such game.
    """
    game = _GAMES.get(name)
    if game is None:
        _discover()
        game = _GAMES.get(name)
        if game is None:
            raise UnknownGame(name)
    return game


def game_names() -> list[str]:
    """Names of all registered games, sorted."""
    _discover()
    return sorted(_GAMES)


def _discover() -> None:
    # Importing a game package registers it; done lazily to avoid import cycles.
    global _DISCOVERED
    if _DISCOVERED:
        return
    import engine

    for module in pkgutil.iter_modules(engine.__path__):
        if module.ispkg:
            importlib.import_module(f"engine.{module.name}")
    _DISCOVERED = True
