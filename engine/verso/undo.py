"""What makes a step final in Verso, beyond what every game shares (``engine.undo``): a card
drawn (the next card's shown side comes to light), a side seen (a flip, the simulated
opponent's card, a discard shows both sides). Rulings: ``docs/undo.md`` § Verso (rules:
``shared/rules/verso.md``)."""

from __future__ import annotations

from engine.types import Action
from engine.verso.state import VersoState


def final_step(before: VersoState, action: Action, after: VersoState) -> bool:
    """``Game.final_step``: the Draw Pile lost a card, a down side was seen (``seen``
    grew), or a card was discarded (§ Information: a discarded card shows both sides)."""
    return (
        after.pile != before.pile
        or after.seen != before.seen
        or len(after.discard) != len(before.discard)
    )
