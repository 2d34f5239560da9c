"""Benchmark: drawing the tables' pictures; one JSON line.

    .venv/bin/python benchmarks/pictures.py [--games 3] [--seed 1] [--pictures 150]
        [--game verso] [--players 8]

For each game (all by default) at its largest table (or ``--players``), seeded games of random
legal moves are played and the public table is drawn and encoded at up to ``--pictures``
positions spread over them, exactly as the bot's painter does it (``bot.pictures.base.draw``:
the drawing, the palette mapping and the PNG), without the painter's cache. The first picture
of each game is drawn before the clock (fonts and sprites load once per process, as in the
bot). Targets (issue 23): p99 at most 30 ms per picture for the largest table (Verso, 8
players) and at most 150 KB per PNG.

Output keys: seed, games, python, pillow, load_avg (the machine's 1-minute load when done),
and per table (``verso-8p`` ...): pictures, p50_ms, p99_ms, max_ms (wall clock), cpu_p50_ms,
cpu_p99_ms (this thread's CPU time: what a picture costs, whatever else the machine runs),
draw_p50_ms (the drawing alone, without the encoding), kb_p50, kb_max.
"""

from __future__ import annotations

import json
import os
import platform
import random
import sys
import time
from pathlib import Path

import cli

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import PIL  # noqa: E402

import engine  # noqa: E402
from bot.games import presented_games  # noqa: E402
from bot.pictures.base import PictureContext, draw, picture_of  # noqa: E402
from bot.pictures.samples import NAMES  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of ``values`` (``share`` in 0..1)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


def views(game: str, seats: int, games: int, seed: int, wanted: int) -> list[engine.View]:
    """Public views spread over ``games`` seeded games of random moves."""
    rng = random.Random(seed)
    found: list[engine.View] = []
    for _game in range(games):
        state = engine.new_game(game, seats, None, rng.randrange(2**32))
        every: list[engine.View] = [engine.view(state, None)]
        while engine.outcome(state) is None:
            seat = rng.choice(engine.deciding_seats(state))
            engine.apply(state, engine.random_action(state, seat, rng))
            every.append(engine.view(state, None))
        share = max(1, wanted // games)
        found += [every[i * (len(every) - 1) // max(1, share - 1)] for i in range(share)]
    return found


def measure(game: str, seats: int, games: int, seed: int, wanted: int) -> dict[str, float]:
    """The figures of one table size."""
    ctx = PictureContext("en", NAMES[:seats])
    shown = picture_of(game)
    assert shown is not None
    spread = views(game, seats, games, seed, wanted)
    draw(game, "table", spread[0], ctx)  # fonts and sprites, once per process
    totals, cpu, drawing, sizes = [], [], [], []
    for view in cli.tracked(spread, f"{game}-{seats}p pictures", unit="picture"):
        started, used = time.perf_counter(), time.thread_time()
        picture = draw(game, "table", view, ctx)
        totals.append((time.perf_counter() - started) * 1000)
        cpu.append((time.thread_time() - used) * 1000)
        assert picture is not None
        sizes.append(len(picture.data) / 1024)
        started = time.perf_counter()
        shown.table(view, ctx)
        drawing.append((time.perf_counter() - started) * 1000)
    return {
        "pictures": len(totals),
        "p50_ms": round(percentile(totals, 0.5), 2),
        "p99_ms": round(percentile(totals, 0.99), 2),
        "max_ms": round(max(totals), 2),
        "cpu_p50_ms": round(percentile(cpu, 0.5), 2),
        "cpu_p99_ms": round(percentile(cpu, 0.99), 2),
        "draw_p50_ms": round(percentile(drawing, 0.5), 2),
        "kb_p50": round(percentile(sizes, 0.5), 1),
        "kb_max": round(max(sizes), 1),
    }


def main() -> None:
    """Parse arguments, measure, print one JSON line."""
    parser = cli.parser(__doc__)
    parser.add_argument("--game", help="one game (default: every game)")
    parser.add_argument("--players", type=int, help="seats (default: the game's largest table)")
    parser.add_argument("--games", type=int, default=3, help="games played per table")
    parser.add_argument("--pictures", type=int, default=150, help="pictures per table")
    parser.add_argument("--seed", type=int, default=1, help="the games' seed")
    args = parser.parse_args()
    figures: dict[str, object] = {
        "seed": args.seed,
        "games": args.games,
        "python": platform.python_version(),
        "pillow": PIL.__version__,
    }
    for game in [args.game] if args.game else presented_games():
        seats = args.players or engine.get_game(game).info.max_players
        figures[f"{game}-{seats}p"] = measure(game, seats, args.games, args.seed, args.pictures)
    figures["load_avg"] = round(os.getloadavg()[0], 2)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
