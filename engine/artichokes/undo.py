"""What makes a step final in Abandon All Artichokes, beyond what every game shares
(``engine.undo``): a card leaving a face-down pile — the Garden Stack (the Garden Row filled,
Peas, Rhubarb) or a Personal Deck (the draw of phase 5, Leek, Potato). Rulings:
``docs/undo.md`` § Abandon All Artichokes (rules: ``shared/rules/artichokes.md``)."""

from __future__ import annotations

from engine.artichokes.state import ArtichokesState
from engine.types import Action


def kept_whole(before: list[str], after: list[str]) -> bool:
    """Whether every card of the face-down pile ``before`` is still in ``after``, in its
    place: cards may have been put on top or underneath (Corn, Pepper, Rhubarb's Row), none
    taken. A pile that lost a card showed it to someone."""
    extra = len(after) - len(before)
    if extra < 0:
        return False
    size = len(before)
    return any(after[start : start + size] == before for start in range(extra + 1))


def final_step(before: ArtichokesState, action: Action, after: ArtichokesState) -> bool:
    """``Game.final_step``: the step took a card from the Garden Stack or from a Personal
    Deck (§ Information: "Nobody: the order of any Deck or of the Garden Stack"; a card taken
    from one is seen by its taker or by all)."""
    if not kept_whole(before.stack, after.stack):
        return True
    return any(
        not kept_whole(old.deck, new.deck)
        for old, new in zip(before.players, after.players, strict=True)
    )
