"""Everything the fake Discord knows, and waiting for it to change.

The :class:`World` holds users, guilds, channels, messages, the synced commands and the
interactions. It tells the gateway what the bot should hear (``emit``) and wakes anyone waiting
in :meth:`World.wait_for` whenever something changes.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import mimetypes
import secrets
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from .commands import CommandRegistry
from .errors import WaitTimeout
from .interactions import InteractionLog, InteractionRecord
from .messages import Upload, apply_body
from .model import (
    DIRECT_MESSAGES,
    GUILD_MESSAGES,
    GUILDS,
    LOADING,
    Attachment,
    Channel,
    Guild,
    Member,
    Message,
    Role,
    Snowflakes,
    now_iso,
)
from .permissions import DEFAULT_BOT
from .rules import STRICT
from .threads import after_post, check_write
from .users import User

T = TypeVar("T")
POLL_INTERVAL = 0.02
"""Predicates are re-checked on every change, and at least this often (seconds)."""


class GatewayHooks(Protocol):
    """What the world needs from the gateway."""

    def dispatch(
        self, event: str, data: dict[str, Any], intent: int, *, needs_content_intent: bool = False
    ) -> None: ...

    def deliver_interaction(self, record: InteractionRecord) -> None: ...

    def connected_sessions(self) -> list[Any]: ...


def bot_token(bot_id: int) -> str:
    """A token of Discord's shape for the bot ``bot_id``: its id in base64 (URL-safe, no
    padding), then two random parts (a timestamp and an HMAC at Discord)."""
    head = base64.urlsafe_b64encode(str(bot_id).encode()).decode().rstrip("=")
    return f"{head}.{secrets.token_urlsafe(4)}.{secrets.token_urlsafe(20)}"


class World:
    """Users, guilds, channels, messages, commands and interactions of one fake Discord.

    ``bot`` is the bot user (its id is also the application id); ``token`` is its token,
    shaped as Discord's (:func:`bot_token`: the bot's id comes first).
    ``interaction_deadline`` (3 s) is when users see "This interaction failed";
    ``response_timeout`` (10 s) is how long test helpers wait by default.
    """

    def __init__(self, gateway: GatewayHooks, base_url: Callable[[], str]) -> None:
        self._ids = Snowflakes()
        self._gateway = gateway
        self._base_url = base_url
        self._waiters: list[asyncio.Future[None]] = []
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.attachments: dict[int, Attachment] = {}
        self._dms: dict[int, Channel] = {}
        self.bot = self.add_user("Cardroom", bot=True)
        self.owner = self.add_user("app-owner")
        self.token = bot_token(self.bot.id)
        self.commands = CommandRegistry(self.new_id, self.bot.id)
        self.interactions = InteractionLog()
        self.interaction_deadline = 3.0
        self.response_timeout = 10.0
        self.strict = STRICT
        """Which documented rules bodies are checked against (:class:`Strictness`)."""
        self.thread_of: dict[int, Channel] = {}
        """Message id -> the thread started from it (``tests.fakediscord.threads``)."""
        self.problems: list[str] = []
        """What the fake saw the bot do that it cannot serve (``FakeDiscord.problems``)."""

    # -- plumbing used by the entities -------------------------------------------------------

    def new_id(self) -> int:
        return self._ids.next()

    def emit(
        self, event: str, data: dict[str, Any], intent: int, *, needs_content_intent: bool = False
    ) -> None:
        self._gateway.dispatch(event, data, intent, needs_content_intent=needs_content_intent)

    def changed(self) -> None:
        """Wake every :meth:`wait_for` so it re-checks its condition."""
        waiters, self._waiters = self._waiters, []
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)

    def deliver_interaction(self, record: InteractionRecord) -> None:
        """Send INTERACTION_CREATE to the bot; raises :class:`BotOffline` if none is there."""
        self._gateway.deliver_interaction(record)

    def bot_connected(self) -> bool:
        """Whether a bot has a gateway connection open now."""
        return bool(self._gateway.connected_sessions())

    def register_channel(self, channel: Channel) -> None:
        self.channels[channel.id] = channel
        self.changed()

    async def wait_for(
        self, predicate: Callable[[], T], *, timeout: float | None = None, what: str = ""
    ) -> T:
        """Wait until ``predicate()`` is truthy and return its value.

        Re-checked on every change of the world and every ``POLL_INTERVAL``. Raises
        :class:`WaitTimeout` after ``timeout`` seconds (default ``response_timeout``).
        """
        timeout = self.response_timeout if timeout is None else timeout
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            result = predicate()
            if result:
                return result
            remaining = end - loop.time()
            if remaining <= 0:
                raise WaitTimeout(f"timed out after {timeout} s waiting for {what or predicate}")
            waiter = loop.create_future()
            self._waiters.append(waiter)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(waiter, min(remaining, POLL_INTERVAL))

    # -- building the world ------------------------------------------------------------------

    def add_user(self, name: str, *, bot: bool = False, locale: str = "en-US") -> User:
        """A new user (not yet a member of any guild)."""
        user = User(self, name, bot=bot, locale=locale)
        self.users[user.id] = user
        return user

    def add_guild(
        self, name: str, *, owner: User | None = None, shard: tuple[int, int] | None = None
    ) -> Guild:
        """A new guild the bot is a member of, with a managed bot role (``guild.bot_role``)
        granting view, send, embed links, attach files, read history, reactions. The connected
        bot (the session of its shard) receives GUILD_CREATE. ``shard=(shard_id,
        shard_count)`` picks an id that puts the guild on that shard."""
        guild_id = None if shard is None else self._ids.next_in_shard(*shard)
        guild = Guild(self, name, owner or self.owner, guild_id=guild_id)
        role = Role(self, guild, self.bot.username, DEFAULT_BOT)
        role.bot_id = self.bot.id
        guild.roles.append(role)
        guild.bot_role = role
        for user, roles in ((guild.owner, []), (self.bot, [role])):
            guild.members[user.id] = Member(self, guild, user, roles)
        self.guilds[guild.id] = guild
        self.emit("GUILD_CREATE", guild.payload(), GUILDS)
        self.changed()
        return guild

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between the bot and ``user`` (created on first use)."""
        if user.id not in self._dms:
            channel = Channel(self, f"dm-{user.username}", recipient=user)
            self._dms[user.id] = channel
            self.register_channel(channel)
        return self._dms[user.id]

    def message(self, message_id: int) -> Message:
        """A message by id (deleted ones included); ``KeyError`` if it never existed."""
        return self.messages[message_id]

    def application_payload(self) -> dict[str, Any]:
        """``GET /oauth2/applications/@me``."""
        return {
            "id": str(self.bot.id),
            "name": self.bot.username,
            "description": "Cardroom (fake Discord)",
            "icon": None,
            "summary": "",
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.owner.payload(),
            "verify_key": "0" * 64,
            "flags": 0,
            "team": None,
            "interactions_endpoint_url": None,
            "redirect_uris": [],
        }

    # -- messages ----------------------------------------------------------------------------

    def post_message(
        self,
        channel: Channel,
        author: User,
        data: dict[str, Any],
        uploads: list[Upload] | None = None,
        *,
        ephemeral_for: User | None = None,
        interaction: InteractionRecord | None = None,
        loading: bool = False,
        path: str = "",
        message_id: int | None = None,
        announce: bool = True,
    ) -> Message:
        """Create a message from a request body (validated; ``path``: ``"data."`` for a
        callback's); the bot hears MESSAGE_CREATE unless it is ephemeral. ``loading`` makes a
        deferred "thinking" message with no content. A public message obeys the rules of
        threads and forums (``threads.check_write``). ``message_id``: its id (a forum post's
        first message has its thread's); ``announce=False``: stored, but neither told to the
        bot nor to the channel's members yet (:meth:`announce_message` does)."""
        if ephemeral_for is None:
            check_write(self, channel, author, creating=True)
        message = Message(
            self, channel, author, ephemeral_for=ephemeral_for, interaction=interaction
        )
        if message_id is not None:
            message.id = message_id
        if loading:
            message.flags |= LOADING
        else:
            apply_body(
                message,
                data,
                uploads or [],
                creating=True,
                make_attachment=lambda upload, text: self._attachment(channel, upload, text),
                users=self.users,
                strict=self.strict,
                path=path,
            )
        self.messages[message.id] = message
        channel.messages.append(message)
        if announce:
            self.announce_message(message)
        return message

    def announce_message(self, message: Message) -> None:
        """A new message is there: the bot hears MESSAGE_CREATE (unless it is ephemeral), and
        in a thread its author and the people it mentions become members."""
        if message.ephemeral_for is None:
            self._emit_message("MESSAGE_CREATE", message)
            after_post(message.channel, message)
        self.changed()

    def edit_message(
        self,
        message: Message,
        data: dict[str, Any],
        uploads: list[Upload] | None = None,
        *,
        path: str = "",
    ) -> None:
        """Apply an edit body (validated; ``path``: ``"data."`` for a callback's); completing a
        deferred message clears LOADING. A public message obeys the rules of threads
        (``threads.check_write``)."""
        was_loading = message.loading
        if message.ephemeral_for is None:
            check_write(self, message.channel, self.bot, creating=was_loading)
        apply_body(
            message,
            data,
            uploads or [],
            creating=was_loading,
            make_attachment=lambda upload, text: self._attachment(message.channel, upload, text),
            users=self.users,
            strict=self.strict,
            path=path,
        )
        message.flags &= ~LOADING
        if not was_loading:
            message.edited_at = now_iso()
            message.edit_count += 1
        if message.ephemeral_for is None:
            self._emit_message("MESSAGE_UPDATE", message)
        self.changed()

    def delete_message(self, message: Message) -> None:
        """Delete a message (the bot hears MESSAGE_DELETE); later REST calls on it get 404."""
        if message.deleted:
            return
        message.deleted = True
        if message.ephemeral_for is None:
            data = {"id": str(message.id), "channel_id": str(message.channel.id)}
            guild = message.channel.guild
            if guild is not None:
                data["guild_id"] = str(guild.id)
            self.emit("MESSAGE_DELETE", data, self._message_intent(message))
        self.changed()

    def _emit_message(self, event: str, message: Message) -> None:
        private = message.author is self.bot or self.bot in message.mentions
        self.emit(
            event,
            message.payload(with_member=True),
            self._message_intent(message),
            needs_content_intent=not (private or message.channel.is_dm),
        )

    @staticmethod
    def _message_intent(message: Message) -> int:
        return DIRECT_MESSAGES if message.channel.is_dm else GUILD_MESSAGES

    def _attachment(self, channel: Channel, upload: Upload, description: str | None) -> Attachment:
        attachment_id = self.new_id()
        guessed = mimetypes.guess_type(upload.filename)[0]
        content_type = guessed or upload.content_type
        url = f"{self._base_url()}/attachments/{channel.id}/{attachment_id}/{upload.filename}"
        attachment = Attachment(
            attachment_id, upload.filename, upload.data, url, content_type, description
        )
        self.attachments[attachment_id] = attachment
        return attachment
