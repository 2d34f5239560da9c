"""The issue's end-to-end tournaments (issue 52, "Targets"), as one scenario any size can run:
people and automatic players mixed play a Swiss through the fake Discord, with a drop-out, a
table out of time at a round's deadline, a restart mid-round and an organiser's removal; after
each round and at the end the standings the bot shows (the standings message, the final one
posted, the stored record and its export) are compared with standings computed independently
(``tests.e2e.swiss_oracle``) from the stored games.

People move only by clicking what the bot shows them (the driver's seeded random policy picks
among the offered buttons and menus); automatic players move by themselves at once (the pace is
``off``, the clock the test's ``ManualClock``).
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from fractions import Fraction

from babel.numbers import format_decimal

import engine
from bot.service import tournaments as T
from bot.service.reasons import DEADLINE_REASON
from storage import GameRecord, GameStatus
from tests.e2e import swiss_oracle as oracle
from tests.e2e.conftest import World
from tests.e2e.driver import PRIVATE_PHRASES, leak_scan
from tests.e2e.helpers import told
from tests.e2e.thread_helpers import SECRET_WORDS
from tests.e2e.tournament_helpers import (
    Table,
    Tournament,
    driver_of,
    mentions,
    new_tournament,
    play_table,
    play_until_waiting_for,
    restart,
    settled,
    shown_standings,
    start,
    tables,
    to_deadline,
)
from tests.fakediscord.model import Message
from tests.fakediscord.users import User

NAMES = ("frank", "grace", "heidi", "ivan", "judy", "mallory", "niaj", "olivia", "peggy", "rupert")


@dataclass(frozen=True)
class Plan:
    """A tournament to play: the game, table size, rounds, how many people and the
    automatic players' levels (signed up in this order), and the round in which each event
    happens."""

    game: str
    seats: int
    rounds: int
    people: int
    automatic: tuple[str, ...]
    drop_in: int
    """A person whose table has ended drops out with the card's button (effective next round)."""
    late_in: int
    """A person stops moving; the round's deadline decides their table."""
    restart_in: int
    """The bot restarts after half the round's tables, one of them mid-game."""
    remove_in: int
    """The organiser removes a person mid-game; the automatic player takes their seat."""
    seed: int = 52


@dataclass
class Run:
    """What the scenario did, for its checks: who left when, who was late where."""

    t: Tournament
    plan: Plan
    people: list[User]
    entrants: list[str]
    rng: random.Random
    withdrawn: dict[str, tuple[int, str]] = field(default_factory=dict)
    late: dict[int, tuple[int, int]] = field(default_factory=dict)
    """round -> (game id, seat) of the table left to its deadline."""
    standings_edits: list[int] = field(default_factory=list)

    @property
    def world(self) -> World:
        return self.t.world


def person(user: User) -> str:
    return f"u:{user.id}"


def people_of(world: World, count: int) -> list[User]:
    """The world's five members and as many more as ``count`` needs, all in the guild."""
    found = [world.alice, world.bob, world.carol, world.dave, world.eve]
    for name in NAMES[: max(0, count - len(found))]:
        user = world.fake.add_user(name)
        world.guild.add_member(user)
        world.users[name] = user
        found.append(user)
    return found[:count]


# -- the independent standings, from the stored games -------------------------------------------


def stored_places(game: GameRecord) -> tuple[int, ...] | None:
    """A table's places as its stored game gives them (``None``: still running): a finished
    game's ranks, else its winners first and the others next, a draw all first; a game
    stopped at the round's deadline, the seats it waited for last and the others first (all
    first when it waited for every seat or none)."""
    size = len(game.seats)
    if game.status == GameStatus.FINISHED:
        result = game.result
        assert result is not None
        if result.ranks is not None:
            return tuple(result.ranks)
        if result.draw or not result.winners:
            return (1,) * size
        return tuple(1 if s in result.winners else len(result.winners) + 1 for s in range(size))
    if game.status == GameStatus.ABORTED:
        assert game.result is not None and game.result.reason == DEADLINE_REASON
        assert game.state_json is not None
        state = engine.loads(game.state_json)
        late = {d.seat for d in engine.decisions(state) if d.committed is None}
        if len(late) in (0, size):
            return (1,) * size
        return tuple(1 if s not in late else size - len(late) + 1 for s in range(size))
    return None


