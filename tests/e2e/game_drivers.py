"""The game drivers the end-to-end tests share: the generic driver (``tests.e2e.driver``) with
a game's own oracle after every click, and its way of starting a game."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

import engine
from bot.games.ninjan.presentation import card_text
from bot.i18n import translator
from engine.pentaquest import PLAYERS
from engine.pentaquest.cards import CARDS, DECK
from tests.e2e.conftest import World
from tests.e2e.driver import Driver, action_components, leak_scan, table_closed
from tests.e2e.helpers import key_of, start_game, stored, told
from tests.fakediscord.model import Message
from tests.fakediscord.users import User

_ = translator("en")


SUIT_WORDS = ("Rock", "Paper", "Scissors")


async def check_hands_private(world: World, driver: Driver) -> None:
    """Every card still in a hand, the chosen one included, appears only in its owner's own
    private messages."""
    snapshot = await stored(world, driver.game_id)
    state = snapshot.record, snapshot.state
    record, state = state
    for seat in record.seats:
        hand = engine.view(state, seat.seat).hand  # type: ignore[attr-defined]
        owner = next(u for u in driver.players if u.id == seat.user_id)
        for message in world.fake.world.messages.values():
            if message.deleted or message.ephemeral_for is owner:
                continue
            text = message.text()
            shown = [card for card in hand if card_text(card, _) in text]
            assert not shown, f"{owner.username}'s cards {shown} shown to others: {text!r}"


class NinjanDriver(Driver):
    """The generic driver, with the Ninjan oracle after every click."""

    async def step(self) -> bool:
        moved = await super().step()
        if moved and self.checks:
            await check_hands_private(self.world, self)
        return moved


async def start_ninjan(world: World, players: list, rng: int) -> NinjanDriver:
    generic = await start_game(world, players, game="ninjan", secret_words=SUIT_WORDS, rng=rng)
    driver = NinjanDriver(
        world, generic.players, generic.rng, "ninjan", SUIT_WORDS, generic.game_id, generic.table
    )
    driver.last_ping = generic.last_ping
    return driver


CARD_NAMES = tuple(card.name for card in DECK)


ACTIVE = re.compile(r"<@(\d+)>'s turn")


REFUSED = "⚠️ It is <@{id}>'s turn: only they can use these buttons."


def confirm_of(message: Message) -> dict[str, Any]:
    """The "yes" of the "are you sure?" on ``message``."""
    (button,) = [b for b in message.buttons() if str(b["custom_id"]).startswith("cr:ok:")]
    return button


def kind_of(component: dict[str, Any]) -> str:
    """The decision kind of a select menu (``cr:sel:<game>:<since>:<kind>:<chunk>``)."""
    return str(component["custom_id"]).split(":")[4]


def stamp_of(component: dict[str, Any]) -> int:
    """The decision stamp a component was shown for."""
    return int(str(component["custom_id"]).split(":")[3])


@dataclass
class PentaquestDriver(Driver):
    """The generic driver, with Pentaquest's table controls: the active player (the one the
    table names, or the solo player) plays from the table as often as from their own screen;
    now and then another player tries the table's controls and is refused privately, with
    nothing changed.

    Attributes:
        greedy: choose like the greedy automatic player, on the clicking player's own view
            (exactly what their screen shows), and click the component shown for that move;
            otherwise click at random, taking a capture when one is offered (``eager``).
        on_table: how often the active player uses the table rather than their screen.
        intruders: how often someone else first tries the table's controls.
        hidden_check: after every click, no card of a hidden army is named on the table or on
            another player's screen.
    """

    greedy: bool = False
    eager: float = 0.85
    on_table: float = 0.6
    intruders: float = 0.1
    hidden_check: bool = False
    brain: random.Random = field(default_factory=lambda: random.Random(0))
    table_clicks: int = 0
    refusals: int = 0

    def active_user(self) -> User:
        """Whose turn it is, as the table says (a solo game: its only player)."""
        assert self.table is not None
        if len(self.players) == 1:
            return self.players[0]
        found = ACTIVE.search(self.table.text())
        assert found, f"the table names no player to move: {self.table.text()!r}"
        return next(u for u in self.players if u.id == int(found.group(1)))

    def random_choice(self, message: Message) -> tuple[dict[str, Any], list[str]]:
        """A random component of ``message`` (a capture, when offered, most of the time) and,
        for a menu, random values."""
        components = action_components(message)
        assert components, "nothing to click"
        captures = [c for c in components if c["type"] == 2 and key_of(c).startswith("capture:")]
        if captures and self.rng.random() < self.eager:
            return self.rng.choice(captures), []
        component = self.rng.choice(components)
        if component["type"] == 2:
            return component, []
        values = [o["value"] for o in component["options"]]
        count = self.rng.randint(component.get("min_values", 1), component.get("max_values", 1))
        return component, self.rng.sample(values, count)

    async def greedy_key(self, user: User) -> str:
        """The greedy automatic player's move on ``user``'s own view."""
        snapshot = await stored(self.world, self.game_id)
        seat = snapshot.record.seat_of(user.id)
        assert seat is not None and snapshot.state is not None
        return PLAYERS.greedy_action(engine.view(snapshot.state, seat.seat), self.brain).key

    @staticmethod
    def component_for(message: Message, key: str) -> tuple[dict[str, Any], list[str]] | None:
        """The component of ``message`` (and the menu values) that makes the move ``key``."""
        for component in action_components(message):
            if component["type"] == 2:
                if key_of(component) == key:
                    return component, []
                continue
            values = [o["value"] for o in component["options"]]
            if key in values:
                return component, [key]
            multi = component.get("max_values", 1) > 1
            if multi and key.startswith(kind_of(component) + ":"):
                return component, key.split(":", 1)[1].split("+")
        return None

    @staticmethod
    async def click(user: User, message: Message, choice: tuple[dict[str, Any], list[str]]) -> Any:
        component, values = choice
        if component["type"] == 2:
            return await user.click(message, custom_id=component["custom_id"])
        return await user.select(message, values, custom_id=component["custom_id"])

    async def step(self) -> bool:
        """One click by the active player, on the table or on their own screen."""
        assert self.table is not None
        if table_closed(self.table):
            return False
        for user in self.new_ping():
            await self.show_screen(user)
        active = self.active_user()
        on_table = bool(action_components(self.table))
        if on_table and len(self.players) > 1 and self.rng.random() < self.intruders:
            await self.intrude(self.rng.choice([u for u in self.players if u is not active]))
        key = await self.greedy_key(active) if self.greedy else None
        if on_table and self.rng.random() < self.on_table:
            choice = self.random_choice(self.table) if key is None else None
            if key is not None:
                choice = self.component_for(self.table, key)  # None: only on the own screen
            if choice is not None:
                return await self.table_step(active, choice)
        screen = self.screens.get(active.id)
        if screen is None or not action_components(screen):
            screen = await self.show_screen(active)
        choice = self.random_choice(screen) if key is None else self.component_for(screen, key)
        assert choice is not None, f"{active.username}'s screen shows no component for {key}"
        return await self.screen_step(active, screen, choice)

    async def table_step(self, user: User, choice: tuple[dict[str, Any], list[str]]) -> bool:
        assert self.table is not None
        record = await self.click(user, self.table, choice)
        if record.response_type == 4:  # "are you sure?", privately: the dice beat a card
            question = record.original
            assert question is not None and question.ephemeral_for is user
            assert "⚠️ Your dice" in question.text()
            self.screens[user.id] = question
            return await self.screen_step(user, question, (confirm_of(question), []))
        assert record.response_type == 7 and record.original is self.table, (
            "a click on the table's controls is answered by the table itself"
        )
        await self.world.bot.wait_idle()
        self.clicks += 1
        self.table_clicks += 1
        await self.after_click(user)
        return True

    async def screen_step(
        self, user: User, screen: Message, choice: tuple[dict[str, Any], list[str]]
    ) -> bool:
        record = await self.click(user, screen, choice)
        assert record.response_type == 7, "the player's screen is updated in place"
        await self.world.bot.wait_idle()
        self.clicks += 1
        if "The game has moved on" in screen.text():
            self.moved_on += 1
        await self.after_click(user)
        return True

    async def intrude(self, user: User) -> None:
        """``user``, whose turn it is not, clicks the table's controls: a private refusal
        naming the player whose turn it is, and nothing changes."""
        assert self.table is not None
        before = await stored(self.world, self.game_id)
        text = self.table.text()
        record = await self.click(user, self.table, self.random_choice(self.table))
        answer = told(record, user)
        assert REFUSED.format(id=self.active_user().id) in answer
        self.screens[user.id] = record.original  # their own screen came with it
        await self.world.bot.wait_idle()
        after = await stored(self.world, self.game_id)
        assert after.record.version == before.record.version, "a refused click changed the game"
        assert self.table.text() == text
        self.refusals += 1

    async def after_click(self, user: User) -> None:
        if not self.checks:
            return
        await leak_scan(self.world, self.game_id, self.secret_words)
        await self.check_table()
        for player in self.players:  # every screen a player has open shows the game as it is
            if player.id in self.screens and not table_closed(self.table):  # type: ignore[arg-type]
                await self.check_screen(player, self.screens[player.id])
        if self.hidden_check:
            await self.check_hidden_armies()

    async def check_table(self) -> None:
        """The table's controls answer the active seat's current decisions."""
        assert self.table is not None
        snapshot = await stored(self.world, self.game_id)
        state = snapshot.state
        assert state is not None
        pending = engine.decisions(state)
        for component in action_components(self.table):
            assert stamp_of(component) == pending[0].since

    async def check_hidden_armies(self) -> None:
        """No card of a hidden army is named on the table or on another player's screen."""
        assert self.table is not None
        snapshot = await stored(self.world, self.game_id)
        state = snapshot.state
        assert state is not None and state.options.hidden_armies
        if engine.outcome(state) is not None:
            return  # the armies are shown at the end
        for component in action_components(self.table):
            assert not key_of(component).startswith("use:") and ":use:" not in str(
                component["custom_id"]
            ), "an army card's control on the public table"
        for seat in snapshot.record.seats:
            names = [CARDS[c].name for c in state.armies[seat.seat]]
            others = [self.table] + [m for uid, m in self.screens.items() if uid != seat.user_id]
            for message in others:
                shown = [n for n in names if n in message.text()]
                assert not shown, f"seat {seat.seat}'s hidden {shown} in {message.text()!r}"


async def start_pentaquest(
    world: World, players: list[User], *, seed: int | None = None, rng: int = 0,
    toggles: tuple[str, ...] = (), **settings: Any,
) -> PentaquestDriver:  # fmt: skip
    generic = await start_game(
        world, players, game="pentaquest", secret_words=CARD_NAMES, seed=seed, rng=rng,
        toggles=toggles,
    )  # fmt: skip
    driver = PentaquestDriver(
        world, generic.players, generic.rng, "pentaquest", CARD_NAMES, generic.game_id,
        generic.table, **settings,
    )  # fmt: skip
    driver.last_ping = generic.last_ping
    return driver
