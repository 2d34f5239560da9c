"""Setting a game up: one game per channel, Join/Leave/Cancel/Start, the host's option toggles,
and what others may not do in someone's lobby."""

from __future__ import annotations

import pytest

from storage import GameStatus
from tests.e2e.conftest import World
from tests.e2e.helpers import open_lobby, start_game, stored, told

HOST_ONLY = "⚠️ Only the host can do that."


def link(world: World, message_id: int) -> str:
    return f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{message_id}"


async def test_one_game_per_channel_and_the_second_one_links_to_it(world: World) -> None:
    lobby, game_id = await open_lobby(world, world.alice)

    record = await world.bob.slash(world.channel, "game new", game="artichokes")

    assert told(record, world.bob) == (
        f"There is already a game in this channel: {link(world, lobby.id)} (game #{game_id})."
    )
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    table = await world.fake.wait_for_message(world.channel, lambda m: "Show my hand" in m.labels())

    record = await world.carol.slash(world.channel, "game new", game="artichokes")

    assert told(record, world.carol) == (
        f"There is already a game in this channel: {link(world, table.id)} (game #{game_id})."
    )
    games = await world.bot.storage.games.list_games(world.guild.id, tuple(GameStatus))
    assert [g.id for g in games] == [game_id]

    elsewhere = world.guild.add_text_channel("more-games")
    other, other_id = await open_lobby(world, world.carol, elsewhere)
    assert other.channel is elsewhere and other_id != game_id


async def test_joining_leaving_and_what_only_the_host_may_do(world: World) -> None:
    alice, bob = world.alice, world.bob
    lobby, game_id = await open_lobby(world, alice)
    record = await alice.click(lobby, label="Start")
    assert told(record, alice) == "⚠️ At least 2 players are needed to start."

    await bob.click(lobby, label="Join")
    assert f"Players (2/4): {alice.mention} (new), {bob.mention} (new)" in lobby.text()
    assert told(await bob.click(lobby, label="Join"), bob) == (
        "⚠️ You have already joined this game."
    )
    record = await bob.click(lobby, label="Leave")
    assert record.response_type == 7 and record.original is lobby
    assert f"Players (1/4): {alice.mention} (new)" in lobby.text()
    assert [s.user_id for s in (await stored(world, game_id)).record.seats] == [alice.id]
    assert told(await bob.click(lobby, label="Leave"), bob) == "⚠️ You have not joined this game."
    assert told(await alice.click(lobby, label="Leave"), alice) == (
        "⚠️ You are the host: use Cancel to close the lobby."
    )

    await bob.click(lobby, label="Join")
    text, options = lobby.text(), (await stored(world, game_id)).record.options
    for label in ("Start", "Cancel", "Rhubarb promo: off", "Automatic end of turn: off"):
        assert told(await bob.click(lobby, label=label), bob) == HOST_ONLY, label
    assert lobby.text() == text and "Rhubarb promo: off" in lobby.labels()
    after = (await stored(world, game_id)).record
    assert after.status == GameStatus.LOBBY and after.options == options

    record = await alice.click(lobby, label="Cancel")
    assert record.response_type == 7
    assert "This lobby was closed." in lobby.text() and lobby.buttons() == []
    assert (await stored(world, game_id)).record.status == GameStatus.ABORTED
    _, next_id = await open_lobby(world, bob)  # the channel is free again
    assert next_id != game_id


async def test_the_host_switches_options_and_the_game_is_played_with_them(world: World) -> None:
    driver = await start_game(
        world,
        [world.alice, world.bob],
        toggles=("Rhubarb promo", "Automatic end of turn"),
    )  # (start_game checks each label turns to "on")
    state = (await stored(world, driver.game_id)).state
    assert state.options.rhubarb and state.options.auto_end_turn
    assert [*state.stack, *state.row].count("Rhubarb") == 6

    lobby, game_id = await open_lobby(world, world.carol, world.guild.add_text_channel("g2"))
    await world.carol.click(lobby, label="Rhubarb promo: off")
    await world.carol.click(lobby, label="Rhubarb promo: on")
    assert "Rhubarb promo: off" in lobby.labels()
    assert (await stored(world, game_id)).record.options["rhubarb"] is False


async def test_the_host_chooses_an_option_value_from_a_menu(world: World) -> None:
    alice, bob = world.alice, world.bob
    lobby, game_id = await open_lobby(world, alice)
    await bob.click(lobby, label="Join")
    (menu,) = [s for s in lobby.selects() if s["custom_id"] == f"cr:lopt:{game_id}:turn_limit"]
    labels = [o["label"] for o in menu["options"]]
    assert labels == ["Draw after: 100 turns", "Draw after: 200 turns", "Draw after: 300 turns"]
    assert [o.get("default", False) for o in menu["options"]] == [False, False, True]

    refused = await bob.select(lobby, ["0"], custom_id=menu["custom_id"])
    assert told(refused, bob) == HOST_ONLY
    forged = await alice.forge(lobby, menu["custom_id"], ["7"])  # a value never offered
    assert told(forged, alice) == "⚠️ That option does not exist."
    assert (await stored(world, game_id)).record.options["turn_limit"] == 300

    record = await alice.select(lobby, ["0"], custom_id=menu["custom_id"])
    assert record.response_type == 7
    (menu,) = [s for s in lobby.selects() if s["custom_id"] == f"cr:lopt:{game_id}:turn_limit"]
    assert [o.get("default", False) for o in menu["options"]] == [True, False, False]
    await alice.click(lobby, label="Start")
    table = await world.fake.wait_for_message(world.channel, lambda m: "Show my hand" in m.labels())
    assert "Draw after: 100 turns" in lobby.text() and "Rhubarb promo: off" in lobby.text()
    assert "Draw after" not in table.text()  # the lobby keeps the options, the table does not
    assert (await stored(world, game_id)).state.options.turn_limit == 100


@pytest.mark.parametrize(
    ("field", "value"),
    [
        pytest.param("turn_clock", "٣", id="turn-clock-arabic-indic-digit"),
        pytest.param("turn_clock", "00000000000000000000001", id="turn-clock-leading-zeros"),
        pytest.param("turn_clock", " 1", id="turn-clock-space"),
        pytest.param("add_automatic", "٢", id="automatic-arabic-indic-digit"),
        pytest.param("add_automatic", "01", id="automatic-leading-zero"),
        pytest.param("add_automatic", "+1", id="automatic-sign"),
        pytest.param("turn_limit", "02", id="game-option-leading-zero"),
        pytest.param("turn_limit", "²", id="game-option-superscript"),
    ],
)
async def test_a_lobby_menu_takes_only_the_values_it_offered(
    world: World, field: str, value: str
) -> None:
    alice = world.alice
    lobby, game_id = await open_lobby(world, alice)
    (menu,) = [s for s in lobby.selects() if s["custom_id"] == f"cr:lopt:{game_id}:{field}"]
    assert value not in [o["value"] for o in menu["options"]]
    before, text = (await stored(world, game_id)).record, lobby.text()

    forged = await alice.forge(lobby, menu["custom_id"], [value])

    assert told(forged, alice) == "⚠️ That option does not exist."
    after = (await stored(world, game_id)).record
    assert (after.version, after.options, after.turn_clock) == (
        before.version,
        before.options,
        before.turn_clock,
    )
    assert len(after.seats) == len(before.seats) and lobby.text() == text
