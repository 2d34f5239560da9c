"""Small helpers shared by the end-to-end tests: starting a seeded game, reading what a user was
told, and the stored game as the oracle; seating automatic players and setting the turn clock
in a lobby, and moving the clock on; a few moves several tests play (a harvest, the way to an
Eggplant pass). Game drivers with their own oracle are in ``tests.e2e.game_drivers``."""

from __future__ import annotations

import random
import re
import sqlite3
from collections.abc import Callable, Sequence
from typing import Any

import engine
from bot.games.artichokes.events import cards_text
from bot.i18n import translator
from bot.service import GameSnapshot
from engine.artichokes.cards import ALL_KINDS
from storage import TABLE, LoggedAction
from tests.e2e.conftest import World
from tests.e2e.driver import Driver, action_components, expected_table_text, find_table, leak_scan
from tests.fakediscord.interactions import InteractionRecord
from tests.fakediscord.model import Channel, Message
from tests.fakediscord.users import User

MOVED_ON = "⚠️ The game has moved on since that button was shown."
GAME_OVER = "⚠️ This game is over."
ARTICHOKE_CARDS = tuple(ALL_KINDS)
_ = translator("en")


def hand_line(hand: tuple[str, ...]) -> str:
    """The "Your hand" line the bot shows for an Abandon All Artichokes ``hand``."""
    return _("**Your hand** ({count}): {cards}", count=len(hand), cards=cards_text(hand, _))


async def start_game(
    world: World,
    players: Sequence[User],
    *,
    seed: int | None = None,
    toggles: tuple[str, ...] = (),
    rng: int = 0,
    game: str = "artichokes",
    secret_words: Sequence[str] | None = None,
) -> Driver:
    """Open a lobby of ``game`` (first player hosts), let the others join, switch ``toggles``
    on and start.

    ``seed`` fixes the game's seed (so the deal is known); the driver's own choices use ``rng``;
    ``secret_words`` name hidden things (default: the Artichokes card names for that game).
    """
    if seed is not None:
        world.seeds = iter([seed, *range(9_000, 9_100)])
    if secret_words is None:
        secret_words = ARTICHOKE_CARDS if game == "artichokes" else ()
    driver = Driver(world, list(players), random.Random(rng), game, secret_words)
    game_id = await driver.open_and_start(toggles)
    # the Start click is answered first; the table and then the start ping follow (in the
    # game's thread, where the guild gives each game one)
    await world.fake.wait_for_message(
        driver.channel or world.channel, lambda m: f"Game #{game_id} has started" in m.content
    )
    return driver


async def open_lobby(
    world: World, host: User, channel: Channel | None = None, game: str = "artichokes"
) -> tuple[Message, int]:
    """``host`` runs ``/game new``; returns the lobby message and the game id."""
    reply = await host.slash(channel or world.channel, "game new", game=game)
    lobby = reply.original
    assert lobby is not None and not lobby.ephemeral, reply
    found = re.search(r"lobby of game #(\d+)", lobby.text())
    assert found, lobby.text()
    return lobby, int(found.group(1))


async def stored(world: World, game_id: int) -> GameSnapshot:
    """The game as stored now (the oracle)."""
    return await world.bot.service.snapshot(game_id)


async def log_rows(world: World, game_id: int) -> list[LoggedAction]:
    """The game's action log as stored."""
    return await world.bot.storage.games.get_actions(game_id)


def told(record: InteractionRecord, user: User) -> str:
    """The text of the private message (type 4, ephemeral) ``user`` got as the answer."""
    assert record.response_type == 4, f"expected a new private message, got {record!r}"
    message = record.original
    assert message is not None and message.ephemeral_for is user, "the answer is not private"
    assert record.answer_text is not None
    return record.answer_text


