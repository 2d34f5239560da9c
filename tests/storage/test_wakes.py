"""Wake times on both backends: written with every change that sets a deadline, cleared when
a game ends, read soonest first in pages (so a start reads what is due, not every game),
moved once only (a reminder is claimed by one try), and the tables behind their game found
by one query."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import engine
from storage import GameStatus, Storage
from tests.storage.helpers import apply_and_commit, open_lobby, play_to_end, start_game

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)  # in the past: due


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


def move(state: engine.GameState, rng: random.Random) -> engine.Action:
    return engine.random_action(state, rng.choice(engine.deciding_seats(state)), rng)


async def test_a_wake_is_written_with_the_deadline_and_cleared_at_the_end(
    storage: Storage,
) -> None:
    lobby = await open_lobby(storage, 1, [1, 2])
    state = engine.new_game("artichokes", 2, lobby.options, 3)
    started = await storage.games.start_game(
        lobby.id, seed=3, state_json=engine.dumps(state), deadline=at(60), wake_at=at(30)
    )
    assert (started.deadline, started.wake_at) == (at(60), at(30))
    rng = random.Random(1)
    moved = await apply_and_commit(storage, lobby.id, state, move(state, rng), deadline=at(90))
    assert moved.wake_at == at(90)  # no wake given: at the deadline
    moved = await apply_and_commit(
        storage, lobby.id, state, move(state, rng), deadline=at(120), wake_at=at(100)
    )
    assert (await storage.games.get_game(lobby.id)).wake_at == at(100) == moved.wake_at
    moved = await apply_and_commit(storage, lobby.id, state, move(state, rng))
    assert moved.wake_at is None and moved.deadline is None  # no clock: nothing to wake for
    await storage.games.set_deadline(lobby.id, expected_version=moved.version, deadline=at(5))
    assert (await storage.games.get_game(lobby.id)).wake_at == at(5)
    await play_to_end(storage, lobby.id, state, rng)
    ended = await storage.games.get_game(lobby.id)
    assert ended.status == GameStatus.FINISHED and ended.wake_at is None
    assert await storage.games.due_wakes(after=None, until=at(10_000), limit=10) == []


async def test_an_abort_clears_the_wake_and_a_leave_makes_it_due(storage: Storage) -> None:
    aborted, _state = await start_game(storage, 1, [1, 2], seed=4)
    await storage.games.set_deadline(aborted.id, expected_version=0, deadline=at(60))
    await storage.games.abort_game(aborted.id)
    assert (await storage.games.get_game(aborted.id)).wake_at is None

    left, _state = await start_game(storage, 2, [1, 2, 3], seed=4)
    tomorrow = datetime.now(UTC).replace(microsecond=0) + timedelta(days=1)
    await storage.games.set_deadline(left.id, expected_version=0, deadline=tomorrow)
    before = datetime.now(UTC) - timedelta(seconds=1)
    after_leave = await storage.games.leave_game(left.id, 3)
    # the leaver's automatic player may be to move: the bot looks at the game at once
    assert after_leave.wake_at is not None and before < after_leave.wake_at <= datetime.now(UTC)
    assert after_leave.deadline == tomorrow

    earlier, _state = await start_game(storage, 3, [1, 2, 3], seed=4)
    await storage.games.set_deadline(
        earlier.id, expected_version=0, deadline=at(-10), wake_at=at(-20)
    )
    assert (await storage.games.leave_game(earlier.id, 3)).wake_at == at(-20)  # kept: sooner


async def test_wakes_are_read_soonest_first_in_pages(storage: Storage) -> None:
    games = []
    for n, minutes in enumerate([30, 10, 20, 10, 50, 40]):
        game, _state = await start_game(storage, 10 + n, [1, 2], seed=n)
        await storage.games.set_deadline(game.id, expected_version=0, deadline=at(minutes))
        games.append((at(minutes), game.id))
    quiet, _state = await start_game(storage, 20, [1, 2], seed=9)  # no clock: never read
    soonest = sorted(games)

    first = await storage.games.due_wakes(after=None, until=at(45), limit=3)
    assert [(w.at, w.game_id) for w in first] == soonest[:3]
    assert all(w.version == 0 for w in first)
    last = first[-1]
    rest = await storage.games.due_wakes(after=(last.at, last.game_id), until=at(45), limit=3)
    assert [(w.at, w.game_id) for w in rest] == soonest[3:5]  # the one at 50 min is later
    assert quiet.id not in {w.game_id for w in first + rest}
    # two wakes at the same time are told apart by game id, none read twice
    tied = [w for w in first if w.at == at(10)]
    after_one = await storage.games.due_wakes(
        after=(tied[0].at, tied[0].game_id), until=at(10), limit=10
    )
    assert [w.game_id for w in after_one] == [tied[1].game_id]


async def test_wakes_are_read_for_the_shards_asked_only(storage: Storage) -> None:
    shard_0, shard_1 = 0, 1 << 22  # guilds of shards 0 and 1 of 2
    for n, guild in enumerate([shard_0, shard_1, shard_1]):
        lobby = await open_lobby(storage, 30 + n, [1 + 10 * n, 2 + 10 * n], guild_id=guild)
        state = engine.new_game("artichokes", 2, lobby.options, n)
        await storage.games.start_game(
            lobby.id, seed=n, state_json=engine.dumps(state), deadline=at(n)
        )
    every = await storage.games.due_wakes(after=None, until=at(60), limit=10)
    mine = await storage.games.due_wakes(
        after=None, until=at(60), limit=10, shard_count=2, shard_ids=[1]
    )
    assert len(every) == 3
    assert [w.at for w in mine] == [at(1), at(2)]
    assert await storage.games.running_games(2, [0]) == (1, 0)
    assert await storage.games.running_games() == (3, 0)


async def test_a_wake_is_moved_once(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2], seed=5)
    await storage.games.set_deadline(game.id, expected_version=0, deadline=at(60), wake_at=at(30))
    moved = await storage.games.move_wake(game.id, version=0, read=at(30), to=at(60))
    assert moved is not None and moved.wake_at == at(60)
    # a second try (another process, or the same reminder again) finds it moved: no-op
    assert await storage.games.move_wake(game.id, version=0, read=at(30), to=at(60)) is None
    await apply_and_commit(storage, game.id, state, move(state, random.Random(2)))
    assert await storage.games.move_wake(game.id, version=0, read=at(60), to=None) is None
    assert (await storage.games.get_game(game.id)).wake_at is None  # the move cleared it


async def test_the_tables_behind_their_game_are_found(storage: Storage) -> None:
    current, state = await start_game(storage, 1, [1, 2], seed=1)
    behind, other = await start_game(storage, 2, [1, 2], seed=2)
    never_posted, _state = await start_game(storage, 3, [1, 2], seed=3)
    aside, _state = await start_game(storage, 4, [1, 2], seed=4)  # no table either
    await storage.messages.set(current.id, "table", 1, 101, 0)
    await storage.messages.set(behind.id, "table", 2, 102, 0)
    await apply_and_commit(storage, behind.id, other, move(other, random.Random(3)))

    def set_aside(conn):  # noqa: ANN001, ANN202 — a state found broken at an earlier start
        conn.execute("UPDATE games SET set_aside_reason = 'broken' WHERE id = ?", (aside.id,))

    await storage.db.write(set_aside)
    assert await storage.games.tables_behind() == [behind.id, never_posted.id]
    assert await storage.games.running_games() == (4, 1)
