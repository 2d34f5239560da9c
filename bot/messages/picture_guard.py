"""Every request that would carry a picture goes through one :class:`PictureGuard`: a picture
Discord refuses never stops the message it rides on (docs/discord.md, "When Discord refuses
a picture").

- A request that carries a picture and is refused (any 4xx but those naming a message,
  interaction or token that is gone, or a 5xx after discord.py's own tries) is made again at
  once without it: the same text and components, as a table or screen with no picture. An
  interaction is answered in time; a table or an open screen still follows the game.
- Pictures are then held off on that :class:`Route` (a channel, a form of request; a thread's
  are its channel's) for a while
  (``bot.timing.breaker``: 5 minutes, doubling to an hour while Discord still refuses), and
  the first request after that tries a picture again (half-open): one refused picture per
  route and hold, not one per edit. Routes are per form because Discord's known refusal
  (discord/discord-api-docs#7529) is of one form, an interaction's ``@original`` edit: the
  channel's tables keep their pictures meanwhile.
- The refusal is logged once at WARNING per channel, with Discord's status, code and message
  (while one of its routes stays open, later refusals there are INFO), and counted in the
  metrics (``cardroom_pictures_degraded_total``: ``refused``, and ``held`` for each picture a
  message went without while held off).

The guard is generic over "a message that may carry a picture": the caller hands it a request
to make with the picture or without (``None``), keyed by where the message is.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

import discord

from bot.messages.discord_io import said
from bot.metrics import picture_degraded
from bot.pictures.base import Picture
from bot.timing.breaker import CircuitBreakers
from storage import GameRecord

log = logging.getLogger(__name__)

T = TypeVar("T")

POST = "post"
"""A new channel message (``POST /channels/{c}/messages``): a table, a game's card."""
EDIT = "edit"
"""An edit of a channel message (``PATCH /channels/{c}/messages/{m}``)."""
REPLY = "reply"
"""An interaction's new message: its first answer (callback type 4) or a follow-up."""
UPDATE = "update"
"""An interaction's update of its component's message (callback type 7)."""
ORIGINAL = "original"
"""An edit of an interaction's first answer (``PATCH .../messages/@original``): an open
screen kept current."""

FORMS = {
    POST: "a new message",
    EDIT: "a message edit",
    REPLY: "an interaction's answer",
    UPDATE: "an interaction's update of its message",
    ORIGINAL: "an edit of an interaction's answer (@original)",
}

GONE_CODES = frozenset({10003, 10008, 10015, 10062, 40060, 50027})
"""Discord's codes for a target that is gone or spent, not a body it refuses: unknown channel,
message, webhook, interaction; interaction already acknowledged; invalid webhook token."""


@dataclass(frozen=True)
class Route:
    """Where a picture would ride: a channel and the form of request (:data:`FORMS`). A
    thread's messages ride on its parent channel's routes (:meth:`of_game`,
    :meth:`of_interaction`): a thread has its channel's permissions, so what Discord refuses
    in one game's thread it refuses in its siblings', and the games sharing a channel make
    one refused request, one hold and one WARNING between them."""

    channel_id: int
    form: str

    @classmethod
    def of_game(cls, record: GameRecord, form: str) -> Route:
        """The route of ``record``'s messages of ``form``: its channel's, or for a game
        played in a thread of its own, the channel of its card's."""
        return cls(record.parent_id or record.channel_id, form)

    @classmethod
    def of_interaction(cls, interaction: discord.Interaction, form: str) -> Route:
        """The route of ``interaction``'s answers of ``form``: its channel's, or in a
        thread, the thread's parent channel's."""
        channel = interaction.channel
        parent = channel.parent_id if isinstance(channel, discord.Thread) else None
        return cls(parent or interaction.channel_id or 0, form)


def refused(exc: BaseException) -> bool:
    """Whether ``exc`` is Discord refusing a request in a way its picture may cause: a 4xx
    (a 429 aside: discord.py waits those out) other than a target gone (401, 404,
    :data:`GONE_CODES`), or a 5xx after discord.py's own tries."""
    if not isinstance(exc, discord.HTTPException):
        return False
    if isinstance(exc, discord.DiscordServerError):
        return True
    status = exc.status
    return 400 <= status < 500 and status not in (401, 404, 429) and exc.code not in GONE_CODES


class PictureGuard:
    """The circuit breakers of pictures per :class:`Route`, and the one way a request that
    carries a picture is made (:meth:`carry`). ``client``: whose metrics count."""

    def __init__(self, client: object, breakers: CircuitBreakers[Route] | None = None) -> None:
        self.client = client
        self.breakers: CircuitBreakers[Route] = breakers or CircuitBreakers()
        self._warned: set[int] = set()  # channels whose refusal was logged at WARNING

    def held(self, route: Route) -> bool:
        """Whether pictures are held off on ``route`` now (then one need not be drawn)."""
        return self.breakers.held(route)

    def went_without(self) -> None:
        """Count a picture a message went without because its route held pictures off."""
        picture_degraded(self.client, "held")

    async def carry(
        self,
        route: Route,
        picture: Picture | None,
        request: Callable[[Picture | None], Awaitable[T]],
    ) -> T:
        """``await request(picture)``; when Discord refuses it (:func:`refused`),
        ``await request(None)`` at once, and pictures are held off on ``route``. While they
        are, ``request(None)`` straight away. Without a picture, ``request(None)``.

        Raises:
            What ``request`` raises: not a refusal of the picture, or when the request
            without it fails too (then the picture is not held to blame).
        """
        if picture is None:
            return await request(None)
        if not self.breakers.allows(route):
            self.went_without()
            return await request(None)
        try:
            result = await request(picture)
        except discord.HTTPException as exc:
            if not refused(exc):
                self.breakers.released(route)
                raise
            refusal = exc
        except BaseException:
            self.breakers.released(route)
            raise
        else:
            if self.breakers.succeeded(route):
                self._closed(route)
            return result
        try:
            result = await request(None)
        except BaseException:
            self.breakers.released(route)
            raise
        self._refused(route, refusal)
        return result

    def _refused(self, route: Route, exc: discord.HTTPException) -> None:
        self.breakers.failed(route)
        picture_degraded(self.client, "refused")
        channel = route.channel_id
        level = logging.INFO if channel in self._warned else logging.WARNING
        self._warned.add(channel)
        log.log(
            level,
            "channel %s: Discord refused a picture on %s (%s); sent again without it, and "
            "pictures on those are held off for %.0f s",
            channel,
            FORMS.get(route.form, route.form),
            said(exc),
            self.breakers.hold_of(route),
        )

    def _closed(self, route: Route) -> None:
        channel = route.channel_id
        log.info("channel %s: pictures on %s pass again", channel, FORMS.get(route.form))
        if not any(r.channel_id == channel for r in self.breakers.opened()):
            self._warned.discard(channel)
