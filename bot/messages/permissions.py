"""The channel permissions the bot needs, checked before anything is created."""

from __future__ import annotations

import discord

from bot.i18n import N_
from bot.service.errors import UserError

NEEDED: tuple[tuple[str, str], ...] = (
    ("view_channel", N_("View Channel")),
    ("send_messages", N_("Send Messages")),
)
"""``(discord.Permissions attribute, display name msgid)`` the bot needs in a game channel:
it posts and edits its own messages (Components V2: no embeds) and answers interactions."""

WANTED: tuple[str, ...] = ("attach_files",)
"""Permissions the bot asks for but does without: Attach Files uploads the tables' pictures
(a channel where the bot may not attach files gets its tables as text only)."""


THREADS: tuple[str, ...] = ("create_public_threads", "send_messages_in_threads", "manage_threads")
"""Permissions a thread per game needs (``bot.handlers.threads``): creating it, posting in it
(which also unarchives it), and posting in it once locked, taking spectators out of it."""


def needed_permissions() -> discord.Permissions:
    """The permissions to invite the bot with: :data:`NEEDED`, :data:`WANTED` and
    :data:`THREADS`."""
    return discord.Permissions(
        **{attr: True for attr, _name in NEEDED}, **dict.fromkeys((*WANTED, *THREADS), True)
    )


def invite_url(application_id: int) -> str:
    """The link that adds the bot to a server with the permissions it needs and its slash
    commands (``discord.utils.oauth_url``)."""
    return discord.utils.oauth_url(
        application_id, permissions=needed_permissions(), scopes=("bot", "applications.commands")
    )


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
            permissions=missing,
        )
