"""Benchmark: the size of one live game, for every game; one JSON line.

    .venv/bin/python benchmarks/game_memory.py [--games 200] [--seed 1]

For each registered game and player count, ``--games`` games are played at random to a point
part-way through (a random number of actions, at most 80% of a typical game), dumped to JSON
as storage keeps them, and loaded back as the bot holds a running game in memory. Reported per
game and count: the largest and mean state JSON in bytes (the issue's budget: 4 KB), and the
memory the loaded states take in KB per game (``tracemalloc``: every allocation Python makes
for them, measured while they are held; the budget: 20 KB).

Only the engine state is measured: the bot's per-game cache also holds the stored record
(seats, options) and the last logged actions, and its process memory includes SQLite's page
cache and discord.py's state, which ``bot_latency.py`` reports as resident memory.
"""

from __future__ import annotations

import gc
import json
import platform
import random
import tracemalloc
from typing import Never

import cli

import engine
from engine.api import apply as apply_action
from engine.api import deciding_seats, dumps, loads, new_game, outcome, random_action


def mid_game_json(name: str, seats: int, seed: int, rng: random.Random) -> str:
    """A game of ``name`` played at random for a random part of a typical game, as JSON."""
    state = new_game(name, seats, None, seed)
    probe = new_game(name, seats, None, seed)
    length = 0
    while outcome(probe) is None:
        apply_action(probe, random_action(probe, rng.choice(deciding_seats(probe)), rng))
        length += 1
    stop = rng.randint(0, max(0, int(length * 0.8)))
    for _ in range(stop):
        if outcome(state) is not None:
            break
        apply_action(state, random_action(state, rng.choice(deciding_seats(state)), rng))
    return dumps(state)


def measure(
    name: str, seats: int, games: int, seed: int, bar: cli.tqdm[Never]
) -> dict[str, object]:
    """State JSON sizes and memory per loaded state for ``games`` games of ``name`` (each
    advances ``bar``)."""
    rng = random.Random(seed)
    texts = []
    for i in range(games):
        texts.append(mid_game_json(name, seats, seed + i, rng))
        bar.update()
    sizes = [len(t.encode()) for t in texts]
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    held = [loads(t) for t in texts]
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert len(held) == games
    return {
        "json_bytes_max": max(sizes),
        "json_bytes_mean": round(sum(sizes) / games),
        "memory_kb_per_game": round((after - before) / games / 1024, 1),
    }


def main() -> None:
    """Parse arguments, measure every game and count, print one JSON line."""
    parser = cli.parser(__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per game and player count")
    parser.add_argument("--seed", type=int, default=1, help="game i is dealt from seed + i")
    args = parser.parse_args()
    figures: dict[str, object] = {}
    tables = [
        (name, seats)
        for name in engine.game_names()
        for seats in range(
            engine.get_game(name).info.min_players, engine.get_game(name).info.max_players + 1
        )
    ]
    with cli.progress(len(tables) * args.games, "games") as bar:
        for name, seats in tables:
            figures[f"{name}-{seats}p"] = measure(name, seats, args.games, args.seed, bar)
    print(
        json.dumps(
            {
                "games": args.games,
                "seed": args.seed,
                "figures": figures,
                "python": platform.python_version(),
            }
        )
    )


if __name__ == "__main__":
    main()
