"""The use-case layer: every change to a game goes through here.

It owns the per-game lock, checks the preconditions a user can get wrong (turning them into
``UserError``), applies engine actions to a copy of the state, commits them to storage before
anything is shown, and plays automatic seats. It knows nothing of Discord or of how a game is
shown: callers get data objects back and render them.

:class:`GameService` is made of parts, each a class with one job (see each module):

- ``gate`` (:class:`~bot.service.gate.Gate`): the per-game locks and the shutdown gate;
- ``live`` (:class:`~bot.service.live.LiveGames`): the running games kept in memory, read
  from storage otherwise, and a restart's watch over the ones that changed meanwhile;
- ``deadlines`` (:class:`~bot.service.deadlines.Deadlines`): the turn clock's deadlines;
- ``commits`` (:class:`~bot.service.commits.Commits`): applying and committing one action,
  with the deadline and the seat change (``bot.service.seats``) the service decided;
- ``lobby``, ``play``, ``automatic``, ``history``: the use cases of setting a game up, of
  people playing it, of automatic players and timeouts, of the memory of play;
- ``threads`` (:class:`~bot.service.threads.ThreadUseCases`): games in threads of their
  own, invitations, spectators, "play again" (called as ``service.threads.…``);
- ``undo`` (:class:`~bot.service.undo.TakeBacks`): a person taking back their own move;
- ``fair_play`` (:class:`~bot.service.fair_play.FairPlay`): reliability records and the
  host's join filter.

Callers use the service's methods, each one of a part's (the facade below).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.service.automatic import AutomaticPlay
from bot.service.commits import Commits
from bot.service.deadlines import Deadlines, Now
from bot.service.fair_play import FairPlay
from bot.service.gate import Gate
from bot.service.history import PlayHistory
from bot.service.live import LiveGames
from bot.service.lobby import LobbyUseCases
from bot.service.play import PlayUseCases, seat_of
from bot.service.snapshots import GameSnapshot, Move, Played
from bot.service.threads import ThreadUseCases
from bot.service.undo import TakeBacks
from storage import Storage


class GameService:
    """Every use case of Cardroom's games, by part (see the module).

    ``GameService(storage, seed=None, *, clock=None, search_budget_ms=250.0)``: ``seed``
    gives each new game's seed, ``clock`` the time (for turn clocks: anything with ``now()``,
    such as ``bot.timing.clock.Clock``), ``search_budget_ms`` the search player's thinking
    time per move at a table whose host chose none.
    """

    seat_of = staticmethod(seat_of)

    def __init__(
        self,
        storage: Storage,
        seed: Callable[[], int] | None = None,
        *,
        clock: Now | None = None,
        search_budget_ms: float = 250.0,
    ) -> None:
        self.storage = storage
        self.gate = Gate()
        self.live = LiveGames(storage)
        self.deadlines = Deadlines(clock)
        self.commits = Commits(storage, self.live, self.deadlines)
        self.lobby = LobbyUseCases(storage, self.gate, self.live, self.deadlines, seed)
        self.play = PlayUseCases(storage, self.gate, self.live, self.commits)
        self.automatic = AutomaticPlay(
            storage, self.gate, self.live, self.commits, search_budget_ms
        )
        self.history = PlayHistory(storage)
        self.undo = TakeBacks(storage, self.gate, self.live)
        self.fair_play = FairPlay(storage, self.gate, self.live, self.lobby)
        self.threads = ThreadUseCases(storage, self.gate, self.live, self.fair_play)

        gate, live, lobby, play, automatic = (
            self.gate,
            self.live,
            self.lobby,
            self.play,
            self.automatic,
        )
        self.shutdown = gate.shutdown

        self.record = live.record
        self.snapshot = live.snapshot
        self.active = live.active
        self.recent_actions = live.recent_actions
        self.forget = live.forget
        self.watch_changes = live.watch_changes
        self.adopt = live.adopt
        self.stop_watching = live.stop_watching

        self.open_lobby = lobby.open_lobby
        self.join = self.fair_play.join  # the host's filter, then the lobby's join
        self.set_min_reliability = self.fair_play.set_min_reliability
        self.reliability = self.fair_play.records
        self.leave_lobby = lobby.leave_lobby
        self.add_automatic = lobby.add_automatic
        self.remove_automatic = lobby.remove_automatic
        self.set_turn_clock = lobby.set_turn_clock
        self.set_thinking_time = lobby.set_thinking_time
        self.toggle_option = lobby.toggle_option
        self.set_option = lobby.set_option
        self.start = lobby.start
        self.cancel = lobby.cancel

        self.act = play.act
        self.forfeit = play.forfeit
        self.abort = play.abort
        self.take_back = self.undo.take_back

        self.play_automatic = automatic.play_automatic
        self.timeout = automatic.timeout
        self.come_back = automatic.come_back


__all__ = ["GameService", "GameSnapshot", "Move", "Played"]
