"""Benchmark: stats, leaderboard and history on a large database, and what recording a
game's end (plays and ratings) adds to its last commit; print one JSON line.

    .venv/bin/python benchmarks/history.py [--games 1000000] [--guilds 1000]
        [--players 100000] [--queries 2000] [--ends 200] [--seed 1] [--cache DIR]

The fill (bulk inserts, minutes for a million games) is cached: the file is kept in
``--cache`` (default ``$TMPDIR/cardroom-history-bench``) under a name made of the sizes and
the seed, written in chunks of 50,000 games, each committed with its place, so an
interrupted fill resumes where it stopped and a second run reuses it.

The fill: every player has a home guild; a guild's games (guild sizes and players' activity
both skewed, 1/rank^0.8) seat 2 to 4 of its players, one game in five an automatic player
too, with random ranks and scores; each game's seats, plays and rating order are written as
the bot writes them, and every contender gets a rating row (synthetic numbers: a query's
cost does not depend on them). Queries are timed through ``Storage`` as the bot calls it:
``stats`` (one player in their guild, every game), ``leaderboard`` (a guild's game, with
the caller's place) and ``history`` (a guild's last 10, and a player's last 10), each for
players drawn by activity (a player of a random game), so busy players are asked for most.

End commits: ``--ends`` real games on this database are committed to their end through
``commit_action``, alternately with the recording of their end (plays and ratings) and
without it (patched out); ``end_commit`` gives both latencies (each with its own fsync, so
their difference is mostly the disk's noise) and ``recording_ms``, the time spent recording
inside the commit's transaction: what the recording adds to the commit.

Output keys: games, guilds, players, db_mb (file size on disk), fill_s (0 when cached),
queries, and p50_ms/p99_ms/max_ms per query kind; end_commit (with_ms, without_ms: p50 and
p99; added_p50_ms, added_p99_ms; recording_ms), python, sqlite.
"""

from __future__ import annotations

import asyncio
import json
import platform
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import cli

import engine
from storage import GameResult, Storage
from storage.history import BUILT
from storage.sql import Connection

GAMES = ("artichokes", "ninjan", "verso", "pentaquest")
CHUNK = 50_000
EPOCH = 1_767_225_600  # 2026-01-01 UTC
FILLED = "bench_filled_games"
SUMMED = "bench_summed_up"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def figures(values: list[float]) -> dict[str, float]:
    ms = [v * 1000 for v in values]
    return {
        "p50_ms": round(statistics.median(ms), 3),
        "p99_ms": round(percentile(ms, 0.99), 3),
        "max_ms": round(max(ms), 3),
    }


def stamp(second: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(EPOCH + second)) + ".000+00:00"


class World:
    """Who plays where: players' home guilds and activity, guilds' sizes (all seeded)."""

    def __init__(self, guilds: int, players: int, seed: int) -> None:
        rng = random.Random(seed)
        self.guild_weights = [1 / (rank + 1) ** 0.8 for rank in range(guilds)]
        self.members: list[list[int]] = [[] for _ in range(guilds)]
        for player in range(players):
            self.members[rng.randrange(guilds)].append(10**17 + player)
        self.activity = [
            [1 / (rank + 1) ** 0.8 for rank in range(len(pool))] for pool in self.members
        ]


