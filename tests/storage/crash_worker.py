"""Crash-test worker: plays random artichokes games through storage until it is killed.

Run as ``python crash_worker.py DB_PATH SEED``. It resumes the active games it finds, keeps
``SLOTS`` games going at once, and writes one line to stdout *after* each durable change:

    ready              storage opened, migrations run, active games loaded
    S <game>           a lobby was started (status active)
    X <game>           a lobby was cancelled (status aborted)
    C <game> <version> commit_action returned <version>
    L <game> <seat>    a player forfeited; the seat is automatic from now on
    F <game>           the game's last action (status finished) was committed
"""

from __future__ import annotations

import asyncio
import random
import sys

import engine
from storage import GameRecord, Storage

GUILD = 1
SLOTS = 6


def say(*parts: object) -> None:
    sys.stdout.write(" ".join(str(p) for p in parts) + "\n")
    sys.stdout.flush()


async def play(
    storage: Storage, game: GameRecord, state: engine.GameState, rng: random.Random
) -> None:
    humans = [s.user_id for s in game.seats if s.is_human]
    while engine.outcome(state) is None:
        seat = rng.choice(engine.deciding_seats(state))
        action = engine.random_action(state, seat, rng)
        expected = state.step
        events = engine.apply(state, action)
        outcome = engine.outcome(state)
        version = await storage.games.commit_action(
            game.id,
            expected,
            action.seat,
            action.key,
            engine.dumps(state),
            public_events=events,
            status="finished" if outcome else None,
            result=outcome,
        )
        say("C", game.id, version)
        if humans and outcome is None and rng.random() < 0.01:
            user = humans.pop()
            left = await storage.games.leave_game(game.id, user)
            say("L", game.id, next(s.seat for s in left.seats if s.user_id == user))
    say("F", game.id)


async def new_game(
    storage: Storage, rng: random.Random, channel: int
) -> tuple[GameRecord, engine.GameState] | None:
    lobby = await storage.games.create_lobby(
        guild_id=GUILD,
        channel_id=channel,
        game_name="artichokes",
        host_id=channel,  # unique per lobby
        max_seats=engine.get_game("artichokes").info.max_players,
    )
    for k in range(rng.randint(1, 3)):
        lobby = await storage.games.join_lobby(lobby.id, None if rng.random() < 0.2 else -k - 1)
    if rng.random() < 0.05:
        await storage.games.abort_game(lobby.id, reason="host_cancelled")
        say("X", lobby.id)
        return None
    seed = rng.randrange(2**31)
    state = engine.new_game("artichokes", len(lobby.seats), lobby.options, seed)
    game = await storage.games.start_game(lobby.id, seed=seed, state_json=engine.dumps(state))
    say("S", game.id)
    return game, state


async def main(path: str, seed: int) -> None:
    rng = random.Random(seed)
    storage = await Storage.open(path=path)
    # A kill between create_lobby and start_game leaves a lobby behind: cancel it.
    for lobby in await storage.games.list_games(GUILD, ["lobby"]):
        await storage.games.abort_game(lobby.id, reason="worker_restarted")
    report = await storage.games.load_active_games()
    if report.failures:
        say("FAILURES", report.failures)
        sys.exit(1)
    say("ready")
    channels = iter(range(seed * 1_000_000, (seed + 1) * 1_000_000))

    async def slot(resume: tuple[GameRecord, engine.GameState] | None) -> None:
        slot_rng = random.Random(rng.random())
        if resume is not None:
            await play(storage, *resume, slot_rng)
        while True:
            made = await new_game(storage, slot_rng, next(channels))
            if made is not None:
                await play(storage, *made, slot_rng)

    resumed = [(g.game, g.state) for g in report.games]
    starts = resumed + [None] * max(0, SLOTS - len(resumed))
    await asyncio.gather(*(slot(start) for start in starts))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
