"""What the bot shows, as plain data: the generic renderers build these,
``bot.messages.layouts`` turns them into discord.py components. Keeping them free of discord
makes rendering testable on its own."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ButtonStyle = Literal["primary", "secondary", "success", "danger"]


@dataclass(frozen=True)
class ButtonSpec:
    """One action button.

    Attributes:
        key: the engine action key the button applies.
        label: the button text (at most 80 characters).
        style: Discord button style name.
        emoji: an optional emoji shown before the label.
    """

    key: str
    label: str
    style: ButtonStyle = "secondary"
    emoji: str | None = None


@dataclass(frozen=True)
class SelectOption:
    """One option of a select menu: ``value`` (at most 100 characters, unique in its menu), its
    ``label``, an optional ``description``, and whether it shows as already chosen
    (``default``: the player's current answer to a simultaneous decision)."""

    value: str
    label: str
    description: str = ""
    default: bool = False


@dataclass(frozen=True)
class SelectSpec:
    """A select menu answering one decision (or one part of a long single-select decision).

    Attributes:
        kind: the decision's kind, carried in the ``custom_id``.
        chunk: which part of the decision's options this menu offers (menus hold 25).
        placeholder: text shown before a choice is made.
        options: at most 25 options.
        min_values, max_values: how many options must be chosen.
    """

    kind: str
    chunk: int
    placeholder: str
    options: tuple[SelectOption, ...]
    min_values: int = 1
    max_values: int = 1


@dataclass(frozen=True)
class ConfirmRow:
    """The two buttons of an "are you sure?" before the move ``key``: ``confirm`` makes it,
    ``back`` returns to the player's screen unchanged."""

    key: str
    confirm: str
    back: str


@dataclass(frozen=True)
class UndoRow:
    """The "↶ Undo" of a private screen: it takes back the viewer's move logged as ``seq``
    (``engine.undo``), saying what it takes back in its ``label`` ("↶ Undo: " and the move)."""

    seq: int
    label: str


ButtonRow = tuple[ButtonSpec, ...]
Row = ButtonRow | SelectSpec | ConfirmRow | UndoRow
"""One action row: up to 5 buttons, one select menu, a confirmation's two buttons, or the
Undo button."""


@dataclass(frozen=True)
class Screen:
    """A message's text and the components built from the viewer's decisions.

    Attributes:
        text: Markdown shown to the viewer.
        rows: component rows, in order.
        since: the stamp of the decisions the components answer (``Decision.since``).
    """

    text: str
    rows: tuple[Row, ...] = ()
    since: int = 0
