"""What one viewer may see — rules: ``shared/rules/verso.md`` § Information.

Public (every viewer alike): every tableau's up sides, every score, whether each seat holds a
scored square, the Draw Pile's count and the shown side of its top card, the Discard Pile
(both sides of each card), the number of cards out of the game, and every side that has ever
been seen (a tableau card that was flipped shows both sides). Own: the viewer's committed
final-series choice.

Hidden from everyone, the owner included: the down side of a card whose down side has never
been seen (a card kept as drawn shows only its up side, to its owner too), the Draw Pile below
its top (cards, sides and order), the cards out of the game, the other seats' final-series
choices until every seat has chosen. Card ids never appear in a view: two cards showing the
same side look alike. The rule constraints of a down side (another colour, the other VP, an
adjacent number or a joker) are rules, not secrets: ``back_options`` lists the backs the house
deck allows for a side.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.contract import Common, View
from engine.verso.cards import COLOUR, COLOURS, FACE_COUNT, FACES_OF_TYPE, KIND, LETTERS, NUMBER, VP
from engine.verso.ladder import ladder_line, ladder_rung
from engine.verso.state import MEMO, VersoState


class Side(NamedTuple):
    """One side of a card as seen: ``colour`` name, ``number`` 1-6 (``None`` for a joker),
    ``vp`` 1 or 3."""

    colour: str
    number: int | None
    vp: int

    @property
    def code(self) -> str:
        """Colour letter and number or ``J`` (``"B3"``, ``"GJ"``), as in series codes."""
        return self.colour[0] + (str(self.number) if self.number else "J")

    @property
    def joker(self) -> bool:
        """Whether this side is a joker."""
        return self.number is None


class CardView(NamedTuple):
    """A card as seen: its ``up`` side and its ``down`` side when that has ever been seen
    (``None`` otherwise)."""

    up: Side
    down: Side | None


SIDE_VIEWS: tuple[Side, ...] = tuple(
    Side(COLOURS[COLOUR[f]], NUMBER[f] or None, VP[f]) for f in range(FACE_COUNT)
)
"""Face -> its ``Side``."""
_UNSEEN: tuple[CardView, ...] = tuple(CardView(SIDE_VIEWS[f], None) for f in range(FACE_COUNT))
_SEEN: tuple[CardView, ...] = tuple(
    CardView(SIDE_VIEWS[f], SIDE_VIEWS[f ^ 1]) for f in range(FACE_COUNT)
)
_COLOUR_INDEX = {name: i for i, name in enumerate(COLOURS)}
assert tuple(c[0] for c in COLOURS) == LETTERS


class SeatView(NamedTuple):
    """The public side of one seat.

    Attributes:
        seat: seat number.
        cards: the tableau, row by row (Blue, Green, Orange), numbers ascending, the joker
            last in its row (see ``rows``).
        square: whether the seat holds a square it has scored (not broken since).
    """

    seat: int
    cards: tuple[CardView, ...]
    square: bool

    @property
    def rows(self) -> tuple[tuple[CardView, ...], tuple[CardView, ...], tuple[CardView, ...]]:
        """The tableau's three rows (Blue, Green, Orange)."""
        rows: tuple[list[CardView], list[CardView], list[CardView]] = ([], [], [])
        for card in self.cards:
            rows[_COLOUR_INDEX[card.up.colour]].append(card)
        return tuple(rows[0]), tuple(rows[1]), tuple(rows[2])

    @property
    def card_count(self) -> int:
        """Cards in the tableau."""
        return len(self.cards)


@dataclass(frozen=True, slots=True, kw_only=True)
class VersoView(View):
    """Everything ``viewer`` may see: the common fields (``engine.View``) and the game's own.

    Attributes:
        seats: one ``SeatView`` per seat, in seat order.
        solo: a solo game (seat 0 against the simulated opponent).
        active: whose turn it is; ``turn``: 1-based turn number; ``phase``: see
            ``engine.verso.state.Phase``.
        pile_count: cards in the Draw Pile; ``top``: the shown side of its top card.
        discard: the Discard Pile, oldest first, both sides of each card.
        out_count: cards out of the game (never seen).
        my_final: the viewer's committed final-series key, if any.
        finals: once the game is over, what each seat banked as its final series (the key,
            ``None`` for a seat that had no series).
        ladder: solo, once over: the ladder rung reached (35 ... 60) or ``None`` below it;
            ``ladder_line``: its line (an English msgid).
    """

    seats: tuple[SeatView, ...]
    solo: bool
    active: int
    turn: int
    phase: str
    pile_count: int
    top: Side | None
    discard: tuple[CardView, ...]
    out_count: int
    my_final: str | None
    finals: tuple[str | None, ...] | None
    ladder: int | None
    ladder_line: str | None


def back_options(side: Side) -> tuple[Side, ...]:
    """The sides the unseen back of a card showing ``side`` may be under the house deck (the
    rule constraints made concrete: another colour, the other VP, an adjacent number or a
    joker), sorted by colour then number, the joker last. Public knowledge, not a secret: it
    does not say which of them it is, nor which cards are already accounted for."""
    kind = 8 * _COLOUR_INDEX[side.colour] + (side.number or 7)
    faces = FACES_OF_TYPE[2 * kind + (side.vp == 3)]
    backs = sorted({f ^ 1 for f in faces}, key=lambda f: (KIND[f], VP[f]))
    return tuple(SIDE_VIEWS[f] for f in backs)


def card_views(state: VersoState) -> list[CardView]:
    """Face -> how a card lying with that face up looks in ``state`` (its down side shown
    only for a card whose down side has been seen)."""
    table = list(_UNSEEN)
    for card in state.seen:
        table[2 * card] = _SEEN[2 * card]
        table[2 * card + 1] = _SEEN[2 * card + 1]
    return table


def public_fields(state: VersoState) -> dict[str, Any]:
    """The fields of the view every viewer shares (all but ``my_final``), memoised on the
    state per step like the core's pending decisions (a state changes only through
    ``engine.apply``, which advances the step; ``VersoState.clone`` drops the memo, so a
    redistributed copy is always viewed afresh)."""
    memo = state.__dict__.get(MEMO)
    if memo is not None and memo[0] == state.step:
        return memo[1]  # type: ignore[no-any-return]
    over = state.phase == "over"
    table = card_views(state)
    solo = state.seats == 1
    fields = {
        "scores": tuple(state.scores),
        "seats": tuple(
            SeatView(s, tuple(map(table.__getitem__, tableau)), square)
            for s, (tableau, square) in enumerate(zip(state.tableaux, state.squares, strict=True))
        ),
        "solo": solo,
        "active": state.active,
        "turn": state.turn,
        "phase": state.phase,
        "pile_count": len(state.pile),
        "top": SIDE_VIEWS[state.pile[-1]] if state.pile else None,
        "discard": tuple(map(_SEEN.__getitem__, state.discard)),
        "out_count": len(state.out),
        "finals": tuple(state.finals.get(s) for s in range(state.seats)) if over else None,
        "ladder": ladder_rung(state.scores[0]) if solo and over else None,
        "ladder_line": ladder_line(state.scores[0]) if solo and over else None,
    }
    state.__dict__[MEMO] = (state.step, fields)
    return fields


def view(state: VersoState, viewer: int | None, common: Common) -> VersoView:
    """The ``VersoView`` of ``state`` for ``viewer`` (a seat, or ``None``), around the
    ``common`` fields the core computed."""
    mine = state.finals.get(viewer) if viewer is not None and state.phase != "over" else None
    return VersoView(**common.fields(), **public_fields(state), my_final=mine)