async def abort_game(world: World, game_id: int, admin: User | None = None) -> str:
    """An admin runs ``/cardroom abort`` and confirms; returns what they were told last."""
    admin = admin or world.admin
    record = await admin.slash(world.channel, "cardroom abort", game_id=game_id)
    question = told(record, admin)
    assert question.startswith(f"Abort game #{game_id} ("), question
    confirmed = await admin.click(record.original, label=f"Abort game #{game_id}")
    assert confirmed.response_type == 7
    return confirmed.answer_text or ""


def user_at(world: World, snapshot: GameSnapshot, seat: int) -> User:
    """The user playing ``seat``."""
    user_id = snapshot.record.seats[seat].user_id
    return next(u for u in world.users.values() if u.id == user_id)


def key_of(component: dict[str, Any]) -> str:
    """The engine action key of an action button (``cr:act:<game>:<version>:<key>``)."""
    return str(component["custom_id"]).split(":", 4)[4]


def since_of(component: dict[str, Any]) -> int:
    """The decision stamp an action button or select was shown for."""
    return int(str(component["custom_id"]).split(":")[3])


def buttons_by_key(screen: Message) -> dict[str, dict[str, Any]]:
    """The enabled action buttons of a private screen, by action key."""
    return {key_of(c): c for c in action_components(screen) if c["type"] == 2}


def pass_values(screen: Message, kinds: Sequence[str]) -> list[str]:
    """The Eggplant select's option values that pick the cards ``kinds`` (one option each)."""
    (menu,) = [s for s in screen.selects() if ":pass:" in s["custom_id"]]
    left = [(o["value"], o["label"]) for o in menu["options"]]
    values = []
    for kind in kinds:
        value = next(v for v, label in left if label == kind)
        left.remove((value, kind))
        values.append(value)
    return values


def hand_of(snapshot: GameSnapshot, seat: int) -> tuple[str, ...]:
    """``seat``'s hand as stored (sorted, as screens show it)."""
    assert snapshot.state is not None
    hand = engine.view(snapshot.state, seat).hand  # type: ignore[attr-defined]
    assert hand is not None
    return tuple(hand)


def shows_hand(screen: Message, snapshot: GameSnapshot, seat: int) -> bool:
    """``screen`` shows ``seat``'s stored hand."""
    return hand_line(hand_of(snapshot, seat)) in screen.text().splitlines()


async def act_by(driver: Driver, choose: Callable[[list[str]], str]) -> tuple[User, str]:
    """The player who has buttons (after reading pings, as in ``Driver.step``) clicks the one
    ``choose`` picks from the sorted action keys; returns who clicked what."""
    for user in driver.new_ping():
        await driver.show_hand(user)
    (user,) = driver.actionable(driver.players)
    screen = driver.screens[user.id]
    buttons = buttons_by_key(screen)
    key = choose(sorted(buttons))
    record = await user.click(screen, custom_id=buttons[key]["custom_id"])
    assert record.response_type == 7 and MOVED_ON not in (record.answer_text or "")
    await driver.world.bot.wait_idle()
    return user, key


async def mover(driver: Driver) -> User:
    """A player who has something to click now (the first in seat order): every player opens
    a fresh screen, as players who look at the table do."""
    driver.new_ping()  # read
    for user in driver.players:
        await driver.show_hand(user)
    return driver.actionable(driver.players)[0]


async def follow_reposted_table(world: World, driver: Driver, old: Message) -> None:
    """The channel shows exactly one table again, not ``old``, recorded in storage and showing
    the public view; the driver plays on with it."""
    tables = [
        m
        for m in world.channel.messages
        if not m.deleted
        and not m.ephemeral
        and any(str(b.get("custom_id")).startswith("cr:hand:") for b in m.buttons())
    ]
    assert len(tables) == 1 and tables[0] is not old
    assert find_table(world, driver.game_id) is tables[0]
    driver.table = tables[0]
    assert driver.table.text() == await expected_table_text(world, driver.game_id)
    stored_table = await world.bot.storage.messages.get(driver.game_id, TABLE)
    assert stored_table.message_id == driver.table.id
    await leak_scan(world, driver.game_id, driver.secret_words)


