"""A tournament's sign-up card and standings message, and the card's persistent buttons
(``DynamicItem``): Join, Leave and the organiser's Start.

``custom_id`` format: ``cr:tour:<tournament>:<join|leave|start>`` — all a click needs, so the
card works after a restart.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord
from discord import ui

from bot.messages.layouts import NEUTRAL, _layout, clip

TOURNAMENT_TEMPLATE = r"cr:tour:(?P<tournament>[0-9]{1,18}):(?P<op>join|leave|start)"

OPS = ("join", "leave", "start")
"""The card's buttons, in order."""


class TournamentHandlers(Protocol):
    """What the buttons call; the bot's handlers provide it (``bot.handlers``)."""

    async def on_tournament_button(
        self, interaction: discord.Interaction, tournament: int, op: str
    ) -> None:
        """A tournament card's button."""


class TournamentButton(ui.DynamicItem[ui.Button], template=TOURNAMENT_TEMPLATE):
    """One of the card's buttons: ``op`` (one of :data:`OPS`) on ``tournament``."""

    def __init__(self, tournament: int, op: str, label: str = "-") -> None:
        style = discord.ButtonStyle.primary if op == "join" else discord.ButtonStyle.secondary
        if op == "start":
            style = discord.ButtonStyle.success
        super().__init__(
            ui.Button(label=label[:80] or "-", style=style, custom_id=f"cr:tour:{tournament}:{op}")
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


TOURNAMENT_ITEMS = (TournamentButton,)
"""The persistent components of this module (``history_views.PERSISTENT_ITEMS``)."""


def card(text: str, tournament: int, labels: dict[str, str] | None) -> ui.LayoutView:
    """The card: its text and, in sign-up, the buttons ``labels`` names (op -> label)."""
    view = _layout()
    container: ui.Container[ui.LayoutView] = ui.Container(
        ui.TextDisplay(clip(text)), accent_colour=NEUTRAL
    )
    if labels:
        container.add_item(
            ui.ActionRow(
                *(TournamentButton(tournament, op, labels[op]) for op in OPS if op in labels)
            )
        )
    view.add_item(container)
    return view