async def expected_standings(run: Run) -> list[oracle.Row]:
    """The standings computed by the test from the stored games, the seating (cross-checked
    with the games' seats) and the withdrawals the test made."""
    t, storage = run.t, run.world.bot.storage
    record = await t.record()
    rounds = []
    for paired in record.rounds:
        played = oracle.PlayedRound()
        links = {link.table_number: link for link in await t.links(paired.number)}
        assert sorted(links) == [x.number for x in paired.tables], "one game per table"
        for table in paired.tables:
            game = await storage.games.get_game(links[table.number].game_id)
            check_seats(game, table.players)
            found = stored_places(game)
            if found is not None:
                played.tables.append(oracle.PlayedTable(table.players, found))
        seated = {p for x in paired.tables for p in x.players}
        out = {p for p, (after, _) in run.withdrawn.items() if after < paired.number}
        played.byes = [p for p in run.entrants if p not in seated and p not in out]
        assert sorted(played.byes) == sorted(paired.byes), f"round {paired.number}'s byes"
        rounds.append(played)
    return oracle.standings(run.plan.seats, run.entrants, rounds, run.withdrawn)


def check_seats(game: GameRecord, players: tuple[str, ...]) -> None:
    """The game seats the pairing's players in its order: a person by their id (kept when the
    automatic player took their seat), an automatic player at its level."""
    assert len(game.seats) == len(players)
    for seat, player in zip(game.seats, players, strict=True):
        if player.startswith("u:"):
            assert seat.user_id == int(player[2:]), (game.id, seat, player)
        else:
            assert seat.user_id is None and seat.level == player.split(":")[1], (seat, player)


ROW = re.compile(r"^(\d+)\. (.+?)(?: \((dropped out|removed)\))? — (\S+) pts?(?: · (.+))?$")


def parse_rows(text: str) -> list[tuple[int, str, str, str, tuple[str, ...]]]:
    """The rows a standings message shows: (place, entrant id, status, points, tie-breaks)."""
    rows = []
    for line in text.splitlines():
        found = ROW.match(line)
        if found is None:
            continue
        place, name, mark, points, breaks = found.groups()
        mention = re.fullmatch(r"<@(\d+)>", name)
        if mention:
            player = f"u:{mention.group(1)}"
        else:
            ai = re.fullmatch(r"🤖 Cardroom AI (\d+) \((\w+)\)", name)
            assert ai is not None, name
            player = f"a:{ai.group(2)}:{ai.group(1)}"
        status = {"dropped out": "dropped", "removed": "removed"}.get(mark or "", "active")
        values = tuple(b.rsplit(" ", 1)[-1] for b in (breaks or "").split(" · "))  # "BH-C1 1.5"
        rows.append((int(place), player, status, points, values))
    return rows


def as_written(value: Fraction) -> str:
    """A value as the English standings message writes it: two decimals at most (Babel)."""
    return str(format_decimal(float(value), format="0.##", locale="en"))


def check_shown(text: str, expected: list[oracle.Row]) -> None:
    """A standings message shows exactly the expected rows, in order."""
    wanted = [
        (
            r.place,
            r.player,
            r.status,
            as_written(r.points),
            tuple(as_written(r.tie_breaks[n]) for n in oracle.TIE_BREAKS),
        )
        for r in expected
    ]
    assert parse_rows(text) == wanted, text


# -- the oracles of what people see -------------------------------------------------------------


