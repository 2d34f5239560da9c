"""Pentaquest in a channel, driven only by clicks on what each player sees: whole solo games
(won and lost) and whole games for 2, 3 and 4 players with a leak scan after every click,
played on the table's own controls as much as on the private screens; a restart in the
middle of a turn; a stale click on a die; clicks on the table by players whose turn it is
not; hidden armies that no other player ever sees."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest

import engine
from engine.pentaquest import PLAYERS
from engine.pentaquest.cards import CARDS, DECK
from engine.pentaquest.matcher import beats
from storage import GameStatus
from tests.e2e.conftest import World
from tests.e2e.driver import Driver, action_components, leak_scan, table_closed
from tests.e2e.helpers import MOVED_ON, key_of, start_game, stored, told
from tests.fakediscord.model import Message
from tests.fakediscord.users import User

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


async def check_finished(world: World, driver: PentaquestDriver) -> engine.Outcome:
    """The stored game is finished with the engine's outcome, the table is closed without
    controls, the players are told, and the log replays."""
    snapshot = await stored(world, driver.game_id)
    assert snapshot.record.status == GameStatus.FINISHED
    outcome = engine.outcome(snapshot.state)
    assert outcome is not None
    assert driver.table is not None and table_closed(driver.table)
    assert not action_components(driver.table)
    ping = await world.fake.wait_for_message(
        world.channel, lambda m: f"game #{driver.game_id} is over" in m.content
    )
    assert sorted(u.id for u in ping.mentions) == sorted(u.id for u in driver.players)
    assert (await world.bot.storage.verify_game(driver.game_id)).ok
    return outcome


def final_lines(outcome: engine.Outcome, world: World, snapshot: Any) -> list[str]:
    """The table's line for each seat's score and rank."""
    assert outcome.scores is not None and outcome.ranks is not None
    lines = []
    for seat in snapshot.record.seats:
        rank, score = outcome.ranks[seat.seat], outcome.scores[seat.seat]
        medal = "🏆 " if rank == 1 else ""
        points = "point" if score == 1 else "points"
        lines.append(f"{medal}{rank}. <@{seat.user_id}> — {score} {points}")
    return lines


SOLO_WIN_SEED = 7010
"""A deal the greedy player wins alone (score 27)."""


async def test_a_solo_game_won_with_its_score_and_feel(world: World) -> None:
    driver = await start_pentaquest(world, [world.alice], seed=SOLO_WIN_SEED, greedy=True)
    await driver.play_to_the_end(max_clicks=400)
    outcome = await check_finished(world, driver)
    assert outcome.reason == "won" and outcome.winners == (0,)
    (score,) = outcome.scores
    table = driver.table.text()
    assert f"🏆 **<@{world.alice.id}> won!** Every creature is captured." in table
    assert f"Score: **{score}** (cards left unused in the army)." in table
    assert "over 20 is good, 30 is great" in table
    assert "**Quest area** · deck: 0 cards" in table and "The quest area is empty." in table
    record = (await stored(world, driver.game_id)).record
    assert (record.seats[0].score, record.seats[0].rank) == (score, 1)
    assert driver.table_clicks > 20 and driver.table_clicks < driver.clicks


SOLO_LOSS_SEED = 7071
"""A deal the greedy player loses alone, on turn 42 with 11 cards kept."""


async def test_a_solo_game_lost_has_no_score(world: World) -> None:
    driver = await start_pentaquest(world, [world.alice], seed=SOLO_LOSS_SEED, greedy=True)
    await driver.play_to_the_end(max_clicks=400)
    outcome = await check_finished(world, driver)
    assert outcome == engine.Outcome((), False, "lost", None, None)
    state = (await stored(world, driver.game_id)).state
    table = driver.table.text()
    assert f"**<@{world.alice.id}> lost**: a turn ended without a capture." in table
    kept = len(state.armies[0])
    assert f"A lost game has no score. Card{'' if kept == 1 else 's'} kept: {kept}." in table
    assert "Score:" not in table and kept == 11
    record = (await stored(world, driver.game_id)).record
    assert record.seats[0].score is None and record.result.scores is None


@pytest.mark.parametrize(
    ("seats", "toggles", "settings"),
    [
        pytest.param(2, (), {}, id="2p"),
        pytest.param(3, ("Hidden armies",), {"hidden_check": True, "eager": 0.95},
                     id="3p-hidden-armies"),
        pytest.param(4, (), {"greedy": True}, id="4p-greedy"),
        pytest.param(2, ("Hidden armies",), {"greedy": True, "hidden_check": True},
                     id="2p-greedy-hidden-armies"),
    ],
)  # fmt: skip
async def test_a_full_multiplayer_game_to_the_end(
    world: World, seats: int, toggles: tuple[str, ...], settings: dict[str, Any]
) -> None:
    players = [world.alice, world.bob, world.carol, world.dave][:seats]
    driver = await start_pentaquest(world, players, rng=seats, toggles=toggles, **settings)
    await driver.play_to_the_end(max_clicks=1500)
    outcome = await check_finished(world, driver)
    snapshot = await stored(world, driver.game_id)
    table = driver.table.text()
    assert "**Final scores** (army + discard pile; a tie goes to the most unused army" in table
    for line in final_lines(outcome, world, snapshot):
        assert line in table
    assert [s.rank for s in snapshot.record.seats] == list(outcome.ranks)
    assert [s.score for s in snapshot.record.seats] == list(outcome.scores)
    if outcome.reason == "complete":
        assert "Every creature is captured: the game is over." in table
    else:
        assert outcome.reason == "stall" and "Stall rule: 3 full rounds in a row" in table
    if len(outcome.winners) > 1:
        assert "share the win." in table
    assert driver.table_clicks and driver.refusals and driver.clicks > driver.table_clicks
    if settings.get("greedy"):
        assert outcome.reason == "complete"


async def play_until_greedy(driver: PentaquestDriver, wanted: Any) -> str:
    """Step until the greedy player's next move is one ``wanted(key)`` accepts; returns that
    move, not made."""
    for _click in range(300):
        state = (await stored(driver.world, driver.game_id)).state
        peek = random.Random()
        peek.setstate(driver.brain.getstate())
        key = PLAYERS.greedy_action(engine.view(state, 0), peek).key
        if wanted(key):
            return key
        assert await driver.step(), "the game ended first"
    raise AssertionError("the greedy player never made that move")


def fixes_a_die(key: str) -> bool:
    """Using an add, sub or mirror card."""
    return key.startswith("use:") and CARDS[int(key[4:])].power in ("add", "sub", "mirror")


async def test_a_restart_in_the_middle_of_a_turn_keeps_the_dice_and_the_free_rerolls(
    world: World,
) -> None:
    driver = await start_pentaquest(world, [world.alice], seed=SOLO_WIN_SEED, greedy=True)
    alice = world.alice
    await play_until_greedy(driver, lambda key: key.startswith("reroll:"))
    screen = await driver.show_screen(alice)
    before = (await stored(world, driver.game_id)).state
    assert before.free_rerolls == 1
    assert f"**Turn {before.turn}** · 1 free reroll left" in driver.table.text()
    text = driver.table.text()

    await world.restart()

    state = (await stored(world, driver.game_id)).state
    assert (state.dice, state.free_rerolls, state.turn) == (before.dice, 1, before.turn)
    assert driver.table.text() == text
    await leak_scan(world, driver.game_id, CARD_NAMES)
    fresh = await driver.show_screen(alice)  # a copy the new bot keeps up to date
    # her screen from before the restart still works: the free reroll on it
    key = await driver.greedy_key(alice)
    choice = driver.component_for(screen, key)
    assert key.startswith("reroll:") and choice is not None
    record = await driver.click(alice, screen, choice)
    assert record.response_type == 7 and MOVED_ON not in screen.text()
    await world.bot.wait_idle()
    await driver.check_screen(alice, screen)
    state = (await stored(world, driver.game_id)).state
    assert state.step == before.step + 1 and state.free_rerolls == 0
    # the copy opened after the restart was not the one she clicked: it says "moved on"
    stale = next(c for c in action_components(fresh) if c["type"] == 2)
    record = await alice.click(fresh, custom_id=stale["custom_id"])
    assert record.response_type == 7 and MOVED_ON in fresh.text()
    assert (await stored(world, driver.game_id)).state.step == before.step + 1
    await driver.check_screen(alice, fresh)
    driver.screens[alice.id] = fresh
    await driver.play_to_the_end(max_clicks=400)
    assert (await check_finished(world, driver)).reason == "won"


async def test_a_click_on_a_die_after_the_dice_changed_is_refused_as_stale(world: World) -> None:
    driver = await start_pentaquest(world, [world.alice], seed=SOLO_WIN_SEED, greedy=True)
    alice = world.alice
    card = int((await play_until_greedy(driver, fixes_a_die))[4:])
    state = (await stored(world, driver.game_id)).state
    choice = driver.component_for(driver.table, f"use:{card}")
    assert choice is not None, "every usable army card has its control on the table"
    record = await driver.click(alice, driver.table, choice)
    assert record.response_type == 7
    await world.bot.wait_idle()
    assert f"\nUsing {CARDS[card].name} (" in driver.table.text()
    dies = [c for c in action_components(driver.table) if key_of(c).startswith("die:")]
    assert dies and all(re.search(r"^Die \d: .(\d) → .(\d)$", c["label"]) for c in dies)
    older = await driver.show_screen(alice)  # the die buttons on a screen she keeps open ...
    newer = (await alice.slash(world.channel, "game hand")).original  # ... and a newer copy
    assert newer is not None and newer is not older
    key = await driver.greedy_key(alice)  # the die that fixes the dice
    die = next(c for c in dies if key_of(c) == key)
    record = await alice.click(driver.table, custom_id=die["custom_id"])
    assert record.response_type == 7
    await world.bot.wait_idle()
    snapshot = await stored(world, driver.game_id)
    dice, version = list(snapshot.state.dice), snapshot.record.version
    assert dice != list(state.dice) and CARDS[card].name in driver.table.text()  # discarded
    await driver.check_screen(alice, newer)  # the screen she looks at followed: no die buttons
    assert not [c for c in action_components(newer) if key_of(c).startswith("die:")]

    stale = next(c for c in action_components(older) if key_of(c) == key_of(die))
    record = await alice.click(older, custom_id=stale["custom_id"])
    assert record.response_type == 7 and MOVED_ON in older.text()
    await world.bot.wait_idle()
    snapshot = await stored(world, driver.game_id)
    assert (list(snapshot.state.dice), snapshot.record.version) == (dice, version)
    await driver.check_screen(alice, older)  # it shows the turn as it is now


async def test_others_clicking_the_table_controls_are_refused_privately(world: World) -> None:
    driver = await start_pentaquest(world, [world.alice, world.bob], seed=7003)
    active = driver.active_user()
    other = world.bob if active is world.alice else world.alice
    before = await stored(world, driver.game_id)
    text = driver.table.text()
    controls = action_components(driver.table)
    button = next(c for c in controls if c["type"] == 2)
    menu = next(c for c in controls if c["type"] == 3)
    refusals = [
        await other.click(driver.table, custom_id=button["custom_id"]),
        await other.select(driver.table, ["0"], custom_id=menu["custom_id"]),
    ]
    for record in refusals:
        answer = told(record, other)
        assert REFUSED.format(id=active.id) in answer
        assert "Game #" in answer and "your seat" in answer  # with their own screen
        assert not action_components(record.original)  # nothing to do on it
    record = await world.eve.click(driver.table, custom_id=button["custom_id"])
    assert told(record, world.eve) == "⚠️ You are not playing in this game."
    await world.bot.wait_idle()
    after = await stored(world, driver.game_id)
    assert after.record.version == before.record.version and driver.table.text() == text
    assert after.state.dice == before.state.dice
    # the same control works for the player whose turn it is (asked first when the dice
    # already beat a card the reroll could lose: one the dice kept do not beat alone)
    record = await active.select(driver.table, ["0"], custom_id=menu["custom_id"])
    beaten = engine.view(before.state, None).beaten  # type: ignore[attr-defined]
    kept = before.state.dice[1:]
    if [c for c in beaten if not beats(CARDS[c].requirement, kept)]:
        assert record.response_type == 4 and record.original is not None
        record = await active.click(
            record.original, custom_id=confirm_of(record.original)["custom_id"]
        )
    else:
        assert record.response_type == 7 and record.original is driver.table
    await world.bot.wait_idle()
    assert (await stored(world, driver.game_id)).record.version == before.record.version + 1
    await leak_scan(world, driver.game_id, CARD_NAMES)


async def test_the_lobby_offers_the_table_options(world: World) -> None:
    reply = await world.alice.slash(world.channel, "game new", game="pentaquest")
    lobby = reply.original
    assert lobby is not None and "**Pentaquest** · lobby of game #" in lobby.text()
    assert "The host can start alone (solo) or with up to 4 players." in lobby.text()
    assert {"Hidden armies: off", "Two rerolls on every first turn: off"} <= set(lobby.labels())
    game_id = int(re.search(r"game #(\d+)", lobby.text()).group(1))
    stall = next(s for s in lobby.selects() if s["custom_id"] == f"cr:lopt:{game_id}:stall_rounds")
    labels = [o["label"] for o in stall["options"]]
    assert labels[1] == "Stall rule: 2 rounds" and labels[-1].startswith("Stall rule: off")
    await world.alice.select(lobby, ["1"], custom_id=stall["custom_id"])
    highlight = f"cr:lopt:{game_id}:highlight"
    await world.alice.select(lobby, ["1"], custom_id=highlight)
    await world.alice.click(lobby, label="Hidden armies: off")
    await world.bob.click(lobby, label="Join")
    refused = await world.bob.select(lobby, ["0"], custom_id=stall["custom_id"])
    assert "Only the host can do that." in (refused.answer_text or "")
    record = (await stored(world, game_id)).record
    assert record.options["stall_rounds"] == 2 and record.options["highlight"] is True
    assert record.options["hidden_armies"] is True
    await world.alice.click(lobby, label="Start")
    table = await world.fake.wait_for_message(
        world.channel, lambda m: any(b.get("custom_id") == f"cr:hand:{game_id}"
                                     for b in m.buttons())
    )  # fmt: skip
    text = table.text()
    assert "Stall rule" not in text  # no round has passed without a capture yet
    assert "Stall rule: 2 rounds · Highlight: always" in lobby.text()  # not on every edit
    assert "army: 0 cards (hidden)" in text and ("The dice beat" in text)
    rules = told(await world.alice.slash(world.channel, "game rules"), world.alice)
    assert "**Hidden armies** — " in rules  # one message, this game's options with it
    assert "**Four tiers** — 42 creatures" in rules and "Kraken" not in rules
    assert "Stall rule: 2 rounds · Highlight: always" in rules
