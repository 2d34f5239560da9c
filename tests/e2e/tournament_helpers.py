"""Helpers of the end-to-end tests of tournaments, meant to be reused by bigger scenarios: an
admin posts a tournament's card, people sign up with its buttons and the organiser adds
automatic players with its menu, Start, each round's tables driven to their end by the
people's clicks (an automatic policy choosing among the buttons their screens offer), the
clock moved to a round's deadline, a restart; and the oracles of the card, the standings
message and the tables' threads.

Everything goes through the fake Discord as users would; what the bot stored is read only to
find things (a table's game, a message id) and to check what a user would notice.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import engine
from bot.service import tournaments as T
from bot.service.tournament_play import record_of
from bot.service.tournament_setup import user_of
from bot.texts.tournaments import standings_text
from storage import GameRecord, GameStatus
from storage.rows import parse_time
from storage.tournaments import TableLink, TournamentRow
from tests.e2e.conftest import World
from tests.e2e.driver import Driver, find_table, public_translator, table_closed
from tests.e2e.helpers import told
from tests.e2e.thread_helpers import SECRET_WORDS
from tests.fakediscord.model import Message
from tests.fakediscord.threads import Thread
from tests.fakediscord.users import User


@dataclass
class Tournament:
    """A tournament posted in ``world.channel`` by ``organiser``: its id and card."""

    world: World
    id: int
    card: Message
    organiser: User
    game: str

    async def row(self) -> TournamentRow:
        """The tournament as stored now."""
        return await self.world.bot.storage.tournaments.get(self.id)

    async def record(self) -> T.Tournament:
        """The core's record as stored now (it must have started)."""
        record = record_of(await self.row())
        assert record is not None, "the tournament has not started"
        return record

    async def links(self, round_number: int | None = None) -> list[TableLink]:
        """The games playing the tables (of one round, when given)."""
        return await self.world.bot.storage.tournaments.tables(self.id, round_number)

    async def current_round(self) -> int:
        """The number of the round being played (or played last)."""
        current = T.current_round(await self.record())
        assert current is not None
        return current.number

    async def standings(self) -> Message:
        """The standings message under the card."""
        row = await self.row()
        assert row.standings_id is not None, "no standings message yet"
        return self.world.fake.message(row.standings_id)

    def card_text(self) -> str:
        """What the card says now."""
        return self.card.text()


def user_named(world: World, user_id: int) -> User:
    """The world's user with ``user_id``."""
    return next(u for u in world.users.values() if u.id == user_id)


async def new_tournament(
    world: World,
    organiser: User | None = None,
    *,
    game: str = "ninjan",
    format: str = "swiss",
    rounds: int = 2,
    pace: str = "off",
    seats: int = 2,
    **options: Any,
) -> Tournament:
    """``organiser`` (default: the admin) runs ``/cardroom tournament new`` in the world's
    channel; its public card is returned. ``options``: ``min_reliability``, ``starts``,
    ``automatic``, ``level``."""
    organiser = organiser or world.admin
    made = await organiser.slash(
        world.channel,
        "cardroom tournament new",
        game=game,
        format=format,
        rounds=rounds,
        pace=pace,
        seats=seats,
        **options,
    )
    card = made.original
    assert card is not None and card.ephemeral_for is None, made.answer_text
    found = re.search(r"Tournament #(\d+)", card.text())
    assert found is not None, card.text()
    return Tournament(world, int(found.group(1)), card, organiser, game)


async def join(t: Tournament, user: User) -> None:
    """``user`` presses Join on the card: the card then names them."""
    record = await user.click(t.card, custom_id=f"cr:tour:{t.id}:join")
    assert record.response_type == 7, record.answer_text
    assert user.mention in t.card.text()


async def add_automatic(t: Tournament, level: str = "greedy", count: int = 1) -> None:
    """The organiser adds ``count`` automatic players of ``level`` with the card's menu."""
    for _ in range(count):
        record = await t.organiser.select(t.card, [level], custom_id=f"cr:tourai:{t.id}")
        assert record.response_type == 7, record.answer_text


async def sign_up(
    t: Tournament, people: Sequence[User], automatic: int = 0, level: str = "greedy"
) -> None:
    """``people`` join with the card's button, then the organiser adds ``automatic``
    automatic players of ``level`` with its menu."""
    for user in people:
        await join(t, user)
    await add_automatic(t, level, automatic)


async def start(t: Tournament, by: User | None = None) -> None:
    """``by`` (default: the organiser) presses Start; round 1's tables are open once the bot
    is idle."""
    world = t.world
    record = await (by or t.organiser).click(t.card, custom_id=f"cr:tour:{t.id}:start")
    assert record.response_type == 6, record.answer_text  # the card is edited after
    await world.bot.wait_idle()
    assert (await t.row()).status == "running"


@dataclass
class Table:
    """A round's table as its players meet it: the game, its thread, its table message and
    the people seated (automatic players play by themselves)."""

    link: TableLink
    record: GameRecord
    thread: Thread
    message: Message
    people: list[User]