async def check_round_opened(run: Run, number: int) -> list[Table]:
    """Round ``number``'s tables: each person is mentioned in their table's thread; nobody
    meets anyone a second time; a bye goes to someone who had none; ``/game tournament``
    tells a seated person their table, thread and place (as the independent standings
    have it)."""
    t = run.t
    found = await tables(t, number)
    for table in found:
        said = set().union(*(mentions(m) for m in table.thread.messages if not m.ephemeral))
        assert {u.id for u in table.people} <= said, "each player is mentioned in the thread"
    record = await t.record()
    pairs = [
        frozenset((a, b))
        for paired in record.rounds
        for x in paired.tables
        for a in x.players
        for b in x.players
        if a < b
    ]
    assert len(pairs) == len(set(pairs)), "two players met twice"
    byes = [p for paired in record.rounds for p in paired.byes]
    assert len(byes) == len(set(byes)), "a second bye while someone had none"
    for bye in record.rounds[number - 1].byes:
        if bye.startswith("u:"):
            user = next(u for u in run.people if person(u) == bye)
            text = told(await user.slash(run.world.channel, "game tournament"), user)
            assert f"Round {number}: you have a bye." in text, text
    asker = next((x for x in found if x.people), None)
    if asker is not None:
        user = asker.people[0]
        expected = {r.player: r for r in await expected_standings(run)}[person(user)]
        text = told(await user.slash(run.world.channel, "game tournament"), user)
        seat = asker.record.seat_of(user.id)
        assert seat is not None
        assert (
            f"you are in place {expected.place} of {len(run.entrants)} with "
            f"{oracle.shown(expected.points)} point" in text  # "1 point.", "1.5 points."
        ), text
        assert (
            f"Round {number}: your table is {asker.link.table_number}, seat {seat.seat + 1}: "
            f"<#{asker.thread.id}>" in text
        ), text
    return found


async def check_round_closed(run: Run, number: int) -> None:
    """After round ``number``: the standings message was edited to say so and shows the
    independent standings (and the record's, the oracle of the bot's own text)."""
    t = run.t
    message = await t.standings()
    assert message.edit_count > (run.standings_edits[-1] if run.standings_edits else 0)
    run.standings_edits.append(message.edit_count)
    expected = await expected_standings(run)
    if number < run.plan.rounds:
        assert f"after round {number} of {run.plan.rounds}" in message.text()
    else:
        assert "Final standings" in message.text()
    assert message.text() == await shown_standings(t)
    check_shown(message.text(), expected)


def public_tournament_messages(run: Run, threads: list[Table]) -> list[Message]:
    """The public messages of the tournament other than the tables: the card, standings, the
    final standings and everything in the tables' threads that is not a table."""
    world = run.world
    found = [m for m in world.channel.messages if not m.ephemeral and not m.deleted]
    for table in threads:
        found += [
            m
            for m in table.thread.messages
            if not m.ephemeral and not m.deleted and m is not table.message
        ]
    return found


def check_no_leak(run: Run, threads: list[Table]) -> None:
    """No hand, card name or private wording in the tournament's public messages."""
    secret = SECRET_WORDS[run.plan.game]
    for message in public_tournament_messages(run, threads):
        text = message.text()
        for phrase in (*PRIVATE_PHRASES, *secret):
            assert phrase not in text, f"{phrase!r} in a public message: {text!r}"


# -- the scenario ------------------------------------------------------------------------------


async def sign_up_all(world: World, plan: Plan) -> Run:
    """The card posted, the people joined and the automatic players added, started."""
    t = await new_tournament(world, game=plan.game, rounds=plan.rounds, seats=plan.seats)
    people = people_of(world, plan.people)
    for user in people:
        done = await user.click(t.card, custom_id=f"cr:tour:{t.id}:join")
        assert done.response_type == 7, done.answer_text
    for level in plan.automatic:
        done = await t.organiser.select(t.card, [level], custom_id=f"cr:tourai:{t.id}")
        assert done.response_type == 7, done.answer_text
    await start(t)
    entrants = [person(u) for u in people]
    entrants += [f"a:{level}:{n}" for n, level in enumerate(plan.automatic, start=1)]
    record = await t.record()
    assert [e.id for e in record.entrants] == entrants and {e.rating for e in record.entrants} == {
        0.0
    }, "a new server: every rating 0, so the seeds keep the sign-up order"
    return Run(t, plan, people, entrants, random.Random(plan.seed))


