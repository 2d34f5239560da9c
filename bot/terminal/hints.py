"""What to type at a terminal question, in one line: how many numbers a list takes and which,
the other numbers ("1 or 2", "from 6 to 9", "one of 1, 2, 6"), undoing, the rules and
quitting."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Translator
from bot.terminal.menus import Menu


def what_to_type(menus: Sequence[Menu], _: Translator, undo: bool = False) -> str:
    """What to type at a question of ``menus``, in one line: a list that takes several
    numbers says how many and which, then the other numbers (a newcomer told "Type a
    number" under "Type 2 numbers" typed one), then the other keys the question takes:
    ``u`` to undo where it offers that (``undo``), ``r`` and ``q`` always."""
    keys = (
        _("u to undo, r for the rules or q to quit") if undo else _("r for the rules or q to quit")
    )
    numbers = [c.number for menu in menus for c in menu.choices]
    if not numbers:
        return _("Type {keys}.", keys=keys)
    multi = [menu for menu in menus if menu.multi]
    others = [c.number for menu in menus if not menu.multi for c in menu.choices]
    if len(multi) > 1:
        return _(
            "Type a number from 1 to {last} (several where a list says so), {keys}.",
            last=max(numbers),
            keys=keys,
        )
    if multi:
        what = how_many(multi[0], _)
        if not others:
            return _("{what} Or type {keys}.", what=what, keys=keys)
        if len(others) == 1:
            return _("{what} Or type {number}, {keys}.", what=what, number=others[0], keys=keys)
        if len(others) == 2:
            return _(
                "{what} Or type {first} or {last}, {keys}.",
                what=what,
                first=others[0],
                last=others[1],
                keys=keys,
            )
        if _contiguous(others):
            return _(
                "{what} Or type one number from {first} to {last}, {keys}.",
                what=what,
                first=others[0],
                last=others[-1],
                keys=keys,
            )
        return _(
            "{what} Or type one of {numbers}, {keys}.",
            what=what,
            numbers=", ".join(map(str, others)),
            keys=keys,
        )
    if len(others) == 1:
        return _("Type {number}, {keys}.", number=others[0], keys=keys)
    if len(others) == 2:
        return _("Type {first} or {last}, {keys}.", first=others[0], last=others[1], keys=keys)
    if _contiguous(others):
        return _(
            "Type a number from {first} to {last}, {keys}.",
            first=others[0],
            last=others[-1],
            keys=keys,
        )
    return _("Type one of {numbers}, {keys}.", numbers=", ".join(map(str, others)), keys=keys)


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


def _contiguous(numbers: Sequence[int]) -> bool:
    """``numbers`` (ascending) follow one another without a gap."""
    return numbers[-1] - numbers[0] == len(numbers) - 1
