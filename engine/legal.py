"""What a seat may do: its legal actions as a sequence with set-aware membership, and random
answers to decisions."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence

from engine.decision import Decision
from engine.errors import IllegalAction
from engine.types import Action


class LegalActions(Sequence[Action]):
    """The actions one seat may take now, derived from its pending decisions.

    As a sequence it lists every answer to the seat's single-select decisions, sorted by key
    (a committed simultaneous answer left out: choosing it again is not a move).
    Multi-select answers are never enumerated: ``action in legal`` validates them as a set
    against their decision. ``bool(legal)`` tells whether the seat has anything to decide.

    Attributes:
        seat: the seat.
        decisions: its pending decisions.
    """

    __slots__ = ("_listed", "decisions", "seat")

    def __init__(self, seat: int, decisions: tuple[Decision, ...]) -> None:
        self.seat = seat
        self.decisions = decisions
        listed = [
            Action(seat, option)
            for d in decisions
            if not d.multi
            for option in d.options
            if (option,) != d.committed
        ]
        listed.sort(key=lambda a: a.key)
        self._listed = tuple(listed)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, tuple) or len(action) != 2:
            return False
        seat, key = action
        if seat != self.seat or not isinstance(key, str):
            return False
        return any(d.accepts(key) for d in self.decisions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._listed)

    def __len__(self) -> int:
        return len(self._listed)

    def __getitem__(self, index: int) -> Action:  # type: ignore[override]
        return self._listed[index]

    def __bool__(self) -> bool:
        return bool(self.decisions)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions):
            return self.seat == other.seat and self.decisions == other.decisions
        if isinstance(other, list | tuple):
            return list(self._listed) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def keys(self) -> list[str]:
        """The listed (single-select) action keys, sorted."""
        return [a.key for a in self._listed]

    def __repr__(self) -> str:
        return f"LegalActions(seat={self.seat}, decisions={self.decisions!r})"


def waiting_seats(pending: Sequence[Decision]) -> tuple[int, ...]:
    """The seats among ``pending`` (sorted by seat) that have a decision without a committed
    answer, sorted: the seats a game waits for."""
    if len(pending) == 1:
        d = pending[0]
        return () if d.committed is not None else (d.seat,)
    seen: list[int] = []
    for d in pending:
        if d.committed is None and (not seen or seen[-1] != d.seat):
            seen.append(d.seat)
    return tuple(seen)


def random_answer(pending: Iterable[Decision], seat: int, rng: random.Random) -> Action:
    """A uniformly random answer of ``seat`` to its decisions among ``pending``: every listed
    single-select option and every multi-select decision weigh one; a multi-select answer is
    a random sub-multiset of a random allowed size (never the committed one).

    Raises:
        IllegalAction: ``seat`` has nothing to decide.
    """
    mine = [d for d in pending if d.seat == seat]
    if len(mine) == 1:  # the common case: one single-select question, nothing committed
        d = mine[0]
        if d.min == 1 and d.max == 1 and d.committed is None:
            return Action(seat, d.options[rng.randrange(len(d.options))])
    listed: list[str] = []
    multis: list[Decision] = []
    for d in mine:
        if d.min == 1 and d.max == 1:
            if d.committed is None:
                listed.extend(d.options)
            else:
                listed.extend(o for o in d.options if (o,) != d.committed)
        else:
            multis.append(d)
    if not listed and not multis:
        raise IllegalAction("not_your_decision", "this seat has nothing to decide right now")
    index = rng.randrange(len(listed) + len(multis))
    if index < len(listed):
        if len(listed) > 1:
            listed.sort()
        return Action(seat, listed[index])
    decision = multis[index - len(listed)]
    for _ in range(100):
        action = sample_answer(decision, seat, rng.random)
        # a sample of the options, of an allowed size, is always well-formed: only a
        # committed answer can make it no move
        if decision.committed is None or decision.accepts(action.key):
            return action
    raise IllegalAction("not_your_decision", "no answer differs from the committed one")


def sample_answer(decision: Decision, seat: int, rand: Callable[[], float]) -> Action:
    """A uniformly random well-formed answer of ``seat`` to the multi-select ``decision``: a
    size drawn uniformly from ``min..max`` (at most the options there are), then that many
    option positions drawn uniformly (a partial Fisher-Yates shuffle driven by ``rand``, a
    ``random.Random.random``). It may equal the committed answer.

    Raises:
        ValueError: the decision asks for more options than it offers.
    """
    options = list(decision.options)
    n = len(options)
    if decision.min > n:
        raise ValueError(f"decision {decision.kind!r} asks for {decision.min} of {n} options")
    top = min(decision.max, n)
    size = min(decision.min + int(rand() * (top - decision.min + 1)), top)
    for i in range(size):
        j = min(i + int(rand() * (n - i)), n - 1)
        options[i], options[j] = options[j], options[i]
    return Action(seat, decision.key_for(options[:size]))
