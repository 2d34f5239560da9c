"""The public table as the bot would show it after every step of a seeded game: the same
texts (``table_screen``), the same "last events" (the public events of the last logged
actions, as ``bot.service`` keeps them) and seat names as long as real ones (mentions of
19-digit Discord user ids). Shared by the table-length test and ``benchmarks/table_text.py``."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import engine
from bot.games import presentation
from bot.i18n import Translator, translator
from bot.service.live import RECENT_ACTIONS
from bot.texts.rendering import context_for, recent_lines, table_screen
from engine.players import choose
from storage import LoggedAction, PublicEvent
from tests.bot.records import NOW, record_for

LANGUAGES = ("en", "uk", "es", "fr")
"""Every language a table is shown in."""
LONG_USER_ID = 1_234_567_890_123_456_789
"""A 19-digit Discord user id: ``<@…>`` mentions of today's ids are 21-22 characters."""
PLAYERS = ("random", "greedy")
"""The automatic players that can play the measured games."""


def table_texts(
    game: str,
    seats: int,
    seed: int,
    *,
    languages: Sequence[str] = LANGUAGES,
    player: str = "random",
) -> Iterator[tuple[str, int, str]]:
    """``(language, step, text)`` of the public table after every step of one game (its
    start included) played by ``player`` at every seat, ``seed`` choosing the deal and the
    moves."""
    rng = random.Random(seed)
    state = engine.new_game(game, seats, None, seed)
    show = presentation(game)
    tongues: list[Translator] = [translator(language) for language in languages]
    logged: list[LoggedAction] = []
    while True:
        record = record_for(state, first_user=LONG_USER_ID)
        for language, _ in zip(languages, tongues, strict=True):
            recent = recent_lines(show, logged, context_for(record, _))
            yield language, state.step, table_screen(record, state, recent, _).text
        if engine.outcome(state) is not None:
            return
        seat = rng.choice(engine.deciding_seats(state))
        if player == "random":
            action = engine.random_action(state, seat, rng)
        else:
            action = choose(player, state, seat, rng)
        events = engine.apply(state, action)
        public = tuple(PublicEvent(e.kind, e.seat, e.data) for e in events if e.visible_to is None)
        logged.append(LoggedAction(0, state.step, seat, action.key, public, NOW))
        logged = logged[-RECENT_ACTIONS:]
