"""Every Discord side effect the bot makes outside an interaction response goes through these
wrappers, so one place decides what a failed send or edit means (logged, never raised)."""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any

import aiohttp
import discord

log = logging.getLogger(__name__)

NOTHING = discord.AllowedMentions.none()

FILE_REFUSALS = (50013, 40005, 30015)
"""Discord's codes for a refused upload: Missing Permissions (no Attach Files), Request
entity too large, too many attachments."""


Fresh = Callable[[], dict[str, Any]]
"""More arguments, made anew for each try (files: discord.py closes one once it is sent)."""


async def send(
    channel: discord.abc.Messageable,
    *,
    again_if_lost: bool = False,
    fresh: Fresh | None = None,
    **kwargs: Any,
) -> discord.Message | None:
    """``channel.send(**kwargs, **fresh())``; ``None`` (and a log line) when Discord refuses
    or fails it, or cannot be reached. ``again_if_lost``: when no answer came (Discord may
    have made the message), send once more; with the same ``nonce`` Discord answers with that
    message. A refusal is not tried again."""
    kwargs.setdefault("allowed_mentions", NOTHING)
    where = getattr(channel, "id", "?")
    for last in (False, True) if again_if_lost else (True,):
        try:
            return await channel.send(**kwargs, **(fresh() if fresh is not None else {}))
        except discord.Forbidden as exc:
            log.warning("cannot send to channel %s: %s", where, exc.text)
            return None
        except discord.HTTPException as exc:
            log.warning("sending to channel %s failed: %s %s", where, exc.status, exc.text)
            if exc.status < 500:
                return None
        except (aiohttp.ClientError, OSError) as exc:  # TimeoutError is an OSError
            log.warning("sending to channel %s failed: %r", where, exc)
        if not last:
            log.info("sending to channel %s again (Discord may have made the message)", where)
    return None


class Edit(enum.Enum):
    """What became of an edit."""

    DONE = "done"
    GONE = "gone"
    """The message was deleted: the caller may post it again."""
    REFUSED = "refused"
    """Discord refused it (permissions, the body): the same edit again would fail again."""
    REFUSED_FILE = "refused file"
    """Discord refused the file it uploads (no Attach Files permission, too large, too many):
    the same edit without it may pass."""
    FAILED = "failed"
    """Discord failed (a server error, also after discord.py's own tries) or could not be
    reached: the same edit may work later."""


async def edit(
    message: discord.PartialMessage, *, fresh: Fresh | None = None, **kwargs: Any
) -> Edit:
    """``message.edit(**kwargs, **fresh())``; what became of it (a failure is logged)."""
    extra = fresh() if fresh is not None else {}
    try:
        await message.edit(**kwargs, **extra)
        return Edit.DONE
    except discord.NotFound:
        return Edit.GONE
    except discord.DiscordServerError as exc:
        log.warning("editing message %s failed: %s %s", message.id, exc.status, exc.text)
        return Edit.FAILED
    except discord.HTTPException as exc:
        log.warning("editing message %s was refused: %s %s", message.id, exc.status, exc.text)
        uploading = any(isinstance(a, discord.File) for a in extra.get("attachments", ()))
        return Edit.REFUSED_FILE if uploading and exc.code in FILE_REFUSALS else Edit.REFUSED
    except (aiohttp.ClientError, OSError) as exc:  # TimeoutError is an OSError
        log.warning("editing message %s failed: %r", message.id, exc)
        return Edit.FAILED


async def delete(message: discord.PartialMessage) -> bool:
    """Delete ``message``; whether it is gone now (a refusal or failure is logged)."""
    try:
        await message.delete()
    except discord.NotFound:
        return True
    except discord.HTTPException as exc:
        log.info("deleting message %s failed: %s %s", message.id, exc.status, exc.text)
        return False
    except (aiohttp.ClientError, OSError) as exc:
        log.info("deleting message %s failed: %r", message.id, exc)
        return False
    return True


def timestamp(moment: datetime) -> str:
    """``moment`` as Discord shows a time: in each reader's own time zone and language
    (``<t:…:f>``, reference.mdx, Message Formatting: "Timestamp Styles")."""
    return discord.utils.format_dt(moment, style="f")


def message_link(guild_id: int, channel_id: int, message_id: int) -> str:
    """The jump URL of a message."""
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"
