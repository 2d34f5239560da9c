"""The fake's world as data: guilds, roles, members, channels, messages and attachments.

Each entity renders itself as the JSON Discord sends (``payload()``). Changes a test makes
(``guild.add_text_channel``, ``channel.set_permissions``, ``member.add_role`` ...) are told to the
connected bot as the gateway events Discord would send.
"""

from __future__ import annotations

import datetime as dt
import re
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from . import components, permissions

if TYPE_CHECKING:
    from .interactions import InteractionRecord
    from .users import User

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL, LOADING, SUPPRESS_EMBEDS, IS_COMPONENTS_V2 = 1 << 6, 1 << 7, 1 << 2, 1 << 15
GUILDS, GUILD_MEMBERS, GUILD_MESSAGES, DIRECT_MESSAGES = 1 << 0, 1 << 1, 1 << 9, 1 << 12
MESSAGE_CONTENT = 1 << 15
DEFAULT, CHAT_INPUT_COMMAND = 0, 20  # message types
APPLICATION_COMMAND = 2  # interaction type


class WorldHooks(Protocol):
    """What entities need from the world that holds them."""

    def new_id(self) -> int: ...

    def emit(self, event: str, data: dict[str, Any], intent: int) -> None: ...

    def changed(self) -> None: ...

    def register_channel(self, channel: Channel) -> None: ...

    @property
    def bot(self) -> User: ...


class Snowflakes:
    """Real-looking, strictly increasing snowflake ids (creation time in the high bits)."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        now = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(now, self._last + 1)
        return self._last

    def next_in_shard(self, shard_id: int, shard_count: int) -> int:
        """The next id whose guild is on shard ``shard_id`` of ``shard_count`` (``(id >> 22) %
        shard_count``: its millisecond), a few milliseconds ahead at most."""
        ms = max(self.next() >> 22, 1)
        ms += (shard_id - ms) % shard_count
        self._last = ms << 22
        return self._last


def now_iso() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


def _overwrite_bits(flags: dict[str, bool | None], old: tuple[int, int]) -> tuple[int, int]:
    allow, deny = old
    for name, state in flags.items():
        bit = permissions.value(**{name: True})
        allow &= ~bit
        deny &= ~bit
        if state is True:
            allow |= bit
        elif state is False:
            deny |= bit
    return allow, deny


class Role:
    """A guild role; ``id == guild.id`` for @everyone. ``permissions`` is an int of bits."""

    def __init__(
        self, world: WorldHooks, guild: Guild, name: str, bits: int, *, role_id: int | None = None
    ) -> None:
        self._world = world
        self.id = role_id if role_id is not None else world.new_id()
        self.guild = guild
        self.name = name
        self.permissions = bits
        self.position = len(guild.roles)
        self.bot_id: int | None = None

    def __repr__(self) -> str:
        return f"<Role {self.name!r} id={self.id}>"

    def set_permissions(self, **flags: bool) -> None:
        """Grant (True) or remove (False) permissions: ``role.set_permissions(manage_guild=True)``.
        The bot sees GUILD_ROLE_UPDATE."""
        allow, deny = permissions.split(**flags)
        self.permissions = (self.permissions & ~deny) | allow
        self._world.emit(
            "GUILD_ROLE_UPDATE", {"guild_id": str(self.guild.id), "role": self.payload()}, GUILDS
        )
        self._world.changed()

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.bot_id is not None,
            "mentionable": False,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


class Member:
    """A user's membership of a guild: their roles and join time."""

    def __init__(self, world: WorldHooks, guild: Guild, user: User, roles: list[Role]) -> None:
        self._world = world
        self.guild = guild
        self.user = user
        self.roles = roles
        self.joined_at = now_iso()

    def __repr__(self) -> str:
        return f"<Member {self.user.username!r} of {self.guild.name!r}>"

    def add_role(self, role: Role) -> None:
        """Give the member ``role`` (the bot sees GUILD_MEMBER_UPDATE)."""
        if role not in self.roles:
            self.roles.append(role)
            self._updated()

    def remove_role(self, role: Role) -> None:
        """Take ``role`` away from the member."""
        if role in self.roles:
            self.roles.remove(role)
            self._updated()

    def _updated(self) -> None:
        data = {"guild_id": str(self.guild.id), **self.payload()}
        intent = 0 if self.user is self._world.bot else GUILD_MEMBERS
        self._world.emit("GUILD_MEMBER_UPDATE", data, intent)
        self._world.changed()

    def payload(self, *, with_user: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r.id) for r in self.roles],
            "joined_at": self.joined_at,
            "nick": None,
            "avatar": None,
            "banner": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "premium_since": None,
            "communication_disabled_until": None,
            "flags": 0,
        }
        if with_user:
            data["user"] = self.user.payload()
        return data


