"""The storage suite runs on both backends: each test that takes ``storage`` (or
``open_storage``, see ``tests/backends.py``, or ``empty_database``) runs once on a SQLite file
and once on a real PostgreSQL database."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import Storage
from tests.backends import OpenStorage


@pytest.fixture
async def storage(open_storage: OpenStorage) -> AsyncIterator[Storage]:
    opened = await open_storage()
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
def empty_database(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Path | str:
    """Where this test's database is, with no migration applied: a SQLite file (not created
    yet), or an empty PostgreSQL database's URL (a migration's test brings it to the schema
    before, ``tests.storage.helpers.database_before``)."""
    if backend == "sqlite":
        return tmp_path / "old.sqlite3"
    return str(request.getfixturevalue("postgresql_empty_url"))
