"""What the terminal tests share: a seat's question as the terminal asks it, and seeded
states where a seat has a given kind of decision."""

from __future__ import annotations

import random

import engine
from bot.i18n import translator
from bot.terminal.choices import Question
from bot.terminal.questions import seat_question
from bot.texts.rendering import seat_screen
from engine import Decision
from tests.bot.records import record_for

_ = translator("en")


def question_of(state: engine.GameState, seat: int) -> tuple[Question, list[Decision]]:
    record = record_for(state)
    view = engine.view(state, seat)
    screen = seat_screen(record, state, seat, _)
    question = seat_question(record, state, seat, screen.rows, screen.since, _)
    return question, list(view.decisions)


def first_state_with(game: str, players: int, kind: str) -> tuple[engine.GameState, int]:
    """The first state of seeded random games where a seat has a ``kind`` decision."""
    rng = random.Random(1)
    while True:
        state = engine.new_game(game, players, None, rng.randrange(2**32))
        while engine.outcome(state) is None:
            for decision in engine.decisions(state):
                if decision.kind == kind:
                    return state, decision.seat
            seat = rng.choice(engine.deciding_seats(state))
            engine.apply(state, engine.random_action(state, seat, rng))
