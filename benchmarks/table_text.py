"""Benchmark: the longest public table text of each game, per table size and language; print
one JSON line.

    .venv/bin/python benchmarks/table_text.py [--games 1000] [--seed 1] [--player random]
        [--sizes artichokes:4,ninjan:4,pentaquest:4,verso:4,verso:8] [--languages en,uk,es,fr]

Game ``i`` of a size uses seed ``seed + i`` (the deal and every move); the table is drawn after
every step, exactly as the bot shows it (``bot.texts.rendering.table_screen`` with the last
events the bot keeps), in English, Ukrainian, Spanish and French, with every seat named by a
mention of a 19-digit user id (as long as real ones). ``--player``: who plays every seat
(``random``: uniformly random legal moves, which reach odd positions; ``greedy``: the game's
greedy player, closer to real tables).

Targets (issue 23): at most 900 characters for a 4-player table of any game, at most 1,500
for Verso at 8 players.

Output keys: games, seed, player, seconds, and ``longest`` by ``game-Np`` then language:
``{"chars": the longest text, "game": its seed, "step": its step}``; ``limit`` by
``game-Np`` (where the issue sets one) and ``over``: the ``game-Np/language`` entries above
their limit (empty when every target is met).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cli  # noqa: E402

from tests.bot.table_playouts import LANGUAGES, PLAYERS, table_texts  # noqa: E402

DEFAULT_SIZES = "artichokes:4,ninjan:4,pentaquest:4,verso:4,verso:8"
LIMITS = {4: 900, 8: 1500}
"""The issue's targets by table size (a 4-player table of any game; Verso at 8)."""


def longest(
    game: str, seats: int, games: int, seed: int, player: str, languages: list[str]
) -> dict[str, Any]:
    """The longest table of ``games`` seeded games, by language."""
    found: dict[str, dict[str, int]] = {
        language: {"chars": 0, "game": 0, "step": 0} for language in languages
    }
    for i in cli.tracked(range(games), f"{game} at {seats}", total=games):
        texts = table_texts(game, seats, seed + i, languages=languages, player=player)
        for language, step, text in texts:
            if len(text) > found[language]["chars"]:
                found[language] = {"chars": len(text), "game": seed + i, "step": step}
    return found


def run(
    sizes: list[tuple[str, int]], games: int, seed: int, player: str, languages: list[str]
) -> dict[str, Any]:
    """Measure every ``(game, seats)`` of ``sizes`` in ``languages``."""
    started = time.perf_counter()
    out: dict[str, Any] = {"games": games, "seed": seed, "player": player}
    figures: dict[str, Any] = {}
    limits: dict[str, int] = {}
    over = []
    for game, seats in sizes:
        name = f"{game}-{seats}p"
        figures[name] = longest(game, seats, games, seed, player, languages)
        limit = LIMITS.get(seats)
        if limit is not None:
            limits[name] = limit
            over += [f"{name}/{lang}" for lang, f in figures[name].items() if f["chars"] > limit]
    out["longest"] = figures
    out["limit"] = limits
    out["over"] = over
    out["seconds"] = round(time.perf_counter() - started, 1)
    return out


def parse_sizes(text: str) -> list[tuple[str, int]]:
    """``"verso:4,verso:8"`` -> ``[("verso", 4), ("verso", 8)]``."""
    sizes = []
    for part in text.split(","):
        game, _sep, seats = part.partition(":")
        sizes.append((game.strip(), int(seats)))
    return sizes


def main() -> None:
    parser = cli.parser(__doc__)
    parser.add_argument("--games", type=int, default=1000, help="games per table size")
    parser.add_argument("--seed", type=int, default=1, help="game i is dealt from seed + i")
    parser.add_argument("--player", choices=PLAYERS, default="random", help="who plays every seat")
    parser.add_argument("--sizes", default=DEFAULT_SIZES, help="game:seats,... to measure")
    parser.add_argument(
        "--languages", default=",".join(LANGUAGES), help="the languages to draw the tables in"
    )
    args = parser.parse_args()
    languages = args.languages.split(",")
    print(json.dumps(run(parse_sizes(args.sizes), args.games, args.seed, args.player, languages)))


if __name__ == "__main__":
    main()
