"""Whole games played while Discord misbehaves, as it does on real servers: 429s with a
``retry_after`` on the routes the bot edits and posts with (one route, or global), 500 and
502 on message posts and edits, the gateway connection dropped and resumed, and sessions
Discord will not resume (the bot identifies again). Each fault comes several times per game.

Whatever happened, every game is played to its end, the stored log holds exactly the moves
the players were told were made (each once, and the log replays: ``verify_game``), every
interaction was answered in time, no public message shows what it must not, and the table
shows the final state.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace

import pytest

from storage import TABLE, GameStatus
from tests.e2e.acks import Click, acknowledged, check_log
from tests.e2e.conftest import World
from tests.e2e.driver import Driver, expected_table_text, find_table, leak_scan, table_closed
from tests.e2e.game_drivers import CARD_NAMES, SUIT_WORDS, start_ninjan, start_pentaquest
from tests.e2e.helpers import ARTICHOKE_CARDS, abort_game, no_identify_pause, start_game
from tests.fakediscord.model import Message

POST = "POST /channels/{channel_id}/messages"
EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
DELETE = "DELETE /channels/{channel_id}/messages/{message_id}"
SCREEN_EDIT = "PATCH /webhooks/{application_id}/{token}/messages/{message_id}"
SECRETS = {"artichokes": ARTICHOKE_CARDS, "ninjan": SUIT_WORDS, "pentaquest": CARD_NAMES}
PLAYERS = {"artichokes": 3, "ninjan": 3, "pentaquest": 2}

LONG_SEED = 4_611_686_018_427_387_904
FAULT_AT = (1, 3, 6, 10, 15, 21, 28, 36)
"""The clicks before which a fault comes (the number of clicks made so far): often early,
then less and less often, so that a short game gets several and a long one not too many."""

Inject = Callable[["Faulty", int], Awaitable[None]]


def tables_of(world: World, game_id: int) -> list[Message]:
    """Every message of the world's channel, not deleted, with ``game_id``'s private-screen
    button: the game's tables (one, unless a post was made twice)."""
    hand = f"cr:hand:{game_id}"
    return [
        m
        for m in world.channel.messages
        if not m.deleted and any(b.get("custom_id") == hand for b in m.buttons())
    ]


async def expect_stored_table(world: World, game_id: int, table: Message) -> None:
    """``table`` becomes the table the bot stored for ``game_id`` (its id is stored right
    after Discord answers the post)."""
    for _ in range(200):
        stored = await world.bot.storage.messages.get(game_id, TABLE)
        if stored is not None and stored.message_id == table.id:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"game {game_id} stored {stored}, not table {table.id}")


@dataclass
class Faulty:
    """Plays a game with ``driver`` (the game's own end-to-end driver, its checks on: screens
    and the leak scan after every click), with a fault injected before the clicks of
    :data:`FAULT_AT`; keeps the clicks the bot acknowledged as moves made."""

    driver: Driver
    inject: Inject
    acks: list[Click] = field(default_factory=list)
    background: list[asyncio.Task[None]] = field(default_factory=list)

    @property
    def world(self) -> World:
        return self.driver.world

    async def play_to_the_end(self, max_clicks: int = 3000) -> None:
        fake = self.world.fake
        while True:
            if self.driver.clicks in FAULT_AT:
                await self.inject(self, FAULT_AT.index(self.driver.clicks))
            before = len(fake.interactions)
            moved = await self.driver.step()
            self.acks += [c for r in fake.interactions[before:] if (c := acknowledged(r))]
            if not moved:
                await asyncio.gather(*self.background)
                return
            assert self.driver.clicks < max_clicks, "the game does not end"


async def start(world: World, game: str, rng: int) -> Driver:
    """A game of ``game`` started by alice with bob (and carol), and its own driver. Its seed
    is as long as a real one: the leak scan looks for it in every message, where a short one
    could turn up inside an id."""
    world.seeds = iter([LONG_SEED + rng])
    world.bot.room.screens.watching_seconds = -1.0  # every turn pings: posts to fail too
    players = [world.alice, world.bob, world.carol][: PLAYERS[game]]
    if game == "ninjan":
        return await start_ninjan(world, players, rng=rng)
    if game == "pentaquest":
        return await start_pentaquest(world, players, rng=rng)
    return await start_game(world, players, game=game, rng=rng)


