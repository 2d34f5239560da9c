"""Games: the one store the bot uses for lobbies, running games, queries and startup.

Every method runs one transaction (see ``storage.database``) and returns data objects
from ``storage.models``. Writes that change a game's state check its version inside the
``UPDATE`` (optimistic concurrency), so they are safe against other tasks and processes.
The methods live in small modules by topic; :class:`GameStore` puts them together.
"""

from __future__ import annotations

from storage.commits import CommitQueue
from storage.lobby import LobbyOperations
from storage.play import PlayOperations
from storage.queries import GameQueries
from storage.sql import Backend
from storage.startup import StartupOperations, parse_state


class GameStore(LobbyOperations, PlayOperations, GameQueries, StartupOperations):
    """All game operations on one :class:`Backend`.

    Lobby (``storage.lobby``): create_lobby, join_lobby, leave_lobby, remove_lobby_seat,
    set_lobby_options, start_game. Running games (``storage.play``): commit_action,
    finish_game, abort_game, leave_game. Queries (``storage.queries``): get_game,
    find_open_game, find_games_by_player, list_games, get_actions, recent_actions,
    snapshot. Startup (``storage.startup``): load_active_games, reinstate_game.
    """

    def __init__(self, db: Backend) -> None:
        self._db = db
        self._commits = CommitQueue(db)

    async def drain(self) -> None:
        """Wait for queued commits to finish (called before closing)."""
        await self._commits.drain()


__all__ = ["GameStore", "parse_state"]
