"""The connection: pragmas, the aiosqlite seam, transactions, the lock of another process."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from storage import Database, DatabaseBusy, StorageSettings
from storage.postgres import redacted


async def test_pragmas(db_path: Path) -> None:
    async with await Database.open(db_path) as db:
        assert await db.pragma("journal_mode") == "wal"
        assert await db.pragma("foreign_keys") == 1
        assert await db.pragma("synchronous") == 2  # FULL
        assert await db.pragma("busy_timeout") == 5000
    async with await Database.open(db_path) as db:
        with pytest.raises(ValueError):
            await db.pragma("journal_mode; DROP TABLE games")


def test_the_aiosqlite_internals_we_use_exist() -> None:
    # Database._call runs one function per transaction on aiosqlite's thread through these.
    assert callable(getattr(aiosqlite.Connection, "_execute", None))
    assert isinstance(aiosqlite.Connection.__dict__.get("_conn"), property)


async def test_the_parent_folder_is_created(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "c.sqlite3"
    async with await Database.open(StorageSettings(database_path=path).database_path):
        pass
    assert path.is_file()


async def test_a_failing_write_rolls_back(db_path: Path) -> None:
    async with await Database.open(db_path) as db:

        def fails(conn: sqlite3.Connection) -> None:
            conn.execute("INSERT INTO guild_settings (guild_id, updated_at) VALUES (1, 'now')")
            raise RuntimeError("boom")

        with pytest.raises(RuntimeError):
            await db.write(fails)
        count = await db.read(
            lambda conn: conn.execute("SELECT count(*) FROM guild_settings").fetchone()[0]
        )
        assert count == 0
        # The connection is usable again (no transaction left open).
        await db.write(
            lambda conn: conn.execute(
                "INSERT INTO guild_settings (guild_id, updated_at) VALUES (1, 'now')"
            )
        )


async def test_another_process_holding_the_lock_gives_database_busy(db_path: Path) -> None:
    async with await Database.open(db_path, busy_timeout_ms=50) as db:
        other = sqlite3.connect(db_path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            with pytest.raises(DatabaseBusy):
                await db.write(lambda conn: conn.execute("SELECT 1"))
        finally:
            other.execute("ROLLBACK")
            other.close()
        await db.write(lambda conn: conn.execute("SELECT 1"))


def test_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)  # no stray .env
    assert StorageSettings().database_path == Path("data/cardroom.sqlite3")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "x.sqlite3"))
    monkeypatch.setenv("DATABASE_BUSY_TIMEOUT_MS", "1234")
    settings = StorageSettings()
    assert settings.database_path == tmp_path / "x.sqlite3"
    assert settings.database_busy_timeout_ms == 1234


async def test_default_path_is_under_data(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_PATH", raising=False)
    async with await Database.open(StorageSettings().database_path):
        pass
    assert (tmp_path / "data" / "cardroom.sqlite3").is_file()


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://cardroom:pw@db:5432/x", "postgresql://cardroom:***@db:5432/x"),
        ("postgresql://cardroom:p@ss:w@db/x", "postgresql://cardroom:***@db/x"),
        ("postgresql://cardroom:p#ss/w@db/x", "postgresql://cardroom:***@db/x"),
        ("postgresql://c:pw@[::1/x", "postgresql://c:***@[::1/x"),  # no URL urlsplit reads
        ("postgresql://cardroom@db/x", "postgresql://cardroom@db/x"),
        ("postgresql:///x?host=/run/postgresql", "postgresql:///x?host=/run/postgresql"),
    ],
)
def test_a_url_in_a_message_never_shows_its_password(url: str, shown: str) -> None:
    assert redacted(url) == shown
