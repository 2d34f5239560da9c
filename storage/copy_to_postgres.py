"""Moving a server from SQLite to PostgreSQL: copy every table, then check the copy by
replaying every game (``cardroom migrate-db --to postgresql://...``).

The SQLite file is first migrated to the newest schema (as opening it always does) and read
in one read transaction (one snapshot); the PostgreSQL database is migrated too and must be
empty: no table holds rows but ``meta``, the bookkeeping a bot writes as soon as it starts on
a database (that its history is built, which commands it synced), which the copy replaces
with the source's, so a bot started once on the new database does not make it unusable.
Every table is copied with PostgreSQL's ``COPY`` (asyncpg's
``copy_records_to_table``) in one transaction, with the tables' own triggers (the rules
that a live game obeys, e.g. seats are added only to a lobby) off while the rows go in and
on again before ``COMMIT``; foreign keys and checks stay on. The identities go on after the
highest copied id. Then every game of the copy is replayed with the engine
(``storage.verify``) and its stored state and log compared with the source's.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg

from storage.errors import GameNotFound, StorageError
from storage.postgres import PostgresDatabase, redacted
from storage.sql import Connection
from storage.store import Storage
from storage.verify import verify_replay

TABLES = (
    "games",
    "seats",
    "actions",
    "game_messages",
    "guild_settings",
    "meta",
    "plays",
    "player_totals",
    "rated_games",
    "ratings",
    "away_times",
    "players",
    "reliability",
    "seasons",
    "season_games",
    "season_ratings",
    "game_invites",
    "spectators",
    "thread_archives",
    "tournaments",
    "tournament_signups",
    "tournament_tables",
)
"""Every table, parents before children (the order they are copied in)."""

IDENTITIES = (("games", "id"), ("rated_games", "seq"), ("tournaments", "id"))
"""The identity columns whose sequences go on after the copied rows."""

CHUNK = 5000
"""Rows read from SQLite and sent at a time."""


@dataclass(slots=True)
class CopyReport:
    """What :func:`copy_to_postgres` did.

    Attributes:
        rows: table -> rows copied.
        games: games replayed in the copy.
        broken: ``(game_id, message)`` of games whose copy does not replay to its stored
            state, or differs from the source (the copy is wrong: 0 expected).
        broken_in_source: games that fail their replay in the SQLite file already (copied
            as they are; an admin looks at them with ``/cardroom inspect``).
    """

    rows: dict[str, int] = field(default_factory=dict)
    games: int = 0
    broken: list[tuple[int, str]] = field(default_factory=list)
    broken_in_source: list[tuple[int, str]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether every game of the copy replays as in the source."""
        return not self.broken


class CopyNotChecked(StorageError):
    """The copy was written to PostgreSQL, but its check stopped before the end (the server
    went away, say): the target is no longer empty, and the copy is not known to be good."""


async def copy_to_postgres(
    source: Path, url: str, *, progress: Callable[[str], None] | None = None
) -> CopyReport:
    """Copy the SQLite database ``source`` into the empty PostgreSQL database ``url``, then
    check the copy (see the module).

    Args:
        progress: called with a short line as each stage ends (``None``: quiet).

    Raises:
        StorageError: ``source`` is not a database, or the target is not empty (nothing is
            written then).
        DatabaseUnavailable: the PostgreSQL server cannot be reached.
        CopyNotChecked: the copy is written, but its check could not finish.
    """
    say = progress or (lambda line: None)
    if not source.is_file():
        raise StorageError(f"there is no database at {source}")
    sqlite = await Storage.open(path=source)  # migrated to the newest schema
    await sqlite.close()
    target = await PostgresDatabase.open(url)
    report = CopyReport()
    try:
        filled = await target.read(_filled_tables)
        if filled:
            raise StorageError(
                f"{redacted(url)} is not empty ({', '.join(filled)} hold rows): "
                "migrate-db copies only into an empty database"
            )
        report.rows = await _copy(source, target)
        say("copied " + ", ".join(f"{t} {n}" for t, n in report.rows.items()))
    finally:
        await target.close()
    try:
        await _check(source, url, report)
    except (StorageError, OSError, sqlite3.Error) as exc:
        raise CopyNotChecked(
            f"copied {source} to {redacted(url)}, but the check of the copy stopped: {exc}; "
            "to copy again, empty that database first"
        ) from exc
    say(f"replayed {report.games} games: {len(report.broken)} differ from the source")
    return report


def _filled_tables(conn: Connection) -> list[str]:
    """The tables that hold rows, ``meta`` (a started bot's bookkeeping) left out."""
    return [
        t for t in TABLES if t != "meta" and conn.execute(f"SELECT 1 FROM {t} LIMIT 1").fetchone()
    ]


async def _copy(source: Path, target: PostgresDatabase) -> dict[str, int]:
    rows: dict[str, int] = {}
    reader = sqlite3.connect(f"file:{source}?mode=ro", uri=True, isolation_level=None)
    try:
        reader.execute("BEGIN")  # one snapshot of every table
        async with target.connection() as conn, conn.transaction():
            for table in TABLES:
                await conn.execute(f"ALTER TABLE {table} DISABLE TRIGGER USER")
            await conn.execute("DELETE FROM meta")  # the source's bookkeeping replaces it
            for table in TABLES:
                rows[table] = await _copy_table(reader, conn, table)
            for table, column in IDENTITIES:
                await conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
                    f"coalesce(max({column}), 0) + 1, false) FROM {table}"
                )
            for table in TABLES:
                await conn.execute(f"ALTER TABLE {table} ENABLE TRIGGER USER")
    finally:
        reader.close()
    return rows


async def _copy_table(reader: sqlite3.Connection, conn: asyncpg.Connection, table: str) -> int:
    cursor = reader.execute(f"SELECT * FROM {table}")
    columns = [d[0] for d in cursor.description]
    count = 0
    while True:
        chunk: Sequence[tuple[object, ...]] = cursor.fetchmany(CHUNK)
        if not chunk:
            return count
        await conn.copy_records_to_table(table, records=chunk, columns=columns)
        count += len(chunk)


def _counts(conn: Connection) -> dict[str, int]:
    return {t: int(conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]) for t in TABLES}


async def _check(source: Path, url: str, report: CopyReport) -> None:
    """Replay every game of the copy; compare it, its seats and its log with the source."""
    original = await Storage.open(path=source)
    try:
        copy = await Storage.open(url=url)
    except BaseException:
        await original.close()
        raise
    try:
        counts = await copy.db.read(_counts)
        for table, expected in report.rows.items():
            if counts[table] != expected:
                report.broken.append(
                    (0, f"{table}: {counts[table]} rows copied, {expected} in the source")
                )
        ids = await original.db.read(
            lambda conn: [row[0] for row in conn.execute("SELECT id FROM games ORDER BY id")]
        )
        for game_id in ids:
            before = await original.games.snapshot(game_id)
            try:
                game, actions = await copy.games.snapshot(game_id)
            except GameNotFound:
                report.broken.append((game_id, "missing from the copy"))
                continue
            report.games += 1
            if (game, actions) != before:
                report.broken.append((game_id, "the copy differs from the source"))
                continue
            result = verify_replay(game, actions)
            if not result.ok:
                report.broken_in_source.append((game_id, result.message))
    finally:
        await original.close()
        await copy.close()
