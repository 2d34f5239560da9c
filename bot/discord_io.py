"""Every Discord side effect the bot makes outside an interaction response goes through these
wrappers, so one place decides what a failed send or edit means (logged, never raised)."""

from __future__ import annotations

import logging
from typing import Any

import discord

log = logging.getLogger(__name__)

NOTHING = discord.AllowedMentions.none()


async def send(channel: discord.abc.Messageable, **kwargs: Any) -> discord.Message | None:
    """``channel.send(**kwargs)``; ``None`` (and a log line) when Discord refuses it."""
    kwargs.setdefault("allowed_mentions", NOTHING)
    try:
        return await channel.send(**kwargs)
    except discord.Forbidden as exc:
        log.warning("cannot send to channel %s: %s", getattr(channel, "id", "?"), exc.text)
    except discord.HTTPException as exc:
        log.warning(
            "sending to channel %s failed: %s %s", getattr(channel, "id", "?"), exc.status, exc.text
        )
    return None


async def edit(message: discord.PartialMessage, **kwargs: Any) -> bool | None:
    """``message.edit(**kwargs)``: ``True`` when edited, ``False`` when the message is gone
    (deleted: the caller may repost it), ``None`` when Discord refused for another reason."""
    try:
        await message.edit(**kwargs)
        return True
    except discord.NotFound:
        return False
    except discord.HTTPException as exc:
        log.warning("editing message %s failed: %s %s", message.id, exc.status, exc.text)
        return None


async def delete(message: discord.PartialMessage) -> None:
    """Delete ``message``; a message already gone or a refusal is only logged."""
    try:
        await message.delete()
    except discord.NotFound:
        pass
    except discord.HTTPException as exc:
        log.info("deleting message %s failed: %s %s", message.id, exc.status, exc.text)


def message_link(guild_id: int, channel_id: int, message_id: int) -> str:
    """The jump URL of a message."""
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"
