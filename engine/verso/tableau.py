"""Changes to a tableau: identical cards, rows, seen cards, the square, flips — rules:
``shared/rules/verso.md`` § A turn, § The square, § Words.

Used by ``engine.verso.rules`` (the actions) and the greedy player; every function takes the
state or a tableau (faces, sorted by ``cards.KIND``) and changes only what it says.
"""

from __future__ import annotations

from bisect import bisect_left

from engine.types import Event
from engine.verso.cards import COLOUR, COLOURS, KIND, NUMBER, card_data
from engine.verso.state import VersoState

SQUARE_VP = 7
SQUARE_ROW = 3


def identical_in(tableau: list[int], face: int) -> bool:
    """Whether a card of ``tableau`` is identical to ``face``: same colour and number, or
    jokers of one colour; VP do not matter ([ruling] § Words)."""
    kind = KIND[face]
    return any(KIND[f] == kind for f in tableau)


def add(tableau: list[int], face: int) -> None:
    """Put ``face`` in its row (the tableau stays sorted by kind)."""
    kinds = [KIND[f] for f in tableau]
    tableau.insert(bisect_left(kinds, KIND[face]), face)


def mark_seen(state: VersoState, card: int) -> None:
    i = bisect_left(state.seen, card)
    if i == len(state.seen) or state.seen[i] != card:
        state.seen.insert(i, card)


def unmark_seen(state: VersoState, card: int) -> None:
    i = bisect_left(state.seen, card)
    if i < len(state.seen) and state.seen[i] == card:
        del state.seen[i]


def discard(state: VersoState, face: int) -> None:
    """Put ``face`` on the Discard Pile (both sides public from now on: [ruling])."""
    state.discard.append(face)


def has_square(tableau: list[int]) -> bool:
    """Whether ``tableau`` holds a square: at least 3 cards in each of the 3 rows."""
    counts = [0, 0, 0]
    for f in tableau:
        counts[COLOUR[f]] += 1
    return min(counts) >= SQUARE_ROW


def check_squares(state: VersoState, ev: list[Event]) -> None:
    """§ The square: after a change to any tableau, every seat in seat order from the active
    one ([ruling]) scores 7 VP for a square it holds and has not scored since it was last
    broken; a seat whose square is broken is re-armed."""
    n = state.seats
    for k in range(n):
        s = (state.active + k) % n
        holds = has_square(state.tableaux[s])
        if holds and not state.squares[s]:
            state.squares[s] = True
            state.scores[s] += SQUARE_VP
            ev.append(Event("square", s, {"vp": SQUARE_VP}))
        elif not holds and state.squares[s]:
            state.squares[s] = False
            ev.append(Event("square_broken", s, {}))


def highest_of_colour(tableau: list[int], colour: int) -> int | None:
    """The card a flip of ``colour`` turns over: the highest-numbered card of that row; the
    joker only when it is the row's only card; ``None`` for an empty row (§ A turn, 2)."""
    best: int | None = None
    joker: int | None = None
    for f in tableau:
        if COLOUR[f] != colour:
            continue
        if NUMBER[f] == 0:
            joker = f
        elif best is None or NUMBER[f] > NUMBER[best]:
            best = f
    return best if best is not None else joker


def flip_in_tableau(state: VersoState, seat: int, face: int) -> tuple[dict[str, object], str]:
    """Flip the tableau card ``face`` of ``seat``: both its sides are seen; it moves to the row
    of its new colour, or is discarded if its new side is identical to another card of that
    tableau (§ A turn, 2). Returns the card's data (new side up) and its fate: the new row's
    colour name or ``"discarded"``. The caller checks squares."""
    tableau = state.tableaux[seat]
    tableau.remove(face)
    new = face ^ 1
    if identical_in(tableau, new):
        unmark_seen(state, new >> 1)
        discard(state, new)
        return card_data(new), "discarded"
    mark_seen(state, new >> 1)
    add(tableau, new)
    return card_data(new), COLOURS[COLOUR[new]]
