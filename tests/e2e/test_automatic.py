"""Automatic players in the lobby and in play, and turn clocks: a game where a player never
moves ends by timeouts, deadlines survive restarts (even one that passed while the bot was
down), and a player who comes back after timeouts plays their seat again."""

from __future__ import annotations

import random
import sqlite3
from datetime import timedelta

import pytest

import engine
from bot.messages import followups
from bot.service import automatic
from bot.service.errors import UserError
from engine.players import measured_wins
from engine.registry import get_players
from storage import GameStatus
from tests.e2e.conftest import World
from tests.e2e.driver import Driver, find_table, leak_scan
from tests.e2e.helpers import (
    add_ai,
    advance,
    lobby_menu,
    log_rows,
    open_lobby,
    set_clock,
    start,
    stored,
    told,
    version_now,
)
from tests.fakediscord.users import User


async def test_the_host_seats_automatic_players_and_plays_against_them(world: World) -> None:
    alice = world.alice
    lobby, game_id = await open_lobby(world, alice, game="ninjan")
    await add_ai(alice, lobby, "Cardroom AI (greedy)")
    await add_ai(alice, lobby, "Cardroom AI (search)")
    await add_ai(alice, lobby, "Cardroom AI (random)")
    assert "Players (4/5)" in lobby.text()
    assert "🤖 Cardroom AI (greedy), 🤖 Cardroom AI (search), 🤖 Cardroom AI (random)" in (
        lobby.text()
    )
    refused = await world.bob.select(
        lobby, ["0"], custom_id=lobby_menu(lobby, "add_automatic")["custom_id"]
    )
    assert told(refused, world.bob) == "⚠️ Only the host can do that."
    await alice.click(lobby, label="Remove an automatic player")
    assert "Players (3/5)" in lobby.text() and "(random)" not in lobby.text()

    table = await start(world, lobby, alice, game_id)
    driver = Driver(world, [alice], random.Random(3), "ninjan", ("Rock", "Paper", "Scissors"))
    driver.game_id, driver.table = game_id, table
    await driver.play_to_the_end()

    snapshot = await stored(world, game_id)
    assert snapshot.record.status == GameStatus.FINISHED
    rows = await log_rows(world, game_id)
    assert {r.actor for r in rows} == {"player", "automatic"}
    ai_seats = {s.seat for s in snapshot.record.seats if s.user_id is None}
    assert {r.seat for r in rows if r.actor == "automatic"} == ai_seats
    assert [s.level for s in snapshot.record.seats] == [None, "greedy", "search"]
    assert (await world.bot.storage.verify_game(game_id)).ok


async def test_a_game_of_automatic_players_only_cannot_start(world: World) -> None:
    # the host is a person: removing everyone but automatic players is impossible, so a
    # lobby always has someone; Start needs enough seats
    lobby, game_id = await open_lobby(world, world.alice, game="ninjan")
    record = await world.alice.click(lobby, label="Start")
    assert told(record, world.alice) == "⚠️ At least 2 players are needed to start."
    await add_ai(world.alice, lobby, "Cardroom AI (random)")
    await start(world, lobby, world.alice, game_id)
    assert (await stored(world, game_id)).record.status == GameStatus.ACTIVE


