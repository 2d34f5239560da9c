"""Playing Abandon All Artichokes in the fake Discord the way people do: looking only at the
messages each user can see and clicking the components on them (random choices, seeded).

The database is read only as the test's oracle (leak scan, hand checks), never to decide.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

import engine
from bot.games import presenter
from bot.games.artichokes.events import cards_text
from bot.i18n import translator
from bot.table import (
    RECENT_ACTIONS,
    RECENT_LINES,
    TableKeeper,
    ended_early,
    seat_labels,
    seat_names,
)
from engine.artichokes.cards import ALL_KINDS
from tests.e2e.conftest import World
from tests.fakediscord.model import Message
from tests.fakediscord.users import User

_ = translator("en")
MENTION = re.compile(r"<@(\d+)>")
PRIVATE_PHRASES = ("Your hand", "You drew", "You passed", "passed you", "You chose to pass")


def action_components(message: Message) -> list[dict[str, Any]]:
    """The enabled action buttons and selects on a player's screen."""
    found = [
        b
        for b in message.buttons()
        if str(b.get("custom_id", "")).startswith("cr:act:") and not b.get("disabled")
    ]
    found += [s for s in message.selects() if str(s.get("custom_id", "")).startswith("cr:sel:")]
    return found


def table_closed(table: Message) -> bool:
    """The table's Show my hand is greyed out (the game has ended); Rules stays usable."""
    states = {b.get("label"): bool(b.get("disabled")) for b in table.buttons()}
    assert states.get("Rules") is False, "the Rules button stays usable"
    return states["Show my hand"]


def hand_line(hand: tuple[str, ...]) -> str:
    """The "Your hand" line the bot shows for ``hand``."""
    return _("**Your hand** ({count}): {cards}", count=len(hand), cards=cards_text(hand, _))


def public_messages(world: World) -> list[Message]:
    """Every message of the game channel everybody can see, deleted ones left out."""
    return [
        m
        for m in world.fake.world.messages.values()
        if m.channel is world.channel and m.ephemeral_for is None and not m.deleted
    ]


