"""The base of every game's state model."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, PrivateAttr


class GameState(BaseModel):
    """Fields every game's state carries; each game subclasses it with its own zones.

    The state is a pydantic model so that it serialises to JSON and back losslessly
    (``engine.dumps`` / ``engine.loads``). Inside the engine it is mutated in place by
    ``engine.apply`` only.

    Attributes:
        game: the registered game name, e.g. ``"artichokes"``.
        schema_version: version of this game's state layout; ``engine.loads`` refuses others.
        seed: the seed every random event derives from. Never shown to anyone.
        rng_counter: how many random draws have been made so far (part of the seed stream).
        seats: number of seats (players), seats are numbered ``0 .. seats-1``.
        step: number of actions applied so far (a storage version can mirror it).
    """

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    game: str
    schema_version: int
    seed: int
    rng_counter: int = 0
    seats: int
    step: int = 0
    # seat -> (step, legal actions): ``engine.apply`` checks legality against what
    # ``engine.legal_actions`` just computed for the same step. Not serialised.
    _legal_cache: dict[int, tuple[int, Any]] = PrivateAttr(default_factory=dict)

    def __eq__(self, other: object) -> bool:
        """Equal when every field is equal (the legal-actions memo is not compared)."""
        return type(other) is type(self) and self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]  # mutable
