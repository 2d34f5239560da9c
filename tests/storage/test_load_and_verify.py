"""Startup loading (bad rows set aside, never fatal) and replay verification."""

from __future__ import annotations

import asyncio
import json
import random
from datetime import timedelta

import engine
from storage import Storage
from storage.sql import Connection
from tests.storage.helpers import open_lobby, play_one, play_to_end, sql, start_game


async def _sql(storage: Storage, statement: str, *params: object) -> None:
    """Change the database behind storage's back, the way corruption or a bad deploy would."""
    await sql(storage, statement, *params)


async def test_load_active_games_parses_and_sets_aside(storage: Storage) -> None:
    good, good_state = await start_game(storage, 1, [1, 2], seed=1)
    rng = random.Random(0)
    for _ in range(3):
        await play_one(storage, good.id, good_state, rng)
    broken_json, _ = await start_game(storage, 2, [1, 2], seed=2)
    wrong_step, _ = await start_game(storage, 3, [1, 2], seed=3)
    unknown_schema, _ = await start_game(storage, 4, [1, 2], seed=4)
    await open_lobby(storage, 5, [1])  # lobbies are not loaded
    done, done_state = await start_game(storage, 6, [1, 2], seed=6)
    await play_to_end(storage, done.id, done_state, rng)  # finished games are not loaded

    await _sql(
        storage, 'UPDATE games SET state = \'{"game": "artich\' WHERE id = ?', broken_json.id
    )
    await _sql(storage, "UPDATE games SET version = 1 WHERE id = ?", wrong_step.id)
    state = json.loads(unknown_schema.state_json)
    state["schema_version"] = 999
    await _sql(
        storage, "UPDATE games SET state = ? WHERE id = ?", json.dumps(state), unknown_schema.id
    )

    report = await storage.games.load_active_games()
    assert [g.game.id for g in report.games] == [good.id]
    assert report.games[0].state == good_state
    failed = dict(report.failures)
    assert sorted(failed) == sorted([broken_json.id, wrong_step.id, unknown_schema.id])
    assert "not JSON" in failed[broken_json.id]
    assert "step 0 != version 1" in failed[wrong_step.id]
    assert "schema version" in failed[unknown_schema.id]

    # Set aside: still reported, not parsed again, still blocking the channel until aborted.
    await _sql(storage, "UPDATE games SET state = 'not even json' WHERE id = ?", unknown_schema.id)
    again = await storage.games.load_active_games()
    assert [g.game.id for g in again.games] == [good.id]
    assert dict(again.failures) == failed
    assert (await storage.games.find_open_game(2)).set_aside_reason == failed[broken_json.id]
    await storage.games.abort_game(broken_json.id, reason="broken")
    assert broken_json.id not in dict((await storage.games.load_active_games()).failures)


GUILD_OF_SHARD = {0: 10 | 0 << 22, 1: 20 | 1 << 22}
"""A guild of each of two shards: Discord's rule, shard ``(guild_id >> 22) % 2``."""


