"""The memory of play in storage: plays and stats, past games, ratings updated as games end
(and rebuilt to the same numbers), leaderboard resets, forgetting a player, and a database
from before all this getting its plays and ratings once."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

import engine
from storage import (
    RATED_AFTER,
    GameResult,
    PlayerInOpenGame,
    Storage,
)
from storage.history import BUILT
from storage.migrate import load_migrations, migrate
from tests.backends import OpenStorage
from tests.storage.helpers import GAME, GUILD, finish, play_to_end, ratings_of, start_game, won_by


async def test_stats_count_finished_games_wins_scores_and_the_streak(storage: Storage) -> None:
    await finish(storage, [1, 2], won_by(0, (30, 20)))
    await finish(storage, [1, 2], won_by(1, (10, 25)))
    await finish(storage, [1, 2], won_by(0, (40, 5)))
    await finish(storage, [1, 2], won_by(0, (35, 30)))
    lobby_game = await finish(storage, [1, 3], won_by(0, (1, 0)), guild_id=2)
    assert lobby_game.guild_id == 2

    (alice,) = await storage.history.stats(1, guild_id=GUILD)
    assert (alice.game_name, alice.played, alice.won) == (GAME, 4, 3)
    assert alice.win_rate == 0.75
    assert (alice.scored, alice.score_total, alice.best_score) == (4, 115, 40)
    assert alice.average_score == 115 / 4
    assert alice.streak == 2  # won the last two
    (bob,) = await storage.history.stats(2, guild_id=GUILD)
    assert (bob.played, bob.won, bob.best_score, bob.streak) == (4, 1, 30, -2)
    (everywhere,) = await storage.history.stats(1, guild_id=None)
    assert (everywhere.played, everywhere.won, everywhere.streak) == (5, 4, 3)
    assert await storage.history.stats(1, guild_id=GUILD, game_name="ninjan") == []
    assert await storage.history.stats(99, guild_id=GUILD) == []


async def test_aborted_games_are_history_but_neither_stats_nor_ratings(storage: Storage) -> None:
    game, _state = await start_game(storage, 5, [1, 2], seed=3, guild_id=GUILD)
    await storage.games.abort_game(game.id, reason="aborted by an admin")
    lobby = await storage.games.create_lobby(
        guild_id=GUILD, channel_id=6, game_name=GAME, host_id=1, max_seats=4
    )
    await storage.games.abort_game(lobby.id, reason="cancelled")  # never started: no game
    assert await storage.history.stats(1, guild_id=GUILD) == []
    assert await ratings_of(storage) == []
    past = await storage.history.past_games(GUILD)
    assert [p.game.id for p in past] == [game.id]
    assert past[0].game.state_json is None and past[0].table is None
    assert [p.game.id for p in await storage.history.past_games(GUILD, user_id=2)] == [game.id]


async def test_past_games_are_newest_first_with_their_table(storage: Storage) -> None:
    games = [await finish(storage, [1, 2], won_by(0, (3, 1)), channel_id=10 + i) for i in range(4)]
    games.append(await finish(storage, [3, 4], won_by(0, (3, 1)), channel_id=20))
    await storage.messages.set(games[1].id, "table", 11, 555)
    past = await storage.history.past_games(GUILD, limit=3)
    assert [p.game.id for p in past] == [games[4].id, games[3].id, games[2].id]
    mine = await storage.history.past_games(GUILD, user_id=2)
    assert [p.game.id for p in mine] == [g.id for g in reversed(games[:4])]
    assert mine[2].table is not None and mine[2].table.message_id == 555
    assert await storage.history.past_games(2) == []


async def test_ratings_follow_openskill_and_the_leaderboard_needs_five_games(
    storage: Storage,
) -> None:
    model = PlackettLuce()
    expected = {1: model.rating(), 2: model.rating(), 3: model.rating()}
    for game in range(RATED_AFTER):
        scores = (9, 5, 1) if game % 2 == 0 else (5, 9, 1)
        await finish(storage, [1, 2, 3], won_by(game % 2, scores))
        ranks = [1, 2, 3] if game % 2 == 0 else [2, 1, 3]
        rated = model.rate([[expected[1]], [expected[2]], [expected[3]]], ranks=ranks)
        expected = {1: rated[0][0], 2: rated[1][0], 3: rated[2][0]}
        board = await storage.history.leaderboard(GUILD, GAME, user_id=3)
        if game < RATED_AFTER - 1:
            assert board.top == () and board.own is not None and board.own.place is None
    board = await storage.history.leaderboard(GUILD, GAME, user_id=3)
    assert [r.user_id for r in board.top] == [1, 2, 3]
    assert [r.place for r in board.top] == [1, 2, 3]
    assert board.players == 3 and board.own == board.top[2]
    for rating in board.top:
        want = expected[rating.user_id]  # type: ignore[index]
        assert (rating.mu, rating.sigma, rating.games) == pytest.approx((want.mu, want.sigma, 5))
        assert rating.ordinal == pytest.approx(want.ordinal())
    assert (await storage.history.leaderboard(GUILD, "ninjan", user_id=3)).own is None


async def test_automatic_players_are_rated_per_level_and_a_forfeit_is_last(
    storage: Storage,
) -> None:
    # seat 0 (person 1) left, then the game ended with them "first" by score: they are last
    game = await finish(
        storage, [1, None, 2, None], won_by(0, (50, 40, 30, 20)), levels={3: "ismcts"}, leave=(0,)
    )
    assert game.seats[0].left_at is not None
    model = PlackettLuce()
    rated = model.rate([[model.rating()] for _ in range(4)], ranks=[4, 1, 2, 3])
    rows = {(r[2], r[3]): r for r in await ratings_of(storage)}
    assert set(rows) == {(1, ""), (2, ""), (0, "greedy"), (0, "search")}
    assert rows[(1, "")][4] == pytest.approx(rated[0][0].mu)  # last place
    assert rows[(0, "greedy")][4] == pytest.approx(rated[1][0].mu)
    assert rows[(0, "search")][4] == pytest.approx(rated[3][0].mu)  # 'ismcts' is 'search'
    (forfeit,) = await storage.history.stats(1, guild_id=GUILD)
    assert (forfeit.played, forfeit.won, forfeit.scored, forfeit.streak) == (1, 0, 0, -1)


async def test_two_automatic_players_of_one_level_make_one_contender(storage: Storage) -> None:
    await finish(storage, [1, None, None], won_by(1, (5, 9, 1)))
    rows = {(r[2], r[3]): r for r in await ratings_of(storage)}
    assert set(rows) == {(1, ""), (0, "greedy")}
    model = PlackettLuce()
    rated = model.rate([[model.rating()] for _ in range(3)], ranks=[2, 1, 3])
    mu = 25 + (rated[1][0].mu - 25) + (rated[2][0].mu - 25)
    assert rows[(0, "greedy")][4] == pytest.approx(mu) and rows[(0, "greedy")][7] == 1


async def test_draws_tie_and_solo_games_are_not_rated(storage: Storage) -> None:
    await finish(storage, [1, 2], GameResult((), True, "turn_limit"))
    rows = await ratings_of(storage)
    assert len(rows) == 2 and rows[0][4] == pytest.approx(rows[1][4])
    (draw,) = await storage.history.stats(1, guild_id=GUILD)
    assert (draw.played, draw.won, draw.streak) == (1, 0, -1)
    lobby = await storage.games.create_lobby(
        guild_id=GUILD, channel_id=9, game_name="verso", host_id=5, max_seats=8
    )
    state = engine.new_game("verso", 1, None, 3)
    game = await storage.games.start_game(lobby.id, seed=3, state_json=engine.dumps(state))
    await play_to_end(storage, game.id, state, random.Random(2))
    assert len(await ratings_of(storage)) == 2
    (solo,) = await storage.history.stats(5, guild_id=GUILD)
    assert solo.played == 1 and solo.game_name == "verso"


async def played_out(storage: Storage, games: int, seed: int) -> None:
    """``games`` real games in two guilds among five people and automatic players."""
    rng = random.Random(seed)
    for number in range(games):
        people = rng.sample([1, 2, 3, 4, 5], rng.randint(1, 3))
        seats: list[int | None] = [*people, *([None] * rng.randint(0, 1))]
        if len(seats) < 2:
            seats.append(None)
        lobby = await storage.games.create_lobby(
            guild_id=1 + number % 2,
            channel_id=number,
            game_name=GAME,
            host_id=people[0],
            max_seats=4,
            seat_host=False,
        )
        for user_id in seats:
            level = rng.choice(["random", "greedy"]) if user_id is None else None
            lobby = await storage.games.join_lobby(lobby.id, user_id, level=level)
        state = engine.new_game(GAME, len(seats), None, number)
        game = await storage.games.start_game(lobby.id, seed=number, state_json=engine.dumps(state))
        if rng.random() < 0.2 and len(people) > 1:
            await storage.games.leave_game(game.id, people[-1])
        if rng.random() < 0.1:
            await storage.games.abort_game(game.id)
            continue
        await play_to_end(storage, game.id, state, rng)


async def test_a_rebuild_and_a_first_build_give_the_ratings_the_games_gave(
    open_storage: OpenStorage,
) -> None:
    storage = await open_storage(synchronous="NORMAL")  # many commits, quick
    try:
        await played_out(storage, 12, seed=4)
        live = await ratings_of(storage)
        assert len(live) >= 8
        counted = await storage.db.read(
            lambda conn: conn.execute("SELECT count(*) FROM rated_games").fetchone()[0]
        )
        assert await storage.history.rebuild_ratings() == counted > 6
        assert await ratings_of(storage) == live

        def forget_everything(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM ratings")
            conn.execute("DELETE FROM rated_games")
            conn.execute("DELETE FROM plays")
            conn.execute("DELETE FROM meta WHERE key = ?", (BUILT,))

        stats = await storage.history.stats(1, guild_id=1)
        await storage.db.write(forget_everything)
    finally:
        await storage.close()
    reopened = await open_storage()  # as a database from before the ratings
    try:
        assert await ratings_of(reopened) == live
        assert await reopened.history.stats(1, guild_id=1) == stats
    finally:
        await reopened.close()


async def test_a_leaderboard_reset_starts_afresh_and_a_rebuild_keeps_it_so(
    storage: Storage,
) -> None:
    for _ in range(RATED_AFTER):
        await finish(storage, [1, 2], won_by(0, (2, 1)))
        await finish(storage, [1, 2], won_by(0, (2, 1)), guild_id=2)
    assert len((await storage.history.leaderboard(GUILD, GAME)).top) == 2
    assert await storage.history.reset_leaderboard(GUILD, GAME) == 2
    assert (await storage.history.leaderboard(GUILD, GAME, user_id=1)).own is None
    await finish(storage, [1, 2], won_by(1, (1, 2)))
    after = await ratings_of(storage)
    assert [r[7] for r in after if r[0] == GUILD] == [1, 1]
    await storage.history.rebuild_ratings()
    assert await ratings_of(storage) == after
    assert len((await storage.history.leaderboard(2, GAME)).top) == 2  # other guilds keep theirs
    (stats,) = await storage.history.stats(1, guild_id=GUILD)
    assert stats.played == RATED_AFTER + 1  # stats are not reset


async def test_a_forgotten_player_becomes_a_former_player_and_the_rest_stays(
    storage: Storage,
) -> None:
    games = [await finish(storage, [1, 2, 3], won_by(i % 3, (3, 2, 1))) for i in range(3)]
    others_before = (
        await storage.history.stats(2, guild_id=GUILD),
        [r for r in await ratings_of(storage) if r[2] != 1],
    )
    forgotten = await storage.history.forget(1)
    assert (forgotten.seats, forgotten.plays, forgotten.ratings) == (3, 3, 1)
    for game in games:
        record = await storage.games.get_game(game.id)
        first = record.seats[0]
        assert first.former and first.user_id is None and first.display_name is None
        assert (first.rank, first.score) == (game.seats[0].rank, game.seats[0].score)
        assert record.host_id == 0 and record.result == game.result
        assert (await storage.verify_game(game.id)).ok
    assert await storage.history.stats(1, guild_id=None) == []
    assert (await storage.history.leaderboard(GUILD, GAME, user_id=1)).own is None
    assert others_before == (
        await storage.history.stats(2, guild_id=GUILD),
        [r for r in await ratings_of(storage) if r[2] != 1],
    )
    assert await storage.games.find_games_by_player(1, open_only=False) == []
    # a rebuild rates the former player as a newcomer each time, and keeps no rating for them
    await storage.history.rebuild_ratings()
    assert {r[2] for r in await ratings_of(storage)} == {2, 3}


async def test_a_player_in_an_open_game_is_not_forgotten(storage: Storage) -> None:
    game, _state = await start_game(storage, 5, [1, 2], seed=3)
    with pytest.raises(PlayerInOpenGame) as refused:
        await storage.history.forget(2)
    assert refused.value.game_ids == (game.id,)
    assert (await storage.games.get_game(game.id)).seats[1].user_id == 2


async def test_outside_a_lobby_a_seat_changes_hands_only_to_a_former_player(
    storage: Storage,
) -> None:
    running, _state = await start_game(storage, 5, [1, 2], seed=3)
    ended = await finish(storage, [3, 4], won_by(0, (2, 1)))

    def change(sql: str, game_id: int):  # noqa: ANN202
        return lambda conn: conn.execute(sql, (game_id,))

    for game_id in (running.id, ended.id):
        with pytest.raises(sqlite3.IntegrityError, match="changes hands"):
            await storage.db.write(change("UPDATE seats SET user_id = 7 WHERE game_id=?", game_id))
        with pytest.raises(sqlite3.IntegrityError, match="changes hands"):
            await storage.db.write(
                change("UPDATE seats SET display_name = 'x' WHERE game_id = ?", game_id)
            )
    with pytest.raises(sqlite3.IntegrityError, match="changes hands"):  # not while it runs
        await storage.db.write(
            change(
                "UPDATE seats SET user_id = NULL, display_name = NULL, former = 1 "
                "WHERE game_id = ?",
                running.id,
            )
        )
    with pytest.raises(sqlite3.IntegrityError):  # a former player has no id
        await storage.db.write(
            change("UPDATE seats SET former = 1, display_name = NULL WHERE game_id = ?", ended.id)
        )


async def test_a_version_6_database_gets_its_plays_and_ratings_at_the_first_open(
    tmp_path: Path,
) -> None:
    path = tmp_path / "v6.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, load_migrations()[:6])
    now = "2026-01-01T00:00:00.000+00:00"
    state = engine.new_game(GAME, 2, None, 3)
    conn.execute(
        "INSERT INTO games (id, guild_id, channel_id, game_name, host_id, max_seats, created_at, "
        "updated_at) VALUES (1, 1, 2, 'artichokes', 10, 4, ?, ?)",
        (now, now),
    )
    for seat, user in ((0, 10), (1, 11)):
        conn.execute(
            "INSERT INTO seats (game_id, seat, user_id, joined_at) VALUES (1, ?, ?, ?)",
            (seat, user, now),
        )
    conn.execute(
        "UPDATE games SET status = 'active', seed = 3, state = ?, started_at = ? WHERE id = 1",
        (engine.dumps(state), now),
    )
    result = GameResult((1,), False, "scores", scores=(2, 5), ranks=(2, 1)).to_json()
    conn.execute(
        "UPDATE games SET status = 'finished', result = ?, ended_at = ? WHERE id = 1",
        (result, now),
    )
    conn.execute("UPDATE seats SET score = 2, rank = 2 WHERE seat = 0")
    conn.execute("UPDATE seats SET score = 5, rank = 1 WHERE seat = 1")
    conn.close()
    storage = await Storage.open(path=path)
    try:
        (winner,) = await storage.history.stats(11, guild_id=1)
        assert (winner.played, winner.won, winner.best_score) == (1, 1, 5)
        model = PlackettLuce()
        rated = model.rate([[model.rating()], [model.rating()]], ranks=[2, 1])
        rows = await ratings_of(storage)
        assert [(r[2], r[7]) for r in rows] == [(10, 1), (11, 1)]
        assert rows[1][4] == pytest.approx(rated[1][0].mu)
        assert await storage.history.build_once() is None  # once
        record = await storage.games.get_game(1)
        assert [s.user_id for s in record.seats] == [10, 11] and not record.seats[0].former
    finally:
        await storage.close()