async def tables(t: Tournament, round_number: int | None = None) -> list[Table]:
    """The tables of ``round_number`` (default: the current round), as posted in their
    threads."""
    world = t.world
    number = round_number or await t.current_round()
    found = []
    for link in await t.links(number):
        record = await world.bot.storage.games.get_game(link.game_id)
        thread = world.fake.world.channels[record.channel_id]
        assert isinstance(thread, Thread) and thread.parent is world.channel
        message = await world.fake.wait_for(
            lambda game=link.game_id: find_table(world, game), what=f"table of {link.game_id}"
        )
        people = [user_named(world, s.user_id) for s in record.seats if s.is_human and s.user_id]
        found.append(Table(link, record, thread, message, people))
    return found


def driver_of(t: Tournament, table: Table, rng: random.Random, checks: bool = True) -> Driver:
    """A driver of ``table``'s people (the generic policy: a random offered button or
    choice), in its thread."""
    driver = Driver(t.world, table.people, rng, t.game, SECRET_WORDS.get(t.game, ()))
    driver.game_id, driver.table, driver.channel = table.link.game_id, table.message, table.thread
    driver.checks = checks
    return driver


async def play_table(t: Tournament, table: Table, rng: random.Random, checks: bool = True) -> None:
    """``table``'s people play it to its end by clicks."""
    if not table.people:  # automatic players alone play by themselves
        await t.world.fake.wait_for(lambda: table_closed(table.message), what="the AI table")
        return
    await driver_of(t, table, rng, checks).play_to_the_end()
    await t.world.bot.wait_idle()


async def play_until_waiting_for(
    t: Tournament, table: Table, late: User, rng: random.Random, checks: bool = True
) -> None:
    """Everyone at ``table`` but ``late`` plays by clicks until the game waits for ``late``
    alone (a table left running for its round's deadline)."""
    others = [u for u in table.people if u is not late]
    seat = table.record.seat_of(late.id)
    assert seat is not None
    driver = driver_of(t, table, rng, checks)
    driver.players = others
    while True:
        waited = await waited_seats(t.world, table.link.game_id)
        if waited == [seat.seat]:
            return
        assert await driver.step(), "the others had nothing left to do"


async def waited_seats(world: World, game_id: int) -> list[int]:
    """The seats the stored game waits for."""
    state = (await world.bot.service.snapshot(game_id)).state
    assert state is not None
    return sorted({d.seat for d in engine.decisions(state) if d.committed is None})


async def play_round(
    t: Tournament,
    rng: random.Random,
    *,
    leave: Sequence[int] = (),
    checks: bool = True,
) -> int:
    """Play the current round's tables to their end by clicks, except the tables numbered
    in ``leave`` (left running, say for the deadline); returns the round's number."""
    number = await t.current_round()
    for table in await tables(t, number):
        if table.link.table_number not in leave:
            await play_table(t, table, rng, checks)
    await t.world.bot.wait_idle()
    return number


async def settled(world: World) -> None:
    """Wait until the clocks have handled what is due now and the follow-ups are done."""
    bot = world.bot
    for _ in range(3):  # a deadline's work schedules turn clocks, and their work follow-ups
        await bot.room.tournaments.caught_up()
        await bot.room.clocks.caught_up()
        await bot.wait_idle()


async def to_deadline(t: Tournament) -> None:
    """Move the clock to the current round's deadline and wait for what it brings."""
    world = t.world
    deadline = parse_time((await t.row()).round_deadline)
    assert deadline is not None, "no round deadline"
    world.clock.advance(max(0.0, (deadline - world.clock.now()).total_seconds()))
    await settled(world)


async def restart(world: World) -> None:
    """Stop the bot and start a new one on the same database; it has resumed its games and
    tournaments when this returns."""
    await world.restart()
    await settled(world)


async def shown_standings(t: Tournament) -> str:
    """What the standings message must say now (the oracle: the stored record's standings in
    the guild's language)."""
    row = await t.row()
    record = record_of(row)
    assert record is not None
    return standings_text(row, record, await public_translator(t.world, t.world.guild.id))


def places(record: T.Tournament, round_number: int) -> dict[int, tuple[int, ...]]:
    """Each table's places in round ``round_number`` (tables without a result left out)."""
    found = record.rounds[round_number - 1]
    return {t.number: t.result.places for t in found.tables if t.result is not None}


def mentions(message: Message) -> set[int]:
    """The users a message's text names by mention."""
    return {int(found) for found in re.findall(r"<@!?(\d+)>", message.text())}


def entrant_user(entrant: str) -> int | None:
    """The person an entrant id names (``None``: an automatic player)."""
    return user_of(entrant)


def refused(record: Any, user: User, text: str) -> None:
    """``user`` was told ``text`` privately (a friendly refusal)."""
    assert told(record, user) == "⚠️ " + text


async def ended_games(t: Tournament) -> list[GameRecord]:
    """The tables' games that have ended, every round."""
    games = [await t.world.bot.storage.games.get_game(link.game_id) for link in await t.links()]
    return [g for g in games if g.status in (GameStatus.FINISHED, GameStatus.ABORTED)]
