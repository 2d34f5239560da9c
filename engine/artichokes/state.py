"""State of a game of Abandon All Artichokes.

Zones follow ``shared/rules/artichokes.md`` § Zones. Every list of cards that has an order keeps
its *top at the end* (``deck[-1]`` is the next card drawn, ``discard[-1]`` the visible top).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.artichokes.cards import MAX_PLAYERS
from engine.state import STRICT, GameState

SCHEMA_VERSION = 1

OTHER_SEATS = {
    seats: tuple(tuple(s for s in range(seats) if s != seat) for seat in range(seats))
    for seats in range(1, MAX_PLAYERS + 1)
}
"""Table size -> seat -> the other seats in seat order (built once: targets ask at every step)."""

Phase = Literal["harvest", "play", "target", "choose", "eggplant", "over"]
"""What the game waits for:

- ``harvest``: the active seat must take a Garden Row card (phase 2, or after Rhubarb).
- ``play``: the active seat may play a card or end the turn (phase 3).
- ``target``: the active seat must pick an opponent for the card in play.
- ``choose``: the active seat must make the card in play's other choice (Corn, Leek, Peas, Pepper).
- ``eggplant``: every seat that has not yet committed must choose cards to pass.
- ``over``: the game has ended (see ``winner`` / ``draw``).
"""


class ArtichokesOptions(BaseModel):
    """Table options (``shared/rules/artichokes.md`` § Table options worth offering).

    Attributes:
        rhubarb: add the 6 Rhubarb promo cards to the Garden Stack.
        auto_target: when a card needs an opponent and only one is legal, pick it automatically.
        auto_end_turn: end the turn automatically when nothing in hand is playable.
        turn_limit: the game ends as a draw after this many turns ([house] rule), 1..10000.
        first_player: seat that starts; ``None`` = chosen at random from the seed ([house]).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    rhubarb: bool = False
    auto_target: bool = True
    auto_end_turn: bool = False
    turn_limit: int = Field(default=300, ge=1, le=10_000)
    first_player: int | None = Field(default=None, ge=0, le=3)


@dataclass(kw_only=True)
class PlayerZones:
    """One seat's cards.

    Attributes:
        deck: Personal Deck, face down, ``deck[-1]`` on top. Order hidden from everyone.
        hand: the hand, secret to its owner (order carries no meaning).
        discard: Discard Pile, face up and public, ``discard[-1]`` on top.
    """

    __pydantic_config__ = STRICT

    deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)

    def clone(self) -> PlayerZones:
        """An independent copy."""
        return PlayerZones(deck=self.deck[:], hand=self.hand[:], discard=self.discard[:])


@dataclass(kw_only=True, eq=True)
class ArtichokesState(GameState):
    """The whole game. Mutated in place only by ``engine.apply``.

    Attributes:
        options: the table options.
        players: per-seat zones, indexed by seat.
        stack: Garden Stack, face down, ``stack[-1]`` on top.
        row: Garden Row, face up, at most 5 cards.
        compost: Community Compost Pile (out of play, public).
        active: the seat whose turn it is.
        turn: 1-based number of the current turn (every seat's turn counts).
        phase: what the game waits for (see ``Phase``).
        plays_this_turn: cards played so far this turn (Carrot needs 0; harvesting is no play).
        in_play: the card being resolved (empty when none), e.g. ``["Leek"]``.
        revealed: cards revealed by the card in play and waiting for a choice (Leek: 1, Peas: 2).
        target: the opponent chosen for the card in play, when it matters for a later choice.
        passes: Eggplant commitments, seat -> the cards that seat will pass (hidden until all
            seats have chosen).
        winner: the winning seat once the game is won.
        draw: ``True`` when the game ended at the turn limit without a winner.
    """

    game: Literal["artichokes"] = "artichokes"
    schema_version: int = SCHEMA_VERSION
    options: ArtichokesOptions = field(default_factory=ArtichokesOptions)
    players: list[PlayerZones]
    stack: list[str]
    row: list[str]
    compost: list[str] = field(default_factory=list)
    active: int = 0
    turn: int = 1
    phase: Phase = "harvest"
    plays_this_turn: int = 0
    in_play: list[str] = field(default_factory=list)
    revealed: list[str] = field(default_factory=list)
    target: int | None = None
    passes: dict[int, list[str]] = field(default_factory=dict)
    winner: int | None = None
    draw: bool = False

    __hash__ = None

    def clone(self) -> ArtichokesState:
        """An independent copy (hand-written: no validation, lists copied one level deep)."""
        copy = ArtichokesState(
            game=self.game,
            schema_version=self.schema_version,
            seed=self.seed,
            rng_counter=self.rng_counter,
            seats=self.seats,
            step=self.step,
            since=dict(self.since),
            options=self.options,
            players=[z.clone() for z in self.players],
            stack=self.stack[:],
            row=self.row[:],
            compost=self.compost[:],
            active=self.active,
            turn=self.turn,
            phase=self.phase,
            plays_this_turn=self.plays_this_turn,
            in_play=self.in_play[:],
            revealed=self.revealed[:],
            target=self.target,
            passes={seat: cards[:] for seat, cards in self.passes.items()},
            winner=self.winner,
            draw=self.draw,
        )
        copy._pending = getattr(self, "_pending", None)  # type: ignore[attr-defined]
        return copy

    def others(self, seat: int) -> tuple[int, ...]:
        """The other seats, in seat order (one shared tuple per table size and seat)."""
        return OTHER_SEATS[self.seats][seat]

    def left_of(self, seat: int) -> int:
        """The seat a card passed "to the left" goes to: the next seat in turn order."""
        return (seat + 1) % self.seats
