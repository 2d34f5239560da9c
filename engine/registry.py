"""Games are found by name: each game package (``engine/<name>/``) registers one ``Game`` and
its ``AutomaticPlayers``.

Game packages are discovered: every sub-package of ``engine`` with a ``game`` module is a game
package, and its ``__init__`` exposes the package's rules as ``GAME`` (``engine.contract``) and
what it gives its automatic players as ``PLAYERS`` (``engine.automatic``); adding a game means
adding its package, nothing else. The registry imports game packages, never the other way
round: a game package builds on the contract and never imports the registry or the core.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from typing import Any

from engine.automatic import AutomaticPlayers
from engine.contract import Game
from engine.errors import UnknownGame

_GAMES: dict[str, Game[Any, Any]] = {}
_PLAYERS: dict[str, AutomaticPlayers[Any, Any]] = {}
_DISCOVERED = False


def register(game: Game[Any, Any], players: AutomaticPlayers[Any, Any]) -> Game[Any, Any]:
    """Add ``game`` and its automatic ``players`` to the registry under ``game.info.name``
    (idempotent for the same objects).

    Raises:
        ValueError: another game already uses this name.
    """
    name = game.info.name
    existing = _GAMES.get(name)
    if existing is not None and (existing is not game or _PLAYERS[name] is not players):
        raise ValueError(f"a game named {name!r} is already registered")
    _GAMES[name] = game
    _PLAYERS[name] = players
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


def get_players(name: str) -> AutomaticPlayers[Any, Any]:
    """What game ``name`` gives its automatic players.

    Raises:
        UnknownGame: no such game.
    """
    get_game(name)
    return _PLAYERS[name]


def game_names() -> list[str]:
    """Names of all registered games, sorted."""
    _discover()
    return sorted(_GAMES)


def _discover() -> None:
    """Import every game package of ``engine`` (found on disk, so that the other packages,
    such as ``engine.players``, are not imported) and register its ``GAME`` and ``PLAYERS``.

    Raises:
        TypeError: a game package whose ``GAME`` is not a ``Game`` or whose ``PLAYERS`` is not
            an ``AutomaticPlayers``.
    """
    global _DISCOVERED
    if _DISCOVERED:
        return
    here = Path(__file__).parent
    for module in pkgutil.iter_modules([str(here)]):
        if not module.ispkg:
            continue
        if not any(m.name == "game" for m in pkgutil.iter_modules([str(here / module.name)])):
            continue
        package = importlib.import_module(f"{__package__}.{module.name}")
        game = getattr(package, "GAME", None)
        players = getattr(package, "PLAYERS", None)
        if not isinstance(game, Game):
            raise TypeError(f"engine.{module.name} has a game module but no GAME")
        if not isinstance(players, AutomaticPlayers):
            raise TypeError(f"engine.{module.name} has a game module but no PLAYERS")
        register(game, players)
    _DISCOVERED = True
