"""The fake gateway (v10, plain JSON text frames): HELLO, IDENTIFY, heartbeats, READY and
GUILD_CREATE, dispatches with sequence numbers, RESUME/RESUMED with replay, and the faults a
test can inject (dropped connection, RECONNECT, INVALID_SESSION).

Shards as on Discord: an IDENTIFY may carry ``shard: [shard_id, shard_count]`` (none means
``[0, 1]``); the session then hears only the guilds of that shard, ``(guild_id >> 22) %
shard_count`` (DMs go to shard 0): READY lists them and echoes ``shard``, and their
GUILD_CREATE, other guild events and INTERACTION_CREATE reach that session only. A shard id
at or above its count closes the connection with 4010 (Invalid shard).

A session outlives its websocket: dispatches made while the bot is disconnected are kept and
replayed when it resumes. A session ends when the bot closes with 1000/1001 (discord.py's
``close()`` actually sends 4000), when the test stops the bot, when a new IDENTIFY arrives while
it is disconnected, or when it is invalidated.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .errors import BotOffline
from .model import GUILDS, MESSAGE_CONTENT

if TYPE_CHECKING:
    from .interactions import InteractionRecord
    from .world import World

log = logging.getLogger(__name__)

INVALID_SHARD = 4010
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE_STATE, RESUME, RECONNECT = 0, 1, 2, 3, 4, 6, 7
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | MESSAGE_CONTENT
REPLAY_LIMIT = 5000


@dataclass
class _Dispatch:
    seq: int
    frame: str
    on_sent: Callable[[], None] | None


class Connection:
    """One websocket of a bot; ``session`` once it identified or resumed."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.session: Session | None = None
        self.heartbeats = 0
        self.writer: asyncio.Task[None] | None = None
        self.closed_by_fake = False