def with_people(found: list[Table], taken: set[int]) -> Table | None:
    """A table with a person not already given a part."""
    return next((x for x in found if any(u.id not in taken for u in x.people)), None)


async def play_swiss(world: World, plan: Plan) -> Run:
    """Play ``plan`` to its end (see the module); returns what happened for more checks."""
    run = await sign_up_all(world, plan)
    t, rng = run.t, run.rng
    taken: set[int] = set()  # people given a part (late, dropped, removed): one part each
    every_table: list[Table] = []
    for number in range(1, plan.rounds + 1):
        found = await check_round_opened(run, number)
        every_table += found
        left = list(found)
        if number == plan.late_in:
            left = await leave_late(run, number, left, taken)
        if number == plan.remove_in:
            left = await remove_mid_game(run, number, left, taken)
        if number == plan.restart_in:
            left = await restart_mid_round(run, number, left)
        if number == plan.drop_in:
            left = await drop_after_table(run, number, left, taken)
        for table in left:
            await play_table(t, table, rng, checks=number == 1 and table is found[0])
        if number == plan.late_in:
            await check_deadline(run, number)
        await settled(world)
        await check_round_closed(run, number)
    await check_the_end(run)
    check_no_leak(run, every_table)
    return run


async def leave_late(run: Run, number: int, found: list[Table], taken: set[int]) -> list[Table]:
    """A person stops moving at their table (the others play until the game waits for them
    alone); the table is left for the deadline."""
    table = with_people(found, taken)
    assert table is not None, "a table with a person"
    late = next(u for u in table.people if u.id not in taken)
    taken.add(late.id)
    await play_until_waiting_for(run.t, table, late, run.rng, checks=False)
    seat = table.record.seat_of(late.id)
    assert seat is not None
    run.late[number] = (table.link.game_id, seat.seat)
    return [x for x in found if x is not table]


async def check_deadline(run: Run, number: int) -> None:
    """The clock reaches the round's deadline: the late seat's table is stopped and lost by
    that seat, its thread says so naming the late player, and the next round opens."""
    t = run.t
    game_id, seat = run.late[number]
    assert (await run.world.bot.storage.games.get_game(game_id)).status == GameStatus.ACTIVE
    await to_deadline(t)
    game = await run.world.bot.storage.games.get_game(game_id)
    assert game.status == GameStatus.ABORTED
    places = stored_places(game)
    assert (
        places is not None and places[seat] == len(places) and places.count(1) == len(places) - 1
    ), "the seat out of time alone loses"
    late = game.seats[seat].user_id
    thread = run.world.fake.world.channels[game.channel_id]
    note = await run.world.fake.wait_for(
        lambda: next((m for m in thread.messages if "deadline has passed" in m.text()), None)
    )
    assert f"<@{late}>" in note.text()


async def remove_mid_game(
    run: Run, number: int, found: list[Table], taken: set[int]
) -> list[Table]:
    """A person makes a move or two, then the organiser removes them: the automatic player
    takes their seat and the table plays on."""
    t, world = run.t, run.world
    table = with_people(found, taken)
    assert table is not None
    removed = next(u for u in table.people if u.id not in taken)
    taken.add(removed.id)
    driver = driver_of(t, table, run.rng, checks=False)
    driver.players = [removed]
    for _ in range(2):
        await driver.step()
    said = await t.organiser.slash(world.channel, "cardroom tournament remove", player=removed)
    assert told(said, t.organiser) == f"{removed.mention} is out of the tournament."
    await world.bot.wait_idle()
    run.withdrawn[person(removed)] = (number, "removed")
    game = await world.bot.storage.games.get_game(table.link.game_id)
    (seat,) = [s for s in game.seats if s.user_id == removed.id]
    if game.status == GameStatus.ACTIVE:
        assert seat.automatic and seat.left_at is not None, "the automatic player has the seat"
    where = told(await removed.slash(world.channel, "game tournament"), removed)
    assert "You are out of the tournament" in where
    (now,) = [x for x in await tables(t, number) if x.link.game_id == table.link.game_id]
    assert removed not in now.people
    return [now if x is table else x for x in found]


