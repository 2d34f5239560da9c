"""Verso in a channel, driven only by clicks on what each player sees: whole games solo and
for 2, 3 and 8 players, the active player playing on the table's own controls as much as on
their private screen, with the leak scan after every click and a check that no never-seen
down side is in any message (the table, every open private screen, its owner's included);
a restart in the middle of the game; clicks on the table by players whose turn it is not;
the channel's mention of a player whose card a neighbour's series flipped."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

import engine
from bot.games.verso.texts import SQUARES, backs_text, number_text, vp_mark
from bot.i18n import translator
from bot.texts.rendering import seat_screen, table_screen
from engine.verso import PLAYERS
from engine.verso.cards import COLOUR, COLOURS, DECK
from engine.verso.ladder import ladder_line, ladder_rung
from engine.verso.view import SIDE_VIEWS
from storage import GameStatus
from tests.e2e.conftest import World
from tests.e2e.driver import Driver, action_components, leak_scan, table_closed
from tests.e2e.helpers import MOVED_ON, key_of, start_game, stored, told
from tests.fakediscord.model import Message
from tests.fakediscord.users import User

_ = translator("en")
ACTIVE = re.compile(r"<@(\d+)>'s turn")
REFUSED = "⚠️ It is <@{id}>'s turn: only they can use these buttons."
TOKEN = re.compile(r"([1-6J])(★?)(?: \(([🟦🟩🟧])([1-6J])(★?)\))?")
"""A card of a row: its number, ★ when worth 3 VP, and its other side when seen."""
EXTRA_PLAYERS = ("frank", "grace", "heidi")


def stamp_of(component: dict[str, Any]) -> int:
    """The decision stamp a component was shown for."""
    return int(str(component["custom_id"]).split(":")[3])


def side_token(face: int, *, colour: bool) -> str:
    """How the bot writes the side ``face`` (the test's own copy of the notation)."""
    side = SIDE_VIEWS[face]
    mark = SQUARES[side.colour] if colour else ""
    return f"{mark}{number_text(side.number)}{vp_mark(side.vp)}"


def expected_rows(state: Any, seat: int) -> list[list[tuple[str, str | None]]]:
    """``seat``'s rows from the stored state (the oracle): each card's up side and its down
    side only when that has been seen."""
    rows: list[list[tuple[str, str | None]]] = [[], [], []]
    for face in state.tableaux[seat]:
        down = side_token(face ^ 1, colour=True) if face >> 1 in state.seen else None
        rows[COLOUR[face]].append((side_token(face, colour=False), down))
    return rows


def shown_rows(lines: list[str], header: int) -> list[list[tuple[str, str | None]]]:
    """The three rows written under the line ``header``, card by card."""
    rows = []
    for colour, line in zip(COLOURS, lines[header + 1 : header + 4], strict=True):
        assert line.startswith(SQUARES[colour] + " "), line
        body = line[len(SQUARES[colour]) + 1 :]
        if body == "·":
            rows.append([])
            continue
        cards = []
        for m in TOKEN.finditer(body):
            down = None if m.group(3) is None else m.group(3) + m.group(4) + m.group(5)
            cards.append((m.group(1) + m.group(2), down))
        assert TOKEN.sub("", body).strip() == "", f"unreadable row {line!r}"
        rows.append(cards)
    return rows


@dataclass
class VersoDriver(Driver):
    """The generic driver, with Verso's table controls: the active player (the one the table
    names, or the solo player) plays from the table as often as from their own screen; now
    and then another player first tries the table's controls and is refused privately. The
    final series is chosen on the private screens, everyone at once, with changes of mind.

    Attributes:
        greedy: choose like the greedy automatic player on the clicking player's own view
            (what their screen shows) and click the component shown for that move.
        on_table: how often the active player uses the table rather than their screen.
        intruders: how often someone else first tries the table's controls.
    """

    greedy: bool = False
    on_table: float = 0.6
    intruders: float = 0.1
    brain: random.Random = field(default_factory=lambda: random.Random(0))
    table_clicks: int = 0
    refusals: int = 0
    texts: list[str] = field(default_factory=list)

    def active_user(self) -> User:
        """Whose turn it is, as the table says (a solo game: its only player)."""
        assert self.table is not None
        if len(self.players) == 1:
            return self.players[0]
        found = ACTIVE.search(self.table.text())
        assert found, f"the table names no player to move: {self.table.text()!r}"
        return next(u for u in self.players if u.id == int(found.group(1)))

    def random_choice(self, message: Message) -> tuple[dict[str, Any], list[str]]:
        components = action_components(message)
        assert components, "nothing to click"
        component = self.rng.choice(components)
        if component["type"] == 2:
            return component, []
        return component, [self.rng.choice([o["value"] for o in component["options"]])]

    async def greedy_key(self, user: User) -> str:
        snapshot = await stored(self.world, self.game_id)
        seat = snapshot.record.seat_of(user.id)
        assert seat is not None and snapshot.state is not None
        return PLAYERS.greedy_action(engine.view(snapshot.state, seat.seat), self.brain).key

    @staticmethod
    def component_for(message: Message, key: str) -> tuple[dict[str, Any], list[str]] | None:
        for component in action_components(message):
            if component["type"] == 2 and key_of(component) == key:
                return component, []
            if component["type"] == 3 and key in [o["value"] for o in component["options"]]:
                return component, [key]
        return None

    @staticmethod
    async def click(user: User, message: Message, choice: tuple[dict[str, Any], list[str]]) -> Any:
        component, values = choice
        if component["type"] == 2:
            return await user.click(message, custom_id=component["custom_id"])
        return await user.select(message, values, custom_id=component["custom_id"])

    async def choose(self, user: User, message: Message) -> tuple[dict[str, Any], list[str]]:
        if not self.greedy:
            return self.random_choice(message)
        choice = self.component_for(message, await self.greedy_key(user))
        assert choice is not None, f"no component for the greedy move on {message.text()!r}"
        return choice

    async def step(self) -> bool:
        assert self.table is not None
        if table_closed(self.table):
            return False
        for user in self.new_ping():
            await self.show_screen(user)
        if not action_components(self.table):  # the final series: private screens only
            candidates = self.actionable(self.players)
            if not candidates:
                for user in self.players:
                    await self.show_screen(user)
                candidates = self.actionable(self.players)
            if not candidates:
                return False
            user = self.rng.choice(candidates)
            screen = self.screens[user.id]
            return await self.screen_step(user, screen, await self.choose(user, screen))
        active = self.active_user()
        if len(self.players) > 1 and self.rng.random() < self.intruders:
            await self.intrude(self.rng.choice([u for u in self.players if u is not active]))
        if self.rng.random() < self.on_table:
            return await self.table_step(active, await self.choose(active, self.table))
        screen = self.screens.get(active.id)
        if screen is None or not action_components(screen):
            screen = await self.show_screen(active)
        return await self.screen_step(active, screen, await self.choose(active, screen))

    async def table_step(self, user: User, choice: tuple[dict[str, Any], list[str]]) -> bool:
        assert self.table is not None
        record = await self.click(user, self.table, choice)
        assert record.response_type == 7 and record.original is self.table, (
            "a click on the table's controls is answered by the table itself"
        )
        await self.world.bot.wait_idle()
        self.clicks += 1
        self.table_clicks += 1
        await self.after_click()
        return True

    async def screen_step(
        self, user: User, screen: Message, choice: tuple[dict[str, Any], list[str]]
    ) -> bool:
        record = await self.click(user, screen, choice)
        assert record.response_type == 7, "the player's screen is updated in place"
        await self.world.bot.wait_idle()
        self.clicks += 1
        if "The game has moved on" in screen.text() or "already your choice" in screen.text():
            self.moved_on += 1
        await self.after_click()
        return True

    async def intrude(self, user: User) -> None:
        """``user``, whose turn it is not, clicks the table's controls: a private refusal
        naming the player whose turn it is, and nothing changes."""
        assert self.table is not None
        before = await stored(self.world, self.game_id)
        text = self.table.text()
        record = await self.click(user, self.table, self.random_choice(self.table))
        assert REFUSED.format(id=self.active_user().id) in told(record, user)
        self.screens[user.id] = record.original  # their own screen came with it
        await self.world.bot.wait_idle()
        after = await stored(self.world, self.game_id)
        assert after.record.version == before.record.version, "a refused click changed the game"
        assert self.table.text() == text
        self.refusals += 1

    async def after_click(self) -> None:
        assert self.table is not None
        self.texts.append(self.table.text())
        if not self.checks:
            return
        await leak_scan(self.world, self.game_id, self.secret_words)
        snapshot = await stored(self.world, self.game_id)
        assert snapshot.state is not None
        pending = engine.decisions(snapshot.state)
        for component in action_components(self.table):  # they answer the current turn
            assert stamp_of(component) == pending[0].since
        for player in self.players:  # every open screen shows the game as it is now
            if player.id in self.screens and not table_closed(self.table):
                await self.check_screen(player, self.screens[player.id])
        await check_no_unseen_back(self.world, self)


def card_of(up: tuple[str, str, str], down: tuple[str, str, str]) -> int:
    """The deck's card with these two sides (colour, number or ``J``, VP mark)."""

    def side(colour: str, number: str, vp: str) -> tuple[int, int, int]:
        return (COLOURS.index(colour), 0 if number == "J" else int(number), 3 if vp == "★" else 1)

    wanted = {side(*up), side(*down)}
    (card,) = [c for c, sides in enumerate(DECK) if set(sides) == wanted]
    return card


async def check_backs_in_every_message(world: World, game_id: int) -> None:
    """Every back any message ever showed in a tableau row — public or private, its owner's
    included, deleted or not — is the back of a card whose both sides are public now (flipped
    on a tableau, or discarded): a back nobody has seen was never written."""
    state = (await stored(world, game_id)).state
    assert state is not None
    public = set(state.seen) | {f >> 1 for f in state.discard}
    colour_of = {square: name for name, square in SQUARES.items()}
    for message in world.fake.world.messages.values():
        for line in message.text().splitlines():
            if line[:1] not in colour_of or line[1:2] != " ":
                continue
            row = colour_of[line[0]]
            for m in TOKEN.finditer(line[2:]):
                if m.group(3) is None:
                    continue
                down = (colour_of[m.group(3)], m.group(4), m.group(5))
                card = card_of((row, m.group(1), m.group(2)), down)
                assert card in public, f"a back nobody has seen, in {line!r}"


async def check_no_unseen_back(world: World, driver: VersoDriver) -> None:
    """No message shows a down side nobody has seen, its owner's own screen included.

    - Every tableau written on the table and on its owner's screen has exactly the stored up
      sides, and a down side exactly for the cards whose down side was seen.
    - The Draw Pile's top card is written by its shown side only; its back by every side the
      deck allows (never fewer than three), the true one among them.
    - The table and every open screen are the same when every unseen card is dealt afresh
      (they depend on nothing hidden).
    - Every back in any message, ever, is of a card whose both sides are public.
    """
    await check_backs_in_every_message(world, driver.game_id)
    snapshot = await stored(world, driver.game_id)
    record, state = snapshot.record, snapshot.state
    assert state is not None and driver.table is not None
    table = driver.table.text().splitlines()
    for seat in record.seats:
        header = next(i for i, line in enumerate(table) if f"<@{seat.user_id}> — **" in line)
        assert shown_rows(table, header) == expected_rows(state, seat.seat)
    for user_id, screen in driver.screens.items():
        lines = screen.text().splitlines()
        mine = [i for i, line in enumerate(lines) if line.startswith("**Your tableau** — ")]
        seat = record.seat_of(user_id)
        assert seat is not None
        for header in mine:
            assert shown_rows(lines, header) == expected_rows(state, seat.seat)
    if state.pile:
        top = state.pile[-1]
        pile = next(i for i, line in enumerate(table) if line.startswith("**Draw Pile**"))
        assert f"top: {side_token(top, colour=True)} · " in table[pile]
        backs = backs_text(SIDE_VIEWS[top], _)
        assert table[pile + 1] == f"-# Its back, never seen: one of {backs}"
        assert backs.count("🟦") + backs.count("🟩") + backs.count("🟧") >= 3
        assert side_token(top ^ 1, colour=True) in backs.replace(",", " ").split()
    rng = random.Random(state.step)
    other = engine.redistribute(state, None, rng)
    assert table_screen(record, other, [], _) == table_screen(record, state, [], _)
    for user_id in driver.screens:
        seat = record.seat_of(user_id)
        assert seat is not None
        other = engine.redistribute(state, seat.seat, rng)
        assert seat_screen(record, other, seat.seat, _) == seat_screen(record, state, seat.seat, _)


async def start_verso(
    world: World, players: list[User], *, seed: int | None = None, rng: int = 0, **settings: Any
) -> VersoDriver:
    generic = await start_game(world, players, game="verso", secret_words=(), seed=seed, rng=rng)
    driver = VersoDriver(
        world, generic.players, generic.rng, "verso", (), generic.game_id, generic.table,
        **settings,
    )  # fmt: skip
    driver.last_ping = generic.last_ping
    return driver


def more_players(world: World, count: int) -> list[User]:
    """The world's five players, then new members up to ``count``."""
    players = [world.alice, world.bob, world.carol, world.dave, world.eve]
    for name in EXTRA_PLAYERS[: max(0, count - len(players))]:
        user = world.fake.add_user(name)
        world.guild.add_member(user)
        players.append(user)
    return players[:count]


async def check_finished(world: World, driver: VersoDriver) -> engine.Outcome:
    """Finished with the engine's outcome, the table closed without controls, everyone told,
    the log replays."""
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


async def test_a_solo_game_ends_with_its_ladder_line(world: World) -> None:
    driver = await start_verso(world, [world.alice], seed=7100, greedy=True)
    await driver.play_to_the_end(max_clicks=100)
    outcome = await check_finished(world, driver)
    (score,) = outcome.scores
    table = driver.table.text()
    assert f"**Game over** · <@{world.alice.id}> scored **{score} VP**." in table
    rung = ladder_rung(score)
    assert rung is not None, f"the greedy player scored only {score}"
    assert f"🏅 {rung}+ VP: {ladder_line(score)}" in table
    assert outcome.reason == f"solo_ladder_{rung}"
    assert any("🤖 The opponent turned over " in text for text in driver.texts)
    assert driver.table_clicks and driver.table_clicks < driver.clicks


async def test_a_solo_game_below_the_ladder_says_where_it_starts(world: World) -> None:
    driver = await start_verso(world, [world.alice], rng=3)
    await driver.play_to_the_end(max_clicks=100)
    outcome = await check_finished(world, driver)
    (score,) = outcome.scores
    assert score < 35, "random clicks score below the ladder"
    table = driver.table.text()
    assert f"**Game over** · <@{world.alice.id}> scored **{score} VP**." in table
    assert "-# The ladder starts at 35 VP, the average score." in table and "🏅" not in table
    assert outcome.reason == "solo_below_ladder"


@pytest.mark.parametrize("seats", [2, 3, 8])
async def test_a_full_game_to_the_end(world: World, seats: int) -> None:
    driver = await start_verso(world, more_players(world, seats), rng=seats)
    await driver.play_to_the_end(max_clicks=600)
    outcome = await check_finished(world, driver)
    snapshot = await stored(world, driver.game_id)
    table = driver.table.text()
    assert "**Final scores**" in table
    for seat in snapshot.record.seats:
        rank, score = outcome.ranks[seat.seat], outcome.scores[seat.seat]
        medal = "🏆 " if rank == 1 else ""
        assert f"{medal}{rank}. <@{seat.user_id}> — {score} VP" in table
    assert [s.score for s in snapshot.record.seats] == list(outcome.scores)
    assert [s.rank for s in snapshot.record.seats] == list(outcome.ranks)
    assert driver.table_clicks and driver.refusals and driver.clicks > driver.table_clicks
    log = await world.bot.storage.games.get_actions(driver.game_id)
    finals = Counter(a.seat for a in log if a.action_key.startswith("final:"))
    assert finals, "someone chose a final series"
    if seats == 8:  # a player changed their mind before everyone had chosen
        assert max(finals.values()) > 1


async def test_a_restart_in_the_middle_of_the_game(world: World) -> None:
    driver = await start_verso(world, [world.alice, world.bob], rng=11)
    for _click in range(12):
        assert await driver.step()
    active = driver.active_user()
    screen = await driver.show_screen(active)
    before = await stored(world, driver.game_id)
    text = driver.table.text()

    await world.restart()

    after = await stored(world, driver.game_id)
    assert engine.dumps(after.state) == engine.dumps(before.state)
    assert driver.table.text() == text
    await leak_scan(world, driver.game_id)
    # the screen from before the restart still works: the active player draws from it
    draw = next(c for c in action_components(screen) if c["type"] == 2)
    record = await active.click(screen, custom_id=draw["custom_id"])
    assert record.response_type == 7 and MOVED_ON not in screen.text()
    await world.bot.wait_idle()
    assert (await stored(world, driver.game_id)).state.step == before.state.step + 1
    await driver.check_screen(active, screen)
    await check_no_unseen_back(world, driver)
    # and so do the table's controls, for whoever's turn it is now
    await driver.play_to_the_end(max_clicks=300)
    await check_finished(world, driver)


async def test_others_clicking_the_table_controls_are_refused_privately(world: World) -> None:
    driver = await start_verso(world, [world.alice, world.bob, world.carol], rng=5)
    while not [c for c in action_components(driver.table) if c["type"] == 3]:
        assert await driver.step()  # until the active player can bank (a menu on the table)
    active = driver.active_user()
    other = next(u for u in driver.players if u is not active)
    before = await stored(world, driver.game_id)
    text = driver.table.text()
    controls = action_components(driver.table)
    button = next(c for c in controls if c["type"] == 2)
    menu = next(c for c in controls if c["type"] == 3)
    refusals = [
        await other.click(driver.table, custom_id=button["custom_id"]),
        await other.select(
            driver.table, [menu["options"][0]["value"]], custom_id=menu["custom_id"]
        ),
    ]
    for record in refusals:
        answer = told(record, other)
        assert REFUSED.format(id=active.id) in answer
        assert "Game #" in answer and "your seat" in answer  # with their own screen
        assert not action_components(record.original)  # nothing for them to do on it
    record = await world.eve.click(driver.table, custom_id=button["custom_id"])
    assert told(record, world.eve) == "⚠️ You are not playing in this game."
    await world.bot.wait_idle()
    after = await stored(world, driver.game_id)
    assert after.record.version == before.record.version and driver.table.text() == text
    # the same control works for the player whose turn it is
    record = await active.select(
        driver.table, [menu["options"][0]["value"]], custom_id=menu["custom_id"]
    )
    assert record.response_type == 7 and record.original is driver.table
    await world.bot.wait_idle()
    assert (await stored(world, driver.game_id)).record.version == before.record.version + 1
    await leak_scan(world, driver.game_id)


async def test_a_player_whose_card_a_neighbours_series_flips_is_mentioned(world: World) -> None:
    world.bot.room.screens.watching_seconds = -1.0  # nobody watches: pings notify
    driver = await start_verso(world, [world.alice, world.bob, world.carol], rng=9)
    for _click in range(200):
        menus = [c for c in action_components(driver.table) if c["type"] == 3]
        flipping = [
            (menu, option)
            for menu in menus
            for option in menu["options"]
            if " flips " in option.get("description", "")
        ]
        if flipping:
            break
        assert await driver.step()
    else:
        raise AssertionError("no series ever made a neighbour flip")
    menu, option = flipping[0]
    active = driver.active_user()
    snapshot = await stored(world, driver.game_id)
    banker = snapshot.record.seat_of(active.id).seat
    record = await active.select(driver.table, [option["value"]], custom_id=menu["custom_id"])
    assert record.response_type == 7
    await world.bot.wait_idle()
    flipped = [
        e
        for e in (await world.bot.storage.games.get_actions(driver.game_id))[-1].public_events
        if e.kind == "neighbour_flip"
    ]
    assert flipped and all(e.data["by"] == banker for e in flipped)
    ping = await world.fake.wait_for_message(
        world.channel, lambda m: "series flipped your" in m.content
    )
    for event in flipped:
        user_id = snapshot.record.seats[event.seat].user_id
        line = next(
            line for line in ping.content.splitlines() if line.startswith(f"<@{user_id}>: ")
        )
        assert f"<@{active.id}>'s series flipped your " in line
        assert f"in game #{driver.game_id}" in line
        assert user_id in [u.id for u in ping.mentions]  # notified, not only named
    # the next player is pinged for their turn in the same message
    nxt = driver.active_user()
    assert f"<@{nxt.id}>: your move in game #{driver.game_id}" in ping.content
    await leak_scan(world, driver.game_id)
    await check_no_unseen_back(world, driver)


async def test_the_lobby_offers_verso_for_one_to_eight_and_starts_solo(world: World) -> None:
    reply = await world.alice.slash(world.channel, "game new", game="verso")
    lobby = reply.original
    assert lobby is not None and "**Verso** · lobby of game #" in lobby.text()
    assert "The host can start alone (solo) or with up to 8 players." in lobby.text()
    game_id = int(re.search(r"game #(\d+)", lobby.text()).group(1))
    await world.alice.click(lobby, label="Start")
    table = await world.fake.wait_for_message(
        world.channel,
        lambda m: any(b.get("custom_id") == f"cr:hand:{game_id}" for b in m.buttons()),
    )
    text = table.text()
    assert "**Turn 1** · solo against the simulated opponent" in text
    assert "**Draw Pile**: 35 cards · top: " in text
    assert "Only <@" not in text  # solo: nobody else could click
    assert {c["custom_id"].rsplit(":", 1)[1] for c in action_components(table)} >= {"keep", "flip"}


async def test_the_pings_send_the_player_to_the_buttons_on_the_table(world: World) -> None:
    world.bot.room.screens.watching_seconds = -1.0  # nobody watches: turns are pinged
    driver = await start_verso(world, [world.alice, world.bob], rng=2)
    link = f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{driver.table.id}"
    start = next(m for m in world.channel.messages if "has started" in m.content)
    first = driver.active_user()
    assert start.content.endswith(
        f"{first.mention} goes first — your buttons are on the table: {link}"
    )
    assert action_components(driver.table), "the buttons the ping speaks of"
    await driver.step()
    ping = max((m for m in world.channel.messages if m.content), key=lambda m: m.id)
    nxt = driver.active_user()
    assert nxt is not first
    assert ping.content.endswith(
        f"{nxt.mention}: your move in game #{driver.game_id} — your buttons are on the "
        f"table: {link}"
    )
    assert "Show my screen" not in start.content + ping.content
