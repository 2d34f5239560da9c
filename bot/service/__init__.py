"""The use-case layer: every change to a game goes through here.

It owns the per-game lock, checks the preconditions a user can get wrong (turning them into
``UserError``), applies engine actions to a copy of the state, commits them to storage before
anything is shown, and plays automatic seats. It knows nothing of Discord or of how a game is
shown: callers get data objects back and render them.

:class:`GameService` is made of parts, each a class with one job (see each module):

- ``gate`` (:class:`~bot.service.gate.Gate`): the per-game locks and the shutdown gate;
- ``live`` (:class:`~bot.service.live.LiveGames`): the running games being played, kept in
  memory, read from storage otherwise;
- ``deadlines`` (:class:`~bot.service.deadlines.Deadlines`): the pace's deadlines: the
  seats' time banks (``bot.service.banks``), when a game's clock next needs attention;
- ``away_times`` (:class:`~bot.service.away.AwayTimes`): when players are away;
- ``wakes`` (:class:`~bot.service.wakes.Wakes`): when the bot next looks at a running game by
  itself, and what is due then (the turn clocks ask);
- ``commits`` (:class:`~bot.service.commits.Commits`): applying and committing one action,
  with the deadline, the seats' banks, the wake time and the seat change
  (``bot.service.seats``) the service decided;
- ``lobby``, ``play``, ``automatic``, ``reminding``, ``away``, ``mine``, ``history``: the use
  cases of setting a game up, of people playing it, of automatic players and timeouts, of
  the pace's reminders (claimed once), of players going away and coming back, of the games a
  player is in, of the memory of play;
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
from bot.service.away import AwayTimes, AwayUseCases
from bot.service.commits import Commits
from bot.service.deadlines import Deadlines, Now
from bot.service.fair_play import FairPlay
from bot.service.gate import Gate
from bot.service.history import PlayHistory
from bot.service.live import LiveGames
from bot.service.lobby import LobbyUseCases
from bot.service.mine import MyGames
from bot.service.play import PlayUseCases, seat_of
from bot.service.reminders import Reminding
from bot.service.snapshots import GameSnapshot, Move, Played
from bot.service.threads import ThreadUseCases
from bot.service.undo import TakeBacks
from bot.service.wakes import Due, Wakes
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
        self.away_times = AwayTimes(storage, self.deadlines.clock)
        self.deadlines.away = self.away_times
        self.wakes = Wakes(storage, self.gate, self.live, self.deadlines)
        self.commits = Commits(storage, self.live, self.deadlines)
        self.lobby = LobbyUseCases(storage, self.gate, self.live, self.deadlines, seed)
        self.play = PlayUseCases(storage, self.gate, self.live, self.commits)
        self.automatic = AutomaticPlay(
            storage, self.gate, self.live, self.commits, search_budget_ms
        )
        self.reminding = Reminding(storage, self.gate, self.live, self.deadlines)
        self.away = AwayUseCases(storage, self.gate, self.live, self.deadlines, self.away_times)
        self.mine = MyGames(storage, self.live, self.deadlines)
        self.history = PlayHistory(storage, forgotten=self.away_times.forget)
        self.undo = TakeBacks(storage, self.gate, self.live, self.deadlines)
        self.fair_play = FairPlay(storage, self.gate, self.live, self.lobby)
        self.threads = ThreadUseCases(storage, self.gate, self.live, self.lobby, self.fair_play)

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

        self.open_lobby = lobby.open_lobby
        self.join = self.fair_play.join  # the host's filter, then the lobby's join
        self.set_min_reliability = self.fair_play.set_min_reliability
        self.reliability = self.fair_play.records
        self.leave_lobby = lobby.leave_lobby
        self.add_automatic = lobby.add_automatic
        self.remove_automatic = lobby.remove_automatic
        self.set_pace = lobby.set_pace
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
        self.remind = self.reminding.remind
        self.next_wakeup = self.deadlines.next_wakeup

        self.due = self.wakes.due
        self.claim_reminder = self.reminding.claim


__all__ = ["Due", "GameService", "GameSnapshot", "Move", "Played"]
