"""The one object the bot holds: an open database with its game, message and guild stores."""

from __future__ import annotations

from pathlib import Path

from storage.away import AwayStore
from storage.database import Database, Synchronous
from storage.games import GameStore
from storage.guilds import GuildSettingsStore
from storage.history import GAME_END_HOOKS, HistoryStore
from storage.messages import MessageStore
from storage.meta import MetaStore
from storage.players import PlayerStore
from storage.postgres import PostgresDatabase
from storage.reliability import ReliabilityStore
from storage.season_store import SeasonStore
from storage.settings import StorageSettings, is_postgres_url
from storage.sql import Backend
from storage.threads import ThreadStore
from storage.tournaments import TournamentStore, mark_table_ended
from storage.verify import VerifyResult, verify_game


class Storage:
    """Cardroom's storage: ``games``, ``messages``, ``guilds``, ``meta``, ``history``,
    ``away``, ``players``, ``reliability``, ``seasons``, ``threads``, ``tournaments`` over one
    backend: a SQLite :class:`Database` or a :class:`PostgresDatabase`.

    Usage::

        storage = await Storage.open(StorageSettings())
        report = await storage.games.load_active_games()
        ...
        await storage.close()

    One ``Storage`` per process. Every method may be called from many asyncio tasks at once.
    """

    def __init__(self, db: Backend) -> None:
        self.db = db
        """The underlying backend (``storage.sql.Backend``)."""
        self.games = GameStore(db)
        """Lobbies, games, actions, queries: :class:`GameStore`."""
        for hook in GAME_END_HOOKS:  # plays and ratings, in the transaction of a game's end
            self.games.ends.register(hook)
        self.games.ends.register(mark_table_ended)  # a tournament table's game has ended
        self.messages = MessageStore(db)
        """Message ids of lobby and table messages: :class:`MessageStore`."""
        self.guilds = GuildSettingsStore(db)
        """Per-guild settings: :class:`GuildSettingsStore`."""
        self.meta = MetaStore(db)
        """Facts about this installation: :class:`MetaStore`."""
        self.history = HistoryStore(db)
        """Stats, ratings, past games, forgetting players: :class:`HistoryStore`."""
        self.away = AwayStore(db)
        """Players' away times in each guild: :class:`AwayStore`."""
        self.players = PlayerStore(db)
        """Players' own settings (how they hear of their moves): :class:`PlayerStore`."""
        self.reliability = ReliabilityStore(db)
        """Each person's share of started games finished: :class:`ReliabilityStore`."""
        self.seasons = SeasonStore(db)
        """Each guild's seasons of each game and their leaderboards: :class:`SeasonStore`."""
        self.threads = ThreadStore(db)
        """Where games are played (threads), invitations, spectators: :class:`ThreadStore`."""
        self.tournaments = TournamentStore(db)
        """Tournaments, their sign-ups and their tables' games: :class:`TournamentStore`."""

    @classmethod
    async def open(
        cls,
        settings: StorageSettings | None = None,
        *,
        path: str | Path | None = None,
        url: str | None = None,
        synchronous: Synchronous = "FULL",
    ) -> Storage:
        """Open the database of ``settings`` (or ``path``, or ``url``), creating and migrating
        it: PostgreSQL when a ``postgresql://`` URL is given (``url``, else
        ``settings.database_url`` unless ``path`` is given), else the SQLite file.

        Args:
            settings: defaults to ``StorageSettings()`` (environment / ``.env``).
            path: a SQLite file; overrides ``settings.database_path`` and its URL.
            url: a PostgreSQL URL; overrides the settings.
            synchronous: SQLite's ``"FULL"`` (default, durable) or ``"NORMAL"`` (benchmarks).

        Raises:
            SchemaTooNew, DatabaseBusy, StorageError: see :meth:`Database.open`.
            DatabaseUnavailable: the PostgreSQL server cannot be reached.
        """
        settings = settings or StorageSettings()
        if url is None and path is None:
            url = settings.database_url
        db: Backend
        if url is not None:
            if not is_postgres_url(url):
                raise ValueError(f"not a PostgreSQL URL: {url!r}")
            db = await PostgresDatabase.open(url, pool_size=settings.database_pool_size)
        else:
            db = await Database.open(
                path if path is not None else settings.database_path,
                busy_timeout_ms=settings.database_busy_timeout_ms,
                synchronous=synchronous,
            )
        storage = cls(db)
        try:
            # the games that ended before stats and ratings existed are counted once
            await storage.history.build_once()
        except BaseException:
            await db.close()
            raise
        return storage

    async def verify_game(self, game_id: int) -> VerifyResult:
        """Replay ``game_id``'s log and compare with its stored state (admin "inspect").

        Raises:
            GameNotFound: no such game.
        """
        return await verify_game(self.games.queries, game_id)

    async def close(self) -> None:
        """Finish queued commits, then close the database."""
        await self.games.drain()
        await self.db.close()

    async def __aenter__(self) -> Storage:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()
