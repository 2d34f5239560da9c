"""People at a tournament's tables are named as at any table: by the display name they had when
they pressed Join (the bot has no member list), on the table's buttons, menus and picture, and
on the standings picture."""

from __future__ import annotations

from bot.i18n import translator
from bot.texts.seat_names import seat_labels
from tests.e2e.conftest import World
from tests.e2e.tournament_helpers import new_tournament, sign_up, start, tables


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
