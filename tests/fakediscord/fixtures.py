"""pytest fixtures for the fake Discord (imported by ``tests/conftest.py``)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from .server import FakeDiscord


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A running :class:`FakeDiscord` with discord.py pointed at it. Teardown stops the bots it
    started and fails the test if the bot hit an unknown route or sent an invalid body."""
    async with FakeDiscord.running() as fake:
        yield fake
