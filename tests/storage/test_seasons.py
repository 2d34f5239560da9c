"""Seasons in storage (both backends): closing a season keeps its leaderboard as it stood while
the next one starts fresh and the all-time one goes on; each game counts in the season current
when it ended; a stale or doubled close changes nothing; names are unique whatever their case;
the season ratings follow OpenSkill from each season's own games, a rebuild gives the same
numbers to the last bit, and a reset or forget-me reaches every season."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from storage import GameResult, Storage
from storage.migrate import load_migrations, migrate
from storage.seasons import FIRST, SeasonNameTaken, StaleSeason
from storage.sql import IntegrityError
from tests.backends import OpenStorage
from tests.storage.helpers import (
    GAME,
    GUILD,
    finish,
    play_to_end,
    ratings_of,
    start_game,
    won_by,
)

Row = tuple[int, str, int, int, str, float, float, float, int]


async def season_ratings_of(storage: Storage) -> list[Row]:
    def read(conn: sqlite3.Connection) -> list[Row]:
        rows = conn.execute(
            "SELECT guild_id, game_name, season, user_id, level, mu, sigma, ordinal, games "
            "FROM season_ratings ORDER BY guild_id, game_name, season, user_id, level"
        )
        return [tuple(r) for r in rows]  # type: ignore[misc]

    return await storage.db.read(read)


async def close(storage: Storage, current: int, name: str, guild_id: int = GUILD) -> None:
    await storage.seasons.start(guild_id, GAME, current=current, name=name, first_name="Season 1")


async def test_a_closed_season_keeps_its_board_the_next_starts_fresh_and_all_time_goes_on(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("storage.ratings.RATED_AFTER", 1)
    assert await storage.seasons.current(GUILD, GAME) == FIRST
    assert await storage.seasons.seasons(GUILD, GAME) == [FIRST]
    for winner in (0, 0, 1):
        await finish(storage, [1, 2], won_by(winner, (2, 1) if winner == 0 else (1, 2)))
    before = await storage.history.leaderboard(GUILD, GAME, user_id=1)
    assert await storage.seasons.leaderboard(GUILD, GAME, 1, user_id=1) == before  # one season

    await close(storage, 1, "Spring")
    (first,) = [s for s in await storage.seasons.seasons(GUILD, GAME) if s.number == 1]
    assert (first.name, first.started_at, first.current) == ("Season 1", None, False)
    now = await storage.seasons.current(GUILD, GAME)
    assert (now.number, now.name, now.current) == (2, "Spring", True)
    assert now.started_at == first.ended_at
    fresh = await storage.seasons.leaderboard(GUILD, GAME, 2, user_id=1)
    assert (fresh.top, fresh.own, fresh.players) == ((), None, 0)

    await finish(storage, [1, 3], won_by(1, (1, 2)))
    assert await storage.seasons.leaderboard(GUILD, GAME, 1, user_id=1) == before  # as it stood
    spring = await storage.seasons.leaderboard(GUILD, GAME, 2, user_id=1)
    assert [(r.user_id, r.games) for r in spring.top] == [(3, 1), (1, 1)]
    assert spring.own is not None and spring.own.place == 2
    all_time = await storage.history.leaderboard(GUILD, GAME, user_id=1)
    assert all_time.own is not None and all_time.own.games == 4  # goes on

    (standing,) = await storage.seasons.standings(GUILD, 1, [GAME])
    assert standing.season == now and standing.in_season.own == spring.own
    assert standing.all_time.own == all_time.own and standing.all_time.top == ()
    assert [s.number for s in await storage.seasons.seasons(GUILD, GAME)] == [2, 1]
    assert await storage.seasons.current(2, GAME) == FIRST  # another guild: its own seasons


async def test_a_stale_or_doubled_close_and_a_taken_name_change_nothing(storage: Storage) -> None:
    await finish(storage, [1, 2], won_by(0, (2, 1)))
    with pytest.raises(SeasonNameTaken):  # season 1 is about to take that name
        await close(storage, 1, "SEASON 1 ")
    with pytest.raises(StaleSeason) as stale:
        await close(storage, 2, "Later")
    assert stale.value.current == 1
    assert await storage.seasons.seasons(GUILD, GAME) == [FIRST]

    await close(storage, 1, "Spring")
    with pytest.raises(StaleSeason) as stale:  # the same confirmation, clicked twice
        await close(storage, 1, "Summer")
    assert stale.value.current == 2
    with pytest.raises(SeasonNameTaken):
        await close(storage, 2, "  spring")
    with pytest.raises(SeasonNameTaken):
        await close(storage, 2, "season 1")
    with pytest.raises(ValueError):
        await close(storage, 2, "x" * 41)
    assert [s.name for s in await storage.seasons.seasons(GUILD, GAME)] == ["Spring", "Season 1"]
    assert (await storage.seasons.find(GUILD, GAME, "SPRING")).number == 2  # type: ignore[union-attr]
    assert await storage.seasons.find(GUILD, GAME, "Summer") is None
    await close(storage, 2, "Summer")
    assert (await storage.seasons.current(GUILD, GAME)).name == "Summer"

    def reopen(conn: sqlite3.Connection) -> None:
        conn.execute("UPDATE seasons SET ended_at = NULL WHERE number = 1")

    with pytest.raises(IntegrityError):  # the schema keeps a closed season closed
        await storage.db.write(reopen)


async def test_a_game_running_when_its_season_closes_counts_in_the_next(
    storage: Storage,
) -> None:
    game, state = await start_game(storage, 7, [1, 2], seed=5)
    await close(storage, 1, "Two")
    await play_to_end(storage, game.id, state, random.Random(5))
    rows = await season_ratings_of(storage)
    assert {(r[2], r[3], r[8]) for r in rows} == {(2, 1, 1), (2, 2, 1)}
    assert {(r[2], r[7]) for r in await ratings_of(storage)} == {(1, 1), (2, 1)}


async def test_season_ratings_follow_openskill_from_each_seasons_own_games(
    storage: Storage,
) -> None:
    """The arithmetic, done here with openskill itself: season 2 starts every player at the
    model's default whatever they did in season 1, while the all-time ratings carry on."""
    model = PlackettLuce()
    everyone = {u: model.rating() for u in (1, 2, 3)}
    season: dict[int, object] = {}

    def play(ratings: dict, winner: int, loser: int) -> None:
        new = model.rate(
            [[ratings.get(winner, model.rating())], [ratings.get(loser, model.rating())]],
            ranks=[1, 2],
        )
        ratings[winner], ratings[loser] = new[0][0], new[1][0]

    for _ in range(3):
        await finish(storage, [1, 2], won_by(0, (2, 1)))
        play(everyone, 1, 2)
    await close(storage, 1, "Two")
    for winner, loser in ((2, 1), (3, 1), (2, 3)):
        await finish(storage, [winner, loser], won_by(0, (2, 1)))
        play(everyone, winner, loser)
        play(season, winner, loser)

    rows = await season_ratings_of(storage)
    second = {r[3]: r for r in rows if r[2] == 2}
    assert sorted(second) == [1, 2, 3]
    for user, row in second.items():
        want = season[user]
        assert (row[5], row[6]) == pytest.approx((want.mu, want.sigma))  # type: ignore[attr-defined]
    assert {r[3]: r[8] for r in rows if r[2] == 1} == {1: 3, 2: 3}  # season 1 as it stood
    for row in await ratings_of(storage):
        want = everyone[row[2]]
        assert (row[4], row[5]) == pytest.approx((want.mu, want.sigma))
    assert second[2][5] != pytest.approx(everyone[2].mu)  # the season did start afresh


