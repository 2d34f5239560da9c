"""The issue's target, end to end through the fake on a clock the test moves: a 3-player Verso
at "1 day a move" played over twelve days. alice hears of her moves by direct message and
plays from it; bob chose direct messages but Discord refuses them, so he is mentioned and
told once how to allow them; carol is mentioned, and goes away for a week; the bot restarts
twice, once while one of bob's deadlines falls.

At every step the stored deadline and banks are the ones the pace promises (the test's own
account, ``BankModel``), the table and ``/game mine`` say how much time is left, each "your
move" reaches its player the way they chose, and each reminder and automatic move comes at
its time — not a second before — and once."""

from __future__ import annotations

import asyncio
import random
from datetime import datetime, timedelta

import engine
from bot.texts.durations import duration_text
from tests.e2e.conftest import World
from tests.e2e.driver import find_table
from tests.e2e.helpers import log_rows, stored, told, version_now
from tests.e2e.slow_play import (
    DAY,
    HOUR,
    BankModel,
    dms_after,
    latest_dm,
    mine,
    move,
    newest_id,
    paced_game,
    pings_after,
)
from tests.fakediscord.model import Message
from tests.fakediscord.users import User

SECOND = timedelta(seconds=1)


async def settle(world: World) -> None:
    """Let what the clock woke run, and what it started finish."""
    for _ in range(3):
        await asyncio.sleep(0.02)
        await world.bot.wait_idle()


async def advance_to(world: World, when: datetime) -> None:
    """Move the clock to ``when``, then let the bot do what falls due."""
    assert when >= world.clock.now()
    world.clock.advance((when - world.clock.now()).total_seconds())
    await settle(world)


def left_text(left: timedelta) -> str:
    return duration_text(left.total_seconds(), "en")


class Scenario:
    """One run of the twelve days: the world, the game, the model, what was checked."""

    def __init__(self, world: World, game_id: int, players: dict[int, User]) -> None:
        self.world = world
        self.game_id = game_id
        self.players = players  # by seat
        self.seat = {user.id: seat for seat, user in players.items()}
        self.model = BankModel(len(players))
        self.last_mover: int | None = None
        self.hinted = 0

    def name(self, seat: int) -> str:
        return f"<@{self.players[seat].id}>"

    async def version(self) -> int:
        return (await stored(self.world, self.game_id)).record.version

    async def check(self, stamps: dict[int, int]) -> None:
        """The stored clock, the table and every player's ``/game mine`` agree with the
        model."""
        world, model, now = self.world, self.model, self.world.clock.now()
        record = (await stored(world, self.game_id)).record
        assert record.deadline == min(model.deadline(s) for s in stamps), (now, stamps)
        for seat in record.seats:
            number = seat.seat
            if seat.bank_ms is not None:
                assert timedelta(milliseconds=seat.bank_ms) == model.bank[number], number
            assert seat.bank_since == model.since[number], number
        table = (await self._table()).text().splitlines()
        for player in self.players.values():
            listed = (await mine(world, player)).splitlines()
            line = next(x for x in listed if f"**Verso #{self.game_id}**" in x)
            if self.seat[player.id] in stamps:
                assert line.startswith(f"- **Verso #{self.game_id}**: your move, "), line
        for seat in stamps:
            away = self._away_until(seat, now)
            if away is not None:
                shown = f"⏳ {self.name(seat)}: away until {away}"
                assert shown in table, table
            elif len(stamps) == 1:
                left = left_text(model.left(seat, now))
                assert any(
                    x.startswith(f"⏳ {self.name(seat)}: {left} left (until <t:") for x in table
                ), (left, table)
                for player in self.players.values():
                    listed = await mine(world, player)
                    what = (
                        "your move"
                        if self.seat[player.id] == seat
                        else f"{self.name(seat)} to move"
                    )
                    assert f"**Verso #{self.game_id}**: {what}, {left} left" in listed, listed

    def _away_until(self, seat: int, now: datetime) -> str | None:
        for start, end in self.model.away.get(seat, []):
            if start <= now < end:
                return end.strftime("%a, %b ") + str(end.day)
        return None

    async def _table(self) -> Message:
        table = find_table(self.world, self.game_id)
        assert table is not None
        return table


