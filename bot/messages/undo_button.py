"""The private screen's "↶ Undo" (``engine.undo``): a persistent button whose ``custom_id``,
``cr:undo:<game>:<seq>``, names the logged move it takes back, so that it works after a
restart and a second click on it (the move taken back already) is refused as stale."""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord
from discord import ui

UNDO_TEMPLATE = r"cr:undo:(?P<game>[0-9]{1,18}):(?P<seq>[0-9]{1,9})"


class UndoHandler(Protocol):
    """What the Undo button calls; the bot's handlers provide it (``bot.handlers``)."""

    async def on_undo(self, interaction: discord.Interaction, game: int, seq: int) -> None:
        """A click on the Undo of the move logged as ``seq``."""


class UndoButton(ui.DynamicItem[ui.Button], template=UNDO_TEMPLATE):
    """Take back the clicking player's move logged as ``seq`` in game ``game_id``."""

    def __init__(self, game_id: int, seq: int, label: str) -> None:
        super().__init__(
            ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.secondary,
                custom_id=f"cr:undo:{game_id}:{seq}",
            )
        )
        self.game_id = game_id
        self.seq = seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str], /
    ) -> UndoButton:
        label = getattr(item, "label", None) or "-"
        return cls(int(match["game"]), int(match["seq"]), label)

    async def callback(self, interaction: discord.Interaction) -> Any:
        found: UndoHandler = interaction.client.components  # type: ignore[attr-defined]
        await found.on_undo(interaction, self.game_id, self.seq)
