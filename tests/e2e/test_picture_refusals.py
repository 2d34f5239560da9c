"""Whole games of every game while Discord refuses picture edits (the fake's
``refuse_picture_edits`` modes: discord/discord-api-docs#7529 on ``@original``; a media
gallery naming an earlier upload; every edit and callback that shows a picture; and, to
compare, none), with people
and automatic players, solo and at eight seats (each mode with two games in the README's test
run, every mode with every game in the soak step): every game finishes, every interaction is
answered in time, and after every click the table and every player's open screen show the
game as stored (a picture they show is the current one); a replay of the game answers too.
Discord's refusal is logged once at WARNING for the channel, not once per edit. And a table
whose picture was refused goes on as text, then gets its picture back once Discord takes it
again."""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from itertools import product
from typing import Any

import pytest

import engine
from bot.i18n import translator
from bot.pictures.base import PictureContext, draw
from bot.texts.rendering import ended_early, seat_view
from bot.texts.seat_names import seat_labels
from storage import GameStatus
from tests.e2e.conftest import World
from tests.e2e.driver import Driver, action_components, leak_scan, table_closed
from tests.e2e.helpers import add_ai, open_lobby, start, start_game, stored
from tests.e2e.scenarios import expected_step
from tests.e2e.thread_helpers import open_game, threads_on
from tests.fakediscord.interactions import InteractionRecord
from tests.fakediscord.model import Message
from tests.fakediscord.permissions import ATTACH_FILES
from tests.fakediscord.threads import Thread
from tests.fakediscord.users import User

MODES = (None, "original", "stale", "all")
"""Discord's refusing modes, and ``None``: Discord taking every picture (the control)."""

GAMES = [
    # game, people, automatic players' levels
    ("artichokes", 2, ("random",)),
    ("ninjan", 2, ("greedy",)),
    ("verso", 1, ()),  # solo
    ("verso", 2, ("random",) * 6),  # eight seats
    ("pentaquest", 1, ()),  # solo
    ("pentaquest", 2, ("random",)),
]


QUICK = {
    "taken-verso-8-seats", "taken-pentaquest-solo",
    "original-artichokes-3-seats", "original-ninjan-3-seats",
    "stale-verso-8-seats", "stale-pentaquest-3-seats",
    "all-ninjan-3-seats", "all-verso-solo",
}  # fmt: skip
"""The cases of the README's test run: each mode with two games, each game under two or three
modes, solo and eight seats refused and taken; every other mode and game in the soak step of
`.ci/run` (each case is a whole game with pictures, the longest of this module)."""


def cases() -> list[Any]:
    found = []
    for mode, (game, people, levels) in product(MODES, GAMES):
        seats = people + len(levels)
        name = f"{mode or 'taken'}-{game}-{'solo' if seats == 1 else f'{seats}-seats'}"
        marks = [pytest.mark.fake_discord(refuse_picture_edits=mode)]
        if name not in QUICK:
            marks.append(pytest.mark.soak)
        found.append(pytest.param(game, people, levels, False, id=name, marks=marks))
    for mode in ("original", "all"):  # a game in a thread of its own, its card in the channel
        marks = pytest.mark.fake_discord(refuse_picture_edits=mode)
        name = f"{mode}-artichokes-3-seats-in-a-thread"
        found.append(pytest.param("artichokes", 2, ("random",), True, id=name, marks=marks))
    return found


async def expected_picture(world: World, game_id: int, viewer: int | None) -> bytes | None:
    """The PNG the bot draws now for ``viewer``'s screen (``None``: the table) of the stored
    game, in English (the oracle)."""
    snapshot = await stored(world, game_id)
    record, state = snapshot.record, snapshot.state
    assert state is not None
    ctx = PictureContext(
        "en", seat_labels(record, translator("en"), short=True), ended_early(record)
    )
    if viewer is None:
        picture = draw(record.game_name, "table", engine.view(state, None), ctx)
    else:
        picture = draw(record.game_name, "seat", seat_view(record, state, viewer), ctx)
    return None if picture is None else picture.data


def picture_of(message: Message) -> bytes | None:
    """The one picture ``message`` shows, if any (and no file it does not show)."""
    shown = message.pictures()
    assert message.attachments == shown, "a file the message does not show"
    assert len(shown) <= 1
    return shown[0].data if shown else None


