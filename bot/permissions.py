"""The channel permissions the bot needs, checked before anything is created."""

from __future__ import annotations

import discord

from bot.errors import UserError
from bot.i18n import N_

NEEDED: tuple[tuple[str, str], ...] = (
    ("view_channel", N_("View Channel")),
    ("send_messages", N_("Send Messages")),
    ("embed_links", N_("Embed Links")),
    ("read_message_history", N_("Read Message History")),
)
"""``(discord.Permissions attribute, display name msgid)`` the bot needs in a game channel."""


def require_channel_permissions(interaction: discord.Interaction) -> None:
    """Refuse when the bot lacks a permission it needs in the interaction's channel.

    Raises:
        UserError: naming every missing permission.
    """
    granted = interaction.app_permissions
    missing = [name for attr, name in NEEDED if not getattr(granted, attr)]
    if missing:
        raise UserError(
            N_(
                "I am missing permissions in this channel: {permissions}. Ask a server admin "
                "to grant them, then try again."
            ),
            permissions=", ".join(missing),
        )