async def test_a_process_loads_and_sets_aside_only_the_games_of_its_own_guilds(
    storage: Storage, backend: str
) -> None:
    # two processes of a sharded bot, each running one shard of 2: each reads its own guilds'
    # games only (the query selects them), so its start-up does not grow with the whole bot,
    # and a broken game is set aside by the one that owns it
    mine_guild, their_guild = GUILD_OF_SHARD[0], GUILD_OF_SHARD[1]
    mine, _ = await start_game(storage, 1, [1, 2], seed=1, guild_id=mine_guild)
    theirs, _ = await start_game(storage, 2, [1, 2], seed=2, guild_id=their_guild)
    my_broken, _ = await start_game(storage, 3, [1, 2], seed=3, guild_id=mine_guild)
    their_broken, _ = await start_game(storage, 4, [1, 2], seed=4, guild_id=their_guild)
    for broken in (my_broken, their_broken):
        await _sql(storage, "UPDATE games SET state = 'x' WHERE id = ?", broken.id)
    report = await storage.games.load_active_games(2, [0])
    assert [loaded.game.id for loaded in report.games] == [mine.id]
    assert [failure.game_id for failure in report.failures] == [my_broken.id]
    assert (await storage.games.get_game(their_broken.id)).set_aside_reason is None  # not mine
    report = await storage.games.load_active_games(2, [1])
    assert [loaded.game.id for loaded in report.games] == [theirs.id]
    assert [failure.game_id for failure in report.failures] == [their_broken.id]
    # a row that does not convert, but names its guild, is its own guild's process's
    unreadable, _ = await start_game(storage, 5, [1, 2], seed=5, guild_id=their_guild)
    await _sql(storage, "UPDATE seats SET joined_at = 'soon' WHERE game_id = ?", unreadable.id)
    shard_0 = await storage.games.load_active_games(2, [0])
    assert unreadable.id not in [failure.game_id for failure in shard_0.failures]
    other = await storage.games.load_active_games(2, [1])
    assert unreadable.id in [failure.game_id for failure in other.failures]
    both = await storage.games.load_active_games(2, [0, 1])
    assert [loaded.game.id for loaded in both.games] == [mine.id, theirs.id]
    if backend == "sqlite":  # PostgreSQL's bigint column holds a number, whatever happens
        # a row too broken to name its guild is the process's of shard 0, which also serves DMs
        nowhere, _ = await start_game(storage, 6, [1, 2], seed=6, guild_id=their_guild)
        await _sql(storage, "UPDATE games SET guild_id = 'nowhere' WHERE id = ?", nowhere.id)
        shard_0 = await storage.games.load_active_games(2, [0])
        assert nowhere.id in [failure.game_id for failure in shard_0.failures]
        other = await storage.games.load_active_games(2, [1])
        assert nowhere.id not in [failure.game_id for failure in other.failures]


async def test_an_unreadable_row_never_stops_startup(storage: Storage) -> None:
    good, _ = await start_game(storage, 1, [1, 2], seed=1)
    bad_time, _ = await start_game(storage, 2, [1, 2], seed=2)
    bad_seat, _ = await start_game(storage, 3, [1, 2], seed=3)
    await _sql(storage, "UPDATE games SET created_at = 'yesterday-ish' WHERE id = ?", bad_time.id)
    await _sql(storage, "UPDATE seats SET joined_at = 'soon' WHERE game_id = ?", bad_seat.id)
    report = await storage.games.load_active_games()
    assert [g.game.id for g in report.games] == [good.id]
    assert [f.game_id for f in report.failures] == [bad_time.id, bad_seat.id]
    assert "yesterday-ish" in report.failures[0].error
    assert "soon" in report.failures[1].error
    again = await storage.games.load_active_games()
    assert [g.game.id for g in again.games] == [good.id]
    assert [f.game_id for f in again.failures] == [bad_time.id, bad_seat.id]


async def test_a_reinstated_game_is_tried_again(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2], seed=1)
    await _sql(storage, "UPDATE games SET state = 'x' WHERE id = ?", game.id)
    assert [f.game_id for f in (await storage.games.load_active_games()).failures] == [game.id]
    await _sql(storage, "UPDATE games SET state = ? WHERE id = ?", engine.dumps(state), game.id)
    reinstated = await storage.games.reinstate_game(game.id)
    assert reinstated.set_aside_reason is None
    report = await storage.games.load_active_games()
    assert [g.game.id for g in report.games] == [game.id] and report.failures == []


async def test_verify_a_played_game(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2, 3, 4], seed=77)
    await play_to_end(storage, game.id, state, random.Random(5))
    result = await storage.verify_game(game.id)
    assert result.ok, result.message
    assert result.replayed_version == result.stored_version == state.step
    assert "matches" in result.message


async def test_verify_a_lobby_and_a_fresh_game(storage: Storage) -> None:
    lobby = await open_lobby(storage, 1, [1])
    result = await storage.verify_game(lobby.id)
    assert result.ok and result.replayed_version is None
    game, _ = await start_game(storage, 2, [1, 2], seed=1)
    assert (await storage.verify_game(game.id)).ok


async def test_verify_detects_a_tampered_state(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2], seed=8)
    rng = random.Random(1)
    for _ in range(6):
        await play_one(storage, game.id, state, rng)
    tampered = json.loads(engine.dumps(state))
    tampered["rng_counter"] += 1
    await _sql(storage, "UPDATE games SET state = ? WHERE id = ?", json.dumps(tampered), game.id)
    result = await storage.verify_game(game.id)
    assert not result.ok and "rng_counter" in result.message and result.replayed_version == 6


