"""What makes a step final in Ninjan, beyond what every game shares (``engine.undo``): the
reveal of the round's chosen cards. Rulings: ``docs/undo.md`` § Ninjan (rules:
``shared/rules/ninjan.md``)."""

from __future__ import annotations

from engine.ninjan.state import NinjanState
from engine.types import Action


def final_step(before: NinjanState, action: Action, after: NinjanState) -> bool:
    """``Game.final_step``: the chosen cards were revealed (§ A round, 2: "All chosen cards
    are revealed together"). A take or a place reveals nothing (piles and score areas are
    public); it is final because the next card resolves for another seat (the core's rule)."""
    return before.phase == "pick" and after.phase != "pick"
