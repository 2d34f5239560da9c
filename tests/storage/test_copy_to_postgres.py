"""``cardroom migrate-db``: a SQLite database copied into PostgreSQL, every table, every game
replayed; a non-empty target refused."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import asyncpg
import pytest

import engine
import storage.copy_to_postgres as copy_to_postgres_module
from bot.cli import main
from storage import TABLE, DatabaseUnavailable, GameStatus, Storage, StorageError
from storage.copy_to_postgres import TABLES, CopyReport, copy_to_postgres
from storage.sql import IntegrityError
from tests.storage.helpers import open_lobby, play_one, play_to_end, sql, start_game


async def _a_server_of_some_days(path: Path) -> dict[int, str]:
    """A SQLite database with lobbies, running, finished and aborted games, messages, guild
    settings, meta, stats and ratings; its games' states by id."""
    storage = await Storage.open(path=path, synchronous="NORMAL")
    rng = random.Random(5)
    try:
        for channel in range(1, 5):
            game, state = await start_game(storage, channel, [1, 2, 3][: 2 + channel % 2], channel)
            await storage.messages.set(game.id, TABLE, channel, 1000 + channel)
            await play_to_end(storage, game.id, state, rng)
        running, state = await start_game(storage, 10, [1, 4], seed=10)
        for _ in range(4):
            await play_one(storage, running.id, state, rng)
        aborted, _ = await start_game(storage, 11, [2, 4], seed=11)
        await storage.games.abort_game(aborted.id, reason="admin")
        await open_lobby(storage, 12, [5, 6])
        await storage.guilds.set(1, language="fr", pictures=False)
        await storage.meta.set("commands_fingerprint", "abc")
        games = await storage.db.read(
            lambda conn: {r["id"]: r["state"] for r in conn.execute("SELECT id, state FROM games")}
        )
    finally:
        await storage.close()
    return games


@pytest.fixture
def days_of_play(tmp_path: Path) -> Path:
    """The SQLite file of :func:`_a_server_of_some_days` (7 games), for the command's tests."""
    source = tmp_path / "cardroom.sqlite3"
    asyncio.run(_a_server_of_some_days(source))
    return source


async def test_every_table_is_copied_and_every_game_replays(
    tmp_path: Path, postgresql_empty_url: str
) -> None:
    source = tmp_path / "cardroom.sqlite3"
    states = await _a_server_of_some_days(source)
    lines: list[str] = []
    report = await copy_to_postgres(source, postgresql_empty_url, progress=lines.append)
    assert report.ok and report.broken_in_source == [], report
    assert report.games == len(states) == 7 and len(lines) == 2
    assert set(report.rows) == set(TABLES)
    assert report.rows["actions"] > 50 and report.rows["ratings"] > 0 and report.rows["plays"] > 0

    copy = await Storage.open(url=postgresql_empty_url)
    try:
        for game_id, state in states.items():
            assert (await copy.games.get_game(game_id)).state_json == state
            assert (await copy.verify_game(game_id)).ok
        assert (await copy.guilds.get(1)).language == "fr"
        assert await copy.meta.get("commands_fingerprint") == "abc"
        assert (await copy.history.stats(1, guild_id=1))[0].played >= 3
        assert (await copy.messages.find(1001)).game_id == min(states)
        # the copy goes on: new games get new ids, a running game takes moves, rules hold
        lobby = await open_lobby(copy, 20, [7])
        assert lobby.id == max(states) + 1
        running = next(g for g in await copy.games.list_games(1) if g.status == GameStatus.ACTIVE)
        state = engine.loads(running.state_json)
        await play_one(copy, running.id, state, random.Random(1))
        with pytest.raises(IntegrityError, match="append-only"):  # the triggers are back on
            await sql(copy, "DELETE FROM actions")
    finally:
        await copy.close()

    with pytest.raises(StorageError, match="not empty"):  # once copied, never again over it
        await copy_to_postgres(source, postgresql_empty_url)


async def test_a_database_a_bot_has_started_on_is_still_empty_for_the_copy(
    tmp_path: Path, postgresql_empty_url: str
) -> None:
    source = tmp_path / "cardroom.sqlite3"
    states = await _a_server_of_some_days(source)
    started = await Storage.open(url=postgresql_empty_url)  # as every start of the bot does
    await started.meta.set("commands_fingerprint", "synced by the new bot")
    await started.close()

    report = await copy_to_postgres(source, postgresql_empty_url)

    assert report.ok and report.games == len(states)
    copy = await Storage.open(url=postgresql_empty_url)
    try:
        assert await copy.meta.get("commands_fingerprint") == "abc"  # the source's bookkeeping
        for game_id in states:
            assert (await copy.verify_game(game_id)).ok
    finally:
        await copy.close()


def test_the_command_copies_and_refuses_a_non_empty_target(
    days_of_play: Path, postgresql_empty_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = days_of_play
    assert main(["migrate-db", "--to", postgresql_empty_url, "--from", str(source)]) == 0
    out = capsys.readouterr().out
    assert "7 games, each replayed" in out
    assert out.rstrip().endswith("set DATABASE_URL to the URL given to --to and start the bot")
    assert main(["migrate-db", "--to", postgresql_empty_url, "--from", str(source)]) == 2
    assert "not empty" in capsys.readouterr().err
    assert main(["migrate-db", "--to", "sqlite:///x", "--from", str(source)]) == 2


def test_a_check_that_stops_after_the_copy_says_the_copy_was_made(
    days_of_play: Path,
    postgresql_empty_url: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the server goes away during the replays: the rows are in PostgreSQL, so "cannot copy"
    # (exit 2, "nothing could be copied") would be wrong
    source = days_of_play

    async def server_gone(*_args: object) -> None:
        raise DatabaseUnavailable("the database server did not answer")

    monkeypatch.setattr(copy_to_postgres_module, "_check", server_gone)
    assert main(["migrate-db", "--to", postgresql_empty_url, "--from", str(source)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"cardroom: copied {source} to postgresql://")
    assert "but the check of the copy stopped: the database server did not answer" in err
    assert "empty that database first" in err and "cannot copy" not in err
    assert main(["migrate-db", "--to", postgresql_empty_url, "--from", str(source)]) == 2
    assert "not empty" in capsys.readouterr().err  # the copy is there


def test_a_game_missing_from_the_copy_is_listed_and_the_copy_is_wrong(
    days_of_play: Path,
    postgresql_empty_url: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the copy loses game 2 before its check (a row PostgreSQL never got): the check goes on
    # to the other games and names it, and the command fails
    source = days_of_play
    check = copy_to_postgres_module._check

    async def lose_game_2(source: Path, url: str, report: CopyReport) -> None:
        conn = await asyncpg.connect(url)
        try:
            await conn.execute("SET session_replication_role = replica")  # no foreign keys
            await conn.execute("DELETE FROM games WHERE id = 2")
        finally:
            await conn.close()
        await check(source, url, report)

    monkeypatch.setattr(copy_to_postgres_module, "_check", lose_game_2)
    assert main(["migrate-db", "--to", postgresql_empty_url, "--from", str(source)]) == 1
    captured = capsys.readouterr()
    assert "the copy of game 2 is wrong: missing from the copy" in captured.err
    assert "games: 6 rows copied, 7 in the source" in captured.err
    assert "replayed 6 games" in captured.out  # every other game was checked
    assert "each replayed" not in captured.out
