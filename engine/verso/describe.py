"""English descriptions of actions (buttons, logs, the command-line tools).

The bot renders its own, translated text from the same keys; this is the engine's default.
"""

from __future__ import annotations

from engine.types import Action
from engine.verso.cards import COLOURS, LETTERS, side_name
from engine.verso.state import VersoState


def describe_series(code: str) -> str:
    """``"B3J5"`` -> ``"Blue 3, joker as 4, 5"``."""
    colour = COLOURS[LETTERS.index(code[0])]
    body = code[1:]
    first = next(i for i, ch in enumerate(body) if ch != "J")
    low = int(body[first]) - first
    parts = [f"joker as {low + i}" if ch == "J" else ch for i, ch in enumerate(body)]
    return f"{colour} " + ", ".join(parts)


def describe_action(state: VersoState, action: Action) -> str:
    """A short English phrase for ``action``, e.g. ``"Draw Blue 3 (1 VP) and keep it"``,
    ``"Bank Green 3, joker as 4, 5"``, ``"No final series"``."""
    verb, _, arg = action.key.partition(":")
    if verb == "draw":
        shown = side_name(state.pile[-1]) if state.pile else "the top card"
        return f"Draw {shown} and keep it" if arg == "keep" else f"Draw {shown} and flip it"
    if verb == "bank":
        return "Bank " + describe_series(arg)
    if verb == "final":
        return "No final series" if arg == "none" else "Final series: " + describe_series(arg)
    return action.key