async def test_twelve_days_of_slow_verso(world: World) -> None:
    alice, bob, carol = world.alice, world.bob, world.carol
    told(await alice.slash(world.channel, "game notify", how="dm"), alice)
    told(await bob.slash(world.channel, "game notify", how="dm"), bob)
    await world.bot.wait_idle()
    bob.dms_open = False  # from now on Discord refuses the bot's direct messages to bob
    start, seen = world.clock.now(), newest_id(world)
    game_id, _table = await paced_game(world, [alice, bob, carol], "1 day")
    record = (await stored(world, game_id)).record
    players = {
        s.seat: next(u for u in (alice, bob, carol) if u.id == s.user_id) for s in record.seats
    }
    run = Scenario(world, game_id, players)
    model = run.model
    rng = random.Random(12)
    waits = {alice.id: 0, bob.id: 0, carol.id: 0}
    away_from, carol_away = start + DAY, False
    restarts = 0

    while True:
        snapshot = await stored(world, game_id)
        if snapshot.record.status.value != "active":
            break
        assert snapshot.state is not None
        now = world.clock.now()
        stamps = {d.seat: d.since for d in engine.decisions(snapshot.state) if d.committed is None}
        new = [s for s in stamps if model.stamp[s] != stamps[s]]
        model.waits(stamps, now)
        for seat in new:  # each new wait reaches its player as they chose
            if seat != run.last_mover:
                await check_told(run, seat, seen)
        seen = newest_id(world)
        await run.check(stamps)

        if not carol_away and now >= away_from and run.seat[carol.id] not in stamps:
            answer = told(await carol.slash(world.channel, "game away", until="7 days"), carol)
            assert answer.startswith("🏖️ You are away until "), answer
            model.away[run.seat[carol.id]] = [(now, now + 7 * DAY)]
            carol_away = True
            await world.bot.wait_idle()

        if len(stamps) > 1:  # the final series, chosen at once: everyone answers within hours
            for seat in sorted(stamps):
                await advance_to(world, world.clock.now() + HOUR)
                await move(
                    world,
                    players[seat],
                    game_id,
                    rng,
                    from_dm=players[seat] is alice and latest_dm(alice, game_id) is not None,
                )
                model.moved(seat, world.clock.now())
            run.last_mover = None
            continue

        (seat,) = stamps
        player = players[seat]
        count = waits[player.id]
        waits[player.id] += 1
        away = model.away.get(seat, [])
        if player is carol and away and away[0][0] <= now < away[0][1]:
            restarts += await carol_back_after_her_week(run, seat, restart=restarts == 0)
        elif player is bob and count in (2, 3):  # twice in a row: not three, so not away
            restarts += await bob_times_out(run, seat, restart=count == 3)
        elif player is alice and count == 1:
            await alice_is_reminded_then_plays(run, seat)
        else:
            delay = {alice.id: HOUR, bob.id: 2 * HOUR, carol.id: 90 * timedelta(minutes=1)}[
                player.id
            ]
            await advance_to(world, now + delay)
            await move(world, player, game_id, rng, from_dm=player is alice and count % 2 == 0)
            model.moved(seat, world.clock.now())
        run.last_mover = seat

    assert restarts == 2 and carol_away and run.hinted == 1
    assert "You are in no running game in this server." in await mine(world, alice)
    days = (world.clock.now() - start) / DAY
    assert 11 <= days <= 13, days  # played over twelve days


async def check_told(run: Scenario, seat: int, seen: int) -> None:
    """``seat`` was told its move waits for it, the way its player chose, since ``seen``."""
    world, player = run.world, run.players[seat]
    pings = [p for p in pings_after(world, seen) if player in p.mentions]
    if player is world.alice:  # a direct message, no mention
        (dm,) = dms_after(player, seen)
        left = left_text(run.model.bank[seat])
        assert dm.text() == (
            f"**Your move in Verso #{run.game_id}**\n"
            f"⏳ {left} left, then the automatic player moves for you."
        )
        assert pings == []
        return
    assert pings, f"{player.username} is mentioned"
    hint = f"{run.name(seat)}: I could not send you a direct message"
    if player is world.bob:
        run.hinted += sum(hint in p.text() for p in pings)
        assert dms_after(player, seen) == []


