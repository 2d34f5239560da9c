"""The storage suite runs on both backends: each test that takes ``storage`` (or
``open_storage``, see ``tests/backends.py``) runs once on a SQLite file and once on a real
PostgreSQL database."""

from __future__ import annotations

from collections.abc import AsyncIterator

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
