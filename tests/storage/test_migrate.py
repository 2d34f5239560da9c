"""Migrations: from an empty file, re-running is a no-op, failures roll back, packaging."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from storage import Database, SchemaTooNew
from storage.migrate import Migration, load_migrations, migrate, schema_version, split_statements


def _schema(path: Path) -> list[tuple[str, str, str]]:
    with sqlite3.connect(path) as conn:
        return conn.execute(
            "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name"
        ).fetchall()


def test_migrations_are_packaged_and_numbered() -> None:
    migrations = load_migrations()
    assert [m.version for m in migrations] == list(range(1, len(migrations) + 1))
    assert migrations[0].name == "0001_initial.sql"
    assert "CREATE TABLE games" in migrations[0].sql


def test_from_an_empty_file_then_rerun_is_a_no_op(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite3"
    path.touch()
    conn = sqlite3.connect(path, isolation_level=None)
    latest = load_migrations()[-1].version
    assert migrate(conn) == list(range(1, latest + 1))
    assert schema_version(conn) == latest
    before = _schema(path)
    assert {name for kind, name, _ in before if kind == "table"} >= {
        "games",
        "seats",
        "actions",
        "game_messages",
        "guild_settings",
    }
    assert migrate(conn) == []
    assert schema_version(conn) == latest
    conn.close()
    assert _schema(path) == before


async def test_database_open_migrates_once(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "dir" / "db.sqlite3"
    async with await Database.open(path) as db:
        assert await db.pragma("user_version") == load_migrations()[-1].version
    before = _schema(path)
    async with await Database.open(path) as db:
        assert await db.pragma("user_version") == load_migrations()[-1].version
    assert _schema(path) == before


def test_a_failing_migration_rolls_back_entirely(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / "db.sqlite3", isolation_level=None)
    good = Migration(1, "0001_a.sql", "CREATE TABLE a (x INTEGER);")
    bad = Migration(2, "0002_b.sql", "CREATE TABLE b (x INTEGER);\nINSERT INTO nowhere VALUES (1);")
    with pytest.raises(sqlite3.OperationalError):
        migrate(conn, [good, bad])
    assert schema_version(conn) == 1
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"a"}
    assert not conn.in_transaction
    conn.close()


def test_a_newer_database_is_refused(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / "db.sqlite3", isolation_level=None)
    conn.execute("PRAGMA user_version = 999")
    with pytest.raises(SchemaTooNew) as info:
        migrate(conn)
    assert info.value.found == 999
    conn.close()


def test_split_keeps_triggers_whole() -> None:
    sql = """-- comment; with a semicolon
CREATE TABLE t (x INTEGER); -- trailing
CREATE TRIGGER t_no_delete BEFORE DELETE ON t
BEGIN
    SELECT RAISE(ABORT, 'no; really');
END;
"""
    statements = split_statements(sql)
    assert len(statements) == 2
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")


def test_split_refuses_an_unfinished_statement() -> None:
    with pytest.raises(ValueError, match="incomplete"):
        split_statements("CREATE TABLE t (x INTEGER)")


async def test_a_version_1_database_is_upgraded_with_its_games(tmp_path: Path) -> None:
    # a file written before 0002 (seat display names): its games survive the upgrade
    path = tmp_path / "v1.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, load_migrations()[:1])
    conn.execute(
        "INSERT INTO games (id, guild_id, channel_id, game_name, host_id, max_seats, created_at, "
        "updated_at) VALUES (1, 1, 2, 'artichokes', 10, 4, '2026-01-01T00:00:00+00:00', "
        "'2026-01-01T00:00:00+00:00')"
    )
    conn.execute(
        "INSERT INTO seats (game_id, seat, user_id, joined_at) "
        "VALUES (1, 0, 10, '2026-01-01T00:00:00+00:00')"
    )
    conn.close()
    from storage import Storage

    storage = await Storage.open(path=path)
    try:
        old = await storage.games.get_game(1)
        assert [(s.user_id, s.display_name) for s in old.seats] == [(10, None)]
        joined = await storage.games.join_lobby(1, 11, "Bob the Builder")
        assert [s.display_name for s in joined.seats] == [None, "Bob the Builder"]
    finally:
        await storage.close()
