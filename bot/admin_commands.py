"""The ``cardroom`` commands that look after the database of the settings, without Discord
and without a token: ``backup``, ``ratings rebuild``, ``migrate-db``, ``health``; and the
one-line failure every ``cardroom`` command prints (``bot.cli``).

Each reads or maintains a database that exists: none of them makes one (``cardroom run``
and ``cardroom play`` do).
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

from pydantic import ValidationError

from bot.settings import ShardSettings
from bot.timing.heartbeat import check as check_heartbeat
from bot.timing.heartbeat import heartbeat_path
from storage import Storage, StorageError, StorageSettings, backup_database, database_name
from storage.copy_to_postgres import CopyNotChecked, copy_to_postgres
from storage.postgres import redacted
from storage.settings import is_postgres_url


def fail(text: str) -> None:
    """Print one ``cardroom: ...`` line on stderr."""
    print(f"cardroom: {text}", file=sys.stderr)


def settings_problems(exc: ValidationError) -> str:
    """One line naming each setting ``exc`` refused and why (``LOG_LEVEL: ...``), in the
    bot's own words where a setting's check gave them (pydantic's "Value error, " left out,
    and the setting named once)."""
    problems = []
    for err in exc.errors():
        name = "/".join(str(p) for p in err["loc"]).upper() or "settings"
        message = err["msg"]
        if err["type"] == "value_error" and "error" in err.get("ctx", {}):
            message = str(err["ctx"]["error"])
        problems.append(message if message.startswith(name) else f"{name}: {message}")
    return "; ".join(problems)


def load_storage_settings() -> StorageSettings | None:
    """The database settings (no token needed), or ``None`` after printing a one-line
    reason (a ``DATABASE_URL`` that is not a ``postgresql://`` URL, say)."""
    try:
        return StorageSettings()
    except ValidationError as exc:
        fail(settings_problems(exc))
        return None


def backup(target: Path) -> int:
    """``cardroom backup PATH``: copy the database of the settings (no token needed)."""
    settings = load_storage_settings()
    if settings is None:
        return 2
    if settings.database_url is not None:
        fail("the database is PostgreSQL (DATABASE_URL): back it up with pg_dump (docs/storage.md)")
        return 2
    source = settings.database_path
    try:
        games = backup_database(source, target)
    except StorageError as exc:
        fail(str(exc))
        return 2
    print(f"cardroom: backed up {source} ({games} games) to {target}")
    return 0


async def rebuild_ratings() -> int:
    """``cardroom ratings rebuild``: compute every rating again from the rated games of the
    database of the settings (no token needed); a database that does not exist is refused,
    not made empty."""
    settings = load_storage_settings()
    if settings is None:
        return 2
    path = database_name(settings)
    if settings.database_url is None and not settings.database_path.exists():
        fail(f"there is no database at {path}")  # as backup and migrate-db say: none is made
        return 2
    try:
        storage = await Storage.open(settings)
        try:
            games = await storage.history.rebuild_ratings()
        finally:
            await storage.close()
    except (StorageError, OSError, sqlite3.Error) as exc:
        fail(f"cannot rebuild the ratings of {path}: {exc}")
        return 2
    print(f"cardroom: rebuilt the ratings of {path} from {games} rated games")
    return 0


async def migrate_db(url: str, source: Path | None) -> int:
    """``cardroom migrate-db --to URL``: copy the SQLite database into the empty PostgreSQL
    database ``url`` and replay every game of the copy (``storage.copy_to_postgres``). Exit
    0 when every game replays as in the source, 1 when one does not or the check could not
    finish, 2 when nothing could be copied (the target is not empty, or cannot be reached)."""
    if not is_postgres_url(url):
        fail(f"--to must be a postgresql://... URL, not {url!r}")
        return 2
    path = source
    if path is None:
        settings = load_storage_settings()
        if settings is None:
            return 2
        path = settings.database_path
    try:
        report = await copy_to_postgres(path, url, progress=lambda line: print(f"cardroom: {line}"))
    except CopyNotChecked as exc:
        fail(str(exc))
        return 1
    except (StorageError, OSError, sqlite3.Error) as exc:
        fail(f"cannot copy {path}: {exc}")
        return 2
    for game_id, why in report.broken_in_source:
        fail(f"game {game_id} does not replay in {path} either (copied as it is): {why}")
    for game_id, why in report.broken:
        fail(f"the copy of game {game_id} is wrong: {why}")
    if not report.ok:
        return 1
    print(
        f"cardroom: copied {path} to {redacted(url)}: {report.games} games, each replayed; "
        "set DATABASE_URL to the URL given to --to and start the bot"
    )
    return 0


def health() -> int:
    """``cardroom health``: read the running bot's heartbeat (``bot.timing.heartbeat``)
    beside the database of the settings (no token needed). Exit 0 when alive, else 1."""
    try:
        shard_ids = ShardSettings().shard_ids
    except ValidationError as exc:
        fail(f"SHARD_IDS: {exc.errors()[0]['msg']}")
        return 1
    settings = load_storage_settings()
    if settings is None:
        return 1
    path = heartbeat_path(settings.database_path, settings.heartbeat_path, shard_ids)
    alive, why = check_heartbeat(path)
    print(f"cardroom: {why}", file=sys.stdout if alive else sys.stderr)
    return 0 if alive else 1
