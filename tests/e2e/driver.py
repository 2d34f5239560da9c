"""Playing any game in the fake Discord the way people do: looking only at the messages each
user can see and clicking the components on them (random choices, seeded).

The database is read only as the test's oracle (leak scan, screen checks), never to decide.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import engine
from bot.games import presentation
from bot.i18n import Translator, translator
from bot.messages.discord_io import timestamp
from bot.service.live import RECENT_ACTIONS
from bot.texts.paces import clock_lines
from bot.texts.rendering import (
    context_for,
    recent_lines,
    seat_screen,
    table_screen,
)
from bot.texts.seat_names import seat_names
from storage import TABLE, GameStatus
from tests.e2e.conftest import World
from tests.fakediscord.errors import ComponentDisabled
from tests.fakediscord.interactions import InteractionRecord
from tests.fakediscord.model import Channel, Message
from tests.fakediscord.users import User

_ = translator("en")
MENTION = re.compile(r"<@(\d+)>")
PRIVATE_PHRASES = ("your seat", "Your hand", "You drew", "You passed", "passed you", "You chose")


def action_components(message: Message) -> list[dict[str, Any]]:
    """The enabled action buttons (a confirmation's "yes" included) and decision menus on a
    message."""
    found = [
        b
        for b in message.buttons()
        if str(b.get("custom_id", "")).startswith(("cr:act:", "cr:ok:")) and not b.get("disabled")
    ]
    found += [s for s in message.selects() if str(s.get("custom_id", "")).startswith("cr:sel:")]
    return found


def private_button_label(game: str) -> str:
    """The label of the table's button that opens a player's private screen."""
    return _(presentation(game).private_label)


def table_closed(table: Message) -> bool:
    """The table's private-screen button is greyed out (the game has ended); Rules stays."""
    rules = [b for b in table.buttons() if str(b.get("custom_id")).startswith("cr:rules:")]
    assert len(rules) == 1 and not rules[0].get("disabled"), "the Rules button stays usable"
    screen_buttons = [b for b in table.buttons() if str(b.get("custom_id")).startswith("cr:hand:")]
    assert len(screen_buttons) == 1
    return bool(screen_buttons[0].get("disabled"))


def public_messages(world: World, channel: Channel | None = None) -> list[Message]:
    """Every message of ``channel`` (default: the world's game channel) everybody can see,
    deleted ones left out."""
    channel = channel or world.channel
    return [m for m in channel.messages if m.ephemeral_for is None and not m.deleted]


def is_table(message: Message, game_id: int) -> bool:
    """Whether ``message`` is the live table of ``game_id``."""
    if message.ephemeral_for is not None or message.deleted:
        return False
    return any(str(b.get("custom_id")) == f"cr:hand:{game_id}" for b in message.buttons())


def find_table(world: World, game_id: int) -> Message | None:
    """The live table message of ``game_id``, in any channel (every message of the world is
    looked at: in a loop over many games, look in the game's channel with :func:`is_table`)."""
    return next((m for m in world.fake.world.messages.values() if is_table(m, game_id)), None)


DATABASE_AWAY = "Cardroom cannot reach its database right now: please try again in a moment."
"""The answer to a click that met the database away (``bot.handlers.replies``)."""


@dataclass
class Driver:
    """The players' side of one game: the table message and each player's latest screen.

    Attributes:
        secret_words: words that name hidden things of this game (card names): lobby and
            ping messages must never contain them.
    """

    world: World
    players: list[User]
    rng: random.Random
    game: str = "artichokes"
    secret_words: Sequence[str] = ()
    game_id: int = 0
    table: Message | None = None
    screens: dict[int, Message] = field(default_factory=dict)
    clicks: int = 0
    moved_on: int = 0
    last_ping: int = 0
    checks: bool = True
    """Run the oracle checks (screens, leak scan) after every click; benchmarks turn them off."""
    remote: bool = False
    """The bot runs in another process: do not wait for its follow-ups after a click."""
    reuse_screens: bool = False
    """A pinged player whose open screen already has something to click uses it instead of
    opening a new one (the bot keeps open screens current), as a real player would."""
    channel: Channel | None = None
    """Where the game is played (default: the world's game channel)."""
    on_answer: Callable[[User, InteractionRecord, Message], None] | None = None
    """Called with the user, the interaction and their screen as soon as an action is
    answered (before anything else can change the screen)."""
    spectators: list[User] = field(default_factory=list)
    """People who watch the game: every few clicks one asks for their screen and is shown
    exactly the public view; the leak scan looks at all they see."""

    @property
    def where(self) -> Channel:
        """The channel of the game."""
        return self.channel or self.world.channel

    async def open_and_start(self, toggles: tuple[str, ...] = ()) -> int:
        """The first player opens a lobby, the others join, the host switches the ``toggles``
        options on and starts. Returns the game id."""
        host, *others = self.players
        lobby = (await host.slash(self.where, "game new", game=self.game)).original
        assert lobby is not None
        self.game_id = int(re.search(r"#(\d+)", lobby.text()).group(1))  # type: ignore[union-attr]
        for user in others:
            await user.click(lobby, custom_id=f"cr:lobby:{self.game_id}:join")
        for label in toggles:
            await host.click(lobby, label=f"{label}: off")
            assert f"{label}: on" in lobby.labels()
        await host.click(lobby, custom_id=f"cr:lobby:{self.game_id}:start")
        assert not [b for b in lobby.buttons() if str(b.get("custom_id")).endswith(":join")]
        screen_button = f"cr:hand:{self.game_id}"
        threads = self.world.fake.world.thread_of

        def table() -> Message | None:
            where = threads.get(lobby.id, self.where)  # its thread, where games get threads
            for message in reversed(where.messages):
                if any(b.get("custom_id") == screen_button for b in message.buttons()):
                    return None if message.deleted or message.ephemeral else message
            return None

        self.table = await self.world.fake.wait_for(table, what=f"the table of {self.game_id}")
        self.channel = self.table.channel
        return self.game_id

    async def show_screen(self, user: User) -> Message:
        """``user`` presses the table's private-screen button (``/game hand`` while the table
        is deleted); returns their new screen."""
        assert self.table is not None
        if self.table.deleted:
            return await self.show_screen_by_command(user)
        record = await user.click(self.table, custom_id=f"cr:hand:{self.game_id}")
        screen = record.original
        assert screen is not None and screen.ephemeral_for is user
        self.screens[user.id] = screen
        if self.checks:
            await self.check_screen(user, screen)
        return screen

    show_hand = show_screen

    async def show_screen_by_command(self, user: User) -> Message:
        """``user`` runs ``/game hand`` in the game's channel; returns their new screen."""
        screen = (await user.slash(self.where, "game hand")).original
        assert screen is not None and screen.ephemeral_for is user
        self.screens[user.id] = screen
        if self.checks:
            await self.check_screen(user, screen)
        return screen

    def new_ping(self) -> list[User]:
        """The players mentioned by a ping the players have not read yet (then it is read)."""
        for message in sorted(
            public_messages(self.world, self.where), key=lambda m: m.id, reverse=True
        ):
            if message.content and MENTION.search(message.content):
                if message.id == self.last_ping:
                    return []
                self.last_ping = message.id
                ids = {int(i) for i in MENTION.findall(message.content)}
                return [u for u in self.players if u.id in ids]
        return []

    def actionable(self, users: list[User]) -> list[User]:
        return [u for u in users if u.id in self.screens and action_components(self.screens[u.id])]

    async def step(self) -> bool:
        """One action by a player who has something to click; ``False`` when nobody has
        (the game is over: the table's button is greyed out)."""
        assert self.table is not None
        if table_closed(self.table):
            return False
        try:
            for user in self.new_ping():  # people who are pinged look at their screen
                if not (self.reuse_screens and self.actionable([user])):
                    await self.show_screen(user)
            candidates = self.actionable(self.players)
            if not candidates:
                for user in self.players:
                    await self.show_screen(user)
                candidates = self.actionable(self.players)
        except ComponentDisabled:  # the game ended meanwhile (a bot in another process)
            assert self.remote
            return False
        if not candidates:
            return False
        user = self.rng.choice(candidates)
        screen = self.screens[user.id]
        component = self.rng.choice(action_components(screen))
        if component["type"] == 2:
            record = await user.click(screen, custom_id=component["custom_id"])
        else:
            values = [o["value"] for o in component["options"]]
            count = self.rng.randint(component.get("min_values", 1), component.get("max_values", 1))
            record = await user.select(
                screen, self.rng.sample(values, count), custom_id=component["custom_id"]
            )
        away = DATABASE_AWAY in (record.answer_text or "")
        if record.response_type == 4 and self.remote and away:
            pass  # a remote bot whose database was away answered with a notice: try again
        else:
            assert record.response_type == 7, (
                "the player's screen is updated in place, not answered with "
                f"{record.response_type}: {record.answer_text!r}"
            )
        if self.on_answer is not None:
            self.on_answer(user, record, screen)
        if not self.remote:
            await self.world.bot.wait_idle()  # the table edit and pings that follow the action
        self.clicks += 1
        if "The game has moved on" in screen.text() or "already your choice" in screen.text():
            self.moved_on += 1
        if self.checks:
            await self.check_screen(user, screen)
            if self.spectators and self.clicks % 5 == 1 and not table_closed(self.table):
                await self.spectate(self.spectators[self.clicks // 5 % len(self.spectators)])
            await leak_scan(self.world, self.game_id, self.secret_words, self.spectators)
        return True

    async def spectate(self, user: User) -> Message:
        """``user``, who plays no seat, presses the table's private-screen button: they are
        shown exactly the public view, marked as watching (the oracle)."""
        assert self.table is not None
        record = await user.click(self.table, custom_id=f"cr:hand:{self.game_id}")
        screen = record.original
        assert screen is not None and screen.ephemeral_for is user
        assert record.answer_text == await spectator_text(self.world, self.game_id, user)
        return screen

    async def play_to_the_end(self, max_clicks: int = 3000) -> None:
        """Step until nobody can act."""
        while await self.step():
            assert self.clicks < max_clicks, "the game does not end"

    async def check_screen(self, user: User, screen: Message) -> None:
        """The oracle: a private screen shows exactly its owner's seat screen as stored right
        now (its own view only), plus a notice and private event lines."""
        snapshot = await self.world.bot.service.snapshot(self.game_id)
        seat = snapshot.record.seat_of(user.id)
        assert seat is not None and snapshot.state is not None
        expected = seat_screen(snapshot.record, snapshot.state, seat.seat, translator(user.locale))
        lines = screen.text().splitlines()
        wanted = expected.text.splitlines()
        missing = [line for line in wanted if line not in lines]
        assert not missing, f"{user.username}'s screen misses {missing}: {screen.text()!r}"
        rest = [line for line in lines if line not in wanted]
        assert all(line.startswith(("⚠️", "*")) for line in rest), (
            f"unexpected lines on {user.username}'s screen: {rest}"
        )
        labels = [b.get("label", "") for b in screen.buttons()]
        labels += [o["label"] for s in screen.selects() for o in s["options"]]
        assert not [label for label in labels if "<@" in label], "a raw mention on a button"
        stamp = f":{self.game_id}:{expected.since}:"
        assert all(stamp in c["custom_id"] for c in action_components(screen)), (
            "a fresh screen's components answer the current decisions"
        )


async def public_translator(world: World, guild_id: int) -> Translator:
    """The language public messages of ``guild_id`` must be in: the one an admin stored, else
    the guild's locale in (fake) Discord."""
    chosen = (await world.bot.storage.guilds.get(guild_id)).language
    return translator(chosen or world.fake.world.guilds[guild_id].preferred_locale)


async def expected_table_text(world: World, game_id: int) -> str:
    """The table text computed only from the spectator's view and the stored public events,
    in the guild's language, with the time each waited seat has left now."""
    snapshot = await world.bot.service.snapshot(game_id)
    record, state = snapshot.record, snapshot.state
    assert state is not None
    tr = await public_translator(world, record.guild_id)
    logged = await world.bot.storage.games.recent_actions(game_id, RECENT_ACTIONS)
    recent = recent_lines(presentation(record.game_name), logged, context_for(record, tr))
    times = world.bot.service.deadlines.times(record, state)
    clock = clock_lines(times, seat_names(record, tr), tr, timestamp)
    return table_screen(record, state, recent, tr, clock=clock).text


def without_clock(text: str) -> str:
    """A table's text without its clock lines (the time left changes as the clock moves)."""
    return "\n".join(line for line in text.splitlines() if not line.startswith("⏳ "))


async def spectator_text(world: World, game_id: int, user: User) -> str:
    """What someone who plays no seat is shown when they ask for their screen: the public
    view of the table, in their language, marked "you are watching" (the oracle)."""
    snapshot = await world.bot.service.snapshot(game_id)
    record, state = snapshot.record, snapshot.state
    assert state is not None
    tr = translator(user.locale)
    logged = await world.bot.storage.games.recent_actions(game_id, RECENT_ACTIONS)
    recent = recent_lines(presentation(record.game_name), logged, context_for(record, tr))
    if any(s.user_id == user.id for s in record.seats):
        notice = tr("You left this game: an automatic player has your seat.")
    else:
        notice = tr("You are watching game #{game}: you see what everyone sees.", game=game_id)
    if record.status != GameStatus.ACTIVE:
        notice += " " + tr("This game is over.")
    return "👀 " + notice + "\n" + table_screen(record, state, recent, tr).text


async def leak_scan(
    world: World,
    game_id: int,
    secret_words: Sequence[str] = (),
    spectators: Sequence[User] = (),
) -> None:
    """No public message shows what the rules keep hidden from everyone, nor does anything a
    spectator sees.

    - The table shows exactly what the spectator's view and the public events give.
    - Other public messages about the game (lobby, card, pings) name none of
      ``secret_words``.
    - Private wording ("your seat", "Your hand", "You drew", ...) never appears in public,
      nor in anything ``spectators`` (people who play no seat) see, their own private
      answers included, which are all marked as watching (👀).
    - The seed and the automatic players' secret appear in no message, private ones included.
    """
    snapshot = await world.bot.service.snapshot(game_id)
    seed = re.compile(rf"(?<!\d){snapshot.record.seed}(?!\d)")  # not inside an id
    secret = snapshot.record.automatic_secret
    assert secret is not None
    for message in world.fake.world.messages.values():
        assert not seed.search(message.text()), "the seed reached a message"
        assert secret not in message.text(), "the automatic players' secret reached a message"
    expected = await expected_table_text(world, game_id)
    tr = await public_translator(world, snapshot.record.guild_id)
    title = tr(engine.get_game(snapshot.record.game_name).info.title)
    secret_words = [*secret_words, *(tr(w) for w in secret_words)]
    about_this_game = re.compile(rf"#{game_id}\b")
    options = tr("-# Options: {options}").split("{")[0]
    stored = await world.bot.storage.messages.get(game_id, TABLE)
    table = find_table(world, game_id) if stored is None else world.fake.message(stored.message_id)
    screen_button = f"cr:hand:{game_id}"
    for message in world.fake.world.messages.values():
        if message.ephemeral_for is not None or message.deleted:
            continue
        text = message.text()
        if not about_this_game.search(text):
            continue
        for phrase in PRIVATE_PHRASES:
            assert phrase not in text, f"private wording in a public message: {text!r}"
        if message is table:
            assert text == expected, "the table shows more (or less) than the public view"
        elif any(b.get("custom_id") == screen_button for b in message.buttons()):
            continue  # a table left where the game was played before (a lost thread)
        else:  # the options a started lobby lists (the Rhubarb promo) name no hidden card
            told = [line for line in text.splitlines() if not line.startswith(options)]
            named = [w for w in secret_words if w in "\n".join(told).replace(title, "")]
            assert not named, f"a lobby or ping message names {named}: {text!r}"
    for spectator in spectators:
        assert snapshot.record.seat_of(spectator.id) is None, "a spectator plays no seat"
        for message in spectator.visible_messages():
            text = message.text()
            if not about_this_game.search(text):
                continue
            for phrase in PRIVATE_PHRASES:
                assert phrase not in text, f"{spectator.username} was shown {phrase!r}: {text!r}"
            asked = message.interaction
            if message.ephemeral_for is spectator and asked and asked.name == f"cr:hand:{game_id}":
                assert text.startswith("👀"), (
                    f"{spectator.username}'s screen is not marked as watching: {text!r}"
                )
