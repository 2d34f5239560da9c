"""What a typed line means: the numbered choices are the bot's own components (buttons and
menu options, worded by the game, and the "are you sure?" the bot asks), and a line answers
exactly one of them — or a list that takes several with as many as it takes — or is told, in
one line, what to type instead. A die keeps its number; a question with one possible answer
says so."""

from __future__ import annotations

import random
import re

import engine
from bot.games import presentation
from bot.i18n import translator
from bot.terminal.choices import Question
from bot.terminal.hints import how_many
from bot.texts.decisions import menu_values, rows_for
from bot.texts.rendering import confirmation_screen, context_for, seat_screen
from bot.texts.specs import ButtonSpec, SelectOption, SelectSpec, UndoRow
from engine import Decision
from engine.pentaquest.cards import CARDS
from tests.bot.records import record_for
from tests.terminal.helpers import first_state_with, question_of

_ = translator("en")


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
            joined = joined_options(state, seat, decisions, question)
            assert singles - committed - joined <= shown <= singles, game
            legal = {a.key for a in engine.legal_actions(state, seat)}
            assert shown <= legal
            engine.apply(state, engine.random_action(state, seat, rng))


def joined_options(
    state: engine.GameState, seat: int, decisions: list[Decision], question: Question
) -> set[str]:
    """The options of ``decisions`` without a choice of their own: each makes the same move
    as a listed choice of the same wording (Pentaquest's army cards of one power)."""
    show = presentation(state.game)
    view = engine.view(state, seat)
    ctx = context_for(record_for(state), _, mentions=False)
    labels = {c.label: c.key for m in question.menus for c in m.choices}
    joined = set()
    for decision in decisions:
        for option in decision.options if not decision.multi else ():
            same = show.same_choice(decision, option, view, ctx)
            if same is not None and labels.get(same.label) not in (None, option):
                joined.add(option)
    return joined


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
    last = passing.choices[-1].number
    said = f"Type 2 numbers from 1 to {last}, separated by spaces."
    assert question.answer(str(one), _).problem == said
    # the line to type them on says so too, not "Type a number"
    assert question.hint(_) == f"{said} Or type r for the rules or q to quit."
    assert question.answer(f"{one} {two} {three}", _).problem == said
    assert question.answer(f"{one} {two}", _).key is not None


def test_anything_else_is_told_what_to_type() -> None:
    state = engine.new_game("ninjan", 2, None, 1)
    question, _decisions = question_of(state, 0)
    hint = f"Type a number from 1 to {question.count}, r for the rules or q to quit."
    for line in (
        *("0", str(question.count + 1), "-1", "two", "1.5", "#1", "1 x"),
        *("²", "٣", "①", "1" * 5000),  # digits Python reads (or cannot) that nobody typed as 1
    ):
        answer = question.answer(line, _)
        assert (answer.key, answer.problem) == (None, hint), line
    for empty in ("", "   "):  # asked again, without a warning
        answer = question.answer(empty, _)
        assert answer.empty and (answer.key, answer.problem) == (None, "")
    assert question.answer("r", _).rules and question.answer(" R ", _).rules
    assert question.answer("q", _).quit and question.answer("quit", _).quit
    assert question.answer(None, _).quit  # the end of input
    show = presentation("ninjan")
    ctx = context_for(record_for(state), _)
    view = engine.view(state, 0)
    rows = rows_for(view.decisions, view, show, ctx)
    labels = [o.label for row in rows for o in getattr(row, "options", ())]
    assert [c.label for m in question.menus for c in m.choices] == labels  # the bot's wording


def test_a_die_is_chosen_by_its_own_number_on_every_screen() -> None:
    """A newcomer typed the die number the 💡 hint gave ("on die 4") and made another move:
    die 1 had been choice 1, then 2, 4, 5 as captures and army cards were listed above, and
    a die that could not change was left out (choice 4 was "Die 5")."""
    rng = random.Random(7)
    seen: set[str] = set()
    for players in (1, 2, 1, 3):
        state = engine.new_game("pentaquest", players, None, rng.randrange(2**32))
        while engine.outcome(state) is None:
            seat = engine.deciding_seats(state)[0]
            question, decisions = question_of(state, seat)
            for menu in question.menus:
                for choice in menu.choices:
                    if choice.label.startswith("Die "):
                        die = int(choice.label.split(":")[0].removeprefix("Die "))
                        assert choice.number == die, (choice, question.menus)
                        seen.add(next(d.kind for d in decisions if d.kind in KINDS))
            engine.apply(state, engine.random_action(state, seat, rng))
    assert seen == set(KINDS)  # the free reroll, a reroll card, the die of a +1/-1 card


KINDS = ("reroll", "dice", "die")


