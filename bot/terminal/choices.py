"""Numbered choices: a player's decisions as the terminal asks them, and a typed line back
into an action key.

The choices are exactly the components the bot would show (``bot.texts.decisions.rows_for``,
worded by the game's presentation): a row of buttons gives one numbered choice per button,
a select menu one per option, an "are you sure?" (``ConfirmRow``) its two buttons. A
single-select choice is one number; a multi-select menu is answered with several of its
numbers, space- or comma-separated, checked by :func:`bot.texts.decisions.decode` against
exactly what the menu offered.

Where the game's own numbers mean something (``Presentation.choice_number``: a
game's dice), a choice keeps that number on every screen, and the others follow after the
highest such number the game has (``Presentation.own_numbers``: from 6 for five dice, even
on a screen where dice 4 and 5, or all five, cannot be chosen), so that typing a die's number
never makes another move and each other choice keeps its place from screen to screen;
elsewhere the choices are numbered from 1 in the order the bot lays them out. Options that
make the same move by the rules (``Presentation.same_choice``) are one choice.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from bot.games.base import OptionText
from bot.i18n import Translator
from bot.terminal.hints import how_many, what_to_type
from bot.terminal.menus import Choice, Menu
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
Joined = Callable[[Decision, str], "OptionText | None"]
"""The wording of the one choice an option of a single-select menu shares with the others
that make the same move, or ``None`` (a choice of its own)."""


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
    an option, where it has one, up to ``reserved``; ``joined`` joins the options that make
    the same move (see the module docstring). ``heading``: Markdown lines shown right above
    the choices (``Presentation.choices_heading``)."""

    def __init__(
        self,
        rows: Sequence[Row],
        decisions: Sequence[Decision],
        since: int,
        numbered: Numbered | None = None,
        *,
        reserved: int = 0,
        joined: Joined | None = None,
        heading: Sequence[str] = (),
    ) -> None:
        self.since = since
        self.heading = tuple(heading)
        # (row, the game's own number or None, the choice numbered 0 until all are known)
        entries: list[tuple[int, int | None, Choice]] = []
        shared: set[tuple[str, str]] = set()  # the joined choices listed: (kind, label)
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
                    words = (option.label, option.description)
                    join = joined if single else None
                    said = _wording(join, shared, decision, offered[option.value], words)
                    if said is None:
                        continue  # the same move as a choice already listed
                    choice = Choice(
                        0,
                        *said,
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
                    said = _wording(joined, shared, owner, button.key, (button.label, ""))
                    if said is None:
                        continue
                    choice = Choice(0, *said, emoji=button.emoji, key=button.key)
                    entries.append((index, fixed, choice))
                menus.append(Menu("", ()))
        numbers = _numbers([fixed for _row, fixed, _choice in entries], reserved)
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
        """What to type here, in one line, naming every key the question takes
        (:func:`bot.terminal.hints.what_to_type`)."""
        return what_to_type(self.menus, _, undo=self.undo is not None)


def _numbers(fixed: Sequence[int | None], reserved: int = 0) -> list[int]:
    """The number of each choice: its game's own (``fixed``) where it has one that no other
    choice has, else the next after the highest of those and of ``reserved`` (the highest
    the game gives, on any screen), in order."""
    taken: set[int] = set()
    own: list[int | None] = []
    for number in fixed:
        keep = number is not None and number >= 1 and number not in taken
        own.append(number if keep else None)
        if keep:
            assert number is not None
            taken.add(number)
    following = max(*taken, reserved, 0)
    numbers = []
    for number in own:
        if number is None:
            following += 1
            number = following
        numbers.append(number)
    return numbers


def _wording(
    joined: Joined | None,
    shared: set[tuple[str, str]],
    decision: Decision | None,
    option: str,
    words: tuple[str, str],
) -> tuple[str, str] | None:
    """The label and description of ``option``'s choice (its own ``words``, or those of the
    choice it joins); ``None`` when that choice is listed already (its ``(kind, label)`` in
    ``shared``, which this adds to)."""
    same = None if joined is None or decision is None else joined(decision, option)
    if decision is None or same is None:
        return words
    if (decision.kind, same.label) in shared:
        return None
    shared.add((decision.kind, same.label))
    return same.label, same.description


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
