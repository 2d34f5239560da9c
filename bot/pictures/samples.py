"""Sample pictures of every game, for anyone to look at: ``python -m bot.pictures sample
OUT_DIR [--seed N] [--phone]``.

For each game at its smallest and largest table, one seeded game of random legal moves is
played and three positions are drawn — early, halfway and the end — in every language: the
public table and the first seat's private picture (where the game has one). Then a
tournament's standings (``bot.pictures.standings``) in every language: 13 players after round
2 of 4, 40 players final. ``--phone`` also writes each picture scaled to 400 pixels wide, as
a phone shows it.
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

import engine
from bot.games import presented_games
from bot.i18n import DEFAULT_LANGUAGE, available_languages
from bot.pictures.base import Picture, PictureContext, draw
from bot.pictures.standings import standings_picture

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


TIE_BREAKS = {
    "buchholz_cut1": "Buchholz cut-1",
    "buchholz": "Buchholz",
    "sonneborn_berger": "Sonneborn–Berger",
    "wins": "wins",
}
"""The default tie-breaks with their standard names (the same in every language)."""


@dataclass(frozen=True)
class SampleRow:
    """A row of sample standings (the shape of ``bot.service.tournaments.Standing``)."""

    place: int
    player: str
    points: float
    tie_breaks: Mapping[str, float]
    played: int
    byes: int
    status: str


@dataclass(frozen=True)
class SampleStandings:
    """Sample standings (the shape of ``bot.service.tournaments.Standings``)."""

    rounds: int
    final: bool
    tie_breaks: tuple[str, ...]
    rows: tuple[SampleRow, ...]


def sample_standings(players: int, rounds: int, final: bool, seed: int) -> SampleStandings:
    """Made-up standings of ``players`` after ``rounds`` rounds of a 3-seat Swiss (points
    in halves, some rows sharing a place, player 4 dropped out, player 6 removed), for
    looking at the picture; the tournament's own come from ``bot.service.tournaments``."""
    rng = random.Random(seed)
    drawn = []
    for n in range(players):
        played = rounds - (1 if n % 13 == 12 else 0)
        breaks = {name: rng.randrange(0, 8 * rounds) / 4 for name in TIE_BREAKS}
        breaks["wins"] = float(rng.randrange(rounds + 1))
        drawn.append((rng.randrange(0, 4 * rounds + 1) / 2, breaks, played, n))
    drawn.sort(key=lambda d: (-d[0], *(-v for v in d[1].values()), d[3]))
    drawn[3] = (drawn[2][0], drawn[2][1], drawn[3][2], drawn[3][3])  # a shared third place
    rows: list[SampleRow] = []
    for index, (points, breaks, played, n) in enumerate(drawn):
        shared = bool(rows) and (rows[-1].points, rows[-1].tie_breaks) == (points, breaks)
        status = {3: "dropped", 5: "removed"}.get(n, "active")
        place = rows[-1].place if shared else index + 1
        row = SampleRow(place, f"p{n}", points, breaks, played, rounds - played, status)
        rows.append(row)
    return SampleStandings(rounds, final, tuple(TIE_BREAKS), tuple(rows))


def standings_samples(seed: int = 1) -> Iterator[tuple[str, Picture]]:
    """``(file name, picture)`` of the standings' samples, in every language."""
    names = [*NAMES, "Олександра Шевченко-Петренко", "José María", "Ngozi", "Łukasz"]
    for players, rounds, final in ((13, 2, False), (40, 6, True)):
        standings = sample_standings(players, rounds, final, seed)
        shown = {f"p{n}": f"{names[n % len(names)]} {n + 1}" for n in range(players)}
        for language in (DEFAULT_LANGUAGE, *available_languages()):
            picture = standings_picture(
                standings,
                shown,
                TIE_BREAKS,
                title="Spring Cup · Swiss, 3 seats",
                total_rounds=4 if not final else rounds,
                language=language,
            )
            yield f"standings-{players}p-{'final' if final else 'round'}-{language}.png", picture


def write(out: Path, seed: int = 1, phone: bool = False) -> list[Path]:
    """Write every sample into ``out`` (made if missing); the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, picture in itertools.chain(samples(seed), standings_samples(seed)):
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
        "end positions of a seeded game at its smallest and largest table, in every language; "
        "and a tournament's standings.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    sample = commands.add_parser("sample", help="draw sample positions of every game")
    sample.add_argument("out_dir", type=Path, help="where to write the PNG files")
    sample.add_argument("--seed", type=int, default=1, help="the games' seed (default 1)")
    sample.add_argument("--phone", action="store_true", help="also write 400-pixel-wide copies")
    args = parser.parse_args(argv)
    written = write(args.out_dir, args.seed, args.phone)
    print(f"{len(written)} pictures in {args.out_dir}")
