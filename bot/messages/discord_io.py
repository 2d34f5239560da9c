"""Every Discord side effect the bot makes outside an interaction response goes through these
wrappers, so one place decides what a failed send or edit means (logged, never raised; only
:func:`post` raises, for a caller that makes the request again otherwise, such as without its
picture: ``bot.messages.picture_guard``)."""

from __future__ import annotations

import enum
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, TypeVar

import aiohttp
import discord

log = logging.getLogger(__name__)

T = TypeVar("T")

NOTHING = discord.AllowedMentions.none()

Fresh = Callable[[], dict[str, Any]]
"""More arguments, made anew for each try (files: discord.py closes one once it is sent)."""


async def post(
    channel: discord.abc.Messageable,
    *,
    again_if_lost: bool = False,
    fresh: Fresh | None = None,
    **kwargs: Any,
) -> discord.Message:
    """``channel.send(**kwargs, **fresh())``. ``again_if_lost``: when no answer came (Discord
    may have made the message), send once more; with the same ``nonce`` Discord answers with
    that message (also after a server error). A refusal (4xx) is not tried again.

    Raises:
        discord.HTTPException: Discord refused or failed it.
        aiohttp.ClientError, OSError: no answer (after the second try, with ``again_if_lost``).
    """
    kwargs.setdefault("allowed_mentions", NOTHING)
    where = getattr(channel, "id", "?")
    for last in (False, True) if again_if_lost else (True,):
        try:
            return await channel.send(**kwargs, **(fresh() if fresh is not None else {}))
        except (discord.DiscordServerError, aiohttp.ClientError, OSError) as exc:
            if last:  # TimeoutError is an OSError
                raise
            log.warning("sending to channel %s failed: %s", where, _described(exc))
            log.info("sending to channel %s again (Discord may have made the message)", where)
    raise AssertionError("unreachable")  # the last pass returns or raises


async def send(
    channel: discord.abc.Messageable,
    *,
    again_if_lost: bool = False,
    fresh: Fresh | None = None,
    **kwargs: Any,
) -> discord.Message | None:
    """:func:`post`; ``None`` (and a log line) when Discord refuses or fails it, or cannot be
    reached."""
    try:
        return await post(channel, again_if_lost=again_if_lost, fresh=fresh, **kwargs)
    except BaseException as exc:
        if not unsent(exc, f"sending to channel {getattr(channel, 'id', '?')}"):
            raise
        return None


def unsent(exc: BaseException, what: str) -> bool:
    """Whether ``exc`` is Discord refusing or failing a request, or not answering it (then it
    is logged, ``what`` naming the request)."""
    if not isinstance(exc, discord.HTTPException | aiohttp.ClientError | OSError):
        return False
    log.warning("%s failed: %s", what, _described(exc))
    return True


def _described(exc: BaseException) -> str:
    return said(exc) if isinstance(exc, discord.HTTPException) else repr(exc)


def said(exc: discord.HTTPException) -> str:
    """Discord's answer on one line: ``400/50035 Invalid Form Body; In components.0...``."""
    text = "; ".join(line.strip() for line in (exc.text or "").splitlines() if line.strip())
    return f"{exc.status}/{exc.code} {text or exc.response.reason}"


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


async def edit(
    message: discord.PartialMessage, *, fresh: Fresh | None = None, **kwargs: Any
) -> Edit:
    """``message.edit(**kwargs, **fresh())``; what became of it (a failure is logged)."""
    extra = fresh() if fresh is not None else {}
    return await outcome(message.id, message.edit(**kwargs, **extra))


async def outcome(message_id: int, edit: Awaitable[object]) -> Edit:
    """What became of ``edit``, an edit of message ``message_id`` (a failure is logged)."""
    try:
        await edit
    except BaseException as exc:
        return failed_edit(message_id, exc)
    return Edit.DONE


def failed_edit(message_id: int, exc: BaseException) -> Edit:
    """What ``exc``, raised by an edit of message ``message_id``, makes of it (logged);
    ``exc`` itself again if it is not Discord's answer or its absence."""
    if isinstance(exc, discord.NotFound):
        return Edit.GONE
    if isinstance(exc, discord.DiscordServerError | aiohttp.ClientError | OSError):
        log.warning("editing message %s failed: %s", message_id, _described(exc))
        return Edit.FAILED  # TimeoutError is an OSError
    if isinstance(exc, discord.HTTPException):
        log.warning("editing message %s was refused: %s", message_id, said(exc))
        return Edit.REFUSED
    raise exc


ARCHIVED_THREAD = 50083
"""Discord's code for an operation refused because the thread is archived."""


async def unarchive(client: discord.Client, thread_id: int) -> bool:
    """Unarchive the thread ``thread_id`` (Discord takes no edit in an archived thread);
    whether it is active now (a refusal or failure is logged)."""
    try:
        await client.http.edit_channel(thread_id, archived=False)
    except discord.HTTPException as exc:
        log.info("could not unarchive thread %s: %s", thread_id, said(exc))
        return False
    except (aiohttp.ClientError, OSError) as exc:
        log.info("could not unarchive thread %s: %r", thread_id, exc)
        return False
    return True


async def unarchived(
    client: discord.Client, thread_id: int, request: Callable[[], Awaitable[T]]
) -> T:
    """``await request()``, a request in the channel ``thread_id``; when Discord refuses it
    because that is a thread archived (its THREAD_UPDATE unseen: a session that could not
    resume), the thread is unarchived and ``await request()`` made once more.

    Raises:
        What ``request`` raises (Discord's refusal when the thread cannot be unarchived).
    """
    try:
        return await request()
    except discord.HTTPException as exc:
        if exc.code != ARCHIVED_THREAD or not await unarchive(client, thread_id):
            raise
    return await request()


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
