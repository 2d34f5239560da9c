"""A tiny migration runner: numbered plain-SQL files, version kept in ``PRAGMA user_version``.

Files live in the ``storage.migrations`` package as ``NNNN_description.sql`` (``0001`` first,
no gaps). Each file is applied in its own ``BEGIN IMMEDIATE`` transaction together with the
``user_version`` bump, so a crash leaves the database at the previous version, and two
processes starting at once apply each file exactly once. Never edit a released file; add
the next number instead.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from importlib import resources

from storage.errors import SchemaTooNew

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    """One migration file: its number, file name and SQL text."""

    version: int
    name: str
    sql: str


def load_migrations(package: str = "storage.migrations") -> list[Migration]:
    """The migrations shipped in ``package``, sorted by number.

    Raises:
        ValueError: a ``.sql`` file is misnamed, or the numbers are not 1, 2, 3, ... .
    """
    found: list[Migration] = []
    for entry in resources.files(package).iterdir():
        if not entry.name.endswith(".sql"):
            continue
        match = _NAME.match(entry.name)
        if match is None:
            raise ValueError(f"migration file {entry.name!r} is not named NNNN_description.sql")
        found.append(Migration(int(match.group(1)), entry.name, entry.read_text("utf-8")))
    found.sort(key=lambda m: m.version)
    numbers = [m.version for m in found]
    if numbers != list(range(1, len(found) + 1)):
        raise ValueError(f"migrations must be numbered 1..n without gaps, found {numbers}")
    return found


def split_statements(sql: str) -> list[str]:
    """Split a script into complete statements (``CREATE TRIGGER ... END;`` stays whole)."""
    statements: list[str] = []
    buffer = ""
    for line in sql.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statement = buffer.strip()
            if statement.rstrip(";").strip() and not _only_comments(statement):
                statements.append(statement)
            buffer = ""
    if buffer.strip() and not _only_comments(buffer):
        raise ValueError(f"incomplete SQL statement at the end of a migration: {buffer[:80]!r}")
    return statements


def _only_comments(text: str) -> bool:
    return all(not line.strip() or line.strip().startswith("--") for line in text.splitlines())


def schema_version(conn: sqlite3.Connection) -> int:
    """The database's ``PRAGMA user_version``."""
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, migrations: list[Migration] | None = None) -> list[int]:
    """Apply the migrations the database lacks; return the versions applied (maybe none).

    ``conn`` must be in autocommit mode (``isolation_level=None``) with no open transaction.

    Raises:
        SchemaTooNew: the database is newer than the newest migration.
        sqlite3.Error: a migration failed; its transaction was rolled back.
    """
    if migrations is None:
        migrations = load_migrations()
    latest = migrations[-1].version if migrations else 0
    current = schema_version(conn)
    if current > latest:
        raise SchemaTooNew(current, latest)
    applied: list[int] = []
    # A migration may rebuild a table (SQLite's way to change a constraint): that needs
    # foreign keys off, and every key is checked before its COMMIT instead.
    enforced = int(conn.execute("PRAGMA foreign_keys").fetchone()[0])
    conn.execute("PRAGMA foreign_keys = OFF")
    try:
        for migration in migrations:
            if migration.version <= current:
                continue
            if _apply(conn, migration):
                applied.append(migration.version)
            current = migration.version
    finally:
        conn.execute(f"PRAGMA foreign_keys = {enforced:d}")
    return applied


def _apply(conn: sqlite3.Connection, migration: Migration) -> bool:
    """Apply one migration in its own transaction, its foreign keys checked before COMMIT;
    ``False`` if another process applied it meanwhile."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        # Re-read under the write lock: another process may have migrated meanwhile.
        if migration.version <= schema_version(conn):
            conn.execute("COMMIT")
            return False
        for statement in split_statements(migration.sql):
            conn.execute(statement)
        broken = conn.execute("PRAGMA foreign_key_check").fetchall()
        if broken:
            raise sqlite3.IntegrityError(
                f"migration {migration.name} breaks {len(broken)} foreign keys"
            )
        conn.execute(f"PRAGMA user_version = {migration.version:d}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return True
