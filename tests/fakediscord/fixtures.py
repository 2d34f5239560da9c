"""pytest fixtures for the fake Discord (imported by ``tests/conftest.py``)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from .server import FakeDiscord


@pytest.fixture
async def fake_discord(request: pytest.FixtureRequest) -> AsyncIterator[FakeDiscord]:
    """A running :class:`FakeDiscord` with discord.py pointed at it. Teardown stops the bots it
    started and fails the test if the bot hit an unknown route, sent a body Discord refuses or
    broke one of Discord's documented rules.

    Options for one test (or a module, a class) come from the ``fake_discord`` marker:
    ``@pytest.mark.fake_discord(refuse_picture_edits="original")``,
    ``@pytest.mark.fake_discord(relax={"deadline"})`` (any keyword of :class:`FakeDiscord`).
    """
    options: dict[str, object] = {}
    for marker in reversed(list(request.node.iter_markers("fake_discord"))):
        options.update(marker.kwargs)  # the closest marker wins
    async with FakeDiscord.running(**options) as fake:
        yield fake
