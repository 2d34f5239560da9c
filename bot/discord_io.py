"""Every Discord side effect the bot makes outside an interaction response goes through these
wrappers, so one place decides what a failed send or edit means (logged, never raised)."""

from __future__ import annotations

import enum
import logging
from typing import Any

import aiohttp
import discord

log = logging.getLogger(__name__)

NOTHING = discord.AllowedMentions.none()


async def send(channel: discord.abc.Messageable, **kwargs: Any) -> discord.Message | None:
    """``channel.send(**kwargs)``; ``None`` (and a log line) when Discord refuses or fails it,
    or cannot be reached."""
    kwargs.setdefault("allowed_mentions", NOTHING)
    try:
        return await channel.send(**kwargs)
    except discord.Forbidden as exc:
        log.warning("cannot send to channel %s: %s", getattr(channel, "id", "?"), exc.text)
    except discord.HTTPException as exc:
        log.warning(
            "sending to channel %s failed: %s %s", getattr(channel, "id", "?"), exc.status, exc.text
        )
    except (aiohttp.ClientError, OSError) as exc:  # TimeoutError is an OSError
        log.warning("sending to channel %s failed: %r", getattr(channel, "id", "?"), exc)
    return None


class Edit(enum.Enum):
    """What became of an edit."""

    DONE = "done"
    GONE = "gone"
    """The message was deleted: the caller may post it again."""
    REFUSED = "refused"
    """Discord refused it (permissions, the body): the same edit again would fail again."""
    FAILED = "failed"
    """Discord failed (a server error, also after discord.py's own tries) or could not be
    reached: the same edit may work later."""


async def edit(message: discord.PartialMessage, **kwargs: Any) -> Edit:
    """``message.edit(**kwargs)``; what became of it (a failure is logged)."""
    try:
        await message.edit(**kwargs)
        return Edit.DONE
    except discord.NotFound:
        return Edit.GONE
    except discord.DiscordServerError as exc:
        log.warning("editing message %s failed: %s %s", message.id, exc.status, exc.text)
        return Edit.FAILED
    except discord.HTTPException as exc:
        log.warning("editing message %s was refused: %s %s", message.id, exc.status, exc.text)
        return Edit.REFUSED
    except (aiohttp.ClientError, OSError) as exc:  # TimeoutError is an OSError
        log.warning("editing message %s failed: %r", message.id, exc)
        return Edit.FAILED


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
