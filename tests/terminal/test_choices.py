"""What a typed line means: the numbered choices are the bot's own components (buttons and
menu options, worded by the game), and a line answers exactly one of them — or a list that
takes several with as many as it takes — or is told, in one line, what to type instead."""

from __future__ import annotations

import random

import engine
from bot.games import presentation
from bot.i18n import translator
from bot.terminal.choices import Question
from bot.texts.decisions import rows_for
from bot.texts.rendering import context_for, seat_screen
from engine import Decision
from tests.bot.records import record_for

_ = translator("en")


def question_of(state: engine.GameState, seat: int) -> tuple[Question, list[Decision]]:
    record = record_for(state)
    view = engine.view(state, seat)
    screen = seat_screen(record, state, seat, _)
    return Question(screen.rows, view.decisions, screen.since), list(view.decisions)


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


def test_every_legal_single_answer_has_exactly_one_number() -> None:
    rng = random.Random(4)
    for game in ("artichokes", "ninjan", "verso", "pentaquest"):
        state = engine.new_game(game, 2, None, rng.randrange(2**32))
        for _step in range(40):
            if engine.outcome(state) is not None:
                break
            seat = rng.choice(engine.deciding_seats(state))
            question, decisions = question_of(state, seat)
            numbers = [c.number for m in question.menus if not m.multi for c in m.choices]
            keys = [question.answer(str(n), _).key for n in numbers]
            singles = {o for d in decisions if not d.multi for o in d.options}
            assert None not in keys and len(keys) == len(set(keys)), game
            shown = set(keys)
            committed = {o for d in decisions if d.committed for o in d.committed}
            assert singles - committed <= shown <= singles, game
            legal = {a.key for a in engine.legal_actions(state, seat)}
            assert shown <= legal
            engine.apply(state, engine.random_action(state, seat, rng))


def test_a_multi_select_takes_several_numbers_from_its_own_list() -> None:
    state, seat = first_state_with("pentaquest", 1, "reroll")
    question, decisions = question_of(state, seat)
    (reroll,) = [m for m in question.menus if m.multi]
    first, second = reroll.choices[0].number, reroll.choices[1].number
    (decision,) = [d for d in decisions if d.kind == "reroll"]
    for line in (f"{first} {second}", f"{first},{second}", f" {second} , {first} "):
        key = question.answer(line, _).key
        assert key is not None and engine.Action(seat, key) in engine.legal_actions(state, seat)
        assert key == decision.key_for(
            [decision.options[0], decision.options[1]]
        ) or key == decision.key_for([decision.options[1], decision.options[0]])
    assert question.answer(f"{first} {first}", _).problem == "Type each number once."
    other = next(c.number for m in question.menus if not m.multi for c in m.choices)
    assert question.answer(f"{first} {other}", _).problem == (
        "Type one number, or several from one list that takes several."
    )


def test_a_list_that_takes_two_says_so_when_given_one() -> None:
    state, seat = first_state_with("artichokes", 2, "pass")
    question, _decisions = question_of(state, seat)
    (passing,) = [m for m in question.menus if m.multi]
    assert (passing.least, passing.most) == (2, 2)
    one, two, three = (c.number for c in passing.choices[:3])
    said = "Type 2 numbers from this list, separated by spaces."
    assert question.answer(str(one), _).problem == said
    assert question.answer(f"{one} {two} {three}", _).problem == said
    assert question.answer(f"{one} {two}", _).key is not None


def test_anything_else_is_told_what_to_type() -> None:
    state = engine.new_game("ninjan", 2, None, 1)
    question, _decisions = question_of(state, 0)
    hint = f"Type a number from 1 to {question.count}, r for the rules or q to quit."
    for line in (
        *("", "   ", "0", str(question.count + 1), "-1", "two", "1.5", "#1", "1 x"),
        *("²", "٣", "①", "1" * 5000),  # digits Python reads (or cannot) that nobody typed as 1
    ):
        answer = question.answer(line, _)
        assert (answer.key, answer.problem) == (None, hint), line
    assert question.answer("r", _).rules and question.answer(" R ", _).rules
    assert question.answer("q", _).quit and question.answer("quit", _).quit
    assert question.answer(None, _).quit  # the end of input
    show = presentation("ninjan")
    ctx = context_for(record_for(state), _)
    view = engine.view(state, 0)
    rows = rows_for(view.decisions, view, show, ctx)
    labels = [o.label for row in rows for o in getattr(row, "options", ())]
    assert [c.label for m in question.menus for c in m.choices] == labels  # the bot's wording
