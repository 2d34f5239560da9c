"""Numbered choices: a player's decisions as the terminal asks them, and a typed line back
into an action key.

The choices are exactly the components the bot would show (``bot.texts.decisions.rows_for``,
worded by the game's presentation): a row of buttons gives one numbered choice per button,
a select menu one per option, an "are you sure?" (``ConfirmRow``) its two buttons. A
single-select choice is one number; a multi-select menu is answered with several of its
numbers, space- or comma-separated, checked by :func:`bot.texts.decisions.decode` against
exactly what the menu offered.

Where the game's own numbers mean something (``Presentation.choice_number``: a
game's dice), a choice keeps that number on every screen, and the others follow after the highest;
elsewhere the choices are numbered from 1 in the order the bot lays them out.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from bot.i18n import Translator
from bot.texts.decisions import decode, menu_values
from bot.texts.specs import ConfirmRow, Row, SelectSpec, UndoRow
from engine import Decision

RULES = ("r", "rules")
QUIT = ("q", "quit")
UNDO = ("u", "undo")
NUMBER = re.compile(r"[0-9]{1,9}")
"""A choice's number as typed: ASCII digits (``str.isdigit`` also takes "²", which ``int``
refuses, and ``int`` refuses more than 4,300 digits); longer is out of range anyway."""

Numbered = Callable[[Decision, str], "int | None"]
"""The number the game gives an option of a decision, or ``None`` (numbered in order)."""


@dataclass(frozen=True)
class Choice:
    """One numbered choice: its ``label`` (with an optional ``emoji`` and ``description``),
    ``current`` when it is the player's present answer to a simultaneous decision, and what
    it means: the action ``key`` (a button, or an option of a single-select menu), the menu
    ``value`` (an option of a multi-select menu), or ``back`` (an "are you sure?"'s way
    back to the screen, changing nothing)."""

    number: int
    label: str
    description: str = ""
    emoji: str | None = None
    current: bool = False
    key: str | None = None
    value: str | None = None
    back: bool = False


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
    (``quit``), going back from an "are you sure?" (``back``), taking back the move logged as
    ``undo`` (``u``, while the screen offers it), nothing at all (``empty``: an empty line,
    asked again), or a ``problem``: one line saying what to type instead."""

    key: str | None = None
    rules: bool = False
    quit: bool = False
    back: bool = False
    empty: bool = False
    problem: str = ""
    undo: int | None = None