class Channel:
    """A guild text channel (``guild`` set) or a DM channel with ``recipient``. Forum channels
    and threads are its subclasses (``tests/fakediscord/threads.py``)."""

    kind = 0
    """The channel type of a guild channel (0: GUILD_TEXT)."""

    def __init__(
        self,
        world: WorldHooks,
        name: str,
        *,
        guild: Guild | None = None,
        recipient: User | None = None,
    ) -> None:
        self._world = world
        self.id = world.new_id()
        self.name = name
        self.guild = guild
        self.recipient = recipient
        self.position = len(guild.channels) if guild else 0
        self.overwrites: dict[int, tuple[int, int, int]] = {}  # target id -> (type, allow, deny)
        self.messages: list[Message] = []
        self.deleted = False
        """Deleted (``guild.delete_channel``): its messages are gone with it, REST gets 404."""

    def __repr__(self) -> str:
        return f"<Channel #{self.name} id={self.id}>"

    @property
    def is_dm(self) -> bool:
        return self.guild is None

    def set_permissions(self, target: User | Role | Member, **flags: bool | None) -> None:
        """Set a channel overwrite for a user, member or role: True allows, False denies, None
        inherits. ``channel.set_permissions(bot, send_messages=False)``. The bot sees
        CHANNEL_UPDATE.
        """
        if self.guild is None:
            raise ValueError("DM channels have no permission overwrites")
        if isinstance(target, Member):
            target = target.user
        kind = 0 if isinstance(target, Role) else 1
        _, allow, deny = self.overwrites.get(target.id, (kind, 0, 0))
        allow, deny = _overwrite_bits(flags, (allow, deny))
        if allow or deny:
            self.overwrites[target.id] = (kind, allow, deny)
        else:
            self.overwrites.pop(target.id, None)
        self._world.emit("CHANNEL_UPDATE", self.payload(), GUILDS)
        self._world.changed()

    def permissions_for(self, user: User) -> int:
        """The user's permission bits here, overwrites included (Discord's algorithm)."""
        if self.guild is None:
            return permissions.DM if user in (self.recipient, self._world.bot) else 0
        member = self.guild.members.get(user.id)
        if member is None:
            return 0

        def overwrite(target_id: int) -> tuple[int, int] | None:
            found = self.overwrites.get(target_id)
            return (found[1], found[2]) if found else None

        return permissions.resolve(
            is_owner=self.guild.owner is user,
            everyone=self.guild.everyone.permissions,
            roles=[r.permissions for r in member.roles],
            everyone_overwrite=overwrite(self.guild.id),
            role_overwrites=[o for r in member.roles if (o := overwrite(r.id))],
            member_overwrite=overwrite(user.id),
        )

    def can(self, user: User, **flags: bool) -> bool:
        """Whether ``user`` has every permission named: ``channel.can(bot, send_messages=True)``."""
        wanted = permissions.value(**flags)
        return self.permissions_for(user) & wanted == wanted

    def can_send(self, user: User) -> bool:
        """Whether ``user`` may post a message here (Send Messages; in a thread, Send Messages
        in Threads)."""
        return self.can(user, send_messages=True)

    def payload(self, *, permissions_for: User | None = None) -> dict[str, Any]:
        last = next((m.id for m in reversed(self.messages) if not m.ephemeral_for), None)
        data: dict[str, Any] = {
            "id": str(self.id),
            "last_message_id": str(last) if last else None,
            "flags": 0,
        }
        if self.guild is None:
            assert self.recipient is not None
            data |= {"type": 1, "recipients": [self.recipient.payload()]}
        else:
            data |= {
                "type": self.kind,
                "guild_id": str(self.guild.id),
                "name": self.name,
                "position": self.position,
                "parent_id": None,
                "topic": None,
                "nsfw": False,
                "rate_limit_per_user": 0,
                "permission_overwrites": [
                    {"id": str(i), "type": t, "allow": str(a), "deny": str(d)}
                    for i, (t, a, d) in self.overwrites.items()
                ],
            }
        if permissions_for is not None:
            data["permissions"] = str(self.permissions_for(permissions_for))
        return data


