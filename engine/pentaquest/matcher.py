"""Which quest cards the dice beat: the formal requirement rule and fast lookup tables.

Rule: ``shared/rules/pentaquest.md`` § Requirements, formal rule [ruling]: the dice beat a card
when *distinct* dice can be assigned to its symbols so that every number symbol gets a die
showing that number, all suns get dice showing one value and all moons get dice showing one
value. The sun value and the moon value may be equal, and either may equal a number symbol's
value; each symbol still needs a die of its own. Dice left over do not matter.

Only the multiset of the dice matters, so a roll is summarised by its *code*: the sum of
``6 ** (value - 1)`` over the dice (base-6 digit ``v - 1`` counts the dice showing ``v``; five
dice never overflow a digit). Adding dice adds codes, which the automatic players use to
combine kept dice with rerolled ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product

from engine.pentaquest.cards import DECK

FACES = (1, 2, 3, 4, 5, 6)
DICE = 5
"""Dice in play."""

PLACE = (0, 1, 6, 36, 216, 1296, 7776)
"""``PLACE[v]`` is the code of one die showing ``v`` (index 0 unused)."""

CODE_SPACE = 6**6
"""Codes of up to five dice are below this."""


def beats(requirement: Sequence[str], dice: Iterable[int]) -> bool:
    """Whether ``dice`` beat a card of ``requirement`` (symbols ``"1"``..``"6"``, ``"sun"``,
    ``"moon"``) under the formal rule above."""
    counts = [0] * 7
    for value in dice:
        counts[value] += 1
    suns = moons = 0
    for symbol in requirement:
        if symbol == "sun":
            suns += 1
        elif symbol == "moon":
            moons += 1
        else:
            counts[int(symbol)] -= 1
    if min(counts[1:]) < 0:
        return False  # a number symbol without a die of its own
    if not suns and not moons:
        return True
    for sun in FACES if suns else (0,):
        if suns and counts[sun] < suns:
            continue
        for moon in FACES if moons else (0,):
            if not moons:
                return True
            left = counts[moon] - (suns if moon == sun else 0)
            if left >= moons:
                return True
    return False


def dice_code(dice: Iterable[int]) -> int:
    """The code of ``dice`` (see the module docstring)."""
    return sum(PLACE[value] for value in dice)


def code_counts(code: int) -> tuple[int, ...]:
    """How many dice show 1..6 in ``code`` (a tuple of 6 counts)."""
    return tuple((code // 6**face) % 6 for face in range(6))


def code_dice(code: int) -> tuple[int, ...]:
    """The sorted dice values of ``code``."""
    return tuple(face + 1 for face, n in enumerate(code_counts(code)) for _ in range(n))


BIT: dict[int, int] = {card.id: 1 << index for index, card in enumerate(DECK)}
"""Card id -> its bit in the masks below."""

ID_OF_BIT: dict[int, int] = {bit: card_id for card_id, bit in BIT.items()}

ROLL_CODES: dict[int, int] = {}
"""Every code of five dice -> how many of the 7,776 ordered rolls give it."""
for _roll in product(FACES, repeat=DICE):
    _code = dice_code(_roll)
    ROLL_CODES[_code] = ROLL_CODES.get(_code, 0) + 1

MASKS: list[int] = [0] * CODE_SPACE
"""Code of five dice -> the mask of deck cards they beat (0 for codes of fewer dice)."""
for _code in ROLL_CODES:
    _dice = code_dice(_code)
    MASKS[_code] = sum(BIT[card.id] for card in DECK if beats(card.requirement, _dice))

ROLLS: dict[int, int] = {
    card.id: sum(n for code, n in ROLL_CODES.items() if MASKS[code] & BIT[card.id]) for card in DECK
}
"""Card id -> how many of the 7,776 rolls of 5d6 beat it (the deck table's "rolls")."""


def _outcomes(k: int) -> tuple[tuple[int, int], ...]:
    counts: dict[int, int] = {}
    for roll in product(FACES, repeat=k):
        code = dice_code(roll)
        counts[code] = counts.get(code, 0) + 1
    return tuple(sorted(counts.items()))


OUTCOMES: tuple[tuple[tuple[int, int], ...], ...] = tuple(_outcomes(k) for k in range(DICE + 1))
"""``OUTCOMES[k]``: every code of ``k`` rerolled dice with its number of ordered results (out
of ``6 ** k``)."""


def quest_mask(card_ids: Iterable[int]) -> int:
    """The mask of ``card_ids``."""
    mask = 0
    for card_id in card_ids:
        mask |= BIT[card_id]
    return mask


def beaten(dice: Sequence[int], quest: Iterable[int]) -> list[int]:
    """The cards of ``quest`` (ids) that ``dice`` (five values) beat, in ``quest`` order."""
    mask = MASKS[dice_code(dice)]
    return [card_id for card_id in quest if mask & BIT[card_id]]
