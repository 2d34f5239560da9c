"""The SQLAlchemy arms of the commit benchmark (``benchmarks/sqlalchemy_storage.py``, the figures
of ``docs/storage.md``'s "SQLAlchemy" section) commits what ``storage`` commits: for one seed,
its games, log, seats, plays, totals and ratings are the rows ``storage`` writes, on SQLite
and on PostgreSQL, so the two arms' figures measure one workload."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import psycopg
import pytest

ROOT = Path(__file__).resolve().parent.parent

WORKLOAD = ("--games", "2", "--actions", "400", "--seed", "3")
"""Two games at a time, 400 moves each: three games of the same players end in each (their
plays, their ratings, the later ones from the earlier ones')."""

ROWS = {
    "games": "SELECT id, status, version, state, result, deadline FROM games ORDER BY id",
    "actions": "SELECT game_id, seq, seat, action_key, public_events, actor FROM actions "
    "ORDER BY game_id, seq",
    "seats": "SELECT game_id, seat, user_id, score, rank, timeouts, away FROM seats "
    "ORDER BY game_id, seat",
    "plays": "SELECT user_id, guild_id, game_id, seat, result, rank, score FROM plays "
    "ORDER BY user_id, game_id",
    "totals": "SELECT user_id, guild_id, game_name, played, won, scored, score_total, "
    "best_score, streak FROM player_totals ORDER BY user_id, guild_id, game_name",
    "rated": "SELECT game_id, guild_id, game_name, counted FROM rated_games ORDER BY game_id",
    "ratings": "SELECT guild_id, game_name, user_id, level, mu, sigma, ordinal, games "
    "FROM ratings ORDER BY guild_id, game_name, user_id, level",
}
"""What a commit writes, without its times (``updated_at``, ``ended_at``: the clock's)."""


def commit(storage: str, *where: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "storage_commit.py"), "--storage", storage,
         *WORKLOAD, *where],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


def sqlite_rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    with sqlite3.connect(path) as conn:
        return {name: conn.execute(sql).fetchall() for name, sql in ROWS.items()}


def postgresql_rows(url: str) -> dict[str, list[tuple[Any, ...]]]:
    with psycopg.connect(url) as conn:
        return {name: conn.execute(sql).fetchall() for name, sql in ROWS.items()}


@pytest.fixture(scope="module")
def expected(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[tuple[Any, ...]]]:
    """The rows ``storage`` itself writes for the workload (on SQLite): the oracle, made once
    for the module's tests."""
    path = tmp_path_factory.mktemp("storage") / "storage.sqlite3"
    figures = commit("storage", "--path", str(path))
    assert figures["commits"] == 800
    rows = sqlite_rows(path)
    # the workload reaches every part of a commit: moves, ends, their plays and ratings
    assert {row[1] for row in rows["games"]} == {"active", "finished"}
    assert rows["plays"] and max(row[-1] for row in rows["ratings"]) >= 2
    return rows


# one test per arm, each a process of its own: run together they were the longest test of the
# README's run, and one worker's last
@pytest.mark.parametrize("arm", ["sqlalchemy", "sqlalchemy-thread"])
def test_the_sqlalchemy_arms_write_what_storage_writes_on_sqlite(
    tmp_path: Path, expected: dict[str, list[tuple[Any, ...]]], arm: str
) -> None:
    figures = commit(arm, "--path", str(tmp_path / f"{arm}.sqlite3"))
    assert (figures["storage"], figures["commits"]) == (arm, 800)
    assert sqlite_rows(tmp_path / f"{arm}.sqlite3") == expected, arm


def test_the_sqlalchemy_arm_writes_what_storage_writes_on_postgresql(
    expected: dict[str, list[tuple[Any, ...]]], postgresql_empty_url: str
) -> None:
    figures = commit("sqlalchemy", "--backend", "postgresql", "--url", postgresql_empty_url)
    assert (figures["backend"], figures["commits"]) == ("postgresql", 800)
    assert postgresql_rows(postgresql_empty_url) == expected
