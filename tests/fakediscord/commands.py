"""The application commands the bot synced, and turning ``slash("game new", game="x")`` into
the ``data`` Discord sends with a type 2 INTERACTION_CREATE.

Commands are kept as the bot sent them (plus ``id``, ``application_id``, ``version`` and, for
guild commands, ``guild_id``); a bulk overwrite keeps the id of a command whose name and type
did not change, as Discord does.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from . import permissions
from .errors import CommandNotFound, CommandUnavailable, OptionError, invalid_form_body
from .model import Channel, Member, Role

if TYPE_CHECKING:
    from .users import User

SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER = 1, 2, 3, 4, 5, 6
CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 7, 8, 9, 10, 11
CHAT_INPUT = 1
_TYPE_NAMES = {
    STRING: "string",
    INTEGER: "integer",
    BOOLEAN: "boolean",
    USER: "user",
    CHANNEL: "channel",
    ROLE: "role",
    MENTIONABLE: "mentionable",
    NUMBER: "number",
    ATTACHMENT: "attachment",
}

Key = tuple[str, int]


class CommandRegistry:
    """Global and per-guild commands, as the bot last synced them."""

    def __init__(self, new_id: Callable[[], int], application_id: int) -> None:
        self._new_id = new_id
        self._application_id = application_id
        self._scopes: dict[int | None, dict[Key, dict[str, Any]]] = {None: {}}
        self.syncs = 0
        """How many bulk overwrites the bot made (global and guild)."""

    def list(self, guild_id: int | None) -> list[dict[str, Any]]:
        """The commands of one scope (``None``: global)."""
        return list(self._scopes.get(guild_id, {}).values())

    def overwrite(
        self, guild_id: int | None, commands: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """Replace a scope's commands (``PUT .../commands``); returns what Discord would."""
        old = self._scopes.get(guild_id, {})
        new: dict[Key, dict[str, Any]] = {}
        for command in commands:
            key = (command["name"], command.get("type", CHAT_INPUT))
            new[key] = self._stored(guild_id, command, old.get(key))
        self._scopes[guild_id] = new
        self.syncs += 1
        return list(new.values())

    def upsert(self, guild_id: int | None, command: dict[str, Any]) -> dict[str, Any]:
        """Create or replace one command (``POST .../commands``)."""
        scope = self._scopes.setdefault(guild_id, {})
        key = (command["name"], command.get("type", CHAT_INPUT))
        scope[key] = self._stored(guild_id, command, scope.get(key))
        return scope[key]

    def get(self, guild_id: int | None, command_id: int) -> dict[str, Any] | None:
        return next((c for c in self.list(guild_id) if int(c["id"]) == command_id), None)

    def delete(self, guild_id: int | None, command_id: int) -> bool:
        scope = self._scopes.get(guild_id, {})
        for key, command in list(scope.items()):
            if int(command["id"]) == command_id:
                del scope[key]
                return True
        return False

    def _stored(
        self, guild_id: int | None, command: dict[str, Any], previous: dict[str, Any] | None
    ) -> dict[str, Any]:
        stored = {
            "type": CHAT_INPUT,
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            **command,
            "id": previous["id"] if previous else str(self._new_id()),
            "application_id": str(self._application_id),
            "version": str(self._new_id()),
        }
        if guild_id is not None:
            stored["guild_id"] = str(guild_id)
        return stored

    def paths(self, guild_id: int | None) -> list[str]:
        """Every invocable slash path in reach of a channel of ``guild_id``, sorted
        (``["game new", "ping"]``)."""
        found: list[str] = []
        scopes = [guild_id, None] if guild_id is not None else [None]
        for scope in scopes:
            for command in self.list(scope):
                if command.get("type", CHAT_INPUT) == CHAT_INPUT:
                    found.extend(_leaf_paths(command["name"], command))
        return sorted(found)

    def find(self, guild_id: int | None, name: str) -> dict[str, Any]:
        """The chat-input command ``name`` a user in that guild (None: a DM) can reach: guild
        commands first, then global ones. Raises :class:`CommandNotFound`."""
        scopes = [guild_id, None] if guild_id is not None else [None]
        for scope in scopes:
            command = self._scopes.get(scope, {}).get((name, CHAT_INPUT))
            if command is not None:
                return command
        available = ", ".join(f"/{p}" for p in self.paths(guild_id)) or "none (did it sync?)"
        raise CommandNotFound(f"/{name} is not among the commands the bot synced: {available}")


_NAME = re.compile(r"^[-_'\w]{1,32}$")


