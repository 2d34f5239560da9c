"""What the picture tests share: the tables to draw (each game at its smallest and largest),
seeded states of random games, and the checks every picture passes."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator

import pytest
from PIL import Image

import engine
from bot.games import presented_games
from bot.pictures.base import DESCRIPTION_LIMIT, Picture
from bot.pictures.canvas import SCALE, WIDTH

MAX_BYTES = 150 * 1024


def tables() -> list[object]:
    params = []
    for game in presented_games():
        info = engine.get_game(game).info
        for seats in sorted({info.min_players, info.max_players}):
            params.append(pytest.param(game, seats, id=f"{game}-{seats}p"))
    return params


def states(
    game: str, seats: int, seed: int, count: int = 4
) -> Iterator[tuple[engine.GameState, random.Random]]:
    """``count`` states spread over seeded games of random moves (each game's end among
    them), with a generator for the test to go on with."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        game_seed = rng.randrange(2**32)
        length = sum(1 for _state in play(game, seats, game_seed))
        wanted = min(count - found, length)
        picks = {(length - 1) * (i + 1) // wanted for i in range(wanted)}
        for step, state in enumerate(play(game, seats, game_seed)):
            if step in picks:
                yield state, rng
        found += wanted


def play(game: str, seats: int, seed: int) -> Iterator[engine.GameState]:
    """Every state of one game of random moves (the same object, moved on)."""
    rng = random.Random(seed)
    state = engine.new_game(game, seats, None, seed)
    yield state
    while engine.outcome(state) is None:
        seat = rng.choice(engine.deciding_seats(state))
        engine.apply(state, engine.random_action(state, seat, rng))
        yield state


def check(picture: Picture | None) -> Picture:
    assert picture is not None
    assert 0 < len(picture.data) <= MAX_BYTES, len(picture.data)
    assert 0 < len(picture.description) <= DESCRIPTION_LIMIT
    image = Image.open(io.BytesIO(picture.data))
    assert image.format == "PNG" and image.mode == "P"
    assert image.width == WIDTH * SCALE and image.height <= 2 * image.width  # a phone's screen
    assert picture.name.endswith(".png") and picture.name.isascii()
    return picture
