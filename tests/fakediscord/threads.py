"""Threads and forums as Discord has them (developers/topics/threads.mdx and
developers/resources/channel.mdx of discord/discord-api-docs; routes as in
discord/discord-api-spec's ``specs/openapi.json``).

- A public thread (type 11) is started from a message of a text channel (the thread and the
  message share their id; a message has one thread at most: 400/160004) or without one; in a
  forum channel (type 15) each post is a thread whose first message shares its id. Starting
  one needs Create Public Threads (a forum post: Send Messages only).
- A thread has no permissions of its own: its parent's apply, with Send Messages in Threads in
  place of Send Messages ("SEND_MESSAGES has no effect in threads").
- Archived threads take no edit (400/50083) and no new member; a send unarchives one unless it
  is locked and the sender lacks Manage Threads. Locked threads take no message nor edit from
  anyone without Manage Threads (403/160005). Users may not run commands in an archived thread.
- Members: the thread's creator, anyone who posts in it or is mentioned in it, anyone added
  (PUT .../thread-members/{user.id}: the adder must be able to send in it) and until removed
  (DELETE: Manage Threads). The bot hears THREAD_MEMBERS_UPDATE when it is added or removed
  (others need the members intent).
- PATCH /channels/{thread.id}: ``name``, ``archived``, ``auto_archive_duration`` need Manage
  Threads or being its creator (unarchiving: being a member, and Manage Threads or the creator
  if locked); ``locked`` needs Manage Threads. DELETE /channels/{thread.id}: Manage Threads.
- Gateway: THREAD_CREATE (``newly_created``), THREAD_UPDATE, THREAD_DELETE, CHANNEL_DELETE for a
  deleted channel (its threads go with it, without events of their own), active threads in
  GUILD_CREATE.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import permissions
from .errors import (
    DiscordHTTPError,
    invalid_form_body,
    missing_access,
    missing_permissions,
    unknown_channel,
    unknown_message,
)
from .messages import read_body
from .model import GUILD_MEMBERS, GUILDS, Channel, Message, now_iso
from .responses import json_response, no_content, snowflake

if TYPE_CHECKING:
    from .model import Guild, WorldHooks
    from .users import User
    from .world import World

PUBLIC_THREAD, PRIVATE_THREAD, GUILD_FORUM = 11, 12, 15
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)
"""The minutes ``auto_archive_duration`` may take."""
SEND_IN_THREADS = permissions.FLAGS["send_messages_in_threads"]
_NEED_SEND = (
    permissions.EMBED_LINKS
    | permissions.ATTACH_FILES
    | permissions.MENTION_EVERYONE
    | permissions.SEND_TTS_MESSAGES
)


def archived_thread() -> DiscordHTTPError:
    return DiscordHTTPError(
        400,
        50083,
        "Tried to perform an operation on an archived thread, such as editing a message or "
        "adding a user to the thread",
    )


def locked_thread() -> DiscordHTTPError:
    return DiscordHTTPError(403, 160005, "Thread is locked")


def wrong_channel_type() -> DiscordHTTPError:
    return DiscordHTTPError(400, 50024, "Cannot execute action on this channel type")


class ForumChannel(Channel):
    """A forum channel: only threads (posts) live in it; no message is sent to it directly."""

    kind = GUILD_FORUM

    def can_send(self, user: User) -> bool:
        """Send Messages starts posts; a message sent to the forum itself is refused by
        :func:`check_write` (400/50008)."""
        return self.can(user, send_messages=True)

    def payload(self, *, permissions_for: User | None = None) -> dict[str, Any]:
        data = super().payload(permissions_for=permissions_for)
        posts = [t for t in self.guild.threads if t.parent is self] if self.guild else []
        data |= {
            "last_message_id": str(posts[-1].id) if posts else None,
            "available_tags": [],
            "default_reaction_emoji": None,
            "default_sort_order": None,
            "default_forum_layout": 0,
            "default_auto_archive_duration": 1440,
            "default_thread_rate_limit_per_user": 0,
        }
        return data


class Thread(Channel):
    """A public thread of a text channel, or a post of a forum channel.

    Attributes: ``parent``, ``owner`` (who started it), ``archived``, ``locked``,
    ``auto_archive_duration`` (minutes), ``members`` (user id -> join time), ``deleted``.
    """

    kind = PUBLIC_THREAD

    def __init__(
        self,
        world: WorldHooks,
        parent: Channel,
        name: str,
        owner: User,
        *,
        thread_id: int | None = None,
        auto_archive_duration: int = 1440,
    ) -> None:
        assert parent.guild is not None
        super().__init__(world, name, guild=parent.guild)
        if thread_id is not None:
            self.id = thread_id
        self.parent = parent
        self.owner = owner
        self.archived = False
        self.locked = False
        self.auto_archive_duration = auto_archive_duration
        self.archive_timestamp = now_iso()
        self.created_at = self.archive_timestamp
        self.members: dict[int, str] = {}
        self.total_sent = 0

    def __repr__(self) -> str:
        state = " archived" if self.archived else ""
        state += " locked" if self.locked else ""
        state += " deleted" if self.deleted else ""
        return f"<Thread {self.name!r} id={self.id} in #{self.parent.name}{state}>"

    @property
    def active(self) -> bool:
        """Not archived, not deleted (what GUILD_CREATE lists)."""
        return not self.archived and not self.deleted

    @property
    def in_forum(self) -> bool:
        return isinstance(self.parent, ForumChannel)

    def set_permissions(self, target: Any, **flags: bool | None) -> None:
        raise ValueError("threads have no permission overwrites: set them on the parent")

    def permissions_for(self, user: User) -> int:
        """The parent's permissions, as a thread has them: Send Messages in Threads decides
        whether one may post (and embed, attach, mention everyone)."""
        bits = self.parent.permissions_for(user)
        if not bits & SEND_IN_THREADS:
            bits &= ~_NEED_SEND
        return bits

    def can_send(self, user: User) -> bool:
        return self.can(user, send_messages_in_threads=True)

    def manages(self, user: User) -> bool:
        """Whether ``user`` may manage the thread (Manage Threads)."""
        return self.can(user, manage_threads=True)

    def member_payload(self, user_id: int) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "user_id": str(user_id),
            "join_timestamp": self.members[user_id],
            "flags": 0,
        }

    def payload(self, *, permissions_for: User | None = None) -> dict[str, Any]:
        assert self.guild is not None
        last = next((m.id for m in reversed(self.messages) if not m.ephemeral_for), None)
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.kind,
            "guild_id": str(self.guild.id),
            "parent_id": str(self.parent.id),
            "owner_id": str(self.owner.id),
            "name": self.name,
            "last_message_id": str(last) if last else None,
            "message_count": sum(1 for m in self.messages if not m.deleted and not m.ephemeral),
            "total_message_sent": self.total_sent,
            "member_count": min(50, len(self.members)),
            "rate_limit_per_user": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": self.archived,
                "auto_archive_duration": self.auto_archive_duration,
                "archive_timestamp": self.archive_timestamp,
                "locked": self.locked,
                "create_timestamp": self.created_at,
            },
        }
        bot = self._world.bot
        if bot.id in self.members:
            data["member"] = self.member_payload(bot.id)
        if self.in_forum:
            data["applied_tags"] = []
        if permissions_for is not None:
            data["permissions"] = str(self.permissions_for(permissions_for))
        return data

    # -- what a test does to a thread, as a moderator would --------------------------------

    def archive(self, *, locked: bool | None = None) -> None:
        """Archive the thread (and lock it, if ``locked``); the bot hears THREAD_UPDATE."""
        self.archived = True
        if locked is not None:
            self.locked = locked
        self._updated()

    def lock(self, locked: bool = True) -> None:
        """Lock (or unlock) the thread; the bot hears THREAD_UPDATE."""
        self.locked = locked
        self._updated()

    def unarchive(self) -> None:
        """Unarchive the thread; the bot hears THREAD_UPDATE."""
        self.archived = False
        self._updated()

    def _updated(self) -> None:
        self.archive_timestamp = now_iso()
        self._world.emit("THREAD_UPDATE", self.payload(), GUILDS)
        self._world.changed()

    def add_member(self, user: User) -> bool:
        """Make ``user`` a member (THREAD_MEMBERS_UPDATE); whether they were not one yet."""
        if user.id in self.members:
            return False
        self.members[user.id] = now_iso()
        self._members_update(added=[user.id])
        return True

    def remove_member(self, user: User) -> bool:
        """Take ``user`` out (THREAD_MEMBERS_UPDATE); whether they were a member."""
        if self.members.pop(user.id, None) is None:
            return False
        self._members_update(removed=[user.id])
        return True

    def _members_update(self, added: Sequence[int] = (), removed: Sequence[int] = ()) -> None:
        assert self.guild is not None
        bot = self._world.bot.id
        data = {
            "id": str(self.id),
            "guild_id": str(self.guild.id),
            "member_count": min(50, len(self.members)),
            "added_members": [self.member_payload(u) for u in added],
            "removed_member_ids": [str(u) for u in removed],
        }
        # the bot always hears of itself; of others only with the members intent
        self._world.emit(
            "THREAD_MEMBERS_UPDATE", data, 0 if bot in (*added, *removed) else GUILD_MEMBERS
        )
        self._world.changed()


def start_thread(
    world: World,
    parent: Channel,
    name: str,
    owner: User,
    *,
    starter: Message | None = None,
    auto_archive_duration: int = 1440,
) -> Thread:
    """A new thread of ``parent`` started by ``owner`` (its first member), from ``starter`` if
    given (the same id); the bot hears THREAD_CREATE."""
    assert parent.guild is not None
    thread = Thread(
        world,
        parent,
        name,
        owner,
        thread_id=starter.id if starter is not None else None,
        auto_archive_duration=auto_archive_duration,
    )
    parent.guild.threads.append(thread)
    world.register_channel(thread)
    thread.members[owner.id] = now_iso()
    world.emit("THREAD_CREATE", {**thread.payload(), "newly_created": True}, GUILDS)
    if starter is not None:
        world.thread_of[starter.id] = thread
    return thread


def delete_channel(world: World, guild: Guild, channel: Channel) -> None:
    """Delete a thread (THREAD_DELETE) or a channel and its threads (CHANNEL_DELETE)."""
    if channel.deleted:
        return
    channel.deleted = True
    world.channels.pop(channel.id, None)
    if isinstance(channel, Thread):
        data = {
            "id": str(channel.id),
            "guild_id": str(guild.id),
            "parent_id": str(channel.parent.id),
            "type": channel.kind,
        }
        world.emit("THREAD_DELETE", data, GUILDS)
    else:
        guild.channels.remove(channel)
        for thread in guild.threads:
            if thread.parent is channel and not thread.deleted:  # type: ignore[attr-defined]
                thread.deleted = True
                world.channels.pop(thread.id, None)
        world.emit("CHANNEL_DELETE", channel.payload(), GUILDS)
    world.changed()


def check_write(world: World, channel: Channel, author: User, *, creating: bool) -> None:
    """Refuse, as Discord does, a message ``author`` creates (or an edit of a public message)
    in ``channel``: none in a forum channel itself; in a thread, none while it is locked
    (without Manage Threads), no edit while archived, and a new message unarchives it."""
    if channel.deleted:
        raise unknown_channel()
    if isinstance(channel, ForumChannel):
        raise DiscordHTTPError(400, 50008, "Cannot send messages in a non-text channel")
    if not isinstance(channel, Thread):
        return
    if channel.locked and not channel.manages(author):
        raise locked_thread()
    if channel.archived:
        if not creating:
            raise archived_thread()
        channel.archived = False  # "sending a message will automatically unarchive the thread"
        channel._updated()


def after_post(channel: Channel, message: Message) -> None:
    """A public message in a thread: its author and whoever it mentions are members now."""
    if not isinstance(channel, Thread):
        return
    channel.total_sent += 1
    for user in (message.author, *message.mentions):
        if user.id in channel.guild.members:  # type: ignore[union-attr]
            channel.add_member(user)


class ThreadRoutes:
    """The bot-token routes of threads over one :class:`World`."""

    def __init__(self, world: World) -> None:
        self.world = world

    def routes(self, channel: str, authed: Any) -> list[web.RouteDef]:
        members = channel + "/thread-members"
        return [
            web.post(channel + "/messages/{message_id}/threads", authed(self.from_message)),
            web.post(channel + "/threads", authed(self.without_message)),
            web.patch(channel, authed(self.modify)),
            web.delete(channel, authed(self.delete)),
            web.get(members, authed(self.list_members)),
            web.put(members + "/{user_id}", authed(self.add_member)),
            web.delete(members + "/{user_id}", authed(self.remove_member)),
            web.get(members + "/{user_id}", authed(self.get_member)),
        ]

    # -- helpers -----------------------------------------------------------------------------

    def _channel(self, request: web.Request) -> Channel:
        channel = self.world.channels.get(snowflake(request, "channel_id"))
        if channel is None or channel.deleted:
            raise unknown_channel()
        if not channel.can(self.world.bot, view_channel=True):
            raise missing_access()
        return channel

    def _thread(self, request: web.Request) -> Thread:
        channel = self._channel(request)
        if not isinstance(channel, Thread):
            raise wrong_channel_type()
        return channel

    @staticmethod
    def _name(body: dict[str, Any], *, required: bool) -> str | None:
        name = body.get("name")
        if name is None and not required:
            return None
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 100:
            raise invalid_form_body({"name": "Must be between 1 and 100 in length."})
        return name

    @staticmethod
    def _duration(body: dict[str, Any], default: int) -> int:
        duration = body.get("auto_archive_duration")
        if duration is None:
            return default
        if duration not in ARCHIVE_DURATIONS:
            raise invalid_form_body(
                {"auto_archive_duration": f"Must be one of {ARCHIVE_DURATIONS}."}
            )
        return int(duration)

    def _user(self, request: web.Request) -> User:
        if request.match_info["user_id"] == "@me":
            return self.world.bot
        user = self.world.users.get(snowflake(request, "user_id"))
        if user is None:
            raise DiscordHTTPError(404, 10013, "Unknown User")
        return user

    # -- starting threads --------------------------------------------------------------------

    async def from_message(self, request: web.Request) -> web.Response:
        """POST /channels/{channel.id}/messages/{message.id}/threads."""
        world, bot = self.world, self.world.bot
        channel = self._channel(request)
        if type(channel) is not Channel or channel.guild is None:
            raise wrong_channel_type()  # not in a forum, a thread or a DM
        if not channel.can(bot, create_public_threads=True):
            raise missing_permissions()
        message = world.messages.get(snowflake(request, "message_id"))
        if (
            message is None
            or message.channel is not channel
            or message.deleted
            or message.ephemeral
        ):
            raise unknown_message()
        if message.id in world.thread_of:
            raise DiscordHTTPError(
                400, 160004, "A thread has already been created for this message"
            )
        body = (await read_body(request)).json
        name = self._name(body, required=True)
        assert name is not None
        thread = start_thread(
            world,
            channel,
            name,
            bot,
            starter=message,
            auto_archive_duration=self._duration(body, 1440),
        )
        return json_response(thread.payload())

    async def without_message(self, request: web.Request) -> web.Response:
        """POST /channels/{channel.id}/threads: a forum post with its first message, or a
        thread of a text channel without one."""
        world, bot = self.world, self.world.bot
        channel = self._channel(request)
        body = await read_body(request)
        data = body.json
        name = self._name(data, required=True)
        assert name is not None
        if isinstance(channel, ForumChannel):
            if not channel.can(bot, send_messages=True):  # "CREATE_PUBLIC_THREADS is ignored"
                raise missing_permissions()
            message_data = data.get("message")
            if not isinstance(message_data, dict):
                raise invalid_form_body({"message": "This field is required"})
            if body.uploads and not channel.can(bot, attach_files=True):
                raise missing_permissions()
            thread = Thread(
                world, channel, name, bot, auto_archive_duration=self._duration(data, 1440)
            )
            # the first message shares the thread's id; it is validated before anything exists
            starter = world.post_message(
                thread,
                bot,
                message_data,
                body.uploads,
                path="message.",
                message_id=thread.id,
                announce=False,
            )
            assert channel.guild is not None
            channel.guild.threads.append(thread)
            world.register_channel(thread)
            thread.members[bot.id] = now_iso()
            world.emit("THREAD_CREATE", {**thread.payload(), "newly_created": True}, GUILDS)
            world.announce_message(starter)
            return json_response({**thread.payload(), "message": starter.payload()})
        if type(channel) is not Channel or channel.guild is None:
            raise wrong_channel_type()
        kind = data.get("type", PRIVATE_THREAD)
        if kind != PUBLIC_THREAD:
            world.problems.append("the fake has no private threads (POST /channels/{id}/threads)")
            raise invalid_form_body({"type": "The fake Discord makes public threads only."})
        if not channel.can(bot, create_public_threads=True):
            raise missing_permissions()
        thread = start_thread(
            world, channel, name, bot, auto_archive_duration=self._duration(data, 1440)
        )
        return json_response(thread.payload())

    # -- changing and deleting ---------------------------------------------------------------

    async def modify(self, request: web.Request) -> web.Response:
        """PATCH /channels/{channel.id}, for threads (the fake changes no other channel)."""
        world, bot = self.world, self.world.bot
        channel = self._channel(request)
        if not isinstance(channel, Thread):
            world.problems.append(f"the fake modifies threads only, not {channel!r}")
            raise wrong_channel_type()
        data = (await read_body(request)).json
        unknown = set(data) - {"name", "archived", "auto_archive_duration", "locked"}
        if unknown:
            world.problems.append(f"the fake does not modify a thread's {sorted(unknown)}")
        manager = channel.manages(bot) or channel.owner is bot
        unarchive = data.get("archived") is False
        if "locked" in data and bool(data["locked"]) != channel.locked and not channel.manages(bot):
            raise missing_permissions()
        if unarchive and channel.archived:
            if bot.id not in channel.members:
                raise missing_permissions()
            if channel.locked and not manager:
                raise locked_thread()
        changes_more = {"name", "auto_archive_duration"} & set(data) or data.get("archived") is True
        if changes_more and not manager:
            raise missing_permissions()
        if channel.archived and not unarchive:
            raise archived_thread()  # "requires the thread to have archived set to false"
        name = self._name(data, required=False)
        if name is not None:
            channel.name = name
        channel.auto_archive_duration = self._duration(data, channel.auto_archive_duration)
        if "locked" in data:
            channel.locked = bool(data["locked"])
        if "archived" in data:
            channel.archived = bool(data["archived"])
        channel._updated()
        return json_response(channel.payload())

    async def delete(self, request: web.Request) -> web.Response:
        """DELETE /channels/{channel.id}: a thread needs Manage Threads (the bot deletes no
        other channel here)."""
        channel = self._channel(request)
        if not isinstance(channel, Thread):
            self.world.problems.append(
                f"the fake lets the bot delete threads only, not {channel!r}"
            )
            raise missing_permissions()
        if not channel.manages(self.world.bot):
            raise missing_permissions()
        assert channel.guild is not None
        delete_channel(self.world, channel.guild, channel)
        return json_response(channel.payload())

    # -- members -----------------------------------------------------------------------------

    async def add_member(self, request: web.Request) -> web.Response:
        """PUT /channels/{thread.id}/thread-members/{@me|user.id}."""
        world, bot = self.world, self.world.bot
        thread = self._thread(request)
        user = self._user(request)
        if thread.archived:
            raise archived_thread()
        if user is not bot:
            if not thread.can_send(bot):  # "requires the ability to send messages in the thread"
                raise missing_permissions()
            if thread.guild is None or user.id not in thread.guild.members:
                raise DiscordHTTPError(404, 10007, "Unknown Member")
            if not thread.can(user, view_channel=True):
                raise missing_access()
        thread.add_member(user)
        world.changed()
        return no_content()

    async def remove_member(self, request: web.Request) -> web.Response:
        """DELETE /channels/{thread.id}/thread-members/{@me|user.id}."""
        bot = self.world.bot
        thread = self._thread(request)
        user = self._user(request)
        if thread.archived:
            raise archived_thread()
        if user is not bot and not thread.manages(bot):
            raise missing_permissions()
        if user.id not in thread.members:
            raise DiscordHTTPError(404, 10007, "Unknown Member")
        thread.remove_member(user)
        return no_content()

    async def list_members(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        return json_response([thread.member_payload(u) for u in thread.members])

    async def get_member(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        user = self._user(request)
        if user.id not in thread.members:
            raise DiscordHTTPError(404, 10007, "Unknown Member")
        return json_response(thread.member_payload(user.id))
