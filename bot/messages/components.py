"""Persistent components: every button and select is a ``discord.ui.DynamicItem`` whose
``custom_id`` carries everything needed to handle a click (game id, decision stamp, action
key), so components keep working after a restart. A click is handed to the bot's component
handlers (:class:`ComponentHandlers`); no game logic lives here.

``custom_id`` formats (all ASCII, at most 100 characters):

- ``cr:lobby:<game>:<op>`` — lobby buttons (``join``, ``leave``, ``start``, ``cancel``,
  ``opt.<field>`` to toggle an on/off host option)
- ``cr:lopt:<game>:<field>`` — a lobby menu choosing the value of a host option
- ``cr:hand:<game>`` — the table's button opening a player's private screen
- ``cr:rules:<game>`` — "Rules" on the public table
- ``cr:abort:<game>:<yes|no>`` — an admin's confirmation of ``/cardroom abort``
- ``cr:act:<game>:<since>:<key>`` — an engine action answering the decisions stamped ``since``
- ``cr:sel:<game>:<since>:<kind>:<chunk>`` — a select menu of decision ``kind``
- ``cr:ok:<game>:<since>:<key>`` — "yes" to the "are you sure?" asked before action ``key``
- ``cr:back:<game>`` — "no" to it: back to the player's screen
"""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord
from discord import ui

ABORT_TEMPLATE = r"cr:abort:(?P<game>[0-9]{1,18}):(?P<choice>yes|no)"
LOBBY_TEMPLATE = r"cr:lobby:(?P<game>[0-9]{1,18}):(?P<op>[a-z_.]{1,40})"
LOBBY_OPTION_TEMPLATE = r"cr:lopt:(?P<game>[0-9]{1,18}):(?P<field>[a-z_]{1,40})"
HAND_TEMPLATE = r"cr:hand:(?P<game>[0-9]{1,18})"
RULES_TEMPLATE = r"cr:rules:(?P<game>[0-9]{1,18})"
ACTION_TEMPLATE = r"cr:act:(?P<game>[0-9]{1,18}):(?P<since>[0-9]{1,9}):(?P<key>[!-~]{1,60})"
CONFIRM_TEMPLATE = r"cr:ok:(?P<game>[0-9]{1,18}):(?P<since>[0-9]{1,9}):(?P<key>[!-~]{1,60})"
BACK_TEMPLATE = r"cr:back:(?P<game>[0-9]{1,18})"
SELECT_TEMPLATE = (
    r"cr:sel:(?P<game>[0-9]{1,18}):(?P<since>[0-9]{1,9}):(?P<kind>[a-z_]{1,20}):(?P<chunk>[0-9])"
)

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


class ComponentHandlers(Protocol):
    """What the components call; the bot's handlers provide it (``bot.handlers``)."""

    async def on_lobby_button(self, interaction: discord.Interaction, game: int, op: str) -> None:
        """A lobby button."""

    async def on_lobby_option(
        self, interaction: discord.Interaction, game: int, field: str, values: list[str]
    ) -> None:
        """A lobby option menu."""

    async def on_abort(self, interaction: discord.Interaction, game: int, confirmed: bool) -> None:
        """An abort confirmation's button."""

    async def on_show_screen(self, interaction: discord.Interaction, game: int) -> None:
        """The table's private-screen button."""

    async def on_direct_screen(self, interaction: discord.Interaction, game: int) -> None:
        """A direct message's button opening the private screen (``bot.messages.direct_views``)."""

    async def on_rules(self, interaction: discord.Interaction, game: int) -> None:
        """The table's Rules button."""

    async def on_action(
        self, interaction: discord.Interaction, game: int, since: int, key: str
    ) -> None:
        """An action button."""

    async def on_select(
        self,
        interaction: discord.Interaction,
        game: int,
        since: int,
        kind: str,
        chunk: int,
        values: list[str],
    ) -> None:
        """A decision's select menu."""

    async def on_confirm(
        self, interaction: discord.Interaction, game: int, since: int, key: str
    ) -> None:
        """A confirmation's "yes": make the move it asked about."""

    async def on_back(self, interaction: discord.Interaction, game: int) -> None:
        """A confirmation's "no": the player's screen again."""


