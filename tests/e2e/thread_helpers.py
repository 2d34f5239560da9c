"""Helpers of the end-to-end tests of a thread per game: turning threads on, opening a game
in a thread of its channel (its card stays in the channel), following it with a driver, and
the oracles of a card and a thread."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import translator
from bot.texts.cards import card_text, thread_name
from engine.artichokes.cards import ALL_KINDS
from engine.pentaquest.cards import DECK
from storage import LOBBY, GameStatus
from tests.e2e.conftest import World
from tests.e2e.driver import Driver, find_table
from tests.e2e.helpers import add_ai
from tests.fakediscord.model import Channel, Message
from tests.fakediscord.threads import Thread
from tests.fakediscord.users import User

_ = translator("en")
SECRET_WORDS: dict[str, tuple[str, ...]] = {
    "artichokes": tuple(ALL_KINDS),
    "ninjan": ("Rock", "Paper", "Scissors"),
    "pentaquest": tuple(card.name for card in DECK),
    "verso": (),
}
"""Words naming hidden things of each game, which no lobby, card or ping may hold."""


async def threads_on(world: World) -> None:
    """The guild gives each new game a thread (the bot's default; the test world's is off)."""
    world.threads = True
    await world.bot.room.threads.choose(world.guild.id, True)


@dataclass
class ThreadGame:
    """A game played in a thread: its card, its thread, and the players' driver."""

    card: Message
    thread: Thread
    driver: Driver

    @property
    def game_id(self) -> int:
        return self.driver.game_id


async def open_game(
    world: World,
    people: Sequence[User],
    *,
    game: str = "artichokes",
    levels: Sequence[str] = (),
    channel: Channel | None = None,
    rng: int = 0,
    spectators: Sequence[User] = (),
    start: bool = True,
) -> ThreadGame:
    """``people[0]`` runs ``/game new`` in ``channel`` (default: the world's), the others
    join, automatic players of ``levels`` are seated, and (``start``) the host starts it;
    ``spectators`` press Watch on the card. The driver plays in the game's thread."""
    channel = channel or world.channel
    host, *others = people
    reply = await host.slash(channel, "game new", game=game)
    card = reply.original
    assert card is not None and card.channel is channel and not card.ephemeral
    game_id = int(re.search(r"lobby of game #(\d+)", card.text()).group(1))  # type: ignore[union-attr]
    thread = await world.fake.wait_for(lambda: world.fake.world.thread_of.get(card.id))
    assert isinstance(thread, Thread) and thread.id == card.id  # started from the card
    for user in others:
        await user.click(card, custom_id=f"cr:lobby:{game_id}:join")
    for level in levels:
        await add_ai(host, card, f"Cardroom AI ({level})")
    driver = Driver(world, list(people), random.Random(rng), game, SECRET_WORDS[game])
    driver.game_id, driver.channel, driver.spectators = game_id, thread, list(spectators)
    if start:
        await host.click(card, custom_id=f"cr:lobby:{game_id}:start")
        driver.table = await world.fake.wait_for(
            lambda: find_table(world, game_id), what=f"the table of game {game_id}"
        )
        assert driver.table.channel is thread
        for user in spectators:
            watched = await user.click(card, label="Watch")
            assert (watched.answer_text or "").startswith("👀"), watched.answer_text
    return ThreadGame(card, thread, driver)


async def card_says(world: World, game_id: int) -> str:
    """What the game's card must say now (the oracle), in the guild's language."""
    record = await world.bot.storage.games.get_game(game_id)
    return card_text(record, _)


async def thread_now(world: World, game_id: int) -> Thread:
    """The thread the game is played in now (as stored)."""
    record = await world.bot.storage.games.get_game(game_id)
    thread = world.fake.world.channels[record.channel_id]
    assert isinstance(thread, Thread), thread
    return thread


async def card_of(world: World, game_id: int) -> Message:
    """The game's card, as stored."""
    stored = await world.bot.storage.messages.get(game_id, LOBBY)
    assert stored is not None
    return world.fake.message(stored.message_id)


async def check_ended_card(world: World, game_id: int) -> None:
    """The ended game's card shows how it ended (and Play again, once finished)."""
    card = await card_of(world, game_id)
    record = await world.bot.storage.games.get_game(game_id)
    await world.fake.wait_for(lambda: card.text() == card_text(record, _), what="the card")
    assert ("Play again" in card.labels()) == (record.status == GameStatus.FINISHED)


async def check_thread_name(world: World, game_id: int) -> None:
    """The game's thread is named after its game and seats."""
    record = await world.bot.storage.games.get_game(game_id)
    thread = world.fake.world.channels[record.channel_id]
    assert thread.name == thread_name(record, _)
