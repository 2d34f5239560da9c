"""Numbered choices: a player's decisions as the terminal asks them, and a typed line back
into an action key.

The choices are exactly the components the bot would show (``bot.texts.decisions.rows_for``,
worded by the game's presentation): a row of buttons gives one numbered choice per button,
a select menu one per option. A single-select choice is one number; a multi-select menu is
answered with several of its numbers, space- or comma-separated, checked by
:func:`bot.texts.decisions.decode` against exactly what the menu offered.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import Translator
from bot.texts.decisions import decode
from bot.texts.specs import ConfirmRow, Row, SelectSpec
from engine import Decision

RULES = ("r", "rules")
QUIT = ("q", "quit")
NUMBER = re.compile(r"[0-9]{1,9}")
"""A choice's number as typed: ASCII digits (``str.isdigit`` also takes "²", which ``int``
refuses, and ``int`` refuses more than 4,300 digits); longer is out of range anyway."""


@dataclass(frozen=True)
class Choice:
    """One numbered choice: its ``label`` (with an optional ``emoji`` and ``description``),
    ``current`` when it is the player's present answer to a simultaneous decision, and what
    it means: the action ``key`` (a button, or an option of a single-select menu) or the menu
    ``value`` (an option of a multi-select menu)."""

    number: int
    label: str
    description: str = ""
    emoji: str | None = None
    current: bool = False
    key: str | None = None
    value: str | None = None


@dataclass(frozen=True)
class Menu:
    """The choices of one component row: a row of buttons (``title`` empty), or a select
    menu with its placeholder as ``title``; a multi-select (``decision`` set) takes from
    ``least`` to ``most`` of its numbers together."""

    title: str
    choices: tuple[Choice, ...]
    decision: Decision | None = None
    least: int = 1
    most: int = 1

    @property
    def multi(self) -> bool:
        """Several of its numbers answer it together."""
        return self.decision is not None


@dataclass(frozen=True)
class Answer:
    """What a typed line means: an action ``key`` to play, the rules (``rules``), leaving
    (``quit``), or a ``problem``: one line saying what to type instead."""

    key: str | None = None
    rules: bool = False
    quit: bool = False
    problem: str = ""


class Question:
    """The numbered choices of one screen's component ``rows`` (answering ``decisions``, the
    viewer's pending ones, stamped ``since``)."""

    def __init__(self, rows: Sequence[Row], decisions: Sequence[Decision], since: int) -> None:
        self.since = since
        menus: list[Menu] = []
        number = 0
        for row in rows:
            if isinstance(row, ConfirmRow):  # only a bot's "are you sure?" has one
                continue
            if isinstance(row, SelectSpec):
                decision = next(d for d in decisions if d.kind == row.kind)
                choices = []
                for option in row.options:
                    number += 1
                    single = not decision.multi
                    choices.append(
                        Choice(
                            number,
                            option.label,
                            option.description,
                            current=option.default,
                            key=decode(decision, [option.value]) if single else None,
                            value=None if single else option.value,
                        )
                    )
                multi = decision if decision.multi else None
                least, most = (row.min_values, row.max_values) if multi else (1, 1)
                menus.append(Menu(row.placeholder, tuple(choices), multi, least, most))
                continue
            buttons = []
            for button in row:
                number += 1
                buttons.append(Choice(number, button.label, emoji=button.emoji, key=button.key))
            menus.append(Menu("", tuple(buttons)))
        self.menus = tuple(menus)
        self.count = number

    def answer(self, line: str | None, _: Translator) -> Answer:
        """What ``line`` (as typed, without its newline) asks for; ``None`` is the end of
        input, which leaves."""
        if line is None:
            return Answer(quit=True)
        text = line.strip().lower()
        if text in QUIT:
            return Answer(quit=True)
        if text in RULES:
            return Answer(rules=True)
        tokens = [t for t in re.split(r"[\s,;]+", text) if t]
        numbers = [int(t) for t in tokens if NUMBER.fullmatch(t)]
        if (
            not tokens
            or len(numbers) != len(tokens)
            or not all(1 <= n <= self.count for n in numbers)
        ):
            return Answer(problem=self.hint(_))
        if len(set(numbers)) != len(numbers):
            return Answer(problem=_("Type each number once."))
        picked = [self._choice(n) for n in numbers]
        menus = {id(menu) for menu, _choice in picked}
        menu = picked[0][0]
        if len(menus) > 1 or (len(picked) > 1 and not menu.multi):
            return Answer(
                problem=_("Type one number, or several from one list that takes several.")
            )
        if not menu.multi:
            return Answer(key=picked[0][1].key)
        assert menu.decision is not None
        key = decode(menu.decision, [choice.value or "" for _menu, choice in picked])
        if key is None:
            return Answer(problem=how_many(menu, _))
        return Answer(key=key)

    def _choice(self, number: int) -> tuple[Menu, Choice]:
        for menu in self.menus:
            for choice in menu.choices:
                if choice.number == number:
                    return menu, choice
        raise IndexError(number)

    def hint(self, _: Translator) -> str:
        """What to type here, in one line: a list that takes several numbers is said so
        (a newcomer told "Type a number" under "Type 2 numbers" typed one)."""
        if not self.count:
            return _("Type r for the rules or q to quit.")
        multi = [menu for menu in self.menus if menu.multi]
        if multi and len(self.menus) == 1:
            return _("{what} Or type r for the rules, q to quit.", what=how_many(multi[0], _))
        if multi:
            return _(
                "Type a number from 1 to {last} (several where a list says so), r for the "
                "rules or q to quit.",
                last=self.count,
            )
        if self.count == 1:
            return _("Type 1, r for the rules or q to quit.")
        return _("Type a number from 1 to {last}, r for the rules or q to quit.", last=self.count)


def how_many(menu: Menu, _: Translator) -> str:
    """How many of ``menu``'s numbers go together, and which numbers they are, in one line
    (a list may start after other choices: dice to reroll numbered 2 to 6 under a capture
    numbered 1)."""
    first, last = menu.choices[0].number, menu.choices[-1].number
    if menu.least == menu.most:
        return _.plural(
            "Type {count} number from {first} to {last}.",
            "Type {count} numbers from {first} to {last}, separated by spaces.",
            menu.least,
            first=first,
            last=last,
        )
    return _(
        "Type {least} to {most} numbers from {first} to {last}, separated by spaces.",
        least=menu.least,
        most=menu.most,
        first=first,
        last=last,
    )
