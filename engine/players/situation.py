"""What an automatic player may know of a game: its seat's :class:`Situation`."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from engine.api import redistribute, view
from engine.contract import View
from engine.state import GameState


@dataclass(frozen=True)
class Situation:
    """What an automatic player may know: its seat's ``view`` (holding the decisions in front
    of it), ``sample(rng)``, a full state consistent with that view (hidden cards dealt
    afresh; it depends only on the view and ``rng``), and the table's number of ``seats``."""

    view: View
    sample: Callable[[random.Random], GameState]
    seats: int

    @property
    def seat(self) -> int:
        """The seat deciding."""
        assert self.view.viewer is not None
        return self.view.viewer


def situation(state: GameState, seat: int) -> Situation:
    """The :class:`Situation` of ``seat`` in ``state`` (the only way a policy sees a game)."""
    return Situation(view(state, seat), lambda rng: redistribute(state, seat, rng), state.seats)
