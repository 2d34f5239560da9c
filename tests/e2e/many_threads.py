"""Many games at once in the threads of one channel, with people, automatic players and a
spectator in each, played by clicks to their ends across restarts of the bot (issue 49's
target; ``tests/e2e/test_threads_many.py`` runs a small and, in the soak step, a full one).

Every game is checked as it goes and at the end: each click the players saw applied is in
the game's log (none lost to a restart), the log replays to the stored state, nothing hidden
reached a public message or the spectator (the leak scan with its spectator audience), and
each game's card in the channel shows its result."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from storage import GameStatus
from tests.e2e.conftest import World
from tests.e2e.driver import Driver, leak_scan
from tests.e2e.thread_helpers import check_ended_card, open_game
from tests.fakediscord.interactions import InteractionRecord
from tests.fakediscord.model import Message
from tests.fakediscord.users import User

TABLES: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    ("artichokes", 2, ("greedy",)),
    ("ninjan", 2, ("random",)),
    ("verso", 1, ("random",)),
    ("pentaquest", 2, ()),
)
"""Each game's table in turn: the game, its people, its automatic players' levels."""


@dataclass
class Tally:
    """The moves the players saw applied, by game."""

    applied: dict[int, int] = field(default_factory=dict)

    def hook(self, game_id: int):  # noqa: ANN201
        """``Driver.on_answer`` counting a click answered as a move made: the player's screen
        updated in place with no refusal and no question asked."""

        def answered(user: User, record: InteractionRecord, screen: Message) -> None:
            text = record.answer_text or ""
            asked = any(str(b.get("custom_id", "")).startswith("cr:ok:") for b in screen.buttons())
            if record.response_type == 7 and "⚠️" not in text and not asked:
                self.applied[game_id] = self.applied.get(game_id, 0) + 1

        return answered


async def many_games_in_threads(
    world: World, games: int, restarts: Sequence[float], seed: int = 1, check_every: int = 7
) -> None:
    """``games`` games (the :data:`TABLES` in turn) opened at once in ``world.channel``'s
    threads, a spectator watching each, played round by round to their ends; the bot
    restarts once each ``restarts`` fraction of the rounds has been played (of a first
    estimate of them). Each game's screens and leaks are checked every ``check_every`` of its
    clicks, and everything once at each restart and at the end."""
    world.threads = True
    await world.bot.room.threads.choose(world.guild.id, True)
    rng = random.Random(seed)
    tally = Tally()
    watcher = world.fake.add_user("watcher")
    world.guild.add_member(watcher)
    drivers: list[Driver] = []
    for g in range(games):
        game, people, levels = TABLES[g % len(TABLES)]
        users = [world.fake.add_user(f"t{g}p{p}") for p in range(people)]
        for user in users:
            world.guild.add_member(user)
        opened = await open_game(
            world, users, game=game, levels=levels, rng=rng.randrange(1 << 30), spectators=[watcher]
        )
        driver = opened.driver
        driver.checks = False  # checked every few clicks below (a full scan per click of 30
        driver.on_answer = tally.hook(driver.game_id)  # games reads every message each time)
        drivers.append(driver)
    await world.bot.wait_idle()
    estimate = 40  # rounds: the shortest games end well after it, the longest go on
    due = sorted(int(f * estimate) for f in restarts)
    playing = list(drivers)
    rounds = 0
    while playing:
        rounds += 1
        for driver in list(playing):
            if not await driver.step():
                playing.remove(driver)
                continue
            if driver.clicks % check_every == 0:
                await check(world, driver)
        if due and rounds >= due[0]:
            due.pop(0)
            for driver in drivers:
                await leak_scan(world, driver.game_id, driver.secret_words, driver.spectators)
            await world.restart()  # every old button in every thread goes on working
        assert rounds < 2000, "the games do not end"
    assert not due, f"the games ended before every restart ({rounds} rounds)"
    await world.bot.wait_idle()
    for driver in drivers:
        await finished(world, driver, tally)


async def check(world: World, driver: Driver) -> None:
    """The oracle of one game now: a player's fresh screen, the spectator's view, and the
    leak scan with the spectator as audience."""
    assert driver.table is not None
    record = (await world.bot.service.snapshot(driver.game_id)).record
    if record.status != GameStatus.ACTIVE:
        return
    user = driver.players[driver.clicks % len(driver.players)]
    screen = await driver.show_screen(user)  # a fresh one: exactly their seat's view now
    await driver.check_screen(user, screen)
    await driver.spectate(driver.spectators[0])
    await leak_scan(world, driver.game_id, driver.secret_words, driver.spectators)


async def finished(world: World, driver: Driver, tally: Tally) -> None:
    """The game finished; no move a player saw applied is missing from its log, which
    replays to the stored state; nothing leaked; its card shows the result."""
    snapshot = await world.bot.service.snapshot(driver.game_id)
    assert snapshot.record.status == GameStatus.FINISHED, driver.game_id
    logged = await world.bot.storage.games.get_actions(driver.game_id)
    assert len(logged) == snapshot.record.version
    by_people = sum(1 for action in logged if action.actor == "player")
    assert by_people == tally.applied.get(driver.game_id, 0), (
        f"game {driver.game_id}: {tally.applied.get(driver.game_id, 0)} moves were answered as "
        f"made, {by_people} are in its log"
    )
    assert (await world.bot.storage.verify_game(driver.game_id)).ok
    await leak_scan(world, driver.game_id, driver.secret_words, driver.spectators)
    await check_ended_card(world, driver.game_id)
