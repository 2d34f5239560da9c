"""A first end-to-end walk: lobby, start, a few clicks."""

from __future__ import annotations

from tests.e2e.conftest import World


async def test_lobby_start_and_show_hand(world: World) -> None:
    reply = await world.alice.slash(world.channel, "game new", game="artichokes")
    lobby = reply.original
    assert lobby is not None and "lobby of game #1" in lobby.text()
    await world.bob.click(lobby, label="Join")
    assert "<@" in lobby.text() and "Players (2/4)" in lobby.text()
    await world.alice.click(lobby, label="Start")
    table = await world.fake.wait_for_message(world.channel, lambda m: "Show my hand" in m.labels())
    print(table.text())
    hand = (await world.alice.click(table, label="Show my hand")).original
    print(hand.text(), hand.labels())
    assert hand.ephemeral_for is world.alice