@dataclass
class Driver:
    """The players' side of one game: the table message and each player's latest screen."""

    world: World
    players: list[User]
    rng: random.Random
    game_id: int = 0
    table: Message | None = None
    screens: dict[int, Message] = field(default_factory=dict)
    clicks: int = 0
    moved_on: int = 0
    last_ping: int = 0
    checks: bool = True
    """Run the oracle checks (screens, leak scan) after every click; benchmarks turn them off."""

    async def open_and_start(self, toggles: tuple[str, ...] = ()) -> int:
        """The first player opens a lobby, the others join, the host switches the ``toggles``
        options on and starts. Returns the game id."""
        host, *others = self.players
        lobby = (await host.slash(self.world.channel, "game new", game="artichokes")).original
        assert lobby is not None
        self.game_id = int(re.search(r"game #(\d+)", lobby.text()).group(1))  # type: ignore[union-attr]
        for user in others:
            await user.click(lobby, label="Join")
        for label in toggles:
            await host.click(lobby, label=f"{label}: off")
            assert f"{label}: on" in lobby.labels()
        await host.click(lobby, label="Start")
        assert "Join" not in lobby.labels()
        self.table = await self.world.fake.wait_for_message(
            self.world.channel,
            lambda m: f"game #{self.game_id} ·" in m.text() and "Show my hand" in m.labels(),
        )
        return self.game_id

    async def show_hand(self, user: User) -> Message:
        """``user`` presses Show my hand on the table; returns their new private screen."""
        assert self.table is not None
        record = await user.click(self.table, label="Show my hand")
        screen = record.original
        assert screen is not None and screen.ephemeral_for is user
        self.screens[user.id] = screen
        if self.checks:
            await self.check_screen(user, screen)
        return screen

    def new_ping(self) -> list[User]:
        """The players mentioned by a ping the players have not read yet (then it is read)."""
        for message in sorted(public_messages(self.world), key=lambda m: m.id, reverse=True):
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
        for user in self.new_ping():  # people who are pinged look at their hand
            await self.show_hand(user)
        candidates = self.actionable(self.players)
        if not candidates:
            for user in self.players:
                await self.show_hand(user)
            candidates = self.actionable(self.players)
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
        assert record.response_type == 7, "the player's screen is updated in place"
        await self.world.bot.wait_idle()  # the table edit and pings that follow the action
        self.clicks += 1
        if "The game has moved on" in screen.text():
            self.moved_on += 1
        if self.checks:
            await self.check_screen(user, screen)
            await leak_scan(self.world, self.game_id)
        return True

    async def play_to_the_end(self, max_clicks: int = 3000) -> None:
        """Step until nobody can act."""
        while await self.step():
            assert self.clicks < max_clicks, "the game does not end"

    async def check_screen(self, user: User, screen: Message) -> None:
        """The oracle: a private screen shows its owner's real hand as stored right now."""
        snapshot = await self.world.bot.service.snapshot(self.game_id)
        seat = snapshot.record.seat_of(user.id)
        assert seat is not None and snapshot.state is not None
        view = engine.view(snapshot.state, seat.seat)
        lines = screen.text().splitlines()
        assert hand_line(view.hand) in lines, (
            f"{user.username}'s screen does not show their hand {view.hand}: {screen.text()!r}"
        )
        assert sum(line.startswith("**Your hand**") for line in lines) == 1
        labels = [b.get("label", "") for b in screen.buttons()]
        labels += [o["label"] for s in screen.selects() for o in s["options"]]
        assert not [label for label in labels if "<@" in label], "a raw mention on a button"
        names = seat_names(snapshot.record, _)
        expected = (
            presenter("artichokes")
            .hand_screen(view, names, [], _, labels=seat_labels(snapshot.record, _))
            .text
        )
        rest = [line for line in lines if line not in expected.splitlines()]
        allowed = ("Game #", "⚠️", "*")  # header, notice, private event lines (italic)
        assert all(line.startswith(allowed) for line in rest), (
            f"unexpected lines on {user.username}'s screen: {rest}"
        )
        current = f":{self.game_id}:{snapshot.record.version}:"
        assert all(current in c["custom_id"] for c in action_components(screen)), (
            "a fresh screen's components carry the current version"
        )


async def expected_table_text(world: World, game_id: int) -> str:
    """The table text computed only from the spectator's view and the stored public events."""
    snapshot = await world.bot.service.snapshot(game_id)
    record, state = snapshot.record, snapshot.state
    assert state is not None
    show = presenter(record.game_name)
    names = seat_names(record, _)
    recent = [
        line
        for logged in await world.bot.storage.games.recent_actions(game_id, RECENT_ACTIONS)
        for event in logged.public_events
        if (line := show.event_line(event, None, names, _))
    ]
    text = show.table_text(
        engine.view(state, None),
        names,
        recent[-RECENT_LINES:],
        _,
        game_id,
        closed=ended_early(record),
    )
    banner = TableKeeper.banner(record, names, _)
    return f"{banner}\n\n{text}" if banner else text


async def leak_scan(world: World, game_id: int) -> None:
    """No public message shows what the rules keep hidden from everyone.

    - The table shows exactly what the spectator's view and the public events give (so no
      hand, deck or Garden Stack card while the game runs; every final hand once it is over).
    - Other public messages about the game (lobby, pings) name no card at all.
    - Private wording ("Your hand", "You drew", ...) never appears in public.
    - The seed appears in no message, private ones included.
    """
    snapshot = await world.bot.service.snapshot(game_id)
    seed = str(snapshot.record.seed)
    for message in world.fake.world.messages.values():
        assert seed not in message.text(), "the seed reached a message"
    expected = await expected_table_text(world, game_id)
    about_this_game = re.compile(rf"game #{game_id}\b")
    for message in public_messages(world):
        text = message.text()
        if not about_this_game.search(text):
            continue
        for phrase in PRIVATE_PHRASES:
            assert phrase not in text, f"private wording in a public message: {text!r}"
        if "Show my hand" in message.labels():
            assert text == expected, "the table shows more (or less) than the public view"
        else:
            named = [k for k in ALL_KINDS if k in text.replace("Abandon All Artichokes", "")]
            assert not named, f"a lobby or ping message names cards {named}: {text!r}"
