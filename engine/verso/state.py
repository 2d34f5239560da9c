"""State of a game of Verso — zones follow ``shared/rules/verso.md`` § Words, § Setup.

Cards are small ints (``engine.verso.cards``): a *face* ``2 * card + s`` is a card lying with
side ``s`` up. Ordered zones keep their *top at the end* (``pile[-1]`` is the next card drawn).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.state import GameState

SCHEMA_VERSION = 1

MEMO = "_public_view"
"""Instance attribute (not a field) where ``engine.verso.view`` memoises the public part of
the view for one step; never serialised, never compared, dropped by ``clone``."""

Phase = Literal["turn", "final", "over"]
"""What the game waits for:

- ``turn``: the active seat draws (keeping or flipping the card) or banks a series
  (§ A turn).
- ``final``: every seat with a series chooses its final series at once (§ End, [house]).
- ``over``: the game has ended.
"""


class VersoOptions(BaseModel):
    """Table options: Verso has none (the rules file defines one way to play)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


@dataclass(kw_only=True, eq=True)
class VersoState(GameState):
    """The whole game. Mutated in place only by ``engine.apply``.

    Attributes:
        options: the table options.
        pile: the Draw Pile as faces, ``pile[-1]`` on top (its up side is the shown side).
        out: cards out of the game, unseen (card ids, sorted: no order).
        tableaux: per seat, the faces of its tableau, sorted by ``cards.KIND`` (rows in colour
            order, numbers ascending, joker last); no two of one kind (identical cards).
        seen: card ids, sorted, of tableau cards whose down side has been shown (flipped).
            Every other tableau card's down side has never been seen by anyone.
        discard: the Discard Pile as faces, oldest first; both sides of a discarded card are
            public ([ruling], see ``engine.verso.rules``).
        scores: VP by seat.
        squares: by seat, whether a square has been scored and not broken since (§ The square).
        active: the seat whose turn it is.
        turn: 1-based number of the current turn (every seat's turn counts).
        phase: see ``Phase``.
        finals: committed final-series answers (action keys) by seat; hidden until every
            seat has chosen, then kept to show what was banked.
    """

    game: Literal["verso"] = "verso"
    schema_version: int = SCHEMA_VERSION
    options: VersoOptions = field(default_factory=VersoOptions)
    pile: list[int]
    out: list[int] = field(default_factory=list)
    tableaux: list[list[int]]
    seen: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    scores: list[int]
    squares: list[bool]
    active: int = 0
    turn: int = 1
    phase: Phase = "turn"
    finals: dict[int, str] = field(default_factory=dict)

    __hash__ = None

    def clone(self) -> VersoState:
        """An independent copy (hand-written: no validation, lists copied one level deep)."""
        copy = object.__new__(VersoState)
        copy.__dict__.update(self.__dict__)  # immutable fields (and the core's memo)
        copy.__dict__.pop(MEMO, None)
        copy.since = dict(self.since)
        copy.pile = self.pile[:]
        copy.out = self.out[:]
        copy.tableaux = [t[:] for t in self.tableaux]
        copy.seen = self.seen[:]
        copy.discard = self.discard[:]
        copy.scores = self.scores[:]
        copy.squares = self.squares[:]
        copy.finals = dict(self.finals)
        return copy

    @property
    def solo(self) -> bool:
        """Whether this is a solo game (one seat and the simulated opponent)."""
        return self.seats == 1
