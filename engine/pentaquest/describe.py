"""English descriptions of actions (logs, the command-line tools).

The bot renders its own, translated text from the same keys; this is the engine's default.
Dice are shown 1-based ("die 1" is position 0), as people count them.
"""

from __future__ import annotations

from engine.pentaquest.cards import CARDS
from engine.pentaquest.state import PentaquestState
from engine.types import Action


def _dice(arg: str) -> str:
    positions = [int(p) + 1 for p in arg.split("+")]
    if len(positions) == 5:
        return "all dice"
    word = "die" if len(positions) == 1 else "dice"
    return f"{word} " + ", ".join(str(p) for p in positions)


def describe_action(state: PentaquestState, action: Action) -> str:
    """A short English phrase for ``action``, e.g. ``"Capture Goblin Scout"`` or ``"Reroll
    dice 1, 3"``."""
    verb, _, arg = action.key.partition(":")
    if verb == "capture":
        return f"Capture {CARDS[int(arg)].name}"
    if verb == "end":
        return "End the turn without a capture"
    if verb == "reroll":
        return f"Free reroll: {_dice(arg)}"
    if verb == "use":
        card = CARDS[int(arg)]
        return f"Use {card.name} ({card.power})"
    if verb == "die":
        die = int(arg)
        using = CARDS[state.using] if state.using is not None else None
        value = state.dice[die] if die < len(state.dice) else "?"
        what = f"{using.name} " if using is not None else ""
        return f"{what}on die {die + 1} (showing {value})"
    if verb == "plus":
        return "Add 1"
    if verb == "minus":
        return "Subtract 1"
    if verb == "dice":
        return f"Reroll {_dice(arg)}"
    if verb == "cancel":
        return "Put the card back"
    return action.key
