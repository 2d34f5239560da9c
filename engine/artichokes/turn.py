"""The turn structure: the five phases, the win check and the turn limit.

Rules: ``shared/rules/artichokes.md`` § A turn: five phases, § Winning.
"""

from __future__ import annotations

from engine.artichokes.cards import ARTICHOKE, HAND_SIZE
from engine.artichokes.state import ArtichokesState
from engine.artichokes.zones import draw_hand, replenish_row
from engine.types import Event, Events


def start_turn(state: ArtichokesState, ev: Events) -> None:
    """Begin the active seat's turn: phase 1 (Replenish), then wait for phase 2 (Harvest), or go
    straight to phase 3 (Play) when the Garden Row is empty (harvest is skipped)."""
    state.plays_this_turn = 0
    if ev is not None:
        ev.append(Event("turn_started", state.active, {"turn": state.turn}))
    replenish_row(state, ev)
    state.phase = "harvest" if state.row else "play"


def harvest(state: ArtichokesState, seat: int, kind: str, ev: Events) -> None:
    """Phase 2 (or Rhubarb's harvest): take a Garden Row card of ``kind`` into the hand; it may be
    played this turn. Then the play phase (re)starts."""
    state.row.remove(kind)
    state.players[seat].hand.append(kind)
    if ev is not None:
        ev.append(Event("harvested", seat, {"card": kind}))
    state.phase = "play"


def finish_card(state: ArtichokesState, seat: int, ev: Events) -> None:
    """A card has resolved: the cards still in play go face up on top of ``seat``'s Discard Pile
    (§ A turn, phase 3) and the play phase continues."""
    if state.in_play:
        state.players[seat].discard.extend(state.in_play)
        state.in_play.clear()
    state.revealed.clear()
    state.target = None
    state.phase = "play"


def end_turn(state: ArtichokesState, ev: Events) -> None:
    """Phases 4 and 5, the win check, then the next seat's turn (or the turn-limit draw).

    Phase 4: the whole hand goes face up onto the Discard Pile (in sorted order). Phase 5: draw
    5 (reshuffling the Discard Pile when the Deck runs out). § Winning: the game is won only
    here, by a freshly drawn hand without Artichokes — of any size, an empty hand included
    [ruling]. [house]: after ``options.turn_limit`` turns without a winner the game ends as a
    draw.
    """
    seat = state.active
    zones = state.players[seat]
    if ev is not None:
        ev.append(Event("turn_ended", seat, {"turn": state.turn}))
    if zones.hand:
        # sorted: the order of a hand carries no meaning, and keeping it would tell everyone
        # which cards arrived last (e.g. the two an Eggplant pass brought)
        discarded = sorted(zones.hand)
        zones.discard.extend(discarded)
        zones.hand.clear()
        if ev is not None:
            ev.append(Event("discarded", seat, {"cards": discarded}))
    draw_hand(state, seat, HAND_SIZE, ev)
    if ARTICHOKE not in zones.hand:
        state.winner = seat
        state.phase = "over"
        if ev is not None:
            ev.append(Event("won", seat, {"hand": sorted(zones.hand)}))
        return
    if state.turn >= state.options.turn_limit:
        state.draw = True
        state.phase = "over"
        if ev is not None:
            ev.append(Event("turn_limit_draw", None, {"turns": state.turn}))
        return
    state.turn += 1
    state.active = state.left_of(seat)
    start_turn(state, ev)
