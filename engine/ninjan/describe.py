"""English descriptions of actions (buttons, logs, the command-line tools).

The bot renders its own, translated text from the same keys; this is the engine's default.
"""

from __future__ import annotations

from engine.ninjan.cards import card_name
from engine.ninjan.state import NinjanState
from engine.types import Action


def describe_action(state: NinjanState, action: Action) -> str:
    """A short English phrase for ``action``: ``"Choose 7 Rock"``, ``"Take pile 2 with 8
    Rock"``, ``"Put 3 Paper on pile 1"``."""
    verb, _, arg = action.key.partition(":")
    if verb in ("take", "place"):
        card = state.played[action.seat] if state.played[action.seat] else ""
        name = card_name(card) if card else "your card"
        if verb == "take":
            return f"Take pile {arg} with {name}"
        return f"Put {name} on pile {arg}"
    try:
        return f"Choose {card_name(action.key)}"
    except KeyError:
        return action.key
