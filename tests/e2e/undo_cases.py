"""The positions the end-to-end take-back tests start from, one per game: a person about to
make a move the rule lets them take back (``docs/undo.md``), from their private screen, and
how the game then moves on to another seat. Shared by ``tests/e2e/test_undo.py``."""

from __future__ import annotations

import engine
from bot.games.ninjan.presentation import card_text
from bot.i18n import translator
from engine.pentaquest.cards import CARDS
from tests.e2e.conftest import World
from tests.e2e.driver import Driver
from tests.e2e.helpers import buttons_by_key, start_game, stored, user_at
from tests.fakediscord.interactions import InteractionRecord
from tests.fakediscord.model import Message
from tests.fakediscord.users import User

UNDO = "cr:undo:"


def undo_button(message: Message) -> dict | None:
    """The "↶ Undo" on ``message``, or ``None``."""
    found = [b for b in message.buttons() if str(b.get("custom_id", "")).startswith(UNDO)]
    assert len(found) <= 1
    return found[0] if found else None


async def click_key(user: User, message: Message, key: str) -> InteractionRecord:
    """``user`` makes the move ``key`` on ``message`` (a button, or a single-select menu's
    option); an "are you sure?" it asks first is answered yes."""
    buttons = buttons_by_key(message)
    if key in buttons:
        record = await user.click(message, custom_id=buttons[key]["custom_id"])
    else:
        (menu,) = [
            s
            for s in message.selects()
            if str(s["custom_id"]).startswith("cr:sel:")
            and key in [o["value"] for o in s["options"]]
        ]
        record = await user.select(message, [key], custom_id=menu["custom_id"])
    asked = record.original
    if asked is not None:
        confirm = [b for b in asked.buttons() if str(b.get("custom_id", "")).startswith("cr:ok:")]
        if confirm:
            record = await user.click(asked, custom_id=confirm[0]["custom_id"])
    return record


class Case:
    """One game's take-back position: ``driver``, the person ``user`` about to move, the
    ``key`` of the move they may take back and its ``label`` on the Undo."""

    driver: Driver
    user: User
    key: str
    label: str

    async def after_move(self, fresh: Message) -> None:
        """Once ``user`` made ``key`` (and opened ``fresh``, their latest screen), play on
        until another seat has moved (``user`` finishing their own part on ``fresh``)."""
        raise NotImplementedError


async def move_of(world: World, driver: Driver, seat: int, choose) -> None:  # noqa: ANN001
    """``seat``'s person makes the move ``choose`` picks among their legal keys, from a fresh
    private screen."""
    snapshot = await stored(world, driver.game_id)
    user = user_at(world, snapshot, seat)
    assert snapshot.state is not None
    keys = engine.legal_actions(snapshot.state, seat).keys()
    screen = await driver.show_screen(user)
    record = await click_key(user, screen, choose(keys))
    assert record.response_type == 7, record
    await world.bot.wait_idle()


def capture_or_end(keys: list[str]) -> str:
    """Pentaquest: the first capture, else the end of the turn."""
    return next((k for k in keys if k.startswith("capture:")), "end")


class ArtichokesCase(Case):
    """Two players; the first harvests (the Garden Row is face up), then ends the turn (a
    draw: final); the other harvests."""

    async def after_move(self, fresh: Message) -> None:
        world = self.driver.world
        record = await click_key(self.user, fresh, "end")
        assert record.response_type == 7
        await world.bot.wait_idle()
        snapshot = await stored(world, self.driver.game_id)
        assert snapshot.state is not None
        other = engine.deciding_seats(snapshot.state)[0]
        await move_of(world, self.driver, other, lambda keys: keys[0])


class NinjanCase(Case):
    """Three players pick at once; alice picks (secret, nobody answered since); bob picks."""

    async def after_move(self, fresh: Message) -> None:
        await move_of(self.driver.world, self.driver, 1, lambda keys: keys[0])