class Question:
    """The numbered choices of one screen's component ``rows`` (answering ``decisions``, the
    viewer's pending ones, stamped ``since``); ``numbered`` gives the game's own number of
    an option, where it has one (see the module docstring)."""

    def __init__(
        self,
        rows: Sequence[Row],
        decisions: Sequence[Decision],
        since: int,
        numbered: Numbered | None = None,
    ) -> None:
        self.since = since
        # (row, the game's own number or None, the choice numbered 0 until all are known)
        entries: list[tuple[int, int | None, Choice]] = []
        menus: list[Menu] = []
        self.undo: UndoRow | None = None
        """The screen's "↶ Undo" (typed ``u``), when it offers one."""
        for index, row in enumerate(rows):
            if isinstance(row, UndoRow):
                self.undo = row
                menus.append(Menu("", ()))
            elif isinstance(row, ConfirmRow):
                entries.append((index, None, Choice(0, row.confirm, key=row.key)))
                entries.append((index, None, Choice(0, row.back, back=True)))
                menus.append(Menu("", ()))
            elif isinstance(row, SelectSpec):
                decision = next(d for d in decisions if d.kind == row.kind)
                offered = dict(menu_values(decision))
                single = not decision.multi
                for option in row.options:
                    choice = Choice(
                        0,
                        option.label,
                        option.description,
                        current=option.default,
                        key=decode(decision, [option.value]) if single else None,
                        value=None if single else option.value,
                    )
                    fixed = numbered(decision, offered[option.value]) if numbered else None
                    entries.append((index, fixed, choice))
                if single:
                    menus.append(Menu(row.placeholder, ()))
                else:
                    menus.append(
                        Menu(row.placeholder, (), decision, row.min_values, row.max_values)
                    )
            else:
                for button in row:
                    owner = next((d for d in decisions if button.key in d.options), None)
                    fixed = numbered(owner, button.key) if numbered and owner else None
                    choice = Choice(0, button.label, emoji=button.emoji, key=button.key)
                    entries.append((index, fixed, choice))
                menus.append(Menu("", ()))
        numbers = _numbers([fixed for _row, fixed, _choice in entries])
        for index, menu in enumerate(menus):
            choices = sorted(
                (
                    replace(choice, number=number)
                    for (row, _fixed, choice), number in zip(entries, numbers, strict=True)
                    if row == index
                ),
                key=lambda c: c.number,
            )
            menus[index] = replace(menu, choices=tuple(choices))
        self.menus = tuple(
            sorted((m for m in menus if m.choices), key=lambda m: m.choices[0].number)
        )
        self._choices = {c.number: (m, c) for m in self.menus for c in m.choices}
        self.numbers = sorted(self._choices)
        self.count = len(self.numbers)

    def answer(self, line: str | None, _: Translator) -> Answer:
        """What ``line`` (as typed, without its newline) asks for; ``None`` is the end of
        input, which leaves."""
        if line is None:
            return Answer(quit=True)
        text = line.strip().lower()
        if not text:
            return Answer(empty=True)
        if text in QUIT:
            return Answer(quit=True)
        if text in RULES:
            return Answer(rules=True)
        if text in UNDO and self.undo is not None:
            return Answer(undo=self.undo.seq)
        tokens = [t for t in re.split(r"[\s,;]+", text) if t]
        numbers = [int(t) for t in tokens if NUMBER.fullmatch(t)]
        if (
            not tokens
            or len(numbers) != len(tokens)
            or any(n not in self._choices for n in numbers)
        ):
            return Answer(problem=self.hint(_))
        if len(set(numbers)) != len(numbers):
            return Answer(problem=_("Type each number once."))
        picked = [self._choices[n] for n in numbers]
        menus = {id(menu) for menu, _choice in picked}
        menu = picked[0][0]
        if len(menus) > 1 or (len(picked) > 1 and not menu.multi):
            return Answer(
                problem=_("Type one number, or several from one list that takes several.")
            )
        if not menu.multi:
            choice = picked[0][1]
            return Answer(back=True) if choice.back else Answer(key=choice.key)
        assert menu.decision is not None
        key = decode(menu.decision, [choice.value or "" for _menu, choice in picked])
        if key is None:
            return Answer(problem=how_many(menu, _))
        return Answer(key=key)

    def only(self) -> tuple[str, str] | None:
        """The one answer this question allows, when every way to answer it makes the same
        move (one button; a list that takes two of two identical cards): ``(key, what)``,
        ``what`` saying the move in the choices' words. ``None`` when there is a choice to
        make, a way back (an "are you sure?" is always asked), or an answer already given
        (a simultaneous choice: making it again is no move)."""
        if any(choice.current for menu in self.menus for choice in menu.choices):
            return None
        answers: list[tuple[str, str]] = []
        for menu in self.menus:
            if not menu.multi:
                for choice in menu.choices:
                    if choice.back or choice.key is None:
                        return None
                    answers.append((choice.key, choice.label))
                continue
            assert menu.decision is not None
            ways = _ways(menu)
            if ways == 1:
                size = next(k for k in range(menu.least, menu.most + 1) if _count(menu, k))
                chosen = menu.choices[:size]
                key = decode(menu.decision, [c.value or "" for c in chosen])
                if key is None:
                    return None
                labels = ", ".join(c.label for c in chosen)
                answers.append((key, f"{menu.title}: {labels}" if menu.title else labels))
            elif ways:
                return None
            if len(answers) > 1:
                return None
        return answers[0] if len(answers) == 1 else None

    def hint(self, _: Translator) -> str:
        """What to type here, in one line: a list that takes several numbers says how many
        and which, then the other numbers (a newcomer told "Type a number" under "Type 2
        numbers" typed one)."""
        if not self.count:
            return _("Type r for the rules or q to quit.")
        multi = [menu for menu in self.menus if menu.multi]
        others = [c.number for menu in self.menus if not menu.multi for c in menu.choices]
        if len(multi) > 1:
            return _(
                "Type a number from 1 to {last} (several where a list says so), r for the "
                "rules or q to quit.",
                last=self.numbers[-1],
            )
        if multi:
            what = how_many(multi[0], _)
            if not others:
                return _("{what} Or type r for the rules, q to quit.", what=what)
            if len(others) == 1:
                return _(
                    "{what} Or type {number}, r for the rules or q to quit.",
                    what=what,
                    number=others[0],
                )
            if len(others) == 2:
                return _(
                    "{what} Or type {first} or {last}, r for the rules or q to quit.",
                    what=what,
                    first=others[0],
                    last=others[1],
                )
            if _contiguous(others):
                return _(
                    "{what} Or type one number from {first} to {last}, r for the rules or q "
                    "to quit.",
                    what=what,
                    first=others[0],
                    last=others[-1],
                )
            return _(
                "{what} Or type one of {numbers}, r for the rules or q to quit.",
                what=what,
                numbers=", ".join(map(str, others)),
            )
        if len(others) == 1:
            return _("Type {number}, r for the rules or q to quit.", number=others[0])
        if _contiguous(others):
            return _(
                "Type a number from {first} to {last}, r for the rules or q to quit.",
                first=others[0],
                last=others[-1],
            )
        return _(
            "Type one of {numbers}, r for the rules or q to quit.",
            numbers=", ".join(map(str, others)),
        )


def how_many(menu: Menu, _: Translator) -> str:
    """How many of ``menu``'s numbers go together, and which numbers they are, in one line
    (a list may start after other choices)."""
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


def _numbers(fixed: Sequence[int | None]) -> list[int]:
    """The number of each choice: its game's own (``fixed``) where it has one that no other
    choice has, else the next after the highest of those, in order."""
    taken: set[int] = set()
    own: list[int | None] = []
    for number in fixed:
        keep = number is not None and number >= 1 and number not in taken
        own.append(number if keep else None)
        if keep:
            assert number is not None
            taken.add(number)
    following = max(taken, default=0)
    numbers = []
    for number in own:
        if number is None:
            following += 1
            number = following
        numbers.append(number)
    return numbers


def _contiguous(numbers: Sequence[int]) -> bool:
    """``numbers`` (ascending) follow one another without a gap."""
    return numbers[-1] - numbers[0] == len(numbers) - 1


def _count(menu: Menu, size: int) -> int:
    """How many different sets of ``size`` of ``menu``'s options it offers (equal options,
    such as two identical cards, make one set)."""
    assert menu.decision is not None
    offered = dict(menu_values(menu.decision))
    counts = Counter(offered[c.value or ""] for c in menu.choices)
    ways = [1] + [0] * size  # ways[k]: the sets of k options among those counted so far
    for count in counts.values():
        ways = [sum(ways[k - j] for j in range(min(count, k) + 1)) for k in range(size + 1)]
    return ways[size]


def _ways(menu: Menu) -> int:
    """How many different answers ``menu`` takes (capped at 2: one, or more than one)."""
    total = 0
    for size in range(menu.least, menu.most + 1):
        total += _count(menu, size)
        if total > 1:
            return 2
    return total
