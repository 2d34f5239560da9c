"""The tables' pictures through the fake Discord, as players see them: the table carries the
picture of its game's public view (byte for byte the one that view draws), a new one when the
game changes and the old one gone, the same bytes whatever the hidden cards are (the leak
rule); a private screen carries its seat's picture; an admin's
``/cardroom pictures show:off`` takes them off the guild's tables, ``on`` brings them back."""

from __future__ import annotations

import random

import engine
from bot.i18n import translator
from bot.pictures.base import PictureContext, draw
from bot.texts.rendering import ended_early
from bot.texts.seat_names import seat_labels
from tests.e2e.conftest import World
from tests.e2e.helpers import start_game, stored
from tests.fakediscord.model import Message


async def expected(
    world: World, game_id: int, viewer: int | None = None, *, redistributed: int | None = None
) -> bytes:
    """The PNG the stored game's view for ``viewer`` draws (the oracle); ``redistributed``:
    of the stored state with everything ``viewer`` cannot see dealt anew (that seed)."""
    snapshot = await stored(world, game_id)
    record, state = snapshot.record, snapshot.state
    assert state is not None
    if redistributed is not None:
        state = engine.redistribute(state, viewer, random.Random(redistributed))
    ctx = PictureContext(
        "en", seat_labels(record, translator("en"), short=True), ended_early(record)
    )
    kind = "table" if viewer is None else "seat"
    picture = draw(record.game_name, kind, engine.view(state, viewer), ctx)
    assert picture is not None
    return picture.data


def shown(message: Message) -> bytes:
    """The one picture ``message`` shows (and holds: no attachment left over)."""
    [picture] = message.pictures()
    assert message.attachments == [picture]
    return picture.data


async def test_the_table_carries_its_picture_and_a_new_one_when_the_game_changes(
    world: World,
) -> None:
    await world.admin.slash(world.channel, "cardroom pictures", show="on")
    driver = await start_game(world, [world.alice, world.bob], rng=3)
    table = driver.table
    assert table is not None
    await world.bot.wait_idle()
    first = shown(table)
    assert first == await expected(world, driver.game_id)
    [item] = [i for c in table.components for i in c.get("components", []) if i.get("type") == 12]
    assert "Garden Row" in item["items"][0]["description"]  # the alt text sums it up

    while shown(table) == first:
        assert await driver.step()
        await world.bot.wait_idle()
    assert shown(table) == await expected(world, driver.game_id)
    # the leak rule: another deal of every hidden card draws the very same bytes
    for seed in (1, 2):
        assert shown(table) == await expected(world, driver.game_id, redistributed=seed)

    screen = await driver.show_screen(world.alice)
    seat = (await stored(world, driver.game_id)).record.seat_of(world.alice.id)
    assert seat is not None
    assert shown(screen) == await expected(world, driver.game_id, seat.seat)  # the hand
    assert shown(screen) == await expected(world, driver.game_id, seat.seat, redistributed=3)


async def test_pictures_off_takes_them_off_the_guilds_tables_and_on_brings_them_back(
    world: World,
) -> None:
    answer = await world.admin.slash(world.channel, "cardroom pictures", show="on")
    assert "show pictures" in answer.answer_text
    driver = await start_game(world, [world.alice, world.bob], rng=4, game="ninjan")
    table = driver.table
    assert table is not None
    await world.bot.wait_idle()
    assert table.pictures()

    answer = await world.admin.slash(world.channel, "cardroom pictures", show="off")
    assert "text only" in answer.answer_text
    await world.bot.wait_idle()
    await world.fake.wait_for(lambda: not table.attachments)
    assert table.pictures() == [] and "Pile 1" in table.text()  # the text stays
    assert (await driver.show_screen(world.bob)).attachments == []
    await world.restart()  # the choice is stored
    assert await driver.step()
    await world.bot.wait_idle()
    assert table.attachments == []

    await world.admin.slash(world.channel, "cardroom pictures", show="on")
    await world.bot.wait_idle()
    await world.fake.wait_for(lambda: table.pictures())
    assert shown(table) == await expected(world, driver.game_id)