def test_a_list_of_dice_and_other_choices_is_one_line_of_what_to_type() -> None:
    """The free reroll's dice are 1 to 5 and the capture and the end follow; the line to
    type them on says both in one sentence (the list said "Type 1 to 5 numbers from 4 to
    8" over "Type a number from 1 to 9")."""
    state, seat = first_state_with("pentaquest", 1, "reroll")
    question, _decisions = question_of(state, seat)
    (reroll,) = [m for m in question.menus if m.multi]
    assert [c.number for c in reroll.choices] == [1, 2, 3, 4, 5]
    assert question.menus[0] is reroll  # listed first: the numbers go down the screen
    assert how_many(reroll, _) == "Type 1 to 5 numbers from 1 to 5, separated by spaces."
    others = [c.number for m in question.menus if not m.multi for c in m.choices]
    assert others == list(range(6, 6 + len(others)))
    if len(others) == 2:
        said = "Or type 6 or 7, r for the rules or q to quit."
    else:
        said = f"Or type one number from 6 to {others[-1]}, r for the rules or q to quit."
    assert question.hint(_) == f"{how_many(reroll, _)} {said}"


def test_the_are_you_sure_of_the_bot_is_asked_too() -> None:
    """The bot asks before a reroll that may lose a capture; its screen's rows are numbered
    like any other: the capture it recommends, the move anyway, and back."""
    rng = random.Random(3)
    while True:
        state = engine.new_game("pentaquest", 1, None, rng.randrange(2**32))
        view = engine.view(state, 0)
        if view.beaten:  # type: ignore[attr-defined]
            break
    (reroll,) = [d for d in view.decisions if d.kind == "reroll"]
    key = reroll.key_for(list(reroll.options))  # every die: the capture may be lost
    screen = confirmation_screen(record_for(state), state, 0, key, _, mentions=False)
    assert screen is not None and screen.text.startswith("⚠️ Your dice already beat ")
    question = Question(screen.rows, view.decisions, screen.since)
    labels = [(c.number, c.label) for m in question.menus for c in m.choices]
    assert labels[-2:] == [(len(labels) - 1, "Reroll anyway"), (len(labels), "Back")]
    assert question.answer("1", _).key == f"capture:{view.beaten[0]}"  # type: ignore[attr-defined]
    assert question.answer(str(len(labels) - 1), _).key == key
    back = question.answer(str(len(labels)), _)
    assert back.back and back.key is None
    assert question.only() is None  # a question with a way back is always asked


def menu(options: tuple[str, ...], least: int, most: int) -> Question:
    """A question of one multi-select menu choosing ``least`` to ``most`` of ``options``
    (cards named as their keys), built as the bot builds its menu."""
    decision = Decision(0, "pass", options, least, most)
    entries = tuple(SelectOption(v, o.title()) for v, o in menu_values(decision))
    spec = SelectSpec("pass", 0, "Choose the cards to pass", entries, least, most)
    return Question([spec], [decision], 0)


def test_a_question_with_one_possible_answer_is_not_asked() -> None:
    """Passing 2 of 2 identical Artichokes, or the only button left: every way to answer
    makes the same move, which the terminal makes and says instead of asking."""
    two_alike = menu(("artichoke", "artichoke"), 2, 2)
    assert two_alike.only() == (
        "pass:artichoke+artichoke",
        "Choose the cards to pass: Artichoke, Artichoke",
    )
    three_alike = menu(("leek", "leek", "leek"), 2, 2)
    assert three_alike.only() == ("pass:leek+leek", "Choose the cards to pass: Leek, Leek")
    both = menu(("carrot", "leek"), 2, 2)
    assert both.only() == ("pass:carrot+leek", "Choose the cards to pass: Carrot, Leek")
    # a choice to make: two of three different cards, or one or two of two
    assert menu(("carrot", "leek", "onion"), 2, 2).only() is None
    assert menu(("carrot", "leek"), 1, 2).only() is None
    assert menu(("artichoke", "artichoke", "leek"), 2, 2).only() is None
    end = Question([(ButtonSpec("end", "End the turn (lose)"),)], [Decision(0, "end", ("end",))], 0)
    assert end.only() == ("end", "End the turn (lose)")
    two = Question(
        [(ButtonSpec("keep", "Keep"), ButtonSpec("flip", "Flip"))],
        [Decision(0, "draw", ("flip", "keep"))],
        0,
    )
    assert two.only() is None
    decision = Decision(0, "pick", ("R7",), simultaneous=True, committed=("R7",))
    chosen = SelectSpec("pick", 0, "Choose", (SelectOption("R7", "🪨 7 Rock", default=True),))
    assert Question([chosen], [decision], 0).only() is None  # already the answer: no move


def test_u_takes_back_the_move_the_screen_offers_and_nothing_else() -> None:
    decision = Decision(0, "play", ("play:a", "play:b"))
    buttons = (ButtonSpec("play:a", "A"), ButtonSpec("play:b", "B"))
    offered = Question((buttons, UndoRow(7, "↶ Undo: A")), [decision], 3)
    assert offered.answer("u", _).undo == 7 and offered.answer("undo", _).undo == 7
    assert offered.answer("1", _).key == "play:a"  # the numbers are the moves' alone
    plain = Question((buttons,), [decision], 3)
    assert plain.answer("u", _).undo is None and plain.answer("u", _).problem


