"""What one viewer may see — rules: ``shared/rules/ninjan.md`` § Information.

Public: the piles (every card), every score area and score, hand sizes, the round, who has
chosen this round (never what), the revealed cards of the round and their resolution (kept
until the next reveal, so the last round stays readable while the next is chosen).
Own: the viewer's hand and its current choice. Nobody: other hands, another seat's choice
before the reveal, the cards out of the game (only their number), the seed.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.contract import Common, View
from engine.ninjan.cards import ROUNDS, display_sorted, points
from engine.ninjan.state import NinjanState


@dataclass(frozen=True, slots=True)
class SeatView:
    """The public side of one seat.

    Attributes:
        seat: seat number.
        hand_count: cards in hand (a chosen card is still in hand until the reveal).
        taken: its score area, in the order taken.
        score: the sum of the values of ``taken``.
        chosen: during the choices of a round, whether it has chosen (never what).
    """

    seat: int
    hand_count: int
    taken: tuple[str, ...]
    score: int
    chosen: bool


@dataclass(frozen=True, slots=True)
class ResolvedView:
    """One resolved card of the revealed round, e.g. "bob's 8 Rock takes pile 2: +7".

    Attributes:
        seat: whose card; ``card``: the card.
        pile: the pile taken or played on, 1..3.
        taken: the cards of the pile taken, top first; empty when the card was put on the pile.
        points: the value of ``taken`` (0 for a card put on a pile).
        auto: taken automatically (the only qualifying pile).
    """

    seat: int
    card: str
    pile: int
    taken: tuple[str, ...]
    points: int
    auto: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class NinjanView(View):
    """Everything ``viewer`` may see: the common fields (``engine.View``) and Ninjan's own.

    Attributes:
        round: the current round, 1..``rounds``; ``rounds``: 9.
        phase: ``pick``, ``take``, ``place`` or ``over`` (``engine.ninjan.state.Phase``).
        piles: the 3 piles (pile 1 first), each TOP FIRST: ``piles[i][0]`` is the top card.
        seats: one ``SeatView`` per seat, in seat order.
        out_count: cards out of the game (unseen by everyone).
        hand: the viewer's hand in display order (``None`` for a spectator).
        my_pick: the viewer's current choice this round, if any (``None`` otherwise).
        choosing: seats still to choose this round (empty outside ``pick``).
        revealed_round: the round ``revealed`` belongs to (0 before the first reveal): the
            current round while it resolves and once the game is over, the last round while
            the next one is chosen.
        revealed: the revealed cards ``(seat, card)`` in resolution order.
        resolved: how the first ``len(resolved)`` of ``revealed`` resolved (all once it is
            done).
        resolving: the seat whose card resolves now and waits for its choice, else ``None``.
    """

    round: int
    rounds: int
    phase: str
    piles: tuple[tuple[str, ...], ...]
    seats: tuple[SeatView, ...]
    out_count: int
    hand: tuple[str, ...] | None
    my_pick: str | None
    choosing: tuple[int, ...]
    revealed_round: int
    revealed: tuple[tuple[int, str], ...]
    resolved: tuple[ResolvedView, ...]
    resolving: int | None


def view(state: NinjanState, viewer: int | None, common: Common) -> NinjanView:
    """The ``NinjanView`` of ``state`` for ``viewer`` (a seat, or ``None``), around the
    ``common`` fields the core computed."""
    picking = state.phase == "pick"
    scores = tuple(points(cards) for cards in state.taken)
    seats = tuple(
        SeatView(
            seat=s,
            hand_count=len(state.hands[s]),
            taken=tuple(state.taken[s]),
            score=scores[s],
            chosen=picking and bool(state.picks[s]),
        )
        for s in range(state.seats)
    )
    if not state.order:
        revealed_round = 0
    elif picking:
        revealed_round = state.round - 1
    else:
        revealed_round = state.round
    my_pick = state.picks[viewer] if viewer is not None and picking else ""
    return NinjanView(
        **common.fields(),
        scores=scores,
        round=state.round,
        rounds=ROUNDS,
        phase=state.phase,
        piles=tuple(tuple(reversed(pile)) for pile in state.piles),
        seats=seats,
        out_count=len(state.out),
        hand=display_sorted(state.hands[viewer]) if viewer is not None else None,
        my_pick=my_pick or None,
        choosing=tuple(s for s in range(state.seats) if not state.picks[s]) if picking else (),
        revealed_round=revealed_round,
        revealed=tuple((s, state.played[s]) for s in state.order),
        resolved=tuple(
            ResolvedView(
                seat=r.seat,
                card=r.card,
                pile=r.pile + 1,
                taken=tuple(reversed(r.taken)),
                points=points(r.taken),
                auto=r.auto,
            )
            for r in state.resolved
        ),
        resolving=state.resolving_seat(),
    )
