"""Typed errors raised by storage; the bot turns each into a message for people."""

from __future__ import annotations

from collections.abc import Iterable


class StorageError(Exception):
    """Base class of every error storage raises on purpose."""


class DatabaseBusy(StorageError):
    """Another connection held the write lock longer than ``busy_timeout``; nothing was written.

    Retrying later is safe.
    """


class DatabaseUnavailable(StorageError):
    """The database server cannot be reached (PostgreSQL down, restarting, or failing over).

    A write that failed this way before its ``COMMIT`` was sent wrote nothing (and was already
    tried again for a few seconds); one that failed during its ``COMMIT`` may or may not have
    been applied. Either way trying again later is safe: every state change checks the game's
    version, so a move that was applied is refused the second time, never applied twice.
    """


class TransactionConflict(StorageError):
    """PostgreSQL refused a transaction because one running beside it touched the same rows
    (a serialization failure or a deadlock); nothing was written. The backend runs the
    transaction again by itself, so callers see this only as :class:`DatabaseBusy` after
    many tries. Transaction bodies must let it through (never catch it as a failure of their
    own)."""


class SchemaTooNew(StorageError):
    """The database was written by a newer Cardroom (its ``user_version`` is unknown here).

    Attributes:
        found: the database's ``PRAGMA user_version``.
        known: the newest migration this code knows.
    """

    def __init__(self, found: int, known: int) -> None:
        super().__init__(
            f"database schema version {found} is newer than this code knows ({known}); "
            "upgrade Cardroom instead of downgrading the database"
        )
        self.found = found
        self.known = known


class GameNotFound(StorageError, LookupError):
    """No game has this id.

    Attributes:
        game_id: the id that was asked for.
    """

    def __init__(self, game_id: int) -> None:
        super().__init__(f"there is no game {game_id}")
        self.game_id = game_id


class WrongStatus(StorageError):
    """The game is not in a status that allows the operation; nothing was written.

    Attributes:
        game_id: the game.
        status: its current status (``"lobby"``, ``"active"``, ``"finished"``, ``"aborted"``).
        allowed: the statuses the operation needs.
    """

    def __init__(self, game_id: int, status: str, allowed: Iterable[str]) -> None:
        self.game_id = game_id
        self.status = str(status)
        self.allowed = tuple(str(s) for s in allowed)
        super().__init__(
            f"game {game_id} is {self.status}; this needs it to be {' or '.join(self.allowed)}"
        )


class GameNotActive(WrongStatus):
    """The game is not ``active`` (still a lobby, or already finished or aborted)."""

    def __init__(self, game_id: int, status: str) -> None:
        super().__init__(game_id, status, ("active",))


class GameNotInLobby(WrongStatus):
    """The game has left the lobby (started, finished or aborted)."""

    def __init__(self, game_id: int, status: str) -> None:
        super().__init__(game_id, status, ("lobby",))


class StaleVersion(StorageError):
    """Optimistic concurrency refused a write: the game moved on since it was read.

    Nothing was written. Reload the game (``GameStore.get_game``) and decide again.

    Attributes:
        game_id: the game.
        expected: the version the caller based its change on.
        current: the game's version now.
    """

    def __init__(self, game_id: int, expected: int, current: int) -> None:
        super().__init__(
            f"game {game_id} is at version {current}, not {expected}: someone else moved first"
        )
        self.game_id = game_id
        self.expected = expected
        self.current = current


class StaleSeat(StaleVersion):
    """A seat change was decided on values the seat no longer holds (its player came back
    through another process, say), though the game's version is unchanged; nothing was
    written. Read the game afresh and decide again.

    Attributes:
        seat: the seat.
    """

    def __init__(self, game_id: int, version: int, seat: int) -> None:
        StorageError.__init__(
            self, f"seat {seat} of game {game_id} changed since it was read (version {version})"
        )
        self.game_id = game_id
        self.expected = self.current = version
        self.seat = seat


class ChannelBusy(StorageError):
    """The channel already has an open (lobby or active) game; only one is allowed.

    Attributes:
        channel_id: the channel.
        game_id: the open game already there.
    """

    def __init__(self, channel_id: int, game_id: int) -> None:
        super().__init__(f"channel {channel_id} already has an open game ({game_id})")
        self.channel_id = channel_id
        self.game_id = game_id


class LobbyFull(StorageError):
    """Every seat of the lobby is taken.

    Attributes:
        game_id: the game.
        max_seats: its seat limit.
    """

    def __init__(self, game_id: int, max_seats: int) -> None:
        super().__init__(f"game {game_id} is full ({max_seats} seats)")
        self.game_id = game_id
        self.max_seats = max_seats


class AlreadySeated(StorageError):
    """The user already holds a seat in this game.

    Attributes:
        game_id: the game.
        user_id: the Discord user.
        seat: the seat they hold.
    """

    def __init__(self, game_id: int, user_id: int, seat: int) -> None:
        super().__init__(f"user {user_id} already holds seat {seat} of game {game_id}")
        self.game_id = game_id
        self.user_id = user_id
        self.seat = seat


class NotSeated(StorageError):
    """The user (or seat number) has no seat in this game, or has already left it.

    Attributes:
        game_id: the game.
        who: the Discord user id or seat number that was asked for.
    """

    def __init__(self, game_id: int, who: str) -> None:
        super().__init__(f"{who} has no seat in game {game_id}")
        self.game_id = game_id
        self.who = who


class LobbyChanged(StorageError):
    """``start_game`` got a state for a different number of seats than the lobby holds now.

    Someone joined or left between reading the lobby and starting; read it again and
    build a new state. Nothing was written.

    Attributes:
        game_id: the game.
        state_seats: seats of the state passed in.
        lobby_seats: seats in the lobby now.
    """

    def __init__(self, game_id: int, state_seats: int, lobby_seats: int) -> None:
        super().__init__(
            f"game {game_id} has {lobby_seats} seats now, the state was built for {state_seats}"
        )
        self.game_id = game_id
        self.state_seats = state_seats
        self.lobby_seats = lobby_seats


class PlayerInOpenGame(StorageError):
    """A player cannot be forgotten while they hold a seat in (or host) a lobby or a running
    game; nothing was changed.

    Attributes:
        user_id: the player.
        game_ids: those open games, by id.
    """

    def __init__(self, user_id: int, game_ids: Iterable[int]) -> None:
        self.user_id = user_id
        self.game_ids = tuple(game_ids)
        super().__init__(f"user {user_id} is in open games {', '.join(map(str, self.game_ids))}")