class Session:
    """A gateway session: its intents, sequence, and the dispatches kept for resuming."""

    def __init__(self, intents: int, shard: tuple[int, int] = (0, 1)) -> None:
        self.id = secrets.token_hex(16)
        self.intents = intents
        self.shard = shard
        """``(shard_id, shard_count)`` of its IDENTIFY (``(0, 1)`` without one)."""
        self.seq = 0
        self.sent_seq = 0
        self.events: deque[_Dispatch] = deque(maxlen=REPLAY_LIMIT)
        self.conn: Connection | None = None
        self.wake = asyncio.Event()
        self.invalid = False

    def push(self, event: str, data: Any, on_sent: Callable[[], None] | None = None) -> None:
        self.seq += 1
        frame = json.dumps({"op": DISPATCH, "t": event, "s": self.seq, "d": data})
        self.events.append(_Dispatch(self.seq, frame, on_sent))
        self.wake.set()

    def next_unsent(self) -> _Dispatch | None:
        if not self.events or self.sent_seq >= self.seq:
            return None
        index = self.sent_seq + 1 - self.events[0].seq
        return self.events[max(index, 0)]

    def can_replay_from(self, seq: int) -> bool:
        return not self.events or seq + 1 >= self.events[0].seq

    def hears(self, guild_id: int | None) -> bool:
        """Whether the events of guild ``guild_id`` (``None``: a DM) reach this session."""
        shard_id, count = self.shard
        return shard_of(guild_id or 0, count) == shard_id


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard of guild ``guild_id`` among ``shard_count``: ``(guild_id >> 22) %
    shard_count``, as Discord routes them."""
    return (guild_id >> 22) % shard_count


def guild_of(event: str, data: dict[str, Any]) -> int | None:
    """The guild a dispatch is about (``None``: none, as for a DM's events)."""
    if event.startswith("GUILD_") and "guild_id" not in data and "id" in data:
        return int(data["id"])  # GUILD_CREATE / UPDATE / DELETE carry the guild itself
    guild_id = data.get("guild_id")
    return None if guild_id is None else int(guild_id)


class Gateway:
    """Serves ``/gateway`` (and ``/gateway-resume``, the ``resume_gateway_url``).

    Counters for tests: ``identifies``, ``resumes``; ``sessions`` by id; ``connections`` open now.
    """

    def __init__(self, heartbeat_interval: float = 41.25) -> None:
        self.heartbeat_interval = heartbeat_interval
        self.recommended_shards = 1
        """The ``shards`` that ``GET /gateway/bot`` answers (Discord's recommended count)."""
        self.privileged_intents = PRIVILEGED_INTENTS
        """Privileged intents the application may use (identify with others -> close 4014)."""
        self.sessions: dict[str, Session] = {}
        self.connections: set[Connection] = set()
        self.identifies = 0
        self.resumes = 0
        self.resume_url = ""
        self._world: World | None = None

    def attach(self, world: World, resume_url: str) -> None:
        self._world = world
        self.resume_url = resume_url

    @property
    def world(self) -> World:
        assert self._world is not None, "Gateway.attach(world) first"
        return self._world

    # -- what the world tells the bot --------------------------------------------------------

    def dispatch(
        self, event: str, data: dict[str, Any], intent: int, *, needs_content_intent: bool = False
    ) -> None:
        """Queue a dispatch for every session whose intents include ``intent`` (0: always) and
        whose shard has the event's guild. Without MESSAGE_CONTENT, ``needs_content_intent``
        payloads lose content, embeds, attachments and components, as on Discord."""
        stripped = None
        guild_id = guild_of(event, data)
        for session in self.live_sessions():
            if intent and not session.intents & intent:
                continue
            if not session.hears(guild_id):
                continue
            if needs_content_intent and not session.intents & MESSAGE_CONTENT:
                stripped = stripped or {
                    **data,
                    "content": "",
                    "embeds": [],
                    "attachments": [],
                    "components": [],
                }
                session.push(event, stripped)
            else:
                session.push(event, data)

    def deliver_interaction(self, record: InteractionRecord) -> None:
        """Queue INTERACTION_CREATE for every live session of the shard of the interaction's
        guild; ``record.sent_at`` is set when the frame is written. Raises :class:`BotOffline`
        if no session of that shard is connected or resumable."""
        guild = record.channel.guild
        sessions = [s for s in self.live_sessions() if s.hears(guild.id if guild else None)]
        if not sessions:
            shard = "" if not self.live_sessions() else " (no session runs its guild's shard)"
            raise BotOffline(
                f"cannot deliver {record.name} by {record.user.username}: no bot is connected"
                f"{shard} (start one with fake.start_bot(bot))"
            )
        payload = record.payload()

        def sent() -> None:
            if record.sent_at is None:
                record.sent_at = time.monotonic()
                self.world.changed()

        for session in sessions:
            session.push("INTERACTION_CREATE", payload, sent)

    def live_sessions(self) -> list[Session]:
        return [s for s in self.sessions.values() if not s.invalid]

    def connected_sessions(self) -> list[Session]:
        """Sessions with a websocket open now."""
        return [s for s in self.live_sessions() if s.conn is not None]

    # -- faults ------------------------------------------------------------------------------

    async def drop(self, code: int = 4000) -> None:
        """Close every bot websocket with ``code`` (4000: discord.py resumes)."""
        for conn in list(self.connections):
            conn.closed_by_fake = True
            await conn.ws.close(code=code, message=b"fake: connection dropped")

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT to every connected bot (it closes and resumes)."""
        for conn in list(self.connections):
            if conn.session is not None:
                await conn.ws.send_json({"op": RECONNECT, "d": None})

    async def invalidate(self, resumable: bool = False) -> None:
        """Send op 9 INVALID_SESSION; unless ``resumable`` the sessions end and the bot must
        IDENTIFY again (discord.py waits 5 s before a non-initial IDENTIFY)."""
        for conn in list(self.connections):
            if conn.session is not None:
                if not resumable:
                    self._end(conn.session)
                await conn.ws.send_json({"op": INVALID_SESSION, "d": resumable})

    async def close_all(self) -> None:
        """Close every websocket (shutdown)."""
        for conn in list(self.connections):
            conn.closed_by_fake = True
            await conn.ws.close(code=1001, message=b"fake: shutting down")
            if conn.writer is not None:
                conn.writer.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await conn.writer

    # -- the websocket -----------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = Connection(ws)
        self.connections.add(conn)
        hello = {"heartbeat_interval": int(self.heartbeat_interval * 1000), "_trace": ["fake"]}
        try:
            await ws.send_json({"op": HELLO, "d": hello})
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    await ws.close(code=4002, message=b"fake: text frames only")
                    break
                await self._receive(conn, json.loads(msg.data))
        finally:
            self._disconnected(conn)
        return ws

    async def _receive(self, conn: Connection, frame: dict[str, Any]) -> None:
        op, data = frame.get("op"), frame.get("d")
        if op == HEARTBEAT:
            conn.heartbeats += 1
            await conn.ws.send_json({"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            await self._identify(conn, data or {})
        elif op == RESUME:
            await self._resume(conn, data or {})
        elif op == REQUEST_MEMBERS and conn.session is not None:
            self._members_chunk(conn.session, data or {})
        elif op in (PRESENCE, VOICE_STATE, REQUEST_MEMBERS):
            return
        else:
            await conn.ws.close(code=4001, message=b"fake: unknown opcode")

    async def _identify(self, conn: Connection, data: dict[str, Any]) -> None:
        world = self.world
        if data.get("token") != world.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        if conn.session is not None:
            await conn.ws.close(code=4005, message=b"Already authenticated.")
            return
        intents = data.get("intents")
        if intents is None:
            await conn.ws.close(code=4013, message=b"Invalid intent(s).")
            return
        if intents & PRIVILEGED_INTENTS & ~self.privileged_intents:
            await conn.ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        shard = data.get("shard")
        if shard is not None:
            valid = (
                isinstance(shard, list)
                and len(shard) == 2
                and all(isinstance(n, int) for n in shard)
                and 0 <= shard[0] < shard[1]
            )
            if not valid:
                await conn.ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
                return
        shard_key = (shard[0], shard[1]) if shard is not None else (0, 1)
        for stale in [s for s in self.live_sessions() if s.conn is None and s.shard == shard_key]:
            self._end(stale)  # a bot identifying anew gave up resuming its old session
        session = Session(intents, shard_key)
        self.sessions[session.id] = session
        self.identifies += 1
        guilds = [
            g for g in world.guilds.values() if world.bot.id in g.members and session.hears(g.id)
        ]
        user = {**world.bot.payload(), "verified": True, "mfa_enabled": False}
        ready: dict[str, Any] = {"shard": list(shard_key)} if shard is not None else {}
        session.push(
            "READY",
            {
                **ready,
                "v": 10,
                "user": user,
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": session.id,
                "session_type": "normal",
                "resume_gateway_url": self.resume_url,
                "application": {"id": str(world.bot.id), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "geo_ordered_rtc_regions": [],
                "_trace": ["fake"],
            },
        )
        if intents & GUILDS:
            for guild in guilds:
                session.push("GUILD_CREATE", guild.payload())
        self._attach(conn, session, sent_seq=0)

    async def _resume(self, conn: Connection, data: dict[str, Any]) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        seq = data.get("seq") or 0
        usable = (
            session is not None
            and not session.invalid
            and data.get("token") == self.world.token
            and session.can_replay_from(seq)
        )
        if not usable or session is None:
            await conn.ws.send_json({"op": INVALID_SESSION, "d": False})
            return
        if session.conn is not None and session.conn is not conn:
            old = session.conn
            session.conn = None
            old.closed_by_fake = True
            await old.ws.close(code=4000, message=b"fake: resumed elsewhere")
        self.resumes += 1
        self._attach(conn, session, sent_seq=seq)
        session.push("RESUMED", {"_trace": ["fake"]})

    def _members_chunk(self, session: Session, data: dict[str, Any]) -> None:
        guild = self.world.guilds.get(int(data.get("guild_id", 0)))
        if guild is None:
            return
        wanted = {int(i) for i in data.get("user_ids") or []}
        query = str(data.get("query") or "").lower()
        members = [
            m.payload()
            for m in guild.members.values()
            if (not wanted or m.user.id in wanted) and m.user.username.lower().startswith(query)
        ]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        session.push("GUILD_MEMBERS_CHUNK", chunk)

    def _attach(self, conn: Connection, session: Session, *, sent_seq: int) -> None:
        conn.session = session
        session.conn = conn
        session.sent_seq = sent_seq
        conn.writer = asyncio.create_task(self._write(conn, session), name="fake-gateway-writer")
        self.world.changed()

    async def _write(self, conn: Connection, session: Session) -> None:
        """Send the session's unsent dispatches, in order, while this is its connection."""
        try:
            while session.conn is conn and not conn.ws.closed:
                item = session.next_unsent()
                if item is None:
                    session.wake.clear()
                    await session.wake.wait()
                    continue
                if item.on_sent is not None:
                    item.on_sent()
                await conn.ws.send_str(item.frame)
                session.sent_seq = item.seq
        except ConnectionError:
            log.debug("gateway writer: connection lost")

    def _disconnected(self, conn: Connection) -> None:
        self.connections.discard(conn)
        session = conn.session
        if session is not None and session.conn is conn:
            session.conn = None
            session.wake.set()
            if not conn.closed_by_fake and conn.ws.close_code in (1000, 1001):
                self._end(session)
        self.world.changed()

    def end_session(self, session_id: str | None) -> None:
        """Forget a session (its bot is gone): it gets no more events and cannot resume."""
        session = self.sessions.get(str(session_id))
        if session is not None:
            self._end(session)

    def _end(self, session: Session) -> None:
        session.invalid = True
        self.sessions.pop(session.id, None)
        self.world.changed()
