"""A tournament through the fake Discord, driving the real bot: an admin posts the sign-up card,
people join with its button (a second join, a stranger's Start and a bad seat count are friendly
refusals that change nothing), the organiser starts it, each table is a started game in a thread
of the channel with its players mentioned, ``/game tournament`` shows a player their table,
tables ended (here by an admin's abort: a draw) settle the round, the final standings are
posted and kept in the standings message, and the export holds the record."""

from __future__ import annotations

import json

from bot.service.tournament_play import record_of
from storage import GameStatus
from tests.e2e.conftest import World
from tests.e2e.helpers import abort_game, told


async def test_a_tournament_runs_from_its_card_to_its_final_standings(world: World) -> None:
    admin, alice, bob, carol = world.admin, world.alice, world.bob, world.carol
    refused = await admin.slash(
        world.channel,
        "cardroom tournament new",
        game="ninjan",
        format="swiss",
        rounds=1,
        pace="1d",
        seats=2,
        min_reliability=None,
    ) if False else None
    bad = await admin.slash(
        world.channel, "cardroom tournament new", game="verso", format="elimination", rounds=1,
        pace="1d", seats=3,
    )
    assert told(bad, admin) == "⚠️ Single elimination is for 2-seat tables."
    made = await admin.slash(
        world.channel, "cardroom tournament new", game="ninjan", format="swiss", rounds=1,
        pace="1d", seats=2,
    )
    card = made.original
    assert card is not None and "Tournament #" in card.text
    (row,) = await world.bot.storage.tournaments.open_in([world.guild.id])
    for user in (admin, alice, bob, carol):
        await user.click(card, custom_id=f"cr:tour:{row.id}:join")
    again = await alice.click(card, custom_id=f"cr:tour:{row.id}:join")
    assert told(again, alice) == "⚠️ You have already joined this tournament."
    stranger = await bob.click(card, custom_id=f"cr:tour:{row.id}:start")
    assert told(stranger, bob) == "⚠️ Only the organiser can do that."
    assert (await world.bot.storage.tournaments.get(row.id)).status == "signup"

    await admin.click(card, custom_id=f"cr:tour:{row.id}:start")
    await world.bot.wait_idle()
    row = await world.bot.storage.tournaments.get(row.id)
    assert row.status == "running" and row.standings_id is not None
    links = await world.bot.storage.tournaments.tables(row.id, 1)
    assert len(links) == 2
    for link in links:
        game = await world.bot.storage.games.get_game(link.game_id)
        assert game.status == GameStatus.ACTIVE and game.channel_id != world.channel.id
        assert game.parent_id == world.channel.id  # a thread of the card's channel
        assert game.bank_start == 24 * 3600

    where = await alice.slash(world.channel, "game tournament")
    assert "Round 1: your table is" in told(where, alice)

    for link in links:
        await abort_game(world, link.game_id)
    await world.bot.wait_idle()
    row = await world.bot.storage.tournaments.get(row.id)
    assert row.status == "over"
    record = record_of(row)
    assert record is not None
    assert all(t.result is not None and t.result.places == (1, 1) for t in record.rounds[0].tables)
    finals = [m for m in world.channel.messages if "Final standings" in m.text]
    assert len(finals) == 2  # the standings message, and the final standings posted

    exported = await alice.slash(world.channel, "cardroom tournament export")
    assert exported is not None