# -- the faults (each is given the game being played and the fault's number: 0, 1, 2, ...) --


async def rate_limits(faulty: Faulty, n: int) -> None:
    """A 429 with ``retry_after``, taking turns: the table edit, the ping post, the ping
    delete, and the edit of a player's open screen."""
    route = (EDIT, POST, DELETE, SCREEN_EDIT)[n % 4]
    faulty.world.fake.rate_limit(route, retry_after=0.1)


async def global_rate_limits(faulty: Faulty, n: int) -> None:
    """A global 429 (every route waits), on the table edit or a ping."""
    faulty.world.fake.rate_limit((EDIT, POST)[n % 2], retry_after=0.1, is_global=True)


async def server_errors(faulty: Faulty, n: int) -> None:
    """500 and 502 on message edits and posts, three times early in a game (discord.py waits
    1 s before it tries again)."""
    if n == 0:
        faulty.world.fake.fail(EDIT, status=500)
        faulty.world.fake.fail(POST, status=502)
    elif n == 1:
        faulty.world.fake.fail(EDIT, status=502)


async def gateway_drops(faulty: Faulty, n: int) -> None:
    """The connection dropped (4000), or a RECONNECT asked for, before a click (which is sent
    at once, while the bot is reconnecting: Discord keeps it for the session and replays it
    when the bot resumes), or dropped a few milliseconds into the click, while it is on its
    way or being answered."""
    fake = faulty.world.fake
    if n % 3 == 0:
        await fake.drop_gateway(4000)
    elif n % 3 == 1:
        await fake.request_reconnect()
    else:

        async def soon() -> None:
            await asyncio.sleep(random.Random(n).uniform(0.0, 0.015))
            await fake.drop_gateway(4000)

        faulty.background.append(asyncio.create_task(soon()))


async def new_sessions(faulty: Faulty, n: int) -> None:
    """A session Discord will not resume: an INVALID_SESSION, or a dropped connection (4009,
    session timed out) whose RESUME is refused; the bot identifies again. Users click once
    the bot is back (Discord drops interactions while no session is up)."""
    if n >= 4:
        return
    world = faulty.world
    fake, bot = world.fake, world.bot
    identified = fake.gateway.identifies
    if n % 2:
        await fake.invalidate_session()
    else:
        for session in fake.gateway.connected_sessions():  # the bot's one shard's
            fake.gateway.end_session(session.id)
        await fake.drop_gateway(4009)
    await fake.wait_for(
        lambda: fake.gateway.identifies > identified and fake.gateway.connected_sessions(),
        what="a new session",
    )
    await fake.wait_for(bot.is_ready, what="the bot ready again")


FAULTS: dict[str, Inject] = {
    "rate-limits": rate_limits,
    "global-rate-limits": global_rate_limits,
    "server-errors": server_errors,
    "gateway-resume": gateway_drops,
    "gateway-new-session": new_sessions,
}


# -- the test --------------------------------------------------------------------------------


def _fault_games() -> list[object]:
    """Every fault with every game; in the README's test run each fault with two of the three
    games (each game under three or four faults), the rest in the soak step of `.ci/run`."""
    games = ["artichokes", "ninjan", "pentaquest"]
    return [
        pytest.param(
            fault,
            game,
            id=f"{fault}-{game}",
            marks=[pytest.mark.soak] if (f + g) % len(games) == 0 else [],
        )
        for f, fault in enumerate(FAULTS)
        for g, game in enumerate(games)
    ]


