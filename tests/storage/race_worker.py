"""Two-process race worker: ``python race_worker.py DATABASE GAME_ID SEED ROUNDS``.

DATABASE: a SQLite file, or a ``postgresql://`` URL.

Says ``ready``, waits for a line on stdin, then ROUNDS times: reads the game, applies a
random legal action and commits it. A ``StaleVersion`` (the other process moved first)
means reload and go on; it stops when the game is over. Prints ``<won> <stale>`` at the end.
"""

from __future__ import annotations

import asyncio
import random
import sys

import engine
from storage import GameNotActive, StaleVersion, Storage


async def main(database: str, game_id: int, seed: int, rounds: int) -> None:
    rng = random.Random(seed)
    won = stale = 0
    where = {"url": database} if database.startswith("postgresql://") else {"path": database}
    async with await Storage.open(**where) as storage:
        print("ready", flush=True)
        sys.stdin.readline()  # start together with the other process
        for _ in range(rounds):
            game = await storage.games.get_game(game_id)
            state = engine.loads(game.state_json)
            if engine.outcome(state) is not None:
                break
            seat = rng.choice(engine.deciding_seats(state))
            action = engine.random_action(state, seat, rng)
            engine.apply(state, action)
            outcome = engine.outcome(state)
            # a moment between reading and committing, so that the two processes overlap
            # even when the machine is busy and one of them runs in bursts
            await asyncio.sleep(rng.random() / 500)
            try:
                await storage.games.commit_action(
                    game_id,
                    game.version,
                    action.seat,
                    action.key,
                    engine.dumps(state),
                    status="finished" if outcome else None,
                    result=outcome,
                )
                won += 1
            except StaleVersion:
                stale += 1
            except GameNotActive:  # the other process made the last move
                break
    print(won, stale)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])))
