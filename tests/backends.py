"""Both storage backends for any test (pytest plugin): ``backend`` is parametrised, so a test
that takes ``database`` or ``open_storage`` runs once on a SQLite file and once on a real
PostgreSQL database (``tests/pgserver.py``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from storage import Storage

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A SQLite file in the test's folder (not created yet)."""
    return tmp_path / "data" / "cardroom.sqlite3"


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """``"sqlite"`` or ``"postgresql"``."""
    return str(request.param)


@pytest.fixture
def database(backend: str, db_path: Path, request: pytest.FixtureRequest) -> Path | str:
    """Where this test's database is: the SQLite file ``db_path``, or an emptied PostgreSQL
    database's URL."""
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
