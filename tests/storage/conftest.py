"""The storage suite runs on both backends: each test that takes ``storage`` (or
``open_storage``) runs once on a SQLite file and once on a real PostgreSQL database."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from storage import Storage

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "cardroom.sqlite3"


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """``"sqlite"`` or ``"postgresql"``."""
    return str(request.param)


@pytest.fixture
def database(backend: str, db_path: Path, request: pytest.FixtureRequest) -> Path | str:
    """Where this test's database is: a SQLite file, or a fresh PostgreSQL database's URL."""
    if backend == "sqlite":
        return db_path
    return str(request.getfixturevalue("postgresql_url"))


OpenStorage = Callable[..., Awaitable[Storage]]


@pytest.fixture
def open_storage(database: Path | str) -> OpenStorage:
    """Open (another) ``Storage`` on this test's database; keyword arguments go to
    ``Storage.open`` (``synchronous`` only on SQLite)."""

    async def open_(**options: Any) -> Storage:
        if isinstance(database, Path):
            return await Storage.open(path=database, **options)
        options.pop("synchronous", None)
        return await Storage.open(url=database, **options)

    return open_


@pytest.fixture
async def storage(open_storage: OpenStorage) -> AsyncIterator[Storage]:
    opened = await open_storage()
    try:
        yield opened
    finally:
        await opened.close()