class VersoCase(Case):
    """Three players draw to the end (45 draws: the seed leaves each a series); every seat then
    chooses a final series at once: alice chooses, bob chooses."""

    async def after_move(self, fresh: Message) -> None:
        await move_of(self.driver.world, self.driver, 1, lambda keys: keys[0])


class PentaquestCase(Case):
    """Two players (the seed: bob plays first and captures Knocker); alice captures or ends
    her turn; bob uses Knocker (−1 on a die: nothing hidden, no chance), then finishes his
    turn; alice moves."""

    async def after_move(self, fresh: Message) -> None:
        world = self.driver.world
        snapshot = await stored(world, self.driver.game_id)
        assert snapshot.state is not None
        die = engine.legal_actions(snapshot.state, 1).keys()[0]
        assert (await click_key(self.user, fresh, die)).response_type == 7
        await world.bot.wait_idle()
        await move_of(world, self.driver, 1, capture_or_end)
        await move_of(world, self.driver, 0, capture_or_end)


async def artichokes(world: World) -> Case:
    case = ArtichokesCase()
    case.driver = await start_game(world, [world.alice, world.bob], seed=11)
    snapshot = await stored(world, case.driver.game_id)
    assert snapshot.state is not None
    seat = engine.deciding_seats(snapshot.state)[0]
    case.user = user_at(world, snapshot, seat)
    case.key = engine.legal_actions(snapshot.state, seat).keys()[0]
    case.label = f"↶ Undo: Harvest {case.key.partition(':')[2]}"
    return case


async def ninjan(world: World) -> Case:
    case = NinjanCase()
    case.driver = await start_game(
        world, [world.alice, world.bob, world.carol], game="ninjan", seed=7_000_005, secret_words=()
    )
    snapshot = await stored(world, case.driver.game_id)
    assert snapshot.state is not None
    case.user = world.alice
    case.key = engine.legal_actions(snapshot.state, 0).keys()[0]
    case.label = f"↶ Undo: Choose {card_text(case.key, translator('en'))}"
    return case


async def verso(world: World) -> Case:
    case = VersoCase()
    case.driver = await start_game(
        world, [world.alice, world.bob, world.carol], game="verso", seed=7_000_001, secret_words=()
    )
    driver = case.driver
    while True:
        snapshot = await stored(world, driver.game_id)
        assert snapshot.state is not None
        if snapshot.state.phase != "turn":  # type: ignore[attr-defined]
            break
        seat = engine.deciding_seats(snapshot.state)[0]
        keys = buttons_by_key(driver.table)  # the draw is on the table
        key = "draw:keep" if "draw:keep" in keys else "draw:flip"
        user = user_at(world, snapshot, seat)
        record = await user.click(driver.table, custom_id=keys[key]["custom_id"])
        assert record.response_type == 7
        await world.bot.wait_idle()
    assert engine.deciding_seats(snapshot.state) == (0, 1, 2)
    case.user = world.alice
    case.key = "final:none"
    case.label = "↶ Undo: No final series"
    return case


async def pentaquest(world: World) -> Case:
    case = PentaquestCase()
    case.driver = await start_game(
        world, [world.alice, world.bob], game="pentaquest", seed=7_000_013, secret_words=()
    )
    driver = case.driver
    await move_of(world, driver, 1, capture_or_end)  # bob captures Knocker
    await move_of(world, driver, 0, capture_or_end)
    snapshot = await stored(world, driver.game_id)
    assert snapshot.state is not None and engine.deciding_seats(snapshot.state) == (1,)
    knocker = next(card for card in CARDS.values() if card.name == "Knocker")
    case.user = world.bob
    case.key = f"use:{knocker.id}"
    case.label = "↶ Undo: Use Knocker"
    return case


CASES = {"artichokes": artichokes, "ninjan": ninjan, "verso": verso, "pentaquest": pentaquest}
"""Game -> the coroutine that sets its case up."""