async def test_the_table_says_an_automatic_player_is_thinking(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(followups, "THINKING_AFTER", 0.0)
    shown: list[int | None] = []
    tables = world.bot.room.tables
    real = tables.render

    async def render(snapshot, thinking=None, **kwargs):  # noqa: ANN001, ANN003, ANN202
        look = await real(snapshot, thinking, **kwargs)
        if thinking is not None:
            shown.append(thinking)
            text = str(look.view.to_components())
            assert "🤖 Cardroom AI (search) is thinking…" in text and "🤖 🤖" not in text
        return look

    monkeypatch.setattr(tables, "render", render)
    lobby, game_id = await open_lobby(world, world.alice, game="ninjan")
    await add_ai(world.alice, lobby, "Cardroom AI (search)")
    await start(world, lobby, world.alice, game_id)
    driver = Driver(world, [world.alice], random.Random(4), "ninjan")
    driver.game_id, driver.table = game_id, find_table(world, game_id)
    for _ in range(4):
        await driver.step()
    assert shown and set(shown) == {1}


async def test_a_player_who_leaves_is_replaced_by_the_greedy_player(world: World) -> None:
    lobby, game_id = await open_lobby(world, world.alice, game="ninjan")
    for user in (world.bob, world.carol):
        await user.click(lobby, label="Join")
    table = await start(world, lobby, world.alice, game_id)
    await world.carol.slash(world.channel, "game leave")
    await world.bot.wait_idle()
    record = (await stored(world, game_id)).record
    assert (record.seats[2].automatic, record.seats[2].level) == (True, "greedy")
    driver = Driver(world, [world.alice, world.bob], random.Random(5), "ninjan")
    driver.game_id, driver.table = game_id, table
    await driver.play_to_the_end()
    rows = await log_rows(world, game_id)
    assert {r.actor for r in rows if r.seat == 2} == {"automatic"}


async def clocked_game(world: World) -> tuple[Driver, int]:
    """A Ninjan game of alice and bob with a 1-minute turn clock; alice's driver."""
    lobby, game_id = await open_lobby(world, world.alice, game="ninjan")
    await world.bob.click(lobby, label="Join")
    await set_clock(world.alice, lobby, "1 min")
    table = await start(world, lobby, world.alice, game_id)
    assert "-# Options: Pace: 1 min a move" in lobby.text()  # in the lobby, not on every edit
    assert "Pace" not in table.text()
    driver = Driver(world, [world.alice], random.Random(6), "ninjan")
    driver.game_id, driver.table = game_id, table
    return driver, game_id


async def waits_for(world: World, game_id: int, user: User) -> bool:
    snapshot = await stored(world, game_id)
    seat = snapshot.record.seat_of(user.id)
    return (
        snapshot.record.status == GameStatus.ACTIVE
        and seat is not None
        and seat.seat in engine.deciding_seats(snapshot.state)
    )


async def test_a_game_where_one_player_never_moves_ends_by_timeouts(world: World) -> None:
    driver, game_id = await clocked_game(world)
    assert (await stored(world, game_id)).record.deadline == world.clock.now() + timedelta(
        seconds=60
    )
    reminded = timeouts = 0
    while (await stored(world, game_id)).record.status == GameStatus.ACTIVE:
        if await waits_for(world, game_id, world.alice):
            await driver.step()
            continue
        record = (await stored(world, game_id)).record
        assert not record.seats[1].away, "bob is played automatically once away"
        version = record.version
        if not reminded:
            before = max(m.id for m in world.channel.messages)
            await advance(world, 30, lambda b=before: max(m.id for m in world.channel.messages) > b)
            reminder = max(world.channel.messages, key=lambda m: m.id)
            assert "half your time for game" in reminder.content
            assert [u.id for u in reminder.mentions] == [world.bob.id]
            reminded = 1
        await advance(world, 61, lambda v=version: version_now(world, game_id) > v)
        timeouts += 1
        assert timeouts <= 3
    assert timeouts == 3  # after the third, bob's seat plays automatically, with no clock
    record = (await stored(world, game_id)).record
    assert record.status == GameStatus.FINISHED and record.seats[1].away
    rows = await log_rows(world, game_id)
    assert {r.actor for r in rows if r.seat == 1} == {"timeout", "automatic"}
    assert {r.actor for r in rows if r.seat == 0} == {"player"}
    assert (await world.bot.storage.verify_game(game_id)).ok
    await leak_scan(world, game_id)


async def test_a_timeout_is_said_on_the_table(world: World) -> None:
    driver, game_id = await clocked_game(world)
    await driver.show_screen(world.alice)
    while await waits_for(world, game_id, world.alice):
        await driver.step()
    version = (await stored(world, game_id)).record.version
    await advance(world, 61, lambda: version_now(world, game_id) > version)
    assert f"⏰ <@{world.bob.id}> ran out of time: the automatic player moved." in (
        driver.table.text()
    )


async def test_a_move_of_the_player_between_timeouts_starts_the_count_again(
    world: World,
) -> None:
    driver, game_id = await clocked_game(world)
    bob = Driver(world, [world.bob], random.Random(7), "ninjan")
    bob.game_id, bob.table = game_id, driver.table
    for timeouts in (1, 2):  # bob times out twice in a row, then plays his next decision
        for _ in range(timeouts):
            while await waits_for(world, game_id, world.alice):
                await driver.step()
            version = (await stored(world, game_id)).record.version
            await advance(world, 61, lambda v=version: version_now(world, game_id) > v)
        assert (await stored(world, game_id)).record.seats[1].timeouts == timeouts
        while not await waits_for(world, game_id, world.bob):
            assert await driver.step()
        await bob.show_screen(world.bob)
        assert await bob.step()
        record = (await stored(world, game_id)).record
        assert record.seats[1].timeouts == 0 and not record.seats[1].away
    rows = await log_rows(world, game_id)
    assert [r.actor for r in rows if r.seat == 1] == ["timeout", "player"] + ["timeout"] * 2 + [
        "player"
    ]


async def test_a_deadline_survives_a_restart_and_one_passed_meanwhile_is_applied(
    world: World,
) -> None:
    driver, game_id = await clocked_game(world)
    await world.restart()  # the deadline is reloaded
    version = version_now(world, game_id)
    await advance(world, 61, lambda: version_now(world, game_id) > version)
    rows = await log_rows(world, game_id)
    assert {r.actor for r in rows} == {"timeout"}  # both players timed out on the first pick
    await world.handle.stop()
    world.clock.advance(3600)  # a whole hour passes while the bot is down
    version = version_now(world, game_id)
    await world.start()
    await world.fake.wait_for(lambda: version_now(world, game_id) > version, what="applied")
    await world.bot.wait_idle()
    assert [r.actor for r in await log_rows(world, game_id)][-1] == "timeout"


async def test_a_player_back_after_timeouts_plays_their_seat_again(world: World) -> None:
    driver, game_id = await clocked_game(world)
    for _ in range(3):  # bob times out three times in a row
        while await waits_for(world, game_id, world.alice):
            await driver.step()
        version = (await stored(world, game_id)).record.version
        await advance(world, 61, lambda v=version: version_now(world, game_id) > v)
    record = (await stored(world, game_id)).record
    assert record.seats[1].away
    assert f"<@{world.bob.id}> (away)" in driver.table.text()
    opened = await world.bob.click(driver.table, custom_id=f"cr:hand:{game_id}")
    assert opened.original.text().startswith("Welcome back: you play your seat again.")
    record = (await stored(world, game_id)).record
    assert not record.seats[1].away and record.seats[1].timeouts == 0
    # his next decision waits for him again, with a clock
    bob = Driver(world, [world.bob], random.Random(7), "ninjan")
    bob.game_id, bob.table = game_id, driver.table
    while not await waits_for(world, game_id, world.bob):
        assert await driver.step()
    assert (await stored(world, game_id)).record.deadline is not None
    await bob.show_screen(world.bob)
    assert await bob.step()
    rows = await log_rows(world, game_id)
    assert rows[-1].actor == "player" and rows[-1].seat == 1


def status_now(world: World, game_id: int) -> str:
    """The stored status, read straight from the database file (for wait predicates)."""
    with sqlite3.connect(world.db_path) as conn:
        (status,) = conn.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
    return str(status)


async def test_in_a_solo_game_each_timeout_makes_one_move_until_the_third(world: World) -> None:
    # a solo seat is always deciding: a timeout plays one move, and the clock runs again
    lobby, game_id = await open_lobby(world, world.alice, game="verso")
    await set_clock(world.alice, lobby, "1 min")
    await start(world, lobby, world.alice, game_id)
    for count in (1, 2):
        version = version_now(world, game_id)
        await advance(world, 61, lambda v=version: version_now(world, game_id) > v)
        record = (await stored(world, game_id)).record
        assert [r.actor for r in await log_rows(world, game_id)] == ["timeout"] * count
        assert record.status == GameStatus.ACTIVE and record.deadline is not None
        assert record.seats[0].timeouts == count and not record.seats[0].away
    # after the third the seat plays automatically, with no clock, to the end
    await advance(world, 61, lambda: status_now(world, game_id) == GameStatus.FINISHED)
    record = (await stored(world, game_id)).record
    assert record.seats[0].away
    rows = await log_rows(world, game_id)
    assert [r.actor for r in rows][:3] == ["timeout"] * 3
    assert {r.actor for r in rows[3:]} == {"automatic"}


async def test_the_host_gives_the_search_player_a_deep_thinking_time_and_it_is_used(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    budgets: list[float | None] = []
    real = automatic.choose

    def choose(level, state, seat, rng, **kwargs):  # noqa: ANN001, ANN003, ANN202
        if level == "search":
            budgets.append(kwargs.get("budget_ms"))
            return real(level, state, seat, rng, budget_ms=None, iterations=10)
        return real(level, state, seat, rng, **kwargs)

    monkeypatch.setattr(automatic, "choose", choose)
    alice = world.alice
    lobby, game_id = await open_lobby(world, alice, game="ninjan")
    wins, games = measured_wins("ninjan", 2) or (0, 0)
    assert games >= 100  # the lobby says how strong search is, as measured at 2 seats
    assert (
        "🤖 Cardroom AI: random, for learning the rules · greedy, a casual game · search, a "
        f"real opponent (won {wins} of {games} test games against greedy, 2 players)"
        in lobby.text()
    )
    levels = lobby_menu(lobby, "add_automatic")["options"]
    assert [o.get("description") for o in levels] == [
        "for learning the rules",
        "a casual game",
        "a real opponent",
    ]
    assert not [s for s in lobby.selects() if s["custom_id"].endswith(":thinking_ms")]
    await add_ai(alice, lobby, "Cardroom AI (search)")
    wins, games = measured_wins("ninjan", 3) or (0, 0)
    assert f"(won {wins} of {games} test games against greedy, 3 players)" in lobby.text()

    menu = lobby_menu(lobby, "thinking_ms")
    labels = [o["label"] for o in menu["options"]]
    assert labels == ["Thinking time: fast", "Thinking time: deep (1 s)"]
    assert [o.get("default", False) for o in menu["options"]] == [True, False]
    assert told(await world.bob.select(lobby, ["1"], custom_id=menu["custom_id"]), world.bob) == (
        "⚠️ Only the host can do that."
    )
    for forged_value in ("2", "1000", "01"):  # values never offered
        forged = await alice.forge(lobby, menu["custom_id"], [forged_value])
        assert told(forged, alice) == "⚠️ That option does not exist."
    assert (await stored(world, game_id)).record.thinking_ms is None

    deep = next(o["value"] for o in menu["options"] if o["label"].endswith("deep (1 s)"))
    record = await alice.select(lobby, [deep], custom_id=menu["custom_id"])
    assert record.response_type == 7
    menu = lobby_menu(lobby, "thinking_ms")
    assert [o.get("default", False) for o in menu["options"]] == [False, True]
    assert (await stored(world, game_id)).record.thinking_ms == 1000

    table = await start(world, lobby, alice, game_id)
    assert "Thinking time: deep (1 s)" in lobby.text()
    driver = Driver(world, [alice], random.Random(5), "ninjan")
    driver.game_id, driver.table = game_id, table
    for _ in range(3):
        await driver.step()
    assert budgets and set(budgets) == {1000}
    assert (await stored(world, game_id)).record.thinking_ms == 1000


async def test_the_thinking_time_is_refused_without_a_search_player(world: World) -> None:
    alice = world.alice
    lobby, game_id = await open_lobby(world, alice, game="ninjan")
    await add_ai(alice, lobby, "Cardroom AI (greedy)")
    assert not [s for s in lobby.selects() if s["custom_id"].endswith(":thinking_ms")]
    forged = await alice.forge(lobby, f"cr:lopt:{game_id}:thinking_ms", ["1"])
    assert told(forged, alice).startswith("⚠️ ")  # a menu the lobby does not show
    with pytest.raises(UserError, match="That option does not exist"):
        await world.bot.service.set_thinking_time(game_id, alice.id, 1000)
    assert (await stored(world, game_id)).record.thinking_ms is None


async def test_the_lobby_offers_only_the_levels_the_game_offers_at_that_table(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a game whose search is no stronger than greedy at 3 seats stops offering it there
    ninjan = get_players("ninjan")
    monkeypatch.setattr(
        ninjan,
        "levels",
        lambda seats: ("random", "greedy") if seats == 3 else ("random", "greedy", "search"),
    )
    alice = world.alice
    lobby, game_id = await open_lobby(world, alice, game="ninjan")
    labels = [o["label"] for o in lobby_menu(lobby, "add_automatic")["options"]]
    assert labels == ["Cardroom AI (random)", "Cardroom AI (greedy)", "Cardroom AI (search)"]
    await add_ai(alice, lobby, "Cardroom AI (greedy)")  # the next one would make 3 seats

    menu = lobby_menu(lobby, "add_automatic")
    assert [o["label"] for o in menu["options"]] == [
        "Cardroom AI (random)",
        "Cardroom AI (greedy)",
    ]
    assert "search, a real opponent" not in lobby.text()
    forged = await alice.forge(lobby, menu["custom_id"], ["2"])  # search's value elsewhere
    assert told(forged, alice) == "⚠️ That option does not exist."
    assert [s.level for s in (await stored(world, game_id)).record.seats] == [None, "greedy"]
    await add_ai(alice, lobby, "Cardroom AI (random)")
    labels = [o["label"] for o in lobby_menu(lobby, "add_automatic")["options"]]
    assert "Cardroom AI (search)" in labels  # offered again at 4 seats
