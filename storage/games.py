"""Games: the one store the bot uses for lobbies, running games, queries and startup.

Every method runs one transaction (see ``storage.database``) and returns data objects
from ``storage.models``. Writes that change a game's state check its version inside the
``UPDATE`` (optimistic concurrency), so they are safe against other tasks and processes.

:class:`GameStore` is made of parts, each with one job, over the same backend: ``lobby``
(``storage.lobby``), ``play`` (``storage.play``: commits, seat changes, ends), ``queries``
(``storage.queries``), ``startup`` (``storage.startup``), ``takebacks`` (``storage.takebacks``:
undo), and ``ends``, the hooks run in the
transaction that ends a game (``storage.ends``). Callers use the store's methods, each one
of a part's.
"""

from __future__ import annotations

from storage.ends import GameEnds
from storage.lobby import LobbyOperations
from storage.play import PlayOperations
from storage.queries import GameQueries
from storage.sql import Backend
from storage.startup import StartupOperations, parse_state
from storage.takebacks import TakeBackOperations


class GameStore:
    """All game operations on one :class:`Backend`, by part (see the module).

    Lobby (``storage.lobby``): create_lobby, join_lobby, leave_lobby, remove_lobby_seat,
    set_lobby_options, set_turn_clock, set_thinking_time, set_min_reliability, start_game.
    Running games (``storage.play``): commit_action, commit_action_record, change_seat,
    set_deadline, finish_game, abort_game, leave_game. Queries (``storage.queries``): get_game,
    find_open_game, find_games_by_player, list_games, lobbies_without_message, recently_ended,
    list_running_with_deadlines, get_actions, recent_actions, snapshot. Startup
    (``storage.startup``): load_active_games, reinstate_game. Take-backs
    (``storage.takebacks``): take_back.
    """

    def __init__(self, db: Backend) -> None:
        self.ends = GameEnds()
        """The hooks of a game's end (``storage.Storage`` registers the history's)."""
        self.lobby = LobbyOperations(db)
        self.play = PlayOperations(db, self.ends)
        self.queries = GameQueries(db)
        self.startup = StartupOperations(db)
        self.takebacks = TakeBackOperations(db)
        self.take_back = self.takebacks.take_back

        lobby, play, queries, startup = self.lobby, self.play, self.queries, self.startup
        self.create_lobby = lobby.create_lobby
        self.join_lobby = lobby.join_lobby
        self.leave_lobby = lobby.leave_lobby
        self.remove_lobby_seat = lobby.remove_lobby_seat
        self.set_lobby_options = lobby.set_lobby_options
        self.set_turn_clock = lobby.set_turn_clock
        self.set_thinking_time = lobby.set_thinking_time
        self.set_min_reliability = lobby.set_min_reliability
        self.start_game = lobby.start_game

        self.commit_action = play.commit_action
        self.commit_action_record = play.commit_action_record
        self.change_seat = play.change_seat
        self.set_deadline = play.set_deadline
        self.finish_game = play.finish_game
        self.abort_game = play.abort_game
        self.leave_game = play.leave_game
        self.drain = play.drain

        self.get_game = queries.get_game
        self.find_open_game = queries.find_open_game
        self.find_games_by_player = queries.find_games_by_player
        self.list_games = queries.list_games
        self.lobbies_without_message = queries.lobbies_without_message
        self.recently_ended = queries.recently_ended
        self.list_running_with_deadlines = queries.list_running_with_deadlines
        self.get_actions = queries.get_actions
        self.recent_actions = queries.recent_actions
        self.snapshot = queries.snapshot

        self.load_active_games = startup.load_active_games
        self.reinstate_game = startup.reinstate_game


__all__ = ["GameStore", "parse_state"]
