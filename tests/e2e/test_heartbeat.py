"""The bot's liveness signal, as the Docker HEALTHCHECK reads it: a running bot connected to
Discord keeps its heartbeat fresh on its own clock; a stopped one leaves none."""

from __future__ import annotations

import os

from bot.timing.heartbeat import BEAT_SECONDS, check, heartbeat_path
from tests.e2e.conftest import World


async def test_a_connected_bot_is_alive_and_a_stopped_one_is_not(world: World) -> None:
    path = heartbeat_path(world.db_path)
    await world.fake.wait_for(path.exists, what="the heartbeat of READY")
    assert check(path)[0]

    heartbeat = world.bot.heartbeat
    beats = heartbeat.beats
    os.utime(path, (0, 0))  # as if long ago: only a new beat makes it fresh again
    assert not check(path)[0]
    world.clock.advance(BEAT_SECONDS)
    await world.fake.wait_for(lambda: heartbeat.beats > beats, what="the next heartbeat")
    assert check(path)[0]

    assert world.handle is not None
    await world.handle.stop()
    alive, why = check(path)
    assert not alive and "the bot is not running" in why
    await world.start()  # a new run beats again
    await world.fake.wait_for(path.exists, what="the heartbeat of the new run")
    assert check(path)[0]