def fill(path: Path, games: int, guilds: int, players: int, seed: int) -> float:
    """Write (or finish writing) the benchmark database; the seconds it took (0: cached)."""
    started = time.perf_counter()
    asyncio.run(_migrate(path))
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA synchronous = OFF")
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (FILLED,)).fetchone()
    done = int(row[0]) if row else 0
    if done >= games and conn.execute("SELECT 1 FROM meta WHERE key = ?", (SUMMED,)).fetchone():
        conn.close()
        return 0.0
    world = World(guilds, players, seed)
    bar = cli.progress(games, "fill")
    bar.update(done)
    while done < games:
        upto = min(games, done + CHUNK)
        rows = _chunk(world, random.Random(f"{seed}:{done}"), done, upto)
        conn.execute("BEGIN")
        # as the bot does: seats are taken in the lobby, then the game starts and finishes
        conn.executemany(
            "INSERT INTO games (id, guild_id, channel_id, game_name, host_id, max_seats, "
            "result, created_at, updated_at, started_at, ended_at) "
            "VALUES (?, ?, ?, ?, ?, 4, ?, ?, ?, ?, ?)",
            rows["games"],
        )
        conn.executemany(
            "INSERT INTO seats (game_id, seat, user_id, automatic, joined_at, score, rank, level) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            rows["seats"],
        )
        span = (done + 1, upto)
        conn.execute(
            "UPDATE games SET status = 'active', seed = 1, state = '{}' WHERE id BETWEEN ? AND ?",
            span,
        )
        conn.execute("UPDATE games SET status = 'finished' WHERE id BETWEEN ? AND ?", span)
        conn.executemany(
            "INSERT INTO plays (user_id, guild_id, ended_at, game_id, game_name, seat, result, "
            "rank, score) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows["plays"],
        )
        conn.executemany(
            "INSERT INTO rated_games (seq, game_id, guild_id, game_name) VALUES (?, ?, ?, ?)",
            rows["rated"],
        )
        conn.execute(
            "INSERT INTO meta (key, value, updated_at) VALUES (?, ?, '') ON CONFLICT (key) "
            "DO UPDATE SET value = excluded.value",
            (FILLED, str(upto)),
        )
        conn.execute("COMMIT")
        bar.update(upto - done)
        done = upto
    bar.close()
    _sum_up(conn)
    conn.close()
    return time.perf_counter() - started


def _sum_up(conn: sqlite3.Connection) -> None:
    """Every contender's rating row and every player's totals (synthetic ratings and
    streaks: a query's cost does not depend on them), once the games are in."""
    conn.execute("BEGIN")
    conn.execute("DELETE FROM ratings")
    mu, sigma = "(20 + (user_id % 997) / 50.0)", "(2 + (user_id % 13) / 3.0)"
    conn.execute(
        "INSERT INTO ratings (guild_id, game_name, user_id, level, mu, sigma, ordinal, games, "
        f"updated_at) SELECT guild_id, game_name, user_id, '', {mu}, {sigma}, "
        f"{mu} - 3 * {sigma}, count(*), '' FROM plays GROUP BY guild_id, game_name, user_id"
    )
    conn.execute("DELETE FROM player_totals")
    counted = "result <> 'forfeit' AND score IS NOT NULL"
    for guild, grouped in (
        ("guild_id", "user_id, guild_id, game_name"),
        ("0", "user_id, game_name"),
    ):
        conn.execute(
            "INSERT INTO player_totals (user_id, guild_id, game_name, played, won, scored, "
            f"score_total, best_score, streak) SELECT user_id, {guild}, game_name, count(*), "
            f"sum(result = 'won'), sum({counted}), coalesce(sum(CASE WHEN {counted} THEN score "
            f"END), 0), max(CASE WHEN {counted} THEN score END), CASE WHEN 2 * sum(result = "
            f"'won') >= count(*) THEN 1 ELSE -1 END FROM plays WHERE result <> 'aborted' "
            f"GROUP BY {grouped}"
        )
    for key in (BUILT, SUMMED):
        conn.execute(
            "INSERT INTO meta (key, value, updated_at) VALUES (?, '1', '') "
            "ON CONFLICT (key) DO NOTHING",
            (key,),
        )
    conn.execute("COMMIT")
    conn.execute("ANALYZE")


async def _migrate(path: Path) -> None:
    storage = await Storage.open(path=path, synchronous="NORMAL")
    await storage.close()