def _label(item: ui.Item[Any]) -> str:
    return getattr(item, "label", None) or "-"


def handlers(interaction: discord.Interaction) -> ComponentHandlers:
    """The handlers of the bot that received ``interaction``."""
    found: ComponentHandlers = interaction.client.components  # type: ignore[attr-defined]
    return found


class AbortButton(ui.DynamicItem[ui.Button], template=ABORT_TEMPLATE):
    """Confirm (or not) an admin's ``/cardroom abort``."""

    def __init__(self, game_id: int, confirmed: bool, label: str) -> None:
        super().__init__(
            ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.danger if confirmed else discord.ButtonStyle.secondary,
                custom_id=f"cr:abort:{game_id}:{'yes' if confirmed else 'no'}",
            )
        )
        self.game_id = game_id
        self.confirmed = confirmed

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str], /
    ) -> AbortButton:
        return cls(int(match["game"]), match["choice"] == "yes", _label(item))

    async def callback(self, interaction: discord.Interaction) -> Any:
        await handlers(interaction).on_abort(interaction, self.game_id, self.confirmed)


class LobbyButton(ui.DynamicItem[ui.Button], template=LOBBY_TEMPLATE):
    """A lobby button (Join / Leave / Start / Cancel / option toggles)."""

    def __init__(
        self, game_id: int, op: str, label: str, style: str = "secondary", disabled: bool = False
    ) -> None:
        super().__init__(
            ui.Button(
                label=label[:80],
                style=_STYLES[style],
                custom_id=f"cr:lobby:{game_id}:{op}",
                disabled=disabled,
            )
        )
        self.game_id = game_id
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["game"]), match["op"], _label(item))

    async def callback(self, interaction: discord.Interaction) -> Any:
        await handlers(interaction).on_lobby_button(interaction, self.game_id, self.op)


class LobbyOptionSelect(ui.DynamicItem[ui.Select], template=LOBBY_OPTION_TEMPLATE):
    """A lobby menu setting one host option to one of its values."""

    def __init__(
        self,
        game_id: int,
        field: str,
        placeholder: str = "",
        options: list[discord.SelectOption] | None = None,
    ) -> None:
        super().__init__(
            ui.Select(
                custom_id=f"cr:lopt:{game_id}:{field}",
                placeholder=placeholder[:150] or None,
                options=options or [discord.SelectOption(label="-")],
            )
        )
        self.game_id = game_id
        self.field = field

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str], /
    ) -> LobbyOptionSelect:
        select = cls(int(match["game"]), match["field"])
        select.item = item  # type: ignore[assignment]
        return select

    async def callback(self, interaction: discord.Interaction) -> Any:
        values = list(self.item.values)
        await handlers(interaction).on_lobby_option(interaction, self.game_id, self.field, values)


class ShowScreenButton(ui.DynamicItem[ui.Button], template=HAND_TEMPLATE):
    """The table's button that sends the clicking player their private screen."""

    def __init__(self, game_id: int, label: str, disabled: bool = False) -> None:
        super().__init__(
            ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.primary,
                custom_id=f"cr:hand:{game_id}",
                disabled=disabled,
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str], /
    ) -> ShowScreenButton:
        return cls(int(match["game"]), _label(item))

    async def callback(self, interaction: discord.Interaction) -> Any:
        await handlers(interaction).on_show_screen(interaction, self.game_id)


class RulesButton(ui.DynamicItem[ui.Button], template=RULES_TEMPLATE):
    """ "Rules" on the public table: how the game goes and its reference."""

    def __init__(self, game_id: int, label: str) -> None:
        super().__init__(
            ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.secondary,
                custom_id=f"cr:rules:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str], /
    ) -> RulesButton:
        return cls(int(match["game"]), _label(item))

    async def callback(self, interaction: discord.Interaction) -> Any:
        await handlers(interaction).on_rules(interaction, self.game_id)