async def restart_mid_round(run: Run, number: int, found: list[Table]) -> list[Table]:
    """Half the tables are played, a person's table is begun, the bot restarts; the tables
    left are found again (their games resumed) and returned."""
    t = run.t
    half = len(found) // 2
    for table in found[:half]:
        await play_table(t, table, run.rng, checks=False)
    begun = next((x for x in found[half:] if x.people), None)
    if begun is not None:
        driver = driver_of(t, begun, run.rng, checks=False)
        for _ in range(3):
            if not await driver.step():
                break
    await restart(run.world)
    left = {x.link.game_id for x in found[half:]}
    again = [x for x in await tables(t, number) if x.link.game_id in left]
    assert len(again) == len(left), "every table left is still the round's"
    return again


async def drop_after_table(
    run: Run, number: int, found: list[Table], taken: set[int]
) -> list[Table]:
    """A person plays their table to its end, then drops out with the card's button while
    the round goes on: they are not paired in the next round."""
    t, world = run.t, run.world
    table = with_people(found, taken)
    assert table is not None
    leaver = next(u for u in table.people if u.id not in taken)
    taken.add(leaver.id)
    await play_table(t, table, run.rng, checks=False)
    asked = await leaver.click(t.card, custom_id=f"cr:tour:{t.id}:drop")
    assert told(asked, leaver).startswith(f"Drop out of tournament #{t.id}?")
    done = await leaver.click(asked.original, custom_id=f"cr:tour:{t.id}:drop_yes")
    assert done.response_type == 7, done.answer_text
    await world.bot.wait_idle()
    run.withdrawn[person(leaver)] = (number, "dropped")
    where = told(await leaver.slash(world.channel, "game tournament"), leaver)
    assert "You are out of the tournament" in where, where
    return [x for x in found if x is not table]


async def check_the_end(run: Run) -> None:
    """The tournament is over: the final standings posted, the standings message, the stored
    record's standings and the export all equal the independent standings."""
    t, world = run.t, run.world
    row = await t.row()
    assert row.status == "over"
    expected = await expected_standings(run)
    finals = [
        m
        for m in world.channel.messages
        if not m.ephemeral and "Final standings" in m.text() and m.id != row.standings_id
    ]
    assert len(finals) == 1, "the final standings posted once"
    assert not finals[0].mentions, "the standings name people without notifying them"
    check_shown(finals[0].text(), expected)
    check_shown((await t.standings()).text(), expected)
    record = await t.record()
    stored = T.export(record)
    assert stored["over"] is True and stored["standings"]["final"] is True
    assert stored["standings"]["rows"] == oracle.as_exported(expected)
    exported = await run.people[0].slash(
        world.channel, "cardroom tournament export", bypass_default_permissions=True
    )
    assert exported.original is not None
    (attachment,) = exported.original.attachments
    assert json.loads(attachment.data) == json.loads(json.dumps(stored)), "export = record"
    for user in run.people:
        text = told(await user.slash(world.channel, "game tournament"), user)
        mine = next(r for r in expected if r.player == person(user))
        assert f"you are in place {mine.place} of {len(run.entrants)}" in text
    for game_id, _seat in run.late.values():
        await leak_scan(world, game_id, SECRET_WORDS[run.plan.game])
