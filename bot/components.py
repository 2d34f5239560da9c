"""Persistent components: every button and select is a ``discord.ui.DynamicItem`` whose
``custom_id`` carries everything needed to handle a click (game id, state version, action key),
so components keep working after a restart. A click is handed to the bot's ``lobby`` or
``play`` handlers; no game logic lives here.

``custom_id`` formats (all ASCII, at most 100 characters):

- ``cr:lobby:<game>:<op>`` — lobby buttons (``join``, ``leave``, ``start``, ``cancel``,
  ``opt.<field>`` to toggle a host option)
- ``cr:hand:<game>`` — "Show my hand" on the public table
- ``cr:rules:<game>`` — "Rules" on the public table
- ``cr:act:<game>:<version>:<key>`` — an engine action at that state version
- ``cr:sel:<game>:<version>:<kind>`` — a select menu whose values become one engine action
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import ui

if TYPE_CHECKING:
    from bot.app import CardroomBot

LOBBY_TEMPLATE = r"cr:lobby:(?P<game>[0-9]{1,18}):(?P<op>[a-z_.]{1,40})"
HAND_TEMPLATE = r"cr:hand:(?P<game>[0-9]{1,18})"
RULES_TEMPLATE = r"cr:rules:(?P<game>[0-9]{1,18})"
ACTION_TEMPLATE = r"cr:act:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<key>[!-~]{1,60})"
SELECT_TEMPLATE = r"cr:sel:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<kind>[a-z_]{1,20})"

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def _bot(interaction: discord.Interaction) -> CardroomBot:
    return interaction.client  # type: ignore[return-value]


class LobbyButton(ui.DynamicItem[ui.Button], template=LOBBY_TEMPLATE):
    """A lobby button (Join / Leave / Start / Cancel / option toggles)."""

    def __init__(
        self, game_id: int, op: str, label: str, style: str = "secondary", disabled: bool = False
    ) -> None:
        super().__init__(
            ui.Button(
                label=label,
                style=_STYLES[style],
                custom_id=f"cr:lobby:{game_id}:{op}",
                disabled=disabled,
            )
        )
        self.game_id = game_id
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Button, match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["game"]), match["op"], item.label or "")

    async def callback(self, interaction: discord.Interaction) -> Any:
        await _bot(interaction).lobby.on_button(interaction, self.game_id, self.op)


class ShowHandButton(ui.DynamicItem[ui.Button], template=HAND_TEMPLATE):
    """ "Show my hand" on the public table."""

    def __init__(self, game_id: int, label: str, disabled: bool = False) -> None:
        super().__init__(
            ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                custom_id=f"cr:hand:{game_id}",
                disabled=disabled,
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Button, match: re.Match[str], /
    ) -> ShowHandButton:
        return cls(int(match["game"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> Any:
        await _bot(interaction).play.on_show_hand(interaction, self.game_id)


class RulesButton(ui.DynamicItem[ui.Button], template=RULES_TEMPLATE):
    """ "Rules" on the public table: how the game goes and the card reference."""

    def __init__(self, game_id: int, label: str) -> None:
        super().__init__(
            ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"cr:rules:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Button, match: re.Match[str], /
    ) -> RulesButton:
        return cls(int(match["game"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> Any:
        await _bot(interaction).play.on_rules(interaction, self.game_id)


class ActionButton(ui.DynamicItem[ui.Button], template=ACTION_TEMPLATE):
    """A button applying one engine action at one state version."""

    def __init__(
        self, game_id: int, version: int, key: str, label: str, style: str = "secondary"
    ) -> None:
        super().__init__(
            ui.Button(
                label=label[:80],
                style=_STYLES.get(style, discord.ButtonStyle.secondary),
                custom_id=f"cr:act:{game_id}:{version}:{key}",
            )
        )
        self.game_id = game_id
        self.version = version
        self.key = key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Button, match: re.Match[str], /
    ) -> ActionButton:
        return cls(int(match["game"]), int(match["version"]), match["key"], item.label or "")

    async def callback(self, interaction: discord.Interaction) -> Any:
        await _bot(interaction).play.on_action(interaction, self.game_id, self.version, self.key)


class ActionSelect(ui.DynamicItem[ui.Select], template=SELECT_TEMPLATE):
    """A select menu whose chosen values become one engine action at one state version."""

    def __init__(
        self,
        game_id: int,
        version: int,
        kind: str,
        placeholder: str = "",
        options: list[discord.SelectOption] | None = None,
        min_values: int = 1,
        max_values: int = 1,
    ) -> None:
        super().__init__(
            ui.Select(
                custom_id=f"cr:sel:{game_id}:{version}:{kind}",
                placeholder=placeholder[:150] or None,
                options=options or [discord.SelectOption(label="-")],
                min_values=min_values,
                max_values=max_values,
            )
        )
        self.game_id = game_id
        self.version = version
        self.kind = kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Select, match: re.Match[str], /
    ) -> ActionSelect:
        select = cls(int(match["game"]), int(match["version"]), match["kind"])
        select.item = item
        return select

    async def callback(self, interaction: discord.Interaction) -> Any:
        values = list(self.item.values)
        await _bot(interaction).play.on_select(
            interaction, self.game_id, self.version, self.kind, values
        )


DYNAMIC_ITEMS = (LobbyButton, ShowHandButton, RulesButton, ActionButton, ActionSelect)
"""Register these with ``bot.add_dynamic_items`` in ``setup_hook``."""