class Guild:
    """A guild with its @everyone role, the bot's managed role, channels and members."""

    def __init__(
        self, world: WorldHooks, name: str, owner: User, *, guild_id: int | None = None
    ) -> None:
        self._world = world
        self.id = world.new_id() if guild_id is None else guild_id
        self.name = name
        self.owner = owner
        self.preferred_locale = "en-US"
        self.roles: list[Role] = []
        self.everyone = Role(
            world, self, "@everyone", permissions.DEFAULT_EVERYONE, role_id=self.id
        )
        self.roles.append(self.everyone)
        self.channels: list[Channel] = []
        self.threads: list[Channel] = []
        """Its threads (``tests.fakediscord.threads.Thread``), deleted ones included."""
        self.members: dict[int, Member] = {}
        self.bot_role: Role | None = None

    def __repr__(self) -> str:
        return f"<Guild {self.name!r} id={self.id}>"

    def add_text_channel(self, name: str) -> Channel:
        """A new text channel (the bot sees CHANNEL_CREATE)."""
        channel = Channel(self._world, name, guild=self)
        self.channels.append(channel)
        self._world.register_channel(channel)
        self._world.emit("CHANNEL_CREATE", channel.payload(), GUILDS)
        return channel

    def add_forum_channel(self, name: str) -> Channel:
        """A new forum channel, where each conversation is a post (a thread); see
        ``tests.fakediscord.threads``."""
        from .threads import ForumChannel

        channel = ForumChannel(self._world, name, guild=self)
        self.channels.append(channel)
        self._world.register_channel(channel)
        self._world.emit("CHANNEL_CREATE", channel.payload(), GUILDS)
        return channel

    def delete_channel(self, channel: Channel) -> None:
        """Delete ``channel`` as a moderator would: a thread (THREAD_DELETE), or a channel with
        its threads (CHANNEL_DELETE; Discord sends nothing for each of its threads)."""
        from .threads import delete_channel

        delete_channel(self._world, self, channel)

    def add_role(self, name: str, **flags: bool) -> Role:
        """A new role granting the permissions named True:
        ``guild.add_role("Mods", manage_messages=True)``."""
        role = Role(self._world, self, name, permissions.value(**flags))
        self.roles.append(role)
        self._world.emit(
            "GUILD_ROLE_CREATE", {"guild_id": str(self.id), "role": role.payload()}, GUILDS
        )
        return role

    def add_member(self, user: User, *roles: Role) -> Member:
        """Make ``user`` a member with ``roles`` (the bot sees GUILD_MEMBER_ADD if it asked for
        the members intent). For an existing member, adds the missing ``roles``."""
        if user.id in self.members:
            member = self.members[user.id]
            for role in roles:
                member.add_role(role)
            return member
        member = Member(self._world, self, user, list(roles))
        self.members[user.id] = member
        if user is not self._world.bot:
            data = {"guild_id": str(self.id), **member.payload()}
            self._world.emit("GUILD_MEMBER_ADD", data, GUILD_MEMBERS)
        self._world.changed()
        return member

    def member(self, user: User) -> Member:
        """The membership of ``user``; ``KeyError`` if not a member."""
        try:
            return self.members[user.id]
        except KeyError:
            raise KeyError(f"{user.username} is not a member of {self.name}") from None

    def permissions_for(self, user: User) -> int:
        """The user's guild-level permission bits (roles only, no channel overwrites)."""
        member = self.members.get(user.id)
        if member is None:
            return 0
        return permissions.resolve(
            is_owner=self.owner is user,
            everyone=self.everyone.permissions,
            roles=[r.permissions for r in member.roles],
            everyone_overwrite=None,
            role_overwrites=[],
            member_overwrite=None,
        )

    def channel(self, name: str) -> Channel:
        """The channel called ``name``."""
        for channel in self.channels:
            if channel.name == name:
                return channel
        raise KeyError(f"no channel #{name} in {self.name}")

    def payload(self) -> dict[str, Any]:
        """The GUILD_CREATE payload: everything, all members, ``member_count`` = members sent."""
        members = [m.payload() for m in self.members.values()]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "owner_id": str(self.owner.id),
            "unavailable": False,
            "large": False,
            "member_count": len(members),
            "members": members,
            "roles": [r.payload() for r in self.roles],
            "channels": [c.payload() for c in self.channels],
            "threads": [t.payload() for t in self.threads if t.active],  # type: ignore[attr-defined]
            "voice_states": [],
            "presences": [],
            "emojis": [],
            "stickers": [],
            "features": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "preferred_locale": self.preferred_locale,
            "joined_at": now_iso(),
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "system_channel_id": None,
            "afk_timeout": 300,
            "description": None,
        }

    def rest_payload(self) -> dict[str, Any]:
        """The guild object of ``GET /guilds/{guild.id}``: GUILD_CREATE's fields without
        those only the gateway sends (members, channels, threads, ``joined_at`` ...)."""
        gateway_only = {
            "unavailable", "large", "member_count", "members", "channels", "threads",
            "voice_states", "presences", "stage_instances", "guild_scheduled_events",
            "soundboard_sounds", "joined_at",
        }  # fmt: skip
        return {k: v for k, v in self.payload().items() if k not in gateway_only}


