"""What a seat has to decide: :class:`Decision`, the data every pending choice is.

Part of the game contract (``engine.contract`` re-exports it); it sits below the rest of the
engine so that the contract, the legality helpers (``engine.legal``) and the core can all
build on it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

MULTI_SEPARATOR = "+"
"""Joins the chosen options of a multi-select decision in its action key."""


class Decision(NamedTuple):
    """One choice a seat has to make now: data, derived from the state, never a closure.

    A *single-select* decision (``min == max == 1``) is answered by an action whose key is
    one of ``options``. A *multi-select* decision (any other ``min``/``max``) is answered by
    one action choosing a sub-multiset of ``options`` of ``min``..``max`` items, keyed
    ``"<kind>:<o1>+<o2>..."`` with the chosen options sorted (:meth:`key_for`); it is
    validated as a set and never enumerated.

    Attributes:
        seat: who decides.
        kind: what sort of choice, e.g. ``"play"``, ``"pass"``, ``"pick"``; unique among one
            seat's decisions of one state.
        options: the option keys, sorted; ASCII, at most 60 characters each. Single-select
            options are whole action keys (unique across the seat's decisions). Multi-select
            options may repeat (a hand with two equal cards).
        min, max: how many options a multi-select answer picks (``1, 1`` = single-select).
        simultaneous: several seats decide this at once; each answer stays hidden until all
            have answered and can be changed until then.
        committed: for a simultaneous decision, the options this seat has chosen so far
            (sorted), else ``None``. A committed seat may change its answer; answering the same
            again is not a move.
        since: the state step at which this seat's decisions last changed (or the seat last
            acted). A component shown at that step is still meant for this decision; the core
            fills it in (games leave it 0).
    """

    seat: int
    kind: str
    options: tuple[str, ...]
    min: int = 1
    max: int = 1
    simultaneous: bool = False
    committed: tuple[str, ...] | None = None
    since: int = 0

    @property
    def multi(self) -> bool:
        """Whether this is a multi-select decision."""
        return not (self.min == 1 and self.max == 1)

    def key_for(self, chosen: Sequence[str]) -> str:
        """The action key choosing ``chosen`` (one option for a single-select decision).

        Raises:
            ValueError: a single-select decision given other than one option.
        """
        if not self.multi:
            if len(chosen) != 1:
                raise ValueError(f"decision {self.kind!r} takes exactly one option")
            return chosen[0]
        return f"{self.kind}:{MULTI_SEPARATOR.join(sorted(chosen))}"

    def chosen_in(self, key: str) -> tuple[str, ...] | None:
        """The options ``key`` chooses, sorted, if it is a well-formed answer to this
        decision (offered options, a count within ``min``..``max``); else ``None``.
        The committed answer is well-formed too (see :meth:`accepts`)."""
        if not self.multi:
            return (key,) if key in self.options else None
        prefix = self.kind + ":"
        if not key.startswith(prefix):
            return None
        body = key[len(prefix) :]
        chosen = tuple(body.split(MULTI_SEPARATOR)) if body else ()
        if not self.min <= len(chosen) <= self.max or list(chosen) != sorted(chosen):
            return None
        if Counter(chosen) - Counter(self.options):
            return None  # an option not offered, or offered fewer times
        return chosen

    def accepts(self, key: str) -> bool:
        """Whether ``key`` is a legal answer now: well-formed, and not the answer this seat
        has already committed (choosing it again would change nothing)."""
        chosen = self.chosen_in(key)
        return chosen is not None and chosen != self.committed

    def same_choice_as(self, other: Decision) -> bool:
        """Whether ``other`` asks the same question (all fields but ``committed`` and
        ``since``)."""
        return (
            self.kind == other.kind
            and self.options == other.options
            and self.min == other.min
            and self.max == other.max
            and self.simultaneous == other.simultaneous
        )
