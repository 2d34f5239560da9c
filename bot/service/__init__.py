"""The use-case layer: every change to a game goes through here.

It owns the per-game lock, checks the preconditions a user can get wrong (turning them into
``UserError``), applies engine actions to a copy of the state, commits them to storage before
anything is shown, and plays automatic seats. It knows nothing of Discord or of how a game is
shown: callers get data objects back and render them.

The use cases live in small modules by topic (``lobby``, ``play``, ``automatic``, with
``commits`` and ``reading`` below them); :class:`GameService` puts them together.
"""

from __future__ import annotations

from bot.service.automatic import AutomaticPlay
from bot.service.lobby import LobbyUseCases
from bot.service.play import PlayUseCases
from bot.service.reading import GameReader
from bot.service.snapshots import GameSnapshot, Played, Step


class GameService(LobbyUseCases, PlayUseCases, AutomaticPlay):
    """Every use case of Cardroom's games (see the modules for each).

    ``GameService(storage, seed=None, *, clock=None, search_budget_ms=250.0)``: ``seed``
    gives each new game's seed, ``clock`` the time (for turn clocks).
    """


__all__ = ["GameReader", "GameService", "GameSnapshot", "Played", "Step"]
