"""The greedy automatic player of Verso: the best immediate move on what a view shows.

It reads only a ``VersoView`` (never the state) and the public deck list
(``engine.verso.cards``). A move is worth its immediate points (a series' VP, a square's 7)
plus a rough *potential* of the tableau it leaves: the best series of each row, the VP lying
in the tableau, the progress towards a square; on its last turn only the final series counts.
The top card is drawn and kept or flipped by the expected worth of each side: the down side of
a card nobody has seen is one of the deck's backs of its shown side, less the cards already
known (seen on both sides), each alike; a flip into an identical card is worth nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.types import Action
from engine.verso.cards import COLOUR, DECK, FACES_OF_TYPE, KIND, SIDE_TYPE, VP
from engine.verso.rules import FINAL_NONE
from engine.verso.series import parse, series_in
from engine.verso.tableau import SQUARE_VP, has_square
from engine.verso.view import CardView, Side, VersoView

SERIES_WEIGHT = 0.5
"""Worth of the best series of a row, per VP, when there are turns left to bank it."""
MATERIAL_WEIGHT = 1.0
"""Worth of each VP lying in the tableau."""
SQUARE_PROGRESS = {1: 0.45, 2: 0.2, 3: 0.08}
"""Share of the square's 7 VP counted when that many cards are missing from one."""

_COLOUR_INDEX = {"Blue": 0, "Green": 1, "Orange": 2}


def side_face(side: Side) -> int:
    """A face of the deck showing ``side`` (any of them: only colour, number and VP count)."""
    kind = 8 * _COLOUR_INDEX[side.colour] + (side.number or 7)
    return FACES_OF_TYPE[2 * kind + (side.vp == 3)][0]


_CARD_OF_SIDES = {(SIDE_TYPE[2 * c], SIDE_TYPE[2 * c + 1]): c for c in range(len(DECK))}
_CARD_OF_SIDES.update({(b, a): c for (a, b), c in list(_CARD_OF_SIDES.items())})


def known_cards(view: VersoView) -> set[int]:
    """Cards whose both sides the view shows (discarded, or flipped in a tableau)."""
    known: set[int] = set()
    cards: list[CardView] = list(view.discard)
    for seat in view.seats:
        for row in seat.rows:
            cards.extend(row)
    for card in cards:
        if card.down is not None:
            known.add(
                _CARD_OF_SIDES[(SIDE_TYPE[side_face(card.up)], SIDE_TYPE[side_face(card.down)])]
            )
    return known


def possible_backs(side: Side, known: set[int]) -> list[int]:
    """The faces the unseen back of a card showing ``side`` may be (one per possible card)."""
    return [f ^ 1 for f in FACES_OF_TYPE[SIDE_TYPE[side_face(side)]] if f >> 1 not in known]


def my_tableau(view: VersoView) -> list[int]:
    """The viewer's tableau as representative faces."""
    assert view.viewer is not None
    return [side_face(c.up) for row in view.seats[view.viewer].rows for c in row]


def potential(tableau: Sequence[int], holds_square: bool, last_turn: bool) -> float:
    """A rough worth of ``tableau`` beyond the points already scored."""
    options = series_in(tableau, final=True)
    if last_turn:
        return float(max((s.vp for s in options), default=0))
    best = [0, 0, 0]
    for s in options:
        best[s.colour] = max(best[s.colour], s.vp)
    worth = SERIES_WEIGHT * sum(best) + MATERIAL_WEIGHT * sum(VP[f] for f in tableau)
    if not holds_square:
        counts = [0, 0, 0]
        for f in tableau:
            counts[COLOUR[f]] += 1
        missing = sum(max(0, 3 - n) for n in counts)
        worth += SQUARE_VP * SQUARE_PROGRESS.get(missing, 0.0)
    return worth


def placement_worth(tableau: list[int], face: int, holds: bool, last: bool) -> float:
    """Immediate points and potential after ``face`` joins ``tableau`` (or is discarded as
    identical)."""
    if any(KIND[f] == KIND[face] for f in tableau):
        return potential(tableau, holds, last)
    after = [*tableau, face]
    if not holds and has_square(after):
        return SQUARE_VP + potential(after, True, last)
    return potential(after, holds, last)


def keep_and_flip_worth(
    tableau: list[int], side: Side, known: set[int], holds: bool, last: bool
) -> tuple[float | None, float]:
    """The worth of keeping a drawn card showing ``side`` (``None`` when identical: keeping
    is not allowed) and the expected worth of flipping it."""
    face = side_face(side)
    keep = None
    if not any(KIND[f] == KIND[face] for f in tableau):
        keep = placement_worth(tableau, face, holds, last)
    backs = possible_backs(side, known) or [face ^ 1]
    flip = sum(placement_worth(tableau, b, holds, last) for b in backs) / len(backs)
    return keep, flip


def greedy_action(view: VersoView, rng: random.Random) -> Action:
    """The greedy move of ``view.viewer`` (see the module docstring); ties go to the first
    option in key order.

    Raises:
        ValueError: the viewer has nothing to decide.
    """
    seat = view.viewer
    if seat is None or not view.decisions:
        raise ValueError("the viewer has nothing to decide")
    options = {o: d for d in view.decisions for o in d.options}
    tableau = my_tableau(view)
    holds = view.seats[seat].square
    if "final" in {d.kind for d in view.decisions}:
        (decision,) = [d for d in view.decisions if d.kind == "final"]

        def final_worth(key: str) -> int:
            return 0 if key == FINAL_NONE else parse(tableau, key.partition(":")[2]).vp

        # the series worth most (ties: the first in key order); a seat asked again after it
        # committed that answer takes the next best (the same answer is not a move)
        ranked = sorted(decision.options, key=lambda k: -final_worth(k))
        return Action(seat, next(k for k in ranked if decision.accepts(k)))
    turns_left = _my_turns_left(view)
    known = known_cards(view)
    best_key, best_worth = "draw:flip", float("-inf")
    if view.top is not None:
        # drawing the last card ends the game: only the final series counts after it
        last = turns_left <= 1 or view.pile_count == 1
        keep, flip = keep_and_flip_worth(tableau, view.top, known, holds, last)
        best_worth = flip
        if keep is not None and "draw:keep" in options and keep >= flip:
            best_key, best_worth = "draw:keep", keep
    for key in sorted(options):
        if not key.startswith("bank:"):
            continue
        series = parse(tableau, key[5:])
        after = [f for f in tableau if f not in series.discards]
        still = holds and has_square(after)
        worth = series.vp + potential(after, still, turns_left <= 1)
        if worth > best_worth:
            best_key, best_worth = key, worth
    return Action(seat, best_key)


def _my_turns_left(view: VersoView) -> int:
    """How many more turns the viewer may expect, this one included (solo: the opponent
    turns a card over after each turn)."""
    seats = len(view.seats)
    per_round = 2 if view.solo else seats
    return max(1, (view.pile_count + per_round - 1) // per_round)
