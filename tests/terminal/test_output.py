"""What the terminal draws: one line says what to type, a choice's description reads on from
its label, a list wraps between its items, and a terminal gets no emoji variation selector
(its width differs from one terminal to the next)."""

from __future__ import annotations

import io

from rich.cells import cell_len
from rich.console import Console

import engine
from bot.i18n import translator
from bot.terminal.output import Output
from tests.terminal.helpers import first_state_with, question_of

_ = translator("en")


def terminal(width: int) -> tuple[Output, io.StringIO]:
    """An output to a terminal ``width`` columns wide, without colours, into a string."""
    out = io.StringIO()
    console = Console(
        file=out, width=width, force_terminal=True, color_system=None, highlight=False,
        markup=False, emoji=False,
    )  # fmt: skip
    return Output(console), out


def test_a_list_of_dice_and_other_choices_says_what_to_type_once() -> None:
    """ "Type 1 to 5 numbers from 4 to 8…" was printed over "Type a number from 1 to 9…"."""
    state, seat = first_state_with("pentaquest", 1, "reroll")
    question, _decisions = question_of(state, seat)
    out = io.StringIO()
    Output.to(out).question(question, _)
    typed = [line for line in out.getvalue().split("\n") if line.startswith("Type")]
    assert typed == [question.hint(_)]
    assert typed[0].startswith("Type 1 to 5 numbers from 1 to 5, separated by spaces. Or type")


def test_a_description_that_is_an_arrow_reads_on_from_the_label() -> None:
    """Ninjan's "🪨 8 Rock — → takes pile 2 (+7)" read as a dash and an arrow."""
    state = engine.new_game("ninjan", 2, None, 1)
    question, _decisions = question_of(state, 0)
    out = io.StringIO()
    Output.to(out).question(question, _)
    shown = out.getvalue()
    assert " — →" not in shown
    assert [c for m in question.menus for c in m.choices if f"{c.label} → " in shown]


def test_a_terminal_gets_no_variation_selector_and_straight_borders() -> None:
    text = "\n".join(["▫️ Hobgoblin — needs 1 2 3", "☀️☀️🌙🌙 two pairs", "✂️ -5 Scissors"])
    output, out = terminal(60)
    output.screens(text, text, 0x8E44AD)
    drawn = out.getvalue()
    assert "\ufe0f" not in drawn and "☀☀🌙🌙 two pairs" in drawn
    assert {cell_len(line) for line in drawn.rstrip("\n").split("\n")} == {60}
    plain = io.StringIO()
    Output.to(plain).screens(text, text, 0)  # a pipe keeps the text as the bot has it
    assert "☀️☀️🌙🌙" in plain.getvalue()


def test_a_hand_wraps_between_its_cards() -> None:
    """A hand wrapped between "✂️" and "-5"."""
    hand = " · ".join(["🪨 -6 Rock", "🪨 8 Rock", "📄 10 Paper", "✂️ -5 Scissors", "✂️ 7 Scissors"])
    output, out = terminal(40)
    output.text(f"**Your hand** (5): {hand}")
    lines = out.getvalue().rstrip("\n").split("\n")
    assert lines == [
        "Your hand (5): 🪨 -6 Rock · 🪨 8 Rock ·",
        "📄 10 Paper · ✂ -5 Scissors ·",
        "✂ 7 Scissors",
    ]


def test_a_choice_too_long_for_the_width_wraps_under_its_words() -> None:
    """At 60 columns a Pentaquest army card's line went on at column 0, under the numbers."""
    state, seat = first_state_with("pentaquest", 1, "reroll")
    question, _decisions = question_of(state, seat)
    output, out = terminal(20)
    output.question(question, _)
    lines = out.getvalue().split("\n")
    longest = max((c for m in question.menus for c in m.choices), key=lambda c: len(c.label))
    assert len(longest.label) > 15
    at = next(i for i, line in enumerate(lines) if line.startswith(f"{longest.number:>3}  "))
    assert lines[at + 1].startswith("     ") and lines[at + 1].strip()


def test_a_wrong_line_is_said_by_the_prompt_and_the_hint_is_not_said_twice() -> None:
    """ "⚠ Type a number from 1 to 3…" was printed, then the choices, then the same line."""
    state = engine.new_game("ninjan", 2, None, 1)
    question, _decisions = question_of(state, 0)
    hint = question.hint(_)
    out = io.StringIO()
    Output.to(out).question(question, _, problem=hint)
    assert out.getvalue().endswith(f"\n⚠️ {hint}\n> ") and out.getvalue().count(hint) == 1
    out = io.StringIO()
    Output.to(out).question(question, _, problem="Type each number once.")
    assert out.getvalue().endswith(f"\n⚠️ Type each number once.\n{hint}\n> ")
