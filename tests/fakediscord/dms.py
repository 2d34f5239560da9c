"""Interactions in a direct message with the bot (a click on a button of a message the bot sent
there), as Discord delivers them (developers/interactions/receiving-and-responding.mdx,
"Interaction Object"):

- no ``guild_id``, ``guild``, ``guild_locale`` or ``member``: ``member`` "is sent when the
  interaction is invoked in a guild, and ``user`` is sent when invoked in a DM";
- ``context`` is 1, ``BOT_DM`` ("Interaction Context Types");
- ``app_permissions`` is only what the footnote grants in a DM: "``ATTACH_FILES |
  EMBED_LINKS | MENTION_EVERYONE`` permissions for (G)DMs with other users, and additionally
  ``USE_EXTERNAL_EMOJIS`` for DMs with the app's bot user" — neither View Channel nor Send
  Messages, so a bot that checks those before it answers refuses every click in a DM;
- ``authorizing_integration_owners`` holds the guild install's key with the value ``"0"``
  ("The value will be ``"0"`` if the interaction is triggered from a DM with the app's bot
  user");
- ``channel`` is the DM channel (type 1, with its recipient), ``locale`` the user's.

The bot may still post in the DM channel by REST (the fake's ``permissions.DM``), unless the
user does not accept direct messages (``User.dms_open``: 403/50007).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import permissions

if TYPE_CHECKING:
    from .interactions import InteractionRecord

BOT_DM = 1
"""``context`` of an interaction in a DM with the bot."""

DM_APP_PERMISSIONS = (
    permissions.FLAGS["attach_files"]
    | permissions.FLAGS["embed_links"]
    | permissions.FLAGS["mention_everyone"]
    | permissions.FLAGS["use_external_emojis"]
)
"""``app_permissions`` of an interaction in a DM with the bot (the docs' footnote)."""


def dm_fields(record: InteractionRecord) -> dict[str, Any]:
    """The fields of ``record``'s INTERACTION_CREATE that a DM with the bot gives (the
    caller adds what every interaction has: ids, token, data, message...)."""
    channel, user = record.channel, record.user
    assert channel.is_dm, "a DM interaction happens in a DM channel"
    return {
        "channel_id": str(channel.id),
        "channel": channel.payload(),
        "user": user.payload(),
        "locale": user.locale,
        "app_permissions": str(DM_APP_PERMISSIONS),
        "authorizing_integration_owners": {"0": "0"},
        "context": BOT_DM,
    }
