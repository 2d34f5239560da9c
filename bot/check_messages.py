"""The messages ``cardroom check`` sends: the bot's own table of a real game, with the bot's
own pictures, built by the bot's own functions (``table_look``, ``layouts.table``, the
pictures' ``draw``), so that what Discord is asked to take is what the bot sends in play.

The game is the one with the largest table (most seats), at two positions of one seeded game
of random legal moves (``bot.pictures.samples.positions``): two pictures that differ. Its
seats are automatic players, so no text mentions anyone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime

import engine
from bot.games import presentation, presented_games
from bot.i18n import DEFAULT_LANGUAGE, available_languages, translator
from bot.messages import layouts
from bot.messages.table_look import TableLook, table_look
from bot.pictures.base import Picture, PictureContext, draw
from bot.pictures.samples import positions
from bot.texts.rendering import rules_text, table_screen
from bot.texts.seat_names import seat_labels
from storage import GameRecord, GameStatus, Seat

CHECK_GAME_ID = 9_999_999
"""The game number the check's tables show (and carry in their buttons' ``custom_id``): no
real game has it for years, so a click in the moment the table is there finds no game."""

LARGEST_BODY = layouts.BODY_LIMIT
"""The most bytes of JSON (UTF-8, as Discord decodes it) a message body of the bot takes: the
cap the bot keeps its tables and screens under (``bot.messages.layouts.BODY_LIMIT``), well
below the size where Discord refuses a Components V2 message."""


@dataclass(frozen=True)
class CheckMessages:
    """What the check sends.

    Attributes:
        first: the table as first posted, with its picture.
        second: the table at a later position: a new picture.
        kept: ``second``'s picture with another text (an automatic player thinking): the
            edit that keeps the picture.
        largest: the largest message the bot sends (:func:`largest_table`).
    """

    first: TableLook
    second: TableLook
    kept: TableLook
    largest: TableLook


def largest_game() -> tuple[str, int]:
    """``(game, seats)``: the game with the largest table, at that many seats."""
    game = max(presented_games(), key=lambda name: (engine.get_game(name).info.max_players, name))
    return game, engine.get_game(game).info.max_players


def record_of(state: engine.GameState) -> GameRecord:
    """A running game of ``state`` numbered :data:`CHECK_GAME_ID`, every seat an automatic
    player seated in the lobby (greedy)."""
    now = datetime.now(UTC)
    seats = tuple(
        Seat(seat=n, user_id=None, automatic=True, joined_at=now, level="greedy")
        for n in range(state.seats)
    )
    return GameRecord(
        id=CHECK_GAME_ID,
        guild_id=0,
        channel_id=0,
        game_name=state.game,
        host_id=0,
        options=engine.parse_options(state.game, getattr(state, "options", None)).model_dump(),
        max_seats=state.seats,
        status=GameStatus.ACTIVE,
        seed=state.seed,
        state_json=None,
        version=state.step,
        result=None,
        created_at=now,
        updated_at=now,
        started_at=now,
        ended_at=None,
        set_aside_reason=None,
        seats=seats,
    )


def table_picture(record: GameRecord, state: engine.GameState, language: str) -> Picture:
    """The table's picture, drawn as the bot's painter draws it (``Pictures.table``)."""
    _ = translator(language)
    ctx = PictureContext(language, seat_labels(record, _, short=True))
    picture = draw(record.game_name, "table", engine.view(state, None), ctx)
    if picture is None:
        raise ValueError(f"{record.game_name} draws no table picture")
    return picture


def largest_table(
    record: GameRecord, state: engine.GameState, language: str, limit: int = LARGEST_BODY
) -> TableLook:
    """The table of ``state`` with its picture, its text made as long as the bot's messages
    get: the table's own text followed by the game's rules (both in ``language``), cut where
    one more character would pass :data:`layouts.TEXT_LIMIT` characters or ``limit`` bytes
    of body."""
    _ = translator(language)
    show = presentation(record.game_name)
    screen = table_screen(record, state, [], _)
    rules = rules_text(record.game_name, record.options, _)
    text = screen.text
    while len(text) <= layouts.TEXT_LIMIT:
        text += "\n\n" + rules
    picture = table_picture(record, state, language)

    def look(length: int) -> TableLook:
        view = layouts.table(
            record.id,
            replace(screen, text=text[:length]),
            _,
            accent=show.accent,
            private_label=_(show.private_label),
            picture=picture,
        )
        return TableLook(view, picture)

    low, high = 0, layouts.TEXT_LIMIT  # look(low) fits; the longest that fits, by halves
    while low < high:
        middle = (low + high + 1) // 2
        if look(middle).body_bytes() <= limit:
            low = middle
        else:
            high = middle - 1
    return look(low)


def check_messages(seed: int = 1) -> CheckMessages:
    """The messages of a check: the tables of one seeded game (``seed``) of the game with the
    largest table, in the default language; the largest in the language whose letters take
    the most bytes of body."""
    game, seats = largest_game()
    states = dict(positions(game, seats, seed))
    early, later = states["early"], states["halfway"]
    record = record_of(early)
    _ = translator(DEFAULT_LANGUAGE)
    first = table_look(record, early, [], _, table_picture(record, early, DEFAULT_LANGUAGE))
    later_record = replace(record, version=later.step)
    picture = table_picture(later_record, later, DEFAULT_LANGUAGE)
    second = table_look(later_record, later, [], _, picture)
    kept = table_look(later_record, later, [], _, picture, thinking=0)
    languages = (DEFAULT_LANGUAGE, *available_languages())
    largest = max(
        (largest_table(later_record, later, language) for language in languages),
        key=TableLook.body_bytes,
    )
    return CheckMessages(first, second, kept, largest)
