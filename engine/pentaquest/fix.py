"""The cheapest army fix: the fewest army cards that make the dice beat a quest card.

Used by the highlight display ([house] option "Highlight the cards the dice beat, and the
cheapest army fix") and by the greedy automatic player. Pure display and advice: it changes
no rule. Only the one-die powers (add, sub, addsub, mirror) take part: a reroll card's result
is chance, not a fix. Fixes of at most :data:`MAX_FIX_CARDS` cards are searched.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from engine.pentaquest import powers
from engine.pentaquest.matcher import BIT, MASKS, PLACE, ROLLS, dice_code, quest_mask

MAX_FIX_CARDS = 2
"""The longest fix searched (the rules' "strong" yardstick looks at 1-2-card fixes)."""

ONE_DIE_POWERS = ("add", "sub", "addsub", "mirror")
FLEXIBILITY = {"add": 0, "sub": 0, "mirror": 1, "addsub": 2}
"""How much a one-die power can do, for choosing between fixes that beat the same card: a
±1 card does whatever a +1 or a −1 card does and more, and a mirror acts on every face
(a +1 card cannot act on a 6). The fix that spends the least of it keeps the army's most
useful cards for later turns."""


class FixCard(NamedTuple):
    """One card of a fix: use ``card`` on die ``die`` so that it shows ``value``."""

    card: int
    die: int
    value: int


def moves(power: str, dice: Sequence[int]) -> list[tuple[int, int]]:
    """Every ``(die, new value)`` a one-die ``power`` can make on ``dice``."""
    found: list[tuple[int, int]] = []
    for i, value in enumerate(dice):
        if power == "addsub":
            found.extend(
                (i, value + (1 if way == powers.PLUS else -1)) for way in powers.directions(value)
            )
        elif powers.can_change(power, value):
            found.append((i, powers.changed(power, value)))
    return found


def hardest(mask: int, quest: Sequence[int]) -> int | None:
    """The hardest quest card in ``mask`` (fewest beating rolls; then the lower id), or
    ``None``."""
    best = None
    for card in quest:
        if mask & BIT[card] and (best is None or (ROLLS[card], card) < (ROLLS[best], best)):
            best = card
    return best


_MEMO: dict[tuple[object, ...], tuple[FixCard, ...] | None] = {}
_MISSING = object()


def cheapest_fix(
    dice: Sequence[int],
    quest: Sequence[int],
    army: Iterable[tuple[int, str]],
    first: tuple[int, str] | None = None,
) -> tuple[FixCard, ...] | None:
    """The fewest cards of ``army`` (``(card id, power)`` pairs) whose one-die powers make
    ``dice`` beat a card of ``quest``; among fixes of one length, the one beating the hardest
    card, then the one spending the least flexible cards (:data:`FLEXIBILITY`: Knocker (−1)
    rather than Ettin (±1) when both do it), then the first found (powers in name order,
    dice from the left). ``()`` when the dice beat a card already, ``None`` when no fix of
    at most :data:`MAX_FIX_CARDS` cards exists. With ``first``, the fix must begin with that
    card (one already in use; it is not part of ``army``), and ``()`` is not an answer.

    Each power is represented by its lowest card id, so the answer names real cards.
    """
    by_power: dict[str, list[int]] = {}
    for card, power in army:
        if power in ONE_DIE_POWERS:
            by_power.setdefault(power, []).append(card)
    for cards in by_power.values():
        cards.sort()
    key = (
        tuple(dice),
        tuple(quest),
        tuple((p, tuple(c[:MAX_FIX_CARDS])) for p, c in sorted(by_power.items())),
        first,
    )
    found = _MEMO.get(key, _MISSING)  # one lookup: a search in another thread may clear it
    if found is not _MISSING:
        return found  # type: ignore[return-value]
    result = _search(list(dice), list(quest), by_power, first)
    if len(_MEMO) > 20_000:
        _MEMO.clear()
    _MEMO[key] = result
    return result


def _search(
    dice: list[int], quest: list[int], by_power: dict[str, list[int]], first: tuple[int, str] | None
) -> tuple[FixCard, ...] | None:
    qmask = quest_mask(quest)
    code = dice_code(dice)
    if first is None and MASKS[code] & qmask:
        return ()
    singles: list[tuple[int, str]] = [(cards[0], p) for p, cards in sorted(by_power.items())]
    starts = [first] if first is not None else singles
    best: tuple[tuple[int, int, int], tuple[FixCard, ...]] | None = None
    # one card
    for card, power in starts:
        for die, value in moves(power, dice):
            new = code - PLACE[dice[die]] + PLACE[value]
            target = hardest(MASKS[new] & qmask, quest)
            if target is not None:
                rank = (ROLLS[target], target, FLEXIBILITY[power])
                if best is None or rank < best[0]:
                    best = (rank, (FixCard(card, die, value),))
    if best is not None:
        return best[1]
    if MAX_FIX_CARDS < 2:
        return None
    # two cards
    for card, power in starts:
        rest = {p: [c for c in cards if c != card] for p, cards in by_power.items()}
        seconds = [(cards[0], p) for p, cards in sorted(rest.items()) if cards]
        for die, value in moves(power, dice):
            after_first = dice[:]
            after_first[die] = value
            first_code = code - PLACE[dice[die]] + PLACE[value]
            for card2, power2 in seconds:
                for die2, value2 in moves(power2, after_first):
                    new = first_code - PLACE[after_first[die2]] + PLACE[value2]
                    target = hardest(MASKS[new] & qmask, quest)
                    if target is not None:
                        rank = (ROLLS[target], target, FLEXIBILITY[power] + FLEXIBILITY[power2])
                        if best is None or rank < best[0]:
                            best = (
                                rank,
                                (FixCard(card, die, value), FixCard(card2, die2, value2)),
                            )
    return best[1] if best is not None else None
