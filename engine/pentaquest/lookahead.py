"""The search player's own move in Pentaquest: greedy's, except where a capture is on offer.

Greedy captures the hardest card the dice beat at once. Early in a solo game that loses many
games (about 1 in 10 of the first five turns at seed 3): the hard cards it passes over stay in
the quest area, and a turn with one free reroll often beats none of them. This player weighs
the card it captures by what the quest area keeps (the cards left against the dice odds):

- a capture of card ``c`` is worth ``1 + SAFETY_WEIGHT * safety(quest - c)``, where
  ``safety`` is the chance that a fresh roll or one reroll of all five dice beats a card left
  (:func:`safety`; the refill and the army are not counted);
- when a capture is on offer and the free reroll is not spent, it computes the exact
  expected worth of the best hold (every outcome of the rerolled dice, army fixes counted as
  greedy counts them) and rerolls when that beats the best capture now: keeping the dice
  that already beat an easy card and rerolling the others often costs nothing.

Everything else is greedy's move (``engine.pentaquest.greedy``). It reads the view only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.pentaquest.fix import ONE_DIE_POWERS
from engine.pentaquest.greedy import greedy_action, worth_table
from engine.pentaquest.matcher import BIT, MASKS, OUTCOMES, ROLLS, dice_code, quest_mask
from engine.pentaquest.view import PentaquestView
from engine.types import Action

SAFETY_WEIGHT = 3.0
"""How much a capture's worth grows with the safety of the quest area it leaves (fitted on
seeded solo deals: 1 and 10 did worse than 3)."""

_ROLLS = 6**5
_BEATING: dict[int, float] = {}
_TABLES: dict[tuple[tuple[int, ...], tuple[tuple[str, int], ...]], dict[int, float]] = {}


def safety(mask: int) -> float:
    """The chance that a roll of five dice, or else a reroll of all five, beats a card of
    ``mask`` (a quest mask): ``1 - (1 - p)**2`` with ``p`` the single roll's chance."""
    p = _BEATING.get(mask)
    if p is None:
        p = sum(n for code, n in OUTCOMES[5] if MASKS[code] & mask) / _ROLLS
        if len(_BEATING) > 50_000:
            _BEATING.clear()
        _BEATING[mask] = p
    return 1 - (1 - p) ** 2


def capture_values(quest: Sequence[int]) -> dict[int, float]:
    """Card id -> the worth of capturing it from ``quest`` (ids): ``1 + SAFETY_WEIGHT *
    safety`` of the cards left."""
    whole = quest_mask(quest)
    return {c: 1 + SAFETY_WEIGHT * safety(whole & ~BIT[c]) for c in quest}


def worth(quest: Sequence[int], counts: dict[str, int]) -> dict[int, float]:
    """Code of five dice -> its worth: the best capture it beats (:func:`capture_values`);
    a roll that army cards can fix, greedy's fix worth (``greedy.worth_table``) times the mean
    capture worth."""
    key = (tuple(sorted(quest)), tuple(sorted(counts.items())))
    table = _TABLES.get(key)
    if table is not None:
        return table
    values = capture_values(quest)
    mean = sum(values.values()) / len(values)
    table = {}
    for code, value in worth_table(quest, counts).items():
        if value >= 1.0:  # the dice beat a card (greedy: 1 plus a hardness bonus)
            mask = MASKS[code]
            table[code] = max(v for c, v in values.items() if mask & BIT[c])
        else:
            table[code] = value * mean
    if len(_TABLES) > 2_000:
        _TABLES.clear()
    _TABLES[key] = table
    return table


def best_hold(
    dice: Sequence[int], quest: Sequence[int], counts: dict[str, int]
) -> tuple[float, list[int]]:
    """The dice to reroll (positions, at least one) of the best expected :func:`worth`, and
    that worth."""
    table = worth(quest, counts)
    best: tuple[float, int, list[int]] | None = None
    for subset in range(1, 32):
        positions = [i for i in range(5) if subset >> i & 1]
        kept = dice_code(dice[i] for i in range(5) if not subset >> i & 1)
        k = len(positions)
        value = sum(n * table[kept + code] for code, n in OUTCOMES[k]) / 6**k
        if best is None or (value, -k) > best[:2]:
            best = (value, -k, positions)
    assert best is not None
    return best[0], best[2]


def lookahead_action(view: PentaquestView, rng: random.Random) -> Action:
    """The move of ``view.viewer`` (see the module docstring); deterministic.

    Raises:
        ValueError: the viewer has nothing to decide.
    """
    seat = view.viewer
    kinds = {d.kind: d for d in view.decisions}
    capture = kinds.get("capture")
    if seat is None or view.phase != "turn" or capture is None:
        return greedy_action(view, rng)
    quest = [c.id for c in view.quest]
    values = capture_values(quest)
    ids = [int(o.split(":")[1]) for o in capture.options]
    target = max(ids, key=lambda c: (values[c], -ROLLS[c], -c))
    if "reroll" in kinds:
        counts: dict[str, int] = {}
        for card in view.players[seat].army or ():
            if card.power in ONE_DIE_POWERS:
                counts[card.power] = counts.get(card.power, 0) + 1
        value, positions = best_hold(list(view.dice), quest, counts)
        if value > values[target]:
            return Action(seat, "reroll:" + "+".join(str(p) for p in positions))
    return Action(seat, f"capture:{target}")