@pytest.mark.parametrize(("fault", "game"), _fault_games())
async def test_a_whole_game_through_discord_faults(world: World, fault: str, game: str) -> None:
    world.bot.before_identify_hook = no_identify_pause  # type: ignore[method-assign]
    rng = sorted(FAULTS).index(fault) * 10 + sorted(SECRETS).index(game)
    driver = await start(world, game, rng)
    faulty = Faulty(driver, FAULTS[fault])
    fake = world.fake
    identifies, resumes = fake.gateway.identifies, fake.gateway.resumes

    await faulty.play_to_the_end()
    await world.bot.wait_idle()

    game_id = driver.game_id
    if fault.startswith("gateway-"):
        assert fake.faults.rules == []
    else:
        assert sum(f.hits for f in fake.faults.rules) >= 3, "several faults in one game"
    if fault == "gateway-resume":
        assert fake.gateway.resumes - resumes >= 3 and fake.gateway.identifies == identifies
    if fault == "gateway-new-session":
        assert fake.gateway.identifies - identifies >= 3
    # every game finishes, and the log is exactly the moves the players were told were made
    snapshot = await world.bot.service.snapshot(game_id)
    assert snapshot.record.status == GameStatus.FINISHED
    match = await check_log(world.bot.storage, game_id, faulty.acks)
    assert match.lost == [] and match.twice == [] and match.unacknowledged == []
    assert match.player_moves == len(faulty.acks) > 0
    assert (await world.bot.storage.verify_game(game_id)).ok
    # every interaction was answered, in time
    stats = fake.latency_stats()
    assert stats.unanswered == 0 and stats.late == 0, str(stats)
    assert {r.outcome for r in fake.interactions} == {"answered"}
    # nothing leaked; the table is the one posted at the start and shows the end
    await leak_scan(world, game_id, SECRETS[game])
    assert driver.table is not None and table_closed(driver.table)
    assert driver.table.text() == await expected_table_text(world, game_id)
    assert (await world.bot.storage.messages.get(game_id, TABLE)).message_id == driver.table.id
    ping = await fake.wait_for_message(
        world.channel, lambda m: f"game #{game_id} is over" in m.content
    )
    players = driver.players
    assert sorted(u.id for u in ping.mentions) == sorted(u.id for u in players)


async def test_the_oracle_notices_a_move_lost_or_made_twice(world: World) -> None:
    """The acknowledged-moves oracle itself: a move the log lacks, a move claimed twice, a
    move nobody was told about."""
    driver = await start_game(world, [world.alice, world.bob], rng=1, seed=LONG_SEED + 1)
    faulty = Faulty(driver, rate_limits)
    for _ in range(3):
        before = len(world.fake.interactions)
        assert await driver.step()
        faulty.acks += [c for r in world.fake.interactions[before:] if (c := acknowledged(r))]
    storage, game_id, acks = world.bot.storage, driver.game_id, faulty.acks
    assert len(acks) == 3

    clean = await check_log(storage, game_id, acks)
    assert (clean.lost, clean.twice, clean.unacknowledged, clean.player_moves) == ([], [], [], 3)
    unknown = replace(acks[1], since=acks[1].since + 1000)
    assert (await check_log(storage, game_id, [*acks, unknown])).lost == [unknown]
    assert (await check_log(storage, game_id, [*acks, acks[0]])).twice == [acks[0]]
    (missing,) = (await check_log(storage, game_id, acks[:2])).unacknowledged
    assert missing.seq == len(await world.bot.storage.games.get_actions(game_id))


async def test_the_table_catches_up_on_its_own_once_discord_works_again(world: World) -> None:
    """Discord fails every table edit over the last moves of a game with a 503, which
    discord.py does not try again (as it gives up after five 500s in a row): once Discord
    works again, the table shows the end, though no move follows to edit it."""
    world.bot.room.tables.retry_delays = (0.1,) * 100
    driver = await start_game(world, [world.alice, world.bob], rng=5, seed=LONG_SEED + 5)
    for _ in range(5):
        assert await driver.step()
    outage = world.fake.fail(EDIT, status=503, times=1_000_000)
    driver.checks = False  # the table is behind now: the leak scan would say it differs
    await driver.play_to_the_end()
    snapshot = await world.bot.service.snapshot(driver.game_id)
    assert snapshot.record.status == GameStatus.FINISHED
    assert driver.table is not None and not table_closed(driver.table)
    assert outage.hits >= 2

    outage.times = outage.hits  # Discord is back

    await world.fake.wait_for(lambda: table_closed(driver.table), what="the table at the end")
    assert driver.table.text() == await expected_table_text(world, driver.game_id)
    await leak_scan(world, driver.game_id, ARTICHOKE_CARDS)