async def alice_is_reminded_then_plays(run: Scenario, seat: int) -> None:
    """alice looks only after half her bank: a reminder by direct message, then she plays
    from it."""
    world, model = run.world, run.model
    since = model.since[seat]
    assert since is not None
    half = since + model.bank[seat] / 2
    before = newest_id(world)
    await advance_to(world, half - SECOND)
    assert dms_after(world.alice, before) == [], "not a second early"
    await advance_to(world, half)
    await world.fake.wait_for(lambda: dms_after(world.alice, before), what="alice's reminder")
    (reminder,) = dms_after(world.alice, before)
    left = left_text(model.bank[seat] / 2)
    assert reminder.text() == (
        f"⏳ Half your time in Verso #{run.game_id} is gone — {left} left, then the automatic "
        "player moves for you."
    )
    await advance_to(world, half + HOUR)
    await move(world, world.alice, run.game_id, random.Random(seat), from_dm=True)
    model.moved(seat, world.clock.now())


async def bob_times_out(run: Scenario, seat: int, *, restart: bool) -> int:
    """bob lets his bank run out: reminded at half of it and an hour before its end (in the
    channel: Discord refuses his direct messages), then the automatic player moves for him
    at the deadline. With ``restart``, the bot is down from after the first reminder until
    after the deadline: the start makes the move at once, and says no reminder that the
    deadline made pointless."""
    world, model, game_id = run.world, run.model, run.game_id
    since = model.since[seat]
    assert since is not None
    half, deadline = since + model.bank[seat] / 2, model.deadline(seat)
    version = await run.version()
    before = newest_id(world)
    await advance_to(world, half - SECOND)
    assert not [p for p in pings_after(world, before) if "half your time" in p.text()]
    await advance_to(world, half)
    await world.fake.wait_for(lambda: pings_after(world, before), what="bob's reminder")
    (reminder,) = pings_after(world, before)
    left = left_text(model.bank[seat] / 2)
    assert reminder.mentions == [world.bob]
    assert reminder.text().startswith(
        f"⏳ {run.name(seat)}: half your time for game #{game_id} is gone — {left} left"
    )
    before = newest_id(world)
    if restart:
        await world.handle.stop()  # type: ignore[union-attr]
        world.clock.advance((deadline + HOUR - world.clock.now()).total_seconds())
        await world.start()
        world.bot.room.screens.watching_seconds = 0
        await settle(world)
        assert not [p for p in pings_after(world, before) if "only" in p.text()]
    else:
        await advance_to(world, deadline - HOUR)
        await world.fake.wait_for(lambda: pings_after(world, before), what="the last reminder")
        (last,) = pings_after(world, before)
        assert last.text().startswith(
            f"⏳ {run.name(seat)}: only 1 hr left for your move in game #{game_id}, then"
        )
        await advance_to(world, deadline - SECOND)
        assert await run.version() == version, "not a second early"
        await advance_to(world, deadline)
        await world.fake.wait_for(lambda: version_now(world, game_id) > version, what="timeout")
        await settle(world)
    rows = [r for r in await log_rows(world, game_id) if r.seq > version]
    assert rows and rows[0].actor == "timeout" and rows[0].seat == seat
    assert sum(r.actor == "timeout" for r in rows) == 1, "once"
    model.moved(seat, deadline)
    return int(restart)


async def carol_back_after_her_week(run: Scenario, seat: int, *, restart: bool) -> int:
    """carol's move comes while she is away: her bank does not run, no reminder, no
    automatic move, until her week is over; she plays two hours after it. With ``restart``
    the bot restarts in the middle of it, which changes nothing."""
    world, model = run.world, run.model
    ((away_start, away_end),) = model.away[seat]
    version = await run.version()
    before = newest_id(world)
    if restart:
        await advance_to(world, world.clock.now() + DAY)
        await world.restart()
        world.bot.room.screens.watching_seconds = 0
        record = (await stored(world, run.game_id)).record
        assert record.deadline == model.deadline(seat)
    await advance_to(world, away_end + 2 * HOUR)
    assert await run.version() == version and not [
        p for p in pings_after(world, before) if world.carol in p.mentions
    ], "her bank did not run while she was away"
    await move(world, world.carol, run.game_id, random.Random(seat))
    model.moved(seat, world.clock.now())
    return int(restart)