async def test_a_rebuild_gives_every_seasons_ratings_and_the_all_time_ones_as_played(
    open_storage: OpenStorage,
) -> None:
    storage = await open_storage(synchronous="NORMAL")
    rng = random.Random(11)
    try:
        closes = {8: (1, 1), 15: (2, 1), 20: (1, 2)}  # after game n: guild, season to close
        for number in range(28):
            people = rng.sample([1, 2, 3, 4, 5], rng.randint(1, 3))
            seats: list[int | None] = [*people, *([None] * (3 - len(people)))][: rng.randint(2, 3)]
            if not any(s is not None for s in seats):
                seats[0] = people[0]
            scores = tuple(rng.randint(0, 9) for _ in seats)
            ranks = tuple(1 + sum(o > s for o in scores) for s in scores)
            result = GameResult((ranks.index(1),), False, "scores", scores=scores, ranks=ranks)
            await finish(storage, seats, result, guild_id=1 + number % 2, channel_id=number)
            if number in closes:
                guild, current = closes[number]
                await close(storage, current, f"S{current + 1}", guild_id=guild)
        live, all_time = await season_ratings_of(storage), await ratings_of(storage)
        assert {(r[0], r[2]) for r in live} == {(1, 1), (1, 2), (1, 3), (2, 1), (2, 2)}
        assert await storage.history.rebuild_ratings() == 28
        assert await season_ratings_of(storage) == live  # to the last bit
        assert await ratings_of(storage) == all_time
    finally:
        await storage.close()


