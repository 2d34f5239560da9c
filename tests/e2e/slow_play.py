"""Helpers of the slow-play tests: a paced game, a player's move from the table or from a
direct message, the pings and direct messages that came since a point, and ``/game mine``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime, timedelta

import engine
from storage import GameRecord
from tests.e2e.conftest import World
from tests.e2e.driver import action_components, find_table
from tests.e2e.helpers import open_lobby, set_clock, start, stored
from tests.fakediscord.model import Message
from tests.fakediscord.users import User

DAY, HOUR = timedelta(days=1), timedelta(hours=1)


async def paced_game(
    world: World, players: Sequence[User], pace: str = "1 day", game: str = "verso"
) -> tuple[int, Message]:
    """``players[0]`` opens a lobby of ``game``, the others join, the host sets the pace
    (its menu label's start: "1 day", "1 min"...) and starts; the game id and its table.
    Nobody counts as watching an open screen: in slow play, days pass between two looks."""
    world.bot.room.screens.watching_seconds = 0
    host, *others = players
    lobby, game_id = await open_lobby(world, host, game=game)
    for user in others:
        await user.click(lobby, custom_id=f"cr:lobby:{game_id}:join")
    await set_clock(host, lobby, pace)
    table = await start(world, lobby, host, game_id)
    await world.bot.wait_idle()
    return game_id, table


async def waited(world: World, game_id: int) -> list[int]:
    """The seats the stored game waits for (their decisions not answered yet)."""
    state = (await stored(world, game_id)).state
    assert state is not None
    return sorted({d.seat for d in engine.decisions(state) if d.committed is None})


def user_of(world: World, record: GameRecord, seat: int) -> User:
    """The user at ``seat``."""
    return next(u for u in world.users.values() if u.id == record.seats[seat].user_id)


async def open_screen(world: World, user: User, game_id: int, *, from_dm: bool = False) -> Message:
    """``user`` opens their private screen: the table's button, or (``from_dm``) the button of
    the latest direct message about the game."""
    if from_dm:
        dm = latest_dm(user, game_id)
        assert dm is not None, f"{user.username} has no direct message about game #{game_id}"
        record = await user.click(dm, custom_id=f"cr:dm:{game_id}")
    else:
        table = find_table(world, game_id)
        assert table is not None
        record = await user.click(table, custom_id=f"cr:hand:{game_id}")
    screen = record.original
    assert screen is not None and screen.ephemeral_for is user, record
    return screen


async def move(
    world: World, user: User, game_id: int, rng: random.Random, *, from_dm: bool = False
) -> None:
    """``user`` opens their screen and makes a move on it (a random component of it)."""
    before = (await stored(world, game_id)).record.version
    screen = await open_screen(world, user, game_id, from_dm=from_dm)
    components = action_components(screen)
    assert components, f"{user.username} has nothing to click: {screen.text()!r}"
    component = rng.choice(components)
    if component["type"] == 2:
        record = await user.click(screen, custom_id=component["custom_id"])
    else:
        values = [o["value"] for o in component["options"]]
        count = rng.randint(component.get("min_values", 1), component.get("max_values", 1))
        record = await user.select(
            screen, rng.sample(values, count), custom_id=component["custom_id"]
        )
    assert record.response_type == 7, record.answer_text
    await world.bot.wait_idle()
    assert (await stored(world, game_id)).record.version > before, "the move was made"


def latest_dm(user: User, game_id: int) -> Message | None:
    """The latest direct message to ``user`` with the button of game ``game_id``."""
    found = [
        m for m in user.dms() if any(b.get("custom_id") == f"cr:dm:{game_id}" for b in m.buttons())
    ]
    return found[-1] if found else None


def dms_after(user: User, last_id: int) -> list[Message]:
    """``user``'s direct messages newer than message ``last_id``."""
    return [m for m in user.dms() if m.id > last_id and m.ephemeral_for is None]


def pings_after(world: World, last_id: int) -> list[Message]:
    """The messages of the servers' channels (not tables) newer than ``last_id`` that notified
    someone, oldest first, deleted ones too (a ping is replaced by the next)."""
    return sorted(
        (
            m
            for m in world.fake.world.messages.values()
            if not m.channel.is_dm
            and m.ephemeral_for is None
            and m.id > last_id
            and m.mentions
            and not m.buttons()
        ),
        key=lambda m: m.id,
    )


def newest_id(world: World) -> int:
    """The id of the newest message of the whole fake (to look at what comes after)."""
    return max(world.fake.world.messages, default=0)


async def mine(world: World, user: User, everywhere: bool = False) -> str:
    """What ``/game mine`` tells ``user``."""
    options = {"everywhere": True} if everywhere else {}
    record = await user.slash(world.channel, "game mine", **options)
    assert record.response_type == 4 and record.ephemeral
    assert record.answer_text is not None
    return record.answer_text


class BankModel:
    """The test's own account of the time banks of one game at "1 day a move" (bank up to 3
    days), from what the pace promises: a seat's bank runs only while the game waits for it,
    and not while its player is away; each of its moves adds a day, up to 3; a timeout
    leaves it one day."""

    per_move = DAY
    cap = 3 * DAY

    def __init__(self, seats: int) -> None:
        self.bank = [DAY] * seats
        self.since: list[datetime | None] = [None] * seats
        self.stamp: list[int | None] = [None] * seats
        self.away: dict[int, list[tuple[datetime, datetime]]] = {}

    def running(self, seat: int, until: datetime) -> timedelta:
        """The time of ``seat``'s current wait up to ``until``, away time left out."""
        since = self.since[seat]
        assert since is not None
        spent = until - since
        for begin, end in self.away.get(seat, []):
            overlap = min(end, until) - max(begin, since)
            if overlap > timedelta(0):
                spent -= overlap
        return spent

    def left(self, seat: int, now: datetime) -> timedelta:
        return self.bank[seat] - self.running(seat, now)

    def deadline(self, seat: int) -> datetime:
        """When ``seat``'s bank runs out, away time added."""
        since = self.since[seat]
        assert since is not None
        moment, left = since, self.bank[seat]
        for begin, end in sorted(self.away.get(seat, [])):
            if end <= moment:
                continue
            begin = max(begin, moment)
            if begin - moment >= left:
                break
            left -= begin - moment
            moment = end
        return moment + left

    def moved(self, seat: int, at: datetime) -> None:
        """``seat`` answered its decision at ``at`` (a timeout too)."""
        self.bank[seat] = min(self.cap, max(timedelta(0), self.left(seat, at)) + self.per_move)
        self.since[seat] = self.stamp[seat] = None

    def waits(self, stamps: dict[int, int], at: datetime) -> None:
        """The game waits for the seats of ``stamps`` (their decision stamps) from ``at``."""
        for seat, stamp in stamps.items():
            if self.stamp[seat] != stamp:
                if self.since[seat] is not None:  # re-stamped without a move of its own
                    self.bank[seat] = max(timedelta(0), self.left(seat, at))
                self.since[seat], self.stamp[seat] = at, stamp
