"""Benchmark: commit actions for many concurrent games; print one JSON line.

    .venv/bin/python benchmarks/storage_commit.py [--backend sqlite|postgresql]
        [--games 100] [--actions 100] [--think-ms 0] [--synchronous FULL|NORMAL]
        [--path FILE | --url postgresql://...] [--seed 1] [--as-bot]
        [--storage storage|sqlalchemy|sqlalchemy-thread]

Every game is a real artichokes game. Its random legal moves, states and events are
computed, and all games opened and started, *before* the clock starts, so the figures are
commits only: one asyncio task per game slot awaits ``commit_action`` for each action in
turn (when its game ends, the task goes on with its next game). ``--as-bot`` commits as the
bot does a present player's move: ``commit_action_record`` (the game read back in the same
transaction), with no seat change. ``--think-ms`` adds an
exponentially distributed pause between a slot's actions (0 = saturation: every game
commits as fast as it can).

``--storage sqlalchemy`` commits the same moves through the SQLAlchemy prototype
(``benchmarks/sqlalchemy_storage.py``: SQLAlchemy Core's async engine over the same drivers,
``pip install -e '.[bench]'``) instead of ``storage``'s own backends; the games are set up and
verified by ``storage`` either way, so both arms commit identical workloads for one seed.
``--storage sqlalchemy-thread`` (SQLite only): SQLAlchemy's synchronous engine on one worker
thread, one thread call per transaction (its driver is ``sqlite3``, not aiosqlite).

``--backend postgresql`` commits to PostgreSQL instead (the same storage code, through
asyncpg): the empty database ``--url``, or by default a temporary server started from the
machine's binaries (``initdb``, ``pg_ctl``) with PostgreSQL's own durable defaults (``fsync``
and ``synchronous_commit`` on), on the loopback interface, deleted after the run.

Output keys: backend, storage, games, commits, seconds, cpu_s (CPU time of this process, all
its threads, while it commits: the database server's is not in it), commits_per_s, p50_ms,
p99_ms, max_ms (latency of one ``commit_action`` call, wall clock), as_bot, think_ms,
synchronous (SQLite's; ``null`` on PostgreSQL), python, sqlite, postgresql (the server's
version, ``null`` on SQLite), load_1m (the machine's 1-minute load average when the run
ended: the figures are only as quiet as the machine).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Never

import cli

import engine
from storage import GameResult, Storage
from storage.games import GameStore

GAME = "artichokes"


@dataclass(frozen=True)
class Move:
    seat: int
    key: str
    state_json: str
    events: list[engine.Event]
    result: GameResult | None


@dataclass(frozen=True)
class Script:
    """One game to replay through storage: setup and its moves."""

    seats: int
    seed: int
    moves: list[Move]


def scripts_for_slot(rng: random.Random, actions: int) -> list[Script]:
    """Random games for one task, cut so that they hold ``actions`` moves in total."""
    scripts: list[Script] = []
    remaining = actions
    while remaining > 0:
        seats, seed = rng.randint(2, 4), rng.randrange(2**31)
        state = engine.new_game(GAME, seats, None, seed)
        moves: list[Move] = []
        while remaining > 0 and engine.outcome(state) is None:
            seat = rng.choice(engine.deciding_seats(state))
            action = engine.random_action(state, seat, rng)
            events = engine.apply(state, action)
            outcome = engine.outcome(state)
            moves.append(
                Move(
                    action.seat,
                    action.key,
                    engine.dumps(state),
                    events,
                    GameResult.of(outcome) if outcome else None,
                )
            )
            remaining -= 1
        scripts.append(Script(seats, seed, moves))
    return scripts


async def create_games(storage: Storage, slot: int, scripts: list[Script]) -> list[int]:
    """Open, fill and start one game per script (before the clock starts); return their ids."""
    ids = []
    for number, script in enumerate(scripts):
        lobby = await storage.games.create_lobby(
            guild_id=1,
            channel_id=slot * 10_000 + number,
            game_name=GAME,
            host_id=slot * 10 + 1,
            max_seats=4,
        )
        for seat in range(1, script.seats):
            lobby = await storage.games.join_lobby(lobby.id, slot * 10 + 1 + seat)
        initial = engine.new_game(GAME, script.seats, None, script.seed)
        await storage.games.start_game(lobby.id, seed=script.seed, state_json=engine.dumps(initial))
        ids.append(lobby.id)
    return ids


async def run_slot(
    storage: GameStore | Any,
    games: list[tuple[int, Script]],
    latencies: list[float],
    think_s: float,
    rng: random.Random,
    bar: cli.tqdm[Never],
    as_bot: bool = False,
) -> None:
    """Commit every move of this task's games, one game after the other, timing each call
    (each commit advances ``bar``)."""
    commit = storage.commit_action
    if as_bot:
        commit = storage.commit_action_record
    for game_id, script in games:
        for version, move in enumerate(script.moves):
            if think_s:
                await asyncio.sleep(rng.expovariate(1 / think_s))
            started = time.perf_counter()
            await commit(
                game_id,
                version,
                move.seat,
                move.key,
                move.state_json,
                public_events=move.events,
                status="finished" if move.result else None,
                result=move.result,
            )
            latencies.append(time.perf_counter() - started)
            bar.update()


async def bench(args: argparse.Namespace, where: Path | str) -> dict[str, Any]:
    """Run the benchmark on the SQLite file or PostgreSQL URL ``where``."""
    rng = random.Random(args.seed)
    plans = [scripts_for_slot(rng, args.actions) for _ in range(args.games)]
    latencies: list[float] = []

    async def open_storage() -> Storage:
        if isinstance(where, Path):
            return await Storage.open(path=where, synchronous=args.synchronous)
        return await Storage.open(url=where)

    server = None
    async with await open_storage() as storage:
        if storage.db.dialect == "postgresql":
            server = await storage.db.read(
                lambda conn: conn.execute("SHOW server_version").fetchone()[0]
            )
        slots = []
        for i, plan in enumerate(plans):
            ids = await create_games(storage, i, plan)
            slots.append(list(zip(ids, plan, strict=True)))
        if args.storage == "storage":
            seconds, cpu_s = await commit_all(args, storage.games, slots, latencies)
    if args.storage != "storage":
        import sqlalchemy_storage as arm

        if args.storage == "sqlalchemy-thread":
            assert isinstance(where, Path), "--storage sqlalchemy-thread is for SQLite"
            db = await arm.SQLAlchemyThreadBackend.open_on_thread(
                where, synchronous=args.synchronous
            )
        else:
            db = await arm.SQLAlchemyBackend.open(where, synchronous=args.synchronous)
        try:
            await db.read(lambda conn: None)  # its first connection, as storage's is open
            seconds, cpu_s = await commit_all(args, arm.SQLAlchemyPlay(db), slots, latencies)
        finally:
            await db.close()
    async with await open_storage() as storage:
        for game_id in (1, len(plans) // 2 + 1):  # sanity: what was written replays
            assert (await storage.verify_game(game_id)).ok
    latencies.sort()
    ms = [x * 1000 for x in latencies]
    return {
        "backend": args.backend,
        "storage": args.storage,
        "games": args.games,
        "commits": len(ms),
        "seconds": round(seconds, 3),
        "cpu_s": round(cpu_s, 3),
        "commits_per_s": round(len(ms) / seconds),
        "p50_ms": round(statistics.median(ms), 3),
        "p99_ms": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 3),
        "max_ms": round(ms[-1], 3),
        "as_bot": args.as_bot,
        "think_ms": args.think_ms,
        "synchronous": args.synchronous if args.backend == "sqlite" else None,
        "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version,
        "postgresql": server,
        "load_1m": round(os.getloadavg()[0], 2),
    }


async def commit_all(
    args: argparse.Namespace,
    committer: GameStore | Any,
    slots: list[list[tuple[int, Script]]],
    latencies: list[float],
) -> tuple[float, float]:
    """Commit every slot's moves, one task per slot, through ``committer`` (a store with
    ``commit_action``); the seconds it took and the CPU seconds this process spent meanwhile."""
    with cli.progress(args.games * args.actions, "commits", unit="commit") as bar:
        started, cpu = time.perf_counter(), time.process_time()
        await asyncio.gather(
            *(
                run_slot(
                    committer,
                    games,
                    latencies,
                    args.think_ms / 1000,
                    random.Random(i),
                    bar,
                    args.as_bot,
                )
                for i, games in enumerate(slots)
            )
        )
        return time.perf_counter() - started, time.process_time() - cpu


def bench_postgresql(args: argparse.Namespace) -> dict[str, Any]:
    """The benchmark on ``--url``, or on a temporary durable server of the machine."""
    if args.url:
        return asyncio.run(bench(args, args.url))
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tests.pgserver import create_database, running_server

    with running_server(options="") as server:  # PostgreSQL's defaults: durable commits
        return asyncio.run(bench(args, create_database(server, "bench")))


def main() -> None:
    parser = cli.parser(__doc__)
    parser.add_argument("--games", type=int, default=100, help="concurrent games (tasks)")
    parser.add_argument("--actions", type=int, default=100, help="commits per task")
    parser.add_argument(
        "--think-ms", type=float, default=0.0, help="mean pause between moves, in ms"
    )
    parser.add_argument(
        "--synchronous",
        choices=("FULL", "NORMAL"),
        default="FULL",
        help="SQLite's synchronous setting for the database",
    )
    parser.add_argument(
        "--backend",
        choices=("sqlite", "postgresql"),
        default="sqlite",
        help="where the games are committed",
    )
    parser.add_argument("--path", type=Path, help="database file (default: a temporary one)")
    parser.add_argument(
        "--url",
        help="with --backend postgresql: an empty database (default: a temporary server)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the random games")
    parser.add_argument(
        "--as-bot",
        action="store_true",
        help="commit as the bot does (the game read back, the seat known present)",
    )
    parser.add_argument(
        "--storage",
        choices=("storage", "sqlalchemy", "sqlalchemy-thread"),
        default="storage",
        help="what commits: storage's own backends, or the SQLAlchemy prototype (async "
        "engine; -thread: SQLite only, its synchronous engine on one thread)",
    )
    args = parser.parse_args()
    if args.storage == "sqlalchemy-thread" and args.backend != "sqlite":
        parser.error("--storage sqlalchemy-thread is for --backend sqlite")
    if args.storage != "storage":
        import sqlalchemy_storage

        why = sqlalchemy_storage.available()
        if why is not None:
            parser.error(why)
    if args.backend == "postgresql":
        result = bench_postgresql(args)
    elif args.path is not None:
        result = asyncio.run(bench(args, args.path))
    else:
        with tempfile.TemporaryDirectory(prefix="cardroom-bench-") as folder:
            result = asyncio.run(bench(args, Path(folder) / "bench.sqlite3"))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
