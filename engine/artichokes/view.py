"""What one viewer may see — rules: ``shared/rules/artichokes.md`` § Information.

Public: Garden Row, every Discard Pile, the Compost Pile, the size of every Deck, Hand and of the
Garden Stack, cards revealed by a power, whose turn and which phase. Own hand: only its owner.
Nobody: the order of a Deck or of the Garden Stack (but for a card a power put on top or a Row
Rhubarb put under), another seat's Eggplant choice, the seed.
What the Garden Stack holds is public and a seat knows what its own Deck holds (in no order):
every card entering or leaving them is shown (``engine.artichokes.hidden``), so a player who
remembers every move knows both; the view says them so that nobody has to.
[house] Once the game is over every hand is shown: the rulebook has the winner reveal theirs,
and Cardroom's table shows every final hand (product decision, issue 5).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.artichokes.state import ArtichokesState
from engine.contract import Common, View


@dataclass(frozen=True, slots=True)
class SeatView:
    """The public side of one seat.

    Attributes:
        seat: seat number.
        deck_count, hand_count: sizes of the Personal Deck and the hand.
        discard: the whole Discard Pile, bottom first (its last card is the visible top).
        pass_chosen: during an Eggplant pass, whether this seat has chosen (not what).
    """

    seat: int
    deck_count: int
    hand_count: int
    discard: tuple[str, ...]
    pass_chosen: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ArtichokesView(View):
    """Everything ``viewer`` may see: the common fields (``engine.View``: viewer, deciding,
    the viewer's decisions, ...) and the game's own.

    Attributes:
        seats: one ``SeatView`` per seat, in seat order.
        active: whose turn it is; ``turn``: 1-based turn number; ``turn_limit``: draw after it.
        phase: see ``engine.artichokes.state.Phase``.
        row: Garden Row cards; ``stack_count``: Garden Stack size; ``stack``: the Garden
            Stack's cards, sorted (its order is hidden); ``compost``: the Compost Pile (sorted:
            its order carries nothing).
        in_play: the card being resolved (face up), ``revealed``: cards revealed by it,
            ``target``: the opponent whose Deck a Leek revealed from.
        hand: the viewer's hand, sorted (``None`` for a spectator).
        deck: the viewer's Personal Deck's cards, sorted (its order is hidden; ``None`` for a
            spectator).
        my_pass: the viewer's committed Eggplant pass, if any.
        winner: winning seat, ``draw``: ended at the turn limit.
        final_hands: every seat's hand (sorted), only once the game is over.
        rhubarb, auto_target, auto_end_turn: the table options in force.
    """

    seats: tuple[SeatView, ...]
    active: int
    turn: int
    turn_limit: int
    phase: str
    row: tuple[str, ...]
    stack_count: int
    stack: tuple[str, ...]
    compost: tuple[str, ...]
    in_play: tuple[str, ...]
    revealed: tuple[str, ...]
    target: int | None
    hand: tuple[str, ...] | None
    deck: tuple[str, ...] | None
    my_pass: tuple[str, ...] | None
    winner: int | None
    draw: bool
    final_hands: tuple[tuple[str, ...], ...] | None
    rhubarb: bool
    auto_target: bool
    auto_end_turn: bool


def view(state: ArtichokesState, viewer: int | None, common: Common) -> ArtichokesView:
    """The ``ArtichokesView`` of ``state`` for ``viewer`` (a seat, or ``None``), around the
    ``common`` fields the core computed."""
    seats = tuple(
        SeatView(
            seat=s,
            deck_count=len(z.deck),
            hand_count=len(z.hand),
            discard=tuple(z.discard),
            pass_chosen=s in state.passes,
        )
        for s, z in enumerate(state.players)
    )
    own = state.players[viewer] if viewer is not None else None
    my_pass = state.passes.get(viewer) if viewer is not None else None
    return ArtichokesView(
        **common.fields(),
        seats=seats,
        active=state.active,
        turn=state.turn,
        turn_limit=state.options.turn_limit,
        phase=state.phase,
        row=tuple(state.row),
        stack_count=len(state.stack),
        stack=tuple(sorted(state.stack)),
        compost=tuple(sorted(state.compost)),
        in_play=tuple(state.in_play),
        revealed=tuple(state.revealed),
        target=state.target,
        hand=tuple(sorted(own.hand)) if own is not None else None,
        deck=tuple(sorted(own.deck)) if own is not None else None,
        my_pass=tuple(my_pass) if my_pass is not None else None,
        winner=state.winner,
        draw=state.draw,
        final_hands=(
            tuple(tuple(sorted(z.hand)) for z in state.players) if state.phase == "over" else None
        ),
        rhubarb=state.options.rhubarb,
        auto_target=state.options.auto_target,
        auto_end_turn=state.options.auto_end_turn,
    )
