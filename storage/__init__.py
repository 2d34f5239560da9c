"""Durable game storage on SQLite (aiosqlite), or on PostgreSQL (asyncpg) when
``DATABASE_URL`` is set.

Open one :class:`Storage` per process (``await Storage.open(StorageSettings())``) and use
``storage.games``, ``storage.messages``, ``storage.guilds``, ``storage.history``,
``storage.away``, ``storage.players`` and ``storage.verify_game``.
Everything returned is a data object from :mod:`storage.models`; every error raised on
purpose derives from :class:`StorageError`.
"""

from storage.away import AwayStore
from storage.backup import backup_database
from storage.database import Database
from storage.ends import EndedGame, GameEndHook, GameEnds
from storage.errors import (
    AlreadySeated,
    ChannelBusy,
    DatabaseBusy,
    DatabaseUnavailable,
    GameNotActive,
    GameNotFound,
    GameNotInLobby,
    LobbyChanged,
    LobbyFull,
    NotSeated,
    PlayerInOpenGame,
    SchemaTooNew,
    StaleSeat,
    StaleVersion,
    StorageError,
    WrongStatus,
)
from storage.games import GameStore
from storage.guilds import GuildSettingsStore
from storage.history import HistoryStore, PastGame
from storage.history_models import Forgotten, Leaderboard, PlayerStats, Rating
from storage.messages import LOBBY, TABLE, MessageStore
from storage.meta import MetaStore
from storage.models import (
    OPEN_STATUSES,
    GameMessage,
    GameRecord,
    GameResult,
    GameStatus,
    GuildSettings,
    LoggedAction,
    PublicEvent,
    Seat,
    SeatChange,
    TakeBackMove,
)
from storage.players import PlayerStore
from storage.ratings import RATED_AFTER
from storage.reliability import Reliability
from storage.rows import public_event_list, public_events_from_list
from storage.settings import StorageSettings, database_name
from storage.slow_play_models import NOTIFY_WAYS, AwayTime, PlayerSettings, SeatBank
from storage.startup import LoadedGame, LoadFailure, LoadReport
from storage.store import Storage
from storage.threads import AgainOpen, LobbySetup, ThreadStore
from storage.verify import VerifyResult
from storage.wakes import Wake

__all__ = [
    "LOBBY",
    "NOTIFY_WAYS",
    "OPEN_STATUSES",
    "RATED_AFTER",
    "TABLE",
    "public_event_list",
    "public_events_from_list",
    "AgainOpen",
    "AlreadySeated",
    "AwayStore",
    "AwayTime",
    "ChannelBusy",
    "Database",
    "DatabaseBusy",
    "DatabaseUnavailable",
    "EndedGame",
    "Forgotten",
    "GameMessage",
    "GameEndHook",
    "GameEnds",
    "GameNotActive",
    "GameNotFound",
    "GameNotInLobby",
    "GameRecord",
    "GameResult",
    "GameStatus",
    "GameStore",
    "GuildSettings",
    "GuildSettingsStore",
    "HistoryStore",
    "Leaderboard",
    "LoadFailure",
    "LoadReport",
    "LoadedGame",
    "LobbyChanged",
    "LobbyFull",
    "LobbySetup",
    "LoggedAction",
    "MessageStore",
    "MetaStore",
    "NotSeated",
    "PastGame",
    "PlayerInOpenGame",
    "PlayerSettings",
    "PlayerStore",
    "PlayerStats",
    "PublicEvent",
    "Rating",
    "Reliability",
    "SchemaTooNew",
    "Seat",
    "SeatBank",
    "SeatChange",
    "StaleSeat",
    "StaleVersion",
    "Storage",
    "StorageError",
    "StorageSettings",
    "TakeBackMove",
    "ThreadStore",
    "VerifyResult",
    "Wake",
    "WrongStatus",
    "backup_database",
    "database_name",
]
