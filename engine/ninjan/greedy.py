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
from collections.abc import Sequence

from engine.contract import Decision, View
from engine.errors import IllegalAction
from engine.ninjan.cards import BEATS, SUIT, VALUE, points
from engine.ninjan.state import NinjanState
from engine.types import Action


def greedy_action(view: View, rng: random.Random) -> Action:
    """The greedy player's answer to the viewer's decision (see the module docstring).

    Raises:
        IllegalAction: the viewer has nothing to decide (or only a locked choice).
    """
    seat = view.viewer
    if seat is None:
        raise IllegalAction("not_your_decision", "this seat has nothing to decide right now")
    piles = getattr(view, "piles", ())
    revealed = dict(getattr(view, "revealed", ()))
    return _choose(seat, view.decisions, piles, revealed.get(seat, ""), rng, drop_committed=True)


def rollout_action(
    state: NinjanState, pending: Sequence[Decision], seat: int, rng: random.Random
) -> Action:
    """The same choice as :func:`greedy_action`, read straight off a *sampled* state and its
    ``pending`` decisions, for a search player's playouts (fast: no view is built; a
    playout never asks a seat that has already chosen this round)."""
    piles = [pile[::-1] for pile in state.piles]  # top first, as a view shows them
    return _choose(seat, pending, piles, state.played[seat], rng, drop_committed=False)


def _choose(
    seat: int,
    pending: Sequence[Decision],
    piles: Sequence[Sequence[str]],
    card: str,
    rng: random.Random,
    *,
    drop_committed: bool,
) -> Action:
    """The greedy answer of ``seat`` among ``pending``, with the piles top first and ``card``
    the seat's revealed card (for a place). ``drop_committed``: a choice already made is not
    offered again (the greedy player on a view, which may change its mind).

    Raises:
        IllegalAction: ``seat`` has nothing to decide.
    """
    for decision in pending:
        if decision.seat != seat:
            continue
        options = decision.options
        if drop_committed:
            options = tuple(o for o in options if (o,) != decision.committed)
        if not options:
            continue
        if decision.kind == "take":
            return Action(seat, max(options, key=lambda k: (_total(piles, k), -_pile(k))))
        if decision.kind == "place":
            sign = 1 if VALUE[card] < 0 else -1
            return Action(seat, max(options, key=lambda k: (sign * _total(piles, k), -_pile(k))))
        worth = {option: _worth(piles, option) for option in options}
        best = max(worth.values())
        return Action(seat, rng.choice([option for option in options if worth[option] == best]))
    raise IllegalAction("not_your_decision", "this seat has nothing to decide right now")


def _pile(key: str) -> int:
    return int(key.partition(":")[2])


def _total(piles: Sequence[Sequence[str]], key: str) -> int:
    return points(piles[_pile(key) - 1])


def _worth(piles: Sequence[Sequence[str]], card: str) -> float:
    beaten = BEATS[SUIT[card]]
    gains = [points(pile) for pile in piles if SUIT[pile[0]] == beaten]
    return (max(gains) if gains else 0) - VALUE[card] / 2