class ActionButton(ui.DynamicItem[ui.Button], template=ACTION_TEMPLATE):
    """A button applying one engine action, shown for the decisions stamped ``since``."""

    def __init__(
        self,
        game_id: int,
        since: int,
        key: str,
        label: str,
        style: str = "secondary",
        emoji: str | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            ui.Button(
                label=label[:80],
                style=_STYLES.get(style, discord.ButtonStyle.secondary),
                custom_id=f"cr:act:{game_id}:{since}:{key}",
                emoji=emoji,
                disabled=disabled,
            )
        )
        self.game_id = game_id
        self.since = since
        self.key = key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str], /
    ) -> ActionButton:
        return cls(
            int(match["game"]),
            int(match["since"]),
            match["key"],
            _label(item),
        )

    async def callback(self, interaction: discord.Interaction) -> Any:
        await handlers(interaction).on_action(interaction, self.game_id, self.since, self.key)


class ActionSelect(ui.DynamicItem[ui.Select], template=SELECT_TEMPLATE):
    """A select menu whose chosen values answer one decision."""

    def __init__(
        self,
        game_id: int,
        since: int,
        kind: str,
        chunk: int,
        placeholder: str = "",
        options: list[discord.SelectOption] | None = None,
        min_values: int = 1,
        max_values: int = 1,
    ) -> None:
        super().__init__(
            ui.Select(
                custom_id=f"cr:sel:{game_id}:{since}:{kind}:{chunk}",
                placeholder=placeholder[:150] or None,
                options=options or [discord.SelectOption(label="-")],
                min_values=min_values,
                max_values=max_values,
            )
        )
        self.game_id = game_id
        self.since = since
        self.kind = kind
        self.chunk = chunk

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str], /
    ) -> ActionSelect:
        select = cls(int(match["game"]), int(match["since"]), match["kind"], int(match["chunk"]))
        select.item = item  # type: ignore[assignment]
        return select

    async def callback(self, interaction: discord.Interaction) -> Any:
        values = list(self.item.values)
        await handlers(interaction).on_select(
            interaction, self.game_id, self.since, self.kind, self.chunk, values
        )


class ConfirmButton(ui.DynamicItem[ui.Button], template=CONFIRM_TEMPLATE):
    """ "Yes" to the "are you sure?" the bot asked before the action ``key`` (for the
    decisions stamped ``since``): it makes the move."""

    def __init__(self, game_id: int, since: int, key: str, label: str) -> None:
        super().__init__(
            ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.danger,
                custom_id=f"cr:ok:{game_id}:{since}:{key}",
            )
        )
        self.game_id = game_id
        self.since = since
        self.key = key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str], /
    ) -> ConfirmButton:
        return cls(int(match["game"]), int(match["since"]), match["key"], _label(item))

    async def callback(self, interaction: discord.Interaction) -> Any:
        await handlers(interaction).on_confirm(interaction, self.game_id, self.since, self.key)


class BackButton(ui.DynamicItem[ui.Button], template=BACK_TEMPLATE):
    """ "No" to an "are you sure?": the player's screen again, nothing changed."""

    def __init__(self, game_id: int, label: str) -> None:
        super().__init__(
            ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.secondary,
                custom_id=f"cr:back:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str], /
    ) -> BackButton:
        return cls(int(match["game"]), _label(item))

    async def callback(self, interaction: discord.Interaction) -> Any:
        await handlers(interaction).on_back(interaction, self.game_id)


DYNAMIC_ITEMS = (
    AbortButton,
    LobbyButton,
    LobbyOptionSelect,
    ShowScreenButton,
    RulesButton,
    ActionButton,
    ActionSelect,
    ConfirmButton,
    BackButton,
)
"""Register these with ``bot.add_dynamic_items`` in ``setup_hook``."""
