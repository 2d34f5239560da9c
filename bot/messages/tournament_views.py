"""A tournament's sign-up card and its persistent components (``DynamicItem``): Join, Leave and
the organiser's Start and "Remove an automatic player" buttons and "Add an automatic player"
menu during sign-up; Drop out while it runs, and the confirmation of a drop-out.

``custom_id`` formats — all a click needs, so the card works after a restart:
``cr:tour:<tournament>:<join|leave|start|remove_ai|drop|drop_yes>`` (buttons) and
``cr:tourai:<tournament>`` (the menu; its values are the automatic players' levels).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol

import discord
from discord import ui

from bot.messages.layouts import NEUTRAL, _layout, clip

OPS = ("join", "leave", "start", "remove_ai", "drop", "drop_yes")
"""The card's buttons, in order, and the drop-out's confirmation."""

TOURNAMENT_TEMPLATE = rf"cr:tour:(?P<tournament>[0-9]{{1,18}}):(?P<op>{'|'.join(OPS)})"
LEVEL_TEMPLATE = r"cr:tourai:(?P<tournament>[0-9]{1,18})"

STYLES = {
    "join": discord.ButtonStyle.success,
    "start": discord.ButtonStyle.primary,
    "drop": discord.ButtonStyle.danger,
    "drop_yes": discord.ButtonStyle.danger,
}
"""Each button's style (secondary when not named)."""


class TournamentHandlers(Protocol):
    """What the components call; the bot's handlers provide it (``bot.handlers``)."""

    async def on_tournament_button(
        self, interaction: discord.Interaction, tournament: int, op: str
    ) -> None:
        """A tournament card's button."""

    async def on_tournament_level(
        self, interaction: discord.Interaction, tournament: int, level: str
    ) -> None:
        """The card's "Add an automatic player" menu."""


class TournamentButton(ui.DynamicItem[ui.Button], template=TOURNAMENT_TEMPLATE):
    """One of the card's buttons: ``op`` (one of :data:`OPS`) on ``tournament``."""

    def __init__(self, tournament: int, op: str, label: str = "-") -> None:
        super().__init__(
            ui.Button(
                label=label[:80] or "-",
                style=STYLES.get(op, discord.ButtonStyle.secondary),
                custom_id=f"cr:tour:{tournament}:{op}",
            )
        )
        self.tournament = tournament
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str], /
    ) -> TournamentButton:
        return cls(int(match["tournament"]), match["op"], getattr(item, "label", None) or "-")

    async def callback(self, interaction: discord.Interaction) -> Any:
        handlers: TournamentHandlers = interaction.client.components  # type: ignore[attr-defined]
        await handlers.on_tournament_button(interaction, self.tournament, self.op)


class LevelSelect(ui.DynamicItem[ui.Select], template=LEVEL_TEMPLATE):
    """The card's "Add an automatic player" menu: one option per level offered."""

    def __init__(
        self,
        tournament: int,
        placeholder: str = "-",
        options: Sequence[discord.SelectOption] = (),
    ) -> None:
        super().__init__(
            ui.Select(
                custom_id=f"cr:tourai:{tournament}",
                placeholder=placeholder[:150] or None,
                options=list(options) or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.tournament = tournament

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str], /
    ) -> LevelSelect:
        return cls(int(match["tournament"]))

    async def callback(self, interaction: discord.Interaction) -> Any:
        handlers: TournamentHandlers = interaction.client.components  # type: ignore[attr-defined]
        values = list(self.item.values) or [""]
        await handlers.on_tournament_level(interaction, self.tournament, values[0])


TOURNAMENT_ITEMS = (TournamentButton, LevelSelect)
"""The persistent components of this module (``history_views.PERSISTENT_ITEMS``)."""


def card(
    text: str,
    tournament: int,
    labels: dict[str, str] | None,
    levels: Sequence[tuple[str, str, str]] = (),
    add_label: str = "",
) -> ui.LayoutView:
    """The card: its text, the buttons ``labels`` names (op -> label, in :data:`OPS` order)
    and, when ``levels`` are given (``(level, label, description)``), the "Add an automatic
    player" menu (``add_label`` its placeholder)."""
    view = _layout()
    container: ui.Container[ui.LayoutView] = ui.Container(
        ui.TextDisplay(clip(text)), accent_colour=NEUTRAL
    )
    if labels:
        buttons = [TournamentButton(tournament, op, labels[op]) for op in OPS if op in labels]
        container.add_item(ui.ActionRow(*buttons))
    if levels:
        options = [
            discord.SelectOption(label=label[:100], value=level, description=hint[:100] or None)
            for level, label, hint in levels
        ]
        container.add_item(ui.ActionRow(LevelSelect(tournament, add_label, options)))
    view.add_item(container)
    return view


def confirm_drop(text: str, tournament: int, label: str) -> ui.LayoutView:
    """The private question before a drop-out: ``text`` and its confirming button."""
    view = _layout()
    container: ui.Container[ui.LayoutView] = ui.Container(
        ui.TextDisplay(clip(text)), accent_colour=NEUTRAL
    )
    container.add_item(ui.ActionRow(TournamentButton(tournament, "drop_yes", label)))
    view.add_item(container)
    return view
