"""State of a game of Ninjan — rules: ``shared/rules/ninjan.md``.

Cards are compact keys (``engine.ninjan.cards``). Every pile keeps its *top at the end*
(``piles[i][-1]`` is the top card of pile ``i + 1``); views and events show piles top first.
Piles are numbered 1..3 in action keys, events and views' texts; lists index them 0..2.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.state import STRICT, GameState

SCHEMA_VERSION = 1

Phase = Literal["pick", "take", "place", "over"]
"""What the game waits for:

- ``pick``: every seat secretly chooses a card from its hand (simultaneous, changeable).
- ``take``: the resolving seat chooses which of several qualifying piles to take.
- ``place``: the resolving seat's card qualifies for no pile: it chooses where to put it.
- ``over``: the 9 rounds are played.
"""


class NinjanOptions(BaseModel):
    """Table options: none (the published game has no variants)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


@dataclass(kw_only=True)
class Resolved:
    """How one revealed card resolved (§ A round, step 4).

    Attributes:
        seat: whose card.
        card: the card played.
        pile: the pile (0..2) it took or was put on.
        taken: the cards taken, bottom first (the whole pile); empty when the card was put on
            the pile because no pile qualified.
        auto: the take was automatic (exactly one pile qualified: [ruling]).
    """

    __pydantic_config__ = STRICT

    seat: int
    card: str
    pile: int
    taken: list[str] = field(default_factory=list)
    auto: bool = False


@dataclass(kw_only=True, eq=True)
class NinjanState(GameState):
    """The whole game. Mutated in place only by ``engine.apply``.

    Attributes:
        options: the table options (none).
        hands: per seat, its hand, sorted by key. A chosen card stays in hand until the reveal.
        piles: the 3 face-up piles, bottom first (top last); never empty.
        taken: per seat, its score area (face up), in the order taken.
        out: the cards out of the game (unseen by everyone), sorted.
        round: the current round, 1..9 (stays 9 once the game is over).
        phase: what the game waits for (see ``Phase``).
        picks: per seat, its secret choice of this round ("" = none yet); only in ``pick``.
        played: per seat, the card it revealed in the round being resolved, or in the last
            resolved round while the next round's choices are made ("" before the first reveal).
        order: the seats in resolution order of ``played`` (empty before the first reveal).
        resolved: how the first ``len(resolved)`` cards of ``order`` resolved; the next seat of
            ``order`` resolves now (``take``/``place``).
    """

    game: Literal["ninjan"] = "ninjan"
    schema_version: int = SCHEMA_VERSION
    options: NinjanOptions = field(default_factory=NinjanOptions)
    hands: list[list[str]]
    piles: list[list[str]]
    taken: list[list[str]]
    out: list[str] = field(default_factory=list)
    round: int = 1
    phase: Phase = "pick"
    picks: list[str]
    played: list[str]
    order: list[int] = field(default_factory=list)
    resolved: list[Resolved] = field(default_factory=list)

    __hash__ = None

    def clone(self) -> NinjanState:
        """An independent copy (hand-written: no validation, lists copied one level deep;
        ``Resolved`` entries are never mutated once made, so they are shared)."""
        copy = NinjanState(
            game=self.game,
            schema_version=self.schema_version,
            seed=self.seed,
            rng_counter=self.rng_counter,
            seats=self.seats,
            step=self.step,
            since=dict(self.since),
            options=self.options,
            hands=[h[:] for h in self.hands],
            piles=[p[:] for p in self.piles],
            taken=[t[:] for t in self.taken],
            out=self.out[:],
            round=self.round,
            phase=self.phase,
            picks=self.picks[:],
            played=self.played[:],
            order=self.order[:],
            resolved=self.resolved[:],
        )
        copy._pending = getattr(self, "_pending", None)  # type: ignore[attr-defined]
        return copy

    def resolving_seat(self) -> int | None:
        """The seat whose revealed card resolves now (``take``/``place``), else ``None``."""
        if self.phase in ("take", "place"):
            return self.order[len(self.resolved)]
        return None