async def test_a_table_edit_to_try_again_does_not_hold_up_a_restart(world: World) -> None:
    """A table edit Discord failed waits for its next try; stopping the bot meanwhile does
    not wait for it, and the next start shows the game."""
    world.bot.room.tables.retry_delays = (60.0,)
    driver = await start_game(world, [world.alice, world.bob], rng=6, seed=LONG_SEED + 6)
    outage = world.fake.fail(EDIT, status=503, times=1_000_000)
    driver.checks = False
    for _ in range(2):
        assert await driver.step()
    assert outage.hits >= 1
    assert driver.table is not None
    assert driver.table.text() != await expected_table_text(world, driver.game_id)
    outage.times = outage.hits
    (retry,) = [t for t in asyncio.all_tasks() if t.get_name() == f"table {driver.game_id} again"]

    loop = asyncio.get_running_loop()
    stopping = loop.time()
    await world.handle.stop()
    assert loop.time() - stopping < 2.0
    assert retry.cancelled()
    await world.start()

    assert driver.table.text() == await expected_table_text(world, driver.game_id)
    await leak_scan(world, driver.game_id, ARTICHOKE_CARDS)


async def test_a_deleted_table_discord_fails_to_post_again_is_posted_once_it_works(
    world: World,
) -> None:
    """A moderator deleted the table; when the game ends (an admin aborts it) Discord fails
    the new post: the bot tries again, and the channel gets the closed table once Discord
    works, though nothing else happens in the game."""
    world.bot.room.tables.retry_delays = (0.1,) * 100
    driver = await start_game(world, [world.alice, world.bob], rng=6, seed=LONG_SEED + 6)
    for _ in range(3):
        assert await driver.step()
    assert driver.table is not None
    world.fake.delete_message(driver.table)
    outage = world.fake.fail(POST, status=503, times=1_000_000)

    await abort_game(world, driver.game_id)
    await world.fake.wait_for(lambda: outage.hits >= 3, what="the repost tried again")
    assert find_table(world, driver.game_id) is None

    outage.times = outage.hits  # Discord is back

    await world.fake.wait_for(
        lambda: find_table(world, driver.game_id) is not None, what="the table posted again"
    )
    table = find_table(world, driver.game_id)
    assert table is not None and table_closed(table)
    await expect_stored_table(world, driver.game_id, table)


async def test_a_table_posted_again_after_its_answer_was_lost_is_one_message(
    world: World,
) -> None:
    """A moderator deleted the table; Discord makes the new one but its answer never reaches
    the bot (the connection closes first). The bot posts it again later with the same
    nonce: Discord answers with the message it made, so the channel has one table, not one
    per try, and that is the one the bot keeps current."""
    world.bot.room.tables.retry_delays = (0.1,) * 100
    driver = await start_game(world, [world.alice, world.bob], rng=8, seed=LONG_SEED + 8)
    for _ in range(3):
        assert await driver.step()
    assert driver.table is not None
    world.fake.delete_message(driver.table)
    lost = world.fake.lose_answers(POST, times=3)

    await abort_game(world, driver.game_id)
    await world.fake.wait_for(lambda: lost.hits == lost.times, what="the answers lost")

    await world.fake.wait_for(
        lambda: any(table_closed(m) for m in tables_of(world, driver.game_id)),
        what="the closed table",
        timeout=30,
    )
    (table,) = tables_of(world, driver.game_id)
    assert len([r for r in world.fake.requests_to(POST) if r.status == 0]) == lost.times
    await expect_stored_table(world, driver.game_id, table)


async def test_a_first_table_whose_answer_was_lost_is_kept_and_the_game_goes_on(
    world: World,
) -> None:
    """The host starts the game; Discord posts its table but the answer never reaches the
    bot. The bot posts it again with the same nonce and gets that message back: one table,
    and the game is not cancelled as if the channel refused it."""
    lost = world.fake.lose_answers(POST, times=1)

    driver = await start_game(world, [world.alice, world.bob], rng=9, seed=LONG_SEED + 9)

    assert lost.hits == 1
    assert tables_of(world, driver.game_id) == [driver.table]
    stored = await world.bot.storage.messages.get(driver.game_id, TABLE)
    assert stored is not None and stored.message_id == driver.table.id
    assert (await world.bot.service.record(driver.game_id)).status == GameStatus.ACTIVE
    assert await driver.step()
