"""Sample pictures of every game, for anyone to look at: ``python -m bot.pictures sample
OUT_DIR [--seed N] [--phone]``.

For each game at its smallest and largest table, one seeded game of random legal moves is
played and three positions are drawn — early, halfway and the end — in every language: the
public table and the first seat's private picture (where the game has one). ``--phone`` also
writes each picture scaled to 400 pixels wide, as a phone shows it.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from pathlib import Path

from PIL import Image

import engine
from bot.games import presented_games
from bot.i18n import DEFAULT_LANGUAGE, available_languages
from bot.pictures.base import Picture, PictureContext, draw

NAMES = ("Alice", "Bohdan 🎲", "Zoë", "Дмитро Коваленко", "Eve", "François", "Grace", "Heiðrún")
"""Seat names as players might have them: accents, Cyrillic, an emoji the fonts lack."""
PHONE_WIDTH = 400


def positions(game: str, seats: int, seed: int) -> Iterator[tuple[str, engine.GameState]]:
    """``("early" | "halfway" | "end", state)`` of one seeded game of random legal moves."""
    rng = random.Random(seed)
    state = engine.new_game(game, seats, None, rng.randrange(2**32))
    states = [engine.clone(state)]
    while engine.outcome(state) is None:
        seat = rng.choice(engine.deciding_seats(state))
        engine.apply(state, engine.random_action(state, seat, rng))
        states.append(engine.clone(state))
    yield "early", states[min(len(states) - 1, 2 * seats + 1)]
    yield "halfway", states[len(states) // 2]
    yield "end", states[-1]


def samples(seed: int = 1) -> Iterator[tuple[str, Picture]]:
    """``(file name, picture)`` of every sample."""
    for game in presented_games():
        info = engine.get_game(game).info
        for seats in sorted({info.min_players, info.max_players}):
            for where, state in positions(game, seats, seed):
                for language in (DEFAULT_LANGUAGE, *available_languages()):
                    ctx = PictureContext(language, NAMES[:seats])
                    stem = f"{game}-{seats}p-{where}-{language}"
                    table = draw(game, "table", engine.view(state, None), ctx)
                    if table is not None:
                        yield f"{stem}-table.png", table
                    seat = draw(game, "seat", engine.view(state, 0), ctx)
                    if seat is not None:
                        yield f"{stem}-seat.png", seat


def write(out: Path, seed: int = 1, phone: bool = False) -> list[Path]:
    """Write every sample into ``out`` (made if missing); the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, picture in samples(seed):
        path = out / name
        path.write_bytes(picture.data)
        written.append(path)
        if phone:
            image = Image.open(path).convert("RGB")
            height = round(image.height * PHONE_WIDTH / image.width)
            small = out / name.replace(".png", "-phone.png")
            image.resize((PHONE_WIDTH, height), Image.Resampling.LANCZOS).save(small)
            written.append(small)
    return written


def main(argv: list[str] | None = None) -> None:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.pictures",
        description="Sample pictures of every game, for anyone to look at: early, halfway and "
        "end positions of a seeded game at its smallest and largest table, in every language.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    sample = commands.add_parser("sample", help="draw sample positions of every game")
    sample.add_argument("out_dir", type=Path, help="where to write the PNG files")
    sample.add_argument("--seed", type=int, default=1, help="the games' seed (default 1)")
    sample.add_argument("--phone", action="store_true", help="also write 400-pixel-wide copies")
    args = parser.parse_args(argv)
    written = write(args.out_dir, args.seed, args.phone)
    print(f"{len(written)} pictures in {args.out_dir}")
