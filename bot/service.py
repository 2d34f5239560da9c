"""The use-case layer: every change to a game goes through here.

It owns the per-game lock, checks the preconditions a user can get wrong (turning them into
``UserError``), applies engine actions to a copy of the state, commits them to storage before
anything is shown, and plays automatic seats. It knows nothing of Discord: callers get data
objects back and render them.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field

import engine
from bot.errors import UserError
from bot.games import seat_screen
from bot.i18n import N_
from bot.locks import KeyedLocks
from engine.types import Action, Event
from storage import (
    AlreadySeated,
    ChannelBusy,
    GameNotFound,
    GameRecord,
    GameResult,
    GameStatus,
    LobbyFull,
    StaleVersion,
    Storage,
    WrongStatus,
)

log = logging.getLogger(__name__)

SEED_BITS = 63
ADMIN_ABORT = "aborted by an admin"
"""The stored result reason of a game an admin aborted."""
FORFEIT = "forfeit"
"""The stored result reason of a game won because everyone else left."""


@dataclass(frozen=True)
class Step:
    """One applied action: who, which key, the events it produced, and whether an automatic
    player made it."""

    seat: int
    key: str
    events: list[Event]
    automatic: bool = False


@dataclass
class GameSnapshot:
    """A game as stored, with its parsed state (``None`` for a lobby)."""

    record: GameRecord
    state: engine.GameState | None

    @property
    def id(self) -> int:
        """The game id."""
        return self.record.id


@dataclass
class Played:
    """The result of a user's action (or a forfeit): the game after it and every step applied,
    the user's own first, then the automatic seats' moves that followed."""

    snapshot: GameSnapshot
    steps: list[Step] = field(default_factory=list)
    ended: bool = False
    deciding_before: tuple[int, ...] = ()


class GameService:
    """Lobby and game operations for the bot (one per process, shared by all guilds).

    Every public method may raise ``UserError`` for a request that cannot be granted; then
    nothing has changed.
    """

    def __init__(self, storage: Storage, seed: Callable[[], int] | None = None) -> None:
        self.storage = storage
        self._seed = seed or (lambda: secrets.randbits(SEED_BITS))
        self._locks = KeyedLocks()

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock serialising every change to ``game_id`` in this process."""
        return self._locks(game_id)

    # ------------------------------------------------------------------ reading

    async def record(self, game_id: int) -> GameRecord:
        """The stored game without its state.

        Raises:
            UserError: no such game.
        """
        try:
            return await self.storage.games.get_game(game_id)
        except GameNotFound:
            raise UserError(N_("That game no longer exists.")) from None

    async def snapshot(self, game_id: int) -> GameSnapshot:
        """The stored game and its parsed state.

        Raises:
            UserError: no such game, or its stored state cannot be read (set aside).
        """
        record = await self.record(game_id)
        try:
            state = engine.loads(record.state_json) if record.state_json is not None else None
        except ValueError:
            log.error("game %s: stored state unreadable (see /cardroom inspect)", game_id)
            raise UserError(
                N_(
                    "This game is damaged and cannot go on; a server admin can end it with "
                    "/cardroom abort."
                )
            ) from None
        return GameSnapshot(record, state)

    # -------------------------------------------------------------------- lobby

    async def open_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game_name: str,
        host_name: str | None = None,
    ) -> GameRecord:
        """Open a lobby for ``game_name`` in the channel with the host seated (``host_name``:
        their name in the guild, for buttons).

        Raises:
            ChannelBusy: the channel already has an open game (the caller links to it).
        """
        definition = engine.get_game(game_name)
        defaults = engine.parse_options(game_name, None).model_dump()
        return await self.storage.games.create_lobby(
            guild_id=guild_id,
            channel_id=channel_id,
            game_name=game_name,
            host_id=host_id,
            max_seats=definition.max_players,
            options=defaults,
            host_name=host_name,
        )

    async def join(self, game_id: int, user_id: int, name: str | None = None) -> GameRecord:
        """Seat ``user_id`` (shown as ``name`` on buttons) in the lobby."""
        async with self.lock(game_id):
            try:
                return await self.storage.games.join_lobby(game_id, user_id, name)
            except AlreadySeated:
                raise UserError(N_("You have already joined this game.")) from None
            except LobbyFull as exc:
                raise UserError(
                    N_("This game is full ({seats} players)."), seats=exc.max_seats
                ) from None
            except WrongStatus:
                raise UserError(N_("This game has already started or ended.")) from None

    async def leave_lobby(self, game_id: int, user_id: int) -> GameRecord:
        """Take ``user_id`` out of the lobby (the host cancels instead)."""
        async with self.lock(game_id):
            game = await self._lobby(game_id)
            if game.host_id == user_id:
                raise UserError(N_("You are the host: use Cancel to close the lobby."))
            if game.seat_of(user_id) is None:
                raise UserError(N_("You have not joined this game."))
            return await self.storage.games.leave_lobby(game_id, user_id)

    async def toggle_option(self, game_id: int, user_id: int, option: str) -> GameRecord:
        """Flip the host option ``option`` (a boolean field of the game's options)."""
        async with self.lock(game_id):
            game = await self._lobby(game_id)
            self._host_only(game, user_id)
            options = dict(game.options)
            if not isinstance(options.get(option), bool):
                raise UserError(N_("That option does not exist."))
            options[option] = not options[option]
            engine.parse_options(game.game_name, options)  # still valid
            return await self.storage.games.set_lobby_options(game_id, options)

    async def start(self, game_id: int, user_id: int) -> GameSnapshot:
        """Start the lobby's game (host only, enough players): seed, deal, first turn.

        Returns the started game; automatic seats never start a game, so nobody else moves.
        """
        async with self.lock(game_id):
            game = await self._lobby(game_id)
            self._host_only(game, user_id)
            definition = engine.get_game(game.game_name)
            if len(game.seats) < definition.min_players:
                raise UserError(
                    N_("At least {count} players are needed to start."),
                    count=definition.min_players,
                )
            seed = self._seed()
            state = engine.new_game(game.game_name, len(game.seats), game.options, seed)
            record = await self.storage.games.start_game(
                game_id, seed=seed, state_json=engine.dumps(state)
            )
            return GameSnapshot(record, state)

    async def cancel(self, game_id: int, user_id: int) -> GameRecord:
        """Close the lobby without playing (host only)."""
        async with self.lock(game_id):
            game = await self._lobby(game_id)
            self._host_only(game, user_id)
            return await self.storage.games.abort_game(game_id, reason="cancelled")

    async def _lobby(self, game_id: int) -> GameRecord:
        snapshot = await self.snapshot(game_id)
        if snapshot.record.status != GameStatus.LOBBY:
            raise UserError(N_("This game has already started or ended."))
        return snapshot.record

    @staticmethod
    def _host_only(game: GameRecord, user_id: int) -> None:
        if game.host_id != user_id:
            raise UserError(N_("Only the host can do that."))

    # --------------------------------------------------------------------- play

    async def act(self, game_id: int, user_id: int, version: int, key: str) -> Played:
        """Apply ``user_id``'s action ``key``, chosen on the screen of state ``version``.

        A click from an older version still stands when only other seats have moved since and
        the player's screen shows exactly what it showed then: simultaneous choices (an
        Eggplant pass) do not make each other stale. A player's own later move always does,
        so a double click is applied once.

        Raises:
            UserError: not seated, the game is over, the click is stale (``refresh_hand``),
                or the action is not legal now (``refresh_hand``).
        """
        async with self.lock(game_id):
            snapshot = await self._active(game_id)
            seat = self._seat(snapshot.record, user_id)
            assert snapshot.state is not None
            if version != snapshot.record.version and not await self._still_shown(
                snapshot, seat, version
            ):
                raise UserError(
                    N_("The game has moved on since that button was shown."), refresh_hand=True
                )
            action = Action(seat, key)
            if action not in engine.legal_actions(snapshot.state, seat):
                raise UserError(N_("That move is not possible right now."), refresh_hand=True)
            played = Played(snapshot, deciding_before=engine.deciding_seats(snapshot.state))
            await self._commit(played, action, automatic=False)
            await self._play_automatic_seats(played, after_a_saved_move=True)
            return played

    async def forfeit(self, game_id: int, user_id: int) -> Played:
        """``user_id`` leaves a running game: with one person left that person wins (reason
        ``"forfeit"``); otherwise the seat is played automatically from now on."""
        async with self.lock(game_id):
            snapshot = await self._active(game_id)
            self._seat(snapshot.record, user_id)
            await self.storage.games.leave_game(game_id, user_id)
            record = await self.storage.games.get_game(game_id)
            assert snapshot.state is not None
            played = Played(
                GameSnapshot(record, snapshot.state),
                deciding_before=engine.deciding_seats(snapshot.state),
            )
            if await self._last_player_wins(played):
                return played
            await self._play_automatic_seats(played, after_a_saved_move=True)
            return played

    async def _last_player_wins(self, played: Played) -> bool:
        """With one person (or nobody) left at the table, end the game: that person wins by
        forfeit. Checked on every leave and again at startup, so a crash between the two
        writes cannot leave the rule unapplied."""
        record = played.snapshot.record
        humans = [s.seat for s in record.seats if s.is_human]
        if len(humans) > 1:
            return False
        record = await self.storage.games.finish_game(
            record.id,
            expected_version=record.version,
            result=GameResult(tuple(humans), not humans, FORFEIT),
        )
        played.snapshot = GameSnapshot(record, played.snapshot.state)
        played.ended = True
        return True

    async def abort(self, game_id: int, reason: str = ADMIN_ABORT) -> GameRecord:
        """End an open game without a result (admin)."""
        async with self.lock(game_id):
            try:
                return await self.storage.games.abort_game(game_id, reason=reason)
            except GameNotFound:
                raise UserError(N_("That game no longer exists.")) from None
            except WrongStatus:
                raise UserError(N_("That game has already ended.")) from None

    async def resume(self, game_id: int) -> Played:
        """Let automatic seats make any move that is due (after a restart)."""
        async with self.lock(game_id):
            snapshot = await self._active(game_id)
            assert snapshot.state is not None
            played = Played(snapshot, deciding_before=engine.deciding_seats(snapshot.state))
            if await self._last_player_wins(played):
                return played
            await self._play_automatic_seats(played)
            return played

    async def _still_shown(self, snapshot: GameSnapshot, seat: int, version: int) -> bool:
        """Whether ``seat``'s screen at the older ``version`` equals its screen now, with no
        move of its own in between (the state at ``version`` is replayed from the log)."""
        record = snapshot.record
        if not 0 <= version < record.version or record.seed is None:
            return False
        logged = await self.storage.games.get_actions(record.id)
        if any(row.seat == seat for row in logged[version:]):
            return False
        actions = [Action(row.seat, row.action_key) for row in logged[:version]]
        try:
            then = await asyncio.to_thread(
                engine.replay,
                record.game_name,
                len(record.seats),
                record.options,
                record.seed,
                actions,
            )
        except (engine.IllegalAction, ValueError):
            log.warning("game %s does not replay to version %s", record.id, version)
            return False
        assert snapshot.state is not None
        return seat_screen(record.game_name, then, seat) == seat_screen(
            record.game_name, snapshot.state, seat
        )

    async def _active(self, game_id: int) -> GameSnapshot:
        snapshot = await self.snapshot(game_id)
        if snapshot.record.status == GameStatus.LOBBY:
            raise UserError(N_("This game has not started yet."))
        if snapshot.record.status != GameStatus.ACTIVE:
            raise UserError(N_("This game is over."))
        return snapshot

    @staticmethod
    def _seat(record: GameRecord, user_id: int) -> int:
        seat = record.seat_of(user_id)
        if seat is None:
            raise UserError(N_("You are not playing in this game."))
        return seat.seat

    async def _commit(self, played: Played, action: Action, *, automatic: bool) -> None:
        """Apply ``action`` to a copy of the state and commit it; only then adopt the copy."""
        current = played.snapshot
        assert current.state is not None
        state = engine.clone(current.state)
        events = engine.apply(state, action)
        outcome = engine.outcome(state)
        try:
            await self.storage.games.commit_action(
                current.id,
                current.record.version,
                action.seat,
                action.key,
                engine.dumps(state),
                public_events=events,
                status=GameStatus.FINISHED if outcome else None,
                result=outcome,
            )
        except StaleVersion:
            raise UserError(
                N_("The game has moved on since that button was shown."), refresh_hand=True
            ) from None
        record = await self.storage.games.get_game(current.id)
        played.snapshot = GameSnapshot(record, state)
        played.steps.append(Step(action.seat, action.key, events, automatic))
        played.ended = outcome is not None

    async def _play_automatic_seats(self, played: Played, after_a_saved_move: bool = False) -> None:
        """Let automatic seats make every move that is due. ``after_a_saved_move``: a failure
        here must not look like a failure of the user's own move, which is saved already; it is
        logged and the moves are tried again at the next action or restart."""
        try:
            await self._play_due_automatic_moves(played)
        except Exception:
            if not after_a_saved_move:
                raise
            log.exception("automatic moves of game %s failed", played.snapshot.id)

    async def _play_due_automatic_moves(self, played: Played) -> None:
        while not played.ended:
            record = played.snapshot.record
            state = played.snapshot.state
            assert state is not None
            automatic = {s.seat for s in record.seats if s.automatic}
            due = [s for s in engine.deciding_seats(state) if s in automatic]
            if not due:
                return
            await self._commit(played, engine.automatic_action(state, due[0]), automatic=True)


__all__ = ["ChannelBusy", "GameService", "GameSnapshot", "Played", "Step"]