@dataclass
class FollowingDriver(Driver):
    """The generic driver (a player who is pinged looks at their screen; a random one of
    those with something to click clicks it), now and then a player clicking the table's own
    controls instead (their move, or a private "not your turn"); after every click, every
    open screen and the table are checked against the game as stored."""

    on_table: float = 0.3

    async def step(self) -> bool:
        assert self.table is not None
        if not table_closed(self.table) and self.rng.random() < self.on_table:
            components = action_components(self.table)
            if components:
                await self.click_table(self.rng.choice(self.players), components)
                return True
        moved = await super().step()
        if moved:
            await self.all_current()
        return moved

    async def click_table(self, user: User, components: list[dict[str, Any]]) -> None:
        assert self.table is not None
        component = self.rng.choice(components)
        record: InteractionRecord
        if component["type"] == 2:
            record = await user.click(self.table, custom_id=component["custom_id"])
        else:
            value = self.rng.choice([o["value"] for o in component["options"]])
            record = await user.select(self.table, [value], custom_id=component["custom_id"])
        assert record.response_type in (4, 7), record
        if record.response_type == 4:  # refused: their screen, privately, says why
            assert record.original is not None and record.original.ephemeral_for is user
            self.screens[user.id] = record.original
        await self.world.bot.wait_idle()
        self.clicks += 1
        await self.all_current()

    async def all_current(self) -> None:
        """The table and every player's latest screen show the game as stored now."""
        assert self.table is not None
        await leak_scan(self.world, self.game_id)  # the table's text is the public view's
        shown = picture_of(self.table)
        assert shown in (None, await expected_picture(self.world, self.game_id, None)), (
            "the table shows an old picture"
        )
        record = (await stored(self.world, self.game_id)).record
        for user in self.players:
            screen = self.screens.get(user.id)
            if screen is None:
                continue
            await self.check_screen(user, screen)
            seat = record.seat_of(user.id)
            assert seat is not None
            expected = await expected_picture(self.world, self.game_id, seat.seat)
            assert picture_of(screen) in (None, expected), f"{user.username}: an old picture"


@pytest.mark.parametrize(("game", "people", "levels", "in_thread"), cases())
async def test_every_game_finishes_with_its_table_and_screens_current(
    world: World,
    caplog: pytest.LogCaptureFixture,
    game: str,
    people: int,
    levels: tuple,
    in_thread: bool,
) -> None:
    caplog.set_level(logging.INFO)
    await world.admin.slash(world.channel, "cardroom pictures", show="on")
    if in_thread:  # the lobby stays in the channel as the game's card
        await threads_on(world)
    players = [world.alice, world.bob, world.carol][:people]
    host, *others = players
    lobby, game_id = await open_lobby(world, host, game=game)
    for user in others:
        await user.click(lobby, custom_id=f"cr:lobby:{game_id}:join")
    for level in levels:
        await add_ai(host, lobby, f"Cardroom AI ({level})")
    table = await start(world, lobby, host, game_id)
    assert isinstance(table.channel, Thread) == in_thread
    driver = FollowingDriver(world, players, random.Random(people + len(levels)), game)
    driver.game_id, driver.table = game_id, table
    for user in players:  # everyone opens their screen at the start
        await driver.show_screen(user)
    await driver.play_to_the_end(max_clicks=1500)

    snapshot = await stored(world, game_id)
    assert snapshot.record.status == GameStatus.FINISHED
    assert table_closed(table)
    await driver.all_current()  # the final table and screens
    # a replay of the game: its first answer and a step in place
    replay = await host.slash(world.channel, "game replay", game_id=game_id)
    assert replay.response_type == 4 and replay.original is not None
    step = await host.click(replay.original, custom_id_match=r"cr:rp:\d+:1:next")
    assert step.response_type == 7 and "· move 1 of " in (step.answer_text or "")
    _text, then = await expected_step(world, game_id, 1)
    assert picture_of(replay.original) in (None, then), "the replay shows an old picture"

    fake = world.fake
    stats = fake.latency_stats()
    assert stats.unanswered == stats.late == 0 and stats.answered == stats.count
    # Discord's refusal: one WARNING for the channel (a thread's: its parent's), and not one
    # per edit: the channel's refused forms of request went without pictures after their first
    # refusal
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    refused = fake.refused_picture_edits
    assert len(warnings) == (1 if refused else 0), [r.getMessage() for r in warnings]
    if refused:
        (warning,) = warnings
        assert warning.name == "bot.messages.picture_guard"
        assert f"channel {world.channel.id}: Discord refused a picture" in warning.getMessage()
        assert "400/50035 Invalid Form Body" in warning.getMessage()
    assert len(refused) <= 4, [r.route for r in refused]  # at most once per form of request
    mode = fake.world.strict.refuse_picture_edits
    if mode in (None, "stale"):  # the bot never names a file of an earlier request
        assert refused == []
    if mode == "original" and people > 1:
        assert refused, "other players' screens were refreshed with a new picture"
    if mode != "all":  # only @original edits were refused: the table kept its picture
        assert picture_of(table) == await expected_picture(world, game_id, None)


