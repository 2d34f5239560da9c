"""``cardroom play --picture FILE``: the table's picture (the one the bot posts in Discord,
``bot.pictures``) written to a file after every move, for a look without Discord."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import engine
from bot.i18n import translator
from bot.pictures.base import PictureContext, draw
from bot.texts.rendering import ended_early
from bot.texts.seat_names import seat_labels
from storage import GameRecord


def table_picture(record: GameRecord, state: engine.GameState, language: str) -> bytes | None:
    """The PNG bytes of ``record``'s public table at ``state``, drawn from the spectator's
    view in ``language`` (``None``: the game has no picture)."""
    ctx = PictureContext(
        language, seat_labels(record, translator(language), short=True), ended_early(record)
    )
    picture = draw(record.game_name, "table", engine.view(state, None), ctx)
    return None if picture is None else picture.data


async def write_table_picture(
    path: Path, record: GameRecord, state: engine.GameState, language: str
) -> bool:
    """Draw the table (in a worker thread, off the event loop) and replace ``path`` with it
    at once (a viewer never sees half a file), making its folder first if there is none.
    ``False`` when the game has no picture.

    Raises:
        OSError: ``path`` cannot be written.
    """
    data = await asyncio.to_thread(table_picture, record, state, language)
    if data is None:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.partial")
    partial.write_bytes(data)
    os.replace(partial, path)
    return True
