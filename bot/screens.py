"""What the bot shows, as plain data: the game presenters build these, ``bot.layouts`` turns them
into discord.py components. Keeping them free of discord makes rendering testable on its own."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

ButtonStyle = Literal["primary", "secondary", "success", "danger"]


@dataclass(frozen=True)
class ButtonSpec:
    """One action button.

    Attributes:
        key: the engine action key the button applies.
        label: the button text (at most 80 characters).
        style: Discord button style name.
    """

    key: str
    label: str
    style: ButtonStyle = "secondary"


@dataclass(frozen=True)
class SelectOption:
    """One option of a select menu: ``value`` (at most 100 characters) and its ``label``."""

    value: str
    label: str


@dataclass(frozen=True)
class SelectSpec:
    """A select menu whose chosen values the presenter turns into one action key.

    Attributes:
        kind: which choice this is (e.g. ``"pass"``), carried in the ``custom_id``.
        placeholder: text shown before a choice is made.
        options: at most 25 options.
        min_values, max_values: how many options must be chosen.
    """

    kind: str
    placeholder: str
    options: tuple[SelectOption, ...]
    min_values: int = 1
    max_values: int = 1


@dataclass(frozen=True)
class HandScreen:
    """A player's private screen: the text and the components built from their legal actions.

    Attributes:
        text: Markdown shown to the player.
        rows: button rows (at most 5 buttons per row).
        selects: select menus, each on its own row.
    """

    text: str
    rows: tuple[tuple[ButtonSpec, ...], ...] = ()
    selects: tuple[SelectSpec, ...] = field(default_factory=tuple)


def chunk(buttons: list[ButtonSpec], size: int = 5) -> tuple[tuple[ButtonSpec, ...], ...]:
    """Split ``buttons`` into rows of at most ``size``."""
    return tuple(tuple(buttons[i : i + size]) for i in range(0, len(buttons), size))