def _chunk(world: World, rng: random.Random, first: int, upto: int) -> dict[str, list[Any]]:
    rows: dict[str, list[Any]] = {"games": [], "seats": [], "plays": [], "rated": []}
    guilds = rng.choices(range(len(world.members)), world.guild_weights, k=upto - first)
    for number, guild in zip(range(first + 1, upto + 1), guilds, strict=True):
        pool = world.members[guild]
        if len(pool) < 2:
            pool = world.members[0]
            guild = 0
        game_name = GAMES[number % len(GAMES)]
        people = 2 + (rng.random() < 0.4) + (rng.random() < 0.3)
        people = min(people, len(pool))
        seated: list[int] = []
        weights = world.activity[guild]
        while len(seated) < people:
            player = rng.choices(pool, weights)[0]
            if player not in seated:
                seated.append(player)
        seats: list[int | None] = [*seated, *([None] if rng.random() < 0.2 else [])]
        scores = [rng.randrange(60) for _ in seats]
        ranks = engine.competition_ranks(scores)
        winners = [s for s, r in enumerate(ranks) if r == 1]
        result = GameResult(tuple(winners), False, "scores", tuple(scores), tuple(ranks))
        ended = stamp(number * 30.0)
        begun = stamp(number * 30.0 - 1200)
        rows["games"].append(
            (number, guild + 1, 10**15 + number, game_name, seated[0],
             result.to_json(), begun, ended, begun, ended)
        )  # fmt: skip
        for seat, user in enumerate(seats):
            rows["seats"].append(
                (number, seat, user, int(user is None), begun, scores[seat], ranks[seat],
                 "greedy" if user is None else None)
            )  # fmt: skip
            if user is not None:
                outcome = "won" if seat in winners else "lost"
                rows["plays"].append(
                    (user, guild + 1, ended, number, game_name, seat, outcome, ranks[seat],
                     scores[seat])
                )  # fmt: skip
        rows["rated"].append((number, number, guild + 1, game_name))
    return rows