def validate_commands(commands: Any) -> None:
    """Raise 400/50035 where Discord would refuse a command list (names, descriptions, option
    counts and order, duplicate names, choices)."""
    if not isinstance(commands, list):
        raise invalid_form_body({"_root": "Must be an array of commands."})
    problems: dict[str, str] = {}
    seen: set[tuple[str, int]] = set()
    for i, command in enumerate(commands):
        key = (str(command.get("name")), command.get("type", CHAT_INPUT))
        if key in seen:
            problems[f"{i}.name"] = f"Application command names must be unique: {key[0]!r}"
        seen.add(key)
        _check_node(command, str(i), problems, chat_input=key[1] == CHAT_INPUT)
    if problems:
        raise invalid_form_body(problems)


LOCALES = frozenset(
    [
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    ]
)
"""Discord's locales (the keys a ``*_localizations`` object may have)."""


def _check_localizations(node: dict[str, Any], path: str, problems: dict[str, str]) -> None:
    """Localized names follow the rule of names; localized descriptions its length."""
    for field in ("name_localizations", "description_localizations"):
        for locale, text in (node.get(field) or {}).items():
            where = f"{path}.{field}.{locale}"
            if locale not in LOCALES:
                problems[where] = f"Invalid locale {locale!r}."
            elif field == "name_localizations" and (
                not _NAME.match(str(text)) or text != str(text).lower()
            ):
                problems[where] = f"Invalid name {text!r}: 1-32 lowercase letters, digits, - or _."
            elif field == "description_localizations" and not 1 <= len(str(text)) <= 100:
                problems[where] = "Must be between 1 and 100 in length."


def _check_node(
    node: dict[str, Any], path: str, problems: dict[str, str], *, chat_input: bool
) -> None:
    name = str(node.get("name", ""))
    if chat_input and (not _NAME.match(name) or name != name.lower()):
        problems[f"{path}.name"] = f"Invalid name {name!r}: 1-32 lowercase letters, digits, - or _."
    if chat_input and not 1 <= len(str(node.get("description") or "")) <= 100:
        problems[f"{path}.description"] = "Must be between 1 and 100 in length."
    _check_localizations(node, path, problems)
    options = node.get("options") or []
    for locale in {k for o in options for k in (o.get("name_localizations") or {})}:
        localized = [(o.get("name_localizations") or {}).get(locale, o["name"]) for o in options]
        if len(set(localized)) != len(localized):
            problems[f"{path}.options"] = f"Option names must be unique in {locale}."
    if len(options) > 25:
        problems[f"{path}.options"] = "Must be 25 or fewer in length."
    names = [o.get("name") for o in options]
    if len(set(names)) != len(names):
        problems[f"{path}.options"] = "Option names must be unique."
    required = [bool(o.get("required")) for o in options if o.get("type") not in (1, 2)]
    if required != sorted(required, reverse=True):
        problems[f"{path}.options"] = "Required options must be placed before non-required options."
    for j, option in enumerate(options):
        if len(option.get("choices") or []) > 25:
            problems[f"{path}.options.{j}.choices"] = "Must be 25 or fewer in length."
        for k, choice in enumerate(option.get("choices") or []):
            for locale, text in (choice.get("name_localizations") or {}).items():
                if locale not in LOCALES or not 1 <= len(str(text)) <= 100:
                    problems[f"{path}.options.{j}.choices.{k}.name_localizations.{locale}"] = (
                        "Must be between 1 and 100 in length, for a Discord locale."
                    )
        _check_node(option, f"{path}.options.{j}", problems, chat_input=True)


