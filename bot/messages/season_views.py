"""The confirmation of ``/cardroom season start``: two persistent buttons (``DynamicItem``)
whose ``custom_id`` carries all the answer needs, so it still works after a restart.

``custom_id`` format: ``cr:season:<game name>:<season to close>:<yes|no>[:<new name>]`` —
the season's number is the version the close checks (a second click, or a second admin's,
finds the next season current and changes nothing); the new season's name is there when the
admin gave one (at most ``storage.seasons.NAME_LENGTH`` characters, so the id stays within
Discord's 100).
"""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord
from discord import ui

SEASON_TEMPLATE = (
    r"cr:season:(?P<game>[a-z_]{1,30}):(?P<current>[0-9]{1,6}):(?P<choice>yes|no)"
    r"(?::(?P<name>.{1,40}))?"
)


class SeasonHandlers(Protocol):
    """What the buttons call; the bot's handlers provide it (``bot.handlers``)."""

    async def on_season_start(
        self,
        interaction: discord.Interaction,
        game_name: str,
        current: int,
        confirmed: bool,
        name: str | None,
    ) -> None:
        """A season start confirmation's button."""


class SeasonStartButton(ui.DynamicItem[ui.Button], template=SEASON_TEMPLATE):
    """Confirm (or not) closing season ``current`` of ``game_name`` and starting the next
    (named ``name``, or by default)."""

    def __init__(
        self,
        game_name: str,
        current: int,
        confirmed: bool,
        label: str,
        name: str | None = None,
    ) -> None:
        custom_id = f"cr:season:{game_name}:{current}:{'yes' if confirmed else 'no'}"
        if confirmed and name is not None:
            custom_id += f":{name}"
        super().__init__(
            ui.Button(
                label=label[:80] or None,
                style=discord.ButtonStyle.danger if confirmed else discord.ButtonStyle.secondary,
                custom_id=custom_id,
            )
        )
        self.game_name = game_name
        self.current = current
        self.confirmed = confirmed
        self.name = name

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str], /
    ) -> SeasonStartButton:
        label = getattr(item, "label", None) or "-"
        confirmed = match["choice"] == "yes"
        return cls(match["game"], int(match["current"]), confirmed, label, match["name"])

    async def callback(self, interaction: discord.Interaction) -> Any:
        handlers: SeasonHandlers = interaction.client.components  # type: ignore[attr-defined]
        await handlers.on_season_start(
            interaction, self.game_name, self.current, self.confirmed, self.name
        )


SEASON_ITEMS = (SeasonStartButton,)
"""The components of this module (registered with the bot's persistent ones)."""