class Clock:
    """Monotonic seconds the test moves by hand (the picture guard's breakers)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


async def test_a_refused_table_picture_is_held_off_then_tried_again_and_back(
    world: World,
) -> None:
    await world.admin.slash(world.channel, "cardroom pictures", show="on")
    driver = await start_game(world, [world.alice, world.bob], rng=3)
    table = driver.table
    assert table is not None
    await world.bot.wait_idle()
    assert picture_of(table) == await expected_picture(world, driver.game_id, None)
    clock = Clock()
    world.bot.room.pictures.guard.breakers.clock = clock
    edits = "PATCH /channels/{channel_id}/messages/{message_id}"

    # the bot's role loses Attach Files and the bot is not told: Discord refuses the upload
    world.channel.overwrites[world.fake.bot.id] = (1, 0, ATTACH_FILES)
    before = len(world.fake.requests_to(edits))
    await driver.step()
    refused = [r for r in world.fake.requests_to(edits)[before:] if r.status == 403]
    assert len(refused) == 1 and picture_of(table) is None  # at once again, as text
    for _ in range(3):  # held off: no picture tried, the table follows the game as text
        await driver.step()
    assert [r.status for r in world.fake.requests_to(edits)[before:]].count(403) == 1
    assert picture_of(table) is None

    # Attach Files is back; after the hold, one edit tries its picture again and it passes
    del world.channel.overwrites[world.fake.bot.id]
    clock.now += 299
    await driver.step()
    assert picture_of(table) is None
    clock.now += 1
    shown = table.edit_count
    while table.edit_count == shown:
        await driver.step()
    assert picture_of(table) == await expected_picture(world, driver.game_id, None)


async def test_games_in_threads_of_one_channel_share_its_hold_on_pictures(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """A thread has its channel's permissions: the picture Discord refused on one game's
    table in its thread is held off on the other games' threads of that channel too (one
    refused request, one WARNING naming the channel), and after the hold the tables get
    their pictures back."""
    caplog.set_level(logging.INFO)
    await threads_on(world)
    await world.admin.slash(world.channel, "cardroom pictures", show="on")
    games = [
        await open_game(world, [world.alice, world.bob], rng=1),
        await open_game(world, [world.carol, world.dave], rng=2),
    ]
    await world.bot.wait_idle()
    for game in games:
        table = game.driver.table
        assert table is not None and table.channel is game.thread
        assert picture_of(table) == await expected_picture(world, game.game_id, None)
    clock = Clock()
    world.bot.room.pictures.guard.breakers.clock = clock
    edits = "PATCH /channels/{channel_id}/messages/{message_id}"

    # the bot's role loses Attach Files in the channel, so in its threads: the first game's
    # table edit is refused and made again as text; the second's goes as text straight away
    world.channel.overwrites[world.fake.bot.id] = (1, 0, ATTACH_FILES)
    before = len(world.fake.requests_to(edits))
    for game in games:
        table = game.driver.table
        assert table is not None
        shown = table.edit_count
        while table.edit_count == shown:
            assert await game.driver.step()
        assert picture_of(table) is None
    refused = [r for r in world.fake.requests_to(edits)[before:] if r.status == 403]
    assert len(refused) == 1
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1 and f"channel {world.channel.id}: Discord refused" in warnings[0]

    # Attach Files is back; after the hold, one edit tries a picture again, and both pass
    del world.channel.overwrites[world.fake.bot.id]
    clock.now += 300
    for game in games:
        table = game.driver.table
        assert table is not None
        while picture_of(table) is None:
            assert await game.driver.step()
        assert picture_of(table) == await expected_picture(world, game.game_id, None)
    assert [r.status for r in world.fake.requests_to(edits)[before:]].count(403) == 1