async def measure(path: Path, queries: int, ends: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    storage = await Storage.open(path=path)
    try:
        top = await storage.db.read(
            lambda conn: conn.execute("SELECT max(id) FROM games").fetchone()[0]
        )
        picks = []
        for _ in range(queries):  # a player of a random game: busy players are drawn most
            game_id = rng.randrange(1, (top or 1) + 1)
            seat = rng.randrange(2)

            def pick(
                conn: sqlite3.Connection, game_id: int = game_id, seat: int = seat
            ) -> tuple[int, int, str]:
                row = conn.execute(
                    "SELECT s.user_id, g.guild_id, g.game_name FROM games g JOIN seats s "
                    "ON s.game_id = g.id WHERE g.id = ? AND s.seat = ?",
                    (game_id, seat),
                ).fetchone()
                return row["user_id"], row["guild_id"], row["game_name"]

            picks.append(pick)
        timed: dict[str, list[float]] = {
            "stats": [], "leaderboard": [], "history_guild": [], "history_player": []
        }  # fmt: skip
        history = storage.history
        for chooser in picks:
            user, guild, game = await storage.db.read(chooser)
            calls: tuple[tuple[str, Any, tuple[Any, ...], dict[str, Any]], ...] = (
                ("stats", history.stats, (user,), {"guild_id": guild}),
                ("leaderboard", history.leaderboard, (guild, game), {"user_id": user}),
                ("history_guild", history.past_games, (guild,), {}),
                ("history_player", history.past_games, (guild,), {"user_id": user}),
            )
            for kind, call, positional, named in calls:
                began = time.perf_counter()
                await call(*positional, **named)
                timed[kind].append(time.perf_counter() - began)
        result: dict[str, Any] = {kind: figures(values) for kind, values in timed.items()}
        result["end_commit"] = await _end_commits(storage, ends, rng)
        return result
    finally:
        await storage.close()


async def _end_commits(storage: Storage, ends: int, rng: random.Random) -> dict[str, Any]:
    """Finish ``ends`` real games of four busy players, alternately with and without the
    recording of the game's end, timing each last ``commit_action``."""
    players = await storage.db.read(
        lambda conn: [
            r[0]
            for r in conn.execute(
                "SELECT user_id FROM plays WHERE guild_id = 1 GROUP BY user_id "
                "ORDER BY count(*) DESC LIMIT 4"
            )
        ]
    )
    game_ends = storage.games.ends  # the hooks of a game's end: its plays and ratings
    real = game_ends.run
    timings: dict[bool, list[float]] = {True: [], False: []}
    inside: list[float] = []

    def timed_recording(conn: Connection, game_id: int) -> None:
        began = time.perf_counter()
        real(conn, game_id)
        inside.append(time.perf_counter() - began)

    for number in range(ends):
        lobby = await storage.games.create_lobby(
            guild_id=1, channel_id=1, game_name="artichokes", host_id=players[0], max_seats=4
        )
        for user in players[1:]:
            lobby = await storage.games.join_lobby(lobby.id, user)
        state = engine.new_game("artichokes", len(players), None, number)
        game = await storage.games.start_game(lobby.id, seed=number, state_json=engine.dumps(state))
        seat = engine.deciding_seats(state)[0]
        action = engine.random_action(state, seat, rng)
        events = engine.apply(state, action)
        scores = tuple(rng.randrange(40) for _ in players)
        ranks = engine.competition_ranks(scores)
        winners = tuple(s for s, r in enumerate(ranks) if r == 1)
        recorded = number % 2 == 0
        game_ends.run = timed_recording if recorded else _skip  # type: ignore[method-assign]
        try:
            began = time.perf_counter()
            await storage.games.commit_action(
                game.id, 0, action.seat, action.key, engine.dumps(state), public_events=events,
                status="finished", result=GameResult(winners, False, "scores", scores, ranks),
            )  # fmt: skip
            timings[recorded].append(time.perf_counter() - began)
        finally:
            game_ends.run = real  # type: ignore[method-assign]
    with_, without = figures(timings[True]), figures(timings[False])
    return {
        "games": ends,
        "with_ms": with_,
        "without_ms": without,
        "added_p50_ms": round(with_["p50_ms"] - without["p50_ms"], 3),
        "added_p99_ms": round(with_["p99_ms"] - without["p99_ms"], 3),
        "recording_ms": figures(inside),
    }


def _skip(conn: Connection, game_id: int) -> None:
    """The recording of a game's end, left out."""


def main() -> None:
    parser = cli.parser(__doc__)
    parser.add_argument("--games", type=int, default=1_000_000, help="finished games")
    parser.add_argument("--guilds", type=int, default=1000, help="guilds")
    parser.add_argument("--players", type=int, default=100_000, help="players")
    parser.add_argument("--queries", type=int, default=2000, help="queries of each kind")
    parser.add_argument("--ends", type=int, default=200, help="game end commits timed")
    parser.add_argument("--seed", type=int, default=1, help="seed of the fill and of the draws")
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path(tempfile.gettempdir()) / "cardroom-history-bench",
        help="folder of the filled databases, reused and resumed",
    )
    args = parser.parse_args()
    args.cache.mkdir(parents=True, exist_ok=True)
    path = args.cache / f"history-{args.games}-{args.guilds}-{args.players}-{args.seed}.sqlite3"
    filled = fill(path, args.games, args.guilds, args.players, args.seed)
    found = asyncio.run(measure(path, args.queries, args.ends, args.seed))
    size = sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))
    print(
        json.dumps(
            {
                "games": args.games,
                "guilds": args.guilds,
                "players": args.players,
                "seed": args.seed,
                "db_mb": round(size / 2**20, 1),
                "fill_s": round(filled, 1),
                "queries": args.queries,
                **found,
                "python": platform.python_version(),
                "sqlite": sqlite3.sqlite_version,
            }
        )
    )


if __name__ == "__main__":
    main()
