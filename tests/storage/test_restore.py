"""The README's restore of a SQLite backup, run as written: stop the bot, copy the backup over
the database and delete the ``-wal`` and ``-shm`` files a crash left, start again. Every game
is then as it was at the backup, even when the stop was a crash (the leftover write-ahead log
belongs to the replaced file: SQLite would replay it onto the copy)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from storage import GameStatus, Storage, backup_database
from tests.storage.helpers import start_game

ROOT = Path(__file__).resolve().parents[2]


def readme_restore_command() -> str:
    """The restore command the README gives for a checkout (not Docker's)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (command,) = re.findall(r"`(cp backups/[^`]+)`", readme)
    return command


async def test_the_readme_restore_brings_back_the_games_of_the_backup_after_a_crash(
    tmp_path: Path,
) -> None:
    command = readme_restore_command()
    backup = tmp_path / command.split()[1]
    database = tmp_path / "data" / "cardroom.sqlite3"
    assert command.split()[2] == "data/cardroom.sqlite3"  # the default DATABASE_PATH
    storage = await Storage.open(path=database)
    kept, _ = await start_game(storage, 1, [1, 2], seed=1)
    backup_database(database, backup)  # `cardroom backup`, while the bot runs
    for channel in (2, 3):  # games after the backup, in the write-ahead log
        await start_game(storage, channel, [1, 2], seed=channel)
    wal, shm = (database.with_name(database.name + end) for end in ("-wal", "-shm"))
    shutil.copy(wal, tmp_path / "left-wal")  # what a crash (a SIGKILL) leaves beside the file
    shutil.copy(shm, tmp_path / "left-shm")
    await storage.close()
    shutil.copy(tmp_path / "left-wal", wal)
    shutil.copy(tmp_path / "left-shm", shm)

    subprocess.run(["sh", "-c", command], cwd=tmp_path, check=True)

    async with await Storage.open(path=database) as restored:
        games = await restored.games.list_games(1, tuple(GameStatus))
    assert [game.id for game in games] == [kept.id]