@dataclass(eq=False, repr=False)
class Attachment:
    """An uploaded file kept with its bytes; ``url`` serves them from the fake."""

    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None

    def __repr__(self) -> str:
        return f"<Attachment {self.filename!r} {len(self.data)} bytes>"

    def media(self) -> dict[str, Any]:
        """How a component that refers to it (``attachment://NAME``) reads once resolved."""
        data: dict[str, Any] = {
            "url": self.url,
            "proxy_url": self.url,
            "attachment_id": str(self.id),
        }
        if self.content_type:
            data["content_type"] = self.content_type
        return data

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.content_type:
            data["content_type"] = self.content_type
        if self.description:
            data["description"] = self.description
        return data


_USER_MENTION = re.compile(r"<@!?(\d+)>")


class Message:
    """A message as users see it now: edits change it in place, deletion sets ``deleted``.

    ``ephemeral_for`` is the only user who sees it (None: whoever sees the channel);
    ``interaction`` is the interaction whose answer it is, if any.
    """

    def __init__(
        self,
        world: WorldHooks,
        channel: Channel,
        author: User,
        *,
        ephemeral_for: User | None = None,
        interaction: InteractionRecord | None = None,
    ) -> None:
        self._world = world
        self.id = world.new_id()
        self.channel = channel
        self.author = author
        self.ephemeral_for = ephemeral_for
        self.interaction = interaction
        self.created_at = now_iso()
        self.content = ""
        self.embeds: list[dict[str, Any]] = []
        self.components: list[dict[str, Any]] = []
        self.attachments: list[Attachment] = []
        self.flags = EPHEMERAL if ephemeral_for else 0
        self.mentions: list[User] = []
        self.mention_everyone = False
        self.edited_at: str | None = None
        self.edit_count = 0
        self.deleted = False
        self.nonce: str | None = None
        """The ``nonce`` of the create request (Discord echoes it in the message)."""
        self.created_monotonic = time.monotonic()

    def __repr__(self) -> str:
        who = f" ephemeral for {self.ephemeral_for.username}" if self.ephemeral_for else ""
        gone = " deleted" if self.deleted else ""
        return f"<Message {self.id} in #{self.channel.name}{who}{gone}: {self.text()[:60]!r}>"

    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_for is not None

    @property
    def loading(self) -> bool:
        """True while this is a deferred "Bot is thinking..." answer not yet completed."""
        return bool(self.flags & LOADING)

    def text(self) -> str:
        """Everything readable: content, embed title/description/fields/footer, V2 text displays."""
        return components.text(self.content, self.embeds, self.components)

    def buttons(self) -> list[dict[str, Any]]:
        """Every button in the component tree, as sent."""
        return components.buttons(self.components)

    def labels(self) -> list[str]:
        """The labels of all buttons, in order."""
        return [str(b.get("label")) for b in self.buttons() if b.get("label") is not None]

    def selects(self) -> list[dict[str, Any]]:
        """Every select menu in the component tree, as sent."""
        return components.selects(self.components)

    def pictures(self) -> list[Attachment]:
        """The attachments its media galleries show, in order (what a user sees as images)."""
        shown = []
        by_id = {a.id: a for a in self.attachments}
        for item in components.gallery_items(self.components):
            found = by_id.get(int((item.get("media") or {}).get("attachment_id") or 0))
            if found is not None:
                shown.append(found)
        return shown

    def listed_attachments(self) -> list[Attachment]:
        """The attachments the message JSON lists: those no component or embed shows.

        developers/resources/message.mdx, Message Structure: ``attachments`` holds "any
        attached files that are not referenced in embeds or components" (a picture a media
        gallery shows is not listed; discord/discord-api-docs#8277, closed as intended).
        ``attachments`` keeps them all, for tests."""
        shown = components.shown_attachment_ids(self.components)
        named = {
            str((embed.get(key) or {}).get("url", "")).removeprefix("attachment://")
            for embed in self.embeds
            for key in ("image", "thumbnail")
        }
        return [a for a in self.attachments if str(a.id) not in shown and a.filename not in named]

    def visible_to(self, user: User) -> bool:
        """Whether ``user`` sees this message now: not deleted, and their ephemeral or in a
        channel they can view."""
        if self.deleted or self.channel.deleted:
            return False
        if self.ephemeral_for is not None:
            return self.ephemeral_for is user
        return self.channel.can(user, view_channel=True)

    def set_mentions(self, allowed: dict[str, Any] | None, users: dict[int, User]) -> None:
        """Work out who is pinged from ``<@id>`` in the content and ``allowed_mentions``."""
        mentioned = [users[int(i)] for i in _USER_MENTION.findall(self.content) if int(i) in users]
        if allowed is not None:
            parse = allowed.get("parse") or []
            explicit = {int(i) for i in allowed.get("users") or []}
            mentioned = [u for u in mentioned if "users" in parse or u.id in explicit]
            everyone_ok = "everyone" in parse
        else:
            everyone_ok = True
        self.mentions = list(dict.fromkeys(mentioned))
        self.mention_everyone = everyone_ok and (
            "@everyone" in self.content or "@here" in self.content
        )

    def payload(self, *, with_member: bool = False) -> dict[str, Any]:
        """The message JSON; ``with_member`` adds the author's partial member (gateway events)."""
        channel = self.channel
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.created_at,
            "edited_timestamp": self.edited_at,
            "tts": False,
            "mention_everyone": self.mention_everyone,
            "mentions": [u.payload() for u in self.mentions],
            "mention_roles": [],
            "attachments": [a.payload() for a in self.listed_attachments()],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": 0,
            "flags": self.flags,
        }
        if self.nonce is not None:
            data["nonce"] = self.nonce
        if channel.guild is not None:
            data["guild_id"] = str(channel.guild.id)
            member = channel.guild.members.get(self.author.id)
            if with_member and member is not None:
                data["member"] = member.payload(with_user=False)
        record = self.interaction
        if record is not None:
            data["type"] = CHAT_INPUT_COMMAND if record.type == APPLICATION_COMMAND else DEFAULT
            data["webhook_id"] = str(self._world.bot.id)
            data["application_id"] = str(self._world.bot.id)
            data["interaction_metadata"] = record.metadata()
        return data