def test_the_line_under_the_prompt_names_every_key_it_takes_in_every_language() -> None:
    """u took back a move the screen offered, but the line saying what to type named only
    the numbers, r and q: the hint names u whenever the question takes it (and only then)."""
    decision = Decision(0, "play", ("play:a", "play:b"))
    buttons = (ButtonSpec("play:a", "A"), ButtonSpec("play:b", "B"))
    undo = UndoRow(7, "↶ Undo: A")
    offered = Question((buttons, undo), [decision], 3)
    assert offered.hint(_) == "Type 1 or 2, u to undo, r for the rules or q to quit."
    assert offered.answer("x", _).problem == offered.hint(_)
    state, seat = first_state_with("pentaquest", 1, "reroll")  # a list that takes several
    dice = seat_screen(record_for(state), state, seat, _).rows
    decisions = list(engine.view(state, seat).decisions)
    for language in ("en", "es", "fr", "uk"):
        said = translator(language)
        for rows, moves in (((buttons,), [decision]), ((), []), (dice, decisions)):
            for with_undo in (False, True):
                question = Question((*rows, undo) if with_undo else rows, moves, 3)
                words = set(re.findall(r"\b[a-z]\b", question.hint(said)))
                assert {"r", "q"} <= words, (language, question.hint(said))
                assert ("u" in words) == with_undo, (language, question.hint(said))


def test_a_choice_that_is_not_a_die_never_takes_a_die_s_number() -> None:
    """ "Put the card back" followed the last die that could be picked: "5 Put Ogre back"
    when die 5 was a 6 under a +1 card, "3 ..." when dice 3-5 were 1s under a -1 card, so
    a newcomer typing 5 for die 5 put the card back. Every other choice is numbered from 6,
    on every screen, and the card is put back with 6."""
    rng = random.Random(11)
    fewer = 0  # die screens where some die could not be picked
    for players in (1, 1, 2, 1):
        state = engine.new_game("pentaquest", players, None, rng.randrange(2**32))
        while engine.outcome(state) is None:
            seat = engine.deciding_seats(state)[0]
            question, decisions = question_of(state, seat)
            for menu in question.menus:
                for choice in menu.choices:
                    if not choice.label.startswith("Die "):
                        assert choice.number >= 6, (choice, question.menus)
            if any(d.kind == "die" for d in decisions):
                put_back = [c for m in question.menus for c in m.choices if " back" in c.label]
                assert [c.number for c in put_back] in ([], [6]), question.menus
                dice = [c for m in question.menus for c in m.choices if c.label.startswith("Die")]
                fewer += len(dice) < 5 and bool(put_back)
            engine.apply(state, engine.random_action(state, seat, rng))
    assert fewer  # the screens the numbers moved on were seen


def test_army_cards_of_one_power_are_one_choice() -> None:
    """Twenty army cards were twenty lines ("Use Griffin: +1 to a die", "Use Ogre: +1 to a
    die", ...), which pushed the dice off a 40-row screen; cards of one power do the same,
    so they are one choice, and it uses the first of them in the army's order."""
    state, seat = _army_with_two_of_a_power()
    question, decisions = question_of(state, seat)
    (use,) = [d for d in decisions if d.kind == "use"]
    show = presentation("pentaquest")
    ordered = sorted(use.options, key=lambda o: show.option_sort_key(use, o))
    powers = [CARDS[int(o[4:])].power for o in ordered]
    shown = [c for m in question.menus for c in m.choices if c.key in use.options]
    assert len(shown) == len(set(powers)) < len(powers)
    for choice in shown:
        assert choice.key is not None
        power = CARDS[int(choice.key[4:])].power
        same = [o for o in ordered if CARDS[int(o[4:])].power == power]
        assert choice.key == same[0]  # the first of its power is the one used
        assert question.answer(str(choice.number), _).key == same[0]
        if len(same) > 1:
            names = ", ".join(_(CARDS[int(o[4:])].name) for o in same)
            assert choice.label.startswith("Use a ") and choice.label.endswith(f" card: {names}")


def _army_with_two_of_a_power() -> tuple[engine.GameState, int]:
    """A seeded solo game at a turn where the army holds two cards of one power."""
    rng = random.Random(5)
    while True:
        state = engine.new_game("pentaquest", 1, None, rng.randrange(2**32))
        while engine.outcome(state) is None:
            for decision in engine.decisions(state):
                powers = [CARDS[int(o[4:])].power for o in decision.options if o[:4] == "use:"]
                if len(powers) > len(set(powers)) and decision.kind == "use":
                    return state, decision.seat
            seat = engine.deciding_seats(state)[0]
            actions = engine.legal_actions(state, seat)
            captures = [a for a in actions if a.key.startswith("capture:")]
            engine.apply(state, captures[0] if captures else rng.choice(actions))
