"""Series: which ones a tableau holds, their codes, points and discards.

Rules: ``shared/rules/verso.md`` § A turn, 2 (Bank a series) and § End of the game.

A series is 2-6 cards of one row whose numbers are consecutive, at most one joker standing
for one number (filling a gap or extending an end, within 1-6); never wrapping 6 -> 1
([ruling]). A tableau never holds two identical cards, so a row has at most one card per
number and one joker, and a series is named by its *code*: the colour letter, then the numbers
in order with ``J`` where the joker stands, e.g. ``B345``, ``G3J5`` (joker as 4), ``OJ12``
(joker as... nothing below 1 — see below), ``B34J`` (joker as 5).

The joker's number is part of the code only where it matters. On a bank it decides which two
cards are discarded (the two highest, the joker counting as its number): a joker below the
two highest stays, a joker among them goes. Placements with the same cards and the same
discards are one option, named with the highest placement (``B3J`` = 3 and joker as 4, the
same as joker as 2). For the final series nothing that follows depends on the discards, so
every placement of one set of cards is one option (again the highest placement).

Functions take faces (``engine.verso.cards``) and use only their colour, number and VP, so
the greedy player can call them with any face of the side it sees.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from engine.verso.cards import COLOUR, LETTERS, NUMBER, VP

MIN_LENGTH = 2
MAX_LENGTH = 6


class Series(NamedTuple):
    """One series of a tableau.

    Attributes:
        code: its code (see the module docstring), e.g. ``"G3J5"``.
        colour: the row's colour index.
        faces: its cards in series order (the joker where it stands).
        numbers: the number each card stands for, ascending.
        vp: the VP printed on the up sides of its cards.
        discards: the two highest cards (faces), which a bank discards.
    """

    code: str
    colour: int
    faces: tuple[int, ...]
    numbers: tuple[int, ...]
    vp: int

    @property
    def discards(self) -> tuple[int, ...]:
        """The two highest cards of the series (the joker counting as its number)."""
        return self.faces[-2:]

    @property
    def kept(self) -> tuple[int, ...]:
        """The cards of the series that stay in the tableau after a bank."""
        return self.faces[:-2]

    @property
    def has_joker(self) -> bool:
        """Whether a joker is in the series."""
        return any(NUMBER[f] == 0 for f in self.faces)


def row_of(tableau: Iterable[int], colour: int) -> tuple[dict[int, int], int | None]:
    """The row of ``colour`` in ``tableau``: ``({number: face}, joker face or None)``."""
    numbers: dict[int, int] = {}
    joker: int | None = None
    for face in tableau:
        if COLOUR[face] == colour:
            n = NUMBER[face]
            if n:
                numbers[n] = face
            else:
                joker = face
    return numbers, joker


def _make(
    colour: int, low: int, high: int, joker_at: int, nums: dict[int, int], joker: int | None
) -> Series:
    faces: list[int] = []
    for k in range(low, high + 1):
        if k == joker_at:
            assert joker is not None, "a joker placement needs a joker"
            faces.append(joker)
        else:
            faces.append(nums[k])
    code = LETTERS[colour] + "".join("J" if k == joker_at else str(k) for k in range(low, high + 1))
    return Series(
        code, colour, tuple(faces), tuple(range(low, high + 1)), sum(VP[f] for f in faces)
    )


def series_of_row(
    nums: dict[int, int], joker: int | None, colour: int, final: bool = False
) -> list[Series]:
    """Every series of one row, one per distinct option (see the module docstring), in no
    particular order. ``final``: the options of the final series (joker placement never
    matters)."""
    found: list[Series] = []
    for low in range(1, 6):
        if low not in nums:
            continue
        high = low + 1
        while high <= 6 and high in nums:
            found.append(_make(colour, low, high, 0, nums, joker))
            high += 1
    if joker is None:
        return found
    best: dict[tuple[object, ...], tuple[int, int, int]] = {}
    for low in range(1, 6):
        for high in range(low + 1, min(6, low + MAX_LENGTH - 1) + 1):
            missing = [k for k in range(low, high + 1) if k not in nums]
            if len(missing) > 1:
                continue
            # the joker stands for the missing number, or for any number of the run whose
            # own card is left out of the series
            for at in missing or range(low, high + 1):
                real = tuple(k for k in range(low, high + 1) if k != at)
                if final or len(real) == 1:
                    outcome: tuple[object, ...] = real
                else:
                    outcome = (real, sum(k > at for k in real) <= 1)  # the joker discarded?
                if outcome not in best or best[outcome][2] < at:
                    best[outcome] = (low, high, at)
    for low, high, at in best.values():
        found.append(_make(colour, low, high, at, nums, joker))
    return found


def series_in(tableau: Iterable[int], final: bool = False) -> list[Series]:
    """Every series ``tableau`` holds (one per option), sorted by code. ``final``: the
    options of the final series."""
    tableau = tuple(tableau)
    found: list[Series] = []
    for colour in range(3):
        nums, joker = row_of(tableau, colour)
        if len(nums) + (joker is not None) >= MIN_LENGTH:
            found.extend(series_of_row(nums, joker, colour, final))
    found.sort(key=lambda s: s.code)
    return found


def has_series(tableau: Iterable[int]) -> bool:
    """Whether ``tableau`` holds any series (two cards of one row with adjacent numbers, or a
    joker and another card of its row)."""
    tableau = tuple(tableau)
    for colour in range(3):
        nums, joker = row_of(tableau, colour)
        if joker is not None and nums:
            return True
        if any(n + 1 in nums for n in nums):
            return True
    return False


def parse(tableau: Iterable[int], code: str) -> Series:
    """The series of ``tableau`` named ``code``.

    Raises:
        ValueError: ``code`` is not a well-formed series code for cards of ``tableau``.
    """
    try:
        colour = LETTERS.index(code[0])
        body = code[1:]
        first = next(i for i, ch in enumerate(body) if ch != "J")
        low = int(body[first]) - first
        high = low + len(body) - 1
        at = low + body.index("J") if "J" in body else 0
        nums, joker = row_of(tableau, colour)
        if not (MIN_LENGTH <= len(body) <= MAX_LENGTH and low >= 1 and high <= 6):
            raise ValueError
        for i, ch in enumerate(body):
            if ch != "J" and int(ch) != low + i:
                raise ValueError
        if at and joker is None:
            raise ValueError
        return _make(colour, low, high, at, nums, joker)
    except (ValueError, StopIteration, KeyError, IndexError):
        raise ValueError(f"{code!r} is not a series of this tableau") from None
