"""A restart with many slow games stored, on both backends: the start reads only what is due
(not every running game), handles every deadline that passed during a 10-minute stop once and
in the order of the deadlines, sends the reminders that fell due meanwhile once, and leaves the
other games untouched — not read, no request to Discord. A second restart does nothing again.
The wakes are read in pages of 16 here, so that the order holds across pages.
(The 100,000-game figures come from ``benchmarks/slow_play.py``.)"""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from bot.service.automatic import AutomaticPlay
from bot.timing import turn_clocks
from bot.timing.turn_clocks import LOOKAHEAD
from storage import Storage
from tests.e2e.conftest import World
from tests.e2e.stored_games import DAY, StoredGame, post_tables, write_games

GAMES = 240
PASSED = 60
"""Games whose deadline falls during the stop (their reminder was sent before it)."""
REMINDED = 30
"""Games whose half-time reminder falls during the stop (the deadline comes later)."""
STOP = timedelta(minutes=10)
HALF = timedelta(seconds=DAY / 2)


async def open_storage(world: World) -> Storage:
    if world.database_url is not None:
        return await Storage.open(url=world.database_url)
    return await Storage.open(path=world.db_path)


async def test_a_restart_handles_what_fell_due_while_it_was_down_once_and_in_order(
    any_world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = any_world
    await world.handle.stop()  # type: ignore[union-attr]
    stopped = world.clock.now()
    rng = random.Random(50)
    games = []
    for n in range(GAMES):
        if n < PASSED:
            deadline = stopped + STOP * rng.random()
            wake = deadline  # its reminder was sent before the stop
        elif n < PASSED + REMINDED:
            wake = stopped + STOP * rng.random()
            deadline = wake + HALF
        else:
            wake = stopped + STOP + (HALF - STOP) * rng.random()
            deadline = wake + HALF
        players = [world.fake.add_user(f"g{n}p{p}") for p in range(2)]
        for user in players:
            world.guild.add_member(user)
        channel = world.guild.add_text_channel(f"slow-{n}")
        games.append(
            StoredGame(world.guild.id, channel, (players[0].id, players[1].id), n, deadline, wake)
        )
    order = list(range(GAMES))
    rng.shuffle(order)  # stored in any order: handled in the order of their times
    games = [games[i] for i in order]
    tables = post_tables(world.fake, games)
    storage = await open_storage(world)
    try:
        ids = await write_games(storage, games, tables, stopped)
    finally:
        await storage.close()
    by_id = dict(zip(ids, games, strict=True))
    passed = sorted((g.deadline, i) for i, g in by_id.items() if g.deadline <= stopped + STOP)
    reminded = {i for i, g in by_id.items() if g.wake_at < g.deadline <= stopped + STOP + HALF}
    resting = set(ids) - {i for _d, i in passed} - reminded
    assert len(passed) == PASSED and len(reminded) == REMINDED

    timed_out: list[int] = []
    timeout = AutomaticPlay.timeout

    async def noted(self: AutomaticPlay, game_id: int, version: int):  # noqa: ANN202
        timed_out.append(game_id)
        return await timeout(self, game_id, version)

    monkeypatch.setattr(AutomaticPlay, "timeout", noted)
    monkeypatch.setattr(turn_clocks, "BATCH", 16)  # what is due is read a page at a time
    world.clock.advance(STOP.total_seconds())
    edits = {i: world.fake.message(t).edit_count for i, t in zip(ids, tables, strict=True)}
    bot = await world.start()  # returns once resumed: every wake due handled
    await bot.wait_idle()

    assert timed_out == [i for _d, i in passed]  # each once, in the order of the deadlines
    async with await open_storage(world) as storage:
        for game_id in ids:
            actors = [a.actor for a in await storage.games.get_actions(game_id)]
            assert actors == (["timeout"] if game_id in timed_out else [])
    for game_id, game in by_id.items():
        said = [m.text() for m in game.channel.messages]
        reminders = [t for t in said if "half your time" in t]
        assert len(reminders) == (1 if game_id in reminded else 0), said
        edited = world.fake.message(tables[ids.index(game_id)]).edit_count - edits[game_id]
        if game_id in resting:
            assert edited == 0 and len(said) == 1  # untouched: its table only
        elif game_id not in reminded:
            assert edited >= 1  # the timeout's move is on the table
    # only the games something was due for were read; of the others, at most the wakes due
    # within the hour are held in memory
    assert bot.room.service.live.live_games() == PASSED + REMINDED
    soon = world.clock.now() + LOOKAHEAD
    assert len(bot.room.clocks) <= sum(1 for i in resting if by_id[i].wake_at <= soon)

    await world.restart()  # nothing more is due: nothing happens again
    await world.bot.wait_idle()
    assert timed_out == [i for _d, i in passed]
    for game_id, game in by_id.items():
        said = [m.text() for m in game.channel.messages]
        assert len([t for t in said if "half your time" in t]) == (game_id in reminded)
