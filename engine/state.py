"""The base of every game's state: a plain dataclass, validated by pydantic at the boundary.

Inside the engine a state is an ordinary mutable object (fast attribute access, no validation
on assignment); ``engine.dumps`` / ``engine.loads`` turn it into JSON and back through a
pydantic ``TypeAdapter``, which validates every field (and refuses unknown ones) on the way in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import ConfigDict, TypeAdapter

S = TypeVar("S", bound="GameState")

STRICT = ConfigDict(extra="forbid")
"""pydantic config for state dataclasses: unknown fields are refused when loading."""


@dataclass(kw_only=True, eq=True)
class GameState:
    """Fields every game's state carries; each game subclasses it (``@dataclass(kw_only=True)``)
    with its own zones. Mutated in place only by ``engine.apply``.

    Attributes:
        game: the registered game name, e.g. ``"artichokes"``.
        schema_version: version of this game's state layout; ``engine.loads`` refuses others.
        seed: the seed every random event derives from. Never shown to anyone.
        rng_counter: how many random draws have been made so far (part of the seed stream).
        seats: number of seats (players), seats are numbered ``0 .. seats-1``.
        step: number of actions applied so far (a storage version can mirror it).
        since: seat -> the step at which that seat's pending decisions last changed or it
            last acted (``Decision.since``); maintained by ``engine.apply``. A seat not listed
            has had its decisions since step 0.

    The core keeps a per-step memo of the pending decisions in the instance attribute
    ``_pending`` (not a field: never serialised, never compared).
    """

    __pydantic_config__ = STRICT

    game: str
    schema_version: int
    seed: int
    rng_counter: int = 0
    seats: int
    step: int = 0
    since: dict[int, int] = field(default_factory=dict)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def clone(self: S) -> S:
        """An independent copy (games may override this with a faster hand-written copy)."""
        adapter = adapter_for(type(self))
        copy: S = adapter.validate_python(adapter.dump_python(self))
        copy._pending = getattr(self, "_pending", None)  # type: ignore[attr-defined]
        return copy


_ADAPTERS: dict[type[Any], TypeAdapter[Any]] = {}


def adapter_for(model: type[Any]) -> TypeAdapter[Any]:
    """The (cached) pydantic adapter that dumps and validates states of ``model``."""
    adapter = _ADAPTERS.get(model)
    if adapter is None:
        adapter = _ADAPTERS[model] = TypeAdapter(model)
    return adapter
