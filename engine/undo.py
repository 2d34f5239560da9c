"""Taking back a move (undo), decided by the engine: Board Game Arena's rule.

A seat may take back its own last move(s) while all of these hold since the move:

- no other seat has acted;
- nothing hidden was shown to anyone (a card drawn, a die rolled, a card or side turned, a
  card seen by a power) — each game says what that means for it (``Game.final_step``);
- no chance decided anything (the state's ``rng_counter`` did not move);
- the game has not moved to another seat's decision (every other seat's pending decisions
  are as they were), the seat still has a decision, and the game has not ended.

A step that breaks one of these is *final*: it and every step before it stay. Simultaneous
secret choices are steps like others: a seat may take back its answer while no other seat
has answered since, and may change it by answering again until every seat has chosen (the
reveal is final).

A take-back restores the state exactly as it was before the move (``engine.dumps`` equal,
the decision stamps included): it is the state the replay of the log without that move gives.
In a game's log a take-back is an entry of :data:`UNDO_KEY` by the seat taking back (no game
offers that key). :class:`Timeline` plays a log forward with its take-backs and checks each
against the rule. The games' own rulings: ``docs/undo.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from engine.api import _game, _pending, apply, clone, new_game, outcome
from engine.errors import IllegalAction
from engine.state import GameState
from engine.types import Action, Event

UNDO_KEY = "undo"
"""The action key of a take-back in a game's log (never a key any game offers)."""

T = TypeVar("T")


def _others(state: GameState, seat: int) -> list[tuple[Any, ...]]:
    """The pending decisions of every seat but ``seat``, without their stamps."""
    return [d[:7] for d in _pending(state) if d.seat != seat]


def is_final(before: GameState, action: Action, after: GameState) -> bool:
    """Whether the step that applied ``action`` to ``before`` and left ``after`` is final (see
    the module): it can no longer be taken back. The states are read, never changed.

    ``before`` must be the state ``action`` was applied to (a copy kept from before
    :func:`engine.apply`) and ``after`` what ``apply`` left."""
    if outcome(after) is not None:
        return True  # the game ended
    if after.rng_counter != before.rng_counter:
        return True  # chance decided something
    seat = action.seat
    if not any(d.seat == seat for d in _pending(after)):
        return True  # the seat's part is over: what follows is someone else's
    if _others(before, seat) != _others(after, seat):
        return True  # the game moved to another seat's decision
    return bool(_game(after).final_step(before, action, after))


@dataclass(frozen=True, slots=True)
class TakeBack(Generic[T]):
    """A step that may still be taken back: its ``action``, the state ``before`` it (never
    changed), and the caller's ``tag`` for it (a log's sequence number)."""

    action: Action
    before: GameState
    tag: T


class Timeline(Generic[T]):
    """A game played forward with take-backs: the current ``state`` and the steps since the
    last final one, which their seat may still take back, newest last.

    The steps kept hold a copy of the state before each (a few KB each, only until a final
    step: a turn's worth at most)."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._steps: list[TakeBack[T]] = []

    def apply(self, action: Action, tag: T) -> list[Event]:
        """Apply ``action`` (``engine.apply``) and note whether it may be taken back; ``tag``
        names the step (returned by :meth:`take_back`).

        Raises:
            IllegalAction: as ``engine.apply`` (the timeline is then unchanged).
        """
        before = clone(self.state)
        events = apply(self.state, action)
        if self._steps and self._steps[-1].action.seat != action.seat:
            self._steps.clear()  # another seat acted: what came before stays
        if is_final(before, action, self.state):
            self._steps.clear()
        else:
            self._steps.append(TakeBack(action, before, tag))
        return events

    def last(self, seat: int | None = None) -> TakeBack[T] | None:
        """The step that may be taken back now (``seat``'s only, when given), or ``None``."""
        if not self._steps:
            return None
        step = self._steps[-1]
        return step if seat is None or step.action.seat == seat else None

    def take_back(self, seat: int) -> TakeBack[T]:
        """Take back ``seat``'s last move: the state becomes a copy of the state before it.
        Returns the step taken back.

        Raises:
            IllegalAction: ``"cannot_take_back"``: ``seat`` has no move it may take back now.
        """
        step = self.last(seat)
        if step is None:
            raise IllegalAction("cannot_take_back", f"seat {seat} has no move it may take back now")
        self._steps.pop()
        self.state = clone(step.before)
        return step


def replay_with_undo(
    name: str,
    seats: int,
    options: BaseModel | Mapping[str, Any] | None,
    seed: int,
    entries: Iterable[tuple[Action, T]],
) -> Timeline[T]:
    """Rebuild a game from its setup and its log, take-backs included: each entry is an
    action and its tag (a log's sequence number); an action of :data:`UNDO_KEY` takes back
    that seat's last move, checked against the rule.

    Raises:
        IllegalAction: an action is not legal where it stands, or a take-back was not allowed
            there (``"cannot_take_back"``).
    """
    timeline: Timeline[T] = Timeline(new_game(name, seats, options, seed))
    for action, tag in entries:
        if action.key == UNDO_KEY:
            timeline.take_back(action.seat)
        else:
            timeline.apply(action, tag)
    return timeline
