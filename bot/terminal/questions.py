"""The person's question for one screen of a game: its component rows numbered and worded as
the game says (``Presentation.choice_number`` and ``own_numbers``: a die is its own number;
``same_choice``: options that make the same move are one choice; ``choices_heading``: the
lines repeated right above the choices)."""

from __future__ import annotations

from collections.abc import Sequence

import engine
from bot.games import presentation
from bot.i18n import Translator
from bot.terminal.choices import Question
from bot.texts.rendering import context_for, seat_view
from bot.texts.specs import Row
from storage import GameRecord


def seat_question(
    record: GameRecord,
    state: engine.GameState,
    seat: int,
    rows: Sequence[Row],
    since: int,
    _: Translator,
    *,
    heading: bool = True,
) -> Question:
    """The choices of ``rows`` (a screen of ``seat`` stamped ``since``) in ``_``'s language;
    without ``heading``, none of the game's lines above them (an "are you sure?" says what
    it is about)."""
    show = presentation(record.game_name)
    view = seat_view(record, state, seat)
    ctx = context_for(record, _, mentions=False)
    return Question(
        rows,
        view.decisions,
        since,
        show.choice_number,
        reserved=show.own_numbers,
        joined=lambda decision, option: show.same_choice(decision, option, view, ctx),
        heading=show.choices_heading(view, ctx) if heading else (),
    )
