"""A player's screen says what their own Personal Deck holds, in no order — rules
§ Information: only a Deck's order is hidden, and every card entering a player's own Deck was
shown to them, so the screen spares them the bookkeeping. Another player's Deck is never
listed."""

from __future__ import annotations

import engine
from bot.games.artichokes.events import cards_text
from tests.e2e.conftest import World
from tests.e2e.helpers import _, start_game, stored

PREFIX = "In your Personal Deck, in no order: "


def deck_line(deck: tuple[str, ...]) -> str:
    return _("In your Personal Deck, in no order: {cards}", cards=cards_text(deck, _))


async def test_each_screen_lists_its_own_personal_deck_and_no_one_elses(world: World) -> None:
    alice, bob = world.alice, world.bob
    driver = await start_game(world, [alice, bob], seed=77, rng=3)
    decks_seen = set()
    for _step in range(40):
        if not await driver.step():
            break
        snapshot = await stored(world, driver.game_id)
        assert snapshot.state is not None
        for user in (alice, bob):
            seat = snapshot.record.seat_of(user.id)
            assert seat is not None
            deck = engine.view(snapshot.state, seat.seat).deck  # type: ignore[attr-defined]
            screen = await driver.show_screen(user)
            listed = [line for line in screen.text().splitlines() if line.startswith(PREFIX)]
            assert listed == ([deck_line(deck)] if deck else [])
            decks_seen.add(deck)
    assert len(decks_seen) > 2, "the decks never changed: the test saw nothing"
