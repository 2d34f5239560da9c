"""People at a tournament's tables are named as at any table: by the display name they had when
they pressed Join (the bot has no member list), on the table's buttons, menus and picture, and
on the standings picture. An automatic player is named by its number in the sign-up, on the
card, the standings and at its tables alike."""

from __future__ import annotations

import random

import pytest

from bot.i18n import translator
from bot.texts.seat_names import seat_labels
from tests.e2e.conftest import World
from tests.e2e.tournament_helpers import (
    new_tournament,
    play_round,
    settled,
    sign_up,
    start,
    tables,
)
from tests.fakediscord.components import gallery_items
from tests.fakediscord.model import Message


async def test_a_tables_seats_carry_the_names_people_joined_with(world: World) -> None:
    people = [world.alice, world.bob, world.carol]
    t = await new_tournament(world, game="artichokes", rounds=1, pace="1d")
    await sign_up(t, people, automatic=1)
    await start(t)
    _ = translator("en")
    seen = {}
    for table in await tables(t, 1):
        labels = seat_labels(table.record, _)
        for seat in table.record.seats:
            if seat.user_id is not None:
                seen[seat.user_id] = labels[seat.seat]
    assert seen == {u.id: u.username for u in people}  # not "Player 1"


async def test_an_automatic_player_has_one_name_on_the_standings_and_at_its_table(
    world: World,
) -> None:
    """The standings said "🤖 Cardroom AI (greedy) 3" (its sign-up number) and its table
    "🤖 Cardroom AI (greedy)" or "🤖 Cardroom AI 2 (greedy)" (by seat): nobody could tell
    which one they had played."""
    t = await new_tournament(world, rounds=1, automatic=4, level="greedy")
    await sign_up(t, [world.alice, world.bob])
    await start(t)
    standings = (await t.standings()).text()
    record = await t.record()
    seen = set()
    for table in await tables(t, 1):
        players = record.rounds[0].tables[table.link.table_number - 1].players
        for entrant in players:
            if entrant.startswith("a:"):
                name = f"🤖 Cardroom AI {entrant.rsplit(':', 1)[-1]} (greedy)"
                assert name in table.message.text() and name in standings
                seen.add(name)
    assert len(seen) == 4


def _picture(message: Message) -> bytes:
    """The one picture ``message`` shows, and holds (no attachment left over)."""
    [picture] = message.pictures()
    assert message.attachments == [picture]
    assert picture.data.startswith(b"\x89PNG")
    return picture.data


async def test_the_standings_carry_their_picture_new_with_each_result(world: World) -> None:
    await world.admin.slash(world.channel, "cardroom pictures", show="on")
    people = [world.alice, world.bob]
    t = await new_tournament(world, game="ninjan", rounds=1, pace="off")
    await sign_up(t, people, automatic=2)
    await start(t)
    standings = await t.standings()
    first = _picture(standings)
    [item] = gallery_items(standings.components)
    alt = item["description"]  # the alt text sums the picture up: people named as they joined
    assert all(u.username in alt for u in people) and "AI 1 (greedy)" in alt, alt
    assert "Player 1" not in alt
    assert "Standings" in standings.text()  # the text stays under the picture
    await play_round(t, random.Random(5), checks=False)
    await settled(world)
    final = _picture(standings)
    assert final != first  # uploaded again with the results
    assert "Final standings" in standings.text()
    posted = [m for m in world.channel.messages if m.id != standings.id and m.pictures()]
    assert len(posted) == 1 and _picture(posted[0]) == final  # the final standings' post


@pytest.mark.fake_discord(refuse_picture_edits="all")
async def test_standings_whose_picture_discord_refuses_go_on_as_text(world: World) -> None:
    await world.admin.slash(world.channel, "cardroom pictures", show="on")
    t = await new_tournament(world, game="ninjan", rounds=1, pace="off")
    await sign_up(t, [world.alice], automatic=1)
    await start(t)
    standings = await t.standings()
    await play_round(t, random.Random(5), checks=False)
    await settled(world)
    assert "Final standings" in standings.text()
    assert standings.pictures() == [] and standings.attachments == []
