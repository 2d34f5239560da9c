"""Interactions users make: the INTERACTION_CREATE payload, what the bot answered, and timings.

Every interaction is an :class:`InteractionRecord`, correlated with the bot's callback by id and
token. Its latency is INTERACTION_CREATE written to the bot's socket -> callback request received.
"""

from __future__ import annotations

import asyncio
import math
import secrets
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .dms import dm_fields
from .errors import (
    FakeDiscordError,
    invalid_webhook_token,
    unknown_interaction,
    unknown_webhook,
)
from .messages import ATTACHMENT_SIZE_LIMIT

if TYPE_CHECKING:
    from .model import Channel, Message
    from .users import User
    from .world import World

APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE = 2, 3, 4
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
TOKEN_LIFETIME = 15 * 60.0


class InteractionRecord:
    """One interaction a user made and what the bot did about it.

    Attributes: ``id``, ``token``, ``type`` (2 command, 3 component), ``user``, ``channel``,
    ``name`` ("/game new" or the clicked ``custom_id``), ``data`` (the interaction data sent),
    ``message`` (the message whose component was used, type 3), ``response_type`` (4, 5, 6, 7, 9
    or None), ``original`` (the message ``@original`` designates: the reply, or for 6/7 the
    component's message), ``answer_text`` (what the type 4 or 7 answer showed when it was given:
    ``original`` is live and later edits change it), ``followups`` (messages sent with the
    token), ``modal`` (the modal the bot opened, raw), and timings in ``time.monotonic()``
    seconds: ``sent_at`` (written to the bot), ``callback_at``, ``deadline`` (seconds allowed,
    3 by default).
    """

    def __init__(
        self,
        world: World,
        *,
        kind: int,
        user: User,
        channel: Channel,
        name: str,
        data: dict[str, Any],
        message: Message | None = None,
        deadline: float,
    ) -> None:
        self._world = world
        self.id = world.new_id()
        self.token = f"fake-{self.id}-{secrets.token_urlsafe(24)}"
        self.type = kind
        self.user = user
        self.channel = channel
        self.name = name
        self.data = data
        self.message = message
        self.deadline = deadline
        self.created_at = time.monotonic()
        self.sent_at: float | None = None
        self.callback_at: float | None = None
        self.response_type: int | None = None
        self.original: Message | None = None
        self.answer_text: str | None = None
        self.followups: list[Message] = []
        self.modal: dict[str, Any] | None = None
        self.choices: list[dict[str, Any]] | None = None
        """The suggestions an autocomplete interaction was answered with (type 8)."""
        self.expired = False
        self.refused_late_at: float | None = None
        """When Discord refused the bot's first answer as too late (404/10062, the deadline
        rule), if it did."""
        self._answered: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def __repr__(self) -> str:
        return (
            f"<Interaction {self.id} {self.name} by {self.user.username} in #{self.channel.name}: "
            f"{self.outcome}>"
        )

    @property
    def latency(self) -> float | None:
        """Seconds from INTERACTION_CREATE sent to the callback received (None: no callback)."""
        if self.sent_at is None or self.callback_at is None:
            return None
        return self.callback_at - self.sent_at

    @property
    def late(self) -> bool:
        """The callback came after the deadline: the user had already seen "interaction failed"."""
        latency = self.latency
        return latency is not None and latency > self.deadline

    @property
    def outcome(self) -> str:
        """``"answered"``, ``"late"``, ``"unanswered"`` (past the deadline) or ``"pending"``."""
        if self.callback_at is not None:
            return "late" if self.late else "answered"
        start = self.sent_at if self.sent_at is not None else self.created_at
        now = time.monotonic()
        return "unanswered" if now - start > self.deadline else "pending"

    @property
    def ephemeral(self) -> bool:
        """Whether the answer (``original``) is ephemeral."""
        return self.original is not None and self.original.ephemeral

    @property
    def answered(self) -> asyncio.Future[None]:
        """A future done when the bot's callback has been accepted, or refused as late
        (``refused_late_at``)."""
        return self._answered

    def refuse_late(self, received_at: float) -> None:
        """Record that the first answer came after the deadline and was refused."""
        self.refused_late_at = received_at
        if not self._answered.done():
            self._answered.set_result(None)
        self._world.changed()

    def acknowledge(self, response_type: int, original: Message | None, received_at: float) -> None:
        """Record the accepted callback (called by the fake's webhook routes)."""
        self.response_type = response_type
        self.original = original
        if original is not None and response_type in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
            self.answer_text = original.text()
        self.callback_at = received_at
        if not self._answered.done():
            self._answered.set_result(None)
        self._world.changed()

    def check_token_usable(self) -> None:
        """Raise 401 "Invalid Webhook Token" if expired (15 minutes, or a test expired it)."""
        now = time.monotonic()
        if self.expired or now - self.created_at > TOKEN_LIFETIME:
            raise invalid_webhook_token()

    async def reply(self, timeout: float | None = None) -> Message:
        """The message the user ends up reading as the answer.

        For a type 4 or 7 answer that is ``original`` at once; for a deferred type 5 it waits
        until the "thinking" message is completed (by editing ``@original`` or by the first
        follow-up). Raises :class:`WaitTimeout`, or :class:`FakeDiscordError` if the bot did
        not answer with a message (type 6 or 9, or no answer yet).
        """
        original = self.original
        if self.response_type not in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE):
            raise FakeDiscordError(f"{self!r} has no reply (response type {self.response_type})")
        assert original is not None
        await self._world.wait_for(
            lambda: not original.loading, timeout=timeout, what=f"the deferred reply to {self!r}"
        )
        return original

    async def followup(self, index: int = 0, timeout: float | None = None) -> Message:
        """The ``index``-th message sent with this interaction's token (waits for it)."""
        await self._world.wait_for(
            lambda: len(self.followups) > index,
            timeout=timeout,
            what=f"followup {index} of {self!r}",
        )
        return self.followups[index]

    def owns(self, message: Message) -> bool:
        """Whether the token may edit/delete ``message`` (its ``@original`` or a follow-up)."""
        return message is self.original or any(m is message for m in self.followups)

    def metadata(self) -> dict[str, Any]:
        """``interaction_metadata`` for messages answering this interaction."""
        guild = self.channel.guild
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "user": self.user.payload(),
            "authorizing_integration_owners": {"0": str(guild.id)} if guild else {"0": "0"},
        }
        if self.type in (APPLICATION_COMMAND, AUTOCOMPLETE):
            data["name"] = self.name.lstrip("/")
        elif self.message is not None:
            data["interacted_message_id"] = str(self.message.id)
        return data

    def payload(self) -> dict[str, Any]:
        """The INTERACTION_CREATE ``d``: everything discord.py 2.7 reads, computed now."""
        world, channel, user = self._world, self.channel, self.user
        guild = channel.guild
        data: dict[str, Any] = {
            "id": str(self.id),
            "application_id": str(world.bot.id),
            "type": self.type,
            "token": self.token,
            "version": 1,
            "data": self.data,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if self.message is not None:
            data["message"] = self.message.payload()
        if guild is None:  # a DM with the bot: as Discord sends those (tests/fakediscord/dms.py)
            return data | dm_fields(self)
        data |= {
            "channel_id": str(channel.id),
            "channel": channel.payload(permissions_for=user),
            "locale": user.locale,
            "app_permissions": str(channel.permissions_for(world.bot)),
            "authorizing_integration_owners": self.metadata()["authorizing_integration_owners"],
            "context": 0,
        }
        member = guild.member(user).payload()
        member["permissions"] = str(channel.permissions_for(user))
        data |= {
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
            "guild_locale": guild.preferred_locale,
            "member": member,
        }
        return data


class InteractionLog:
    """All interactions of a fake, by id and by token."""

    def __init__(self) -> None:
        self.records: list[InteractionRecord] = []
        self._by_id: dict[int, InteractionRecord] = {}
        self._by_token: dict[str, InteractionRecord] = {}

    def add(self, record: InteractionRecord) -> None:
        self.records.append(record)
        self._by_id[record.id] = record
        self._by_token[record.token] = record

    def for_callback(self, interaction_id: int, token: str) -> InteractionRecord:
        """The record a callback names; 404 "Unknown interaction" if id and token do not match."""
        record = self._by_id.get(interaction_id)
        if record is None or record.token != token:
            raise unknown_interaction()
        return record

    def for_webhook(self, application_id: int, bot_id: int, token: str) -> InteractionRecord:
        """The record a webhook call's token names; 404 "Unknown Webhook" otherwise."""
        record = self._by_token.get(token)
        if application_id != bot_id or record is None:
            raise unknown_webhook()
        record.check_token_usable()
        return record

    def stats(self) -> LatencyStats:
        """Latency percentiles and failure counts over every interaction so far."""
        return LatencyStats.of(self.records)


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank ``q``-th percentile (0 < q <= 100) of ``values``; NaN if empty."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


@dataclass(frozen=True)
class LatencyStats:
    """Interaction latencies in seconds: INTERACTION_CREATE sent -> callback received."""

    count: int
    answered: int
    late: int
    unanswered: int
    p50: float
    p99: float
    max: float

    @classmethod
    def of(cls, records: list[InteractionRecord]) -> LatencyStats:
        latencies = [r.latency for r in records if r.latency is not None]
        outcomes = [r.outcome for r in records]
        return cls(
            count=len(records),
            answered=outcomes.count("answered"),
            late=outcomes.count("late"),
            unanswered=outcomes.count("unanswered"),
            p50=percentile(latencies, 50),
            p99=percentile(latencies, 99),
            max=max(latencies, default=math.nan),
        )

    def __str__(self) -> str:
        ms = 1000.0
        return (
            f"{self.count} interactions: p50 {self.p50 * ms:.1f} ms, p99 {self.p99 * ms:.1f} ms, "
            f"max {self.max * ms:.1f} ms; {self.late} late, {self.unanswered} unanswered"
        )
