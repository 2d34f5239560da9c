"""The fake Discord: an aiohttp server on 127.0.0.1 (random port) serving the gateway and REST
API over one :class:`~tests.fakediscord.world.World`, with discord.py pointed at it.

Start it with ``async with FakeDiscord.running() as fake:`` (or the ``fake_discord`` fixture).
On exit it stops the bots it started, closes everything, restores discord.py's hosts and, if
the bot hit an unknown route, sent an invalid body or crashed the fake, raises
:class:`FakeDiscordProblems`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import discord
import yarl
from aiohttp import web

from .errors import DiscordHTTPError, FakeDiscordError, FakeDiscordProblems, WaitTimeout
from .faults import DROP, Fault, Faults
from .gateway import Gateway
from .interactions import InteractionRecord, LatencyStats
from .model import Channel, Guild, Message, Role
from .responses import API_PREFIX, json_response
from .rest import RestApi
from .rules import RULES, Strictness
from .users import User
from .webhooks import WebhookApi
from .world import World

log = logging.getLogger(__name__)
T = TypeVar("T")
_BAD_BODY_CODES = {50035, 50006, 50109, 40005, 30015}


@dataclass
class RequestRecord:
    """One HTTP request the bot made: ``route`` is the template, e.g.
    ``"POST /channels/{channel_id}/messages"`` (the raw path for unknown routes)."""

    method: str
    route: str
    path: str
    status: int = 0


class BotHandle:
    """A bot started by :meth:`FakeDiscord.start_bot`; ``await handle.stop()`` closes it."""

    def __init__(self, bot: discord.Client, task: asyncio.Task[None], fake: FakeDiscord) -> None:
        self.bot = bot
        self.task = task
        self._fake = fake

    async def stop(self) -> None:
        """Close the bot (``bot.close()``), wait for its ``start`` task to end, and end its
        gateway session (Discord would after a while), so the next interaction finds no bot."""
        ws = self.bot.ws
        await self.bot.close()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task
        if ws is not None:
            self._fake.gateway.end_session(ws.session_id)


class FakeDiscord:
    """A local Discord for end-to-end tests of an unmodified discord.py bot.

    Options: ``interaction_deadline`` (3 s: past it users see "This interaction failed": a
    first answer after it is refused, 404/10062, like Discord), ``response_timeout`` (10 s: how
    long helpers wait for the bot), ``relax`` (names of :data:`~.rules.RULES` not to enforce,
    e.g. ``{"deadline"}``: a late first answer is accepted and counted *late*),
    ``refuse_picture_edits`` (``None``, ``"original"``, ``"stale"`` or ``"all"``: see
    :mod:`.picture_edits`), ``heartbeat_interval`` (seconds, sent in HELLO).
    ``gateway.recommended_shards`` (1) is the shard count ``GET /gateway/bot`` recommends.
    """

    def __init__(
        self,
        *,
        interaction_deadline: float = 3.0,
        response_timeout: float = 10.0,
        relax: Iterable[str] = (),
        refuse_picture_edits: str | None = None,
        heartbeat_interval: float = 41.25,
    ) -> None:
        self.gateway = Gateway(heartbeat_interval)
        self.world = World(self.gateway, lambda: self.url)
        self.world.interaction_deadline = interaction_deadline
        self.world.response_timeout = response_timeout
        self.world.strict = Strictness.of(relax, refuse_picture_edits)
        self._rest = RestApi(self.world)
        self._webhooks = WebhookApi(self.world)
        self.faults = Faults()
        self.requests: list[RequestRecord] = []
        """Every HTTP request the bots made, in order."""
        self.problems: list[str] = self.world.problems
        """What the fake could not serve, or requests against Discord's documented rules;
        non-empty fails the test when the fake stops."""
        self.refused_picture_edits: list[RequestRecord] = []
        """The requests refused as Discord refuses picture edits (``refuse_picture_edits``)."""
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._routes: set[str] = set()
        self._bots: list[BotHandle] = []
        self._saved_hosts: tuple[str, yarl.URL] | None = None

    # -- lifecycle ---------------------------------------------------------------------------

    @classmethod
    @asynccontextmanager
    async def running(cls, **options: Any) -> AsyncIterator[FakeDiscord]:
        """Start a fake (options as for the constructor), yield it, then stop it and raise
        :class:`FakeDiscordProblems` if the bot did something the fake could not serve."""
        fake = cls(**options)
        await fake.start()
        try:
            yield fake
        except BaseException:
            await fake.stop()
            raise
        await fake.stop()
        fake.check()

    async def start(self) -> None:
        """Listen on 127.0.0.1 (random port) and point discord.py at the fake."""
        if discord.http.Route.BASE.startswith("http://127.0.0.1"):
            raise RuntimeError(f"discord.py already points at a fake ({discord.http.Route.BASE})")
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        routes = [
            web.get("/gateway", self.gateway.handle),
            web.get("/gateway-resume", self.gateway.handle),
            web.get(API_PREFIX + "/gateway", self._gateway_url),
            web.get(API_PREFIX + "/gateway/bot", self._gateway_url),
            web.get("/attachments/{channel_id}/{attachment_id}/{filename}", self._attachment),
            *self._rest.routes(API_PREFIX),
            *self._webhooks.routes(API_PREFIX),
        ]
        app.add_routes(routes)
        self._routes = {f"{r.method} {r.path.removeprefix(API_PREFIX)}" for r in routes}
        app.router.add_route("*", "/{tail:.*}", self._unknown_route)
        self._runner = web.AppRunner(app, access_log=None, handler_cancellation=True)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        self.gateway.attach(self.world, f"ws://127.0.0.1:{self.port}/gateway-resume")
        self._patch_discord()

    async def stop(self) -> None:
        """Stop the bots started here, close the gateway and server, restore discord.py. A bot
        whose ``start`` task died with an exception is reported in ``problems``."""
        for handle in self._bots:
            if not handle.task.done():
                await handle.stop()
            elif not handle.task.cancelled() and handle.task.exception() is not None:
                self.problems.append(f"a bot stopped with {handle.task.exception()!r}")
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self._unpatch_discord()

    def _patch_discord(self) -> None:
        route, gateway = discord.http.Route, discord.gateway.DiscordWebSocket
        self._saved_hosts = (route.BASE, gateway.DEFAULT_GATEWAY)
        route.BASE = self.url + API_PREFIX
        gateway.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{self.port}/gateway")

    def _unpatch_discord(self) -> None:
        if self._saved_hosts is not None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = (
                self._saved_hosts
            )
            self._saved_hosts = None

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT``."""
        return f"http://127.0.0.1:{self.port}"

    def check(self) -> None:
        """Raise :class:`FakeDiscordProblems` if anything went wrong so far."""
        if self.problems:
            raise FakeDiscordProblems(
                "the fake Discord saw problems:\n- " + "\n- ".join(self.problems)
            )

    # -- bots --------------------------------------------------------------------------------

    async def start_bot(self, bot: discord.Client, *, timeout: float | None = None) -> BotHandle:
        """Start ``bot`` with the fake's token (``asyncio.create_task(bot.start(token))``) and
        wait until it is ready (logged in, ``setup_hook`` done, guilds received). Give the bot a
        short ``guild_ready_timeout`` (e.g. 0.05) or this takes 2 s. Raises what ``start``
        raised if the bot stopped (closing it first), :class:`WaitTimeout` if it never became
        ready."""
        task = asyncio.create_task(bot.start(self.world.token), name=f"bot-{len(self._bots)}")
        handle = BotHandle(bot, task, self)
        self._bots.append(handle)
        try:
            await self.wait_for(
                lambda: bot.is_ready() or task.done(), timeout=timeout, what="bot ready"
            )
        except WaitTimeout:
            await handle.stop()
            raise
        if task.done():
            self._bots.remove(handle)  # its failure is raised here, not reported again
            await bot.close()
            task.result()
            raise FakeDiscordError("the bot stopped before it was ready")
        return handle

    # -- the world ---------------------------------------------------------------------------

    @property
    def bot(self) -> User:
        """The bot user (its id is the application id)."""
        return self.world.bot

    @property
    def token(self) -> str:
        return self.world.token

    def add_user(self, name: str, *, locale: str = "en-US") -> User:
        """A new user; make them a member with ``guild.add_member(user)``."""
        return self.world.add_user(name, locale=locale)

    def add_guild(
        self, name: str, *, owner: User | None = None, shard: tuple[int, int] | None = None
    ) -> Guild:
        """A new guild with the bot in it, on shard ``shard=(shard_id, shard_count)`` if given
        (see :meth:`World.add_guild`)."""
        return self.world.add_guild(name, owner=owner, shard=shard)

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between the bot and ``user``."""
        return self.world.dm_channel(user)

    def message(self, message_id: int) -> Message:
        """A message by id (``KeyError`` if it never existed)."""
        return self.world.message(message_id)

    def delete_message(self, message: Message) -> None:
        """Delete ``message`` as a moderator would; the bot hears MESSAGE_DELETE and later REST
        calls on it get 404 Unknown Message (10008)."""
        self.world.delete_message(message)

    def make_admin(self, user: User, guild: Guild | None = None) -> Role:
        """Give ``user`` an "Admin" role with Administrator (so also Manage Guild) in ``guild``
        (default: the only guild). Returns the role."""
        guild = guild or self._only_guild()
        role = next((r for r in guild.roles if r.name == "Admin"), None)
        role = role or guild.add_role("Admin", administrator=True)
        guild.add_member(user).add_role(role)
        return role

    def set_bot_permission(self, channel: Channel, **flags: bool | None) -> None:
        """Overwrite the bot's permissions in ``channel``: True allows, False denies, None
        inherits. ``fake.set_bot_permission(channel, send_messages=False)``."""
        channel.set_permissions(self.bot, **flags)

    def _only_guild(self) -> Guild:
        guilds = list(self.world.guilds.values())
        if len(guilds) != 1:
            raise ValueError(f"{len(guilds)} guilds exist: say which one")
        return guilds[0]

    # -- waiting -----------------------------------------------------------------------------

    async def wait_for(
        self, predicate: Callable[[], T], *, timeout: float | None = None, what: str = ""
    ) -> T:
        """Wait until ``predicate()`` is truthy and return it (re-checked on every change and
        every 20 ms); :class:`WaitTimeout` after ``timeout`` (default ``response_timeout``)."""
        return await self.world.wait_for(predicate, timeout=timeout, what=what)

    async def wait_for_message(
        self,
        channel: Channel,
        predicate: Callable[[Message], Any] | None = None,
        *,
        user: User | None = None,
        timeout: float | None = None,
    ) -> Message:
        """The newest message in ``channel`` matching ``predicate`` (waits for one). Only public
        messages count, or with ``user``, what that user sees (their ephemerals included)."""

        def newest() -> Message | None:
            if user is not None:
                seen = user.visible_messages(channel)
            else:
                seen = [m for m in channel.messages if not m.deleted and not m.ephemeral]
            return next((m for m in reversed(seen) if predicate is None or predicate(m)), None)

        return await self.wait_for(newest, timeout=timeout, what=f"a message in #{channel.name}")

    # -- records -----------------------------------------------------------------------------

    @property
    def interactions(self) -> list[InteractionRecord]:
        """Every interaction users made, in order."""
        return self.world.interactions.records

    def latency_stats(self) -> LatencyStats:
        """p50/p99/max latency and late/unanswered counts over all interactions."""
        return self.world.interactions.stats()

    def requests_to(self, route: str) -> list[RequestRecord]:
        """The requests made to ``route`` ("PATCH /channels/{channel_id}/messages/{message_id}")."""
        return [r for r in self.requests if r.route == route]

    # -- faults ------------------------------------------------------------------------------

    def rate_limit(
        self, route: str, *, retry_after: float = 0.05, times: int = 1, is_global: bool = False
    ) -> Fault:
        """Answer the next ``times`` requests of ``route`` with 429 and ``retry_after`` seconds
        (discord.py sleeps and retries). ``route`` is a template, e.g.
        ``"POST /channels/{channel_id}/messages"``; ``ValueError`` for an unknown one."""
        return self.faults.add(
            Fault(self._known(route), 429, times, retry_after=retry_after, is_global=is_global)
        )

    def fail(self, route: str, *, status: int = 500, times: int = 1) -> Fault:
        """Answer the next ``times`` requests of ``route`` with ``status`` (discord.py retries
        500/502/504 after 1 s, 3 s, ...)."""
        return self.faults.add(Fault(self._known(route), status, times))

    def lose_answers(self, route: str, *, times: int = 1) -> Fault:
        """Carry out the next ``times`` requests of ``route``, then close the connection
        without answering (the bot sees a disconnect, as when Discord or the network timed out
        after doing it); their :attr:`RequestRecord.status` is 0."""
        return self.faults.add(Fault(self._known(route), DROP, times))

    def _known(self, route: str) -> str:
        if route not in self._routes:
            raise ValueError(f"unknown route {route!r}; known: {sorted(self._routes)}")
        return route

    async def drop_gateway(self, code: int = 4000) -> None:
        """Close the bot's websocket(s) with ``code``; discord.py reconnects and RESUMEs."""
        await self.gateway.drop(code)

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT; discord.py reconnects and RESUMEs."""
        await self.gateway.request_reconnect()

    async def invalidate_session(self, *, resumable: bool = False) -> None:
        """Send op 9 INVALID_SESSION (see :meth:`Gateway.invalidate`)."""
        await self.gateway.invalidate(resumable)

    def expire(self, record: InteractionRecord) -> None:
        """Expire an interaction's token: its callback gets 404 Unknown interaction (10062),
        its follow-ups and ``@original`` 401 Invalid Webhook Token (50027)."""
        record.expired = True

    # -- HTTP plumbing -----------------------------------------------------------------------

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        resource = request.match_info.route.resource
        canonical = resource.canonical if resource is not None else "/{tail}"
        if canonical == "/{tail}":
            canonical = request.path
        route = f"{request.method} {canonical.removeprefix(API_PREFIX)}"
        record = RequestRecord(request.method, route, request.path)
        self.requests.append(record)
        fault = self.faults.take(route)
        if fault is not None and fault.status != DROP:
            response: web.StreamResponse = fault.response()
        else:
            try:
                response = await handler(request)
            except DiscordHTTPError as error:
                self._judge(route, record, error)
                response = json_response(error.body(), error.status)
            except Exception as error:  # a bug of the fake: answer 400 so discord.py won't retry
                log.exception("fake Discord failed on %s", route)
                self.problems.append(f"{route}: the fake crashed: {error!r}")
                response = json_response(
                    {"message": f"fake Discord crashed: {error!r}", "code": 0}, 400
                )
            if fault is not None:  # DROP: carried out, and the answer is lost
                if request.transport is not None:
                    request.transport.close()
                record.status = DROP
                return web.Response(status=204)  # never written: the connection is closed
        record.status = response.status
        return response

    def _judge(self, route: str, record: RequestRecord, error: DiscordHTTPError) -> None:
        """Record a refusal: a problem if the bot broke a rule, else nothing (or, for a refused
        picture edit, :attr:`refused_picture_edits`)."""
        if error.discord_bug:
            self.refused_picture_edits.append(record)
        elif error.rule is not None:
            self.problems.append(
                f"{route}: the bot broke Discord's rule {error.rule!r} ({RULES[error.rule]})"
                f"{': ' + error.detail if error.detail else ''}; Discord answers {error.status} "
                f"{error.body()}"
            )
        elif error.code in _BAD_BODY_CODES:
            self.problems.append(f"{route}: the bot sent a body Discord refuses: {error.body()}")

    async def _unknown_route(self, request: web.Request) -> web.Response:
        self.problems.append(f"the bot called an unknown route: {request.method} {request.path_qs}")
        log.error("fake Discord: unknown route %s %s", request.method, request.path_qs)
        return json_response({"message": "404: Not Found", "code": 0}, 404)

    async def _gateway_url(self, request: web.Request) -> web.Response:
        data: dict[str, Any] = {"url": f"ws://127.0.0.1:{self.port}/gateway"}
        if request.path.endswith("/bot"):
            data["shards"] = self.gateway.recommended_shards
            limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
            data["session_start_limit"] = limit
        return json_response(data)

    async def _attachment(self, request: web.Request) -> web.Response:
        attachment = self.world.attachments.get(int(request.match_info["attachment_id"]))
        if attachment is None:
            return json_response({"message": "404: Not Found", "code": 0}, 404)
        kind = attachment.content_type or "application/octet-stream"
        return web.Response(body=attachment.data, headers={"Content-Type": kind})