async def test_verify_detects_a_version_without_its_log_row(
    storage: Storage,
) -> None:
    game, state = await start_game(storage, 1, [1, 2], seed=8)
    await play_one(storage, game.id, state, random.Random(1))
    await _sql(storage, "UPDATE games SET version = 2 WHERE id = ?", game.id)
    result = await storage.verify_game(game.id)
    assert not result.ok and "log holds 1 actions but the version is 2" in result.message


async def test_verify_detects_an_illegal_logged_action(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2], seed=8)
    await play_one(storage, game.id, state, random.Random(1))
    tamper = "UPDATE actions SET action_key = 'no-such-move' WHERE game_id = ?"
    if storage.db.dialect == "postgresql":  # off for this one change (the database is reused)
        off, on = (
            f"ALTER TABLE actions {how} TRIGGER actions_no_update" for how in ["DISABLE", "ENABLE"]
        )

        def change(conn: Connection) -> None:
            conn.execute(off)
            conn.execute(tamper, (game.id,))
            conn.execute(on)

        await storage.db.write(change)
    else:
        await _sql(storage, "DROP TRIGGER actions_no_update")
        await _sql(storage, tamper, game.id)
    result = await storage.verify_game(game.id)
    assert not result.ok and "action 1" in result.message and result.replayed_version == 0


async def test_verify_detects_an_over_game_still_active(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2], seed=8)
    rng = random.Random(1)
    while True:
        seat = rng.choice(engine.deciding_seats(state))
        action = engine.random_action(state, seat, rng)
        expected = state.step
        engine.apply(state, action)
        # Forget to mark the end: the game stays active with a finished state.
        await storage.games.commit_action(
            game.id, expected, action.seat, action.key, engine.dumps(state)
        )
        if engine.outcome(state) is not None:
            break
    result = await storage.verify_game(game.id)
    assert not result.ok and "over for the engine" in result.message


async def test_lobbies_without_their_message_are_found(storage: Storage) -> None:
    lost = await open_lobby(storage, 1, [1])
    shown = await open_lobby(storage, 2, [2])
    await storage.messages.set(shown.id, "lobby", 2, 500)
    await start_game(storage, 3, [3, 4], seed=3)  # not a lobby any more
    await asyncio.sleep(0.01)
    newer = await open_lobby(storage, 4, [5])  # saved by the bot running now: it may be posting it

    found = await storage.games.lobbies_without_message(newer.created_at)
    assert [g.id for g in found] == [lost.id]
    assert await storage.games.lobbies_without_message(lost.created_at) == []


async def test_games_that_ended_just_before_the_last_change_are_found(
    storage: Storage,
) -> None:
    assert await storage.games.recently_ended(timedelta(minutes=15)) == []
    rng = random.Random(1)
    long_ago, state = await start_game(storage, 1, [1, 2], seed=1)
    await play_to_end(storage, long_ago.id, state, rng)
    just_now, state = await start_game(storage, 2, [1, 2], seed=2)
    await play_to_end(storage, just_now.id, state, rng)
    aborted, _ = await start_game(storage, 3, [1, 2], seed=3)
    await storage.games.abort_game(aborted.id, reason="admin")
    cancelled = await open_lobby(storage, 4, [1])  # never started: it has no table
    await storage.games.abort_game(cancelled.id, reason="cancelled")
    running, _ = await start_game(storage, 5, [1, 2], seed=5)  # resumed anyway
    await _sql(
        storage,
        "UPDATE games SET ended_at = '2020-01-01T00:00:00.000+00:00', "
        "updated_at = '2020-01-01T00:00:00.000+00:00' WHERE id = ?",
        long_ago.id,
    )

    found = await storage.games.recently_ended(timedelta(minutes=15))
    assert [g.id for g in found] == [just_now.id, aborted.id]
    # the window counts back from the last change, however long ago it was
    await _sql(storage, "UPDATE games SET updated_at = '2020-01-01T00:10:00.000+00:00'")
    await _sql(storage, "UPDATE games SET ended_at = '2019-01-01T00:00:00.000+00:00' WHERE id != ?",
         long_ago.id)  # fmt: skip
    assert [g.id for g in await storage.games.recently_ended(timedelta(minutes=15))] == [
        long_ago.id
    ]
    assert running.status == "active"
