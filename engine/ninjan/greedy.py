"""The greedy automatic player (BGA "zombie" level 2) — it reads the view only.

- Choosing a card: each card of the hand is worth what it would take now, assuming the piles
  stay as they are (the best qualifying pile's total, 0 when none qualifies), minus half its own
  value, which it leaves on the table as a new pile or on top of one for someone else to take.
  So it takes big piles, avoids taking negative ones, keeps its high cards when they take
  nothing and dumps negative cards when it cannot take anything. The best card is chosen
  (equal worths: at random).
- Several piles qualify: the one with the highest total (equal: the lowest pile number).
- Putting a card on a pile: a negative card goes on the pile with the highest total (it spoils
  the biggest prize), any other card on the pile with the lowest total (it sweetens the least
  attractive pile); equal totals: the lowest pile number.
"""

from __future__ import annotations

import random

from engine.contract import View
from engine.errors import IllegalAction
from engine.ninjan.cards import BEATS, SUIT, VALUE, points
from engine.types import Action


def greedy_action(view: View, rng: random.Random) -> Action:
    """The greedy player's answer to the viewer's decision (see the module docstring).

    Raises:
        IllegalAction: the viewer has nothing to decide (or only a locked choice).
    """
    seat = view.viewer
    piles = getattr(view, "piles", ())
    for decision in view.decisions:
        options = [o for o in decision.options if (o,) != decision.committed]
        if seat is None or not options:
            continue
        if decision.kind == "take":
            return Action(seat, max(options, key=lambda k: (_total(piles, k), -_pile(k))))
        if decision.kind == "place":
            card = dict(view.revealed)[seat]  # type: ignore[attr-defined]
            sign = 1 if VALUE[card] < 0 else -1
            return Action(seat, max(options, key=lambda k: (sign * _total(piles, k), -_pile(k))))
        worth = {card: _worth(piles, card) for card in options}
        best = max(worth.values())
        return Action(seat, rng.choice([card for card in options if worth[card] == best]))
    raise IllegalAction("not_your_decision", "this seat has nothing to decide right now")


def _pile(key: str) -> int:
    return int(key.partition(":")[2])


def _total(piles: tuple[tuple[str, ...], ...], key: str) -> int:
    return points(piles[_pile(key) - 1])


def _worth(piles: tuple[tuple[str, ...], ...], card: str) -> float:
    beaten = BEATS[SUIT[card]]
    gains = [points(pile) for pile in piles if SUIT[pile[0]] == beaten]
    return (max(gains) if gains else 0) - VALUE[card] / 2
