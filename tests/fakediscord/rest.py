"""The bot-token REST routes: the current user and application, application commands, channels,
messages, DMs and members, with Discord's permission checks and error codes.

Every route here needs ``Authorization: Bot <token>`` (401 otherwise). The interaction callback
and webhook routes, authenticated by the interaction token, are in :mod:`.webhooks`.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from aiohttp import web

from .commands import validate_commands
from .errors import (
    DiscordHTTPError,
    cannot_message_user,
    missing_access,
    missing_permissions,
    not_author,
    unauthorized,
    unknown_channel,
    unknown_message,
    unknown_user,
)
from .messages import Body, read_body
from .picture_edits import refuse_picture_edit
from .responses import json_response, no_content, snowflake
from .threads import ThreadRoutes

if TYPE_CHECKING:
    from .model import Channel, Message
    from .world import World

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

NONCE_WINDOW = 300.0
"""Seconds during which a create-message request with ``enforce_nonce`` and the nonce of an
earlier one gets that message back instead of a new one ("the past few minutes")."""


class RestApi:
    """Handlers for ``/api/v10/...`` bot routes over one :class:`World`."""

    def __init__(self, world: World) -> None:
        self.world = world

    def routes(self, prefix: str) -> list[web.RouteDef]:
        commands = prefix + "/applications/{application_id}/commands"
        guild_commands = prefix + "/applications/{application_id}/guilds/{guild_id}/commands"
        channel = prefix + "/channels/{channel_id}"
        table: list[tuple[str, str, Handler]] = [
            ("GET", "/users/@me", self.current_user),
            ("GET", "/users/{user_id}", self.get_user),
            ("POST", "/users/@me/channels", self.create_dm),
            ("GET", "/oauth2/applications/@me", self.application),
            ("GET", "/guilds/{guild_id}", self.get_guild),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member),
        ]
        routes = [web.route(m, prefix + p, self._authed(h)) for m, p, h in table]
        for base in (commands, guild_commands):
            routes += [
                web.get(base, self._authed(self.list_commands)),
                web.put(base, self._authed(self.overwrite_commands)),
                web.post(base, self._authed(self.upsert_command)),
                web.get(base + "/{command_id}", self._authed(self.get_command)),
                web.delete(base + "/{command_id}", self._authed(self.delete_command)),
            ]
        routes += [
            web.get(channel, self._authed(self.get_channel)),
            web.post(channel + "/typing", self._authed(self.typing)),
            web.get(channel + "/messages", self._authed(self.history)),
            web.post(channel + "/messages", self._authed(self.create_message)),
            web.get(channel + "/messages/{message_id}", self._authed(self.get_message)),
            web.patch(channel + "/messages/{message_id}", self._authed(self.edit_message)),
            web.delete(channel + "/messages/{message_id}", self._authed(self.delete_message)),
        ]
        routes += ThreadRoutes(self.world).routes(channel, self._authed)
        return routes

    def _authed(self, handler: Handler) -> Handler:
        async def checked(request: web.Request) -> web.StreamResponse:
            if request.headers.get("Authorization") != f"Bot {self.world.token}":
                raise unauthorized()
            return await handler(request)

        return checked

    # -- users and application ---------------------------------------------------------------

    async def current_user(self, request: web.Request) -> web.Response:
        bot = self.world.bot
        return json_response({**bot.payload(), "verified": True, "mfa_enabled": False})

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.world.users.get(snowflake(request, "user_id"))
        if user is None:
            raise unknown_user()
        return json_response(user.payload())

    async def application(self, request: web.Request) -> web.Response:
        return json_response(self.world.application_payload())

    async def get_guild(self, request: web.Request) -> web.Response:
        """The guild, as ``GET /guilds/{guild.id}`` gives it to a member: its roles, no
        channels or members (``with_counts=true`` adds the approximate counts)."""
        guild = self.world.guilds.get(snowflake(request, "guild_id"))
        if guild is None or self.world.bot.id not in guild.members:
            raise missing_access()
        data = guild.rest_payload()
        if request.query.get("with_counts") in ("1", "true"):
            data |= {
                "approximate_member_count": len(guild.members),
                "approximate_presence_count": 0,
            }
        return json_response(data)

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self.world.guilds.get(snowflake(request, "guild_id"))
        if guild is None or self.world.bot.id not in guild.members:
            raise missing_access()
        member = guild.members.get(snowflake(request, "user_id"))
        if member is None:
            raise DiscordHTTPError(404, 10007, "Unknown Member")
        return json_response(member.payload())

    async def create_dm(self, request: web.Request) -> web.Response:
        body = await read_body(request)
        user = self.world.users.get(int(body.json.get("recipient_id", 0)))
        if user is None or user.bot:
            raise unknown_user()
        return json_response(self.world.dm_channel(user).payload())

    # -- application commands ----------------------------------------------------------------

    def _scope(self, request: web.Request) -> int | None:
        if snowflake(request, "application_id") != self.world.bot.id:
            raise DiscordHTTPError(404, 10002, "Unknown Application")
        if "guild_id" not in request.match_info:
            return None
        guild = self.world.guilds.get(snowflake(request, "guild_id"))
        if guild is None or self.world.bot.id not in guild.members:
            raise missing_access()
        return guild.id

    async def list_commands(self, request: web.Request) -> web.Response:
        return json_response(self.world.commands.list(self._scope(request)))

    async def overwrite_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        try:
            commands = await request.json()
        except ValueError:
            raise DiscordHTTPError(400, 50109, "The request body contains invalid JSON.") from None
        validate_commands(commands)
        result = self.world.commands.overwrite(scope, commands)
        self.world.changed()
        return json_response(result)

    async def upsert_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        body = await read_body(request)
        validate_commands([body.json])
        command = self.world.commands.upsert(scope, body.json)
        self.world.changed()
        return json_response(command, status=201)

    async def get_command(self, request: web.Request) -> web.Response:
        command = self.world.commands.get(self._scope(request), snowflake(request, "command_id"))
        if command is None:
            raise DiscordHTTPError(404, 10063, "Unknown application command")
        return json_response(command)

    async def delete_command(self, request: web.Request) -> web.Response:
        if not self.world.commands.delete(self._scope(request), snowflake(request, "command_id")):
            raise DiscordHTTPError(404, 10063, "Unknown application command")
        return no_content()

    # -- channels and messages ---------------------------------------------------------------

    def _channel(self, request: web.Request) -> Channel:
        channel = self.world.channels.get(snowflake(request, "channel_id"))
        if channel is None or channel.deleted:
            raise unknown_channel()
        if not channel.can(self.world.bot, view_channel=True):
            raise missing_access()
        return channel

    def _message(self, request: web.Request, channel: Channel) -> Message:
        message = self.world.messages.get(snowflake(request, "message_id"))
        if message is None or message.channel is not channel or message.deleted:
            raise unknown_message()
        if message.ephemeral:
            raise unknown_message()
        return message

    def _check_content_permissions(self, channel: Channel, body: Body) -> None:
        bot = self.world.bot
        if body.json.get("embeds") and not channel.can(bot, embed_links=True):
            raise missing_permissions()
        if body.uploads and not channel.can(bot, attach_files=True):
            raise missing_permissions()

    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(self._channel(request).payload())

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return no_content()

    async def create_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body = await read_body(request)
        if channel.recipient is not None and not channel.recipient.dms_open:
            raise cannot_message_user()
        if not channel.can_send(self.world.bot):
            raise missing_permissions()
        self._check_content_permissions(channel, body)
        nonce = body.json.get("nonce")
        if nonce is not None and body.json.get("enforce_nonce"):
            earlier = self._same_nonce(channel, str(nonce))
            if earlier is not None:  # Discord answers with the message made the first time
                return json_response(earlier.payload())
        message = self.world.post_message(channel, self.world.bot, body.json, body.uploads)
        if nonce is not None:
            message.nonce = str(nonce)
        return json_response(message.payload())

    def _same_nonce(self, channel: Channel, nonce: str) -> Message | None:
        """The bot's message in ``channel`` created with ``nonce`` in the last
        :data:`NONCE_WINDOW` seconds (``enforce_nonce``), if any."""
        since = time.monotonic() - NONCE_WINDOW
        for message in reversed(channel.messages):
            if message.created_monotonic < since:
                return None
            if message.nonce == nonce and message.author is self.world.bot and not message.deleted:
                return message
        return None

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if not channel.can(self.world.bot, read_message_history=True):
            raise missing_permissions()
        return json_response(self._message(request, channel).payload())

    async def history(self, request: web.Request) -> web.Response:
        """Newest first, like Discord; ``limit`` (1-100, default 50), ``before``, ``after``."""
        channel = self._channel(request)
        if not channel.can(self.world.bot, read_message_history=True):
            raise missing_permissions()
        query = request.query
        limit = max(1, min(100, int(query.get("limit", 50))))
        found = [m for m in channel.messages if not m.deleted and not m.ephemeral]
        if "before" in query:
            found = [m for m in found if m.id < int(query["before"])]
        if "after" in query:
            found = [m for m in found if m.id > int(query["after"])][:limit]
        return json_response([m.payload() for m in reversed(found[-limit:])])

    async def edit_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        if message.author is not self.world.bot:
            raise not_author()
        body = await read_body(request)
        self._check_content_permissions(channel, body)
        refuse_picture_edit(self.world.strict.refuse_picture_edits, "edit", body.json, body.uploads)
        self.world.edit_message(message, body.json, body.uploads)
        return json_response(message.payload())

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        bot = self.world.bot
        if message.author is not bot and not channel.can(bot, manage_messages=True):
            raise missing_permissions()
        self.world.delete_message(message)
        return no_content()
