"""Tournaments survive what happens to a bot: a stop while a round's tables were being opened
(the start-up closes the lobby that never started; the table is opened again instead of
blocking the round), a restart mid-round (the deadline still comes, on the moved clock), and
a round's deadline deciding the table still running as a loss for the seat out of time, then
the next round opening, with the standings message kept current throughout."""

from __future__ import annotations

import random

import pytest

from bot.service.reasons import LOBBY_LOST
from bot.service.tournament_rounds import Tournaments
from storage import GameStatus
from tests.e2e.conftest import World
from tests.e2e.tournament_helpers import (
    mentions,
    new_tournament,
    play_round,
    play_table,
    play_until_waiting_for,
    restart,
    settled,
    shown_standings,
    sign_up,
    start,
    tables,
    to_deadline,
)


async def test_a_table_whose_lobby_a_restart_closed_is_opened_again(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob, carol, dave = world.alice, world.bob, world.carol, world.dave
    t = await new_tournament(world, rounds=2)
    await sign_up(t, [alice, bob, carol, dave])
    opened = Tournaments._start_table
    calls = 0

    async def stop_at_the_second(self: Tournaments, game_id: int):  # noqa: ANN202
        nonlocal calls
        calls += 1
        if calls == 2:
            raise RuntimeError("the process stops here")
        return await opened(self, game_id)

    monkeypatch.setattr(Tournaments, "_start_table", stop_at_the_second)
    await world.admin.click(t.card, custom_id=f"cr:tour:{t.id}:start")
    await world.bot.wait_idle()
    monkeypatch.undo()
    first, second = await t.links(1)
    never = await world.bot.storage.games.get_game(second.game_id)
    assert never.status == GameStatus.LOBBY

    await restart(world)
    closed = await world.bot.storage.games.get_game(never.id)
    assert closed.status == GameStatus.ABORTED and closed.result.reason == LOBBY_LOST  # type: ignore[union-attr]
    links = await t.links(1)
    assert [link.game_id for link in links][0] == first.game_id and never.id not in {
        link.game_id for link in links
    }
    found = await tables(t, 1)
    for table in found:
        assert table.record.status == GameStatus.ACTIVE
        pings = [m for m in table.thread.messages if "has started" in m.text()]
        assert pings and {u.id for u in table.people} <= mentions(pings[-1])
    assert sorted(u.id for u in found[1].people) == sorted(
        s.user_id for s in never.seats if s.user_id
    ), "the same players, at a new game"
    await play_round(t, random.Random(1))
    assert len((await t.record()).rounds) == 2
    assert (await t.standings()).text() == await shown_standings(t)


async def test_the_deadline_decides_the_late_seat_and_opens_the_next_round_after_a_restart(
    world: World,
) -> None:
    alice, bob, carol, dave = world.alice, world.bob, world.carol, world.dave
    rng = random.Random(11)
    t = await new_tournament(world, rounds=2)
    await sign_up(t, [alice, bob, carol, dave])
    await start(t)
    first, second = await tables(t, 1)
    await play_table(t, first, rng)
    late = second.people[1]
    await play_until_waiting_for(t, second, late, rng)
    await restart(world)
    assert len(await t.links(2)) == 0, "the round waits for its last table"

    world.clock.advance(3600)  # an hour: the round lasts two at this pace
    await settled(world)
    assert (await t.row()).round_deadline is not None and len(await t.links(2)) == 0
    await to_deadline(t)
    record = await t.record()
    result = record.rounds[0].tables[second.link.table_number - 1].result
    seat = second.record.seat_of(late.id)
    assert result is not None and seat is not None
    assert result.decided == "deadline" and result.out_of_time == (seat.seat,)
    assert result.places[seat.seat] == 2 and result.places[1 - seat.seat] == 1
    stopped = await world.bot.storage.games.get_game(second.link.game_id)
    assert stopped.status == GameStatus.ABORTED
    note = await world.fake.wait_for(
        lambda: next((m for m in second.thread.messages if "deadline has passed" in m.text()), None)
    )
    assert late.mention in note.text()
    assert len(record.rounds) == 2 and len(await t.links(2)) == 2
    assert (await t.standings()).text() == await shown_standings(t)
    await play_round(t, rng)
    await settled(world)
    assert (await t.row()).status == "over"
