"""Every message body the bot sends fits the fake Discord's cap of 8,000 bytes (UTF-8 JSON,
``tests.fakediscord.rules.body_bytes``): tables, private screens and replays over seeded games
of every game, seat count and language, and every lobby and rules text. The README's test run
plays a few games (the widest language at the most seats, English at the fewest); the soak
step plays 1,064: 14 seeds of every game at every seat count in every language.

``python -m tests.bot.test_message_bytes [seeds]`` prints the largest body of each game and
language over that many seeds (14 by default)."""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from typing import Any

import pytest

import engine
from bot.games import presented_games
from bot.i18n import translator
from bot.messages import layouts
from bot.pictures.base import Picture, PictureContext, draw
from bot.texts.specs import Screen, SelectOption, SelectSpec
from tests.bot.helpers import every_switch_on
from tests.bot.message_bodies import (
    game_bodies,
    lobby_bodies,
    long_named_record,
    post_body,
    rules_bodies,
    seeded_actions,
    table_alt,
)
from tests.bot.table_playouts import LANGUAGES
from tests.fakediscord.rules import BODY_BYTES_LIMIT, body_bytes

SOAK_SEEDS = 14
"""Seeds of each game, seat count and language in the soak step: 14 x 76 = 1,064 games."""


def _seat_counts(game: str) -> range:
    info = engine.get_game(game).info
    return range(info.min_players, info.max_players + 1)


def largest(game: str, seats: int, language: str, seeds: range) -> dict[str, int]:
    """The largest body of each kind (``table``, ``screen``, ``replay``) over ``seeds``."""
    sizes: dict[str, int] = defaultdict(int)
    for seed in seeds:
        for kind, body in game_bodies(game, seats, seed, language):
            sizes[kind] = max(sizes[kind], body_bytes(body))
    return dict(sizes)


def quick_cases() -> list[object]:
    cases = []
    for game in presented_games():
        counts = _seat_counts(game)
        cases.append(pytest.param(game, counts[-1], "uk", id=f"{game}-{counts[-1]}p-uk"))
        cases.append(pytest.param(game, counts[0], "en", id=f"{game}-{counts[0]}p-en"))
    return cases


def soak_cases() -> list[object]:
    return [
        pytest.param(game, seats, language, id=f"{game}-{seats}p-{language}")
        for game in presented_games()
        for seats in _seat_counts(game)
        for language in LANGUAGES
    ]


@pytest.mark.parametrize(("game", "seats", "language"), quick_cases())
def test_the_bodies_of_a_seeded_game_are_within_8000_bytes(
    game: str, seats: int, language: str
) -> None:
    sizes = largest(game, seats, language, range(1, 2))
    assert set(sizes) == {"table", "screen", "replay"}
    assert max(sizes.values()) <= BODY_BYTES_LIMIT, sizes


@pytest.mark.soak
@pytest.mark.parametrize(("game", "seats", "language"), soak_cases())
def test_the_bodies_of_many_seeded_games_are_within_8000_bytes(
    game: str, seats: int, language: str
) -> None:
    sizes = largest(game, seats, language, range(100, 100 + SOAK_SEEDS))
    assert max(sizes.values()) <= BODY_BYTES_LIMIT, sizes


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", presented_games())
def test_every_lobby_and_rules_text_is_within_8000_bytes(game: str, language: str) -> None:
    bodies = lobby_bodies(game, language)
    for options in {None: None, "on": every_switch_on(game)}.values():
        bodies += rules_bodies(game, options, language)
    assert max(body_bytes(b) for b in bodies) <= BODY_BYTES_LIMIT


def _menus(count: int, description: str) -> Screen:
    options = tuple(
        SelectOption(f"bank:{n}", f"🟧 {n}-{n + 1} · {n} ПО", description) for n in range(25)
    )
    rows = tuple(SelectSpec("bank", chunk, "Bank", options) for chunk in range(count))
    return Screen("ї" * 500, rows, since=7)


def _menus_in(body: dict[str, Any]) -> list[dict[str, Any]]:
    rows = body["components"][0]["components"]
    return [c for row in rows if row["type"] == 1 for c in row["components"] if c["type"] == 3]


@pytest.mark.parametrize("where", ["table", "seat"])
def test_long_menus_lose_their_descriptions_rather_than_break_the_cap(where: str) -> None:
    """Verso's bank choice at four seats and more: three menus of 25 choices, each described
    ("discards ... flips ..."), made tables and screens of up to 15,940 bytes."""
    described = "discards 🟦1★ 🟦2★ · Ґалина flips 🟦3★ (🟩4)"
    picture = Picture("table-0000000000000000.png", b"", "ї" * 300)

    def body(screen: Screen) -> dict[str, Any]:
        if where == "table":
            view = layouts.table(
                1, screen, translator("uk"), accent=0, private_label="Mine", picture=picture
            )
        else:
            view = layouts.seat(1, screen, accent=0, picture=picture)
        return post_body(view, picture)

    few, many = body(_menus(1, described)), body(_menus(3, described))
    options = [o for menu in _menus_in(many) for o in menu["options"]]
    assert all(o["description"] == described for m in _menus_in(few) for o in m["options"])
    assert len(options) == 75 and all("description" not in o for o in options)
    assert body_bytes(many) <= BODY_BYTES_LIMIT
    with_them = body_bytes(many) + sum(
        len(f',"description":"{described}"'.encode()) for _ in options
    )
    assert with_them > BODY_BYTES_LIMIT  # what it would have been


def test_a_pictures_alt_text_is_in_its_body_once() -> None:
    """On the gallery item that shows it, not again on the upload: 1,024 two-byte letters
    twice took 4 KB of the 8,000."""
    picture = Picture("seat-0000000000000000.png", b"", "ї" * 1024)
    body = post_body(layouts.seat(1, Screen("t"), accent=0, picture=picture), picture)
    assert json.dumps(body, ensure_ascii=False).count(picture.description) == 1
    assert body["attachments"] == [{"id": 0, "filename": picture.name}]


def test_the_alt_text_measured_is_the_one_drawn() -> None:
    """The sweep reads a table's alt text without drawing it: the same text as drawn."""
    for game in presented_games():
        seats = _seat_counts(game)[-1]
        state = engine.new_game(game, seats, None, 3)
        for action in seeded_actions(game, seats, 3)[:5]:
            engine.apply(state, action)
        record = long_named_record(state)
        ctx = PictureContext("uk", tuple(s.display_name or "" for s in record.seats))
        drawn = draw(game, "table", engine.view(state, None), ctx)
        assert drawn is not None and drawn.description == table_alt(
            game, engine.view(state, None), ctx
        )


def _main(seeds: int) -> None:
    """Print the largest body of each game and language over ``seeds`` seeds of every seat
    count, and which seat count and kind it was."""
    for game in presented_games():
        for language in LANGUAGES:
            best = (0, "", 0)
            for seats in _seat_counts(game):
                for kind, size in largest(game, seats, language, range(100, 100 + seeds)).items():
                    best = max(best, (size, kind, seats))
            size, kind, seats = best
            print(f"{game:11} {language}  {size:5} bytes  ({kind}, {seats} seats)", flush=True)


if __name__ == "__main__":
    _main(int(sys.argv[1]) if len(sys.argv) > 1 else SOAK_SEEDS)
    print(f"limit {BODY_BYTES_LIMIT}; layouts.BODY_LIMIT {layouts.BODY_LIMIT}")