def _leaf_paths(prefix: str, node: dict[str, Any]) -> list[str]:
    subs = [o for o in node.get("options") or [] if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if not subs:
        return [prefix]
    return [p for sub in subs for p in _leaf_paths(f"{prefix} {sub['name']}", sub)]


def check_available(
    command: dict[str, Any], *, in_dm: bool, guild_permissions: int, is_owner: bool
) -> None:
    """Raise :class:`CommandUnavailable` where Discord would not offer ``command`` to the user:
    ``default_member_permissions`` not held in the guild, or a guild-only command in a DM."""
    name = command["name"]
    if in_dm:
        contexts = command.get("contexts")
        if command.get("guild_id") or command.get("dm_permission") is False:
            raise CommandUnavailable(f"/{name} cannot be used in DMs")
        if contexts is not None and 1 not in contexts:
            raise CommandUnavailable(f"/{name} is not enabled in bot DMs (contexts={contexts})")
        return
    required = command.get("default_member_permissions")
    if required is None or is_owner or guild_permissions & permissions.ADMINISTRATOR:
        return
    bits = int(required)
    if bits == 0 or guild_permissions & bits != bits:
        missing = sorted(permissions.names(bits & ~guild_permissions)) or ["administrator"]
        raise CommandUnavailable(
            f"/{name} needs {missing} (default_member_permissions={required}); pass "
            "bypass_default_permissions=True to act as if a server admin allowed it"
        )


class Resolver:
    """Renders resolved users/members/channels/roles for the guild the command runs in."""

    def __init__(self, channel: Channel, bot: User) -> None:
        self.channel = channel
        self.bot = bot
        self.resolved: dict[str, dict[str, Any]] = {}

    def add_user(self, user: User) -> str:
        self.resolved.setdefault("users", {})[str(user.id)] = user.payload()
        guild = self.channel.guild
        member = guild.members.get(user.id) if guild else None
        if member is not None:
            data = member.payload(with_user=False)
            data["permissions"] = str(self.channel.permissions_for(user))
            self.resolved.setdefault("members", {})[str(user.id)] = data
        return str(user.id)

    def add_role(self, role: Role) -> str:
        self.resolved.setdefault("roles", {})[str(role.id)] = role.payload()
        return str(role.id)

    def add_channel(self, channel: Channel) -> str:
        data = channel.payload()
        data["permissions"] = str(channel.permissions_for(self.bot))
        self.resolved.setdefault("channels", {})[str(channel.id)] = data
        return str(channel.id)


def build_command_data(
    command: dict[str, Any], path: list[str], values: Mapping[str, Any], resolver: Resolver
) -> dict[str, Any]:
    """The interaction ``data`` for ``/path...`` with option ``values``.

    ``path`` is the full invocation split on spaces (``["game", "new"]``). Raises
    :class:`CommandNotFound` for an unknown subcommand (or a group invoked without one) and
    :class:`OptionError` for unknown, missing, mistyped or out-of-choice options.
    """
    top: list[dict[str, Any]] = []
    holder, node = top, command
    for name in path[1:]:
        subs = {
            o["name"]: o
            for o in node.get("options") or []
            if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
        }
        if name not in subs:
            raise CommandNotFound(
                f"/{' '.join(path)}: /{command['name']} has no {name!r} there; "
                f"synced: {', '.join('/' + p for p in _leaf_paths(command['name'], command))}"
            )
        node = subs[name]
        entry: dict[str, Any] = {"type": node["type"], "name": name, "options": []}
        holder.append(entry)
        holder = entry["options"]
    leaf_options = node.get("options") or []
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in leaf_options):
        raise CommandNotFound(
            f"/{' '.join(path)} needs a subcommand: "
            f"{', '.join('/' + p for p in _leaf_paths(' '.join(path), node))}"
        )
    known = {o["name"]: o for o in leaf_options}
    where = f"/{' '.join(path)}"
    unknown = sorted(set(values) - set(known))
    if unknown:
        raise OptionError(f"{where} has no option(s) {unknown}; it has {sorted(known)}")
    missing = [o["name"] for o in leaf_options if o.get("required") and o["name"] not in values]
    if missing:
        raise OptionError(f"{where} requires option(s) {missing}")
    for option in leaf_options:
        if option["name"] in values:
            value = _convert(option, values[option["name"]], resolver, where)
            holder.append({"type": option["type"], "name": option["name"], "value": value})
    data: dict[str, Any] = {
        "id": command["id"],
        "name": command["name"],
        "type": CHAT_INPUT,
        "options": top,
    }
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    if resolver.resolved:
        data["resolved"] = resolver.resolved
    return data


def _convert(option: dict[str, Any], value: Any, resolver: Resolver, where: str) -> Any:
    kind, name = option["type"], option["name"]
    label = f"{where} option {name!r} ({_TYPE_NAMES.get(kind, kind)})"
    if kind == STRING and isinstance(value, str):
        low, high = option.get("min_length", 0), option.get("max_length", 6000)
        if not low <= len(value) <= high:
            raise OptionError(f"{label}: length must be within [{low}, {high}]")
    elif (
        kind in (INTEGER, NUMBER) and isinstance(value, int | float) and not isinstance(value, bool)
    ):
        if kind == INTEGER and not isinstance(value, int):
            raise OptionError(f"{label}: {value!r} is not an integer")
        low, high = option.get("min_value"), option.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise OptionError(f"{label}: {value!r} is outside [{low}, {high}]")
    elif kind == BOOLEAN and isinstance(value, bool):
        pass
    elif kind in (USER, MENTIONABLE) and isinstance(value, Member):
        return resolver.add_user(value.user)
    elif kind in (USER, MENTIONABLE) and hasattr(value, "username"):
        return resolver.add_user(value)
    elif kind in (ROLE, MENTIONABLE) and isinstance(value, Role):
        return resolver.add_role(value)
    elif kind == CHANNEL and isinstance(value, Channel):
        types = option.get("channel_types")
        if types and (1 if value.is_dm else 0) not in types:
            raise OptionError(f"{label}: channel type not in {types}")
        return resolver.add_channel(value)
    else:
        raise OptionError(f"{label}: cannot take {value!r}")
    choices = option.get("choices")
    if choices:
        allowed = [c["value"] for c in choices]
        if value not in allowed:
            by_name = {c["name"]: c["value"] for c in choices}
            hint = f" (did you mean the value {by_name[value]!r}?)" if value in by_name else ""
            raise OptionError(f"{label}: {value!r} is not one of the choices {allowed}{hint}")
    return value
