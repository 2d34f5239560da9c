"""The message bodies the bot sends during a seeded game, built as the bot builds them and
serialised as discord.py sends them, without Discord: the table (a post, with its nonce and
picture), every seat's private screen (an interaction's ephemeral answer, with its picture), a
replay of every step (with its buttons and "go to" menu); and a game's lobby and rules
(``/game rules``).

Sizes are :func:`tests.fakediscord.rules.body_bytes`: the JSON as Discord decodes it, in
UTF-8, what the fake Discord caps at 8,000 bytes. Names are as long as Discord allows (a
32-character display name of two-byte letters, mentions of 19-digit user ids), pictures carry
their real alt text (the game's own description, clipped as ``bot.pictures.base.finish`` clips
it), never drawn: the alt text is what the body holds of a picture.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Hashable, Iterator
from dataclasses import replace
from typing import Any

import discord
from discord.http import handle_message_parameters
from discord.webhook.async_ import interaction_message_response_params

import engine
from bot.games import presentation
from bot.i18n import Translator, translator
from bot.messages import discord_io, history_views, layouts
from bot.messages.lobby import lobby_layout
from bot.messages.pictures import as_file
from bot.messages.table_look import nonce, table_look
from bot.pictures.base import DESCRIPTION_LIMIT, Picture, PictureContext, picture_of
from bot.service.history import ReplayStep
from bot.service.live import RECENT_ACTIONS
from bot.texts.history import replay_heading, replay_table
from bot.texts.rendering import ended_early, private_lines, rules_text, seat_screen, seat_view
from bot.texts.seat_names import seat_labels
from engine.players import choose
from storage import GameRecord, GameStatus, LoggedAction, PublicEvent
from tests.bot.records import NOW, record_for
from tests.bot.table_playouts import LONG_USER_ID

EPHEMERAL = discord.MessageFlags(ephemeral=True)
LONG_NAME = "Ґ" * 30
"""With the seat's two digits, a display name of Discord's most characters (32), 62 bytes."""


def _clipped(description: str) -> str:
    if len(description) > DESCRIPTION_LIMIT:
        return description[: DESCRIPTION_LIMIT - 1] + "…"
    return description


def _picture(kind: str, description: str) -> Picture:
    return Picture(f"{kind}-{'0' * 16}.png", b"", _clipped(description))


def table_alt(game: str, view: engine.View, ctx: PictureContext) -> str | None:
    """The alt text of ``view``'s table picture: the game's description of it (what
    ``GamePicture.table`` pairs with its drawing), without drawing it."""
    shown = picture_of(game)
    describe = getattr(shown, "_description", None)
    return None if describe is None else str(describe(view, ctx))


@functools.lru_cache(maxsize=4096)
def seat_alt(game: str, subject: Hashable, ctx: PictureContext) -> str | None:
    """The alt text of a seat picture drawn from ``subject`` (drawn once per subject)."""
    shown = picture_of(game)
    drawn = None if shown is None else shown.seat(subject, ctx)
    return None if drawn is None else drawn.description


def post_body(view: discord.ui.LayoutView, picture: Picture | None, **kw: Any) -> dict[str, Any]:
    """The JSON of ``channel.send(view=view, files=[picture], **kw)`` as discord.py makes it
    (``allowed_mentions`` none, as ``bot.messages.discord_io.send`` sends)."""
    files = [as_file(picture)] if picture is not None else discord.utils.MISSING
    params = handle_message_parameters(
        view=view, files=files, allowed_mentions=discord_io.NOTHING, **kw
    )
    return _json(params)


def answer_body(view: discord.ui.LayoutView, picture: Picture | None) -> dict[str, Any]:
    """The ``data`` of an ephemeral interaction answer (type 4) showing ``view`` and
    ``picture``, as ``interaction.response.send_message`` makes it."""
    files = [as_file(picture)] if picture is not None else discord.utils.MISSING
    params = interaction_message_response_params(
        type=discord.InteractionResponseType.channel_message.value,
        view=view,
        files=files,
        flags=EPHEMERAL,
    )
    data: dict[str, Any] = _json(params)["data"]
    return data


def _json(params: Any) -> dict[str, Any]:
    if params.multipart:
        found: dict[str, Any] = discord.utils._from_json(params.multipart[0]["value"])
        return found
    payload: dict[str, Any] = params.payload
    return payload


def long_named_record(
    state: engine.GameState, status: GameStatus = GameStatus.ACTIVE
) -> GameRecord:
    """A record of ``state`` whose players have display names of 32 two-byte letters and
    19-digit user ids."""
    record = record_for(state, first_user=LONG_USER_ID, status=status)
    seats = tuple(replace(s, display_name=f"{LONG_NAME}{s.seat:02d}") for s in record.seats)
    return replace(record, seats=seats)


@functools.lru_cache(maxsize=16)
def seeded_actions(game: str, seats: int, seed: int) -> tuple[engine.Action, ...]:
    """The actions of one seeded game (played once for all languages), the automatic players
    ``random`` or ``greedy`` (by seed) at every seat."""
    rng = random.Random(seed)
    player = ("random", "greedy")[seed % 2]
    state = engine.new_game(game, seats, None, seed)
    actions = []
    while engine.outcome(state) is None:
        seat = rng.choice(engine.deciding_seats(state))
        if player == "random":
            action = engine.random_action(state, seat, rng)
        else:
            action = choose(player, state, seat, rng)
        engine.apply(state, action)
        actions.append(action)
    return tuple(actions)


def game_bodies(
    game: str, seats: int, seed: int, language: str
) -> Iterator[tuple[str, dict[str, Any]]]:
    """``(kind, body)`` of every message of one seeded game in ``language``: ``"table"``
    after every step, ``"screen"`` of every seat after every step, ``"replay"`` of every
    step once the game has ended."""
    _ = translator(language)
    show = presentation(game)
    actions = seeded_actions(game, seats, seed)
    steps = len(actions)
    logged: list[LoggedAction] = []
    state = engine.new_game(game, seats, None, seed)
    for action in (None, *actions):
        mover = events = None
        if action is not None:
            mover, events = action.seat, engine.apply(state, action)
            public = tuple(
                PublicEvent(e.kind, e.seat, e.data) for e in events if e.visible_to is None
            )
            logged.append(LoggedAction(0, state.step, mover, "-", public, NOW))
        over = engine.outcome(state) is not None
        record = long_named_record(state, GameStatus.FINISHED if over else GameStatus.ACTIVE)
        ctx = PictureContext(language, seat_labels(record, _, short=True), ended_early(record))
        alt = table_alt(game, engine.view(state, None), ctx)
        picture = None if alt is None else _picture("table", alt)
        thinking = None if over else engine.deciding_seats(state)[0]
        recent = logged[-RECENT_ACTIONS:]
        look = table_look(record, state, recent, _, picture, thinking=thinking)
        yield "table", post_body(look.view, picture, nonce=nonce(record.id, None))
        for seat in range(seats):
            private = private_lines(record, events or (), seat, _) if seat == mover else []
            yield "screen", _screen_body(game, record, state, seat, _, ctx, private)
        replayed = ReplayStep(record, state, tuple(logged), state.step, steps)
        view = history_views.replay(
            record.id,
            replay_heading(replayed, _),
            replay_table(replayed, _),
            replayed.step,
            steps,
            show.accent,
            _,
            picture,
        )
        yield "replay", answer_body(view, picture)


def _screen_body(
    game: str,
    record: GameRecord,
    state: engine.GameState,
    seat: int,
    _: Translator,
    ctx: PictureContext,
    private: list[str],
) -> dict[str, Any]:
    shown = picture_of(game)
    subject = None if shown is None else shown.seat_subject(seat_view(record, state, seat))
    alt = None if subject is None else seat_alt(game, subject, ctx)
    picture = None if alt is None else _picture("seat", alt)
    screen = seat_screen(record, state, seat, _, private)
    view = layouts.seat(record.id, screen, accent=presentation(game).accent, picture=picture)
    return answer_body(view, picture)


def lobby_bodies(game: str, language: str) -> list[dict[str, Any]]:
    """The lobby message of ``game`` with each number of seats taken (the last one by an
    automatic player, so the lobby offers to remove it), as posted."""
    _ = translator(language)
    info = engine.get_game(game).info
    bodies = []
    for seats in range(max(info.min_players, 1), info.max_players + 1):
        record = long_named_record(engine.new_game(game, seats, None, 1), GameStatus.LOBBY)
        last = replace(record.seats[-1], user_id=None, automatic=True, level="greedy")
        record = replace(record, seats=(*record.seats[:-1], last))
        bodies.append(post_body(lobby_layout(record, _), None))
    return bodies


def rules_bodies(game: str, options: dict[str, Any] | None, language: str) -> list[dict[str, Any]]:
    """The bodies of ``/game rules``: the rules text in parts that fit a message, each an
    ephemeral answer (``bot.handlers.replies.say``)."""
    text = rules_text(game, options, translator(language))
    return [answer_body(layouts.notice(part), None) for part in layouts.split(text)]
