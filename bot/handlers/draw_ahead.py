"""Drawing a click's answer picture while its move is committed."""

from __future__ import annotations

import engine
from bot.context import Cardroom
from bot.messages.picture_guard import REPLY, UPDATE, Route
from bot.service.commits import Prepare
from storage import GameRecord


def draw_ahead(room: Cardroom, user_id: int, where: str, language: str) -> Prepare:
    """The hook (:data:`bot.service.commits.Prepare`) that starts drawing the picture the
    answer to ``user_id``'s click shows — their screen in ``language``, or the table (in the
    guild's language) when ``where`` is ``"table"`` — from the game the move leads to, while
    the move is committed. The answer then finds it drawn or under way (the painter draws a
    picture once) instead of waiting for it after the commit; a refused commit leaves a
    picture in the cache that nobody is shown. Nothing is drawn where pictures are held off
    (``bot.messages.picture_guard``)."""

    def prepare(record: GameRecord, state: engine.GameState) -> None:
        form = UPDATE if where in ("table", "screen") else REPLY
        if room.pictures.guard.held(Route.of_game(record, form)):
            return  # the answer goes without: Discord refused a picture there lately
        if where == "table":
            room.spawn(_table(room, record, state), f"game {record.id} table picture")
            return
        seat = record.seat_of(user_id)
        if seat is not None:
            room.spawn(_seat(room, record, state, seat.seat, language), f"game {record.id} screen")

    return prepare


async def _table(room: Cardroom, record: GameRecord, state: engine.GameState) -> None:
    _ = await room.languages.public(record.guild_id)
    await room.pictures.table(record, state, _.language, urgent=True)


async def _seat(
    room: Cardroom, record: GameRecord, state: engine.GameState, seat: int, language: str
) -> None:
    await room.pictures.seat(record, state, seat, language)
