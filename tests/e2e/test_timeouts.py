"""A turn-clock timeout answers only the decisions that were pending when the clock ran out:
every decision that follows it, the same player's included, gets its own clock (a fresh
deadline and a fresh reminder at half time). Ninjan against the search player (a late pick,
then the take it leads to, then the next round's pick) and Verso's final series (a late last
turn, then the final series it starts)."""

from __future__ import annotations

import random
from datetime import timedelta

import engine
from storage import GameStatus
from tests.e2e.conftest import World
from tests.e2e.driver import Driver
from tests.e2e.helpers import (
    add_ai,
    advance,
    log_rows,
    open_lobby,
    set_clock,
    start,
    stored,
    version_now,
)
from tests.fakediscord.model import Message
from tests.fakediscord.users import User

CLOCK = timedelta(minutes=1)

NINJAN_SEED = 7006
"""A deal where alice's late pick (the greedy player's, S8) resolves first whatever the search
player picks, and two piles (P3, P8) qualify for it: she has a take to decide next."""


def last_message(world: World) -> Message:
    return max(world.channel.messages, key=lambda m: m.id)


async def pending_kind(world: World, game_id: int, seat: int) -> str | None:
    """The kind of ``seat``'s unanswered decision, as stored (the oracle)."""
    state = (await stored(world, game_id)).state
    assert state is not None
    kinds = [d.kind for d in engine.decisions(state, seat) if d.committed is None]
    return kinds[0] if kinds else None


async def time_out_once(world: World, game_id: int, user: User, seat: int) -> None:
    """``user`` (at ``seat``) stays silent through one whole fresh clock: it was started just
    now, the half-time reminder mentions them with 30 sec left, and the deadline makes exactly
    one move for them."""
    record = (await stored(world, game_id)).record
    assert record.deadline == world.clock.now() + CLOCK, "a fresh full clock"
    timeouts_before = [r for r in await log_rows(world, game_id) if r.seat == seat]
    before = last_message(world).id
    await advance(world, 30, lambda: last_message(world).id > before)
    reminder = last_message(world)
    assert [u.id for u in reminder.mentions] == [user.id], reminder.content
    assert f"half your time for game #{game_id} is gone — 30 sec left" in reminder.content
    version = version_now(world, game_id)
    await advance(world, 31, lambda: version_now(world, game_id) > version)
    rows = [r for r in await log_rows(world, game_id) if r.seat == seat]
    assert rows[: len(timeouts_before)] == timeouts_before
    new = [r.actor for r in rows[len(timeouts_before) :]]
    if (await stored(world, game_id)).record.seats[seat].away:  # the third in a row
        assert new[0] == "timeout" and set(new[1:]) <= {"automatic"}
    else:
        assert new == ["timeout"], "one move per clock"


async def test_a_ninjan_timeout_answers_the_late_pick_only(world: World) -> None:
    world.seeds = iter([NINJAN_SEED, *range(9_000, 9_100)])
    alice = world.alice
    lobby, game_id = await open_lobby(world, alice, game="ninjan")
    await add_ai(alice, lobby, "Cardroom AI (search)")
    await set_clock(alice, lobby, "1 min")
    await start(world, lobby, alice, game_id)
    # the search player has picked; alice, silent, is the one waited for
    assert await pending_kind(world, game_id, 1) is None

    for kind in ("pick", "take", "pick"):  # round 1's pick, the take it leads to, round 2's
        assert await pending_kind(world, game_id, 0) == kind
        await time_out_once(world, game_id, alice, 0)
    rows = [r for r in await log_rows(world, game_id) if r.seat == 0]
    assert [r.actor for r in rows][:3] == ["timeout"] * 3
    assert rows[1].action_key.startswith("take:")
    # after the third timeout in a row alice's seat was played automatically to the end
    record = (await stored(world, game_id)).record
    assert record.status == GameStatus.FINISHED
    assert record.seats[0].away and record.seats[0].timeouts == 3
    assert {r.actor for r in rows[3:]} == {"automatic"}


async def test_a_late_last_verso_turn_leaves_the_final_series_its_own_clock(
    world: World,
) -> None:
    alice = world.alice
    lobby, game_id = await open_lobby(world, alice, game="verso")
    await add_ai(alice, lobby, "Cardroom AI (greedy)")
    await set_clock(alice, lobby, "1 min")
    table = await start(world, lobby, alice, game_id)
    driver = Driver(world, [alice], random.Random(11), "verso")
    driver.game_id, driver.table = game_id, table

    async def last_turn_is_alices() -> bool:
        state = (await stored(world, game_id)).state
        return len(state.pile) == 1 and 0 in engine.deciding_seats(state)  # type: ignore[attr-defined]

    while not await last_turn_is_alices():  # alice plays until the last card is hers to draw
        assert await driver.step(), "the last card fell to the other player"
    version = version_now(world, game_id)
    assert (await stored(world, game_id)).record.deadline == world.clock.now() + CLOCK
    await advance(world, 61, lambda: version_now(world, game_id) > version)
    # the timeout drew the last card; the final series it started waits for alice, with its
    # own clock (the greedy player has chosen its own already)
    state = (await stored(world, game_id)).state
    assert state is not None and state.phase == "final"  # type: ignore[attr-defined]
    assert await pending_kind(world, game_id, 0) == "final", "alice holds a series"
    assert await pending_kind(world, game_id, 1) is None
    mine = [r for r in await log_rows(world, game_id) if r.seat == 0]
    assert mine[-1].actor == "timeout" and mine[-1].action_key.startswith("draw:")

    await time_out_once(world, game_id, alice, 0)  # the final series times out on its own
    record = (await stored(world, game_id)).record
    assert record.status == GameStatus.FINISHED
    rows = await log_rows(world, game_id)
    assert (
        rows[-1].seat == 0
        and rows[-1].actor == "timeout"
        and rows[-1].action_key.startswith("final:")
    )