async def test_a_reset_and_forget_me_reach_every_season(storage: Storage) -> None:
    await finish(storage, [1, 2], won_by(0, (2, 1)))
    await close(storage, 1, "Two")
    await finish(storage, [1, 3], won_by(0, (2, 1)))
    await finish(storage, [2, 3], won_by(0, (2, 1)), guild_id=2)
    await storage.history.forget(1)
    rows = await season_ratings_of(storage)
    assert {(r[0], r[2], r[3]) for r in rows} == {(1, 1, 2), (1, 2, 3), (2, 1, 2), (2, 1, 3)}
    await storage.history.reset_leaderboard(GUILD, GAME)
    assert {r[0] for r in await season_ratings_of(storage)} == {2}
    await finish(storage, [2, 3], won_by(0, (2, 1)))
    after = await season_ratings_of(storage)
    assert {(r[0], r[2], r[8]) for r in after} == {(1, 2, 1), (2, 1, 1)}
    await storage.history.rebuild_ratings()  # a rebuild keeps the reset, and season 2
    assert await season_ratings_of(storage) == after
    assert (await storage.seasons.current(GUILD, GAME)).number == 2  # seasons stay


async def test_a_database_from_before_seasons_gets_its_ratings_as_season_1(tmp_path: Path) -> None:
    path = tmp_path / "before.sqlite3"
    storage = await Storage.open(path=path)
    try:
        await finish(storage, [1, 2], won_by(0, (2, 1)))
        await finish(storage, [2, 3], won_by(1, (1, 2)))
        all_time = await ratings_of(storage)
    finally:
        await storage.close()
    migrations = load_migrations()
    (seasons,) = [m for m in migrations if m.name.endswith("_seasons.sql")]
    conn = sqlite3.connect(path, isolation_level=None)
    for table in ("season_ratings", "season_games", "seasons"):  # as before the migration
        conn.execute(f"DROP TABLE {table}")
    conn.execute(f"PRAGMA user_version = {seasons.version - 1:d}")
    assert migrate(conn, [m for m in migrations if m.version <= seasons.version]) == [
        seasons.version
    ]
    conn.execute(f"PRAGMA user_version = {len(migrations):d}")  # any later ones stay applied
    conn.close()
    storage = await Storage.open(path=path)
    try:
        rows = await season_ratings_of(storage)
        assert [(r[0], r[1], *r[3:]) for r in rows] == all_time and {r[2] for r in rows} == {1}
        await storage.history.rebuild_ratings()
        assert await season_ratings_of(storage) == rows
    finally:
        await storage.close()
