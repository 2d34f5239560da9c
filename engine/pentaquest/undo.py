"""What makes a step final in Pentaquest, beyond what every game shares (``engine.undo``,
which already makes every roll and reroll final: chance): a card turned from the deck into
the quest area, and a capture (it ends the turn). Rulings: ``docs/undo.md`` § Pentaquest
(rules: ``shared/rules/pentaquest.md``)."""

from __future__ import annotations

from engine.pentaquest.state import PentaquestState
from engine.types import Action


def final_step(before: PentaquestState, action: Action, after: PentaquestState) -> bool:
    """``Game.final_step``: the deck lost a card (phase 1, Fill: the deck's order is secret,
    § Information), or the quest area changed (a capture: § Capture, "ends the turn")."""
    return after.deck != before.deck or after.quest != before.quest
