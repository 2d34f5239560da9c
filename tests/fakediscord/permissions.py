"""Permission bits and Discord's algorithm for a member's permissions in a channel.

Flag names are discord.py's (``send_messages``, ``view_channel``, ``manage_guild`` ...); only the
name-to-bit table is borrowed from ``discord.Permissions``, the computation is Discord's own:
base = @everyone | member roles; owner or Administrator = everything; then channel overwrites
(@everyone, roles, member); no View Channel = nothing; no Send Messages = no embeds, files,
TTS or @everyone mentions either.
"""

from __future__ import annotations

import discord

FLAGS: dict[str, int] = dict(discord.Permissions.VALID_FLAGS)
ALL: int = discord.Permissions.all().value

VIEW_CHANNEL = FLAGS["view_channel"]
SEND_MESSAGES = FLAGS["send_messages"]
EMBED_LINKS = FLAGS["embed_links"]
ATTACH_FILES = FLAGS["attach_files"]
READ_MESSAGE_HISTORY = FLAGS["read_message_history"]
MANAGE_MESSAGES = FLAGS["manage_messages"]
ADMINISTRATOR = FLAGS["administrator"]
MENTION_EVERYONE = FLAGS["mention_everyone"]
SEND_TTS_MESSAGES = FLAGS["send_tts_messages"]

_NEED_SEND = EMBED_LINKS | ATTACH_FILES | MENTION_EVERYONE | SEND_TTS_MESSAGES


def value(**flags: bool) -> int:
    """The bits of the flags set to True: ``value(send_messages=True, view_channel=True)``.

    Raises ``KeyError`` with the valid names for an unknown flag.
    """
    return split(**flags)[0]


def split(**flags: bool | None) -> tuple[int, int]:
    """``(allow, deny)`` bits: True flags go to allow, False to deny, None to neither."""
    allow = deny = 0
    for name, state in flags.items():
        if name not in FLAGS:
            raise KeyError(f"unknown permission {name!r}; valid: {sorted(FLAGS)}")
        if state is True:
            allow |= FLAGS[name]
        elif state is False:
            deny |= FLAGS[name]
    return allow, deny


def names(bits: int) -> set[str]:
    """The flag names set in ``bits`` (aliases included)."""
    return {name for name, bit in FLAGS.items() if bits & bit == bit}


DEFAULT_EVERYONE = value(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
    use_application_commands=True,
    create_instant_invite=True,
    change_nickname=True,
    connect=True,
    speak=True,
)
"""What @everyone may do in a new guild (close to Discord's defaults)."""

DEFAULT_BOT = value(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    manage_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    add_reactions=True,
    use_external_emojis=True,
)
"""What the bot's managed role grants when it joins a guild (what its invite asks for, and
more)."""

DM = value(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    add_reactions=True,
    use_external_emojis=True,
    use_application_commands=True,
)
"""What anyone may do in a DM channel."""


def resolve(
    *,
    is_owner: bool,
    everyone: int,
    roles: list[int],
    everyone_overwrite: tuple[int, int] | None,
    role_overwrites: list[tuple[int, int]],
    member_overwrite: tuple[int, int] | None,
) -> int:
    """Discord's permission algorithm; overwrites are ``(allow, deny)`` pairs."""
    if is_owner:
        return ALL
    bits = everyone
    for role in roles:
        bits |= role
    if bits & ADMINISTRATOR:
        return ALL
    if everyone_overwrite:
        bits = (bits & ~everyone_overwrite[1]) | everyone_overwrite[0]
    allow = deny = 0
    for role_allow, role_deny in role_overwrites:
        allow |= role_allow
        deny |= role_deny
    bits = (bits & ~deny) | allow
    if member_overwrite:
        bits = (bits & ~member_overwrite[1]) | member_overwrite[0]
    if not bits & VIEW_CHANNEL:
        return 0
    if not bits & SEND_MESSAGES:
        bits &= ~_NEED_SEND
    return bits