def lobby_menu(lobby: Message, field: str) -> dict:
    """The lobby's select menu of ``field`` (``add_automatic``, ``turn_clock``, ...)."""
    (menu,) = [s for s in lobby.selects() if s["custom_id"].endswith(f":{field}")]
    return menu


async def add_ai(host: User, lobby: Message, level_label: str) -> None:
    """The host seats the automatic player labelled ``level_label`` from the lobby's menu."""
    menu = lobby_menu(lobby, "add_automatic")
    value = next(o["value"] for o in menu["options"] if o["label"] == level_label)
    record = await host.select(lobby, [value], custom_id=menu["custom_id"])
    assert record.response_type == 7


async def set_clock(host: User, lobby: Message, label: str) -> None:
    """The host sets the pace to the one its menu names first ``label`` ("5 min", "1 day"...)
    from the lobby's menu."""
    menu = lobby_menu(lobby, "turn_clock")
    (value,) = [
        o["value"] for o in menu["options"] if o["label"].startswith(f"Pace: {label} a move")
    ]
    await host.select(lobby, [value], custom_id=menu["custom_id"])


async def start(world: World, lobby: Message, host: User, game_id: int) -> Message:
    """The host starts the lobby's game; its table, once posted."""
    await host.click(lobby, label="Start")
    await world.bot.wait_idle()
    table = await world.fake.wait_for(lambda: find_table(world, game_id), what="the table")
    return table


def version_now(world: World, game_id: int) -> int:
    """The stored version, read straight from the database file (for wait predicates)."""
    with sqlite3.connect(world.db_path) as conn:
        (version,) = conn.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
    return int(version)


async def advance(world: World, seconds: float, until) -> None:  # noqa: ANN001
    """Move the clock on, then wait for what the turn clock did."""
    world.clock.advance(seconds)
    await world.fake.wait_for(until, what="the turn clock")
    await world.bot.wait_idle()


async def no_identify_pause(_shard_id: int | None, *, initial: bool = False) -> None:
    """discord.py waits 5 s before identifying again (Discord allows one identify per 5 s);
    the fake has no such limit and the tests no such time."""


async def harvest(user, screen) -> None:  # noqa: ANN001
    """``user`` harvests the first card their private ``screen`` offers, and it is taken."""
    keys = buttons_by_key(screen)
    key = next(k for k in keys if k.startswith("harvest:"))
    record = await user.click(screen, custom_id=keys[key]["custom_id"])
    assert record.response_type == 7 and MOVED_ON not in record.answer_text


EGGPLANT_SEED = 4385
"""Three players (alice, bob, carol): carol plays an Eggplant on turn 5 while bob holds
Artichoke ×3, Beet and Corn and alice five Artichokes (found by playing the policy below)."""


def toward_eggplant(keys: list[str]) -> str:
    """Harvest an Eggplant and play it as soon as possible; otherwise harvest the first
    vegetable that is not an Artichoke and end the turn."""
    if "harvest:Eggplant" in keys:
        return "harvest:Eggplant"
    if "play:Eggplant" in keys:
        return "play:Eggplant"
    harvests = [k for k in keys if k.startswith("harvest:") and k != "harvest:Artichoke"]
    if harvests:
        return harvests[0]
    return "end" if "end" in keys else keys[0]


async def play_until_eggplant(world: World) -> Driver:
    """A game of :data:`EGGPLANT_SEED` played until carol plays her Eggplant."""
    driver = await start_game(world, [world.alice, world.bob, world.carol], seed=EGGPLANT_SEED)
    for _ in range(20):
        user, key = await act_by(driver, toward_eggplant)
        if key == "play:Eggplant":
            assert user is world.carol
            return driver
    raise AssertionError("no Eggplant was played")
