"""English descriptions of actions (buttons, logs, the command-line tools).

The bot renders its own, translated text from the same keys; this is the engine's default.
"""

from __future__ import annotations

from engine.artichokes.state import ArtichokesState
from engine.types import Action


def describe_action(state: ArtichokesState, action: Action) -> str:
    """A short English phrase for ``action``, e.g. ``"Play Corn"`` or ``"Target seat 2"``.

    Seats are shown 1-based ("seat 1" is seat 0) as people count them.
    """
    verb, _, arg = action.key.partition(":")
    if verb == "harvest":
        return f"Harvest {arg}"
    if verb == "play":
        return f"Play {arg}"
    if verb == "end":
        return "End turn"
    if verb == "target":
        if state.revealed:  # Peas: the other revealed card goes to the chosen opponent
            return f"Give {state.revealed[-1]} to seat {int(arg) + 1}"
        card = state.in_play[-1] if state.in_play else "card"
        return f"{card} on seat {int(arg) + 1}"
    if verb == "corn":
        return f"Put {arg} from the Garden Row on your Deck"
    if verb == "leek":
        return "Take it into your hand" if arg == "hand" else "Put it on their Discard Pile"
    if verb == "keep":
        return f"Keep {arg}"
    if verb == "pepper":
        return f"Put {arg} from your Discard Pile on your Deck"
    if verb == "pass":
        cards = arg.split("+") if arg else []
        return "Pass " + (" and ".join(cards) if cards else "nothing")
    return action.key
