"""Users of the fake Discord, and the test's way to act as one: slash commands, clicks, selects,
messages, and what they can see.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from . import components as c
from .commands import Resolver, build_command_data, check_available
from .errors import (
    ComponentDisabled,
    DiscordHTTPError,
    FakeDiscordError,
    InteractionFailed,
    NotVisible,
    OptionError,
)
from .interactions import APPLICATION_COMMAND, AUTOCOMPLETE, MESSAGE_COMPONENT, InteractionRecord
from .model import Channel, Message, Role

if TYPE_CHECKING:
    from .world import World


class User:
    """A Discord user (``bot`` for the bot itself). Attributes: ``id``, ``username``, ``locale``
    (sent as the interaction ``locale``), ``dms_open`` (False: the bot's DMs fail with 50007).

    Action methods wait by default for the bot's callback and return the
    :class:`~tests.fakediscord.interactions.InteractionRecord`; ``timeout`` defaults to the
    fake's ``response_timeout``. They raise :class:`InteractionFailed` if the bot never answers,
    :class:`BotOffline` if no bot is connected.
    """

    def __init__(
        self, world: World, name: str, *, bot: bool = False, locale: str = "en-US"
    ) -> None:
        self._world = world
        self.id = world.new_id()
        self.username = name
        self.bot = bot
        self.locale = locale
        self.dms_open = True

    def __repr__(self) -> str:
        return f"<User {self.username} id={self.id}>"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": None if self.bot else self.username,
            "avatar": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
            "flags": 0,
        }

    # -- seeing ------------------------------------------------------------------------------

    def visible_messages(self, channel: Channel | None = None) -> list[Message]:
        """What this user sees now, oldest first: public messages of channels they can view,
        their own ephemerals and their DMs; only ``channel``'s if given."""
        channels = [channel] if channel is not None else list(self._world.channels.values())
        found = [m for ch in channels for m in ch.messages if m.visible_to(self)]
        return sorted(found, key=lambda m: m.id)

    def ephemerals(self, channel: Channel | None = None) -> list[Message]:
        """Only the ephemeral messages this user got (in ``channel`` if given), oldest first."""
        return [m for m in self.visible_messages(channel) if m.ephemeral_for is self]

    def dms(self) -> list[Message]:
        """The messages of this user's DM channel with the bot, oldest first."""
        return self.visible_messages(self._world.dm_channel(self))

    # -- acting ------------------------------------------------------------------------------

    async def slash(
        self,
        channel: Channel,
        command: str,
        /,
        *,
        options: Mapping[str, Any] | None = None,
        wait: bool = True,
        timeout: float | None = None,
        bypass_default_permissions: bool = False,
        **kwargs: Any,
    ) -> InteractionRecord:
        """Run ``/command`` in ``channel``: ``alice.slash(ch, "game new", game="artichokes")``.

        The command path may name subcommand groups and subcommands; options are keyword
        arguments (or ``options=`` for names like ``wait``). Values: str, int, float, bool,
        :class:`User`/:class:`Member`, :class:`Role`, :class:`Channel`. Checked against what the
        bot synced: raises :class:`CommandNotFound`, :class:`OptionError`, and
        :class:`CommandUnavailable` where Discord would hide the command from this user
        (``bypass_default_permissions=True`` acts as if a server admin allowed it).
        """
        world = self._world
        self._require_view(channel)
        self._require_composer(channel)
        path = command.strip().lstrip("/").split()
        guild = channel.guild
        found = world.commands.find(guild.id if guild else None, path[0])
        if not bypass_default_permissions:
            check_available(
                found,
                in_dm=guild is None,
                guild_permissions=guild.permissions_for(self) if guild else 0,
                is_owner=guild is not None and guild.owner is self,
            )
        values = {**(options or {}), **kwargs}
        data = build_command_data(found, path, values, Resolver(channel, world.bot))
        record = InteractionRecord(
            world,
            kind=APPLICATION_COMMAND,
            user=self,
            channel=channel,
            name="/" + " ".join(path),
            data=data,
            deadline=world.interaction_deadline,
        )
        return await self._run(record, wait, timeout)

    async def autocomplete(
        self, channel: Channel, command: str, /, *, focused: str, typed: str = "", **kwargs: Any
    ) -> list[dict[str, Any]]:
        """Type ``typed`` into option ``focused`` of ``/command`` (other options as keyword
        arguments) and return the suggestions the bot answered with (``{"name", "value"}``)."""
        world = self._world
        self._require_view(channel)
        path = command.strip().lstrip("/").split()
        guild = channel.guild
        found = world.commands.find(guild.id if guild else None, path[0])
        node = found
        for name in path[1:]:  # into the subcommand (group)
            node = next(o for o in node.get("options") or [] if o["name"] == name)
        option = next((o for o in node.get("options") or [] if o["name"] == focused), None)
        if option is None or not option.get("autocomplete"):
            raise OptionError(f"/{' '.join(path)} has no autocompleted option {focused!r}")
        placeholder = {3: "", 4: 0, 10: 0.0}.get(option["type"], "")
        values = {**kwargs, focused: placeholder}
        data = build_command_data(found, path, values, Resolver(channel, world.bot))
        holder = data["options"]
        for _name in path[1:]:
            holder = holder[0]["options"]
        for entry in holder:
            if entry["name"] == focused:  # what was typed so far, as Discord sends it
                entry.update(value=typed, focused=True)
        record = InteractionRecord(
            world,
            kind=AUTOCOMPLETE,
            user=self,
            channel=channel,
            name="/" + " ".join(path) + f" [{focused}]",
            data=data,
            deadline=world.interaction_deadline,
        )
        await self._run(record, True, None)
        return list(record.choices or [])

    async def click(
        self,
        message: Message,
        *,
        label: str | None = None,
        custom_id: str | None = None,
        custom_id_prefix: str | None = None,
        custom_id_match: str | re.Pattern[str] | None = None,
        wait: bool = True,
        timeout: float | None = None,
    ) -> InteractionRecord:
        """Click the one button on ``message`` matching the criteria (anywhere in the tree).

        Raises :class:`NotVisible` (deleted, someone else's ephemeral), :class:`ComponentNotFound`
        (none or several match; the error lists the buttons), :class:`ComponentDisabled`.
        """
        button = self._component(
            message,
            frozenset({c.BUTTON}),
            label=label,
            custom_id=custom_id,
            custom_id_prefix=custom_id_prefix,
            custom_id_match=custom_id_match,
        )
        if button.get("style") in (c.LINK_STYLE, c.PREMIUM_STYLE):
            raise FakeDiscordError(f"{c.describe(button)} is a link: it sends no interaction")
        data = {"custom_id": button["custom_id"], "component_type": c.BUTTON}
        return await self._component_interaction(message, data, wait, timeout)

    async def select(
        self,
        message: Message,
        values: Sequence[Any],
        *,
        custom_id: str | None = None,
        custom_id_prefix: str | None = None,
        custom_id_match: str | re.Pattern[str] | None = None,
        placeholder: str | None = None,
        wait: bool = True,
        timeout: float | None = None,
    ) -> InteractionRecord:
        """Choose ``values`` in the one select menu on ``message`` matching the criteria.

        For a string select, values are option ``value`` strings; for user/role/channel/
        mentionable selects, the :class:`User`, :class:`Role` or :class:`Channel` objects.
        Raises :class:`OptionError` for values not offered or a count outside min/max_values,
        and what :meth:`click` raises.
        """
        menu = self._component(
            message,
            c.SELECTS,
            custom_id=custom_id,
            custom_id_prefix=custom_id_prefix,
            custom_id_match=custom_id_match,
            placeholder=placeholder,
        )
        low, high = menu.get("min_values", 1), menu.get("max_values", 1)
        if not low <= len(values) <= high:
            raise OptionError(f"{c.describe(menu)} takes {low}..{high} values, got {len(values)}")
        data: dict[str, Any] = {"custom_id": menu["custom_id"], "component_type": menu["type"]}
        if menu["type"] == c.STRING_SELECT:
            offered = [o["value"] for o in menu.get("options") or []]
            wrong = [v for v in values if v not in offered]
            if wrong:
                raise OptionError(f"{c.describe(menu)} offers {offered}, not {wrong}")
            data["values"] = list(values)
        else:
            resolver = Resolver(message.channel, self._world.bot)
            data["values"] = [_resolve(resolver, v) for v in values]
            data["resolved"] = resolver.resolved
        return await self._component_interaction(message, data, wait, timeout)

    async def forge(
        self,
        message: Message,
        custom_id: str,
        values: Sequence[str] | None = None,
        *,
        wait: bool = True,
        timeout: float | None = None,
    ) -> InteractionRecord:
        """Send a component interaction no honest client would: ``custom_id`` (and, for a
        string select, ``values``) as given, with ``message`` as the interaction's message,
        whatever components ``message`` holds — even another user's ephemeral. For tests of
        forged and stale payloads."""
        data: dict[str, Any] = {
            "custom_id": custom_id,
            "component_type": c.BUTTON if values is None else c.STRING_SELECT,
        }
        if values is not None:
            data["values"] = list(values)
        return await self._component_interaction(message, data, wait, timeout)

    async def send(self, channel: Channel, content: str) -> Message:
        """Post a plain message as this user (the bot hears MESSAGE_CREATE)."""
        self._require_view(channel)
        if not channel.can_send(self):
            raise NotVisible(f"{self.username} may not send messages in #{channel.name}")
        try:
            return self._world.post_message(channel, self, {"content": content})
        except DiscordHTTPError as refused:  # a locked thread, a forum channel itself
            raise NotVisible(
                f"{self.username} may not send in #{channel.name}: {refused}"
            ) from None

    def delete(self, message: Message) -> None:
        """Delete ``message`` as this user would: their own, or anyone's with Manage Messages."""
        if not message.visible_to(self):
            raise NotVisible(f"{self.username} cannot see {message!r}")
        if message.author is not self and not message.channel.can(self, manage_messages=True):
            raise NotVisible(f"{self.username} may not delete {message!r} (no Manage Messages)")
        self._world.delete_message(message)

    # -- helpers -----------------------------------------------------------------------------

    def _require_view(self, channel: Channel) -> None:
        if channel.deleted or not channel.can(self, view_channel=True):
            raise NotVisible(f"{self.username} cannot see #{channel.name}")

    @staticmethod
    def _require_composer(channel: Channel) -> None:
        """Commands are typed in a message box: a forum channel has none (only its posts do),
        and Discord lets nobody use commands in an archived thread (topics/threads.mdx)."""
        if channel.kind == 15:
            raise FakeDiscordError(f"#{channel.name} is a forum: commands are run in its posts")
        if getattr(channel, "archived", False):
            raise FakeDiscordError(f"#{channel.name} is an archived thread: no commands there")

    def _component(
        self, message: Message, types: frozenset[int], **criteria: Any
    ) -> dict[str, Any]:
        if not message.visible_to(self):
            why = "it was deleted" if message.deleted else "it is not visible to them"
            raise NotVisible(f"{self.username} cannot use {message!r}: {why}")
        component = c.find(message.components, types=types, **criteria)
        if component.get("disabled"):
            raise ComponentDisabled(f"{c.describe(component)} on {message!r} is disabled")
        return component

    async def _component_interaction(
        self, message: Message, data: dict[str, Any], wait: bool, timeout: float | None
    ) -> InteractionRecord:
        record = InteractionRecord(
            self._world,
            kind=MESSAGE_COMPONENT,
            user=self,
            channel=message.channel,
            name=str(data["custom_id"]),
            data=data,
            message=message,
            deadline=self._world.interaction_deadline,
        )
        return await self._run(record, wait, timeout)

    async def _run(
        self, record: InteractionRecord, wait: bool, timeout: float | None
    ) -> InteractionRecord:
        world = self._world
        world.interactions.add(record)
        world.deliver_interaction(record)
        if not wait:
            return record
        timeout = world.response_timeout if timeout is None else timeout
        try:
            await asyncio.wait_for(asyncio.shield(record.answered), timeout)
        except TimeoutError:
            connected = "a bot is connected" if world.bot_connected() else "no bot is connected"
            raise InteractionFailed(
                f"the bot did not answer {record!r} within {timeout} s ({connected}; users see "
                f"'This interaction failed' after {record.deadline} s)",
                record,
            ) from None
        if record.refused_late_at is not None and record.sent_at is not None:
            took = record.refused_late_at - record.sent_at
            raise InteractionFailed(
                f"the bot answered {record!r} after {took:.2f} s, past the {record.deadline} s "
                "deadline: Discord refused it (404/10062) and users saw 'This interaction failed'",
                record,
            )
        return record


def _resolve(resolver: Resolver, value: Any) -> str:
    if isinstance(value, Role):
        return resolver.add_role(value)
    if isinstance(value, Channel):
        return resolver.add_channel(value)
    if isinstance(value, User):
        return resolver.add_user(value)
    raise OptionError(f"cannot select {value!r}: give a User, Role or Channel")
